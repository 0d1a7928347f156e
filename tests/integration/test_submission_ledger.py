"""Accepted submissions on one shared ledger (SPEC 5): scores after promotion, author claims,
the 201 shape, allowed log URLs, idempotency (retries, in-progress duplicates, expired keys,
concurrent duplicates). Each test looks only at what it creates itself.
"""

from __future__ import annotations

import functools
import json
import time
from datetime import datetime

import pytest

from chalicelib.db import aws as clients
from chalicelib.db import tables
from chalicelib.domain.copies import content_hash
from chalicelib.services.accounts import Principal
from tests.integration.submission_world import (
    CLAIM_PAPER,
    CLI_PAPER,
    PAPER,
    PASTED_LOG,
    REPRODUCTION_KEYS,
    SCORE_PAPER,
    VALID,
    World,
    assert_error,
    header,
    read_upload,
    reproduction_items,
    run_together,
    stored,
)

# --- one ledger: tests that look only at what they create -----------------------------------


def claim_idempotency_key(world: World, key: str, in_progress_for: int) -> str:
    """Write the record the service writes while a first request with `key` is under way
    (claimed, nothing stored yet); return the reproduction id that request would create."""
    from chalicelib.api.models import ReproductionSubmission
    from chalicelib.db.idempotency import claim_put
    from chalicelib.db.transact import transact_write
    from chalicelib.services import submissions

    principal = Principal(account_id=world.agent.account_id, role="agent", name="bot-1")
    fields = ReproductionSubmission.model_validate(VALID).model_dump(mode="json")
    body_hash = submissions._body_hash(fields)
    reproduction_id = submissions._reproduction_id(principal, key, body_hash)
    now = int(time.time())
    transact_write(
        [
            claim_put(
                world.agent.account_id,
                key,
                body_hash,
                reproduction_id,
                now + in_progress_for,
                now + 86_400,
            )
        ]
    )
    return reproduction_id


VALID_LOG_URLS = [
    ("https://github.com/x/vtr/actions/runs/123", "https://github.com/x/vtr/actions/runs/123"),
    ("https://gist.github.com/someone/0123abcd", "https://gist.github.com/someone/0123abcd"),
    ("https://wandb.ai/team/project/runs/3xk2p1", "https://wandb.ai/team/project/runs/3xk2p1"),
    (
        "https://colab.research.google.com/drive/1AbC-dEf?usp=sharing",
        "https://colab.research.google.com/drive/1AbC-dEf?usp=sharing",
    ),
    (
        "https://huggingface.co/org/model/blob/main/eval.log",
        "https://huggingface.co/org/model/blob/main/eval.log",
    ),
    ("HTTPS://GitHub.com/Org/Repo#L10", "https://github.com/Org/Repo"),  # canonical form
    ("https://github.com", "https://github.com/"),
]


class TestOnOneLedger:
    # --- scores (first, while the pump has little to deliver) ------------------------------

    def test_a_promotion_changes_the_papers_score_after_the_stream_runs(
        self, ledger: World
    ) -> None:
        ledger.stack.pump.drain()
        assert ledger.score(SCORE_PAPER) == ("unverified", 5)
        rid = ledger.created(paper_id=SCORE_PAPER)["reproduction_id"]
        ledger.stack.pump.drain()
        assert ledger.score(SCORE_PAPER) == ("agent_pending", 5)
        assert ledger.decide(rid, "promote", ledger.reviewer.key).status_code == 200
        ledger.stack.pump.drain()
        # +10 counted reproduction, +5 within 5% of the claimed 84.1
        assert ledger.score(SCORE_PAPER) == ("community_verified", 20)
        paper = ledger.get(f"/api/v1/papers/{SCORE_PAPER}")[1]
        assert {r["rule"] for r in paper["score_breakdown"]} >= {"reproduction", "within_5pct"}

    # --- author claims ----------------------------------------------------------------------

    def test_an_author_claim_verified_by_an_admin_adds_10_points(self, ledger: World) -> None:
        ledger.stack.pump.drain()
        assert ledger.score(CLAIM_PAPER) == ("unverified", 5)
        claim_path = f"/api/v1/papers/{CLAIM_PAPER}/author-claim"
        evidence = {"evidence": "https://example.org/~me/publications"}
        response = ledger.request("POST", claim_path, evidence, key=ledger.agent.key)
        assert response.status_code == 201, response.body
        claim = response.json_body
        assert set(claim) == {"paper_id", "account_id", "state", "submitted_at"}
        assert (claim["state"], claim["account_id"]) == ("pending", ledger.agent.account_id)
        for bad in ({"evidence": ""}, {"evidence": "x", "state": "verified"}, {}):
            response = ledger.request("POST", claim_path, bad, key=ledger.agent.key)
            assert_error(response, 422, "invalid_body")
        verify = (
            f"/api/v1/admin/papers/{CLAIM_PAPER}/author-claims/{ledger.agent.account_id}/verify"
        )
        assert_error(ledger.request("POST", verify, key=ledger.agent.key), 403, "forbidden")
        assert_error(ledger.request("POST", verify, key=ledger.reviewer.key), 403, "forbidden")
        ledger.stack.pump.drain()
        assert ledger.score(CLAIM_PAPER) == ("unverified", 5)  # a pending claim counts nothing
        verified = ledger.request("POST", verify, key=ledger.admin.key)
        assert verified.status_code == 200 and verified.json_body["state"] == "verified"
        ledger.stack.pump.drain()
        assert ledger.score(CLAIM_PAPER) == ("unverified", 15)
        paper = ledger.get(f"/api/v1/papers/{CLAIM_PAPER}")[1]
        assert "author_claim" in {r["rule"] for r in paper["score_breakdown"]}
        unknown = f"/api/v1/admin/papers/{CLAIM_PAPER}/author-claims/anobody/verify"
        assert_error(ledger.request("POST", unknown, key=ledger.admin.key), 404, "not_found")

    def test_the_cli_verifies_author_claims(
        self, ledger: World, capsys: pytest.CaptureFixture[str]
    ) -> None:
        from chalicelib import cli

        claimant = ledger.new_account()
        response = ledger.request(
            "POST",
            f"/api/v1/papers/{CLI_PAPER}/author-claim",
            {"evidence": "I am the first author"},
            key=claimant.key,
        )
        assert response.status_code == 201
        # `--stage test` targets the sotav-test-* resources, which in-process moto serves here
        args = ["--stage", "test", "claims", "verify", "--paper", CLI_PAPER, "--account"]
        assert cli.main([*args, claimant.account_id, "--json"]) == 0
        printed = json.loads(capsys.readouterr().out)
        assert printed["state"] == "verified" and printed["account_id"] == claimant.account_id
        assert cli.main([*args, "a" + "0" * 16]) == 1  # an account id that claimed nothing
        assert "has not claimed" in capsys.readouterr().err
        assert cli.main([*args, "anobody"]) == 1
        assert "not an account id" in capsys.readouterr().err
        ledger.stack.pump.drain()
        assert ledger.score(CLI_PAPER) == ("unverified", 15)

    # --- accepted submissions ---------------------------------------------------------------

    def test_a_submission_is_201_with_exactly_the_spec_shape(self, ledger: World) -> None:
        before = stored()
        paper_id = ledger.get(f"/api/v1/papers/{PAPER}")[1]["paper_id"]
        ids = []
        # Given an agent key and the paper named by its paper_id or arXiv id in any spelling
        for path, paper_ref in (
            ("/api/v1/reproductions", PAPER),
            ("/api/reproductions", f"arXiv:{PAPER}v2"),
            ("/api/v1/reproductions", f"https://arxiv.org/abs/{PAPER}"),
            ("/api/reproductions", paper_id),
        ):
            # When it submits
            response = ledger.submit(path=path, paper_id=paper_ref)
            # Then it gets 201 and the reproduction, waiting for review and validation
            assert response.status_code == 201, response.body
            body = response.json_body
            assert set(body) == REPRODUCTION_KEYS
            assert (body["paper_id"], body["arxiv_id"]) == (paper_id, PAPER)
            assert body["status"] == "agent_pending"
            assert body["validation"] == {
                "state": "pending",
                "checks": [],
                "extracted_metrics": [],
                "confirming_lines": [],
            }
            assert body["trust_tier"] == 0 and body["trajectory"] is None
            assert body["run_log"] == {"kind": "pasted", "url": None}
            assert (body["tier_claimed"], body["hardware_spec"]) == (3, VALID["hardware_spec"])
            metric = (body["actual_metric_name"], body["actual_metric_value"], body["dataset"])
            assert metric == ("Top-1 Accuracy", 84.02, "ImageNet")
            assert body["run_id"] is None
            assert datetime.fromisoformat(body["submitted_at"]).tzinfo is not None
            ids.append(body["reproduction_id"])
            # ... and GET returns the same shape
            assert ledger.get(f"/api/v1/reproductions/{ids[-1]}") == (200, body)
        assert stored().reproductions - before.reproductions == set(ids)
        # Optional fields may be left out
        minimal = {k: VALID[k] for k in ("paper_id", "tier_claimed", "hardware_spec")}
        minimal["run_log_url"] = "loss 0.1"
        response = ledger.request("POST", "/api/v1/reproductions", minimal, key=ledger.agent.key)
        assert response.status_code == 201, response.body
        assert response.json_body["actual_metric_value"] is None

    def test_only_agent_keys_submit_reproductions_and_start_runs(self, ledger: World) -> None:
        before = stored()
        for key in (ledger.reviewer.key, ledger.admin.key):
            # A person's reviewer or admin key is refused, with what to use instead
            response = ledger.submit(key)
            assert_error(response, 403, "agent_key_required", "needs an agent key")
            assert "agent key for their scripts" in response.json_body["error"]["message"]
            assert_error(ledger.start_run(key), 403, "agent_key_required", "agent key")
        assert stored() == before

    def test_valid_urls_on_every_allowed_host_are_accepted(self, ledger: World) -> None:
        before = stored()
        made = set()
        for value, canonical in VALID_LOG_URLS:
            response = ledger.submit(run_log_url=value)
            assert response.status_code == 201, (value, response.body)
            assert response.json_body["run_log"] == {"kind": "url", "url": canonical}
            # The canonical URL (never fetched) is recorded as an object for the validator
            rid = response.json_body["reproduction_id"]
            assert read_upload(f"runlogs/{rid}.url") == canonical
            made.add(f"runlogs/{rid}.url")
        assert stored().uploads - before.uploads == made

    def test_pasted_output_of_exactly_10000_emoji_is_accepted_verbatim(self, ledger: World) -> None:
        text = "😀" * 10_000  # 40,000 bytes of UTF-8: the limit counts characters
        body = ledger.created(run_log_url=text)
        assert body["run_log"] == {"kind": "pasted", "url": None}
        assert read_upload(f"runlogs/{body['reproduction_id']}.txt") == text

    # --- idempotency ------------------------------------------------------------------------

    def test_a_retry_with_the_same_idempotency_key_returns_the_first_response(
        self, ledger: World
    ) -> None:
        before = stored()
        # (an output of its own: the test does not depend on what others submitted before it)
        output = PASTED_LOG + "retry-001 finished\n"
        first = ledger.submit(idempotency_key="retry-001", run_log_url=output)
        assert first.status_code == 201
        rid = first.json_body["reproduction_id"]
        # When the client retries (twice, on both routes)
        again = ledger.submit(idempotency_key="retry-001", run_log_url=output)
        third = ledger.submit(
            idempotency_key="retry-001", run_log_url=output, path="/api/reproductions"
        )
        # Then it gets the identical first response and nothing new exists
        assert again.status_code == third.status_code == 201
        assert again.json_body == third.json_body == first.json_body
        after = stored()
        assert after.reproductions - before.reproductions == {rid}
        assert after.uploads - before.uploads == {f"runlogs/{rid}.txt"}
        digest = content_hash(output)
        assert after.idempotency - before.idempotency == {
            f"{ledger.agent.account_id}#retry-001",
            f"content#{first.json_body['paper_id']}#{digest}",
        }
        assert after.quota == before.quota + 1  # retries are free

    def test_the_same_idempotency_key_with_a_different_body_is_422(self, ledger: World) -> None:
        ledger.created(idempotency_key="key-A")
        before = stored()
        response = ledger.submit(idempotency_key="key-A", hardware_spec="8x H100, Ubuntu 24.04")
        assert_error(response, 422, "idempotency_key_reused", "different body")
        assert stored() == before

    def test_idempotency_keys_are_scoped_per_account(self, ledger: World) -> None:
        mine = ledger.created(idempotency_key="shared-key")
        theirs = ledger.created(ledger.agent2.key, idempotency_key="shared-key")
        assert mine["reproduction_id"] != theirs["reproduction_id"]
        items = reproduction_items(mine["reproduction_id"], theirs["reproduction_id"])
        assert [i["submitter_id"] for i in items] == [
            ledger.agent.account_id,
            ledger.agent2.account_id,
        ]

    def test_a_duplicate_while_the_first_is_in_progress_is_409_with_retry_after(
        self, ledger: World
    ) -> None:
        # Given a first request with this key is under way (claimed, nothing stored yet)
        rid = claim_idempotency_key(ledger, "in-flight", in_progress_for=30)
        before = stored()
        # When a duplicate arrives
        response = ledger.submit(idempotency_key="in-flight")
        # Then it is told to retry shortly, and creates nothing
        assert_error(response, 409, "idempotency_in_progress", "still being processed")
        assert 1 <= int(header(response, "Retry-After") or "0") <= 30
        assert stored() == before and rid not in before.reproductions

    def test_a_key_reused_after_its_record_expired_never_returns_an_older_reproduction(
        self, ledger: World
    ) -> None:
        from chalicelib.db import idempotency as idempotency_db

        # Given a submission with a key and a run, whose Idempotency-Key record then expired
        # (DynamoDB TTL deletes it)
        run_id = ledger.start_run(ledger.agent.key).json_body["run_id"]
        first = ledger.created(idempotency_key="expires", run_id=run_id)
        clients.client("dynamodb").delete_item(
            TableName=tables.IDEMPOTENCY.physical_name(),
            Key={"id": {"S": idempotency_db.record_id(ledger.agent.account_id, "expires")}},
        )
        other_run = ledger.start_run(ledger.agent.key).json_body["run_id"]
        # When the key is reused with another body
        second = ledger.submit(
            idempotency_key="expires", run_id=other_run, hardware_spec="2x A100 80GB"
        )
        # Then it creates a new reproduction (on its own run): never the older one
        assert second.status_code == 201, second.body
        assert second.json_body["reproduction_id"] != first["reproduction_id"]
        assert second.json_body["hardware_spec"] == "2x A100 80GB"
        assert second.json_body["run_id"] == other_run
        # and the key now belongs to the new submission: the first body under it is a reuse
        again = ledger.submit(idempotency_key="expires", run_id=run_id)
        assert_error(again, 422, "idempotency_key_reused")
        (old,) = reproduction_items(first["reproduction_id"])
        assert old["hardware_spec"] == first["hardware_spec"]

    def test_a_stalled_first_attempt_is_taken_over_by_the_retry(self, ledger: World) -> None:
        # Given a first attempt claimed the key and crashed before storing anything
        rid = claim_idempotency_key(ledger, "stalled", in_progress_for=-5)
        # When the client retries after the in-progress window
        body = ledger.created(idempotency_key="stalled")
        # Then the retry completes the submission under the id the first attempt reserved
        assert body["reproduction_id"] == rid
        assert ledger.submit(idempotency_key="stalled").json_body == body

    @pytest.mark.usefixtures("atomic_dynamodb")
    def test_eight_concurrent_duplicates_create_one_reproduction(self, ledger: World) -> None:
        """Threads at the service the route calls (the chalice test client swaps os.environ
        per request, so it cannot be called from threads; tests/e2e fires this over HTTP)."""
        from chalicelib.api.models import ReproductionSubmission
        from chalicelib.errors import HttpError
        from chalicelib.services.submissions import Submitted, submit_reproduction

        principal = Principal(account_id=ledger.agent.account_id, role="agent", name="bot-1")
        fields = ReproductionSubmission.model_validate(VALID).model_dump(mode="json")
        before = stored()
        results = run_together(
            *(
                functools.partial(submit_reproduction, principal, fields, "burst-1")
                for _ in range(8)
            )
        )
        done = [r for r in results if isinstance(r, Submitted)]
        waiting = [r for r in results if not isinstance(r, Submitted)]
        assert len({r.item["reproduction_id"] for r in done}) == 1
        assert sum(r.created for r in done) == 1
        assert all(isinstance(r, HttpError) and r.status == 409 for r in waiting), waiting
        assert all(int(r.headers["Retry-After"]) >= 1 for r in waiting)
        after = stored()
        assert after.reproductions - before.reproductions == {done[0].item["reproduction_id"]}
        assert (after.quota - before.quota, len(after.uploads - before.uploads)) == (1, 1)
