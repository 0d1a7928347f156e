"""Stream-driven recomputation: coalescing, no self-triggered loops, stale-write guard,
partial batch failures."""

from __future__ import annotations

from typing import Any

from chalicelib.db import aws as clients
from chalicelib.db.keys import paper_id_for_arxiv
from chalicelib.db.papers import get_paper, put_papers, write_derived
from chalicelib.services.ingest import ingest_files
from chalicelib.services.recompute import recompute_paper
from tests.conftest import SAMPLE


def stream_records(stream_arn: str) -> list[dict[str, Any]]:
    streams = clients.client("dynamodbstreams")
    shard = streams.describe_stream(StreamArn=stream_arn)["StreamDescription"]["Shards"][0]
    iterator = streams.get_shard_iterator(
        StreamArn=stream_arn, ShardId=shard["ShardId"], ShardIteratorType="TRIM_HORIZON"
    )["ShardIterator"]
    records = streams.get_records(ShardIterator=iterator, Limit=1000)["Records"]
    for record in records:
        record["dynamodb"]["ApproximateCreationDateTime"] = record["dynamodb"][
            "ApproximateCreationDateTime"
        ].timestamp()
        record["eventSourceARN"] = stream_arn
    return records


def test_ingest_then_stream_recomputes_each_paper_once_and_its_own_writes_stop_there(
    aws: Any, aws_calls: Any
) -> None:
    # Given a quiet pump (moto's s3:TestEvent delivered) and the redditsota sample ingested
    # (19 papers -> 19 INSERT records)
    aws.pump.drain()
    aws.pump.stats.records_delivered = 0
    ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    aws_calls.reset()
    # When the pump delivers the stream until it is quiet
    aws.pump.drain()
    # Then every paper was recomputed exactly once (one derived UpdateItem each) ...
    assert aws_calls.calls["dynamodb.UpdateItem"] == 19
    # ... and the 19 MODIFY records of those derived writes triggered no further recompute
    assert aws.pump.stats.records_delivered == 38
    with_code = get_paper(paper_id_for_arxiv("1711.03953"))
    without_code = get_paper(paper_id_for_arxiv("1711.00043"))
    assert with_code is not None and with_code["verification_score"] == 5
    assert without_code is not None and without_code["verification_score"] == 0
    assert with_code["updated_at"] and without_code["updated_at"]


def test_a_batch_reads_its_papers_at_once_and_recomputes_each_once(
    aws: Any, aws_calls: Any
) -> None:
    # Given 19 papers ingested, then two more source changes of one of them: 21 records
    ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    paper_id = paper_id_for_arxiv("1711.00043")
    paper = get_paper(paper_id)
    assert paper is not None
    for rev in (2, 3):
        put_papers([{**paper, "source_rev": rev, "title": f"v{rev}"}])
    records = stream_records(aws.resources.papers_stream_arn)
    assert len(records) == 21
    aws_calls.reset()
    # When the stream handler gets them as one batch
    result = aws.app.handler_map["recompute_from_papers_stream"]({"Records": records}, _context())
    # Then every paper is read in one BatchGetItem, not one GetItem each ...
    assert result == {"batchItemFailures": []}
    assert aws_calls.calls["dynamodb.BatchGetItem"] == 1
    # ... and recomputed once: one derived write and one stamp check per paper, however many
    # of its records the batch holds
    assert aws_calls.calls["dynamodb.UpdateItem"] == 19
    assert aws_calls.calls["dynamodb.GetItem"] == 19
    assert get_paper(paper_id)["title"] == "v3"  # type: ignore[index]


def test_records_of_one_paper_in_a_batch_are_coalesced(aws: Any, aws_calls: Any) -> None:
    ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    paper_id = paper_id_for_arxiv("1711.00043")
    paper = get_paper(paper_id)
    assert paper is not None
    for rev in (2, 3, 4):  # three source changes of the same paper
        put_papers([{**paper, "source_rev": rev, "title": f"v{rev}"}])
    records = stream_records(aws.resources.papers_stream_arn)
    mine = [r for r in records if r["dynamodb"]["Keys"]["paper_id"]["S"] == paper_id]
    assert len(mine) == 4
    aws_calls.reset()
    result = aws.app.handler_map["recompute_from_papers_stream"]({"Records": mine}, _context())
    assert result == {"batchItemFailures": []}
    assert aws_calls.calls["dynamodb.UpdateItem"] == 1
    assert get_paper(paper_id)["title"] == "v4"  # type: ignore[index]


def test_an_older_recompute_never_overwrites_a_newer_one(aws: Any) -> None:
    ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    paper_id = paper_id_for_arxiv("1711.03953")
    assert recompute_paper(paper_id)
    stored = get_paper(paper_id)
    assert stored is not None
    newer = {k: stored[k] for k in ("verification", "verification_score", "updated_at")}
    stale = {
        **newer,
        "verification_score": 999,
        "computed_source_rev": 0,
        "computed_repro_stamp": stored["computed_repro_stamp"],
    }
    assert write_derived(paper_id, stale) is False
    assert get_paper(paper_id)["verification_score"] == 5  # type: ignore[index]


def test_a_poison_record_fails_only_its_own_paper(aws: Any) -> None:
    ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    # A paper item whose claims are corrupt: recomputing it raises
    put_papers([{"paper_id": "p" + "b" * 16, "claims": [{"oops": 1}], "source_rev": 1}])
    records = stream_records(aws.resources.papers_stream_arn)
    poison = records[-1]
    assert poison["dynamodb"]["Keys"]["paper_id"]["S"] == "p" + "b" * 16
    batch = [*records[:2], poison, *records[2:4]]
    result = aws.app.handler_map["recompute_from_papers_stream"]({"Records": batch}, _context())
    assert result == {
        "batchItemFailures": [{"itemIdentifier": poison["dynamodb"]["SequenceNumber"]}]
    }
    for record in batch:
        paper = get_paper(record["dynamodb"]["Keys"]["paper_id"]["S"])
        assert paper is not None
        assert ("computed_source_rev" in paper) == (record is not poison)


def _context() -> Any:
    from chalicelib.local.pump import LambdaContext

    return LambdaContext(function_name="test")


def test_a_recompute_from_the_same_inputs_changes_nothing_not_even_the_time(
    aws: Any, aws_calls: Any
) -> None:
    # Given a recomputed paper
    ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    paper_id = paper_id_for_arxiv("1711.03953")
    aws.pump.drain()
    first = get_paper(paper_id)
    assert first is not None and first["updated_at"]
    # When it is recomputed again from the same inputs (a redelivered stream record)
    aws_calls.reset()
    assert recompute_paper(paper_id)
    # Then the paper is not written (no stream record, no new updated_at)
    assert aws_calls.calls["dynamodb.UpdateItem"] == 0
    assert get_paper(paper_id) == first
    # but a real change of its inputs is stored, with its time
    put_papers([{**first, "source_rev": int(first.get("source_rev", 0)) + 1, "title": "v2"}])
    assert recompute_paper(paper_id)
    changed = get_paper(paper_id)
    assert changed is not None and changed["updated_at"] > first["updated_at"]
    assert changed["computed_source_rev"] == int(first.get("source_rev", 0)) + 1
