"""Runs, review decisions and the public views on one shared ledger (SPEC 5): run attempts
and workspaces, a run closed once, promote/reject rules and races with the validator, what the
public views show. Each test looks only at what it creates itself.
"""

from __future__ import annotations

import functools
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from chalicelib.db import aws as clients
from chalicelib.db import tables
from chalicelib.domain.apikeys import hash_key
from chalicelib.services.accounts import Principal
from tests.integration.submission_world import (
    OTHER_PAPER,
    PAPER,
    PRIVATE_NAMES,
    REPRODUCTION_KEYS,
    SCORE_PAPER,
    VIEWS_PAPER,
    World,
    assert_error,
    header,
    reproduction_items,
    run_together,
    set_validation_state,
    stored,
)


class TestRunsAndReviewOnOneLedger:
    # --- runs -------------------------------------------------------------------------------

    def test_starting_runs_stamps_attempts_per_account_and_paper(self, ledger: World) -> None:
        me, other = ledger.new_account(), ledger.new_account()
        workspace = {
            "repo_url": "https://GitHub.com/x/vtr",
            "commit": "a1b2c3d",
            "files": ["train.py", "configs/vit.yaml", "train.py"],
        }
        first = ledger.start_run(me.key, memoryless=True, workspace=workspace)
        assert first.status_code == 201, first.body
        run = first.json_body
        assert set(run) == {
            "run_id", "paper_id", "account_id", "started_at", "expires_at", "memoryless",
            "attempt", "workspace",
        }  # fmt: skip
        assert run["attempt"] == 1 and run["memoryless"] is True
        assert run["account_id"] == me.account_id
        assert run["workspace"] == {
            "repo_url": "https://github.com/x/vtr",
            "commit": "a1b2c3d",
            "files": ["configs/vit.yaml", "train.py"],  # fixed now: sorted, once each
            "eval_files": [],
        }
        started = datetime.fromisoformat(run["started_at"])
        expires = datetime.fromisoformat(run["expires_at"])
        assert abs((started - datetime.now(UTC)).total_seconds()) < 60
        assert expires - started > timedelta(hours=1)
        # The attempt counts this account's runs on this paper only
        assert ledger.start_run(me.key).json_body["attempt"] == 2
        assert ledger.start_run(other.key).json_body["attempt"] == 1
        assert ledger.start_run(me.key, OTHER_PAPER).json_body["attempt"] == 1
        assert ledger.start_run(me.key, f"arXiv:{PAPER}").json_body["attempt"] == 3
        # Bad requests
        assert_error(ledger.start_run(me.key, "2401.99999"), 404, "not_found")
        bad_repo = ledger.start_run(me.key, workspace={"repo_url": "https://evil.com/x"})
        assert_error(bad_repo, 422, "invalid_body", "workspace.repo_url")
        assert_error(ledger.start_run(me.key, memoryless="yes"), 422, "invalid_body")
        assert_error(ledger.start_run(me.key, attempt=1), 422, "invalid_body", "attempt")
        assert_error(ledger.start_run(None), 401, "unauthorized")  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        ("path", "says"),
        [
            ("/etc/passwd", "is absolute"),
            ("\\\\server\\share\\x.py", "is absolute"),
            ("..\\secrets.txt", "climbs out with '..'"),
            ("src/../../outside.py", "climbs out with '..'"),
            ("C:\\Users\\me\\x.py", "names a drive"),
            ("~/.ssh/id_rsa", "starts with '~'"),
            ("src/a\x00.py", "NUL character"),
            ("src/a\x1b.py", "control character"),
            ("\u200bsrc/model.py", "zero-width space"),
            ("   ", "only whitespace"),
        ],
    )
    def test_workspace_paths_must_be_relative_to_the_workspace(
        self, ledger: World, path: str, says: str
    ) -> None:
        # Given a workspace manifest with one path that is not workspace-relative
        response = ledger.start_run(ledger.new_account().key, workspace={"files": ["ok.py", path]})
        # Then the run is refused with 422 naming the path's place in the manifest
        assert_error(response, 422, "invalid_body", "workspace.files.1")
        assert says in response.json_body["error"]["message"]

    def test_free_text_is_stored_nfkc_normalised(self, ledger: World) -> None:
        # Given fullwidth and compatibility characters in free-text fields
        body = ledger.created(
            hardware_spec="  １x Ａ１００ ８０GB  ",
            actual_metric_name="Top-1 Ａｃｃｕｒａｃｙ",
            dataset="ＩｍａｇｅＮｅｔ",
        )
        # Then they are stored in their NFKC form, trimmed
        assert body["hardware_spec"] == "1x A100 80GB"
        assert body["actual_metric_name"] == "Top-1 Accuracy"
        assert body["dataset"] == "ImageNet"

    def test_a_reproduction_closes_its_run_once(self, ledger: World) -> None:
        run_id = ledger.start_run(ledger.agent.key).json_body["run_id"]
        before = stored()
        # The run's own account closes it, and an idempotent retry passes again
        first = ledger.created(run_id=run_id, idempotency_key="closes-run")
        assert first["run_id"] == run_id
        assert ledger.submit(run_id=run_id, idempotency_key="closes-run").json_body == first
        # A second reproduction on the same run is refused
        assert_error(ledger.submit(run_id=run_id), 409, "run_used", run_id)
        after = stored()
        assert after.reproductions - before.reproductions == {first["reproduction_id"]}
        assert after.used_runs - before.used_runs == {run_id}

    def test_a_run_of_another_account_another_paper_unknown_or_expired_is_refused(
        self, ledger: World
    ) -> None:
        from chalicelib.db import runs as runs_db
        from chalicelib.services.papers import resolve_paper_id

        theirs = ledger.start_run(ledger.agent2.key).json_body["run_id"]
        other_paper = ledger.start_run(ledger.agent.key, OTHER_PAPER).json_body["run_id"]
        past = datetime.now(UTC) - timedelta(hours=1)
        paper_id = resolve_paper_id(PAPER)
        runs_db.put(
            {
                "run_id": "uexpired",
                "paper_id": paper_id,
                "account_id": ledger.agent.account_id,
                "account_paper": runs_db.account_paper(ledger.agent.account_id, paper_id),
                "started_at": (past - timedelta(hours=24)).isoformat(),
                "expires_at": int(past.timestamp()),
                "expires_key": past.isoformat(timespec="seconds"),
                "memoryless": False,
                "attempt": 1,
                "workspace": {"files": []},
            }
        )
        before = stored()
        assert_error(ledger.submit(run_id=theirs), 403, "forbidden", "another account")
        assert_error(ledger.submit(run_id="unope"), 404, "not_found", "POST /api/v1/runs")
        assert_error(ledger.submit(run_id=other_paper), 422, "run_paper_mismatch", "started on")
        assert_error(ledger.submit(run_id="uexpired"), 409, "run_expired", "start a new run")
        assert stored() == before

    # --- review -----------------------------------------------------------------------------

    def test_promote_and_reject_need_a_reviewer_or_admin_and_are_final(self, ledger: World) -> None:
        a = ledger.created()["reproduction_id"]
        b = ledger.created()["reproduction_id"]
        ledger.stack.pump.drain()  # validated
        for action in ("promote", "reject"):
            assert_error(ledger.decide(a, action, ledger.agent.key), 403, "forbidden", "reviewer")
            assert_error(ledger.decide(a, action, None), 401, "unauthorized")
        assert_error(ledger.decide("rnope", "promote", ledger.reviewer.key), 404, "not_found")
        # Promote twice: 200 both times, the first decision recorded and unchanged
        first = ledger.decide(a, "promote", ledger.reviewer.key)
        assert first.status_code == 200
        assert set(first.json_body) == {"reproduction_id", "status", "decided_by", "decided_at"}
        assert first.json_body["status"] == "verified"
        assert first.json_body["decided_by"] == ledger.reviewer.account_id
        again = ledger.decide(a, "promote", ledger.reviewer2.key)
        assert again.status_code == 200 and again.json_body == first.json_body
        # Reject after promote: the decision stands
        late = ledger.decide(a, "reject", ledger.admin.key)
        assert_error(late, 409, "already_decided", "verified")
        (item,) = reproduction_items(a)
        assert (item["decided_by"], item["decided_at"]) == (
            first.json_body["decided_by"],
            first.json_body["decided_at"],
        )
        # An admin can reject; rejecting twice is idempotent; promote after reject is 409
        rejected = ledger.decide(b, "reject", ledger.admin.key)
        assert rejected.status_code == 200 and rejected.json_body["status"] == "rejected"
        assert ledger.decide(b, "reject", ledger.reviewer.key).json_body == rejected.json_body
        assert_error(ledger.decide(b, "promote", ledger.reviewer.key), 409, "already_decided")
        assert ledger.get(f"/api/v1/reproductions/{a}")[1]["status"] == "verified"
        assert ledger.get(f"/api/v1/reproductions/{b}")[1]["status"] == "rejected"

    def test_a_reviewer_cannot_promote_their_own_accounts_submission(self, ledger: World) -> None:
        # Given submissions whose submitter is a reviewer's or an admin's own account (stored
        # before only agent keys could submit)
        own, admins = ledger.created()["reproduction_id"], ledger.created()["reproduction_id"]
        ledger.stack.pump.drain()
        for rid, who in ((own, ledger.reviewer), (admins, ledger.admin)):
            clients.client("dynamodb").update_item(
                TableName=tables.REPRODUCTIONS.physical_name(),
                Key={"reproduction_id": {"S": rid}},
                UpdateExpression="SET submitter_id = :me",
                ExpressionAttributeValues={":me": {"S": who.account_id}},
            )
            # Then its own account cannot promote it
            response = ledger.decide(rid, "promote", who.key)
            assert_error(response, 403, "forbidden", "your account")
        # Someone else may
        assert ledger.decide(own, "promote", ledger.reviewer2.key).status_code == 200

    def test_promoting_while_validation_is_pending_is_409_with_retry_after(
        self, ledger: World
    ) -> None:
        # Given a submission the validator has not read yet
        rid = ledger.created()["reproduction_id"]
        # When a reviewer promotes it at once
        response = ledger.decide(rid, "promote", ledger.reviewer.key)
        # Then it is refused until the validation settles, with a time to retry
        assert_error(response, 409, "validation_pending", "still being validated")
        assert int(header(response, "Retry-After") or "0") >= 1
        assert ledger.get(f"/api/v1/reproductions/{rid}")[1]["status"] == "agent_pending"
        # And once validated (passed), the same promotion succeeds
        ledger.stack.pump.drain()
        assert ledger.decide(rid, "promote", ledger.reviewer.key).status_code == 200

    def test_a_promotion_that_loses_to_the_validator_is_tried_again(self, ledger: World) -> None:
        # Given a passed submission that the validator re-validates (pending, then passed
        # again) exactly while a reviewer's conditional write is in flight
        rid = ledger.created()["reproduction_id"]
        ledger.stack.pump.drain()
        writes: list[str] = []

        def validator_rewrites(params: dict[str, Any], **_: Any) -> None:
            if "validation.#state" in params.get("ConditionExpression", "") and not writes:
                writes.append("pending")
                set_validation_state(rid, "pending")

        def validator_settles(parsed: dict[str, Any], **_: Any) -> None:
            failed = parsed.get("Error", {}).get("Code") == "ConditionalCheckFailedException"
            if failed and writes == ["pending"]:
                writes.append("passed")
                set_validation_state(rid, "passed")

        events = clients.client("dynamodb").meta.events
        hooks = (
            ("before-parameter-build.dynamodb.UpdateItem", validator_rewrites),
            ("after-call.dynamodb.UpdateItem", validator_settles),
        )
        for event, hook in hooks:
            events.register(event, hook)
        try:
            response = ledger.decide(rid, "promote", ledger.reviewer.key)
        finally:
            for event, hook in hooks:
                events.unregister(event, hook)
        # Then the first write was refused (pending), and the promotion, re-reading a settled
        # validation, is written: not answered "already decided"
        assert writes == ["pending", "passed"]
        assert response.status_code == 200, response.text
        assert ledger.get(f"/api/v1/reproductions/{rid}")[1]["status"] == "verified"

    def test_an_unchecked_validation_may_be_promoted(self, ledger: World) -> None:
        # Given a URL log the server could not read: validation `unchecked`
        rid = ledger.created(paper_id=SCORE_PAPER)["reproduction_id"]
        ledger.stack.pump.drain()
        set_validation_state(rid, "unchecked")
        # Then a reviewer may promote it (the page says nobody read the log)
        assert ledger.decide(rid, "promote", ledger.reviewer.key).status_code == 200

    def test_the_validator_never_fails_a_verified_reproduction(self, ledger: World) -> None:
        from chalicelib.db import uploads
        from chalicelib.services.validation import validate_reproduction

        # Given a promoted reproduction whose validation passed
        rid = ledger.created()["reproduction_id"]
        ledger.stack.pump.drain()
        assert ledger.decide(rid, "promote", ledger.reviewer.key).status_code == 200
        # When its log changes and the validator runs again (a re-delivered event)
        uploads.put_text(f"runlogs/{rid}.txt", "nothing to see here")
        stored_anew = validate_reproduction(rid)
        # Then the verdict the reviewer decided on stands: never verified + failed
        (item,) = reproduction_items(rid)
        assert stored_anew is False
        assert (item["status"], item["validation"]["state"]) == ("verified", "passed")

    def test_promoting_a_reproduction_that_failed_validation_is_409(self, ledger: World) -> None:
        rid = ledger.created()["reproduction_id"]
        clients.client("dynamodb").update_item(
            TableName=tables.REPRODUCTIONS.physical_name(),
            Key={"reproduction_id": {"S": rid}},
            UpdateExpression="SET validation.#s = :f",
            ExpressionAttributeNames={"#s": "state"},
            ExpressionAttributeValues={":f": {"S": "failed"}},
        )
        response = ledger.decide(rid, "promote", ledger.reviewer.key)
        assert_error(response, 409, "validation_failed", "reject it instead")
        assert ledger.get(f"/api/v1/reproductions/{rid}")[1]["status"] == "agent_pending"
        assert ledger.decide(rid, "reject", ledger.reviewer.key).status_code == 200

    @pytest.mark.usefixtures("atomic_dynamodb")
    def test_two_reviewers_promoting_at_once_both_get_200_and_one_decision(
        self, ledger: World
    ) -> None:
        """Threads at the service the route calls (tests/e2e does it over HTTP)."""
        from chalicelib.services import review

        reviewers = [
            Principal(account_id=ledger.reviewer.account_id, role="reviewer", name="rita"),
            Principal(account_id=ledger.reviewer2.account_id, role="reviewer", name="rob"),
        ]
        for _ in range(5):
            rid = ledger.created()["reproduction_id"]
            ledger.stack.pump.drain()
            results = run_together(
                *(functools.partial(review.decide, who, rid, "promote") for who in reviewers)
            )
            # Both answers are the one decision (made, or given back idempotently)
            assert all(isinstance(r, dict) and r["status"] == "verified" for r in results), results
            assert results[0]["decided_by"] == results[1]["decided_by"]
            assert results[0]["decided_at"] == results[1]["decided_at"]
            assert results[0]["decided_by"] in {p.account_id for p in reviewers}
            (item,) = reproduction_items(rid)
            assert (item["status"], item["decided_by"]) == ("verified", results[0]["decided_by"])

    # --- public views and key storage -------------------------------------------------------

    def test_public_reproduction_views_carry_no_private_fields(self, ledger: World) -> None:
        replay = {"steps": [{"type": "llm_call", "ts": datetime.now(UTC).isoformat(),
                             "model": "m", "input_tokens": 1, "output_tokens": 1,
                             "duration_ms": 1}]}  # fmt: skip
        rid = ledger.created(replay_log=replay, paper_id=VIEWS_PAPER)["reproduction_id"]
        other = ledger.created(
            ledger.agent2.key,
            paper_id=VIEWS_PAPER,
            run_log_url="https://github.com/x/vtr/runs/1",
        )["reproduction_id"]
        items = reproduction_items(rid, other)
        assert all(item["submitter_id"] and item["body_hash"] for item in items)
        secrets = [ledger.agent.key, ledger.agent2.key, hash_key(ledger.agent.key),
                   hash_key(ledger.agent2.key), ledger.agent.account_id,
                   ledger.agent2.account_id, *(item["body_hash"] for item in items)]  # fmt: skip
        views = [
            ledger.client.http.get(f"/api/v1/reproductions/{rid}"),
            ledger.client.http.get(f"/api/v1/reproductions/{other}"),
            ledger.client.http.get(f"/api/v1/papers/{VIEWS_PAPER}/reproductions"),
            ledger.client.http.get(f"/api/v1/papers/{VIEWS_PAPER}/reproductions?limit=1"),
            ledger.client.http.get("/api/v1/review/pending?limit=100"),
        ]
        for response in views:
            assert response.status_code == 200
            text = response.body.decode()
            for name in PRIVATE_NAMES:
                assert name not in text
            for secret in secrets:
                assert secret not in text
        listed = views[2].json_body
        assert [r["reproduction_id"] for r in listed["results"]] == [other, rid]  # newest first
        assert listed["next_cursor"] is None
        assert all(set(r) == REPRODUCTION_KEYS for r in listed["results"])
        assert listed["results"][1] == views[0].json_body
        assert len(views[3].json_body["results"]) == 1 and views[3].json_body["next_cursor"]
        assert_error(ledger.client.http.get("/api/v1/reproductions/rnope"), 404, "not_found")
        missing = ledger.client.http.get("/api/v1/papers/2401.99999/reproductions")
        assert_error(missing, 404, "not_found")
