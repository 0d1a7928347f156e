"""URL run logs are read by the validator through their raw form, from a local HTTPS server
standing in for GitHub, Hugging Face and W&B (tests/fake_hosts.py): the production code path,
only the address it connects to and the CA it trusts differ. Nothing reaches the internet."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from chalicelib.db import reproductions as reproductions_db
from chalicelib.local.pump import LambdaContext
from chalicelib.services import url_logs
from chalicelib.services.accounts import authenticate, create_account
from chalicelib.services.ingest import ingest_files
from chalicelib.services.submissions import submit_reproduction
from chalicelib.services.url_log_verdicts import url_log_verdict
from chalicelib.services.url_logs import (
    FetchLimits,
    NotRead,
    OutOfTime,
    invocation_time,
)
from chalicelib.services.validation import validate_reproduction
from tests.conftest import SAMPLE
from tests.fake_hosts import FakeHosts, Reply
from tests.integration.test_validation import s3_message

# pytorch/examples imagenet/main.py: per-batch lines, then the final " * Acc@1 ..." line.
IMAGENET_LOG = """=> creating model 'resnet50'
Epoch: [89][   0/5005]\tTime  4.213 ( 4.213)\tData  3.921 ( 3.921)\tLoss 9.8330e-01 (9.8330e-01)\tAcc@1  75.78 ( 75.78)\tAcc@5  91.41 ( 91.41)
Epoch: [89][5000/5005]\tTime  0.322 ( 0.330)\tData  0.000 ( 0.012)\tLoss 8.9113e-01 (9.1260e-01)\tAcc@1  78.52 ( 77.43)\tAcc@5  92.58 ( 92.81)
Test: [  0/196]\tTime  2.671 ( 2.671)\tLoss 5.0341e-01 (5.0341e-01)\tAcc@1  86.72 ( 86.72)\tAcc@5  96.88 ( 96.88)
Test: [190/196]\tTime  0.101 ( 0.130)\tLoss 1.1040e+00 (9.4512e-01)\tAcc@1  72.66 ( 76.21)\tAcc@5  90.62 ( 92.90)
 * Acc@1 76.130 Acc@5 92.862
"""  # noqa: E501
PASTED_IMAGENET = "Test: [196/196]\n * Acc@1 76.130 Acc@5 92.862\n"
RAW_HOST = "raw.githubusercontent.com"
LFS_POINTER = b"version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 12345\n"
QUICK = FetchLimits(connect_timeout=1, read_timeout=0.5, deadline=2)


def submitted(run_log_url: str, **fields: Any) -> dict[str, Any]:
    ingest_files(evaluation_tables=[SAMPLE / "redditsota.json"])
    agent = authenticate(f"Bearer {create_account('agent', 'u').key}")
    body = {
        "paper_id": "1711.03953",
        "tier_claimed": 1,
        "hardware_spec": "8x V100 32GB",
        "run_log_url": run_log_url,
        "actual_metric_name": "acc@1",
        "actual_metric_value": 76.13,
        **fields,
    }
    return submit_reproduction(agent, body, None).item


def validation_of(item: dict[str, Any]) -> dict[str, Any]:
    validate_reproduction(item["reproduction_id"])
    stored = reproductions_db.get(item["reproduction_id"])
    assert stored is not None
    return dict(stored["validation"])


def repro(url: str, **fields: Any) -> dict[str, Any]:
    """A stored reproduction as url_log_verdict sees it (for tests of the fetch rules)."""
    return {"run_log": {"kind": "url", "url": url}, **fields}


def reason(validation: dict[str, Any]) -> str:
    assert validation["state"] == "unchecked", validation
    (check,) = validation["checks"]
    assert (check["name"], check["ok"]) == ("run_log_read", False)
    assert "Nobody has checked this log" in check["detail"]
    return str(check["detail"])


# --- read, then validated like pasted output -----------------------------------------------


def test_a_github_log_with_the_final_metric_line_passes(aws: Any, fake_hosts: FakeHosts) -> None:
    # Given a training log committed to a GitHub repository
    fake_hosts.text(RAW_HOST, "/someone/resnet-repro/main/logs/train.log", IMAGENET_LOG)
    page = "https://github.com/someone/resnet-repro/blob/main/logs/train.log"
    # When an agent submits its page URL and the validator runs
    validation = validation_of(submitted(page))
    # Then the raw file was read and the claimed Acc@1 found in it
    assert validation["state"] == "passed", validation
    read, extracted, in_log = validation["checks"]
    assert read["name"] == "run_log_read" and read["ok"]
    assert (
        "https://raw.githubusercontent.com/someone/resnet-repro/main/logs/train.log"
        in (read["detail"])
    )
    assert "SHA-256" in read["detail"]
    assert (extracted["name"], extracted["ok"]) == ("metrics_extracted", True)
    assert in_log == {
        "name": "metric_in_log",
        "ok": True,
        "detail": "Acc@1 = 76.130 found in the log (torchvision)",
    }
    assert {"name": "Acc@1", "value": 76.13} in validation["extracted_metrics"]
    # ... over TLS to the real host name (SNI and Host header), though the socket was local
    assert RAW_HOST in fake_hosts.sni
    assert [s.path for s in fake_hosts.requests_to(RAW_HOST)][-1] == (
        "/someone/resnet-repro/main/logs/train.log"
    )


def test_a_log_that_was_read_but_does_not_show_the_claim_fails(
    aws: Any, fake_hosts: FakeHosts
) -> None:
    fake_hosts.text(RAW_HOST, "/someone/r/main/worse.log", IMAGENET_LOG.replace("76.130", "74.020"))
    validation = validation_of(submitted("https://github.com/someone/r/blob/main/worse.log"))
    assert validation["state"] == "failed"
    failed = [c for c in validation["checks"] if not c["ok"]]
    assert [c["name"] for c in failed] == ["metric_in_log"]
    assert "74.020" in failed[0]["detail"]


def test_a_log_url_holding_another_accounts_output_is_flagged_as_a_copy(
    aws: Any, fake_hosts: FakeHosts
) -> None:
    # Given an agent that pasted its output
    first = submitted(PASTED_IMAGENET)
    # When another account submits a gist holding the same output (CRLF, trailing blanks)
    copied = PASTED_IMAGENET.replace("\n", "  \r\n")
    fake_hosts.text("gist.githubusercontent.com", "/b/c0ffee/raw", copied)
    copy = submitted("https://gist.github.com/b/c0ffee")
    validation = validation_of(copy)
    # Then the log was read and the copy names the earlier reproduction; the first is unchanged
    assert validation["state"] == "passed", validation
    stored = reproductions_db.get(copy["reproduction_id"])
    assert stored is not None and stored["duplicate_of"] == first["reproduction_id"]
    original = reproductions_db.get(first["reproduction_id"])
    assert original is not None and original.get("duplicate_of") is None
    # And a URL log read first is the original that a later paste of it copies
    fake_hosts.text(RAW_HOST, "/o/r/main/own.log", IMAGENET_LOG)
    by_url = submitted("https://github.com/o/r/blob/main/own.log")
    validation_of(by_url)
    pasted_later = submitted(IMAGENET_LOG)
    assert pasted_later["duplicate_of"] == by_url["reproduction_id"]


def test_a_gist_is_read_through_its_raw_url(fake_hosts: FakeHosts) -> None:
    fake_hosts.text(
        "gist.githubusercontent.com", "/someone/0123abcd/raw", "Top-1 Accuracy: 76.13\n"
    )
    page = "https://gist.github.com/someone/0123abcd"
    claim = {"actual_metric_name": "Top-1 Accuracy", "actual_metric_value": 76.13}
    verdict = url_log_verdict(repro(page, **claim))
    assert verdict["state"] == "passed", verdict


def test_a_hugging_face_file_is_read_through_resolve_and_its_cdn_redirect(
    fake_hosts: FakeHosts,
) -> None:
    # Given a log stored with Git LFS on the Hub: resolve redirects to the LFS CDN
    fake_hosts.add(
        "huggingface.co",
        "/datasets/org/runs/resolve/main/eval.log",
        status=302,
        headers={
            "Location": "https://cdn-lfs.hf.co/datasets/org/runs/abc123?Expires=1&Signature=x"
        },
    )
    fake_hosts.text(
        "cdn-lfs.hf.co", "/datasets/org/runs/abc123?Expires=1&Signature=x", IMAGENET_LOG
    )
    # When the dataset page of the file is submitted
    page = "https://huggingface.co/datasets/org/runs/blob/main/eval.log"
    verdict = url_log_verdict(repro(page, actual_metric_name="Acc@1", actual_metric_value=76.13))
    # Then the file was read from the CDN host, and the claim found
    assert verdict["state"] == "passed", verdict
    assert "redirected to cdn-lfs.hf.co" in verdict["checks"][0]["detail"]
    assert "cdn-lfs.hf.co" in fake_hosts.sni


def test_a_wandb_run_summary_becomes_its_metrics(fake_hosts: FakeHosts) -> None:
    # Given a public W&B run whose summary holds the final accuracy
    summary = {"val/acc1": 76.13, "epoch": 89, "_step": 4500}
    fake_hosts.wandb_run("vision-lab", "resnet", "3xk2p1ab", summary, "finished")
    # When its run page is submitted
    page = "https://wandb.ai/vision-lab/resnet/runs/3xk2p1ab/overview"
    verdict = url_log_verdict(repro(page, actual_metric_name="acc1", actual_metric_value=76.13))
    # Then the summary was read through the public GraphQL API and its values are the metrics
    assert verdict["state"] == "passed", verdict
    assert verdict["extracted_metrics"] == [
        {"name": "val/acc1", "value": 76.13},
        {"name": "epoch", "value": 89.0},
    ]
    (request,) = [s for s in fake_hosts.requests_to("api.wandb.ai") if b"3xk2p1ab" in s.body]
    assert (request.method, request.path) == ("POST", "/graphql")
    # A run W&B does not show anonymously is not read
    missing = url_log_verdict(repro("https://wandb.ai/vision-lab/resnet/runs/private1"))
    assert "no public run for vision-lab/resnet/private1" in reason(missing)


# --- not read: unchecked, with the reason -----------------------------------------------------


@pytest.mark.parametrize(
    ("page", "why"),
    [
        ("https://colab.research.google.com/drive/1AbC-dEf", "Colab notebooks are not read"),
        ("https://github.com/someone/r/actions/runs/42", "not a page whose raw form"),
        ("https://huggingface.co/org/model", "not a page whose raw form"),
    ],
)
def test_pages_without_a_raw_form_are_unchecked_and_not_fetched(
    fake_hosts: FakeHosts, page: str, why: str
) -> None:
    before = len(fake_hosts.seen)
    assert why in reason(url_log_verdict(repro(page)))
    assert len(fake_hosts.seen) == before  # nothing was fetched


def test_a_missing_file_is_unchecked_never_passed(aws: Any, fake_hosts: FakeHosts) -> None:
    validation = validation_of(submitted("https://github.com/someone/r/blob/main/deleted.log"))
    assert "answered 404 Not Found" in reason(validation)
    assert validation["extracted_metrics"] == []


@pytest.mark.parametrize(
    ("location", "why"),
    [
        ("https://evil.example.com/log.txt", "refused a redirect to evil.example.com"),
        ("http://cdn-lfs.hf.co/x", "https only"),
        ("https://127.0.0.1/x", "the IP address 127.0.0.1"),
        ("https://169.254.169.254/latest/meta-data/", "the IP address 169.254.169.254"),
        ("https://raw.githubusercontent.com/o/r/main/x", "a host of another service"),
        ("https://cdn-lfs.hf.co:8443/x", "names a port"),
    ],
)
def test_redirects_off_the_allow_list_are_refused(
    fake_hosts: FakeHosts, location: str, why: str
) -> None:
    path = f"/org/m/resolve/main/{abs(hash(location))}.log"
    fake_hosts.add("huggingface.co", path, status=302, headers={"Location": location})
    page = "https://huggingface.co/org/m/blob/main/" + path.rsplit("/", 1)[1]
    assert why in reason(url_log_verdict(repro(page)))
    assert fake_hosts.requests_to("evil.example.com") == []


def test_redirect_loops_stop(fake_hosts: FakeHosts) -> None:
    fake_hosts.add("huggingface.co", "/org/m/resolve/main/loop.log", status=307,
                   headers={"Location": "/org/m/resolve/main/loop.log"})  # fmt: skip
    verdict = url_log_verdict(repro("https://huggingface.co/org/m/blob/main/loop.log"))
    assert "more than 5 redirects" in reason(verdict)


def test_a_slow_host_times_out(fake_hosts: FakeHosts) -> None:
    fake_hosts.add(RAW_HOST, "/o/r/main/slow.log", Reply(body=b"acc: 1\n", delay=2))
    started = time.monotonic()
    verdict = url_log_verdict(repro("https://github.com/o/r/blob/main/slow.log"), QUICK)
    assert "timed out waiting for raw.githubusercontent.com to answer (limit 0.5 s)" in reason(
        verdict
    )
    assert time.monotonic() - started < 1.5


def test_a_trickling_host_hits_the_total_deadline(fake_hosts: FakeHosts) -> None:
    # A byte every 0.2 s never trips the read timeout, but the whole read has a deadline
    def trickle() -> Iterator[tuple[bytes, float]]:
        for _ in range(100):
            yield b"x", 0.2

    fake_hosts.add(RAW_HOST, "/o/r/main/trickle.log", Reply(pieces=trickle))
    started = time.monotonic()
    verdict = url_log_verdict(repro("https://github.com/o/r/blob/main/trickle.log"), QUICK)
    assert "reading took longer than the 2 s limit" in reason(verdict)
    assert time.monotonic() - started < 3


def test_a_log_over_the_size_cap_is_unchecked_and_reading_stops(fake_hosts: FakeHosts) -> None:
    # The cap is 50 MiB, as for uploaded logs; a smaller one here keeps the test fast (with
    # today's extractor, checking 50 MiB of lines takes longer than the check deadline).
    assert url_logs.DEFAULT_LIMITS.max_bytes == 50 * 1024 * 1024
    sent: list[int] = []

    def endless() -> Iterator[tuple[bytes, float]]:
        for index in range(200):  # 200 MiB if nobody stopped reading
            sent.append(index)
            yield b"=" * 1023 + b"\n", 0.0
            yield (b"=" * 1023 + b"\n") * 1023, 0.0  # 1 MiB in all

    fake_hosts.add(RAW_HOST, "/o/r/main/huge.log", Reply(pieces=endless))
    small_cap = FetchLimits(max_bytes=2 * 1024 * 1024)
    verdict = url_log_verdict(repro("https://github.com/o/r/blob/main/huge.log"), small_cap)
    assert "the log is larger than 2 MiB (the limit for run logs); reading stopped" in reason(
        verdict
    )
    time.sleep(0.2)
    assert len(sent) < 20  # the client hung up soon after the cap


def test_a_log_too_slow_to_check_is_unchecked(fake_hosts: FakeHosts) -> None:
    fake_hosts.text(RAW_HOST, "/o/r/main/long.log", ("=" * 1023 + "\n") * 4096)  # 4 MiB
    limits = FetchLimits(check_deadline=0.3)
    verdict = url_log_verdict(repro("https://github.com/o/r/blob/main/long.log"), limits)
    assert "the log could not be read and checked within 0.3 s" in reason(verdict)


def test_a_declared_length_over_50_mib_is_not_read_at_all(fake_hosts: FakeHosts) -> None:
    declared = {"Content-Length": str(60 * 1024 * 1024)}
    body = Reply(pieces=lambda: iter([(b"a: 1\n", 0.0)]), headers=declared)
    fake_hosts.add(RAW_HOST, "/o/r/main/declared.log", body)
    assert "62,914,560 bytes, over the 50 MiB limit" in reason(
        url_log_verdict(repro("https://github.com/o/r/blob/main/declared.log"))
    )


@pytest.mark.parametrize(
    ("reply", "why"),
    [
        (Reply(403, b"Forbidden"), "403 Forbidden: the log is private or needs a sign-in"),
        (Reply(429, b"slow down"), "429 Too Many Requests: rate limited"),
        (Reply(503, b"oops"), "answered 503 Service Unavailable"),
        (Reply(200, b"<html>Sign in</html>", {"Content-Type": "text/html"}), "a web page"),
        (Reply(200, b"version https://git-lfs.github.com/spec/v1\noid sha256:ab\n"), "LFS pointer"),
        (Reply(pieces=lambda: ((bytes([c]), 0.0) for c in LFS_POINTER)), "LFS pointer"),
        (Reply(200, b"\x1f\x8b\x08", {"Content-Encoding": "gzip"}), "gzip-encoded"),
    ],
)  # fmt: skip
def test_answers_that_are_not_the_log_are_unchecked(
    fake_hosts: FakeHosts, reply: Reply, why: str
) -> None:
    path = f"/o/r/main/{reply.status}-{len(reply.body)}-{len(reply.headers)}-{id(reply)}.log"
    fake_hosts.add(RAW_HOST, path, reply)
    page = "https://github.com/o/r/blob/main/" + path.rsplit("/", 1)[1]
    assert why in reason(url_log_verdict(repro(page)))


def test_certificates_are_verified(fake_hosts: FakeHosts) -> None:
    # Given the fetcher trusting only the system's CAs, not the test CA
    from chalicelib.settings import reset_settings

    fake_hosts.text(RAW_HOST, "/o/r/main/tls.log", "acc: 1\n")
    os_env = __import__("os").environ
    bundle = os_env.pop("SOTAV_URL_FETCH_CA_BUNDLE")
    reset_settings()
    try:
        verdict = url_log_verdict(repro("https://github.com/o/r/blob/main/tls.log"))
    finally:
        os_env["SOTAV_URL_FETCH_CA_BUNDLE"] = bundle
        reset_settings()
    # Then the self-signed chain is refused
    assert "the certificate could not be verified" in reason(verdict)


def test_a_host_that_never_completes_tls_times_out(monkeypatch: pytest.MonkeyPatch) -> None:
    # Given a TCP server that accepts and then says nothing
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    accepted: list[socket.socket] = []
    threading.Thread(target=lambda: accepted.append(listener.accept()[0]), daemon=True).start()
    monkeypatch.setenv("SOTAV_URL_FETCH_OVERRIDE", f"https://127.0.0.1:{listener.getsockname()[1]}")
    from chalicelib.settings import reset_settings

    reset_settings()
    try:
        verdict = url_log_verdict(repro("https://github.com/o/r/blob/main/x.log"), QUICK)
    finally:
        monkeypatch.undo()
        reset_settings()
        listener.close()
        for sock in accepted:
            sock.close()
    assert "timed out connecting to raw.githubusercontent.com (limit 1 s)" in reason(verdict)


def test_an_allowed_host_resolving_to_an_internal_address_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Given no override (the production path) and DNS answering with internal addresses
    from chalicelib.settings import reset_settings

    monkeypatch.delenv("SOTAV_URL_FETCH_OVERRIDE")
    reset_settings()
    connected: list[Any] = []
    monkeypatch.setattr(socket, "create_connection", lambda *a, **k: connected.append(a))
    try:
        for answer in (["127.0.0.1"], ["140.82.112.3", "169.254.169.254"], ["::1"]):
            monkeypatch.setattr(url_logs, "_resolve", lambda host, timeout, a=answer: a)
            verdict = url_log_verdict(repro("https://github.com/o/r/blob/main/x.log"))
            assert "raw.githubusercontent.com resolves to" in reason(verdict)
            assert "which is not a public address" in reason(verdict)
    finally:
        monkeypatch.undo()
        reset_settings()
    # Then no connection was even attempted
    assert connected == []


def test_only_https_urls_on_fetch_hosts_are_ever_opened(fake_hosts: FakeHosts) -> None:
    # A stored URL that breaks the submission rules (say, edited in the table) is never read
    tampered = url_log_verdict(repro("http://github.com/o/r/blob/main/x.log"))
    assert tampered["state"] == "failed"
    assert tampered["checks"][0]["name"] == "run_log_url"
    # ... and the fetcher itself opens nothing but https on a fetch host
    for url in ("http://raw.githubusercontent.com/o/r/x", "https://evil.example.com/x"):
        with pytest.raises(NotRead):
            url_logs._read_raw_file(url_logs.RawFile(url), url_logs._Clock(QUICK))
    assert fake_hosts.requests_to("evil.example.com") == []


# --- events: a read verdict is kept, an unchecked one retried -----------------------------


def test_a_read_verdict_is_kept_and_an_unchecked_one_retried(
    aws: Any, fake_hosts: FakeHosts
) -> None:
    # Given a log that is not there yet
    path = "/someone/later/main/train.log"
    item = submitted("https://github.com/someone/later/blob/main/train.log")
    assert validation_of(item)["state"] == "unchecked"
    # When it appears and another event arrives (the replay log, a redelivery)
    fake_hosts.text(RAW_HOST, path, IMAGENET_LOG)
    assert validation_of(item)["state"] == "passed"
    reads = len(fake_hosts.requests_to(RAW_HOST))
    # Then later events neither read it again nor change the verdict, even if it changed
    fake_hosts.text(RAW_HOST, path, "nothing to see\n")
    assert validate_reproduction(item["reproduction_id"]) is False
    assert len(fake_hosts.requests_to(RAW_HOST)) == reads
    assert validation_of(item)["state"] == "passed"


def test_an_unreachable_host_is_unchecked_and_a_duplicate_writes_nothing(aws: Any) -> None:
    # Given the default test setting: the fetcher points at a closed local port
    item = submitted("https://wandb.ai/team/project/runs/abc?x=1#frag")
    validation = validation_of(item)
    assert "https://wandb.ai/team/project/runs/abc?x=1 was not read by the server" in reason(
        validation
    )
    assert "the connection failed" in reason(validation)
    assert validate_reproduction(item["reproduction_id"]) is False


def test_unchecked_is_a_verdict_of_its_own_in_the_api_and_can_be_promoted(
    aws: Any, api: Any
) -> None:
    from chalicelib.services.review import decide

    # Given a URL log the server could not read
    item = submitted("https://github.com/someone/r/blob/main/gone.log")
    validate_reproduction(item["reproduction_id"])
    # Then the public view says unchecked (a value of the documented enum), with the reason
    view = api.http.get(f"/api/v1/reproductions/{item['reproduction_id']}").json_body
    assert view["validation"]["state"] == "unchecked"
    assert view["validation"]["checks"][0]["name"] == "run_log_read"
    schema = api.http.get("/api/v1/openapi.json").json_body["components"]["schemas"]
    assert schema["ValidationView"]["properties"]["state"]["enum"] == [
        "pending", "passed", "failed", "unchecked"
    ]  # fmt: skip
    # ... and a reviewer who read the log may promote it (only failed validations are refused)
    reviewer = authenticate(f"Bearer {create_account('reviewer', 'rita').key}")
    assert decide(reviewer, item["reproduction_id"], "promote")["status"] == "verified"


# --- the invocation's time ---------------------------------------------------------------------


class ShortLambdaContext(LambdaContext):
    def __init__(self, remaining_ms: int) -> None:
        super().__init__("validate_upload")
        self.remaining_ms = remaining_ms

    def get_remaining_time_in_millis(self) -> int:
        return self.remaining_ms


def test_a_log_read_that_would_outlast_the_invocation_is_retried_not_judged(
    aws: Any, fake_hosts: FakeHosts
) -> None:
    # Given a slow host, and an invocation with 11 s left (6 s for URL logs after the margin)
    fake_hosts.add(RAW_HOST, "/o/r/main/sluggish.log", Reply(body=b"acc: 1\n", delay=9))
    slow = submitted("https://github.com/o/r/blob/main/sluggish.log")
    pasted = submitted(PASTED_IMAGENET)
    handler = aws.app.handler_map["validate_upload"]
    records = [
        s3_message("m-pasted", pasted["run_log"]["s3_key"]),
        s3_message("m-slow", slow["run_log"]["s3_key"]),
    ]
    # When the validator runs out of time while waiting for the host
    started = time.monotonic()
    result = handler({"Records": records}, ShortLambdaContext(11_000))
    # Then it stopped in time, only that message fails (the queue delivers it again later),
    # and no verdict was made from the invocation's own lack of time
    assert time.monotonic() - started < 8
    assert result == {"batchItemFailures": [{"itemIdentifier": "m-slow"}]}
    stored = reproductions_db.get(slow["reproduction_id"])
    assert stored is not None and stored["validation"]["state"] == "pending"
    done = reproductions_db.get(pasted["reproduction_id"])
    assert done is not None and done["validation"]["state"] == "passed"
    # ... and with too little time to start, it does not even try
    before = len(fake_hosts.requests_to(RAW_HOST))
    with pytest.raises(OutOfTime), invocation_time(9):
        url_log_verdict(repro("https://github.com/o/r/blob/main/sluggish.log"))
    assert len(fake_hosts.requests_to(RAW_HOST)) == before
