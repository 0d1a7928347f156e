"""Offline checks of a built template (`python -m infra.check build/prod`).

1. Structure: every resource has a Type (a merge override of a resource chalice did not emit
   would not), every intrinsic has exactly one key (the deep-merge pitfall), and no
   placeholder ARN survived the merge.
2. cfn-lint on the SAM template (`sam.json`, what gets deployed).
3. The SAM transform, run locally with aws-sam-translator (the library CloudFormation runs for
   `AWS::Serverless-2016-10-31`), and cfn-lint again on the plain CloudFormation it produces
   (`expanded.json`): the event source mappings and roles are checked as deployed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chalicelib.settings import PLACEHOLDER_STREAM_ARN

PLACEHOLDER_ROLE_ARN = "arn:aws:iam::000000000000:role/replaced-by-infra-merge-template"
PLACEHOLDERS = (PLACEHOLDER_STREAM_ARN, PLACEHOLDER_ROLE_ARN, "000000000000")

# cfn-lint warnings we accept, with the reason. Anything else (and every error) fails.
ALLOWED_WARNINGS: dict[str, str] = {}

# What `aws cloudformation package` puts in place of the local CodeUri.
PACKAGED_CODE_URI = "s3://artifact-bucket/deployment.zip"


@dataclass
class Report:
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def extend(self, other: Report) -> None:
        self.errors += other.errors
        self.warnings += other.warnings


class CheckFailed(Exception):
    def __init__(self, report: Report) -> None:
        super().__init__("\n".join(report.errors))
        self.report = report


def _walk(node: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, f"{path}/{i}")


def structure_errors(template: dict[str, Any]) -> list[str]:
    errors = []
    for name, resource in template.get("Resources", {}).items():
        if "Type" not in resource:
            errors.append(
                f"/Resources/{name}: no Type (merged onto a resource chalice did not emit?)"
            )
    for path, node in _walk(template):
        if isinstance(node, dict) and len(node) > 1:
            intrinsics = [k for k in node if k == "Ref" or k.startswith("Fn::")]
            if intrinsics:
                errors.append(f"{path}: intrinsic mixed with other keys {sorted(node)}")
        if isinstance(node, str) and any(p in node for p in PLACEHOLDERS):
            errors.append(f"{path}: placeholder left in the template: {node}")
    return errors


def lint(template: dict[str, Any], region: str, name: str) -> Report:
    from cfnlint.api import lint as cfn_lint
    from cfnlint.config import ManualArgs

    report = Report()
    for match in cfn_lint(json.dumps(template, indent=1), config=ManualArgs(regions=[region])):
        rule = match.rule.id
        where = "/".join(str(p) for p in getattr(match, "path", []) or [])
        text = f"{name}: {rule} {where}: {match.message}"
        if rule.startswith("W") and rule in ALLOWED_WARNINGS:
            report.warnings.append(f"{text} (accepted: {ALLOWED_WARNINGS[rule]})")
        elif rule.startswith("I"):
            report.warnings.append(text)
        else:
            report.errors.append(text)
    return report


def expand_sam(template: dict[str, Any], region: str) -> dict[str, Any]:
    """The plain CloudFormation that the SAM transform makes of `template`."""
    from samtranslator.translator.transform import transform

    class NoManagedPolicies:  # the template names no managed policies
        def load(self) -> dict[str, str]:
            return {}

    doc = json.loads(json.dumps(template))
    for resource in doc.get("Resources", {}).values():
        props = resource.get("Properties", {})
        if resource.get("Type") == "AWS::Serverless::Function" and isinstance(
            props.get("CodeUri"), str
        ):
            props["CodeUri"] = PACKAGED_CODE_URI
    os.environ.setdefault("AWS_DEFAULT_REGION", region)
    pseudo = {
        "AWS::Region": region,
        "AWS::Partition": "aws",
        "AWS::AccountId": "123456789012",
        "AWS::StackName": "sotav",
        "AWS::StackId": "sotav",
        "AWS::URLSuffix": "amazonaws.com",
        "AWS::NotificationARNs": [],
    }
    expanded: dict[str, Any] = transform(doc, pseudo, NoManagedPolicies())
    return expanded


def check_dir(out: Path, region: str) -> Report:
    """Check `out/sam.json`; writes `out/expanded.json`. Raises CheckFailed on any error."""
    template = json.loads((out / "sam.json").read_text())
    report = Report(errors=structure_errors(template))
    report.extend(lint(template, region, "sam.json"))
    try:
        expanded = expand_sam(template, region)
    except Exception as exc:  # samtranslator's InvalidDocumentException lists every problem
        report.errors.append(f"SAM transform failed: {exc}")
    else:
        (out / "expanded.json").write_text(json.dumps(expanded, indent=1, sort_keys=True))
        report.extend(lint(expanded, region, "expanded.json"))
    if report.errors:
        raise CheckFailed(report)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="a build directory holding sam.json")
    parser.add_argument("--region", default=os.environ.get("AWS_DEFAULT_REGION", "us-east-1"))
    args = parser.parse_args(argv)
    try:
        report = check_dir(args.out, args.region)
    except CheckFailed as failed:
        print("\n".join(failed.report.errors + failed.report.warnings), file=sys.stderr)
        return 1
    for warning in report.warnings:
        print(warning, file=sys.stderr)
    print(f"{args.out / 'sam.json'}: structure, cfn-lint and SAM transform OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
