"""Replay logs (SPEC 7): shape, checks and trust tier."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from pydantic import ValidationError

from chalicelib.domain.replay import (
    CLOCK_SKEW,
    Check,
    LlmCall,
    ReplayLog,
    RunFacts,
    ToolCall,
    check_replay,
    trust_tier,
)

STARTED = datetime(2024, 5, 1, 12, 0, 0, tzinfo=UTC)
SUBMITTED = datetime(2024, 5, 1, 14, 0, 0, tzinfo=UTC)


def iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def tool_step(**overrides: Any) -> dict[str, Any]:
    step = {
        "type": "tool_call",
        "ts": iso(STARTED + timedelta(minutes=1)),
        "tool": "bash",
        "input": "python eval.py",
        "output": "Acc@1 76.13",
        "duration_ms": 1200,
    }
    step.update(overrides)
    return step


def llm_step(**overrides: Any) -> dict[str, Any]:
    step = {
        "type": "llm_call",
        "ts": iso(STARTED + timedelta(minutes=2)),
        "model": "claude-x",
        "input_tokens": 1000,
        "output_tokens": 200,
        "duration_ms": 3000,
        "response_text": "Run the evaluation next.",
    }
    step.update(overrides)
    return step


def replay(*steps: dict[str, Any]) -> ReplayLog:
    return ReplayLog.model_validate({"run_id": "run-1", "steps": list(steps)})


def run_facts(
    files: set[str] | None = None, *, memoryless: bool = True, attempt: int = 1
) -> RunFacts:
    return RunFacts(
        started_at=STARTED,
        memoryless=memoryless,
        attempt=attempt,
        workspace_files=frozenset(files or {"src/model.py", "README.md", "configs/eval.yaml"}),
    )


def by_name(checks: list[Check]) -> dict[str, Check]:
    return {check.name: check for check in checks}


# --- shape -------------------------------------------------------------------------------


def test_a_well_formed_log_parses_into_typed_steps() -> None:
    # Given a JSON log with both kinds of step
    raw = json.dumps({"run_id": "run-1", "steps": [tool_step(), llm_step()]})
    # When it is validated
    log = ReplayLog.model_validate_json(raw)
    # Then each step keeps its own type and fields, with aware timestamps
    assert [step["type"] for step in log.steps] == ["tool_call", "llm_call"]
    assert set(log.steps[0]) <= set(ToolCall.__annotations__)
    assert set(log.steps[1]) <= set(LlmCall.__annotations__)
    assert log.steps[0]["ts"] == STARTED + timedelta(minutes=1)
    assert log.steps[0]["ts"].utcoffset() == timedelta(0)
    assert log.run_id == "run-1"


def test_optional_fields_may_be_left_out() -> None:
    # Given a tool call with only the required fields, and no run_id
    step = {"type": "tool_call", "ts": iso(STARTED), "tool": "ls", "input": "", "duration_ms": 0}
    # When it is validated
    log = ReplayLog.model_validate({"steps": [step]})
    # Then the optional fields are absent
    assert log.run_id is None
    assert log.steps[0].get("output") is None and "error" not in log.steps[0]


def test_a_log_of_10000_steps_validates() -> None:
    steps = [tool_step() for _ in range(10_000)]
    assert len(ReplayLog.model_validate({"steps": steps}).steps) == 10_000


def test_a_log_of_10001_steps_is_refused() -> None:
    steps = [tool_step() for _ in range(10_001)]
    with pytest.raises(ValidationError, match="at most 10000 items"):
        ReplayLog.model_validate({"steps": steps})


@pytest.mark.parametrize(
    ("step", "location"),
    [
        (tool_step(input="x" * 5_001), "input"),
        (tool_step(output="x" * 5_001), "output"),
        (tool_step(error="x" * 5_001), "error"),
        (tool_step(tool=""), "tool"),
        (tool_step(tool="t" * 201), "tool"),
        (tool_step(duration_ms=-1), "duration_ms"),
        (tool_step(duration_ms=1.5), "duration_ms"),
        (tool_step(duration_ms="5"), "duration_ms"),
        (tool_step(duration_ms=True), "duration_ms"),
        (tool_step(duration_ms=2**53 + 1), "duration_ms"),  # never rounded down to 2^53
        (tool_step(duration_ms=float(2**53 + 2)), "duration_ms"),
        (tool_step(duration_ms=None), "duration_ms"),
        (tool_step(ts="2024-05-01T12:01:00"), "ts"),  # naive
        (tool_step(ts="2024-05-01"), "ts"),
        (tool_step(ts=1714564860), "ts"),  # epoch seconds
        (tool_step(ts="1714564860"), "ts"),  # epoch seconds in a string
        (tool_step(ts="1714564860.5"), "ts"),
        (tool_step(ts="20240501T120100Z"), "ts"),  # ISO 8601 basic form, not RFC 3339
        (tool_step(ts="2024-05-01T12:01Z"), "ts"),  # no seconds
        (tool_step(ts="yesterday"), "ts"),
        (tool_step(ts="2024-13-01T12:01:00Z"), "ts"),  # month 13
        (tool_step(ts="2024-05-01T12:01:00Z\n"), "ts"),
        (tool_step(ts="\uff12\uff10\uff12\uff14-05-01T12:01:00Z"), "ts"),  # fullwidth digits
        (tool_step(ts=datetime(2024, 5, 1, 12, 1)), "ts"),  # a naive datetime object
        (tool_step(status="ok"), "status"),  # unknown field
        (llm_step(response_text="x" * 50_001), "response_text"),
        (llm_step(error="x" * 5_001), "error"),
        (llm_step(input_tokens=-5), "input_tokens"),
        (llm_step(output_tokens=float("nan")), "output_tokens"),
        (llm_step(duration_ms=-1), "duration_ms"),
        (llm_step(model=""), "model"),
        (llm_step(cost_usd=0.1), "cost_usd"),
        ({"type": "shell", "ts": iso(STARTED)}, "steps.0"),
    ],
)
def test_steps_breaking_a_limit_are_refused(step: dict[str, Any], location: str) -> None:
    # Given a step that breaks one rule
    # When the log is validated
    with pytest.raises(ValidationError) as raised:
        ReplayLog.model_validate({"steps": [step]})
    # Then the error points at the offending field
    locations = [".".join(str(part) for part in error["loc"]) for error in raised.value.errors()]
    assert any(location in loc for loc in locations), locations


def test_limits_are_inclusive() -> None:
    log = replay(
        tool_step(input="x" * 5_000, output="y" * 5_000, error="z" * 5_000, tool="t" * 200),
        llm_step(response_text="r" * 50_000),
    )
    assert len(log.steps) == 2


def test_nan_and_infinity_are_refused_in_json() -> None:
    raw = '{"steps": [' + json.dumps(llm_step())[:-1] + ', "input_tokens": NaN}]}'
    with pytest.raises(ValidationError):
        ReplayLog.model_validate_json(raw)


def test_unknown_top_level_fields_are_refused() -> None:
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        ReplayLog.model_validate({"steps": [], "trust_tier": 2})


def test_an_offset_timestamp_is_accepted_and_compared_as_an_instant() -> None:
    # Given a step stamped in UTC+02:00, one minute after the run started
    log = replay(tool_step(ts="2024-05-01T14:01:00+02:00"))
    # Then it is the same instant as 12:01Z and within bounds
    assert log.steps[0]["ts"] == STARTED + timedelta(minutes=1)
    assert by_name(check_replay(log, run_facts(), SUBMITTED))["timestamp_bounds"].ok


@pytest.mark.parametrize(
    ("text", "instant"),
    [
        ("2024-05-01T12:01:00Z", STARTED + timedelta(minutes=1)),
        ("2024-05-01t12:01:00z", STARTED + timedelta(minutes=1)),  # RFC 3339 allows lower case
        ("2024-05-01 12:01:00+00:00", STARTED + timedelta(minutes=1)),
        ("2024-05-01T12:01:00-00:00", STARTED + timedelta(minutes=1)),
        # digits beyond the microseconds are dropped, not rounded
        ("2024-05-01T12:01:00.123456789Z", STARTED + timedelta(minutes=1, microseconds=123456)),
    ],
)
def test_every_rfc3339_form_reads_as_its_instant(text: str, instant: datetime) -> None:
    assert replay(tool_step(ts=text)).steps[0]["ts"] == instant


def test_a_bad_timestamp_gets_one_message_that_says_what_to_send() -> None:
    with pytest.raises(ValidationError) as raised:
        ReplayLog.model_validate({"steps": [tool_step(ts=1714564860)]})
    (error,) = raised.value.errors()
    assert "RFC 3339 date-time with an explicit offset" in error["msg"]


@pytest.mark.parametrize("raw", ["5.0", "5", "5e0"])
def test_a_count_with_a_zero_fraction_is_an_integer(raw: str) -> None:
    step = {k: v for k, v in tool_step().items() if k != "duration_ms"}
    text = '{"steps": [' + json.dumps(step)[:-1] + f', "duration_ms": {raw}' + "}]}"
    (step,) = ReplayLog.model_validate_json(text).steps
    assert step["duration_ms"] == 5 and type(step["duration_ms"]) is int


# --- checks ------------------------------------------------------------------------------


ALL_CHECKS = ["non_empty", "timestamp_bounds", "file_read_replay", "run_id_matches"]


def test_a_good_log_passes_every_check_in_order() -> None:
    # Given a log of run-1 that reads a manifest file within the run's time window
    log = replay(
        tool_step(tool="read_file", input="src/model.py", output="class Net: ..."), llm_step()
    )
    # When it is checked as the log of a submission closing run-1
    checks = check_replay(log, run_facts(), SUBMITTED, "run-1")
    # Then every check passes, in the documented order
    assert [c.name for c in checks] == ALL_CHECKS
    assert all(c.ok for c in checks), checks


def test_an_empty_log_fails_non_empty_but_still_gets_every_check() -> None:
    checks = check_replay(replay(), run_facts(), SUBMITTED, "run-1")
    assert [c.name for c in checks] == ALL_CHECKS
    assert checks[0] == Check(
        "non_empty",
        False,
        "The replay log has no steps; record at least one tool_call or llm_call step.",
    )


def test_without_a_run_the_timestamp_check_fails_and_says_how_to_start_one() -> None:
    # Given a log submitted without a run
    checks = by_name(check_replay(replay(llm_step()), None, SUBMITTED))
    # Then timestamp_bounds fails, explaining that the start is unknown and what to do
    check = checks["timestamp_bounds"]
    assert not check.ok
    assert "run start is unknown" in check.detail
    assert "POST /api/v1/runs" in check.detail
    assert "run_id" in check.detail
    # And with no file reads, file_read_replay has nothing to fail on
    assert checks["file_read_replay"] == Check(
        "file_read_replay", True, "There are no file reads to replay."
    )


def test_without_a_run_file_reads_cannot_be_replayed() -> None:
    checks = by_name(
        check_replay(replay(llm_step(), tool_step(tool="read", input="a.py")), None, SUBMITTED)
    )
    check = checks["file_read_replay"]
    assert not check.ok
    assert "Step 1 (read) reads 'a.py'" in check.detail
    assert "no workspace manifest" in check.detail


@pytest.mark.parametrize(
    ("offset", "ok"),
    [
        (-CLOCK_SKEW, True),
        (-(CLOCK_SKEW + timedelta(milliseconds=1)), False),
        (timedelta(0), True),
    ],
)
def test_steps_may_start_up_to_5_seconds_before_the_run(offset: timedelta, ok: bool) -> None:
    # Given a step stamped relative to the run's server-stamped start
    log = replay(llm_step(), tool_step(ts=iso(STARTED + offset)))
    # When checked
    check = by_name(check_replay(log, run_facts(), SUBMITTED))["timestamp_bounds"]
    # Then exactly 5 s early is allowed and 5.001 s early is not
    assert check.ok is ok
    if not ok:
        assert check.detail.startswith("Step 1 has ts 2024-05-01T11:59:54.999000+00:00, 5.001 s")
        assert "before the run started at 2024-05-01T12:00:00+00:00" in check.detail


@pytest.mark.parametrize(
    ("offset", "ok"),
    [
        (CLOCK_SKEW, True),
        (CLOCK_SKEW + timedelta(milliseconds=1), False),
        (timedelta(0), True),
    ],
)
def test_steps_may_end_up_to_5_seconds_after_submission(offset: timedelta, ok: bool) -> None:
    log = replay(tool_step(ts=iso(SUBMITTED + offset)))
    check = by_name(check_replay(log, run_facts(), SUBMITTED))["timestamp_bounds"]
    assert check.ok is ok
    if not ok:
        assert check.detail.startswith("Step 0 has ts 2024-05-01T14:00:05.001000+00:00, 5.001 s")
        assert "after the submission" in check.detail


def test_the_first_offending_step_is_named() -> None:
    log = replay(
        llm_step(),
        tool_step(ts=iso(SUBMITTED + timedelta(hours=1))),
        tool_step(ts=iso(STARTED - timedelta(hours=1))),
    )
    check = by_name(check_replay(log, run_facts(), SUBMITTED))["timestamp_bounds"]
    assert check.detail.startswith("Step 1 has ts 2024-05-01T15:00:00+00:00, 3600 s after")


def test_a_naive_submission_time_is_taken_as_utc() -> None:
    log = replay(llm_step())
    naive_submitted = SUBMITTED.replace(tzinfo=None)
    assert by_name(check_replay(log, run_facts(), naive_submitted))["timestamp_bounds"].ok


@pytest.mark.parametrize(
    ("tool", "tool_input"),
    [
        ("read_file", "src/model.py"),
        ("read", "./src/model.py"),
        ("file_read", "src/../src/model.py"),
        ("open_file", "  src//model.py \n"),
        ("READ_FILE", "README.md"),
        ("read_file", '{"path": "./configs/eval.yaml"}'),
        ("read_file", '{"file_path": "src/model.py", "limit": 100}'),
        ("open_file", '{"filename": "README.md"}'),
        ("read", "src\\model.py"),
    ],
)
def test_reads_of_manifest_files_replay(tool: str, tool_input: str) -> None:
    # Given a read tool naming a manifest file in any accepted form
    log = replay(tool_step(tool=tool, input=tool_input))
    # When checked
    check = by_name(check_replay(log, run_facts(), SUBMITTED))["file_read_replay"]
    # Then the read replays
    assert check == Check(
        "file_read_replay", True, "All 1 file read(s) name files in the run's workspace manifest."
    )


@pytest.mark.parametrize(
    ("tool_input", "shown"),
    [
        ("src/secret_answers.py", "'src/secret_answers.py'"),
        ("/etc/passwd", "'/etc/passwd'"),
        ("../outside/model.py", "'../outside/model.py'"),
        ("/home/me/other/answers.py", "'/home/me/other/answers.py'"),
        ('{"path": "notes/answers.txt"}', "'notes/answers.txt'"),
    ],
)
def test_reads_of_files_outside_the_manifest_fail(tool_input: str, shown: str) -> None:
    # Given a read of a file the run's workspace never had
    log = replay(
        llm_step(),
        tool_step(tool="read_file", input="README.md"),
        tool_step(tool="read_file", input=tool_input),
    )
    # When checked
    check = by_name(check_replay(log, run_facts(), SUBMITTED))["file_read_replay"]
    # Then the check fails naming the step and the path, and says what to do
    assert not check.ok
    assert check.detail.startswith(f"Step 2 (read_file) reads {shown}, which is not in the run's")
    assert "workspace.files" in check.detail


@pytest.mark.parametrize(
    "tool_input",
    [
        "",
        "   ",
        '{"limit": 10}',
        '{"path": ""}',
        "{not json",
        '{"path": ' + "[" * 2400 + "]" * 2400 + "}",
    ],
)
def test_a_read_that_names_no_file_fails(tool_input: str) -> None:
    log = replay(tool_step(tool="read_file", input=tool_input))
    check = by_name(check_replay(log, run_facts(), SUBMITTED))["file_read_replay"]
    assert not check.ok
    assert check.detail.startswith("Step 0 (read_file) does not name a file")


def test_a_read_that_errored_is_replayed_too() -> None:
    # Given a read of a file outside the manifest whose step reports an error
    log = replay(tool_step(tool="read_file", input="answers.txt", output=None, error="not found"))
    # Then the error field does not hide it: the read must still name a manifest file
    check = by_name(check_replay(log, run_facts(), SUBMITTED))["file_read_replay"]
    assert not check.ok
    assert "Step 0 (read_file) reads 'answers.txt'" in check.detail


@pytest.mark.parametrize(
    ("tool", "tool_input"),
    [
        ("Read", '{"file_path": "/home/me/repo/src/model.py"}'),  # an absolute path in the checkout
        ("ReadFile", "src/model.py"),
        ("read-file", "src/model.py"),
        ("FILE_READ", "src/model.py"),
        ("open_file", '{"filename": "src/model.py"}'),
        ("view", "src/model.py"),
        ("cat", "src/model.py"),
        ("str_replace_editor", '{"command": "view", "path": "src/model.py"}'),
        ("bash", "cat src/model.py"),
        ("Bash", '{"command": "head -n 20 src/model.py | grep Net"}'),
        ("execute_bash", "tail -5 src/model.py && less README.md"),
        ("run_command", "more configs/eval.yaml; sed -n '1,20p' src/model.py"),
        ("shell", "wc -l < src/model.py"),
    ],
)
def test_the_read_tools_real_agents_use_replay(tool: str, tool_input: str) -> None:
    # Given a read of manifest files by a tool named in any style, or a shell command that reads
    log = replay(tool_step(tool=tool, input=tool_input))
    # Then the read is recognised and replays
    check = by_name(check_replay(log, run_facts(), SUBMITTED))["file_read_replay"]
    assert check.ok, check.detail
    assert check.detail.startswith("All 1 file read(s)")


@pytest.mark.parametrize(
    ("tool", "tool_input", "shown"),
    [
        ("ReadFile", "notes/answers.txt", "'notes/answers.txt'"),
        ("VIEW", "/etc/passwd", "'/etc/passwd'"),
        ("bash", "cat /etc/passwd", "'/etc/passwd'"),
        ("bash", "head -n 3 src/model.py answers.txt", "'answers.txt'"),
        ("terminal", "sed -n 1p answers.txt", "'answers.txt'"),
        ("bash", '{"cmd": "less answers.txt"}', "'answers.txt'"),
        ("editor", '{"command": "view", "path": "answers.txt"}', "'answers.txt'"),
    ],
)
def test_reads_of_unlisted_files_fail_whatever_the_tool_style(
    tool: str, tool_input: str, shown: str
) -> None:
    log = replay(tool_step(tool=tool, input=tool_input))
    check = by_name(check_replay(log, run_facts(), SUBMITTED))["file_read_replay"]
    assert not check.ok
    assert f"reads {shown}, which is not in the run's workspace manifest" in check.detail


def test_a_shell_read_by_pattern_cannot_be_replayed() -> None:
    log = replay(tool_step(tool="bash", input="cat src/*.py"))
    check = by_name(check_replay(log, run_facts(), SUBMITTED))["file_read_replay"]
    assert not check.ok
    assert "reads files by a pattern ('src/*.py')" in check.detail


def test_writes_and_other_known_tools_are_not_reads() -> None:
    log = replay(
        tool_step(tool="write_file", input="x.py"),
        tool_step(tool="bash", input="python train.py > out.txt"),
        tool_step(tool="bash", input="sed -i s/a/b/ answers.txt"),
        tool_step(tool="str_replace_editor", input='{"command": "create", "path": "x.py"}'),
    )
    check = by_name(check_replay(log, run_facts(), SUBMITTED))["file_read_replay"]
    assert check == Check("file_read_replay", True, "There are no file reads to replay.")


def test_unknown_tools_are_recorded_not_trusted() -> None:
    # Given steps of a tool the validator does not know (it might read anything)
    log = replay(
        tool_step(tool="mystery_reader", input="answers.txt"),
        tool_step(tool="mystery_reader", input="more.txt"),
    )
    # Then they do not fail the check but are named in its detail
    check = by_name(check_replay(log, run_facts(), SUBMITTED))["file_read_replay"]
    assert check.ok
    assert "recorded, not trusted: mystery_reader (2)" in check.detail


def test_the_log_of_another_run_is_invalid() -> None:
    # Given a replay log that names run-1, submitted as the log of run-2 (or of no run)
    for submitted_run in ("run-2", None):
        check = by_name(check_replay(replay(llm_step()), run_facts(), SUBMITTED, submitted_run))
        # Then run_id_matches fails and says what to do
        assert not check["run_id_matches"].ok
        assert "The replay log is of run 'run-1'" in check["run_id_matches"].detail


def test_manifest_entries_are_normalised_too() -> None:
    run = run_facts({"./src/model.py"})
    log = replay(tool_step(tool="read", input="src/model.py"))
    assert by_name(check_replay(log, run, SUBMITTED))["file_read_replay"].ok


# --- trust tier --------------------------------------------------------------------------

PASSED = [
    Check("non_empty", True, ""),
    Check("timestamp_bounds", True, ""),
    Check("file_read_replay", True, ""),
    Check("run_id_matches", True, ""),
]


def test_no_replay_log_is_tier_0() -> None:
    assert trust_tier(None, run_facts()) == 0
    assert trust_tier([], run_facts()) == 0


def test_any_failed_check_is_tier_0() -> None:
    checks = [*PASSED[:2], Check("file_read_replay", False, "Step 0 ..."), PASSED[3]]
    assert trust_tier(checks, run_facts()) == 0


def test_all_passed_on_a_memoryless_first_attempt_is_tier_2() -> None:
    assert trust_tier(PASSED, run_facts(memoryless=True, attempt=1)) == 2


@pytest.mark.parametrize(
    "run",
    [
        run_facts(memoryless=False, attempt=1),
        run_facts(memoryless=True, attempt=2),
        None,
    ],
)
def test_all_passed_without_a_memoryless_first_attempt_is_tier_1(run: RunFacts | None) -> None:
    assert trust_tier(PASSED, run) == 1


def test_a_real_log_end_to_end_reaches_tier_2() -> None:
    # Given a valid log on a memoryless first attempt
    run = run_facts(memoryless=True, attempt=1)
    log = replay(tool_step(tool="read_file", input="README.md"), llm_step())
    # When checked and tiered
    # Then it earns tier 2; the same log without a run earns 0
    assert trust_tier(check_replay(log, run, SUBMITTED, "run-1"), run) == 2
    assert trust_tier(check_replay(log, None, SUBMITTED, "run-1"), None) == 0
