"""Ingest of the bundled Papers-with-Code files into moto DynamoDB, with exact counts."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from chalicelib.db import codec
from chalicelib.db.dynamo import ddb
from chalicelib.db.keys import paper_id_for_arxiv
from chalicelib.db.papers import get_paper
from chalicelib.db.tables import PAPERS
from chalicelib.services.dump_files import DumpFileError
from chalicelib.services.ingest import ingest_files
from tests.conftest import SAMPLE


def all_papers() -> list[dict[str, Any]]:
    # Test-only Scan to verify what was stored; no request path scans.
    items = ddb().scan(TableName=PAPERS.physical_name())["Items"]
    return [codec.from_item(i) for i in items]


@pytest.mark.parametrize(
    ("name", "rows", "papers", "not_on_arxiv", "values", "empty", "unparsed", "claims"),
    [
        # Counted independently from the JSON (rows, distinct papers by arXiv id or URL,
        # non-empty metric values, empty ones, distinct (paper, task, dataset, metric)).
        ("ogb.json", 244, 69, 17, 732, 0, 15, 486),
        ("snli.json", 64, 41, 8, 188, 4, 0, 121),
        ("redditsota.json", 32, 19, 2, 32, 0, 4, 31),
    ],
)
def test_each_fixture_ingests_with_exact_counts(
    aws: Any,
    name: str,
    rows: int,
    papers: int,
    not_on_arxiv: int,
    values: int,
    empty: int,
    unparsed: int,
    claims: int,
) -> None:
    # Given an empty table / When one dump file is ingested
    report = ingest_files(evaluation_tables=[SAMPLE / name])
    # Then the report and the stored items agree with the file
    assert (report.rows, report.papers_created, report.papers_not_on_arxiv) == (
        rows,
        papers,
        not_on_arxiv,
    )
    assert (report.metric_values, report.empty_values, len(report.unparsed_values)) == (
        values,
        empty,
        unparsed,
    )
    stored = all_papers()
    assert len(stored) == papers
    assert sum(len(p["claims"]) for p in stored) == claims
    assert sum(1 for p in stored if "arxiv_id" not in p) == not_on_arxiv


def test_reingesting_the_same_files_changes_nothing(aws: Any) -> None:
    files = sorted(SAMPLE.glob("*.json"))
    first = ingest_files(evaluation_tables=files)
    before = {p["paper_id"]: p for p in all_papers()}
    # When the same files are ingested again
    again = ingest_files(evaluation_tables=files)
    # Then nothing is written and every stored item is identical
    assert first.papers_created == 129
    assert (again.papers_created, again.papers_updated, again.papers_unchanged) == (0, 0, 129)
    assert again.write_calls == 0
    assert {p["paper_id"]: p for p in all_papers()} == before


def test_writes_are_batched(aws: Any) -> None:
    report = ingest_files(evaluation_tables=[SAMPLE / "ogb.json"])
    assert report.write_calls == 3  # 69 papers in batches of 25


def test_ogb_paper_keeps_real_values_code_links_and_its_best_row(aws: Any) -> None:
    ingest_files(evaluation_tables=[SAMPLE / "ogb.json"])
    paper = get_paper(paper_id_for_arxiv("2104.09376"))
    assert paper is not None
    assert paper["arxiv_id"] == "2104.09376"
    assert paper["published"] == "2021-04-19"
    assert paper["tasks"] == ["Node Property Prediction"]
    claims = {(c["dataset"], c["metric"]): c for c in paper["claims"]}
    # "0.8428 ± 0.0014" is the paper's first (best) row on ogbn-products
    assert claims[("ogbn-products", "Test Accuracy")]["value"] == 0.8428
    assert claims[("ogbn-products", "Test Accuracy")]["raw"] == "0.8428 ± 0.0014"
    assert paper["code_links"] == [
        {"url": "https://github.com/skepsun/SAGN_with_SLE", "is_official": True}
    ]


def test_unparseable_values_are_kept_as_text_and_reported(aws: Any) -> None:
    report = ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    assert {u["raw"] for u in report.unparsed_values} >= {"(32.76 32.07 26.26 22.74)"}
    paper = get_paper(paper_id_for_arxiv("1711.00043"))
    assert paper is not None
    bleu = [c for c in paper["claims"] if c["metric"] == "BLEU"]
    assert bleu and bleu[0].get("value") is None and bleu[0]["raw"].startswith("(32.76")


def test_nested_subtasks_subdatasets_and_the_same_paper_in_several_tasks(
    aws: Any, tmp_path: Path
) -> None:
    def row(url: str, value: str, date: str | None = "2020-01-02") -> dict[str, Any]:
        return {
            "paper_url": url,
            "paper_title": "A Paper",
            "paper_date": date,
            "model_name": "M",
            "metrics": {"Acc": value},
            "code_links": [],
        }

    data = [
        {
            "task": "Parent Task",
            "datasets": [
                {
                    "dataset": "D1",
                    "sota": {
                        "metrics": ["Acc"],
                        "rows": [row("https://arxiv.org/abs/2001.00001", "1")],
                    },
                    "subdatasets": [
                        {
                            "dataset": "D1 (hard)",
                            "sota": {
                                "metrics": ["Acc"],
                                "rows": [row("https://arxiv.org/abs/2001.00001", "220k")],
                            },
                        }
                    ],
                }
            ],
            "subtasks": [
                {
                    "task": "Child Task",
                    "datasets": [
                        {
                            "dataset": "D2",
                            "sota": {
                                "metrics": ["Acc"],
                                "rows": [
                                    row("https://arxiv.org/abs/2001.00001", "84.1%", None),
                                    row("https://openreview.net/forum?id=XyZ", "–"),
                                ],
                            },
                        }
                    ],
                    "subtasks": [],
                }
            ],
        }
    ]
    path = tmp_path / "evaluation-tables.json"
    path.write_text(json.dumps(data))
    report = ingest_files(evaluation_tables=[path])
    assert (report.rows, report.papers_created, report.empty_values) == (4, 2, 1)
    paper = get_paper(paper_id_for_arxiv("2001.00001"))
    assert paper is not None
    assert paper["tasks"] == ["Parent Task", "Child Task"]
    assert sorted((c["dataset"], c["value"]) for c in paper["claims"]) == [
        ("D1", 1.0),
        ("D1 (hard)", 220000.0),
        ("D2", 84.1),
    ]
    not_arxiv = [p for p in all_papers() if "arxiv_id" not in p]
    assert [p["paper_url"] for p in not_arxiv] == ["https://openreview.net/forum?id=XyZ"]


def test_links_and_papers_dumps_merge_into_the_same_paper(aws: Any, tmp_path: Path) -> None:
    ingest_files(evaluation_tables=[SAMPLE / "ogb.json"])
    links = [
        {
            "paper_url": "https://paperswithcode.com/paper/x",
            "paper_arxiv_id": "2104.09376",
            "paper_title": "Scalable and Adaptive GNNs",
            "repo_url": "https://github.com/a/b",
            "is_official": False,
            "framework": "pytorch",
        },
        {"paper_arxiv_id": None, "repo_url": None},
    ]
    details = [
        {
            "arxiv_id": "2104.09376v2",
            "title": "Scalable and Adaptive Graph Neural Networks",
            "abstract": "We ...",
            "authors": ["Chuxiong Sun", "Guoqiang Wu"],
            "tasks": ["Node Classification"],
            "date": "2021-04-19",
        },
        {"arxiv_id": None, "title": None},
    ]
    (tmp_path / "links.json").write_text(json.dumps(links))
    (tmp_path / "papers.json").write_text(json.dumps(details))
    report = ingest_files(links=[tmp_path / "links.json"], papers=[tmp_path / "papers.json"])
    assert report.papers_updated == 1 and len(report.skipped_records) == 2
    paper = get_paper(paper_id_for_arxiv("2104.09376"))
    assert paper is not None
    assert paper["title"] == "Scalable and Adaptive Graph Neural Networks"
    assert paper["authors"] == ["Chuxiong Sun", "Guoqiang Wu"]
    assert paper["tasks"] == ["Node Property Prediction", "Node Classification"]
    assert {link["url"]: link["is_official"] for link in paper["code_links"]} == {
        "https://github.com/skepsun/SAGN_with_SLE": True,
        "https://github.com/a/b": False,
    }
    assert len(paper["claims"]) == 6  # untouched
    assert paper["source_rev"] == 2


def test_values_dynamodb_cannot_store_are_kept_as_text(aws: Any, tmp_path: Path) -> None:
    # Given a table whose values include numbers outside DynamoDB's range (|x| > 1e125 or
    # 0 < |x| < 1e-130) next to an ordinary one
    rows = [
        {
            "paper_url": "https://arxiv.org/abs/2002.00002",
            "paper_title": "Huge Numbers",
            "model_name": "M",
            "metrics": {"Perplexity": "1e200", "Tiny": 1e-200, "Acc": "71.5"},
            "code_links": [],
        }
    ]
    data = [{"task": "T", "datasets": [{"dataset": "D", "sota": {"metrics": [], "rows": rows}}]}]
    path = tmp_path / "evaluation-tables.json"
    path.write_text(json.dumps(data))
    # When it is ingested, nothing fails
    report = ingest_files(evaluation_tables=[path])
    # Then those values are reported and kept as text, and the ordinary one as a number
    assert {u["raw"] for u in report.unparsed_values} == {"1e200", "1e-200"}
    paper = get_paper(paper_id_for_arxiv("2002.00002"))
    assert paper is not None
    claims = {c["metric"]: c for c in paper["claims"]}
    assert claims["Perplexity"].get("value") is None and claims["Perplexity"]["raw"] == "1e200"
    assert claims["Tiny"].get("value") is None
    assert claims["Acc"]["value"] == 71.5


def test_a_gzipped_dump_ingests_like_the_plain_file(aws: Any, tmp_path: Path) -> None:
    # Given the release's form of a dump: the same JSON, gzipped (and named .json.gz)
    packed = tmp_path / "evaluation-tables.json.gz"
    packed.write_bytes(gzip.compress((SAMPLE / "ogb.json").read_bytes()))
    # When it is ingested as it is
    report = ingest_files(evaluation_tables=[packed])
    # Then it reads as the plain file does (the counts of the parametrized test above)
    assert (report.rows, report.papers_created, report.metric_values) == (244, 69, 732)


def test_a_json_lines_dump_ingests_one_record_per_line(aws: Any, tmp_path: Path) -> None:
    ingest_files(evaluation_tables=[SAMPLE / "ogb.json"])
    record = {
        "paper_arxiv_id": "2104.09376",
        "paper_title": "Scalable and Adaptive GNNs",
        "repo_url": "https://github.com/a/jsonl",
        "is_official": False,
    }
    other = {**record, "repo_url": "https://github.com/a/second"}
    path = tmp_path / "links.jsonl"
    path.write_text(json.dumps(record) + "\n\n" + json.dumps(other) + "\n")
    report = ingest_files(links=[path])
    assert report.rows == 2 and report.papers_updated == 1
    paper = get_paper(paper_id_for_arxiv("2104.09376"))
    assert paper is not None
    urls = {link["url"] for link in paper["code_links"]}
    assert {"https://github.com/a/jsonl", "https://github.com/a/second"} <= urls


def _papers_record() -> dict[str, Any]:
    return {"arxiv_id": "2104.09376", "title": "T", "abstract": "A", "authors": []}


@pytest.mark.parametrize(
    ("flag", "content", "says"),
    [
        ("evaluation_tables", b'[{"task": "T", "datasets": [', "invalid JSON at line 1"),
        (
            "evaluation_tables",
            gzip.compress(b"[" * 100, mtime=0)[:-9],
            "gzip file that cannot be read",
        ),
        ("papers", b'[{"title": "caf\xe9"}]', "not UTF-8"),
        ("links", json.dumps([_papers_record()]).encode(), "pass it with --papers"),
        ("evaluation_tables", b'{"a": 1}\n{"b": 2', "invalid JSON at line 2"),
        ("papers", b'[{"name": "x", "value": 1}]', "its first record has none of its fields"),
        ("links", b"[1, 2, 3]", "not JSON objects"),
        ("papers", b"   ", "empty"),
        ("papers", b"id,title\n1,x\n", "not a Papers-with-Code dump"),
    ],
    ids=[
        "cut-short",
        "gzip-cut-short",
        "not-utf8",
        "papers-as-links",
        "json-lines-cut-short",
        "other-json",
        "not-objects",
        "blank",
        "csv",
    ],
)
def test_a_bad_dump_file_is_refused_by_name_and_nothing_is_written(
    aws: Any, tmp_path: Path, flag: str, content: bytes, says: str
) -> None:
    # Given a good file and a bad one in the same ingest
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    files: dict[str, list[Path]] = {"evaluation_tables": [SAMPLE / "ogb.json"]}
    files.setdefault(flag, []).append(bad)
    # When it is ingested, it stops with an error that names the file and the problem
    with pytest.raises(DumpFileError) as refused:
        ingest_files(**files)
    assert str(bad) in refused.value.message and says in refused.value.message
    assert "nothing was ingested" in refused.value.message
    # and the table is as it was: nothing of the good file was written either
    assert all_papers() == []


def test_nan_and_infinity_written_by_pythons_json_dump_are_read(aws: Any, tmp_path: Path) -> None:
    # Given a dump as Python's json.dump writes non-finite floats (bare NaN and Infinity)
    rows = [
        {
            "paper_url": "https://arxiv.org/abs/2002.00003",
            "paper_title": "Non-finite",
            "metrics": {"Loss": float("nan"), "PPL": float("inf"), "Acc": "71.5"},
        }
    ]
    data = [{"task": "T", "datasets": [{"dataset": "D", "sota": {"metrics": [], "rows": rows}}]}]
    path = tmp_path / "evaluation-tables.json"
    path.write_text(json.dumps(data))
    assert "NaN" in path.read_text() and "Infinity" in path.read_text()
    # When it is ingested, it is read; the non-finite values are not stored as numbers
    report = ingest_files(evaluation_tables=[path])
    paper = get_paper(paper_id_for_arxiv("2002.00003"))
    assert paper is not None and report.papers_created == 1
    values = {c["metric"]: c.get("value") for c in paper["claims"]}
    assert values["Acc"] == 71.5
    assert values.get("Loss") is None and values.get("PPL") is None
