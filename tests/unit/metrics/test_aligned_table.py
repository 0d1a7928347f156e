"""Whitespace-aligned tables (readers/aligned_table.py): TrackEval, py-motmetrics, the
MOTChallenge devkit, ParlAI's reports. Excerpts in the shapes those tools print."""

from __future__ import annotations

from chalicelib.domain.metrics import extract_metrics
from tests.unit.metrics._helpers import confirms, found

TRACKEVAL = (
    "HOTA: -pedestrian                  HOTA      DetA      AssA      HOTA(0)\n"
    "MOT17-02-FRCNN                     23.093    8.3317    64.504    27.696\n"
    "COMBINED                           21.684    6.2585    76.638    24.584\n"
)


def test_trackeval_rows_are_named_by_sequence_and_combined_is_the_result() -> None:
    metrics = found(TRACKEVAL)
    assert metrics["HOTA"] == 21.684 and metrics["MOT17-02-FRCNN/HOTA"] == 23.093
    assert confirms(TRACKEVAL, "HOTA", 21.68)
    assert confirms(TRACKEVAL, "HOTA", 23.093, dataset="MOT17-02-FRCNN")
    assert confirms(TRACKEVAL, "AssA", 0.766)  # a fraction of the printed percentage


def test_a_number_glued_to_a_metric_name_makes_another_metric() -> None:
    assert not confirms(TRACKEVAL, "HOTA", 24.584)  # HOTA(0), not HOTA
    assert confirms(TRACKEVAL, "HOTA(0)", 24.584)


def test_motmetrics_percentages_and_counts() -> None:
    text = (
        "           IDF1   IDP    IDR   Rcll  Prcn GT MT PT ML   FP FN IDs  FM  MOTA  MOTP\n"
        "OVERALL   86.2% 75.8% 100.0% 100.0% 75.8% 74 74  0  0 6349  0   0   0 68.0% 0.000\n"
    )
    assert confirms(text, "MOTA", 0.68) and confirms(text, "IDF1", 86.2)
    assert not confirms(text, "MOTA", 74)  # GT, a count
    assert "FP" not in found(text) and "GT" not in found(text)


def test_devkit_groups_separated_by_bars() -> None:
    text = (
        " IDF1  IDP  IDR| Rcll  Prcn   FAR|   GT  MT   PT   ML|    FP    FN   IDs    FM|  MOTA\n"
        " 34.7 56.7 25.0| 45.0  90.9  0.37|  125  16   68   41|   307  3747    75   140|  39.4\n"
    )
    assert confirms(text, "MOTA", 39.4) and confirms(text, "IDF1", 34.7)


def test_parlai_partial_reports_are_not_results_and_the_finished_one_names_its_split() -> None:
    text = (
        "14:59:43 INFO | 8.6% complete (487 / 5,651), 0:02:52 elapsed, 0:30:29 eta\n"
        "    accuracy  exs    f1  gpu_mem  loss   ppl  token_acc   tpb\n"
        "           0  487 .1815   .01175 2.619 13.72      .4340 18.25\n"
        "15:12:58 INFO | Finished evaluating tasks ['blended_skill_talk'] using datatype valid\n"
        "    exs  gpu_mem  loss   ppl  token_acc   tpb\n"
        "   5651    .1766 2.549 12.79      .4410 19.18\n"
    )
    assert not confirms(text, "Perplexity", 13.72) and not confirms(text, "F1", 0.1815)
    assert confirms(text, "Validation Perplexity", 12.79)
    assert not confirms(text, "Test Perplexity", 12.79)


def test_prose_and_lone_rows_make_no_table() -> None:
    assert extract_metrics("We report accuracy and F1 below\n  1.0  2.0\n") == []


def test_latex_rows_under_a_header_of_names() -> None:
    # Monodepth2-style depth evaluation: a header of names, then one LaTeX row of numbers
    text = (
        "   abs_rel |   sq_rel |     rmse | rmse_log |       a1 |       a2 |       a3 | \n"
        "&   0.123  &   0.901  &   5.012  &   0.201  &   0.861  &   0.955  &   0.981  \\\\\n"
    )
    assert confirms(text, "Abs Rel", 0.123) and confirms(text, "RMSE", 5.012)
    assert confirms(text, "delta < 1.25", 86.1)
    assert not confirms(text, "RMSE", 0.201)  # RMSE log, another column


def test_latex_row_with_glued_cells_under_a_quoted_header() -> None:
    text = (
        "> abs_rel| sq_rel| rmse| rmse_log| a1| a2| a3| \n"
        "&0.088 &0.612 &4.101 &0.166 &0.912 &0.970 &0.986 \\\\\n"
    )
    assert confirms(text, "Abs Rel", 0.088) and confirms(text, "delta < 1.25", 0.912)


def test_a_logger_prefix_before_a_row_is_no_row_label() -> None:
    text = (
        "2024-01-02 10:11:12 INFO: HOTA\tDetA\tAssA\n"
        "2024-01-02 10:11:12 INFO: 51.20\t48.70\t54.10\n"
    )
    metrics = found(text)
    assert metrics["HOTA"] == 51.2 and metrics["AssA"] == 54.1
    assert confirms(text, "HOTA", 51.2)


def test_trackeval_identity_table_is_read() -> None:
    text = (
        "Identity: demo-pedestrian          IDF1      IDR       IDP       IDTP      IDFN\n"
        "COMBINED                           61.25     55.1      69.0      1200      980\n"
    )
    assert confirms(text, "IDF1", 61.25)
    assert not confirms(text, "IDF1", 55.1)


def test_rows_named_by_a_metric_under_columns_of_its_measures() -> None:
    # ROUGE-1.5.5 / ROUGE 2.0 summaries: a row per ROUGE variant, a column per measure
    text = (
        "            Avg_Recall   Avg_Precision   Avg_F-Score\n"
        "ROUGE-1     0.452        0.371           0.408\n"
        "ROUGE-2     0.201        0.166           0.182\n"
    )
    assert confirms(text, "ROUGE-1", 0.408) and confirms(text, "ROUGE-2", 18.2)
    assert confirms(text, "ROUGE-1 Recall", 0.452)
    assert not confirms(text, "ROUGE-1", 0.452) and not confirms(text, "ROUGE-2", 0.201)


def test_repeated_columns_under_a_line_of_group_names_are_each_groups() -> None:
    text = (
        "                          DPR-multi          ANCE          my model (v2)\n"
        "                       MRR@10  R@1000   MRR@10  R@1000   MRR@10  R@1000\n"
        "                       --------------   --------------   --------------\n"
        "dl19                    0.512   0.803    0.644   0.755    0.701   0.842\n"
        "dl20                    0.498   0.776    0.646   0.776    0.689   0.859\n"
    )
    assert confirms(text, "MRR@10", 0.701, dataset="dl19")
    assert confirms(text, "Recall@1000", 0.776, dataset="dl20")
    assert not confirms(text, "MRR@10", 0.644, dataset="dl20")
    assert not confirms(text, "MRR@10", 0.803, dataset="dl19")
    assert found(text)["dl19/my model (v2)/R@1000"] == 0.842
