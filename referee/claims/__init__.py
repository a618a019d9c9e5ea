"""Claims: "the rest are mine", judged soundly.

``judge(setup, deals, claimer, tricks=..., hand=...)`` reads the deal in progress (the last
deal of the game), and answers whether the claimer's side surely takes the tricks claimed: the
claimer plays from what they can see, everybody else (the partner too) plays any legal card,
and, with hands unseen, the unseen cards lie in any way the record allows. ``Verdict`` holds
the answer, a line of play, and (fails, hands unseen) one deal of the unseen cards that beats
the claim. ``docs/claims.md`` describes the search and the JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, sort_hand
from ..compact import TrickRules
from ..errors import Violation
from ..model import Deal, Setup
from ..solve.core import compiled
from . import known, text
from .position import ClaimError, HandNeeded, Position, read
from .search import NODE_BUDGET, TIME_BUDGET, Problem, Search, Step, Undecided

HOLDS, FAILS, NOT_PROVEN = "holds", "fails", "not proven"  # the three verdicts
# hands known: plays of the claim search tried before the solver's; with the compiled core
# the solver is the quicker past a thousand (docs/claims.md, "The settled trick")
KNOWN_FIRST = 1_000 if compiled() is not None else 5_000

__all__ = ["ClaimError", "HandNeeded", "Verdict", "judge"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to a claim: ``verdict`` is ``"holds"``, ``"fails"`` or ``"not proven"`` (the
    search stopped within its budget: any doubt goes against the claimer)."""

    verdict: str
    claimer: str
    side: tuple[str, ...]
    tricks: int
    left: int
    hands_known: bool
    line: tuple[str, ...]
    counter: dict[str, tuple[Card, ...]] | None
    # breaches the shown hand proves (a card of a suit the claimer did not follow earlier):
    # as the replay reports them once the claim is recorded with its ``claim_hand``
    proven: tuple[Violation, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "claimer": self.claimer,
            "side": list(self.side),
            "tricks": self.tricks,
            "left": self.left,
            "hands_known": self.hands_known,
            "line": list(self.line),
            "counter": None if self.counter is None else {
                p: [str(c) for c in cards] for p, cards in self.counter.items()},
            "proven": [v.to_json() for v in self.proven],
            "knowledge": KNOWLEDGE,
        }


# What a verdict rests on (``--json`` field ``knowledge``; docs/claims.md).
KNOWLEDGE = "record"  # everything the record knows, not only what the claimer saw


def judge(setup: Setup, deals: Sequence[Deal], claimer: str, *, tricks: int | None = None,
          hand: Sequence[Card] | None = None, budget: int = NODE_BUDGET,
          seconds: float | None = TIME_BUDGET,
          known_budget: int | None = known.NODE_BUDGET) -> Verdict:
    """Whether ``claimer``'s side surely takes ``tricks`` (None: all) of the tricks left in the
    deal in progress. ``hand``: the claimer's hand, shown (needed when the file does not know
    it). ``budget`` and ``seconds`` bound the search with hands unseen (``seconds`` None:
    plays only, the same answer on any machine); past them the verdict is undecided. With
    every hand known the double-dummy solver decides, within ``known_budget`` positions
    (None: no limit, so the verdict is always "holds" or "fails": ``referee claim`` and the
    table's claim). Raises ``ClaimError`` for a claim that cannot be judged."""
    pos = read(setup, deals, claimer)
    need = pos.left if tricks is None else tricks
    if not 1 <= need <= pos.left:
        raise ClaimError(text.tricks_range(need, pos.left))
    mine, broken = _shown(setup, deals, pos, hand)
    proven = _proven(setup, deals, claimer, mine) if broken else ()
    prob = as_problem(pos, mine)
    search = Search(prob, budget, seconds)
    if not pos.hands_known and not search.feasible():
        raise ClaimError(text.no_world())

    def verdict(holds: bool, line: Sequence[str],
                counter: dict[str, tuple[Card, ...]] | None = None,
                decided: bool = True) -> Verdict:
        word = NOT_PROVEN if not decided else HOLDS if holds else FAILS
        return Verdict(word, claimer, pos.side, need, pos.left, pos.hands_known, tuple(line),
                       counter, proven)

    if pos.hands_known:  # one world: a double-dummy question
        try:
            holds, steps, _ = decide_known(prob, need, seconds, known_budget)
        except known.GaveUp:
            return verdict(False, (text.undecided_known(known_budget or 0),), decided=False)
        return verdict(True, _plan(pos, prob, steps, need)) if holds else \
            verdict(False, _tricks(pos, prob, steps, need))
    found = _open_refutation(pos, prob, search, need, budget)  # a likely deal beats it open?
    if found is not None:
        return verdict(False, _tricks(pos, prob, found[1], need), found[0])
    try:
        holds = search.solve(need)
        search.nodes, search.deadline = 0, None  # the line re-walks what is proven
        steps = search.line(need, holds)
    except Undecided:
        return verdict(False, (text.undecided(budget, seconds),), decided=False)
    if holds:
        return verdict(True, _plan(pos, prob, steps, need))
    counter, steps = _counter(pos, prob, search, steps, need, budget)
    return verdict(False, _tricks(pos, prob, steps, need), counter)


def decide_known(prob: Problem, need: int, seconds: float | None = TIME_BUDGET,
                 budget: int | None = known.NODE_BUDGET) -> tuple[bool, list[list[Step]], int]:
    """Hands known: the claim search, which settles most claims at once, for a few plays; then
    the double-dummy solver (``known``), which does not lose its way in long deals. Both are
    exact; past the solver's ``budget`` of positions (None: none), ``known.GaveUp``. With
    the answer, a line of play and the nodes the searches took (the claim search's plays and
    the solver's positions)."""
    first = Search(prob, KNOWN_FIRST, seconds)
    try:
        holds = first.solve(need)
        nodes = first.nodes
        first.nodes, first.deadline = 0, None
        return holds, first.line(need, holds), nodes + first.nodes
    except Undecided:
        pass
    try:
        holds, steps, nodes = known.decide(prob, need, budget)
    except known.GaveUp as e:
        raise known.GaveUp(first.nodes + e.nodes) from None
    return holds, steps, first.nodes + nodes


def as_problem(pos: Position, hand: frozenset[Card]) -> Problem:
    """The claim as masks for the search."""
    lay = pos.layout
    seat = {p: i for i, p in enumerate(pos.players)}
    others = pos.unseen - hand
    poss = []
    for p in pos.players:
        if p == pos.claimer:
            poss.append(lay.mask(hand))
        else:
            poss.append(lay.mask(pos.hands[p] & others))
    out_count = len(others) - sum(pos.counts[p] for p in pos.players if p != pos.claimer)
    groups = []
    for g in pos.face_down:
        cards = g.cards & others
        if g.keeper is not None and g.keeper == pos.claimer and hand - pos.trumps:
            cards -= pos.trumps  # the keeper shows a plain card: kept no six trumps
        groups.append((lay.mask(cards), g.count))
    if not groups or sum(k for _, k in groups) != out_count:
        groups = [(lay.mask(pos.out & others), out_count)]  # one group (the counts differ)
        keeper = None
    else:  # the keeper rule (a trump discarded only by one who kept only trumps)
        keeper = next(((seat[g.keeper], i, lay.mask(pos.trumps))
                       for i, g in enumerate(pos.face_down)
                       if g.keeper is not None and g.keeper != pos.claimer), None)
    out, out_count = groups[0]
    return Problem(pos.rules, seat[pos.claimer], tuple(p in pos.side for p in pos.players),
                   tuple(poss), tuple(pos.counts[p] for p in pos.players), out, out_count,
                   tuple((seat[p], lay.to_int(c)) for p, c in pos.trick), seat[pos.to_move],
                   pos.left, pos.hands_known, tuple(groups[1:]), keeper, pos.trump_rules)


# -- the claimer's hand -------------------------------------------------------------------------

def _shown(setup: Setup, deals: Sequence[Deal], pos: Position,
           hand: Sequence[Card] | None) -> tuple[frozenset[Card], bool]:
    """``_hand``; in a private deal (in progress: the claim's), the hand shown is checked
    first on the deal as the table has seen it, whose refusals name what the table saw, then
    on the whole deal: a refusal there contradicts a registered hand, and says so without
    naming its holder or the card's place (``claimkeys.unfit``; docs/private.md "Claims")."""
    if hand is None or not deals or deals[-1].key("private") is not True:
        return _hand(pos, hand)
    from ..games import get as get_game
    from ..history import claimseen
    from ..history.private import table_deal
    from ..store.claimkeys import unfit

    public = read(setup, [*deals[:-1], table_deal(deals[-1], get_game(setup.game))],
                  pos.claimer)
    try:
        _hand(public, hand)
    except ClaimError as e:  # (in what the table saw: said as it is)
        raise claimseen.seen(e) from None
    try:
        return _hand(pos, hand)
    except ClaimError:
        raise ClaimError(unfit(pos.claimer)) from None


def _hand(pos: Position, hand: Sequence[Card] | None) -> tuple[frozenset[Card], bool]:
    """The claimer's hand, and whether a card of it breaks what the claimer's play claimed
    (a void shown earlier: the hand proves that revoke)."""
    who = pos.claimer
    if pos.exact[who]:
        known = pos.hands[who]
        if hand is not None and frozenset(hand) != known or hand is not None and \
                len(hand) != len(known):
            raise ClaimError(text.not_the_hand(who, sort_hand(set(known))))
        return known, False
    if hand is None:
        raise HandNeeded(text.hand_needed(who))
    seen: set[Card] = set()
    broken = False
    know = pos.know
    for c in hand:
        if c in seen:
            raise ClaimError(text.hand_twice(c))
        seen.add(c)
        if c not in pos.layout.index:
            raise ClaimError(text.not_in_deck(c, pos.game))
        if c in know.seen:
            p, trick, _ = know.seen[c]
            raise ClaimError(text.already_played(c, p, trick))
        if c in pos.discarded:
            raise ClaimError(text.discarded(c))
        if c not in pos.hands[who]:
            if any(a.test(c) for a in know.assertions[who]) and \
                    c in know.may_hold(who, assertions=False):
                broken = True  # shown, the card proves that assertion false: a revoke proven
                continue
            owner = pos.owner.get(c) or know.shown_by.get(c)
            if owner is not None and owner != who:
                raise ClaimError(text.held_by(c, owner))
            raise ClaimError(text.cannot_hold(who, c))
    if len(seen) != pos.counts[who]:
        raise ClaimError(text.hand_size(who, len(seen), pos.counts[who]))
    certain = know.certain(who) & pos.unseen  # the cards known in the hand (shown, taken)
    if certain - seen:
        raise ClaimError(text.missing(who, sort_hand(certain - seen)))
    return frozenset(seen), broken


def _proven(setup: Setup, deals: Sequence[Deal], claimer: str, hand: frozenset[Card]
            ) -> tuple[Violation, ...]:
    """The breaches the shown hand proves, as the replay reports them once the claim is
    recorded with it (``claim_hand``): one fact, one report."""
    from ..games import get as get_game
    from ..model import Key
    from ..store.claimkeys import TableClaim

    rules = get_game(setup.game)
    before = set(rules.replay(setup, list(deals)).violations)
    shown = Deal([*deals[-1].entries,
                  Key("claim", TableClaim(claimer, hand=tuple(sort_hand(set(hand)))))])
    after = rules.replay(setup, [*deals[:-1], shown]).violations
    return tuple(v for v in after if v.retro and v not in before)


# -- what the verdict says ----------------------------------------------------------------------

def _rules_at(prob: Problem, first: int) -> TrickRules:
    if prob.rules is not None:
        return prob.rules
    assert prob.trump_rules is not None
    return prob.trump_rules("SHDC"[prob.trump_rules(None).suit[first]])


def _plan(pos: Position, prob: Problem, tricks: list[list[Step]], need: int) -> list[str]:
    steps = []
    won = 0
    number = pos.trick_number
    rules = None
    shown = len(pos.trick)  # the plays already on the table: not part of the line
    for k, t in enumerate(tricks):
        if not t:
            continue
        rules = rules or _rules_at(prob, t[0][1])
        for i, (seat, c) in enumerate(t):
            if seat == prob.claimer and not (k == 0 and i < shown):
                steps.append((number, pos.layout.to_card(c), i == 0, rules.suit[c]))
        if len(t) == len(prob.poss):
            won += 1 if prob.side[t[rules.winner([c for _, c in t])][0]] else 0
        number += 1
    trump = rules.trump if rules is not None else -1
    return text.plan(steps, trump, rest=won >= need and number - pos.trick_number < pos.left,
                     cash=need >= pos.left)


def _tricks(pos: Position, prob: Problem, tricks: list[list[Step]], need: int) -> list[str]:
    out = []
    number = pos.trick_number
    lost: list[int] = []  # the numbers of the tricks the claimer's side lost
    rules = None
    for t in tricks:
        if not t:
            continue
        rules = rules or _rules_at(prob, t[0][1])
        plays = [(pos.players[s], pos.layout.to_card(c)) for s, c in t]
        winner = None
        if len(t) == len(prob.poss):
            w = t[rules.winner([c for _, c in t])][0]
            winner = pos.players[w]
            if not prob.side[w]:
                lost.append(number)
        out.append(text.trick_line(number, plays, winner))
        number += 1
    if lost:
        out.append(text.beaten(pos.side, lost, need, pos.left))
    return out


def _open_refutation(pos: Position, prob: Problem, search: Search, need: int, budget: int
                     ) -> tuple[dict[str, tuple[Card, ...]], list[list[Step]]] | None:
    """A deal of the unseen cards under which the claim fails even with every hand open (so
    it fails), with the play that beats it; None when the likely deals tried do not."""
    found = search.open_refutation(need)
    if found is None:
        return None
    hands, dd = found
    dd.nodes, dd.deadline = 0, None
    try:
        steps = dd.line(need, False)
    except Undecided:
        return None
    lay = pos.layout
    return {pos.players[s]: tuple(sort_hand(lay.cards_in(m))) for s, m in hands.items()}, steps


def _counter(pos: Position, prob: Problem, search: Search, steps: list[list[Step]], need: int,
             budget: int) -> tuple[dict[str, tuple[Card, ...]], list[list[Step]]]:
    """One deal of the unseen cards at the end of the defeating line, with the cards each
    player played on the line: the hands it beats the claim with. When that deal beats the
    claim even played with every hand open, the line shown is the one that does."""
    got = search.world()
    hands: dict[int, int] = {}
    for i, s in enumerate(search.holders):
        hands[s] = got[i]
    played = [(s, c) for t in steps for s, c in t][len(prob.trick):]
    for s, c in played:
        if s != prob.claimer:
            hands[s] |= 1 << c
    lay = pos.layout
    counter = {pos.players[s]: tuple(sort_hand(lay.cards_in(m))) for s, m in hands.items()}
    poss = tuple(hands.get(s, prob.poss[s]) for s in range(len(prob.poss)))
    open_prob = Problem(prob.rules, prob.claimer, prob.side, poss, prob.count, 0, 0,
                        prob.trick, prob.to_move, prob.left, True,
                        trump_rules=prob.trump_rules)
    dd = Search(open_prob, budget, TIME_BUDGET)
    try:
        if not dd.solve(need):
            dd.nodes, dd.deadline = 0, None
            steps = dd.line(need, False)
    except Undecided:
        pass
    return counter, steps
