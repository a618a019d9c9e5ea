"""referee/history/edit.py (an entry as text, the entries of a deal, replace, diff) and
`referee edit`."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from referee.errors import NotationError
from referee.history import edit
from referee.history.session import Session
from referee.model import Bid, Exchange, Key, Pass, Place, Play, Pull
from tests.helpers import cli_run

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"

runner = CliRunner()
run = cli_run


def copy(tmp_path: Path, name: str) -> Path:
    p = tmp_path / name
    shutil.copy(SAMPLES / name, p)
    return p


def test_entry_text_of_every_kind() -> None:
    from referee.notation import parse_card as c

    assert edit.entry_text(Play("Ala", (c("AS"),))) == "Ala: AS"
    assert edit.entry_text(Play("Ala", (c("7S"), None), down=True)) == "Ala: ~7S ?"
    assert edit.entry_text(Pull("Ala", (c("6C"), c("7C")))) == "Ala pulls: 6C 7C"
    assert edit.entry_text(Bid("Ala", 3)) == "Ala: 3"
    assert edit.entry_text(Bid("Ala", None)) == "Ala: pass"
    assert edit.entry_text(Pass("Ala")) == "Ala: pass"
    assert edit.entry_text(Exchange("Ala", "discard", (c("2C"),), 1)) == "Ala: discard 2C"
    assert edit.entry_text(Exchange("Ala", "discard", None, 2)) == "Ala: discard 2"
    assert edit.entry_text(Place(c("7H"), 0, -1)) == "7H 0,-1"
    assert edit.entry_text(Place(None, 1, 2)) == "1,2"
    assert edit.entry_text(Key("trump", "S")) == 'trump = "S"'
    assert edit.entry_text(Key("note", 'a "quote"\x7f')) == 'note = "a \\"quote\\"\\u007f"'
    out = edit.entry_text(Key("outcome", {"hearts": {"Ala": 3, "Bartek Z": 10}}))
    assert out == 'outcome = { hearts = { Ala = 3, "Bartek Z" = 10 } }'


def test_entry_text_reads_back() -> None:
    """Typing an entry's text at the point it was made gives the same entry."""
    s = Session.load(SAMPLES / "kierki-complete.toml")
    for deal in (1, 8, 12):
        its = edit.items(s.rules, s.setup, s.deals, deal)
        for it in its[:12]:
            again = edit.parse_replacement(s.rules, s.setup, s.deals, deal, it.number, it.text)
            assert again == [it.entry], it.text


def test_items_know_their_tricks() -> None:
    s = Session.load(SAMPLES / "kierki-complete.toml")
    its = edit.items(s.rules, s.setup, s.deals, 3)
    assert its[0].text.startswith("dealer = ") and its[0].trick is None
    tricks = [it.trick for it in its if isinstance(it.entry, Play)]
    assert tricks == [t for t in range(1, 14) for _ in range(4)]
    assert its[1].index == sum(len(d.entries) for d in s.deals[:2]) + 1
    with pytest.raises(NotationError):
        edit.items(s.rules, s.setup, s.deals, 13)


def test_replace_a_card_and_diff(tmp_path: Path) -> None:
    s = Session.load(SAMPLES / "kierki-complete.toml")
    its = edit.items(s.rules, s.setup, s.deals, 1)
    first = next(it for it in its if isinstance(it.entry, Play))
    new = edit.parse_replacement(s.rules, s.setup, s.deals, 1, first.number, "Bartek: 3C")
    deals = edit.replace(s.deals, 1, first.number, new)
    assert s.deals[0].entries[first.number - 1] == first.entry  # the original is untouched
    d = edit.diff(s.result(), s.rules.replay(s.setup, deals))
    assert not d.empty
    assert any(v.rule == "card-duplicate" for v in d.appeared) or d.deals


def test_delete_and_diff_of_nothing() -> None:
    s = Session.load(SAMPLES / "kierki-complete.toml")
    res = s.result()
    d = edit.diff(res, s.rules.replay(s.setup, s.deals))
    assert d.empty and d.deals == [] and d.totals == {} and d.winner is None
    its = edit.items(s.rules, s.setup, s.deals, 12)
    last = its[-1]
    assert edit.parse_replacement(s.rules, s.setup, s.deals, 12, last.number, "delete") == []
    deals = edit.replace(s.deals, 12, last.number, [])
    after = s.rules.replay(s.setup, deals)
    d = edit.diff(res, after)
    assert d.complete == (True, False) and d.winner is not None and d.totals


def test_replace_refuses_what_cannot_be_read() -> None:
    s = Session.load(SAMPLES / "kierki-complete.toml")
    with pytest.raises(NotationError):
        edit.parse_replacement(s.rules, s.setup, s.deals, 1, 2, "Bartek: 11Z")
    with pytest.raises(NotationError):
        edit.parse_replacement(s.rules, s.setup, s.deals, 1, 999, "Bartek: 2C")
    with pytest.raises(NotationError):
        edit.parse_replacement(s.rules, s.setup, s.deals, 1, 2, "x" * 2001)


def test_apply_saves_atomically(tmp_path: Path) -> None:
    p = copy(tmp_path, "kierki-in-progress.toml")
    s = Session.load(p)
    its = edit.items(s.rules, s.setup, s.deals, 1)
    card = next(it for it in its if isinstance(it.entry, Play))
    new = edit.parse_replacement(s.rules, s.setup, s.deals, 1, card.number, card.text)
    edit.apply(s, edit.replace(s.deals, 1, card.number, new))
    assert Session.load(p).result().to_json() == s.result().to_json()
    assert not list(tmp_path.glob("*.tmp"))


def test_edit_command_lists_and_replaces(tmp_path: Path) -> None:
    p = copy(tmp_path, "kierki-in-progress.toml")
    code, out, _ = run("edit", str(p), "1", "2")
    assert code == 0 and "trick 2" in out and "trick 3" not in out
    s = Session.load(p)
    its = [it for it in edit.items(s.rules, s.setup, s.deals, 1) if it.trick == 2]
    target = its[-1]
    before = p.read_text()
    code, out, _ = run("edit", str(p), "1", "--entry", str(target.number), "--to",
                       target.text.split(":")[0] + ": JK", "--dry-run")
    assert "not saved" in out and p.read_text() == before
    assert "new violation" in out and "card-not-in-deck" in out
    code, out, _ = run("edit", str(p), "1", "--entry", str(target.number), "--to",
                       target.text)
    assert "no score, result or violation changed" in out and code == 0
    code, _, err = run("edit", str(p), "1", "--entry", "2")
    assert code == 2 and "go together" in err
    code, _, err = run("edit", str(p), "9")
    assert code == 2 and "no deal 9" in err


def test_play_asks_for_a_new_game_without_a_terminal(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """`referee play` with no file, answers piped in: the same path as `referee new`."""
    monkeypatch.chdir(tmp_path)
    answers = "\n".join(["kierki", "Ala", "Bartek", "Bartek", "Celina", "Darek",
                         "Cel", "", "left", "", "", "friday", "Darek: 2C", "quit", ""])
    r = runner.invoke(app, ["play"], input=answers)
    assert r.exit_code == 0, r.output
    assert "already seated" in r.output
    assert "created friday.toml" in r.output
    text = (tmp_path / "friday.toml").read_text()
    assert 'first_dealer = "Celina"' in text and 'trump_chooser = "left"' in text
    assert "Darek: 2C" in text


def test_play_with_options_shown_and_bad_answers(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    answers = "\n".join(["bridge", "1", "A" * 41, "Ala", "B:b", "Bartek", "Celina", "Darek",
                         "Zed", "", "maybe", "", "", "9", "8", "y", "g", "quit", ""])
    r = runner.invoke(app, ["play"], input=answers)
    assert r.exit_code == 0, r.output
    out = r.output
    assert "unknown game" in out and "at most 40 characters" in out
    assert "without control characters" in out and "not a player" in out
    assert "true or false" in out and "[7]" in out
    text = (tmp_path / "g.toml").read_text()
    assert "fantan_start_rank = 8" in text and "seed = " in text and "hands" in text


def test_edit_an_outcome_line(tmp_path: Path) -> None:
    p = copy(tmp_path, "kierki-outcomes.toml")
    before = Session.load(p).result()
    code, out, _ = run("edit", str(p), "2", "--entry", "2", "--to",
                       "outcome = { hearts = { Ala = 1, Bartek = 11, Darek = 1 } }")
    assert code == 0, out
    after = Session.load(p).result()
    assert after.deals[1].scores == {"Ala": -20, "Bartek": -220, "Celina": 0, "Darek": -20}
    assert after.totals["Ala"] == before.totals["Ala"] - 20
    assert "scores that changed" in out and "totals:" in out
    # an impossible outcome is kept as recorded history, and reported
    code, out, _ = run("edit", str(p), "2", "--entry", "2", "--to",
                       "outcome = { hearts = { Ala = 20 } }", "--dry-run")
    assert "new violation" in out and "outcome-total" in out


def test_edit_a_bid_changes_the_contract(tmp_path: Path) -> None:
    src = SAMPLES / "wisconsin-complete.toml"
    if not src.exists():
        pytest.skip("no wisconsin sample")
    p = copy(tmp_path, "wisconsin-complete.toml")
    s = Session.load(p)
    its = edit.items(s.rules, s.setup, s.deals, 1)
    bid = next(it for it in its if it.action == "bid" and it.text.endswith("pass")
               and it.player is not None and it.player != "Ala")
    new = edit.parse_replacement(s.rules, s.setup, s.deals, 1, bid.number,
                                 f"{bid.player}: 3")
    after = s.rules.replay(s.setup, edit.replace(s.deals, 1, bid.number, new))
    d = edit.diff(s.result(), after)
    assert any(c.number == 1 and c.label_before != c.label_after for c in d.deals) \
        or d.appeared


def test_shared_win_and_game_over_lines() -> None:
    from cli.render import winner

    res = Session.load(SAMPLES / "kierki-complete.toml").result()
    res.winner = ["Ala", "Darek"]
    shared = winner(res)
    assert shared is not None and shared.plain == "The game is over. Shared win: Ala, Darek"
    res.winner = None
    over = winner(res)
    assert over is not None and over.plain == "The game is over." and over.style == "bold"
