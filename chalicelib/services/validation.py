"""Validate an uploaded reproduction (SPEC 7): S3 object-created -> SQS -> this service.

Every event for a reproduction recomputes its whole verdict from the inputs (the reproduction
item, its uploaded logs in S3, its run), so duplicate and reordered events converge on the
same stored result, and an event that changes nothing writes nothing.

Checks:
- run log: pasted output -> `metrics_extracted` (at least one metric found) and, when the
  submission names a metric, `metric_in_log` (that value printed for that metric, within
  rounding, percent or fraction); a URL -> its raw form is read and checked the same way,
  or the verdict is `unchecked` when it could not be read (`chalicelib/services/url_logs.py`).
- replay log -> the trajectory's `non_empty`, `timestamp_bounds`, `file_read_replay`,
  `run_id_matches`, `output_in_trajectory` and `evaluator_untouched`
  (`chalicelib/domain/evidence.py`), and the trust tier (0 none/failed, 1 valid, 2 valid +
  memoryless run + first attempt).
- a run -> the reproduction's `compute` (`chalicelib/domain/compute.py`).
"""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import unquote_plus

from chalicelib.db import reproductions as reproductions_db
from chalicelib.db import runs as runs_db
from chalicelib.db import uploads
from chalicelib.db.codec import is_storable_number
from chalicelib.domain.compute import compute_of
from chalicelib.domain.evidence import (
    EvidenceChecks,
    confirming_from_validation,
    confirming_lines,
)
from chalicelib.domain.log_metrics import ExtractedMetric, check_claimed_metric, extract_metrics

# The extractor's readers (~0.2 s of imports and patterns) with the validator's other imports,
# not on its first extraction: a warm validator has them loaded before the event (issue #16).
from chalicelib.domain.metrics import readers  # noqa: F401  (registers every reader)
from chalicelib.domain.replay import ReplayLog, RunFacts, check_replay, trust_tier
from chalicelib.domain.urls import pinned_log_url
from chalicelib.services import log_streams

MAX_EXTRACTED = 200


class NotReadyYet(Exception):
    """The upload arrived before its reproduction item: let the queue retry it."""


def reproduction_id_of(key: str) -> str | None:
    """`runlogs/r123.txt`, `runlogs/r123.url`, `replays/r123.json` -> `r123`."""
    key = unquote_plus(key)
    folder, _, name = key.partition("/")
    if folder not in ("runlogs", "replays") or "/" in name:
        return None
    stem = name.rsplit(".", 1)[0]
    return stem if stem.startswith("r") and stem[1:].isalnum() else None


def object_keys(message_body: str) -> list[str]:
    """Object keys of an S3 event notification (the s3:TestEvent has none)."""
    try:
        event = json.loads(message_body)
    except ValueError:
        return []
    if not isinstance(event, dict):
        return []
    keys = []
    for record in event.get("Records") or []:
        key = (((record or {}).get("s3") or {}).get("object") or {}).get("key")
        if isinstance(key, str) and str(record.get("eventName", "")).startswith("ObjectCreated"):
            keys.append(unquote_plus(key))
    return keys


def _run_facts(run_id: str | None) -> RunFacts | None:
    if not run_id:
        return None
    run = runs_db.get(run_id)
    if run is None:
        return None
    return RunFacts(
        started_at=datetime.fromisoformat(run["started_at"]),
        memoryless=bool(run.get("memoryless")),
        attempt=int(run.get("attempt", 1)),
        workspace_files=frozenset(run.get("workspace", {}).get("files", [])),
        eval_files=frozenset(run.get("workspace", {}).get("eval_files", [])),
        commit=run.get("workspace", {}).get("commit"),
    )


def _check(name: str, ok: bool, detail: str) -> dict[str, Any]:
    return {"name": name, "ok": ok, "detail": detail}


def log_verdict(
    repro: dict[str, Any], found: list[ExtractedMetric], first: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The `validation` of a run log from the metrics found in it (pasted, uploaded or read
    from its URL: the same checks): `metrics_extracted` and, when a metric is reported,
    `metric_in_log` (for that dataset when one is named). `first`: checks that come before."""
    # A number DynamoDB cannot store (acc: 1e200) is no metric: keep it out, or the verdict
    # could never be stored and the upload would be retried until dead-lettered.
    metrics = [m for m in found if is_storable_number(m.value)]
    extracted = [{"name": m.name, "value": m.value} for m in metrics[:MAX_EXTRACTED]]
    checks = list(first or [])
    if metrics:
        names = ", ".join(dict.fromkeys(m.name for m in metrics[:8]))
        checks.append(_check("metrics_extracted", True, f"{len(metrics)} found: {names}"))
    else:
        checks.append(
            _check(
                "metrics_extracted",
                False,
                "no metric found in the run log; give the output of the final evaluation "
                "(e.g. the lines that print accuracy, BLEU or AP)",
            )
        )
    name, value = repro.get("actual_metric_name"), repro.get("actual_metric_value")
    matched = None
    if name is not None and value is not None:
        verdict = check_claimed_metric(metrics, name, float(value), repro.get("dataset"))
        checks.append(_check("metric_in_log", verdict.ok, verdict.detail))
        matched = verdict.matched
    state = "passed" if all(c["ok"] for c in checks) else "failed"
    # the line(s) output_in_trajectory looks for in the replay log's tool output
    if name is None or value is None:  # no claim: any line that reports a metric
        confirming = confirming_lines(metrics, None)
    elif matched is not None:
        confirming = confirming_lines(metrics, (name, float(value), repro.get("dataset")), matched)
    else:  # the claim is not confirmed (metric_in_log failed): no line to look for
        confirming = []
    return {
        "state": state,
        "checks": checks,
        "extracted_metrics": extracted,
        "confirming_lines": confirming,
    }


def run_log_verdict(repro: dict[str, Any], text: str | None) -> dict[str, Any]:
    """The `validation` of pasted output (pure apart from its inputs)."""
    return log_verdict(repro, extract_metrics(text or ""))


def replay_verdict(
    repro: dict[str, Any],
    raw: str | None,
    run: RunFacts | None,
    validation: dict[str, Any] | None = None,
) -> tuple[dict[str, Any] | None, int]:
    """The trajectory verdict and trust tier. `validation`: the run log's verdict, whose
    confirming lines output_in_trajectory looks for (default: the stored one)."""
    if repro.get("replay_s3_key") is None:
        return None, 0
    if raw is None:
        raise NotReadyYet(f"replay log {repro['replay_s3_key']} is not in the bucket yet")
    log = ReplayLog.model_validate_json(raw)
    submitted_at = datetime.fromisoformat(repro["submitted_at"])
    checks = check_replay(log, run, submitted_at, repro.get("run_id"))
    found = evidence_checks(repro, run, validation)
    found.feed(log.steps)
    more, evidence = found.finish()
    checks += more
    trajectory = {
        "state": "valid" if all(c.ok for c in checks) else "invalid",
        "checks": [asdict(c) for c in checks],
        # what a reviewer is shown: the step that printed the number, edits of eval files
        "evidence": {k: v for k, v in evidence.items() if v},
    }
    return trajectory, trust_tier(checks, run)


def evidence_checks(
    repro: dict[str, Any], run: RunFacts | None, validation: dict[str, Any] | None
) -> EvidenceChecks:
    """output_in_trajectory and evaluator_untouched, ready to be fed the replay log's steps;
    they look for the lines that confirm the claim in `validation` (default: the stored one)."""
    lines, why = confirming_from_validation(validation or repro.get("validation") or {})
    return EvidenceChecks(run, datetime.fromisoformat(repro["submitted_at"]), lines, why)


def validate_reproduction(reproduction_id: str) -> bool:
    """Recompute and store the verdict. Returns True if something changed."""
    repro = reproductions_db.get(reproduction_id)
    if repro is None:
        raise NotReadyYet(f"reproduction {reproduction_id} is not stored yet")
    text = None
    if repro["run_log"]["kind"] == "pasted":
        text = uploads.get_text(repro["run_log"]["s3_key"])
        if text is None:
            raise NotReadyYet(f"run log of {reproduction_id} is not in the bucket yet")
    if repro["run_log"]["kind"] == "url":
        from chalicelib.services.url_log_verdicts import (
            url_log_verdict,
        )  # http.client, ssl: only here

        validation = url_log_verdict(repro)
    elif repro["run_log"]["kind"] == "upload":  # read as a stream, never whole
        validation = log_streams.uploaded_run_log_verdict(repro, log_verdict)
    else:
        validation = run_log_verdict(repro, text)
    run = _run_facts(repro.get("run_id"))
    if run is None and _made_with_its_run(repro):
        # The run expired and TTL deleted it after the verdict was made with it: what the run
        # proved then stands (a redelivered or redriven event cannot take the tier away)
        trajectory, tier = repro.get("trajectory"), int(repro.get("trust_tier", 0))
        compute = repro.get("compute")
    else:
        trajectory, tier = _trajectory_verdict(repro, run, validation)
        compute = _compute(repro, run)
    duplicate_of = _copied_upload(repro, validation)
    unchanged = (
        repro.get("validation", {}).get("state") == validation["state"]
        and repro.get("validation", {}).get("checks") == validation["checks"]
        and repro.get("validation", {}).get("confirming_lines", [])
        == validation.get("confirming_lines", [])
        and repro.get("trajectory") == trajectory
        and int(repro.get("trust_tier", 0)) == tier
        and repro.get("compute") == compute
        and (duplicate_of is None or repro.get("duplicate_of") == duplicate_of)
    )
    if unchanged:
        return False
    now = datetime.now(UTC).isoformat(timespec="microseconds")
    validation["validated_at"] = now
    # False: a reviewer verified it on its earlier verdict, which then stands (see store_verdict)
    return reproductions_db.store_verdict(
        reproduction_id,
        validation,
        trajectory,
        tier,
        now,
        compute=compute,
        duplicate_of=duplicate_of,
    )


def _made_with_its_run(repro: dict[str, Any]) -> bool:
    """Whether the stored verdict was made with the reproduction's run: only a verdict made
    with a run carries `compute` (a run is reserved by the submission, so it existed then)."""
    return bool(repro.get("run_id")) and repro.get("compute") is not None


def _trajectory_verdict(
    repro: dict[str, Any], run: RunFacts | None, validation: dict[str, Any]
) -> tuple[dict[str, Any] | None, int]:
    """The replay log's verdict and trust tier, read from S3 (inline or uploaded)."""
    if repro.get("replay_upload"):
        evidence = evidence_checks(repro, run, validation)
        return log_streams.uploaded_replay_verdict(repro, run, evidence)
    inline_replay = repro.get("replay_s3_key") is not None
    replay_raw = uploads.get_text(repro["replay_s3_key"]) if inline_replay else None
    return replay_verdict(repro, replay_raw, run, validation)


def _copied_upload(repro: dict[str, Any], validation: dict[str, Any]) -> str | None:
    """An uploaded run log, or the raw file behind a log URL, is claimed here, once read
    (pasted output is claimed in the submission's transaction): the earlier reproduction of
    another account with the same output, or None. Earlier by submission time: a later
    submission that claimed the output first (a paste of this log, say) loses the claim and
    is marked as the copy (`copies.claim`)."""
    digest = validation.get("content_hash")
    if repro["run_log"].get("kind") not in ("upload", "url") or not digest:
        return None
    from chalicelib.db import copies as copies_db

    try:
        owner = copies_db.claim(
            repro["paper_id"],
            digest,
            repro["reproduction_id"],
            repro["submitter_id"],
            repro["submitted_at"],
            may_take_over=_read_as_submitted(repro),
        )
    except copies_db.OwnerNotStoredYet as exc:
        raise NotReadyYet(str(exc)) from exc
    if owner.get("account_id") == repro["submitter_id"]:
        return None
    return str(owner["reproduction_id"])


# How long after its submission a mutable log URL's file is still taken for what was there
# when it was submitted (the validator normally reads it within seconds).
URL_READ_WINDOW = timedelta(minutes=10)


def _read_as_submitted(repro: dict[str, Any]) -> bool:
    """May this reproduction's log count as submitted at its `submitted_at` (and so take an
    output over from a later paste)? An upload was received before its submission and a
    pinned URL (a commit, a gist revision) cannot change; the file behind any other URL can
    be edited after the submission, so only a read soon after it counts that way."""
    run_log = repro["run_log"]
    if run_log.get("kind") != "url" or pinned_log_url(str(run_log.get("url", ""))):
        return True
    submitted = datetime.fromisoformat(repro["submitted_at"])
    return datetime.now(UTC) - submitted <= URL_READ_WINDOW


def _compute(repro: dict[str, Any], run: RunFacts | None) -> dict[str, Any] | None:
    """The compute ledger entry of a reproduction made through a run (None without one)."""
    if run is None:
        return None
    submitted_at = datetime.fromisoformat(repro["submitted_at"])
    return compute_of(repro.get("hardware_spec", ""), run.started_at, submitted_at)
