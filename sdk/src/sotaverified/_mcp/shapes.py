"""The SDK's models shaped into the plain dicts the tools return (``*_out``), matching the
output schemas of :mod:`sotaverified._mcp.outputs`, with a ``next_step`` where the agent has one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sotaverified.models import (
    AgentRow,
    Check,
    LeaderboardEntry,
    Me,
    MyRun,
    Paper,
    PaperHit,
    QueueEntry,
    Reproduction,
    Run,
    SotaRow,
    Task,
    TaskRow,
)


def _checks(checks: Iterable[Check]) -> list[dict[str, Any]]:
    return [{"name": c.name, "ok": c.ok, "detail": c.detail} for c in checks]


def _brief(reproduction: Reproduction) -> dict[str, Any]:
    return {
        "reproduction_id": reproduction.reproduction_id,
        "status": reproduction.status,
        "tier_claimed": reproduction.tier_claimed,
        "trust_tier": reproduction.trust_tier,
        "validation": reproduction.validation.state,
        "trajectory": reproduction.trajectory.state if reproduction.trajectory else None,
        "actual_metric_name": reproduction.actual_metric_name,
        "actual_metric_value": reproduction.actual_metric_value,
        "dataset": reproduction.dataset,
        "hardware_spec": reproduction.hardware_spec,
        "submitted_at": reproduction.submitted_at,
        "duplicate_of": reproduction.duplicate_of,
        "copy_of_earlier": reproduction.copy_of_earlier,
    }


def paper_out(paper: Paper, reproductions: list[Reproduction] | None = None) -> dict[str, Any]:
    return {
        "paper_id": paper.paper_id,
        "arxiv_id": paper.arxiv_id,
        "title": paper.title,
        "verification": paper.verification,
        "verification_score": paper.verification_score,
        "tasks": paper.tasks,
        "claimed_results": [
            {
                "task": e.task,
                "dataset": e.dataset,
                "metric": e.metric,
                "value": e.value,
                **_verdict_out(e),
            }
            for e in paper.leaderboard
        ],
        "code_links": [
            {"url": c.url, "is_official": c.is_official, "stars": c.stars} for c in paper.code_links
        ],
        "score_breakdown": [
            {"rule": r.rule, "points": r.points, "detail": r.detail} for r in paper.score_breakdown
        ],
        "updated_at": paper.updated_at,
        "gpu_hours": (
            None
            if paper.gpu_hours is None
            else {
                "min": paper.gpu_hours.min,
                "median": paper.gpu_hours.median,
                "max": paper.gpu_hours.max,
                "reproductions": paper.gpu_hours.reproductions,
            }
        ),
        "reproductions": None if reproductions is None else [_brief(r) for r in reproductions],
    }


def _verdict_out(entry: LeaderboardEntry | SotaRow) -> dict[str, Any]:
    spread = entry.reproduced_values
    return {
        "reproductions": entry.reproductions,
        "reproduced_values": None
        if spread is None
        else {"min": spread.min, "median": spread.median, "max": spread.max},
        "within_5pct": entry.within_5pct,
        "status": entry.status,
    }


def sota_row_out(row: SotaRow) -> dict[str, Any]:
    return {
        "paper_id": row.paper_id,
        "arxiv_id": row.arxiv_id,
        "title": row.title,
        "task": row.task,
        "dataset": row.dataset,
        "metric": row.metric,
        "value": row.value,
        "verification": row.verification,
        "verification_score": row.verification_score,
        **_verdict_out(row),
        "published": row.published,
    }


def queue_entry_out(entry: QueueEntry) -> dict[str, Any]:
    return {
        "paper_id": entry.paper_id,
        "arxiv_id": entry.arxiv_id,
        "title": entry.title,
        "tasks": entry.tasks,
        "priority": entry.priority,
        "base_priority": entry.base_priority,
        "active_runs": entry.active_runs,
        "counted_reproductions": entry.counted_reproductions,
        "est_gpu_hours": entry.est_gpu_hours,
        "why": entry.why,
    }


def run_out(run: Run) -> dict[str, Any]:
    tier2 = run.memoryless and run.attempt == 1
    files = run.workspace.files
    next_step = (
        f"Work on the paper, recording every tool call and LLM call (UTC ts, after "
        f"{run.started_at}); read only files listed in the workspace; then call "
        f"submit_reproduction with run_id={run.run_id!r} and the replay log before "
        f"{run.expires_at}."
    )
    if not tier2:
        why = "not memoryless" if not run.memoryless else f"attempt {run.attempt}, not the first"
        next_step += f" This run can reach trust tier 1 at most ({why})."
    if not files:
        next_step += " The workspace lists no files: any file read in the replay log will fail."
    return {
        "run_id": run.run_id,
        "paper_id": run.paper_id,
        "attempt": run.attempt,
        "memoryless": run.memoryless,
        "started_at": run.started_at,
        "expires_at": run.expires_at,
        "workspace_files": files,
        "tier2_possible": tier2,
        "next_step": next_step,
    }


def reproduction_out(
    reproduction: Reproduction, *, idempotency_key: str | None = None, waited: float | None = None
) -> dict[str, Any]:
    failed = [
        f"{check.name}: {check.detail}"
        for check in reproduction.validation.failed_checks
        + (reproduction.trajectory.failed_checks if reproduction.trajectory else [])
    ]
    if not reproduction.settled:
        after = f" after waiting {waited:g} s" if waited else ""
        next_step = (
            f"The validators are still working{after}: call get_reproduction with "
            f"reproduction_id={reproduction.reproduction_id!r} and wait_seconds=30."
        )
    elif reproduction.validation.unchecked:
        next_step = (
            "Validation is unchecked, not passed: the server could not read the run log (the "
            "run_log_read check in failed_checks says why), so nobody has checked it. A human "
            "reviewer must read it before promoting. To have it checked now, submit a new "
            "reproduction from a new run (start_run) with the pasted final output, or with a "
            "link the server reads: a GitHub file, a gist, a Hugging Face file or a public W&B "
            "run."
        )
        if len(failed) > 1:
            next_step += " Other checks failed too (see failed_checks)."
    elif failed:
        next_step = (
            "Some checks failed (see failed_checks): fix the cause and submit a new reproduction "
            "from a new run (start_run)."
        )
    else:
        next_step = (
            f"Validation passed (trust tier {reproduction.trust_tier}); the reproduction now "
            f"waits for a human reviewer (status {reproduction.status})."
        )
    trajectory = reproduction.trajectory
    compute = reproduction.compute
    return {
        "reproduction_id": reproduction.reproduction_id,
        "paper_id": reproduction.paper_id,
        "arxiv_id": reproduction.arxiv_id,
        "status": reproduction.status,
        "tier_claimed": reproduction.tier_claimed,
        "trust_tier": reproduction.trust_tier,
        "hardware_spec": reproduction.hardware_spec,
        "run_log": {"kind": reproduction.run_log.kind, "url": reproduction.run_log.url},
        "actual_metric_name": reproduction.actual_metric_name,
        "actual_metric_value": reproduction.actual_metric_value,
        "dataset": reproduction.dataset,
        "run_id": reproduction.run_id,
        "submitted_at": reproduction.submitted_at,
        "validation": {
            "state": reproduction.validation.state,
            "checks": _checks(reproduction.validation.checks),
            "extracted_metrics": [
                {"name": m.name, "value": m.value}
                for m in reproduction.validation.extracted_metrics
            ],
        },
        "trajectory": (
            None
            if trajectory is None
            else {
                "state": trajectory.state,
                "checks": _checks(trajectory.checks),
                "printed_by": trajectory.printed_by,
                "eval_writes": trajectory.eval_writes,
            }
        ),
        "duplicate_of": reproduction.duplicate_of,
        "compute": (
            None
            if compute is None
            else {
                "gpu_model": compute.gpu_model,
                "gpu_count": compute.gpu_count,
                "wall_seconds": compute.wall_seconds,
                "gpu_hours": compute.gpu_hours,
            }
        ),
        "copy_of_earlier": reproduction.copy_of_earlier,
        "settled": reproduction.settled,
        "failed_checks": failed,
        "idempotency_key": idempotency_key,
        "next_step": next_step,
    }


def task_row_out(row: TaskRow) -> dict[str, Any]:
    return {
        "task": row.task,
        "slug": row.slug,
        "datasets": row.datasets,
        "papers": row.papers,
        "counted_reproductions": row.counted_reproductions,
    }


def task_out(task: Task) -> dict[str, Any]:
    return {
        "task": task.task,
        "slug": task.slug,
        "papers": task.papers,
        "counted_reproductions": task.counted_reproductions,
        "datasets": [
            {
                "dataset": d.dataset,
                "slug": d.slug,
                "metrics": d.metrics,
                "papers": d.papers,
                "counted_reproductions": d.counted_reproductions,
            }
            for d in task.datasets
        ],
    }


def paper_hit_out(hit: PaperHit) -> dict[str, Any]:
    return {
        "paper_id": hit.paper_id,
        "arxiv_id": hit.arxiv_id,
        "title": hit.title,
        "tasks": hit.tasks,
        "models": hit.models,
        "verification": hit.verification,
        "verification_score": hit.verification_score,
        "published": hit.published,
    }


def my_run_out(run: MyRun) -> dict[str, Any]:
    return {
        "run_id": run.run_id,
        "paper_id": run.paper_id,
        "started_at": run.started_at,
        "expires_at": run.expires_at,
        "memoryless": run.memoryless,
        "attempt": run.attempt,
        "status": run.status,
        "reproduction": run.reproduction,
    }


def me_out(me: Me) -> dict[str, Any]:
    quota = me.submission_quota
    return {
        "account_id": me.account_id,
        "name": me.name,
        "role": me.role,
        "created_at": me.created_at,
        "submission_quota": {
            "limit": quota.limit,
            "used": quota.used,
            "remaining": quota.remaining,
            "reset_seconds": quota.reset_seconds,
            "resets_at": quota.resets_at,
        },
        "active_runs": [my_run_out(r) for r in me.active_runs],
        "max_active_runs": me.max_active_runs,
    }


def my_reproduction_out(reproduction: Reproduction) -> dict[str, Any]:
    return {
        **_brief(reproduction),
        "paper_id": reproduction.paper_id,
        "arxiv_id": reproduction.arxiv_id,
    }


def agent_out(row: AgentRow) -> dict[str, Any]:
    return {
        "account_id": row.account_id,
        "name": row.name,
        "rating": row.rating,
        "promoted": row.promoted,
        "rejected": row.rejected,
        "by_trust_tier": row.by_trust_tier,
    }
