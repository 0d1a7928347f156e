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
- it is a regular file: not a FIFO, a device (``/dev/zero``), a socket or a directory;
- it is within the server's limits as the SDK would send it: a ``.gz`` file within the upload
  limit (50 MiB for a run log, 200 MiB for a replay log), any other file within what the
  server reads once decompressed (256 MiB, 1 GiB), so a huge file is refused before it is read.

The resolved path is what the SDK opens.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping

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


def uploadable_file(path: str, kind: str, root: str | None) -> str:
    """The resolved path of a file the tool may upload as ``kind`` (``run_log`` or
    ``replay_log``); ValueError saying why not (the message names the path as given)."""
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
    try:
        info = os.stat(real)
    except FileNotFoundError:
        raise ValueError(f"no such file: {path} (give a path this server can read)") from None
    except OSError as exc:
        raise ValueError(f"{argument}: {path} cannot be read ({exc.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(
            f"{argument}: {path} is not a regular file (a directory, FIFO, device or socket)"
        )
    gz = real.endswith(".gz")
    limit = (MAX_SENT_BYTES if gz else MAX_PLAIN_BYTES)[kind]
    if info.st_size > limit:
        raise ValueError(
            f"{argument}: {path} is {info.st_size:,} bytes; a {kind.replace('_', ' ')} "
            f"{'.gz file ' if gz else ''}may be at most {limit // MiB} MiB"
        )
    return real
