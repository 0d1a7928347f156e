"""Fixtures every integration module may take by name: `world` (a fresh moto with papers and
accounts), `shared` and `ledger` (one moto per class) and `atomic_dynamodb`
(`submission_world.py` says what each is for)."""

from tests.integration.submission_world import (  # noqa: F401  (fixtures)
    atomic_dynamodb,
    ledger,
    shared,
    world,
)
