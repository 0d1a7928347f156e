"""Settings come from the environment, are checked once, and say which variable is wrong."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chalicelib.settings import SettingsError, env_for, get_settings, reset_settings


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    for var in env_for(get_settings()):
        monkeypatch.delenv(var, raising=False)
    reset_settings()
    yield monkeypatch
    monkeypatch.undo()
    reset_settings()


def test_defaults_without_environment(fresh: pytest.MonkeyPatch) -> None:
    settings = get_settings()
    assert (settings.stage, settings.resource_prefix, settings.submissions_per_hour) == (
        "dev",
        "sotav-dev",
        60,
    )
    assert settings.aws_endpoint_url is None


def test_environment_values_are_read_and_numbers_parsed(fresh: pytest.MonkeyPatch) -> None:
    fresh.setenv("SOTAV_STAGE", "prod")
    fresh.setenv("SOTAV_RESOURCE_PREFIX", "sotav-prod")
    fresh.setenv("SOTAV_SUBMISSIONS_PER_HOUR", " 120 ")
    fresh.setenv("SOTAV_AWS_ENDPOINT_URL", "http://127.0.0.1:5000")
    settings = get_settings()
    assert settings.stage == "prod" and settings.resource_prefix == "sotav-prod"
    assert settings.submissions_per_hour == 120
    assert settings.aws_endpoint_url == "http://127.0.0.1:5000"
    # env_for reproduces the same settings in another process
    assert env_for(settings)["SOTAV_SUBMISSIONS_PER_HOUR"] == "120"


@pytest.mark.parametrize(
    ("var", "value", "complaint"),
    [
        ("SOTAV_STAGE", "Prod!", "SOTAV_STAGE='Prod!' must match"),
        ("SOTAV_RESOURCE_PREFIX", "9lives", "SOTAV_RESOURCE_PREFIX='9lives' must match"),
        ("SOTAV_SUBMISSIONS_PER_HOUR", "many", "SOTAV_SUBMISSIONS_PER_HOUR='many' must be"),
        ("SOTAV_SUBMISSIONS_PER_HOUR", "0", "SOTAV_SUBMISSIONS_PER_HOUR=0 must be"),
        ("SOTAV_MAX_ACTIVE_RUNS", "2.5", "SOTAV_MAX_ACTIVE_RUNS='2.5' must be"),
        # The fetch override may only point at a local test server, never at another host
        ("SOTAV_URL_FETCH_OVERRIDE", "https://evil.example.com:443", "SOTAV_URL_FETCH_OVERRIDE="),
        ("SOTAV_URL_FETCH_OVERRIDE", "http://127.0.0.1:8443", "SOTAV_URL_FETCH_OVERRIDE="),
        ("SOTAV_URL_FETCH_OVERRIDE", "https://10.0.0.5:443", "SOTAV_URL_FETCH_OVERRIDE="),
        ("SOTAV_URL_FETCH_OVERRIDE", "https://127.0.0.1:1/x", "SOTAV_URL_FETCH_OVERRIDE="),
    ],
)
def test_bad_values_name_the_variable(
    fresh: pytest.MonkeyPatch, var: str, value: str, complaint: str
) -> None:
    fresh.setenv(var, value)
    with pytest.raises(SettingsError) as raised:
        get_settings()
    assert str(raised.value).startswith(complaint)


def test_the_fetch_override_points_at_a_local_test_server(fresh: pytest.MonkeyPatch) -> None:
    fresh.setenv("SOTAV_URL_FETCH_OVERRIDE", "https://127.0.0.1:8443")
    fresh.setenv("SOTAV_URL_FETCH_CA_BUNDLE", "/tmp/ca.pem")
    settings = get_settings()
    assert settings.url_fetch_override == "https://127.0.0.1:8443"
    assert settings.url_fetch_ca_bundle == "/tmp/ca.pem"
    assert env_for(settings)["SOTAV_URL_FETCH_OVERRIDE"] == "https://127.0.0.1:8443"
