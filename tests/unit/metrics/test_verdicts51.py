"""General shapes read by verdicts51 (the defects behind fresh44's wrong confirmations; each test
is written on a crafted text of the shape, not on the corpus case).

1. verl's validation keys `val-core/<data_source>/acc/mean@1` and `val-aux/<data_source>/reward/
   mean@1` (volcengine/verl `metric_utils.process_validation_metrics`): the variable is what was
   measured; a reward or a score never answers an accuracy claim, and a path that names what it
   measured is no bare split name standing for the run's score. Real shapes:
   https://github.com/verl-project/verl/issues/2060 (step:0 line), and
   https://github.com/verl-project/verl/issues/3798 (val-core scores on aime_2024/aime_2025).
2. A line that is only a split's name ("Val", "Test") above that split's `name : value` block:
   a section title like a heading. Real shapes: https://github.com/Junsu-Cho/TimelyRec/issues/1
   ("Val" / "HR@10  : 0.5266" then "Test" / "HR@10  : 0.4861"); MatchZoo's `[Eval:valid]` /
   `[Eval:test]` blocks (https://github.com/NTMC-Community/MatchZoo/issues/99) split the same way.
3. A program's banner closed by hashes naming one task ("##### gaokao:2010-2022_Math_II_MCQs
   #####") above its block: the block is that task's. Real shapes:
   https://github.com/RUCAIBox/LLMBox/pull/163 (per-subset "Scoring rate" lines); the same
   banner with a split ("##### Epoch (VAL)2 #####") is read as a split already.
4. A lower-case task name of three parts alone on a line ("gaokao_math_cloze"), a blank line,
   then its result JSON: the JSON is that task's. Real shapes:
   https://github.com/QwenLM/Qwen2.5-Math/issues/35, and the per-data-set metrics JSON of
   https://github.com/ZubinGou/math-evaluation-harness/issues/9 (the harness it derives from).
5. A claim that rounds the claimed metric by one digit (F1 41.53 -> 41.5) while another metric
   prints exactly it with a trailing zero (EM 41.50): the claim is that metric's print (a float
   cannot keep the zero). Real shapes: https://github.com/NovaSearch-Team/RAG-Retrieval/pull/18
   (NQ EM/F1 table), FlashRAG's README method table (EM/F1 columns at two decimals,
   https://github.com/RUC-NLPIR/FlashRAG).
6. A value named as what the writer could not reproduce or hopes to get close to ("I can't
   reproduce the mAP=46.3%", "get close to mAP=46.3%"): the target, not the run's. Real shapes:
   https://github.com/THU-MIG/yolov10/issues/407, https://github.com/ijkguo/mx-rcnn/issues/72
   ("cannot reproduce faster rcnn mAP ... not like 70.23"),
   https://github.com/YuwenXiong/py-R-FCN/issues/48.
"""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms

VERL = (
    "step:0 - val-aux/math_dapo/reward/mean@1:0.412 - val-aux/math_dapo/score/mean@1:0.412"
    " - val-core/math_dapo/acc/mean@1:0.377\n"
)


def test_verl_reward_mean_never_answers_an_accuracy_claim() -> None:
    # Given verl's step-0 validation line (reward and score beside the accuracy)
    # Then the accuracy is val-core's acc, never the reward's or the score's mean
    assert confirms(VERL, "MATH accuracy", 0.377)
    assert confirms(VERL, "Validation accuracy", 37.7)
    assert not confirms(VERL, "MATH accuracy", 0.412)
    assert not confirms(VERL, "Accuracy", 0.412)
    assert confirms(VERL, "reward", 0.412)


def test_a_lone_split_word_titles_the_block_below() -> None:
    # Given a block under "Val" and another under "Test"
    text = (
        "results of val and test are as follows\n\nVal\nHR@10  : 0.6123\nNDCG@10: 0.4012\n\n"
        "Test\nHR@10  : 0.5871\nNDCG@10: 0.3804\n"
    )
    # Then the validation values answer no test (or unsplit) claim
    assert not confirms(text, "Test HR@10", 0.6123)
    assert not confirms(text, "NDCG@10", 0.4012)
    assert confirms(text, "NDCG@10", 0.3804)
    assert confirms(text, "Validation HR@10", 0.6123)


def test_a_closed_hash_banner_names_its_task() -> None:
    # Given per-subset banners closed by hashes
    text = (
        "##### ceval:high_school_physics_II #####\nScoring rate: 61.20\n"
        "##### ceval:high_school_physics_I #####\nScoring rate: 48.75\n"
    )
    # Then a claim on one subset is not answered by its sibling's rate
    assert not confirms(text, "Scoring rate", 61.2, "high_school_physics_I")
    assert confirms(text, "Scoring rate", 48.75, "high_school_physics_I")


def test_a_lone_task_name_scopes_the_json_after_a_blank_line() -> None:
    # Given a task name, a blank line and its metrics JSON, twice
    text = (
        'minerva_math_algebra\n\n{\n    "num_samples": 50,\n    "acc": 71.4\n}\n\n'
        'minerva_math_geometry\n\n{\n    "num_samples": 50,\n    "acc": 44.2\n}\n'
    )
    # Then one task's accuracy answers no claim on the other
    assert not confirms(text, "Accuracy", 44.2, "minerva_math_algebra")
    assert confirms(text, "Accuracy", 71.4, "minerva_math_algebra")


def test_a_claim_dropping_another_metrics_trailing_zero_is_that_metric() -> None:
    # Given an EM/F1 table where one row's EM is 38.70 and another's F1 38.74
    text = (
        "| Method | NQ EM | NQ F1 |\n|---|---|---|\n| Standard RAG | 38.70 | 46.12 |\n"
        "| IRCoT | 33.05 | 38.74 |\n"
    )
    # Then "F1 38.7" is the EM's 38.70, not F1 38.74 rounded
    assert not confirms(text, "F1", 38.7, "NQ")
    assert confirms(text, "F1", 38.74, "NQ")
    assert confirms(text, "EM", 38.7, "NQ")


def test_a_value_the_writer_could_not_reproduce_is_the_target() -> None:
    # Given prose naming the target mAP the writer could not reach, then the run's
    text = (
        "I trained yolov8s on coco, but I can't reproduce the mAP=44.9%.\n"
        "It should get close to mAP=44.9% after more epochs.\n"
        "This command got mAP=43.8%\n"
    )
    # Then the target is no value of the run
    assert not confirms(text, "mAP", 44.9)
    assert confirms(text, "mAP", 43.8)
