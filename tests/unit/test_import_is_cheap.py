"""Importing `app` (a Lambda cold start) creates no AWS client and makes no network call."""

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
        print("ok")
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
