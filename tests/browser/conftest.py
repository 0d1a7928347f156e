"""Browser tests: headless Chromium (Debian's package, `make browser-deps`) driven by
Playwright against the real local stack (`local_stack`, shared with tests/e2e).

Screenshots of every page land in test-artifacts/screenshots/ (git-ignored) for a person to
look at."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from tests.conftest import ROOT, LocalStack

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives headless Chromium (tests/browser)")


@pytest.fixture(scope="module")  # closed after the module: its event loop must not outlive it
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make browser-deps` (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Dialogs(list[str]):
    """Messages of every alert/confirm/prompt a page opened (none expected, ever)."""


@pytest.fixture
def dialogs() -> Dialogs:
    return Dialogs()


@pytest.fixture
def page(browser: Any, local_stack: LocalStack, dialogs: Dialogs) -> Iterator[Any]:
    """A fresh browser profile (no cookies) per test; every dialog is recorded."""
    context = browser.new_context(base_url=local_stack.url, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    tab = context.new_page()
    tab.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    yield tab
    context.close()


def screenshot(page: Any, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# --- the system under test, over HTTP -------------------------------------------------------


def create_account(stack: LocalStack, role: str, name: str) -> dict[str, str]:
    """{"account_id", "key"} from the admin CLI, as an operator would create it."""
    out = stack.cli("accounts", "create", "--role", role, "--name", name, "--json")
    return dict(json.loads(out.stdout))


def submit(stack: LocalStack, key: str, **fields: Any) -> dict[str, Any]:
    response = requests.post(
        f"{stack.url}/api/v1/reproductions",
        json=fields,
        headers={"Authorization": f"Bearer {key}"},
        timeout=10,
    )
    assert response.status_code == 201, response.text
    return dict(response.json())


def hidden_field(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found, f"no hidden field {name!r} in the page"
    return found.group(1)


def signed_in_session(stack: LocalStack, key: str) -> requests.Session:
    """A `requests` session signed in through the sign-in form, as a browser would be."""
    session = requests.Session()
    form = session.get(f"{stack.url}/login", timeout=10)
    response = session.post(
        f"{stack.url}/login",
        data={"api_key": key, "login_token": hidden_field(form.text, "login_token")},
        allow_redirects=False,
        timeout=10,
    )
    assert response.status_code == 303, response.text
    return session
