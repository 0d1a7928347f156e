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
    # Given many more papers in the same task (scored 0: a filter applied after the read would
    # need more calls to fill a page)
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
                            for n in range(60)  # 12 pages of 5, all below min_score
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
    sample_loaded.pump.drain(timeout=240)
    large = (
        calls_for("/api/v1/papers/2104.09376"),
        calls_for("/api/v1/sota?task=node-property-prediction&limit=5"),
        calls_for("/api/v1/sota?task=node-property-prediction&sort=date&min_score=5"),
    )
    assert small == (1, 1)
    assert large == (1, 1, 1)


def test_queue_and_agent_reads_are_bounded(sample_loaded: Any, api: Any, aws_calls: Any) -> None:
    def calls_for(path: str) -> dict[str, int]:
        aws_calls.reset()
        assert api.http.get(path).status_code == 200
        return dict(aws_calls.calls)

    assert calls_for("/api/v1/queue?limit=100") == {"dynamodb.Query": 1, "dynamodb.BatchGetItem": 1}
    assert calls_for("/api/v1/queue?task=node-property-prediction&limit=5") == {
        "dynamodb.Query": 1,
        "dynamodb.BatchGetItem": 1,
    }
    assert calls_for("/api/v1/agents?trust_tier=1") == {"dynamodb.Query": 1}


def test_expired_runs_no_longer_discount_the_queue(sample_loaded: Any, api: Any) -> None:
    import time

    from chalicelib.db.queue import record_run

    top = json.loads(api.http.get("/api/v1/queue?limit=100").body)["results"][0]
    now = int(time.time())
    # Given one live and one expired run (TTL deletion lags; the read checks expiry itself)
    record_run(top["paper_id"], "u-live", "a-other", now + 3600, now)
    record_run(top["paper_id"], "u-old", "a-other2", now + 1, now)
    time.sleep(1.1)
    entries = json.loads(api.http.get("/api/v1/queue?limit=100").body)["results"]
    entry = next(e for e in entries if e["paper_id"] == top["paper_id"])
    assert entry["active_runs"] == 1
    assert entry["priority"] == round(top["base_priority"] / 2, 3)
