"""The local event pump: delivers SQS messages and DynamoDB-stream records to the app's
event handlers with Lambda's semantics, because `chalice local` never runs them.

- SQS: receive up to `batch_size` messages, invoke, delete the successes. Messages named in
  `batchItemFailures` (or all, if the handler raised) stay on the queue and come back after
  the visibility timeout; the queue's redrive policy moves them to the dead-letter queue
  after `maxReceiveCount` receives (set by chalicelib/local/bootstrap.py).
- Streams: read each shard in order, invoke with up to `batch_size` records, checkpoint past
  the successes. On partial failure the batch is retried from the lowest failed sequence
  number (like `ReportBatchItemFailures`) up to `max_attempts` times; then the failing records
  are sent to the on-failure queue and the shard moves on.
- Checkpoints: each shard's position (the record to read next) is kept, so a pump started on
  restored data (chalicelib/local/persistence.py) resumes where the saved one stopped instead
  of replaying every record from the trim horizon.

Fault injection (switches for tests; production code paths are untouched):
- `fault_rate`: a share of invocations fail before the handler runs.
- `timeout_rate`: a share of invocations "time out" like a Lambda function that hits its
  timeout: the pump picks a cut-off of 0..`TIMEOUT_MAX_CALLS` AWS calls; the handler's AWS
  calls from the cut-off on raise (the function was killed there, so nothing after it
  happens), and the invocation fails as a whole even if the handler got through every call
  (the work was done but the response was lost). Either way the whole batch is retried.
"""

from __future__ import annotations

import json
import logging
import random
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from chalicelib.db import aws

log = logging.getLogger("sotaverified.pump")


@dataclass
class LambdaContext:
    function_name: str
    aws_request_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    memory_limit_in_mb: int = 512
    invoked_function_arn: str = "arn:aws:lambda:us-east-1:123456789012:function:local"
    log_group_name: str = "/aws/lambda/local"
    log_stream_name: str = "local"
    function_version: str = "$LATEST"

    def get_remaining_time_in_millis(self) -> int:
        return 60_000


@dataclass
class PumpStats:
    invocations: int = 0
    failed_invocations: int = 0
    records_delivered: int = 0
    dead_lettered: int = 0
    injected_faults: int = 0
    injected_timeouts: int = 0


class InjectedFault(RuntimeError):
    pass


class InjectedTimeout(BaseException):
    """The handler was "killed" by an injected timeout. A BaseException, so that no handler
    code (`except Exception`, Powertools' per-record failure handling) swallows it: like a
    real timeout it ends the whole invocation."""


TIMEOUT_MAX_CALLS = 6  # the cut-off of an injected timeout: after 0..6 AWS calls


class _TimeoutInjector:
    """A botocore `before-call` hook on the shared clients. While an invocation with an
    injected timeout runs (on the pump's thread only: the HTTP server's threads share the
    clients), every AWS call from the cut-off on raises InjectedTimeout."""

    def __init__(self) -> None:
        self.thread: int | None = None
        self.budget = 0
        self.killed = False
        self.hooked: set[int] = set()

    def hook(self, clients: list[Any]) -> None:
        for client in clients:
            if id(client) not in self.hooked:
                client.meta.events.register("before-call", self)
                self.hooked.add(id(client))

    def __call__(self, **_: Any) -> None:
        if self.thread != threading.get_ident():
            return
        if self.budget <= 0:
            self.killed = True
            raise InjectedTimeout("injected timeout: the function was killed here")
        self.budget -= 1


@dataclass
class _Shard:
    stream_arn: str
    shard_id: str
    iterator: str | None
    # Where reading resumes: (ShardIteratorType, SequenceNumber); None = the trim horizon.
    position: tuple[str, str] | None = None
    attempts: int = 0

    @property
    def key(self) -> str:
        return f"{self.stream_arn}#{self.shard_id}"


class EventPump:
    def __init__(
        self,
        app: Any,
        *,
        stream_failure_queue_url: str | None = None,
        max_attempts: int = 3,
        fault_rate: float = 0.0,
        timeout_rate: float = 0.0,
        seed: int | None = None,
        checkpoints: Mapping[str, Mapping[str, str]] | None = None,
    ) -> None:
        self.app = app
        self.stream_failure_queue_url = stream_failure_queue_url
        self.max_attempts = max_attempts
        self.fault_rate = fault_rate
        self.timeout_rate = timeout_rate
        self._timeouts = _TimeoutInjector()
        self.random = random.Random(seed)
        self.stats = PumpStats()
        self._shards: dict[tuple[str, str], _Shard] = {}
        self._checkpoints = dict(checkpoints or {})  # from a saved pump: see checkpoints()
        self._queues: dict[str, tuple[str, str]] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    # --- invoking handlers -------------------------------------------------------------

    def _invoke(self, name: str, event: dict[str, Any]) -> dict[str, Any] | None:
        self.stats.invocations += 1
        self.stats.records_delivered += len(event["Records"])
        if self.fault_rate and self.random.random() < self.fault_rate:
            self.stats.injected_faults += 1
            self.stats.failed_invocations += 1
            log.warning("injected fault in %s (%d records)", name, len(event["Records"]))
            raise InjectedFault(f"injected fault in {name}")
        if self.timeout_rate and self.random.random() < self.timeout_rate:
            return self._invoke_with_timeout(name, event)
        try:
            result = self.app.handler_map[name](event, LambdaContext(function_name=name))
        except Exception as exc:
            self.stats.failed_invocations += 1
            log.warning("handler %s failed: %s: %s", name, type(exc).__name__, exc)
            raise
        return result if isinstance(result, dict) else None

    def _invoke_with_timeout(self, name: str, event: dict[str, Any]) -> dict[str, Any] | None:
        """Run the handler until an injected timeout kills it (or let it finish and lose its
        response); the invocation fails either way."""
        injector = self._timeouts
        injector.hook([aws.client(s) for s in ("dynamodb", "s3", "sqs", "dynamodbstreams")])
        injector.budget = self.random.randint(0, TIMEOUT_MAX_CALLS)
        injector.killed = False
        injector.thread = threading.get_ident()
        try:
            self.app.handler_map[name](event, LambdaContext(function_name=name))
        except InjectedTimeout:
            pass
        except Exception as exc:
            log.warning("handler %s failed: %s: %s", name, type(exc).__name__, exc)
        finally:
            injector.thread = None
        self.stats.injected_timeouts += 1
        self.stats.failed_invocations += 1
        where = "mid-way" if injector.killed else "after the handler returned"
        log.warning("injected timeout in %s (%s, %d records)", name, where, len(event["Records"]))
        raise InjectedFault(f"injected timeout in {name} ({where})")

    # --- SQS ----------------------------------------------------------------------------

    def _sqs_sources(self) -> list[Any]:
        return [s for s in self.app.event_sources if type(s).__name__ == "SQSEventConfig"]

    def _poll_queue(self, source: Any) -> int:
        sqs = aws.client("sqs")
        if source.queue not in self._queues:
            url = sqs.get_queue_url(QueueName=source.queue)["QueueUrl"]
            attrs = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])
            self._queues[source.queue] = (url, attrs["Attributes"]["QueueArn"])
        queue_url, queue_arn = self._queues[source.queue]
        response = sqs.receive_message(
            QueueUrl=queue_url,
            MaxNumberOfMessages=min(source.batch_size, 10),
            AttributeNames=["All"],
            MessageAttributeNames=["All"],
        )
        messages = response.get("Messages", [])
        if not messages:
            return 0
        event = {
            "Records": [
                {
                    "messageId": m["MessageId"],
                    "receiptHandle": m["ReceiptHandle"],
                    "body": m["Body"],
                    "attributes": m.get("Attributes", {}),
                    "messageAttributes": m.get("MessageAttributes", {}),
                    "md5OfBody": m.get("MD5OfBody", ""),
                    "eventSource": "aws:sqs",
                    "eventSourceARN": queue_arn,
                    "awsRegion": "us-east-1",
                }
                for m in messages
            ]
        }
        try:
            result = self._invoke(source.name, event)
            failed = {f["itemIdentifier"] for f in (result or {}).get("batchItemFailures", [])}
        except Exception:
            failed = {m["MessageId"] for m in messages}
        done = [m for m in messages if m["MessageId"] not in failed]
        if done:
            sqs.delete_message_batch(
                QueueUrl=queue_url,
                Entries=[
                    {"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(done)
                ],
            )
        return len(messages)

    # --- DynamoDB streams ---------------------------------------------------------------

    def _stream_sources(self) -> list[Any]:
        return [s for s in self.app.event_sources if type(s).__name__ == "DynamoDBEventConfig"]

    def _shards_of(self, stream_arn: str) -> list[_Shard]:
        streams = aws.client("dynamodbstreams")
        description = streams.describe_stream(StreamArn=stream_arn)["StreamDescription"]
        shards = []
        for shard in description.get("Shards", []):
            key = (stream_arn, shard["ShardId"])
            if key not in self._shards:
                new = _Shard(stream_arn, shard["ShardId"], None)
                saved = self._checkpoints.get(new.key)
                if saved:
                    self._seek(new, saved["sequence"], saved["type"])
                else:
                    new.iterator = streams.get_shard_iterator(
                        StreamArn=stream_arn,
                        ShardId=shard["ShardId"],
                        ShardIteratorType="TRIM_HORIZON",
                    )["ShardIterator"]
                self._shards[key] = new
            shards.append(self._shards[key])
        return shards

    @staticmethod
    def _lambda_record(record: dict[str, Any], stream_arn: str) -> dict[str, Any]:
        record = dict(record)
        body = dict(record["dynamodb"])
        created = body.get("ApproximateCreationDateTime")
        if isinstance(created, datetime):
            body["ApproximateCreationDateTime"] = created.timestamp()
        record["dynamodb"] = body
        record["eventSourceARN"] = stream_arn
        return record

    def _seek(self, shard: _Shard, sequence: str, iterator_type: str) -> None:
        shard.position = (iterator_type, sequence)
        streams = aws.client("dynamodbstreams")
        shard.iterator = streams.get_shard_iterator(
            StreamArn=shard.stream_arn,
            ShardId=shard.shard_id,
            ShardIteratorType=iterator_type,
            SequenceNumber=sequence,
        )["ShardIterator"]

    def _poll_shard(self, source: Any, shard: _Shard) -> int:
        if shard.iterator is None:
            return 0
        streams = aws.client("dynamodbstreams")
        response = streams.get_records(ShardIterator=shard.iterator, Limit=source.batch_size)
        records = response.get("Records", [])
        next_iterator = response.get("NextShardIterator")
        if not records:
            shard.iterator = next_iterator
            return 0
        event = {"Records": [self._lambda_record(r, shard.stream_arn) for r in records]}
        try:
            result = self._invoke(source.name, event)
            failed = [f["itemIdentifier"] for f in (result or {}).get("batchItemFailures", [])]
        except Exception:
            failed = [records[0]["dynamodb"]["SequenceNumber"]]
        if not failed:
            shard.iterator = next_iterator
            shard.position = ("AFTER_SEQUENCE_NUMBER", records[-1]["dynamodb"]["SequenceNumber"])
            shard.attempts = 0
            return len(records)
        lowest = min(failed, key=int)
        shard.attempts += 1
        if shard.attempts < self.max_attempts:
            self._seek(shard, lowest, "AT_SEQUENCE_NUMBER")  # retry from the first failure
            return len(records)
        # Give up on the failed records: send them to the on-failure destination, move on.
        failing = [r for r in records if int(r["dynamodb"]["SequenceNumber"]) >= int(lowest)]
        self._dead_letter_stream_records(source.name, shard, failing)
        shard.attempts = 0
        self._seek(shard, records[-1]["dynamodb"]["SequenceNumber"], "AFTER_SEQUENCE_NUMBER")
        return len(records)

    def _dead_letter_stream_records(
        self, name: str, shard: _Shard, records: list[dict[str, Any]]
    ) -> None:
        self.stats.dead_lettered += len(records)
        if not self.stream_failure_queue_url:
            return
        aws.client("sqs").send_message(
            QueueUrl=self.stream_failure_queue_url,
            MessageBody=json.dumps(
                {
                    "handler": name,
                    "stream_arn": shard.stream_arn,
                    "shard_id": shard.shard_id,
                    "sequence_numbers": [r["dynamodb"]["SequenceNumber"] for r in records],
                    "keys": [r["dynamodb"].get("Keys") for r in records],
                },
                default=str,
            ),
        )

    # --- driving ------------------------------------------------------------------------

    def pump_once(self) -> int:
        """One pass over every queue and shard; returns how many records were delivered."""
        with self._lock:
            delivered = 0
            for source in self._sqs_sources():
                delivered += self._poll_queue(source)
            for source in self._stream_sources():
                for shard in self._shards_of(source.stream_arn):
                    delivered += self._poll_shard(source, shard)
            return delivered

    def checkpoints(self) -> dict[str, dict[str, str]]:
        """Each shard's position, `{"<stream arn>#<shard id>": {"type", "sequence"}}`, to
        start another pump where this one is (`EventPump(checkpoints=...)`). Consistent with
        the data only while the pump is paused (between passes)."""
        positions = {key: dict(value) for key, value in self._checkpoints.items()}
        for shard in self._shards.values():
            if shard.position:
                positions[shard.key] = {"type": shard.position[0], "sequence": shard.position[1]}
        return positions

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Hold the pump between two passes: no handler runs and no shard moves meanwhile."""
        with self._lock:
            yield

    def drain(self, timeout: float = 120.0, quiet_passes: int = 2) -> int:
        """Pump until `quiet_passes` consecutive passes deliver nothing (or timeout)."""
        deadline = time.monotonic() + timeout
        total = quiet = 0
        while time.monotonic() < deadline:
            delivered = self.pump_once()
            total += delivered
            quiet = quiet + 1 if delivered == 0 else 0
            if quiet >= quiet_passes:
                return total
        raise TimeoutError(f"event pump still busy after {timeout:.0f}s ({total} delivered)")

    def start(self, interval: float = 0.2) -> None:
        def loop() -> None:
            while not self._stop.is_set():
                try:
                    if self.pump_once() == 0:
                        self._stop.wait(interval)
                except Exception as exc:  # keep pumping; report and back off
                    log.warning("pump pass failed: %s: %s", type(exc).__name__, exc)
                    self._stop.wait(1.0)

        self._thread = threading.Thread(target=loop, name="event-pump", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=5)
