"""Importing `app` (a Lambda cold start) creates no AWS client, makes no network call and
leaves the heavy libraries to the code that uses them (bench/bench_reads.py times it)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from tests.conftest import ROOT


def test_importing_app_creates_no_client_and_opens_no_socket() -> None:
    probe = textwrap.dedent(
        """
        import socket, sys
        import botocore.session

        def refuse(*args, **kwargs):
            raise SystemExit("AWS client or network use at import time")

        botocore.session.Session.create_client = refuse
        socket.socket.connect = refuse
        socket.create_connection = refuse
        import app
        assert app.app.app_name == "sotaverified"
        assert "boto3" not in sys.modules, "boto3 is imported lazily, on first use"
        heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("pydantic",
                       "aws_lambda_powertools") or m == "chalicelib.api.models")
        assert not heavy, f"imported by app: {heavy}"
        print("ok")
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_the_first_request_loads_the_models_and_the_logger() -> None:
    probe = textwrap.dedent(
        """
        import sys
        from chalice.test import Client
        import app
        with Client(app.app) as client:
            response = client.http.get("/api/v1/openapi.json")
        assert response.status_code == 200, response.body
        assert "PaperView" in response.json_body["components"]["schemas"]
        assert "chalicelib.api.models" in sys.modules and "pydantic" in sys.modules
        assert "aws_lambda_powertools" in sys.modules
        print("ok")
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("ok")
