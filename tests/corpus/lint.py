"""Check the corpus files' shape: `python tests/corpus/lint.py [files...]` (all by default).

Prints one line per problem and a per-family count; exits 1 on any problem."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASE_KEYS = {"id", "source", "note", "text", "complete", "metrics", "not_metrics", "claims"}
CLAIM_KEYS = {"metric", "value", "dataset", "expect", "why"}


def problems_of(path: Path, seen_ids: dict[str, Path]) -> tuple[list[str], int]:
    out: list[str] = []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        return [f"{path}: not valid TOML: {exc}"], 0
    if data.get("family") != path.stem:
        name = data.get("family")
        out.append(f"{path}: family = {name!r} must equal the file name {path.stem!r}")
    for key in ("tool", "format_source"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            out.append(f"{path}: missing top-level {key}")
    cases = data.get("case", [])
    for case in cases:
        cid = case.get("id", "?")
        where = f"{path.name}:{cid}"
        if set(case) - CASE_KEYS:
            out.append(f"{where}: unknown keys {sorted(set(case) - CASE_KEYS)}")
        if cid in seen_ids:
            out.append(f"{where}: id also used in {seen_ids[cid].name}")
        seen_ids[cid] = path
        if not str(case.get("source", "")).strip():
            out.append(f"{where}: no source")
        if not str(case.get("text", "")).strip():
            out.append(f"{where}: empty text")
        if not isinstance(case.get("complete"), bool):
            out.append(f"{where}: complete must be true or false")
        for metric in case.get("metrics", []):
            if not isinstance(metric.get("name"), str) or not isinstance(
                metric.get("value"), int | float
            ):
                out.append(f"{where}: metric {metric} needs a string name and a number value")
            elif metric["name"] not in case.get("text", "") and metric.get("context") is None:
                out.append(f"{where}: metric name {metric['name']!r} does not occur in the text")
        claims = case.get("claims", [])
        if not claims:
            out.append(f"{where}: no claims")
        if claims and not any(c.get("expect") == "refuse" for c in claims):
            out.append(f"{where}: no refuse claim")
        for claim in claims:
            if set(claim) - CLAIM_KEYS:
                out.append(f"{where}: claim has unknown keys {sorted(set(claim) - CLAIM_KEYS)}")
            if claim.get("expect") not in ("confirm", "refuse"):
                out.append(f"{where}: claim {claim} expect must be confirm or refuse")
            if not isinstance(claim.get("metric"), str) or not isinstance(
                claim.get("value"), int | float
            ):
                out.append(f"{where}: claim {claim} needs a string metric and a number value")
    return out, len(cases)


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted(HERE.glob("*/*.toml"))
    seen: dict[str, Path] = {}
    problems: list[str] = []
    total = 0
    for path in paths:
        found, count = problems_of(path, seen)
        problems += found
        total += count
        print(f"{path.parent.name}/{path.name}: {count} case(s)")
    for problem in problems:
        print("PROBLEM", problem)
    print(f"{total} case(s) in {len(paths)} file(s); {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
