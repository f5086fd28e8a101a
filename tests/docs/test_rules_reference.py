"""docs/rules.md, the rules reference that ships with ramino, holds every section the project
cites: a refused move (``IllegalActionError`` names a rule and a section), an option of
``ramino rules`` and of the server's rules pages, a record replay's or a tournament score's
refusal.  A citation names a numbered heading (``§2.4``, ``§5``) or an item inside one
(``§2.5.7`` item 7 of §2.5, ``§2.9c`` item (c) of §2.9, ``§8.13`` item 13 of §8), so a refusal
can never cite a section that is not there.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from ramino.rules import make_rules
from ramino.rules.options import OPTIONS
from ramino.rules.presets import preset_names

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
SOURCE = ROOT / "src" / "ramino"

# One citation, or a range of them: §2.5.7, §2.9c, §2.8–§2.9, §2.4–2.5.
CITATION = re.compile(r"§(\d+(?:\.\d+)*)([a-z]?)(?:\s*[–-]\s*§?(\d+(?:\.\d+)*)([a-z]?))?")
HEADING = re.compile(r"^(#{2,3}) (\d+(?:\.\d+)?)\.? ", re.M)


def sections() -> dict[str, str]:
    """Each numbered heading of docs/rules.md (``"2"``, ``"2.5"``) and its text up to the next
    heading of the same or a higher level."""
    text = RULES.read_text(encoding="utf-8")
    heads = list(HEADING.finditer(text))
    out: dict[str, str] = {}
    for i, head in enumerate(heads):
        level = len(head.group(1))
        end = next((later.start() for later in heads[i + 1:] if len(later.group(1)) <= level),
                   len(text))
        out[head.group(2)] = text[head.end():end]
    return out


def resolves(number: str, letter: str, found: dict[str, str]) -> bool:
    """``§number letter`` is a heading, or an item of the nearest heading above it."""
    if number in found and not letter:
        return True
    parts = number.split(".")
    for cut in range(len(parts), 0, -1):
        head = ".".join(parts[:cut])
        if head not in found:
            continue
        body = found[head]
        rest = parts[cut:]
        if len(rest) > 1:
            return False
        if rest and not re.search(rf"^\s*{rest[0]}\. ", body, re.M):
            return False
        return not letter or re.search(rf"^\s*(?:- )?(?:\*\*)?\({letter}\)", body, re.M) is not None
    return False


def cited(text: str) -> list[tuple[str, str]]:
    """The (number, letter) of every citation in ``text``."""
    out = []
    for match in CITATION.finditer(text):
        out.append((match.group(1), match.group(2)))
        if match.group(3):
            out.append((match.group(3), match.group(4)))
    return out


def source_strings() -> dict[str, list[str]]:
    """Every string of the package's code that cites a section (not docstrings: those are read
    by people in the source), with the files it appears in.  Refusals, option sections, preset
    descriptions and error messages are all such strings, literal or parts of f-strings."""
    found: dict[str, list[str]] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                first = node.body[0] if node.body else None
                if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                        and isinstance(first.value.value, str)):
                    docstrings.add(id(first.value))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docstrings and "§" in node.value):
                found.setdefault(node.value, []).append(str(path.relative_to(ROOT)))
    return found


def test_the_reference_has_its_sections() -> None:
    found = sections()
    for number in ("1.3", "2.4", "2.5", "2.9", "3.3", "4.1", "5", "5.2", "6.3", "6.7", "7.1", "8",
                   "9.6"):
        assert number in found, number
    assert resolves("2.5", "7", found) is False  # a letter names a lettered item only
    assert resolves("2.5.7", "", found) and resolves("2.9", "c", found)
    assert resolves("8.13", "", found)
    assert not resolves("2.5.9", "", found) and not resolves("2.13", "", found)
    assert not resolves("2.9", "f", found) and not resolves("10", "", found)


def test_every_section_the_code_cites_is_in_the_reference() -> None:
    found = sections()
    strings = source_strings()
    citations = {(number, letter, text[:80], files[0])
                 for text, files in strings.items() for number, letter in cited(text)}
    # The engine's refusals of both games, the options, the presets, the records' and the
    # tournament's refusals.
    assert len(citations) > 100
    for needed in ("2.3", "2.5.7", "2.9c", "6.3", "6.5", "8.13"):
        assert any(number == needed.rstrip("c") for number, *_ in citations), needed
    missing = sorted(c for c in citations if not resolves(c[0], c[1], found))
    assert not missing, missing


@pytest.mark.parametrize("name", preset_names())
def test_every_option_section_of_ramino_rules_is_in_the_reference(name: str) -> None:
    """What ``ramino rules PRESET`` and ``/rules/{preset}`` print beside each option."""
    found = sections()
    for spec in make_rules(name).applicable():
        citations = cited(spec.section)
        assert citations, (spec.name, spec.section)
        for number, letter in citations:
            assert resolves(number, letter, found), (spec.name, spec.section)


def test_every_option_cites_a_section() -> None:
    assert all(cited(spec.section) for spec in OPTIONS)


def test_nothing_points_outside_the_repository() -> None:
    """The rules and record references ship in docs/; no file cites the team's working copies
    beside the checkout."""
    outside = "../" + "shared"
    places = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "pyproject.toml"]
    for folder in ("src", "tests", "docs", "bench", "scripts", "examples"):
        places += [p for p in (ROOT / folder).rglob("*")
                   if p.is_file() and p.suffix in {".py", ".md", ".js", ".html", ".toml", ".txt"}]
    found = [str(p.relative_to(ROOT)) for p in places
             if p.exists() and outside in p.read_text(encoding="utf-8", errors="replace")]
    assert not found, found
