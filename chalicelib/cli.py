"""Admin CLI: `python -m chalicelib.cli --help`.

Targets the local stack (moto on 127.0.0.1:$MOTO_PORT, default 4566) unless `--stage NAME`
is given, in which case it uses your AWS credentials and the `sotav-NAME` resources.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from chalicelib.settings import reset_settings


def _target(args: argparse.Namespace) -> None:
    if args.stage:
        prefix = f"sotav-{args.stage}"
        os.environ.pop("SOTAV_AWS_ENDPOINT_URL", None)
    else:
        prefix = "sotav-local"
        port = os.environ.get("MOTO_PORT", "4566")
        os.environ.setdefault("SOTAV_AWS_ENDPOINT_URL", f"http://127.0.0.1:{port}")
        os.environ.setdefault("AWS_ACCESS_KEY_ID", "local")
        os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "local")
        os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
    os.environ["SOTAV_RESOURCE_PREFIX"] = prefix
    os.environ["SOTAV_UPLOADS_BUCKET"] = f"{prefix}-uploads"
    os.environ["SOTAV_VALIDATOR_QUEUE"] = f"{prefix}-validate"
    reset_settings()


def _progress(phase: str, done: int, total: int) -> None:
    end = "\n" if done == total else ""
    print(f"\r  {phase}: {done}/{total}", end=end, file=sys.stderr, flush=True)


def cmd_ingest(args: argparse.Namespace) -> int:
    from chalicelib.services.ingest import ingest_files

    files = [*args.evaluation_tables, *args.links, *args.papers]
    missing = [str(p) for p in files if not p.is_file()]
    if not files:
        print(
            "nothing to ingest: pass --evaluation-tables, --links and/or --papers", file=sys.stderr
        )
        return 2
    if missing:
        print(f"no such file: {', '.join(missing)}", file=sys.stderr)
        return 2
    report = ingest_files(
        evaluation_tables=args.evaluation_tables,
        links=args.links,
        papers=args.papers,
        progress=_progress,
    )
    print(json.dumps(report.as_dict(), indent=2))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m chalicelib.cli", description=__doc__)
    parser.add_argument(
        "--stage", help="deployed stage to target (default: the local stack on moto)"
    )
    commands = parser.add_subparsers(dest="command", required=True)

    ingest = commands.add_parser("ingest", help="ingest Papers-with-Code dump files")
    ingest.add_argument(
        "--evaluation-tables",
        type=Path,
        action="append",
        default=[],
        help="evaluation-tables.json (TaskDB format); repeatable",
    )
    ingest.add_argument(
        "--links",
        type=Path,
        action="append",
        default=[],
        help="links-between-papers-and-code.json; repeatable",
    )
    ingest.add_argument(
        "--papers",
        type=Path,
        action="append",
        default=[],
        help="papers-with-abstracts.json; repeatable",
    )
    ingest.set_defaults(func=cmd_ingest)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    _target(args)
    from chalicelib.errors import DomainError

    try:
        result: Any = args.func(args)
    except DomainError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 1
    return int(result)


if __name__ == "__main__":
    sys.exit(main())
