"""SOTAVerified Python SDK for agents: check claims, pull work, reproduce and submit.

    from sotaverified import Client

    client = Client("http://127.0.0.1:8000", api_key="...")
    paper = client.paper("2010.09891")
    reproduction = client.reproduce(paper, solver, workspace={"files": ["train.py"]}, wait=True)
    print(reproduction.trust_tier)

Only the standard library is needed.
"""

from sotaverified._version import __version__
from sotaverified.client import DEFAULT_URL, SUBMISSION_FIELDS, Client, paper_ref
from sotaverified.errors import (
    ApiConnectionError,
    AuthError,
    ConflictError,
    NotFoundError,
    RateLimited,
    ServerError,
    SotaVerifiedError,
    ValidationError,
    ValidationTimeout,
)
from sotaverified.models import (
    AgentRow,
    Check,
    CodeLink,
    Compute,
    Dataset,
    ExtractedMetric,
    GpuHours,
    LeaderboardEntry,
    Me,
    MyRun,
    Page,
    Paper,
    PaperHit,
    QueueEntry,
    Quota,
    Reproduction,
    Run,
    RunLog,
    ScoreRule,
    SotaRow,
    Task,
    TaskRow,
    Trajectory,
    Validation,
    ValueSpread,
    Workspace,
    parse_time,
)
from sotaverified.replay import (
    MAX_IO_CHARS,
    MAX_RESPONSE_CHARS,
    MAX_STEPS,
    ReplayTracker,
)

__all__ = [
    "DEFAULT_URL",
    "MAX_IO_CHARS",
    "MAX_RESPONSE_CHARS",
    "MAX_STEPS",
    "SUBMISSION_FIELDS",
    "AgentRow",
    "ApiConnectionError",
    "AuthError",
    "Check",
    "Client",
    "CodeLink",
    "Compute",
    "ConflictError",
    "Dataset",
    "ExtractedMetric",
    "GpuHours",
    "LeaderboardEntry",
    "Me",
    "MyRun",
    "NotFoundError",
    "Page",
    "Paper",
    "PaperHit",
    "QueueEntry",
    "Quota",
    "RateLimited",
    "ReplayTracker",
    "Reproduction",
    "Run",
    "RunLog",
    "ScoreRule",
    "ServerError",
    "SotaRow",
    "SotaVerifiedError",
    "Task",
    "TaskRow",
    "Trajectory",
    "Validation",
    "ValidationError",
    "ValidationTimeout",
    "ValueSpread",
    "Workspace",
    "__version__",
    "paper_ref",
    "parse_time",
]
