"""Each game's rule ids are declared once, in its package's ``rules`` list, and match RULES.md.

A reader looking for a rule id of RULES.md finds it in ``referee/games/<game>/rules.py``; a
rule id written anywhere in a game's package (a violation it reports) is one of that list
(the hyphenated ids: a one-word id such as ``dealer`` is also a key's name).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from referee.games import get

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT.parent / "shared" / "RULES.md"
if not RULES_MD.exists():
    RULES_MD = Path("/work/shared/RULES.md")
PACKAGE = {"kierki": "kierki", "wisconsin-schmier": "schmier", "schmier": "schmier",
           "foursquare": "foursquare", "kozel": "kozel"}
ID = re.compile(r"`([a-z]+(?:-[a-z]+)+)`")  # a hyphenated id: `follow-suit`
WORD = re.compile(r"`([a-z]+(?:-[a-z]+)*)`")  # any id, `dealer` and `beat` too


def sections() -> dict[str, set[str]]:
    """The ids RULES.md names, by section: "common" and each game by its name."""
    out: dict[str, set[str]] = {"common": set()}
    current = "preface"
    for line in RULES_MD.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            m = re.search(r"\(`([a-z-]+)`\)", line)
            current = m.group(1) if m else ("common" if "Common" in line else line)
            out.setdefault(current, set())
            continue
        if current in out:
            out[current] |= set(ID.findall(line))
    return out


def strings_in(package: str) -> set[str]:
    folder = ROOT / "referee" / "games" / package
    out: set[str] = set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.add(node.value)
    return out


@pytest.mark.parametrize("game", sorted(PACKAGE))
def test_rule_ids_are_declared_once_and_as_in_rules_md(game: str) -> None:
    if not RULES_MD.exists():
        pytest.skip("RULES.md is not beside the project")
    ids = [rule for rule, _text in get(game).rules]
    assert [r for r, n in Counter(ids).items() if n > 1] == []
    own = sections()[game] - {game}
    # every id RULES.md names in the game's section is in the list, and the list names
    # nothing RULES.md does not name
    assert own - set(ids) == set()
    assert set(ids) - set(WORD.findall(RULES_MD.read_text(encoding="utf-8"))) == set()


@pytest.mark.parametrize("package", sorted(set(PACKAGE.values())))
def test_a_rule_id_used_in_a_package_is_one_of_its_games(package: str) -> None:
    if not RULES_MD.exists():
        pytest.skip("RULES.md is not beside the project")
    # the hyphenated ids only: `dealer` or `beat` is also a key or a word of a message
    every_id = {r for r in set().union(*sections().values(), *({r for r, _t in get(g).rules}
                                                               for g in PACKAGE)) if "-" in r}
    declared = {r for g, p in PACKAGE.items() if p == package for r, _t in get(g).rules}
    used = strings_in(package) & every_id
    assert used, "the package reports no rule at all: the scan is broken"
    assert used - declared == set()
