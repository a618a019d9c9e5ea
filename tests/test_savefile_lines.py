"""Issue 29: a file that cannot be loaded is named with the line of the key at fault (the
readers give values, not places), and an empty file is said to be empty."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.errors import SaveFileError
from referee.store import savefile
from referee.store.tomllines import line_of
from tests.helpers import cli_run

TOP = 'format = 1\ngame = "kierki"\nplayers = ["Ala", "Bartek", "Celina", "Darek"]\n'


def error_of(text: str) -> str:
    with pytest.raises(SaveFileError) as e:
        savefile.loads(text.encode("utf-8"), "t.toml")
    return str(e.value)


def the_line(message: str, text: str) -> str:
    m = re.search(r"\(line (\d+)\)", message)
    assert m, message
    return text.splitlines()[int(m.group(1)) - 1]


def test_a_bad_trick_is_named_with_its_line() -> None:
    text = TOP + ('\n[[deals]]\ndealer = "Ala"\ntricks = [\n  "Bartek: 2C 3C 4C 5C",\n'
                  '  # a comment, and a line that is not the trick\n'
                  '  "Ala: 7H 8H 9H 10H JH",\n]\n')
    msg = error_of(text)
    assert msg.startswith("t.toml: deal 1: key 'tricks[2]' (line ")
    assert "JH" in the_line(msg, text)


def test_a_key_of_a_later_deal_in_a_sub_table() -> None:
    deal1 = '\n[[deals]]\ndealer = "Ala"\noutcome = { tricks = { Ala = 13 } }\n'
    text = TOP + deal1 + ('\n[[deals]]  # deal 2\ndealer = "Bartek"\n\n[deals.hands]\n'
                          'Ala = "AS"\nBartek = "2C"\n')
    msg = error_of(text)
    assert "deal 2: key 'hands" in msg
    assert the_line(msg, text).startswith(("Ala", "Bartek", "[deals.hands]"))


def test_a_bad_key_at_the_top() -> None:
    text = 'format = 1\ngame = "kierki"\n\n# who plays\nplayers = ["Ala", "Bartek"]\n'
    msg = error_of(text)
    assert "key 'players' (line 5)" in msg


def test_an_item_on_the_key_line_and_strings_holding_commas() -> None:
    text = 'x = 1\ntricks = ["a, b", "c [d]",\n  "e"]\n'
    assert line_of(text, None, "tricks[1]") == 2
    assert line_of(text, None, "tricks[2]") == 2
    assert line_of(text, None, "tricks[3]") == 3
    assert line_of(text, None, "tricks[4]") == 2  # no such item: the key's line
    assert line_of(text, 1, "tricks") is None  # no deal 1


@pytest.mark.parametrize("text", ["", "\n\n", "# a game for Friday\n", "\ufeff"])
def test_an_empty_file_is_said_to_be_empty(tmp_path: Path, text: str) -> None:
    p = tmp_path / "friday.toml"
    p.write_text(text, encoding="utf-8")
    code, out, err = cli_run("score", str(p))
    assert code == 2
    assert err.strip().splitlines() == [f"referee: {p}: the file is empty: a save file starts "
                                        "with format = 1, the game and the players "
                                        "('referee new' writes one)"]


def test_a_file_that_is_not_empty_still_names_the_missing_key() -> None:
    assert "key 'format'" in error_of('game = "kierki"\n')
