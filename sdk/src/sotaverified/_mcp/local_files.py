"""Which local files submit_reproduction may upload (``run_log_path``, ``replay_log_path``).

The paths come from the model driving the agent, and that model reads untrusted text (papers,
READMEs, logs): a prompt injection can ask it to "attach" ``~/.ssh/id_rsa`` as a run log,
which would then be uploaded to the ledger and shown to reviewers. So a path is uploaded only
when all of these hold:

- once symlinks are resolved, it lies under the server's files directory:
  ``$SOTAVERIFIED_FILES_DIR``, else the directory the server was started in (refused when
  that is ``/`` or the home directory: set the variable to the agent's working directory);
  a relative path is taken from that directory;
- no part of it below that directory is hidden (``.ssh``, ``.aws``, ``.env``, ``.git``...);
- it is a regular file: not a FIFO, a device (``/dev/zero``), a socket or a directory, and
  it has no other name (a hard link is another name for a file that may live elsewhere);
- it is within the server's limits as the SDK would send it: a ``.gz`` file within the upload
  limit (50 MiB for a run log, 200 MiB for a replay log), any other file within what the
  server reads once decompressed (256 MiB, 1 GiB), so a huge file is refused before it is read.

The checks name a path, and a path can change under them (a component swapped for a symlink
between the check and the read). So the file is opened once, without following a symlink in
its last component and without blocking on a FIFO, and the open file itself is checked again:
the same inode as the one checked, a regular file within the limits, and (where the system
says which path an open file has: ``/proc/self/fd`` on Linux, ``F_GETPATH`` on macOS) a path
still under the files directory and not hidden. That open file is what the SDK uploads.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from typing import BinaryIO

ENV_FILES_DIR = "SOTAVERIFIED_FILES_DIR"
MiB = 1024 * 1024
#: As sent (gzip): the server's upload limits.
MAX_SENT_BYTES = {"run_log": 50 * MiB, "replay_log": 200 * MiB}
#: Before compression: what the server reads of an upload once decompressed.
MAX_PLAIN_BYTES = {"run_log": 256 * MiB, "replay_log": 1024 * MiB}


def files_dir(environ: Mapping[str, str] | None = None) -> str | None:
    """The directory local files are uploaded from, or None when there is none: the
    variable unset and the server started in ``/`` or the home directory."""
    env = os.environ if environ is None else environ
    configured = (env.get(ENV_FILES_DIR) or "").strip()
    if configured:
        return os.path.realpath(os.path.expanduser(configured))
    here = os.path.realpath(os.getcwd())
    home = os.path.realpath(os.path.expanduser("~"))
    return None if here in (os.path.realpath(os.sep), home) else here


def open_uploadable(path: str, kind: str, root: str | None) -> BinaryIO:
    """The file the tool may upload as ``kind`` (``run_log`` or ``replay_log``), open for
    reading (the caller closes it); ValueError saying why not (naming the path as given)."""
    real, checked = _checked_path(path, kind, root)
    assert root is not None  # _checked_path refuses None
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(real, flags)
    except OSError as exc:
        raise ValueError(f"{kind}_path: {path} cannot be read ({exc.strerror})") from None
    try:
        opened = os.fstat(fd)
        if (opened.st_dev, opened.st_ino) != (checked.st_dev, checked.st_ino):
            raise ValueError(f"{kind}_path: {path} changed while it was checked; try again")
        _check_file(path, kind, real, opened)
        now = _path_of(fd)
        if now is not None:
            _check_place(path, kind, now, root)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _path_of(fd: int) -> str | None:
    """Where an open file is, as the system knows it (None where it cannot say)."""
    try:
        return os.path.realpath(os.readlink(f"/proc/self/fd/{fd}"))
    except OSError:
        pass
    try:
        import fcntl

        getpath = getattr(fcntl, "F_GETPATH", None)
        if getpath is not None:
            raw = fcntl.fcntl(fd, getpath, b"\0" * 1024)
            return os.path.realpath(raw.split(b"\0", 1)[0].decode())
    except (OSError, ImportError, UnicodeDecodeError):
        pass
    return None


def _checked_path(path: str, kind: str, root: str | None) -> tuple[str, os.stat_result]:
    """The resolved path of a file the tool may upload as ``kind``, with its stat."""
    argument = f"{kind}_path"
    if root is None:
        raise ValueError(
            f"{argument}: this server uploads local files only from its files directory, and "
            f"it has none: set {ENV_FILES_DIR} to the agent's working directory in the server's "
            "environment and restart it"
        )
    if "\x00" in path:
        raise ValueError(f"{argument}: a path cannot hold a NUL character")
    candidate = os.path.join(root, os.path.expanduser(path))  # an absolute path stays as is
    real = os.path.realpath(candidate)
    _check_place(path, kind, real, root)
    try:
        info = os.stat(real)
    except FileNotFoundError:
        raise ValueError(f"no such file: {path} (give a path this server can read)") from None
    except OSError as exc:
        raise ValueError(f"{argument}: {path} cannot be read ({exc.strerror})") from None
    _check_file(path, kind, real, info)
    return real, info


def _check_place(path: str, kind: str, real: str, root: str) -> None:
    """``real`` (resolved) lies under ``root`` and no part of it below is hidden."""
    argument = f"{kind}_path"
    if os.path.commonpath([real, root]) != root:
        raise ValueError(
            f"{argument}: {path} is outside {root}, the only directory this server uploads "
            f"files from (symlinks are followed); move the file there or set {ENV_FILES_DIR}"
        )
    hidden = [part for part in os.path.relpath(real, root).split(os.sep) if part.startswith(".")]
    if hidden and hidden != ["."]:
        raise ValueError(
            f"{argument}: {path} is in a hidden file or directory ({hidden[0]}), which this "
            "server never uploads; write the log to a visible file"
        )


def _check_file(path: str, kind: str, real: str, info: os.stat_result) -> None:
    """A regular file within the server's limits."""
    argument = f"{kind}_path"
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(
            f"{argument}: {path} is not a regular file (a directory, FIFO, device or socket)"
        )
    if info.st_nlink > 1:
        raise ValueError(
            f"{argument}: {path} has other names (hard links), which may lie outside the "
            "files directory; upload a copy of it"
        )
    gz = real.endswith(".gz")
    limit = (MAX_SENT_BYTES if gz else MAX_PLAIN_BYTES)[kind]
    if info.st_size > limit:
        raise ValueError(
            f"{argument}: {path} is {info.st_size:,} bytes; a {kind.replace('_', ' ')} "
            f"{'.gz file ' if gz else ''}may be at most {limit // MiB} MiB"
        )
