"""`bookgen completion fish`: a fish completion script made from the same argparse parser that shtab
reads for bash, zsh and tcsh (shtab writes no fish). Static like those, so Tab never starts Python.

Each subcommand's options are offered once it is on the line (`__fish_seen_subcommand_from`);
options with choices (levels, shells, kinds) and positionals with names to offer (types, layouts)
list them; other values complete as file names where they are files, and as nothing otherwise.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping

FILE_ARGUMENTS = ("config", "file", "output", "folder")  # whose values are paths


def fish_script(parser: argparse.ArgumentParser, names: Mapping[str, Iterable[str]]) -> str:
    """The script; `names` maps an argument's dest to the words to offer for it (types, layouts)."""
    program = parser.prog
    lines = [f"# fish completion for {program}: {program} completion fish > "
             f"~/.config/fish/completions/{program}.fish",
             f"complete -c {program} -f"]
    subcommands = _subcommands(parser)
    for action in parser._actions:  # argparse lists them nowhere public; shtab reads the same
        if action.option_strings:
            lines.append(_option(program, "__fish_use_subcommand", action, names))
    for name in subcommands:
        lines.append(f"complete -c {program} -n __fish_use_subcommand -a {name} "
                     f"-d {_quoted(_help_of(parser, name))}")
    for name, sub in subcommands.items():
        condition = f"'__fish_seen_subcommand_from {name}'"
        for action in sub._actions:
            if action.option_strings:
                lines.append(_option(program, condition, action, names))
            else:
                words = _words(action, names)
                if words:
                    lines.append(f"complete -c {program} -n {condition} -a {_quoted(' '.join(words))}")
                elif action.dest in FILE_ARGUMENTS:
                    lines.append(f"complete -c {program} -n {condition} -F")
    return "\n".join(lines) + "\n"


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _help_of(parser: argparse.ArgumentParser, name: str) -> str:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                if choice.dest == name:
                    return choice.help or ""
    return ""


def _words(action: argparse.Action, names: Mapping[str, Iterable[str]]) -> list[str]:
    if action.choices is not None and not isinstance(action.choices, dict):
        return [str(choice) for choice in action.choices]
    return list(names.get(action.dest, ()))


def _option(program: str, condition: str, action: argparse.Action,
            names: Mapping[str, Iterable[str]]) -> str:
    parts = [f"complete -c {program} -n {condition}"]
    for option in action.option_strings:
        parts.append(f"-l {option[2:]}" if option.startswith("--") else f"-s {option[1:]}")
    if action.nargs != 0:  # takes a value
        words = _words(action, names)
        if words:
            parts.append(f"-x -a {_quoted(' '.join(words))}")
        elif action.dest in FILE_ARGUMENTS:
            parts.append("-r -F")
        else:
            parts.append("-x")
    if action.help and action.help != argparse.SUPPRESS:
        parts.append(f"-d {_quoted(_plain(action.help, action))}")
    return " ".join(parts)


def _plain(text: str, action: argparse.Action) -> str:
    """An option's help as argparse would print it: %(default)s and %(choices)s filled in."""
    try:
        return text % {"default": action.default, "choices": ", ".join(map(str, action.choices or ())),
                       "prog": ""}
    except (KeyError, TypeError, ValueError):
        return text


def _quoted(text: str) -> str:
    """A fish single-quoted word: only \\ and ' are special inside."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"
