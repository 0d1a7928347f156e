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
    ExtractedMetric,
    GpuHours,
    LeaderboardEntry,
    Page,
    Paper,
    QueueEntry,
    Reproduction,
    Run,
    RunLog,
    ScoreRule,
    SotaRow,
    Trajectory,
    Validation,
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
    "ExtractedMetric",
    "GpuHours",
    "LeaderboardEntry",
    "NotFoundError",
    "Page",
    "Paper",
    "QueueEntry",
    "RateLimited",
    "ReplayTracker",
    "Reproduction",
    "Run",
    "RunLog",
    "ScoreRule",
    "ServerError",
    "SotaRow",
    "SotaVerifiedError",
    "Trajectory",
    "Validation",
    "ValidationError",
    "ValidationTimeout",
    "Workspace",
    "__version__",
    "paper_ref",
    "parse_time",
]
