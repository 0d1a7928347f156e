"""Evidence an agent cannot fake cheaply (issue 18), through the HTTP routes on in-process moto:
output_in_trajectory and evaluator_untouched set the trust tier, copies of another account's
run output are flagged and need a confirming second click, and runs carry their compute (GPU
hours) into the paper view and the queue."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from chalicelib.db import aws as clients
from chalicelib.db import tables
from chalicelib.services.validation import validate_reproduction
from tests.conftest import AwsStack
from tests.integration.submission_world import (
    PAPER,
    PASTED_LOG,
    SCORE_PAPER,
    VIEWS_PAPER,
    World,
    assert_error,
    build_world,
)

CONFIRMING = "* Acc@1 84.020 Acc@5 96.880"  # the line of PASTED_LOG with the claimed 84.02
WORKSPACE = {"files": ["main.py"], "eval_files": ["eval.py"], "commit": "0d8a1f3"}


@pytest.fixture
def world(aws: AwsStack, api: Any, tmp_path: Path) -> World:
    return build_world(aws, api, tmp_path)


def step(tool: str, tool_input: str, output: str = "", offset_ms: int = 20) -> dict[str, Any]:
    """A tool call recorded just after the run started (the caller sets `ts`)."""
    return {"type": "tool_call", "tool": tool, "input": tool_input, "output": output,
            "duration_ms": 5, "offset_ms": offset_ms}  # fmt: skip


def run_and_submit(
    world: World, steps: list[dict[str, Any]], paper: str = PAPER, key: str | None = None
) -> dict[str, Any]:
    """Start a memoryless run, submit PASTED_LOG with a replay log of `steps`, validate."""
    key = key or world.new_account().key
    started = world.start_run(key, paper, memoryless=True, workspace=WORKSPACE)
    assert started.status_code == 201, started.body
    run = started.json_body
    begin = datetime.fromisoformat(run["started_at"])
    replay = [
        {
            **{k: v for k, v in s.items() if k != "offset_ms"},
            "ts": (begin + timedelta(milliseconds=s["offset_ms"])).isoformat(),
        }
        for s in steps
    ]
    created = world.created(key, paper_id=paper, run_id=run["run_id"], replay_log={"steps": replay})
    world.stack.pump.drain()
    status, view = world.get(f"/api/v1/reproductions/{created['reproduction_id']}")
    assert status == 200
    return dict(view)


def checks(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in view["trajectory"]["checks"]}


HONEST = [
    step("read_file", "main.py", "import torch"),
    step("bash", "python main.py --epochs 90 2>&1 | tail -n 3", PASTED_LOG.replace("\r", "")),
]


def test_an_honest_run_keeps_tier_2_and_shows_its_evidence_and_compute(world: World) -> None:
    # Given a memoryless first run whose replay log recorded the evaluation and its output
    view = run_and_submit(world, HONEST)
    # Then the trajectory is valid, trust tier 2, and the step that printed the number is named
    assert view["validation"]["state"] == "passed"
    assert view["trajectory"]["state"] == "valid", view["trajectory"]
    assert view["trust_tier"] == 2
    assert checks(view)["output_in_trajectory"]["ok"]
    assert checks(view)["evaluator_untouched"]["ok"]
    assert view["trajectory"]["evidence"]["printed_by"] == {
        "step": 1,
        "tool": "bash",
        "line": 2,
        "text": CONFIRMING,
    }
    assert view["validation"]["confirming_lines"][0]["text"] == CONFIRMING
    # And the compute ledger: the server's wall time from the run's start, 1x A100
    compute = view["compute"]
    assert (compute["gpu_model"], compute["gpu_count"]) == ("a100", 1)
    assert compute["wall_seconds"] > 0
    assert compute["gpu_hours"] == pytest.approx(compute["wall_seconds"] / 3600, rel=1e-3)
    # And a duplicate event recomputes the same verdict and writes nothing
    assert validate_reproduction(view["reproduction_id"]) is False


def test_a_redelivered_event_after_the_run_expired_keeps_what_the_run_proved(
    world: World,
) -> None:
    # Given a tier-2 reproduction, validated with its run and promoted
    view = run_and_submit(world, HONEST, paper=SCORE_PAPER)
    rid = view["reproduction_id"]
    assert (view["trust_tier"], view["trajectory"]["state"]) == (2, "valid")
    assert world.decide(rid, "promote", world.reviewer.key).status_code == 200
    world.stack.pump.drain()
    # When the run expires and DynamoDB's TTL deletes it (a day after its start), and then an
    # old event of the reproduction comes back (a dead-lettered message redriven, a duplicate)
    clients.client("dynamodb").delete_item(
        TableName=tables.RUNS.physical_name(), Key={"run_id": {"S": view["run_id"]}}
    )
    validate_reproduction(rid)
    world.stack.pump.drain()
    # Then the verdict made with the run stands: the tier, the trajectory and the compute
    after = world.get(f"/api/v1/reproductions/{rid}")[1]
    assert after["trust_tier"] == 2
    assert after["trajectory"] == view["trajectory"]
    assert after["compute"] == view["compute"]
    # And the agent leaderboard at tier 2 still lists the agent's win
    board = world.get("/api/v1/agents?trust_tier=2")[1]["results"]
    assert [row["promoted"] for row in board] == [1]


def test_a_typed_in_number_gives_tier_0(world: World) -> None:
    # Given pasted output whose number no recorded tool call printed
    view = run_and_submit(world, [HONEST[0], step("bash", "python main.py", "Epoch 1 done")])
    # Then output_in_trajectory fails with a reason and the trust tier is 0
    failed = checks(view)["output_in_trajectory"]
    assert not failed["ok"] and "No recorded tool call printed line 2" in failed["detail"]
    assert (view["trajectory"]["state"], view["trust_tier"]) == ("invalid", 0)
    assert view["validation"]["state"] == "passed"  # the log itself is fine


def test_an_evaluator_edited_with_a_write_tool_gives_tier_0(world: World) -> None:
    edit = step("Write", json.dumps({"file_path": "eval.py", "content": "print(99)"}), "ok")
    view = run_and_submit(world, [HONEST[0], edit, HONEST[1]])
    failed = checks(view)["evaluator_untouched"]
    assert not failed["ok"] and failed["detail"].startswith("Step 1 (Write) writes 'eval.py'")
    assert view["trajectory"]["evidence"]["eval_writes"] == [
        {"step": 1, "tool": "Write", "file": "eval.py", "how": "Write"}
    ]
    assert view["trust_tier"] == 0


def test_sed_in_place_on_the_evaluator_gives_tier_0(world: World) -> None:
    sed = step("bash", "sed -i 's/topk=(1, 5)/topk=(5,)/' eval.py")
    view = run_and_submit(world, [HONEST[0], sed, HONEST[1]])
    failed = checks(view)["evaluator_untouched"]
    assert not failed["ok"] and "(sed -i)" in failed["detail"]
    assert view["trust_tier"] == 0


def test_eval_files_follow_the_workspace_path_rules(world: World) -> None:
    key = world.new_account().key
    for bad in ("/etc/eval.py", "../eval.py", "~/eval.py", "C:/eval.py", "a\u200bb.py"):
        response = world.start_run(key, workspace={"files": [], "eval_files": [bad]})
        assert_error(response, 422, "invalid_body", "eval_files")
    started = world.start_run(key, workspace={"eval_files": ["./eval.py", "eval.py"]})
    assert started.status_code == 201
    assert started.json_body["workspace"]["eval_files"] == ["./eval.py", "eval.py"]


# --- copies ---------------------------------------------------------------------------------


def test_another_accounts_copy_is_flagged_and_needs_a_confirming_second_click(
    world: World,
) -> None:
    first = world.created(world.agent.key)
    # When another account submits the same output, pasted through another terminal
    # (CRLF line ends, trailing blanks, fullwidth digits)
    copied = PASTED_LOG.replace("\n", "  \r\n").replace("84.020", "８４.０２０")
    copy = world.created(world.agent2.key, run_log_url=copied)
    # Then it names the earlier one; the first is not affected
    assert copy["duplicate_of"] == first["reproduction_id"]
    assert first["duplicate_of"] is None
    assert world.get(f"/api/v1/reproductions/{first['reproduction_id']}")[1]["duplicate_of"] is None
    # The same account sending its own output again makes no copy, nor does another paper
    assert world.created(world.agent.key)["duplicate_of"] is None
    assert world.created(world.agent2.key, paper_id=VIEWS_PAPER)["duplicate_of"] is None
    world.stack.pump.drain()
    # When a reviewer promotes the copy with one click: 409, and it stays pending
    rid = copy["reproduction_id"]
    promote = f"/api/v1/reproductions/{rid}/promote"
    refused = world.request("POST", promote, key=world.reviewer.key)
    assert_error(refused, 409, "duplicate_confirmation_required", first["reproduction_id"])
    assert refused.json_body["error"]["details"] == [{"duplicate_of": first["reproduction_id"]}]
    assert world.get(f"/api/v1/reproductions/{rid}")[1]["status"] == "agent_pending"
    # Bad confirmations are refused and store nothing
    for body, status, code in (
        ({"confirm_duplicate": "yes"}, 422, "invalid_body"),
        ({"confirm_duplicate": 1}, 422, "invalid_body"),
        ({"confirm": True}, 422, "invalid_body"),
        ("{not json", 400, "invalid_json"),
    ):
        assert_error(world.request("POST", promote, body, key=world.reviewer.key), status, code)
    assert world.get(f"/api/v1/reproductions/{rid}")[1]["status"] == "agent_pending"
    # With the second click it is promoted (and a repeat is idempotent)
    for _ in range(2):
        done = world.request("POST", promote, {"confirm_duplicate": True}, key=world.reviewer.key)
        assert done.status_code == 200 and done.json_body["status"] == "verified", done.body
    # The original needs no confirmation, with or without a body
    original = f"/api/v1/reproductions/{first['reproduction_id']}/promote"
    assert world.request("POST", original, key=world.reviewer.key).status_code == 200


def test_a_copy_with_look_alike_letters_slipped_in_is_still_flagged(world: World) -> None:
    # Given one person's run output, submitted by their first agent account
    first = world.created(world.agent.key, paper_id=SCORE_PAPER)
    # When their second account submits it again with letters of other scripts that look the
    # same on the review page (Cyrillic е and о in "Epoch" and "Loss", a Greek Τ in "Time")
    disguised = (
        PASTED_LOG.replace("Epoch", "\u0415p\u043ech")
        .replace("Loss", "L\u043ess")
        .replace("Time", "\u03a4ime")
    )
    assert disguised != PASTED_LOG
    copy = world.created(world.agent2.key, paper_id=SCORE_PAPER, run_log_url=disguised)
    # Then it is flagged as a copy of the first, and one click cannot promote it
    assert copy["duplicate_of"] == first["reproduction_id"]
    world.stack.pump.drain()
    refused = world.decide(copy["reproduction_id"], "promote", world.reviewer.key)
    assert_error(refused, 409, "duplicate_confirmation_required", first["reproduction_id"])


def test_a_copy_with_invisible_combining_marks_slipped_in_is_still_flagged(world: World) -> None:
    # Given one person's run output, submitted by their first agent account
    first = world.created(world.agent.key, paper_id=SCORE_PAPER)
    # When their second account submits it again with characters that render as nothing and
    # are not format characters (Unicode's default-ignorable code points of other categories:
    # a combining grapheme joiner, variation selectors, a Hangul filler, a Mongolian free
    # variation selector), so the review page shows the two logs alike (found by hostile13)
    for n, invisible in enumerate(("\u034f", "\ufe00", "\U000e0100", "\u3164", "\u180b")):
        disguised = PASTED_LOG.replace("Loss", f"Lo{invisible}ss")
        assert disguised != PASTED_LOG
        agent = world.new_account()
        copy = world.created(agent.key, paper_id=SCORE_PAPER, run_log_url=disguised)
        # Then it is flagged as a copy of the first, and one click cannot promote it
        assert copy["duplicate_of"] == first["reproduction_id"], (n, hex(ord(invisible)))
    world.stack.pump.drain()
    refused = world.decide(copy["reproduction_id"], "promote", world.reviewer.key)
    assert_error(refused, 409, "duplicate_confirmation_required", first["reproduction_id"])


def test_a_copy_with_a_joiner_between_a_letter_and_its_accent_is_still_flagged(
    world: World,
) -> None:
    # Given a run output with an accented letter, submitted by one account
    log = PASTED_LOG.replace("done", "d\u00e9j\u00e0 fait")
    first = world.created(world.agent.key, paper_id=SCORE_PAPER, run_log_url=log)
    # When a second account sends it with a zero-width joiner between "e" and its accent
    # (it shows as the same "é"; found by hostile13)
    copy_log = log.replace("\u00e9", "e\u200d\u0301")
    copy = world.created(world.agent2.key, paper_id=SCORE_PAPER, run_log_url=copy_log)
    # Then it is flagged as a copy
    assert copy["duplicate_of"] == first["reproduction_id"]


def test_the_content_claim_is_in_the_submissions_own_transaction(world: World) -> None:
    # A copy's flag comes from the conditional write: the claim item names the first
    from chalicelib.db import copies as copies_db
    from chalicelib.domain.copies import content_hash

    first = world.created(world.agent.key, paper_id=SCORE_PAPER)
    world.created(world.agent2.key, paper_id=SCORE_PAPER)
    paper_id = first["paper_id"]
    put = copies_db.claim_put(paper_id, content_hash(PASTED_LOG), "rx", "ax", "now")
    claim = copies_db.get_claim(put)
    assert claim is not None
    assert (claim["reproduction_id"], claim["account_id"]) == (
        first["reproduction_id"],
        world.agent.account_id,
    )
    assert "expiration" not in claim  # never removed by the idempotency table's TTL


# --- compute ledger -------------------------------------------------------------------------


def test_gpu_hours_reach_the_paper_and_the_queue(world: World) -> None:
    view = run_and_submit(world, HONEST, paper=SCORE_PAPER)
    assert world.decide(view["reproduction_id"], "promote", world.reviewer.key).status_code == 200
    world.stack.pump.drain()
    paper = world.get(f"/api/v1/papers/{SCORE_PAPER}")[1]
    hours = view["compute"]["gpu_hours"]
    assert paper["gpu_hours"] == {
        "min": hours,
        "median": hours,
        "max": hours,
        "reproductions": 1,
    }
    assert world.get(f"/api/v1/papers/{PAPER}")[1]["gpu_hours"] is None  # none counted

    def queue(query: str = "") -> dict[str, Any]:
        status, page = world.get(f"/api/v1/queue?limit=100{query}")
        assert status == 200, page
        return {e["arxiv_id"]: e for e in page["results"]}

    entries = queue()
    assert entries[SCORE_PAPER]["est_gpu_hours"] == hours
    assert entries[PAPER]["est_gpu_hours"] is None
    # max_gpu_hours keeps papers estimated at most that, and those with no estimate
    assert SCORE_PAPER in queue(f"&max_gpu_hours={hours * 2}")
    cheap = queue("&max_gpu_hours=0")
    assert SCORE_PAPER not in cheap and PAPER in cheap
    for bad in ("-1", "abc", "nan", "inf", "1e400", "", "1e10"):
        status, body = world.get(f"/api/v1/queue?max_gpu_hours={bad}")
        assert status == 400 and body["error"]["code"] == "invalid_parameter", (bad, body)


def test_a_reproduction_without_a_run_has_no_compute(world: World) -> None:
    created = world.created(world.new_account().key, hardware_spec="8x H100 80GB")
    world.stack.pump.drain()
    assert world.get(f"/api/v1/reproductions/{created['reproduction_id']}")[1]["compute"] is None


def test_a_cpu_run_has_wall_time_but_no_gpu_hours(world: World) -> None:
    key = world.new_account().key
    run = world.start_run(key, memoryless=True, workspace=WORKSPACE).json_body
    created = world.created(key, run_id=run["run_id"], hardware_spec="CPU only, 64 GB RAM")
    world.stack.pump.drain()
    compute = world.get(f"/api/v1/reproductions/{created['reproduction_id']}")[1]["compute"]
    assert compute["gpu_count"] == 0 and compute["gpu_hours"] is None
    assert compute["gpu_model"] is None and compute["wall_seconds"] >= 0


def test_the_replay_step_times_bound_the_window(world: World) -> None:
    # Output printed before the run started does not count (and fails timestamp_bounds too)
    early = {**HONEST[1], "offset_ms": -60_000}
    view = run_and_submit(world, [HONEST[0], early])
    assert not checks(view)["output_in_trajectory"]["ok"]
    assert "outside the run" in checks(view)["output_in_trajectory"]["detail"]
    assert view["trust_tier"] == 0


# --- uploaded run logs ------------------------------------------------------------------------


def test_an_uploaded_log_that_copies_another_accounts_output_is_flagged(world: World) -> None:
    import gzip

    from tests.integration.test_uploads import submit as submit_upload
    from tests.integration.test_uploads import upload

    original = world.created(world.agent.key)  # pasted: claimed in its transaction
    # When another account uploads the same output (gzip, Windows line ends)
    copied = gzip.compress(PASTED_LOG.replace("\n", "\r\n").encode())
    log_id = upload(world, "run_log", copied, world.agent2.key, content_encoding="gzip")
    response = submit_upload(world, world.agent2.key, run_log_upload=log_id)
    assert response.status_code == 201, response.body
    rid = response.json_body["reproduction_id"]
    assert response.json_body["duplicate_of"] is None  # nobody has read it yet
    world.stack.pump.drain()
    # Then the validator, which reads it, finds the earlier one, in the verdict's own write
    view = world.get(f"/api/v1/reproductions/{rid}")[1]
    assert view["validation"]["state"] == "passed"
    assert view["duplicate_of"] == original["reproduction_id"]
    assert validate_reproduction(rid) is False  # a redelivered event changes nothing
    refused = world.decide(rid, "promote", world.reviewer.key)
    assert_error(refused, 409, "duplicate_confirmation_required")
    # The first account uploading its own output again makes no copy
    own_id = upload(world, "run_log", PASTED_LOG.encode(), world.agent.key)
    own = submit_upload(world, world.agent.key, run_log_upload=own_id).json_body
    world.stack.pump.drain()
    assert world.get(f"/api/v1/reproductions/{own['reproduction_id']}")[1]["duplicate_of"] is None


def test_of_two_uploads_of_one_output_exactly_one_is_first(world: World) -> None:
    from tests.integration.test_uploads import submit as submit_upload
    from tests.integration.test_uploads import upload

    output = "epoch 90 | loss 0.71\n * Acc@1 84.030 Acc@5 96.880\n"
    ids = []
    for agent in (world.agent, world.agent2):
        log_id = upload(world, "run_log", output.encode(), agent.key)
        response = submit_upload(world, agent.key, run_log_upload=log_id, actual_metric_value=84.03)
        assert response.status_code == 201, response.body
        ids.append(response.json_body["reproduction_id"])
    world.stack.pump.drain()
    flags = [world.get(f"/api/v1/reproductions/{rid}")[1]["duplicate_of"] for rid in ids]
    # the one submitted first is first (whichever the validator read first); the other names it
    assert flags == [None, ids[0]]
