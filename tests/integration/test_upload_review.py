"""The review page on large uploaded logs: their head and tail, and how much was skipped,
read without reading the rest: what the validator kept when it read the log, or, before that,
ranged GETs of a plain log; a gzip log is never decompressed by the page."""

from __future__ import annotations

import gzip
import re
from typing import Any

import pytest

from chalicelib.db import aws, tables
from chalicelib.settings import get_settings
from tests.integration.submission_world import World, build_world, scan, signed_in_cookie
from tests.integration.test_uploads import submit, training_log, upload


@pytest.fixture
def world(aws: Any, api: Any, tmp_path: Any) -> World:
    """A fresh moto of its own (its review queue holds only what the test submits)."""
    return build_world(aws, api, tmp_path)


def test_the_review_page_shows_the_head_and_tail_of_a_large_log_and_what_was_skipped(
    world: World,
) -> None:
    # Given two large uploaded logs, one plain and one gzip-compressed
    text = "FIRST LINE of the log\n" + training_log(40_000)
    plain = upload(world, "run_log", text.encode())
    packed = upload(world, "run_log", gzip.compress(text.encode()), content_encoding="gzip")
    for upload_id in (plain, packed):
        assert submit(world, run_log_upload=upload_id).status_code == 201
    world.stack.pump.drain()  # the validator reads both
    # When a reviewer opens the review queue
    cookie = signed_in_cookie(world, world.reviewer.key)
    page = world.client.http.get("/review", headers={"Cookie": cookie})
    assert page.status_code == 200
    html = page.body.decode()
    # Then each log shows its first and last lines and says how much was skipped between them
    skipped = len(text.encode()) - 4000
    assert html.count('data-testid="log-head"') == 2
    assert html.count("FIRST LINE of the log") == 2
    tails = re.findall(r'data-testid="log-tail">([^<]*)</pre>', html)
    assert len(tails) == 2 and all("Acc@1 84.020 Acc@5 96.880" in t for t in tails)
    assert html.count(f"{skipped / 1024 / 1024:,.1f} MiB skipped") >= 2


def test_the_review_card_shows_the_line_a_passed_claim_was_read_from(world: World) -> None:
    # Given a submission whose log confirms the claim on one line, beside markup-like text
    log = "<b>epoch 89</b> done\n * Acc@1 84.020 Acc@5 96.880 <script>x()</script>\n"
    response = world.submit(run_log_url=log)
    assert response.status_code == 201, response.body
    world.stack.pump.drain()
    # When a reviewer opens the review queue
    cookie = signed_in_cookie(world, world.reviewer.key)
    html = world.client.http.get("/review", headers={"Cookie": cookie}).body.decode()
    # Then the card shows the line number and text the value was read from, escaped
    found = re.search(r'data-testid="read-from">line (\d+): <code>([^<]*)', html)
    assert found is not None, html
    assert found.group(1) == "2"
    assert "Acc@1 84.020" in found.group(2) and "&lt;script&gt;" in found.group(2)
    assert "<script>x()" not in html


def test_bidi_controls_in_an_uploaded_log_cannot_reorder_what_a_reviewer_reads(
    world: World,
) -> None:
    """Uploaded logs are bytes nobody cleaned (pasted text with these characters is refused):
    a right-to-left override makes `acc: 0.12 <RLO>19.0` read as `acc: 0.12 0.91` on the
    page. Each bidi control is shown as a visible mark instead."""
    # Given an uploaded log with bidi controls in its lines
    text = "acc: 0.12 \u202e19.0 :cca\u202c\n" + training_log(10) + "note \u2067x\u2069\n"
    upload_id = upload(world, "run_log", text.encode())
    assert submit(world, run_log_upload=upload_id).status_code == 201
    # When a reviewer opens the review queue
    cookie = signed_in_cookie(world, world.reviewer.key)
    html = world.client.http.get("/review", headers={"Cookie": cookie}).body.decode()
    # Then no bidi control reaches the page; each is named where it was
    assert "acc: 0.12" in html
    for char in ("\u202e", "\u202c", "\u2067", "\u2069"):
        assert char not in html
    assert "[U+202E]" in html


def _review_html(world: World) -> str:
    cookie = signed_in_cookie(world, world.reviewer.key)
    page = world.client.http.get("/review", headers={"Cookie": cookie})
    assert page.status_code == 200
    return str(page.body.decode())


def test_the_page_never_decompresses_a_gzip_log(world: World) -> None:
    """A gzip log is shown from what the validator kept: the page reads nothing of it. (It
    used to inflate each gzip log whole for its tail: up to 256 MiB a log, ten a page.)"""
    # Given a large gzip log, submitted and not yet read by the validator
    text = "FIRST LINE of the log\n" + training_log(40_000)
    packed = upload(world, "run_log", gzip.compress(text.encode()), content_encoding="gzip")
    assert submit(world, run_log_upload=packed).status_code == 201
    # Then its card says it has not been read yet, rather than reading it
    html = _review_html(world)
    assert 'data-testid="log-unread"' in html and "FIRST LINE" not in html
    # When the validator has read it, and the object is then gone from the bucket
    world.stack.pump.drain()
    (item,) = [i for i in scan(tables.REPRODUCTIONS) if i["run_log"].get("kind") == "upload"]
    bucket = get_settings().uploads_bucket
    aws.client("s3").delete_object(Bucket=bucket, Key=item["run_log"]["s3_key"])
    # Then the card still shows its head, its tail and what was skipped: nothing was read
    html = _review_html(world)
    assert "FIRST LINE of the log" in html and "Acc@1 84.020 Acc@5 96.880" in html
    assert 'data-testid="log-skipped"' in html


def test_a_small_uploaded_log_is_shown_whole(world: World) -> None:
    # Given an uploaded log shorter than the head and the tail together
    text = "alpha\n" + "é" * 1200 + "\nAcc: 0.5\n"  # multi-byte characters across the edge
    packed = upload(world, "run_log", gzip.compress(text.encode()), content_encoding="gzip")
    assert submit(world, run_log_upload=packed).status_code == 201
    world.stack.pump.drain()
    # Then the card shows all of it, once, and nothing skipped
    html = _review_html(world)
    assert text.rstrip("\n") in html and 'data-testid="log-skipped"' not in html
