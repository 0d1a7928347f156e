"""A deployment stage: its settings (read from `.chalice/config.json`, exactly as the deployed
functions will read them) and the name of every resource the template creates."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chalice.utils import to_cfn_resource_name

from chalicelib.db.tables import ALL_TABLES, TableSpec
from chalicelib.settings import _ENV, Settings, SettingsError, settings_from_env

ROOT = Path(__file__).resolve().parents[1]

# Stages whose tables and bucket survive `delete-stack` and stack updates that would replace
# them (DeletionPolicy/UpdateReplacePolicy Retain, DynamoDB deletion protection).
RETAINED_STAGES = frozenset({"prod"})

# Settings fields that carry a table's stream ARN: "<table logical name>_stream_arn".
STREAM_ARN_SUFFIX = "_stream_arn"


class BuildError(Exception):
    """The app, its config and infra/ disagree; the message says what to change."""


@dataclass(frozen=True)
class Stage:
    name: str
    settings: Settings
    config_env: dict[str, str]  # environment_variables of .chalice/config.json for the stage
    region: str
    api_gateway_stage: str = "api"

    @property
    def prefix(self) -> str:
        return self.settings.resource_prefix

    @property
    def retained(self) -> bool:
        return self.name in RETAINED_STAGES

    # --- names -----------------------------------------------------------------------------

    def function_name(self, chalice_name: str) -> str:
        short = "api" if chalice_name == "api_handler" else chalice_name.replace("_", "-")
        name = f"{self.prefix}-{short}"
        if len(name) > 64:
            raise BuildError(f"Lambda function name {name!r} is longer than 64 characters")
        return name

    @property
    def validator_queue(self) -> str:
        return self.settings.validator_queue_name

    @property
    def validator_dlq(self) -> str:
        return f"{self.settings.validator_queue_name}-dlq"  # as chalicelib/local/bootstrap.py

    @property
    def stream_failures_queue(self) -> str:
        return f"{self.prefix}-stream-failures"

    @property
    def alarm_topic(self) -> str:
        return f"{self.prefix}-alarms"

    @property
    def api_name(self) -> str:
        return f"{self.prefix}-api"

    def stream_tables(self) -> dict[str, TableSpec]:
        """Settings field -> table, for every `<table>_stream_arn` setting."""
        by_name = {spec.logical_name: spec for spec in ALL_TABLES}
        out = {}
        for field in _ENV:
            if not field.endswith(STREAM_ARN_SUFFIX):
                continue
            spec = by_name.get(field.removesuffix(STREAM_ARN_SUFFIX))
            if spec is None or not spec.stream:
                raise BuildError(
                    f"setting {field!r} names no table with a stream in chalicelib/db/tables.py"
                )
            out[field] = spec
        return out

    def inspection_stream_arn(self, spec: TableSpec) -> str:
        """A distinct, recognisable stream ARN per table, used only while inspecting the app
        (the real ARN exists once CloudFormation has created the table)."""
        return (
            f"arn:aws:dynamodb:{self.region}:000000000000:table/"
            f"{spec.physical_name(self.settings)}/stream/infra-build"
        )


def table_id(spec: TableSpec) -> str:
    return f"{to_cfn_resource_name(spec.logical_name)}Table"


def read_config(project_dir: Path = ROOT) -> dict[str, Any]:
    path = project_dir / ".chalice" / "config.json"
    config: dict[str, Any] = json.loads(path.read_text())
    return config


def load_stage(name: str, project_dir: Path = ROOT, region: str = "us-east-1") -> Stage:
    config = read_config(project_dir)
    stages = config.get("stages", {})
    if name not in stages:
        raise BuildError(f"stage {name!r} is not in .chalice/config.json (have: {sorted(stages)})")
    env = {
        **config.get("environment_variables", {}),
        **stages[name].get("environment_variables", {}),
    }
    try:
        settings = settings_from_env(env)
    except SettingsError as exc:
        raise BuildError(f".chalice/config.json stage {name!r}: {exc}") from None
    expected_prefix = f"sotav-{name}"
    if settings.stage != name or settings.resource_prefix != expected_prefix:
        raise BuildError(
            f".chalice/config.json stage {name!r} must set {_ENV['stage']}={name} and "
            f"{_ENV['resource_prefix']}={expected_prefix}"
        )
    api_stage = stages[name].get("api_gateway_stage", config.get("api_gateway_stage", "api"))
    return Stage(
        name=name,
        settings=settings,
        config_env=env,
        region=region,
        api_gateway_stage=str(api_stage),
    )
