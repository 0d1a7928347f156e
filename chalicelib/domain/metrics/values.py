"""A claimed value against a printed one: within the printed rounding, a percentage and its
fraction being the same value (`claims.check_claimed_metric`); a claim more precise than
the value it rounds to that another metric prints in full was copied from that metric; and a
value printed to one significant digit shows no claim more precise than it."""

from __future__ import annotations

import re

from chalicelib.domain.metrics.model import ExtractedMetric
from chalicelib.domain.metrics.numbers import float_decimals
from chalicelib.domain.metrics.vocabulary import sense_of


def significant_digits(value: float) -> int:
    """Digits a claim states: 84.1 -> 3, 0.7 -> 1, 1.0 -> 1 (a float's trailing zero is not
    precision the submitter stated), 80 -> 2."""
    text = repr(float(value)).lower()
    if "e" in text:
        text = f"{float(value):.15g}"
    whole, _, fraction = text.lstrip("-").partition(".")
    whole = whole.lstrip("0")
    fraction = fraction.rstrip("0")
    digits = whole + fraction if whole else fraction.lstrip("0")
    return max(len(digits), 1)


def printed(metric: ExtractedMetric) -> str:
    decimals = metric.decimals if metric.decimals is not None else float_decimals(metric.value)
    return f"{metric.value:.{decimals}f}" if decimals <= 12 else repr(metric.value)


# Scores printed as fractions above 1 that papers print multiplied by 100.
_OVER_ONE = re.compile(r"(?i)cider")


def value_match(claim: float, claim_decimals: int, metric: ExtractedMetric) -> str | None:
    """How `claim` matches the printed value within printed rounding: "" directly, "percent"
    or "fraction" after scaling by 100; None when it does not match."""
    printed_decimals = (
        metric.decimals if metric.decimals is not None else float_decimals(metric.value)
    )
    candidates = [("", metric.value, printed_decimals)]
    if abs(metric.value) <= 1.0 or (
        abs(metric.value) < 10.0 and abs(claim) >= 10.0 and _OVER_ONE.search(metric.name)
    ):
        # CIDEr is a fraction that may exceed 1 (pycocoevalcap's 1.333), papers print it x100
        candidates.append(("percent", metric.value * 100, max(printed_decimals - 2, 0)))
    if abs(metric.value) <= 100.0 and abs(claim) <= 1.0:
        candidates.append(("fraction", metric.value / 100, printed_decimals + 2))
    # A claim stated to fewer than two significant digits (0.7, 1.0, 0) carries no rounding
    # slack of its own: it must equal the printed value at the printed precision. A 0 or 1
    # printed without decimals is exact (a JSON `1`, a "best_metric: 1"), not 0.5..1.5.
    vague = significant_digits(claim) < 2
    exact_print = printed_decimals == 0 and metric.value in (0.0, 1.0, -1.0)
    if metric.value == 0.0 and claim != 0.0:
        return None  # a printed zero (BLEU 0.0) never stands for a claimed non-zero number
    for label, value, decimals in candidates:
        places = decimals if vague else min(claim_decimals, decimals)
        if exact_print and label == "":
            places = max(places, 12)
        tolerance = 0.5 * 10.0**-places
        # the claim is the printed value rounded half up: 0.135 is 0.14, never 0.13
        slack, above = 1e-9 * max(1.0, abs(claim)), value - claim
        if abs(above) <= slack:
            return label
        if claim_decimals > decimals and abs(abs(above) - tolerance) <= slack:
            # a claim more precise than the print, exactly half a unit off it (87.5 for a
            # printed 0.87, 88): rounding could go either way, so it is not shown to be it
            continue
        if -tolerance - slack <= above < tolerance - slack:
            return label
    return None


def _shown_decimals(metric: ExtractedMetric, scaled: str) -> int:
    """Decimals of the printed value as the claim reads it (a fraction read as a percentage
    loses two)."""
    decimals = metric.decimals if metric.decimals is not None else float_decimals(metric.value)
    return {"percent": max(decimals - 2, 0), "fraction": decimals + 2}.get(scaled, decimals)


def copied_from_another(
    value: float,
    decimals: int,
    metric: ExtractedMetric,
    scaled: str,
    metrics: list[ExtractedMetric],
) -> bool:
    """A claim more precise than the value it rounds to, whose every digit another metric of the
    log prints (`valid_uer: 99.982` beside `valid_wer: 100`), was copied from that metric; not
    when a value of the claimed metric prints them too (a rounded and a full print of one
    accuracy), unless that value is another data set's row (Kaldi's `%WER 24.87` of
    `librispeech.si` beside `%WER 24.9` of `eval2000`: a claim of 24.87 on eval2000 copied the
    other row)."""
    if value == 0:
        return False
    more_precise = _shown_decimals(metric, scaled) < decimals
    if not (more_precise or scaled):
        return False  # (a rounding of the value printed beside it, unscaled, is the value's)
    sense = sense_of(metric.name)
    copied = False
    for other in metrics:
        how = value_match(value, decimals, other) if other is not metric else None
        if how is None or _shown_decimals(other, how) < decimals:
            continue
        theirs = sense_of(other.name)
        if theirs.base == sense.base and not _other_row(sense.scope, theirs.scope):
            return False  # (the claimed metric prints it in full too: a rounded print beside)
        copied = True
    if copied and more_precise:
        return True
    return _printed_beside(value, decimals, metric, scaled)


def _other_row(scope: tuple[str, ...], theirs: tuple[str, ...]) -> bool:
    """Are two values of one metric rows of different data sets (both scoped, no scope in
    common)?"""
    return bool(scope) and bool(theirs) and not set(scope) & set(theirs)


# A hedge before a value in prose ("around 80%", "about 0.35", "~50%"): the writer gives it
# only to its printed digits.
_HEDGE = re.compile(
    r"(?i)(?:\b(?:around|about|approximately|approx\.?|roughly|nearly|almost)\s++|~\s*+"
    r"|\u2248\s*+)$"
)


def hedged_rounding(value: float, decimals: int, metric: ExtractedMetric, scaled: str) -> bool:
    """Is a claim more precise than a value the writer hedged ("I get around 80%", a claim of
    80.1)? Then the claim's extra digits are not shown: the value is no more than its digits."""
    if _shown_decimals(metric, scaled) >= decimals or not metric.evidence:
        return False
    shown_value = metric.value * {"percent": 100.0, "fraction": 0.01}.get(scaled, 1.0)
    if abs(shown_value - value) <= 1e-9 * max(1.0, abs(value)):
        return False  # the value itself (80.0 for "around 80%")
    evidence = metric.evidence
    for shown in re.finditer(r"(?<![\d.])" + re.escape(printed(metric)) + r"(?!\.?\d)", evidence):
        if _HEDGE.search(evidence, max(0, shown.start() - 16), shown.start()):
            return True
    return False


def beyond_one_digit(value: float, metric: ExtractedMetric, scaled: str) -> bool:
    """Is the value printed to a single significant digit ("an MRR of 0.2", `eval_accuracy =
    0.1`, "5%") and the claim more precise than that (0.249)? A print of one digit carries no
    rounding slack for digits it never states: 0.2 shows 0.2 (and 20 as a percentage), not
    0.249, which a careful reader would not take from it. (A claim of two or more digits
    rounding to a longer print, 80.86 for 80.858, stays a rounding of the value.)"""
    if metric.value == 0.0:
        return False
    if len(printed(metric).lstrip("-").replace(".", "").lstrip("0")) >= 2:
        return False
    places = _shown_decimals(metric, scaled)
    return abs(round(value, places) - value) > 1e-9 * max(1.0, abs(value))


def an_earlier_value(value: float, metric: ExtractedMetric, scaled: str) -> bool:
    """Does the claim match the run's last value of its name only within rounding, while an
    earlier value of that name (a running value of an earlier epoch, which the last one
    superseded) is the claim exactly? `WER (ep:28): 13.30 %` ... `WER (ep:30): 13.34 %`: a
    claim of 13.3 is epoch 28's value, not a rounding of epoch 30's. Not when the earlier
    print is itself the last value rounded (`hmean:0.85170` at one threshold, then the
    summary's `hmean:0.8517020559487699`): the claim is both."""
    if not metric.superseded:
        return False
    factor = {"percent": 100.0, "fraction": 0.01}.get(scaled, 1.0)
    slack = 1e-9 * max(1.0, abs(value))
    if abs(metric.value * factor - value) <= slack:
        return False  # the last value itself
    for earlier, decimals in metric.superseded:
        if abs(earlier * factor - value) > slack:
            continue
        places = decimals if decimals is not None else float_decimals(earlier)
        if abs(round(metric.value, places) - earlier) > 1e-9 * max(1.0, abs(earlier)):
            return True
    return False


# A number as printed in prose or a log line, not part of a longer number or a word.
_LINE_NUMBER = re.compile(r"(?<![\w.])\d++(?:\.\d++)?+(?![\w]|\.\d)")


def _printed_beside(value: float, decimals: int, metric: ExtractedMetric, scaled: str) -> bool:
    """Does the value's own line print the claim's every digit as another number ("got an MRR
    of 0.2; the paper reports 0.156", "accuracy 77.61 +- 0.78")? Then a claim that is the
    value only within rounding (0.156 for 0.2, 0.78 for 77.61 as a fraction) is that number."""
    if decimals <= 0 or not metric.evidence or decimals > 12:
        return False
    shown = metric.value * {"percent": 100.0, "fraction": 0.01}.get(scaled, 1.0)
    if abs(shown - value) <= 1e-9 * max(1.0, abs(value)):
        return False  # the value itself, scaled or not: no other number's
    digits = f"{abs(value):.{decimals}f}"
    return digits in metric.evidence and any(
        m.group() == digits for m in _LINE_NUMBER.finditer(metric.evidence)
    )


def printed_as_percent(metric: ExtractedMetric, metrics: list[ExtractedMetric]) -> bool:
    """Is a value up to 1 already a percentage, the log printing the same metric elsewhere as
    its fraction (detectron2's `'AP': 0.1485` in percent beside pycocotools' `= 0.001`)? Then a
    claim of 100 times it is not the same value."""
    if not 0.0 < abs(metric.value) <= 1.0:
        return False
    sense = sense_of(metric.name)
    same = (sense.base, sense.k, sense.qualifiers, sense.stat, sense.scope)
    for other in metrics:
        if other.value == 0.0 or abs(other.value) * 10.0 > abs(metric.value):
            continue
        decimals = other.decimals if other.decimals is not None else float_decimals(other.value)
        if abs(metric.value / 100.0 - other.value) > 0.5 * 10.0**-decimals + 1e-12:
            continue
        theirs = sense_of(other.name)
        if (theirs.base, theirs.k, theirs.qualifiers, theirs.stat, theirs.scope) == same:
            return True
    return False
