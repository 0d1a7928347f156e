"""Each read request makes a bounded number of DynamoDB calls, however many papers exist
(counted with a botocore event hook)."""

from __future__ import annotations

import json
from typing import Any

from chalicelib.services.ingest import ingest_files


def test_read_requests_make_a_bounded_number_of_dynamodb_calls(
    sample_loaded: Any, api: Any, aws_calls: Any
) -> None:
    def calls_for(path: str) -> int:
        aws_calls.reset()
        assert api.http.get(path).status_code == 200
        return aws_calls.total("dynamodb")

    small = (
        calls_for("/api/v1/papers/2104.09376"),
        calls_for("/api/v1/sota?task=node-property-prediction&limit=5"),
    )
    # Given many more papers in the same task
    extra = [
        {
            "task": "Node Property Prediction",
            "datasets": [
                {
                    "dataset": "ogbn-products",
                    "sota": {
                        "metrics": ["Test Accuracy"],
                        "rows": [
                            {
                                "paper_url": f"https://arxiv.org/abs/2201.{n:05d}",
                                "paper_title": f"P{n}",
                                "paper_date": "2022-01-01",
                                "metrics": {"Test Accuracy": "0.5"},
                                "code_links": [],
                            }
                            for n in range(300)
                        ],
                    },
                }
            ],
        }
    ]
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "more.json"
        path.write_text(json.dumps(extra))
        ingest_files(evaluation_tables=[path])
    sample_loaded.pump.drain()
    large = (
        calls_for("/api/v1/papers/2104.09376"),
        calls_for("/api/v1/sota?task=node-property-prediction&limit=5"),
        calls_for("/api/v1/sota?task=node-property-prediction&sort=date&min_score=5"),
    )
    assert small == (1, 1)
    assert large == (1, 1, 1)
