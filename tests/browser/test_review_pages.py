"""The human pages in a real browser: sign in, review, promote, see the score move; and the
guards around them (agents cannot sign in, forged posts are refused, logs are text)."""

from __future__ import annotations

from typing import Any

import pytest
import requests

from tests.browser.conftest import (
    Dialogs,
    create_account,
    hidden_field,
    screenshot,
    signed_in_session,
    submit,
)
from tests.conftest import LocalStack, validated, wait_for
from tests.e2e.own_stack import dynamodb

pytestmark = pytest.mark.browser

PROMOTE_PAPER = "2106.07476"  # RevGNN-Wide: claims Test ROC-AUC 0.8824 on ogbn-proteins
XSS_PAPER = "2103.13355"  # GAT+BoT
RULES_PAPER = "2106.08541"  # CoLinkDistMLP: claims Test Accuracy 0.6259 on ogbn-products
XSS_LOG = (
    "epoch 10 | loss 0.30\n"
    "<script>alert(1)</script>\n"
    '<img src=x onerror="alert(2)">\n'
    "Test Accuracy: 0.7391\n"
)


@pytest.fixture(scope="module")
def people(local_stack: LocalStack) -> dict[str, dict[str, str]]:
    """One agent (its name is markup, to prove names are escaped) and one reviewer, made
    with the admin CLI; shared by the tests below (each CLI call is a ~1 s process)."""
    return {
        "agent": create_account(local_stack, "agent", "<b>browser-agent</b>"),
        "reviewer": create_account(local_stack, "reviewer", "Rita Reviewer"),
    }


def sign_in(page: Any, key: str) -> Any:
    page.goto("/login")
    page.get_by_label("API key").fill(key)
    posted = page.expect_response(lambda r: r.url.endswith("/login") and r.request.method == "POST")
    with posted as response:
        page.get_by_role("button", name="Sign in").click()
    return response.value


def open_submission(page: Any, reproduction_id: str) -> Any:
    """The submission's card in the review queue (oldest first), following Next page links."""
    page.goto("/review")
    for _ in range(30):
        card = page.locator(f"#sub-{reproduction_id}")
        if card.count():
            return card
        page.get_by_role("link", name="Next page").click()
    raise AssertionError(f"{reproduction_id} is not in the review queue")


def test_a_reviewer_promotes_a_submission_and_the_paper_score_rises(
    page: Any, local_stack: LocalStack, people: dict[str, dict[str, str]], dialogs: Dialogs
) -> None:
    # Given an agent's pasted log that reproduces the claim, validated
    agent, reviewer = people["agent"], people["reviewer"]
    before = requests.get(f"{local_stack.url}/api/v1/papers/{PROMOTE_PAPER}", timeout=10).json()
    repro = submit(
        local_stack,
        agent["key"],
        paper_id=PROMOTE_PAPER,
        tier_claimed=3,
        hardware_spec="2x NVIDIA A100 80GB, Ubuntu 22.04",
        run_log_url="epoch 499 | loss 0.1021\nValidation ROC-AUC: 0.9441\nTest ROC-AUC: 0.8821\n",
        actual_metric_name="Test ROC-AUC",
        actual_metric_value=0.8821,
        dataset="ogbn-proteins",
    )
    rid = repro["reproduction_id"]
    assert validated(local_stack, rid)["validation"]["state"] == "passed"

    # And the SOTA table, searched from the keyboard (skip link first, labelled fields)
    page.goto("/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to content"
    page.get_by_label("Task").fill("Node Property Prediction")
    page.get_by_label("Dataset").fill("ogbn-proteins")
    page.get_by_label("Dataset").press("Enter")
    page.wait_for_url("**/?task=*")
    assert (
        page.get_by_role("table")
        .locator("caption")
        .inner_text()
        .startswith("Node Property Prediction on ogbn-proteins")
    )
    screenshot(page, "sota")

    # When the reviewer signs in with their key
    response = sign_in(page, reviewer["key"])
    assert response.status == 303
    page.wait_for_url("**/review")
    assert "Signed in as Rita Reviewer" in page.locator("header").inner_text()

    # Then they see the pending submission with its log excerpt and verdict
    card = open_submission(page, rid)
    card.scroll_into_view_if_needed()
    assert "Test ROC-AUC: 0.8821" in card.locator("pre").inner_text()
    assert "passed" in card.inner_text()
    screenshot(page, "review")

    # When they press Promote on it (from the keyboard)
    card.get_by_role("button", name="Promote").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/review?done=promote*")
    assert f"Promoted {rid}" in page.get_by_role("status").first.inner_text()
    assert page.locator(f"#sub-{rid}").count() == 0

    # Then the paper page shows the new score once the stream has recomputed it
    page.get_by_role("status").first.get_by_role("link").click()
    page.wait_for_url(f"**/papers/{PROMOTE_PAPER}")

    def score() -> int:
        page.reload()
        return int(page.get_by_test_id("verification-score").inner_text())

    after = wait_for(score, lambda s: s > before["verification_score"], timeout=15)
    assert after == before["verification_score"] + 15  # +10 reproduction, +5 within 5%
    breakdown = page.get_by_role(
        "table", name="Each scoring rule and the points it gave"
    ).inner_text()
    assert "Counted reproduction" in breakdown and "Within 5% of the claim" in breakdown
    row = page.locator(f"#repro-{rid}")
    assert "verified" in row.inner_text() and "passed" in row.inner_text()
    screenshot(page, "paper")

    # And the agent appears on the agent leaderboard with its win
    def agents_text() -> str:
        page.goto("/agents")
        return str(page.locator("main").inner_text())

    name = "<b>browser-agent</b>"
    assert name in wait_for(agents_text, lambda text: name in text, timeout=15)
    screenshot(page, "agents")
    assert dialogs == []


def test_an_agent_key_cannot_sign_in(page: Any, people: dict[str, dict[str, str]]) -> None:
    agent = people["agent"]
    page.goto("/login")
    screenshot(page, "login")

    response = sign_in(page, agent["key"])

    assert response.status == 403
    assert "Agent keys cannot sign in" in page.get_by_role("alert").inner_text()
    assert not [c for c in page.context.cookies() if c["name"] == "sotav_session"]
    screenshot(page, "login-agent-refused")
    page.goto("/review")
    page.wait_for_url("**/login")  # still signed out


def test_a_bad_key_is_refused_with_401(page: Any) -> None:
    response = sign_in(page, "sotav_" + "x" * 43)
    assert response.status == 401
    assert "not valid" in page.get_by_role("alert").inner_text()


def test_a_log_excerpt_with_markup_renders_as_text(
    page: Any, local_stack: LocalStack, people: dict[str, dict[str, str]], dialogs: Dialogs
) -> None:
    agent, reviewer = people["agent"], people["reviewer"]
    repro = submit(
        local_stack,
        agent["key"],
        paper_id=XSS_PAPER,
        tier_claimed=1,
        hardware_spec='<script>alert("hw")</script> 1x RTX 4090',
        run_log_url=XSS_LOG,
        actual_metric_name="Test Accuracy",
        actual_metric_value=0.7391,
        dataset="ogbn-arxiv",
    )
    validated(local_stack, repro["reproduction_id"])
    sign_in(page, reviewer["key"])
    card = open_submission(page, repro["reproduction_id"])

    # The markup is shown as the text it is ...
    log_text = card.locator("pre").inner_text()
    assert "<script>alert(1)</script>" in log_text
    assert '<img src=x onerror="alert(2)">' in log_text
    assert '<script>alert("hw")</script> 1x RTX 4090' in card.inner_text()
    assert "<b>browser-agent</b>" in card.inner_text()
    # ... and never became elements, so nothing ran
    assert page.locator("main script, main img").count() == 0
    assert card.locator("b").count() == 0
    card.locator("pre").focus()  # the scrollable log is reachable from the keyboard
    page.goto(f"/papers/{XSS_PAPER}")
    assert (
        '<script>alert("hw")</script>'
        in page.get_by_role("table", name="Submitted reproductions").inner_text()
    )
    assert dialogs == []


def test_forged_form_posts_are_refused(
    local_stack: LocalStack, people: dict[str, dict[str, str]]
) -> None:
    url = local_stack.url
    agent, reviewer = people["agent"], people["reviewer"]
    repro = submit(
        local_stack,
        agent["key"],
        paper_id=RULES_PAPER,
        tier_claimed=2,
        hardware_spec="1x V100 32GB",
        run_log_url="Test Accuracy: 0.6251\n",
        actual_metric_name="Test Accuracy",
        actual_metric_value=0.6251,
        dataset="ogbn-products",
    )
    rid = repro["reproduction_id"]
    browser = signed_in_session(local_stack, reviewer["key"])
    cookie = browser.cookies.get("sotav_session")
    assert cookie

    # A forged post (the session cookie, but no or a wrong CSRF token) is refused ...
    for data in (
        {"reproduction_id": rid, "action": "promote"},
        {"reproduction_id": rid, "action": "promote", "csrf_token": "x" * 43},
    ):
        forged = requests.post(
            f"{url}/review/decide",
            data=data,
            cookies={"sotav_session": cookie},
            allow_redirects=False,
            timeout=10,
        )
        assert forged.status_code == 403
        assert "security token" in forged.text
    # ... and changed nothing
    status = requests.get(f"{url}/api/v1/reproductions/{rid}", timeout=10).json()["status"]
    assert status == "agent_pending"
    # Without a session there is nothing to post with
    anonymous = requests.post(
        f"{url}/review/decide", data={"reproduction_id": rid, "action": "promote"}, timeout=10
    )
    assert anonymous.status_code == 403

    # A sign-out without the token is refused too; with it, the session ends
    review_html = browser.get(f"{url}/review", timeout=10).text
    token = hidden_field(review_html, "csrf_token")
    refused = browser.post(
        f"{url}/logout", data={"csrf_token": ""}, allow_redirects=False, timeout=10
    )
    assert refused.status_code == 403
    assert browser.get(f"{url}/review", allow_redirects=False, timeout=10).status_code == 200
    out = browser.post(f"{url}/logout", data={"csrf_token": token}, allow_redirects=False)
    assert out.status_code == 303 and "Max-Age=0" in out.headers["Set-Cookie"]
    gone = requests.get(
        f"{url}/review", cookies={"sotav_session": cookie}, allow_redirects=False, timeout=10
    )
    assert gone.status_code == 303 and gone.headers["Location"].endswith("/login")


def test_decisions_through_the_page_obey_the_api_rules(
    local_stack: LocalStack, people: dict[str, dict[str, str]]
) -> None:
    url = local_stack.url
    agent, reviewer = people["agent"], people["reviewer"]
    # A reviewer's own submission (stored before only agent keys could submit: its submitter
    # is rewritten in the stack's DynamoDB), and an agent's whose log lacks the claimed value
    own = submit(
        local_stack,
        agent["key"],
        paper_id=RULES_PAPER,
        tier_claimed=1,
        hardware_spec="1x T4",
        run_log_url="Test Accuracy: 0.6200\n",
    )
    dynamodb(local_stack).update_item(
        TableName="sotav-local-reproductions",
        Key={"reproduction_id": {"S": own["reproduction_id"]}},
        UpdateExpression="SET submitter_id = :me",
        ExpressionAttributeValues={":me": {"S": reviewer["account_id"]}},
    )
    failing = submit(
        local_stack,
        agent["key"],
        paper_id=RULES_PAPER,
        tier_claimed=1,
        hardware_spec="1x T4",
        run_log_url="loss went down\n",
        actual_metric_name="Test Accuracy",
        actual_metric_value=0.99,
        dataset="ogbn-arxiv",
    )
    assert validated(local_stack, failing["reproduction_id"])["validation"]["state"] == "failed"
    browser = signed_in_session(local_stack, reviewer["key"])
    page_html = browser.get(f"{url}/review", timeout=10).text
    token = hidden_field(page_html, "csrf_token")

    def decide(reproduction_id: str, action: str) -> requests.Response:
        return browser.post(
            f"{url}/review/decide",
            data={"reproduction_id": reproduction_id, "action": action, "csrf_token": token},
            allow_redirects=False,
            timeout=10,
        )

    mine = decide(own["reproduction_id"], "promote")
    assert mine.status_code == 403
    assert "cannot promote a reproduction your account submitted" in mine.text
    failed = decide(failing["reproduction_id"], "promote")
    assert failed.status_code == 409
    assert "failed validation" in failed.text
    rejected = decide(failing["reproduction_id"], "reject")
    assert rejected.status_code == 303
    assert rejected.headers["Location"].endswith(f"done=reject&id={failing['reproduction_id']}")
    statuses = {
        r: requests.get(f"{url}/api/v1/reproductions/{r}", timeout=10).json()["status"]
        for r in (own["reproduction_id"], failing["reproduction_id"])
    }
    assert statuses == {
        own["reproduction_id"]: "agent_pending",
        failing["reproduction_id"]: "rejected",
    }


def test_the_session_cookie_is_httponly_samesite_and_secure_behind_https(
    local_stack: LocalStack, people: dict[str, dict[str, str]]
) -> None:
    reviewer = people["reviewer"]
    session = requests.Session()
    form = session.get(f"{local_stack.url}/login", timeout=10)
    fields = {"api_key": reviewer["key"], "login_token": hidden_field(form.text, "login_token")}
    for proto, secure in (("http", False), ("https", True)):
        response = session.post(
            f"{local_stack.url}/login",
            data=fields,
            headers={"X-Forwarded-Proto": proto},
            allow_redirects=False,
            timeout=10,
        )
        assert response.status_code == 303
        cookie = next(
            c for c in response.raw.headers.getlist("Set-Cookie") if c.startswith("sotav_session=")
        )
        attributes = {a.strip().split("=")[0].lower() for a in cookie.split(";")[1:]}
        assert {"httponly", "path", "samesite", "max-age"} <= attributes
        assert "SameSite=Lax" in cookie and "Path=/;" in cookie
        assert ("secure" in attributes) is secure
        session.cookies.set("sotav_login", form.cookies["sotav_login"], path="/login")
