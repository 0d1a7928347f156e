"""Property: whatever order, duplication and partial failure the stream batches arrive in,
the stored scores and ratings equal a from-scratch recompute (SPEC 6, 9; STYLE habit 8)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from botocore.exceptions import EndpointConnectionError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chalicelib.db import aws as clients
from chalicelib.db import reproductions as reproductions_db
from chalicelib.db.accounts import get_account
from chalicelib.db.keys import paper_id_for_arxiv
from chalicelib.db.papers import get_paper
from chalicelib.local.pump import LambdaContext
from chalicelib.services.accounts import create_account
from chalicelib.services.agent_ratings import ratings_of
from chalicelib.services.ingest import ingest_files
from chalicelib.services.recompute import derive
from tests.conftest import SAMPLE, AwsStack, moto_stack

PAPERS = [paper_id_for_arxiv("1711.03953"), paper_id_for_arxiv("1709.07432")]
HARDWARE = ["1x A100 80GB, Ubuntu 22.04", "1x NVIDIA A100-80GB ubuntu", "8x H100", "RTX 4090"]


@pytest.fixture(scope="module")
def world() -> Iterator[tuple[AwsStack, list[str]]]:
    with moto_stack() as stack:
        ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
        stack.pump.drain()
        agents = [create_account("agent", f"agent{i}").account_id for i in range(3)]
        yield stack, agents


reproduction = st.fixed_dictionaries(
    {
        "paper": st.sampled_from(PAPERS),
        "agent": st.integers(0, 2),
        "status": st.sampled_from(["agent_pending", "verified", "rejected"]),
        "failed_validation": st.booleans(),
        "hardware": st.sampled_from(HARDWARE),
        "metric": st.sampled_from(
            [None, ("Perplexity", 47.69), ("Perplexity", 60.0), ("Accuracy", 0.5)]
        ),
        "tier_claimed": st.integers(1, 3),
        "trust_tier": st.integers(0, 2),
        "decided_at": st.integers(0, 10_000),
    }
)


class Faults:
    """Fail a share of DynamoDB writes at the AWS boundary (botocore hook), like a flaky
    network: the handler must report exactly those records and a retry must converge."""

    def __init__(self, rng: random.Random, rate: float) -> None:
        self.rng, self.rate, self.enabled = rng, rate, True

    def __call__(self, **_: Any) -> None:
        if self.enabled and self.rng.random() < self.rate:
            raise EndpointConnectionError(endpoint_url="http://injected-fault")


def new_stream_records(stack: AwsStack, seen: set[str]) -> list[dict[str, Any]]:
    streams = clients.client("dynamodbstreams")
    arn = stack.resources.reproductions_stream_arn
    records = []
    for shard in streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]:
        iterator = streams.get_shard_iterator(
            StreamArn=arn, ShardId=shard["ShardId"], ShardIteratorType="TRIM_HORIZON"
        )["ShardIterator"]
        for record in streams.get_records(ShardIterator=iterator, Limit=1000)["Records"]:
            if record["eventID"] in seen:
                continue
            seen.add(record["eventID"])
            record["dynamodb"]["ApproximateCreationDateTime"] = record["dynamodb"][
                "ApproximateCreationDateTime"
            ].timestamp()
            record["eventSourceARN"] = arn
            records.append(record)
    return records


SEEN: set[str] = set()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    repros=st.lists(reproduction, min_size=1, max_size=8),
    seed=st.integers(0, 10**6),
    fault_rate=st.sampled_from([0.0, 0.2, 0.5]),
)
def test_any_delivery_order_converges_to_a_from_scratch_recompute(
    world: tuple[AwsStack, list[str]],
    repros: list[dict[str, Any]],
    seed: int,
    fault_rate: float,
) -> None:
    stack, agents = world
    rng = random.Random(seed)
    # Given new reproductions written to the table (each write lands on the stream)
    for n, spec in enumerate(repros):
        rid = f"r{seed:07d}{n:02d}{rng.randrange(10**6):06d}"
        at = f"2026-01-01T00:00:00.{spec['decided_at']:06d}+00:00"
        metric = spec["metric"]
        reproductions_db.put_new(
            {
                "reproduction_id": rid,
                "paper_id": spec["paper"],
                "submitter_id": agents[spec["agent"]],
                "status": spec["status"],
                "tier_claimed": spec["tier_claimed"],
                "hardware_spec": spec["hardware"],
                "run_log": {"kind": "url", "url": "https://github.com/x/y"},
                "actual_metric_name": metric[0] if metric else None,
                "actual_metric_value": metric[1] if metric else None,
                "submitted_at": at,
                "submitted_key": f"{at}#{rid}",
                "decided_at": at if spec["status"] != "agent_pending" else None,
                "validation": {
                    "state": "failed" if spec["failed_validation"] else "passed",
                    "checks": [],
                    "extracted_metrics": [],
                    "validated_at": at,
                },
                "trust_tier": spec["trust_tier"],
                "updated_at": at,
                **({"pending_queue": "PENDING"} if spec["status"] == "agent_pending" else {}),
            }
        )
    records = new_stream_records(stack, SEEN)
    # When they are delivered shuffled, partly duplicated, in random batches, with faults
    deliveries = records + rng.sample(records, k=len(records) // 2)
    rng.shuffle(deliveries)
    faults = Faults(rng, fault_rate)
    dynamodb = clients.client("dynamodb")
    dynamodb.meta.events.register("before-call.dynamodb.UpdateItem", faults)
    handler = stack.app.handler_map["recompute_from_reproductions_stream"]
    try:
        rounds = 0
        while deliveries:
            rounds += 1
            faults.enabled = rounds < 6  # the network heals: retries must then succeed
            size = rng.randint(1, max(1, len(deliveries)))
            batch, deliveries = deliveries[:size], deliveries[size:]
            try:
                result = handler({"Records": batch}, LambdaContext(function_name="prop"))
                failed = {f["itemIdentifier"] for f in result["batchItemFailures"]}
            except Exception:  # every record failed: Powertools raises, Lambda retries all
                failed = {r["dynamodb"]["SequenceNumber"] for r in batch}
            # Then only records of a failing key are reported, and Lambda redelivers them
            deliveries += [r for r in batch if r["dynamodb"]["SequenceNumber"] in failed]
    finally:
        dynamodb.meta.events.unregister("before-call.dynamodb.UpdateItem", faults)

    # Then every stored score and rating equals a from-scratch recompute
    for paper_id in PAPERS:
        paper = get_paper(paper_id)
        assert paper is not None
        expected, _ = derive(paper, reproductions_db.list_for_paper(paper_id), now="")
        for field in ("verification", "verification_score", "score_breakdown", "leaderboard"):
            assert paper[field] == expected[field], field
    for agent_id in agents:
        account = get_account(agent_id)
        submitted = reproductions_db.list_for_submitter(agent_id)
        if submitted:
            assert account is not None and account["ratings"] == ratings_of(submitted)
