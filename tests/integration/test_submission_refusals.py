"""Refused submissions (SPEC 5): every hostile or malformed request answers a 4xx with the one
error shape and a message a client can act on, and leaves nothing behind (no reproduction, no
S3 object, no Idempotency-Key record, no quota consumed, no run used). All cases share one moto
that must stay empty.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from chalicelib.domain.apikeys import hash_key
from chalicelib.services.accounts import create_account
from tests.integration.submission_world import (
    NOTHING,
    PAPER,
    VALID,
    World,
    assert_error,
    header,
    stored,
)

# --- hostile input tables -------------------------------------------------------------------

HOSTILE_RUN_LOG_URLS = [
    # (value, what the message must say)
    # characters that break out of an HTML attribute, a Markdown link or a template
    (
        'https://github.com/o/r/blob/main/log.txt"onmouseover="alert(1)',
        "contains '\"' at position 40",
    ),
    ("https://github.com/o/r/blob/main/log.txt'", 'contains "\'" at position 40'),
    ("https://github.com/o/r/<script>", "contains '<' at position 23"),
    ("https://github.com/o/r/log>x", "contains '>'"),
    ("https://gist.github.com/o/`id`", "contains '`'"),
    ("https://huggingface.co/{{7*7}}", "contains '{'"),
    ("https://wandb.ai/o/p/runs/x}", "contains '}'"),
    ("https://user@github.com/org/repo", "user information"),
    ("https://github.com@evil.com/x", "user information"),
    ("https://user:pass@github.com/x", "user information"),
    ("https://huggingface.co@evil.com", "user information"),
    ("https://github.com.evil.com/org/repo", "host 'github.com.evil.com' is not allowed"),
    ("https://GITHUB.COM.evil.com/", "host 'github.com.evil.com' is not allowed"),
    ("https://wandb.ai.evil.com/x", "not allowed"),
    ("https://evil.com/github.com", "host 'evil.com' is not allowed"),
    ("https://evil.com/?https://github.com/", "host 'evil.com' is not allowed"),
    ("https://www.github.com/org/repo", "host 'www.github.com' is not allowed"),
    ("https://api.github.com/x", "not allowed"),
    ("https://127.0.0.1/x", "not allowed"),
    ("https://[::1]/x", "IP address literal"),
    ("https://github.com\\@evil.com/", "backslash"),
    ("https:\\\\github.com\\org", "backslash"),
    ("https://github.com/x#\\@evil.com", "backslash"),
    ("https://gіthub.com/org/repo", "U+0456"),  # Cyrillic i
    ("https://ɡithub.com/x", "U+0261"),  # Latin script g
    ("https://ｇithub.com/x", "U+FF47"),  # fullwidth g
    ("https://github.com\u3002evil.com", "non-ASCII"),  # ideographic full stop
    ("\u200bhttps://evil.com", "non-ASCII"),  # zero-width space in front
    ("https://xn--gthub-n4a.com/x", "not allowed"),  # punycode look-alike
    ("http://github.com/org/repo", "only https"),
    ("hTTp://github.com/org/repo", "only https"),
    ("https://github.com:443/org/repo", "port"),
    ("https://github.com:8080/x", "port"),
    ("https://github.com:/x", "port"),
    ("https://github.com./org/repo", "ends with a dot"),
    (" https://github.com/org/repo", "whitespace"),
    ("https://github.com/org/repo ", "whitespace"),
    ("https://github.com/org/re po", "whitespace"),
    ("https://github.com/org/repo\n", "whitespace or a control character"),
    ("\thttps://github.com/x", "whitespace"),
    ("https://github.com/x\x00", "control character"),
    ("javascript:alert(1)", "scheme 'javascript' is not allowed"),
    ("JaVaScRiPt:alert(document.cookie)", "scheme 'javascript' is not allowed"),
    ("data:text/html,<script>alert(1)</script>", "scheme 'data' is not allowed"),
    ("file:///etc/passwd", "scheme 'file' is not allowed"),
    ("ftp://github.com/x", "scheme 'ftp' is not allowed"),
    ("s3://my-bucket/logs/run.txt", "must start with https://"),
    ("hxxps://github.com/x", "must start with https://"),
    ("//github.com/org/repo", "no scheme"),
    ("https:/github.com/x", "must start with https://"),
    ("https:github.com/x", "must start with https://"),
    ("github.com.evil.com/x", "must start with https://"),
    ("github.com/org/repo", "must start with https://"),
    ("www.github.com/x", "must start with https://"),
    ("evil.com", "must start with https://"),
    ("https://github%2ecom/x", "percent-encoded"),
    ("https://github.com%40evil.com/", "percent-encoded"),
    ("https://", "no host"),
    ("https://github.com/" + "a" * 3000, "over the 2,048 limit"),
]

VALID_LOG_URLS = [
    (
        "https://github.com/example/vtr/actions/runs/123",
        "https://github.com/example/vtr/actions/runs/123",
    ),
    ("https://gist.github.com/someone/0123abcd", "https://gist.github.com/someone/0123abcd"),
    ("https://wandb.ai/team/project/runs/3xk2p1", "https://wandb.ai/team/project/runs/3xk2p1"),
    (
        "https://colab.research.google.com/drive/1AbC-dEf?usp=sharing",
        "https://colab.research.google.com/drive/1AbC-dEf?usp=sharing",
    ),
    (
        "https://huggingface.co/org/model/blob/main/eval.log",
        "https://huggingface.co/org/model/blob/main/eval.log",
    ),
    ("HTTPS://GitHub.com/Org/Repo#L10", "https://github.com/Org/Repo"),  # canonical form
]


def _body(**changes: Any) -> str:
    return json.dumps({**VALID, **changes})


def _raw(fragment: str) -> str:
    """The valid body with `fragment` appended as raw JSON text (a duplicate key ...)."""
    return json.dumps(VALID)[:-1] + ", " + fragment + "}"


def _set_raw(name: str, raw_value: str) -> str:
    """The valid body with field `name` set to `raw_value`, written as raw JSON text."""
    return json.dumps({**VALID, name: "__RAW__"}).replace('"__RAW__"', raw_value)


def _without(name: str) -> str:
    return json.dumps({k: v for k, v in VALID.items() if k != name})


# (id, raw body, status, error code, what the message must say)
MALFORMED_BODIES: list[tuple[str, str | bytes, int, str | None, str]] = [
    ("tier-as-string", _body(tier_claimed="3"), 422, "invalid_body", "tier_claimed"),
    # 1.0 is an integer to JSON Schema (and to our OpenAPI document): accepted as 1.
    ("tier-as-fraction", _set_raw("tier_claimed", "1.5"), 422, "invalid_body", "tier_claimed"),
    ("tier-as-bool", _body(tier_claimed=True), 422, "invalid_body", "tier_claimed"),
    ("tier-zero", _body(tier_claimed=0), 422, "invalid_body", "greater than or equal to 1"),
    ("tier-four", _body(tier_claimed=4), 422, "invalid_body", "less than or equal to 3"),
    ("tier-null", _body(tier_claimed=None), 422, "invalid_body", "tier_claimed"),
    ("hardware-as-number", _body(hardware_spec=5), 422, "invalid_body", "hardware_spec"),
    ("hardware-empty", _body(hardware_spec=""), 422, "invalid_body", "hardware_spec"),
    ("hardware-501-chars", _body(hardware_spec="x" * 501), 422, "invalid_body", "at most 500"),
    ("metric-NaN", _set_raw("actual_metric_value", "NaN"), 400, "invalid_json", "NaN"),
    (
        "metric-Infinity",
        _set_raw("actual_metric_value", "Infinity"),
        400,
        "invalid_json",
        "Infinity",
    ),
    (
        "metric-minus-Infinity",
        _set_raw("actual_metric_value", "-Infinity"),
        400,
        "invalid_json",
        "Infinity",
    ),
    ("metric-1e400", _set_raw("actual_metric_value", "1e400"), 400, "invalid_json", "out of range"),
    (
        "metric-as-string",
        _body(actual_metric_value="84.02"),
        422,
        "invalid_body",
        "actual_metric_value",
    ),
    ("huge-integer", _body(tier_claimed=10**30), 400, "invalid_json", "too large"),
    # (was "not valid JSON: Exceeds the limit (4300 digits) ...; use
    # sys.set_int_max_str_digits()", advice for the server's code, not the client)
    (
        "integer-of-5000-digits",
        _set_raw("tier_claimed", "1" + "0" * 5000),
        400,
        "invalid_json",
        "an integer in the body is too large (limit 2^53)",
    ),
    (
        "negative-integer-of-5000-digits",
        _set_raw("actual_metric_value", "-" + "9" * 5000),
        400,
        "invalid_json",
        "an integer in the body is too large (limit 2^53)",
    ),
    ("nesting-10000-brackets", "[" * 10_000, 400, "invalid_json", "nested deeper"),
    (
        "nesting-inside-a-field",
        _set_raw("replay_log", "[" * 200 + "]" * 200),
        400,
        "invalid_json",
        "nested deeper",
    ),
    (
        "duplicate-key",
        _raw('"tier_claimed": 1'),
        400,
        "invalid_json",
        "duplicate key 'tier_claimed'",
    ),
    (
        "lone-surrogate",
        _set_raw("hardware_spec", '"A100 \\ud800"'),
        400,
        "invalid_json",
        "lone surrogate",
    ),
    (
        "pasted-10001-emoji",
        _body(run_log_url="\U0001f600" * 10_001),
        422,
        "invalid_body",
        "at most 10000 characters",
    ),
    # Free text is NFKC-normalised; invisible and control characters are refused, naming the field
    (
        "hardware-zero-width",
        _body(hardware_spec="1x A100\u200b 80GB"),
        422,
        "invalid_body",
        "hardware_spec: Value error, contains a zero-width space (U+200B)",
    ),
    (
        "hardware-bidi-override",
        _body(hardware_spec="\u202e1x A100"),
        422,
        "invalid_body",
        "hardware_spec: Value error, contains a bidi override (U+202E)",
    ),
    ("hardware-NUL", _body(hardware_spec="A100\x00"), 422, "invalid_body", "hardware_spec"),
    ("hardware-bell", _body(hardware_spec="A100\x07"), 422, "invalid_body", "control character"),
    ("hardware-newline", _body(hardware_spec="A100\nH100"), 422, "invalid_body", "hardware_spec"),
    ("hardware-blank", _body(hardware_spec=" \u3000 "), 422, "invalid_body", "only whitespace"),
    (
        "metric-name-word-joiner",
        _body(actual_metric_name="Top-1\u2060Accuracy"),
        422,
        "invalid_body",
        "actual_metric_name: Value error, contains a word joiner",
    ),
    (
        "dataset-isolate",
        _body(dataset="ImageNet\u2066"),
        422,
        "invalid_body",
        "dataset: Value error, contains a bidi isolate",
    ),
    ("dataset-blank", _body(dataset="   "), 422, "invalid_body", "dataset"),
    ("run-id-with-space", _body(run_id="u 1"), 422, "invalid_body", "run_id"),
    ("pasted-only-whitespace", _body(run_log_url="  \n\t "), 422, "invalid_run_log", "empty"),
    ("pasted-with-NUL", _body(run_log_url="Acc@1 84.0\x00"), 422, "invalid_run_log", "NUL"),
    ("run-log-as-number", _body(run_log_url=84.02), 422, "invalid_body", "run_log_url"),
    (
        "unknown-field-status",
        _body(status="verified"),
        422,
        "invalid_body",
        "status: Extra inputs are not permitted",
    ),
    (
        "unknown-field-verification_score",
        _body(verification_score=100),
        422,
        "invalid_body",
        "verification_score",
    ),
    ("unknown-field-submitter_id", _body(submitter_id="a0"), 422, "invalid_body", "submitter_id"),
    ("unknown-field-trust_tier", _body(trust_tier=2), 422, "invalid_body", "trust_tier"),
    (
        "unknown-field-reproduction_id",
        _body(reproduction_id="r1"),
        422,
        "invalid_body",
        "reproduction_id",
    ),
    ("missing-paper_id", _without("paper_id"), 422, "invalid_body", "paper_id: Field required"),
    ("missing-tier_claimed", _without("tier_claimed"), 422, "invalid_body", "tier_claimed"),
    ("missing-hardware_spec", _without("hardware_spec"), 422, "invalid_body", "hardware_spec"),
    ("missing-run_log_url", _without("run_log_url"), 422, "invalid_body", "run_log_url"),
    (
        "metric-name-201-chars",
        _body(actual_metric_name="m" * 201),
        422,
        "invalid_body",
        "actual_metric_name",
    ),
    ("paper_id-201-chars", _body(paper_id="p" * 201), 422, "invalid_body", "paper_id"),
    ("paper_id-not-an-id", _body(paper_id="not a paper"), 400, None, "not a paper"),
    (
        "replay-log-not-a-trajectory",
        _body(replay_log={"steps": "all of them"}),
        422,
        "invalid_body",
        "replay_log.steps",
    ),
    (
        "replay-log-unknown-step",
        _body(replay_log={"steps": [{"type": "shell"}]}),
        422,
        "invalid_body",
        "replay_log",
    ),
    ("empty-body", "", 400, "invalid_json", "empty"),
    ("whitespace-body", "   ", 400, "invalid_json", "not valid JSON"),
    ("not-json", "paper_id=2401.12345&tier_claimed=3", 400, "invalid_json", "not valid JSON"),
    ("utf8-bom", "\ufeff" + json.dumps(VALID), 400, "invalid_json", "BOM"),
    ("not-utf8", b"\xff\xfe{}", 400, "invalid_json", "not UTF-8"),
    ("json-array", json.dumps([VALID]), 422, "invalid_body", "(body)"),
    ("json-null", "null", 422, "invalid_body", "(body)"),
    ("json-string", '"hello"', 422, "invalid_body", "(body)"),
    ("over-1-MB", _body(hardware_spec="x" * 1_000_001), 413, "body_too_large", "1,000,000"),
]


class TestRefusedSubmissionsStoreNothing:
    @pytest.mark.parametrize(
        ("value", "says"), HOSTILE_RUN_LOG_URLS, ids=[repr(v[:40]) for v, _ in HOSTILE_RUN_LOG_URLS]
    )
    def test_hostile_run_log_url_is_422_with_a_clear_message(
        self, shared: World, value: str, says: str
    ) -> None:
        # Given a valid submission whose run_log_url is a hostile URL-looking value
        # When it is sent (with an Idempotency-Key) through the HTTP route
        response = shared.submit(run_log_url=value, idempotency_key="hostile-1")
        # Then it is refused as a URL (not kept as pasted text), saying why and what to do
        assert_error(response, 422, "invalid_run_log", says)
        assert "use an https URL on github.com" in response.json_body["error"]["message"]
        # ... and nothing at all was stored
        assert stored() == NOTHING

    @pytest.mark.parametrize(
        ("raw", "status", "code", "says"),
        [pytest.param(*case[1:], id=case[0]) for case in MALFORMED_BODIES],
    )
    def test_malformed_body_is_4xx_with_one_error_shape(
        self, shared: World, raw: str | bytes, status: int, code: str | None, says: str
    ) -> None:
        for path in ("/api/v1/reproductions", "/api/reproductions"):
            response = shared.request(
                "POST", path, raw, key=shared.agent.key, headers={"Idempotency-Key": "bad-1"}
            )
            assert_error(response, status, code, says)
        assert stored() == NOTHING

    def test_unknown_paper_is_404(self, shared: World) -> None:
        for paper_id in ("2401.99999", "p0000000000000000"):
            assert_error(shared.submit(paper_id=paper_id), 404, "not_found", paper_id)
        assert stored() == NOTHING

    def test_a_bad_idempotency_key_or_content_type_is_refused(self, shared: World) -> None:
        for key in ("has space", "a" * 201, "ключ", "semi;colon"):
            assert_error(shared.submit(idempotency_key=key), 400, None, "Idempotency-Key")
        response = shared.request(
            "POST",
            "/api/v1/reproductions",
            json.dumps(VALID),
            key=shared.agent.key,
            headers={"Content-Type": "text/plain"},
        )
        assert_error(response, 415, "unsupported_media_type", "application/json")
        assert stored() == NOTHING

    @pytest.mark.parametrize(
        "content_type",
        [
            # Chalice's own check took each of these: it only asks whether application/json
            # is one of the header's ;- or ,-separated parts, and ignores the charset
            "text/plain; application/json",
            "text/plain, application/json",
            "*/*",
            "application/json; charset=latin-1",
            "application/json; charset=utf-16",
            "application/json; profile=x",
            # and these it refused, with a message that read "Unsupported media type: ; ..."
            "",
            "text/plain",
        ],
    )
    def test_a_body_not_declared_as_utf8_json_is_415(
        self, shared: World, content_type: str
    ) -> None:
        for path in ("/api/v1/reproductions", "/api/v1/runs"):
            response = shared.request(
                "POST",
                path,
                json.dumps(VALID),
                key=shared.agent.key,
                headers={"Content-Type": content_type},
            )
            assert_error(
                response, 415, "unsupported_media_type", "'Content-Type: application/json'"
            )
            shown = repr(content_type) if content_type else "(empty)"
            assert response.json_body["error"]["message"].startswith(f"Content-Type {shown} ")
        assert stored() == NOTHING

    def test_a_compressed_body_is_415_naming_the_coding(self, shared: World) -> None:
        import gzip

        response = shared.request(
            "POST",
            "/api/v1/reproductions",
            gzip.compress(json.dumps(VALID).encode()),
            key=shared.agent.key,
            headers={"Content-Encoding": "gzip"},
        )
        # (it was the 400 "the request body is not UTF-8")
        assert_error(response, 415, "unsupported_media_type", "Content-Encoding 'gzip'")
        assert response.headers["Accept-Encoding"] == "identity"
        assert stored() == NOTHING

    def test_json_in_any_letter_case_with_a_utf8_charset_is_json(self, shared: World) -> None:
        for content_type in ("Application/JSON", 'application/json; Charset="UTF-8"'):
            response = shared.request(
                "POST",
                "/api/v1/reproductions/rnothing/reject",
                key=shared.reviewer.key,
                headers={"Content-Type": content_type},
            )
            assert_error(response, 404, "not_found", "rnothing")

    def test_a_json_body_to_a_form_page_is_told_to_send_the_form(self, shared: World) -> None:
        response = shared.request("POST", "/login", json.dumps({"key": "x"}))
        assert_error(response, 415, "unsupported_media_type", "application/x-www-form-urlencoded")

    def test_missing_unknown_or_revoked_keys_all_get_the_same_401(self, shared: World) -> None:
        from chalicelib.domain.apikeys import generate_key
        from chalicelib.services.accounts import revoke_account, revoke_key

        revoked = create_account("agent", "revoked-key")
        revoke_key(revoked.key)
        closed = create_account("agent", "revoked-account")
        assert revoke_account(closed.account_id) == 1
        good = shared.agent.key
        authorizations: list[str | None] = [
            None,
            "",
            "Bearer",
            "Bearer ",
            f"Basic {good}",
            f"Token {good}",
            good,  # no scheme
            "Bearer abc",  # malformed
            f"Bearer {good}x",  # malformed (too long)
            f"Bearer {good[:-1]}",  # malformed (too short)
            f"Bearer {generate_key()}",  # well formed, unknown
            f"Bearer {hash_key(good)}",  # the stored hash is not a key
            f"Bearer {revoked.key}",
            f"Bearer {closed.key}",
        ]
        bodies = set()
        for authorization in authorizations:
            headers = {} if authorization is None else {"Authorization": authorization}
            for path in ("/api/v1/reproductions", "/api/reproductions", "/api/v1/runs"):
                response = shared.request("POST", path, VALID, headers=headers)
                assert_error(response, 401, "unauthorized", "Authorization: Bearer")
                assert header(response, "WWW-Authenticate") == "Bearer"
                bodies.add(response.body)
        assert len(bodies) == 1  # the same body: nothing tells the cases apart
        assert stored() == NOTHING

    def test_agent_keys_cannot_promote_reject_or_verify_claims(self, shared: World) -> None:
        for action in ("promote", "reject"):
            response = shared.decide("rdoesnotexist", action, shared.agent.key)
            assert_error(response, 403, "forbidden", "reviewer")
        for action in ("verify", "reject"):
            path = f"/api/v1/admin/papers/{PAPER}/author-claims/{shared.agent.account_id}/{action}"
            for key in (shared.agent.key, shared.reviewer.key):
                assert_error(shared.request("POST", path, key=key), 403, "forbidden", "admin")
        assert stored() == NOTHING
