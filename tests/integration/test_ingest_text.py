"""Names and titles from a dump are shown to reviewers as they will read them.

Submitted text with a bidi override or a zero-width character is refused (422); a dump cannot
be asked to fix its text, so ingest drops those characters instead. A title carrying U+202E
read reversed on the paper and review pages, and a metric name with a zero-width space looked
like another paper's metric while comparing unequal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from chalicelib.services.ingest import ingest_files
from tests.conftest import imagenet_table

ARXIV = "2405.00011"


def test_ingested_titles_and_names_carry_no_invisible_or_bidi_characters(
    aws: Any, api: Any, tmp_path: Path
) -> None:
    # Given a dump whose title, model and metric names hold bidi and zero-width characters
    rows = [
        {
            "paper_url": f"https://arxiv.org/abs/{ARXIV}",
            "paper_title": "Safe \u202egnp.exe\u202c Nets\u200b",
            "paper_date": "2024-05-01",
            "model_name": "Net\u2066-L\u2069",
            "metrics": {"Top-1\u200b Accuracy": "84.1", "Ｔｏｐ-5 Accuracy": "97.0"},
            "code_links": [],
        }
    ]
    path = tmp_path / "evaluation-tables.json"
    path.write_text(json.dumps(imagenet_table(rows)))
    # When it is ingested
    ingest_files(evaluation_tables=[path])
    aws.pump.drain()
    # Then the API and the paper page show the text without them, NFKC-normalised
    paper = json.loads(api.http.get(f"/api/v1/papers/{ARXIV}").body)
    assert paper["title"] == "Safe gnp.exe Nets"
    assert {row["metric"] for row in paper["leaderboard"]} == {
        "Top-1 Accuracy",
        "Top-5 Accuracy",
    }
    page = api.http.get(f"/papers/{ARXIV}").body.decode()
    for char in ("\u202e", "\u202c", "\u200b", "\u2066", "\u2069"):
        assert char not in page
