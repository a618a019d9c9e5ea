"""Issue 20, defect 7: one typo never loses a game. An undo that reaches past the deal in
progress asks at a terminal and needs --yes in a script (exit 2, nothing changed, without
it); `referee redo FILE [-n N]` puts back what the last undo took, until the file changes
otherwise; the table mode's undo and redo are the same mechanism (the redo record beside the
file). A redo of an entry that proves a revoke reports it PROVEN again (issue 23)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.history.session import Session
from referee.model import Deal
from referee.store import redo, savefile
from tests.helpers import cli_run, spawn

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"


def copy(tmp_path: Path, name: str = "kierki-in-progress.toml") -> Path:
    p = tmp_path / "g.toml"
    shutil.copy(SAMPLES / name, p)
    return p


def test_an_undo_past_the_deal_in_progress_needs_yes_in_a_script(tmp_path: Path) -> None:
    p = copy(tmp_path)
    before = p.read_bytes()
    code, out, err = cli_run("undo", str(p), "-n", "1000")
    assert code == 2 and "--yes" in err and "nothing changed" in err
    assert p.read_bytes() == before and not redo.path_of(p).exists()
    code, out, err = cli_run("undo", str(p), "-n", "3")  # within the deal in progress
    assert code == 0, err
    assert len(Session.load(p).deals) == len(savefile.load(SAMPLES /
                                                           "kierki-in-progress.toml")[2])


def test_redo_puts_back_what_undo_took_byte_for_byte(tmp_path: Path) -> None:
    p = copy(tmp_path)
    before = p.read_bytes()
    code, out, err = cli_run("undo", str(p), "-n", "1000", "--yes")
    assert code == 0, err
    assert not any(Session.load(p).person_made(k) for k in range(len(Session.load(p).deals)))
    assert redo.path_of(p).exists()
    code, out, err = cli_run("redo", str(p), "-n", "5")
    assert code == 0, err
    assert len(Session.load(p).redoable()) == 234 - 5
    code, out, err = cli_run("redo", str(p))
    assert code == 0, err
    assert p.read_bytes() == before
    assert not redo.path_of(p).exists()
    assert cli_run("redo", str(p))[0] == 2  # nothing left


def test_undos_in_a_row_are_redone_together(tmp_path: Path) -> None:
    p = copy(tmp_path)
    before = p.read_bytes()
    for n in ("2", "1", "3"):
        assert cli_run("undo", str(p), "-n", n)[0] == 0
    assert cli_run("redo", str(p), "-n", "4")[0] == 0
    assert cli_run("redo", str(p))[0] == 0
    assert p.read_bytes() == before


@pytest.mark.parametrize("change", ["add", "edit", "hand"])
def test_a_file_changed_otherwise_has_nothing_to_redo(tmp_path: Path, change: str) -> None:
    p = copy(tmp_path)
    assert cli_run("undo", str(p), "-n", "2")[0] == 0
    s = Session.load(p)
    taken = s.redoable()
    assert len(taken) == 2
    if change == "add":
        assert cli_run("add", str(p), taken[0])[0] == 0  # typed again, by hand
    elif change == "edit":
        from referee.history.edit import items

        n = len(s.deals)
        last = len(items(s.rules, s.setup, s.deals, n))  # the last entry can always go
        code, out, err = cli_run("edit", str(p), str(n), "--entry", str(last), "--to", "delete")
        assert code in (0, 1), out + err
    else:  # an editor, another program
        p.write_text(p.read_text(encoding="utf-8") + "# a comment\n", encoding="utf-8")
    after = p.read_bytes()
    code, out, err = cli_run("redo", str(p))
    assert code == 2 and "nothing to redo" in err
    assert p.read_bytes() == after


def proving_file(tmp_path: Path) -> Path:
    """kierki-revoke up to the entry that proves its revoke (the file's last entry)."""
    rules, setup, deals = savefile.load(SAMPLES / "kierki-revoke.toml")
    v = next(v for v in Session(rules, setup, deals).result().violations if v.retro)
    kept: list[Deal] = []
    left = v.at + 1
    for d in deals:
        if left <= 0:
            break
        kept.append(Deal(list(d.entries[:left])))
        left -= len(d.entries)
    p = tmp_path / "r.toml"
    p.write_text(savefile.dumps(rules, setup, kept), encoding="utf-8")
    return p


def test_a_redone_entry_that_proves_a_revoke_says_proven_again(tmp_path: Path) -> None:
    p = proving_file(tmp_path)
    assert any(v.rule == "follow-suit" for v in Session.load(p).result().violations)
    assert cli_run("undo", str(p))[0] == 0
    assert not Session.load(p).result().violations
    code, out, err = cli_run("redo", str(p))
    assert code == 1 and "PROVEN" in out and "rule follow-suit" in out


def test_the_table_undo_is_redone_by_the_command(tmp_path: Path) -> None:
    """One mechanism: what the table's session took back, `referee redo` puts back."""
    p = copy(tmp_path)
    before = p.read_bytes()
    table = Session.load(p)
    with table.writing():
        table.undo(4)
    code, out, err = cli_run("redo", str(p))
    assert code == 0, err
    assert p.read_bytes() == before
    assert cli_run("undo", str(p), "-n", "2")[0] == 0
    table = Session.load(p)
    done, stopped = table.redo()
    assert stopped is None and len(done) == 2 and p.read_bytes() == before


# -- at a terminal ---------------------------------------------------------------------------



@pytest.mark.parametrize("answer", ["n", "y"])
def test_at_a_terminal_an_undo_past_the_deal_asks(tmp_path: Path, answer: str) -> None:
    p = copy(tmp_path)
    before = p.read_bytes()
    t = spawn(tmp_path, "undo", "g.toml", "-n", "1000")
    t.expect("234 entries, past deal 5")
    t.sendline(answer)
    t.expect(["took back 234 entries" if answer == "y" else "nothing changed"])
    t.expect(pytest.importorskip("pexpect").EOF)
    t.close()
    assert t.exitstatus == (0 if answer == "y" else 2)
    assert (p.read_bytes() == before) == (answer == "n")


def test_the_table_asks_before_an_undo_past_the_deal_and_redo_says_proven(
        tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    p = proving_file(tmp_path)
    before = p.read_bytes()
    t = spawn(tmp_path, "play", p.name)
    t.expect("> ")
    t.sendline("undo 1000")
    t.expect(r"past deal 3 \(the deal in progress\)")
    t.sendline("n")
    t.expect("nothing changed")
    assert p.read_bytes() == before
    t.sendline("undo")
    t.expect("took back 1 entry")
    t.sendline("redo")
    t.expect("redone")
    t.expect(r"PROVEN: .*rule follow-suit")
    t.sendline("quit")
    t.expect(pexpect.EOF)
    assert p.read_bytes() == before


def test_the_question_does_not_hold_the_file_and_a_change_meanwhile_wins(tmp_path: Path
                                                                        ) -> None:
    """While the terminal asks, the file is not locked: another writer (here an undo of one
    entry) goes through at once, and the answer, about a file that has changed since, takes
    nothing back (exit 2)."""
    p = copy(tmp_path)
    t = spawn(tmp_path, "undo", "g.toml", "-n", "1000")
    t.expect("234 entries, past deal 5")
    code, out, err = cli_run("undo", str(p))
    assert code == 0, (out, err)
    meanwhile = p.read_bytes()
    t.sendline("y")
    t.expect("the file changed while the question was asked")
    t.expect(pytest.importorskip("pexpect").EOF)
    t.close()
    assert t.exitstatus == 2
    assert p.read_bytes() == meanwhile
