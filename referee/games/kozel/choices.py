"""What a seat may enter now in Kozel (``GameRules.choices``), read off the replayed game.

Each play offered is tried on a copy of the game's state (``Game.act``, the replay's own
step), so that what is allowed, and the rule that refuses the rest, are the replay's.

Hands known (the seat's hand is known card by card): a lead is every set of 1-4 cards of the
hand, face up (several suits: ``lead-one-suit``); a follow is every set of as many cards as
were led, face up (allowed when it beats: ``beat``) and face down; a pull is every four cards
of one suit in the hand (with the cards the seat laid in this trick, which a pull takes
back), at any moment of a trick, in turn or not. Hands unseen (bounded: a hand of unknown
cards has thousands of sets): a lead or a follow of one card is each card not yet seen; a
follow of several cards is the face-down play of that many unseen cards (``~? ?``) and the
face-up sets of the cards known to be in the hand; no pull is listed (a pick, below).

Beside the list, the seat in turn gets a ``Pick`` (every set is not listed): the cards it may
lay (its hand where known, else every card that may be in it), a lead of 1-4 of one suit
(``lead-one-suit``; no more than the hand holds), a follow of exactly as many as were led,
face up or face down. Every seat whose pulls are not listed (its hand, with the cards the pull
would give back, not known card by card) gets a pull ``Pick`` during a trick, in turn or not:
four cards of one suit (only trumps under ``pull = "trumps"``; none under ``"off"``) of those
that may be in its hand once the trick's cards went back. The page builds the entry from the
cards tapped; ``add`` judges it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, TypeVar

from ...cards import DECK_36, Card, sort_hand
from ...model import Deal, Play, Pull, Result, Setup
from ..base import Choice, Choices, Pick
from .cards import HAND, CardBook, beats
from .play import Game, TrickRec

if TYPE_CHECKING:
    from .rules import Kozel

TRIAL = -1  # the index of the entry tried (no entry of the file has it)
_T = TypeVar("_T")


def choices(rules: Kozel, setup: Setup, deals: Sequence[Deal], result: Result,
            seat: str | None) -> Choices:
    exp = result.expect
    who = seat if seat is not None else exp.player
    if who is None or exp.action in ("done", "outcome"):
        return Choices(exp.player, who)
    if exp.action == "trump":
        if exp.player != who:
            return Choices(exp.player, who)
        return Choices.trump(who)
    s = result.state or rules.run(setup, deals)
    if exp.new_deal or not s.games:
        return Choices(exp.player, who)
    g: Game = s.games[-1]
    if exp.action not in ("lead", "play"):
        return Choices(exp.player, who)
    out: list[Choice] = []
    if exp.player == who:
        out += [_tried(g, e) for e in _plays(g, who)]
    out += [_tried(g, e) for e in _pulls(g, who)]
    picks = (_pick(g, who),) if exp.player == who else ()
    pull = _pull_pick(g, who)
    return Choices(exp.player, who, tuple(out), picks + ((pull,) if pull is not None else ()))


def _pick(g: Game, who: str) -> Pick:
    """The play ``who`` (in turn) may pick card by card: a lead of 1-4 cards of one suit,
    or a follow of as many as were led, face up or down (RULES.md, Kozel)."""
    book = g.book
    t = g.current
    need = len(t.attempt[0].cards) if t is not None and t.attempt else 0
    free = book.free_slots(who)
    if free == 0:
        cards = sort_hand(list(book.known[who]))
    else:
        cards = [c for c in DECK_36 if book.problem(who, c, free) is None]
    if need:
        return Pick(who, tuple(map(str, cards)), need, need, False, f"{who}: {{cards}}",
                    f"{who}: ~{{cards}}")
    return Pick(who, tuple(map(str, cards)), 1, max(1, min(HAND, book.size[who])), True,
                f"{who}: {{cards}}")


def _pull_pick(g: Game, who: str) -> Pick | None:
    """The pull ``who`` (in turn or not) may pick card by card, where its pulls are not
    listed: four of one suit (trumps only under ``pull = "trumps"``) of the cards that may be
    in its hand once the trick's plays went back (as ``Game.pull`` gives them back)."""
    if g.pull_option == "off" or (g.pull_option == "trumps" and g.trump is None):
        return None
    trial = _clone(g)
    book = trial.book
    t = trial.current
    if t is not None:
        for r in t.attempt:
            book.give_back(r.player, r.cards, t.number)
    free = book.free_slots(who)
    if free == 0 or book.size[who] < HAND:  # listed (``_pulls``), or no room for four
        return None
    cards = [c for c in DECK_36 if (g.pull_option != "trumps" or c.suit == g.trump)
             and book.problem(who, c, free) is None]
    if not cards:
        return None
    return Pick(who, tuple(map(str, cards)), HAND, HAND, True, f"{who} pulls: {{cards}}",
                label="pull")


def _plays(g: Game, who: str) -> list[Play]:
    book = g.book
    t = g.current
    need = len(t.attempt[0].cards) if t is not None and t.attempt else 0
    known = sort_hand(list(book.known[who]))
    if book.free_slots(who) == 0:  # the hand is known
        if not need:
            return [Play(who, d) for n in range(1, min(HAND, len(known)) + 1)
                    for d in combinations(known, n)]
        return [Play(who, d, down) for d in combinations(known, need)
                for down in (False, True)]
    unseen = [c for c in DECK_36 if _may_show(book, c)]
    if need <= 1:
        out = [Play(who, (c,)) for c in unseen]
        return out + [Play(who, (None,), True)] if need else out
    return [Play(who, (None,) * need, True)] + [Play(who, d) for d in
                                                combinations(known, need)]


def _may_show(book: CardBook, c: Card) -> bool:
    """A card not yet seen played (nor certainly gone face down)."""
    pl = book.places.get(c)
    return pl is None or pl.kind not in ("trick", "down")


def _pulls(g: Game, who: str) -> list[Pull]:
    book = g.book
    t = g.current
    mine = [r for r in t.attempt if r.player == who] if t is not None else []
    back = [c for r in mine for c in r.cards]
    if None in back or book.free_slots(who) != 0:
        return []  # the hand is not known card by card
    hand = sort_hand(list(book.known[who]) + [c for c in back if c is not None])
    out = []
    for s in "SHDC":
        suit = [c for c in hand if c.suit == s]
        out += [Pull(who, d) for d in combinations(suit, HAND)]
    return out


def _tried(g: Game, e: Play | Pull) -> Choice:
    """``e`` tried on a copy of the game: allowed, or the first rule it breaks (one card
    laid face up, the common case, is judged as ``Game.act`` would, without the copy)."""
    if isinstance(e, Play) and len(e.cards) == 1 and e.cards[0] is not None and not e.down:
        rule = _one_card(g, e.player, e.cards[0])
    else:
        trial = _clone(g)
        trial.violations = []
        trial.act(TRIAL, e)
        rule = next((v.rule for v in trial.violations if v.at == TRIAL), None)
    cards = " ".join("?" if c is None else str(c) for c in e.cards)
    shown = " ".join("?" if c is None else c.pretty() for c in e.cards)
    if isinstance(e, Pull):
        return Choice(f"{e.player} pulls: {cards}", f"pull {shown}", rule is None, rule)
    if e.down:
        return Choice(f"{e.player}: ~{cards}", f"{shown} face down", rule is None, rule)
    return Choice(f"{e.player}: {cards}", shown, rule is None, rule)


def _one_card(g: Game, who: str, c: Card) -> str | None:
    """What ``Game.act`` says first of ``who`` (the player in turn) laying ``c`` face up:
    the card's place (``CardBook.problem``), then, following one card, the beat."""
    book = g.book
    if book.size[who] < 1:  # (Game.lay: a hand too small for the play)
        return "card-not-held"
    problem = book.problem(who, c, book.free_slots(who))
    if problem is not None:
        return problem[0]
    t = g.current
    if t is not None and t.attempt and t.winning is not None:
        target = t.winning.cards
        if len(target) == 1 and not beats(c, target[0], g.trump):
            return "beat"
    return None


def _clone(g: Game) -> Game:
    """A copy of ``g`` that one more play may change without changing ``g``."""
    c = _shallow(g)
    b = g.book
    c.book = nb = _shallow(b)  # (not CardBook(...): its __post_init__ empties the hands)
    nb.places, nb.size, nb.drew_blind = dict(b.places), dict(b.size), dict(b.drew_blind)
    nb.drawn, nb.bad_draws = dict(b.drawn), list(b.bad_draws)
    nb.known = {p: set(v) for p, v in b.known.items()}
    nb.maybe = {p: set(v) for p, v in b.maybe.items()}
    nb.stock = list(b.stock) if b.stock is not None else None
    c.tricks = list(g.tricks)
    c.known, c.blind, c.won = list(g.known), list(g.blind), list(g.won)
    t = g.current
    if t is not None:
        recs = {id(r): _shallow(r) for r in (*t.plays, *t.attempt)}
        w = t.winning
        c.current = TrickRec(t.number, t.expected, [recs[id(r)] for r in t.plays],
                             [recs[id(r)] for r in t.attempt],
                             recs.get(id(w), w) if w is not None else None,
                             t.winner, list(t.draws), t.points, list(t.sizes))
    return c


def _shallow(x: _T) -> _T:
    """A shallow copy of a slotted record (``copy.copy`` goes through ``__reduce_ex__``:
    several times slower, and a play is tried on a copy many times a query)."""
    c = object.__new__(type(x))
    slots: tuple[str, ...] = type(x).__slots__  # type: ignore[attr-defined]
    for name in slots:
        object.__setattr__(c, name, getattr(x, name))
    return c
