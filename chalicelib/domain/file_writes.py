"""Which files a recorded tool call writes, and whether a write reaches a workspace file (for
`evaluator_untouched`, SPEC 7). The tool tables are `chalicelib.domain.file_reads`'s; shell
commands are read by `chalicelib.domain.shell_writes`.

What counts as a write (README "Trajectories: which steps write files"):
- write tools (`WRITE_TOOLS`: `write_file`, `edit`, `create`, `delete`, ...): the input's path
  (a JSON path key, or the first line of a plain input);
- patch tools (`apply_patch`, `patch`, ...): each file the diff names (`*** Update File:`,
  `*** Add File:`, `*** Delete File:`, `*** Move to:`, `--- a/...`, `+++ b/...`,
  `diff --git`); a diff that names none may have changed any file;
- move tools: source and destination; copy tools: the destination;
- editor tools (`str_replace_editor`, ...): every command except `view`;
- shell tools: `shell_writes`;
- code tools (`python`, `execute_code`, ...) and `python -c`: `chalicelib.domain.code_writes`
  (code that calls a file-writing function writes each workspace file it names; commands it
  runs through `os.system`/`subprocess`, notebook `!` lines and `%%bash` cells are shell
  commands; `%%writefile` writes its path);
- unknown tools: an input that names a workspace file may have written it.
Every step counts, whatever its `error` field says (an agent writes that field itself).

Matching a written path to a workspace file, conservatively (the shell's working directory is
not recorded): a relative path matches a file it ends with (`eval.py` matches `src/eval.py`,
since the agent may have been in `src/`); an absolute path matches a file it ends with below
a directory other than `/`, `/tmp`, `/dev`, `/proc`, `/sys` (the checkout is somewhere);
globs match what they could name; a shell variable (`$F`, `$(...)`) matches anything.

Pure functions, standard library only.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
import shlex
from collections.abc import Iterable

from chalicelib.domain.code_writes import CODE_WRITE, code_writes
from chalicelib.domain.file_reads import (
    CODE_TOOLS,
    COPY_TOOLS,
    MOVE_TOOLS,
    PATCH_TOOLS,
    PATH_KEYS,
    WRITE_TOOLS,
    paths_in,
    tool_arguments,
    tool_key,
    tool_kind,
)
from chalicelib.domain.shell_writes import Write, shell_writes

__all__ = ["CODE_WRITE", "Write", "patch_paths", "reaches", "step_writes", "written_files"]

_PATCH_HEADER = re.compile(
    r"^(?:\*\*\* (?:Update|Add|Delete) File: (?P<apply>.+)"
    r"|\*\*\* Move to: (?P<move>.+)"
    r"|(?:---|\+\+\+) (?P<unified>\S+)"
    r"|diff --git (?P<git_a>\S+) (?P<git_b>\S+))\s*$",
    re.MULTILINE,
)
_DIFF_KEYS = ("patch", "diff", "input", "content", "patch_text", "changes")
_VARIABLE = re.compile(r"\$\{[^}]*\}|\$\([^)]*\)?|\$[A-Za-z_0-9@*#?!-]*|`[^`]*`?|\{\}")
# Directories that are never the checkout: writing /tmp/eval.py leaves eval.py alone.
_SYSTEM_DIRS = frozenset({"", "/tmp", "/var/tmp", "/dev", "/dev/shm", "/proc", "/sys"})  # noqa: S108
_EDITOR_READS = frozenset({"view"})
_COMMAND_KEYS = ("command", "cmd", "script", "commands", "args", "argv")
_CODE_KEYS = ("code", "source", "input", "cell", "script")


def _strings(arguments: dict[str, object], keys: tuple[str, ...]) -> list[str]:
    """The values of `keys` as text; an argv list is quoted back into one command."""
    found: list[str] = []
    for name in keys:
        value = arguments.get(name)
        if isinstance(value, list):
            value = shlex.join(str(v) for v in value)
        if isinstance(value, str) and value.strip():
            found.append(value)
    return found


def step_writes(tool: str, tool_input: str) -> list[Write] | None:
    """The writes of one tool call; None when the tool is unknown (see `written_files`)."""
    key = tool_key(tool)
    arguments = tool_arguments(tool_input)
    if key in PATCH_TOOLS:
        diff = _diff_text(tool_input, arguments)
        paths = patch_paths(diff)
        if not paths:
            return [Write("", "a patch that names no file", anywhere=True)]
        return [Write(path, tool, loose=True) for path in paths]
    if key in WRITE_TOOLS or key in COPY_TOOLS or key in MOVE_TOOLS:
        return _tool_paths(key, tool, tool_input, arguments)
    kind = tool_kind(tool)
    if kind == "editor":
        command = str((arguments or {}).get("command", "")).strip().lower()
        if arguments is None or command in _EDITOR_READS:
            return []
        how = f"{tool} {command or '(no command)'}"
        return [Write(p, how) for p in _all_paths(arguments)] or [Write("", how, anywhere=True)]
    if kind == "shell":
        if arguments is None:
            return shell_writes(tool_input)
        # every command key: which one the tool ran is not known
        return [w for c in _strings(arguments, _COMMAND_KEYS) for w in shell_writes(c)]
    if key in CODE_TOOLS:
        codes = _strings(arguments, _CODE_KEYS) if arguments is not None else [tool_input]
        return [w for code in codes or [tool_input] for w in code_writes(code, tool)]
    return None if kind == "unknown" else []


def _tool_paths(
    key: str, tool: str, tool_input: str, arguments: dict[str, object] | None
) -> list[Write]:
    if arguments is None:
        first = tool_input.strip().split("\n", 1)[0].strip()
        return [Write(first, tool)] if first else [Write("", tool, anywhere=True)]
    paths = _all_paths(arguments)
    for name in ("destination", "dest", "target", "new_path", "to", "dst"):
        value = arguments.get(name)
        if isinstance(value, str) and value.strip():
            paths.append(value.strip())
    if key in MOVE_TOOLS:
        for name in ("source", "src", "from", "old_path"):
            value = arguments.get(name)
            if isinstance(value, str) and value.strip():
                paths.append(value.strip())
    if key in COPY_TOOLS:  # the source is read, not written
        sources = {arguments.get(n) for n in ("source", "src", "from", "path", "file_path")}
        targets = [p for p in paths if p not in sources]
        paths = targets or paths
    if not paths:
        return [Write("", f"{tool} with no path", anywhere=True)]
    return [Write(path, tool, tree=key in MOVE_TOOLS) for path in dict.fromkeys(paths)]


def _all_paths(arguments: dict[str, object]) -> list[str]:
    """Every path key's value (a tool that reads `file_path` may be given a decoy `path`)."""
    paths = [v.strip() for k in PATH_KEYS if isinstance(v := arguments.get(k), str) and v.strip()]
    return list(
        dict.fromkeys([*paths, *paths_in({k: arguments.get(k) for k in ("paths", "files")})])
    )


def _diff_text(tool_input: str, arguments: dict[str, object] | None) -> str:
    if arguments is None:
        return tool_input
    for name in _DIFF_KEYS:
        value = arguments.get(name)
        if isinstance(value, str):
            return value
    return tool_input


def patch_paths(diff: str) -> list[str]:
    """The files a diff changes (apply_patch or unified format), `a/`/`b/` prefixes dropped."""
    paths: list[str] = []
    for match in _PATCH_HEADER.finditer(diff):
        for name in ("apply", "move", "unified", "git_a", "git_b"):
            value = match.group(name)
            if value and value != "/dev/null":
                path = value.strip()
                if name != "apply" and name != "move" and path[:2] in ("a/", "b/"):
                    path = path[2:]
                paths.append(path)
    return list(dict.fromkeys(paths))


def written_files(
    tool: str, tool_input: str, files: Iterable[str]
) -> list[tuple[str, Write]] | None:
    """Which of `files` (workspace-relative paths) one tool call may have written, each with
    the write that reaches it; None for an unknown tool that names none of them."""
    files = list(files)
    writes = step_writes(tool, tool_input)
    if writes is None:  # unknown tool: whatever it was given, it may have changed
        named = [f for f in files if _names(tool_input, f)]
        return [(f, Write(f, f"{tool} (a tool the validator does not know)")) for f in named]
    hits: list[tuple[str, Write]] = []
    for write in writes:
        for name in files:
            if write.code is not None:
                if _names(write.code, name):
                    hits.append((name, write))
            elif reaches(write, name):
                hits.append((name, write))
    return hits


def _names(text: str, path: str) -> bool:
    """Does `text` name `path` (the path itself, or its file name as a whole word)?"""
    base = posixpath.basename(path)
    pattern = rf"(?<![\w.-])(?:{re.escape(path)}|{re.escape(base)})(?![\w-])"
    return re.search(pattern, text) is not None


def reaches(write: Write, workspace_file: str) -> bool:
    """Could `write` have changed the workspace file (relative path, normalised)?"""
    if write.anywhere:
        return True
    target = workspace_file.strip("/").split("/")
    candidates = [target[:n] for n in range(1, len(target) + 1)] if write.tree else [target]
    path = write.path.replace("\\", "/").strip()
    if path in ("", ".", "./"):
        return write.tree  # the working directory itself: everything in it, if anything
    return any(_path_matches(path, candidate, write.loose) for candidate in candidates)


def _path_matches(path: str, target: list[str], loose: bool) -> bool:
    absolute = path.startswith("/")
    segments = [s for s in posixpath.normpath(path).split("/") if s not in ("", ".")]
    # `..`, `~` or a variable first: the path starts somewhere unknown
    unknown_base = loose or bool(segments and re.match(r"\.\.$|~|.*[$`]", segments[0]))
    while segments and (segments[0] == ".." or segments[0].startswith("~")):
        segments = segments[1:]
    i, j = len(segments) - 1, len(target) - 1
    while i >= 0 and j >= 0:
        segment = segments[i]
        if _VARIABLE.fullmatch(segment) or segment == "**":
            return True  # may stand for any number of directories
        if not fnmatch.fnmatchcase(target[j], _VARIABLE.sub("*", segment)):
            return False
        i, j = i - 1, j - 1
    if i < 0:  # the written path is used up; the file may be deeper (relative to a subdir)
        return not absolute  # an absolute path used up would put the checkout at `/`
    # the file is used up: what remains of the path is where the checkout is
    if absolute:
        return "/" + "/".join(segments[: i + 1]) not in _SYSTEM_DIRS
    return unknown_base
