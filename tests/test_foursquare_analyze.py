"""Foursquare's post-mortem (``referee.games.foursquare.analyze``, ``referee analyze``).

The search's layout is checked move by move against the referee's own ``Game``; its values
against a plain exhaustive search (every move, no memo, no bound) on short stocks: positions
taken late in seeded games, so that 4-6 cards remain; the known answers of hand-made positions;
the losing move of played games, proven by the exhaustive search on both sides of it; the
partly known stock; and the command's exit codes and JSON."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from referee.cards import DECK_40, Card, try_parse_card
from referee.games.foursquare.analyze import LOST, Analysis, Solver, analyze_game, exhaustive, path
from referee.games.foursquare.layout import MID, Layout, N, frame_cell, table_place
from referee.games.foursquare.play import Game, Pos, rank
from referee.games.foursquare.rules import shuffled


def greedy(seed: int, wander: float = 0.0) -> Game:
    """The virtual stock of ``seed`` played by a player who keeps the fewest face-down tops
    (with chance ``wander`` a random place instead)."""
    g = Game(1, "Ala", 0)
    g.stock = shuffled(seed, 1)
    rng = random.Random(seed)
    while not g.over:
        opts = []
        for p in g.legal():
            h = g.clone()
            h.place(None, p, 0)
            opts.append((h.down_count(), -len(h.piles), p))
        opts.sort()
        p = rng.choice(opts)[2] if rng.random() < wander else opts[0][2]
        g.place(None, p, 0)
    return g


def toml(g: Game, stock: bool = True) -> str:
    text = 'format = 1\ngame = "foursquare"\nplayers = ["Ala"]\n\n[[deals]]\n'
    if stock and g.stock is not None:
        text += 'stock = "' + " ".join(str(c) for c in g.stock) + '"\n'
        turns = [f"{t.pos[0]},{t.pos[1]}" for t in g.turns]
    else:
        turns = [f"{t.card} {t.pos[0]},{t.pos[1]}" for t in g.turns]
    return text + "turns = [" + ", ".join(f'"{x}"' for x in turns) + "]\n"


def deck_ranks(seed: int) -> list[int]:
    return [rank(c) for c in shuffled(seed, 1)]


def late(seed: int, left: int, ranks: list[int]) -> Layout:
    """A layout of ``ranks`` still in play with ``left`` cards to go, reached by seeded play
    among the three most promising moves."""
    rng = random.Random(seed)
    solver = Solver(ranks)
    for _attempt in range(200):
        lay = Layout.empty()
        while lay.placed < len(ranks) - left:
            kids = [k for k in solver.children(lay) if solver.outcome(k[1]) is None]
            if not kids:
                break
            lay = rng.choice(kids[:3])[1]
        else:
            return lay
    raise AssertionError("no layout in play that late")


def replay_line(line: tuple[tuple[Card, Pos], ...]) -> Game:
    """The referee's own table after the line's places (cards given, no stock)."""
    g = Game(1, "Ala", 0)
    for card, pos in line:
        assert not g.over
        assert pos in g.legal()
        g.place(card, pos, 0)
    return g


# -- the layout is the referee's table ----------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_the_layout_plays_like_the_referees_game(seed: int) -> None:
    rng = random.Random(seed)
    g = Game(1, "Ala", 0)
    g.stock = shuffled(seed, 1)
    lay = Layout.empty()
    while not g.over:
        legal = g.legal()
        assert sorted(frame_cell((0, 0), p) or -1 for p in legal) == sorted(lay.moves())
        p = rng.choice(legal)
        card = g.next_card()
        assert card is not None
        g.place(None, p, 0)
        i = frame_cell((0, 0), p)
        assert i is not None and table_place((0, 0), i) == p
        lay = lay.play(i, rank(card))
        assert (lay.down, lay.piles, lay.placed) == (g.down_count(), len(g.piles), len(g.turns))
        for q, pile in g.piles.items():
            j = frame_cell((0, 0), q)
            assert j is not None
            v = lay.cells[j]
            assert (v >> 5, v >> 1 & 15, bool(v & 1)) == (len(pile), rank(pile[-1]), g.up[q])
    assert lay.won == (g.result == "won")


def test_the_8_images_of_a_layout_share_one_key() -> None:
    lay = late(3, 20, deck_ranks(3))
    r0, r1, c0, c1 = lay.box
    keys = set()
    for sym in range(8):
        cells = [0] * (N * N)
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                x, y = r - r0, c - c0
                if sym & 1:
                    x = r1 - r0 - x
                if sym & 2:
                    y = c1 - c0 - y
                if sym & 4:
                    x, y = y, x
                cells[(x + 1) * N + y + 1] = lay.cells[r * N + c]
        h, w = (c1 - c0 + 1, r1 - r0 + 1) if sym & 4 else (r1 - r0 + 1, c1 - c0 + 1)
        keys.add(Layout(cells, (1, h, 1, w), lay.piles, lay.down, lay.placed).key())
    assert len(keys) == 1
    assert MID == 3 and N == 7


# -- the search against the plain one ----------------------------------------------------------


@pytest.mark.parametrize("seed", range(36))
def test_the_search_agrees_with_the_exhaustive_one_on_short_stocks(seed: int) -> None:
    ranks = deck_ranks(seed)
    lay = late(seed, 4 + seed % 3, ranks)
    want = exhaustive(ranks, lay)
    solver = Solver(ranks)
    assert solver.best(lay) == want
    fresh = Solver(ranks)  # a question with a threshold: yes exactly when the value reaches it
    for score in (0, want, want + 1):
        got = fresh.reach(lay, max(score, 0))
        assert got is not None
        assert (got >= 0) == (want >= max(score, 0))
    if want != LOST:
        cells = solver.line(lay, want)
        for i in cells:
            assert i in lay.moves()
            lay = lay.play(i, ranks[lay.placed])
        assert lay.won and 40 - lay.placed == want


@pytest.mark.parametrize("seed", range(12))
def test_a_stock_known_only_in_part_is_searched_to_its_last_known_card(seed: int) -> None:
    ranks = deck_ranks(seed + 100)[:18 + seed % 8]  # the cards after these are not known
    lay = late(seed, 5, ranks)
    assert Solver(ranks).best(lay) == exhaustive(ranks, lay)


# -- known answers ------------------------------------------------------------------------------


def four_by_four(tops: list[list[int]], empty: tuple[int, int]) -> Layout:
    """Single face-up cards of the ranks ``tops`` on a 4x4, ``empty`` left free."""
    cells = [0] * (N * N)
    for r in range(4):
        for c in range(4):
            if (r, c) != empty:
                cells[(r + 2) * N + c + 2] = 1 << 5 | tops[r][c] << 1 | 1
    return Layout(cells, (2, 5, 2, 5), 15, 0, 15)


TOPS = [[5, 2, 9, 6], [3, 10, 4, 8], [7, 1, 6, 2], [9, 4, 3, 0]]


def test_the_last_pile_of_a_middle_rank_wins_at_once() -> None:
    lay = four_by_four(TOPS, (3, 3))
    ranks = [1] * 15 + [5, 1, 1, 1]  # 5: between 9 and 3 in its row, 8 and 2 in its column
    solver = Solver(ranks)
    assert solver.best(lay) == 24 == exhaustive(ranks, lay)
    assert solver.line(lay, 24) == [5 * N + 5]


def test_an_ace_for_the_last_pile_loses_when_it_is_the_last_card() -> None:
    lay = four_by_four(TOPS, (3, 3))
    ranks = [1] * 16  # the ace is the lowest in the row and the column: six cards turn down
    assert Solver(ranks).best(lay) == LOST == exhaustive(ranks, lay)
    assert Solver(ranks).reach(lay, 0) == LOST


@pytest.mark.parametrize("seed", [1, 9])
def test_a_lost_game_names_its_losing_move_proven_on_both_sides(seed: int) -> None:
    g = greedy(seed)
    assert g.result == "lost"
    an = analyze_game(g, nodes=5_000, total=15_000)
    assert an.complete and an.winnable is True and an.losing is not None
    ranks = [rank(c) for c in an.order]
    lays, illegal = path(g, ranks)
    assert illegal is None
    k = an.losing.turn
    assert g.turns[k - 1].card == an.losing.card and g.turns[k - 1].pos == an.losing.place
    assert exhaustive(ranks, lays[k]) == LOST  # after the losing move: no win
    assert exhaustive(ranks, lays[k - 1]) >= 0  # before it: a win
    won = replay_line(an.line)  # the winning line wins on the referee's own table
    assert won.result == "won" and won.score == an.best
    assert [c for c, _p in an.line] == list(an.order[:len(an.line)])
    if an.costly is not None:
        assert an.costly.turn <= k


def test_a_won_game_is_known_far_enough_without_its_stock() -> None:
    g = greedy(16)  # the greedy player wins this one
    g.stock = None  # real cards: the cards after the win were never seen
    assert g.result == "won"
    an = analyze_game(g, nodes=5_000, total=15_000)
    assert an.complete and an.winnable is True and an.best is not None
    assert an.best >= g.score and an.losing is None and an.estimate is None
    won = replay_line(an.line)
    assert won.result == "won" and won.score == an.best
    if an.costly is not None:  # a better score was there: the costly move lost it
        assert an.best > g.score


def test_a_move_that_broke_a_placement_rule_ends_the_moves_followed() -> None:
    g = Game(1, "Ala", 0)
    g.stock = shuffled(4, 1)
    for n in range(1, 41):
        if g.over:
            break
        if n == 3:  # two columns away from the only piles: not next to a pile
            g.place(None, (0, 3), 0)
            assert g.turns[-1].broke == ["grid-adjacent"]
            continue
        h = [(len(g.piles), p) for p in g.legal()]
        g.place(None, max(h)[1] if n < 14 else g.legal()[0], 0)
    assert g.over
    an = analyze_game(g, nodes=2_000, total=6_000)
    assert an.illegal == 3 and len(an.moves) == 2
    assert an.winnable is True and an.losing is None  # nothing proven lost before turn 3
    won = replay_line(an.line)
    assert won.result == "won" and won.score == an.best


# -- a partly known stock -----------------------------------------------------------------------


def test_a_game_lost_early_with_real_cards_is_estimated_by_sampling() -> None:
    g = next(h for s in range(50) if (h := greedy(s, wander=1.0)).left > 24)
    g.stock = None
    an = analyze_game(g, samples=6, sample_nodes=1_500)
    assert not an.complete and an.winnable is None and an.best is None
    assert an.losing is None and an.costly is None and an.line == ()
    est = an.estimate
    assert est is not None and est.known == len(g.turns) and est.samples == 6
    assert 0 <= est.wins + est.undecided <= 6
    again = analyze_game(g, samples=6, sample_nodes=1_500).estimate
    assert again == est  # seeded
    assert len({*an.order, *(c for c in DECK_40 if c not in an.order)}) == 40


def test_a_win_inside_the_known_cards_needs_no_sampling() -> None:
    g = greedy(3)  # lost at turn 30 with a win inside its first 30 cards
    g.stock = None
    an = analyze_game(g, nodes=5_000, total=15_000)
    assert not an.complete and an.estimate is None
    assert an.winnable is True and an.losing is None
    won = replay_line(an.line)
    assert won.result == "won" and won.score == an.best and len(an.line) <= len(g.turns)


# -- the command --------------------------------------------------------------------------------


def lines(an: Analysis) -> list[str]:
    from referee.games.foursquare.report import lines as said

    return said(an)


def cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from cli.app import main

    with pytest.raises(SystemExit) as e:
        main(args)
    got = capsys.readouterr()
    code = e.value.code
    return (code if isinstance(code, int) else 1), got.out, got.err


def test_analyze_json_of_a_lost_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    g = greedy(9)
    f = tmp_path / "g.toml"
    f.write_text(toml(g) + "\n[[deals]]\nturns = [\"7H 0,0\"]\n")
    code, out, err = cli(["analyze", str(f), "--json"], capsys)
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc["game"] == "foursquare" and len(doc["games"]) == 1  # game 2 is in play
    one = doc["games"][0]
    assert one["game"] == 1 and one["result"] == "lost" and one["order_known"] is True
    assert one["winnable"] is True and one["known_cards"] == 40
    assert isinstance(one["best_score"], int) and isinstance(one["best_proven"], bool)
    losing = analyze_game(g, nodes=5_000, total=15_000).losing
    assert losing is not None and one["losing_move"]["turn"] == losing.turn
    assert one["estimate"] is None and one["illegal_turn"] is None
    cards = [try_parse_card(x.split()[0]) for x in one["line"]]
    places = [tuple(int(v) for v in x.split()[1].split(",")) for x in one["line"]]
    won = replay_line(tuple(zip(cards, places, strict=True)))  # type: ignore[arg-type]
    assert won.result == "won" and won.score == one["best_score"]
    said = lines(analyze_game(g, nodes=5_000, total=15_000))
    assert any(f"turn {losing.turn}, {losing.card}" in x for x in said)


def test_analyze_refuses_a_game_in_play_and_a_bad_number(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    f = tmp_path / "g.toml"
    f.write_text(toml(greedy(9)) + "\n[[deals]]\nturns = [\"7H 0,0\"]\n")
    for args in (["--game", "2"], ["--game", "3"], ["--game", "0"], ["--game", "1", "--deal", "2"]):
        code, out, err = cli(["analyze", str(f), *args], capsys)
        assert code == 2 and out == "" and err.count("\n") == 1
    only = tmp_path / "playing.toml"
    only.write_text('format = 1\ngame = "foursquare"\nplayers = ["Ala"]\n\n[[deals]]\n'
                    'turns = ["7H 0,0", "2C 0,1"]\n')
    code, out, err = cli(["analyze", str(only)], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    code, _out, err = cli(["analyze", str(tmp_path / "none.toml")], capsys)
    assert code == 2 and err.count("\n") == 1


def test_analyze_of_a_partly_known_game_says_so(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    g = next(h for s in range(50) if (h := greedy(s, wander=1.0)).left > 24)
    f = tmp_path / "g.toml"
    f.write_text(toml(g, stock=False))
    code, out, _err = cli(["analyze", str(f), "--json"], capsys)
    one = json.loads(out)["games"][0]
    assert code == 0 and one["order_known"] is False and one["winnable"] is None
    est = one["estimate"]
    assert est["known_cards"] == len(g.turns) and est["samples"] > 0
    assert 0 <= est["wins"] <= est["samples"] and est["chance"] == pytest.approx(
        est["wins"] / est["samples"], abs=1e-4)
