"""Issue 23, tomli-w back at its job: a whole document (``referee new``, a file written whole)
is tomli-w's, in its layout (SAVEFILE.md: sub-tables such as ``[deals.hands]``, arrays split
over lines); every command that changes a file then changes it in place (tomlkit) and it reads
back to the same game."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomli_w

from referee import savefile
from referee.edit import entry_text
from referee.session import Session
from tests.helpers import cli_run
from tests.test_tomlkit_writes import GAMES, SAMPLES, edited_card

PLAYERS = ["-p", "Ala", "-p", "Bartek", "-p", "Celina", "-p", "Darek"]


@pytest.mark.parametrize("extra", [[], ["--deal", "--seed", "7"]])
def test_new_writes_the_document_tomli_w_writes(tmp_path: Path, extra: list[str]) -> None:
    p = tmp_path / "g.toml"
    code, out, err = cli_run("new", "kierki", str(p), *PLAYERS, *extra)
    assert code == 0, out + err
    s = Session.load(p)
    data = savefile.to_dict(s.rules, s.setup, s.deals)
    if not data["deals"]:
        del data["deals"]
    assert p.read_text(encoding="utf-8") == tomli_w.dumps(data, indent=2)
    if extra:
        assert "[deals.hands]" in p.read_text(encoding="utf-8")  # tomli-w's sub-table


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
