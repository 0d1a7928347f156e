"""URL run logs -> the raw form the validator reads; redirects it may follow; W&B answers."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chalicelib.domain.log_sources import (
    FETCH_HOSTS,
    WANDB_RUN_QUERY,
    NotReadable,
    RawFile,
    RedirectRefused,
    WandbAnswerError,
    WandbRun,
    lines_of_chunks,
    log_source,
    non_public_address,
    redirect_target,
    wandb_request_body,
    wandb_summary,
)
from chalicelib.domain.urls import ALLOWED_LOG_HOSTS, canonical_log_url

RAW_FORMS = [
    (
        "https://github.com/facebookresearch/deit/blob/main/logs/deit_small.txt",
        "https://raw.githubusercontent.com/facebookresearch/deit/main/logs/deit_small.txt",
    ),
    (  # the /raw/ form and a ref with a slash (a branch name): kept as the path is
        "https://github.com/o/r/raw/feature/x/eval%20log.txt",
        "https://raw.githubusercontent.com/o/r/feature/x/eval%20log.txt",
    ),
    (  # blob viewer options in the query are not part of the file
        "https://github.com/o/r/blob/0123abc/out.log?plain=1",
        "https://raw.githubusercontent.com/o/r/0123abc/out.log",
    ),
    (
        "https://gist.github.com/someone/0123456789abcdef0123456789abcdef",
        "https://gist.githubusercontent.com/someone/0123456789abcdef0123456789abcdef/raw",
    ),
    (
        "https://gist.github.com/someone/0123abcd/raw/eval.log",
        "https://gist.githubusercontent.com/someone/0123abcd/raw/eval.log",
    ),
    (
        "https://huggingface.co/org/model/blob/main/eval_results.txt",
        "https://huggingface.co/org/model/resolve/main/eval_results.txt",
    ),
    (
        "https://huggingface.co/datasets/org/runs/blob/v1.0/logs/train.log",
        "https://huggingface.co/datasets/org/runs/resolve/v1.0/logs/train.log",
    ),
    (
        "https://huggingface.co/spaces/org/demo/raw/main/eval.log",
        "https://huggingface.co/spaces/org/demo/resolve/main/eval.log",
    ),
    (  # already the raw form
        "https://huggingface.co/org/model/resolve/refs%2Fpr%2F1/eval.log",
        "https://huggingface.co/org/model/resolve/refs%2Fpr%2F1/eval.log",
    ),
]


@pytest.mark.parametrize(("page", "raw"), RAW_FORMS)
def test_pages_map_to_their_documented_raw_form(page: str, raw: str) -> None:
    # Given a submitted page URL, as the submission stores it (canonical)
    # When the validator asks where to read it
    source = log_source(canonical_log_url(page))
    # Then it reads the raw bytes on a fetch host
    assert source == RawFile(raw)
    assert source.url.split("/")[2] in FETCH_HOSTS


@pytest.mark.parametrize(
    ("page", "run"),
    [
        ("https://wandb.ai/team/proj/runs/3xk2p1", WandbRun("team", "proj", "3xk2p1")),
        ("https://wandb.ai/my-t/img.cls/runs/a_1/overview", WandbRun("my-t", "img.cls", "a_1")),
        ("https://wandb.ai/t/p/runs/r1?nw=nwuserx", WandbRun("t", "p", "r1")),
    ],
)  # fmt: skip
def test_wandb_run_pages_are_read_through_the_public_api(page: str, run: WandbRun) -> None:
    assert log_source(canonical_log_url(page)) == run


@pytest.mark.parametrize(
    ("page", "why"),
    [
        ("https://colab.research.google.com/drive/1AbC-dEf", "Colab notebooks are not read"),
        ("https://github.com/o/r", "github.com/<owner>/<repo>/blob/<ref>/<path>"),
        ("https://github.com/o/r/actions/runs/123", "not a page whose raw form"),
        ("https://github.com/o/r/blob/main", "not a page whose raw form"),  # no path
        ("https://github.com/o/r/blob/main/../../x/y", "'..'"),
        ("https://github.com/o/r/blob/main/%2e%2E/x/y", "'..'"),
        ("https://github.com/o/r/tree/main/logs", "not a page whose raw form"),
        ("https://gist.github.com/0123abcd", "gist.github.com/<user>/<id>"),
        ("https://huggingface.co/org/model", "huggingface.co/[datasets/|spaces/]"),
        ("https://huggingface.co/org/model/tree/main/logs", "not a page whose raw form"),
        ("https://wandb.ai/team/proj/reports/x--Vmlldzo", "wandb.ai/<entity>/<project>/runs"),
        ("https://wandb.ai/team/proj/runs/a/b/c", "wandb.ai/<entity>/<project>/runs"),
    ],
)
def test_other_pages_are_not_read_and_say_why(page: str, why: str) -> None:
    source = log_source(canonical_log_url(page))
    assert isinstance(source, NotReadable)
    assert why in source.reason


def test_every_submission_host_is_covered() -> None:
    # Every allow-listed submission host either maps to a raw form or says why not; none of
    # them is itself fetched except huggingface.co, whose resolve form lives on the hub.
    assert ALLOWED_LOG_HOSTS & set(FETCH_HOSTS) == {"huggingface.co"}
    for host in ALLOWED_LOG_HOSTS:
        assert isinstance(log_source(f"https://{host}/"), NotReadable)


# --- redirects ---------------------------------------------------------------------------------

HF = "https://huggingface.co/org/m/resolve/main/eval.log"
RAW = "https://raw.githubusercontent.com/o/r/main/eval.log"


@pytest.mark.parametrize(
    ("current", "location", "target"),
    [
        (HF, "https://cdn-lfs.hf.co/repos/ab/cd?X-Amz-Signature=1#x", "https://cdn-lfs.hf.co/repos/ab/cd?X-Amz-Signature=1"),
        (HF, "https://cas-bridge.xethub.hf.co/xet-bridge-us/abc?sig=1", "https://cas-bridge.xethub.hf.co/xet-bridge-us/abc?sig=1"),
        (HF, "https://us.aws.cdn.hf.co/xet-bridge-us/abc", "https://us.aws.cdn.hf.co/xet-bridge-us/abc"),
        (HF, "/new-org/m/resolve/main/eval.log", "https://huggingface.co/new-org/m/resolve/main/eval.log"),
        (RAW, "https://raw.githubusercontent.com/o/renamed/main/eval.log", "https://raw.githubusercontent.com/o/renamed/main/eval.log"),
        (RAW, "HTTPS://RAW.githubusercontent.com/o/r/x", "https://raw.githubusercontent.com/o/r/x"),
    ],
)  # fmt: skip
def test_redirects_within_a_service_are_followed(current: str, location: str, target: str) -> None:
    assert redirect_target(current, location) == target


@pytest.mark.parametrize(
    ("location", "why"),
    [
        (None, "without a Location"),
        ("http://cdn-lfs.hf.co/x", "https only"),
        ("//evil.example.com/x", "not on the fetch allow-list"),
        ("https://evil.example.com/x", "not on the fetch allow-list"),
        ("https://cdn-lfs.hf.co.evil.example.com/x", "not on the fetch allow-list"),
        ("https://127.0.0.1/x", "IP address 127.0.0.1"),
        ("https://169.254.169.254/latest/meta-data/", "IP address 169.254.169.254"),
        ("https://[::1]/x", "IP address ::1"),
        ("https://10.0.0.1:443/x", "IP address 10.0.0.1"),
        ("https://cdn-lfs.hf.co:8443/x", "names a port"),
        ("https://cdn-lfs.hf.co:443/x", "names a port"),
        ("https://user@cdn-lfs.hf.co/x", "user information"),
        ("https://cdn-lfs.hf.co\\@evil.example.com/", "backslash"),
        ("https://cdn-lfs.hf.co/x y", "character ' '"),
        ("https://raw.githubusercontent.com/o/r/x", "another service"),
        ("file:///etc/passwd", "https only"),
        ("https://metadata.google.internal/", "not on the fetch allow-list"),
        ("https://localhost/x", "not on the fetch allow-list"),
    ],
)
def test_redirects_anywhere_else_are_refused(location: str | None, why: str) -> None:
    with pytest.raises(RedirectRefused, match=why.replace("(", r"\(").replace("?", r"\?")):
        redirect_target(HF, location)


@pytest.mark.parametrize(
    ("addresses", "bad"),
    [
        (["140.82.112.3"], None),
        (["2606:50c0:8000::154"], None),
        (["140.82.112.3", "10.1.2.3"], "10.1.2.3"),  # one internal address refuses the host
        (["127.0.0.1"], "127.0.0.1"),
        (["169.254.169.254"], "169.254.169.254"),  # instance metadata
        (["192.168.1.10"], "192.168.1.10"),
        (["100.64.0.1"], "100.64.0.1"),  # carrier-grade NAT
        (["0.0.0.0"], "0.0.0.0"),  # noqa: S104
        (["::1"], "::1"),
        (["fe80::1%eth0"], "fe80::1%eth0"),
        (["fd00::1"], "fd00::1"),
        (["::ffff:127.0.0.1"], "::ffff:127.0.0.1"),
        (["224.0.0.1"], "224.0.0.1"),
    ],
)
def test_only_public_addresses_are_connected_to(addresses: list[str], bad: str | None) -> None:
    assert non_public_address(addresses) == bad


# --- W&B ---------------------------------------------------------------------------------------

RUN = WandbRun("team", "proj", "abc")


def test_the_wandb_query_is_the_public_api_run_query() -> None:
    body = json.loads(wandb_request_body(RUN))
    assert body["variables"] == {"entity": "team", "project": "proj", "name": "abc"}
    assert body["query"] == WANDB_RUN_QUERY
    assert "project(name: $project, entityName: $entity)" in WANDB_RUN_QUERY
    assert "run(name: $name)" in WANDB_RUN_QUERY and "summaryMetrics" in WANDB_RUN_QUERY


def test_a_wandb_summary_becomes_metrics() -> None:
    summary = {
        "test/acc": 0.8193,
        "eval": {"top1": 76.13, "loss": 1.2},
        "epoch": 30,
        "_step": 1000,
        "_runtime": 3600.5,
        "_wandb": {"runtime": 3600},
        "best": True,
        "samples": {"_type": "table-file", "path": "media/t.json", "size": 10},
        "hist": {"_type": "histogram", "bins": [1, 2]},
        "note": "text",
        "huge": 10**400,
    }
    run = {"state": "finished", "summaryMetrics": json.dumps(summary)}
    state, metrics = wandb_summary({"data": {"project": {"run": run}}}, RUN)
    assert state == "finished"
    assert metrics == [
        ("test/acc", 0.8193),
        ("eval/top1", 76.13),
        ("eval/loss", 1.2),
        ("epoch", 30.0),
    ]


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        ({"data": {"project": None}}, "no public project for team/proj/abc"),
        ({"data": {"project": {"run": None}}}, "no public run for team/proj/abc"),
        ({"errors": [{"message": "permission denied"}], "data": None}, "permission denied"),
        ({"data": {"project": {"run": {"summaryMetrics": "{not json"}}}}, "not valid JSON"),
        ({"data": {"project": {"run": {"summaryMetrics": "[1]"}}}}, "not a JSON object"),
        ([1, 2], "not a JSON object"),
    ],
)
def test_wandb_answers_without_a_summary_say_why(answer: object, why: str) -> None:
    with pytest.raises(WandbAnswerError, match=why):
        wandb_summary(answer, RUN)


# --- bytes -> lines ----------------------------------------------------------------------------


PIECES = ["a", "7", " ", "\n", "\r", "\r\n", "é", "€", "\x0c", "\u2028"]


@given(
    st.lists(st.sampled_from(PIECES), max_size=60).map("".join),
    st.lists(st.integers(min_value=0, max_value=200), max_size=8),
)
def test_lines_of_chunks_are_the_lines_of_the_whole_text(text: str, cuts: list[int]) -> None:
    # Given text split into byte chunks anywhere (inside a UTF-8 character or a \r\n too)
    data = text.encode()
    points = sorted({min(c, len(data)) for c in cuts})
    chunks = [data[a:b] for a, b in zip([0, *points], [*points, len(data)], strict=True)]
    # Then the lines are exactly those of the pasted text
    assert list(lines_of_chunks(chunks)) == text.splitlines()


def test_an_overlong_line_is_cut_and_the_next_line_still_read() -> None:
    chunks = [b"x" * 10, b"y" * 10, b"zz\nacc: 0.81\n"]
    assert list(lines_of_chunks(chunks, max_line=12)) == ["x" * 10 + "yy", "acc: 0.81"]
    assert list(lines_of_chunks([b"\xff\xfeok"])) == ["\ufffd\ufffdok"]
