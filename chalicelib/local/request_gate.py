"""The gate between moto's requests and the local stack's snapshots (`persistence.py`): a
snapshot is taken only while no request that can change moto's state is running, and only
when one has run since the last snapshot."""

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

log = logging.getLogger("sotaverified.local")

# --- the gate: moto requests vs snapshots ---------------------------------------------------

# Operations that never change what a snapshot holds (anything else counts as a change).
_READ_TARGETS = {
    "DynamoDB_20120810": {
        "BatchGetItem",
        "DescribeContinuousBackups",
        "DescribeEndpoints",
        "DescribeLimits",
        "DescribeTable",
        "DescribeTimeToLive",
        "GetItem",
        "ListTables",
        "ListTagsOfResource",
        "Query",
        "Scan",
        "TransactGetItems",
    },
    # ReceiveMessage moves a message in flight; not saving that only means the message is
    # visible again after a restore (as after its visibility timeout), which SQS allows.
    "AmazonSQS": {
        "GetQueueAttributes",
        "GetQueueUrl",
        "ListDeadLetterSourceQueues",
        "ListQueueTags",
        "ListQueues",
        "ReceiveMessage",
    },
}


def changes_state(environ: dict[str, Any]) -> bool:
    """Whether a request to the moto server may change the state a snapshot keeps."""
    target = environ.get("HTTP_X_AMZ_TARGET", "")
    if target:
        service, _, operation = target.partition(".")
        if service.startswith("DynamoDBStreams"):
            return False  # reads only; its iterators are not kept
        return operation not in _READ_TARGETS.get(service, set())
    return environ.get("REQUEST_METHOD", "GET") not in ("GET", "HEAD")  # S3 (REST)


class RequestGate:
    """A readers-writer gate in front of the moto server. Each request passes as a reader
    (many at once); a snapshot enters as the writer, once the requests in progress are done,
    and holds new ones back meanwhile. `generation` counts the requests that could change
    state, so the snapshotter can tell whether anything changed since the last snapshot."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._readers = 0
        self._writer = False
        self._writers_waiting = 0
        self.generation = 0

    def wrap(self, app: Callable[..., Any]) -> Callable[..., Any]:
        def gated(environ: dict[str, Any], start_response: Any) -> Any:
            changing = changes_state(environ)
            with self._condition:
                while self._writer or self._writers_waiting:
                    self._condition.wait()
                self._readers += 1
            try:
                # The whole response is produced inside the gate: none of moto's work happens
                # while a snapshot is taken.
                return list(app(environ, start_response))
            finally:
                with self._condition:
                    self._readers -= 1
                    if changing:
                        self.generation += 1
                    self._condition.notify_all()

        return gated

    @contextmanager
    def exclusive(self, timeout: float) -> Iterator[bool]:
        """Wait (at most `timeout` s) until no request runs; yields whether it got there."""
        deadline = time.monotonic() + timeout
        with self._condition:
            self._writers_waiting += 1
            try:
                while self._writer or self._readers:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        break
                    self._condition.wait(left)
                acquired = not (self._writer or self._readers)
                if acquired:
                    self._writer = True
            finally:
                self._writers_waiting -= 1
                self._condition.notify_all()
        try:
            yield acquired
        finally:
            if acquired:
                with self._condition:
                    self._writer = False
                    self._condition.notify_all()
