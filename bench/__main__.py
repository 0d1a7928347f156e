"""`python -m bench [NAME ...]`: run every `bench/bench_*.py` module (or those whose name
contains one of NAME) and print one table: name, figure, baseline, ratio, target, ok.

Exits 1 when a figure misses its target, 2 when a benchmark module fails to run.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `app` and `chalicelib` live at the project root
    sys.path.insert(0, str(ROOT))

from bench.common import Row, print_table  # noqa: E402


def discover() -> list[str]:
    """Every `bench_*` module of this package, in name order."""
    here = str(Path(__file__).resolve().parent)
    return sorted(
        f"bench.{module.name}"
        for module in pkgutil.iter_modules([here])
        if module.name.startswith("bench_")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("names", nargs="*", help="run only modules whose name contains one")
    args = parser.parse_args(argv)
    modules = [m for m in discover() if not args.names or any(n in m for n in args.names)]
    if not modules:
        print(f"no benchmark module matches {args.names}", file=sys.stderr)
        return 2
    rows: list[Row] = []
    broken = False
    for name in modules:
        started = time.monotonic()
        print(f"running {name} ...", file=sys.stderr, flush=True)
        try:
            produced = importlib.import_module(name).run()
        except Exception:
            traceback.print_exc()
            print(f"{name} failed", file=sys.stderr)
            broken = True
            continue
        rows.extend(produced)
        print(f"  {name}: {time.monotonic() - started:.1f}s", file=sys.stderr, flush=True)
    print_table(rows)
    if broken:
        return 2
    return 1 if any(row.ok is False for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
