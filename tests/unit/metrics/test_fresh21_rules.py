"""Reading rules found on the fresh21 hold-out (verdicts26): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_an_espnet_row_under_a_tag_of_ones_own_keeps_its_set() -> None:
    log = (
        "### WER\n\n"
        "|dataset|Snt|Wrd|Corr|Sub|Del|Ins|Err|S.Err|\n"
        "|---|---|---|---|---|---|---|---|---|\n"
        "|greedy_nolm/dev_clean|100|2000|97.0|2.0|0.5|0.5|3.0|30.0|\n"
        "|greedy_nolm/test_clean|100|2000|96.0|3.0|0.5|0.5|4.0|31.0|\n"
    )
    assert found(log)["dev_clean/WER Err"] == 3.0
    assert confirms(log, "WER", 4.0, "test-clean")
    assert not confirms(log, "WER", 3.0, "test-clean")


def test_values_in_a_parenthesis_ending_a_clause_whose_subject_is_the_paper_are_the_papers() -> (
    None
):
    log = (
        "On Yelp my run gives HR@10: 0.3120 NDCG@10: 0.1840; but the paper is higher "
        "(HR@10: 0.3390 NDCG@10: 0.2010). Any idea?\n"
    )
    assert confirms(log, "NDCG@10", 0.184)
    assert not confirms(log, "NDCG@10", 0.201)
    assert not confirms(log, "HR@10", 0.339)
    # a parenthesis after the writer's own clause is the writer's
    assert confirms("my run is close (NDCG@10: 0.2010)\n", "NDCG@10", 0.201)
