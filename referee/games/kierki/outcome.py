"""Kierki deals recorded as an outcome only: which keys each deal takes, checks, scores."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...errors import NotationError
from ...model import Setup
from ...notation import resolve_player
from ...trick import Trick
from ..keys import Where, read_counts, read_suit
from . import feasible, hearts_lead
from .play import KH, LOTTERY, TRUMP_DEALS

COUNTS = {"tricks": (13, -20), "hearts": (13, -20), "queens": (4, -60),
          "jacks_kings": (8, -30)}
NAMES = {"king_of_hearts": -150, "trick_7": -75, "last_trick": -75}
BY_DEAL: dict[int, tuple[str, ...]] = {
    1: ("tricks",), 2: ("hearts",), 3: ("queens",), 4: ("jacks_kings",),
    5: ("king_of_hearts",), 6: ("trick_7", "last_trick"),
    7: ("tricks", "hearts", "queens", "jacks_kings", "king_of_hearts", "trick_7",
        "last_trick"),
    8: ("tricks",), 9: ("tricks",), 10: ("tricks",), 11: ("tricks",),
    12: ("first_out", "second_out"),
}


def keys_for(number: int) -> tuple[str, ...]:
    return BY_DEAL.get(number, ())


def read_outcome(value: Any, setup: Setup, where: Where) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise where.err("outcome", "a table, e.g. outcome = { hearts = { Ala = 3 } }")
    number = where.deal or 0
    allowed = keys_for(number)
    out: dict[str, Any] = {}
    for k, v in value.items():
        if k == "trump" and number in TRUMP_DEALS:
            # SAVEFILE.md lists it with the outcome keys of deals 8-11 ("tricks (plus trump)")
            out[k] = read_suit(v, where, "outcome.trump")
            continue
        if k not in allowed:
            raise where.err(f"outcome.{k}", f"for deal {number} one of: {', '.join(allowed)}")
        # a name that is not seated is kept as written: the outcome is then impossible
        # (outcome-total, RULES.md), which replay reports instead of refusing the file
        if k in COUNTS:
            counts = read_counts(v, setup.players, where, f"outcome.{k}", resolve=_as_written(
                setup))
            for name, n in counts.items():
                if n < 0:
                    raise where.err(f"outcome.{k}.{name}", "a count of 0 or more")
            out[k] = counts
        else:
            if not isinstance(v, str):
                raise where.err(f"outcome.{k}", "a player's name (a string)")
            out[k] = _as_written(setup)(v)
    return out


def _as_written(setup: Setup) -> Any:
    def resolve(name: str) -> str:
        try:
            return resolve_player(name, setup.players)
        except NotationError:
            return name

    return resolve


def unseated(outcome: dict[str, Any], players: tuple[str, ...]) -> list[str]:
    """Names in the outcome that are not at the table, in the order written."""
    names: list[str] = []
    for k, v in outcome.items():
        if k == "trump":
            continue
        for name in (list(v) if isinstance(v, dict) else [v]):
            if name not in players and name not in names:
                names.append(name)
    return names


def check(number: int, outcome: dict[str, Any], players: tuple[str, ...],
          first: str | None = None) -> list[str]:
    """Why this outcome cannot have happened (empty when it is possible); ``first`` leads
    the first trick (the dealer's left; by default the second player)."""
    problems = [f"{name!r} is not at this table" for name in unseated(outcome, players)]
    if problems:
        return problems
    for k in keys_for(number):
        if k in COUNTS:
            total = sum(outcome.get(k, {}).values())
            want = COUNTS[k][0]
            if total != want:
                problems.append(f"{k} add up to {total}, not {want}")
        elif k not in outcome:
            problems.append(f"{k} names nobody")
    if number == LOTTERY and "first_out" in outcome and \
            outcome.get("first_out") == outcome.get("second_out"):
        problems.append("first_out and second_out are the same player")
    if number in (2, 7) and not problems:
        # deals 1, 3-6 state one category each: counts that add up always fit (a witness
        # for each: witness.py); deal 7's categories share cards, and in deals 2 and 7 hearts
        # are led only by a player holding nothing else: decided by playing (hearts_lead)
        goal = feasible.goal_of(outcome, players)
        problems.extend(feasible.problems(goal, players))
        lead = players.index(first) if first is not None else 1 % len(players)
        if not problems and hearts_lead.plan(goal, lead) is None:
            problems.append(hearts_lead.no_play(goal, lead, players))
    return problems


def score(number: int, outcome: dict[str, Any], players: tuple[str, ...]) -> dict[str, int]:
    s = {p: 0 for p in players}
    for k in keys_for(number):
        if k in COUNTS:
            per = 25 if number in TRUMP_DEALS else COUNTS[k][1]
            for p, n in outcome.get(k, {}).items():
                if p in s:
                    s[p] += per * n
        elif k in NAMES and outcome.get(k) in s:
            s[outcome[k]] += NAMES[k]
    if number == LOTTERY:
        for k, points in (("first_out", 800), ("second_out", 500)):
            if outcome.get(k) in s:
                s[outcome[k]] += points
    return s


def of_play(number: int, tricks: Sequence[Trick], out: Sequence[str],
            players: Sequence[str]) -> dict[str, Any]:
    """The outcome of a deal played card by card, as the outcome keys of its deal say it (the
    same fact entered the other way: tests check both score alike)."""
    if number == LOTTERY:
        return {"first_out": out[0], "second_out": out[1]}
    counts: dict[str, dict[str, int]] = {k: {p: 0 for p in players} for k in COUNTS}
    names: dict[str, str] = {}
    for i, t in enumerate(tricks):
        w = t.winner or ""
        cards = [tp.card for tp in t.plays]
        counts["tricks"][w] += 1
        counts["hearts"][w] += sum(1 for c in cards if c.suit == "H")
        counts["queens"][w] += sum(1 for c in cards if c.rank == 12)
        counts["jacks_kings"][w] += sum(1 for c in cards if c.rank in (11, 13))
        if KH in cards:
            names["king_of_hearts"] = w
        if i == 6:
            names["trick_7"] = w
        if i == 12:
            names["last_trick"] = w
    every: dict[str, Any] = {**counts, **names}
    return {k: every[k] for k in keys_for(number) if k in every}
