"""Issue 23, tomli-w back at its job: a whole document's deals (``referee new``, a file written
whole) are tomli-w's, in its layout (SAVEFILE.md: sub-tables such as ``[deals.hands]``, arrays split
over lines); every command that changes a file then changes it in place (tomlkit) and it reads
back to the same game."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomli_w

from referee.history.edit import entry_text
from referee.history.session import Session
from referee.store import savefile
from tests.helpers import cli_run
from tests.test_tomlkit_writes import GAMES, SAMPLES, edited_card

PLAYERS = ["-p", "Ala", "-p", "Bartek", "-p", "Celina", "-p", "Darek"]


@pytest.mark.parametrize("extra", [[], ["--deal", "--seed", "7"]])
def test_new_writes_the_document_tomli_w_writes(tmp_path: Path, extra: list[str]) -> None:
    """The deals are tomli-w's, in its layout; the keys above them are on one line each, as
    SAVEFILE.md shows them (issue 29: tomli-w wrote ``players`` one name a line)."""
    p = tmp_path / "g.toml"
    code, out, err = cli_run("new", "kierki", str(p), *PLAYERS, *extra)
    assert code == 0, out + err
    s = Session.load(p)
    data = savefile.to_dict(s.rules, s.setup, s.deals)
    text = p.read_text(encoding="utf-8")
    assert text.startswith('format = 1\ngame = "kierki"\n'
                           'players = ["Ala", "Bartek", "Celina", "Darek"]\n')
    if data["deals"]:
        deals = tomli_w.dumps({"deals": data["deals"]}, indent=2)
        assert text.endswith("\n" + deals)
        assert "[deals.hands]" in text  # tomli-w's sub-table
    else:
        assert "[[deals]]" not in text


def test_a_file_written_whole_keeps_short_arrays_on_one_line() -> None:
    """Written whole (a file that cannot be changed in place), the head is as a new file's,
    and the house rules are a table; the text reads back to the same game."""
    rules, setup, deals = savefile.load(SAMPLES / "schmier-complete.toml")
    text = savefile.dumps(rules, setup, deals)
    assert '\nplayers = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip"]\n' in text
    _, back_setup, back = savefile.loads(text.encode("utf-8"), "x.toml")
    assert back_setup == setup and back == deals


def back_to(p: Path, want: Session) -> None:
    got = Session.load(p)
    assert got.setup == want.setup and got.deals == want.deals


@pytest.mark.parametrize(("name", "back"), GAMES)
def test_a_tomli_w_file_changed_by_every_command_reads_back(tmp_path: Path, name: str,
                                                            back: int) -> None:
    whole = Session(*savefile.load(SAMPLES / name))
    s = Session(*savefile.load(SAMPLES / name))
    taken = s.undo(back)
    p = tmp_path / name
    p.write_text(savefile.dumps(s.rules, s.setup, s.deals), encoding="utf-8")  # tomli-w
    start = Session.load(p)
    for e in reversed(taken):  # add, entry by entry
        code, out, err = cli_run("add", str(p), entry_text(e, s.rules, s.setup))
        assert code in (0, 1), out + err
    back_to(p, whole)
    code, out, err = cli_run("undo", str(p), "-n", str(back), "--yes")
    assert code == 0, out + err
    back_to(p, start)
    code, out, err = cli_run("redo", str(p))
    assert code in (0, 1), out + err
    back_to(p, whole)
    k = len(whole.deals)  # an edit of one card of the last deal, and back
    number, old, new = edited_card(whole.deals[k - 1])
    was = entry_text(whole.deals[k - 1].entries[number - 1], s.rules, s.setup)
    for text in (was.replace(old, new), was):
        code, out, err = cli_run("edit", str(p), str(k), "--entry", str(number), "--to", text)
        assert code in (0, 1), out + err
    back_to(p, whole)
    table = Session.load(p)  # the table mode's session: undo, add again
    again = table.undo(back)
    for e in reversed(again):
        table.add(entry_text(e, s.rules, s.setup))
    back_to(p, whole)
