"""Which files a recorded tool call read (for `file_read_replay`, SPEC 7).

Agents name their tools in many styles; names compare after dropping case and punctuation
(`read_file`, `ReadFile`, `read-file` are one tool). Three kinds of tools read files:
- read tools (`READ_TOOLS`): the input is the path, or JSON with a path key;
- editor tools (`EDITOR_TOOLS`, e.g. OpenHands/Anthropic `str_replace_editor`) when their JSON
  input has `"command": "view"`;
- shell tools (`SHELL_TOOLS`) running `cat`, `head`, `tail`, `less`, `more` or `sed` (without
  `-i`) on files, or reading one with `<`.
Tools in none of these lists nor in `OTHER_TOOLS` are unknown: they are recorded in the
verdict and prove nothing.

Pure functions, standard library only.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass

READ_TOOLS = frozenset(
    {
        "read",
        "readfile",
        "readfiles",
        "fileread",
        "openfile",
        "open",
        "view",
        "viewfile",
        "cat",
        "readtextfile",
        "getfilecontents",
        "readmanyfiles",
    }
)
EDITOR_TOOLS = frozenset(
    {"strreplaceeditor", "strreplacebasededittool", "texteditor", "editor", "fileeditor"}
)
SHELL_TOOLS = frozenset(
    {
        "bash",
        "shell",
        "sh",
        "zsh",
        "terminal",
        "runcommand",
        "executecommand",
        "executebash",
        "runshellcommand",
        "shellcommand",
        "exec",
        "runterminalcmd",
        "runinterminal",
        "cmd",
        "command",
        "localshell",
        "execute",
    }
)
# Tools that write files (`chalicelib.domain.file_writes` reads which ones): the path is the
# input, or a JSON input's path key.
WRITE_TOOLS = frozenset(
    {
        *("write", "writefile", "filewrite", "writetofile", "edit", "editfile", "fileedit"),
        *("multiedit", "create", "createfile", "delete", "deletefile", "removefile"),
        *("notebookedit", "editnotebook", "append", "appendfile", "appendtofile"),
        *("savefile", "overwritefile", "updatefile", "replaceinfile", "searchreplace"),
        *("strreplace", "insert", "createorupdatefile"),
    }
)
PATCH_TOOLS = frozenset({"applypatch", "patch", "applydiff", "patchfile"})  # the input is a diff
MOVE_TOOLS = frozenset({"move", "rename", "movefile", "renamefile"})  # source and destination
COPY_TOOLS = frozenset({"copy", "copyfile"})  # the destination
# Tools that run code the validator does not execute (file_writes reads the code for writes).
CODE_TOOLS = frozenset(
    {
        *("python", "ipython", "jupyter", "runpython", "executecode", "executepython"),
        *("codeinterpreter", "pythoninterpreter", "runcode", "notebook"),
    }
)
# Known tools that read no file by name (writes, searches, listings, notes, the web, code).
OTHER_TOOLS = frozenset(
    {
        *WRITE_TOOLS,
        *PATCH_TOOLS,
        *MOVE_TOOLS,
        *COPY_TOOLS,
        *CODE_TOOLS,
        *("grep", "glob", "search", "find", "findfiles", "ls", "listdir", "listfiles"),
        *("listdirectory", "tree", "codesearch", "semanticsearch", "ripgrep", "rg"),
        *("webfetch", "websearch", "fetch", "browse", "browser", "http", "download"),
        *("think", "plan", "todo", "todowrite", "task", "agent", "submit", "finish"),
        *("answer", "respond", "ask", "message", "llm", "gpu", "train", "evaluate"),
    }
)
SHELL_READERS = frozenset({"cat", "head", "tail", "less", "more", "sed"})
PATH_KEYS = ("path", "file_path", "filepath", "filename", "file", "target_file", "uri")
_SEPARATORS = frozenset({"|", "||", "&&", ";", "&", "\n"})
_WRAPPERS = frozenset({"sudo", "time", "command", "exec", "nice", "nohup", "env"})
_VALUE_OPTIONS = {"head": {"-n", "-c"}, "tail": {"-n", "-c"}, "sed": {"-e", "-f"}}
_GLOB = re.compile(r"[*?\[]")


def tool_key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def tool_kind(name: str) -> str:
    """ "read", "editor", "shell", "other" or "unknown"."""
    key = tool_key(name)
    if key in READ_TOOLS:
        return "read"
    if key in EDITOR_TOOLS:
        return "editor"
    if key in SHELL_TOOLS:
        return "shell"
    return "other" if key in OTHER_TOOLS else "unknown"


def tool_arguments(tool_input: str) -> dict[str, object] | None:
    text = tool_input.strip()
    if not text.startswith("{"):
        return None
    try:
        arguments = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return arguments if isinstance(arguments, dict) else None


def paths_in(arguments: dict[str, object]) -> list[str]:
    for key in PATH_KEYS:
        value = arguments.get(key)
        if isinstance(value, str) and value.strip():
            return [value.strip()]
    paths = arguments.get("paths") or arguments.get("files")
    if isinstance(paths, list):
        return [p.strip() for p in paths if isinstance(p, str) and p.strip()]
    return []


@dataclass(frozen=True)
class Reads:
    paths: tuple[str, ...]  # the files the step read
    unreadable: str | None = None  # why the step's reads cannot be replayed, if so


def _shell_tokens(command: str) -> list[str]:
    lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|<>")
    lexer.whitespace_split = True
    lexer.commenters = ""
    try:
        return list(lexer)
    except ValueError:  # unbalanced quotes: fall back to whitespace
        return command.split()


def shell_reads(command: str) -> Reads:
    """Files read by `cat`/`head`/`tail`/`less`/`more`/`sed` (not `-i`) or `< file`."""
    tokens = _shell_tokens(command.replace("\n", " ; "))
    paths: list[str] = []
    simple: list[str] = []
    for token in [*tokens, ";"]:
        if token in _SEPARATORS or token.strip(";&|") == "":
            paths += _simple_command_reads(simple)
            simple = []
        else:
            simple.append(token)
    for path in paths:
        if _GLOB.search(path):
            return Reads(tuple(paths), f"reads files by a pattern ({path[:100]!r})")
    return Reads(tuple(paths))


def _simple_command_reads(words: list[str]) -> list[str]:
    reads: list[str] = []
    operands: list[str] = []
    skip_next = False
    i = 0
    while i < len(words):
        word = words[i]
        if word in ("<", "<<<"):
            if word == "<" and i + 1 < len(words):
                reads.append(words[i + 1])
            i += 2
            continue
        if word in (">", ">>", ">&", "&>", "2>"):
            i += 2  # an output target is written, not read
            continue
        operands.append(word)
        i += 1
    while operands and ("=" in operands[0] and not operands[0].startswith("-")):
        operands = operands[1:]  # VAR=value before the command
    while operands and operands[0] in _WRAPPERS:
        operands = operands[1:]
    if not operands:
        return reads
    program = operands[0].rsplit("/", 1)[-1]
    if program not in SHELL_READERS:
        return reads
    arguments = operands[1:]
    if program == "sed" and any(a == "-i" or a.startswith(("-i", "--in-place")) for a in arguments):
        return reads  # an in-place edit, not a read
    files: list[str] = []
    script_seen = program != "sed" or any(a in ("-e", "-f") for a in arguments)
    value_options = _VALUE_OPTIONS.get(program, set())
    for word in arguments:
        if skip_next:
            skip_next = False
            continue
        if word in value_options:
            skip_next = True
            continue
        if word.startswith("-") and word != "-":
            continue
        if not script_seen:
            script_seen = True  # sed's first operand is its script
            continue
        if word != "-":
            files.append(word)
    return reads + files


def step_reads(tool: str, tool_input: str) -> Reads | None:
    """The files one tool call read, or None when the tool reads no file by name."""
    kind = tool_kind(tool)
    arguments = tool_arguments(tool_input)
    if kind == "read":
        if arguments is not None:
            paths = paths_in(arguments)
            return Reads(tuple(paths)) if paths else Reads((), "does not name a file")
        text = tool_input.strip()
        if not text or text.startswith("{"):  # empty, or JSON that does not parse
            return Reads((), "does not name a file")
        return Reads((text,))
    if kind == "editor":
        if arguments is None or str(arguments.get("command", "")).lower() != "view":
            return None
        paths = paths_in(arguments)
        return Reads(tuple(paths)) if paths else Reads((), "does not name a file")
    if kind == "shell":
        command = tool_input
        if arguments is not None:
            value = arguments.get("command") or arguments.get("cmd") or arguments.get("script")
            if isinstance(value, list):
                value = " ".join(str(v) for v in value)
            command = value if isinstance(value, str) else ""
        reads = shell_reads(command)
        return reads if reads.paths or reads.unreadable else None
    return None
