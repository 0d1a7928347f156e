"""JSON and Python-dict results (readers/json_results.py, readers/python_dicts.py): print()
of nested dicts and json.dumps(indent=...) output."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics
from tests.unit.metrics._helpers import confirms


def test_nested_python_dict_names_values_by_key_path() -> None:
    # Given a per-class dict printed with print()
    text = (
        "{'Iris-setosa': {'prec': 1.0, 'f1': 1.0}, 'Iris-virginica': {'prec': 0.97, 'f1': 0.93}}\n"
    )
    # When it is read
    values = {m.name: m.value for m in extract_metrics(text)}
    # Then each value is named by its class and key
    assert values == {
        "Iris-setosa/prec": 1.0,
        "Iris-setosa/f1": 1.0,
        "Iris-virginica/prec": 0.97,
        "Iris-virginica/f1": 0.93,
    }


def test_averages_dict_under_a_title_line() -> None:
    # Given a title line and a dict of averages
    text = "Average F1 scores:\n{'macro': 0.9562, 'micro': 0.9556, 'weighted': 0.9562}\n"
    # When it is read
    metrics = extract_metrics(text)
    # Then each average is an F1 of its kind
    assert check_claimed_metric(metrics, "Macro F1", 0.9562).ok
    assert check_claimed_metric(metrics, "Micro F1", 0.9556).ok
    assert not check_claimed_metric(metrics, "Micro F1", 0.9562).ok


def test_markdown_emphasis_inside_pretty_json() -> None:
    # Given pretty-printed JSON where one line is wrapped in markdown emphasis
    text = '{\n  "ndcg@10": 0.1,\n  *"mrr@10": 0.56,*\n  "map@100": 0.18\n}\n'
    # When it is read
    values = {m.name: m.value for m in extract_metrics(text)}
    # Then the emphasised value is read and the block goes on after it
    assert values == {"ndcg@10": 0.1, "mrr@10": 0.56, "map@100": 0.18}


def test_a_python_dict_value_has_the_precision_of_its_rounded_siblings() -> None:
    # Given an mmdetection-style results dict: values rounded to three decimals, whose repr drops
    # a trailing zero ('bbox_mAP_50': 0.62 is 0.620)
    log = "{'bbox_mAP': 0.415, 'bbox_mAP_50': 0.62, 'segm_mAP': 0.388, 'segm_mAP_50': 0.597}\n"
    # Then 0.62 stands for 0.620, not for any claim that rounds to 0.62
    assert confirms(log, "box AP50", 0.62)
    assert confirms(log, "box AP50", 62.0)
    assert not confirms(log, "box AP50", 0.617)
