"""A copier cannot front-run a log the validator reads later (README "Copies"): an uploaded log
or the file behind a log URL is claimed only when the validator reads it, and a paste of the
same output by another account, submitted after it but read before it, must still end up as
the copy. Who was first is the submission time, decided in conditional writes.

URL logs are served by the local HTTPS fake hosts (tests/fake_hosts.py); in-process moto."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import pytest

from chalicelib.db import reproductions as reproductions_db
from chalicelib.errors import HttpError
from chalicelib.services import review
from chalicelib.services.accounts import Principal, authenticate, create_account
from chalicelib.services.ingest import ingest_files
from chalicelib.services.submissions import submit_reproduction
from chalicelib.services.validation import validate_reproduction
from tests.conftest import SAMPLE
from tests.fake_hosts import FakeHosts
from tests.integration.submission_world import World, assert_error, run_together
from tests.integration.test_evidence import PASTED_LOG
from tests.integration.test_url_logs import IMAGENET_LOG

PAPER = "1711.03953"  # in the bundled sample: claims Acc@1 on ImageNet
GIST_HOST = "gist.githubusercontent.com"


def principal(role: str = "agent") -> Principal:
    return authenticate(f"Bearer {create_account(role, role).key}")


def submit(agent: Principal, run_log: str) -> dict[str, Any]:
    body = {
        "paper_id": PAPER,
        "tier_claimed": 1,
        "hardware_spec": "8x V100 32GB",
        "run_log_url": run_log,
        "actual_metric_name": "acc@1",
        "actual_metric_value": 76.13,
    }
    return submit_reproduction(agent, body, None).item


def stored(reproduction_id: str) -> dict[str, Any]:
    item = reproductions_db.get(reproduction_id, consistent=True)
    assert item is not None
    return item


def claim_owner(item: dict[str, Any], output: str) -> str:
    """The reproduction whose claim stands for `output` on `item`'s paper."""
    from chalicelib.db import copies as copies_db
    from chalicelib.domain.copies import content_hash

    put = copies_db.claim_put(item["paper_id"], content_hash(output), "r-probe", "a-probe", "now")
    claim = copies_db.get_claim(put)
    assert claim is not None
    return str(claim["reproduction_id"])


def promote(reviewer: Principal, reproduction_id: str, **kwargs: Any) -> Any:
    try:
        return review.decide(reviewer, reproduction_id, "promote", **kwargs)
    except HttpError as exc:
        return exc


@pytest.fixture
def gist_world(aws: Any, fake_hosts: FakeHosts) -> FakeHosts:
    ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    return fake_hosts


def test_a_paste_of_an_unread_url_log_is_the_copy_not_the_original(
    gist_world: FakeHosts,
) -> None:
    author, copier, reviewer = principal(), principal(), principal("reviewer")
    # Given agent A submits a gist URL; nobody has read it yet
    gist_world.text(GIST_HOST, "/a/f00d/raw", IMAGENET_LOG)
    original = submit(author, "https://gist.github.com/a/f00d")
    # When agent C (another account) pastes the same text after it, and is validated first
    copy = submit(copier, IMAGENET_LOG.replace("\n", "\r\n"))
    assert copy["duplicate_of"] is None  # its transaction claimed the output first
    validate_reproduction(copy["reproduction_id"])
    assert stored(copy["reproduction_id"])["validation"]["state"] == "passed"
    # And A's validator reads the gist afterwards
    assert validate_reproduction(original["reproduction_id"]) is True
    # Then A, submitted first, is the original, and C is its copy
    assert stored(original["reproduction_id"]).get("duplicate_of") is None
    assert stored(copy["reproduction_id"])["duplicate_of"] == original["reproduction_id"]
    assert claim_owner(original, IMAGENET_LOG) == original["reproduction_id"]
    # C cannot be promoted with one click; A can
    refused = promote(reviewer, copy["reproduction_id"])
    assert isinstance(refused, HttpError) and refused.code == "duplicate_confirmation_required"
    assert stored(copy["reproduction_id"])["status"] == "agent_pending"
    assert promote(reviewer, original["reproduction_id"])["status"] == "verified"
    # A redelivered event changes nothing, on either
    before = [stored(r["reproduction_id"]) for r in (original, copy)]
    assert validate_reproduction(original["reproduction_id"]) is False
    assert validate_reproduction(copy["reproduction_id"]) is False
    assert [stored(r["reproduction_id"]) for r in (original, copy)] == before
    # A later paste by a third account copies A; A's own account pasting it again makes none
    assert submit(principal(), IMAGENET_LOG)["duplicate_of"] == original["reproduction_id"]
    assert submit(author, IMAGENET_LOG)["duplicate_of"] is None


def test_a_paste_of_an_unread_upload_is_the_copy_not_the_original(world: World) -> None:
    from tests.integration.test_uploads import submit as submit_upload
    from tests.integration.test_uploads import upload

    # Given agent A's uploaded run log, submitted but not validated yet
    log_id = upload(world, "run_log", PASTED_LOG.encode(), world.agent.key)
    response = submit_upload(world, world.agent.key, run_log_upload=log_id)
    assert response.status_code == 201, response.body
    original = response.json_body["reproduction_id"]
    # When agent C pastes the same output after it (its transaction claims the output)
    copy = world.created(world.agent2.key)
    assert copy["duplicate_of"] is None
    # And the validator reads both (in whatever order the queue gives them)
    world.stack.pump.drain()
    # Then A is the original and C its copy, which one click cannot promote
    assert world.get(f"/api/v1/reproductions/{original}")[1]["duplicate_of"] is None
    view = world.get(f"/api/v1/reproductions/{copy['reproduction_id']}")[1]
    assert view["duplicate_of"] == original
    refused = world.decide(copy["reproduction_id"], "promote", world.reviewer.key)
    assert_error(refused, 409, "duplicate_confirmation_required", original)
    assert world.decide(original, "promote", world.reviewer.key).status_code == 200
    # A redelivered event changes nothing
    before = [stored(original), stored(copy["reproduction_id"])]
    assert validate_reproduction(original) is False
    assert [stored(original), stored(copy["reproduction_id"])] == before


def test_a_copy_promoted_before_the_original_was_read_is_flagged_for_review(
    aws: Any, fake_hosts: FakeHosts, api: Any
) -> None:
    ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    author, copier, reviewer = principal(), principal(), principal("reviewer")
    fake_hosts.text(GIST_HOST, "/a/beef/raw", IMAGENET_LOG)
    original = submit(author, "https://gist.github.com/a/beef")
    copy = submit(copier, IMAGENET_LOG)
    validate_reproduction(copy["reproduction_id"])
    # Given the later paste was promoted before the gist was read
    assert promote(reviewer, copy["reproduction_id"])["status"] == "verified"
    # When A's validator reads the gist
    validate_reproduction(original["reproduction_id"])
    # Then A is the original; C's decision stands but it is flagged for a reviewer
    assert stored(original["reproduction_id"]).get("duplicate_of") is None
    assert claim_owner(original, IMAGENET_LOG) == original["reproduction_id"]
    flagged = stored(copy["reproduction_id"])
    assert flagged["status"] == "verified"
    assert flagged.get("duplicate_of") is None
    assert flagged["copy_of_earlier"] == original["reproduction_id"]
    # ... on the paper page, next to it
    page = api.http.get(f"/papers/{PAPER}").body.decode()
    assert 'data-testid="copy-of-earlier"' in page
    assert f'href="#repro-{original["reproduction_id"]}"' in page
    # A is promotable with one click, and a redelivered event changes nothing
    before = [stored(r["reproduction_id"]) for r in (original, copy)]
    assert validate_reproduction(original["reproduction_id"]) is False
    assert [stored(r["reproduction_id"]) for r in (original, copy)] == before
    assert promote(reviewer, original["reproduction_id"])["status"] == "verified"


def test_an_accounts_own_later_paste_keeps_the_claim(gist_world: FakeHosts) -> None:
    # Guard: the takeover is between accounts only. (Behaviour the fix must not change.)
    author = principal()
    gist_world.text(GIST_HOST, "/a/cafe/raw", IMAGENET_LOG)
    by_url = submit(author, "https://gist.github.com/a/cafe")
    pasted = submit(author, IMAGENET_LOG)  # the same account, later: claims the output
    validate_reproduction(pasted["reproduction_id"])
    validate_reproduction(by_url["reproduction_id"])
    assert stored(by_url["reproduction_id"]).get("duplicate_of") is None
    assert stored(pasted["reproduction_id"]).get("duplicate_of") is None
    assert claim_owner(pasted, IMAGENET_LOG) == pasted["reproduction_id"]
    # another account's paste still copies that account's output
    assert submit(principal(), IMAGENET_LOG)["duplicate_of"] == pasted["reproduction_id"]


def test_a_promotion_racing_the_originals_validation_never_wins_both_ways(
    gist_world: FakeHosts, atomic_dynamodb: None
) -> None:
    reviewer = principal("reviewer")
    outcomes = set()
    for n in range(8):
        output = IMAGENET_LOG + f"run {n}\n"
        gist_world.text(GIST_HOST, f"/a/race{n}/raw", output)
        original = submit(principal(), f"https://gist.github.com/a/race{n}")
        copy = submit(principal(), output)
        validate_reproduction(copy["reproduction_id"])

        # When a one-click promotion of C and A's validation run at the same moment (the
        # promotion started a little later each round, so that both orders happen)
        def late_promotion(rid: str = copy["reproduction_id"], delay: float = 0.04 * n) -> Any:
            time.sleep(delay)
            return promote(reviewer, rid)

        promoted, _ = run_together(
            late_promotion,
            lambda rid=original["reproduction_id"]: validate_reproduction(rid),
        )
        item = stored(copy["reproduction_id"])
        # Then never both "promoted without confirmation" and "marked as the copy"
        assert not (item["status"] == "verified" and item.get("duplicate_of")), item
        if item["status"] == "verified":  # the promotion came first: flagged for review
            assert isinstance(promoted, dict), promoted
            assert item["copy_of_earlier"] == original["reproduction_id"]
        else:  # the marking came first: the one click was refused
            assert isinstance(promoted, HttpError), promoted
            assert promoted.code == "duplicate_confirmation_required"
            assert item["status"] == "agent_pending"
            assert item["duplicate_of"] == original["reproduction_id"]
        outcomes.add(item["status"])
        assert stored(original["reproduction_id"]).get("duplicate_of") is None
        assert claim_owner(original, output) == original["reproduction_id"]
    print("outcomes:", sorted(outcomes))


def test_of_two_earlier_validations_racing_for_a_later_claim_the_earliest_wins(
    gist_world: FakeHosts, atomic_dynamodb: None
) -> None:
    for n in range(3):
        output = IMAGENET_LOG + f"race of two {n}\n"
        gist_world.text(GIST_HOST, f"/a/first{n}/raw", output)
        gist_world.text(GIST_HOST, f"/b/second{n}/raw", output)
        # A1 and A2 (two accounts) submit URLs of one output, then C pastes it and is read
        first = submit(principal(), f"https://gist.github.com/a/first{n}")
        second = submit(principal(), f"https://gist.github.com/b/second{n}")
        copy = submit(principal(), output)
        validate_reproduction(copy["reproduction_id"])
        # When both URL logs are read at the same moment
        results = run_together(
            lambda rid=first["reproduction_id"]: validate_reproduction(rid),
            lambda rid=second["reproduction_id"]: validate_reproduction(rid),
        )
        assert results == [True, True], results
        # Then the earliest submission holds the claim and the others are flagged copies
        assert claim_owner(first, output) == first["reproduction_id"]
        assert stored(first["reproduction_id"]).get("duplicate_of") is None
        assert stored(second["reproduction_id"])["duplicate_of"] == first["reproduction_id"]
        marked = stored(copy["reproduction_id"])["duplicate_of"]
        assert marked in (first["reproduction_id"], second["reproduction_id"])


def test_a_claim_whose_reproduction_is_not_stored_yet_is_waited_for(
    gist_world: FakeHosts,
) -> None:
    from chalicelib.db import copies as copies_db
    from chalicelib.db.transact import transact_write
    from chalicelib.domain.copies import content_hash
    from chalicelib.services.validation import NotReadyYet

    gist_world.text(GIST_HOST, "/a/wait/raw", IMAGENET_LOG)
    original = submit(principal(), "https://gist.github.com/a/wait")
    # Given a later paste whose transaction claimed the output, its item not stored yet
    later = datetime.now(UTC).isoformat(timespec="microseconds")
    digest = content_hash(IMAGENET_LOG)
    transact_write([copies_db.claim_put(original["paper_id"], digest, "rlater", "acc-c", later)])
    # When A's log is read: the validator retries later (it cannot mark what is not stored,
    # and taking the claim now would leave that submission stored without its mark)
    with pytest.raises(NotReadyYet):
        validate_reproduction(original["reproduction_id"])
    assert claim_owner(original, IMAGENET_LOG) == "rlater"
    assert stored(original["reproduction_id"])["validation"]["state"] == "pending"


@contextmanager
def served(app: Any) -> Iterator[str]:
    """The app over real HTTP on a free port, in this process (so in this test's moto), for
    the SDK's own urllib transport."""
    from chalice.cli import CLIFactory
    from chalice.local import LocalDevServer

    from tests.conftest import ROOT

    config = CLIFactory(str(ROOT)).create_config_obj(chalice_stage_name="dev")
    http = LocalDevServer(app, config, "127.0.0.1", 0)
    thread = threading.Thread(target=http.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{http.server.server_address[1]}"
    finally:
        http.shutdown()
        http.server.server_close()
        thread.join(timeout=10)


def test_a_flagged_copy_is_shown_by_the_api_the_sdk_and_the_mcp_tools(
    aws: Any, fake_hosts: FakeHosts, api: Any
) -> None:
    import anyio
    from mcp import Client as McpClient
    from sotaverified import Client
    from sotaverified._mcp.server import create_server

    ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    author, copier, reviewer = principal(), principal(), principal("reviewer")
    fake_hosts.text(GIST_HOST, "/a/f1a9/raw", IMAGENET_LOG)
    original = submit(author, "https://gist.github.com/a/f1a9")["reproduction_id"]
    copy = submit(copier, IMAGENET_LOG)["reproduction_id"]
    validate_reproduction(copy)
    # Given the later paste was promoted before the earlier gist was read
    assert promote(reviewer, copy)["status"] == "verified"
    validate_reproduction(original)
    assert stored(copy)["copy_of_earlier"] == original
    # Then the API's reproduction JSON says so, alone and in the paper's list
    response = api.http.get(f"/api/v1/reproductions/{copy}")
    assert response.status_code == 200
    assert response.json_body["copy_of_earlier"] == original
    assert response.json_body["status"] == "verified"  # the decision stands
    assert api.http.get(f"/api/v1/reproductions/{original}").json_body["copy_of_earlier"] is None
    listed = api.http.get(f"/api/v1/papers/{PAPER}/reproductions").json_body["results"]
    assert {r["reproduction_id"]: r["copy_of_earlier"] for r in listed} == {
        copy: original,
        original: None,
    }
    # ... and the OpenAPI document describes the field
    doc = api.http.get("/api/v1/openapi.json").json_body
    assert "copy_of_earlier" in doc["components"]["schemas"]["ReproductionView"]["properties"]
    key = create_account("agent", "reader").key
    with served(aws.app) as url:
        sdk = Client(url, key, timeout=20)
        # ... the SDK's reproduction carries it (and explains it)
        fetched = sdk.reproduction(copy)
        assert fetched.copy_of_earlier == original
        assert f"possible copy: promoted before {original}" in fetched.explain()
        assert sdk.reproduction(original).copy_of_earlier is None
        by_id = {r.reproduction_id: r for r in sdk.paper_reproductions(PAPER)}
        assert by_id[copy].copy_of_earlier == original

        # ... and so do the MCP tools' outputs (validated against their output schemas)
        async def tools() -> tuple[dict[str, Any], dict[str, Any]]:
            async with McpClient(create_server(sdk)) as mcp:
                one = await mcp.call_tool("get_reproduction", {"reproduction_id": copy})
                paper = await mcp.call_tool(
                    "get_paper", {"arxiv_id": PAPER, "include_reproductions": True}
                )
                for result in (one, paper):
                    assert not result.is_error, result.content
                    assert result.structured_content is not None
                return one.structured_content, paper.structured_content

        one, paper = anyio.run(tools)
    assert one["copy_of_earlier"] == original
    briefs = {r["reproduction_id"]: r["copy_of_earlier"] for r in paper["reproductions"]}
    assert briefs == {copy: original, original: None}


def read_late_after_a_paste(
    monkeypatch: pytest.MonkeyPatch, url: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A log URL submitted before another account's paste of the same output, whose validator
    reads it only after the window in which its file counts as submitted (a redelivered or
    redriven event; here the window is closed at once): (the URL's reproduction, the paste)."""
    from datetime import timedelta

    from chalicelib.services import validation

    original = submit(principal(), url)
    copy = submit(principal(), IMAGENET_LOG)
    validate_reproduction(copy["reproduction_id"])
    monkeypatch.setattr(validation, "URL_READ_WINDOW", timedelta(0))
    validate_reproduction(original["reproduction_id"])
    return original, copy


def test_a_mutable_url_read_long_after_its_submission_takes_nothing_over(
    gist_world: FakeHosts, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a gist URL (its latest revision: editable) read late, after another account's paste
    gist_world.text(GIST_HOST, "/a/beef/raw", IMAGENET_LOG)
    original, copy = read_late_after_a_paste(monkeypatch, "https://gist.github.com/a/beef")
    # Then the paste, claimed first, stands: the file could have been edited into it meanwhile
    assert stored(copy["reproduction_id"]).get("duplicate_of") is None
    assert stored(original["reproduction_id"])["duplicate_of"] == copy["reproduction_id"]
    assert claim_owner(original, IMAGENET_LOG) == copy["reproduction_id"]


def test_a_pinned_url_read_long_after_its_submission_is_still_the_original(
    gist_world: FakeHosts, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a log URL at a commit (its file cannot change) read late, after another's paste
    commit = "0123456789abcdef0123456789abcdef01234567"
    gist_world.text("raw.githubusercontent.com", f"/o/r/{commit}/logs/train.log", IMAGENET_LOG)
    url = f"https://github.com/o/r/blob/{commit}/logs/train.log"
    original, copy = read_late_after_a_paste(monkeypatch, url)
    # Then it is the original all the same, and the paste its copy
    assert stored(original["reproduction_id"]).get("duplicate_of") is None
    assert stored(copy["reproduction_id"])["duplicate_of"] == original["reproduction_id"]


def test_the_mcp_paper_brief_names_the_earlier_reproduction_a_copy_repeats(
    aws: Any, api: Any
) -> None:
    import anyio
    from mcp import Client as McpClient
    from sotaverified import Client
    from sotaverified._mcp.server import create_server

    ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    # Given a paste, then another account's paste of the same run output
    original = submit(principal(), IMAGENET_LOG)["reproduction_id"]
    copy = submit(principal(), IMAGENET_LOG)["reproduction_id"]
    assert stored(copy)["duplicate_of"] == original
    with served(aws.app) as url:

        async def paper_tool() -> dict[str, Any]:
            async with McpClient(create_server(Client(url, timeout=20))) as mcp:
                result = await mcp.call_tool(
                    "get_paper", {"arxiv_id": PAPER, "include_reproductions": True}
                )
                assert not result.is_error, result.content
                assert result.structured_content is not None
                return result.structured_content

        paper = anyio.run(paper_tool)
    # Then the paper's reproduction briefs (checked against the tool's output schema) say so
    briefs = {r["reproduction_id"]: r["duplicate_of"] for r in paper["reproductions"]}
    assert briefs == {copy: original, original: None}
