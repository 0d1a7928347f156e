"""An `unchecked` verdict (a URL log the server could not read) through the SDK's models and the
MCP server's result (no server needed): settled, not passed, and a next step that says so."""

from __future__ import annotations

from typing import Any

from sotaverified import Reproduction
from sotaverified.mcp_server import reproduction_out

READ_CHECK = {
    "name": "run_log_read",
    "ok": False,
    "detail": "https://github.com/o/r/blob/main/x.log was not read by the server: "
    "raw.githubusercontent.com answered 404 Not Found",
}


def reproduction(validation: dict[str, Any], trajectory: dict[str, Any] | None) -> Reproduction:
    return Reproduction.from_dict(
        {
            "reproduction_id": "r1",
            "paper_id": "p1",
            "arxiv_id": "1711.03953",
            "status": "agent_pending",
            "tier_claimed": 2,
            "hardware_spec": "1x A100",
            "run_log": {"kind": "url", "url": "https://github.com/o/r/blob/main/x.log"},
            "submitted_at": "2026-11-26T00:00:00+00:00",
            "validation": validation,
            "trajectory": trajectory,
            "trust_tier": 0,
        }
    )


def test_unchecked_is_settled_and_the_next_step_says_nobody_read_the_log() -> None:
    # Given a reproduction whose URL log the server could not read
    unchecked = {"state": "unchecked", "checks": [READ_CHECK], "extracted_metrics": []}
    done = reproduction(unchecked, None)
    # Then the SDK treats it as settled (waiting longer changes nothing), and not as passed
    assert done.settled and done.validation.unchecked
    assert "nobody has checked it" in done.explain()
    # ... and the MCP result says what that means and what to do
    out = reproduction_out(done)
    assert out["settled"] is True and out["validation"]["state"] == "unchecked"
    assert out["failed_checks"] == [f"run_log_read: {READ_CHECK['detail']}"]
    assert out["next_step"].startswith("Validation is unchecked, not passed")
    assert "Other checks failed too" not in out["next_step"]


def test_unchecked_with_a_failed_replay_log_mentions_both() -> None:
    unchecked = {"state": "unchecked", "checks": [READ_CHECK], "extracted_metrics": []}
    invalid = {"state": "invalid", "checks": [{"name": "non_empty", "ok": False, "detail": "0"}]}
    out = reproduction_out(reproduction(unchecked, invalid))
    assert "Other checks failed too" in out["next_step"]


def test_a_pending_trajectory_keeps_it_unsettled() -> None:
    unchecked = {"state": "unchecked", "checks": [READ_CHECK], "extracted_metrics": []}
    assert not reproduction(unchecked, {"state": "pending", "checks": []}).settled
