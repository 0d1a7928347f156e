"""Reading rules found on the fresh34 blind set (verdicts38): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_a_claim_that_rounds_to_the_value_but_copies_another_number_on_its_line() -> None:
    # Given a sentence giving the run's coarse value beside a source's precise one
    log = "We trained the model and got a Hits@1 of 0.3. The original work only reports 0.274.\n"
    # Then a claim of the source's number is not the run's value it rounds to
    assert confirms(log, "Hits@1", 0.3)
    assert not confirms(log, "Hits@1", 0.274)


def test_a_fraction_claim_that_is_the_spread_printed_beside_the_value() -> None:
    # Given a mean over runs with its standard deviation
    log = "Over 20 seeds, the accuracy is about 64.38 +- 0.64 with the default settings.\n"
    # Then the spread is no fraction of the mean, while the mean's own fraction is
    assert not confirms(log, "Accuracy", 0.64)
    assert confirms(log, "Accuracy", 0.6438)
    assert confirms(log, "Accuracy", 64.38)


def test_a_clause_with_another_subject_ends_the_writers_values() -> None:
    # Given the writer's value, then a new clause about a value hard to reach
    log = "I only get 41.2 mAP, it is hard to reach 43.0 mAP with these settings.\n"
    # Then the value out of reach is not the run's
    assert confirms(log, "mAP", 41.2)
    assert not confirms(log, "mAP", 43.0)


def test_a_rule_of_hashes_in_a_quoted_block_does_not_end_the_quote() -> None:
    # Given the writer's score, then a maintainer's expected output framed by rules of hashes
    log = (
        "My run gives nDCG@10 = 41.07.\n"
        "That is off; the expected score is:\n"
        "\n"
        "```\n"
        "###########\n"
        "nDCG@10: 0.4388\n"
        "###########\n"
        "```\n"
    )
    # Then the expected score is quoted, not the run's
    assert confirms(log, "nDCG@10", 41.07)
    assert not confirms(log, "nDCG@10", 0.4388)


def test_a_qualifier_before_an_equals_sign_stays_with_the_name() -> None:
    # Given joint EM/F1 written as spaced `name = value` pairs
    log = "Evaluation finished (Joint EM = 35.21, Joint F1 = 60.90).\n"
    # Then they are the joint scores: never the plain (answer) ones
    assert confirms(log, "Joint F1", 60.9)
    assert not confirms(log, "F1", 60.9)
    assert not confirms(log, "EM", 35.21)


def test_a_joint_claim_is_not_an_answer_value() -> None:
    # Given answer EM/F1 written as spaced `name = value` pairs
    log = "Evaluation finished (Ans EM = 55.21, Ans F1 = 68.90).\n"
    # Then they are the answer's scores: never the joint or supporting-fact ones
    assert confirms(log, "Answer F1", 68.9)
    assert confirms(log, "F1", 68.9)
    assert not confirms(log, "Joint F1", 68.9)
    assert not confirms(log, "Supporting Fact EM", 55.21)


def test_a_joint_claim_is_not_a_plain_value() -> None:
    # Given a plain F1 only
    log = "f1: 0.7012\nem: 0.5833\n"
    # Then a joint F1 claim needs a value the log calls joint
    assert confirms(log, "F1", 0.7012)
    assert not confirms(log, "Joint F1", 0.7012)


def test_a_prose_split_after_a_data_sets_name_is_the_values_split() -> None:
    # Given a sentence naming the data set and its split before the pairs
    log = "These are my numbers on the NarrativeQA dev set (BLEU-1 = 23.5, ROUGE-L = 36.2).\n"
    # Then a test claim is refused, an unsplit one confirmed
    assert not confirms(log, "Test ROUGE-L", 36.2)
    assert confirms(log, "ROUGE-L", 36.2)


def test_a_slashed_pair_quoted_from_a_paper_stays_quoted_when_restated() -> None:
    # Given a question quoting the paper's pair, then a reply restating it on a split
    log = (
        "How can I get the EM/F1=71.04/79.33 which is reported by the paper?\n"
        "The EM/F1=71.04/79.33 is on the test set.\n"
    )
    # Then neither line reports a run's values
    assert not confirms(log, "Test EM", 71.04)
    assert not confirms(log, "F1", 79.33)


def test_a_data_set_named_in_an_earlier_sentence_scopes_a_stated_value() -> None:
    # Given a long paragraph (one line): a sentence naming the data set, then one stating the
    # value, then another data set named in passing
    log = (
        "Hello, I ran the training script on the Flickr dataset with the hyper-parameters "
        "listed in the README of the repository and without any change to the code. "
        "After 50 runs, the accuracy is 71.09 on average, a bit lower than my earlier tries. "
        "Could it be related to [the other thread about Amazon accuracy]"
        "(https://example.com/some/project/issues/3), where a different split was used? "
        "Any hint is welcome, thanks!\n"
    )
    # Then the value is that data set's, not another one named later
    assert confirms(log, "Accuracy", 71.09, "Flickr")
    assert not confirms(log, "Accuracy", 71.09, "Amazon")


def test_a_run_verbs_data_set_ending_its_clause_scopes_the_values() -> None:
    # Given "I ran ... on <data>," then the writer's values
    log = "I ran the baseline on ml-1m, and I got hr: 0.6921 and ndcg: 0.4105, close to others.\n"
    # Then the values are that data set's
    assert confirms(log, "NDCG", 0.4105, "ml-1m")
    assert not confirms(log, "NDCG", 0.4105, "Pinterest")


def test_a_refcoco_style_testa_split_is_a_test_split() -> None:
    # Given cells of a data set's val, testA and testB splits
    log = "val: 80.11\ntestA: 82.47\ntestB: 77.05\n"
    # Then a testA claim is the testA cell, never the val one
    assert confirms(log, "Accuracy", 82.47, "RefCOCO testA")
    assert not confirms(log, "Accuracy", 80.11, "RefCOCO testA")
    assert not confirms(log, "Accuracy", 77.05, "RefCOCO testA")


def test_a_pair_in_a_parenthesis_after_yours_is_the_addressees() -> None:
    # Given the writer's value, then the addressee's in a parenthesis after "yours"
    log = "My macro F1 was 0.611. It is close to yours (Table 2; macro F1 = 0.618), though.\n"
    # Then the addressee's value is not the run's
    assert confirms(log, "Macro F1", 0.611)
    assert not confirms(log, "Macro F1", 0.618)
    assert not confirms(log, "F1", 0.618)
