"""Issue 11, items 1, 2, 14 and 15: what `edit` shows is what it saves (or it refuses), and
`undo` takes back only what a person entered, with exact counts."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cli.app import app
from referee.errors import RefereeError
from referee.history import edit
from referee.history.session import Session
from referee.model import Deal, Key, Play
from tests.helpers import cli_run as run

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
ALL = sorted(p.name for p in SAMPLES.glob("*.toml"))


def copy(tmp_path: Path, name: str) -> Path:
    p = tmp_path / name
    shutil.copy(SAMPLES / name, p)
    return p


def plays(deal: Deal) -> list[tuple[str, str]]:
    return [(e.player, " ".join(map(str, e.cards))) for e in deal.entries
            if isinstance(e, Play)]


def preview(out: str) -> str:
    """What `edit` showed of the change (its last line says saved or not)."""
    return "\n".join(out.rstrip("\n").split("\n")[:-1])


# -- item 1: an edit changes the entry named and nothing else -------------------------------


def test_a_card_cannot_change_hands_alone(tmp_path: Path) -> None:
    """`Celina: 8H` -> `Darek: 8H` at trick 13 cannot be written on one trick line without
    passing Darek's KC, Ala's 9D and Bartek's 2S to other players: refused, nothing saved."""
    p = copy(tmp_path, "kierki-complete.toml")
    before = p.read_text()
    for dry in ((), ("--dry-run",)):
        code, out, err = run("edit", str(p), "1", "--entry", "50", "--to", "Darek: 8H",
                             "--ascii", *dry)
        assert code == 2, out + err
        assert "trick 13 of deal 1" in err and "1 13 --to" in err
        assert p.read_text() == before


def test_the_whole_trick_can_be_replaced(tmp_path: Path) -> None:
    """What to do instead: replace trick 13 whole; every card stays with its player."""
    p = copy(tmp_path, "kierki-complete.toml")
    code, out, _ = run("edit", str(p), "1", "13", "--to", "Darek: KC 9D 2S 8H", "--ascii",
                       "--dry-run")
    dry = (code, preview(out))
    code, out, _ = run("edit", str(p), "1", "13", "--to", "Darek: KC 9D 2S 8H", "--ascii")
    assert '"Darek: KC 9D 2S 8H"' in p.read_text()
    res = Session.load(p).result()
    assert code == 1 and not res.ok  # Celina won trick 12: Darek led out of turn
    assert any(v.rule == "turn-order" and v.trick == 13 for v in res.violations)
    assert dry == (code, preview(out))
    d = Session.load(p).deals[0]
    assert plays(d)[-4:] == [("Darek", "KC"), ("Ala", "9D"), ("Bartek", "2S"),
                             ("Celina", "8H")]


@pytest.mark.parametrize("to", ["Celina: 9H", "Celina: 2C", "Celina: 8H"])
def test_preview_is_what_is_saved(tmp_path: Path, to: str) -> None:
    """The diff shown (dry run and real) is the diff of the file as saved, re-refereed; the
    exit code is the replay's (1 with a violation, also with --dry-run)."""
    from cli import render

    p = copy(tmp_path, "kierki-complete.toml")
    before = Session.load(p).result()
    dcode, dout, _ = run("edit", str(p), "1", "--entry", "50", "--to", to, "--ascii",
                         "--dry-run")
    code, out, _ = run("edit", str(p), "1", "--entry", "50", "--to", to, "--ascii")
    assert (dcode, preview(dout)) == (code, preview(out))
    saved = Session.load(p).result()
    assert code == (0 if saved.ok else 1)
    con = render.console(True)
    with con.capture() as cap:
        for thing in render.diff_view(edit.diff(before, saved), True):
            con.print(thing)
    assert cap.get().strip() in preview(out)
    code, _, _ = run("replay", str(p))
    assert code == (0 if saved.ok else 1)


def test_dry_run_exits_1_when_the_edit_would(tmp_path: Path) -> None:
    p = copy(tmp_path, "kierki-complete.toml")
    code, out, _ = run("edit", str(p), "1", "--entry", "50", "--to", "Celina: JK",
                       "--dry-run")
    assert code == 1 and "card-not-in-deck" in out and "not saved" in out


def test_table_mode_edit_refuses_and_replaces_a_trick(tmp_path: Path) -> None:
    p = copy(tmp_path, "kierki-in-progress.toml")
    before = p.read_text()
    lines = ["edit 1 13", "52", "Celina: 3C", "edit 1 13", "all", "Celina: 3C 6C KC AC", "y",
             "quit", ""]
    r = CliRunner().invoke(app, ["play", str(p), "--ascii"], input="\n".join(lines))
    assert r.exit_code == 0, r.output
    assert "cannot do that" in r.output and "then 'all'" in r.output
    assert before != p.read_text() and '"Celina: 3C 6C KC AC"' in p.read_text()
    d = Session.load(p).deals[0]
    assert plays(d)[-4:] == [("Celina", "3C"), ("Darek", "6C"), ("Ala", "KC"),
                             ("Bartek", "AC")]


# -- item 15: delete in mid-trick, and every game kind ---------------------------------------


def test_delete_in_mid_trick_is_refused(tmp_path: Path) -> None:
    p = copy(tmp_path, "kierki-complete.toml")
    before = p.read_text()
    code, _, err = run("edit", str(p), "1", "--entry", "51", "--to", "delete")
    assert code == 2 and "trick 13" in err and p.read_text() == before
    # the last entry of a deal can go: nothing after it moves
    code, out, _ = run("edit", str(p), "1", "--entry", "53", "--to", "delete")
    assert code in (0, 1) and "saved to" in out
    assert plays(Session.load(p).deals[0])[-3:] == [("Celina", "8H"), ("Darek", "KC"),
                                                    ("Ala", "9D")]


def test_emptying_a_deal_before_the_last_is_refused(tmp_path: Path) -> None:
    """Deal 2 of kierki-outcomes is one outcome line: deleting it would renumber deals 3-12
    (each Kierki deal's contract is its place), changing far more than the entry named."""
    p = copy(tmp_path, "kierki-outcomes.toml")
    s = Session.load(p)
    assert len(s.deals[1].entries) == 2  # dealer, outcome
    before = p.read_text()
    assert run("edit", str(p), "2", "--entry", "1", "--to", "delete")[0] in (0, 1)
    code, _, err = run("edit", str(p), "2", "--entry", "1", "--to", "delete")
    assert code == 2 and "deal 2 empty" in err
    assert len(Session.load(p).deals) == len(s.deals) and p.read_text() != before


def _texts(s: Session, deal: int, number: int) -> list[str]:
    """Replacements to try for an entry: delete, itself, another card, another player."""
    e = s.deals[deal - 1].entries[number - 1]
    text = edit.entry_text(e, s.rules, s.setup)
    out = ["delete", text]
    player = getattr(e, "player", None)
    if player:
        for q in s.setup.players:
            if q != player:
                out.append(q + text[len(player):])
    words = text.split()
    cards = [str(c) for c in s.rules.deck][:8]
    for i, w in enumerate(words):
        if re.fullmatch(r"~?(10|[2-9JQKA])[SHDC]", w):
            out.extend(" ".join([*words[:i], c, *words[i + 1:]]) for c in cards)
            break
    return out


FAST = settings(deadline=None, max_examples=8,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("name", ALL)
@given(data=st.data())
@FAST
def test_every_edit_is_refused_or_saved_as_shown(name: str, data: st.DataObject) -> None:
    """For any entry of any sample game, an edit (delete, another player, another card) is
    refused, or the file it saves replays to exactly the result it showed, with every other
    entry with its player."""
    s = Session.load(SAMPLES / name)
    deal = data.draw(st.integers(1, len(s.deals)), "deal")
    n = len(s.deals[deal - 1].entries)
    number = data.draw(st.integers(1, n), "entry")
    text = data.draw(st.sampled_from(_texts(s, deal, number)), "to")
    try:
        change = edit.propose(s.rules, s.setup, s.deals, deal, number, text)
    except edit.EditRefused:
        event("refused: the file cannot hold it")
        return
    except RefereeError:
        event("refused: not an entry then")
        return
    event("saved")
    with tempfile.TemporaryDirectory() as folder:
        p = Path(folder) / name
        shutil.copy(SAMPLES / name, p)
        session = Session.load(p)
        assert edit.apply(session, change).to_json() == change.after.to_json()
        again = Session.load(p)
    assert again.result().to_json() == change.after.to_json()
    assert edit.diff(s.result(), again.result()) == change.diff
    wanted = edit.replace(s.deals, deal, number, change.new)
    for a, b in zip(wanted, again.deals, strict=False):
        assert a.actions() == b.actions()  # every other entry kept, each with its player


@pytest.mark.parametrize(("name", "deal"), [
    ("kierki-complete.toml", 1), ("kierki-complete.toml", 12), ("schmier-complete.toml", 1),
    ("wisconsin-complete.toml", 1), ("kozel-pull-eggs.toml", 1), ("foursquare-series.toml", 1)])
def test_every_delete_of_a_deal_is_refused_or_saved_as_shown(tmp_path: Path, name: str,
                                                             deal: int) -> None:
    """Each entry of a deal of each kind (tricks, the small lottery's turns, bids and
    exchanges, Kozel's plays and pulls, Foursquare's turns) deleted in turn."""
    s = Session.load(SAMPLES / name)
    p = tmp_path / name
    kept = refused = 0
    for number in range(1, len(s.deals[deal - 1].entries) + 1):
        try:
            change = edit.propose(s.rules, s.setup, s.deals, deal, number, "delete",
                                  before=s.result())
        except edit.EditRefused:
            refused += 1
            continue
        kept += 1
        p.write_text(s.text())
        edit.apply(Session.load(p), change)
        again = Session.load(p)
        assert again.result().to_json() == change.after.to_json(), number
        wanted = edit.replace(s.deals, deal, number, [])
        assert [d.actions() for d in wanted] == [d.actions() for d in again.deals], number
    assert kept  # the last entry, at least, can always go
    if name == "kierki-complete.toml" and deal == 1:
        assert refused >= 48  # any card but the last would pass later cards on


# -- items 2 and 14: undo takes back what a person entered -----------------------------------


def deals_1_to_4(tmp_path: Path, extra: str = "") -> Path:
    """kierki-in-progress with deal 5 not started: its table holds only its dealer."""
    text = (SAMPLES / "kierki-in-progress.toml").read_text()
    head = text[:text.rindex("[[deals]]")]
    p = tmp_path / "g.toml"
    p.write_text(head + '[[deals]]\ndealer = "Bartek"\n' + extra)
    return p


def test_undo_past_a_deal_not_started(tmp_path: Path) -> None:
    p = deals_1_to_4(tmp_path)
    code, _, err = run("undo", str(p))  # it opens deal 4 again: --yes in a script (issue 29)
    assert code == 2 and "--yes" in err and "deal 4, which is finished" in err
    code, out, _ = run("undo", str(p), "--yes")
    assert code == 0 and "took back 1 entry" in out
    s = Session.load(p)
    assert len(s.deals) == 4 and len(plays(s.deals[3])) == 51  # Ala's 8D taken back
    assert s.result().expect.player == "Ala" and s.result().expect.deal == 4


def test_undo_with_nothing_entered(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    p.write_text('format = 1\ngame = "kierki"\nplayers = ["A", "B", "C", "D"]\n\n'
                 '[[deals]]\ndealer = "A"\n')
    before = p.read_text()
    code, out, err = run("undo", str(p))
    assert code == 2 and "nothing to undo" in err and "took back" not in out
    assert p.read_text() == before


def test_undo_keeps_a_note_and_takes_the_last_play(tmp_path: Path) -> None:
    p = copy(tmp_path, "kierki-in-progress.toml")
    assert run("add", str(p), 'note = "Bartek dropped a card"')[0] == 0
    code, out, _ = run("undo", str(p))
    assert code == 0 and "took back 1 entry" in out
    s = Session.load(p)
    assert s.deals[4].key("note") == "Bartek dropped a card"
    assert plays(s.deals[4])[-1] == ("Bartek", "4D")  # Celina's 2D taken back


def test_undo_counts_only_entries(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    assert run("new", "kierki", str(p), "-p", "Ala", "-p", "Bartek", "-p", "Celina",
               "-p", "Darek")[0] == 0
    created = p.read_text()
    assert run("add", str(p), "Bartek: 2C", "Celina: 3C")[0] == 0
    code, out, _ = run("undo", str(p), "-n", "100")
    assert code == 0 and "took back 2 entries" in out
    assert not any(plays(d) for d in Session.load(p).deals)
    assert p.read_text() == created  # no deal table holding only the dealer is left behind


def test_undo_in_a_dealt_game_keeps_the_deal(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    assert run("new", "kierki", str(p), "-p", "Ala", "-p", "Bartek", "-p", "Celina",
               "-p", "Darek", "--deal", "--seed", "7")[0] == 0
    dealt = p.read_text()
    who = Session.load(p).result().expect.player
    hand = Session.load(p).deals[0].key("hands")[who]
    assert run("add", str(p), f"{who}: {hand[0]}")[0] in (0, 1)
    code, out, _ = run("undo", str(p), "-n", "100")
    assert code == 0 and "took back 1 entry" in out
    assert p.read_text() == dealt
    code, _, err = run("undo", str(p))
    assert code == 2 and "nothing to undo" in err


def test_claimed_is_an_entry_a_note_is_not(tmp_path: Path) -> None:
    p = deals_1_to_4(tmp_path)
    assert run("undo", str(p), "--yes")[0] == 0  # back into deal 4: its last card taken back
    assert run("add", str(p), "Ala: 8D")[0] in (0, 1)
    s = Session.load(p)
    scores = s.result().deals[3].scores
    assert scores is not None
    claimed = "claimed = { " + ", ".join(f"{k} = {v}" for k, v in scores.items()) + " }"
    assert run("add", str(p), claimed)[0] == 0
    assert run("add", str(p), 'note = "checked on paper"')[0] == 0
    code, out, _ = run("undo", str(p))
    assert code == 0 and "took back 1 entry" in out
    d4 = Session.load(p).deals[3]
    assert not d4.has_key("claimed") and d4.key("note") == "checked on paper"
    assert len(plays(d4)) == 52


def test_undo_stops_at_a_note_of_a_deal_not_started(tmp_path: Path) -> None:
    p = deals_1_to_4(tmp_path, 'note = "Darek arrived"\n')
    before = p.read_text()
    code, _, err = run("undo", str(p))
    assert code == 2 and "nothing to undo" in err and "--entry 2 --to delete" in err
    assert p.read_text() == before


def test_table_mode_undo_counts_entries(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    assert run("new", "kierki", str(p), "-p", "Ala", "-p", "Bartek", "-p", "Celina",
               "-p", "Darek")[0] == 0
    lines = ["Bartek: 2C", "Celina: 3C", 'note = "slow start"', "undo 100", "undo", "quit",
             ""]
    r = CliRunner().invoke(app, ["play", str(p), "--ascii"], input="\n".join(lines))
    assert r.exit_code == 0, r.output
    assert "took back 2 entries" in r.output and "nothing to undo" in r.output
    s = Session.load(p)
    assert not any(plays(d) for d in s.deals)
    assert any(isinstance(e, Key) and e.name == "note" for d in s.deals for e in d.entries)
