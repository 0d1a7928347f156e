"""Ingest Papers-with-Code dumps into the papers table.

Three inputs, any subset: `evaluation-tables.json` (TaskDB: claimed results and code links),
`links-between-papers-and-code.json` (code links with is_official/framework) and
`papers-with-abstracts.json` (title, abstract, authors, date, tasks).

How it behaves:
- Parsing builds one merged record per paper in memory (a paper can appear in many tasks,
  datasets and files), then reads the stored versions with BatchGetItem, merges, and writes
  only the papers whose source data changed, with BatchWriteItem. Re-ingesting the same files
  writes nothing.
- Merging is a union: claims are keyed by (task, dataset, metric), code links by URL, tasks by
  name; a later file overwrites the same key. Derived fields (score, leaderboard) are kept as
  stored; bumping `source_rev` makes the stream recompute them.
- Papers not on arXiv are kept with a paper_id derived from their URL and no arxiv_id.
- Metric values that cannot be parsed are kept as text (`raw`, with value null) and reported.
- Code links in evaluation tables are the repositories Papers with Code showed next to the
  result; we record them as official unless the links dump says otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chalicelib.db import keys
from chalicelib.db import papers as papers_db
from chalicelib.db.codec import is_storable_number
from chalicelib.domain.arxiv import InvalidArxivId, arxiv_id_from_url, normalise_arxiv_id
from chalicelib.domain.text import strip_invisible
from chalicelib.domain.values import ParsedValue, parse_metric_value
from chalicelib.services.dump_files import Kind, read_records

Progress = Callable[[str, int, int], None]  # (phase, done, total)

SOURCE_FIELDS = (
    "arxiv_id",
    "paper_url",
    "title",
    "abstract",
    "authors",
    "published",
    "tasks",
    "claims",
    "code_links",
)
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")


@dataclass
class IngestReport:
    rows: int = 0
    metric_values: int = 0
    empty_values: int = 0
    unparsed_values: list[dict[str, str]] = field(default_factory=list)
    papers_seen: int = 0
    papers_not_on_arxiv: int = 0
    papers_created: int = 0
    papers_updated: int = 0
    papers_unchanged: int = 0
    skipped_records: list[str] = field(default_factory=list)
    write_calls: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "rows": self.rows,
            "metric_values": self.metric_values,
            "empty_values": self.empty_values,
            "unparsed_values": len(self.unparsed_values),
            "unparsed_examples": self.unparsed_values[:20],
            "papers_seen": self.papers_seen,
            "papers_not_on_arxiv": self.papers_not_on_arxiv,
            "papers_created": self.papers_created,
            "papers_updated": self.papers_updated,
            "papers_unchanged": self.papers_unchanged,
            "skipped_records": len(self.skipped_records),
            "skipped_examples": self.skipped_records[:20],
            "write_calls": self.write_calls,
        }


@dataclass
class PaperDraft:
    """Source data for one paper gathered from the dumps."""

    paper_id: str
    arxiv_id: str | None
    paper_url: str | None
    title: str | None = None
    fallback_title: str | None = None
    abstract: str | None = None
    authors: list[str] | None = None
    published: str | None = None
    tasks: dict[str, None] = field(default_factory=dict)  # ordered set
    claims: dict[tuple[str, str, str], dict[str, Any]] = field(default_factory=dict)
    code_links: dict[str, dict[str, Any]] = field(default_factory=dict)


def _clean_str(value: Any, limit: int = 2000) -> str | None:
    if not isinstance(value, str):
        return None
    text = " ".join(value.split())
    return text[:limit] or None


def _as_dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _clean_text(value: Any, limit: int = 2000) -> str | None:
    """A name or text shown on the pages and the API (title, task, dataset, metric, model,
    framework, abstract): normalised as submitted text is, with invisible and bidi
    characters dropped (`strip_invisible`). Ids and URLs keep `_clean_str`: a paper's
    identity does not change with this."""
    if not isinstance(value, str):
        return None
    return strip_invisible(value)[:limit] or None


def _clean_date(value: Any) -> str | None:
    text = _clean_str(value, 40)
    return text[:10] if text and _DATE.match(text) else None


def normalise_paper_url(url: str) -> str:
    text = url.strip().lower().rstrip("/")
    return re.sub(r"^https?://(www\.)?", "", text)


class PaperIndex:
    """Drafts by paper_id, created on first sight of a paper."""

    def __init__(self, report: IngestReport) -> None:
        self.drafts: dict[str, PaperDraft] = {}
        self.report = report

    def draft_for(
        self, *, arxiv: Any = None, url: Any = None, title: Any = None
    ) -> PaperDraft | None:
        arxiv_id = None
        if isinstance(arxiv, str) and arxiv.strip():
            try:
                arxiv_id = normalise_arxiv_id(arxiv)
            except InvalidArxivId:
                arxiv_id = None
        paper_url = _clean_str(url, 500)
        if arxiv_id is None and paper_url:
            arxiv_id = arxiv_id_from_url(paper_url)
        if arxiv_id:
            paper_id = keys.paper_id_for_arxiv(arxiv_id)
        elif paper_url:
            paper_id = keys.paper_id_for_url(normalise_paper_url(paper_url))
        elif _clean_str(title):
            paper_id = keys.paper_id_for_url("title:" + (_clean_str(title) or "").lower())
        else:
            return None
        draft = self.drafts.get(paper_id)
        if draft is None:
            draft = PaperDraft(paper_id=paper_id, arxiv_id=arxiv_id, paper_url=paper_url)
            self.drafts[paper_id] = draft
        elif paper_url and not draft.paper_url:
            draft.paper_url = paper_url
        return draft


# --- evaluation-tables.json (TaskDB) -------------------------------------------------------


def _walk_tasks(tasks: Iterable[Any]) -> Iterable[dict[str, Any]]:
    for task in tasks:
        if not isinstance(task, dict):
            continue
        yield task
        yield from _walk_tasks(task.get("subtasks") or [])


def _walk_datasets(datasets: Iterable[Any]) -> Iterable[dict[str, Any]]:
    for dataset in datasets:
        if not isinstance(dataset, dict):
            continue
        yield dataset
        yield from _walk_datasets(dataset.get("subdatasets") or [])


def add_evaluation_tables(data: Any, index: PaperIndex) -> None:
    report = index.report
    for task in _walk_tasks(data if isinstance(data, list) else []):
        task_name = _clean_text(task.get("task"), 200)
        if not task_name:
            report.skipped_records.append("a task without a name")
            continue
        for dataset in _walk_datasets(task.get("datasets") or []):
            dataset_name = _clean_text(dataset.get("dataset"), 200)
            sota = _as_dict(dataset.get("sota"))
            metric_order = [m for m in (sota.get("metrics") or []) if isinstance(m, str)]
            for row in sota.get("rows") or []:
                if not isinstance(row, dict):
                    continue
                report.rows += 1
                if not dataset_name:
                    report.skipped_records.append(f"{task_name}: a dataset without a name")
                    continue
                _add_row(task_name, dataset_name, metric_order, row, index)


def _add_row(
    task: str, dataset: str, metric_order: list[str], row: dict[str, Any], index: PaperIndex
) -> None:
    report = index.report
    draft = index.draft_for(
        url=row.get("paper_url"), title=row.get("paper_title") or row.get("model_name")
    )
    if draft is None:
        report.skipped_records.append(f"{task} / {dataset}: a row with no paper URL or title")
        return
    draft.title = draft.title or _clean_text(row.get("paper_title"), 500)
    draft.fallback_title = draft.fallback_title or _clean_text(row.get("model_name"), 500)
    draft.published = draft.published or _clean_date(row.get("paper_date"))
    draft.tasks[task] = None
    model_name = _clean_text(row.get("model_name"), 500)
    metrics = _as_dict(row.get("metrics"))
    for metric, raw in metrics.items():
        metric_name = _clean_text(metric, 200)
        if not metric_name:
            continue
        parsed = parse_metric_value(raw)
        if parsed.value is not None and not is_storable_number(parsed.value):
            # e.g. "1e200": a number, but outside what DynamoDB stores; keep it as text.
            parsed = ParsedValue(None, parsed.raw, "unparsed")
        if parsed.status == "empty":
            report.empty_values += 1
            continue
        if parsed.status == "unparsed":
            report.unparsed_values.append(
                {
                    "paper": draft.paper_url or draft.paper_id,
                    "metric": metric_name,
                    "raw": parsed.raw[:100],
                }
            )
        report.metric_values += 1
        # The first row of a paper in a table is its best-ranked variant; keep that one.
        rank = metric_order.index(metric) if metric in metric_order else len(metric_order)
        draft.claims.setdefault(
            (task, dataset, metric_name),
            {
                "task": task,
                "dataset": dataset,
                "metric": metric_name,
                "value": parsed.value,
                "raw": parsed.raw[:100],
                "model_name": model_name,
                "rank": rank,
            },
        )
    for link in row.get("code_links") or []:
        url = _clean_str(link.get("url") if isinstance(link, dict) else None, 500)
        if url and url.startswith("https://") and url not in draft.code_links:
            draft.code_links[url] = {"url": url, "is_official": True}


# --- links-between-papers-and-code.json ----------------------------------------------------


def add_code_links(data: Any, index: PaperIndex) -> None:
    for record in data if isinstance(data, list) else []:
        if not isinstance(record, dict):
            continue
        index.report.rows += 1
        url = _clean_str(record.get("repo_url"), 500)
        draft = index.draft_for(
            arxiv=record.get("paper_arxiv_id"),
            url=record.get("paper_url_abs") or record.get("paper_url"),
            title=record.get("paper_title"),
        )
        if draft is None or not url or not url.startswith("https://"):
            index.report.skipped_records.append(f"code link {url or '(none)'}: no paper or URL")
            continue
        draft.title = draft.title or _clean_text(record.get("paper_title"), 500)
        link = {"url": url, "is_official": bool(record.get("is_official"))}
        framework = _clean_text(record.get("framework"), 50)
        if framework and framework.lower() != "none":
            link["framework"] = framework
        draft.code_links[url] = link


# --- papers-with-abstracts.json ------------------------------------------------------------


def add_paper_details(data: Any, index: PaperIndex) -> None:
    for record in data if isinstance(data, list) else []:
        if not isinstance(record, dict):
            continue
        index.report.rows += 1
        draft = index.draft_for(
            arxiv=record.get("arxiv_id"),
            url=record.get("url_abs") or record.get("paper_url"),
            title=record.get("title"),
        )
        if draft is None:
            index.report.skipped_records.append("a paper record with no id, URL or title")
            continue
        draft.title = _clean_text(record.get("title"), 500) or draft.title
        draft.abstract = _clean_text(record.get("abstract"), 10_000) or draft.abstract
        authors = [a for a in (record.get("authors") or []) if isinstance(a, str) and a.strip()]
        draft.authors = [" ".join(a.split())[:200] for a in authors][:100] or draft.authors
        draft.published = _clean_date(record.get("date")) or draft.published
        for task in record.get("tasks") or []:
            name = _clean_text(task, 200)
            if name:
                draft.tasks[name] = None


# --- merging and writing -------------------------------------------------------------------


def merge(draft: PaperDraft, stored: dict[str, Any] | None) -> dict[str, Any]:
    """The stored paper updated with the draft's source data (derived fields untouched)."""
    paper = dict(stored or {"paper_id": draft.paper_id, "author_claim_state": "none"})
    paper["arxiv_id"] = paper.get("arxiv_id") or draft.arxiv_id
    paper["paper_url"] = paper.get("paper_url") or draft.paper_url
    title = draft.title or paper.get("title") or draft.fallback_title or ""
    paper["title"] = title
    if draft.abstract:
        paper["abstract"] = draft.abstract
    if draft.authors:
        paper["authors"] = draft.authors
    paper["published"] = draft.published or paper.get("published")
    paper["tasks"] = list(dict.fromkeys([*paper.get("tasks", []), *draft.tasks]))
    claims = {(c["task"], c["dataset"], c["metric"]): c for c in paper.get("claims", [])}
    claims.update(draft.claims)
    paper["claims"] = list(claims.values())
    links = {link["url"]: link for link in paper.get("code_links", [])}
    for url, link in draft.code_links.items():
        # A links-dump entry (carrying explicit is_official/framework) wins over a table link.
        links[url] = {**links.get(url, {}), **link}
    paper["code_links"] = list(links.values())
    return {k: v for k, v in paper.items() if v is not None}


def _without_nulls(value: Any) -> Any:
    """Storage drops null attributes; compare the way it will be stored."""
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_nulls(v) for v in value]
    return value


def _source_view(paper: dict[str, Any]) -> dict[str, Any]:
    return _without_nulls({k: paper.get(k) for k in SOURCE_FIELDS})


def write_drafts(
    index: PaperIndex, progress: Progress | None = None, batch_size: int = 100
) -> IngestReport:
    report = index.report
    drafts = list(index.drafts.values())
    report.papers_seen = len(drafts)
    report.papers_not_on_arxiv = sum(1 for d in drafts if d.arxiv_id is None)
    done = 0
    for start in range(0, len(drafts), batch_size):
        chunk = drafts[start : start + batch_size]
        stored = papers_db.get_papers([d.paper_id for d in chunk])
        changed = []
        for draft in chunk:
            before = stored.get(draft.paper_id)
            after = merge(draft, before)
            if before is not None and _source_view(before) == _source_view(after):
                report.papers_unchanged += 1
                continue
            if before is None:
                report.papers_created += 1
            else:
                report.papers_updated += 1
            after["source_rev"] = int(after.get("source_rev", 0)) + 1
            changed.append(after)
        if changed:
            report.write_calls += papers_db.put_papers(changed)
        done += len(chunk)
        if progress:
            progress("write", done, len(drafts))
    return report


def ingest_files(
    *,
    evaluation_tables: list[Path] = (),  # type: ignore[assignment]
    links: list[Path] = (),  # type: ignore[assignment]
    papers: list[Path] = (),  # type: ignore[assignment]
    progress: Progress | None = None,
) -> IngestReport:
    report = IngestReport()
    index = PaperIndex(report)
    steps: list[tuple[Path, Kind, Callable[[Any, PaperIndex], None]]] = [
        *((p, "evaluation-tables", add_evaluation_tables) for p in evaluation_tables),
        *((p, "links", add_code_links) for p in links),
        *((p, "papers", add_paper_details) for p in papers),
    ]
    for number, (path, kind, add) in enumerate(steps, start=1):
        add(read_records(path, kind), index)  # every file is parsed before anything is written
        if progress:
            progress(f"parse {path.name}", number, len(steps))
    return write_drafts(index, progress)
