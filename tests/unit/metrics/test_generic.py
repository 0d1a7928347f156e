"""The generic `name: value` reader (readers/generic.py): rules for lines no family reads."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found, splits


def test_an_unprefixed_metric_beside_its_validation_value_on_an_epoch_line_is_training() -> None:
    # Given PyG's sampling example: training accuracy and validation accuracy per epoch
    text = (
        "Epoch: 8, Loss: 1.2721, Accuracy: 0.6184, Val Acc: 0.5864\n"
        "Epoch: 9, Loss: 1.2595, Accuracy: 0.6212, Val Acc: 0.5899\n"
        "Test Accuracy: 0.5899\n"
    )
    # Then the unprefixed accuracy is the training split; the loss (no split beside it) is not
    assert splits(text)["Accuracy"] == "train"
    assert splits(text)["Loss"] is None
    assert not confirms(text, "Accuracy", 0.6212)
    assert confirms(text, "Training Accuracy", 0.6212)
    assert confirms(text, "Test Accuracy", 0.5899)


def test_vali_is_the_validation_split() -> None:
    text = "Epoch: 3 | Train Loss: 2785.78 Vali Loss: 2942.17 Test Loss: 2341.59\n"
    assert confirms(text, "Validation Loss", 2942.17)
    assert not confirms(text, "Test Loss", 2942.17)


def test_a_bracketed_step_after_a_data_set_label_makes_running_values() -> None:
    # insightface's verification callback: `[%s][%d]Accuracy-Flip: %1.5f+-%1.5f` per step
    log = (
        "[lfw][2000]Accuracy-Flip: 0.98100+-0.00500\n"
        "[agedb_30][2000]Accuracy-Flip: 0.90200+-0.01100\n"
        "[lfw][4000]Accuracy-Flip: 0.98533+-0.00471\n"
        "[agedb_30][4000]Accuracy-Flip: 0.91033+-0.01000\n"
        "[lfw][6000]Accuracy-Flip: 0.98367+-0.00450\n"
    )
    assert confirms(log, "Accuracy", 0.98367, dataset="LFW")
    assert not confirms(log, "Accuracy", 0.98533, dataset="LFW")
    assert confirms(log, "Accuracy", 91.03, dataset="agedb_30")
    assert not confirms(log, "Accuracy", 0.902, dataset="agedb_30")


def test_a_label_with_a_number_leading_a_line_of_pairs_scopes_them() -> None:
    # Informer-style forecasting runs, one line per prediction horizon
    log = (
        "pred_len 96: mse:0.3901, mae:0.4123\n"
        "pred_len 192: mse:0.4417, mae:0.4359\n"
        "pred_len 336: mse:0.4870, mae:0.4588\n"
    )
    assert confirms(log, "MSE (pred_len 192)", 0.4417)
    assert not confirms(log, "MSE (pred_len 336)", 0.4417)
    assert confirms(log, "MAE (pred_len 96)", 0.4123)
    # And a progress counter is no such label: an epoch line keeps its running values
    log = "Epoch 1: loss: 0.91, acc: 0.52\nEpoch 2: loss: 0.55, acc: 0.71\n"
    assert confirms(log, "acc", 0.71)
    assert not confirms(log, "acc", 0.52)


def test_a_split_word_before_a_key_value_pair_is_its_split() -> None:
    # LightGBM (SynapseML) logs its validation metric as "Valid <metric>=<value>"
    log = "21/01/01 10:00:00 INFO LightGBMClassifier: Valid auc=0.9123\n"
    assert confirms(log, "Validation AUC", 0.9123)
    assert not confirms(log, "Test AUC", 0.9123)
    # And a key=value list still names each value by its own key
    assert not confirms("model=resnet50 top1=0.75 valid=1\n", "Validation Accuracy", 0.75)


def test_a_value_quoted_from_the_paper_in_a_sentence_is_not_the_runs() -> None:
    # Given a user's result beside the paper's number quoted in a sentence
    log = (
        "{'NDS': 0.512, 'mAP': 0.4410}\n"
        "My mAP=44.1 is far above the mAP=30.2 reported in the paper, is that expected?\n"
    )
    assert not confirms(log, "mAP", 30.2)
    assert confirms(log, "mAP", 44.1)
    assert confirms(log, "mAP", 0.441)


def test_a_name_ending_in_a_copula_is_the_name_before_it() -> None:
    log = "I0301 12:00:01.000 100 main.cc:120] RTF is: 0.1875\nfinal WER was: 6.25"
    assert confirms(log, "RTF", 0.1875) and confirms(log, "WER", 6.25)


def test_pairs_joined_by_and_and_a_name_after_a_copula() -> None:
    # a sentence reporting two pairs: the conjunction joins them, the copula ends the prose
    text = "my results are recall@20: 0.2258 and ndcg@20: 0.1451. However\n"
    assert found(text) == {"recall@20": 0.2258, "ndcg@20": 0.1451}
    # "and" that follows no value still starts a fragment of prose
    assert found("number of files and images: 3.5\n") == {}


def test_a_number_glued_to_letters_after_a_value_names_the_next_pair() -> None:
    # torchvision's optical-flow line: "1px", "3px" are names, not more values of "epe"
    text = "Kitti val epe: 8.0209\t1px: 0.5074\t3px: 0.7333\tper_image_epe: 7.5978\n"
    assert confirms(text, "EPE", 8.02, "KITTI") and not confirms(text, "EPE", 7.5978)
    # a vector of bare numbers is still no single metric
    assert found("AP: 77.83 59.77 54.28\n") == {}


def test_a_step_after_the_name_is_a_progress_counter_and_verbs_before_it_are_noise() -> None:
    thumt = (
        "2019-08-20 02:50:11.065016: BLEU at step 5000: 0.158979\n"
        "2019-08-20 23:09:15.135549: BLEU at step 45000: 0.208846\n"
    )
    assert confirms(thumt, "BLEU", 20.88) and not confirms(thumt, "BLEU", 0.159)
    assert confirms("Reported WER from paper: 9.6%\nAchieved WER : 12.69%\n", "WER", 12.69, "TED")
    assert confirms("TimesFM MASE: 1.71 \nTimesFM CRPS: 0.25\n", "CRPS", 0.25)


def test_a_cutoff_written_apart_from_its_name() -> None:
    # "Hits @10: 0.61": the "@10" is the name's cutoff even with a space before it
    text = "Hits @10: 0.612\nHits @1: 0.404\n"
    assert found(text) == {"Hits @10": 0.612, "Hits @1": 0.404}
    assert confirms(text, "Hits@10", 0.612) and not confirms(text, "Hits@10", 0.404)


def test_an_attribution_leading_a_list_of_pairs_covers_every_item() -> None:
    # Given a run's summary and a comment that lists the reported figures after one attribution
    text = "Recall: 0.4210\nF1: 0.3905\n# reported is Recall 47.1%, F1 44.2%\n"
    # Then neither listed figure is the run's: the attribution leads the whole list
    assert 44.2 not in found(text).values() and 47.1 not in found(text).values()
    assert not confirms(text, "F1", 44.2) and confirms(text, "F1", 39.05)
    assert not confirms(text, "Recall", 47.1) and confirms(text, "Recall", 0.421)
    # while a list with no attribution is the run's
    assert found("Recall 47.1%, F1 44.2%\n") == {"Recall": 47.1, "F1": 44.2}


def test_a_value_compared_with_another_is_the_first_and_vs_is_no_name() -> None:
    # Given a calibration report: each run value "vs" the value it is checked against
    text = "- MAP@5 0.41237 vs 0.4124 reference\n- Hits@50 0.8810 vs 0.8809\n"
    # Then the run's value is the one before "vs", and "vs" names nothing
    assert found(text) == {"MAP@5": 0.41237, "Hits@50": 0.881}
    assert confirms(text, "MAP@5", 0.4124) and not confirms(text, "Hits@50", 0.8809)
    assert found("61.2 | 40.3     vs     64.0 | 41.1\n") == {}


def test_a_bulleted_pair_is_a_metric_only_when_it_names_one() -> None:
    assert found("* F1 77.5, Recall 70.1\n") == {"F1": 77.5, "Recall": 70.1}
    assert found("- Python 3.10\n- CUDA 12.1\n") == {}


def test_a_clause_saying_where_the_next_ones_number_comes_from_quotes_it() -> None:
    # Given a report that introduces the paper's number, then gives the run's
    text = (
        "Thanks for the code. I ran the eval script on the small model. According to the results "
        "in your paper, the model has a ppl=12.31 on wiki2, but with this script I get "
        "ppl=15.02.\n"
    )
    # Then the paper's number answers no claim and the run's does
    assert not confirms(text, "Perplexity", 12.31)
    assert confirms(text, "Perplexity", 15.02)
    for intro in ("As reported in the README", "In the original paper"):
        text = f"I ran the eval twice. {intro}, the model reaches acc=0.913 on dev.\n"
        assert not confirms(text, "Accuracy", 0.913)
    # And an introduction naming no source quotes nothing
    text = "I ran the eval twice. In my second run, the model reaches acc=0.913 on dev.\n"
    assert confirms(text, "Accuracy", 0.913)


def test_a_first_word_with_a_glued_parenthesis_names_the_value() -> None:
    text = "Acc(top5): 93.07\nmAP(box): 0.412\n"
    assert found(text) == {"Acc(top5)": 93.07, "mAP(box)": 0.412}
