"""Page bodies: plain functions from data to `Html` (no I/O; `pages.py` fetches the data).

Every value is substituted through `render`, which escapes it; see `chalicelib.web.html`.
"""

from __future__ import annotations

from typing import Any

from chalicelib.domain.text import metric_names_match, slugify
from chalicelib.services.object_streams import LogExcerpt
from chalicelib.web import evidence_views as evidence
from chalicelib.web.excerpts import excerpt_html
from chalicelib.web.html import Html, join, number, path_segment, render
from chalicelib.web.layout import PageContext, badge, notice, page

LOG_EXCERPT_CHARS = 2_000
TRUST_TIERS = (
    ("", "Any"),
    ("0", "0 or more: a counted reproduction"),
    ("1", "1 or more: valid replay log"),
    ("2", "2: valid, memoryless, first attempt"),
)
ROW_STATUSES = (
    ("", "Any"),
    ("reproduced", "reproduced: all within 5%"),
    ("contested", "contested: some within 5%"),
    ("not_reproduced", "not reproduced: none within 5%"),
    ("untested", "untested"),
)
RULE_LABELS = {
    "official_code": "Official code",
    "author_claim": "Author claim verified",
    "reproduction": "Counted reproduction",
    "within_5pct": "Within 5% of the claim",
    "new_hardware": "New hardware",
}
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


# --- SOTA table ----------------------------------------------------------------------------


def sota_page(
    ctx: PageContext,
    *,
    form: dict[str, str],
    rows: list[dict[str, Any]] | None,
    next_cursor: str | None,
    error: str | None = None,
) -> Html:
    filters = render(
        """<form class="filters" method="get" action="${action}" role="search">
<label for="f-task">Task <span class="hint">name or slug</span>
<input id="f-task" name="task" value="${task}" required maxlength="200"
 placeholder="e.g. node-property-prediction"></label>
<label for="f-dataset">Dataset <span class="hint">optional</span>
<input id="f-dataset" name="dataset" value="${dataset}" maxlength="200"></label>
<label for="f-min">Minimum score <span class="hint">see how it is counted below</span>
<input id="f-min" name="min_score" type="number" min="0" step="1" value="${min_score}"></label>
<label for="f-repros">Reproductions <span class="hint">at least, of this result</span>
<input id="f-repros" name="min_reproductions" type="number" min="0" step="1"
 value="${min_reproductions}"></label>
<label for="f-status">Verdict
<select id="f-status" name="status">${statuses}</select></label>
<label for="f-tier">Trust tier <span class="hint">of a counted reproduction</span>
<select id="f-tier" name="trust_tier">${tiers}</select></label>
<label for="f-sort">Sort by
<select id="f-sort" name="sort">${sorts}</select></label>
<button type="submit">Show results</button>
</form>""",
        action=ctx.link("/"),
        task=form.get("task", ""),
        dataset=form.get("dataset", ""),
        min_score=form.get("min_score", ""),
        min_reproductions=form.get("min_reproductions", ""),
        statuses=_options(ROW_STATUSES, form.get("status", "")),
        tiers=_options(TRUST_TIERS, form.get("trust_tier", "")),
        sorts=_options(
            (("score", "Verification score"), ("date", "Newest first")), form.get("sort", "score")
        ),
    )
    parts = [
        Html("<h1>State of the art, verified</h1>"),
        Html(
            '<p class="lead">Published results for a task, ranked by how well independent '
            "reproductions back them. Each result shows its verdict: how many counted "
            "reproductions measured it and how many came within 5% of the claim.</p>"
        ),
        Html(
            '<p class="muted">The score adds 5 for official code, 10 for a verified author '
            "claim, and for each counted reproduction 10, plus 5 within 5% of the claim and 3 "
            "on new hardware: one reproduction can reach 30, so to ask for independent "
            "reproductions use the Reproductions filter (min_reproductions in the API).</p>"
        ),
        filters,
    ]
    if error:
        parts.append(notice(error, "error"))
    elif rows is None:
        parts.append(
            notice(
                "Enter a task to see its leaderboard, for example Node Property Prediction, "
                "Natural Language Inference or image-classification."
            )
        )
    elif not rows:
        parts.append(notice("No results match these filters."))
    else:
        parts.append(_sota_table(ctx, form, rows))
        if next_cursor:
            parts.append(
                render(
                    '<p class="pager"><a href="${href}" rel="next">Next page</a></p>',
                    href=ctx.link("/", **{**form, "cursor": next_cursor}),
                )
            )
    title = f"SOTA: {form['task']}" if form.get("task") else "SOTA table"
    return page(ctx, title=title, active="sota", body=join(parts))


def _sota_table(ctx: PageContext, form: dict[str, str], rows: list[dict[str, Any]]) -> Html:
    body = join(
        render(
            """<tr><th scope="row"><a href="${href}">${title}</a>
<div class="muted">${arxiv}</div></th>
<td>${dataset}</td><td>${metric}</td><td class="num">${value}</td>
<td>${verdict}</td>
<td>${verification}</td><td class="num">${score}</td><td class="num">${repros}</td>
<td class="num">${published}</td></tr>""",
            href=paper_href(ctx, row),
            title=row.get("title") or row.get("arxiv_id") or row["paper_id"],
            arxiv=f"arXiv {row['arxiv_id']}" if row.get("arxiv_id") else "",
            dataset=row.get("dataset", ""),
            metric=row.get("metric", ""),
            value=number(row.get("value")),
            verdict=row_verdict(row),
            verification=badge(row.get("verification")),
            score=row.get("verification_score", 0),
            repros=row.get("reproductions", 0),
            published=row.get("published") or "—",
        )
        for row in rows
    )
    task = rows[0].get("task") or form.get("task", "")
    caption = f"{task}{' on ' + form['dataset'] if form.get('dataset') else ''}, " + (
        "newest first" if form.get("sort") == "date" else "by verification score"
    )
    return render(
        """<div class="table-wrap" role="region" tabindex="0" aria-label="${region}">
<table>
<caption>${caption}</caption>
<thead><tr><th scope="col">Paper</th><th scope="col">Dataset</th><th scope="col">Metric</th>
<th scope="col" class="num">Claimed value</th><th scope="col">Verdict</th>
<th scope="col">Paper verification</th>
<th scope="col" class="num">Score</th><th scope="col" class="num">Reproductions</th>
<th scope="col" class="num">Published</th></tr></thead>
<tbody>${body}</tbody>
</table></div>""",
        region="Results table",
        caption=caption,
        body=body,
    )


# --- paper ---------------------------------------------------------------------------------


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
            copy=(
                render(
                    '<div class="muted">same output as <a href="#repro-${d}">${d}</a></div>',
                    d=repro["duplicate_of"],
                )
                if repro.get("duplicate_of")
                else EMPTY
            ),
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


def _when(timestamp: Any) -> str:
    """`2026-11-26T01:49:06.243053+00:00` -> `2026-11-26 01:49 UTC`."""
    text = str(timestamp or "")
    return f"{text[:10]} {text[11:16]} UTC" if len(text) >= 16 else (text or "—")


# --- review queue --------------------------------------------------------------------------


def review_page(
    ctx: PageContext,
    *,
    items: list[dict[str, Any]],
    logs: dict[str, str | None],
    papers: dict[str, dict[str, Any]],
    names: dict[str, str],
    next_cursor: str | None,
    message: Html | None = None,
    error: str | None = None,
    earlier: dict[str, dict[str, Any] | None] | None = None,
    confirm_copy: str | None = None,
) -> Html:
    """`earlier`: the earlier submissions that flagged items copy (by id; None: never
    stored); `confirm_copy`: the flagged item whose first Promote click asked to confirm."""
    parts: list[Html] = [
        Html("<h1>Review queue</h1>"),
        Html(
            '<p class="lead">Agent submissions waiting for a human decision, oldest first. '
            "Promoting one counts it toward the paper's verification score; rejecting it "
            "counts against the agent's rating. Decisions are final.</p>"
        ),
    ]
    if error:
        parts.append(notice(error, "error"))
    if message:
        parts.append(notice(message, "ok"))
    if not items:
        parts.append(notice("Nothing is waiting for review."))
    for item in items:
        copy = (earlier or {}).get(item.get("duplicate_of") or "")
        parts.append(
            _submission(
                ctx,
                item,
                logs.get(item["reproduction_id"]),
                papers,
                names,
                copy,
                confirm_copy == item["reproduction_id"],
            )
        )
    if next_cursor:
        parts.append(
            render(
                '<p class="pager"><a href="${href}" rel="next">Next page</a></p>',
                href=ctx.link("/review", cursor=next_cursor),
            )
        )
    return page(ctx, title="Review queue", active="review", body=join(parts))


def _submission(
    ctx: PageContext,
    item: dict[str, Any],
    log: str | None,
    papers: dict[str, dict[str, Any]],
    names: dict[str, str],
    earlier: dict[str, Any] | None = None,
    confirming_copy: bool = False,
) -> Html:
    rid = item["reproduction_id"]
    paper = papers.get(item["paper_id"], {})
    validation = item.get("validation") or {}
    state = validation.get("state", "pending")
    submitter = item.get("submitter_id", "")
    own = ctx.session is not None and submitter == ctx.session.account_id
    run_log = item.get("run_log") or {}
    if run_log.get("kind") == "url":
        log_html = render(
            '<p>Run log: <a href="${url}" rel="nofollow noopener noreferrer">${url}</a></p>',
            url=run_log.get("url", ""),
        )
    elif isinstance(log, LogExcerpt):  # an uploaded log: its head and tail (web/excerpts.py)
        log_html = excerpt_html(rid, log)
    elif log is None:
        log_html = Html('<p class="muted">The pasted run output could not be read.</p>')
    else:
        shown = log[:LOG_EXCERPT_CHARS]
        size = (
            f"the first {len(shown):,} of {len(log):,} characters"
            if len(log) > len(shown)
            else f"{len(log):,} characters"
        )
        log_html = render(
            """<h3 id="log-${rid}">Run log excerpt <span class="muted">(${size})</span></h3>
<pre class="log" tabindex="0" aria-labelledby="log-${rid}"
 data-testid="log-excerpt">${text}</pre>""",
            rid=rid,
            size=size,
            text=shown,
        )
    if own:
        promote = Html(
            '<span class="muted">You submitted this; another reviewer must promote it.</span>'
        )
    elif state == "failed":
        promote = Html('<span class="muted">Validation failed, so it cannot be promoted.</span>')
    elif state not in ("passed", "unchecked"):
        promote = Html(
            '<span class="muted" data-testid="validating">validating… '
            "(reload in a few seconds to promote)</span>"
        )
    elif item.get("duplicate_of") and confirming_copy:
        promote = evidence.confirm_copy_button(rid)
    else:
        promote = render(
            '<button type="submit" name="action" value="promote" class="promote" '
            'aria-describedby="h-${rid}">Promote</button>',
            rid=rid,
        )
    actions = (
        render(
            """<form method="post" action="${action}" class="actions">${csrf}
<input type="hidden" name="reproduction_id" value="${rid}">
${promote}
<button type="submit" name="action" value="reject" class="reject"
 aria-describedby="h-${rid}">Reject</button>
</form>""",
            action=ctx.link("/review/decide"),
            csrf=ctx.csrf_field(),
            rid=rid,
            promote=promote,
        )
        if ctx.session is not None
        else EMPTY
    )
    trajectory = item.get("trajectory")
    return render(
        """<article class="submission" id="sub-${rid}" aria-labelledby="h-${rid}">
<h2 id="h-${rid}"><a href="${paper_href}">${title}</a> <span class="muted">${arxiv}</span></h2>
${copy}
<dl class="facts">
<dt>Reproduction</dt><dd>${rid}, submitted ${submitted} by ${submitter}</dd>
<dt>Tier claimed</dt><dd>${tier}</dd>
<dt>Hardware</dt><dd>${hardware}</dd>
<dt>Reported metric</dt><dd>${reported}</dd>
<dt>Claimed by the paper</dt><dd>${claimed}</dd>
<dt>Validation</dt><dd>${state}${checks}</dd>${counts}
<dt>Metrics in the log</dt><dd>${extracted}</dd>
<dt>Replay log</dt><dd>${trajectory} · trust tier ${trust}${evidence}</dd>
<dt>Compute</dt><dd>${compute}</dd>
</dl>
${log}
${actions}
</article>""",
        rid=rid,
        paper_href=paper_href(ctx, item),
        title=paper.get("title") or item.get("arxiv_id") or item["paper_id"],
        arxiv=f"arXiv {item['arxiv_id']}" if item.get("arxiv_id") else "",
        submitted=_when(item.get("submitted_at")),
        submitter=render(
            "${name} <span class='muted'>(${id})</span>",
            name=names.get(submitter, "unknown account"),
            id=submitter,
        ),
        tier=item.get("tier_claimed", ""),
        hardware=item.get("hardware_spec", ""),
        reported=_reported_metric(item),
        claimed=_claimed_beside_reported(item, paper),
        counts=(
            Html(
                '\n<dt>Counts?</dt><dd data-testid="would-not-count">Promoting it would not count:'
                " this agent already has a counted reproduction of this paper.</dd>"
            )
            if submitter in (paper.get("counted_submitters") or [])
            else EMPTY
        ),
        state=join([badge(state), _unread_log_note(validation)]),
        checks=_checks(validation.get("checks") or []),
        extracted=_metrics(validation.get("extracted_metrics") or []),
        trajectory=(
            render(
                "${state}${checks}",
                state=badge(trajectory.get("state")),
                checks=_checks(trajectory.get("checks") or []),
            )
            if trajectory
            else "none"
        ),
        trust=item.get("trust_tier", 0),
        evidence=evidence.trajectory_evidence(trajectory),
        compute=evidence.compute_text(item.get("compute")),
        copy=evidence.copy_note(
            item,
            earlier,
            paper_href(ctx, item) + "#repro-" + str(item.get("duplicate_of") or ""),
        ),
        log=log_html,
        actions=actions,
    )


def _claimed_beside_reported(item: dict[str, Any], paper: dict[str, Any]) -> Html:
    """The paper's claimed value(s) of the reported metric (and dataset), each with the
    reported value's distance from it in percent."""
    name, value = item.get("actual_metric_name"), item.get("actual_metric_value")
    if name is None or value is None:
        return Html('<span class="muted">no metric reported</span>')
    dataset = item.get("dataset")
    claims = [
        c
        for c in paper.get("claims") or []
        if metric_names_match(name, c.get("metric", ""))
        and (not dataset or slugify(dataset) == slugify(c.get("dataset", "")))
    ]
    if not claims:
        return Html('<span class="muted">the paper claims no such metric</span>')
    parts = []
    for claim in claims[:6]:
        claimed = claim.get("value")
        distance = (
            f" ({(value - claimed) / abs(claimed):+.1%} away)"
            if isinstance(claimed, int | float) and claimed
            else ""
        )
        parts.append(
            render(
                "${metric} = <strong>${claimed}</strong> on ${dataset}${distance}",
                metric=claim.get("metric", ""),
                claimed=number(claimed),
                dataset=claim.get("dataset", ""),
                distance=distance,
            )
        )
    return join(parts, sep="; ")


# --- sign-in ---------------------------------------------------------------------------------


def login_page(
    ctx: PageContext,
    *,
    login_token: str,
    error: str | None = None,
    info: str | None = None,
) -> Html:
    parts: list[Html] = [
        Html("<h1>Reviewer sign-in</h1>"),
        Html(
            '<p class="lead">Paste your reviewer API key. It is checked once and exchanged '
            "for a session that lasts 12 hours; the key is not kept in your browser. Agent "
            "keys cannot sign in.</p>"
        ),
    ]
    if error:
        parts.append(notice(error, "error"))
    if info:
        parts.append(notice(info))
    if ctx.session is not None:
        parts.append(
            notice(
                render(
                    "You are signed in as <strong>${name}</strong>. "
                    '<a href="${href}">Go to the review queue</a>.',
                    name=ctx.session.name,
                    href=ctx.link("/review"),
                )
            )
        )
    parts.append(
        render(
            """<form class="signin" method="post" action="${action}">
<input type="hidden" name="login_token" value="${token}">
<label for="api-key">API key <span class="hint">starts with sotav_</span>
<input id="api-key" name="api_key" type="password" required autocomplete="off"
 spellcheck="false" maxlength="200"></label>
<button type="submit">Sign in</button>
</form>
<p class="muted">No key yet? An admin creates a reviewer account with
<code>python -m chalicelib.cli accounts create --role reviewer --name YOUR-NAME</code>.</p>""",
            action=ctx.link("/login"),
            token=login_token,
        )
    )
    return page(ctx, title="Sign in", active="login", body=join(parts))


# --- agents --------------------------------------------------------------------------------


def agents_page(
    ctx: PageContext,
    *,
    rows: list[dict[str, Any]],
    trust_tier: str,
    next_cursor: str | None,
    error: str | None = None,
) -> Html:
    filters = render(
        """<form class="filters" method="get" action="${action}">
<label for="a-tier">Trust tier
<span class="hint">rate only reproductions at this tier or above</span>
<select id="a-tier" name="trust_tier">${tiers}</select></label>
<button type="submit">Show</button>
</form>""",
        action=ctx.link("/agents"),
        tiers=_options(
            (("", "Any (0 or more)"), ("1", "1 or more"), ("2", "2")),
            trust_tier,
        ),
    )
    parts: list[Html] = [
        Html("<h1>Agent leaderboard</h1>"),
        Html(
            '<p class="lead">Research agents ranked by an Elo rating over their decided '
            "reproductions: a promotion is a win against the paper, a rejection or failed "
            "validation a loss. Everyone starts at 1000.</p>"
        ),
        filters,
    ]
    if error:
        parts.append(notice(error, "error"))
    elif not rows:
        parts.append(notice("No agent has a decided reproduction yet."))
    else:
        parts.append(_agents_table(rows))
        if next_cursor:
            parts.append(
                render(
                    '<p class="pager"><a href="${href}" rel="next">Next page</a></p>',
                    href=ctx.link("/agents", trust_tier=trust_tier, cursor=next_cursor),
                )
            )
    return page(ctx, title="Agent leaderboard", active="agents", body=join(parts))


def _tier_cell(by_tier: dict[str, Any], tier: str) -> Html:
    counts = by_tier.get(tier) or {}
    return render(
        '${p} <span class="muted">/</span> ${r}',
        p=counts.get("promoted", 0),
        r=counts.get("rejected", 0),
    )


def _agents_table(rows: list[dict[str, Any]]) -> Html:
    body = join(
        render(
            """<tr><th scope="row">${name} <div class="muted">${id}</div></th>
<td class="num"><strong>${rating}</strong></td><td class="num">${promoted}</td>
<td class="num">${rejected}</td><td class="num">${t0}</td><td class="num">${t1}</td>
<td class="num">${t2}</td></tr>""",
            name=row.get("name", ""),
            id=row.get("account_id", ""),
            rating=f"{float(row.get('rating', 1000)):.0f}",
            promoted=row.get("promoted", 0),
            rejected=row.get("rejected", 0),
            t0=_tier_cell(row.get("by_trust_tier") or {}, "0"),
            t1=_tier_cell(row.get("by_trust_tier") or {}, "1"),
            t2=_tier_cell(row.get("by_trust_tier") or {}, "2"),
        )
        for row in rows
    )
    return render(
        """<div class="table-wrap" role="region" tabindex="0" aria-label="${region}">
<table>
<caption>Agents by rating, highest first (promoted / rejected per trust tier)</caption>
<thead><tr><th scope="col">Agent</th><th scope="col" class="num">Rating</th>
<th scope="col" class="num">Promoted</th><th scope="col" class="num">Rejected</th>
<th scope="col" class="num">Tier 0</th><th scope="col" class="num">Tier 1</th>
<th scope="col" class="num">Tier 2</th></tr></thead>
<tbody>${body}</tbody>
</table></div>""",
        region="Agent leaderboard",
        body=body,
    )


# --- errors --------------------------------------------------------------------------------


def error_page(ctx: PageContext, *, title: str, message: str, back: str = "/") -> Html:
    body = render(
        '<h1>${title}</h1>${notice}<p><a href="${href}">Back</a></p>',
        title=title,
        notice=notice(message, "error"),
        href=ctx.link(back),
    )
    return page(ctx, title=title, active="", body=body)
