"""The SOTA table (`/`): a task's claimed results, filtered and ranked by verification."""

from __future__ import annotations

from typing import Any

from chalicelib.web.html import Html, join, number, render
from chalicelib.web.layout import PageContext, badge, notice, page
from chalicelib.web.views.common import _options, paper_href, row_verdict

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
