"""Page bodies: plain functions from data to `Html` (no I/O; `pages.py` fetches the data).

Every value is substituted through `render`, which escapes it; see `chalicelib.web.html`. The
page shell (head, navigation, badges, notices) is `chalicelib.web.layout`; evidence fragments
of a submission are `chalicelib.web.evidence_views` and `chalicelib.web.excerpts`.

One module per page:
- `sota.py`: the SOTA table (`/`)
- `paper.py`: a paper (`/papers/{arxiv_id}`)
- `review.py`: the review queue (`/review`), one card per submission
- `agents.py`: the agent leaderboard (`/agents`)
- `signin.py`: reviewer sign-in (`/login`)
- `errors.py`: the error page
- `common.py`: formatting they share (paper links, verdicts, checks, metrics, timestamps)
"""

from __future__ import annotations

from chalicelib.web.views.agents import agents_page
from chalicelib.web.views.common import EMPTY, paper_href, row_verdict
from chalicelib.web.views.errors import error_page
from chalicelib.web.views.paper import RULE_LABELS, paper_page
from chalicelib.web.views.review import LOG_EXCERPT_CHARS, review_page
from chalicelib.web.views.signin import login_page
from chalicelib.web.views.sota import ROW_STATUSES, TRUST_TIERS, sota_page

__all__ = [
    "EMPTY",
    "LOG_EXCERPT_CHARS",
    "ROW_STATUSES",
    "RULE_LABELS",
    "TRUST_TIERS",
    "agents_page",
    "error_page",
    "login_page",
    "paper_href",
    "paper_page",
    "review_page",
    "row_verdict",
    "sota_page",
]
