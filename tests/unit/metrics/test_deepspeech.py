"""deepspeech.pytorch summaries (format strings: test.py 'Test Summary \\tAverage WER
{wer:.3f}\\tAverage CER {cer:.3f}\\t'; train.py 'Validation Summary Epoch: [{0}]\\t...')."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms, found, splits


def test_the_test_summary_gives_wer_and_cer_of_the_test_set() -> None:
    text = "Test Summary \tAverage WER 5.214\tAverage CER 1.903\t\n"
    assert found(text) == {"Average WER": 5.214, "Average CER": 1.903}
    assert splits(text)["Average WER"] == "test"
    assert confirms(text, "Test WER", 5.214, dataset="LibriSpeech test-clean")
    assert confirms(text, "CER", 1.903)
    assert not confirms(text, "WER", 1.903)


def test_validation_summaries_per_epoch_are_running_values() -> None:
    text = (
        "Validation Summary Epoch: [1]\tAverage WER 31.040\tAverage CER 11.202\t\n"
        "Validation Summary Epoch: [2]\tAverage WER 24.551\tAverage CER 8.317\t\n"
    )
    assert confirms(text, "Validation WER", 24.551)
    assert not confirms(text, "Validation WER", 31.04)
    assert not confirms(text, "Test WER", 24.551)
