"""Fault injection: the local stack with an event pump that fails invocations on purpose
(`--fault-rate`: before the handler runs; `--timeout-rate`: the handler is killed part-way
or its response is lost, like a Lambda timeout). With 3 attempts per message and per stream
batch, some work is dead-lettered. Then:

(a) every submission reaches a final validation verdict (never stuck pending), in bounded
    time, and the verdict is the one a fault-free run gives;
(b) every paper's stored score and every agent's stored rating equal a from-scratch
    recompute (`python -m chalicelib.cli recompute --dry-run`);
(c) nothing is lost: dead letters (validator DLQ, stream failures) are redriven with
    `python -m chalicelib.cli redrive`, and every submission and decision is stored once.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import requests

from tests.conftest import LocalStack, spawn_stack
from tests.e2e.own_stack import (
    LONG,
    account,
    ingest,
    paper_row,
    queue_depth,
    recompute_dry_run,
    write_tables,
)

pytestmark = pytest.mark.e2e

FAULT_RATE = 0.3 if LONG else 0.5
TIMEOUT_RATE = 0.15 if LONG else 0.2
SUBMISSIONS = 45 if LONG else 15
SETTLE_SECONDS = 240 if LONG else 75
PAPERS = {"2401.10001": 84.1, "2401.10002": 80.5, "2401.10003": 76.0}
HARDWARE = ["1x A100 80GB, Ubuntu 22.04", "8x H100 80GB, Ubuntu 22.04", "1x RTX 4090 24GB, Debian"]


@dataclass
class Submitted:
    reproduction_id: str
    paper: str
    agent: str  # account_id
    kind: str  # passes | metric_missing | no_metrics | replay | url
    decision: str | None = None  # promote | reject
    run_attempt: int | None = None  # of its run, when it has one

    @property
    def expected_validation(self) -> str:
        if self.kind == "url":  # a CI run page: no raw form, so nobody read it
            return "unchecked"
        return "failed" if self.kind in ("metric_missing", "no_metrics") else "passed"


@dataclass
class Scenario:
    stack: LocalStack
    submitted: list[Submitted]
    agents: list[str]
    final: dict[str, dict[str, Any]] = field(default_factory=dict)  # reproduction_id -> view
    dead_letters_seen: int = 0
    redrives: list[dict[str, Any]] = field(default_factory=list)
    settle_seconds: float = 0.0
    recompute: dict[str, Any] = field(default_factory=dict)


def _replay(run: dict[str, Any], output: str) -> dict[str, Any]:
    """Reads train.py, asks an LLM, runs the evaluation, which printed `output` (the log)."""
    started = datetime.fromisoformat(run["started_at"])
    return {
        "run_id": run["run_id"],
        "steps": [
            {
                "type": "tool_call",
                "ts": (started + timedelta(milliseconds=100)).isoformat(),
                "tool": "read_file",
                "input": "train.py",
                "output": "import torch",
                "duration_ms": 3,
            },
            {
                "type": "tool_call",
                "ts": (started + timedelta(milliseconds=150)).isoformat(),
                "tool": "bash",
                "input": "python train.py --evaluate",
                "output": output,
                "duration_ms": 40,
            },
            {
                "type": "llm_call",
                "ts": (started + timedelta(milliseconds=200)).isoformat(),
                "model": "some-model",
                "input_tokens": 100,
                "output_tokens": 20,
                "duration_ms": 900,
            },
        ],
    }


def _submit(
    stack: LocalStack, session: requests.Session, key: str, index: int, paper: str
) -> tuple[str, dict[str, Any], int | None]:
    """One submission of kind `index % 5`; returns (kind, response body, run attempt)."""
    claimed = PAPERS[paper]
    kind = ("passes", "metric_missing", "no_metrics", "replay", "url")[index % 5]
    body: dict[str, Any] = {
        "paper_id": paper,
        "tier_claimed": 1 + index % 3,
        "hardware_spec": HARDWARE[index % len(HARDWARE)],
        "dataset": "ImageNet",
    }
    value = round(claimed - 0.1 * (index % 4), 2)
    if kind == "url":
        body["run_log_url"] = f"https://github.com/example/runs/{index}"
    elif kind == "no_metrics":
        body["run_log_url"] = f"epoch {index} done\ncheckpoint saved to /tmp/ckpt"
    else:
        # a line of its own: the same output from two accounts would be flagged a copy
        body["run_log_url"] = (
            f"* Acc@1 {value:.2f} Acc@5 96.10\nTop-1 Accuracy: {value:.2f}\n"
            f"checkpoint saved to /tmp/fault-{index}"
        )
    if kind in ("passes", "replay"):
        body.update(actual_metric_name="Top-1 Accuracy", actual_metric_value=value)
    if kind == "metric_missing":
        body.update(actual_metric_name="Top-1 Accuracy", actual_metric_value=value + 7.5)
    headers = {"Authorization": f"Bearer {key}"}
    attempt = None
    if kind == "replay":
        run = session.post(
            f"{stack.url}/api/v1/runs",
            json={
                "paper_id": paper,
                "memoryless": True,
                "workspace": {"files": ["train.py"]},
            },
            headers=headers,
            timeout=30,
        )
        assert run.status_code == 201, run.text
        replay = _replay(run.json(), body["run_log_url"])
        body.update(run_id=run.json()["run_id"], replay_log=replay)
        attempt = run.json()["attempt"]
    response = session.post(
        f"{stack.url}/api/v1/reproductions",
        json=body,
        headers={**headers, "Idempotency-Key": f"fault-{index}"},
        timeout=30,
    )
    assert response.status_code == 201, response.text
    return kind, response.json(), attempt


def _decide(
    stack: LocalStack, session: requests.Session, reviewer_key: str, item: Submitted
) -> None:
    """Promote a submission whose validation passed, reject one whose URL nobody read."""
    if item.kind == "passes" or item.kind == "replay":
        item.decision = "promote"
    elif item.kind == "url":
        item.decision = "reject"
    else:
        return
    url = f"{stack.url}/api/v1/reproductions/{item.reproduction_id}/{item.decision}"
    for _ in range(2):  # a retried decision is idempotent
        response = session.post(
            url, headers={"Authorization": f"Bearer {reviewer_key}"}, timeout=30
        )
        assert response.status_code == 200, response.text


def _views(stack: LocalStack, ids: list[str]) -> dict[str, dict[str, Any]]:
    with requests.Session() as session:
        return {
            rid: session.get(f"{stack.url}/api/v1/reproductions/{rid}", timeout=30).json()
            for rid in ids
        }


def _is_final(view: dict[str, Any]) -> bool:
    trajectory = view.get("trajectory")
    return view["validation"]["state"] != "pending" and (
        trajectory is None or trajectory["state"] != "pending"
    )


def _settle(scenario: Scenario) -> None:
    """Redrive dead letters until every verdict is final and every stored score and rating
    matches a from-scratch recompute, twice in a row with no dead letters in between."""
    stack = scenario.stack
    ids = [s.reproduction_id for s in scenario.submitted]
    started = time.monotonic()
    deadline = started + SETTLE_SECONDS
    converged_once = False
    while True:
        dead = queue_depth(stack, "validate-dlq") + queue_depth(stack, "stream-failures")
        if dead:
            scenario.dead_letters_seen += dead
            done = stack.cli("redrive", "--json", check=False)
            report = json.loads(done.stdout)
            assert not report["unresolved"], report
            scenario.redrives.append(report)
            converged_once = False
            continue
        views = _views(stack, ids)
        converged = queue_depth(stack, "validate") == 0 and all(map(_is_final, views.values()))
        if converged:
            scenario.recompute = recompute_dry_run(stack, list(PAPERS), scenario.agents)
            items = scenario.recompute["papers"] + scenario.recompute["agents"]
            converged = all(item["matches_stored"] for item in items)
        if converged and converged_once:
            scenario.final = views
            scenario.settle_seconds = time.monotonic() - started
            return
        converged_once = converged
        assert time.monotonic() < deadline, (
            f"not settled after {SETTLE_SECONDS}s: "
            f"pending={[r for r, v in views.items() if not _is_final(v)]} "
            f"recompute={json.dumps(scenario.recompute)[:2000]}\n" + "".join(stack.output[-40:])
        )
        time.sleep(1.0 if converged else 0.5)


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scenario]:
    limits = {"SOTAV_SUBMISSIONS_PER_HOUR": "100000", "SOTAV_MAX_ACTIVE_RUNS": "100000"}
    faults = ("--fault-rate", str(FAULT_RATE), "--timeout-rate", str(TIMEOUT_RATE))
    with spawn_stack(*faults, env=limits) as stack:
        tables = write_tables(
            Path(tmp_path_factory.mktemp("faults")) / "evaluation-tables.json",
            [
                paper_row(arxiv_id, f"Fault Net {i}", top1, f"https://github.com/example/f{i}")
                for i, (arxiv_id, top1) in enumerate(PAPERS.items())
            ],
        )
        with ThreadPoolExecutor(5) as pool:
            ingested = pool.submit(ingest, stack, tables)
            names = ["agent-0", "agent-1", "agent-2", "reviewer"]
            roles = ["agent", "agent", "agent", "reviewer"]
            accounts = list(pool.map(lambda r, n: account(stack, r, f"faults-{n}"), roles, names))
            ingested.result()
        agents, reviewer = accounts[:3], accounts[3]
        submitted = _submit_all(stack, agents, range(SUBMISSIONS))
        result = Scenario(stack, submitted, [a["account_id"] for a in agents])
        # A promotion needs a settled validation: reviewers decide every other submission
        # once the validators are done, and the decisions' recomputes meet faults too
        _settle(result)
        with requests.Session() as session:
            for item in submitted[::2]:
                _decide(stack, session, reviewer["key"], item)
        _settle(result)
        # (c) needs dead letters to redrive; the faults are random, and a run can by chance
        # dead-letter nothing (no message failing all its attempts): submit more until one does
        more = SUBMISSIONS
        while result.dead_letters_seen == 0 and more < 3 * SUBMISSIONS:
            result.submitted += _submit_all(stack, agents, range(more, more + len(PAPERS)))
            more += len(PAPERS)
            _settle(result)
        yield result


def _submit_all(stack: LocalStack, agents: list[dict[str, Any]], indexes: range) -> list[Submitted]:
    """Submissions number `indexes`, spread over the papers and the agents."""
    submitted: list[Submitted] = []
    with requests.Session() as session:
        for index in indexes:
            paper = list(PAPERS)[index % len(PAPERS)]
            agent = agents[(index // len(PAPERS)) % len(agents)]
            kind, view, attempt = _submit(stack, session, agent["key"], index, paper)
            item = Submitted(view["reproduction_id"], paper, agent["account_id"], kind)
            item.run_attempt = attempt
            submitted.append(item)
    return submitted


def test_every_submission_reaches_its_verdict(scenario: Scenario) -> None:
    for item in scenario.submitted:
        view = scenario.final[item.reproduction_id]
        assert view["validation"]["state"] == item.expected_validation, view
        if item.kind == "replay":
            assert view["trajectory"]["state"] == "valid", view
            # tier 2: a valid log of a memoryless run on the agent's first attempt
            assert view["trust_tier"] == (2 if item.run_attempt == 1 else 1), view
    print(f"settled {scenario.settle_seconds:.1f}s after the last submission")


def test_stored_scores_and_ratings_equal_a_recompute_from_scratch(scenario: Scenario) -> None:
    papers = scenario.recompute["papers"]
    assert [p["arxiv_id"] for p in papers] == list(PAPERS)
    for paper in papers:
        assert paper["matches_stored"], paper
        assert paper["reproductions"] == sum(
            1 for s in scenario.submitted if s.paper == paper["arxiv_id"]
        ), paper
        url = f"{scenario.stack.url}/api/v1/papers/{paper['arxiv_id']}"
        view = requests.get(url, timeout=30).json()
        assert view["verification_score"] == paper["derived"]["verification_score"]
    promoted = {s.paper for s in scenario.submitted if s.decision == "promote"}
    assert promoted, "the scenario promotes something on some paper"
    for paper in papers:
        if paper["arxiv_id"] in promoted:
            assert paper["derived"]["verification"] in ("community_verified", "disputed")
    for agent in scenario.recompute["agents"]:
        assert agent["matches_stored"], agent


def test_nothing_is_lost_dead_letters_were_redriven(scenario: Scenario) -> None:
    stack = scenario.stack
    # The fault path was exercised: work was dead-lettered, and the redrive moved it back.
    injected = sum("injected" in line for line in stack.output)
    assert injected > 0, "".join(stack.output[-20:])
    redrives = scenario.redrives
    assert scenario.dead_letters_seen > 0 and redrives, (injected, redrives)
    moved = sum(r["validator_messages_moved"] + r["stream_failure_messages"] for r in redrives)
    assert moved > 0, scenario.redrives
    assert queue_depth(stack, "validate-dlq") == 0
    assert queue_depth(stack, "stream-failures") == 0
    # Every submission is stored exactly once, with its decision.
    for paper in PAPERS:
        listed: list[dict[str, Any]] = []
        cursor = None
        while True:
            params = {"limit": 100, **({"cursor": cursor} if cursor else {})}
            page = requests.get(
                f"{stack.url}/api/v1/papers/{paper}/reproductions", params=params, timeout=30
            ).json()
            listed += page["results"]
            cursor = page["next_cursor"]
            if not cursor:
                break
        ids = [r["reproduction_id"] for r in listed]
        assert len(ids) == len(set(ids))
        assert set(ids) == {s.reproduction_id for s in scenario.submitted if s.paper == paper}
    for item in scenario.submitted:
        status = scenario.final[item.reproduction_id]["status"]
        expected = {"promote": "verified", "reject": "rejected", None: "agent_pending"}
        assert status == expected[item.decision], (item, status)
    killed = sum("injected timeout" in line and "mid-way" in line for line in stack.output)
    print(
        f"{injected} injected faults/timeouts ({killed} killed mid-way), "
        f"{scenario.dead_letters_seen} dead letters seen, "
        f"{len(scenario.redrives)} redrives: {scenario.redrives}"
    )


# --- the redrive service on in-process moto: Lambda's on-failure record format --------------


def test_redrive_reads_lambda_on_failure_records_and_moves_dead_letters(
    aws: Any, tmp_path: Path
) -> None:
    """A deployed stream mapping reports a failed batch as a `DDBStreamBatchInfo` sequence
    range, not as keys: the redrive reads the keys back from the stream and recomputes those
    papers and agents. Validator dead letters go back to the validator queue unchanged."""
    import boto3

    from chalicelib.db import papers as papers_db
    from chalicelib.services.accounts import authenticate, create_account
    from chalicelib.services.ingest import ingest_files
    from chalicelib.services.redrive import redrive
    from chalicelib.services.submissions import submit_reproduction

    arxiv_id = "2401.30001"
    tables = write_tables(
        tmp_path / "t.json", [paper_row(arxiv_id, "R", 80.0, "https://github.com/e/r")]
    )
    ingest_files(evaluation_tables=[tables])
    aws.pump.drain()
    agent = authenticate(f"Bearer {create_account('agent', 'a').key}")
    fields = {"paper_id": arxiv_id, "tier_claimed": 1, "hardware_spec": "1x A100"}
    submitted = submit_reproduction(agent, {**fields, "run_log_url": "acc: 80.0"}, None).item
    paper_id = submitted["paper_id"]
    assert papers_db.get_paper(paper_id)["computed_repro_stamp"].startswith("00000000#")

    # The stream batch with the submission "failed": Lambda's on-failure record names it.
    streams = boto3.client("dynamodbstreams")
    arn = aws.resources.reproductions_stream_arn
    shard = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"][0]["ShardId"]
    iterator = streams.get_shard_iterator(
        StreamArn=arn, ShardId=shard, ShardIteratorType="TRIM_HORIZON"
    )["ShardIterator"]
    records = streams.get_records(ShardIterator=iterator)["Records"]
    batch = {
        "streamArn": arn,
        "shardId": shard,
        "startSequenceNumber": records[0]["dynamodb"]["SequenceNumber"],
        "endSequenceNumber": records[-1]["dynamodb"]["SequenceNumber"],
        "batchSize": len(records),
    }
    sqs = boto3.client("sqs")
    sqs.send_message(
        QueueUrl=aws.resources.stream_failures_queue_url,
        MessageBody=json.dumps({"requestContext": {}, "DDBStreamBatchInfo": batch}),
    )
    dead_letter = json.dumps({"Records": [{"eventName": "ObjectCreated:Put"}]})
    sqs.send_message(QueueUrl=aws.resources.validator_dlq_url, MessageBody=dead_letter)

    report = redrive().as_dict()
    assert report["validator_messages_moved"] == 1 and report["stream_failure_messages"] == 1
    assert report["papers_recomputed"] == [paper_id]
    assert report["agents_recomputed"] == [agent.account_id]
    assert report["unresolved"] == []
    assert papers_db.get_paper(paper_id)["computed_repro_stamp"].startswith("00000001#")
    moved = sqs.receive_message(QueueUrl=aws.resources.validator_queue_url, MaxNumberOfMessages=10)
    assert dead_letter in [m["Body"] for m in moved["Messages"]]
    assert redrive().as_dict()["stream_failure_messages"] == 0  # both queues are empty now


def test_a_log_with_a_number_dynamodb_cannot_store_still_gets_its_verdict(
    aws: Any, tmp_path: Path
) -> None:
    """`acc: 1e200` in pasted output used to make the verdict unstorable (boto3 refuses the
    number), so the upload was retried until it was dead-lettered, and the submission stayed
    pending forever. Such a number is no metric: the verdict leaves it out."""
    from chalicelib.db import reproductions as reproductions_db
    from chalicelib.services.accounts import authenticate, create_account
    from chalicelib.services.ingest import ingest_files
    from chalicelib.services.submissions import submit_reproduction

    tables = write_tables(
        tmp_path / "t.json", [paper_row("2401.30002", "N", 80.0, "https://github.com/e/n")]
    )
    ingest_files(evaluation_tables=[tables])
    agent = authenticate(f"Bearer {create_account('agent', 'a').key}")
    fields = {
        "paper_id": "2401.30002",
        "tier_claimed": 1,
        "hardware_spec": "1x A100",
        "run_log_url": "loss: 1e200\ngrad: 1e-200\nTop-1 Accuracy: 80.0",
        "actual_metric_name": "Top-1 Accuracy",
        "actual_metric_value": 80.0,
    }
    rid = submit_reproduction(agent, fields, None).item["reproduction_id"]
    aws.pump.drain()
    stored = reproductions_db.get(rid)
    assert stored is not None and stored["validation"]["state"] == "passed"
    assert stored["validation"]["extracted_metrics"] == [{"name": "Top-1 Accuracy", "value": 80}]
    assert aws.pump.stats.dead_lettered == 0
