"""Reading rules found on the fresh22 hold-out (verdicts27): each test is a crafted log that
shows one general defect, never a corpus excerpt."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found


def test_an_early_espnet2_decode_directory_glued_to_its_tag_keeps_its_set() -> None:
    log = (
        "### CER\n\n"
        "|dataset|Snt|Wrd|Corr|Sub|Del|Ins|Err|S.Err|\n"
        "|---|---|---|---|---|---|---|---|---|\n"
        "|decode_devdecode_asr_model_valid.acc.best|500|9000|90.0|6.0|2.0|1.0|9.0|40.0|\n"
        "|decode_test_2decode_asr_model_valid.acc.best|600|9900|89.0|7.0|2.0|1.0|10.0|42.0|\n"
    )
    names = found(log)
    assert names["dev/CER Err"] == 9.0
    assert names["test_2/CER Err"] == 10.0
    assert confirms(log, "CER", 9.0, "dev")
    assert not confirms(log, "Test CER", 9.0)


def test_a_bare_split_title_without_a_colon_names_the_values_below() -> None:
    log = "Validation set\nMRR= 0.301, Hits1 = 0.2101\n\nTest set\nMRR= 0.345, Hits1 = 0.2502\n"
    assert confirms(log, "Test MRR", 0.345)
    assert not confirms(log, "Test MRR", 0.301)
    assert not confirms(log, "Test Hits@1", 0.2101)
    assert confirms(log, "Validation MRR", 0.301)


def test_a_value_asked_how_to_reach_is_a_target_not_the_run() -> None:
    log = (
        "I trained with the default config and got top1: 75.2\n"
        "How can I reach the best result (top1=77.9%)? Thanks\n"
    )
    assert confirms(log, "top1", 75.2)
    assert not confirms(log, "top1", 77.9)


def test_swinir_per_image_lines_are_parts_and_the_averages_keep_their_channel() -> None:
    log = (
        "Testing 0 img_a                - PSNR: 31.50 dB; SSIM: 0.9100; PSNR_Y: 33.10 dB; "
        "SSIM_Y: 0.9300; PSNR_B: 0.00 dB.\n"
        "Testing 1 img_b                - PSNR: 29.10 dB; SSIM: 0.8800; PSNR_Y: 30.70 dB; "
        "SSIM_Y: 0.9000; PSNR_B: 0.00 dB.\n"
        "\nresults/run/X4 \n"
        "-- Average PSNR/SSIM(RGB): 30.30 dB; 0.8950\n"
        "-- Average PSNR_Y/SSIM_Y: 31.90 dB; 0.9150\n"
    )
    assert confirms(log, "PSNR", 30.3)
    assert confirms(log, "SSIM", 0.895)
    assert confirms(log, "PSNR (Y channel)", 31.9)
    assert not confirms(log, "PSNR", 31.5)
    assert not confirms(log, "SSIM", 0.915)


def test_a_setting_word_leading_a_pair_scopes_it() -> None:
    log = "Lidar: RMSE = 0.412\n\nCamera: RMSE = 0.733\n"
    assert found(log)["Lidar/RMSE"] == 0.412
    assert confirms(log, "RMSE (lidar)", 0.412)
    assert not confirms(log, "RMSE (camera)", 0.412)
