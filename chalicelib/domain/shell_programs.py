"""Shell programs that change files other than their operands, or whose writes come from
elsewhere (a diff, a ref, an archive, a URL): `git`, `patch`, `find`, formatters, `tar`/`unzip`,
`curl`/`wget`. The rules are listed in `chalicelib.domain.shell_writes`."""

from __future__ import annotations

import posixpath

from chalicelib.domain.code_writes import inline_code
from chalicelib.domain.shell_editors import EDITORS
from chalicelib.domain.shell_writes import (
    STDIN_FILES,
    Handler,
    ShellState,
    Write,
    anywhere,
    at,
    copy_like,
    program_writes,
    shell_command_writes,
    short_flag,
    split_options,
)


def _patch(program: str, args: list[str], state: ShellState) -> list[Write]:
    from chalicelib.domain.file_writes import patch_paths

    takes = {"-p", "-i", "-o", "-d", "-B", "-D", "-F", "-r", "-V", "-z", "-Y", "-g"}
    operands, options = split_options(args, frozenset(takes))
    writes = [at(state, o, "patch") for o in operands[:1]]
    if options.get("-o") or options.get("--output"):
        writes.append(at(state, options.get("-o") or options["--output"], "patch -o"))
    diff = state.stdin if not (options.get("-i") or options.get("--input")) else None
    paths = patch_paths(diff) if diff else []
    if not paths and not operands:
        return [anywhere("patch from a diff the step does not show")]
    return writes + [Write(p, "patch", loose=True) for p in paths]


def _git(program: str, args: list[str], state: ShellState) -> list[Write]:
    from chalicelib.domain.file_writes import patch_paths

    while args and args[0].startswith("-"):
        args = args[2:] if args[0] in ("-C", "-c") else args[1:]
    if not args:
        return []
    sub, rest = args[0], args[1:]
    operands, options = split_options(rest, frozenset({"-s", "--source", "-b", "-B", "-c"}))
    if sub in ("apply", "am"):
        if {"--check", "--stat", "--numstat", "--summary"} & set(options):
            return []
        paths = patch_paths(state.stdin) if state.stdin and not operands else []
        if paths:
            return [Write(p, f"git {sub}", loose=True) for p in paths]
        return [anywhere(f"git {sub} of a diff the step does not show")]
    if sub in ("restore", "rm"):
        return [at(state, o, f"git {sub}") for o in operands]
    if sub == "mv":
        return copy_like("mv", rest, state)
    if sub == "checkout":
        if "--" in rest:
            return [at(state, o, "git checkout --") for o in rest[rest.index("--") + 1 :]]
        if len(operands) >= 2:
            return [at(state, o, "git checkout") for o in operands[1:]]
        # `git checkout <ref>` (or `-b new <start>`) switches the whole tree
        return [anywhere("git checkout", operands[0])] if operands else []
    if sub == "switch":
        return [anywhere("git switch", operands[-1])] if operands else []
    if sub == "reset":
        hard = {"--hard", "--merge", "--keep"} & set(options)
        return [anywhere("git reset --hard", operands[0] if operands else None)] if hard else []
    if sub == "stash":
        return [anywhere("git stash")] if operands[:1] in (["pop"], ["apply"]) else []
    if sub in ("pull", "merge", "rebase", "cherry-pick", "revert"):
        return [anywhere(f"git {sub}")]
    return []


def _find(program: str, args: list[str], state: ShellState) -> list[Write]:
    if "-delete" in args:
        return [anywhere("find -delete")]
    for action in ("-exec", "-execdir", "-ok", "-okdir"):
        if action in args:
            nested = args[args.index(action) + 1 :]
            nested = [STDIN_FILES if "{}" in w else w for w in nested if w not in (";", "+")]
            return program_writes(nested, ShellState(state.bodies, state.cwd))
    return []


def _formatter(program: str, args: list[str], state: ShellState) -> list[Write]:
    operands, options = split_options(args)
    needs = {
        "autopep8": ("-i", "--in-place"),
        "yapf": ("-i", "--in-place"),
        "autoflake": ("-i", "--in-place"),
        "clang-format": ("-i",),
        "prettier": ("--write", "-w"),
        "2to3": ("-w", "--write"),
    }.get(program)
    if program == "ruff":
        if not operands or (operands[0] != "format" and "--fix" not in options):
            return []
        operands = operands[1:] if operands[0] in ("format", "check") else operands
    elif needs and not set(needs) & set(options):
        return []
    return [at(state, o, program, tree=True) for o in operands] or [anywhere(program)]


def _archive(program: str, args: list[str], state: ShellState) -> list[Write]:
    operands, options = split_options(args, frozenset({"-C", "-d", "-f", "--directory"}))
    if program == "tar":
        modes = "".join(o.lstrip("-") for o in [*options, *(operands[:1])] if "=" not in o)
        if "x" not in modes and "--extract" not in options and "--get" not in options:
            return []
        target = options.get("-C") or options.get("--directory")
    else:
        if short_flag(options, "l") or short_flag(options, "t"):
            return []
        target = options.get("-d")
    if target:
        return [at(state, target, f"{program} (unpacked)", tree=True)]
    return [anywhere(f"{program} into the working directory")]


def _download(program: str, args: list[str], state: ShellState) -> list[Write]:
    """curl -o FILE / -O, wget [-O FILE] [-P DIR]: the file saved (not `-o -`)."""
    named: str | None = None
    remote = program == "wget"
    directory = ""
    urls: list[str] = []
    i = 0
    while i < len(args):
        arg, following = args[i], args[i + 1] if i + 1 < len(args) else ""
        if arg.startswith("--"):
            name, _, value = arg.partition("=")
            if name in ("--output", "--output-document", "--directory-prefix"):
                value, i = (value, i) if value else (following, i + 1)
                named, directory = (
                    (value, directory)
                    if name != "--directory-prefix"
                    else (
                        named,
                        value,
                    )
                )
            remote = remote or name == "--remote-name"
        elif arg.startswith("-") and len(arg) > 1:
            letters = arg[1:]
            wanted = "o" if program == "curl" else "O"
            for position, letter in enumerate(letters):
                if letter in (wanted, "P"):
                    value = letters[position + 1 :] or following
                    i += 0 if letters[position + 1 :] else 1
                    if letter == "P":
                        directory = value
                    else:
                        named = value
                    break
                remote = remote or (program == "curl" and letter == "O")
        elif "://" in arg:
            urls.append(arg)
        i += 1
    if named is not None:
        return [] if named == "-" else [at(state, named, program)]
    if not remote:
        return []
    names = [posixpath.basename(u.split("?")[0].rstrip("/")) or "index.html" for u in urls]
    return [at(state, posixpath.join(directory, n), program) for n in names]


def _command_option(program: str, args: list[str], state: ShellState) -> list[Write]:
    """`su -c 'cmd'`, `runuser -c`, `script -c`: a shell command in an option."""
    for i, arg in enumerate(args):
        if arg in ("-c", "--command") and i + 1 < len(args):
            return shell_command_writes(args[i + 1], state)
        if arg.startswith("--command="):
            return shell_command_writes(arg.partition("=")[2], state)
    return []


def _watch(program: str, args: list[str], state: ShellState) -> list[Write]:
    """`watch [-n N] 'cmd'`: its operands, joined, are a shell command."""
    operands, _ = split_options(args, frozenset({"-n", "-d", "--interval", "-q", "-s"}))
    return shell_command_writes(" ".join(operands), state)


_COMPRESSED = (".gz", ".bz2", ".xz", ".zst", ".lz4", ".lzma", ".z", ".Z")


def _decompress(program: str, args: list[str], state: ShellState) -> list[Write]:
    """gunzip/bunzip2/unxz/unzstd and `gzip -d` etc.: each operand, its suffix dropped, is
    written (not with `-c`, `-t`, `-l`: standard output, a test, a listing); compressing
    removes each operand (as `rm` does) unless `-k`/`-c`."""
    operands, options = split_options(args, frozenset({"-S", "--suffix", "-o"}))
    unpacking = (
        program.startswith("un")
        or program in ("gunzip", "zstdcat")
        or (short_flag(options, "d", "--decompress", "--uncompress"))
    )
    if short_flag(options, "c", "--stdout", "--to-stdout"):
        return []
    if not unpacking:
        keep = short_flag(options, "k", "--keep") or short_flag(options, "t", "--test")
        return [] if keep else [at(state, o, f"{program} (compressed away)") for o in operands]
    if short_flag(options, "t", "--test") or short_flag(options, "l", "--list"):
        return []
    if options.get("-o"):
        return [at(state, options["-o"], f"{program} -o")]
    writes = []
    for operand in operands:
        suffix = next((x for x in _COMPRESSED if operand.endswith(x)), "")
        if suffix:
            writes.append(at(state, operand[: -len(suffix)], f"{program} (decompressed)"))
    return writes


PROGRAMS: dict[str, Handler] = {
    **EDITORS,
    **dict.fromkeys(("su", "runuser", "script"), _command_option),
    "watch": _watch,
    **dict.fromkeys(("gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz"), _decompress),
    **dict.fromkeys(("zstd", "unzstd", "lz4", "unlz4", "lzma", "unlzma"), _decompress),
    **dict.fromkeys(("ruby", "node", "nodejs", "Rscript", "php", "deno", "bun"), inline_code),
    "patch": _patch,
    "git": _git,
    "find": _find,
    **dict.fromkeys(
        ("black", "isort", "ruff", "autopep8", "yapf", "autoflake", "clang-format"), _formatter
    ),
    **dict.fromkeys(("prettier", "2to3", "dos2unix", "unix2dos"), _formatter),
    "pre-commit": lambda program, args, state: [anywhere("pre-commit")],
    "tar": _archive,
    "unzip": _archive,
    "curl": _download,
    "wget": _download,
}
