"""Foursquare's post-mortem in words (``GameRules.analyze_games``): the finished games to
analyse, each one's analysis (``analyze.analyze_game``) as sentences and as the JSON fields
of docs/foursquare.md. ``cli.placements`` prints them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...model import Result
from ...words import count
from .analyze import LOST, Analysis, Move, analyze_game
from .play import CARDS, Game, pos_text


@dataclass(frozen=True, slots=True)
class Report:
    """One game's analysis, said: ``lines()`` and ``to_json()``."""

    an: Analysis

    def lines(self) -> list[str]:
        return lines(self.an)

    def to_json(self) -> dict[str, Any]:
        return to_json(self.an)


def analyze_games(result: Result, number: int | None) -> tuple[list[Report] | str, int | None]:
    """The reports of the finished games (or of game ``number``), or why there are none; and
    the number of a game still being played (None: none is)."""
    games: list[Game] = result.state
    picked = chosen(games, number)
    left = [g for g in games if not g.over]
    playing = left[0].number if left else None
    if isinstance(picked, str):
        return picked, playing
    return [Report(analyze_game(g)) for g in picked], playing


def chosen(games: list[Game], number: int | None) -> list[Game] | str:
    """The games to analyse, or why there are none."""
    if number is not None:
        if not 1 <= number <= len(games):
            if not games:
                return "the file holds no game yet"
            return f"--game takes a game number from 1 to {len(games)}, not {number}"
        g = games[number - 1]
        if not g.over:
            return f"game {number} is still being played: analyze looks at a finished game"
        return [g]
    done = [g for g in games if g.over]
    if not done:
        if games:
            return f"game {games[-1].number} is still being played: analyze looks at " \
                   "finished games"
        return "the file holds no game yet"
    return done


def move_json(m: Move | None) -> dict[str, Any] | None:
    if m is None:
        return None
    return {"turn": m.turn, "card": str(m.card), "place": pos_text(m.place)}


def to_json(an: Analysis) -> dict[str, Any]:
    """One game's analysis (the fields are listed in docs/foursquare.md)."""
    est = an.estimate
    return {
        "game": an.game,
        "result": an.result,
        "score": an.score,
        "turns": an.turns,
        "order_known": an.complete,
        "known_cards": len(an.order),
        "winnable": an.winnable,
        "best_score": an.best,
        "best_proven": an.best_proven,
        "line": [f"{c} {pos_text(p)}" for c, p in an.line],
        "losing_move": move_json(an.losing),
        "costly_move": move_json(an.costly),
        "losing_turns": None if an.losing_span is None else list(an.losing_span),
        "illegal_turn": an.illegal,
        "estimate": None if est is None else {
            "known_cards": est.known, "samples": est.samples, "wins": est.wins,
            "undecided": est.undecided, "seed": est.seed, "chance": round(est.chance, 4)},
        "positions": an.nodes,
    }


def _move(m: Move) -> str:
    return f"turn {m.turn}, {m.card} at {pos_text(m.place)}"


def lines(an: Analysis) -> list[str]:
    """The analysis of one game in plain sentences (cards in the table's notation)."""
    head = f"Game {an.game}: {an.result}" + (f", score {an.score}" if an.result == "won" else "")
    out = [head]
    if an.complete and len(an.order) >= CARDS:
        out.append("Stock order: known (all 40 cards).")
    elif an.complete:
        out.append(f"Stock order: {count(len(an.order), 'card')} known; every win scoring at "
                   f"least {an.score} lies inside them.")
    else:
        out.append(f"Stock order: only partly known ({len(an.order)} of {CARDS} cards seen).")
    if an.illegal is not None:
        out.append(f"Turn {an.illegal} broke a placement rule: the moves after it are not "
                   "followed.")
    if an.winnable:
        proof = "the best possible" if an.best_proven else "the best found; a better one " \
            "was not ruled out"
        out.append(f"Winnable: yes. Best score: {an.best} ({proof}).")
        out.append("A winning line: " + "  ".join(f"{c} {pos_text(p)}" for c, p in an.line))
    elif an.winnable is False:
        out.append("Winnable: no. No order of places wins with these cards.")
    elif an.estimate is not None:
        est = an.estimate
        unseen = CARDS - est.known
        out.append(f"Winnable: unknown. No win inside the {count(est.known, 'card')} seen; "
                   f"{est.samples} orders of the {count(unseen, 'unseen card')} drawn at random "
                   f"(seed {est.seed}): {est.wins} could be won"
                   + (f", {est.undecided} undecided" if est.undecided else "")
                   + f". A win was there about {est.chance:.0%} of the time.")
    else:
        out.append("Winnable: undecided. The search found no win and could not rule one out.")
    if an.losing is not None:
        out.append(f"The losing move: {_move(an.losing)}. Before it a win was still there; "
                   "after it, none.")
    elif an.result == "lost" and not an.complete:
        out.append("The losing move: it cannot be named without the cards never seen.")
    elif an.winnable and an.result == "lost":
        if an.losing_span is not None:
            a, b = an.losing_span
            out.append(f"The losing move: one of turns {a} to {b}; the search could not settle "
                       "which.")
        elif an.moves and an.moves[-1].win:
            out.append("No move lost it: a win was still there after the last move.")
    if an.costly is not None and an.best is not None and an.best != LOST:
        same = an.losing is not None and an.costly.turn == an.losing.turn
        out.append(f"The costly move: {_move(an.costly)}"
                   + (" (the same move)" if same else "")
                   + f". After it a score of {an.best} was out of reach.")
    return out
