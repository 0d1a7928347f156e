"""Claim-check and vocabulary rules that hold across families (`claims.py`, `vocabulary.py`)."""

from __future__ import annotations

from chalicelib.domain.metrics.sense_compare import same_metric
from chalicelib.domain.metrics.vocabulary import sense_of
from tests.unit.metrics._helpers import confirms, found

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


# facebookresearch/fairseq examples/backtranslation/README.md: tokenized BLEU, then sacrebleu.
TWO_SCORERS = """\
# BLEU4 = 29.57, 60.9/35.4/22.9/15.5 (BP=1.000, ratio=1.014, syslen=63049, reflen=62152)
# BLEU+case.mixed+lang.en-de+numrefs.1+smooth.exp+test.wmt17+tok.13a+version.1.4.3 = 29.0 60.6/34.7/22.4/14.9 (BP = 1.000 ratio = 1.013 hyp_len = 62099 ref_len = 61287)
"""  # noqa: E501


def test_a_sacrebleu_claim_is_the_score_sacrebleu_signed() -> None:
    assert confirms(TWO_SCORERS, "SacreBLEU", 29.0)
    assert not confirms(TWO_SCORERS, "SacreBLEU", 29.57)
    assert confirms(TWO_SCORERS, "BLEU", 29.57)
    # with no signed score in the log, any BLEU stands
    assert confirms("BLEU4 = 29.57, 60.9/35.4/22.9/15.5\n", "SacreBLEU", 29.57)


def test_shot_counts_tell_benchmark_rows_apart() -> None:
    # open-compass/opencompass#1223: a CSV summary, one row pasted in bold
    log = (
        "dataset,version,metric,mode,llama-3-8b-hf\n"
        "triviaqa_wiki_1shot,eaf81e,score,gen,63.31\n"
        "**triviaqa_wiki_5shot,e0f87f,score,gen,54.61**\n"
        "triviaqa_wiki_25shot,c60113,score,gen,57.75\n"
    )
    assert confirms(log, "TriviaQA 5-shot", 54.61)
    assert not confirms(log, "TriviaQA 5-shot", 57.75)
    assert sense_of("MMLU 5-shot").qualifiers == {"5shot"}
    assert same_metric("MMLU 5-shot", "MMLU accuracy")
    assert not same_metric("MMLU 5-shot", "MMLU 0-shot")


def test_a_dataset_inside_class_names_keeps_the_unscoped_averages() -> None:
    # hil-se/fds#43: per-class dicts of the Iris data set, then the averages
    log = (
        "{'Iris-setosa': {'f1': 1.0}, 'Iris-virginica': {'f1': 0.9302325581395349}}\n"
        "Average F1 scores:\n{'macro': 0.9562045824755032, 'micro': 0.9555555555555556}\n"
    )
    assert confirms(log, "Macro F1", 0.9562, dataset="Iris")
    assert not confirms(log, "Micro F1", 0.9562, dataset="Iris")
    assert not confirms(log, "F1 (Iris-setosa)", 0.9302, dataset="Iris")


def test_reported_numbers_and_document_references_are_not_results() -> None:
    # EleutherAI/lm-evaluation-harness mmmu README and #372
    assert found("Author-reported score: 41.1%\n") == {}
    assert found("In the paper, in Table 2, I noticed a gap\n") == {}
    assert found("EarlyStopping counter: 3 out of 3\n") == {}
