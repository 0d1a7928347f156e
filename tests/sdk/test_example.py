"""The example agent script, run as a user would: a subprocess against the local stack."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable

import pytest

from tests.conftest import ROOT, LocalStack

pytestmark = pytest.mark.e2e
SCRIPT = ROOT / "sdk" / "examples" / "reproduce_flag.py"


def run_example(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT)],
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if not k.startswith("SOTAVERIFIED_")} | env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_example_reproduces_flag_at_trust_tier_2(
    local_stack: LocalStack, new_agent_key: Callable[[], str]
) -> None:
    done = run_example(
        {"SOTAVERIFIED_URL": local_stack.url, "SOTAVERIFIED_API_KEY": new_agent_key()}
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "claims Test Accuracy 0.8193 on ogbn-products" in done.stdout
    assert "validation: passed" in done.stdout
    assert "trust tier: 2" in done.stdout.splitlines()


def test_the_example_explains_a_missing_key(local_stack: LocalStack) -> None:
    done = run_example({"SOTAVERIFIED_URL": local_stack.url})
    assert done.returncode == 2 and "SOTAVERIFIED_API_KEY" in done.stderr
