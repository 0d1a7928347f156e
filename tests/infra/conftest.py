"""The prod template, built once per test session by the real build (`python -m infra.build`):
`chalice package` with the generated merge template, then cfn-lint and the SAM transform. The
Linux wheels come from `build/wheelhouse` (downloaded from the package index on first use)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT


@dataclass(frozen=True)
class Built:
    out: Path
    sam: dict[str, Any]  # what gets deployed (SAM)
    expanded: dict[str, Any]  # the plain CloudFormation the SAM transform makes of it
    functions: list[dict[str, Any]]
    seconds: float

    def resources(self, type_: str, template: str = "sam") -> dict[str, dict[str, Any]]:
        doc = self.sam if template == "sam" else self.expanded
        return {k: v for k, v in doc["Resources"].items() if v["Type"] == type_}


@pytest.fixture(scope="session")
def built_prod(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Built]:
    import time

    out = tmp_path_factory.mktemp("infra") / "prod"
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "infra.build", "--stage", "prod", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    yield Built(
        out=out,
        sam=json.loads((out / "sam.json").read_text()),
        expanded=json.loads((out / "expanded.json").read_text()),
        functions=json.loads((out / "functions.json").read_text()),
        seconds=time.monotonic() - started,
    )
