"""Review pages: an `unchecked` verdict (a URL log the server did not read) says that nobody has
read the log, and it can still be promoted by a person who reads it (SPEC 6)."""

from __future__ import annotations

from typing import Any

from chalicelib.services.url_log_verdicts import unchecked_verdict
from chalicelib.web.layout import PageContext
from chalicelib.web.sessions import Session
from chalicelib.web.views import paper_page, review_page

URL = "https://github.com/someone/r/blob/main/train.log"


def item(validation: dict[str, Any]) -> dict[str, Any]:
    return {
        "reproduction_id": "r0123456789abcdef0123",
        "paper_id": "p1",
        "arxiv_id": "1711.03953",
        "submitter_id": "a-agent",
        "status": "agent_pending",
        "tier_claimed": 2,
        "hardware_spec": "8x V100",
        "run_log": {"kind": "url", "url": URL},
        "actual_metric_name": "Acc@1",
        "actual_metric_value": 76.13,
        "submitted_at": "2026-11-26T01:49:06.243053+00:00",
        "validation": validation,
        "trajectory": None,
        "trust_tier": 0,
    }


REVIEWER = Session("h", "a-reviewer", "reviewer", "rita", "csrf", 2**40)
UNCHECKED = unchecked_verdict(URL, "raw.githubusercontent.com answered 404 Not Found")


def review(validation: dict[str, Any]) -> str:
    html = review_page(
        PageContext("", REVIEWER),
        items=[item(validation)],
        logs={},
        papers={"p1": {"title": "A paper"}},
        names={"a-agent": "bot"},
        next_cursor=None,
    )
    return str(html)


def test_the_review_card_says_nobody_read_the_log() -> None:
    html = review(UNCHECKED)
    assert "unchecked: log not read" in html
    assert "Nobody has read this log." in html
    assert "answered 404 Not Found" in html  # the reason, from the run_log_read check
    assert 'value="promote"' in html  # a person may read it and promote it


def test_read_verdicts_carry_no_such_note() -> None:
    passed = {"state": "passed", "checks": [], "extracted_metrics": []}
    failed = {"state": "failed", "checks": [], "extracted_metrics": []}
    assert "Nobody has read this log" not in review(passed)
    assert "Validation failed, so it cannot be promoted" in review(failed)


def test_the_paper_page_says_it_too() -> None:
    html = str(
        paper_page(
            PageContext("", None),
            paper={"paper_id": "p1", "arxiv_id": "1711.03953", "title": "A paper"},
            reproductions=[item(UNCHECKED)],
            next_cursor=None,
        )
    )
    assert "unchecked: log not read" in html and "Nobody has read this log." in html
