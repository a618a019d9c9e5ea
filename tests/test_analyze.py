"""``referee analyze`` (referee/solve/deal.py, referee/solve/analyze.py, cli/analyze.py).

On the sample games: the hands rebuilt from the record score, by the solver's objective, exactly
what the referee scored; the solver agrees with the brute-force oracle on every position of
the line as played with few tricks left; the walk's verdicts hold together (a costly card is a
play of the side that lowers the best result; without one, the side did at least as well as
its best). Then the command: its refusals and exit codes, and the JSON fields of
docs/analyze.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.commands import app
from referee.history.session import Session
from referee.solve import analyze as post_mortem
from referee.solve.deal import NotAnalysable, PlayedDeal, played_deal
from referee.solve.search import Position, Solver
from tests.solve_oracle import Case, oracle

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
runner = CliRunner()


def load(name: str) -> Session:
    s = Session.load(SAMPLES / name)
    s.rules.record_play(s.deals, s.result())
    return s


def side_of(d: PlayedDeal, seat: int) -> tuple[int, ...]:
    if d.game == "kierki":
        return (seat,)
    return tuple(s for s in range(d.seats) if d.teams[s] == d.teams[seat])


def line(solver: Solver, d: PlayedDeal) -> list[Position]:
    """Every position of the line as played, from the start of the play."""
    pos = solver.start(d.hands, d.leader)
    out = [pos]
    for _, c in d.plays:
        pos = solver.play(pos, c)
        out.append(pos)
    return out


def case_of(d: PlayedDeal, seat: int, k: int) -> Case:
    """The deal after its first ``k`` plays, for the oracle."""
    s = post_mortem.solver_for(d, side_of(d, seat), d.trump)
    return Case(d.game, d.kind, s.rules, d.seats, list(d.hands), d.leader,
                [c for _, c in d.plays[:k]], side_of(d, seat), d.teams, s.objective, d.trump,
                d.high_low)


def check_deal(d: PlayedDeal, seat: int, oracle_plays: int) -> None:
    side = side_of(d, seat)
    s = post_mortem.solver_for(d, side, d.trump)
    positions = line(s, d)
    name = d.players[seat] if d.game == "kierki" else d.team_names[d.teams[seat]]
    assert d.actual is not None
    assert s.final(positions[-1]) == d.actual[name]  # the objective scores as the referee
    for k in range(len(d.plays) - oracle_plays, len(d.plays) + 1):
        assert s.value(positions[k]) == oracle(case_of(d, seat, k)), (d.number, seat, k)


@pytest.mark.parametrize("number", [1, 2, 3, 4, 6, 7])
def test_wisconsin_sample_positions_agree_with_the_oracle(number: int) -> None:
    res = load("wisconsin-complete.toml").result()
    d = played_deal(res, number)
    assert d.bidder is not None
    check_deal(d, d.bidder, 12)
    check_deal(d, (d.bidder + 1) % 4, 12)


@pytest.mark.parametrize("number", [2, 5, 7, 9])
def test_kierki_sample_positions_agree_with_the_oracle(number: int) -> None:
    res = load("kierki-complete.toml").result()
    d = played_deal(res, number)
    for seat in range(4):
        check_deal(d, seat, 10)


@pytest.mark.parametrize("number", [3, 5, 6])
def test_schmier_sample_positions_agree_with_the_oracle(number: int) -> None:
    res = load("schmier-complete.toml").result()
    d = played_deal(res, number)
    assert d.bidder is not None
    check_deal(d, d.bidder, 10)


def walk_holds(d: PlayedDeal, a: post_mortem.DealAnalysis) -> None:
    """A costly card is a play of the side that lowered its best result from a value at
    least the best from the start; without one, the side made at least its best."""
    for r in a.sides:
        assert r.stopped == ""
        if r.costly is None:
            assert r.actual >= r.best
            continue
        c = r.costly
        assert c.before > c.after and c.before >= r.best
        seat = d.players.index(c.player)
        if d.game == "kierki":
            assert c.player == r.name
        else:
            assert d.team_names[d.teams[seat]] == r.name
        assert c.trick >= r.start


@pytest.mark.parametrize("number", [1, 2, 3, 4, 6, 7])
def test_wisconsin_analysis_holds_together(number: int) -> None:
    res = load("wisconsin-complete.toml").result()
    d = played_deal(res, number)
    a = post_mortem.analyze(d)
    walk_holds(d, a)
    assert a.makeable == (a.sides[0].best >= (a.bid or 0))
    # the best from the first lead is the best over the bidder's first leads
    leads = []
    m = d.hands[d.leader]
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        suit = d.layout.cards[c].suit
        s = post_mortem.solver_for(d, side_of(d, d.leader), suit)
        leads.append(s.value(s.play(s.start(d.hands, d.leader), c)))
    assert a.sides[0].best == max(leads)


def test_kierki_analysis_holds_together_and_late_costly_cards_are_the_oracle_s() -> None:
    res = load("kierki-complete.toml").result()
    for number in (2, 9):
        d = played_deal(res, number)
        a = post_mortem.analyze(d)
        walk_holds(d, a)
        for seat, r in enumerate(a.sides):
            assert r.start in post_mortem.PLAYER_START
            c = r.costly
            if c is None or c.trick < 11:
                continue
            k = next(k for k, (s, x) in enumerate(d.plays)
                     if s == seat and k // 4 + 1 == c.trick)
            assert oracle(case_of(d, seat, k)) == c.before
            assert oracle(case_of(d, seat, k + 1)) == c.after


def test_kierki_falls_back_to_trick_8_when_the_budget_runs_out() -> None:
    res = load("kierki-complete.toml").result()
    d = played_deal(res, 9)
    short = post_mortem.analyze(d, player_budget=0)
    assert all(r.start == 8 for r in short.sides)
    full = post_mortem.analyze(d)
    assert any(r.start == 1 for r in full.sides)
    for r8, r in zip(short.sides, full.sides, strict=True):
        assert r8.actual == r.actual
        if r.start == 8:
            assert r == r8


def direct(d: PlayedDeal, seat: int, start: int) -> tuple[int, object, str]:
    """A player's value and walk from trick ``start`` searched afresh to the end of the deal
    (no splicing onto a later start)."""
    s = post_mortem.solver_for(d, (seat,), d.trump)
    pos = s.start(d.hands, d.leader)
    for _, c in d.plays[:(start - 1) * 4]:
        pos = s.play(pos, c)
    best = s.value(pos)
    costly, stopped = post_mortem._walk(s, d, pos, (start - 1) * 4, best, (seat,))
    return best, costly, stopped


@pytest.mark.parametrize(("name", "number"), [("kierki-complete.toml", 9),
                                              ("kierki-complete.toml", 5),
                                              ("kierki-revoke.toml", 3)])
def test_kierki_starts_before_trick_8_are_the_walk_searched_afresh(name: str,
                                                                     number: int) -> None:
    """Searched back from trick 8 one trick at a time, each start's walk covers its own
    trick and takes the rest from the start after: the same as searching from there."""
    d = played_deal(load(name).result(), number)
    a = post_mortem.analyze(d, player_budget=30_000)
    assert any(r.start < 8 for r in a.sides)
    for seat, r in enumerate(a.sides):
        assert (r.best, r.costly, r.stopped) == direct(d, seat, r.start), (number, seat)


@pytest.mark.parametrize(("name", "number", "why"), [
    ("kierki-complete.toml", 12, "small lottery"),
    ("kierki-in-progress.toml", 5, "not finished"),
    ("wisconsin-complete.toml", 5, "passed"),
    ("kierki-complete.toml", 13, "not in the file"),
])
def test_deals_that_cannot_be_analysed(name: str, number: int, why: str) -> None:
    res = load(name).result()
    with pytest.raises(NotAnalysable, match=why):
        played_deal(res, number)
    r = runner.invoke(app, ["analyze", str(SAMPLES / name), "--deal", str(number)])
    assert r.exit_code == 2


def test_games_without_tricks_to_analyse() -> None:
    r = runner.invoke(app, ["analyze", str(SAMPLES / "kozel-in-progress.toml")])
    assert r.exit_code == 2
    r = runner.invoke(app, ["analyze", str(SAMPLES / "foursquare-won.toml")])
    assert r.exit_code == 2 or r.exit_code == 0  # 0 once Foursquare's analyze is merged


def test_json_document() -> None:
    r = runner.invoke(app, ["analyze", str(SAMPLES / "wisconsin-complete.toml"), "--json"])
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert doc["game"] == "wisconsin-schmier" and doc["format"] == 1
    numbers = [row["number"] for row in doc["deals"]]
    assert numbers == list(range(1, len(numbers) + 1))
    passed = doc["deals"][4]
    assert passed["analysed"] is False and passed["reason"]
    res = load("wisconsin-complete.toml").result()
    for row in doc["deals"]:
        if not row["analysed"]:
            continue
        a = post_mortem.analyze(played_deal(res, row["number"]))
        assert row["measure"] == "points"
        assert row["bid"] == a.bid and row["bid_makeable"] == a.makeable
        (side,) = row["sides"]
        assert side["best_sure"] == a.sides[0].best and side["got"] == a.sides[0].actual
        assert side["best_sure_from_trick"] == 1
        if side["first_costly_card"] is not None:
            costly = side["first_costly_card"]
            assert costly["card"] == str(a.sides[0].costly.card)  # type: ignore[union-attr]


def test_game_is_an_alias_of_deal_and_the_table_names_each_player() -> None:
    path = str(SAMPLES / "kierki-complete.toml")
    r = runner.invoke(app, ["analyze", path, "--game", "9", "--ascii"])
    assert r.exit_code == 0
    for name in ("Ala", "Bartek", "Celina", "Darek"):
        assert name in r.stdout
    j = runner.invoke(app, ["analyze", path, "--deal", "9", "--json"])
    doc = json.loads(j.stdout)
    (row,) = doc["deals"]
    assert row["number"] == 9 and row["measure"] == "tricks" and row["kind"] == 9
    assert [s["side"] for s in row["sides"]] == ["Ala", "Bartek", "Celina", "Darek"]


def test_a_schmier_search_past_its_budget_gives_up_in_one_line() -> None:
    res = load("schmier-complete.toml").result()
    d = played_deal(res, 1)
    with pytest.raises(NotAnalysable, match="gave up"):
        post_mortem.analyze(d, side_budget=1)
    a = post_mortem.analyze(played_deal(res, 3))  # a deal within the default budget
    assert a.makeable is False and a.sides[0].best < (a.bid or 0)


def test_a_revoke_before_trick_8_stays_as_played_and_ends_a_walk_from_trick_1() -> None:
    res = load("kierki-revoke.toml").result()
    d = played_deal(res, 3)  # Celina's JS at trick 4 did not follow suit
    a = post_mortem.analyze(d)
    for r in a.sides:
        assert r.best is not None
        if r.start <= 4:
            assert r.costly is not None or "trick 4" in r.stopped
        else:
            assert r.stopped == ""
    short = post_mortem.analyze(d, player_budget=0)
    for seat, r in enumerate(short.sides):
        s = post_mortem.solver_for(d, (seat,), None)
        pos = s.start(d.hands, d.leader)
        for _, c in d.plays[:28]:
            pos = s.play(pos, c)
        assert r.start == 8 and r.best == s.value(pos)
