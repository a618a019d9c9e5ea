"""Issue 23, what a new user tripped over at the table mode's prompt: each item its test."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.history.session import Session
from referee.model import Bid, Key
from tests.helpers import cli_run
from tests.test_new_user import play

FOUR = ["Ala", "Bartek", "Celina", "Darek"]
OUTCOME = "outcome = { tricks = { Ala = 4, Bartek = 3, Celina = 3, Darek = 3 } }"
CLAIMED = "claimed = { Ala = -80, Bartek = -60, Celina = -60, Darek = -60 }"


def new(tmp_path: Path, game: str = "kierki") -> Path:
    p = tmp_path / "g.toml"
    code, _, err = cli_run("new", game, str(p), *(x for n in FOUR for x in ("-p", n)))
    assert code == 0, err
    return p


def test_help_shows_key_lines_joined_by_a_semicolon_and_they_are_accepted(
        tmp_path: Path) -> None:
    p = new(tmp_path)
    out = play(p, "help", f"{OUTCOME}; {CLAIMED}", "quit")
    assert "outcome = { ... }; claimed = { ... }" in out
    assert "cannot read" not in out and "refused" not in out
    d = Session.load(p).deals[0]
    assert d.has_key("outcome") and d.has_key("claimed")
    assert not Session.load(p).result().violations  # the claimed score is the right one


def test_add_takes_key_lines_joined_by_a_semicolon(tmp_path: Path) -> None:
    p = new(tmp_path)
    code, out, err = cli_run("add", str(p), f"{OUTCOME}; {CLAIMED}")
    assert code == 0, err
    assert [k.name for k in Session.load(p).deals[0].entries if isinstance(k, Key)] == \
        ["dealer", "outcome", "claimed"]


@pytest.mark.parametrize("answer", ["n", "y"])
def test_a_claimed_score_at_the_start_of_the_next_deal_says_which_deal(
        tmp_path: Path, answer: str) -> None:
    p = new(tmp_path)
    assert cli_run("add", str(p), OUTCOME)[0] == 0  # deal 1 over: the prompt is at deal 2
    before = p.read_bytes()
    out = play(p, CLAIMED, answer, "quit")
    assert "for deal 1, the deal just played (the prompt is at deal 2)" in out
    if answer == "n":
        assert p.read_bytes() == before and "was not entered" in out
    else:
        assert Session.load(p).deals[0].has_key("claimed")


def test_several_bids_on_one_line_are_entered_in_turn(tmp_path: Path) -> None:
    p = new(tmp_path, "wisconsin-schmier")
    out = play(p, "pass 2 pass 3", "quit")
    assert "is not a card" not in out
    bids = [e for e in Session.load(p).deals[0].entries if isinstance(e, Bid)]
    assert [(b.player, b.value) for b in bids] == [
        ("Bartek", None), ("Celina", 2), ("Darek", None), ("Ala", 3)]


def test_several_bids_are_all_or_nothing(tmp_path: Path) -> None:
    """Issue 29: a line of several bids is entered whole or not at all (it used to keep the
    bids before the refused one), and the refusal says so."""
    p = new(tmp_path, "wisconsin-schmier")
    out = play(p, "Bartek: 2 2 pass", "quit")  # Celina's 2 is not higher
    assert "refused" in out and "nothing of this line was entered" in out
    assert not [e for d in Session.load(p).deals for e in d.entries if isinstance(e, Bid)]


def test_the_new_game_question_takes_a_unique_prefix() -> None:
    from cli.start import ask_new_game, game_named, installed_games

    assert game_named("kierk", installed_games()) == "kierki"
    asked: list[str] = []
    answers = iter(["kierk"])

    def ask(question: str, words: list[str]) -> str:
        asked.append(question)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    with pytest.raises(EOFError):
        ask_new_game(ask, lambda text: None, None)
    assert len(asked) == 2 and not asked[1].startswith("Game")  # on to the players
    from referee.errors import NotationError

    with pytest.raises(NotationError, match="could be"):
        game_named("s", ["schmier", "sx"])
