"""Task summaries and "did you mean" suggestions (pure, no I/O).

A task's summary is derived from its membership rows, one per paper that has the task
(written by the paper recompute): how many papers, which datasets with which metrics, how
many counted reproductions. Recomputed whole from those rows, never incremented.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any


def _most_common(names: Iterable[str]) -> str:
    counts = Counter(names)
    return min(counts, key=lambda name: (-counts[name], name))


def summarise_task(task_slug: str, members: list[dict[str, Any]]) -> dict[str, Any]:
    """Summary of a task from its membership rows: {task, task_slug, papers, datasets,
    counted_reproductions, dataset_rows: [{dataset, dataset_slug, metrics, papers,
    counted_reproductions}]} (datasets: most papers first)."""
    names: dict[str, list[str]] = {}
    metrics: dict[str, Counter[str]] = {}
    papers: Counter[str] = Counter()
    counted: Counter[str] = Counter()
    for member in members:
        for dataset in member.get("datasets", []):
            slug = dataset["dataset_slug"]
            names.setdefault(slug, []).append(dataset["dataset"])
            metrics.setdefault(slug, Counter()).update(dataset.get("metrics", []))
            papers[slug] += 1
            counted[slug] += int(member.get("counted_reproductions", 0))
    rows: list[dict[str, Any]] = [
        {
            "dataset": _most_common(names[slug]),
            "dataset_slug": slug,
            "metrics": sorted(metrics[slug], key=lambda m: (-metrics[slug][m], m)),
            "papers": papers[slug],
            "counted_reproductions": counted[slug],
        }
        for slug in names
    ]
    rows.sort(key=lambda r: (-int(r["papers"]), str(r["dataset_slug"])))
    return {
        "task": _most_common(m["task"] for m in members) if members else task_slug,
        "task_slug": task_slug,
        "papers": len(members),
        "datasets": len(rows),
        "counted_reproductions": sum(int(m.get("counted_reproductions", 0)) for m in members),
        "dataset_rows": rows,
    }


def suggestions(asked: str, known: dict[str, str], limit: int = 5) -> list[str]:
    """Known names (slug -> display name) closest to `asked` (a slug): those that contain it
    or that it contains, then the closest spellings."""
    import difflib  # only on the rare "unknown name" path (imports stay cheap)

    if not asked:
        return []
    containing = sorted(
        (slug for slug in known if asked in slug or (len(slug) >= 3 and slug in asked)),
        key=lambda slug: (abs(len(slug) - len(asked)), slug),
    )
    close = difflib.get_close_matches(asked, list(known), n=limit, cutoff=0.6)
    ordered = list(dict.fromkeys(close[:1] + containing + close))
    return [known[slug] for slug in ordered[:limit]]
