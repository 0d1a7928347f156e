"""The review page on large uploaded logs: their head and tail, and how much was skipped,
read without reading the rest (ranged GETs; a gzip log decompressed as a stream)."""

from __future__ import annotations

import gzip
import re
from typing import Any

import pytest

from tests.integration.submission_world import World, build_world, signed_in_cookie
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
    # When a reviewer opens the review queue
    cookie = signed_in_cookie(world, world.reviewer.key)
    page = world.client.http.get("/review", headers={"Cookie": cookie})
    assert page.status_code == 200
    html = page.body.decode()
    # Then each log shows its first and last lines and says how much was skipped between them
    skipped = len(text.encode()) - 4000
    assert html.count('data-testid="log-head"') == 2
    assert html.count("FIRST LINE of the log") == 2
    assert html.count("Acc@1 84.020 Acc@5 96.880") == 2
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
