"""Run log values: allow-listed https URLs or pasted output (SPEC 5)."""

from __future__ import annotations

import pytest

from chalicelib.domain.urls import (
    ALLOWED_LOG_HOSTS,
    MAX_PASTED_CHARS,
    RunLog,
    RunLogError,
    canonical_log_url,
    parse_run_log,
)

HOSTILE_URLS = [
    # userinfo tricks
    pytest.param("https://github.com@evil.com/", id="userinfo-allowed-host-as-user"),
    pytest.param("https://evil.com@github.com/", id="userinfo-on-allowed-host"),
    pytest.param("https://user:pass@github.com/x", id="user-and-password"),
    pytest.param("https://@github.com/x", id="empty-userinfo"),
    pytest.param("https://github.com;@evil.com/", id="semicolon-userinfo"),
    pytest.param("https://gist.github.com@evil.com/x", id="gist-as-userinfo"),
    # look-alike and lookup-suffix hosts
    pytest.param("https://github.com.evil.com/x", id="allowed-host-as-subdomain"),
    pytest.param("https://evilgithub.com/", id="suffix-lookalike"),
    pytest.param("https://huggingface.co.evil.com/m", id="hf-as-subdomain"),
    pytest.param("https://www.github.com/x", id="www-not-exact"),
    pytest.param("https://api.github.com/repos/x", id="subdomain-not-listed"),
    pytest.param("https://raw.githubusercontent.com/o/r/main/log.txt", id="raw-githubusercontent"),
    pytest.param("https://evil.com#@github.com/", id="fragment-at-trick"),
    pytest.param("https://evil.com?@github.com/", id="query-at-trick"),
    # backslashes (parsers disagree on these)
    pytest.param("https://github.com\\@evil.com/", id="backslash-at"),
    pytest.param("https://github.com\\\\evil.com", id="double-backslash"),
    pytest.param("https://evil.com\\github.com/", id="backslash-path"),
    pytest.param("\\\\github.com/x", id="backslash-network-path"),
    # IDN / punycode / non-ASCII
    pytest.param("https://gіthub.com/", id="cyrillic-i"),
    pytest.param("https://xn--gthub-n4a.com/", id="punycode"),
    pytest.param("https://ｇithub.com/x", id="fullwidth-g"),
    pytest.param("https://github\u3002com/x", id="ideographic-full-stop"),
    pytest.param("https://github.com\u200b/x", id="zero-width-space"),
    pytest.param("https://github.com/x\u202egpj.exe", id="rtl-override"),
    # scheme problems
    pytest.param("http://github.com/x", id="http"),
    pytest.param("HTTP://github.com/x", id="http-uppercase"),
    pytest.param("javascript:alert(1)", id="javascript"),
    pytest.param("JaVaScRiPt:alert(document.cookie)", id="javascript-mixed-case"),
    pytest.param("vbscript:msgbox(1)", id="vbscript"),
    pytest.param("data:text/html,<script>alert(1)</script>", id="data-uri"),
    pytest.param("file:///etc/passwd", id="file"),
    pytest.param("ftp://github.com/", id="ftp"),
    pytest.param("wss://github.com/", id="wss"),
    pytest.param("//github.com/x", id="scheme-relative"),
    pytest.param("www.github.com/x", id="www-no-scheme"),
    pytest.param("github.com/org/repo", id="bare-domain-with-path"),
    pytest.param("evil.com", id="bare-domain"),
    pytest.param("https:github.com/x", id="https-no-slashes"),
    pytest.param("https:/github.com/x", id="https-one-slash"),
    pytest.param("https:///github.com", id="https-three-slashes"),
    pytest.param("https://", id="no-host"),
    # ports
    pytest.param("https://github.com:443/x", id="port-443"),
    pytest.param("https://github.com:8080/", id="port-8080"),
    pytest.param("https://github.com:/x", id="empty-port"),
    # hosts that are not names on the list
    pytest.param("https://github.com./x", id="trailing-dot"),
    pytest.param("https://GITHUB.COM./x", id="trailing-dot-uppercase"),
    pytest.param("https://github.com../x", id="two-trailing-dots"),
    pytest.param("https://%67ithub.com/", id="percent-encoded-host"),
    pytest.param("https://github.com%2eevil.com/", id="percent-encoded-dot"),
    pytest.param("https://github.com%00.evil.com/", id="percent-nul"),
    pytest.param("https://[::1]/", id="ipv6-literal"),
    pytest.param("https://127.0.0.1/", id="ipv4"),
    pytest.param("https://2130706433/", id="decimal-ip"),
    pytest.param("https://localhost/x", id="localhost"),
    # whitespace and control characters
    pytest.param("https://github.com/a b", id="space-in-path"),
    pytest.param("https://github.com\t/x", id="tab"),
    pytest.param("https://git\nhub.com/x", id="newline-in-host"),
    pytest.param("https://github.com/x\r\n", id="trailing-crlf"),
    pytest.param(" https://github.com/x", id="leading-space"),
    pytest.param("https://github.com/x ", id="trailing-space"),
    pytest.param("\u00a0https://github.com/x", id="leading-nbsp"),
    pytest.param("https://github.com/x\x00", id="nul"),
    pytest.param("https://github.com/x\x7f", id="del"),
    pytest.param("https://github.com/x\x1b[31m", id="escape"),
    # length
    pytest.param("https://github.com/" + "a" * 2030, id="over-2048"),
    pytest.param("https://github.com/?" + "q" * 20_000, id="far-over-2048"),
]


@pytest.mark.parametrize("value", HOSTILE_URLS)
def test_hostile_url_values_are_rejected(value: str) -> None:
    # Given a URL-looking value that breaks an allow-list rule
    # When it is submitted as a run log
    # Then it is rejected, never stored as pasted text
    with pytest.raises(RunLogError) as raised:
        parse_run_log(value)
    # And the message names the field and says what to do instead
    message = str(raised.value)
    assert message.startswith("run_log_url ")
    assert "use an https URL on github.com" in message
    assert "paste the output (<= 10,000 characters)" in message


@pytest.mark.parametrize("value", HOSTILE_URLS)
def test_canonicalising_a_hostile_url_also_fails(value: str) -> None:
    # Given a hostile URL read back from storage by a validator
    # When it is canonicalised
    # Then the same rules reject it
    with pytest.raises(RunLogError):
        canonical_log_url(value)


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ("https://github.com.evil.com/x", "host 'github.com.evil.com' is not allowed"),
        ("https://evil.com@github.com/", "user information"),
        ("https://github.com:443/x", "port"),
        ("https://github.com./x", "ends with a dot"),
        ("https://github.com\\@evil.com/", "backslash"),
        ("https://gіthub.com/", "non-ASCII"),
        ("http://github.com/x", "scheme 'http' is not allowed"),
        ("javascript:alert(1)", "scheme 'javascript' is not allowed"),
        ("https://github.com/a b", "whitespace"),
        ("https://%67ithub.com/", "percent-encoded"),
        ("https://" + "a" * 3000, "over the 2,048 limit"),
        ("//github.com/x", "no scheme"),
        ("https:///github.com", "no host"),
    ],
)
def test_rejection_messages_name_the_broken_rule(value: str, fragment: str) -> None:
    # Given a value breaking one specific rule
    # When it is parsed
    with pytest.raises(RunLogError) as raised:
        parse_run_log(value)
    # Then the message says which rule
    assert fragment in str(raised.value)


def test_host_message_matches_the_documented_wording() -> None:
    with pytest.raises(RunLogError) as raised:
        parse_run_log("https://github.com.evil.com/x")
    assert str(raised.value) == (
        "run_log_url host 'github.com.evil.com' is not allowed; use an https URL on github.com, "
        "gist.github.com, wandb.ai, colab.research.google.com or huggingface.co, or paste the "
        "output (<= 10,000 characters)"
    )


@pytest.mark.parametrize(
    ("value", "canonical"),
    [
        (
            "https://github.com/org/repo/actions/runs/123?check_suite_focus=true",
            "https://github.com/org/repo/actions/runs/123?check_suite_focus=true",
        ),
        ("https://gist.github.com/someone/abc123", "https://gist.github.com/someone/abc123"),
        ("https://wandb.ai/team/project/runs/x1y2?workspace=user", None),
        ("https://colab.research.google.com/drive/1AbC-dEf_G", None),
        ("https://huggingface.co/org/model/blob/main/eval.log", None),
        (
            "https://github.com/o/r/blob/main/log.txt#L10",
            "https://github.com/o/r/blob/main/log.txt",
        ),
        ("HTTPS://GitHub.COM/Org/Repo", "https://github.com/Org/Repo"),
        ("https://github.com", "https://github.com/"),
        ("https://github.com?tab=repositories", "https://github.com/?tab=repositories"),
        ("https://github.com/x?", "https://github.com/x"),
        ("https://github.com/o/r/commit/a%20b@main", "https://github.com/o/r/commit/a%20b@main"),
    ],
)
def test_valid_urls_on_allowed_hosts_are_accepted(value: str, canonical: str | None) -> None:
    # Given an https URL on an allowed host
    # When it is parsed
    run_log = parse_run_log(value)
    # Then it is a URL run log whose canonical form keeps path and query
    assert run_log == RunLog(kind="url", url=canonical or value, text=None)


@pytest.mark.parametrize("host", sorted(ALLOWED_LOG_HOSTS))
def test_every_allowed_host_is_accepted(host: str) -> None:
    assert parse_run_log(f"https://{host}/a/b?c=d").url == f"https://{host}/a/b?c=d"


def test_a_url_of_exactly_2048_characters_is_accepted() -> None:
    # Given a URL at the length limit
    url = "https://github.com/" + "a" * (2048 - len("https://github.com/"))
    assert len(url) == 2048
    # When / Then it is accepted
    assert parse_run_log(url).url == url


def test_canonical_log_url_is_idempotent() -> None:
    once = canonical_log_url("HTTPS://WANDB.AI/team/run#overview")
    assert once == "https://wandb.ai/team/run"
    assert canonical_log_url(once) == once


@pytest.mark.parametrize(
    "text",
    [
        "Acc@1 76.130 Acc@5 92.862",
        "epoch 3: loss=0.12\n * Acc@1 76.130",
        "  indented table\n| metric | value |\n| acc | 0.81 |\n",
        "train: 100%|██████| 10/10 [00:01<00:00]\r\x1b[32mdone\x1b[0m",
        "see https://evil.com for details",  # URL inside text: not URL-looking at the start
        "python3.11 eval.py --ckpt model.pt",
        "76.13",
    ],
)
def test_pasted_output_is_stored_verbatim(text: str) -> None:
    # Given terminal output that does not start like a URL
    # When it is parsed
    run_log = parse_run_log(text)
    # Then it is pasted output, unchanged
    assert run_log == RunLog(kind="pasted", url=None, text=text)


def test_pasted_output_of_exactly_10000_code_points_is_accepted_even_with_emoji() -> None:
    # Given 10,000 characters, half of them 4-byte emoji (20,000+ bytes in UTF-8)
    text = "🚀" * 5_000 + "a" * 5_000
    assert len(text) == MAX_PASTED_CHARS
    assert len(text.encode("utf-8")) > MAX_PASTED_CHARS
    # When it is parsed
    run_log = parse_run_log(text)
    # Then it is accepted as pasted output
    assert run_log.kind == "pasted"
    assert run_log.text == text


@pytest.mark.parametrize("text", ["🚀" * 10_001, "a" * 10_001, "Acc@1 76.1\n" + "x" * 9_990])
def test_pasted_output_of_10001_code_points_is_rejected(text: str) -> None:
    # Given one character over the limit
    assert len(text) == MAX_PASTED_CHARS + 1
    # When / Then it is rejected, with the size in the message
    with pytest.raises(RunLogError, match=r"10,001 characters, over the 10,000 limit"):
        parse_run_log(text)


@pytest.mark.parametrize("text", ["", " ", "\n\t  \r\n", "\u3000"])
def test_empty_or_whitespace_only_values_are_rejected(text: str) -> None:
    with pytest.raises(RunLogError, match="is empty"):
        parse_run_log(text)


def test_pasted_output_with_nul_is_rejected() -> None:
    with pytest.raises(RunLogError, match="NUL character at position 5"):
        parse_run_log("Acc@1\x0076.1")


def test_non_string_values_are_rejected() -> None:
    with pytest.raises(RunLogError, match="must be a string"):
        parse_run_log(123)  # type: ignore[arg-type]
