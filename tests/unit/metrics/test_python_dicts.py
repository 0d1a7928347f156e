"""Python-repr dicts whose values were formatted into strings before printing."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_a_dict_of_formatted_decimal_strings_is_read_like_numbers() -> None:
    # Given evaluation results printed as {name: f"{value:.4f}"} (PaddleSeg's evaluate
    # returns miou, acc, class_iou, ..., kappa; a script formats them for display)
    text = (
        "{'Images': '500', 'mIoU': '0.7342', 'Acc': '0.9511', 'Kappa': '0.8810', "
        "'Dice': '0.8420', 'Class IoU': '[0.9601 0.5083]', 'percent': '97.5%'}\n"
    )
    metrics = found(text)
    # Then the decimal strings are the metrics, the image count and the array are not
    assert metrics["mIoU"] == 0.7342
    assert metrics["Dice"] == 0.8420
    assert "Images" not in metrics
    assert "Class IoU" not in metrics
    assert confirms(text, "mIoU", 73.42)
    assert confirms(text, "Kappa", 0.881)
    assert not confirms(text, "mIoU", 0.5083)


def test_a_metric_keying_labels_names_each_labels_metric() -> None:
    # Given per-label scores printed as {metric: {label: value}}
    text = "{'roc_auc': {'spam': 0.9412, 'ham': 0.8875, 'other': nan}}\n"
    assert found(text) == {"spam/roc_auc": 0.9412, "ham/roc_auc": 0.8875}
    assert confirms(text, "ROC AUC", 0.8875, dataset="ham")
    assert not confirms(text, "ROC AUC", 0.9412, dataset="ham")


def test_a_task_name_leading_a_dict_scopes_its_values() -> None:
    # Given per-task result dicts printed as "<task>: {...}"
    text = (
        "arc_easy: {'acc,none': 0.7812, 'acc_stderr,none': 0.0085}\nboolq: {'acc,none': 0.8345}\n"
    )
    # Then each value is its task's row: a claim named by the benchmark finds it
    assert found(text)["arc_easy/acc,none"] == 0.7812
    assert confirms(text, "BoolQ", 83.45) and not confirms(text, "BoolQ", 78.12)
    # while a split label is no task
    assert "eval_f1" in found("eval: {'eval_f1': 0.91}\n")


def test_unnamed_records_in_a_list_beside_the_total_are_not_results() -> None:
    # a Python repr (not JSON): the per-fold records of a list, then the mean
    line = (
        "{'task': 'topic', 'scores': {'folds': [{'acc': 0.7712, 'f1': 0.6604}, "
        "{'acc': 0.7958, 'f1': 0.6871}, {'acc': 0.7803, 'f1': 0.6655}], "
        "'mean': {'test_acc': 78.243, 'test_f1': 67.1}}, 'seed': 4}\n"
    )
    assert confirms(line, "Accuracy", 78.24)
    assert confirms(line, "F1", 0.671)
    assert not confirms(line, "F1", 0.6604)  # the first record's, not the mean
    assert not confirms(line, "Accuracy", 0.7958)


def test_named_records_in_a_list_keep_their_values() -> None:
    line = "{'rows': [{'name': 'alpha', 'acc': 0.81}, {'name': 'beta', 'bleu': 27.7}]}\n"
    assert confirms(line, "acc", 0.81)
    assert confirms(line, "BLEU", 27.7)
