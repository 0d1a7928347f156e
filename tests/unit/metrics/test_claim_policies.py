"""General policies of the claim check against wrong confirmations (a wrong metric confirmed
moves a public number unearned; a refusal only sends the claim to a human). Each on a minimal
log written for the rule; the corpus holds the real logs."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_a_mask_claim_of_any_ap_variant_is_never_the_box_row() -> None:
    log = (
        "copypaste: Task: bbox\n"
        "copypaste: AP,AP50,APr,APc\n"
        "copypaste: 33.9075,46.6746,19.8430,34.0934\n"
        "copypaste: Task: segm\n"
        "copypaste: AP,AP50,APr,APc\n"
        "copypaste: 30.4862,44.4716,18.6669,30.8249\n"
    )
    assert confirms(log, "mask APr", 18.67) and confirms(log, "box APr", 19.84)
    assert not confirms(log, "mask APr", 19.84) and not confirms(log, "box APc", 30.82)


def test_a_title_naming_a_paper_quotes_the_block_below_up_to_the_next_title() -> None:
    log = (
        "- Last:\n\nMean IoU is 60.30\n    overall IoU = 77.73\n\n"
        "- Which in paper are:\n\nMean IoU is 65.10\n\n    overall IoU = 78.27\n"
    )
    assert confirms(log, "mIoU", 60.3) and confirms(log, "oIoU", 77.73)
    assert not confirms(log, "mIoU", 65.1) and not confirms(log, "oIoU", 78.27)


def test_a_title_naming_the_model_card_quotes_the_block_below() -> None:
    # Given the writer's scores, then the ones a model card states, under a title
    log = (
        "My evaluation gives:\nexact: 70.25\nf1: 74.81\n\n"
        "The model card reports instead:\nexact: 79.02\nf1: 83.44\n"
    )
    # Then the model card's numbers are not the run's
    assert confirms(log, "F1", 74.81) and confirms(log, "Exact Match", 70.25)
    assert not confirms(log, "F1", 83.44) and not confirms(log, "Exact Match", 79.02)


def test_a_title_naming_the_writer_s_model_quotes_nothing() -> None:
    log = "Results of my model card classifier:\nf1: 74.81\n"
    assert confirms(log, "F1", 74.81)


def test_a_title_without_a_colon_quotes_only_its_paragraph() -> None:
    log = (
        "Paper-\nRMSE: 0.0338, PESQ: 3.05\n\n"
        "Result reported in the repository\nr@1: 0.651, r@5: 0.873\n\n"
        "r@1: 0.6310, r@5: 0.8700\nPESQ: 2.7\n"
    )
    assert not confirms(log, "PESQ", 3.05) and not confirms(log, "RMSE", 0.0338)
    assert not confirms(log, "R@1", 0.651)
    assert confirms(log, "R@1", 0.631) and confirms(log, "PESQ", 2.7)


def test_a_legend_or_a_sentence_naming_the_paper_quotes_nothing() -> None:
    legend = "ours / reported in paper\nacc: 71.2\n"
    sentence = "My results are lower than the paper. acc\nacc: 70.1\n"
    linked = "The results of the [readme](https://x.org/README.md) reproduced by me:\nacc: 69.3\n"
    assert confirms(legend, "Accuracy", 71.2) and confirms(sentence, "Accuracy", 70.1)
    assert confirms(linked, "Accuracy", 69.3)
    weights = "Results with the official weights:\nacc: 68.1\n"
    assert confirms(weights, "Accuracy", 68.1)


def test_a_value_that_changed_into_another_is_the_one_it_became() -> None:
    log = (
        "         Base  -> Reranked\n"
        "MAP:     48.96 -> 4.08\nNDCG@10: 54.04 => 1.86\nacc = 75.6 \u2192 71.7\n"
    )
    assert confirms(log, "MAP", 4.08) and confirms(log, "NDCG@10", 1.86)
    assert confirms(log, "Accuracy", 71.7)
    assert not confirms(log, "MAP", 48.96) and not confirms(log, "NDCG@10", 54.04)
    assert not confirms(log, "Accuracy", 75.6)


def test_a_line_led_by_a_class_label_is_that_class_row_never_the_mean() -> None:
    log = (
        "cls : roundabout|| Recall: 0.0513 || Precison: 0.3942|| AP: 0.0389\n"
        "cls : tennis-court|| Recall: 0.7942 || Precison: 0.9273|| AP: 0.7841\n"
        "category: small vehicle | AP: 0.61\n"
        "mAP is : 0.2783\n"
    )
    assert confirms(log, "mAP", 0.2783) and confirms(log, "AP", 0.7841, "tennis-court")
    assert not confirms(log, "mAP", 0.7841) and not confirms(log, "AP", 0.61)
    assert not confirms(log, "Recall", 0.7942) and not confirms(log, "AP", 0.9273, "tennis-court")


def test_a_line_naming_a_data_set_scopes_what_follows_up_to_the_next_one() -> None:
    log = (
        "COCO dataset\n\n"
        "- Image-to-Text: {'r1': 21.3, 'r5': 45.0, 'r10': 57.1}\n\n"
        "Flickr dataset\n"
        "- Image-to-Text: {'r1': 41.2, 'r5': 70.0, 'r10': 80.0}\n"
    )
    assert confirms(log, "R@1", 21.3, "COCO") and confirms(log, "R@1", 41.2, "Flickr30k")
    assert not confirms(log, "R@1", 41.2, "COCO") and not confirms(log, "R@5", 45.0, "Flickr")
    assert not confirms(log, "R@5", 57.1, "COCO")


def test_a_line_naming_no_particular_data_set_scopes_nothing() -> None:
    log = "On my own dataset\nacc: 0.91\n\nResults on the Flickr dataset:\nR@1: 41.2\n"
    assert confirms(log, "Accuracy", 0.91, "CIFAR-10")
    assert confirms(log, "R@1", 41.2, "Flickr30k") and not confirms(log, "R@1", 41.2, "COCO")


def test_a_line_led_by_the_run_s_elapsed_time_reports_running_values() -> None:
    log = (
        "Time 09h 45m 54s, Avg Reward 0.016, Avg Accuracy 0.18, Best Reward 0.184\n"
        "Time 09h 52m 41s, Avg Reward 0.112, Avg Accuracy 0.26, Best Reward 0.184\n"
        "Time 10h 18m 39s, Avg Reward 0.136, Avg Accuracy 0.28, Best Reward 0.184\n"
    )
    assert confirms(log, "Average Reward", 0.136) and confirms(log, "Best Reward", 0.184)
    assert not confirms(log, "Average Reward", 0.112) and not confirms(log, "Accuracy", 0.184)
    wall_clock = "Time:   15:05:45   Log-Likelihood:   -5.7733\nTime:   21:48:09   AIC:   12.5\n"
    assert confirms(wall_clock, "Log-Likelihood", -5.7733)


def test_a_value_qualified_as_a_reference_answers_only_a_claim_that_says_so() -> None:
    log = "paper_auc: 0.912\nexpected_ap: 41.0\nteacher/acc: 0.83\nstudent/acc: 0.79\nap: 40.2\n"
    assert not confirms(log, "AUC", 0.912) and not confirms(log, "AP", 41.0)
    assert not confirms(log, "Accuracy", 0.83) and confirms(log, "Accuracy", 0.79)
    assert confirms(log, "Paper AUC", 0.912) and confirms(log, "Teacher Accuracy", 0.83)
    assert confirms("Base/Acc@1: 78.57\n", "Top-1 Accuracy", 78.57)  # ViT-Base: a model size


def test_a_setting_the_claim_names_is_not_answered_by_a_line_stating_another() -> None:
    log = (
        "| Test with beam=1: BLEU4 = 25.39, 55.9/31.5/19.4/12.1 (BP=1.000)\n"
        "| Test with beam=5: BLEU4 = 27.83, 62.4/36.5/23.2/14.9 (BP=0.934)\n"
    )
    assert not confirms(log, "BLEU (beam 5)", 25.39) and confirms(log, "BLEU (beam 5)", 27.83)
    assert confirms(log, "BLEU (beam 1)", 25.39) and not confirms(log, "BLEU (beam 1)", 27.83)
    assert confirms("BLEU4 = 25.39\n", "BLEU (beam 5)", 25.39)  # the log states no beam


def test_an_unprefixed_loss_on_an_evaluation_s_line_is_not_the_training_loss() -> None:
    log = (
        "INFO:tensorflow:Saving dict for global step 306482: eval_accuracy = 0.7659318, "
        "eval_loss = 1.156508, global_step = 306482, loss = 1.1564742\n"
    )
    assert not confirms(log, "Training Loss", 1.1564742)
    assert confirms(log, "Accuracy", 76.59)
    keras = "Epoch 3: loss = 0.31, acc = 0.90, val_loss = 0.42, val_acc = 0.88\n"
    assert confirms(keras, "Training Loss", 0.31) and not confirms(keras, "Accuracy", 0.9)


def test_a_heading_naming_the_paper_opens_a_quoted_section() -> None:
    log = "## From the paper\nmIoU: 65.1\n**Ablation:**\noIoU: 78.27\n## My run\nmIoU: 60.3\n"
    assert not confirms(log, "mIoU", 65.1) and not confirms(log, "oIoU", 78.27)
    assert confirms(log, "mIoU", 60.3)


def test_a_line_naming_a_split_s_data_is_no_data_set_scope() -> None:
    for title in ("Test dataset", "The dataset", "Validation data set:"):
        assert found(f"{title}\nacc: 0.9\n") == {"acc": 0.9}


def test_prose_that_puts_its_values_on_one_split_gives_them_that_split() -> None:
    log = "the results seem poor (combined HOTA = 46.97, combined MOTA = 49.49 on train set of X)\n"
    assert not confirms(log, "Test HOTA", 46.97) and confirms(log, "Train MOTA", 49.49)
    both = "acc = 0.91 on the val set and acc = 0.88 on the test set\n"
    assert confirms(both, "Test Accuracy", 0.91) or confirms(both, "Test Accuracy", 0.88)


def test_a_legend_saying_a_label_means_someone_else_s_numbers_quotes_those_values() -> None:
    log = (
        "|model name|EM(T)|F1(T)|EM(L)|F1(L)|\n|:-:|:-:|:-:|:-:|:-:|\n"
        "|conductor-net|62.48%|72.35%|73.24%|81.93%|\n\n"
        "> `T` means trained result, `L` means results posted in SQuAD leaderboard.\n"
    )
    assert confirms(log, "EM", 62.48) and confirms(log, "F1", 72.35)
    assert not confirms(log, "EM", 73.24) and not confirms(log, "F1", 81.93)


def test_numbers_in_a_parenthesis_after_a_sentence_naming_a_source_are_the_sources() -> None:
    # Given the run's values, then a sentence quoting the official numbers in a parenthesis
    text = (
        "MMLU = 53.3\nTydiQA = 25.5\n\n"
        "Still far below the official leaderboard (MMLU=64.1, TydiQA=35.7)\n"
    )
    # Then the quoted numbers are not the run's
    assert confirms(text, "MMLU", 53.3)
    assert not confirms(text, "MMLU", 64.1)
    assert not confirms(text, "TydiQA", 35.7)
    # ...in a report written in Chinese too ("differs from what the official site disclosed")
    assert not confirms("MMLU = 53.3\n跟官网披露的差的比较多(MMLU=64.1)\n", "MMLU", 64.1)
    # ...but the writer's own numbers in a parenthesis stand
    assert confirms("Compared with the paper, we got (MMLU=55.0)\n", "MMLU", 55.0)
