"""A paper's page (`/papers/{arxiv_id}`): its verification summary, claimed results beside the
values reproductions reported, score breakdown, code links and reproductions."""

from __future__ import annotations

from typing import Any

from chalicelib.domain.text import metric_names_match, slugify
from chalicelib.web import evidence_views as evidence
from chalicelib.web.html import Html, join, number, path_segment, render
from chalicelib.web.layout import PageContext, badge, page
from chalicelib.web.views.common import (
    EMPTY,
    _checks,
    _metrics,
    _reported_metric,
    _unread_log_note,
    _when,
    paper_href,
    row_verdict,
)

RULE_LABELS = {
    "official_code": "Official code",
    "author_claim": "Author claim verified",
    "reproduction": "Counted reproduction",
    "within_5pct": "Within 5% of the claim",
    "new_hardware": "New hardware",
}


def _reproduced_values(row: dict[str, Any], reproductions: list[dict[str, Any]]) -> Html:
    """The values reproductions reported for this claimed result (same metric, and dataset
    when they name one), with their review status and distance from the claim."""
    found = []
    for repro in reproductions:
        name, value = repro.get("actual_metric_name"), repro.get("actual_metric_value")
        if name is None or value is None or not metric_names_match(name, row["metric"]):
            continue  # the same vocabulary as scoring (chalicelib/domain/metrics/vocabulary.py)
        if repro.get("dataset") and slugify(repro["dataset"]) != slugify(row["dataset"]):
            continue
        claimed = row.get("value")
        delta = (
            f" ({(value - claimed) / abs(claimed):+.2%})"
            if isinstance(claimed, int | float) and claimed
            else ""
        )
        found.append(
            render(
                '<li><strong>${value}</strong>${delta} ${status} <a href="#${anchor}" '
                'class="muted">${rid}</a></li>',
                value=number(value),
                delta=delta,
                status=badge(repro.get("status")),
                anchor="repro-" + repro["reproduction_id"],
                rid=repro["reproduction_id"],
            )
        )
    if not found:
        return Html('<span class="muted">—</span>')
    return render('<ul class="checks">${items}</ul>', items=join(found))


def paper_page(
    ctx: PageContext,
    *,
    paper: dict[str, Any],
    reproductions: list[dict[str, Any]],
    next_cursor: str | None,
) -> Html:
    arxiv_id = paper.get("arxiv_id")
    title = paper.get("title") or arxiv_id or paper["paper_id"]
    arxiv_link = (
        render(
            '<a href="https://arxiv.org/abs/${id}">arXiv ${id}</a>',
            id=arxiv_id,
        )
        if arxiv_id
        else render('<span class="muted">${id}</span>', id=paper["paper_id"])
    )
    meta = [arxiv_link]
    if paper.get("published"):
        meta.append(render("published ${d}", d=paper["published"]))
    if paper.get("tasks"):
        meta.append(render("${tasks}", tasks=", ".join(paper["tasks"])))
    summary = render(
        """<section class="summary" aria-label="Verification">
<div><div class="muted">Verification score</div>
<div class="score" data-testid="verification-score">${score}</div></div>
<dl class="facts">
<dt>Status</dt><dd>${verification}</dd>
<dt>Counted reproductions</dt><dd>${counted}</dd>
<dt>Author claim</dt><dd>${author}</dd>
<dt>Compute to reproduce</dt><dd>${gpu_hours}</dd>
<dt>Recomputed</dt><dd>${updated}</dd>
</dl></section>""",
        score=paper.get("verification_score", 0),
        verification=badge(paper.get("verification", "unverified")),
        counted=sum(1 for r in paper.get("score_breakdown", []) if r.get("rule") == "reproduction"),
        author=paper.get("author_claim_state", "none"),
        gpu_hours=evidence.paper_gpu_hours(paper),
        updated=_when(paper.get("updated_at")) if paper.get("updated_at") else "not yet",
    )
    parts: list[Html] = [
        render("<h1>${title}</h1>", title=title),
        render('<p class="lead">${meta}</p>', meta=join(meta, sep=" · ")),
        summary,
        _claims_table(paper, reproductions),
        _breakdown_table(paper),
        _code_table(paper),
        _reproductions_table(reproductions),
    ]
    if next_cursor:
        parts.append(
            render(
                '<p class="pager"><a href="${href}" rel="next">Older reproductions</a></p>',
                href=paper_href(ctx, paper) + "?" + f"cursor={path_segment(next_cursor)}",
            )
        )
    return page(ctx, title=str(title), active="", body=join(parts))


def _claims_table(paper: dict[str, Any], reproductions: list[dict[str, Any]]) -> Html:
    rows = paper.get("leaderboard") or []
    if not rows:
        return Html('<h2 id="claims">Claimed results</h2><p class="muted">No claimed results.</p>')
    by_task: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_task.setdefault(str(row.get("task", "")), []).append(row)
    groups = join(
        render(
            """<tbody><tr class="group"><th scope="rowgroup" colspan="6">${task}</th></tr>
${rows}</tbody>""",
            task=task,
            rows=join(
                render(
                    """<tr><td class="nowrap">${dataset}</td><th scope="row">${metric}</th>
<td class="num">${claimed}</td><td>${verdict}</td><td>${reproduced}</td>
<td class="num">${counted}</td></tr>""",
                    dataset=row.get("dataset", ""),
                    metric=row.get("metric", ""),
                    claimed=number(row.get("value")),
                    verdict=row_verdict(row),
                    reproduced=_reproduced_values(row, reproductions),
                    counted=row.get("reproductions", 0),
                )
                for row in task_rows
            ),
        )
        for task, task_rows in by_task.items()
    )
    return render(
        """<h2 id="claims">Claimed results and reproduced values</h2>
<div class="table-wrap" role="region" tabindex="0" aria-label="${region}">
<table>
<caption>What the paper claims, beside what reproductions measured, by task</caption>
<thead><tr><th scope="col">Dataset</th><th scope="col">Metric</th>
<th scope="col" class="num">Claimed</th><th scope="col">Verdict</th>
<th scope="col">Reported by reproductions (review status)</th>
<th scope="col" class="num">Counted reproductions</th></tr></thead>
${groups}
</table></div>""",
        region="Claimed results",
        groups=groups,
    )


def _breakdown_table(paper: dict[str, Any]) -> Html:
    rules = paper.get("score_breakdown") or []
    if not rules:
        return Html(
            '<h2 id="score">Score breakdown</h2><p class="muted">No points yet: no official '
            "code link, no verified author claim and no counted reproduction.</p>"
        )
    body = join(
        render(
            """<tr><th scope="row">${rule}</th><td>${detail}${repro}</td>
<td class="num">+${points}</td></tr>""",
            rule=RULE_LABELS.get(rule.get("rule", ""), rule.get("rule", "")),
            detail=rule.get("detail", ""),
            repro=(
                render(
                    ' <a href="#repro-${rid}" class="muted">${rid}</a>',
                    rid=rule["reproduction_id"],
                )
                if rule.get("reproduction_id")
                else EMPTY
            ),
            points=rule.get("points", 0),
        )
        for rule in rules
    )
    return render(
        """<h2 id="score">Score breakdown</h2>
<div class="table-wrap" role="region" tabindex="0" aria-label="${region}">
<table>
<caption>Each scoring rule and the points it gave</caption>
<thead><tr><th scope="col">Rule</th><th scope="col">Why</th>
<th scope="col" class="num">Points</th></tr></thead>
<tbody>${body}</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td class="num">${total}</td></tr></tfoot>
</table></div>""",
        region="Score breakdown",
        body=body,
        total=paper.get("verification_score", 0),
    )


def _code_table(paper: dict[str, Any]) -> Html:
    links = paper.get("code_links") or []
    if not links:
        return Html('<h2 id="code">Code</h2><p class="muted">No code links recorded.</p>')
    body = join(
        render(
            """<tr><th scope="row" class="wrap-anywhere">${link}</th><td>${official}</td>
<td class="num">${stars}</td><td>${framework}</td></tr>""",
            link=(
                render('<a href="${url}" rel="nofollow noopener">${url}</a>', url=link["url"])
                if str(link.get("url", "")).startswith("https://")
                else render("${url}", url=link.get("url", ""))
            ),
            official="official" if link.get("is_official") else "community",
            stars=number(link.get("stars")),
            framework=link.get("framework") or "—",
        )
        for link in links
    )
    return render(
        """<h2 id="code">Code</h2>
<div class="table-wrap" role="region" tabindex="0" aria-label="${region}">
<table>
<caption>Code links</caption>
<thead><tr><th scope="col">Repository</th><th scope="col">Kind</th>
<th scope="col" class="num">Stars</th><th scope="col">Framework</th></tr></thead>
<tbody>${body}</tbody>
</table></div>""",
        region="Code links",
        body=body,
    )


def _copy_note(repro: dict[str, Any]) -> Html:
    if not repro.get("duplicate_of"):
        return EMPTY
    return render(
        '<div class="muted">same output as <a href="#repro-${d}">${d}</a></div>',
        d=repro["duplicate_of"],
    )


def _copy_of_earlier_note(repro: dict[str, Any]) -> Html:
    """Promoted before an earlier submission of the same output by another account was read
    (README "Copies"): its decision stands, a reviewer checks it."""
    if not repro.get("copy_of_earlier"):
        return EMPTY
    return render(
        '<div class="unread" role="note" data-testid="copy-of-earlier"><strong>Check: '
        'possible copy.</strong> Promoted before <a href="#repro-${d}">${d}</a>, submitted '
        "earlier by another account with the same run output, was read.</div>",
        d=repro["copy_of_earlier"],
    )


def _reproductions_table(reproductions: list[dict[str, Any]]) -> Html:
    if not reproductions:
        return Html(
            '<h2 id="reproductions">Reproductions</h2><p class="muted">No reproductions '
            "submitted yet.</p>"
        )
    body = join(
        render(
            """<tr id="repro-${rid}"><th scope="row">${rid}
<div class="muted">${submitted}</div></th>
<td>${status}${copy}</td><td class="nowrap">claimed ${tier_claimed}<br>trust ${trust}</td>
<td>${hardware}<div class="muted">${compute}</div></td><td>${reported}</td>
<td>${validation}${checks}<div><span class="muted">Found in the log:</span> ${extracted}</div>
</td></tr>""",
            rid=repro["reproduction_id"],
            submitted=_when(repro.get("submitted_at")),
            status=badge(repro.get("status")),
            copy=join([_copy_note(repro), _copy_of_earlier_note(repro)]),
            tier_claimed=repro.get("tier_claimed", ""),
            trust=repro.get("trust_tier", 0),
            hardware=repro.get("hardware_spec", ""),
            compute=evidence.compute_text(repro.get("compute")) if repro.get("compute") else "",
            reported=_reported_metric(repro),
            validation=join(
                [
                    badge((repro.get("validation") or {}).get("state")),
                    _unread_log_note(repro.get("validation") or {}),
                ]
            ),
            checks=_checks((repro.get("validation") or {}).get("checks") or []),
            extracted=_metrics((repro.get("validation") or {}).get("extracted_metrics") or []),
        )
        for repro in reproductions
    )
    return render(
        """<h2 id="reproductions">Reproductions</h2>
<div class="table-wrap" role="region" tabindex="0" aria-label="${region}">
<table>
<caption>Submitted reproductions, newest first, with their validation verdicts</caption>
<thead><tr><th scope="col">Reproduction</th><th scope="col">Review</th>
<th scope="col">Tiers</th><th scope="col">Hardware</th><th scope="col">Reported metric</th>
<th scope="col">Validation</th></tr></thead>
<tbody>${body}</tbody>
</table></div>""",
        region="Reproductions",
        body=body,
    )
