"""The API documentation page (/docs) in a real browser: Swagger UI renders every operation
of the served OpenAPI document from files the Lambda serves itself, under a
Content-Security-Policy that nothing on the page violates."""

from __future__ import annotations

from typing import Any

import pytest

from chalicelib.api.meta import DOCS_CSP
from tests.browser.conftest import screenshot
from tests.conftest import LocalStack

pytestmark = pytest.mark.browser

# Every securitypolicyviolation event, recorded before any of the page's own scripts run.
RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__csp.push(e.violatedDirective + " " + e.blockedURI));
"""


def test_docs_render_every_operation_with_nothing_from_elsewhere(
    page: Any, local_stack: LocalStack
) -> None:
    requested: list[str] = []
    console: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.add_init_script(RECORD_VIOLATIONS)
    # Given the index, which links the documentation page
    index = page.request.get(f"{local_stack.url}/api/v1").json()
    # When a person opens it
    response = page.goto(index["docs"])
    assert response.status == 200
    assert response.headers["content-security-policy"] == DOCS_CSP
    page.wait_for_selector(".opblock", timeout=20_000)
    # Then every operation of the served document is rendered
    document = page.request.get(f"{local_stack.url}/api/v1/openapi.json").json()
    operations = {
        (method.upper(), path) for path, methods in document["paths"].items() for method in methods
    }
    methods = page.locator(".opblock .opblock-summary-method").all_inner_texts()
    paths = page.locator(".opblock .opblock-summary-path").all_inner_texts()
    rendered = {
        (m.strip(), p.replace("\u200b", "").strip()) for m, p in zip(methods, paths, strict=True)
    }
    assert rendered == operations
    assert {("GET", "/api/v1/tasks"), ("GET", "/api/v1/papers"), ("GET", "/api/v1/me")} <= rendered
    assert page.get_by_text("SOTAVerified", exact=False).first.is_visible()
    # ... a person can open an operation and see its parameters
    page.locator(".opblock-summary-path", has_text="/api/v1/papers").first.click()
    page.wait_for_selector("tr[data-param-name='q']")
    screenshot(page, "docs-page")
    # ... everything came from this origin, and nothing broke the page's policy
    assert requested and all(url.startswith(local_stack.url) for url in requested), requested
    assert page.evaluate("window.__csp") == []
    assert not [line for line in console if "Content Security Policy" in line], console


def test_the_review_pages_link_the_docs(page: Any, local_stack: LocalStack) -> None:
    page.goto("/")
    page.get_by_role("link", name="API docs").click()
    page.wait_for_selector(".opblock", timeout=20_000)
    assert page.url == f"{local_stack.url}/docs"
