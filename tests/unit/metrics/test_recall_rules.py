"""Rules of the verdicts28 round: shapes real reports share where the extractor found nothing
(contracted and joined first-person verbs, `N as <metric>`, stated results, per-sequence ATE
lines, paper-vs-mine tables whose metric is implicit), each with the trap beside it."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_contracted_first_person_subject_reports_a_result() -> None:
    text = "After the full schedule I'm getting only 66.3% top-1 accuracy vs. 70.1% in the paper.\n"
    assert confirms(text, "Top-1 Accuracy", 66.3)
    assert not confirms(text, "Top-1 Accuracy", 70.1)
    assert confirms("We've got 0.284 mAP with the small config.\n", "mAP", 0.284)


def test_a_verb_joined_to_the_writers_clause_reports_the_writers_result() -> None:
    text = "I trained the model 5 times with seed 1-5 and got average test accuracy 0.7312.\n"
    assert confirms(text, "Test Accuracy", 0.7312)
    text = (
        "I ran the eval script on the checkpoint but was only able to get a BLEU score of 24.1.\n"
    )
    assert confirms(text, "BLEU", 24.1)
    text = "I rebuilt the features from scratch; got CER 5.17% on the dev set, no better.\n"
    assert confirms(text, "Dev CER", 5.17)
    # another subject in between: the value is theirs
    text = "I read the thread where they trained it and got mAP 0.41 with tricks.\n"
    assert not confirms(text, "mAP", 0.41)


def test_a_difference_is_no_result_and_an_early_stage_is_not_the_final_one() -> None:
    text = "I am getting a difference of around 3% mAP to the table.\n"
    assert not confirms(text, "mAP", 3)
    text = "For the first stage, I get 88.1% top1 accuracy, which drops later.\n"
    assert not confirms(text, "Final Top-1 Accuracy", 88.1)


def test_a_value_named_as_a_metric() -> None:
    text = "Now we are getting 3.07 as EER for the 50th checkpoint.\n"
    assert confirms(text, "EER", 3.07)
    assert not confirms(text, "EER", 50)


def test_a_result_stated_without_a_first_person_verb() -> None:
    text = "After 2 epochs the computed CER on dev-other is about 17.5%.\n"
    assert confirms(text, "CER", 17.5, "LibriSpeech dev-other")
    assert not confirms(text, "CER", 17.5, "LibriSpeech test-other")
    text = "The evaluation shows that the rmse is 0.913 and mae is 0.702.\n"
    assert confirms(text, "RMSE", 0.913)
    assert confirms(text, "MAE", 0.702)
    assert not confirms(text, "MAE", 0.913)
    text = "Sadly the top-1 accuracy on CIFAR-100 is only 74.2% instead of the reported 77.9%.\n"
    assert confirms(text, "Top-1 Accuracy", 74.2, "CIFAR-100")
    assert not confirms(text, "Top-1 Accuracy", 77.9, "CIFAR-100")


def test_a_stated_value_that_is_someone_elses_or_introduces_a_block_is_not_read() -> None:
    assert not confirms("In the paper, the mAP is 0.412.\n", "mAP", 0.412)
    assert not confirms("The BLEU is 27.3 as reported in the paper.\n", "BLEU", 27.3)
    assert not confirms("You said that the test F1 is 81.2 on the hidden set.\n", "Test F1", 81.2)
    assert not confirms("I expect the wer is around 6%.\n", "WER", 6)
    assert not confirms(
        "However, the test accuracy is only 0.61, as shown below:\n", "Accuracy", 0.61
    )
    assert not confirms("The top five accuracy is 70.2%.\n", "Top-1 Accuracy", 70.2)
