"""Benchmarks: `python -m bench` (or `make bench`) runs every `bench/bench_*.py` module and
prints one table.

A benchmark module exposes `run() -> list[bench.common.Row]`: each row is one figure, with an
optional baseline (the ratio is figure / baseline) and an optional target that decides `ok`.
Add a module named `bench_<topic>.py` and `python -m bench` picks it up.
"""
