"""What ``ramino`` shows on an 80-column terminal: every option name of ``ramino rules
PRESET`` whole (it is what a user types), and help texts whose lines break only where the
terminal is full, never in the middle of a sentence."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ramino.cli import app
from ramino.rules import preset, preset_names

runner = CliRunner()
WIDTH = 80
BOX = "│╭╰┃┏┗┡└┌├"
COMMANDS = ("replay", "review", "play", "score", "rules", "arena", "serve", "verify")


def _first_text(line: str) -> int:
    """The column of a line's first character that is neither a space nor a box side."""
    return next((i for i, ch in enumerate(line) if ch not in " │"), len(line))


def early_breaks(text: str, width: int) -> list[str]:
    """The line breaks that are not wraps: a line followed by the rest of its text although
    the next word would have fitted on it.  Rich wraps greedily, so a break before a full
    line comes from a newline in the source text."""
    found: list[str] = []
    lines = text.splitlines()
    in_panel = [line.startswith("│") for line in lines]
    # The column where a panel's rows begin: text further right continues a row.
    row_column = [0] * len(lines)
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and in_panel[j] == in_panel[i]:
            j += 1
        column = min((_first_text(line) for line in lines[i:j] if line.strip(" │")),
                     default=0)
        row_column[i:j] = [column] * (j - i)
        i = j
    for n in range(len(lines) - 1):
        above, below = lines[n], lines[n + 1]
        start = _first_text(below)
        if start >= len(below) or below[start] in "[•" or in_panel[n] != in_panel[n + 1]:
            continue
        if in_panel[n]:
            if start <= row_column[n] or below[start] == "-":
                continue  # a new row of the panel (an option's row starts with its name)
            right = above.rindex("│") - 1
        else:
            if start != _first_text(above) or below[0] in BOX:
                continue
            right = width - 1
        if len(above) <= start or above[start - 1] != " " or above[start] == " ":
            continue  # the line above has no text in this column
        segment = above[start:right].rstrip()
        word = below[start:].split()[0]
        if len(segment) + 1 + len(word) <= right - start:
            found.append(f"{segment!r} / {word!r}")
    return found


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_breaks_lines_only_where_the_terminal_is_full(command: str | None) -> None:
    args = ["--help"] if command is None else [command, "--help"]
    result = runner.invoke(app, args, env={"COLUMNS": str(WIDTH)})
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= WIDTH
    assert early_breaks(result.stdout, WIDTH) == []


def test_the_early_break_finder_finds_a_newline_in_a_sentence() -> None:
    wrapped = ("│ play   Play a hand against the bots; you are seat 0 and your    │\n"
               "│        partner is seat 2.                                      │\n"
               "│ rules  List the presets.                                       │\n")
    broken = ("│ play   Play a hand against the bots;                           │\n"
              "│        you are seat 0 and your partner is seat 2.              │\n"
              "│ rules  List the presets.                                       │\n")
    assert early_breaks(wrapped, 66) == []
    assert early_breaks(broken, 66) == ["'Play a hand against the bots;' / 'you'"]
    assert early_breaks(" One sentence that\n stops early.\n", 40) == [
        "'One sentence that' / 'stops'"]


@pytest.mark.parametrize("name", preset_names())
def test_rules_shows_every_option_name_whole_at_80_columns(name: str) -> None:
    result = runner.invoke(app, ["rules", name], env={"COLUMNS": str(WIDTH)})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= WIDTH
    first_cells = {line.split("│")[1].strip() for line in lines if line.startswith("│")}
    rules = preset(name)
    assert {spec.name for spec in rules.applicable()} <= first_cells
    text = " ".join(line.strip("│ ") for line in lines)
    for spec in rules.applicable():
        assert spec.section in text, spec.name
