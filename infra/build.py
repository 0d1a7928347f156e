"""Build the deployable template and code package of a stage:

    python -m infra.build --stage prod --out build/prod

1. Import `app.py` as the stage would run it and list its functions and triggers
   (`infra.functions`).
2. Generate the merge template from the code (`infra.template`) -> OUT/merge-template.json.
3. Run `chalice package --stage STAGE --merge-template ... OUT` on a staged copy of the project
   (OUT/.project: app.py, chalicelib/, vendor/, requirements.txt and `.chalice/config.json`
   with `manage_iam_role: false`, because the roles come from the merge template). The Linux
   wheels come from a wheelhouse (`build/wheelhouse/<hash>`), downloaded once from the package
   index for the Lambda platform and pinned by constraints.txt; later builds run offline.
4. Check the result (`infra.check`): structure, cfn-lint, SAM transform.

OUT then holds sam.json (deploy this), deployment.zip, merge-template.json, expanded.json
(the plain CloudFormation the SAM transform makes, for review) and functions.json.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

from chalicelib.settings import _ENV
from infra.check import PLACEHOLDER_ROLE_ARN, CheckFailed, check_dir
from infra.functions import Function, functions_of, import_app
from infra.stage import ROOT, BuildError, Stage, load_stage, read_config
from infra.template import merge_template

# Lambda's python3.x runtimes run on Amazon Linux 2/2023 (glibc >= 2.26): manylinux2014 wheels.
LAMBDA_PLATFORMS = (
    "manylinux2014_x86_64",
    "manylinux_2_17_x86_64",
    "manylinux2010_x86_64",
    "manylinux1_x86_64",
)
PY_VERSION = f"{sys.version_info.major}.{sys.version_info.minor}"
ABI = f"cp{sys.version_info.major}{sys.version_info.minor}"


def _requirements(path: Path) -> list[tuple[str, str | None]]:
    """(name, pinned version or None) of each requirement line."""
    out = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        match = re.match(
            r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*(?:==\s*([^\s;]+))?", line
        )
        if match:
            out.append((match.group(1), match.group(2)))
    return out


def ensure_wheelhouse(project_dir: Path, root: Path) -> Path | None:
    """Linux wheels for requirements.txt (pinned by constraints.txt), downloaded once."""
    requirements = project_dir / "requirements.txt"
    if not requirements.exists() or not _requirements(requirements):
        return None
    constraints = project_dir / "constraints.txt"
    digest = hashlib.sha256()
    for path in (requirements, constraints):
        digest.update(path.read_bytes() if path.exists() else b"")
    digest.update(" ".join((*LAMBDA_PLATFORMS, PY_VERSION, ABI)).encode())
    target = root / digest.hexdigest()[:16]
    if (target / ".complete").exists():
        return target
    root.mkdir(parents=True, exist_ok=True)
    partial = root / f".{target.name}.{os.getpid()}"
    shutil.rmtree(partial, ignore_errors=True)
    command = [sys.executable, "-m", "pip", "download", "--quiet", "-r", str(requirements)]
    if constraints.exists():
        command += ["-c", str(constraints)]
    command += ["--only-binary=:all:", "--implementation", "cp"]
    command += ["--python-version", PY_VERSION, "--abi", ABI, "--dest", str(partial)]
    for platform in LAMBDA_PLATFORMS:
        command += ["--platform", platform]
    print(f"Downloading Lambda wheels into {target} ...", file=sys.stderr)
    result = subprocess.run(command, capture_output=True, text=True, check=False)  # noqa: S603
    if result.returncode != 0:
        shutil.rmtree(partial, ignore_errors=True)
        raise BuildError(f"pip download failed:\n{result.stdout}\n{result.stderr}")
    (partial / ".complete").touch()
    try:
        partial.rename(target)
    except OSError:  # another build finished first
        shutil.rmtree(partial, ignore_errors=True)
    return target


def stage_project(project_dir: Path, staging: Path, stage: Stage) -> Path:
    """A copy of what chalice packages, with the stage told to use pre-made roles (the merge
    template replaces the placeholder ARN with one role per function)."""
    shutil.rmtree(staging, ignore_errors=True)
    (staging / ".chalice").mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copy2(project_dir / "app.py", staging / "app.py")
    for name in ("chalicelib", "vendor"):
        if (project_dir / name).is_dir():
            shutil.copytree(project_dir / name, staging / name, ignore=ignore)
    requirements = project_dir / "requirements.txt"
    (staging / "requirements.txt").write_text(
        requirements.read_text() if requirements.exists() else ""
    )
    config = read_config(project_dir)
    config["stages"][stage.name].update(
        {"manage_iam_role": False, "iam_role_arn": PLACEHOLDER_ROLE_ARN}
    )
    (staging / ".chalice" / "config.json").write_text(json.dumps(config, indent=2))
    return staging


def chalice_package(
    staging: Path, stage: Stage, out: Path, merge: Path, wheelhouse: Path | None
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in _ENV.values()}
    env |= {"AWS_DEFAULT_REGION": stage.region, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    if wheelhouse is not None:
        env |= {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheelhouse)}
    command = [
        sys.executable,
        "-c",
        "import sys; from chalice.cli import main; sys.exit(main())",
        "--project-dir",
        str(staging),
        "package",
        "--stage",
        stage.name,
        "--merge-template",
        str(merge),
        str(out),
    ]
    result = subprocess.run(  # noqa: S603
        command, capture_output=True, text=True, env=env, check=False
    )
    if result.returncode != 0 or "Could not install dependencies" in result.stdout:
        raise BuildError(f"chalice package failed:\n{result.stdout}\n{result.stderr}")


def check_package(zip_path: Path, requirements: Path) -> None:
    """chalice only warns when it cannot fetch a dependency: make that an error."""
    with zipfile.ZipFile(zip_path) as archive:
        names = archive.namelist()
    dist_infos = {
        re.sub(r"[-_.]+", "_", n.split("/", 1)[0].removesuffix(".dist-info")).lower()
        for n in names
        if n.split("/", 1)[0].endswith(".dist-info")
    }
    missing = []
    for name, version in _requirements(requirements) if requirements.exists() else []:
        wanted = re.sub(r"[-_.]+", "_", f"{name}-{version}" if version else name).lower()
        if not any(d == wanted or d.startswith(wanted + "_") for d in dist_infos):
            missing.append(f"{name}=={version}" if version else name)
    foreign = [n for n in names if n.endswith((".pyd", ".dylib")) or "darwin" in n]
    if missing or foreign:
        raise BuildError(f"deployment.zip lacks {missing} or holds non-Linux binaries {foreign}")


def check_overrides(out: Path, functions: list[Function]) -> None:
    """Every function the merge template addressed is one chalice generated."""
    resources = json.loads((out / "sam.json").read_text())["Resources"]
    for fn in functions:
        props = resources.get(fn.cfn_name, {}).get("Properties", {})
        if props.get("Handler") != fn.handler:
            raise BuildError(f"{fn.cfn_name}: chalice emitted no function for {fn.handler}")
        if fn.event_name and "Type" not in props.get("Events", {}).get(fn.event_name, {}):
            raise BuildError(f"{fn.cfn_name}: chalice emitted no event {fn.event_name}")


def _describe(fn: Function, stage: Stage) -> dict[str, str | None]:
    return {
        "function_name": stage.function_name(fn.name),
        "resource": fn.cfn_name,
        "handler": fn.handler,
        "trigger": fn.trigger,
        "table": fn.table.logical_name if fn.table else None,
        "queue": fn.queue,
    }


def build(
    stage_name: str,
    out: Path,
    project_dir: Path = ROOT,
    wheelhouse_root: Path | None = None,
    region: str = "us-east-1",
    check: bool = True,
) -> Path:
    started = time.monotonic()
    out = out.resolve()
    project_dir = project_dir.resolve()
    stage = load_stage(stage_name, project_dir, region)
    functions = functions_of(import_app(stage, project_dir), stage)

    out.mkdir(parents=True, exist_ok=True)
    for stale in ("sam.json", "expanded.json", "deployment.zip"):
        (out / stale).unlink(missing_ok=True)
    merge = out / "merge-template.json"
    merge.write_text(json.dumps(merge_template(stage, functions), indent=1))
    (out / "functions.json").write_text(
        json.dumps([_describe(fn, stage) for fn in functions], indent=1)
    )

    wheelhouse = ensure_wheelhouse(project_dir, wheelhouse_root or ROOT / "build" / "wheelhouse")
    staging = stage_project(project_dir, out / ".project", stage)
    chalice_package(staging, stage, out, merge, wheelhouse)
    check_package(out / "deployment.zip", project_dir / "requirements.txt")
    check_overrides(out, functions)
    if check:
        report = check_dir(out, region)
        for warning in report.warnings:
            print(warning, file=sys.stderr)
    print(
        f"Built stage {stage.name} into {out} in {time.monotonic() - started:.1f}s: "
        f"{len(functions)} functions; sam.json checked (structure, cfn-lint, SAM transform)"
        if check
        else f"Built stage {stage.name} into {out} (not checked)"
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build a stage's deployable SAM template.")
    parser.add_argument("--stage", required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--project-dir", type=Path, default=ROOT)
    parser.add_argument(
        "--wheelhouse", type=Path, default=None, help="default: build/wheelhouse in the repo"
    )
    parser.add_argument("--region", default=os.environ.get("AWS_DEFAULT_REGION", "us-east-1"))
    parser.add_argument("--no-check", action="store_true", help="skip cfn-lint and the transform")
    args = parser.parse_args(argv)
    try:
        build(
            args.stage,
            args.out,
            args.project_dir,
            args.wheelhouse,
            args.region,
            check=not args.no_check,
        )
    except CheckFailed as failed:
        print("\n".join(failed.report.errors), file=sys.stderr)
        return 1
    except BuildError as error:
        print(f"infra.build: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
