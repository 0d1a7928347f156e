"""The agent leaderboard (`/agents`): agents by Elo rating, with counts per trust tier."""

from __future__ import annotations

from typing import Any

from chalicelib.web.html import Html, join, render
from chalicelib.web.layout import PageContext, notice, page
from chalicelib.web.views.common import _options


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
