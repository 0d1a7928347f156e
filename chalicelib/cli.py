"""Admin CLI: `python -m chalicelib.cli --help`.

Targets the local stack (moto on 127.0.0.1:$MOTO_PORT, default 4566) unless `--stage NAME`
is given, in which case it uses your AWS credentials and the `sotav-NAME` resources.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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


def _not_running(endpoint: str) -> str:
    port = urlsplit(endpoint).port
    return (
        f"error: the local stack is not running: nothing answers at {endpoint} (its moto "
        "server).\n"
        "Start it with `make run` in another terminal (from the repository root) and try "
        "again.\n"
        "If it runs its moto server on another port (`make run MOTO_PORT=...`; the stack "
        f"prints it on its `moto` line), set the same MOTO_PORT here (this used {port}), e.g.\n"
        "  MOTO_PORT=4567 .venv/bin/python -m chalicelib.cli ...\n"
        "To manage a deployed stage instead, pass --stage NAME."
    )


def _reachable(endpoint: str) -> bool:
    """Whether something accepts connections at the local stack's moto endpoint."""
    parts = urlsplit(endpoint)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 80), 2):
            return True
    except OSError:
        return False


def _connection_failed(exc: BaseException) -> bool:
    """Whether botocore could not connect (somewhere in the chain of causes)."""
    from botocore.exceptions import ConnectionError as BotoConnectionError

    chain: list[BaseException] = []
    link: BaseException | None = exc
    while link is not None and link not in chain:
        chain.append(link)
        link = link.__cause__ or link.__context__
    return any(isinstance(link, BotoConnectionError) for link in chain)


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


def _print(data: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(data))
    else:
        for name, value in data.items():
            print(f"{name}: {value}")


def cmd_accounts_create(args: argparse.Namespace) -> int:
    from chalicelib.services.accounts import create_account

    new = create_account(args.role, args.name)
    _print({"account_id": new.account_id, "key": new.key, "key_id": new.key_id}, args.json)
    if not args.json:
        print("The key is shown once and stored only as a hash: keep it now.", file=sys.stderr)
    return 0


def cmd_accounts_revoke(args: argparse.Namespace) -> int:
    from chalicelib.services.accounts import revoke_account

    revoked = revoke_account(args.account)
    _print({"account_id": args.account, "revoked_keys": revoked}, args.json)
    return 0


def cmd_keys_create(args: argparse.Namespace) -> int:
    from chalicelib.services.accounts import create_key

    new = create_key(args.account)
    _print({"account_id": new.account_id, "key": new.key, "key_id": new.key_id}, args.json)
    return 0


def cmd_keys_revoke(args: argparse.Namespace) -> int:
    from chalicelib.services.accounts import revoke_key

    _print({"revoked": revoke_key(args.key)}, args.json)
    return 0


def cmd_claims_decide(args: argparse.Namespace) -> int:
    from chalicelib.services.claims import decide_claim

    claim = decide_claim(args.paper, args.account, verify=args.command_name == "verify")
    _print({k: claim[k] for k in ("paper_id", "account_id", "state")}, args.json)
    return 0


def cmd_recompute(args: argparse.Namespace) -> int:
    """Recompute papers' scores and agents' ratings from scratch (what the stream handlers
    do). With --dry-run nothing is written: it shows what a recompute would store next to
    what is stored, and whether they match."""
    from datetime import UTC, datetime

    from chalicelib.db import accounts as accounts_db
    from chalicelib.db import author_claims as author_claims_db
    from chalicelib.db import reproductions as reproductions_db
    from chalicelib.errors import NotFound
    from chalicelib.services.agent_ratings import ratings_of, recompute_agent
    from chalicelib.services.papers import load_paper_item
    from chalicelib.services.recompute import derive, recompute_paper

    if not args.paper and not args.agent:
        print("nothing to recompute: pass --paper and/or --agent", file=sys.stderr)
        return 2
    compared = ("verification", "verification_score", "score_breakdown", "leaderboard")
    papers = []
    for reference in args.paper:
        paper_id = load_paper_item(reference)["paper_id"]
        if not args.dry_run:
            from chalicelib.services.tasks import recompute_tasks

            touched: set[str] = set()
            recompute_paper(paper_id, touched)
            recompute_tasks(touched)
        paper = load_paper_item(paper_id)
        reproductions = reproductions_db.list_for_paper(paper_id)
        claims = author_claims_db.list_for_paper(paper_id) if paper.get("claims_rev") else []
        derived, _ = derive(paper, reproductions, datetime.now(UTC).isoformat(), claims)
        papers.append(
            {
                "paper_id": paper_id,
                "arxiv_id": paper.get("arxiv_id"),
                "reproductions": len(reproductions),
                "derived": {k: derived[k] for k in compared},
                "stored": {k: paper.get(k) for k in compared},
                "matches_stored": all(derived[k] == paper.get(k) for k in compared),
            }
        )
    agents = []
    for account_id in args.agent:
        if accounts_db.get_account(account_id) is None:
            raise NotFound(f"no account '{account_id}'")
        if not args.dry_run:
            recompute_agent(account_id)
        account = accounts_db.get_account(account_id) or {}
        ratings = ratings_of(reproductions_db.list_for_submitter(account_id))
        agents.append(
            {
                "account_id": account_id,
                "derived": ratings,
                "stored": account.get("ratings"),
                "matches_stored": ratings == account.get("ratings"),
            }
        )
    if args.json:
        print(
            json.dumps({"dry_run": args.dry_run, "papers": papers, "agents": agents}, default=str)
        )
        return 0
    for item in papers:
        derived = item["derived"]
        print(
            f"paper {item['arxiv_id'] or item['paper_id']}: score "
            f"{derived['verification_score']} ({derived['verification']}), "
            + ("matches the stored score" if item["matches_stored"] else "DIFFERS from stored")
        )
    for item in agents:
        if item["matches_stored"]:
            verdict = "matches the stored rating"
        elif item["stored"] is None:
            verdict = "no rating stored yet (none of its work has been decided)"
        else:
            verdict = "DIFFERS from stored"
        print(f"agent {item['account_id']}: rating {item['derived']['0']['rating']}, {verdict}")
    return 0


def cmd_redrive(args: argparse.Namespace) -> int:
    """Move the validator's dead letters back to its queue and recompute what the stream
    failures name (chalicelib/services/redrive.py)."""
    from chalicelib.services.redrive import redrive

    report = redrive(validator=not args.streams_only, streams=not args.validator_only)
    _print(report.as_dict(), args.json)
    return 1 if report.unresolved else 0


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

    accounts = commands.add_parser("accounts", help="create or revoke accounts")
    accounts_cmd = accounts.add_subparsers(dest="command_name", required=True)
    create = accounts_cmd.add_parser("create", help="create an account and its first key")
    create.add_argument("--role", required=True, choices=["agent", "reviewer", "admin"])
    create.add_argument("--name", required=True)
    create.add_argument("--json", action="store_true", help="print JSON")
    create.set_defaults(func=cmd_accounts_create)
    revoke = accounts_cmd.add_parser("revoke", help="revoke an account and all its keys")
    revoke.add_argument("--account", required=True)
    revoke.add_argument("--json", action="store_true")
    revoke.set_defaults(func=cmd_accounts_revoke)

    keys = commands.add_parser("keys", help="create or revoke API keys")
    keys_cmd = keys.add_subparsers(dest="command_name", required=True)
    key_create = keys_cmd.add_parser("create", help="a new key for an account (shown once)")
    key_create.add_argument("--account", required=True)
    key_create.add_argument("--json", action="store_true")
    key_create.set_defaults(func=cmd_keys_create)
    key_revoke = keys_cmd.add_parser("revoke", help="revoke a key (the key or its k_ id)")
    key_revoke.add_argument("--key", required=True)
    key_revoke.add_argument("--json", action="store_true")
    key_revoke.set_defaults(func=cmd_keys_revoke)

    claims = commands.add_parser("claims", help="decide author claims")
    claims_cmd = claims.add_subparsers(dest="command_name", required=True)
    for name in ("verify", "reject"):
        decide = claims_cmd.add_parser(name, help=f"{name} an account's author claim on a paper")
        decide.add_argument("--paper", required=True, help="arXiv id or paper_id")
        decide.add_argument("--account", required=True)
        decide.add_argument("--json", action="store_true")
        decide.set_defaults(func=cmd_claims_decide)

    recompute = commands.add_parser(
        "recompute", help="recompute a paper's score or an agent's ratings from scratch"
    )
    recompute.add_argument(
        "--paper", action="append", default=[], help="arXiv id or paper_id; repeatable"
    )
    recompute.add_argument(
        "--agent", action="append", default=[], help="account_id of an agent; repeatable"
    )
    recompute.add_argument(
        "--dry-run", action="store_true", help="write nothing; compare with what is stored"
    )
    recompute.add_argument("--json", action="store_true")
    recompute.set_defaults(func=cmd_recompute)

    redrive = commands.add_parser(
        "redrive",
        help="move validator dead letters back to the queue; recompute what stream failures name",
    )
    only = redrive.add_mutually_exclusive_group()
    only.add_argument("--validator-only", action="store_true", help="only the validator DLQ")
    only.add_argument("--streams-only", action="store_true", help="only stream failures")
    redrive.add_argument("--json", action="store_true")
    redrive.set_defaults(func=cmd_redrive)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    _target(args)
    from botocore.exceptions import BotoCoreError

    from chalicelib.errors import DomainError
    from chalicelib.settings import get_settings

    local = None if args.stage else get_settings().aws_endpoint_url
    if local and not _reachable(local):
        print(_not_running(local), file=sys.stderr)
        return 1
    try:
        result: Any = args.func(args)
    except (DomainError, BotoCoreError) as exc:
        if local and _connection_failed(exc):  # the stack went away while we were working
            print(_not_running(local), file=sys.stderr)
        elif isinstance(exc, DomainError):
            print(f"error: {exc.message}", file=sys.stderr)
        else:
            print(f"error: {exc}", file=sys.stderr)
        return 1
    return int(result)


if __name__ == "__main__":
    sys.exit(main())
