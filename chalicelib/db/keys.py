"""Every DynamoDB key the code builds, and the access pattern each one serves.

Tables (definitions in `chalicelib/db/tables.py`; physical name `<prefix>-<table>`):

papers         pk paper_id                         stream: NEW_AND_OLD_IMAGES
  - GET /papers/{arxiv_id}: paper_id is derived from the arXiv id (`paper_id_for_arxiv`),
    so a paper by arXiv id and by paper_id is one GetItem. The item embeds its claimed results,
    code links, score breakdown and leaderboard rows: a paper page is exactly one call.
  - Papers not on arXiv get a paper_id derived from their normalised paper URL (or title).

leaderboard    pk row_id = "<paper_id>#<task_slug>#<dataset_slug>"  (one row per paper, task
               and dataset, holding that dataset's primary metric)
  - GSI by_task_score         task_slug,    score_key  -> /sota?task=..&sort=score
  - GSI by_task_date          task_slug,    date_key   -> /sota?task=..&sort=date
  - GSI by_task_dataset_score task_dataset, score_key  -> /sota?task=..&dataset=..&sort=score
  - GSI by_task_dataset_date  task_dataset, date_key   -> /sota?task=..&dataset=..&sort=date
    Each sota page is one Query (ScanIndexForward=False, Limit=page size). `min_score`
    is a key condition on score_key (score sort) or a filter (date sort).

reproductions  pk reproduction_id                  stream: NEW_AND_OLD_IMAGES
  - GSI by_paper      paper_id,      submitted_key -> a paper's reproductions; recompute input
  - GSI by_submitter  submitter_id,  submitted_key -> an agent's decided reproductions (ratings)
  - GSI pending       pending_queue, submitted_key -> the review queue, oldest first (sparse:
    only agent_pending items carry pending_queue)

accounts       pk "ACCOUNT#<id>" | "KEY#<sha256 of key>" | "SESSION#<sha256>" ...; TTL expires_at
  - authenticating a request is one GetItem on KEY#<hash> (the key item carries role + name)

runs           pk run_id; TTL expires_at (plus a check on read: TTL deletes lag)
  - GSI by_account_paper  "<account>#<paper>", started_at -> attempt number
  - GSI by_account        account_id, expires_key          -> an agent's active runs (bounded)

queue          pk row_id = "<paper_id>#<task_slug>" (and "<paper_id>#*" for the all-task queue)
  - GSI by_task_priority  task_slug ("*" = every task), priority_key -> /queue, one Query.
    Rows exist only for papers that need reproduction; written by the paper recompute, their
    active-run list by POST /runs (discount applied on read, expired runs ignored).

agent_ratings  pk row_id = "<account_id>#<min trust tier>"
  - GSI by_rating         tier ("0" | "1" | "2"), rating_key -> /agents?trust_tier=, one Query

idempotency    pk id; TTL expiration (Idempotency-Key records of submissions)
  - "<account_id>#<Idempotency-Key>": a submission's key record (expires)
  - "content#<paper_id>#<sha256 of the normalised output>": which reproduction (and account)
    first submitted that run output for the paper; no `expiration`, so TTL never removes it.
    Written by conditional writes only (db/copies.py): the Put in a pasted submission's
    transaction; the validator's Put for an uploaded or URL log, and its takeover of a
    later submission's claim (in one transaction with that reproduction's mark).

author_claims  pk paper_id, sk account_id  (one item per account and paper; not in the paper
               item, so no number of claims can make a paper too large to write), plus a
               counter item per paper, sk "#pending" (claims awaiting a decision, capped in the
               condition of the transaction that adds a claim)
  - a paper's claims: Query paper_id (the recompute does it only for papers whose
    `claims_rev` is set; the paper's `claims_rev` and `source_rev` are bumped on every change)

search         pk row_id = "<word>#<paper_id>"  (an inverted index of normalised words)
  - GSI by_word  word, rank_key = "<score:06d>#<published>#<paper_id>"
    -> GET /papers?q=: one Query per page on the partition of the query's longest word,
    best score first, then newest; the other words are a filter on the row's `words` (so a
    page can be short, like a filtered sota page). Words: chalicelib/domain/search_words.py
    (title and model names, case- and accent-folded, stop words and single characters out).
    The paper recompute writes a paper's rows with its other index rows and deletes the
    rows of words it no longer has (`search_row_ids` on the paper), like the leaderboard's.

tasks          pk "TASK#<task_slug>", sk:
                 "P#<paper_id>"     membership: the paper's datasets and metrics in the task
                                    and its counted reproductions (paper recompute; stale
                                    ones deleted via `task_member_slugs` on the paper)
                 "#SUMMARY"         papers, datasets, counted reproductions (task recompute)
                 "D#<dataset_slug>" a dataset: its metrics, papers, reproductions (task recompute)
  - The task recompute (after each stream batch, per task its papers touched) reads the
    partition with one strongly consistent Query, derives summary and dataset rows from the
    membership rows, writes only what changed, and re-reads to make sure no membership row
    changed meanwhile (else it goes again).
  - GET /tasks/{task}: one Query, sk < "P#" (summary and datasets, not the memberships).
  - GSI by_name   listed ("TASK", only on summaries), task_slug -> GET /tasks, by name
  - GSI by_papers listed, papers_key = "<papers:08d>#<slug>"  -> GET /tasks?sort=papers
    (one Query per page each; the "did you mean" of an unknown task reads by_name).

uploads        pk upload_id ("u" + 24 hex); TTL expires_at (plus a check in every condition)
  - POST /api/v1/uploads puts a grant; a submission that references it updates it in its
    TransactWriteItems (condition: the same account, the right kind, not expired, not used by
    another reproduction), which is what makes an upload usable once. One GetItem explains a
    refusal.

No request path scans a table.
"""

from __future__ import annotations

import hashlib

from chalicelib.domain.text import slugify

SCORE_WIDTH = 6
NO_DATE = "0000-00-00"  # sorts after every real date when reading newest first


def _short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def paper_id_for_arxiv(arxiv_id: str) -> str:
    """Stable, opaque paper id of an arXiv paper (arxiv_id already normalised)."""
    return "p" + _short_hash(f"arxiv:{arxiv_id}")


def paper_id_for_url(normalised_url: str) -> str:
    return "p" + _short_hash(f"url:{normalised_url}")


def leaderboard_row_id(paper_id: str, task: str, dataset: str) -> str:
    return f"{paper_id}#{slugify(task)}#{slugify(dataset)}"


def task_dataset_key(task_slug: str, dataset_slug: str) -> str:
    return f"{task_slug}#{dataset_slug}"


def score_key(score: int, published: str | None, paper_id: str, dataset_slug: str) -> str:
    """Sorts by score, then date, descending when read backwards."""
    return f"{score:0{SCORE_WIDTH}d}#{published or NO_DATE}#{paper_id}#{dataset_slug}"


def score_key_floor(min_score: int) -> str:
    return f"{min_score:0{SCORE_WIDTH}d}"


def priority_key(priority: float, paper_id: str) -> str:
    """Sorts by priority (0..1e6, 3 decimals), descending when read backwards."""
    return f"{round(max(0.0, priority) * 1000):012d}#{paper_id}"


def rating_key(rating: float, account_id: str) -> str:
    return f"{round(max(0.0, rating) * 100):010d}#{account_id}"


def date_key(score: int, published: str | None, paper_id: str, dataset_slug: str) -> str:
    return f"{published or NO_DATE}#{score:0{SCORE_WIDTH}d}#{paper_id}#{dataset_slug}"


def search_row_id(word: str, paper_id: str) -> str:
    return f"{word}#{paper_id}"


def rank_key(score: int, published: str | None, paper_id: str) -> str:
    """Sorts by score, then date, descending when read backwards."""
    return f"{score:0{SCORE_WIDTH}d}#{published or NO_DATE}#{paper_id}"


TASK_LISTED = "TASK"
TASK_SUMMARY_SK = "#SUMMARY"


def task_pk(task_slug: str) -> str:
    return f"TASK#{task_slug}"


def task_member_sk(paper_id: str) -> str:
    return f"P#{paper_id}"


def task_dataset_sk(dataset_slug: str) -> str:
    return f"D#{dataset_slug}"


def papers_key(papers: int, task_slug: str) -> str:
    return f"{papers:08d}#{task_slug}"
