"""evo's `evo_ape` / `evo_rpe` results (readers/evo.py): a title naming the error, then one
statistic a line."""

from __future__ import annotations

from tests.unit.metrics._helpers import confirms

APE = (
    "APE w.r.t. translation part (m)\n"
    "(with SE(3) Umeyama alignment)\n"
    "\n"
    "       max\t0.402117\n"
    "      mean\t0.120330\n"
    "    median\t0.098761\n"
    "       min\t0.004512\n"
    "      rmse\t0.141029\n"
    "       sse\t21.733502\n"
    "       std\t0.073542\n"
)


def test_each_statistic_is_the_titles_errors() -> None:
    assert confirms(APE, "APE mean", 0.12033)
    assert confirms(APE, "APE median", 0.0988)
    assert confirms(APE, "APE RMSE", 0.141029)
    assert confirms(APE, "ATE RMSE", 0.141)
    assert not confirms(APE, "APE mean", 0.098761)
    assert not confirms(APE, "APE RMSE", 0.07354)


def test_a_relative_error_is_not_the_absolute_one() -> None:
    rpe = APE.replace("APE w.r.t. translation part (m)", "RPE w.r.t. translation part (m)")
    assert confirms(rpe, "RPE mean", 0.12033)
    assert not confirms(rpe, "APE mean", 0.12033)
