"""Kozel replayed: one game (one deal) as a trick machine — leads, beats, discards, pulls,
the draws back to four — and what it proves about the cards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards import DECK_36, Card
from ...errors import Violation
from ...model import Deal, Entry, Key, Play, Pull, Setup
from . import feasible
from . import text as say
from .cards import DECK, HAND, CardBook, cards_text, matching, suit_text, takes, why_not
from .score import check_points, points_of
from .seen import UnseenLead
from .text import PLAYERS, UNIT, group_tricks, next_to_play

FIXED_KEYS = ("dealer", "trump", "trump_card", "hands", "stock")


@dataclass(slots=True)
class PlayRec:
    """One play or pull of a trick, as it was laid."""

    player: str
    cards: tuple[Card | None, ...]
    down: bool
    at: int
    pull: bool = False
    kind: str = ""  # lead | pull | beat | discard | no-beat
    pairs: list[tuple[Card, Card | None]] = field(default_factory=list)  # beater, beaten
    why: str = ""
    cancelled_by: str | None = None
    # a lead the table saw face down (``seen.UnseenLead``): the play of its trick that took
    # the trick from it, as the referee ruled from its cards (0: none); None: its cards decide
    ruled: int | None = None


@dataclass(slots=True)
class TrickRec:
    number: int
    expected: str | None  # who was to lead
    plays: list[PlayRec] = field(default_factory=list)  # cancelled ones included
    attempt: list[PlayRec] = field(default_factory=list)
    winning: PlayRec | None = None
    winner: str | None = None
    draws: list[tuple[str, Card | None]] = field(default_factory=list)
    points: int = 0
    sizes: list[int] = field(default_factory=list)  # hand sizes after the draws

    @property
    def leader(self) -> str | None:
        return self.attempt[0].player if self.attempt else None

    def played(self) -> list[str]:
        return [r.player for r in self.attempt]

    def points_said(self) -> str:
        """Its card points as the table can say them: ``14 points``, or ``6 points seen``
        when some of its cards went down unseen (``?``)."""
        unseen = any(c is None for r in self.attempt for c in r.cards)
        return f"{self.points} points{' seen' if unseen else ''}"


@dataclass(slots=True)
class Game:
    """One Kozel game, replayed."""

    setup: Setup
    number: int
    dealer: str
    base: int
    first_leader: str | None  # None: not checked (after a game recorded as an outcome)
    pull_option: str = "any-suit"
    trump: str | None = None
    trump_card: Card | None = None
    hands: dict[str, tuple[Card, ...]] | None = None
    stock: tuple[Card, ...] | None = None
    outcome: dict[str, dict[str, int]] | None = None
    claimed: dict[str, int] | None = None
    note: str | None = None
    key_at: dict[str, int] = field(default_factory=dict)
    book: CardBook = field(init=False)
    tricks: list[TrickRec] = field(default_factory=list)
    current: TrickRec | None = None
    leader: str | None = None
    actions: int = 0
    over: bool = False  # every card played
    known: list[int] = field(default_factory=lambda: [0, 0])
    blind: list[int] = field(default_factory=lambda: [0, 0])
    won: list[int] = field(default_factory=lambda: [0, 0])
    violations: list[Violation] = field(default_factory=list)
    # the result, once known
    finished: bool = False
    points: tuple[int, int] | None = None
    trick_counts: tuple[int, int] | None = None
    needs_points: bool = False
    last_winner: str | None = None

    def __post_init__(self) -> None:
        self.book = CardBook(self.setup.players)
        self.leader = self.first_leader

    # -- helpers ------------------------------------------------------------------------------

    def team(self, p: str) -> int:
        return self.setup.seat(p) % 2

    def team_names(self) -> list[str]:
        ps = self.setup.players
        return [f"{ps[0]} & {ps[2]}", f"{ps[1]} & {ps[3]}"]

    def flag(self, at: int, rule: str, msg: str, player: str | None,
             trick: int | None = None) -> None:
        self.violations.append(Violation(self.number, trick, player, rule, msg, at=at,
                                         unit=UNIT))

    # -- keys ---------------------------------------------------------------------------------

    def key(self, e: Key, at: int, first_action: int | None) -> None:
        if first_action is not None and at > first_action and e.name in FIXED_KEYS:
            self.flag(at, "turn-order", say.key_too_late(e.name), None)
            return
        self.key_at[e.name] = at
        if e.name in ("trump", "trump_card", "hands", "stock", "outcome", "claimed", "note"):
            setattr(self, e.name, e.value)
        elif e.name == "private":
            self.book.private = e.value is True

    def deal_cards(self) -> None:
        """Check and record what the keys say of the cards: hands, deck, the card shown."""
        if self.trump is None and self.trump_card is not None:
            self.trump = self.trump_card.suit
        seen: dict[Card, str] = {}
        drawn: set[Card] = set()  # a private deal's registered draws (from the deck)
        if self.hands is not None:
            at = self.key_at.get("hands", self.base)
            for p, cards in self.hands.items():
                for i, c in enumerate(cards):
                    self.card_in_keys(c, f"{p}'s hand" if i < HAND else f"{p}'s draws",
                                      seen, at)
                drawn.update(cards[HAND:])
                self.book.set_hand(p, cards)
        if self.stock is not None:
            at = self.key_at.get("stock", self.base)
            for c in self.stock:
                self.card_in_keys(c, "the deck", seen, at)
            self.book.set_stock(self.stock)
        tc = self.trump_card
        if tc is not None:
            at = self.key_at.get("trump_card", self.base)
            if "trump" in self.key_at:
                at = max(at, self.key_at["trump"])
            if tc not in DECK:
                self.flag(at, "card-not-in-deck", say.trump_card_not_in_deck(tc), self.dealer)
            elif tc.suit != self.trump:
                self.flag(at, "trump-card", say.trump_card_not_trump(tc, suit_text(self.trump)),
                          self.dealer)
            elif (seen.get(tc, "the deck") != "the deck" and tc not in drawn) or (
                    self.stock is not None and tc not in self.stock):
                self.flag(at, "trump-card", say.trump_card_elsewhere(
                    tc, seen.get(tc, "no list of the deck")), self.dealer)
            else:
                self.book.in_deck(tc)

    def card_in_keys(self, c: Card, where: str, seen: dict[Card, str], at: int) -> None:
        if c not in DECK:
            self.flag(at, "card-not-in-deck", say.key_card_not_in_deck(c, where), None)
        elif c in seen:
            self.flag(at, "card-duplicate", say.key_card_twice(c, seen[c], where), None)
        else:
            seen[c] = where

    # -- the tricks ---------------------------------------------------------------------------

    def trick(self, group: Sequence[tuple[int, Entry]]) -> None:
        for at, e in group:
            if isinstance(e, (Play, Pull)):
                self.act(at, e)

    def act(self, at: int, e: Play | Pull) -> None:
        self.actions += 1
        if self.current is None:
            number = len(self.tricks) + 1
            if self.over or (self.outcome is not None and self.key_at["outcome"] < at):
                more = ""
                if self.over and any(self.blind) and self.outcome is None:
                    ps = self.setup.players
                    more = say.points_example([f"{ps[0]} & {ps[2]}", f"{ps[1]} & {ps[3]}"],
                                              self.points_example())
                self.flag(at, "turn-order", say.after_the_game(e.player, more), e.player,
                          number)
                return
            if self.trump is None:
                self.flag(at, "turn-order", say.trump_unknown(), e.player, number)
            self.current = TrickRec(number, self.leader)
        t = self.current
        cards = e.cards
        rec = PlayRec(e.player, tuple(cards), isinstance(e, Play) and e.down, at,
                      pull=isinstance(e, Pull),
                      ruled=e.beaten_at if isinstance(e, UnseenLead) else None)
        if isinstance(e, Pull):
            self.pull(t, rec)
        elif not t.attempt:
            self.lead(t, rec)
        else:
            self.follow(t, rec)
        t.plays.append(rec)
        if len(t.attempt) == PLAYERS:
            self.close(t)

    def lay(self, t: TrickRec, rec: PlayRec, count_flagged: bool = False) -> None:
        p = rec.player
        n = len(rec.cards)
        if n > self.book.size[p] and not count_flagged:
            held = self.book.size[p]
            self.flag(rec.at, "card-not-held", say.hand_too_small(p, held, n), p, t.number)
        flagged: set[str] = set()
        if n > self.book.size[p]:
            flagged.add("card-not-held")
        for _c, rule, msg in self.book.take(p, rec.cards, t.number, rec.down):
            if rule not in flagged:
                flagged.add(rule)
                self.flag(rec.at, rule, msg, p, t.number)

    def lead(self, t: TrickRec, rec: PlayRec) -> None:
        p = rec.player
        exp = t.expected
        if exp is not None and p != exp:
            if t.number == 1:
                self.flag(rec.at, "lead-first", say.wrong_first_leader(p, exp, self.number), p,
                          1)
            else:
                self.flag(rec.at, "turn-order", say.wrong_leader(p, t.number, exp), p,
                          t.number)
        suits = {c.suit for c in rec.cards if c is not None}
        if rec.down:
            self.flag(rec.at, "lead-one-suit", say.lead_face_down(p), p, t.number)
        elif len(suits) > 1:
            self.flag(rec.at, "lead-one-suit", say.lead_of_suits(p, cards_text(rec.cards)), p,
                      t.number)
        self.lay(t, rec)
        rec.kind = "lead"
        t.attempt = [rec]
        t.winning = rec

    def follow(self, t: TrickRec, rec: PlayRec) -> None:
        p = rec.player
        lead = t.attempt[0]
        played = t.played()
        exp = next_to_play(lead.player, played, self.setup)
        if p != exp:
            self.flag(rec.at, "turn-order", say.out_of_turn(p, t.number, exp, p in played), p,
                      t.number)
        need = len(lead.cards)
        count_ok = len(rec.cards) == need
        if not count_ok:
            self.flag(rec.at, "play-count", say.wrong_count(p, len(rec.cards), need), p,
                      t.number)
        self.lay(t, rec, count_flagged=not count_ok)
        if rec.down:
            rec.kind = "discard"
        else:
            assert t.winning is not None
            target = t.winning.cards
            shown = [c for c in rec.cards if c is not None]
            m = matching(shown, target, self.trump)
            strange = [c for c in shown if c not in DECK]
            ruled = t.winning.ruled  # a lead the table did not see: the referee's ruling
            if (takes(rec.cards, target, self.trump, m) if ruled is None
                    else ruled == len(t.attempt)):
                rec.kind = "beat"
                rec.pairs = [(c, target[j]) for c, j in zip(shown, m, strict=True)
                             if j is not None]
                t.winning = rec
            elif strange:
                # card-not-in-deck only (as a wrong count is play-count only): a card that
                # is not in the game beats nothing, so the play counts as a discard
                rec.kind = "no-beat"
                rec.why = say.outside_deck(cards_text(strange))
            else:
                rec.kind = "no-beat"
                rec.why = (why_not(shown, target, self.trump, m) if ruled is None
                           or not count_ok else say.not_beaten_unseen())
                if count_ok:
                    self.flag(rec.at, "beat", say.no_beat(p, cards_text(rec.cards),
                                                          t.winning.player, cards_text(target),
                                                          rec.why), p, t.number)
        t.attempt.append(rec)

    def pull(self, t: TrickRec, rec: PlayRec) -> None:
        p = rec.player
        prev = t.plays[-1] if t.plays else None
        orig = t.expected if t.expected is not None else (t.plays[0].player if t.plays
                                                           else None)
        for r in t.attempt:
            r.cancelled_by = p
            self.book.give_back(r.player, r.cards, t.number)
        cards = [c for c in rec.cards if c is not None]
        suits = {c.suit for c in cards}
        if self.pull_option == "off":
            self.flag(rec.at, "pull", say.pulls_off(), p, t.number)
        elif len(cards) != HAND or len(suits) != 1:
            self.flag(rec.at, "pull", say.pull_not_four(cards_text(cards)), p, t.number)
        elif self.pull_option == "trumps" and self.trump not in suits:
            self.flag(rec.at, "pull", say.pull_not_trumps(suit_text(self.trump)), p, t.number)
        elif prev is not None and prev.pull and prev.player != p and orig is not None:
            n = len(self.setup.players)
            def dist(x: str) -> int:
                return (self.setup.seat(x) - self.setup.seat(orig)) % n
            if dist(p) > dist(prev.player):
                self.flag(rec.at, "pull", say.pulled_at_once(p, prev.player, orig), p, t.number)
        self.lay(t, rec)
        rec.kind = "pull"
        t.attempt = [rec]
        t.winning = rec

    def close(self, t: TrickRec) -> None:
        assert t.winning is not None
        w = t.winning.player
        t.winner = w
        team = self.team(w)
        for r in t.attempt:
            t.points += points_of(r.cards)
            self.blind[team] += sum(1 for c in r.cards if c is None)
        self.known[team] += t.points
        self.won[team] += 1
        self.tricks.append(t)
        self.current = None
        self.leader = w
        self.last_winner = w
        book = self.book
        p = w
        while book.deck_left > 0 and any(book.size[q] < HAND for q in self.setup.players):
            if book.size[p] < HAND:
                t.draws.append((p, book.draw(p)))
            p = self.setup.left_of(p)
        t.sizes = [book.size[q] for q in self.setup.players]
        for q, c in book.bad_draws:  # a registered draw laid before it was drawn
            self.flag(self.tricks[-1].plays[-1].at, "card-duplicate",
                      say.draw_laid_before(q, c, book.private), q, t.number)
        book.bad_draws.clear()
        if book.deck_left == 0:
            for q in self.setup.players:
                extra = book.undrawn(q)
                if extra:  # registered draws the deck never gave
                    self.flag(self.tricks[-1].plays[-1].at, "card-not-held",
                              say.draws_never_drawn(q, len(extra)), q, t.number)
                    book.due[q] = book.due[q][:book.drawn[q]]
        if book.deck_left == 0 and min(book.size.values()) == 0:
            self.over = True

    # -- the end ------------------------------------------------------------------------------

    def points_example(self) -> tuple[int, int]:
        """Card points the table could give now (the prompt's example must be accepted):
        the possible split nearest to 70-50."""
        done = self.over
        unseen = self.unseen_cards()
        for a in sorted(range(121), key=lambda x: (abs(x - 70), x)):
            if not check_points((a, 120 - a), None, self.known, unseen,
                                self.blind if done else None, self.won, done, ("", "")):
                return a, 120 - a
        return 70, 50

    def unseen_cards(self) -> list[Card]:
        """The cards not known to be in a finished trick."""
        known = {c for t in self.tricks for r in t.attempt for c in r.cards if c is not None}
        return [c for c in DECK_36 if c not in known]

    def table_points(self) -> tuple[list[int] | None, list[int] | None]:
        if self.outcome is None:
            return None, None
        names = self.team_names()
        pts = self.outcome.get("points")
        trs = self.outcome.get("tricks")
        return ([pts.get(n, 0) for n in names] if pts is not None else None,
                [trs.get(n, 0) for n in names] if trs is not None else None)

    def settle(self) -> None:
        """The game's card points and tricks, and whether a table's outcome is possible."""
        names = self.team_names()
        pts, trs = self.table_points()
        at = self.key_at.get("outcome", -1)
        problems: list[str] = []
        if self.outcome is not None:
            strangers = sorted({k for counts in self.outcome.values() for k in counts
                                if k not in names})
            if strangers:
                problems.append(f"{', '.join(strangers)}: no such player or team at this "
                                f"table ({names[0]}, {names[1]})")
            if pts is None:
                if not self.actions or not self.over or any(self.blind):
                    problems.append("the outcome needs the card points of each team (points)")
                elif trs is not None and trs != self.won:
                    problems.append(f"the tricks were {self.won[0]}-{self.won[1]}, not "
                                    f"{trs[0]}-{trs[1]}")
            else:
                done = self.over
                problems += check_points(pts, trs, self.known, self.unseen_cards(),
                                         self.blind if done else None, self.won, done, names)
                if not problems and not self.actions and trs is not None:
                    problems += feasible.problems(pts, trs, names)
            if problems:
                # one outcome, one violation (every reason in its message)
                self.flag(at, "outcome-total", "; ".join(problems),
                          None)
            if pts is None and not self.actions:
                return
        if self.over:
            self.trick_counts = (self.won[0], self.won[1])
            if not any(self.blind):
                self.points = (self.known[0], self.known[1])
                self.finished = True
            elif pts is not None:
                self.points = (pts[0], pts[1])
                self.finished = True
            else:
                self.needs_points = True
        elif self.outcome is not None and pts is not None:
            self.points = (pts[0], pts[1])
            self.trick_counts = (trs[0], trs[1]) if trs is not None else None
            self.finished = True
            self.last_winner = None

    def give_up_points(self) -> None:
        """A later game began without the card points this one needed: score what is known."""
        self.points = (self.known[0], self.known[1])
        self.finished = True


def run_game(setup: Setup, deal: Deal, number: int, dealer: str, base: int,
             first_leader: str | None, options: dict[str, Any]) -> Game:
    g = Game(setup, number, dealer, base, first_leader, pull_option=options["pull"])
    actions: list[tuple[int, Entry]] = []
    first = next((base + i for i, e in enumerate(deal.entries) if not isinstance(e, Key)), None)
    for i, e in enumerate(deal.entries):
        if isinstance(e, Key):
            g.key(e, base + i, first)
        else:
            actions.append((base + i, e))
    g.deal_cards()
    for group in group_tricks(actions):
        g.trick(group)
    g.settle()
    return g


def describe(r: PlayRec, trump: str | None) -> str:
    """One play of a trick, for ``explain``."""
    cards = cards_text(r.cards)
    if r.kind == "lead":
        return f"{r.player} leads {cards}"
    if r.kind == "pull":
        return f"{r.player} pulls {cards}: the trick starts again with {r.player} leading"
    if r.kind == "discard":
        return f"{r.player} discards face down ~{cards}"
    if r.kind == "beat":
        pairs = ", ".join(f"{a} beats {cards_text([b])}"
                          + (" (trump)" if trump and a.suit == trump and
                             b is not None and b.suit != trump else "")
                          for a, b in r.pairs)
        return f"{r.player} beats with {cards}: {pairs}"
    return f"{r.player} plays {cards} face up but does not beat ({r.why}): it counts as a " \
        "discard shown face up"

