# ruff: noqa: E501
# The log excerpts below are as long as the tools print them.
"""fairseq logs, built from fairseq/logging/progress_bar.py (SimpleProgressBar.log `"{}:  {:5d} /
{:d} {}"`, .print `"{} | {}"` with `" | ".join(key + " " + value)`, JsonProgressBar.print
`json.dumps` of `tag + "_" + key` with string values), fairseq_cli/train.py (prefix `epoch
{:03d}`, `valid on '{subset}' subset`) and fairseq_cli/generate.py (`Generate {} with beam={}:
{}`)."""

from __future__ import annotations

from chalicelib.domain.metrics import check_claimed_metric, extract_metrics

LOG = """\
2021-03-01 10:00:00 | INFO | train_inner | epoch 003:    100 / 1102 loss=4.91, nll_loss=3.4, ppl=10.56, wps=20411.3, ups=5.01, wpb=4073.2, bsz=139.1, num_updates=2300, lr=0.0005, gnorm=0.712, train_wall=19, wall=470
2021-03-01 10:03:00 | INFO | valid | epoch 003 | valid on 'valid' subset | loss 4.52 | nll_loss 2.95 | ppl 7.73 | bleu 28.41 | wps 49876.2 | wpb 3125.4 | bsz 114.1 | num_updates 3306 | best_bleu 28.41
2021-03-01 10:03:10 | INFO | train | epoch 003 | loss 4.86 | nll_loss 3.35 | ppl 10.2 | wps 20290.1 | ups 4.98 | wpb 4074.6 | bsz 139.4 | num_updates 3306 | lr 0.0005 | gnorm 0.7 | train_wall 213 | gb_free 10.1 | wall 680
2021-03-01 11:00:00 | INFO | fairseq_cli.generate | Translated 6,750 sentences (137,891 tokens) in 21.3s (316.83 sentences/s, 6472.51 tokens/s)
2021-03-01 11:00:00 | INFO | fairseq_cli.generate | Generate test with beam=5: BLEU4 = 34.59, 67.8/42.6/28.7/19.8 (BP=0.971, ratio=0.971, syslen=127014, reflen=130768)
"""


def test_stats_are_named_by_split_and_meters_skipped() -> None:
    # Given a logging-format run: a progress line, a valid line, a train line and generate
    metrics = {m.name: m.value for m in extract_metrics(LOG)}
    # Then validation and training values are told apart; meters and speed are skipped
    assert metrics == {
        "valid_loss": 4.52,
        "valid_nll_loss": 2.95,
        "valid_ppl": 7.73,
        "valid_bleu": 28.41,
        "valid_best_bleu": 28.41,
        "train_loss": 4.86,
        "train_nll_loss": 3.35,
        "train_ppl": 10.2,
        "BLEU4": 34.59,
    }


def test_claims_by_split() -> None:
    metrics = extract_metrics(LOG)
    # Then the generate score is the test BLEU and the valid line the validation values
    assert check_claimed_metric(metrics, "Test BLEU", 34.59).ok
    assert check_claimed_metric(metrics, "Validation perplexity", 7.73).ok
    assert not check_claimed_metric(metrics, "Validation perplexity", 10.2).ok
    assert not check_claimed_metric(metrics, "BLEU", 67.8).ok  # a precision
    assert not check_claimed_metric(metrics, "Loss", 4.91).ok  # a progress line


def test_json_progress_bar_and_later_epochs_supersede() -> None:
    # Given the JSON log format over two epochs
    text = """\
2021-03-01 10:03:00 | INFO | valid | {"epoch": 1, "valid_loss": "5.93", "valid_ppl": "30.6", "valid_wps": "50021", "valid_num_updates": "1102"}
2021-03-01 10:09:00 | INFO | valid | {"epoch": 2, "valid_loss": "5.01", "valid_ppl": "16.1", "valid_wps": "50111", "valid_num_updates": "2204"}
"""
    metrics = {m.name: m.value for m in extract_metrics(text)}
    # Then the string values are read and the last epoch's stand
    assert metrics == {"valid_loss": 5.01, "valid_ppl": 16.1}


def test_hydra_prefix_and_fairseq_validate() -> None:
    # Given a hydra-train log line and fairseq-validate's line without an epoch
    text = """\
[2021-03-01 10:03:00,000][valid][INFO] - epoch 003 | valid on 'valid' subset | loss 4.52 | ppl 7.73 | wps 49876.2 | num_updates 3306
2021-03-01 12:00:00 | INFO | valid | | valid on 'test' subset | loss 3.96 | nll_loss 2.34 | ppl 5.06 | wps 0 | wpb 1500 | bsz 50
"""
    metrics = {m.name: m.value for m in extract_metrics(text)}
    assert metrics == {
        "valid_loss": 4.52,
        "valid_ppl": 7.73,
        "test_loss": 3.96,
        "test_nll_loss": 2.34,
        "test_ppl": 5.06,
    }
