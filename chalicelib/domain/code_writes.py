"""Which files code writes (for `evaluator_untouched`, SPEC 7): Python given to a code tool,
`python -c` or a heredoc; notebook cells (`!` shell lines, `%%writefile`, `%%bash`); inline
code of other interpreters (`perl -e`, `ruby -e`, `node -e`, `Rscript -e`, `php -r`).

The code is read, never run (README "Trajectories: which steps write files"):
- Python that calls a file-writing function (`CODE_WRITE`) writes each evaluation file it
  names (by path or file name);
- Python that runs a command (`os.system`, `subprocess.*`, `os.popen`, ...) writes what that
  command writes, read as a shell command from the call's string literals;
- a notebook's `!command` lines and `%%bash`/`%%sh` cells are shell commands, and
  `%%writefile <path>` writes its path;
- other interpreters' inline code writes each evaluation file it names.

Pure functions, standard library only.
"""

from __future__ import annotations

import re

from chalicelib.domain.shell_writes import ShellState, Write, shell_writes

# A call that writes a file, in Python (a heuristic: code is not run, only read).
CODE_WRITE = re.compile(
    r"\bopen\s*\([^\n]{0,300}?,\s*(?:mode\s*=\s*)?['\"][rbtU]*[wax+]"
    r"|\.open\s*\(\s*(?:mode\s*=\s*)?['\"][rbtU]*[wax+]"
    r"|mode\s*=\s*['\"][^'\"]*[wax+]"
    r"|\.write_(?:text|bytes)\s*\("
    r"|\bshutil\.(?:copy\w*|move)\s*\("
    r"|\bos\.(?:rename|replace|remove|unlink)\s*\("
    r"|\bos\.open\s*\([^\n]{0,300}?O_(?:WRONLY|RDWR|CREAT|TRUNC|APPEND)"
    r"|\.(?:unlink|rename)\s*\("
    r"|\bfileinput\.input\s*\([^()]*inplace"
)
# A call that runs a command: what it writes is what the command writes.
_RUNS_COMMAND = re.compile(
    r"\b(?:os\.(?:system|popen|exec\w*|spawn\w*)|subprocess\.\w+|pty\.spawn"
    r"|(?:check_output|check_call|getoutput|getstatusoutput|Popen))\s*\("
)
_STRING = re.compile(r"""'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)\"""")
_CELL_SHELL = re.compile(r"^%%(?:bash|sh|script\s+(?:ba)?sh|system)\b[^\n]*\n?", re.MULTILINE)
_WRITEFILE = re.compile(r"^%%writefile(?:\s+-a)?\s+(\S+)", re.MULTILINE)
_SHELL_LINE = re.compile(r"^\s*(?:!|%(?:sx|system)\s)(.*)$", re.MULTILINE)
_MAX_CALL_CHARS = 2_000


def code_writes(code: str, how: str) -> list[Write]:
    """The writes of Python code (notebook cells included)."""
    writes: list[Write] = []
    cell = _CELL_SHELL.search(code)
    if cell is not None:  # the rest of the cell is a shell script
        writes += shell_writes(code[cell.end() :])
        code = code[: cell.start()]
    writes += [Write(m.group(1), "%%writefile") for m in _WRITEFILE.finditer(code)]
    if "!" in code or "%s" in code:
        for line in _SHELL_LINE.finditer(code):
            writes += shell_writes(line.group(1))
    if CODE_WRITE.search(code):
        writes.append(Write("", how, code=code))
    for call in _RUNS_COMMAND.finditer(code):
        span = _call_arguments(code, call.end())
        words = [single or double for single, double in _STRING.findall(span)]
        if words:
            writes += shell_writes(" ".join(words))
    return writes


def _call_arguments(code: str, start: int) -> str:
    """The text of a call's arguments, up to its closing parenthesis (strings skipped)."""
    depth, quote, i = 0, "", start
    end = min(len(code), start + _MAX_CALL_CHARS)
    while i < end:
        char = code[i]
        if quote:
            if char == "\\":
                i += 1
            elif char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0:
                return code[start:i]
            depth -= 1
        i += 1
    return code[start:end]


def python_writes(args: list[str], state: ShellState) -> list[Write]:
    """`python [options] -c CODE`, `-m MODULE`, or code on standard input (a heredoc, a
    here-string, `echo ... |`). Options run together (`-Ic`, `-c"code"`) are read."""
    from chalicelib.domain.shell_writes import module_writes

    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("-") or arg == "-":
            break  # a script (not read) or `-`: standard input
        if arg.startswith("--"):
            i += 1
            continue
        letters = arg[1:]
        for position, letter in enumerate(letters):
            if letter in "cmWX":
                glued = letters[position + 1 :]
                value = glued or (args[i + 1] if i + 1 < len(args) else "")
                i += 0 if glued else 1
                if letter == "c":
                    return code_writes(value, "python code")
                if letter == "m":
                    return module_writes(value, args[i + 1 :], state)
                break
        i += 1
    if state.stdin is not None and (i >= len(args) or args[i] == "-"):
        return code_writes(state.stdin, "python code")
    return []


def inline_code(program: str, args: list[str], state: ShellState) -> list[Write]:
    """`ruby -e`, `node -e`/`-p`/`--eval`, `Rscript -e`, `php -r`: code that names an
    evaluation file may have written it."""
    flags = {"node": ("-e", "-p", "--eval", "--print"), "php": ("-r",)}.get(program, ("-e",))
    scripts: list[str] = []
    for i, arg in enumerate(args):
        name, _, value = arg.partition("=")
        if arg in flags and i + 1 < len(args):
            scripts.append(args[i + 1])
        elif name in flags and value:
            scripts.append(value)
    return [Write("", f"{program} {flags[0]} code", code="\n".join(scripts))] if scripts else []
