"""The search index and the task catalogue are derived state: the paper recompute writes a
paper's index and membership rows and deletes those it no longer has, and the task recompute
derives each task's summary from its membership rows (never a counter). On a fresh moto,
driven by the real streams through the event pump."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from chalicelib.db import aws as clients
from chalicelib.db import codec, keys
from chalicelib.db.papers import get_paper, put_papers
from chalicelib.db.reproductions import put_new
from chalicelib.db.tables import SEARCH, TASKS, TableSpec
from chalicelib.services.ingest import ingest_files
from chalicelib.services.tasks import recompute_task
from tests.conftest import AwsStack, imagenet_table

A, B = "2401.10001", "2401.10002"


def scan(spec: TableSpec) -> list[dict[str, Any]]:
    """Test-only: what a table holds."""
    items = clients.client("dynamodb").scan(TableName=spec.physical_name())["Items"]
    return [codec.from_item(i) for i in items]


def two_papers(aws: AwsStack, tmp_path: Path) -> tuple[str, str]:
    rows = [
        {
            "paper_url": f"https://arxiv.org/abs/{arxiv_id}",
            "paper_title": title,
            "paper_date": "2024-01-20",
            "model_name": model,
            "metrics": {"Top-1 Accuracy": "84.1"},
            "code_links": [{"url": f"https://github.com/x/{arxiv_id}"}],
        }
        for arxiv_id, title, model in (
            (A, "Sparse Attention Networks", "SparseNet-L"),
            (B, "Dense Transformers for Vision", "DeiT-B"),
        )
    ]
    path = tmp_path / "evaluation-tables.json"
    path.write_text(json.dumps(imagenet_table(rows)))
    ingest_files(evaluation_tables=[path])
    aws.pump.drain(timeout=60)
    return keys.paper_id_for_arxiv(A), keys.paper_id_for_arxiv(B)


def search(api: Any, q: str) -> list[str]:
    response = api.http.get(f"/api/v1/papers?q={q}")
    assert response.status_code == 200, response.body
    return [r["arxiv_id"] for r in response.json_body["results"]]


def task(api: Any, name: str) -> tuple[int, Any]:
    response = api.http.get(f"/api/v1/tasks/{name}")
    return response.status_code, response.json_body


def test_index_and_catalogue_follow_the_papers(aws: AwsStack, api: Any, tmp_path: Path) -> None:
    paper_a, paper_b = two_papers(aws, tmp_path)
    # Given two papers in Image Classification / ImageNet
    assert search(api, "sparse") == [A]
    assert search(api, "sparsenet-l") == [A] and search(api, "sparsenetl") == [A]
    assert search(api, "vision%20dense") == [B]
    status, summary = task(api, "image-classification")
    assert status == 200 and summary["papers"] == 2
    assert summary["datasets"] == [
        {
            "dataset": "ImageNet",
            "slug": "imagenet",
            "metrics": ["Top-1 Accuracy"],
            "papers": 2,
            "counted_reproductions": 0,
        }
    ]
    # When paper A's title changes and it moves to another task (a source change)
    paper = get_paper(paper_a)
    assert paper is not None
    moved = [{**c, "task": "Object Detection", "dataset": "COCO"} for c in paper["claims"]]
    put_papers(
        [
            {
                **paper,
                "title": "Local Attention Networks",
                "tasks": ["Object Detection"],
                "claims": moved,
                "source_rev": int(paper["source_rev"]) + 1,
            }
        ]
    )
    aws.pump.drain(timeout=60)
    # Then its old words find nothing, and their index rows are gone
    assert search(api, "sparse") == []
    assert search(api, "local%20attention") == [A]
    assert not [r for r in scan(SEARCH) if r["word"] == "sparse"]
    # ... Image Classification counts one paper, Object Detection appears with A
    assert task(api, "image-classification")[1]["papers"] == 1
    status, detection = task(api, "object-detection")
    assert status == 200 and detection["papers"] == 1
    assert [d["slug"] for d in detection["datasets"]] == ["coco"]
    listed = {r["slug"]: r["papers"] for r in api.http.get("/api/v1/tasks").json_body["results"]}
    assert listed == {"image-classification": 1, "object-detection": 1}
    # When B leaves Image Classification too, the task is gone: no summary, no datasets
    paper = get_paper(paper_b)
    assert paper is not None
    put_papers(
        [
            {
                **paper,
                "tasks": ["Object Detection"],
                "claims": [
                    {**c, "task": "Object Detection", "dataset": "COCO"} for c in paper["claims"]
                ],
                "source_rev": int(paper["source_rev"]) + 1,
            }
        ]
    )
    aws.pump.drain(timeout=60)
    assert task(api, "image-classification")[0] == 404
    assert not [r for r in scan(TASKS) if r["pk"] == keys.task_pk("image-classification")]
    assert task(api, "object-detection")[1]["papers"] == 2


def test_counted_reproductions_are_recomputed_from_the_papers(
    aws: AwsStack, api: Any, tmp_path: Path
) -> None:
    paper_a, _ = two_papers(aws, tmp_path)
    # When a verified reproduction of A is stored (the stream recomputes the paper)
    now = datetime.now(UTC).isoformat()
    assert put_new(
        {
            "reproduction_id": "r-verified-1",
            "paper_id": paper_a,
            "submitter_id": "a-agent",
            "status": "verified",
            "decided_at": now,
            "hardware_spec": "1x A100",
            "actual_metric_name": "Top-1 Accuracy",
            "actual_metric_value": 84.0,
            "dataset": "ImageNet",
            "submitted_at": now,
            "submitted_key": f"{now}#r-verified-1",
            "validation": {"state": "passed", "checks": [], "extracted_metrics": []},
            "run_log": {"kind": "pasted"},
            "tier_claimed": 3,
            "trust_tier": 0,
        }
    )
    aws.pump.drain(timeout=60)
    # Then the task and its dataset count it, and so does the search hit's score
    _, summary = task(api, "image-classification")
    assert summary["counted_reproductions"] == 1
    assert summary["datasets"][0]["counted_reproductions"] == 1
    listed = api.http.get("/api/v1/tasks").json_body["results"]
    assert listed[0]["counted_reproductions"] == 1
    hits = api.http.get("/api/v1/papers?q=attention").json_body["results"]
    assert hits[0]["arxiv_id"] == A and hits[0]["verification_score"] == 20
    # And a replayed recompute changes nothing
    before = scan(TASKS)
    assert recompute_task("image-classification") is False
    assert scan(TASKS) == before


def test_a_membership_written_during_a_task_recompute_is_in_its_result(
    aws: AwsStack, api: Any, tmp_path: Path
) -> None:
    """Two recomputes of one task can overlap (two stream shards). Here recompute R reads the
    partition; then another shard writes a membership row and runs its own recompute W to
    the end; then R writes what it computed from the older rows. R must notice (it re-reads)
    and go again, so that the stored summary counts every membership row."""
    two_papers(aws, tmp_path)
    ddb = clients.client("dynamodb")

    def member(paper_id: str) -> dict[str, Any]:
        return {
            "pk": keys.task_pk("image-classification"),
            "sk": keys.task_member_sk(paper_id),
            "task": "Image Classification",
            "task_slug": "image-classification",
            "paper_id": paper_id,
            "datasets": [{"dataset": "ImageNet", "dataset_slug": "imagenet", "metrics": ["Top-5"]}],
            "counted_reproductions": 0,
        }

    # Given a membership row that R is about to summarise
    ddb.put_item(TableName=TASKS.physical_name(), Item=codec.to_item(member("p-first")))
    interleaved: list[bool] = []

    def other_shard(**_: Any) -> None:  # after R's first read: W writes and recomputes
        if not interleaved:
            interleaved.append(True)
            ddb.put_item(TableName=TASKS.physical_name(), Item=codec.to_item(member("p-late")))
            recompute_task("image-classification")

    ddb.meta.events.register("after-call.dynamodb.Query", other_shard)
    try:
        assert recompute_task("image-classification") is True
    finally:
        ddb.meta.events.unregister("after-call.dynamodb.Query", other_shard)
    # Then the summary counts both papers, the one R saw and the one written meanwhile
    assert interleaved
    _, summary = task(api, "image-classification")
    assert summary["papers"] == 4
    assert summary["datasets"][0]["metrics"] == ["Top-1 Accuracy", "Top-5"]
