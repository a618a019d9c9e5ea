"""Foursquare: the flips, every rule id, the ends of a game, entries, files and explain."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from referee.cards import Card, try_parse_card
from referee.errors import IllegalEntry, NotationError, SaveFileError
from referee.games import get
from referee.games.foursquare.play import Game, Pos
from referee.games.foursquare.rules import Foursquare, FoursquareResult, shuffled
from referee.history.session import Session
from referee.model import Deal, Key, Place, Result, Setup
from referee.store import savefile

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
RULES = get("foursquare")
SETUP = Setup("foursquare", ("Ala",), "Ala")


def c(text: str) -> Card:
    got = try_parse_card(text)
    assert got is not None
    return got


def layout(spec: dict[Pos, tuple[str, bool]]) -> Game:
    """A game whose table holds these top cards (face up or down), for the flip tests."""
    g = Game(1, "Ala", 0)
    for p, (text, up) in spec.items():
        g.put(c(text), p)
        g.up[p] = up
    return g


def load(body: str, head: str = "") -> tuple[Setup, list[Deal]]:
    text = f'format = 1\ngame = "foursquare"\nplayers = ["Ala"]\n{head}\n{body}'
    _rules, setup, deals = savefile.parse(tomllib.loads(text), "t.toml")
    return setup, deals


def replay(body: str, head: str = "") -> Result:
    setup, deals = load(body, head)
    return RULES.replay(setup, deals)


def turns(*items: str) -> str:
    return "[[deals]]\nturns = [" + ", ".join(f'"{t}"' for t in items) + "]\n"


def rules_of(res: Result) -> list[tuple[str, int | None]]:
    return [(v.rule, v.turn) for v in res.violations]


def games(res: Result) -> list[Game]:
    assert isinstance(res, FoursquareResult)
    return res.games


# -- flips ------------------------------------------------------------------------------------


def test_row_tie_blocks_the_flip() -> None:
    g = layout({(0, 0): ("3H", True), (0, 1): ("5C", True)})
    t = g.place(c("5D"), (0, 2), 0)
    assert t is not None and t.row is not None
    assert not t.row.applies and t.flips == []
    assert g.up == {(0, 0): True, (0, 1): True, (0, 2): True}


def test_row_without_face_up_card_turns_face_down_cards_up() -> None:
    g = layout({(0, 0): ("3H", False), (0, 1): ("9C", False)})
    t = g.place(c("5D"), (0, 2), 0)
    assert t is not None and t.row is not None and t.row.applies
    assert sorted(t.flips) == [((0, 0), c("3H"), True), ((0, 1), c("9C"), True)]
    assert all(g.up.values())


def test_face_down_cards_count_for_nothing() -> None:
    # 5D is lower than the only face-up card (9C); the face-down 2H (lower) does not block
    g = layout({(0, 0): ("2H", False), (0, 1): ("9C", True)})
    t = g.place(c("5D"), (0, 2), 0)
    assert t is not None and t.row is not None and t.row.applies
    assert g.up[(0, 0)] and not g.up[(0, 1)] and g.up[(0, 2)]


def test_highest_in_the_column_only() -> None:
    g = layout({(1, 0): ("2H", True), (1, 2): ("9C", True), (0, 1): ("4S", True),
                (2, 1): ("3D", False)})
    t = g.place(c("7D"), (1, 1), 0)
    assert t is not None and t.row is not None and t.col is not None
    assert not t.row.applies and t.col.applies
    assert g.up == {(1, 0): True, (1, 2): True, (0, 1): False, (2, 1): True, (1, 1): True}


def test_lowest_in_row_and_column_both_flip_and_ace_is_low() -> None:
    g = layout({(1, 0): ("2H", True), (1, 2): ("3C", False), (0, 1): ("9S", True)})
    t = g.place(c("AD"), (1, 1), 0)
    assert t is not None and t.row is not None and t.col is not None
    assert t.row.applies and t.col.applies
    assert g.up == {(1, 0): False, (1, 2): True, (0, 1): False, (1, 1): True}
    assert "lower" in t.row.why


def test_ten_is_high_and_tie_in_column_blocks() -> None:
    g = layout({(0, 0): ("9H", True), (1, 1): ("10S", True)})
    t = g.place(c("10D"), (0, 1), 0)
    assert t is not None and t.row is not None and t.col is not None
    assert t.row.applies and not t.col.applies
    assert g.up == {(0, 0): False, (1, 1): True, (0, 1): True}


def test_no_other_pile_turns_nothing_and_card_goes_on_pile() -> None:
    g = layout({(0, 0): ("3H", False)})
    t = g.place(c("8D"), (0, 0), 0)
    assert t is not None and t.height == 2 and t.flips == []
    assert g.up[(0, 0)]  # the placed card is face up, whatever lay under it


# -- rule ids ---------------------------------------------------------------------------------


def test_first_card_anywhere_and_legal_placements() -> None:
    res = replay(turns("5H 2,3", "6H 2,4", "7H 2,4"))
    assert res.violations == []


def test_card_not_in_deck() -> None:
    res = replay(turns("5H 0,0", "KH 0,1", "JK 1,0"))
    assert rules_of(res) == [("card-not-in-deck", 2), ("card-not-in-deck", 3)]
    assert res.violations[0].trick is None and res.violations[0].player == "Ala"


def test_card_duplicate() -> None:
    res = replay(turns("5H 0,0", "6C 0,1", "5h 1,0"))
    assert rules_of(res) == [("card-duplicate", 3)]


def test_pile_full() -> None:
    res = replay(turns("5H 0,0", "6H 0,0", "7H 0,0", "8H 0,0", "9H 0,0", "10H 0,1"))
    assert rules_of(res) == [("pile-full", 5)]
    assert games(res)[0].piles[(0, 0)][-1] == c("9H")  # the card went where it was put


def test_grid_adjacent() -> None:
    res = replay(turns("5H 0,0", "6H 1,1", "7H -1,0"))
    assert rules_of(res) == [("grid-adjacent", 2)]


def test_grid_size_rows_and_columns() -> None:
    res = replay(turns("5H 0,0", "6H 0,1", "7H 0,2", "8H 0,3", "9H 0,4", "AC 1,0", "2C 2,0",
                       "3C 3,0", "4C 4,0", "5C 4,1"))
    assert rules_of(res) == [("grid-size", 5), ("grid-size", 9)]


def test_grid_adjacent_and_grid_size_together() -> None:
    res = replay(turns("5H 0,0", "6H 0,6"))
    assert rules_of(res) == [("grid-adjacent", 2), ("grid-size", 2)]


def stock_text(n: int = 1) -> str:
    setup = Setup("foursquare", ("Ala",), "Ala", seed=n)
    stock = shuffled(setup.seed, 1)
    return " ".join(str(x) for x in stock)


def test_stock_order() -> None:
    stock = stock_text().split()
    body = f'[[deals]]\nstock = "{" ".join(stock)}"\nturns = ["0,0", "{stock[2]} 0,1"]\n'
    res = replay(body)
    assert rules_of(res) == [("stock-order", 2)]
    assert games(res)[0].piles[(0, 1)] == [c(stock[2])]  # the card went where it was put


def test_stock_card_placed_twice_is_a_duplicate() -> None:
    stock = stock_text().split()
    body = f'[[deals]]\nstock = "{" ".join(stock)}"\nturns = ["0,0", "{stock[2]} 0,1", "1,0"]\n'
    res = replay(body)
    assert rules_of(res) == [("stock-order", 2), ("card-duplicate", 3)]


def test_stock_with_a_card_not_in_the_deck_is_a_violation_when_drawn() -> None:
    # RULES.md, "A recorded game": a well-formed card that is not in the deck is a violation
    # card-not-in-deck (exit 1), not an unreadable file; a card written twice in the stock is
    # a card-duplicate when it is drawn the second time.
    stock = stock_text().split()
    bad = [stock[0], "KH", stock[2], stock[0], *stock[4:]]
    body = f'[[deals]]\nstock = "{" ".join(bad)}"\nturns = ["0,0", "0,1", "1,1", "1,0"]\n'
    res = replay(body)
    assert rules_of(res) == [("card-not-in-deck", 2), ("card-duplicate", 4)]
    assert games(res)[0].piles[(0, 1)] == [c("KH")]


def test_dealer_key_is_read_and_written() -> None:
    # SAVEFILE.md lists dealer among the common keys of a deal: the one player may be named.
    setup, deals = load('[[deals]]\ndealer = "Ala"\nturns = ["7H 0,0"]\n')
    res = RULES.replay(setup, deals)
    assert res.ok and res.deals[0].extra["turns"] == 1
    assert RULES.dump_deal(deals[0], setup) == {"dealer": "Ala", "turns": ["7H 0,0"]}


def test_turn_after_the_end_and_unfinished_game() -> None:
    lost = ["5D 0,0", "8C 0,1", "AD 0,1", "8D -1,0", "AS -2,0", "9H -2,0", "6D 0,2", "2H 1,2",
            "7D 0,3", "10D -1,3", "8H 1,1"]
    res = replay(turns(*lost, "2S 1,0") + turns("5H 0,0") + turns("6H 0,0"))
    assert rules_of(res) == [("turn-order", 12), ("turn-order", None)]
    assert [d.extra["result"] for d in res.deals] == ["lost", "lost", "playing"]
    assert res.deals[1].scores == {"Ala": 0} and res.deals[2].scores is None


def test_claimed_score() -> None:
    lost = ["5D 0,0", "8C 0,1", "AD 0,1", "8D -1,0", "AS -2,0", "9H -2,0", "6D 0,2", "2H 1,2",
            "7D 0,3", "10D -1,3", "8H 1,1"]
    res = replay(turns(*lost) + "claimed = { Ala = 3 }\n")
    assert rules_of(res) == [("claimed-score", None)]
    assert replay(turns(*lost) + "claimed = { Ala = 0 }\n").ok
    # a game still in play is not checked yet
    assert replay(turns("5H 0,0") + "claimed = { Ala = 3 }\n").ok


# -- the ends of a game -----------------------------------------------------------------------


def test_lost_by_face_down_cards() -> None:
    lost = ["5D 0,0", "8C 0,1", "AD 0,1", "8D -1,0", "AS -2,0", "9H -2,0", "6D 0,2", "2H 1,2",
            "7D 0,3", "10D -1,3", "8H 1,1"]
    res = replay(turns(*lost))
    g = games(res)[0]
    assert g.result == "lost" and g.down_count() == 5 and len(g.turns) == 11
    assert res.complete and res.ok and res.deals[0].scores == {"Ala": 0}
    assert res.totals == {"Ala": 0} and res.winner is None
    assert res.expect.new_deal and res.expect.deal == 2


def sample(name: str) -> tuple[Setup, list[Deal]]:
    rules, setup, deals = savefile.load(SAMPLES / name)
    assert isinstance(rules, Foursquare)
    return setup, deals


def test_won_game_scores_the_stock_left() -> None:
    setup, deals = sample("foursquare-won.toml")
    res = RULES.replay(setup, deals)
    g = games(res)[0]
    assert g.result == "won" and g.score == 40 - len(g.turns) == 14
    assert len(g.piles) == 16 and all(g.up.values())
    assert res.totals == {"Ala": 14} and res.complete and res.ok


def test_lost_by_empty_stock() -> None:
    setup, deals = sample("foursquare-lost-stock.toml")
    res = RULES.replay(setup, deals)
    g = games(res)[0]
    assert g.result == "lost" and len(g.turns) == 40 and g.down_count() <= 4
    assert res.deals[0].scores == {"Ala": 0} and res.ok and res.complete


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("foursquare-*.toml")), ids=lambda p: p.name)
def test_sample_sheets(path: Path) -> None:
    rules, setup, deals = savefile.load(path)
    got = rules.replay(setup, deals).to_json()
    want = json.loads(path.with_suffix(".expected.json").read_text())
    for k in ("totals", "winner", "complete", "ok"):
        assert got[k] == want[k], k
    keys = ("deal", "trick", "player", "rule", "turn")
    got_v = [{k: v[k] for k in keys if k in v} for v in got["violations"]]
    assert sorted(got_v, key=json.dumps) == sorted(want["violations"], key=json.dumps)
    assert [{"number": d["number"], "scores": d["scores"]} for d in got["deals"]] == want["deals"]


# -- entries ----------------------------------------------------------------------------------


def session(seed: int | None = None) -> Session:
    s = Session(RULES, Setup("foursquare", ("Ala",), "Ala", seed=seed), [])
    s.deal_if_due()
    return s


def test_typed_entries_and_relative_places() -> None:
    s = session()
    s.add("5H")  # the first card alone goes at 0,0
    s.add("Ala: 7c right of 5h")
    s.add("2D below 7C")  # column 1: 2D is lower than 7C, which turns face down
    s.add("9S left of 2D")  # 5H and 7C are face down now: 2D is the one to name
    s.add("3H on 9S")
    s.add("4H above 2D")  # on the pile of 7C
    s.add("AS at -1,1")
    places = [(e.row, e.col) for e in s.deals[0].entries if isinstance(e, Place)]
    assert places == [(0, 0), (0, 1), (1, 1), (1, 0), (1, 0), (0, 1), (-1, 1)]
    assert s.result().violations == []


@pytest.mark.parametrize("text,rule", [
    ("5H 0,0", "card-duplicate"),
    ("KS 0,1", "card-not-in-deck"),
    ("2C 2,2", "grid-adjacent"),
    ("2C 0,4", "grid-size"),
    ("2C 0,0", "pile-full"),
])
def test_strict_add_refuses_with_the_rule(text: str, rule: str) -> None:
    s = session()
    for t in ("5H 0,0", "6H 0,0", "7H 0,0", "8H 0,0", "9C 0,1", "10C 0,2", "AC 0,3"):
        s.add(t)
    before = s.text()
    with pytest.raises(IllegalEntry) as e:
        s.add(text)
    assert e.value.rule == rule
    assert s.text() == before


@pytest.mark.parametrize("text", ["7X 0,1", "hello", "7H", "7H on 9D", "7H 0,99", "7H 0;1",
                                  "0,1", "on 5H", "7H left 5H", ""])
def test_unreadable_entries(text: str) -> None:
    s = session()
    s.add("5H 0,0")
    with pytest.raises(NotationError):
        s.add(text)


def test_face_down_card_cannot_be_a_reference() -> None:
    s = session()
    s.add("5H 0,0")
    s.add("7C 0,1")  # 5H turns face down
    with pytest.raises(NotationError):
        s.add("2D below 5H")


def test_virtual_deal_names_the_card_and_checks_the_stock() -> None:
    s = session(seed=3)
    stock = s.deals[0].key("stock")
    assert len(stock) == 40 and set(stock) == set(RULES.deck)
    res = s.result()
    assert res.expect.prompt.startswith(f"Draw: {stock[0]} — place it (row,col)")
    s.add("0,0")
    assert s.result().expect.prompt.startswith(f"Draw: {stock[1]} ")
    with pytest.raises(IllegalEntry) as e:
        s.add(f"{stock[2]} 0,1")
    assert e.value.rule == "stock-order"
    s.add(f"{stock[1]} 0,1")
    assert s.result().expect.choices == sorted(s.result().expect.choices,
                                               key=lambda x: tuple(map(int, x.split(","))))
    text = s.text()
    assert '"0,0"' in text and f'"{stock[1]} 0,1"' in text
    # the same seed deals the same stock
    assert session(seed=3).deals[0].key("stock") == stock


def test_stock_typed_only_before_the_first_card() -> None:
    s = session()
    stock = stock_text(7)
    s.add(f'stock = "{stock}"')
    assert s.result().expect.prompt.startswith(f"Draw: {stock.split()[0]} ")
    s.add("0,0")
    s.add('note = "typed in from a real shuffle"')
    assert s.result().ok and s.deals[0].key("note") == "typed in from a real shuffle"
    with pytest.raises(IllegalEntry):
        s.add(f'stock = "{stock}"')
    s = session()
    s.add("5H 0,0")
    with pytest.raises(IllegalEntry):
        s.add(f'stock = "{stock_text()}"')


def test_expect_choices_are_the_legal_places() -> None:
    s = session()
    for t in ("5H 0,0", "6H 0,1", "7H 0,2", "8H 0,3"):
        s.add(t)
    choices = s.result().expect.choices
    assert "0,4" not in choices and "0,-1" not in choices
    assert {"0,0", "1,0", "-1,3", "1,3"} <= set(choices)
    g = games(s.result())[0]
    for x in choices:
        r, col = map(int, x.split(","))
        assert not g.position_problem((r, col))


def test_table_view_grid_and_lines() -> None:
    s = session()
    s.add("5H 0,0")
    s.add("7C 0,1")
    tv = s.result().table
    assert tv.grid == [["", "0", "1"], ["0", "##", "7C"]]
    labels = dict(tv.lines)
    assert labels["stock"] == "38 cards left"
    assert "5H at 0,0 face down" in labels["last turn"]


# -- files ------------------------------------------------------------------------------------


@pytest.mark.parametrize("body,key", [
    ('[[deals]]\nturns = ["0,1"]\n', "turns[1]"),
    ('[[deals]]\nturns = ["7X 0,1"]\n', "turns[1]"),
    ('[[deals]]\nturns = ["7H on 9D"]\n', "turns[1]"),
    ('[[deals]]\nturns = "7H 0,0"\n', "turns"),
    ('[[deals]]\nstock = "7H 8H"\n', "stock"),
    ('[[deals]]\ndealer = "Bob"\n', "dealer"),
    ('[[deals]]\nstock = "KH KH"\n', "stock"),
    ('[[deals]]\nclaimed = { Bob = 3 }\n', "claimed.Bob"),
])
def test_load_errors_name_file_deal_and_key(body: str, key: str) -> None:
    with pytest.raises(SaveFileError) as e:
        load(body)
    msg = str(e.value)
    assert msg.startswith("t.toml: deal 1: ") and f"key {key!r}" in msg and "\n" not in msg


def test_two_players_refused() -> None:
    with pytest.raises(SaveFileError):
        savefile.parse(tomllib.loads('format = 1\ngame = "foursquare"\nplayers = ["A", "B"]\n'),
                       "t.toml")


def test_save_and_load_round_trip() -> None:
    stock = stock_text(4)
    body = (f'[[deals]]\nstock = "{stock}"\nturns = ["0,0", "{stock.split()[1]} 0,1"]\n'
            'note = "tea break"\n' + turns("5H 0,0", "KH 0,1") + "claimed = { Ala = 0 }\n")
    setup, deals = load(body)
    text = savefile.dumps(RULES, setup, deals)
    _r, setup2, deals2 = savefile.parse(tomllib.loads(text), "t.toml")
    assert deals2 == deals and setup2 == setup
    assert RULES.replay(setup2, deals2).to_json() == RULES.replay(setup, deals).to_json()


def test_json_shape() -> None:
    res = replay(turns("5H 0,0", "KH 0,1"))
    js: dict[str, Any] = res.to_json()
    assert js["teams"] is None and js["winner"] is None and js["complete"] is False
    assert js["deals"] == [{"number": 1, "dealer": None, "scores": None, "finished": False,
                            "result": "playing", "score": None, "turns": 2}]
    assert js["violations"][0]["trick"] is None and js["violations"][0]["turn"] == 2


# -- explain and rules ------------------------------------------------------------------------


def test_explain_a_turn() -> None:
    setup, deals = load(turns("5H 0,0", "7C 0,1", "2D 1,1", "9S 0,-1"))
    lines = RULES.explain(setup, deals, 1, 4)
    text = "\n".join(lines)
    assert "9S placed at 0,-1" in text
    for card in ("5H at 0,0", "7C at 0,1"):
        assert f"{card}: face down (its rank is hidden and counts for nothing) — turned face " \
            "up" in text
    assert "Column -1: no other pile" in text
    text2 = "\n".join(RULES.explain(setup, deals, 1, 2))
    assert "5H at 0,0: face up, lower than 7C — turned face down" in text2
    summary = RULES.explain(setup, deals, 1, None)
    assert len(summary) == 5
    with pytest.raises(NotationError):
        RULES.explain(setup, deals, 1, 9)
    with pytest.raises(NotationError):
        RULES.explain(setup, deals, 2, 1)


def test_rules_list_every_id() -> None:
    ids = {r for r, _text in RULES.rules}
    assert {"pile-full", "grid-adjacent", "grid-size", "card-duplicate", "card-not-in-deck",
            "stock-order", "claimed-score", "turn-order"} == ids
    assert RULES.player_count == (1, 1) and len(RULES.deck) == 40


def test_multi_game_file() -> None:
    setup, deals = sample("foursquare-series.toml")
    res = RULES.replay(setup, deals)
    assert [d.extra["result"] for d in res.deals] == ["won", "lost", "playing"]
    assert res.totals == {"Ala": 14} and not res.complete
    assert res.expect.deal == 3 and not res.expect.new_deal
    # global entry indexes count every entry of the earlier games first
    late = Deal(list(deals[2].entries) + [Place(c("KH"), 0, 1)])
    res2 = RULES.replay(setup, [*deals[:2], late])
    v = res2.violations[-1]
    assert v.rule == "card-not-in-deck"
    assert v.at == sum(len(d.entries) for d in deals[:2]) + len(late.entries) - 1


def test_stock_key_entry_kept_first() -> None:
    setup, deals = load(f'[[deals]]\nstock = "{stock_text()}"\n')
    assert isinstance(deals[0].entries[0], Key) and deals[0].entries[0].name == "stock"
    res = RULES.replay(setup, deals)
    assert res.expect.prompt.startswith("Draw: ") and not res.expect.new_deal


def test_next_game_of_a_dealt_series_names_no_card_and_takes_a_bare_place(
        tmp_path: Path) -> None:
    import shutil

    p = tmp_path / "s.toml"
    shutil.copy(Path(__file__).resolve().parent.parent / "sample_games" /
                "foursquare-lost-stock.toml", p)
    s = Session.load(p)
    assert s.result().expect.new_deal and "Draw:" not in s.result().expect.prompt
    s.add("0,0")
    assert s.result().violations == [] or all(v.deal == 1 for v in s.result().violations)
    assert len(s.deals) == 2 and s.deals[1].key("stock") is not None
