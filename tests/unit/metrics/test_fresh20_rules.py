"""Reading rules found on the fresh20 hold-out (verdicts25): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_an_instance_level_iou_is_never_the_plain_mean_iou() -> None:
    log = "pixel_acc: 0.93, class_acc: 0.81, mean_iou: 0.702\n"
    assert not confirms(log, "iIoU class", 0.702)
    assert not confirms(log, "iIoU", 70.2)
    assert confirms(log, "mIoU", 70.2)
    cityscapes = "IoU class: 0.702\niIoU class: 0.455\n"
    assert confirms(cityscapes, "iIoU class", 0.455)
    assert not confirms(cityscapes, "iIoU class", 0.702)
    assert not confirms(cityscapes, "IoU class", 0.455)


def test_a_score_beside_the_threshold_it_was_tuned_at_is_not_the_score() -> None:
    log = (
        '{"exact": 70.1, "f1": 73.4, "total": 11873, "best_exact": 71.9,\n'
        ' "best_exact_thresh": -2.5, "best_f1": 75.25, "best_f1_thresh": -2.5}\n'
    )
    assert not confirms(log, "F1", 75.25)
    assert not confirms(log, "Exact Match", 71.9)
    assert confirms(log, "F1", 73.4) and confirms(log, "Exact Match", 70.1)
    assert confirms(log, "best F1", 75.25)
    # a best value with no threshold beside it is the run's best, a metric
    assert confirms("acc: 0.91\nbest_acc: 0.93\n", "Accuracy", 0.93)


def test_a_value_the_log_also_prints_as_its_fraction_is_already_a_percentage() -> None:
    log = (
        " Average Precision  (AP) @[ IoU=0.50:0.95 | area=   all | maxDets=100 ] = 0.004\n"
        "{'AP': 0.4210526315789474, 'AP50': 0.9}\n"
    )
    assert confirms(log, "box AP", 0.42)
    assert not confirms(log, "box AP", 42.1)
    # with no fraction of it in the log, a value up to 1 is a fraction as usual
    assert confirms("{'AP': 0.4210526315789474}\n", "box AP", 42.1)


def test_a_line_led_by_a_split_and_its_subset_scopes_its_values() -> None:
    log = "after 300 epochs\ndev clean: WER = 0.0415\ndev other:  WER =0.1022\n"
    assert confirms(log, "WER", 4.15, "LibriSpeech dev-clean")
    assert confirms(log, "WER", 10.22, "LibriSpeech dev-other")
    assert not confirms(log, "WER", 4.15, "LibriSpeech dev-other")
    assert not confirms(log, "WER", 0.0415, "dev-other")
    # a split's own label ("Test set:") is no subset
    assert found("Test set: Average loss: 0.03, Accuracy: 0.981\n").get("Accuracy") == 0.981


def test_the_command_of_a_forecasting_run_scopes_its_output_to_its_horizon() -> None:
    log = (
        "python -u run.py --is_training 1 --data_path weather.csv --model_id weather_96_192 "
        "--model FEDformer --data custom --pred_len 192 --itr 1\n"
        "mse:0.2771, mae:0.3361\n\n"
        "python -u run.py --is_training 1 --data_path weather.csv --model_id weather_96_720 "
        "--model FEDformer --data custom --pred_len 720 --itr 1\n"
        "mse:0.4012, mae:0.4140\n"
    )
    assert confirms(log, "MSE", 0.2771, "Weather (horizon 192)")
    assert confirms(log, "MAE", 0.414, "Weather (horizon 720)")
    assert not confirms(log, "MSE", 0.2771, "Weather (horizon 720)")
    assert not confirms(log, "MSE", 0.4012, "Weather (horizon 192)")


def test_a_sentence_naming_a_papers_numbered_table_quotes_the_values_below_it() -> None:
    log = (
        "Final results of my run:\nmse:0.512, mae:0.488\n\n"
        "Much worse than the Informer baseline in Table 2\nmse:0.402, mae:0.431\n\n"
        "与表3中的结果相比差距较大\nmse:0.377, mae:0.405\n"
    )
    assert confirms(log, "MSE", 0.512)
    assert not confirms(log, "MSE", 0.402)
    assert not confirms(log, "MAE", 0.405)
    # the writer's own words about a table introduce the writer's numbers
    assert confirms("My rerun of Table 2 settings\nmse:0.402, mae:0.431\n", "MSE", 0.402)


def test_a_row_of_forecasting_errors_led_by_a_length_is_that_horizons() -> None:
    log = "ETTh2 results:\n96, mse:0.358, mae:0.397\n720, mse:0.463, mae:0.474\n"
    assert confirms(log, "MSE", 0.358, "ETTh2 (horizon 96)")
    assert not confirms(log, "MSE", 0.358, "ETTh2 (horizon 720)")
    assert confirms(log, "MAE", 0.474, "ETTh2 (horizon 720)")
    # a leading number before other metrics is no horizon
    assert confirms("3, acc: 0.91\n", "Accuracy", 0.91)


def test_a_chinese_row_naming_the_paper_text_quotes_its_values() -> None:
    log = "Amazon: 我的复现结果   Recall@20: 0.0512\nAmazon: 文中结果   Recall@20: 0.0561\n"
    assert confirms(log, "Recall@20", 0.0512)
    assert not confirms(log, "Recall@20", 0.0561)
