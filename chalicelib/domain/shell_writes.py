"""Which files a shell command writes (for `evaluator_untouched`, SPEC 7).

The command is read, never run. What counts as a write (README "Trajectories: which steps
write files"), in each simple command of a pipeline or list (`|`, `&&`, `||`, `;`, `&`, new
lines), after wrappers (`sudo`, `env`, `time`, `timeout`, `nohup`, `xargs`, ...):
- output redirection: `>`, `>>`, `>|`, `&>`, `&>>`, `>& file`, `<>`;
- `tee`, `sponge`, `sort -o`, `dd of=`, `truncate`, `curl -o/-O`, `wget` (the file it saves);
- in-place editors (`shell_editors`): `sed -i`, `perl -i`, `awk -i inplace`, and
  `vi`/`vim`/`nano`/`emacs`/`ed`/`ex`;
- `cp`, `install`, `rsync`, `scp`, `ln` onto a file (or into a directory: `dir/<name>`),
  `mv` (source and destination), `rm`, `unlink`, `shred` (`-r`: everything below);
- `patch` (the files its diff names; a diff the command does not show may change any file),
  `git apply`/`am`, `git checkout`/`restore` of paths, `git rm`/`mv`, and commands that change
  the whole tree (`git checkout <ref>`, `switch`, `reset --hard`, `pull`, `merge`, `rebase`,
  `cherry-pick`, `revert`, `stash pop|apply`): any file;
- formatters that rewrite files (`black`, `isort`, `ruff format`/`--fix`, `autopep8 -i`,
  `yapf -i`, `autoflake -i`, `clang-format -i`, `prettier --write`, `2to3 -w`, `dos2unix`);
  `pre-commit` may rewrite any file;
- archives unpacked (`tar -x`, `unzip`): below `-C`/`-d`, else anywhere;
- `bash -c`, `sh -c`, `eval`, `su -c`, `watch`, and heredocs, here-strings and `echo`/`printf`
  pipelines fed to a shell are read as commands, and code given to `python -c` (or fed the
  same ways) as code (`code_writes`); other interpreters' inline code (`perl -e`, `node -e`)
  writes the evaluation files it names; decompressors write the operand without its suffix;
- `find -exec`/`xargs` run their command on files the command line does not name: any file;
- a command held in a variable (`$SED ...`) may write any of its operands.

Subshells `( ... )` and command substitutions (`$(...)`, backticks, also inside double quotes)
are read as commands of their own; operators need no blanks around them (`x;>eval.py`).

A target held in a variable (`$F`, `$(...)`) or a glob matches what it could name. `cd` is
followed within the command. Unbalanced quotes fall back to a split on blanks and operators,
which sees at least every write the shell would do.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Write:
    path: str  # as written (may hold globs or shell variables); "" when `anywhere`
    how: str  # what writes it, for the verdict: "sed -i", "> redirection", ...
    anywhere: bool = False  # the files written cannot be seen: any file may have changed
    tree: bool = False  # everything below `path` (rm -r, cp -r, tar -C)
    ref: str | None = None  # `anywhere` because the tree was switched to this git ref
    loose: bool = False  # a path in a diff: its leading directories (patch -p) are unknown
    code: str | None = None  # code that writes files: it writes the files it names


@dataclass
class ShellState:
    bodies: list[str]
    cwd: str | None = None  # None: where the step started; "?": unknown
    stdin: str | None = None  # the heredoc fed to the current simple command


_HEREDOC = re.compile(r"(?<!<)<<(?!<)(-?)\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\2")
_FD_PREFIX = re.compile(r"(?<![^\s;&|(])\d+(?=[<>])")  # the 2 of 2> (an fd, not a word)
_SEPARATORS = frozenset({";", "&&", "||", "|", "&", "|&", ";;", "\n", "(", ")", "`"})
_REDIRECTIONS = frozenset({">", ">>", ">|", "&>", "&>>", "<>", ">&"})
_KEYWORDS = frozenset({"do", "then", "else", "elif", "if", "while", "until", "!", "{", "(", "}"})
_WRAPPERS = {  # wrapper -> its options that take a value
    "sudo": {"-u", "-g", "-C", "-h", "-p", "-U"},
    "time": {"-f", "-o"},
    "command": set(),
    "exec": {"-a"},
    "nice": {"-n"},
    "nohup": set(),
    "env": {"-u", "-C", "-S"},
    "stdbuf": {"-i", "-o", "-e"},
    "timeout": {"-s", "-k"},
    "xargs": {"-n", "-I", "-P", "-d", "-E", "-L", "-s", "-a", "--max-args", "--delimiter"},
    "ionice": {"-c", "-n", "-p", "-P", "-u"},
    "doas": {"-u", "-C"},
    "busybox": set(),
    "strace": {"-o", "-e", "-p", "-s", "-u", "-E", "-P", "-a", "-X", "-I", "-b", "-O", "-S"},
    "ltrace": {"-o", "-e", "-p", "-s", "-u", "-n", "-a"},
    "unbuffer": set(),
    "chronic": set(),
    "taskset": set(),
    "flock": {"-w", "-E", "--timeout", "--conflict-exit-code"},
    "chroot": {"--userspec", "--groups"},
}
# Wrappers whose first operand is not the command: timeout's duration, flock's lock file,
# chroot's root, taskset's CPU mask.
_WRAPPER_OPERAND = frozenset({"timeout", "flock", "chroot", "taskset"})
# `uv run python ...`: a tool that runs a command in an environment.
_RUNNERS = frozenset({"uv", "poetry", "pipenv", "pdm", "hatch", "pixi", "conda", "mamba"})
_RUNNERS_MICRO = frozenset({"micromamba", "rye"})
_RUNNER_VALUES = frozenset(
    {"-n", "-p", "--name", "--prefix", "--with", "--python", "--env", "-e", "--group"}
    | {"--extra", "--package", "--directory", "--project", "--from", "--env-file"}
)
_MARKER = "__heredoc_"
# A program's writes from its arguments: handler(program name, arguments, shell state).
Handler = Callable[[str, list[str], "ShellState"], list[Write]]
STDIN_FILES = "$STDIN_FILES"  # operands that xargs / find -exec supply: any file


def shell_writes(command: str) -> list[Write]:
    """Every write of a shell command (see the module docstring)."""
    text, bodies = split_heredocs(command)
    return _writes_of(_tokens(text.replace("\n", " ; ")), ShellState(bodies))


def split_heredocs(command: str) -> tuple[str, list[str]]:
    """The command with each heredoc body cut out (`<<EOF` becomes `<<< __heredoc_N__`),
    and the bodies in order."""
    lines = command.split("\n")
    out: list[str] = []
    bodies: list[str] = []
    i = 0
    while i < len(lines):
        pending: list[tuple[bool, str]] = []

        def mark(match: re.Match[str], pending: list[tuple[bool, str]] = pending) -> str:
            pending.append((match.group(1) == "-", match.group(3)))
            return f"<<< {_MARKER}{len(bodies) + len(pending) - 1}__"

        out.append(_HEREDOC.sub(mark, lines[i]))
        i += 1
        for strip_tabs, delimiter in pending:
            body: list[str] = []
            while i < len(lines):
                line = lines[i]
                i += 1
                if (line.lstrip("\t") if strip_tabs else line).strip() == delimiter:
                    break
                body.append(line)
            bodies.append("\n".join(body))
    return "\n".join(out), bodies


# A shell word (quotes and backslash escapes kept together), a run of operator characters,
# or (group 1) a quote that is never closed.
_OPERATOR = r"&>>|&>|>>|>\||>&|<<<|<<|<>|<&|&&|\|\||\|&|;;|[;&|<>()`]"
_WORD = re.compile(
    r"""(?:[^\s'"\\;&|<>()`]|'[^']*'|"(?:[^"\\]|\\.)*"|\\.)+|""" + _OPERATOR + r"""|(['"\\])"""
)
_FALLBACK = re.compile(_OPERATOR + r"|[^\s;&|<>()`]+")
# Command substitutions inside double quotes run too: `echo "$(sed -i ... eval.py)"`.
_SUBSTITUTION = re.compile(r"\$\(((?:[^()]|\([^()]*\))*)\)|`([^`]*)`")
_DOUBLE_QUOTED = re.compile(r"'[^']*'|\"((?:[^\"\\]|\\.)*)\"")
_QUOTED = re.compile(r"""'([^']*)'|"((?:[^"\\]|\\.)*)"|\\(.)""")
_ESCAPED = re.compile(r"\\(.)")


def _unquote(match: re.Match[str]) -> str:
    single, double, escaped = match.groups()
    if single is not None:
        return str(single)
    if double is not None:
        return _ESCAPED.sub(r"\1", double)
    return str(escaped)


def _tokens(command: str) -> list[str]:
    """POSIX-style words (quotes removed) and operators, by regular expression (shlex reads
    a character at a time: ~100 times slower on a 10,000-step log)."""
    command = _FD_PREFIX.sub(" ", command)
    words: list[str] = []
    nested: list[str] = []
    for match in _WORD.finditer(command):
        if match.group(1) is not None:  # unbalanced quotes: every blank and operator splits
            found = _FALLBACK.findall(command)
            return [w.replace('"', "").replace("'", "") or w for w in found]
        word = match.group(0)
        if '"' in word and ("$(" in word or "`" in word):
            for quoted in _DOUBLE_QUOTED.finditer(word):
                for body in _SUBSTITUTION.finditer(quoted.group(1) or ""):
                    nested += [";", *_tokens(body.group(1) or body.group(2) or "")]
        words.append(
            _QUOTED.sub(_unquote, word) if ("'" in word or '"' in word or "\\" in word) else word
        )
    return words + nested


def _writes_of(tokens: list[str], state: ShellState) -> list[Write]:
    writes: list[Write] = []
    simple: list[str] = []
    piped: str | None = None  # what `echo`/`printf` feed to the next command of a pipeline
    backticks = False  # inside `...`
    for word in [*tokens, ";"]:
        if word in _SEPARATORS or (word and word.strip(";&|") == ""):
            tick = word == "`"
            opening = word == "(" or (tick and not backticks)
            backticks = backticks != tick
            if simple and opening:
                simple.append("$")  # a substitution stands for words nobody can see
            writes += _simple_command(simple, state, piped)
            piped = _echoed(simple) if word in ("|", "|&") else None
            simple = []
        else:
            simple.append(word)
    return writes


def _echoed(words: list[str]) -> str | None:
    """The text `echo`/`printf` print (for a shell or python reading it from the pipe)."""
    words, _ = _unwrap(words)
    if not words or words[0].rsplit("/", 1)[-1] not in ("echo", "printf"):
        return None
    printed: list[str] = []
    for word in words[1:]:
        if word in _REDIRECTIONS or word in ("<", "<<<"):
            break
        if not (printed or word in ("-e", "-n", "-E", "-ne", "-en")) or printed:
            printed.append(word)
    return " ".join(printed).replace("\\n", "\n")


def _simple_command(words: list[str], state: ShellState, piped: str | None = None) -> list[Write]:
    while words and words[0] in _KEYWORDS:
        words = words[1:]
    writes: list[Write] = []
    operands: list[str] = []
    state.stdin = piped
    i = 0
    while i < len(words):
        word = words[i]
        target = words[i + 1] if i + 1 < len(words) else ""
        if word in (">", ">>", ">|", "&>", "&>>", "<>"):
            if target:
                writes.append(at(state, target, f"{word} redirection"))
            i += 2
        elif word == ">&":
            if target and not target.isdigit() and target != "-":
                writes.append(at(state, target, ">& redirection"))
            i += 2
        elif word in ("<", "<<<", "<&"):
            marker = re.match(rf"{_MARKER}(\d+)__", target) if word == "<<<" else None
            if marker is not None:
                index = int(marker.group(1))
                state.stdin = state.bodies[index] if index < len(state.bodies) else ""
            elif word == "<<<":
                state.stdin = target  # a here-string
            elif word == "<":
                state.stdin = None  # a file the command line names, not shown here
            i += 2
        else:
            operands.append(word)
            i += 1
    return writes + program_writes(operands, state)


def at(state: ShellState, path: str, how: str, tree: bool = False) -> Write:
    """A write of `path` as the shell sees it from the current directory."""
    if not path.startswith("/") and state.cwd is not None:
        base = "$CWD" if state.cwd == "?" else state.cwd
        path = posixpath.join(base, path)
    return Write(path, how, tree=tree)


def anywhere(how: str, ref: str | None = None) -> Write:
    return Write("", how, anywhere=True, ref=ref)


def _unwrap(words: list[str]) -> tuple[list[str], bool]:
    """Drop `VAR=value` prefixes and wrappers; True when xargs supplies more operands."""
    from_stdin = False
    while words:
        if "=" in words[0] and not words[0].startswith(("-", "=")):
            words = words[1:]
            continue
        name = words[0].rsplit("/", 1)[-1]
        if name in _RUNNERS | _RUNNERS_MICRO and words[1:2] == ["run"]:
            words = words[2:]
            while words and words[0].startswith("-"):
                words = words[2:] if words[0] in _RUNNER_VALUES else words[1:]
            continue
        if name not in _WRAPPERS:
            break
        from_stdin = from_stdin or name == "xargs"
        takes_value = _WRAPPERS[name]
        words = words[1:]
        while words and (words[0].startswith("-") or (name == "env" and "=" in words[0])):
            words = words[2:] if words[0] in takes_value else words[1:]
        if name in _WRAPPER_OPERAND and words:
            # the duration, lock file, root or mask (`flock file -c 'cmd'`: a shell's -c)
            words = ["sh", *words[1:]] if words[1:2] == ["-c"] else words[1:]
    return words, from_stdin


def split_options(
    args: list[str], takes_value: frozenset[str] = frozenset()
) -> tuple[list[str], dict[str, str]]:
    """(operands, options): `--opt=value`, `-x value` for options in `takes_value`, `--` ends
    the options."""
    operands: list[str] = []
    options: dict[str, str] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            operands += args[i + 1 :]
            break
        if arg.startswith("--") and "=" in arg:
            name, _, value = arg.partition("=")
            options[name] = value
        elif arg.startswith("-") and arg != "-":
            if arg in takes_value:
                options[arg] = args[i + 1] if i + 1 < len(args) else ""
                i += 1
            else:
                options[arg] = ""
        else:
            operands.append(arg)
        i += 1
    return operands, options


def short_flag(options: dict[str, str], letter: str, *long: str) -> bool:
    return any(
        (o.startswith("-") and not o.startswith("--") and letter in o[1:]) or o in long
        for o in options
    )


def program_writes(words: list[str], state: ShellState) -> list[Write]:
    words, from_stdin = _unwrap(words)
    if not words:
        return []
    if from_stdin:
        words = [*words, STDIN_FILES]
    program = words[0].rsplit("/", 1)[-1]
    args = words[1:]
    if program in ("cd", "pushd", "popd"):
        _change_directory(state, args if program != "popd" else ["-"])
        return []
    if re.fullmatch(r"python[0-9.]*|pypy[0-9.]*", program):
        from chalicelib.domain.code_writes import python_writes

        return python_writes(args, state)
    if program.startswith(("$", "`")):  # a command nobody can see: any operand may be written
        operands, _ = split_options(args)
        return [at(state, o, f"{program[:40]} (a command held in a variable)") for o in operands]
    handler = _PROGRAMS.get(program) or _tree_programs().get(program)
    return handler(program, args, state) if handler else []


def module_writes(module: str, args: list[str], state: ShellState) -> list[Write]:
    """`python -m <module>`: a formatter or other program run as a module."""
    handler = _PROGRAMS.get(module) or _tree_programs().get(module)
    return handler(module, args, state) if handler else []


def _tree_programs() -> dict[str, Handler]:
    """git, patch, find, formatters, archives, downloads (`shell_programs`)."""
    from chalicelib.domain.shell_programs import PROGRAMS

    return PROGRAMS


def _change_directory(state: ShellState, args: list[str]) -> None:
    target = next((a for a in args if not a.startswith("-") or a == "-"), "")
    if not target or target == "-" or target.startswith(("~", "$", "`")):
        state.cwd = "?"
    elif target.startswith("/"):
        state.cwd = posixpath.normpath(target)
    elif state.cwd == "?":
        return
    else:
        state.cwd = posixpath.normpath(posixpath.join(state.cwd or "", target))


def _each(
    how: str, takes_value: frozenset[str] = frozenset(), tree_flag: str = ""
) -> Callable[[str, list[str], ShellState], list[Write]]:
    """Every operand is written (`-r`-style flag `tree_flag`: and everything below it)."""

    def writes(program: str, args: list[str], state: ShellState) -> list[Write]:
        operands, options = split_options(args, takes_value)
        tree = bool(tree_flag) and short_flag(options, tree_flag, "--recursive")
        return [at(state, o, how or program, tree=tree) for o in operands]

    return writes


def copy_like(program: str, args: list[str], state: ShellState) -> list[Write]:
    """cp/mv/install/ln/rsync/scp: the destination, or `dir/<name>` of each source in it."""
    values = {"cp": {"-t", "-S"}, "mv": {"-t", "-S"}, "ln": {"-t", "-S"}}.get(program, set())
    values = values | ({"-m", "-o", "-g", "-t", "-S"} if program == "install" else set())
    operands, options = split_options(args, frozenset(values))
    tree = program in ("mv", "rsync", "scp") or short_flag(options, "r", "--recursive")
    tree = tree or short_flag(options, "R") or short_flag(options, "a", "--archive")
    directory = options.get("-t") or options.get("--target-directory")
    sources = operands if directory else operands[:-1]
    writes: list[Write] = []
    if not directory and operands:
        writes.append(at(state, operands[-1], program, tree=tree))
    target = directory or (operands[-1] if operands else "")
    into = bool(directory) or _looks_like_directory(target)
    for source in sources:
        name = posixpath.basename(source.rstrip("/"))
        if target and name and into:
            writes.append(at(state, posixpath.join(target, name), program, tree=tree))
        if program == "mv":
            writes.append(at(state, source, "mv (moved away)", tree=True))
    return writes


def _looks_like_directory(path: str) -> bool:
    """`dir/`, `.`, `..`, `src`, `$D`: a copy lands inside it. A name with an extension
    (`backup.py`) is taken for a file."""
    name = posixpath.basename(path.rstrip("/"))
    return path.endswith("/") or name in ("", ".", "..") or "." not in name.lstrip(".")


def _shell(program: str, args: list[str], state: ShellState) -> list[Write]:
    flags = [i for i, a in enumerate(args) if a[:1] == "-" and a[1:2] != "-" and "c" in a[1:]]
    if flags:  # -c, -lc, -ec ...
        code = args[flags[0] + 1] if flags[0] + 1 < len(args) else ""
    elif state.stdin is not None and not [a for a in args if not a.startswith("-")]:
        code = state.stdin
    else:
        return []  # a script file: not read (README)
    return shell_command_writes(code, state)


def shell_command_writes(code: str, state: ShellState) -> list[Write]:
    """The writes of a command string run by a shell (`bash -c`, `su -c`, `watch`)."""
    text, bodies = split_heredocs(code)
    return _writes_of(_tokens(text.replace("\n", " ; ")), ShellState(bodies, state.cwd))


def _eval(program: str, args: list[str], state: ShellState) -> list[Write]:
    return _writes_of(_tokens(" ".join(args)), ShellState(state.bodies, state.cwd))


def _option_value(flag: str, how: str) -> Callable[[str, list[str], ShellState], list[Write]]:
    def writes(program: str, args: list[str], state: ShellState) -> list[Write]:
        _, options = split_options(args, frozenset({flag}))
        return [at(state, options[flag], how)] if options.get(flag) else []

    return writes


def _dd(program: str, args: list[str], state: ShellState) -> list[Write]:
    return [at(state, a[3:], "dd of=") for a in args if a.startswith("of=")]


_PROGRAMS: dict[str, Handler] = {
    "tee": _each("tee"),
    "sponge": _each("sponge"),
    "truncate": _each("truncate", frozenset({"-s", "-r", "--size", "--reference"})),
    "rm": _each("rm", tree_flag="r"),
    "unlink": _each("unlink"),
    "shred": _each("shred", frozenset({"-n", "-s"})),
    "sort": _option_value("-o", "sort -o"),
    "dd": _dd,
    "cp": copy_like,
    "mv": copy_like,
    "install": copy_like,
    "ln": copy_like,
    "rsync": copy_like,
    "scp": copy_like,
    "vi": _each("vi", frozenset({"-c"})),
    "vim": _each("vim", frozenset({"-c"})),
    "nvim": _each("nvim", frozenset({"-c"})),
    "nano": _each("nano"),
    "emacs": _each("emacs"),
    "ed": _each("ed"),
    "ex": _each("ex", frozenset({"-c"})),
    "bash": _shell,
    "sh": _shell,
    "zsh": _shell,
    "dash": _shell,
    "eval": _eval,
}
