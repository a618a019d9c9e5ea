"""A claim from a seat's page (``POST /s/KEY/claim`` and ``POST /s/KEY/answer``; CLI.md,
"Seats"; docs/serve.md, "Seats").

A seat claims for itself (the rest, or N tricks), showing its hand when the file does not
know it. The referee's verdict is ``referee.claims.judge``'s, as the table mode's ``claim``;
every page shows the claim pending with the verdict's word only (never its line of play nor
the deal that beats it: they could name cards still hidden) and who has not answered. Every
opponent (a player not on the claimer's side) accepts or rejects on their own page:

* accepted by them all: recorded as the table mode records it (``claimentries.claim_text``: the
  ``claim`` with ``claim_hand`` and the answers the cards cannot give), through
  ``Session.add`` under the file's lock, as ``referee add``;
* rejected by one: play goes on, the hand shown kept as the deal's ``shown``
  (``claimentries.shown_entry``, as the table mode);
* a claim of N tricks (fewer than are left) is a verdict only, as at the table: its hand shown
  is kept as ``shown`` at once and nobody answers.

The claim pending is one per file, kept in the server's memory and on record beside the save
file (``cli.serve.claimrecord``) so that a restarted server finds it again; any change of the
file made meanwhile (an entry from a seat or the terminal) cancels it, and the pages say so.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from starlette.responses import Response

from cli.serve.live import Feed
from referee.errors import WriteFailed

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Pending:
    """A claim of the rest waiting for the opponents' answers: ``made`` the version the
    pages first showed it at, ``version`` the version showing it now."""

    claimer: str
    side: tuple[str, ...]
    left: int
    verdict: str
    hand: tuple[Any, ...] | None  # the hand shown (hands unseen), else None
    held: tuple[tuple[Any, str], ...]
    nobody: tuple[Any, ...]
    game_points: int | None
    accepted: tuple[str, ...]
    waiting: tuple[str, ...]
    made: int
    version: int


@dataclass(frozen=True, slots=True)
class Note:
    """What the pages say of the last claim, on one version (``version``) only."""

    text: str
    version: int


def refused(status: int, message: str, **more: Any) -> Response:
    from cli.serve.seat import answer

    return answer(status, {"accepted": False, "rule": None, "message": message, **more})


class PhoneClaims:
    """The claim pending of one served file, and the last word said of a claim."""

    def __init__(self, seats: Any) -> None:
        from cli.serve import claimrecord

        self.seats = seats
        self.pending: Pending | None = None
        self.note: Note | None = None
        # a claim on record from a server before this one, shown at the first version drawn
        self.found = claimrecord.read(self.path, tuple(seats.players))
        self.stored: int | None = None  # the version of the claim on record (this server's)
        self._lock = threading.Lock()

    def keep(self, p: Pending | None) -> None:
        """``p`` the claim pending, in memory and on record (None: none; under the file's
        lock)."""
        from cli.serve import claimrecord

        self.pending = p
        if p is None:
            claimrecord.remove(self.path)
            self.stored = None
        else:
            try:
                claimrecord.write(self.path, p)
            except WriteFailed:  # (made read-only by hand): the claim goes on in memory; an
                claimrecord.remove(self.path)  # older state must not come back at a restart
                self.stored = None
                return
            self.stored = p.version

    def settle(self, version: int) -> None:
        """At a page of ``version``: the claim found on record shown now if the save file is
        still the one it was made on (else forgotten), and the record of a claim the table
        has moved past removed."""
        from cli.serve import claimrecord

        if self.found is None and (self.stored is None or version <= self.stored):
            return
        with self._lock:
            f, self.found = self.found, None
            if f is not None:
                if self.pending is None and claimrecord.digest(self.path) == f.sha:
                    self.pending = Pending(**f.fields, made=version, version=version)
                    self.stored = version
                else:
                    claimrecord.remove(self.path)
            if self.stored is not None and version > self.stored:
                claimrecord.remove(self.path)
                self.stored = None

    @property
    def path(self) -> Path:
        p: Path = self.seats.path
        return p

    # -- what the pages show -------------------------------------------------------------------

    def view(self, version: int) -> Json:
        """``claim_pending`` and ``claim_said`` of the page of ``version`` (read without a
        lock: each record is replaced whole)."""
        self.settle(version)
        p, n = self.pending, self.note
        pending: Json | None = None
        said: str | None = None
        if p is not None and p.version == version:
            pending = {"claimer": p.claimer, "side": list(p.side),
                       "tricks": "rest", "left": p.left, "verdict": p.verdict,
                       "hand": None if p.hand is None else [str(c) for c in p.hand],
                       "accepted": list(p.accepted), "waiting": list(p.waiting)}
        elif p is not None and p.version + 1 == version:
            said = f"{p.claimer}'s claim was cancelled: the table changed before every " \
                   "opponent answered"
        if n is not None and n.version == version:
            said = n.text
        return {"claim_pending": pending, "claim_said": said}

    def live(self, version: int) -> Pending | None:
        self.settle(version)
        p = self.pending
        return p if p is not None and p.version == version else None

    # -- the writes (in a worker thread) -------------------------------------------------------

    def claim(self, feed: Feed, name: str, body: Json) -> Response:
        from cli.serve.seat import answer, stale
        from referee.claims import ClaimError, HandNeeded, judge
        from referee.errors import NotationError
        from referee.history.session import Session
        from referee.notation import parse_cards
        from referee.store import filelock

        version = body["version"]
        tricks = body.get("tricks", "rest")
        if tricks != "rest" and (isinstance(tricks, bool) or not isinstance(tricks, int)
                                 or tricks < 1):
            return refused(400, 'tricks: "rest" or a number of tricks (1 or more)')
        hand_text = body.get("hand")
        if hand_text is not None and not isinstance(hand_text, str):
            return refused(400, "hand: the cards shown (a text like 'AS KS 7H'), or null")
        who = body.get("claimer")
        if who is not None and who != name:
            return answer(403, {"accepted": False, "rule": None,
                                "message": f"{name} may claim only for {name}"})
        with filelock.locked(self.path):
            feed.refresh()
            now = feed.state.version
            if version != now:
                return stale(now)
            if self.live(now) is not None:
                return stale(now, "a claim is pending: answer it first")
            s = Session.load(self.path)
        if "claim" not in s.rules.deal_keys:
            return refused(422, f"{s.rules.title} has no claims (no tricks to claim)")
        n = None if tricks == "rest" else tricks
        hand = None
        try:
            try:  # the same judge as the table's claim, in the page's budgets
                verdict = judge(s.setup, s.deals, name, tricks=n)
            except HandNeeded:
                if not hand_text or not hand_text.strip():
                    return refused(422, f"{name}'s hand is not in the file: show it (the "
                                   "cards still held)", hand_needed=True)
                hand = tuple(parse_cards(hand_text))
                verdict = judge(s.setup, s.deals, name, tricks=n, hand=hand)
        except ClaimError as e:
            return refused(422, str(e))
        except NotationError as e:
            return refused(400, str(e))
        rest = verdict.tricks >= verdict.left
        answers: tuple[Any, ...] = ((), (), None)
        if rest:
            got = questions(s, name, hand or (), body)
            if isinstance(got, Response):
                return got
            answers = got
            wrong = checked(s, name, hand, answers)
            if wrong is not None:
                return wrong
        with filelock.locked(self.path):
            feed.refresh()
            now = feed.state.version
            if now != version:  # an entry landed while the claim was judged
                return stale(now)
            if not rest:  # a claim of some tricks: a verdict only, as at the table
                self.note = Note(f"{name} claimed {verdict.tricks} of the {verdict.left} "
                                 f"tricks left: the referee says the claim "
                                 f"{said_word(verdict.verdict)}; play goes on", now + 1)
                self.keep_shown(feed, name, hand)
                return answer(200, {"accepted": True, "version": feed.state.version,
                                    "verdict": verdict.verdict})
            waiting = tuple(p for p in s.setup.players if p not in verdict.side)
            held, nobody, points = answers
            self.keep(Pending(name, tuple(verdict.side), verdict.left, verdict.verdict,
                              hand, held, nobody, points, (), waiting, now + 1, now + 1))
            feed.bump()
            return answer(200, {"accepted": True, "version": feed.state.version,
                                "verdict": verdict.verdict})

    def answer(self, feed: Feed, name: str, body: Json) -> Response:
        from cli.serve.seat import answer, stale
        from referee.store import filelock

        version = body["version"]
        accept = body.get("accept")
        if not isinstance(accept, bool):
            return refused(400, "accept: true or false")
        with filelock.locked(self.path):
            feed.refresh()
            now = feed.state.version
            p = self.live(now)
            if p is None:
                return stale(now, "no claim is pending")
            if name == p.claimer or name in p.side:
                return answer(403, {"accepted": False, "rule": None,
                                    "message": f"{name} does not answer their own side's "
                                               "claim"})
            if not p.made <= version <= now:
                return stale(now)
            if name not in p.waiting:
                return stale(now, f"{name} has answered already")
            if not accept:
                self.keep(None)
                self.note = Note(f"{name} rejected {p.claimer}'s claim: play goes on",
                                 now + 1)
                self.keep_shown(feed, p.claimer, p.hand)
            elif len(p.waiting) > 1:
                self.keep(replace(p, accepted=(*p.accepted, name),
                                  waiting=tuple(w for w in p.waiting if w != name),
                                  version=now + 1))
                feed.bump()
            else:
                refusal = self.record(feed, p, now)
                if refusal is not None:
                    return refusal
            return answer(200, {"accepted": True, "version": feed.state.version})

    # -- what a claim writes (under the file's lock) -------------------------------------------

    def keep_shown(self, feed: Feed, claimer: str, hand: tuple[Any, ...] | None) -> None:
        """The hand shown kept as the deal's ``shown`` (nothing new: the pages told)."""
        from referee.history.claimentries import shown_entry
        from referee.history.session import Session

        s = Session.load(self.path)
        got = shown_entry(s.rules, s.setup, s.deals, claimer, hand)
        if got is None:
            feed.bump()
            return
        s.add(got[0])
        feed.refresh()
        self.seats.site.tell_entry(claimer, got[0])

    def record(self, feed: Feed, p: Pending, now: int) -> Response | None:
        """The claim accepted by every opponent, recorded as the table mode records it."""
        from referee.history.claimentries import claim_text
        from referee.history.session import Session

        s = Session.load(self.path)
        text = claim_text(s.rules, s.setup, p.claimer, p.hand or (), p.held, p.nobody,
                          p.game_points)
        self.keep(None)
        self.note = Note(f"{p.claimer}'s claim was accepted by "
                         f"{', '.join((*p.accepted, *p.waiting))}: recorded", now + 1)
        wrong = added(s, text)
        if wrong is not None:
            self.keep(p)
            self.note = None
            return wrong
        feed.refresh()
        self.seats.site.tell_entry(p.claimer, text)
        return None


def checked(s: Any, claimer: str, hand: tuple[Any, ...] | None,
            answers: tuple[Any, ...]) -> Response | None:
    """The claim of the rest as it would be recorded, tried on ``s`` now (never saved): a
    refusal (422, its rule) when the strict path of ``add`` would refuse it: an answer the
    cards contradict, in a private deal one that contradicts a registered hand
    (``referee.history.claimseen``: whose is not said). None: it would be recorded."""
    from referee.history.claimentries import claim_text

    held, nobody, points = answers
    text = claim_text(s.rules, s.setup, claimer, hand or (), held, nobody, points)
    s.path = None  # (a trial: the session is dropped after it)
    return added(s, text)


def added(s: Any, text: str) -> Response | None:
    """``text`` added to the session ``s`` by the strict path of ``add``: None, or its
    refusal (422; the rule an entry broke)."""
    from referee.errors import IllegalEntry, NotationError

    try:
        s.add(text)
    except IllegalEntry as e:
        return refused(422, e.bare, rule=e.rule)
    except NotationError as e:
        return refused(422, str(e))
    return None


def said_word(verdict: str) -> str:
    return {"holds": "holds", "fails": "fails"}.get(verdict, "is not proven")


def questions(s: Any, claimer: str, shown: tuple[Any, ...], body: Json
              ) -> tuple[Any, ...] | Response:
    """The answers the cards cannot give (``GameRules.claim_questions``), from the claim's
    body: ``held`` {card: name or "nobody"} for each card asked that the hand shown does not
    hold, ``game_points`` when asked. Missing: 422 naming them (``questions``)."""
    from referee.cards import try_parse_card
    from referee.errors import NotationError
    from referee.history.claimseen import claim_questions
    from referee.notation import resolve_player

    cards, points = claim_questions(s.rules, s.setup, s.deals, s.result(), claimer)
    asked = [c for c in cards if c not in shown]
    given = body.get("held") or {}
    if not isinstance(given, dict):
        return refused(400, 'held: {"CARD": "NAME" or "nobody"}')
    by_card = {}
    for k, v in given.items():
        c = try_parse_card(k) if isinstance(k, str) else None
        if c is None or not isinstance(v, str):
            return refused(400, 'held: {"CARD": "NAME" or "nobody"}')
        by_card[c] = v
    game = body.get("game_points")
    missing = [str(c) for c in asked if c not in by_card]
    if missing or (points and (isinstance(game, bool) or not isinstance(game, int))):
        return refused(422, "the claim needs the answers the cards cannot give: who held "
                       + (", ".join(missing) or "-") + (" and the game points still in hand"
                                                       if points else ""),
                       questions={"cards": [str(c) for c in asked], "game_points": points})
    held, nobody = [], []
    for c in asked:
        who = by_card[c].strip()
        if who.lower() in ("nobody", "none", "-"):
            nobody.append(c)
            continue
        try:
            held.append((c, resolve_player(who, s.setup.players)))
        except NotationError as e:
            return refused(400, str(e))
    return tuple(held), tuple(nobody), (game if points else None)
