"""moto with DynamoDB's cost model for Query: a partition lookup instead of a table scan.

moto 5 answers every Query — on a table or a GSI — by walking *all* items of the table, so
on moto a page of `/sota` costs O(table) while on DynamoDB it costs O(page). The scale figures
in `bench_reads.py` want to know whether *our* read path grows with the table, so they run
twice: on moto as shipped, and inside `partition_indexed_queries()`, where `Table.query` sees
only the items of the queried partition (found once, then cached until the next write).
Everything else — key conditions, sorting, paging, filters, projections, serialisation — is
still moto's own code; only the candidate set is narrowed, as a real index would.

Benchmarks only: tests and the local stack use moto unmodified.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from moto.dynamodb.models import DynamoDBBackend
from moto.dynamodb.models.table import Table

_WRITES = ("put_item", "update_item", "delete_item", "transact_write_items", "batch_write_item")


@contextmanager
def partition_indexed_queries() -> Iterator[dict[str, int]]:
    """Patch moto so a Query only considers its partition; yields hit/miss counters."""
    cache: dict[tuple[int, str | None, Any], list[Any]] = {}
    stats = {"hits": 0, "misses": 0}
    original_query = Table.query
    originals = {name: getattr(DynamoDBBackend, name) for name in _WRITES}

    def partition(table: Table, index_name: str | None, attr: str | None, value: Any) -> list[Any]:
        key = (id(table), index_name, value)
        if key in cache:
            stats["hits"] += 1
        else:
            stats["misses"] += 1
            if index_name is None:
                bucket = table.items.get(value)
                if bucket is None:
                    cache[key] = []
                else:
                    cache[key] = list(bucket.values()) if table.range_key_attr else [bucket]
            else:
                cache[key] = [i for i in Table.all_items(table) if i.attrs.get(attr) == value]
        return cache[key]

    def query(self: Table, hash_key: Any, *args: Any, **kwargs: Any) -> Any:
        index_name = args[6] if len(args) > 6 else kwargs.get("index_name")
        conditions = kwargs.get("hash_key_conditions") or []
        if index_name and len(conditions) == 1:
            attr, value = conditions[0]
            items = partition(self, index_name, attr, value)
        elif not index_name and hash_key is not None:
            items = partition(self, None, None, hash_key)
        else:
            return original_query(self, hash_key, *args, **kwargs)
        self.all_items = lambda: list(items)  # type: ignore[method-assign]
        try:
            return original_query(self, hash_key, *args, **kwargs)
        finally:
            del self.all_items

    def invalidating(name: str) -> Any:
        write = originals[name]

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            cache.clear()
            return write(*args, **kwargs)

        return wrapper

    Table.query = query  # type: ignore[method-assign]
    for name in _WRITES:
        setattr(DynamoDBBackend, name, invalidating(name))
    try:
        yield stats
    finally:
        Table.query = original_query  # type: ignore[method-assign]
        for name, write in originals.items():
            setattr(DynamoDBBackend, name, write)
