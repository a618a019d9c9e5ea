"""``referee edit`` on a private deal in progress (issue 32, docs/private.md): the director's
command, but the laptop's screen is seen by the table. What it prints of the change (the
entries, the line replaced, the violations and scores it makes appear or vanish) writes
``?`` for every registered card the table has not seen, before or after the edit; the table
mode's ``edit`` the same."""

from __future__ import annotations

from pathlib import Path

from referee.cards import Card
from referee.history import private
from referee.history.session import Session
from referee.model import Play
from tests.helpers import cli_run
from tests.test_private import FOUR, cards, deal_hands, new_game
from tests.test_public import leaks


def two_tricks(tmp: Path) -> tuple[Path, dict[str, list[Card]]]:
    """A Kierki deal, every hand registered, two tricks played (the first card allowed)."""
    path = new_game(tmp)
    hands = deal_hands(21)
    s = Session.load(path)
    for p in FOUR:
        private.register(s, p, cards(hands[p]))
    for _ in range(8):
        offer = [c for c in s.rules.choices(s.setup, s.deals, s.result()).choices if c.allowed]
        s.add(offer[0].entry)
    return path, hands


def unseen(path: Path) -> frozenset[Card]:
    s = Session.load(path)
    return private.hidden(s.deals, s.result())


def a_revoke(path: Path, hands: dict[str, list[Card]]) -> tuple[int, str, Card, Card]:
    """The entry number of a follower's card in trick 2, and a card of another suit that
    follower still holds to put in its place (a revoke: it holds the suit led still), with
    the card it replaces."""
    s = Session.load(path)
    played = {c for e in s.deals[0].entries if isinstance(e, Play) for c in e.cards}
    plays = [(i + 1, e) for i, e in enumerate(s.deals[0].entries) if isinstance(e, Play)]
    led = plays[4][1].cards[0]
    for number, e in plays[5:8]:
        left = [c for c in hands[e.player] if c not in played]
        off = [c for c in left if c.suit != led.suit]
        if off and any(c.suit == led.suit for c in left):
            return number, e.player, off[0], e.cards[0]
    raise AssertionError("no follower of trick 2 can revoke in this deal")


def test_edit_to_a_revoke_shows_no_registered_card(tmp_path: Path) -> None:
    path, hands = two_tricks(tmp_path)
    hidden = unseen(path)
    number, who, off, was = a_revoke(path, hands)
    before = path.read_bytes()
    code, out, err = cli_run("edit", str(path), "1", "--entry", str(number), "--to",
                             f"{who}: {off}", "--dry-run")
    assert code == 1, err  # the game it leaves breaks a rule
    assert "follow-suit" in out
    assert not leaks(out + err, hidden), leaks(out + err, hidden)
    # the card replaced is back in the hand after the edit: unseen there too
    said = [line for line in out.splitlines() if line.startswith("new violation")]
    assert said and not leaks("\n".join(said), frozenset({was}))
    assert path.read_bytes() == before
    # saved, the same
    code, out, err = cli_run("edit", str(path), "1", "--entry", str(number), "--to",
                             f"{who}: {off}")
    assert code == 1, err
    assert not leaks(out + err, hidden), leaks(out + err, hidden)
    assert path.read_bytes() != before


def test_edit_of_a_whole_trick_shows_no_registered_card(tmp_path: Path) -> None:
    path, hands = two_tricks(tmp_path)
    hidden = unseen(path)
    number, who, off, was = a_revoke(path, hands)
    s = Session.load(path)
    trick = [e for e in s.deals[0].entries if isinstance(e, Play)][4:8]
    text = f"{trick[0].player}: " + " ".join(str(off if e.player == who else e.cards[0])
                                              for e in trick)
    code, out, err = cli_run("edit", str(path), "1", "2", "--to", text, "--dry-run")
    assert code == 1, err
    assert "follow-suit" in out
    assert not leaks(out + err, hidden), leaks(out + err, hidden)


def test_the_table_mode_edit_shows_no_registered_card(tmp_path: Path) -> None:
    from tests.test_new_user import play

    path, hands = two_tricks(tmp_path)
    hidden = unseen(path)
    number, who, off, _was = a_revoke(path, hands)
    out = play(path, "edit 1", str(number), f"{who}: {off}", "n", "quit")
    assert "shown to the referee alone" in out and "follow-suit" in out
    typed = f"{who}: {off}"  # the director's own line, as typed at the prompt
    assert not leaks(out.replace(typed, ""), hidden), leaks(out.replace(typed, ""), hidden)


def test_tab_in_the_table_mode_edit_offers_no_registered_card(tmp_path: Path) -> None:
    import re

    import pytest

    pexpect = pytest.importorskip("pexpect")
    from tests.helpers import spawn

    path, hands = two_tricks(tmp_path)
    hidden = unseen(path)
    number, who, _off, _was = a_revoke(path, hands)
    t = spawn(tmp_path, "play", path.name)
    t.expect("to lead")
    t.sendline("edit 1")
    t.expect("Entry to replace")
    t.sendline(str(number))
    t.expect("with what")
    t.expect(re.escape("\x1b[?2004h"))  # the line editor has the line: Tab is its key
    t.send(f"{who}: ")
    t.expect(re.escape(f"{who}:"))  # (the space drawn as a move of the cursor)
    t.send("\t\t")
    t.send("\x15\r")  # Ctrl-U, Enter: nothing typed, nothing changed
    t.expect("nothing changed")
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", " ", str(t.before))  # (no terminal codes)
    assert not leaks(shown, hidden), leaks(shown, hidden)
    t.sendline("quit")
    t.expect(pexpect.EOF)
