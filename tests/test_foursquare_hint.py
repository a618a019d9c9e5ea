"""Foursquare's hint: the compact table against the state machine, the never-peeking rule,
legal and tactically sound advice, `referee hint` and the table mode's `hint`."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from referee.cards import DECK_40, Card
from referee.games.foursquare import hint as fh
from referee.games.foursquare import layout
from referee.games.foursquare.play import Game, Pos, rank
from referee.games.foursquare.rules import shuffled
from tests.helpers import cli_run, head

HEAD = head("foursquare", ("Ala",))


def position(seed: int, turns: int) -> tuple[Game, tuple[Card, ...]]:
    """Game 1 of seed ``seed`` after up to ``turns`` legal turns chosen at random among the
    places that leave at most one face-down top card more than the fewest (to get deep)."""
    rng = random.Random(seed)
    stock = shuffled(seed, 1)
    g = Game(1, "Ala", 0, detail=False)
    while not g.over and len(g.turns) < turns:
        card = stock[len(g.turns)]
        downs = {}
        for p in g.legal():
            g2 = g.clone()
            g2.place(card, p, 0)
            downs[p] = g2.down_count()
        fewest = min(downs.values())
        g.place(card, rng.choice(sorted(p for p, d in downs.items() if d <= fewest + 1)), 0)
    return g, stock


def cell(origin: Pos, p: Pos) -> int:
    return (p[0] - origin[0]) * layout.N + (p[1] - origin[1])


# -- the compact table ----------------------------------------------------------------------------


def test_the_compact_table_plays_as_the_state_machine() -> None:
    """Every legal place of many positions, made on both: the same places, the same faces,
    the same end; ``down_after`` says the face-down count without placing."""
    checked = 0
    for seed in range(60):
        g, stock = position(seed, random.Random(seed).randrange(0, 30))
        if g.over:
            continue
        card = stock[len(g.turns)]
        q, origin = fh.table(fh.seen(g, card))
        legal = g.legal()
        assert sorted(cell(origin, p) for p in legal) == q.moves() if g.piles else \
            q.moves() == [layout.CENTRE]
        for p in legal:
            g2, q2 = g.clone(), q.copy()
            i = cell(origin, p) if g.piles else layout.CENTRE
            before = q2.down_after(i, rank(card))
            end = q2.place(i, rank(card))
            g2.place(card, p, 0)
            assert not g2.violations
            assert before == q2.down == g2.down_count()
            assert end == {"playing": layout.PLAYING, "won": layout.WON,
                           "lost": layout.LOST}[g2.result]
            if g.piles:
                assert {cell(origin, x): (len(v), rank(v[-1]), int(g2.up[x]))
                        for x, v in g2.piles.items()} == \
                    {j: q2.pile(j) for j in range(layout.N * layout.N) if q2.cells[j]}
            checked += 1
    assert checked > 300


def test_the_quick_player_takes_the_fewest_face_down_then_a_new_pile() -> None:
    """``hint.greedy`` against a brute force over the legal places."""
    for seed in range(40):
        g, stock = position(seed, 12 + seed % 15)
        if g.over:
            continue
        q, _origin = fh.table(fh.seen(g, stock[len(g.turns)]))
        x = rank(stock[len(g.turns)])
        want = min(q.moves(), key=lambda i: (q.down_after(i, x), q.pile(i)[0], i))
        assert fh.greedy(q, x) == want


def test_a_playout_scores_what_the_quick_player_scores_on_the_state_machine() -> None:
    """The hint's chances are playouts (the compact table and ``hint.greedy``); here each is
    made again by brute force on the referee's own ``Game``: every card to the legal place
    whose clone has the fewest face-down top cards, then the lowest pile, then reading order.
    Late positions (at most a dozen cards to go), the unseen cards in a few random orders: the
    same score (cards left when won, -1 when lost)."""
    scores = []
    for seed in range(30):
        g, stock = position(seed, 28 + seed % 6)
        if g.over:
            continue
        s = fh.seen(g, stock[len(g.turns)])
        rng = random.Random(seed)
        for _ in range(3):
            rest = [c for c in DECK_40 if c not in s.placed and c != s.card]
            rng.shuffle(rest)
            order = [s.card, *rest]
            q, _origin = fh.table(s)
            got = fh.playout(q, [rank(c) for c in order])
            g2 = g.clone()
            for card in order:
                if g2.over:
                    break
                places = []
                for p in g2.legal():
                    g3 = g2.clone()
                    g3.place(card, p, 0)
                    places.append((g3.down_count(), len(g2.piles.get(p, ())), p))
                g2.place(card, min(places)[2], 0)
            assert g2.over
            assert got == (g2.score if g2.result == "won" else -1)
            scores.append(got)
    assert len(scores) > 40 and -1 in scores and max(scores) > 0  # both ends are checked


# -- the hint ------------------------------------------------------------------------------------


def test_the_hint_is_legal_and_never_throws_a_won_game_away() -> None:
    """Brute force of the turn itself: a place that wins now is advised whenever there is one;
    a place that loses now only when every place does; every place named is legal."""
    for seed in range(25):
        g, stock = position(seed, 14 + seed)
        if g.over:
            continue
        card = stock[len(g.turns)]
        h = fh.advise(fh.seen(g, card))
        legal = g.legal()
        assert h.places == len(legal)
        assert all(o.pos in legal for o in h.options)
        assert len({o.pos for o in h.options}) == len(h.options) == min(3, len(legal))
        ends = {}
        for p in legal:
            g2 = g.clone()
            g2.place(card, p, 0)
            ends[p] = g2.result
        if "won" in ends.values():
            assert ends[h.best.pos] == "won" and h.best.chance == 1.0 and h.best.at_once
        elif "playing" in ends.values():
            assert ends[h.best.pos] == "playing"
        assert all(0.0 <= o.chance <= 1.0 for o in h.options)


def full_but_one(missing: Pos, card: Card) -> fh.Seen:
    """A 4x4 table with every pile face up but ``missing``: ranks chosen so that a 5 in the
    missing place is neither highest nor lowest in its row and column."""
    piles = []
    ranks = [[2, 8, 3, 9], [7, 2, 9, 3], [3, 9, 2, 8], [8, 3, 7, 2]]
    suits = "SHDC"
    used: set[Card] = set()
    for r in range(4):
        for c in range(4):
            if (r, c) == missing:
                continue
            k = ranks[r][c]
            top = next(Card(14 if k == 1 else k, s) for s in suits
                       if Card(14 if k == 1 else k, s) not in used)
            used.add(top)
            piles.append((r, c, 1, top, True))
    return fh.Seen(tuple(piles), frozenset(used), 15, card)


def test_a_place_that_wins_at_once_is_the_best() -> None:
    s = full_but_one((1, 1), Card(5, "H"))
    h = fh.advise(s)
    assert h.best.pos == (1, 1) and h.best.at_once and h.chance == 1.0
    assert h.places == 16  # the empty place, and the 15 piles of one card
    # a 10 in the same place is the highest of its row: it turns the row down; not a win
    h10 = fh.advise(full_but_one((1, 1), Card(10, "H")))
    assert all(not (o.at_once and o.chance == 1.0) for o in h10.options)


def test_the_same_position_gets_the_same_hint() -> None:
    g, stock = position(3, 10)
    s = fh.seen(g, stock[len(g.turns)])
    assert fh.advise(s) == fh.advise(s)


def test_the_hint_never_reads_the_stock() -> None:
    """Two games alike but for the order of the cards not yet drawn: the same view, the same
    hint; and the view holds no stock."""
    for seed in (5, 11, 23):
        g, stock = position(seed, 9)
        n = len(g.turns)
        rest = list(stock[n + 1:])
        random.Random(seed).shuffle(rest)
        other = Game(1, "Ala", 0, detail=False)
        other.stock = stock[:n + 1] + tuple(rest)
        for t in g.turns:
            other.place(None, t.pos, 0)
        assert other.stock != g.stock and [t.card for t in other.turns] == \
            [t.card for t in g.turns]
        g.stock = stock
        a, b = fh.seen(g, stock[n]), fh.seen(other, stock[n])
        assert a == b
        assert fh.advise(a) == fh.advise(b)
        assert sorted(a.unseen()) == sorted(rank(c) for c in stock[n + 1:])


def test_the_view_refuses_a_card_that_cannot_be_the_one_drawn() -> None:
    g, stock = position(2, 5)
    with pytest.raises(fh.NoHint):
        fh.seen(g, g.turns[0].card)  # already on the table
    with pytest.raises(fh.NoHint):
        fh.seen(g, Card(13, "S"))  # no kings in the deck
    assert len(fh.seen(g, stock[len(g.turns)]).unseen()) == len(DECK_40) - len(g.turns) - 1


# -- the command line -----------------------------------------------------------------------------


def toml(stock: tuple[Card, ...] | None, turns: list[str]) -> str:
    deal = "\n[[deals]]\n"
    if stock is not None:
        deal += f'stock = "{" ".join(map(str, stock))}"\n'
    return HEAD + deal + "turns = [" + ", ".join(f'"{t}"' for t in turns) + "]\n"


def hint_json(*args: str) -> dict:  # type: ignore[type-arg]
    code, out, err = cli_run("hint", *args, "--json")
    assert code == 0, err
    return json.loads(out)  # type: ignore[no-any-return]


def test_cli_hint_with_a_known_stock_a_typed_stock_and_the_card_named(tmp_path: Path) -> None:
    """A virtual deal, a typed stock in another order, and a file without a stock given the
    card: the same advice, which is the engine's."""
    stock = shuffled(4, 1)
    turns = ["0,0", "0,1", "1,0"]
    virtual = tmp_path / "v.toml"
    code, _out, err = cli_run("new", "foursquare", str(virtual), "-p", "Ala", "--deal",
                              "--seed", "4")
    assert code == 0, err
    code, _out, err = cli_run("add", str(virtual), *turns)
    assert code == 0, err
    other = stock[:4] + tuple(reversed(stock[4:]))
    typed = tmp_path / "t.toml"
    typed.write_text(toml(other, turns))
    bare = tmp_path / "b.toml"
    bare.write_text(toml(None, [f"{c} {t}" for c, t in zip(stock, turns, strict=False)]))
    a = hint_json(str(virtual))
    assert a == hint_json(str(typed)) == hint_json(str(bare), "--card", str(stock[3]))
    g = Game(1, "Ala", 0)
    for c, t in zip(stock, turns, strict=False):
        g.place(c, (int(t.split(",")[0]), int(t.split(",")[1])), 0)
    h = fh.advise(fh.seen(g, stock[3]))
    assert a["state"] == "playing" and a["card"] == str(stock[3]) and a["turn"] == 4
    assert (a["best"]["row"], a["best"]["col"]) == h.best.pos
    assert a["best"]["place"] == f"{h.best.pos[0]},{h.best.pos[1]}"
    assert a["chance"] == a["best"]["chance"] == round(h.chance, 3)
    assert [(o["row"], o["col"]) for o in a["next"]] == [o.pos for o in h.options[1:]]
    assert a["places"] == len(g.legal()) and a["left"] == 36
    code, out, _err = cli_run("hint", str(virtual))
    assert code == 0 and f"{h.best.pos[0]},{h.best.pos[1]}" in out


def test_cli_hint_exit_codes(tmp_path: Path) -> None:
    f = tmp_path / "b.toml"
    f.write_text(toml(None, ["7H 0,0", "5S 0,1"]))
    assert cli_run("hint", str(f))[0] == 2  # the card is not known and not named
    assert cli_run("hint", str(f), "--card", "XY")[0] == 2  # not a card
    assert cli_run("hint", str(f), "--card", "KS")[0] == 2  # not in the deck
    assert cli_run("hint", str(f), "--card", "7H")[0] == 2  # already placed
    assert cli_run("hint", str(tmp_path / "none.toml"))[0] == 2
    assert cli_run("hint", str(f), "--card", "9D")[0] == 0
    known = tmp_path / "k.toml"
    stock = shuffled(1, 1)
    known.write_text(toml(stock, ["0,0"]))
    assert cli_run("hint", str(known), "--card", str(stock[1]))[0] == 0
    assert cli_run("hint", str(known), "--card", str(stock[2]))[0] == 2  # not the stock's
    kierki = tmp_path / "k2.toml"
    kierki.write_text(head() + "\n")
    assert cli_run("hint", str(kierki))[0] == 2


def test_cli_hint_on_a_game_over_and_on_no_game(tmp_path: Path) -> None:
    f = tmp_path / "v.toml"
    cli_run("new", "foursquare", str(f), "-p", "Ala", "--deal", "--seed", "9")
    g = Game(1, "Ala", 0)
    g.stock = shuffled(9, 1)
    places = []
    while not g.over:
        p = g.legal()[0]
        g.place(None, p, 0)
        places.append(f"{p[0]},{p[1]}")
    assert cli_run("add", str(f), *places)[0] in (0, 1)
    doc = hint_json(str(f))
    assert doc["state"] == "over" and doc["result"] == g.result and doc["best"] is None
    assert doc["game"] == 1 and doc["next"] == []
    empty = tmp_path / "e.toml"
    empty.write_text(HEAD)
    doc = hint_json(str(empty))
    assert doc["state"] == "new" and doc["best"] is None


def test_table_mode_hint(tmp_path: Path) -> None:
    """`hint` at the prompt: asks for the card when the file does not know it, names the
    engine's place, refuses a card that cannot be drawn, and changes nothing in the file."""
    f = tmp_path / "b.toml"
    f.write_text(toml(None, ["7H 0,0", "5S 0,1"]))
    before = f.read_text()
    r = CliRunner().invoke(app, ["play", str(f), "--ascii"],
                           input="hint\n9D\nhint 7H\nhint 2C\nquit\n")
    assert r.exit_code == 0, r.output
    assert f.read_text() == before
    g = Game(1, "Ala", 0)
    g.place(Card(7, "H"), (0, 0), 0)
    g.place(Card(5, "S"), (0, 1), 0)
    for card in (Card(9, "D"), Card(2, "C")):
        best = fh.advise(fh.seen(g, card)).best.pos
        assert f"{card} drawn" in r.output
        assert f"best: {best[0]},{best[1]}," in r.output
    assert "cannot do that" in r.output  # 7H is on the table already


# -- the chance shown ----------------------------------------------------------------------------


def test_the_calibration_is_fitted_monotone_and_read_in_between(tmp_path: Path) -> None:
    """``benchmarks/foursquare_hint.py --fit``: per row, the share of games won, made
    non-decreasing in the playouts won; ``calibrated`` reads the table between columns."""
    from benchmarks.foursquare_hint import fit

    tries = fh.SAMPLES + fh.MORE
    rec = tmp_path / "r.csv"
    rows = ["seed,left,wins,tries,won"]
    # 30 cards left: 0 playouts won -> 1 game of 4 won; 1 won -> 3 of 4; 2 won -> 1 of 4
    for wins, results in ((0, (1, 0, 0, 0)), (1, (1, 1, 1, 0)), (2, (1, 0, 0, 0))):
        rows.extend(f"1,30,{wins},{tries},{won}" for won in results)
    rows.append(f"1,2,{tries},{tries},1")
    rec.write_text("\n".join(rows) + "\n")
    table = fit(str(rec))
    assert len(table) == fh.CARDS // fh.BUCKET and all(len(r) == tries + 1 for r in table)
    row = table[30 // fh.BUCKET]
    assert row[0] == 25 and row[1] == row[2] == 50  # 1 and 2 pooled: 4 of 8
    assert row == sorted(row)
    assert table[0] == [100] * (tries + 1)  # one record: every cell borrows it
    old = fh.CALIBRATION
    try:
        fh.CALIBRATION = tuple(tuple(r) for r in table)
        assert fh.calibrated(0.0, 30) == 0.25
        assert fh.calibrated(0.5 / tries, 30) == pytest.approx(0.375)
    finally:
        fh.CALIBRATION = old
    for left in range(fh.CARDS):
        got = [fh.calibrated(k / tries, left) for k in range(tries + 1)]
        assert got == sorted(got) and all(0.0 <= p <= 1.0 for p in got)


def test_shell_completion_of_the_card_drawn(tmp_path: Path) -> None:
    """``referee hint FILE --card 7<TAB>``: the sevens not yet on the table."""
    from tests.test_typer_app import complete

    f = tmp_path / "b.toml"
    f.write_text(toml(None, ["7H 0,0", "5S 0,1"]))
    assert sorted(complete(f"referee hint {f} --card 7")) == ["7C", "7D", "7S"]
    assert len(complete(f"referee hint {f} --card ")) == 38
    kierki = tmp_path / "k.toml"
    kierki.write_text(head() + "\n")
    assert complete(f"referee hint {kierki} --card 7") == []


def test_a_broken_record_wider_than_four_gets_no_hint(tmp_path: Path) -> None:
    f = tmp_path / "w.toml"
    f.write_text(toml(None, ["7H 0,0", "5S 0,1", "9D 0,2", "3C 0,3", "2H 0,4"]))
    code, out, err = cli_run("hint", str(f), "--card", "4D", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["state"] == "stuck" and doc["best"] is None and doc["card"] == "4D"
