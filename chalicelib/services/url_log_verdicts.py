"""The verdict of a URL run log: read it (`chalicelib/services/url_logs.py`) and check it like
pasted output, or `unchecked` with the reason it could not be read. A raw file's normalised
content hash goes with the verdict, for the copy check (issue 18)."""

from __future__ import annotations

from typing import Any

from chalicelib.domain.urls import RunLogError, canonical_log_url
from chalicelib.services.url_logs import FetchLimits, LogRead, NotRead, read_url_log, size_text


def _check(name: str, ok: bool, detail: str) -> dict[str, Any]:
    return {"name": name, "ok": ok, "detail": detail}


def _described(read: LogRead) -> str:
    what = f"read {read.source}"
    if read.sha256:
        what += f" ({size_text(read.size)}, SHA-256 {read.sha256})"
    if read.notes:
        what += "; " + "; ".join(read.notes)
    return what


def verdict_of_read(repro: dict[str, Any], url: str, read: LogRead) -> dict[str, Any]:
    """`passed` or `failed`: the same checks as pasted output, on the log that was read."""
    from chalicelib.services.validation import log_verdict

    validation = log_verdict(
        repro, read.metrics, [_check("run_log_read", True, f"{url}: {_described(read)}")]
    )
    if read.content_hash:  # who was first with this output: see validation.py
        validation["content_hash"] = read.content_hash
    return validation


def unchecked_verdict(url: str, reason: str) -> dict[str, Any]:
    detail = (
        f"{url} was not read by the server: {reason}. Nobody has checked this log: a reviewer "
        "must read it before promoting"
    )
    return {
        "state": "unchecked",
        "checks": [_check("run_log_read", False, detail)],
        "extracted_metrics": [],
    }


def url_log_verdict(repro: dict[str, Any], limits: FetchLimits | None = None) -> dict[str, Any]:
    """The `validation` of a reproduction whose run log is a URL.

    A verdict from a log that was read (`passed`/`failed`) is kept: later events for the same
    reproduction (its replay log, a duplicate delivery) do not fetch the log again, so the
    verdict cannot flip because the host was slow the second time or the file was edited
    after it was checked. An `unchecked` verdict is retried by each later event.
    """
    try:
        url = canonical_log_url(repro["run_log"].get("url") or "")
    except RunLogError as exc:
        return {
            "state": "failed",
            "checks": [_check("run_log_url", False, str(exc))],
            "extracted_metrics": [],
        }
    stored = repro.get("validation") or {}
    if stored.get("state") in ("passed", "failed") and any(
        c.get("name") == "run_log_read" and c.get("ok") for c in stored.get("checks") or []
    ):
        kept = ("state", "checks", "extracted_metrics", "confirming_lines")
        verdict = {k: stored.get(k, []) for k in kept}
        if stored.get("content_hash"):
            verdict["content_hash"] = stored["content_hash"]
        return verdict
    try:
        read = read_url_log(url, limits)
    except NotRead as exc:
        return unchecked_verdict(url, str(exc))
    return verdict_of_read(repro, url, read)
