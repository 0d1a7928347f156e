"""Correctness guard for speed work on the extractor and the run-log validator (issue #16):
print everything they decide, so that a change meant to be faster only can be diffed against
the unchanged code (the two dumps must be byte-identical).

- every corpus case: each extracted metric (every field) and each claim's verdict;
- the same texts, and awkward ones (line ends, ANSI codes, format characters, long lines,
  invalid UTF-8, multi-byte characters across chunk boundaries), read by the uploaded run
  log's streaming path (`log_streams.run_log_metrics`): metrics, line count, content hash;
- the bench's synthetic run log (`bench/bench_uploads.py`, 50 MiB; `--small` for 5 MiB):
  metrics, line count, content hash and the validator's verdict.

Usage: python -m bench.dump_extractions [--small] [--exact] > dump.txt

`--exact` turns the extractor's fast paths off (`line_layout.FAST_PATHS`): every line goes
through every layout rule; the dump must be the same as with them.
"""

from __future__ import annotations

import gzip
import io
import json
import sys
from contextlib import contextmanager
from dataclasses import asdict
from typing import Any
from unittest import mock

from chalicelib.domain.copies import content_hash
from chalicelib.domain.log_metrics import (
    ExtractedMetric,
    check_claimed_metric,
    extract_metrics,
    extract_metrics_from_lines,
)
from chalicelib.services import log_streams, object_streams
from chalicelib.services.object_streams import ReadStats


def _metrics(found: list[ExtractedMetric]) -> list[dict[str, Any]]:
    return [asdict(m) for m in found]


@contextmanager
def _stored(data: bytes, gzipped: bool) -> Any:
    """`open_decoded` reading `data` from memory instead of S3."""

    def open_stream(key: str) -> tuple[io.BytesIO, int]:
        return io.BytesIO(data), len(data)

    with mock.patch.object(object_streams.objects, "open_stream", open_stream):
        yield {
            "s3_key": "k",
            "bytes": len(data),
            "content_encoding": "gzip" if gzipped else None,
        }


def streamed(data: bytes, gzipped: bool = False) -> dict[str, Any]:
    from chalicelib.domain.copies import ContentHasher

    with _stored(gzip.compress(data) if gzipped else data, gzipped) as stored:
        stats = ReadStats()
        hasher = ContentHasher()
        found = log_streams.run_log_metrics(stored, stats, hasher)
        plain = log_streams.run_log_metrics(stored, ReadStats())
    assert plain == found and _metrics(plain) == _metrics(found)
    return {
        "metrics": _metrics(found),
        "lines": stats.units,
        "decoded": stats.decoded_bytes,
        "hash": hasher.hexdigest(),
    }


def awkward_logs() -> dict[str, bytes]:
    long = "x" * 70_000 + " Accuracy: 0.91 " + "y" * 70_000
    return {
        "crlf": b"Epoch 1\r\nval accuracy: 0.5\r\n\r\nTest Accuracy: 0.8105\r\n",
        "lone-cr": b"step 1 loss 2.0\rstep 2 loss 1.5\rTest acc: 0.77\n",
        "cr-at-chunk-end": b"a" * (256 * 1024 - 1) + b"\r\nTest acc: 0.7\n",
        "ansi": b"\x1b[32mTest Accuracy: 0.8105\x1b[0m\n  \n\x1b[1mBLEU = 27.3\x1b[0m\n",
        "format-chars": "Top-1\u200b acc: 76.1\u2028mAP: 0.37\x0bF1: 0.5\n\x85".encode(),
        "nfkc": "ＢＬＥＵ： ２７．３\nTest acc：０.９\n".encode(),
        "invalid-utf8": b"acc: 0.9\xff\xfe\nTest \xc3(F1): 0.4\n",
        "multibyte-at-boundary": ("é" * (64 * 1024 - 1) + "\nTest acc: 0.1\n").encode(),
        "multibyte-at-chunk": (b"a" * (256 * 1024 - 1) + "€ acc: 0.3\n".encode()),
        "long-line": (long + "\nTest Accuracy: 0.81\n").encode(),
        "no-final-newline": b"Test Accuracy: 0.8105",
        "blank-ends": b"\n\n  \nTest Accuracy: 0.8105\n\n\n",
        "empty": b"",
        "nul-and-controls": b"acc:\x00 0.5\x07\nTest Accuracy: 0.8105\x1f\n",
        "markdown": b"| model | acc |\n|---|---|\n| **ours** | __0.91__ |\n",
        "tabs-and-spaces": b"\tTest Accuracy: 0.8105 \t \n",
        "line-of-max-chars": b"acc: 0.5 " + b"z" * (64 * 1024 - 9) + b"\nTest acc: 0.2\n",
        "line-of-twice-max": b"z" * (128 * 1024) + b"\nTest acc: 0.2\n" + b"q" * (64 * 1024),
        "crlf-at-max": b"z" * (64 * 1024 - 1) + b"\r\nTest acc: 0.2\r\n",
        "cr-at-max": b"z" * (64 * 1024) + b"\r\nTest acc: 0.2\r",
        "crlf-across-chunks": b"".join(
            b"z" * n + b"\r\nacc: 0.%d\r\n" % n for n in range(1000, 1200)
        )
        * 20,
        "many-blank-and-trailing": (b"  \n\t\nacc 0.1  \n\n \n" * 50_000) + b"\n \n",
        "mixed-chunks": (b"Test acc: 0.5\n" * 30_000 + "é acc 0.2 \n".encode() + b"\x1b[0m\n") * 8,
    }


def main() -> None:
    small = "--small" in sys.argv
    if "--exact" in sys.argv:
        from chalicelib.domain.metrics import line_layout

        line_layout.FAST_PATHS = False
    out = sys.stdout
    from tests.corpus.measure import load

    cases = load()
    for case in cases:
        found = extract_metrics(case.text)
        verdicts = [
            asdict(check_claimed_metric(found, c.metric, c.value, c.dataset)) for c in case.claims
        ]
        record = {"case": case.id, "set": case.set, "metrics": _metrics(found), "claims": verdicts}
        record["stream"] = streamed(case.text.encode())
        lines = extract_metrics_from_lines(case.text.splitlines(keepends=True))
        record["lines_form"] = _metrics(lines)
        out.write(json.dumps(record, sort_keys=True) + "\n")
    for name, data in awkward_logs().items():
        text = data.decode("utf-8", errors="replace")
        record = {
            "awkward": name,
            "metrics": _metrics(extract_metrics(text)),
            "hash": content_hash(text),
            "stream": streamed(data),
            "gzip": streamed(data, gzipped=True),
        }
        out.write(json.dumps(record, sort_keys=True) + "\n")
    out.flush()
    from bench import bench_uploads

    if small:
        bench_uploads.RUN_LOG_BYTES = 5 * 1024 * 1024
    log = bench_uploads._run_log()
    result = streamed(log)
    from chalicelib.services.validation import log_verdict

    with _stored(log, False) as stored:
        repro = {
            "run_log": stored,
            "actual_metric_name": "Test Accuracy",
            "actual_metric_value": 0.8105,
        }
        verdict = log_streams.uploaded_run_log_verdict(repro, log_verdict)
    record = {"bench_log": len(log), **result, "verdict": verdict}
    out.write(json.dumps(record, sort_keys=True, default=str) + "\n")


if __name__ == "__main__":
    main()
