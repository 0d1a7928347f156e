"""In-place editors in a shell command (for `evaluator_untouched`, SPEC 7): `sed -i`,
`perl -i` (and `perl -e` code, which writes the evaluation files it names), `awk -i inplace`.
The rules are listed in `chalicelib.domain.shell_writes`."""

from __future__ import annotations

from chalicelib.domain.shell_writes import ShellState, Write, anywhere, at, split_options


def _sed(program: str, args: list[str], state: ShellState) -> list[Write]:
    in_place, script_given, files = False, False, []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg.startswith("--"):
            in_place = in_place or arg.startswith("--in-place")
            if arg in ("--expression", "--file"):
                script_given, i = True, i + 1
            script_given = script_given or arg.startswith(("--expression=", "--file="))
        elif arg.startswith("-") and arg != "-":
            for position, letter in enumerate(arg[1:]):
                if letter == "i":
                    in_place = True
                    break  # the rest is the backup suffix
                if letter in "efl":
                    script_given = script_given or letter != "l"
                    i += 0 if arg[position + 2 :] else 1  # the value is the next word
                    break
        elif not script_given:
            script_given = True  # the first operand is the script
        else:
            files.append(arg)
        i += 1
    if not in_place:
        return []
    return [at(state, f, "sed -i") for f in files] or [anywhere("sed -i on files not named")]


def _perl(program: str, args: list[str], state: ShellState) -> list[Write]:
    in_place, script_given, files, scripts = False, False, [], []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg.startswith("-") and not arg.startswith("--") and arg != "-":
            for position, letter in enumerate(arg[1:]):
                if letter == "i":
                    in_place = True
                    break
                if letter in "eE":
                    script_given = True
                    glued = arg[position + 2 :]
                    scripts.append(glued or (args[i + 1] if i + 1 < len(args) else ""))
                    i += 0 if glued else 1
                    break
        elif not script_given:
            script_given = True
        else:
            files.append(arg)
        i += 1
    if not in_place:  # code that names an evaluation file may have written it (open ">x")
        return [Write("", "perl -e code", code="\n".join(scripts))] if scripts else []
    return [at(state, f, "perl -i") for f in files] or [anywhere("perl -i on files not named")]


def _awk(program: str, args: list[str], state: ShellState) -> list[Write]:
    operands, options = split_options(args, frozenset({"-f", "-v", "-F", "-i"}))
    if options.get("-i") != "inplace":
        return []
    files = operands if "-f" in options else operands[1:]
    return [at(state, f, "awk -i inplace") for f in files] or [anywhere("awk -i inplace")]


EDITORS = {"sed": _sed, "gsed": _sed, "perl": _perl, "awk": _awk, "gawk": _awk}
