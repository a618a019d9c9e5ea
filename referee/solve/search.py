"""The double-dummy search: every hand open, one side of seats against the rest.

A :class:`Solver` is made for one deal (who holds which card), one trump, one objective and
one side; it keeps its transposition table across the positions of that deal it is asked
about, so the positions of one line of play (``analyze`` walks them) share their work.

* **The objective** (:class:`Objective`): what the side scores, as the rules count it, in the
  shape every game here has: a value for each trick the side wins (by its number), a value
  for each card in a trick the side wins, a constant fixed by the hands (Schmier's High and
  Low), and optionally the Game point: ``game_value`` to the side when its team's game points
  in won tricks are above every other team's (a tie: nobody). The first three add up trick by
  trick; the Game point does not, so the search carries the differences of game points
  between the side's team and each other team (at most two others).
* **The search** is alpha-beta over single plays, trick by trick, fail-soft, called with null
  windows by an MTD(f) driver (:meth:`Solver.value`). It plays on the ranked twin of the
  rules (``TrickRules.ranked`` in ``referee/compact.py``, the core the claim search shares):
  each effective suit is a run of bits in power order, so a suit's cards are a mask, the
  cards above a card are a shift away, and cards of a hand that no other live card separates
  are one move when they are worth the same (equivalent cards, ``compact.one_of_each_run``;
  inside a trick the cards already on the table do not separate two cards of a later seat
  on the same side of the winning card: they leave with the trick); quick tricks and master
  trumps are the core's too. At each trick boundary a transposition table keyed on the
  cards left, the leader and (with the Game point) the clamped differences of game points
  keeps lower and upper bounds of the rest of the deal and the best lead; the value still
  to be won or lost (points left in the cards and tricks) bounds the search before it
  starts, and on lead the side's or the opponents' quick tricks (masters cashed from the
  top) tighten it where only tricks count, and a trump worth points whose every live trump
  above is held by its own team (the side or the others) is that team's whatever happens.
  Where only tricks count, a seat's trumps above every live trump of the other team are as
  many sure tricks of its team, whoever leads (master trumps). In Kierki's penalty deals a
  player whose cards duck under the others' in every suit (``_penalty_escape``) loses
  nothing more.
* **Sides** are any set of seats; partners of the side cooperate, everyone else plays against
  it. Pure Python on ints (or the compiled core, below); the hot loop allocates only the
  small tuples of the table.
* **Kept per key**: what depends only on the live cards and the leader, as the table's bounds
  do (relative ranks), is computed once per key and kept: the live cards' code itself (by
  their mask), the quick-trick and master-trump bounds where only tricks count, and the
  penalty deals' escape test (each dict starts again past ``CODES`` entries). At a trick
  boundary most nodes end at once (a table bound, a value bound, an escape: in Kierki's
  penalty deals about 9 of 10), so their cost is what these save (the node counts stay;
  CPU about 10-25 % less, docs/analyze.md "Third attempt"). Probing the table for the
  children of a trick's last card before searching them (enhanced transposition cutoff), or
  a table of the last-card nodes themselves, cut the counted nodes by 16-57 % but not the
  nodes inside the trick, and cost as much CPU as they saved: not kept.
* **Winning ranks** (where only tricks count and no escape test applies: every claim,
  Kierki's trump deals; ``Solver.winning_ranks``): each answer of a node comes with the
  cards whose ranks it rests on, and the table keys a bound on the seats' lengths in each
  suit, the leader and, per suit, the holders of the live cards from the lowest of those up
  (its top k); every lower card only counts, per seat. A later position with the same
  lengths and the same holders of each suit's top k takes the bound, so positions that differ
  in low cards share it. What a rank is needed for: a trick won by a card that beat a card
  of its own suit (or a trump another trump) needs the winning card and everything above it
  (then every card it beat, above or below the line, stays below it); a ruff of a trick
  without other trumps, a discard, a sole card of the suit led need only their suit; a
  quick-trick bound needs, in each suit where the leader holds a master, the highest card
  held elsewhere and above (only the trump suit when others hold trumps); a master-trump
  bound the lowest live trump of the other team and above; a table hit the top k of its
  entry. A node that fails high (a maximiser's) or low (a minimiser's) rests on the child
  that cut, any other on the union of its children. A run of equivalent cards of the seat to
  play (the lowest of it played) is made relevant whole, from the card played up, when any
  card of it or between it and the next card held elsewhere is: with the run below the line
  any of its cards plays like any other in every matching position. Checked against a plain
  minimax on one table asked about many positions of a deal (``tests/test_solve_ranks.py``).
  Inside a trick (``follow_r``) the search stops when the trick's outcome is fixed: no seat
  still to play can beat its winning card, or a seat still to play (a maximiser of the side,
  or a minimiser outside it) holds a card of the suit led above the trick and above every
  card the others still to play hold; that team takes the trick and its winner leads next,
  its quick tricks counted against every card still out (more cards elsewhere only take
  masters away), a lower bound for the side or an upper one. It rests on the winning card
  and the cards above it and on the quick tricks' ranks. The claimer's side, discarding,
  tries the card most beaten first (the most cards of its suit above it elsewhere).
* **A budget** of trick-boundary nodes (``budget``, or :meth:`Solver.allow` for the searches
  to come) stops a search with :class:`Budget`; the table keeps only proven bounds, so the
  same solver may search on.
* **The core** (``referee/solve/core.py``): where the compiled core is built
  (``_core.pyx``, Cython, by ``pip install``; ``setup.py``), ``_build`` hands its tables to
  it and the node loop (``trick``/``follow`` and ``trick_r``/``follow_r``: the moves, the
  bounds, the escape test, both tables) runs in C with the same keys, the same move order
  and the same tables that never drop a bound, so the same nodes in the same order; only the
  solver's making (these tables) and the root (``value``, ``play``) stay Python. The
  closures below are the pure-Python core: the reference (``tests/test_solve_cores.py``
  demands the same values and node counts) and the fallback (no compiler, ``REFEREE_PURE=1``,
  ``Solver(pure=True)``). Only the general search with only tricks counting and no winning
  ranks (``winning_ranks`` off, a test's switch) has no compiled twin.

The answers are checked against a plain minimax (every legal card, no pruning, no table, the
engine's own scoring) in ``tests/test_solve.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType

from ..compact import TrickRules, one_of_each_run
from .core import COMPILED, PURE, compiled

INF = 1 << 30
BIG = 1 << 12  # a difference of game points no deal reaches: "no such team"
CODES = 1 << 20  # the most live-card codes a solver keeps (then it starts again)


class Budget(Exception):  # noqa: N818 - a signal, not an error
    """The search met its node budget before it had an answer."""


@dataclass(frozen=True, slots=True)
class Objective:
    """What the side scores (see the module's note). Card tuples are indexed by the deck
    layout's card index; ``trick_value`` by the trick's number from 0."""

    card_value: tuple[int, ...]
    trick_value: tuple[int, ...]
    fixed: int = 0
    game_points: tuple[int, ...] | None = None
    game_value: int = 0
    wants_tricks: bool = True  # a hint for ordering: do the players want to win tricks?

    @property
    def tricks(self) -> int:
        return len(self.trick_value)


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of a deal: the cards each seat still holds (layout masks), who led the trick
    on the table (or leads the next), the cards of that trick so far from the leader on, the
    number of the trick (from 0), what the side has already scored of the additive part
    (``scored``: fixed points and tricks won so far) and each team's game points so far."""

    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    number: int
    scored: int = 0
    game: tuple[int, ...] = ()

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % len(self.hands)


def _suit_tables(order: Sequence[int], suit_of: Sequence[int], value: Sequence[int]
                 ) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """For each effective suit with a card worth something: (its first new index, its width
    mask, the sum of values of every subset of its cards)."""
    out = []
    for s in range(5):
        idx = [j for j, i in enumerate(order) if suit_of[i] == s]
        if not idx or not any(value[order[j]] for j in idx):
            continue
        table = [0]
        for j in idx:  # the sums with card j's bit set: each sum without it, plus its value
            v = value[order[j]]
            table += [t + v for t in table]
        out.append((idx[0], (1 << len(idx)) - 1, tuple(table)))
    return tuple(out)


def _ducks(mine: int, theirs: int, shift: int) -> bool:
    """Whether the player's cards ``mine`` of one suit (ranked bits: a higher bit is higher)
    can duck under ``theirs``, the others' cards of that suit: the t-th lowest of theirs
    has at least t + ``shift`` of his below it, for every t up to his count less
    ``shift`` and their count less ``shift`` (the first of theirs always one)."""
    k = mine.bit_count()
    last = min(k, theirs.bit_count()) - shift
    t = 0
    while theirs:
        low = theirs & -theirs
        theirs ^= low
        t += 1
        if t > 1 and t > last:
            return True
        if (mine & (low - 1)).bit_count() < (t + shift if t <= last else 1):
            return False
    return True


def _penalty_escape(objective: Objective, rules: TrickRules, side: frozenset[int],
                    maximizers: frozenset[int], hands: list[int]
                    ) -> Callable[[int, int], bool] | None:
    """Kierki's penalty deals (only losses, no trump), one player alone against the rest: a
    test of the trick boundaries from which the player surely wins no more trick, so loses
    nothing more (the value still to come is exactly 0). None where it does not apply.

    The player's cards of a suit p1 < p2 < ... and the others' o1 < o2 < ...: when
    p_t < o_t for every t up to the shorter count (in every suit), the player never wins a
    trick another leads: he follows with his highest card under the card led (there is one:
    p1 < o1), else discards the highest card of a suit; each keeps the condition (the
    others' cards only leave, which never breaks it). On lead he leads p1 of a suit whose
    others hold a card, which loses (they follow above it), and keeps the condition when
    p_{t+1} < o_t for every t up to the shorter count less one (they may keep their low
    cards and play the top); the other suits as above."""
    if (len(side) != 1 or maximizers != side or rules.trump_mask
            or any(v > 0 for v in objective.card_value)
            or any(v > 0 for v in objective.trick_value) or objective.game_points):
        return None
    (seat,) = side
    masks = [m for m in rules.masks if m]
    lead_ok = rules.lead_ok

    def escapes(leader: int, live: int) -> bool:
        mine = hands[seat]
        others = live & ~mine
        for m in masks:
            my, theirs = mine & m, others & m
            if my and theirs and not _ducks(my, theirs, 0):
                return False
        if leader != seat:
            return True
        ok = mine & lead_ok or mine
        for m in masks:
            my, theirs = ok & m, others & m
            if my and theirs and _ducks(mine & m, theirs, 1):
                return True
        return False

    return escapes


class Solver:
    """Double-dummy values of the positions of one deal for one side (see the module)."""

    # where only tricks count: the table matches on the ranks a bound rests on (see the module)
    winning_ranks = True
    # the search from a trick boundary (leader, live, ga, gb, alpha, beta) and inside a trick
    # (pos, leader, led, best, winner, tmask, live, ga, gb, alpha, beta): closures of _build,
    # or the compiled core's
    _trick: Callable[[int, int, int, int, int, int], int]
    _follow: Callable[[int, int, int, int, int, int, int, int, int, int, int], int]
    core: str  # which runs the search: core.COMPILED or core.PURE

    def __init__(self, rules: TrickRules, objective: Objective, side: Sequence[int],
                 teams: Sequence[int] | None = None, seats: int = 4,
                 budget: int | None = None, deal: Sequence[int] | None = None,
                 maximizers: Sequence[int] | None = None, pure: bool = False) -> None:
        self.rules = rules
        self.pure = pure  # the pure-Python search even where the compiled core is built
        self.objective = objective
        self.seats = seats
        self.side = frozenset(side)
        # the seats that choose their cards to raise the side's score (default: the side);
        # every other seat lowers it (a claim: the claimer alone against all, partner too)
        self.maximizers = self.side if maximizers is None else frozenset(maximizers)
        self.teams = tuple(teams) if teams is not None else tuple(range(seats))
        self.budget = budget
        self.nodes = 0
        self.limit = budget if budget is not None else INF  # raise Budget past this many nodes
        size = rules.layout.size
        self.ranked, order = rules.ranked()  # the trick play on cards in power order
        new = [0] * size
        for j, i in enumerate(order):
            new[i] = j
        self.order = tuple(order)  # new index -> layout index
        self.new = tuple(new)  # layout index -> new index
        self.tt: dict[int, list[tuple[int, int, int, int]]] = {}
        # the winning-ranks table (only tricks count): key -> (ranks mask, ks, bounds)
        self.rt: dict[int, list[tuple[int, tuple[int, ...], dict[int, tuple[int, int]]]]] = {}
        self.best: dict[int, int] = {}
        self._build()
        if deal is not None:
            self._own([self.to_new(h) for h in deal])

    # -- conversions ----------------------------------------------------------------------------

    def to_new(self, mask: int) -> int:
        new = self.new
        out = 0
        while mask:
            low = mask & -mask
            out |= 1 << new[low.bit_length() - 1]
            mask ^= low
        return out

    def to_layout(self, j: int) -> int:
        return self.order[j]

    # -- the search ---------------------------------------------------------------------------

    def value(self, pos: Position, guess: int | None = None) -> int:
        """The side's final score with best play by all from ``pos`` (MTD(f) on null windows;
        ``guess``, a likely value, saves searches). Raises :class:`Budget` past the budget."""
        lo, hi = -INF, INF
        g = guess if guess is not None else self._root(pos, -INF, INF)
        if guess is None:
            return g
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self._root(pos, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def allow(self, nodes: int | None) -> None:
        """Let the searches from now on visit ``nodes`` more trick-boundary nodes (None: no
        limit) before they raise :class:`Budget`. The table stays: every bound it keeps was
        proven, so a search stopped by the budget leaves nothing wrong behind."""
        self.limit = INF if nodes is None else self.nodes + nodes

    def start(self, hands: Sequence[int], leader: int, number: int = 0) -> Position:
        """The position before trick ``number`` (from 0) with these hands and leader."""
        return Position(tuple(hands), leader, (), number, 0,
                        (0,) * (max(self.teams) + 1))

    def play(self, pos: Position, card: int) -> Position:
        """The position after the seat to move plays ``card`` (a layout index; the caller
        checks that it is legal): a finished trick is scored and its winner leads."""
        n = self.seats
        seat = pos.to_move
        hands = list(pos.hands)
        hands[seat] &= ~(1 << card)
        trick = pos.trick + (card,)
        if len(trick) < n:
            return Position(tuple(hands), pos.leader, trick, pos.number, pos.scored, pos.game)
        o = self.objective
        winner = (pos.leader + self.rules.winner(trick)) % n
        scored = pos.scored
        game = list(pos.game)
        if winner in self.side:
            scored += o.trick_value[pos.number] + sum(o.card_value[c] for c in trick)
        if o.game_points is not None and game:
            game[self.teams[winner]] += sum(o.game_points[c] for c in trick)
        return Position(tuple(hands), winner, (), pos.number + 1, scored, tuple(game))

    def legal(self, pos: Position) -> int:
        """The layout mask of the cards the seat to move may play."""
        hand = pos.hands[pos.to_move]
        return self.rules.legal(hand, pos.trick[0] if pos.trick else -1)

    def final(self, pos: Position) -> int:
        """The side's score at the end of the deal (``pos`` has no cards left)."""
        v = pos.scored + self.objective.fixed
        o = self.objective
        if o.game_points is not None and o.game_value and pos.game:
            mine = pos.game[self._side_team]
            if all(mine > pos.game[t] for t in self._others):
                v += o.game_value
        return v

    def at_least(self, pos: Position, target: int) -> bool:
        """Whether best play from ``pos`` gives the side ``target`` or more (one null window)."""
        return self._root(pos, target - 1, target) >= target

    def _own(self, hands: Sequence[int]) -> None:
        """Learn who holds which card: from ``deal`` (the hands at the start of the play),
        else from the first position asked about. A position of another deal (a card held by
        another seat) is refused."""
        owner = self._owner
        if not any(owner):
            for s, h in enumerate(hands):
                owner[s] = h
                m = h
                while m:
                    low = m & -m
                    j = low.bit_length() - 1
                    self._sym[j] = 1 + s * (self._radix - 1) // self.seats + self._worth[j]
                    self._holder[j] = s
                    m ^= low
            return
        for s, h in enumerate(hands):
            if h & ~owner[s]:
                raise ValueError("a position of another deal: a Solver is made for one deal")

    def _root(self, pos: Position, alpha: int, beta: int) -> int:
        """The final score from ``pos`` in the window (fail-soft)."""
        base = pos.scored + self._fixed
        hands = self._hands
        for s, h in enumerate(pos.hands):
            hands[s] = self.to_new(h)
        self._own(hands)
        n = self.seats
        ga, gb = self._diffs(pos)
        if not pos.trick:
            live = 0
            for h in hands:
                live |= h
            return base + self._trick(pos.leader, live, ga, gb, alpha - base, beta - base)
        trick_cards = [self.new[c] for c in pos.trick]
        tmask = 0
        for c in trick_cards:
            tmask |= 1 << c
        live = tmask
        for h in hands:
            live |= h
        led = self._suit[trick_cards[0]]
        w = self.ranked.winner(trick_cards)
        best, seat = trick_cards[w], (pos.leader + w) % n
        return base + self._follow(len(trick_cards), pos.leader, led, best, seat, tmask, live,
                                   ga, gb, alpha - base, beta - base)

    def _diffs(self, pos: Position) -> tuple[int, int]:
        """The side team's game points less each other team's (two; BIG where none)."""
        if self.objective.game_points is None:
            return BIG, BIG
        mine = self._side_team
        game = pos.game or (0,) * (max(self.teams) + 1)
        out = [game[mine] - game[t] for t in self._others]
        while len(out) < 2:
            out.append(BIG)
        return out[0], out[1]

    def _compile(self, core: ModuleType, params: dict[str, object]) -> bool:
        """Run the search on the compiled core: the same tables, in C. False (the pure
        core stays) for a deal beyond the core's arrays (more than 8 seats, 16 tricks or 61
        cards, or 255 symbols of a holder and a worth: none of the games here)."""
        try:
            engine = core.Engine(params)
        except ValueError:
            return False
        hands = self._hands

        def run(search: Callable[..., int | None], *args: int) -> int:
            if engine.needs_sym:  # (known from the first position: Solver._own)
                engine.set_sym(self._sym)
            if engine.needs_holder:
                engine.set_holder(self._holder)
            engine.set_hands(hands)
            engine.nodes, engine.limit = self.nodes, self.limit
            try:
                v = search(*args)
            finally:
                self.nodes = engine.nodes
            if v is None:
                raise Budget
            return v

        def trick(*args: int) -> int:
            return run(engine.trick, *args)

        def follow(*args: int) -> int:
            return run(engine.follow, *args)

        self._trick = trick
        self._follow = follow
        self.engine = engine
        self.core = COMPILED
        return True

    def _build(self) -> None:
        """Make the search: its tables, then its closures (one closure over local names is
        the pure core's speed: no attribute look-up in the node loop). Sections, in order:

        1. *The deal's constants*: the ranked rules (``suit``, ``keys``, ``smask``,
           ``lead_ok``), the side's and the maximisers' seats, the team slots of the Game
           point, the card and trick values in power order.
        2. *Value bounds*: ``pos_suffix``/``neg_suffix`` (trick values still to come),
           ``pos_tables``/``neg_tables``/``gp_tables`` (subset sums per suit: the points
           left in the live cards), ``cum`` and ``least`` (the quick-trick and master-trump
           bounds in tricks), ``trump_top`` and ``sure_cards`` (valued trumps sure to go to
           a team).
        3. *Relative ranks*: ``worth``, ``radix``, ``kind`` (equivalent cards), ``sym`` and
           ``runs`` (filled by ``_own``); ``code`` and ``live_code``, the table's key.
        4. *Move order*: ``covered_first``, ``forcing_first`` (the escape's deals: the
           leads), ``follow_moves`` (inside a trick, both searches).
        5. *Kept per key*: ``sure_bounds`` (quick tricks, master trumps) in ``sure_of``; the
           escape test (``_penalty_escape``) in ``escaped``.
        6. ``trick``: a trick boundary: the last trick played out, the escape, the value
           bounds, the sure cards, the Game point's clamp, the sure bounds, the table, the
           leads in order (the table's best lead first), the loop, the store.
        7. ``follow``: inside a trick; after its last card the trick is scored and ``trick``
           called.
        8. *The compiled core*: where it is built (and ``pure`` is off), the tables above go
           to ``_compile`` as ``params`` and its ``Engine`` runs in place of the closures.
        9. *Winning ranks* (only tricks count, pure core): ``suit_info``, ``rank_key``,
           ``rel_of``, then ``trick_r`` and ``follow_r``: sections 6-7 with the cards each
           answer rests on (``rel_out``) and the ranks table ``rt``.

        ``_core.pyx``'s ``Engine`` mirrors 4-7 and 9: ``_follow_moves``, ``_sure_bounds``,
        ``_escapes``, ``_trick``, ``_follow``, ``_trick_r``, ``_follow_r``."""
        r, o, n = self.rules, self.objective, self.seats
        rr = self.ranked
        order = self.order
        size = len(order)
        suit = rr.suit
        self._suit = suit
        smask = rr.masks
        keys = rr.keys
        self._keys = keys
        lead_ok = rr.lead_ok
        may_trump = rr.may_trump
        trump_mask = rr.trump_mask
        side = tuple(s in self.side for s in range(n))
        maxi = tuple(s in self.maximizers for s in range(n))
        teams = self.teams
        self._side_team = teams[min(self.side)] if self.side else 0
        self._others = tuple(sorted({t for t in teams if t != self._side_team}))
        others = self._others
        team_slot = tuple(-1 if teams[s] == self._side_team else
                          (others.index(teams[s]) if teams[s] in others else 2)
                          for s in range(n))
        cv = tuple(o.card_value[i] for i in order)
        gp_layout = o.game_points
        has_game = gp_layout is not None and o.game_value != 0
        gp = tuple(gp_layout[i] for i in order) if gp_layout is not None else (0,) * size
        game_value = o.game_value if has_game else 0
        self._fixed = o.fixed
        tv = o.trick_value
        tricks = len(tv)
        pos_suffix = [0] * (tricks + 1)
        neg_suffix = [0] * (tricks + 1)
        for t in range(tricks - 1, -1, -1):
            pos_suffix[t] = pos_suffix[t + 1] + max(tv[t], 0)
            neg_suffix[t] = neg_suffix[t + 1] + min(tv[t], 0)
        pos_tables = _suit_tables(order, r.suit, [max(v, 0) for v in o.card_value])
        neg_tables = _suit_tables(order, r.suit, [min(v, 0) for v in o.card_value])
        gp_tables = _suit_tables(order, r.suit, gp_layout) if gp_layout and has_game else ()
        only_tricks = not any(cv) and all(v >= 0 for v in tv) and not has_game
        cum = [0]
        for v in tv:
            cum.append(cum[-1] + v)
        # least[number][k]: the k least trick values among tricks number.. (any k of them)
        least = [[0] for _ in range(tricks + 1)]
        for t in range(tricks):
            for v in sorted(tv[t:]):
                least[t].append(least[t][-1] + v)
        wants = o.wants_tricks
        # a trump beats every other suit and is beaten only by a higher trump: a valued trump
        # goes to its holder's team (side or not) when every live trump above it is held there
        trumps = [j for j in range(size) if trump_mask >> j & 1]
        trump_top = bool(trumps) and all(
            keys[led][trumps[0]] > max(
                (keys[led][j] for j in range(size) if not trump_mask >> j & 1), default=-1)
            and all(keys[led][trumps[i]] < keys[led][trumps[i + 1]]
                    for i in range(len(trumps) - 1))
            for led in range(5))
        sure_cards = tuple((1 << j, cv[j], trump_mask & ~((2 << j) - 1))
                           for j in trumps if cv[j]) if trump_top else ()
        side_seats = tuple(sorted(self.side))
        opp_seats = tuple(s for s in range(n) if s not in self.side)
        seat_at = tuple(tuple((lead + k) % n for k in range(n)) for lead in range(n))
        hands: list[int] = [0] * n
        self._hands = hands
        # relative ranks: each card's symbol is its holder and its worth (set by _own)
        worth = sorted({(cv[j], gp[j]) for j in range(size)})
        self._worth = tuple(worth.index((cv[j], gp[j])) for j in range(size))
        radix = n * len(worth) + 1
        # cards of one suit and one worth: equivalent when no other live card lies between
        kind = tuple(suit[j] * len(worth) + self._worth[j] for j in range(size))
        self._radix = radix
        sym = [0] * size
        self._sym = sym
        runs: list[tuple[int, int, int, dict[int, int]]] = []
        for s in range(5):
            idx = [j for j in range(size) if suit[j] == s]
            if idx:
                runs.append((idx[0], (1 << len(idx)) - 1,
                             (radix ** len(idx)).bit_length(), {}))
        self._owner: list[int] = [0] * n
        self._holder: list[int] = [0] * size  # card -> its seat (set by _own)
        tt = self.tt
        best_lead = self.best
        solver = self
        last = n - 1

        quick = rr.quick_tricks
        escapes = _penalty_escape(o, rr, self.side, self.maximizers, hands)
        sure_trumps = rr.sure_trump_tricks

        def covered_first(leader: int, cands: list[int]) -> list[int]:
            """The player's leads that surely lose (a hand holding the suit only above
            them must follow) first."""
            sure, rest = [], []
            for c in cands:
                m = smask[suit[c]]
                for s in opp_seats:
                    h = hands[s] & m
                    if h and (h & -h) > (1 << c):
                        sure.append(c)
                        break
                else:
                    rest.append(c)
            return sure + rest

        def forcing_first(cands: list[int]) -> list[int]:
            """An opponent's leads under every card the player holds of the suit first."""
            mine = hands[side_seats[0]]
            sure, rest = [], []
            for c in cands:
                h = mine & smask[suit[c]]
                if h and (h & -h) > (1 << c):
                    sure.append(c)
                else:
                    rest.append(c)
            return sure + rest

        def code(base: int, m: int) -> int:
            """A suit's live cards as the sequence of (holder, worth) from the lowest: two
            positions with the same sequences in every suit play alike (relative ranks)."""
            c = 0
            while m:
                low = m & -m
                c = c * radix + sym[base + low.bit_length() - 1]
                m ^= low
            return c

        codes: dict[int, int] = {}  # live cards -> their code, every suit's (no leader)
        wide = sum(shift for _, _, shift, _ in runs)

        def live_code(live: int) -> int:
            """The code of the live cards (``code`` of each suit, side by side)."""
            key = 0
            for base, width, shift, cache in runs:
                m = (live >> base) & width
                got = cache.get(m)
                if got is None:
                    got = cache[m] = code(base, m)
                key = (key << shift) | got
            if len(codes) > CODES:
                codes.clear()
            codes[live] = key
            return key

        sure_of: dict[int, tuple[int, int, int, int]] = {}  # key -> sure_bounds
        escaped: dict[int, bool] = {}  # key -> escapes

        up = tuple(smask[suit[j]] & ~((1 << j) - 1) for j in range(size))  # j and above
        upx = tuple(smask[suit[j]] & ~((2 << j) - 1) for j in range(size))  # above j
        suit_list = tuple(m for m in smask if m)

        def quick_of(leader: int, live: int, number: int) -> tuple[int, int]:
            """The leader's quick tricks (masters cashed from the top) as trick values from
            trick ``number`` on, and the cards they rest on: in each suit where the leader
            holds a master, the highest card held elsewhere and above (only the trump suit
            when others hold trumps)."""
            hand = hands[leader]
            q = quick(hand, live)
            sure = cum[number + q] - cum[number] if q else 0
            tq = 0
            if q:
                elsewhere = live & ~hand
                ms = (trump_mask,) if trump_mask & elsewhere else suit_list
                for sm in ms:
                    theirs = elsewhere & sm
                    if theirs and hand & sm:
                        top = theirs.bit_length() - 1
                        if hand & upx[top]:
                            tq |= up[top]
            return sure, tq

        def sure_bounds(leader: int, live: int, number: int) -> tuple[int, int, int, int]:
            """Where only tricks count: what the side surely wins (a rise of the lower bound)
            and what it surely loses (a fall of the upper bound) of the tricks left, and the
            cards each rests on (the ranks that make them, for the winning ranks): the quick
            tricks, the highest card of a suit held elsewhere where the leader holds a master
            of it; the master trumps, the lowest live trump of the other team."""
            sure, tq = quick_of(leader, live, number)
            dlo = dhi = tlo = thi = 0
            if trump_top:  # master trumps: sure tricks of their team, whoever leads
                mine = 0
                for s in side_seats:
                    mine |= hands[s]
                # (any trick a side's master trump falls to is the side's, whoever of it
                # maximises: these bounds hold with a partner playing against the claim)
                ks = sure_trumps([hands[s] for s in side_seats], live & ~mine)
                ko = sure_trumps([hands[s] for s in opp_seats], mine)
                ls = least[number]
                # the leader's quick tricks: cashed for the side by a maximiser, against
                # it by an opponent; a side's minimiser (a partner) cashes nothing
                a1 = sure if maxi[leader] else 0
                if a1 >= ls[ks]:
                    dlo, tlo = a1, tq if a1 else 0
                else:
                    t = live & ~mine & trump_mask
                    dlo, tlo = ls[ks], up[(t & -t).bit_length() - 1] if t else 0
                b1 = sure if not side[leader] else 0
                if b1 >= ls[ko]:
                    dhi, thi = b1, tq if b1 else 0
                else:
                    t = mine & trump_mask
                    dhi, thi = ls[ko], up[(t & -t).bit_length() - 1] if t else 0
            elif sure:
                if maxi[leader]:  # the leader cashes them for the side
                    dlo, tlo = sure, tq
                elif not side[leader]:  # or against it
                    dhi, thi = sure, tq
            return dlo, dhi, tlo, thi

        def trick(leader: int, live: int, ga: int, gb: int, alpha: int, beta: int) -> int:
            """The rest of the deal from a trick boundary (value relative to now)."""
            if not live:
                return game_value if ga > 0 and gb > 0 else 0
            solver.nodes += 1
            if solver.nodes > solver.limit:
                raise Budget
            if live.bit_count() == n:  # the last trick plays itself
                lead = hands[leader].bit_length() - 1
                power = keys[suit[lead]]
                top, nwin = -1, leader
                for seat in seat_at[leader]:
                    c = hands[seat].bit_length() - 1
                    if power[c] > top:
                        top, nwin = power[c], seat
                pts = 0
                if side[nwin]:
                    gain = tv[tricks - 1]
                    mm = live
                    while mm:
                        lowb = mm & -mm
                        x = lowb.bit_length() - 1
                        gain += cv[x]
                        pts += gp[x]
                        mm ^= lowb
                    ga += pts
                    gb += pts
                else:
                    gain = 0
                    if has_game:
                        slot = team_slot[nwin]
                        mm = live
                        while mm:
                            lowb = mm & -mm
                            pts += gp[lowb.bit_length() - 1]
                            mm ^= lowb
                        if slot == 0:
                            ga -= pts
                        elif slot == 1:
                            gb -= pts
                return gain + (game_value if ga > 0 and gb > 0 else 0)
            key = -1
            if escapes is not None:  # (a function of the cards and the leader: kept per key)
                cl = codes.get(live)
                key = (cl if cl is not None else live_code(live)) | leader << wide
                esc = escaped.get(key)
                if esc is None:
                    if len(escaped) > CODES:
                        escaped.clear()
                    esc = escaped[key] = escapes(leader, live)
                if esc:
                    return 0
            number = tricks - live.bit_count() // n
            # bounds on what is still to be won or lost
            hi = pos_suffix[number]
            lo = neg_suffix[number]
            for base, width, table in pos_tables:
                hi += table[(live >> base) & width]
            for base, width, table in neg_tables:
                lo += table[(live >> base) & width]
            if lo >= beta or hi <= alpha and not has_game:  # decided already (a threshold met)
                return lo if lo >= beta else hi
            if key < 0:
                cl = codes.get(live)
                key = (cl if cl is not None else live_code(live)) | leader << wide
            if sure_cards:  # a valued trump with every live trump above it on its team
                mine = 0
                for s in side_seats:
                    mine |= hands[s]
                for bit, v, above in sure_cards:
                    if live & bit:
                        up = live & above
                        if mine & bit:
                            if not up & ~mine:
                                if v > 0:
                                    lo += v
                                else:
                                    hi += v
                        elif not up & mine:
                            if v > 0:
                                hi -= v
                            else:
                                lo -= v
            if has_game:
                left = 0
                for base, width, table in gp_tables:
                    left += table[(live >> base) & width]
                ca = ga if ga <= left else left + 1
                cb = gb if gb <= left else left + 1
                if ca <= -left or cb <= -left:
                    ca = cb = -BIG  # the Game point is lost whatever happens
                else:
                    hi += game_value
                    if ca > left and cb > left:
                        lo += game_value  # won whatever happens
            else:
                ca = cb = 0
            if only_tricks:  # (a function of the cards and the leader: kept per key)
                bounds = sure_of.get(key)
                if bounds is None:
                    if len(sure_of) > CODES:
                        sure_of.clear()
                    bounds = sure_of[key] = sure_bounds(leader, live, number)
                lo += bounds[0]
                hi -= bounds[1]
            if hi <= alpha:
                return hi
            if lo >= beta:
                return lo
            # the table keeps, per cards and leader, bounds at several differences of game
            # points; the value never falls as a difference grows, so an entry at lower
            # differences bounds this one from below and one at higher from above
            e = tt.get(key)
            if e is not None:
                for ea, eb, elo, ehi in e:
                    if ea <= ca and eb <= cb and elo > lo:
                        lo = elo
                    if ea >= ca and eb >= cb and ehi < hi:
                        hi = ehi
                if hi <= alpha:
                    return hi
                if lo >= beta:
                    return lo
                if lo == hi:
                    return lo
            a, b = alpha, beta
            if lo > a:
                a = lo
            if hi < b:
                b = hi
            a0, b0 = a, b
            hand = hands[leader]
            ok = hand & lead_ok or hand
            others = live & ~hand
            cands = one_of_each_run(ok, others, kind)  # lowest first
            if wants and side[leader] == maxi[leader]:  # (a side's minimiser: low first)
                if side[leader] and not only_tricks:  # the side, where cards are worth
                    # points: its masters first, highest first; then its low cards
                    tops = [c for c in cands
                            if not others & smask[suit[c]] & ~((2 << c) - 1)]
                    tops.reverse()
                    cands = tops + [c for c in cands if c not in tops]
                else:
                    cands.reverse()  # high leads first where tricks are wanted; low ones else
            elif escapes is not None and len(cands) > 1:
                cands = (covered_first(leader, cands) if side[leader]
                         else forcing_first(cands))
            hint = best_lead.get(key)
            if hint is not None and hint in cands and cands[0] != hint:
                cands.remove(hint)
                cands.insert(0, hint)
            maximize = maxi[leader]
            g = -INF if maximize else INF
            move = cands[0]
            for c in cands:
                bit = 1 << c
                hands[leader] = hand ^ bit
                v = follow(1, leader, suit[c], c, leader, bit, live, ga, gb, a, b)
                hands[leader] = hand
                if maximize:
                    if v > g:
                        g, move = v, c
                        if g > a:
                            a = g
                            if a >= b:
                                break
                else:
                    if v < g:
                        g, move = v, c
                        if g < b:
                            b = g
                            if a >= b:
                                break
            if g <= a0:
                nlo, nhi = -INF, g
            elif g >= b0:
                nlo, nhi = g, INF
            else:
                nlo = nhi = g
            if e is None:
                tt[key] = [(ca, cb, nlo, nhi)]
            else:
                for i, (ea, eb, elo, ehi) in enumerate(e):
                    if ea == ca and eb == cb:
                        e[i] = (ca, cb, max(elo, nlo), min(ehi, nhi))
                        break
                else:
                    e.append((ca, cb, nlo, nhi))
            best_lead[key] = move
            return g

        def follow_moves(seat: int, hand: int, led: int, best: int, winner: int, tmask: int,
                         live: int) -> list[int]:
            """The moves of ``seat`` (holding ``hand``) inside a trick: one of each run of
            equivalent cards, ordered by what they do (``follow`` and ``follow_r``)."""
            ok = hand & smask[led]
            if not ok:
                ok = hand
            elif may_trump:
                ok |= hand & trump_mask
            # the cards of the trick on the table do not separate two cards of the hand (they
            # leave with it), but the winning card so far does: two neighbours of one kind on
            # the same side of it, with only cards of the trick between, are one move (each
            # suit a run of bits in power order: a card that beats it lies above its bit in
            # its suit, or in the trumps' run when it is not a trump)
            key = keys[led]
            top = key[best]
            maximize = maxi[seat]
            win: list[int] = []
            lose: list[int] = []
            for c in one_of_each_run(ok, live & ~hand & ~tmask | 1 << best, kind):
                if key[c] > top:
                    win.append(c)
                else:
                    lose.append(c)
            if wants:
                if side[winner] == maximize or side[seat] != maximize:
                    return lose + win  # partner winning (or a side's minimiser): cheapest
                return win + lose  # beat it as cheaply as possible, else duck low
            lose.reverse()
            win.reverse()
            return lose + win  # stay under the winning card, highest first

        def follow(pos: int, leader: int, led: int, best: int, winner: int, tmask: int,
                   live: int, ga: int, gb: int, alpha: int, beta: int) -> int:
            """The rest of the deal inside a trick: ``pos`` cards played, ``best`` the winning
            card so far and ``winner`` its seat, ``tmask`` the trick's cards, ``live`` every
            card in a hand or in the trick."""
            seat = seat_at[leader][pos]
            hand = hands[seat]
            key = keys[led]
            top = key[best]
            maximize = maxi[seat]
            cands = follow_moves(seat, hand, led, best, winner, tmask, live)
            g = -INF if maximize else INF
            a, b = alpha, beta
            if pos == last:  # the worth of the cards already in the trick, once
                number = tricks - 1 - (live & ~tmask).bit_count() // n
                trick_cv = tv[number]
                trick_gp = 0
                mm = tmask
                while mm:
                    lowb = mm & -mm
                    x = lowb.bit_length() - 1
                    trick_cv += cv[x]
                    trick_gp += gp[x]
                    mm ^= lowb
            for c in cands:
                bit = 1 << c
                if key[c] > top:
                    nbest, nwin = c, seat
                else:
                    nbest, nwin = best, winner
                if pos == last:
                    tm = tmask | bit
                    nlive = live & ~tm
                    if side[nwin]:
                        gain = trick_cv + cv[c]
                        pts = trick_gp + gp[c]
                        na, nb = ga + pts, gb + pts
                    else:
                        slot = team_slot[nwin]
                        pts = trick_gp + gp[c]
                        na = ga - pts if slot == 0 else ga
                        nb = gb - pts if slot == 1 else gb
                        gain = 0
                    hands[seat] = hand ^ bit
                    v = gain + trick(nwin, nlive, na, nb, a - gain, b - gain)
                    hands[seat] = hand
                else:
                    hands[seat] = hand ^ bit
                    v = follow(pos + 1, leader, led, nbest, nwin, tmask | bit, live, ga, gb,
                               a, b)
                    hands[seat] = hand
                if maximize:
                    if v > g:
                        g = v
                        if g > a:
                            a = g
                            if a >= b:
                                break
                else:
                    if v < g:
                        g = v
                        if g < b:
                            b = g
                            if a >= b:
                                break
            return g

        self._trick = trick
        self._follow = follow
        self.core = PURE
        ranked = only_tricks and escapes is None and self.winning_ranks
        core = compiled() if not self.pure and (ranked or not only_tricks) else None
        if core is not None:  # the same search, compiled (see the module's note)
            params = dict(
                n=n, size=size, tricks=tricks, suit=suit, keys=keys, smask=smask,
                lead_ok=lead_ok, trump_mask=trump_mask, may_trump=may_trump, wants=wants,
                has_game=has_game, game_value=game_value, side=side, maxi=maxi,
                team_slot=team_slot, side_seats=side_seats, opp_seats=opp_seats, cv=cv, gp=gp,
                tv=tv, pos_suffix=pos_suffix, neg_suffix=neg_suffix, kind=kind,
                pos_tables=pos_tables, neg_tables=neg_tables, gp_tables=gp_tables,
                esc_seat=min(self.side) if escapes is not None else -1,
                esc_masks=[m for m in smask if m], sure_cards=sure_cards,
                runs=[(base, width.bit_length()) for base, width, _, _ in runs],
                ranks=ranked, cum=cum, least=least, trump_top=trump_top,
                hb=max(1, (n - 1).bit_length()), radix=radix)
            if self._compile(core, params):
                return
        if not ranked:
            return
        # -- winning ranks (only tricks count) ------------------------------------------------
        # The table below keys a bound on the seats' suit lengths, the leader and, per suit,
        # the holders of the top k live cards (k per suit: the ranks the proof used); every
        # lower card of the suit only counts, per seat. See the module's note.
        hb = max(1, (n - 1).bit_length())  # bits of a holder
        holder = self._holder
        rsuits: list[tuple[int, int, int, int, dict[int, tuple[int, int, tuple[int, ...]]]]] = []
        off = 0
        for base, width, _, _ in runs:
            rsuits.append((base, width, off, smask[suit[base]], {}))
            off += hb * width.bit_length()
        rfields = tuple((off_i, sm) for _, _, off_i, sm, _ in rsuits)
        cw = 4 * n  # bits of one suit's counts (a count per seat, four bits each)

        def suit_info(base: int, m: int, sm: int) -> tuple[int, int, tuple[int, ...]]:
            """One suit's live cards ``m`` (from ``base``): the counts per seat, the holders
            from the lowest (the highest card in the lowest bits) and ``tops[k]``, the cards
            of the suit from the k-th highest live one up (``tops[0]``: none)."""
            cnt = h = 0
            tops = [0]
            mm = m
            while mm:
                low = mm & -mm
                j = base + low.bit_length() - 1
                w = holder[j]
                h = h << hb | w
                cnt += 1 << 4 * w
                tops.append(j)
                mm ^= low
            cards = tops[1:]
            cards.reverse()
            return cnt, h, (0,) + tuple(sm & ~((1 << j) - 1) for j in cards)

        rk_of: dict[int, tuple[int, int, tuple[tuple[int, ...], ...]]] = {}

        def rank_key(live: int) -> tuple[int, int, tuple[tuple[int, ...], ...]]:
            prim = hs = 0
            tops = []
            for base, width, off_i, sm, cache in rsuits:
                m = (live >> base) & width
                got = cache.get(m)
                if got is None:
                    got = cache[m] = suit_info(base, m, sm)
                prim = prim << cw | got[0]
                hs |= got[1] << off_i
                tops.append(got[2])
            if len(rk_of) > CODES:
                rk_of.clear()
            out = rk_of[live] = (prim, hs, tuple(tops))
            return out

        def rel_of(ks: tuple[int, ...], tops: tuple[tuple[int, ...], ...]) -> int:
            t = 0
            for i, k in enumerate(ks):
                if k:
                    t |= tops[i][k]
            return t

        # beats[led][j]: the cards that beat card j in a trick of suit ``led``
        beats = tuple(tuple(sum(1 << x for x in range(size) if keys[led][x] > keys[led][j])
                            for j in range(size)) for led in range(5))
        rt = self.rt
        sure_r: dict[int, tuple[int, int, int, int]] = {}
        at_leader = size  # the leader's place in the key of sure_r

        rel_out = 0  # the cards whose ranks the last answer of trick_r or follow_r rests on

        def trick_r(leader: int, live: int, alpha: int, beta: int) -> int:
            """``trick`` where only tricks count, with winning ranks: sets ``rel_out``."""
            nonlocal rel_out
            if not live:
                rel_out = 0
                return 0
            solver.nodes += 1
            if solver.nodes > solver.limit:
                raise Budget
            if live.bit_count() == n:  # the last trick plays itself
                lead = hands[leader].bit_length() - 1
                power = keys[suit[lead]]
                top, nwin, w = -1, leader, lead
                for seat in seat_at[leader]:
                    c = hands[seat].bit_length() - 1
                    if power[c] > top:
                        top, nwin, w = power[c], seat, c
                # the winner's rank decided it when it beat a card of its suit
                rel_out = up[w] if live & smask[suit[w]] != 1 << w else 0
                return tv[tricks - 1] if side[nwin] else 0
            number = tricks - live.bit_count() // n
            hi = pos_suffix[number]
            lo = 0
            if hi <= alpha or lo >= beta:
                rel_out = 0
                return lo if lo >= beta else hi
            sk = live | leader << at_leader
            bounds = sure_r.get(sk)
            if bounds is None:
                if len(sure_r) > CODES:
                    sure_r.clear()
                bounds = sure_r[sk] = sure_bounds(leader, live, number)
            lo += bounds[0]
            hi -= bounds[1]
            if hi <= alpha:
                rel_out = bounds[3]
                return hi
            if lo >= beta:
                rel_out = bounds[2]
                return lo
            rk = rk_of.get(live)
            if rk is None:
                rk = rank_key(live)
            prim, hs, tops = rk
            pk = prim * n + leader
            bucket = rt.get(pk)
            lo_ks: tuple[int, ...] | None = None
            hi_ks: tuple[int, ...] | None = None
            if bucket is not None:
                for mk, ks, d in bucket:
                    got = d.get(hs & mk)
                    if got is not None:
                        if got[0] > lo:
                            lo, lo_ks = got[0], ks
                            if lo >= beta:
                                break
                        if got[1] < hi:
                            hi, hi_ks = got[1], ks
                            if hi <= alpha:
                                break
                if hi <= alpha:
                    rel_out = rel_of(hi_ks, tops) if hi_ks is not None else bounds[3]
                    return hi
            if lo >= beta or lo >= hi:
                # (bounds that meet, from the sure bounds alone too, are the value: searching
                # the empty window between them would store a child's lower bound as an upper
                # one, resting on the children's ranks without the bounds' own)
                rel = rel_of(lo_ks, tops) if lo_ks is not None else bounds[2]
                if lo >= hi:
                    rel |= rel_of(hi_ks, tops) if hi_ks is not None else bounds[3]
                rel_out = rel
                return lo
            a, b = alpha, beta
            if lo > a:
                a = lo
            if hi < b:
                b = hi
            a0, b0 = a, b
            hand = hands[leader]
            ok = hand & lead_ok or hand
            others = live & ~hand
            cands = one_of_each_run(ok, others, kind)  # lowest first
            if wants and side[leader] == maxi[leader]:
                cands.reverse()
            cl = codes.get(live)
            key = (cl if cl is not None else live_code(live)) | leader << wide
            hint = best_lead.get(key)
            if hint is not None and hint in cands and cands[0] != hint:
                cands.remove(hint)
                cands.insert(0, hint)
            maximize = maxi[leader]
            g = -INF if maximize else INF
            move = cands[0]
            grel = urel = 0
            for c in cands:
                bit = 1 << c
                hands[leader] = hand ^ bit
                v = follow_r(1, leader, suit[c], c, leader, bit, live, a, b)
                hands[leader] = hand
                crel = rel_out
                sm = smask[suit[c]]
                if crel & sm:  # a run of the leader's cards from c: all or none relevant
                    above = others & upx[c]
                    lim = sm & ((above & -above) - 1) if above else sm
                    if hand & lim & upx[c] and crel & lim:
                        crel |= up[c]
                urel |= crel
                if maximize:
                    if v > g:
                        g, move, grel = v, c, crel
                        if g > a:
                            a = g
                            if a >= b:
                                break
                else:
                    if v < g:
                        g, move, grel = v, c, crel
                        if g < b:
                            b = g
                            if a >= b:
                                break
            if g <= a0:
                nlo, nhi = -INF, g
                rel = grel if not maximize else urel
            elif g >= b0:
                nlo, nhi = g, INF
                rel = grel if maximize else urel
            else:
                nlo = nhi = g
                rel = urel
            # store under the ranks the answer rests on: per suit, its top k live cards
            mk = 0
            ks_l = []
            for off_i, sm in rfields:
                k = (live & rel & sm).bit_count()
                ks_l.append(k)
                mk |= ((1 << hb * k) - 1) << off_i
            pat = hs & mk
            if bucket is None:
                rt[pk] = [(mk, tuple(ks_l), {pat: (nlo, nhi)})]
            else:
                for emk, _, d in bucket:
                    if emk == mk:
                        got = d.get(pat)
                        if got is None:
                            d[pat] = (nlo, nhi)
                        else:
                            d[pat] = (max(got[0], nlo), min(got[1], nhi))
                        break
                else:
                    bucket.append((mk, tuple(ks_l), {pat: (nlo, nhi)}))
            best_lead[key] = move
            rel_out = rel
            return g

        def taken(w: int, number: int, rest: int, rel: int, alpha: int, beta: int
                  ) -> tuple[int, int] | None:
            """Trick ``number`` surely goes to ``w``'s team and ``w`` leads the next one with
            ``rest`` live (``follow_r``'s settled trick, or a trick a seat surely takes): the
            bound of the rest of the deal this gives where it decides the window, with the
            cards it rests on (``rel`` and the quick tricks' ranks), else None. ``w``'s quick
            tricks count against every card still to fall (more cards elsewhere only take
            masters away); a side's minimiser (a partner) cashes none."""
            if side[w]:
                got = tv[number]
                if got < beta and maxi[w] and number + 1 < tricks:
                    sure, tq = quick_of(w, rest, number + 1)
                    got += sure
                    rel |= tq
                return (got, rel) if got >= beta else None
            got = pos_suffix[number + 1]
            if got > alpha and number + 1 < tricks:
                sure, tq = quick_of(w, rest, number + 1)
                got -= sure
                rel |= tq
            return (got, rel) if got <= alpha else None

        def counted(got: int, rel: int) -> int:
            """An answer ``taken`` gave: a trick boundary reached, counted (the budget), and
            the cards it rests on in ``rel_out``."""
            nonlocal rel_out
            solver.nodes += 1
            if solver.nodes > solver.limit:
                raise Budget
            rel_out = rel
            return got

        def follow_r(pos: int, leader: int, led: int, best: int, winner: int, tmask: int,
                     live: int, alpha: int, beta: int) -> int:
            """``follow`` where only tricks count, with winning ranks: sets ``rel_out``."""
            nonlocal rel_out
            seat = seat_at[leader][pos]
            to_play = 0
            for s in seat_at[leader][pos:]:
                to_play |= hands[s]
            if not to_play & beats[led][best]:
                # the trick is settled: no seat still to play holds a card that beats it, so
                # its winner's team takes it and the winner leads next with the hand it has
                # now, whatever the others play. It rests on the winning card and the cards
                # above it (no one still to play holds them).
                number = tricks - 1 - (live & ~tmask).bit_count() // n
                hit = taken(winner, number, live & ~tmask, up[best], alpha, beta)
                if hit is not None:
                    return counted(*hit)
            else:
                # or a seat still to play takes it whatever the others play, with its lowest
                # card of the suit led that beats the trick and every card of the others
                # still to play: the trick is its team's if it wants (its maximisers' or its
                # minimisers' choice), and it leads next. It rests on that card and the
                # cards above it (the others still to play hold none).
                number = -1
                for s in seat_at[leader][pos:]:
                    if side[s] != maxi[s]:  # (a partner playing against the claim)
                        continue
                    mine = hands[s]
                    cand = mine & smask[led] & beats[led][best]
                    if not cand:
                        continue
                    rest = to_play & ~mine
                    while cand:
                        low = cand & -cand
                        c = low.bit_length() - 1
                        if not rest & beats[led][c]:
                            break
                        cand ^= low
                    else:
                        continue
                    if number < 0:
                        number = tricks - 1 - (live & ~tmask).bit_count() // n
                    hands[s] = mine ^ low
                    hit = taken(s, number, live & ~tmask & ~low, up[c], alpha, beta)
                    hands[s] = mine
                    if hit is not None:
                        return counted(*hit)
            hand = hands[seat]
            others = live & ~hand & ~tmask | 1 << best  # (what separates a run: the run rule)
            key = keys[led]
            top = key[best]
            maximize = maxi[seat]
            cands = follow_moves(seat, hand, led, best, winner, tmask, live)
            if maximize and wants and side[seat] and not side[winner] \
                    and not hand & smask[led]:
                # a discard of the claimer's side: the card most beaten first (the cards
                # still elsewhere above it in its suit), the cards that take the trick first
                rest = live & ~hand & ~tmask
                cands = [c for c in cands if key[c] > top] + sorted(
                    (c for c in cands if key[c] <= top),
                    key=lambda c: -(rest & upx[c]).bit_count())
            g = -INF if maximize else INF
            a, b = alpha, beta
            a0, b0 = a, b
            if pos == last:
                trick_v = tv[tricks - 1 - (live & ~tmask).bit_count() // n]
            grel = urel = 0
            for c in cands:
                bit = 1 << c
                if key[c] > top:
                    nbest, nwin = c, seat
                else:
                    nbest, nwin = best, winner
                hands[seat] = hand ^ bit
                if pos == last:
                    tm = tmask | bit
                    gain = trick_v if side[nwin] else 0
                    v = gain + trick_r(nwin, live & ~tm, a - gain, b - gain)
                    hands[seat] = hand
                    crel = rel_out
                    if tm & smask[suit[nbest]] != 1 << nbest:  # it beat a card of its suit
                        crel |= up[nbest]
                else:
                    v = follow_r(pos + 1, leader, led, nbest, nwin, tmask | bit, live, a, b)
                    hands[seat] = hand
                    crel = rel_out
                sm = smask[suit[c]]
                if crel & sm:  # a run of the seat's cards from c: all or none relevant
                    above = others & upx[c]
                    lim = sm & ((above & -above) - 1) if above else sm
                    if hand & lim & upx[c] and crel & lim:
                        crel |= up[c]
                urel |= crel
                if maximize:
                    if v > g:
                        g, grel = v, crel
                        if g > a:
                            a = g
                            if a >= b:
                                break
                else:
                    if v < g:
                        g, grel = v, crel
                        if g < b:
                            b = g
                            if a >= b:
                                break
            if maximize:
                rel_out = grel if g >= b0 else urel
            else:
                rel_out = grel if g <= a0 else urel
            return g

        self._trick = lambda leader, live, ga, gb, alpha, beta: trick_r(leader, live, alpha,
                                                                        beta)
        self._follow = (lambda pos, leader, led, best, winner, tmask, live, ga, gb, alpha, beta:
                        follow_r(pos, leader, led, best, winner, tmask, live, alpha, beta))
