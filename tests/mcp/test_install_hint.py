"""`sotaverified-mcp` installed without the `mcp` extra: a message saying how to add it and a
non-zero exit, not a traceback. The SDK is built and installed, without the extra, into a new
virtual environment, as `pip install ./sdk` would."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT


def run(*command: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


@pytest.fixture(scope="module")
def plain_sdk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtual environment with the SDK and nothing else (no mcp, no pydantic); its bin/."""
    work = tmp_path_factory.mktemp("plain-sdk")
    source = shutil.copytree(
        ROOT / "sdk", work / "sdk", ignore=shutil.ignore_patterns("*.egg-info")
    )
    built = run(
        sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
        "--no-index", source, "-w", work / "wheels",
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    assert run(sys.executable, "-m", "venv", "--without-pip", work / "venv").returncode == 0
    python = work / "venv" / "bin" / "python"
    installed = run(
        sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps",
        "--no-index", *sorted((work / "wheels").glob("sotaverified-*.whl")),
    )  # fmt: skip
    assert installed.returncode == 0, installed.stderr
    assert run(python, "-c", "import mcp").returncode != 0  # really without the extra
    return python.parent


def test_the_console_script_says_how_to_install_the_extra(plain_sdk: Path) -> None:
    # Given the SDK installed without its mcp extra
    # When the MCP server is started, as a console script or as a module
    for command in (
        [plain_sdk / "sotaverified-mcp"],
        [plain_sdk / "python", "-m", "sotaverified.mcp_server"],
    ):
        done = run(*command)
        # Then it says how to install the extra and exits with status 1, without a traceback
        assert done.returncode == 1, done.stderr
        assert "pip install './sdk[mcp]'" in done.stderr
        assert "pip install 'sotaverified[mcp]'" in done.stderr
        assert "Traceback" not in done.stderr and done.stdout == ""


def test_the_plain_sdk_works_without_the_extra(plain_sdk: Path) -> None:
    # Given the same installation, the client (standard library only) imports and builds
    done = run(
        plain_sdk / "python",
        "-c",
        "from sotaverified import Client; print(Client('http://127.0.0.1:8000', api_key=None))",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Client('http://127.0.0.1:8000', api_key=<none>)"
