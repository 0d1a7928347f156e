"""Uploads (issue #16) through the HTTP routes on in-process moto: grants, submissions that
reference uploads, the refusals (each a 422 with its reason, nothing stored), and the
streaming validator on what was uploaded.

moto does not enforce a presigned URL's signed Content-Length (PLATFORM_NOTES), so "larger
than granted" is sent as it would be to an emulator: more bytes than granted. What refuses it
is our own check, which is what these tests exercise.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from chalicelib.db import tables
from chalicelib.db.transact import TransactionCancelled, transact_write
from chalicelib.domain.uploads import MiB
from tests.integration.submission_world import (
    VALID,
    World,
    reproduction_items,
    scan,
    shared_world,
    upload_keys,
)

LOG_TAIL = " * Acc@1 84.020 Acc@5 96.880\n"


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """One moto for the module; each test looks only at what it creates itself."""
    with shared_world(tmp_path_factory) as world:
        yield world


def grant(world: World, kind: str, size: int, key: str | None = None, **extra: Any) -> Any:
    body = {"kind": kind, "bytes": size, **extra}
    return world.request("POST", "/api/v1/uploads", body, key=key or world.agent.key)


def upload(world: World, kind: str, data: bytes, key: str | None = None, **extra: Any) -> str:
    """Grant exactly len(data) bytes and PUT them; the upload_id."""
    response = grant(world, kind, len(data), key, **extra)
    assert response.status_code == 201, response.body
    body = response.json_body
    sent = requests.put(body["url"], data=data, headers=body["headers"], timeout=30)
    assert sent.status_code == 200, sent.text
    return str(body["upload_id"])


def submission(**changes: Any) -> dict[str, Any]:
    body = {k: v for k, v in VALID.items() if k != "run_log_url"}
    return {**body, **changes}


def submit(world: World, key: str | None = None, **changes: Any) -> Any:
    return world.request(
        "POST", "/api/v1/reproductions", submission(**changes), key=key or world.agent.key
    )


def grant_item(upload_id: str) -> dict[str, Any]:
    return next(i for i in scan(tables.UPLOADS) if i["upload_id"] == upload_id)


def training_log(lines: int) -> str:
    body = "".join(
        f"Epoch: [{n % 90}][{n % 5005:4d}/5005]\tTime  0.412 ( 0.398)\tLoss 1.2345e+00\n"
        for n in range(lines)
    )
    return body + LOG_TAIL


def replay_log(
    run: dict[str, Any], steps: int, files: list[str], output: str | None = None
) -> dict[str, Any]:
    """`steps` alternating file reads and LLM calls; with `output`, the last is the tool call
    that ran the evaluation and printed it (output_in_trajectory)."""
    start = datetime.fromisoformat(run["started_at"]) + timedelta(milliseconds=5)
    out = []
    for n in range(steps):
        if output is not None and n == steps - 1:
            ts = (start + timedelta(microseconds=n)).isoformat()
            out.append(
                {
                    "type": "tool_call",
                    "ts": ts,
                    "tool": "bash",
                    "input": "python train.py --evaluate",
                    "output": output,
                    "duration_ms": 60_000,
                }
            )
            break
        ts = (start + timedelta(microseconds=n)).isoformat()
        if n % 2:
            out.append(
                {
                    "type": "tool_call",
                    "ts": ts,
                    "tool": "read_file",
                    "input": files[n % len(files)],
                    "output": "import torch",
                    "duration_ms": 3,
                }
            )
        else:
            out.append(
                {
                    "type": "llm_call",
                    "ts": ts,
                    "model": "m",
                    "input_tokens": 900,
                    "output_tokens": 120,
                    "duration_ms": 700,
                }
            )
    return {"run_id": run["run_id"], "steps": out}


class TestGrants:
    def test_a_grant_is_a_presigned_put_that_signs_the_declared_length(self, ledger: World) -> None:
        # When an agent asks for a 1,234-byte gzip run log upload
        response = grant(ledger, "run_log", 1234, content_encoding="gzip")
        # Then it gets 201 with a PUT URL that signs Content-Length, valid for an hour
        assert response.status_code == 201, response.body
        body = response.json_body
        assert {"upload_id", "method", "url", "headers", "expires_at", "max_bytes"} <= set(body)
        assert (body["method"], body["max_bytes"], body["kind"]) == ("PUT", 1234, "run_log")
        assert body["headers"] == {
            "Content-Length": "1234",
            "Content-Type": "application/octet-stream",
        }
        query = parse_qs(urlsplit(body["url"]).query)
        assert query["X-Amz-SignedHeaders"] == ["content-length;host"]
        assert query["X-Amz-Expires"] == ["3600"]
        assert urlsplit(body["url"]).path.endswith(f"/uploads/{body['upload_id']}")
        # And the grant is recorded with a TTL a day ahead, unused
        item = grant_item(body["upload_id"])
        assert item["account_id"] == ledger.agent.account_id
        assert (item["bytes"], item["content_encoding"], item["kind"]) == (1234, "gzip", "run_log")
        ttl = item["expires_at"] - datetime.now(UTC).timestamp()
        assert 23.9 * 3600 < ttl <= 24 * 3600
        assert "used_by" not in item

    @pytest.mark.parametrize(
        ("kind", "size", "status"),
        [
            ("run_log", 50 * MiB, 201),
            ("run_log", 50 * MiB + 1, 422),
            ("replay_log", 200 * MiB, 201),
            ("replay_log", 200 * MiB + 1, 422),
        ],
    )
    def test_limits_are_50_and_200_mib_as_sent(
        self, ledger: World, kind: str, size: int, status: int
    ) -> None:
        before = len(scan(tables.UPLOADS))
        response = grant(ledger, kind, size)
        assert response.status_code == status, response.body
        if status == 422:
            error = response.json_body["error"]
            assert error["code"] == "upload_too_large"
            assert "gzip" in error["message"] and "MiB" in error["message"]
            assert len(scan(tables.UPLOADS)) == before  # nothing stored

    def test_reviewer_and_admin_keys_get_403_saying_to_use_an_agent_key(
        self, ledger: World
    ) -> None:
        for key in (ledger.reviewer.key, ledger.admin.key):
            response = grant(ledger, "run_log", 10, key=key)
            assert response.status_code == 403
            assert "agent key" in response.json_body["error"]["message"]

    @pytest.mark.parametrize(
        "body",
        [
            {"kind": "run_log", "bytes": 0},
            {"kind": "run_log", "bytes": "10"},
            {"kind": "notes", "bytes": 10},
            {"kind": "run_log", "bytes": 10, "content_encoding": "br"},
            {"kind": "run_log", "bytes": 10, "key": "uploads/mine"},
            {"kind": "run_log"},
        ],
    )
    def test_bad_grant_requests_are_422(self, ledger: World, body: dict[str, Any]) -> None:
        response = ledger.request("POST", "/api/v1/uploads", body, key=ledger.agent.key)
        assert response.status_code == 422, response.body
        assert response.json_body["error"]["code"] == "invalid_body"

    def test_no_key_is_401(self, ledger: World) -> None:
        response = ledger.request("POST", "/api/v1/uploads", {"kind": "run_log", "bytes": 10})
        assert response.status_code == 401


class TestSubmissionsReferencingUploads:
    def test_an_uploaded_run_log_is_copied_and_validated_like_pasted_output(
        self, ledger: World
    ) -> None:
        # Given a 1.5 MB training log whose result is on its last line, uploaded gzip-compressed
        text = training_log(30_000)
        assert len(text) > 1_500_000
        upload_id = upload(ledger, "run_log", gzip.compress(text.encode()), content_encoding="gzip")
        # When the agent submits with it
        response = submit(ledger, run_log_upload=upload_id)
        # Then it is stored, its log copied to its own key, the grant marked used by it
        assert response.status_code == 201, response.body
        created = response.json_body
        rid = created["reproduction_id"]
        assert created["run_log"] == {"kind": "upload", "url": None}
        assert f"runlogs/{rid}.upload" in upload_keys()
        assert grant_item(upload_id)["used_by"] == rid
        # And the validator (S3 -> SQS -> validate_upload) reads it as a stream
        ledger.stack.pump.drain()
        (item,) = reproduction_items(rid)
        validation = item["validation"]
        assert validation["state"] == "passed", validation
        names = [c["name"] for c in validation["checks"]]
        assert names == ["run_log_upload", "metrics_extracted", "metric_in_log"]
        assert "30,001 lines" in validation["checks"][0]["detail"]
        assert "gzip" not in validation["checks"][0]["detail"]  # says "decoded" instead
        assert "decoded" in validation["checks"][0]["detail"]

    def test_an_uploaded_replay_log_over_the_inline_limit_gives_trust_tier_2(
        self, ledger: World
    ) -> None:
        # Given a memoryless first run and a 12,000-step trajectory (inline allows 10,000)
        agent = ledger.new_account()
        files = ["train.py", "configs/a.yaml"]
        run = ledger.start_run(
            agent.key, paper="2403.00002", memoryless=True, workspace={"files": files}
        ).json_body
        log = json.dumps(replay_log(run, 12_000, files, output=LOG_TAIL)).encode()
        replay_id = upload(
            ledger, "replay_log", gzip.compress(log), agent.key, content_encoding="gzip"
        )
        log_id = upload(ledger, "run_log", LOG_TAIL.encode(), agent.key)
        # When it is submitted with both uploads
        response = submit(
            ledger,
            agent.key,
            paper_id="2403.00002",
            run_id=run["run_id"],
            run_log_upload=log_id,
            replay_log_upload=replay_id,
        )
        assert response.status_code == 201, response.body
        assert response.json_body["trajectory"]["state"] == "pending"
        ledger.stack.pump.drain()
        # Then the trajectory is valid, every check says so, and the tier is 2
        (item,) = reproduction_items(response.json_body["reproduction_id"])
        checks = {c["name"]: c for c in item["trajectory"]["checks"]}
        assert list(checks) == [
            "replay_log_format",
            "non_empty",
            "timestamp_bounds",
            "file_read_replay",
            "run_id_matches",
            "output_in_trajectory",
            "evaluator_untouched",
        ]
        assert all(c["ok"] for c in checks.values()), checks
        assert "12,000 steps" in checks["replay_log_format"]["detail"]
        assert item["trust_tier"] == 2
        # the step that printed the number is found in the stream, by its index
        printed = item["trajectory"]["evidence"]["printed_by"]
        assert (printed["step"], printed["tool"]) == (11_999, "bash")

    @pytest.mark.parametrize(
        ("document", "expected"),
        [
            (b'{"run_id": "r", "steps": [{"type": "llm_call"}]}', "steps.0"),
            (b'{"steps": [], "note": 1}', "after the steps list"),
            (b'{"note": 1, "steps": []}', "unknown field 'note'"),
            (b'{"run_id": "r", "steps": [', "not valid JSON"),
            (b"[1, 2]", "JSON object"),
            (b'{"run_id": "r"}', "no steps list"),
        ],
    )
    def test_a_malformed_uploaded_replay_log_fails_its_format_check(
        self, ledger: World, document: bytes, expected: str
    ) -> None:
        agent = ledger.new_account()
        replay_id = upload(ledger, "replay_log", document, agent.key)
        log_id = upload(ledger, "run_log", LOG_TAIL.encode(), agent.key)
        response = submit(ledger, agent.key, run_log_upload=log_id, replay_log_upload=replay_id)
        assert response.status_code == 201, response.body
        ledger.stack.pump.drain()
        (item,) = reproduction_items(response.json_body["reproduction_id"])
        assert item["trajectory"]["state"] == "invalid"
        (check,) = item["trajectory"]["checks"]
        assert check["name"] == "replay_log_format" and not check["ok"]
        assert expected in check["detail"], check["detail"]
        assert item["trust_tier"] == 0

    @pytest.mark.parametrize(
        ("data", "encoding", "expected"),
        [
            (LOG_TAIL.encode(), "gzip", "not gzip-compressed"),
            (gzip.compress(LOG_TAIL.encode()), None, "did not say so"),
            (gzip.compress(LOG_TAIL.encode())[:-6], "gzip", "ends early"),
        ],
        ids=["plain-as-gzip", "gzip-as-plain", "truncated"],
    )
    def test_an_uploaded_run_log_that_cannot_be_decoded_fails_saying_why(
        self, ledger: World, data: bytes, encoding: str | None, expected: str
    ) -> None:
        extra = {"content_encoding": encoding} if encoding else {}
        upload_id = upload(ledger, "run_log", data, **extra)
        response = submit(ledger, run_log_upload=upload_id)
        assert response.status_code == 201, response.body
        ledger.stack.pump.drain()
        (item,) = reproduction_items(response.json_body["reproduction_id"])
        assert item["validation"]["state"] == "failed"
        (check,) = item["validation"]["checks"]
        assert check["name"] == "run_log_upload" and expected in check["detail"], check


class TestRefusals:
    """Each refusal is a 422 with a reason; no reproduction is stored, the upload stays
    unused and no quota is counted."""

    def refused(self, world: World, response: Any, code: str) -> str:
        assert response.status_code == 422, response.body
        error = response.json_body["error"]
        assert error["code"] == code, error
        return str(error["message"])

    def stored_nothing(self, before: int, *upload_ids: str) -> None:
        assert len(scan(tables.REPRODUCTIONS)) == before
        for upload_id in upload_ids:
            assert "used_by" not in grant_item(upload_id)

    def test_another_accounts_upload(self, ledger: World) -> None:
        theirs = upload(ledger, "run_log", LOG_TAIL.encode(), ledger.agent2.key)
        before = len(scan(tables.REPRODUCTIONS))
        message = self.refused(ledger, submit(ledger, run_log_upload=theirs), "upload_not_yours")
        assert "another account" in message
        self.stored_nothing(before, theirs)

    def test_an_upload_never_received(self, ledger: World) -> None:
        upload_id = grant(ledger, "run_log", 100).json_body["upload_id"]
        before = len(scan(tables.REPRODUCTIONS))
        message = self.refused(
            ledger, submit(ledger, run_log_upload=upload_id), "upload_not_received"
        )
        assert "PUT the bytes" in message
        self.stored_nothing(before, upload_id)

    def test_an_object_larger_than_granted(self, ledger: World) -> None:
        body = grant(ledger, "run_log", 10).json_body
        # moto accepts more bytes than the signed length (real S3 would refuse them)
        sent = requests.put(body["url"], data=LOG_TAIL.encode(), timeout=30)
        assert sent.status_code == 200
        before = len(scan(tables.REPRODUCTIONS))
        message = self.refused(
            ledger, submit(ledger, run_log_upload=body["upload_id"]), "upload_too_large"
        )
        assert f"{len(LOG_TAIL.encode())} bytes, more than the 10 granted" in message
        self.stored_nothing(before, body["upload_id"])

    def test_the_wrong_kind(self, ledger: World) -> None:
        replay_id = upload(ledger, "replay_log", b'{"steps": []}')
        before = len(scan(tables.REPRODUCTIONS))
        message = self.refused(
            ledger, submit(ledger, run_log_upload=replay_id), "upload_wrong_kind"
        )
        assert "replay_log_upload" in message
        self.stored_nothing(before, replay_id)

    def test_an_upload_used_twice(self, ledger: World) -> None:
        upload_id = upload(ledger, "run_log", LOG_TAIL.encode())
        first = submit(ledger, run_log_upload=upload_id)
        assert first.status_code == 201
        before = len(scan(tables.REPRODUCTIONS))
        message = self.refused(ledger, submit(ledger, run_log_upload=upload_id), "upload_used")
        assert first.json_body["reproduction_id"] in message
        assert len(scan(tables.REPRODUCTIONS)) == before

    def test_an_unknown_upload_and_malformed_references(self, ledger: World) -> None:
        before = len(scan(tables.REPRODUCTIONS))
        unknown = submit(ledger, run_log_upload="u" + "0" * 24)
        assert unknown.status_code == 404, unknown.body
        assert unknown.json_body["error"]["code"] == "upload_unknown"
        for bad in ("x", "uploads/u1", "u" + "0" * 25):
            response = submit(ledger, run_log_upload=bad)
            assert response.status_code == 422
            assert response.json_body["error"]["code"] == "invalid_body"
        assert len(scan(tables.REPRODUCTIONS)) == before

    def test_one_id_in_both_fields_is_unknown_before_it_is_the_same(self, ledger: World) -> None:
        """Found by the long fuzz: an id never issued, named as both the run log and the
        replay log, got the 422 "name the same upload" (which the document cannot describe,
        so a schema-valid request was refused with an undocumented reason) instead of the
        404 of any unknown upload. An issued one still gets the 422."""
        before = len(scan(tables.REPRODUCTIONS))
        never_issued = "u0000000000005000000803da"
        unknown = submit(ledger, run_log_upload=never_issued, replay_log_upload=never_issued)
        assert unknown.status_code == 404, unknown.body
        assert unknown.json_body["error"]["code"] == "upload_unknown"
        assert "POST /api/v1/uploads" in unknown.json_body["error"]["message"]
        upload_id = upload(ledger, "run_log", LOG_TAIL.encode())
        message = self.refused(
            ledger,
            submit(ledger, run_log_upload=upload_id, replay_log_upload=upload_id),
            "upload_wrong_kind",
        )
        assert "name the same upload" in message
        self.stored_nothing(before, upload_id)

    def test_exactly_one_run_log_and_at_most_one_replay_log(self, ledger: World) -> None:
        upload_id = upload(ledger, "run_log", LOG_TAIL.encode())
        cases = [
            submission(run_log_url=LOG_TAIL, run_log_upload=upload_id),
            submission(),
            submission(
                run_log_upload=upload_id, replay_log={"steps": []}, replay_log_upload=upload_id
            ),
            submission(run_log_upload=upload_id, replay_log=None, replay_log_upload=upload_id),
            submission(run_log_url=None, run_log_upload=upload_id),
        ]
        for body in cases:
            response = ledger.request("POST", "/api/v1/reproductions", body, key=ledger.agent.key)
            assert response.status_code == 422, response.body
            error = response.json_body["error"]
            assert error["code"] == "invalid_body"
            assert re.search(r"exactly one|at most one|not null", error["message"]), error
        assert "used_by" not in grant_item(upload_id)

    def test_the_used_once_rule_is_the_transactions_condition(self, ledger: World) -> None:
        """The conditional update itself refuses a second use (no read before it)."""
        from chalicelib.services.accounts import authenticate
        from chalicelib.services.uploads import referenced_uploads

        principal = authenticate(f"Bearer {ledger.agent.key}")
        upload_id = upload(ledger, "run_log", LOG_TAIL.encode())
        now = datetime.now(UTC)
        (reference,) = referenced_uploads(principal, {"run_log_upload": upload_id}, "rA", now)
        transact_write([reference.transact_item(principal, "rA", now)])
        transact_write([reference.transact_item(principal, "rA", now)])  # the same one: fine
        with pytest.raises(TransactionCancelled):
            transact_write([reference.transact_item(principal, "rB", now)])
        assert grant_item(upload_id)["used_by"] == "rA"
