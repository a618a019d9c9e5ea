"""Foursquare's replay keeps each turn compact (no row and column tests); ``explain`` replays
the one game it shows in detail and says the same as a game replayed in detail throughout."""

from __future__ import annotations

import tomllib

from referee.cards import Card
from referee.games import get
from referee.games.foursquare.play import Game
from referee.games.foursquare.rules import FoursquareResult, play_game
from referee.store import savefile

RULES = get("foursquare")
FILE = """format = 1
game = "foursquare"
players = ["Ala"]

[[deals]]
turns = ["5H 0,0", "9C 0,1", "3D 1,0", "AD 1,1", "10S 0,2", "5H 0,3"]

[[deals]]
turns = ["7H 0,0", "2C 0,1", "8D 0,2"]
"""


def load() -> tuple:  # type: ignore[type-arg]
    _rules, setup, deals = savefile.parse(tomllib.loads(FILE), "t.toml")
    return setup, deals


def test_series_replay_keeps_no_line_tests_but_keeps_the_flips() -> None:
    setup, deals = load()
    res = RULES.replay(setup, deals)
    assert isinstance(res, FoursquareResult)
    detailed = [play_game("Ala", deals, i, g.base, detail=True) for i, g in enumerate(res.games)]
    for g, d in zip(res.games, detailed, strict=True):
        assert not g.detail and d.detail
        assert all(t.row is None and t.col is None for t in g.turns)
        assert all(t.row is not None and t.col is not None for t in d.turns)
        assert [(t.card, t.pos, t.flips, t.broke, t.down, t.piles, t.ended) for t in g.turns] == \
            [(t.card, t.pos, t.flips, t.broke, t.down, t.piles, t.ended) for t in d.turns]
        assert [v.rule for v in g.violations] == [v.rule for v in d.violations]
    assert any(t.flips for g in res.games for t in g.turns)  # the file turns cards over
    assert "card-duplicate" in [v.rule for v in res.violations]


def test_explain_of_a_turn_shows_the_tests_card_by_card() -> None:
    setup, deals = load()
    res = RULES.replay(setup, deals)
    for deal, n in ((1, 4), (2, 3)):
        lines = RULES.explain(setup, deals, deal, n, res)
        assert any(line.startswith("Row ") for line in lines)
        assert any(line.startswith("Column ") for line in lines)
        assert lines == RULES.explain(setup, deals, deal, n)  # with or without the result
    whole = RULES.explain(setup, deals, 1, None, res)
    assert any("turned" in line for line in whole)


def test_a_game_made_by_hand_keeps_its_tests() -> None:
    g = Game(1, "Ala", 0)
    t = g.place(Card(5, "H"), (0, 0), 0)
    assert t is not None and t.row is not None and t.col is not None


def test_equal_places_and_flips_are_one_object_and_a_finished_game_drops_its_seen_cards() -> None:
    setup, deals = load()
    res = RULES.replay(setup, deals)
    assert isinstance(res, FoursquareResult)
    flips = [f for g in res.games for t in g.turns for f in t.turned]
    assert len({id(f) for f in flips}) == len(set(flips))
    places = [t.pos for g in res.games for t in g.turns]
    assert len({id(p) for p in places}) == len(set(places))
    first = res.games[0]
    assert first.over and first.seen == {}
