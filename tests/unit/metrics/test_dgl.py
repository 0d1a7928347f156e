"""DGL example outputs and README summaries (readers/dgl.py): examples/pytorch/gcn README
`* cora: ~0.810 (paper: 0.815)`, examples/pytorch/sign `Test accuracy: mean .., std ..`."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics


def test_readme_summary_keeps_the_run_not_the_paper() -> None:
    # Given a README summary with the paper's numbers beside the example's
    text = "Summary\n-------\n* cora: ~0.810 (paper: 0.815)\n* citeseer: ~0.707 (paper: 0.703)\n"
    # When it is read
    metrics = extract_metrics(text)
    # Then each dataset's accuracy is the example's; the paper's number is not a result
    assert {m.name: m.value for m in metrics} == {"cora/accuracy": 0.81, "citeseer/accuracy": 0.707}
    assert check_claimed_metric(metrics, "Test Accuracy", 81.0, "Cora").ok
    assert not check_claimed_metric(metrics, "Test Accuracy", 0.815, "Cora").ok
    assert not check_claimed_metric(metrics, "Test Accuracy", 0.707, "Cora").ok


def test_mean_std_results_take_their_readme_section() -> None:
    # Given two README sections, each with its mean/std result line
    text = (
        "### [Ogbn-products](https://ogb.stanford.edu/) (Amazon)\n\n"
        "Test accuracy: mean 0.78672, std 0.00059\n\n"
        "### Reddit\n\nTest accuracy: mean 0.96326, std 0.00010\n"
    )
    # When it is read
    metrics = extract_metrics(text)
    # Then the mean is named after its section and the std is dropped
    assert {m.name: m.value for m in metrics} == {
        "Ogbn-products/Test accuracy": 0.78672,
        "Reddit/Test accuracy": 0.96326,
    }
    assert not check_claimed_metric(metrics, "Test Accuracy", 0.96326, "ogbn-products").ok


def test_integer_tensors_are_counts() -> None:
    # Given a dict of node counts printed by hetero_rgcn
    text = "node_num: {'author': tensor(1134649), 'institution': tensor(8740)}\n"
    # When it is read, then nothing is a metric
    assert extract_metrics(text) == []
