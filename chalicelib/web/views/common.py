"""Formatting shared by the pages: links to a paper, a claimed result's verdict, validation
checks, metric lists, timestamps, `<select>` options.

The underscored helpers are for the page modules of this package (`chalicelib.web.views`)."""

from __future__ import annotations

from typing import Any

from chalicelib.web.html import Html, join, number, path_segment, render
from chalicelib.web.layout import PageContext, badge

EMPTY = Html("")


def paper_href(ctx: PageContext, item: dict[str, Any]) -> str:
    reference = item.get("arxiv_id") or item["paper_id"]
    return ctx.link("/papers/" + path_segment(str(reference)))


def _options(choices: tuple[tuple[str, str], ...], selected: str) -> Html:
    return join(
        render(
            '<option value="${value}"${sel}>${label}</option>',
            value=value,
            label=label,
            sel=Html(" selected") if value == selected else EMPTY,
        )
        for value, label in choices
    )


def _checks(checks: list[dict[str, Any]]) -> Html:
    if not checks:
        return EMPTY
    items = join(
        render(
            '<li><span class="${cls}" aria-hidden="true">${mark}</span> '
            '<span class="sr-only">${verdict}:</span> <strong>${name}</strong>: ${detail}</li>',
            cls="ok-mark" if check.get("ok") else "bad-mark",
            mark="✓" if check.get("ok") else "✗",
            verdict="passed" if check.get("ok") else "failed",
            name=check.get("name", ""),
            detail=check.get("detail", ""),
        )
        for check in checks
    )
    return render('<ul class="checks">${items}</ul>', items=items)


def _metrics(metrics: list[dict[str, Any]]) -> Html:
    if not metrics:
        return Html('<span class="muted">none</span>')
    return join(
        (
            render(
                "${name}&nbsp;=&nbsp;${value}", name=m.get("name", ""), value=number(m.get("value"))
            )
            for m in metrics[:12]
        ),
        sep=", ",
    )


def _unread_log_note(validation: dict[str, Any]) -> Html:
    """What an `unchecked` verdict means for the person looking at it."""
    if validation.get("state") != "unchecked":
        return EMPTY
    return Html(
        '<p class="unread" role="note"><strong>Nobody has read this log.</strong> The server '
        "did not or could not read it (the run_log_read check says why), so no metric was "
        "checked. Open the log and check the reported value yourself before promoting.</p>"
    )


def _reported_metric(item: dict[str, Any]) -> Html:
    name, value = item.get("actual_metric_name"), item.get("actual_metric_value")
    if name is None and value is None:
        return Html('<span class="muted">none reported</span>')
    dataset = item.get("dataset")
    return render(
        "${name} = <strong>${value}</strong>${on}",
        name=name or "(unnamed)",
        value=number(value),
        on=render(" on ${d}", d=dataset) if dataset else EMPTY,
    )


def row_verdict(row: dict[str, Any]) -> Html:
    """A claimed result's verdict: its status, then `n of m within 5%` and the values' range."""
    count = int(row.get("reproductions") or 0)
    status = str(row.get("status") or "untested")
    if not count:
        return badge(status)
    spread = row.get("reproduced_values") or {}
    values = (
        number(spread.get("median"))
        if spread.get("min") == spread.get("max")
        else render(
            "${low}–${high} (median ${median})",
            low=number(spread.get("min")),
            high=number(spread.get("max")),
            median=number(spread.get("median")),
        )
    )
    return render(
        '${badge} <span class="muted">${within} of ${count} within 5%: ${values}</span>',
        badge=badge(status),
        within=int(row.get("within_5pct") or 0),
        count=count,
        values=values,
    )


def _when(timestamp: Any) -> str:
    """`2026-11-26T01:49:06.243053+00:00` -> `2026-11-26 01:49 UTC`."""
    text = str(timestamp or "")
    return f"{text[:10]} {text[11:16]} UTC" if len(text) >= 16 else (text or "—")
