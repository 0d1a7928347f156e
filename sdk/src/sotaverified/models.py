"""Typed views of the server's JSON responses.

Each result is a frozen dataclass built from the response; the response dict itself stays
available as ``.raw`` (so fields added by a newer server are never lost). Parsing is lenient:
unknown fields are ignored and missing optional fields become ``None`` or empty lists.
Timestamps are kept as the server's ISO-8601 strings; :func:`parse_time` turns one into an
aware :class:`datetime.datetime`.

Layout: this module keeps every public name importable from here; the code lives in
:mod:`sotaverified._models`, one module per concept (its docstring lists them): papers, the
leaderboard, the queue and tasks; runs and reproductions with their verdicts; your account.
"""

from sotaverified._models.account import Me, MyRun, Quota
from sotaverified._models.ledger import (
    AgentRow,
    CodeLink,
    Dataset,
    GpuHours,
    LeaderboardEntry,
    Page,
    Paper,
    PaperHit,
    QueueEntry,
    ScoreRule,
    SotaRow,
    Task,
    TaskRow,
    ValueSpread,
)
from sotaverified._models.parsing import JsonDict, parse_time
from sotaverified._models.reproductions import (
    Check,
    Compute,
    ExtractedMetric,
    Reproduction,
    Run,
    RunLog,
    Trajectory,
    Validation,
    Workspace,
)

__all__ = [
    "AgentRow",
    "Check",
    "CodeLink",
    "Compute",
    "Dataset",
    "ExtractedMetric",
    "GpuHours",
    "JsonDict",
    "LeaderboardEntry",
    "Me",
    "MyRun",
    "Page",
    "Paper",
    "PaperHit",
    "QueueEntry",
    "Quota",
    "Reproduction",
    "Run",
    "RunLog",
    "ScoreRule",
    "SotaRow",
    "Task",
    "TaskRow",
    "Trajectory",
    "Validation",
    "ValueSpread",
    "Workspace",
    "parse_time",
]
