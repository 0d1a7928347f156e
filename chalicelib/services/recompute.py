"""Recompute a paper's score, verification state and leaderboard rows from the source of truth.

Called by the DynamoDB-stream handler for every dirty paper. It never increments anything:
it reads the paper and all its reproductions and derives the result, so replays, duplicates
and reordering give the same stored state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict
from datetime import UTC, date, datetime
from typing import Any

from chalicelib.db import author_claims as claims_db
from chalicelib.db import keys
from chalicelib.db import papers as papers_db
from chalicelib.db import reproductions as reproductions_db
from chalicelib.db.tables import LEADERBOARD, QUEUE, SEARCH, TASKS, TableSpec
from chalicelib.domain.compute import gpu_hours_spread
from chalicelib.domain.queue import QueueFacts, base_priority, needs_reproduction
from chalicelib.domain.scoring import (
    ClaimedResult,
    LeaderboardRow,
    ReproductionFacts,
    compute_paper_score,
    leaderboard_rows,
)
from chalicelib.domain.search_words import paper_words
from chalicelib.domain.text import slugify


def claims_of(paper: dict[str, Any]) -> list[ClaimedResult]:
    return [
        ClaimedResult(c["task"], c["dataset"], c["metric"], c.get("value"))
        for c in paper.get("claims", [])
    ]


def primary_claims(paper: dict[str, Any]) -> list[ClaimedResult]:
    """Per (task, dataset): the claim of the dataset's first listed metric that has a value."""
    best: dict[tuple[str, str], dict[str, Any]] = {}
    for claim in paper.get("claims", []):
        key = (slugify(claim["task"]), slugify(claim["dataset"]))
        rank = (claim.get("value") is None, claim.get("rank", 0), claim["metric"])
        current = best.get(key)
        if current is None or rank < (
            current.get("value") is None,
            current.get("rank", 0),
            current["metric"],
        ):
            best[key] = claim
    return [
        ClaimedResult(c["task"], c["dataset"], c["metric"], c.get("value")) for c in best.values()
    ]


def facts_of(repro: dict[str, Any]) -> ReproductionFacts:
    return ReproductionFacts(
        reproduction_id=repro["reproduction_id"],
        submitter_id=repro["submitter_id"],
        status=repro["status"],
        decided_at=repro.get("decided_at"),
        hardware_spec=repro.get("hardware_spec", ""),
        metric_name=repro.get("actual_metric_name"),
        metric_value=repro.get("actual_metric_value"),
        dataset=repro.get("dataset"),
        trust_tier=int(repro.get("trust_tier", 0)),
        validation_state=str((repro.get("validation") or {}).get("state", "pending")),
        gpu_hours=(repro.get("compute") or {}).get("gpu_hours"),
    )


def author_claim_state(claims: list[dict[str, Any]]) -> str:
    """`verified` once any author claim is verified, `pending` while any awaits a decision."""
    states = {claim.get("state") for claim in claims}
    if "verified" in states:
        return "verified"
    return "pending" if "pending" in states else "none"


def has_official_code(paper: dict[str, Any]) -> bool:
    return any(link.get("is_official") for link in paper.get("code_links", []))


def derive(
    paper: dict[str, Any],
    reproductions: list[dict[str, Any]],
    now: str,
    author_claims: list[dict[str, Any]] | None = None,
) -> tuple[dict[str, Any], list[tuple[TableSpec, dict[str, Any]]]]:
    """Pure: the paper's derived fields and its index rows (leaderboard, queue)."""
    facts = [facts_of(r) for r in reproductions]
    claims = claims_of(paper)
    claim_state = author_claim_state(author_claims or [])
    result = compute_paper_score(
        has_official_code=has_official_code(paper),
        author_claim_state=claim_state,
        claims=claims,
        reproductions=facts,
    )
    all_rows = leaderboard_rows(claims, result.counted)
    board_rows = leaderboard_rows(primary_claims(paper), result.counted, claims)
    # what reproducing it cost (issue 18): GPU hours of the counted reproductions
    gpu_hours = gpu_hours_spread(r.gpu_hours for r in result.counted)
    queue = queue_rows(
        paper,
        len(result.counted),
        today=date.fromisoformat(now[:10]) if now else date.today(),
        est_gpu_hours=gpu_hours["median"] if gpu_hours else None,
    )
    derived: dict[str, Any] = {
        "verification": result.verification,
        "author_claim_state": claim_state,
        "verification_score": result.score,
        "score_breakdown": [
            {k: v for k, v in asdict(rule).items() if v is not None} for rule in result.breakdown
        ],
        "leaderboard": [_paper_row(r) for r in all_rows],
        "leaderboard_row_ids": [
            keys.leaderboard_row_id(paper["paper_id"], r.task, r.dataset) for r in board_rows
        ],
        "queue_row_ids": [row["row_id"] for row in queue],
        # who has a counted reproduction (the review page says when promoting would not count)
        "counted_submitters": sorted({r.submitter_id for r in result.counted}),
        "gpu_hours": gpu_hours,
        "computed_source_rev": int(paper.get("source_rev", 0)),
        "computed_repro_stamp": reproductions_db.input_stamp(reproductions),
        "updated_at": now,
    }
    search = search_rows(paper, derived)
    members = task_member_rows(paper, len(result.counted))
    derived["search_row_ids"] = [row["row_id"] for row in search]
    derived["task_member_slugs"] = [row["task_slug"] for row in members]
    items = [(LEADERBOARD, _board_item(paper, derived, row)) for row in board_rows]
    items += [(QUEUE, row) for row in queue]
    items += [(SEARCH, row) for row in search]
    items += [(TASKS, row) for row in members]
    return derived, items


def _stored_already(paper: dict[str, Any], derived: dict[str, Any]) -> bool:
    """Whether the paper already holds exactly these derived fields (but the time)."""
    return all(paper.get(name) == value for name, value in derived.items() if name != "updated_at")


def model_names(paper: dict[str, Any]) -> list[str]:
    """The model names the paper's claimed results were reported under (first 20)."""
    names = [c.get("model_name") for c in paper.get("claims", [])]
    return list(dict.fromkeys(n for n in names if isinstance(n, str) and n.strip()))[:20]


def search_rows(paper: dict[str, Any], derived: dict[str, Any]) -> list[dict[str, Any]]:
    """One inverted-index row per word of the paper's title and model names (keys.py)."""
    models = model_names(paper)
    words = paper_words(paper.get("title", ""), models)
    common = {
        "paper_id": paper["paper_id"],
        "arxiv_id": paper.get("arxiv_id"),
        "title": paper.get("title", ""),
        "tasks": paper.get("tasks", []),
        "models": models,
        "verification": derived["verification"],
        "verification_score": derived["verification_score"],
        "published": paper.get("published"),
        "words": words,
        "rank_key": keys.rank_key(
            derived["verification_score"], paper.get("published"), paper["paper_id"]
        ),
    }
    return [
        {"row_id": keys.search_row_id(word, paper["paper_id"]), "word": word, **common}
        for word in words
    ]


def task_member_rows(paper: dict[str, Any], counted: int) -> list[dict[str, Any]]:
    """The paper's membership row in each of its tasks: the datasets and metrics it claims
    there, and its counted reproductions (the task recompute sums these up)."""
    tasks: dict[str, str] = {}
    for name in [*paper.get("tasks", []), *(c["task"] for c in paper.get("claims", []))]:
        if slugify(name):
            tasks.setdefault(slugify(name), name)
    datasets: dict[str, dict[str, dict[str, Any]]] = {slug: {} for slug in tasks}
    for claim in paper.get("claims", []):
        task_slug, dataset_slug = slugify(claim["task"]), slugify(claim["dataset"])
        if not task_slug or not dataset_slug:
            continue
        entry = datasets[task_slug].setdefault(
            dataset_slug,
            {"dataset": claim["dataset"], "dataset_slug": dataset_slug, "metrics": []},
        )
        if claim["metric"] not in entry["metrics"]:
            entry["metrics"].append(claim["metric"])
    return [
        {
            "pk": keys.task_pk(slug),
            "sk": keys.task_member_sk(paper["paper_id"]),
            "task": name,
            "task_slug": slug,
            "paper_id": paper["paper_id"],
            "datasets": list(datasets[slug].values()),
            "counted_reproductions": counted,
        }
        for slug, name in tasks.items()
    ]


def queue_rows(
    paper: dict[str, Any], counted: int, today: date, est_gpu_hours: float | None = None
) -> list[dict[str, Any]]:
    """The paper's rows in the reproduction queue (one per task, one for "*"), or none.
    `est_gpu_hours`: the median GPU hours of its counted reproductions (absent: unknown)."""
    claims = [c for c in paper.get("claims", []) if c.get("value") is not None]
    if not needs_reproduction(bool(claims), has_official_code(paper), counted):
        return []
    stars = max(
        (int(c.get("stars") or 0) for c in paper.get("code_links", []) if c.get("is_official")),
        default=0,
    )
    facts = QueueFacts(stars, paper.get("published"), len(claims), counted)
    priority, parts = base_priority(facts, today)
    common = {
        "paper_id": paper["paper_id"],
        "arxiv_id": paper.get("arxiv_id"),
        "title": paper.get("title", ""),
        "tasks": paper.get("tasks", []),
        "base_priority": priority,
        "priority_parts": parts,
        "stars": stars,
        "published": paper.get("published"),
        "claimed_results": len(claims),
        "counted_reproductions": counted,
        "priority_key": keys.priority_key(priority, paper["paper_id"]),
    }
    if est_gpu_hours is not None:
        common["est_gpu_hours"] = est_gpu_hours
    slugs = dict.fromkeys(["*", *(slugify(t) for t in paper.get("tasks", []))])
    return [
        {"row_id": f"{paper['paper_id']}#{slug}", "task_slug": slug, **common}
        for slug in slugs
        if slug
    ]


def _paper_row(row: LeaderboardRow) -> dict[str, Any]:
    return {
        "task": row.task,
        "dataset": row.dataset,
        "metric": row.metric,
        "value": row.value,
        **verdict_fields(row),
    }


def verdict_fields(row: LeaderboardRow) -> dict[str, Any]:
    """A row's verdict as stored on the paper and the leaderboard (SPEC 6). Absent values are
    left out, as storage would drop them, so a recompute compares equal to what it stored."""
    spread = row.spread
    return {
        "reproductions": row.reproductions,
        **({"reproduced_values": spread} if spread is not None else {}),
        "within_5pct": row.within_5pct,
        "status": row.status,
    }


def _board_item(
    paper: dict[str, Any], derived: dict[str, Any], row: LeaderboardRow
) -> dict[str, Any]:
    paper_id = paper["paper_id"]
    task_slug, dataset_slug = slugify(row.task), slugify(row.dataset)
    score = derived["verification_score"]
    published = paper.get("published")
    return {
        "row_id": keys.leaderboard_row_id(paper_id, row.task, row.dataset),
        "paper_id": paper_id,
        "arxiv_id": paper.get("arxiv_id"),
        "title": paper.get("title", ""),
        "task": row.task,
        "dataset": row.dataset,
        "metric": row.metric,
        "value": row.value,
        "verification": derived["verification"],
        "verification_score": score,
        **verdict_fields(row),
        "published": published,
        "max_trust_tier": row.max_trust_tier if row.max_trust_tier is not None else -1,
        "task_slug": task_slug,
        "task_dataset": keys.task_dataset_key(task_slug, dataset_slug),
        "score_key": keys.score_key(score, published, paper_id, dataset_slug),
        "date_key": keys.date_key(score, published, paper_id, dataset_slug),
    }


MAX_ROUNDS = 3
INDEXES = (
    (LEADERBOARD, "leaderboard_row_ids"),
    (QUEUE, "queue_row_ids"),
    (SEARCH, "search_row_ids"),
    (TASKS, "task_member_slugs"),
)


def _index_key(spec: TableSpec, paper_id: str, row_id: str) -> dict[str, str]:
    if spec is TASKS:  # a membership row, named on the paper by its task's slug
        return {"pk": keys.task_pk(row_id), "sk": keys.task_member_sk(paper_id)}
    return {"row_id": row_id}


def stale_rows(
    paper: dict[str, Any], derived: dict[str, Any]
) -> list[tuple[TableSpec, dict[str, str]]]:
    """Keys of index rows the previous recompute wrote that the new one no longer has."""
    stale = []
    for spec, field in INDEXES:
        current = set(derived[field])
        stale += [
            (spec, _index_key(spec, paper["paper_id"], row_id))
            for row_id in paper.get(field, [])
            if row_id not in current
        ]
    return stale


def recompute_paper(
    paper_id: str,
    touched_tasks: set[str] | None = None,
    fresher: Iterable[dict[str, Any]] = (),
    read_already: Mapping[str, dict[str, Any] | None] | None = None,
) -> bool:
    """Recompute and store one paper. Returns False if the paper is gone or a newer recompute
    already stored its result. The slugs of the tasks the paper was or is in are added to
    `touched_tasks`: their summaries need a recompute (`services.tasks.recompute_tasks`).

    Writes: the paper's derived fields (one conditional UpdateItem that refuses to overwrite
    a result computed from newer inputs), then its leaderboard rows (one BatchWriteItem).
    Two recomputes can interleave between those writes, so afterwards we re-read the paper's
    stamp: if a newer recompute has stored its result meanwhile, our rows may have landed
    over its rows, and we go again from fresh inputs (bounded; the newest always wins).

    Its reproductions are read from the base table, strongly consistently, not taken from the
    index that lists them: the index may still show another reproduction as it was before a
    promotion a moment ago, and a score derived from that copy carries a newer stamp than the
    promotion's own recompute, so it would stand (`reproductions_db.current_for_paper`).

    `fresher`: reproductions known to be current (the new images of the stream records being
    handled), which the index may not list yet (`reproductions_db.with_fresher`): without
    them, a promotion whose record came before the index caught up would never be counted.

    `read_already`: papers a stream batch read for all its records at once (one strongly
    consistent BatchGetItem after the records were written; None: the paper was not there),
    used instead of the first round's GetItem. Later rounds read the paper again.
    """
    fresher = [item for item in fresher if item.get("paper_id") == paper_id]
    for round_ in range(MAX_ROUNDS):
        if round_ == 0 and read_already is not None and paper_id in read_already:
            paper = read_already[paper_id]
        else:
            paper = papers_db.get_paper(paper_id, consistent=True)  # the stream's write
        if paper is None:
            return False
        reproductions = reproductions_db.with_fresher(
            reproductions_db.current_for_paper(paper_id), fresher
        )
        claims = claims_db.list_for_paper(paper_id) if paper.get("claims_rev") else []
        now = datetime.now(UTC).isoformat(timespec="microseconds")
        derived, rows = derive(paper, reproductions, now, claims)
        if touched_tasks is not None:
            touched_tasks |= {*paper.get("task_member_slugs", []), *derived["task_member_slugs"]}
        if _stored_already(paper, derived):
            # the same inputs again (a redelivered record, a stream read again from an older
            # checkpoint): nothing to change, so `updated_at` stays; the index rows are put
            # again all the same (idempotent), in case an earlier round stopped before them
            papers_db.write_index_rows(rows, stale_rows(paper, derived))
            return True
        if not papers_db.write_derived(paper_id, derived):
            return False  # a recompute from newer inputs stored its result (and its rows)
        papers_db.write_index_rows(rows, stale_rows(paper, derived))
        mine = (derived["computed_source_rev"], derived["computed_repro_stamp"])
        if papers_db.computed_stamp(paper_id) == mine:
            return True
    return True
