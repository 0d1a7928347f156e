"""Claim-check and vocabulary rules that hold across families (`claims.py`, `vocabulary.py`)."""

from __future__ import annotations

from chalicelib.domain.metrics.vocabulary import same_metric, sense_of
from tests.unit.metrics._helpers import confirms

# RAD's eval log (MishaLaskin/rad#15): a mean and a best statistic of the same reward.
RAD = """\
{"episode": 1320.0, "episode_reward": 739.58, "mean_episode_reward": 739.58, "best_episode_reward": 774.73, "step": 330000}
"""  # noqa: E501


def test_mean_and_best_are_different_statistics() -> None:
    # A claimed mean reward is not confirmed by the best episode's, nor a best by a mean
    assert confirms(RAD, "Mean Episode Reward", 739.58)
    assert not confirms(RAD, "Mean Episode Reward", 774.73)
    assert not confirms("best_reward: 1.5\nmean_reward: 1.2\n", "Best reward", 1.2)
    # A claim that names neither may be either
    assert confirms(RAD, "Episode Reward", 739.58)
    assert not same_metric("mean reward", "best reward")


GSM8K = """\
|Tasks|Version|     Filter     |n-shot|  Metric   |   |Value |   |Stderr|
|-----|------:|----------------|-----:|-----------|---|-----:|---|-----:|
|gsm8k|      3|flexible-extract|     5|exact_match|↑  |0.7847|±  |0.0113|
|     |       |strict-match    |     5|exact_match|↑  |0.2017|±  |0.0111|
"""


def test_a_benchmark_claim_that_names_a_filter_takes_that_filter() -> None:
    # lm-eval's filters are qualifiers: "GSM8K strict-match" is the strict-match row
    assert confirms(GSM8K, "GSM8K strict-match", 20.17)
    assert not confirms(GSM8K, "GSM8K strict-match", 0.7847)
    assert confirms(GSM8K, "GSM8K flexible-extract", 0.7847)
    # an unqualified benchmark claim may be either filter
    assert confirms(GSM8K, "GSM8K", 0.2017)
    assert sense_of("exact_match,strict-match").qualifiers == {"strict"}


IFEVAL = """\
dataset    version    metric                        mode      internlm2-chat-7b-hf
---------  ---------  ----------------------------  ------  ----------------------
IFEval     3321a3     Prompt-level-strict-accuracy  gen                      38.26
IFEval     3321a3     Inst-level-strict-accuracy    gen                      49.16
IFEval     3321a3     Prompt-level-loose-accuracy   gen                      42.51
"""


def test_ifeval_levels_and_strictness_are_qualifiers() -> None:
    assert confirms(IFEVAL, "IFEval Prompt-level strict accuracy", 38.26)
    assert not confirms(IFEVAL, "IFEval Inst-level strict accuracy", 38.26)
    assert not confirms(IFEVAL, "IFEval Prompt-level loose accuracy", 38.26)
    assert not same_metric("prompt_level_strict_acc", "inst_level_strict_acc")


def test_a_dataset_field_that_names_a_split_is_the_claims_split() -> None:
    # icefall's save_results blocks: "For dev, ..." and "For test, ..."
    log = (
        "For dev, WER of different settings are:\ngreedy_search\t20.06\tbest for dev\n\n"
        "For test, WER of different settings are:\ngreedy_search\t19.27\tbest for test\n"
    )
    assert confirms(log, "WER", 20.06, dataset="dev")
    assert confirms(log, "WER", 19.27, dataset="test")
    assert not confirms(log, "WER", 20.06, dataset="test")


MMMU = """\
|             Groups             |Version|Filter|n-shot|Metric|   |Value |   |Stderr|
|--------------------------------|------:|------|------|------|---|-----:|---|-----:|
|mmmu_val                        |      0|none  |      |acc   |↑  |0.3778|±  |0.0155|
| - Art and Design               |      0|none  |      |acc   |↑  |0.5500|±  |0.0415|
"""


def test_a_benchmark_the_vocabulary_does_not_know_is_its_row() -> None:
    # "MMMU" names the mmmu row (its score), never another row nor a standard error
    assert confirms(MMMU, "MMMU", 37.78)
    assert not confirms(MMMU, "MMMU", 0.55)
    assert not confirms(MMMU, "MMMU", 0.0155)
    # a loss is never a benchmark's headline
    table = "| Task | Metric | Value |\n|---|---|---|\n| foo | loss | 1.2 |\n"
    assert not confirms(table, "foo", 1.2)
