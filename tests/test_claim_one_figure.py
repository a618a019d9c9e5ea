"""One fact, one figure (issue 20), for claims: over random games of the claim games (Kierki
deals 1-11, Wisconsin Schmier, Schmier; hands unseen), a claim of the rest recorded with
``add``, the same claim recorded by the table mode (its questions answered from the cards as
they lay), and the deal played out as the claim says give the same scores, points and
violations. Where the claim leaves the card points for Game open, the figure shown is a range
holding the played-out one, never another figure."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from referee.games import get as get_game
from referee.games.kierki.playout import random_game as kierki_game
from referee.games.schmier.playout import random_game as schmier_game
from referee.games.schmier.score import game_value
from referee.history.edit import entry_text
from referee.history.session import Session
from referee.model import Deal, Key, Play, Result
from referee.store import savefile
from referee.store.claimkeys import TableClaim
from tests.test_claim_record import _claimed_deal, _cut_points
from tests.test_claim_table import Judge
from tests.test_file_safety import table

SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")
GAMES = {
    "kierki": (SIX[:4], {}),
    "wisconsin-schmier": (SIX[:4], {}),
    "wisconsin-kitty": (SIX[:4], {"kitty_view": 2, "high_low": "in-play"}),
    "schmier": (SIX, {}),
}


class Answers:
    """The table's reader: the claim, then every question answered from the cards as they
    lay (the hand shown, who held a card never played, the game points still in hand)."""

    interactive = False

    def __init__(self, claimer: str, later: list[Play]) -> None:
        self.lines = [f"claim {claimer}", "quit"]
        self.hand = " ".join(str(e.cards[0]) for e in later if e.player == claimer)
        self.by_card = {e.cards[0]: e.player for e in later}
        self.points = sum(game_value(e.cards[0]) for e in later if e.cards[0] is not None)
        self.asked: list[str] = []

    def read(self, prompt: str, words: Any = None, ansi_prompt: str = "") -> str:
        self.asked.append(prompt)
        if "shows their hand" in prompt:
            return self.hand
        if "accept the claim" in prompt:
            return "y"
        if prompt.startswith("Who held "):
            card = prompt.split()[2].rstrip(",")
            who = next((p for c, p in self.by_card.items() if str(c) == card), None)
            return who or "nobody"
        if prompt.startswith("Game points"):
            return str(self.points)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def a_game(kind: str, seed: int) -> tuple[Any, Any, list[Deal], int]:
    """A random game with the hands unseen and a deal in it played to the end (its number)."""
    players, options = GAMES[kind]
    if kind == "kierki":
        n = 1 + seed % 11
        setup, deals = kierki_game(seed, hands_known=False, deals=n)
        return get_game("kierki"), setup, deals, n
    rules = get_game("schmier" if kind == "schmier" else "wisconsin-schmier")
    setup, deals = schmier_game(rules, players, seed, hands_known=False, options=options,
                                max_deals=3, record_exchange=seed % 3 != 0)
    states = rules.replay(setup, deals).state[0]
    done = [i for i, s in enumerate(states, 1) if s.finished and not s.redeal
            and len(s.tricks) == 6]
    assume(done)
    return rules, setup, deals[:done[0]], done[0]


def rows(res: Result, n: int) -> tuple[Any, ...]:
    d = res.deals[n - 1]
    return d.scores, d.finished, d.extra.get("points"), d.extra.get("result"), res.totals


def said(res: Result, n: int) -> list[tuple[Any, ...]]:
    return [(v.rule, v.trick, v.player) for v in res.violations if v.deal == n]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10 ** 6))
def test_a_claim_typed_recorded_at_the_table_and_played_out_scores_the_same(
        tmp_path_factory: Any, kind: str, seed: int) -> None:
    rules, setup, deals, n = a_game(kind, seed)
    full = rules.replay(setup, deals)
    rng = random.Random(seed)
    deal = deals[n - 1]
    seats = len(setup.players)
    if kind == "kierki":
        st_ = full.state[n - 1]
        side = {p: p for p in setup.players}
        winners = [t.winner for t in st_.tricks]
    else:
        st_ = full.state[0][n - 1]
        side = st_.team_of
        winners = [t.winner or "" for t in st_.tricks]
    k = _cut_points(winners, side)
    cut = max(seats * k + rng.randrange(seats), 1)  # Wisconsin: the first lead fixes trump
    claimer = rng.choice([p for p in setup.players if side[p] == side[winners[-1]]])
    open_deal = Deal(_claimed_deal(deal, cut, TableClaim(claimer)).entries[:-1])
    before = [*deals[:n - 1], open_deal]
    later = [e for e in deal.entries if isinstance(e, Play)][cut:]
    by_card = {e.cards[0]: e.player for e in later}

    # with add: the table's answers typed as the claim's keys (no hand shown)
    cards, points = rules.claim_questions(rules.replay(setup, before), claimer)
    tc = TableClaim(claimer, tuple((c, by_card[c]) for c in cards if c in by_card),
                    sum(game_value(e.cards[0]) for e in later) if points else None,
                    nobody=tuple(c for c in cards if c not in by_card))
    typed = Session(rules, setup, list(before), None)
    typed.add(entry_text(Key("claim", tc), rules, setup))
    by_add = typed.result()

    # at the table: the verdict given, the hand shown, the questions answered
    p = tmp_path_factory.mktemp("claim") / "g.toml"
    p.write_text(savefile.dumps(rules, setup, before))
    reader = Answers(claimer, later)
    with mock.patch("referee.claims.judge", Judge()):
        assert table(Path(p), reader).run() == 0  # type: ignore[arg-type]
    by_table = Session.load(p).result()
    assert by_table.deals[n - 1].finished, reader.asked

    assert rows(by_add, n) == rows(full, n) == rows(by_table, n), (kind, seed, cut, tc)
    assert said(by_add, n) == said(full, n) == said(by_table, n)
    played = full.deals[n - 1].extra.get("game_points") or {}
    for res in (by_add, by_table):  # a figure the play gives, or a range holding it
        got = res.deals[n - 1].extra
        for team, g in (got.get("game_points") or {}).items():
            if g is None:
                lo, hi = got["game_points_range"][team]
                assert lo <= played[team] <= hi
            else:
                assert g == played[team], (kind, seed, team)
