"""Redrive what the event pipeline gave up on (`python -m chalicelib.cli redrive`).

- **Validator dead-letter queue** (`<validator queue>-dlq`): S3 notifications that failed
  validation `maxReceiveCount` times. Their messages are moved back to the validator queue
  unchanged; the validator recomputes each verdict from the stored inputs, so a message
  that is delivered twice does no harm.
- **Stream failures** (`<prefix>-stream-failures`): stream batches that the recompute
  handlers failed on until the retries ran out. The papers (and agents) those records named
  may carry stale derived fields. Recompute is idempotent and reads the current state, so
  redriving means recomputing them now, from scratch. Two message formats are understood:
  - the local event pump's: `{"handler", "stream_arn", "shard_id", "sequence_numbers",
    "keys": [<DynamoDB Keys>, ...]}`;
  - Lambda's on-failure destination record for a stream mapping:
    `{"DDBStreamBatchInfo": {"streamArn", "shardId", "startSequenceNumber",
    "endSequenceNumber", ...}, ...}`. It names a sequence range, not keys, so the keys are
    read back from the stream (possible within the stream's 24-hour retention; an older
    message is reported as unresolved and left on the queue).

A message is deleted only after its work succeeded; a failure leaves it on its queue (it
comes back after the visibility timeout) and is reported.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from chalicelib.db import aws
from chalicelib.db import reproductions as reproductions_db
from chalicelib.settings import get_settings

MAX_MESSAGES = 10_000  # per queue and run: bounded, even if the queue keeps refilling


@dataclass
class RedriveReport:
    validator_messages_moved: int = 0
    stream_failure_messages: int = 0
    papers_recomputed: list[str] = field(default_factory=list)
    agents_recomputed: list[str] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "validator_messages_moved": self.validator_messages_moved,
            "stream_failure_messages": self.stream_failure_messages,
            "papers_recomputed": self.papers_recomputed,
            "agents_recomputed": self.agents_recomputed,
            "unresolved": self.unresolved,
        }


def validator_dlq_name() -> str:
    return f"{get_settings().validator_queue_name}-dlq"  # as bootstrap.py and infra/stage.py


def stream_failures_queue_name() -> str:
    return f"{get_settings().resource_prefix}-stream-failures"


def _queue_url(name: str) -> str:
    return str(aws.client("sqs").get_queue_url(QueueName=name)["QueueUrl"])


def _receive(queue_url: str) -> list[dict[str, Any]]:
    response = aws.client("sqs").receive_message(
        QueueUrl=queue_url, MaxNumberOfMessages=10, WaitTimeSeconds=0, VisibilityTimeout=60
    )
    return list(response.get("Messages", []))


def _delete(queue_url: str, messages: list[dict[str, Any]]) -> None:
    if messages:
        aws.client("sqs").delete_message_batch(
            QueueUrl=queue_url,
            Entries=[
                {"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(messages)
            ],
        )


def redrive_validator_dlq(report: RedriveReport) -> None:
    """Move every message of the validator DLQ back to the validator queue."""
    sqs = aws.client("sqs")
    dlq_url = _queue_url(validator_dlq_name())
    queue_url = _queue_url(get_settings().validator_queue_name)
    while report.validator_messages_moved < MAX_MESSAGES:
        messages = _receive(dlq_url)
        if not messages:
            return
        response = sqs.send_message_batch(
            QueueUrl=queue_url,
            Entries=[{"Id": str(i), "MessageBody": m["Body"]} for i, m in enumerate(messages)],
        )
        sent = {int(entry["Id"]) for entry in response.get("Successful", [])}
        moved = [m for i, m in enumerate(messages) if i in sent]
        _delete(dlq_url, moved)
        report.validator_messages_moved += len(moved)
        for failure in response.get("Failed", []):
            report.unresolved.append(
                f"validator DLQ message {messages[int(failure['Id'])]['MessageId']}: "
                f"{failure.get('Message', failure.get('Code', 'send failed'))}"
            )
        if len(moved) < len(messages):
            return  # the rest stays on the DLQ; don't spin on it


def _stream_keys(batch: dict[str, Any]) -> list[dict[str, Any]]:
    """The Keys of the records in a Lambda on-failure record's sequence range."""
    streams = aws.client("dynamodbstreams")
    start, end = batch["startSequenceNumber"], batch["endSequenceNumber"]
    iterator = streams.get_shard_iterator(
        StreamArn=batch["streamArn"],
        ShardId=batch["shardId"],
        ShardIteratorType="AT_SEQUENCE_NUMBER",
        SequenceNumber=start,
    )["ShardIterator"]
    keys: list[dict[str, Any]] = []
    for _ in range(1000):  # bounded: a batch is at most 10,000 records
        response = streams.get_records(ShardIterator=iterator, Limit=1000)
        for record in response.get("Records", []):
            if int(record["dynamodb"]["SequenceNumber"]) > int(end):
                return keys
            keys.append(record["dynamodb"].get("Keys") or {})
        iterator = response.get("NextShardIterator")
        if not iterator or not response.get("Records"):
            return keys
    return keys


def keys_of_failure(body: dict[str, Any]) -> list[dict[str, Any]]:
    if isinstance(body.get("keys"), list):
        return [k for k in body["keys"] if isinstance(k, dict)]
    batch = body.get("DDBStreamBatchInfo")
    if isinstance(batch, dict):
        return _stream_keys(batch)
    raise ValueError("neither 'keys' nor 'DDBStreamBatchInfo' in the message")


def _string_key(keys: dict[str, Any], name: str) -> str | None:
    value = keys.get(name)
    if isinstance(value, dict) and isinstance(value.get("S"), str):
        return str(value["S"])
    return None


def dirty_of(keys: list[dict[str, Any]]) -> tuple[set[str], set[str]]:
    """Papers and agents to recompute for records with these Keys (papers-table records are
    keyed by paper_id, reproductions-table records by reproduction_id)."""
    papers: set[str] = set()
    agents: set[str] = set()
    for record_keys in keys:
        paper_id = _string_key(record_keys, "paper_id")
        if paper_id:
            papers.add(paper_id)
        reproduction_id = _string_key(record_keys, "reproduction_id")
        if reproduction_id:
            repro = reproductions_db.get(reproduction_id)
            if repro is not None:
                papers.add(repro["paper_id"])
                agents.add(repro["submitter_id"])
    return papers, agents


def redrive_stream_failures(report: RedriveReport) -> None:
    """Recompute the papers and agents named by each stream-failure message, then delete it."""
    from chalicelib.services.agent_ratings import recompute_agent
    from chalicelib.services.recompute import recompute_paper
    from chalicelib.services.tasks import recompute_tasks

    queue_url = _queue_url(stream_failures_queue_name())
    done_papers: set[str] = set()
    done_agents: set[str] = set()
    seen = 0
    while seen < MAX_MESSAGES:
        messages = _receive(queue_url)
        if not messages:
            return
        seen += len(messages)
        handled = []
        for message in messages:
            try:
                papers, agents = dirty_of(keys_of_failure(json.loads(message["Body"])))
                for paper_id in sorted(papers - done_papers):
                    touched: set[str] = set()
                    recompute_paper(paper_id, touched)
                    failed = recompute_tasks(touched)
                    if failed:
                        raise next(iter(failed.values()))
                    done_papers.add(paper_id)
                    report.papers_recomputed.append(paper_id)
                for account_id in sorted(agents - done_agents):
                    recompute_agent(account_id)
                    done_agents.add(account_id)
                    report.agents_recomputed.append(account_id)
            except Exception as exc:  # report, keep the message, go on with the others
                report.unresolved.append(
                    f"stream-failure message {message['MessageId']}: {type(exc).__name__}: {exc}"
                )
                continue
            handled.append(message)
        _delete(queue_url, handled)
        report.stream_failure_messages += len(handled)
        if len(handled) < len(messages):
            return  # unresolved messages come back after the visibility timeout


def redrive(*, validator: bool = True, streams: bool = True) -> RedriveReport:
    report = RedriveReport()
    if validator:
        redrive_validator_dlq(report)
    if streams:
        redrive_stream_failures(report)
    return report
