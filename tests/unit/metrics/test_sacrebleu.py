# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""sacreBLEU output, built from sacrebleu/metrics/base.py `Score.format` (`f"{name}|{signature} =
{score:.{width}f}"` then the verbose part), 1.x's `BLEU+case.mixed+...+version.1.4.14 = ...`,
the `-f json` output ({"name", "score", "signature", "verbose_score", ...}) and the
multi-system table cells (`"26.6 (26.6 ± 0.6)"`, `"(p = 0.0010)*"`)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_signature_lines_and_verbose_parts() -> None:
    # Given BLEU, chrF2 and chrF2++ signature lines with their verbose parts
    text = """\
BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.3.1 = 33.2 65.1/39.3/26.0/17.4 (BP = 1.000 ratio = 1.002 hyp_len = 62940 ref_len = 62837)
chrF2|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.3.1 = 61.2
chrF2++|nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|version:2.3.1 = 59.0
"""
    metrics = extract_metrics(text)
    # Then chrF and chrF++ are different metrics, and BP/ratio/precisions are no values
    assert {m.name: m.value for m in metrics} == {"BLEU": 33.2, "chrF2": 61.2, "chrF2++": 59.0}
    assert check_claimed_metric(metrics, "chrF", 61.2).ok
    assert not check_claimed_metric(metrics, "chrF", 59.0).ok
    assert check_claimed_metric(metrics, "chrF++", 59.0).ok
    assert not check_claimed_metric(metrics, "BLEU", 65.1).ok


def test_json_output_list_of_metrics() -> None:
    # Given `-f json` with two metrics (a JSON list)
    text = """\
[
 {
  "name": "BLEU",
  "score": 20.8,
  "signature": "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.0.0",
  "verbose_score": "54.4/26.6/14.9/8.7 (BP = 1.000 ratio = 1.026 hyp_len = 62880 ref_len = 61287)",
  "nrefs": "1"
 },
 {
  "name": "chrF2",
  "score": 52.0,
  "signature": "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.0.0",
  "nrefs": "1"
 }
]
"""
    metrics = extract_metrics(text)
    # Then each object's score is its named metric
    assert check_claimed_metric(metrics, "BLEU", 20.8).ok
    assert check_claimed_metric(metrics, "chrF", 52.0).ok
    assert not check_claimed_metric(metrics, "BLEU", 52.0).ok


def test_multi_system_table_with_confidence_intervals() -> None:
    # Given a paired-test table whose cells carry the mean and CI
    text = """\
╒═══════════════════╤════════════════════╕
│ System            │ BLEU (μ ± 95% CI)  │
╞═══════════════════╪════════════════════╡
│ Baseline: sys-a   │ 26.6 (26.6 ± 0.6)  │
├───────────────────┼────────────────────┤
│ sys-b             │ 27.4 (27.4 ± 0.6)  │
│                   │ (p = 0.0010)*      │
╘═══════════════════╧════════════════════╛
"""
    metrics = {m.name: m.value for m in extract_metrics(text)}
    # Then the score is the first number of each cell; p-values are not scores
    assert metrics == {"Baseline: sys-a/BLEU (μ ± 95% CI)": 26.6, "sys-b/BLEU (μ ± 95% CI)": 27.4}
