"""Page fragments for the evidence of issue 18: which step printed the claimed number, which
step edited which evaluation file, the earlier copy of a run output, and what a run cost
(GPU hours). Plain functions from stored items to `Html` (no I/O), used by `views/review.py`
and `views/paper.py`."""

from __future__ import annotations

from typing import Any

from chalicelib.web.html import Html, join, render

EMPTY = Html("")
_TEXT_CHARS = 300


def _short(text: str) -> str:
    return text if len(text) <= _TEXT_CHARS else text[: _TEXT_CHARS - 1] + "…"


def hours(value: Any) -> str:
    """GPU hours as people read them: `0.42`, `3.1`, `120`."""
    if value is None:
        return "—"
    value = float(value)
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}"


def read_from(validation: dict[str, Any]) -> Html:
    """The run-log line the claimed value was read from, for a passed validation: what a
    reviewer checks before promoting (a value quoted from a paper, a validation value or one
    class's row are the validator's typical mistakes; the line shows them)."""
    lines = validation.get("confirming_lines") or []
    if validation.get("state") != "passed" or not lines:
        return EMPTY
    first = lines[0]
    return render(
        '\n<dt>Read from</dt><dd data-testid="read-from">line ${line}: <code>${text}</code>'
        '<br><span class="muted">Check that this line is the run\'s own final result for the '
        "claimed metric and data set before promoting.</span></dd>",
        line=first.get("line") or "?",
        text=_short(str(first.get("text") or "")),
    )


def trajectory_evidence(trajectory: dict[str, Any] | None) -> Html:
    """Which step printed the confirming line; which steps wrote evaluation files."""
    evidence = (trajectory or {}).get("evidence") or {}
    printed = evidence.get("printed_by")
    writes = evidence.get("eval_writes") or []
    if not printed and not writes:
        return EMPTY
    parts: list[Html] = []
    if printed:
        parts.append(
            render(
                '<li data-testid="printed-by">Step <strong>${step}</strong> (${tool}) printed '
                "line ${line} of the run log: <code>${text}</code></li>",
                step=printed.get("step"),
                tool=printed.get("tool", ""),
                line=printed.get("line"),
                text=_short(str(printed.get("text", ""))),
            )
        )
    for write in writes:
        parts.append(
            render(
                '<li data-testid="eval-write"><span class="bad-mark" aria-hidden="true">✗</span> '
                "Step <strong>${step}</strong> (${tool}) writes evaluation file "
                "<code>${file}</code> <span class='muted'>(${how})</span></li>",
                step=write.get("step"),
                tool=write.get("tool", ""),
                file=write.get("file", ""),
                how=write.get("how", ""),
            )
        )
    return render('<ul class="checks evidence">${items}</ul>', items=join(parts))


def compute_text(compute: dict[str, Any] | None) -> Html:
    """`2× a100 for 1.5 h of wall time: 3 GPU hours` (the server's clock, the agent's spec)."""
    if not compute:
        return Html('<span class="muted">no run, so no server-witnessed time</span>')
    wall = float(compute.get("wall_seconds") or 0) / 3600
    if compute.get("gpu_hours") is None:
        return render(
            '<span data-testid="compute">${wall} h of wall time; no GPU recognised in the '
            "hardware spec, so no GPU hours</span>",
            wall=hours(wall),
        )
    return render(
        '<span data-testid="compute">${count}× ${model} for ${wall} h of wall time: '
        "<strong>${gpu} GPU hours</strong></span>",
        count=compute.get("gpu_count", 0),
        model=compute.get("gpu_model", ""),
        wall=hours(wall),
        gpu=hours(compute.get("gpu_hours")),
    )


def paper_gpu_hours(paper: dict[str, Any]) -> Html:
    """A paper's GPU hours: median and range over its counted reproductions."""
    spread = paper.get("gpu_hours")
    if not spread:
        return Html(
            '<span class="muted">unknown (no counted reproduction made through a run)</span>'
        )
    count = int(spread.get("reproductions") or 0)
    if spread.get("min") == spread.get("max"):
        return render(
            '<span data-testid="gpu-hours">${median} GPU hours (${count} counted reproduction)'
            "</span>",
            median=hours(spread.get("median")),
            count=count,
        )
    return render(
        '<span data-testid="gpu-hours">median ${median} GPU hours (${low}–${high}, ${count} '
        "counted reproductions)</span>",
        median=hours(spread.get("median")),
        low=hours(spread.get("min")),
        high=hours(spread.get("max")),
        count=count,
    )


def copy_note(item: dict[str, Any], earlier: dict[str, Any] | None, href: str) -> Html:
    """The earlier submission of another account with the same run output."""
    rid = item.get("duplicate_of")
    if not rid:
        return EMPTY
    if earlier is None:
        about = Html(" <span class='muted'>(that submission was never completed)</span>")
    else:
        about = render(
            " <span class='muted'>(${status}, submitted ${when})</span>",
            status=earlier.get("status", ""),
            when=str(earlier.get("submitted_at", ""))[:16].replace("T", " "),
        )
    return render(
        '<p class="unread" role="note" data-testid="copy-of"><strong>Possible copy.</strong> '
        'Its run output is the same as that of <a href="${href}">${rid}</a>${about}, '
        "submitted earlier by another account. Promoting it takes a second click to confirm "
        "you checked that it is a run of its own.</p>",
        href=href,
        rid=rid,
        about=about,
    )


def confirm_copy_button(rid: str) -> Html:
    """The second click: promote a reproduction flagged as a copy."""
    return render(
        '<input type="hidden" name="confirm_duplicate" value="1">'
        '<button type="submit" name="action" value="promote" class="promote" '
        'data-testid="confirm-copy" aria-describedby="h-${rid}">Confirm: promote this copy'
        "</button>",
        rid=rid,
    )
