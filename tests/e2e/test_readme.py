"""The README, run as written: its walkthrough, the curl flow for agents, the SDK snippet and
the ingest example are taken from README.md itself and pasted into bash / Python against a
fresh local stack with the sample (so the README cannot drift from what the system does).
The only edits are the ones the README tells a reader with other ports to make: the stack's
URL for `API=` and `SOTAVERIFIED_URL`, and `MOTO_PORT` in the environment."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from tests.conftest import ROOT, LocalStack, free_port, spawn_stack

pytestmark = pytest.mark.e2e

README = ROOT / "README.md"
DEFAULT_API = "http://127.0.0.1:8000"


def section(title: str) -> str:
    """The text under a heading (any level), up to the next heading of that level or higher
    (lines inside fenced code blocks, such as shell comments, are not headings)."""
    lines = README.read_text().splitlines(keepends=True)
    fenced = False
    level = 0
    taken: list[str] = []
    for line in lines:
        if line.startswith("```"):
            fenced = not fenced
        heading = re.match(r"(#+) (.*)", line) if not fenced else None
        if heading and level and len(heading.group(1)) <= level:
            break
        if level:
            taken.append(line)
        elif heading and heading.group(2).strip() == title:
            level = len(heading.group(1))
    assert level, f"README.md has no heading {title!r}"
    return "".join(taken)


def code_blocks(text: str, info: str = "") -> list[str]:
    """The fenced code blocks of `text` whose info string is `info` ("" = a plain fence)."""
    return re.findall(rf"^```{info}\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)


def bash(script: str, stack: LocalStack, extra_env: dict[str, str] | None = None) -> str:
    """Run README shell text as a reader pastes it (with -e and pipefail, so a failing step
    fails the test), pointed at `stack`; its output."""
    assert f"API={DEFAULT_API}" in script or "$API" not in script
    script = script.replace(f"API={DEFAULT_API}", f"API={stack.url}")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SOTAV_", "SOTAVERIFIED_"))}
    env.update({"MOTO_PORT": str(stack.moto_port), **(extra_env or {})})
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, f"exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def fresh_stack() -> Iterator[LocalStack]:
    """A stack of its own, as a newcomer's first `make run` (other tests score FLAG too)."""
    with spawn_stack(sample=True, ready_timeout=300) as stack:
        yield stack


def test_the_walkthrough_and_the_curl_flow_run_as_pasted(fresh_stack: LocalStack) -> None:
    # Given the walkthrough and the agents' curl flow, as the README shows them
    walkthrough = code_blocks(section("Walkthrough: submit, review, score"))
    curl_flow = code_blocks(section("The same flow with curl"))
    assert len(walkthrough) == 1 and len(curl_flow) == 1
    # When they are pasted, one after the other, into one shell
    lines = bash(walkthrough[0] + "\n" + curl_flow[0], fresh_stack).splitlines()
    # Then every step printed what the README's comments say
    assert "FLAG (2010.09891) scores 5" in lines
    created = json.loads(next(line for line in lines if line.startswith('{"reproduction_id"')))
    assert created["status"] == "agent_pending"
    assert created["validation"]["state"] == "pending"
    assert "validation: passed" in lines
    assert "verified" in lines
    assert "score: 5 -> 20" in lines
    assert lines[-1] == "validation: passed, trust tier: 2"
    # and the ledger agrees
    paper = requests.get(f"{fresh_stack.url}/api/v1/papers/2010.09891", timeout=10).json()
    assert paper["verification_score"] == 20
    mine = requests.get(
        f"{fresh_stack.url}/api/v1/reproductions/{created['reproduction_id']}", timeout=10
    ).json()
    assert mine["status"] == "verified"


def test_the_sdk_snippet_runs_as_written(fresh_stack: LocalStack, tmp_path: Path) -> None:
    # Given the SDK section: the export of a new agent key, then the snippet saved as agent.py
    sdk = section("Python SDK")
    (export,) = code_blocks(sdk)
    snippet = code_blocks(sdk, "python")[0]
    (tmp_path / "agent.py").write_text(snippet)
    # When both are run as the README says (from the repository folder)
    out = bash(
        f"{export}\n.venv/bin/python {tmp_path / 'agent.py'}",
        fresh_stack,
        {"SOTAVERIFIED_URL": fresh_stack.url},
    )
    # Then it prints the trust tier the comment promises
    assert out.split()[0] == "2", out


def test_the_ingest_example_runs_on_a_fresh_clone(fresh_stack: LocalStack) -> None:
    # Given the first command of the Admin CLI section (the bundled sample)
    (example, *_) = code_blocks(section("Admin CLI"))
    assert "sample_data/" in example
    # When it is run against the stack that already loaded the sample
    report = json.loads(bash(example, fresh_stack))
    # Then it read every file and found nothing to change
    assert report["papers_created"] == 0 and report["papers_updated"] == 0
    assert report["papers_unchanged"] == 129


def test_the_cli_says_how_to_start_the_stack_when_nothing_answers() -> None:
    # Given no local stack on the port the CLI is told to use
    env = {k: v for k, v in os.environ.items() if not k.startswith("SOTAV_")}
    env["MOTO_PORT"] = str(free_port())
    for command in (
        ["accounts", "create", "--role", "agent", "--name", "x", "--json"],
        ["ingest", "--evaluation-tables", "sample_data/ogb.json"],
        ["redrive"],
    ):
        # When an admin command runs
        done = subprocess.run(
            [sys.executable, "-m", "chalicelib.cli", *command],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        # Then it says what to do, without a traceback
        assert done.returncode == 1, done.stderr
        assert "the local stack is not running" in done.stderr
        assert "make run" in done.stderr and f"this used {env['MOTO_PORT']}" in done.stderr
        assert "Traceback" not in done.stderr and done.stdout == ""


def test_the_uploads_example_runs_as_written(fresh_stack: LocalStack, tmp_path: Path) -> None:
    # Given the uploads example, with what it says it needs: API and an agent KEY as in the
    # walkthrough, and a run's log in train.log
    block = code_blocks(section("Large logs: uploads"))
    assert len(block) == 1
    log = "".join(f"Epoch {n:3d}: loss 0.{n:04d}\n" for n in range(1, 400))
    (tmp_path / "train.log").write_text(log + "Test Accuracy: 0.8190\n")
    cli = f"{ROOT}/.venv/bin/python -m chalicelib.cli"
    prelude = (
        f"API={DEFAULT_API}\n"
        f"KEY=$({cli} accounts create --role agent --name readme-uploads --json"
        " | python3 -c 'import json,sys; print(json.load(sys.stdin)[\"key\"])')\n"
        f"cd {tmp_path}\n"
    )
    # When it is pasted into a shell
    out = bash(prelude + block[0], fresh_stack)
    # Then the submission is accepted with the uploaded log, and its validation passes
    created = json.loads(out.strip().splitlines()[-1])
    assert created["status"] == "agent_pending", created
    rid = created["reproduction_id"]
    for _ in range(60):
        mine = requests.get(f"{fresh_stack.url}/api/v1/reproductions/{rid}", timeout=10).json()
        if mine["validation"]["state"] != "pending":
            break
        time.sleep(0.5)
    assert mine["validation"]["state"] == "passed", mine["validation"]
