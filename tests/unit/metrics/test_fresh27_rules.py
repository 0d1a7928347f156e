"""Reading rules found on the fresh27 blind set (verdicts33): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms


def test_an_average_named_claim_is_the_average_named_value() -> None:
    # Given progress lines printing a running window's reward and a final average
    log = (
        "Round 3: mean of the last 50 episodes - Reward: 0.412\n"
        "Round 40: mean of the last 50 episodes - Reward: 0.870\n"
        "Final: Average Reward: 0.7731\n"
    )
    # Then the average claim is the final average, never a window's value
    assert confirms(log, "Average Reward", 0.7731)
    assert not confirms(log, "Average Reward", 0.412)
    assert not confirms(log, "Average Reward", 0.87)


def test_an_sclite_line_shortened_to_the_sets_name_is_that_sets_value() -> None:
    # Given best_wer.sh lines whose scored file a README shortened to the set's name
    log = (
        "%WER 24.3 | 400 15057 | 80.1 13.0 6.9 4.4 24.3 99.9 | -0.512 | dev\n"
        "%WER 26.8 | 192 7215 | 78.0 14.6 7.4 4.8 26.8 100.0 | -0.498 | test\n"
    )
    # Then each value is its set's: the dev line never confirms a test claim
    assert confirms(log, "Test WER", 26.8)
    assert confirms(log, "Dev WER", 24.3)
    assert not confirms(log, "Test WER", 24.3)
    assert not confirms(log, "Dev WER", 26.8)


def test_a_banner_behind_a_loggers_stamp_opens_its_splits_section() -> None:
    # Given a script logging each evaluated split under a banner behind a time stamp
    log = (
        "2019-02-01 10:00:00 :: ----- test -----\n"
        "Top-1 Precision: 0.412000\n"
        "MRR: 0.530112\n"
        "2019-02-01 10:20:00 :: ----- dev -----\n"
        "Top-1 Precision: 0.455000\n"
        "MRR: 0.561834\n"
    )
    # Then each section's values are its split's
    assert confirms(log, "Test MRR", 0.530112)
    assert not confirms(log, "Test MRR", 0.561834)
    assert confirms(log, "Dev MRR", 0.561834)


def test_a_chinese_lead_presenting_the_addressees_results_quotes_the_block() -> None:
    # Given a reporter's own COCO evaluation, then the repository author's under a lead
    # ("and the result you reported for D1 is")
    log = (
        "我用你的D1权重测试，结果如下：\n"
        " Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.351\n"
        " Average Precision  (AP) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = 0.122\n"
        "而你报告的D1结果为\n"
        " Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.402\n"
        " Average Precision  (AP) @[ IoU=0.50:0.95 | area= small | maxDets=100 ] = 0.207\n"
    )
    # Then the author's block never confirms a claim of the run
    assert confirms(log, "box AP", 35.1)
    assert confirms(log, "APs", 0.122)
    assert not confirms(log, "box AP", 40.2)
    assert not confirms(log, "APs", 0.207)


def test_a_progress_line_naming_the_indexed_corpus_is_the_logs_data_set() -> None:
    # Given a retrieval script that says which corpus it indexes before its scores
    log = (
        "2023-05-01 12:00:00 - Loaded 3633 TEST Documents.\n"
        "2023-05-01 12:00:01 - Indexing the FiQA corpus...\n"
        "2023-05-01 12:09:00 - NDCG@10: 0.2417\n"
        "2023-05-01 12:09:00 - Recall@100: 0.5530\n"
    )
    # Then its values are that corpus's, never another data set's
    assert confirms(log, "NDCG@10", 0.2417, dataset="FiQA")
    assert confirms(log, "NDCG@10", 0.2417)
    assert not confirms(log, "NDCG@10", 0.2417, dataset="TREC-COVID")


def test_a_heading_naming_a_data_set_scopes_the_values_below_it() -> None:
    # Given a README's per-corpus section, its values in a code block under a code-span heading
    log = (
        "## Results\n"
        "\n"
        "####`wsj`\n"
        "```\n"
        "%WER 7.4 | 503 8234 | 93.6 4.9 1.5 1.0 7.4 60.2 | -0.512 | dev93\n"
        "```\n"
    )
    # Then the value is that corpus's, never a sibling corpus's
    assert confirms(log, "WER", 7.4, dataset="WSJ")
    assert not confirms(log, "WER", 7.4, dataset="LibriSpeech")


def test_a_data_set_title_right_under_a_heading_is_the_sections_data_set() -> None:
    # Given a section whose data set is a lone title under its heading, the score further below
    log = "## run A (base)\nWMT16-newstest2016en_ro\n\nBATCH_SIZE = 64\n\nBLEU Score: 31.07\n"
    # Then the score is that test set's, never a sibling test set's
    assert confirms(log, "BLEU", 31.07, dataset="newstest2016 en-ro")
    assert not confirms(log, "BLEU", 31.07, dataset="newstest2015 en-ro")


def test_a_data_set_heading_scopes_a_table_of_model_rows_below_it() -> None:
    # Given a README section headed by its data set, a table of models' rows further below
    log = (
        "# ogbl-ppa 数据集\n"
        "## 结果\n"
        "| 模型 | Valid Hits@100 | Test Hits@100 |\n"
        "| --- | --- | --- |\n"
        "| SAGE | 0.1702 | 0.1655 |\n"
        "| GCN | 0.1887 | 0.1868 |\n"
    )
    # Then each row is that data set's, never a sibling data set's
    assert confirms(log, "GCN Test Hits@100", 0.1868, dataset="ogbl-ppa")
    assert not confirms(log, "GCN Test Hits@100", 0.1868, dataset="ogbl-collab")
