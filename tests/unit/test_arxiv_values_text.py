"""Pure rules: arXiv ids, metric value parsing, slugs and metric-name keys."""

from __future__ import annotations

import math
import re

import pytest

from chalicelib.domain.arxiv import InvalidArxivId, arxiv_id_from_url, normalise_arxiv_id
from chalicelib.domain.text import metric_key, metric_names_match, slugify
from chalicelib.domain.values import parse_metric_value


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("2104.09376", "2104.09376"),
        ("2104.09376v2", "2104.09376"),
        ("arXiv:2104.09376", "2104.09376"),
        ("ARXIV:2104.09376v11", "2104.09376"),
        ("https://arxiv.org/abs/2104.09376", "2104.09376"),
        ("http://arxiv.org/abs/2104.09376v3", "2104.09376"),
        ("https://arxiv.org/pdf/1711.00043.pdf", "1711.00043"),
        ("https://www.arxiv.org/abs/1405.4053/", "1405.4053"),
        ("  1405.4053 ", "1405.4053"),
        ("0704.0001", "0704.0001"),
        ("hep-th/9901001", "hep-th/9901001"),
        ("hep-th/9901001v1", "hep-th/9901001"),
        ("math.GT/0309136", "math.GT/0309136"),
        ("arXiv:cond-mat/0011267", "cond-mat/0011267"),
    ],
)
def test_accepted_arxiv_spellings_normalise_to_one_form(raw: str, expected: str) -> None:
    assert normalise_arxiv_id(raw) == expected


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "2104",
        "2104.093",
        "2113.09376",
        "21040.9376",
        "abc",
        "2104.09376v",
        "../etc/passwd",
        "hep-th/99",
        "https://example.com/abs/2104.09376",
        "2104.09376 2104.09377",
        "2104.09376v0",  # versions start at v1
        "hep-th/9901001v0",
        "2104.1234",  # five digits after the dot since 2015
        "1301.12345",  # four before
        "0612.0001",  # new-style ids start in April 2007
    ],
)
def test_malformed_arxiv_ids_are_rejected_with_an_example(raw: str) -> None:
    with pytest.raises(InvalidArxivId, match=r"expected e\.g\. 2104\.09376"):
        normalise_arxiv_id(raw)


def test_only_arxiv_urls_yield_an_id() -> None:
    assert arxiv_id_from_url("https://arxiv.org/abs/2104.09376") == "2104.09376"
    assert arxiv_id_from_url("https://openreview.net/forum?id=abc") is None
    assert arxiv_id_from_url("https://aclweb.org/anthology/D18-1") is None
    assert arxiv_id_from_url(None) is None


@pytest.mark.parametrize(
    ("raw", "value", "status"),
    [
        ("84.1", 84.1, "ok"),
        (84.1, 84.1, "ok"),
        (3, 3.0, "ok"),
        ("0.8428 ± 0.0014", 0.8428, "ok"),
        ("0.8428 +/- 0.0014", 0.8428, "ok"),
        ("84.1%", 84.1, "ok"),
        ("220k", 220_000.0, "ok"),
        ("1.2M", 1_200_000.0, "ok"),
        ("3B", 3e9, "ok"),
        ("2,179,678", 2_179_678.0, "ok"),
        ("-0.5", -0.5, "ok"),
        ("1e-3", 0.001, "ok"),
        (".5", 0.5, "ok"),
        ("90.1 (ensemble)", 90.1, "ok"),
        ("", None, "empty"),
        ("–", None, "empty"),
        ("-", None, "empty"),
        (None, None, "empty"),
        ("Please tell us", None, "unparsed"),
        ("(32.76 32.07 26.26 22.74)", None, "unparsed"),
        ("1e400", None, "unparsed"),
        (float("nan"), None, "unparsed"),
        (True, None, "unparsed"),
    ],
)
def test_metric_values_from_real_dumps(raw: object, value: float | None, status: str) -> None:
    parsed = parse_metric_value(raw)
    assert parsed.status == status
    if value is None:
        assert parsed.value is None
    else:
        assert parsed.value is not None and math.isclose(parsed.value, value)


def test_unparsed_values_keep_their_text() -> None:
    assert parse_metric_value("Please tell us").raw == "Please tell us"


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Image Classification", "image-classification"),
        ("image-classification", "image-classification"),
        ("Node Property Prediction", "node-property-prediction"),
        ("ogbn-papers100M", "ogbn-papers100m"),
        ("  Natural Language Inference ", "natural-language-inference"),
        ("Réseau / Graphs", "reseau-graphs"),
        ("!!!", ""),
    ],
)
def test_slugs(name: str, slug: str) -> None:
    assert slugify(name) == slug


def test_metric_names_compare_case_and_punctuation_insensitively() -> None:
    assert metric_key("Top-1 Accuracy") == "top1accuracy"
    assert metric_names_match("Top-1 Accuracy", "top1 accuracy")
    assert metric_names_match("% Test Accuracy", "test accuracy")
    assert not metric_names_match("Top-1 Accuracy", "Top-5 Accuracy")
    assert not metric_names_match("", "")


@pytest.mark.parametrize(
    "raw",
    [
        *("2104.09376v0", "hep-th/9901001v0", "2104.1234", "1301.12345", "0612.0001"),
        "2113.09376",
        # digits of other scripts (Python's \\d takes them): they named another paper id, a
        # look-alike of the real one, where they should be refused (found by hostile13)
        *("2104.\uff10\uff19\uff13\uff17\uff16", "2104.\u0660\u0669\u0663\u0667\u0666"),
        *("hep-th/\u0669\u0669\u0660\u0661\u0660\u0660\u0661", "2104.09376v\u0661"),
    ],
)
def test_the_documented_pattern_refuses_what_the_server_refuses(raw: str) -> None:
    """The OpenAPI pattern for paper references follows arXiv's scheme as the server does:
    a client validating against the document is not surprised by a 400."""
    from chalicelib.api.models import PAPER_REFERENCE_PATTERN

    assert re.fullmatch(PAPER_REFERENCE_PATTERN, raw) is None
    with pytest.raises(InvalidArxivId):
        normalise_arxiv_id(raw)


@pytest.mark.parametrize("raw", ["0704.0001", "1412.9999", "1501.00001", "2104.09376v12"])
def test_the_documented_pattern_admits_the_first_and_last_ids_of_each_style(raw: str) -> None:
    from chalicelib.api.models import PAPER_REFERENCE_PATTERN

    assert re.fullmatch(PAPER_REFERENCE_PATTERN, raw)
    assert normalise_arxiv_id(raw) == raw.split("v")[0]
