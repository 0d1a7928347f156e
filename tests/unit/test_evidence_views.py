"""Review and paper pages show the evidence of issue 18: the step that printed the number, the
steps that wrote evaluation files, the earlier copy with a second Confirm click, and GPU hours.
Every value is escaped."""

from __future__ import annotations

from typing import Any

from chalicelib.web.layout import PageContext
from chalicelib.web.sessions import Session
from chalicelib.web.views import paper_page, review_page

REVIEWER = Session("h", "a-reviewer", "reviewer", "rita", "csrf", 2**40)
PASSED = {"state": "passed", "checks": [], "extracted_metrics": []}
TRAJECTORY = {
    "state": "invalid",
    "checks": [{"name": "evaluator_untouched", "ok": False, "detail": "Step 1 (bash) writes"}],
    "evidence": {
        "printed_by": {"step": 3, "tool": "bash", "line": 7, "text": "acc <b>0.91</b>"},
        "eval_writes": [{"step": 1, "tool": "bash", "file": "eval.py", "how": "sed -i"}],
    },
}
COMPUTE = {"gpu_model": "a100", "gpu_count": 2, "wall_seconds": 5400.0, "gpu_hours": 3.0}


def item(**changes: Any) -> dict[str, Any]:
    return {
        "reproduction_id": "r0123456789abcdef0123",
        "paper_id": "p1",
        "arxiv_id": "1711.03953",
        "submitter_id": "a-agent",
        "status": "agent_pending",
        "tier_claimed": 2,
        "hardware_spec": "2x A100",
        "run_log": {"kind": "pasted", "s3_key": "runlogs/r.txt"},
        "submitted_at": "2026-11-26T01:49:06.243053+00:00",
        "validation": PASSED,
        "trajectory": TRAJECTORY,
        "trust_tier": 0,
        "compute": COMPUTE,
        **changes,
    }


def review(items: list[dict[str, Any]], **kwargs: Any) -> str:
    return str(
        review_page(
            PageContext("", REVIEWER),
            items=items,
            logs={},
            papers={"p1": {"title": "A paper"}},
            names={"a-agent": "bot"},
            next_cursor=None,
            **kwargs,
        )
    )


def test_the_card_names_the_printing_step_and_the_evaluator_edits() -> None:
    html = review([item()])
    assert 'data-testid="printed-by"' in html and "Step <strong>3</strong> (bash)" in html
    assert "acc &lt;b&gt;0.91&lt;/b&gt;" in html  # the log line is text, never markup
    assert 'data-testid="eval-write"' in html and "<code>eval.py</code>" in html
    assert "(sed -i)" in html


def test_the_card_shows_the_gpu_hours() -> None:
    html = review([item()])
    assert "2× a100 for 1.5 h of wall time: <strong>3 GPU hours</strong>" in html
    without_gpu = review([item(compute={"gpu_count": 0, "wall_seconds": 36.0})])
    assert "no GPU recognised" in without_gpu
    assert "no run, so no server-witnessed time" in review([item(compute=None)])


def test_a_copy_links_the_earlier_one_and_needs_the_second_click() -> None:
    earlier = item(reproduction_id="r-earlier", status="verified")
    copy = item(duplicate_of="r-earlier")
    first_look = review([copy], earlier={"r-earlier": earlier})
    assert (
        'data-testid="copy-of"' in first_look and "/papers/1711.03953#repro-r-earlier" in first_look
    )
    assert "(verified, submitted 2026-11-26 01:49)" in first_look
    assert 'value="promote"' in first_look and "confirm-copy" not in first_look  # click one
    second = review([copy], earlier={"r-earlier": earlier}, confirm_copy=copy["reproduction_id"])
    assert 'data-testid="confirm-copy"' in second
    assert '<input type="hidden" name="confirm_duplicate" value="1">' in second
    never_stored = review([copy], earlier={"r-earlier": None})
    assert "never completed" in never_stored
    assert "copy-of" not in review([item()])  # an original says nothing of the kind


def test_the_paper_page_shows_the_gpu_hour_range_and_copies() -> None:
    paper = {
        "paper_id": "p1",
        "title": "A paper",
        "gpu_hours": {"min": 1.0, "median": 2.5, "max": 40.0, "reproductions": 3},
    }
    html = str(
        paper_page(
            PageContext("", None),
            paper=paper,
            reproductions=[item(duplicate_of="r-earlier")],
            next_cursor=None,
        )
    )
    assert "median 2.5 GPU hours (1–40, 3 counted reproductions)" in html
    assert 'same output as <a href="#repro-r-earlier">' in html
    unknown = str(paper_page(PageContext("", None), paper={"paper_id": "p2"}, reproductions=[],
                             next_cursor=None))  # fmt: skip
    assert "unknown (no counted reproduction made through a run)" in unknown
