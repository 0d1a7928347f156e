"""submit_reproduction uploads local files only from its files directory (no server needed:
a recording HTTP server stands in for the API, and must receive nothing).

A prompt-injected model can pass any path it likes: ``~/.ssh/id_rsa``, a symlink to it, a
FIFO, ``/dev/zero``. Each is refused before a byte is read or a request is sent."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from sotaverified import Client
from sotaverified.mcp_server import create_server

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def api_requests() -> Iterator[tuple[str, list[str]]]:
    """A stand-in API that records every request (and refuses it)."""
    seen: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def _any(self) -> None:
            seen.append(f"{self.command} {self.path}")
            length = int(self.headers.get("Content-Length") or 0)
            self.rfile.read(length)
            self.send_response(503)
            self.send_header("Content-Length", "0")
            self.end_headers()

        do_GET = do_POST = do_PUT = _any

        def log_message(self, *_: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", seen
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A working directory (the server's files directory) and a home with a secret key."""
    work, home = tmp_path / "work", tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    work.mkdir()
    (home / ".ssh" / "id_rsa").write_text("-----BEGIN OPENSSH PRIVATE KEY-----\nsecret\n")
    (work / ".env").write_text("AWS_SECRET_ACCESS_KEY=secret\n")
    (home / "notes.txt").write_text("acc: 0.5\n")
    (work / "link.log").symlink_to(home / ".ssh" / "id_rsa")
    (work / "outside.log").symlink_to(home / "notes.txt")
    os.mkfifo(work / "fifo.log")
    (work / "dir.log").mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("SOTAVERIFIED_FILES_DIR", str(work))
    return work, home


async def _submit(url: str, run_log_path: str) -> Any:
    server = create_server(Client(url, "sotav_test", max_retries=0))
    arguments = {
        "paper_id": "2401.12345",
        "tier_claimed": 1,
        "hardware_spec": "1x A100",
        "run_log_path": run_log_path,
    }
    return await server.call_tool("submit_reproduction", arguments)


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("~/.ssh/id_rsa", "outside"),
        ("{home}/.ssh/id_rsa", "outside"),
        ("../home/.ssh/id_rsa", "outside"),
        ("link.log", "outside"),  # a symlink in the directory to the key
        ("outside.log", "outside"),
        (".env", "hidden"),
        ("fifo.log", "not a regular file"),
        ("dir.log", "not a regular file"),
        ("/dev/zero", "outside"),
    ],
)
async def test_a_file_outside_the_files_directory_is_never_sent(
    api_requests: tuple[str, list[str]], layout: tuple[Path, Path], path: str, says: str
) -> None:
    url, seen = api_requests
    _, home = layout
    # When a (prompt-injected) model asks to upload it
    result = await _submit(url, path.format(home=home))
    # Then the tool refuses, saying why, and nothing reached the API
    assert result.is_error, result
    message = str(result.structured_content)
    assert says in message, message
    assert "secret" not in message
    assert seen == []


async def test_a_file_in_the_files_directory_is_sent(
    api_requests: tuple[str, list[str]], layout: tuple[Path, Path]
) -> None:
    url, seen = api_requests
    work, _ = layout
    (work / "logs").mkdir()
    (work / "logs" / "train.log").write_text("acc: 0.5\n")
    # When the model names a log in the working directory (relative path)
    await _submit(url, "logs/train.log")
    # Then the SDK asks the API for an upload grant (the stand-in refuses it)
    assert seen and seen[0].startswith("POST /api/v1/uploads")


async def test_without_a_files_directory_nothing_is_sent_from_home(
    api_requests: tuple[str, list[str]], layout: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, seen = api_requests
    _, home = layout
    # Given a server started in the home directory, with no files directory set
    monkeypatch.delenv("SOTAVERIFIED_FILES_DIR")
    monkeypatch.chdir(home)
    result = await _submit(url, "notes.txt")
    assert result.is_error and "SOTAVERIFIED_FILES_DIR" in str(result.structured_content)
    assert seen == []


async def test_a_hard_link_to_a_secret_is_never_sent(
    api_requests: tuple[str, list[str]], layout: tuple[Path, Path]
) -> None:
    url, seen = api_requests
    work, home = layout
    # Given a hard link in the working directory to the key (a second name, not a symlink)
    os.link(home / ".ssh" / "id_rsa", work / "linked.log")
    result = await _submit(url, "linked.log")
    assert result.is_error and "hard links" in str(result.structured_content)
    assert seen == []


@pytest.mark.parametrize("swap", ["file", "directory"])
async def test_a_path_swapped_after_its_check_is_never_sent(
    api_requests: tuple[str, list[str]],
    layout: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    swap: str,
) -> None:
    """The checks read a path; the upload reads the file opened after them. A path changed in
    between (the log replaced by a symlink to the key, or its directory by a symlink to
    ~/.ssh) is refused: the open file itself is checked again."""
    url, seen = api_requests
    work, home = layout
    (work / "logs").mkdir()
    (work / "logs" / "id_rsa").write_text("acc: 0.5\n")  # the name the key has in ~/.ssh
    real_open = os.open

    def swapping_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if str(path).startswith(str(work / "logs")):  # between the checks and the open
            if swap == "file":
                (work / "logs" / "id_rsa").unlink()
                (work / "logs" / "id_rsa").symlink_to(home / ".ssh" / "id_rsa")
            else:
                (work / "logs").rename(work / "old")
                (work / "logs").symlink_to(home / ".ssh")
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", swapping_open)
    result = await _submit(url, "logs/id_rsa")
    monkeypatch.setattr(os, "open", real_open)
    assert result.is_error, result
    message = str(result.structured_content)
    assert "cannot be read" in message or "changed while it was checked" in message, message
    assert "secret" not in message
    assert seen == []
