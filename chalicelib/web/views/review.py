"""The review queue (`/review`): one card per submission waiting for a decision, with its
verdicts, evidence, run log excerpt and the Promote / Reject form."""

from __future__ import annotations

from typing import Any

from chalicelib.domain.text import metric_names_match, slugify
from chalicelib.services.object_streams import LogExcerpt
from chalicelib.web import evidence_views as evidence
from chalicelib.web.excerpts import excerpt_html
from chalicelib.web.html import Html, join, number, render
from chalicelib.web.layout import PageContext, badge, notice, page
from chalicelib.web.views.common import (
    EMPTY,
    _checks,
    _metrics,
    _reported_metric,
    _unread_log_note,
    _when,
    paper_href,
)

LOG_EXCERPT_CHARS = 2_000


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
    elif log is None and run_log.get("kind") == "upload":
        log_html = Html(
            '<p class="muted" data-testid="log-unread">The uploaded run log has not been read '
            "yet, or could not be read: its first and last lines appear here once the "
            "validator has read it.</p>"
        )
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
<dt>Validation</dt><dd>${state}${checks}</dd>${read_from}${counts}
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
        read_from=evidence.read_from(validation),
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
