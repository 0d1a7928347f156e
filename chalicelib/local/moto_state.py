"""moto's state to bytes and back, for the local stack's snapshots (`persistence.py`) and the
test suite's saved sample: the backends of the services the app uses, pickled, with DynamoDB
Streams records older than the streams keep trimmed."""

import io
import logging
import pickle
import threading
from datetime import timedelta
from typing import Any

log = logging.getLogger("sotaverified.local")

# The moto services the app uses and whose state is kept. DynamoDB Streams' own backend holds
# only shard iterators, which are per reader: the pump's checkpoints replace them.
SERVICES = ("dynamodb", "s3", "sqs")
STREAM_RETENTION = timedelta(hours=24)  # how long DynamoDB Streams keep a record


# --- moto's state <-> bytes -----------------------------------------------------------------


def _restore_limited_size_dict(cls: Any, items: dict[str, Any]) -> Any:
    """moto's LimitedSizeDict (an item's attributes) re-checks the item's size on every key
    it sets, which made unpickling quadratic per item; the saved items were checked once."""
    restored = cls.__new__(cls)
    dict.update(restored, items)
    return restored


class _StatePickler(pickle.Pickler):
    """Locks and conditions (SQS queues hold one) cannot be pickled: they are saved as new,
    unlocked ones, which is what they are between requests."""

    def __init__(self, file: io.BytesIO) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        from moto.dynamodb.models.dynamo_type import LimitedSizeDict

        self._limited = LimitedSizeDict
        self._lock_types = {
            type(threading.Lock()): threading.Lock,
            type(threading.RLock()): threading.RLock,
        }

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, threading.Condition):
            return threading.Condition, ()
        kind = self._lock_types.get(type(obj))
        if kind is not None:
            return kind, ()
        if type(obj) is self._limited:
            return _restore_limited_size_dict, (self._limited, dict(obj)), obj.__dict__ or None
        return NotImplemented


def _backends(service: str) -> Any:
    """moto's BackendDict of a service: {account: {region: backend}}."""
    from moto.backends import get_backend

    return get_backend(service)  # type: ignore[call-overload]


def capture_state() -> bytes:
    """Pickle moto's backends of SERVICES. Call with no moto request running."""
    state = {service: list(_backends(service).iter_backends()) for service in SERVICES}
    buffer = io.BytesIO()
    _StatePickler(buffer).dump(state)
    return buffer.getvalue()


def install_state(payload: bytes) -> None:
    """Put pickled backends in place of moto's (before the server handles any request)."""
    state = pickle.loads(payload)  # noqa: S301 - written by capture_state into our own folder
    for service, entries in state.items():
        backends = _backends(service)
        for account, region, backend in entries:
            backends[account][region] = backend


def trim_stream_records(
    checkpoints: dict[str, dict[str, str]], retention: timedelta = STREAM_RETENTION
) -> int:
    """Drop the stream records older than `retention` that the pump has handled, as DynamoDB
    does after 24 hours. moto keeps every record forever, and each snapshot would grow with
    every write ever made. Sequence numbers do not change. Call with no moto request running
    and the pump paused. Returns how many records were dropped."""
    from moto.core.utils import utcnow

    handled = {}  # stream ARN -> the last sequence number the pump is done with
    for key, position in checkpoints.items():
        stream_arn = key.partition("#")[0]
        after = position["type"] == "AFTER_SEQUENCE_NUMBER"
        handled[stream_arn] = int(position["sequence"]) - (0 if after else 1)
    cutoff = utcnow() - retention
    dropped = 0
    for _account, _region, backend in _backends("dynamodb").iter_backends():
        for table in backend.tables.values():
            shard = table.stream_shard
            upto = handled.get(f"{table.table_arn}/stream/{table.latest_stream_label}")
            if shard is None or upto is None:
                continue
            old = 0
            for record in shard.items:
                body = record.record["dynamodb"]
                old_enough = body["ApproximateCreationDateTime"] <= cutoff
                if int(body["SequenceNumber"]) > upto or not old_enough:
                    break
                old += 1
            if old:
                del shard.items[:old]
                shard.starting_sequence_number += old  # moto numbers records from there
                dropped += old
    return dropped


def moto_version() -> str:
    from importlib.metadata import version

    return version("moto")
