"""The table mode's `claim PLAYER [N]`: the verdict (a stand-in for `referee.claims.judge`
that gives a chosen verdict, and the real one at the end), the table's acceptance, the
questions the cards cannot settle, the claim recorded, undone."""

from __future__ import annotations

import sys
import tomllib
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from referee.claims import ClaimError, HandNeeded, Verdict
from referee.history.session import Session
from referee.notation import parse_cards
from tests.helpers import hands_toml, head, kierki_before
from tests.test_claim_record import WISCONSIN
from tests.test_file_safety import Script, table


@dataclass
class Judge:
    """``judge`` as referee.claims gives it: the calls it got, the verdict it gives."""

    holds: bool = True
    refuse: str = ""
    interrupt: bool = False  # Ctrl-C during the search
    calls: list[dict[str, Any]] = field(default_factory=list)
    budgets: list[Any] = field(default_factory=list)  # known_budget of each call

    def __call__(self, setup: Any, deals: Any, claimer: str, *, tricks: int | None = None,
                 hand: Any = None, known_budget: Any = "default") -> Verdict:
        self.budgets.append(known_budget)
        if self.interrupt:
            raise KeyboardInterrupt
        rules = __import__("referee.games", fromlist=["get"]).get(setup.game)
        res = rules.replay(setup, deals)
        if hand is None and claimer not in (res.table.hands or {}):
            raise HandNeeded(f"{claimer}'s hand is not in the file")  # as judge says it
        if self.refuse:  # a refusal of the hand shown
            raise ClaimError(self.refuse)
        total = 13 if setup.game == "kierki" else 6
        left = total - (res.expect.trick or 1) + 1
        self.calls.append({"claimer": claimer, "tricks": tricks, "hand": hand, "left": left})
        side = (claimer,) if setup.game == "kierki" else \
            tuple(p for p in setup.players if (setup.players.index(p) - setup.players.index(
                claimer)) % (len(setup.players) // 2) == 0)
        counter = None if self.holds else {"Darek": tuple(parse_cards("AC 2C"))}
        return Verdict("holds" if self.holds else "fails", claimer, side, tricks or left, left,
                       hand is None, ("trick 2: Celina leads AS", "trick 3: Celina leads KS"),
                       counter)


@pytest.fixture
def judge(monkeypatch: pytest.MonkeyPatch) -> Judge:
    j = Judge()
    fake = types.ModuleType("referee.claims")
    fake.judge = j  # type: ignore[attr-defined]
    fake.ClaimError = ClaimError  # type: ignore[attr-defined]
    fake.HandNeeded = HandNeeded  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "referee.claims", fake)
    return j


class Asked(Script):
    """The table's reader, keeping every question it was asked."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(lines)
        self.prompts: list[str] = []

    def read(self, prompt: str, words: Any = None, ansi_prompt: str = "") -> str:
        self.prompts.append(prompt)
        return super().read(prompt, words, ansi_prompt)


KIERKI = head() + kierki_before(1) + '\n[[deals]]\ntricks = ["Bartek: 2C 5C KC AC"]\n'
CELINA = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S"  # twelve cards: Celina's hand after trick 1


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "g.toml"
    p.write_text(text)
    return p


def deal_table(p: Path, n: int = 1) -> dict[str, Any]:
    return dict(tomllib.loads(p.read_text())["deals"][n - 1])


def test_an_accepted_claim_is_recorded_and_the_next_deal_follows(
        tmp_path: Path, judge: Judge, capsys: Any) -> None:
    p = write(tmp_path, KIERKI)
    t = table(p, Script(["claim cel", CELINA, "y", "quit"]))
    assert t.run() == 0
    out = capsys.readouterr().out
    assert judge.calls == [{"claimer": "Celina", "tricks": None,
                            "hand": parse_cards(CELINA), "left": 12}]
    assert "The claim holds" in out and "Celina leads AS" in out
    assert deal_table(p)["claim"] == "Celina: rest"
    res = Session.load(p).result()
    assert res.deals[0].finished and res.deals[0].scores["Celina"] == -20 * 12
    assert res.expect.deal == 2 and res.expect.new_deal
    assert "Deal 1 (no tricks) over" in out


def test_a_claim_the_table_does_not_accept_keeps_only_the_hand_shown(
        tmp_path: Path, judge: Judge, capsys: Any) -> None:
    """Not accepted, the claim is not recorded; the hand shown is, as the deal's ``shown``
    (evidence whether or not the claim stands: issue 29)."""
    judge.holds = False
    p = write(tmp_path, KIERKI)
    before = deal_table(p)
    t = table(p, Script(["claim Celina", "AS", "n", "quit"]))
    assert t.run() == 0
    out = capsys.readouterr().out
    assert "The claim fails" in out and "Darek holds" in out
    assert deal_table(p) == {**before, "shown": {"Celina": "AS"}}


def test_a_claim_of_some_tricks_gives_the_verdict_only(tmp_path: Path, judge: Judge,
                                                       capsys: Any) -> None:
    p = write(tmp_path, KIERKI)
    before = p.read_bytes()
    t = table(p, Script(["claim Celina 3", "AS", "Ala: 3D", "quit"]))
    assert t.run() == 0
    assert judge.calls[0]["tricks"] == 3
    assert "Does the table accept" not in capsys.readouterr().out
    assert p.read_bytes() != before  # the next line was an entry, not an answer
    assert "claim" not in deal_table(p) and deal_table(p)["shown"] == {"Celina": "AS"}
    assert deal_table(p)["tricks"][-1] == "Ala: 3D"


def test_a_refused_claim_is_one_line(tmp_path: Path, judge: Judge, capsys: Any) -> None:
    judge.refuse = "Celina has already played AS"
    p = write(tmp_path, KIERKI)
    before = p.read_bytes()
    t = table(p, Script(["claim Celina", "AS", "quit"]))
    assert t.run() == 0
    out = capsys.readouterr().out
    assert "no claim: Celina has already played AS" in out.replace("♠", "S")
    assert p.read_bytes() == before


def test_hands_known_the_hand_is_not_asked(tmp_path: Path, judge: Judge) -> None:
    p = write(tmp_path, head() + kierki_before(1) + "\n[[deals]]\n" + hands_toml())
    r = Asked(["claim Darek", "y", "quit"])
    t = table(p, r)
    assert t.run() == 0
    assert not any("hand" in q for q in r.prompts)
    assert judge.calls[0]["hand"] is None and judge.calls[0]["left"] == 13
    assert judge.budgets == [None]  # hands known: the solver has no budget, always decides
    assert deal_table(p)["claim"] == "Darek: rest"


def test_ctrl_c_stops_the_claim_not_the_table(tmp_path: Path, judge: Judge,
                                              capsys: Any) -> None:
    judge.interrupt = True
    p = write(tmp_path, head() + kierki_before(1) + "\n[[deals]]\n" + hands_toml())
    before = p.read_bytes()
    t = table(p, Script(["claim Darek", "Bartek: 5C", "quit"]))
    assert t.run() == 0
    assert "claim stopped: not judged" in capsys.readouterr().out
    assert p.read_bytes() != before  # the prompt came back: the next line was an entry
    assert "claim" not in deal_table(p)


def test_wisconsin_asks_what_the_cards_cannot_settle(tmp_path: Path, judge: Judge,
                                                     capsys: Any) -> None:
    """Ala shows JH (the jack of trump, never played: hers, no question); Game hangs on the
    cards still in hand, so the table gives their game points."""
    p = write(tmp_path, WISCONSIN)
    r = Asked(["claim Ala", "JH 10S", "y", "many", "20", "quit"])
    t = table(p, r)
    assert t.run() == 0
    out = capsys.readouterr().out
    assert "cannot read that" in out
    asked = " | ".join(r.prompts)
    assert "shows their hand" in asked and "Who held" not in asked
    assert asked.count("Game points") == 2
    d = deal_table(p)
    assert d["claim"] == "Ala: rest" and d["claim_hand"] == "JH 10S"
    assert "claim_held" not in d  # the shown hand says who held JH
    assert d["claim_game_points"] == 20
    res = Session.load(p).result()
    assert res.violations == [] and res.deals[0].extra["points"]["jack"] == "Ala & Celina"


def test_wisconsin_asks_who_held_a_point_card(tmp_path: Path, judge: Judge,
                                              capsys: Any) -> None:
    p = write(tmp_path, WISCONSIN)
    r = Asked(["claim Bartek", "9C 10C JC", "y", "Zenon", "darek", "quit"])
    t = table(p, r)
    assert t.run() == 0
    assert "cannot read that" in capsys.readouterr().out  # Zenon is not at the table
    asked = " | ".join(r.prompts)
    assert asked.count("Who held JH") == 2 and "Game points" not in asked
    d = deal_table(p)
    assert d["claim"] == "Bartek: rest" and d["claim_held"] == {"Darek": "JH"}
    assert d["claim_hand"] == "9C 10C JC" and "claim_game_points" not in d


def test_undo_takes_the_claim_back_as_one_entry(tmp_path: Path, judge: Judge,
                                                capsys: Any) -> None:
    p = write(tmp_path, WISCONSIN)
    before = p.read_bytes()
    # the claim ended the deal: taking it back opens it again, asked first (issue 29)
    t = table(p, Script(["claim Bartek", "9C 10C JC", "y", "nobody", "undo", "y", "quit"]))
    assert t.run() == 0
    assert "took back 1 entry" in capsys.readouterr().out
    assert p.read_bytes() == before


def test_help_and_completion_know_the_command(tmp_path: Path, judge: Judge,
                                              capsys: Any) -> None:
    p = write(tmp_path, KIERKI)
    t = table(p, Script(["help", "quit"]))
    assert "claim" in t.words("")
    assert t.words("claim ") == ["Ala", "Bartek", "Celina", "Darek"]
    assert t.words("claim Bartek ") == []
    assert t.run() == 0
    assert "claim PLAYER [N]" in capsys.readouterr().out


def test_a_game_without_tricks_has_no_claim(tmp_path: Path, judge: Judge,
                                            capsys: Any) -> None:
    p = write(tmp_path, head("foursquare", ("Ala",)) + "\n[[deals]]\nturns = [\"7H 0,0\"]\n")
    r = Asked(["claim Ala", "quit"])
    assert table(p, r).run() == 0
    assert "has no claims" in capsys.readouterr().out
    assert judge.calls == [] and len(r.prompts) == 2


def test_the_real_verdict_at_the_table(tmp_path: Path, capsys: Any) -> None:
    """With ``referee.claims`` itself: Ala, on lead at trick 2 with the hands unseen, shows
    twelve spades and claims one trick: it holds (she leads the ace); the claim is not
    recorded (some of the tricks: a verdict only), the hand she showed is (``shown``).
    Claiming the rest with a hand of three cards is refused (she has 12 cards to play):
    nothing is recorded."""
    p = write(tmp_path, KIERKI)
    t = table(p, Script(["claim Ala 1", "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S", "quit"]))
    assert t.run() == 0
    out = capsys.readouterr().out
    assert "The claim holds" in out
    assert "claim" not in deal_table(p)
    assert deal_table(p)["shown"] == {"Ala": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S"}
    before = p.read_bytes()
    t = table(p, Script(["claim Ala", "AS KS QS", "quit"]))
    assert t.run() == 0
    assert "no claim" in capsys.readouterr().out
    assert p.read_bytes() == before


def test_enter_accepts_only_a_claim_that_holds(tmp_path: Path, judge: Judge,
                                              capsys: Any) -> None:
    """Enter at "Does the table accept the claim?" is yes after *holds* ([Y/n]) and no
    after *fails* ([y/N]): a claim the referee did not prove is never recorded by Enter."""
    judge.holds = False
    p = write(tmp_path, KIERKI)
    r = Asked(["claim Celina", "AS", "", "quit"])
    assert table(p, r).run() == 0
    assert any("[y/N]" in q for q in r.prompts)
    assert "claim" not in deal_table(p)  # (the hand shown is: ``shown``)
    judge.holds = True
    r = Asked(["claim Celina", CELINA, "", "quit"])
    assert table(p, r).run() == 0
    assert any("[Y/n]" in q for q in r.prompts)
    assert deal_table(p)["claim"] == "Celina: rest"
