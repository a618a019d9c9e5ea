"""Kozel, 4-card Goat (RULES.md, seed 004): beat or discard, pulls, draws back to four;
a series of games until a team has 12 loss points."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from copy import copy
from dataclasses import dataclass, field, replace
from typing import Any

from ...cards import DECK_36, Card, parse_suit, sort_hand, try_parse_card
from ...errors import IllegalEntry, NotationError, Violation
from ...model import (
    Action,
    Deal,
    DealResult,
    Entry,
    Expect,
    HandNow,
    Key,
    Play,
    Pull,
    Result,
    Setup,
    TableView,
    team_name,
)
from ...notation import key_line, resolve_player, split_actor
from ...words import count
from ..base import AfterTheEnd, Checkpoint, GameRules, Option
from ..keys import Where, common_key, read_cards, read_note, read_suit
from . import text as say
from .cards import HAND, suit_text
from .play import Game, run_game
from .score import GOAT, loss_points
from .text import PLAYERS, UNIT, group_tricks, next_to_play, parse_line, trick_line

RULES = (
    ("dealer", "The deal passes left after every game; a game written with another dealer is "
               "a violation."),
    ("card-duplicate", "A card can be in play only once per game (plays, face-down discards "
                       "that were seen, draws from a known deck)."),
    ("card-not-in-deck", "A card outside the 36-card deck (6 to ace) is refused."),
    ("card-not-held", "A player lays only cards they hold: checked when hands or the deck are "
                      "known, once a card is proven elsewhere, and against the hand's size "
                      "(at most 4)."),
    ("stock-order", "With the deck known, cards are drawn from its top in order: a card laid "
                    "while still in the deck was not drawn in order."),
    ("turn-order", "Plays go clockwise from the leader; the winner of a trick leads the next."),
    ("lead-first", "The first game is led by the player left of the dealer; every later game "
                   "by the winner of the previous game's last trick (not checked after a game "
                   "recorded as an outcome only)."),
    ("trump-card", "The card shown for trump is of the trump suit and comes from the undealt "
                   "deck."),
    ("lead-one-suit", "A lead is one to four cards, all of one suit, face up."),
    ("play-count", "Every other player lays exactly as many cards as were led."),
    ("beat", "A face-up play beats the play winning the trick one to one: every card beats a "
             "different card (same suit and higher: 6 7 8 9 J Q K 10 A; or a trump over a "
             "non-trump; two non-trump suits never beat each other). Otherwise discard face "
             "down."),
    ("pull", "Four cards of one suit may be laid face up at any moment of a trick, restarting "
             "it with the puller leading; two at once: the one nearest the leader goes first "
             "(option pull)."),
    ("outcome-total", "A game recorded as an outcome, or with discards not seen, needs each "
                      "team's card points: 120 in all, possible with the cards known, and the "
                      "trick counts must fit."),
    ("claimed-score", "A score the table wrote down (loss points) must equal the computed one."),
)

OPTIONS = (
    Option("eggs", "nothing", ("nothing", "double"),
           "after a 60-60 game, the next decided game's loss points are doubled (once)"),
    Option("pull", "any-suit", ("any-suit", "trumps", "off"),
           "which four cards of one suit may pull: any suit, only trumps, or no pull"),
)


@dataclass(slots=True)
class Series:
    games: list[Game] = field(default_factory=list)
    rows: list[DealResult] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    totals: list[int] = field(default_factory=lambda: [0, 0])
    complete: bool = False
    winner: str | None = None


def _copied(kept: tuple[Series, bool, AfterTheEnd]) -> tuple[Series, bool, AfterTheEnd]:
    """The replay's loop state, copied: a checkpoint never shares a list with a run."""
    s, eggs, end = kept
    return Series(list(s.games), list(s.rows), list(s.violations), list(s.totals), s.complete,
                  s.winner), eggs, copy(end)


class Kozel(GameRules):
    name = "kozel"
    title = "Kozel (4-card Goat)"
    short_title = "Kozel"
    seating = "partners sit opposite: seats 1+3 and 2+4"
    goat = True
    low_wins = True
    summary = ("two teams of two; lead 1-4 cards of a suit, beat them or discard face down, "
               "pull with four of a suit; 61 card points win, 12 loss points make the goat")
    player_count = (4, 4)
    deck_text = "36 cards, 6 to ace; in a suit 6 7 8 9 J Q K 10 A"
    deck = DECK_36
    options = OPTIONS
    rules = RULES
    unit = UNIT  # each deal is a game of its own
    contracts = False
    deal_keys = ("dealer", "trump", "trump_card", "hands", "private", "stock", "tricks",
                 "outcome", "claimed", "note")

    def teams(self, setup: Setup) -> list[list[str]] | None:
        ps = setup.players
        return [[ps[0], ps[2]], [ps[1], ps[3]]]

    def team_names(self, setup: Setup) -> list[str]:
        return [team_name(t) for t in self.teams(setup) or []]

    def resolve_team(self, name: str, setup: Setup) -> str:
        names = self.team_names(setup)
        for n in names:
            if n.casefold() == name.strip().casefold():
                return n
        p = resolve_player(name, setup.players, "player or team")
        return names[setup.seat(p) % 2]

    # -- the save file ------------------------------------------------------------------------

    def parse_deal(self, raw: dict[str, Any], setup: Setup, where: Where) -> Deal:
        if "tricks" in raw and "trump" not in raw and "trump_card" not in raw:
            raise where.err("trump", "the trump suit (S, H, D or C), required with tricks")
        if raw.get("private") is not True or "hands" not in raw or "stock" in raw:
            return super().parse_deal(raw, setup, where)
        # a private deal's hands: the cards dealt, then each card drawn (SAVEFILE.md)
        hands = self.read_hands(raw["hands"], setup, where, drawn=True)
        deal = super().parse_deal({k: v for k, v in raw.items() if k != "hands"}, setup, where)
        es = deal.entries
        i = 0
        while i < len(es) and isinstance(es[i], Key) and es[i].name in (  # type: ignore[union-attr]
                "dealer", "trump", "trump_card"):
            i += 1
        es.insert(i, Key("hands", hands))
        return deal

    def parse_deal_key(self, key: str, value: Any, setup: Setup, where: Where) -> list[Entry]:
        if key in ("dealer", "note", "private"):
            got = common_key(key, value, setup, where)
            assert got is not None
            return got
        if key == "trump":
            return [Key("trump", read_suit(value, where))]
        if key == "trump_card":
            cards = read_cards(value, where, key)
            if len(cards) != 1:
                raise where.err(key, "one card, like \"9D\"")
            return [Key("trump_card", cards[0])]
        if key == "hands":
            return [Key("hands", self.read_hands(value, setup, where))]
        if key == "stock":
            cards = read_cards(value, where, key)
            want = len(DECK_36) - HAND * len(setup.players)
            if len(cards) != want:
                raise where.err(key, f"the {want} undealt cards, top first (not {len(cards)})")
            return [Key("stock", cards)]
        if key == "tricks":
            return self.read_tricks(value, setup, where)
        if key == "outcome":
            return [Key("outcome", self.read_outcome(value, setup, where))]
        if key == "claimed":
            return [Key("claimed", self.read_claimed(value, setup, where))]
        if key == "note":
            return [Key("note", read_note(value, where))]
        raise where.err(key, "a key of a kozel game")

    def private_hand(self, setup: Setup, deals: Sequence[Deal], result: Result,
                     seat: str) -> int | None:
        """The 4 cards dealt (each draw is then shown as it comes, ``hand_drawn``); not with
        a stock known (a virtual deal)."""
        d = deals[-1] if deals else None
        if d is None or d.key("outcome") is not None or d.key("stock") is not None:
            return None
        return HAND

    def hand_drawn(self, setup: Setup, deals: Sequence[Deal], result: Result,
                   seat: str) -> HandNow | None:
        from .hand import hand_drawn

        return hand_drawn(self, setup, deals, result, seat)

    def read_hands(self, value: Any, setup: Setup, where: Where, drawn: bool = False
                   ) -> dict[str, tuple[Card, ...]]:
        """Each hand: the 4 cards dealt; ``drawn`` (a private deal without a stock), then
        each card drawn from the deck, in the order drawn (SAVEFILE.md ``private``)."""
        if not isinstance(value, dict):
            raise where.err("hands", "a table of player = \"cards\"")
        out: dict[str, tuple[Card, ...]] = {}
        for name, cards in value.items():
            k = f"hands.{name}"
            if not isinstance(name, str):
                raise where.err(k, "a player's name")
            try:
                p = resolve_player(name, setup.players)
            except NotationError:
                raise where.err(k, f"a seated player ({', '.join(setup.players)})") from None
            got = read_cards(cards, where, k)
            most = len(DECK_36) - HAND * (len(setup.players) - 1) if drawn else HAND
            if not HAND <= len(got) <= most:
                raise where.err(k, f"the {HAND} cards dealt to {p}"
                                + (", then each card drawn, in order" if drawn else "")
                                + f" (not {len(got)})")
            if p in out:
                raise where.err(k, f"one hand for {p}")
            out[p] = got
        return out

    def read_team_counts(self, value: Any, setup: Setup, where: Where,
                         key: str, strangers: bool = False) -> dict[str, int]:
        """team -> count. ``strangers``: a name not at this table is kept as written (an
        outcome naming nobody at the table breaks `outcome-total`, RULES.md), else refused."""
        if not isinstance(value, dict):
            raise where.err(key, "a table of team (or any member) = number")
        out: dict[str, int] = {}
        for name, n in value.items():
            k = f"{key}.{name}"
            if isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > 1000:
                raise where.err(k, "a whole number, 0 or more")
            try:
                team = self.resolve_team(str(name), setup)
            except NotationError:
                if not strangers or not str(name).strip():
                    raise where.err(k, "a team (" + ", ".join(self.team_names(setup))
                                    + ") or one of its members") from None
                team = str(name)
            if team in out:
                raise where.err(k, f"{team} named once")
            out[team] = n
        return out

    def read_claimed(self, value: Any, setup: Setup, where: Where) -> dict[str, int]:
        """The loss points the table wrote down: per team (by its name or any one member),
        or per player (SAVEFILE.md). A team named once is kept under the team's name; the
        members of a team named one by one are kept under their own names, so that each
        claim that differs is its own `claimed-score` (CLI.md)."""
        if not isinstance(value, dict):
            raise where.err("claimed", "a table of team (or player) = loss points")
        names = self.team_names(setup)
        got: list[tuple[str, str, int]] = []  # (as written: team or player, team, number)
        for name, n in value.items():
            k = f"claimed.{name}"
            if isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > 1000:
                raise where.err(k, "a whole number, 0 or more")
            try:
                team = self.resolve_team(str(name), setup)
            except NotationError:
                raise where.err(k, "a team (" + ", ".join(names)
                                + "), one of its members or a player") from None
            who = team
            if str(name).strip().casefold() != team.casefold():
                who = resolve_player(str(name), setup.players, "player or team")
            got.append((who, team, n))
        per_team = {t: sum(1 for _, tt, _ in got if tt == t) for t in names}
        out: dict[str, int] = {}
        for (who, team, n), name in zip(got, value, strict=True):
            store = team if per_team[team] == 1 else who
            if store in out:
                raise where.err(f"claimed.{name}", f"{store} named once")
            out[store] = n
        return out

    def read_outcome(self, value: Any, setup: Setup, where: Where) -> dict[str, dict[str, int]]:
        if not isinstance(value, dict):
            raise where.err("outcome", "a table with points (and tricks): "
                            "{ points = { Ala = 70, Bartek = 50 } }")
        out: dict[str, dict[str, int]] = {}
        for k, v in value.items():
            if k not in ("points", "tricks"):
                raise where.err(f"outcome.{k}", "points or tricks")
            out[k] = self.read_team_counts(v, setup, where, f"outcome.{k}", strangers=True)
        return out

    def read_tricks(self, value: Any, setup: Setup, where: Where) -> list[Entry]:
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise where.err("tricks", 'a list of strings like "Bartek: 10H KH / Celina: AH 6D '
                            '/ Darek: ~7S 8C / Ala: ~? ?"')
        if len(value) > 40:
            raise where.err("tricks", f"at most 40 tricks, not {len(value)}")
        out: list[Entry] = []
        for i, line in enumerate(value):
            k = f"tricks[{i + 1}]"
            try:
                entries = parse_line(line, setup, None, None, [])
            except NotationError as err:
                raise where.err(k, f'"Leader: cards / Name: cards / ..." ({err})') from None
            attempt = 0
            for j, e in enumerate(entries):
                attempt = 1 if isinstance(e, Pull) else attempt + 1
                if attempt == PLAYERS and j != len(entries) - 1:
                    raise where.err(k, f"one trick: {PLAYERS} plays after the last pull")
            if attempt < PLAYERS and i != len(value) - 1:
                raise where.err(k, f"{PLAYERS} plays after the last pull (only the last trick "
                                "may be unfinished)")
            out.extend(entries)
        return out

    def dump_deal(self, deal: Deal, setup: Setup) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k in ("dealer", "trump"):
            v = deal.key(k)
            if v is not None:
                out[k] = v
        tc = deal.key("trump_card")
        if tc is not None:
            out["trump_card"] = str(tc)
        hands = deal.key("hands")
        if hands is not None:
            out["hands"] = {p: " ".join(str(c) for c in hands[p])
                            for p in setup.players if p in hands}
        if deal.key("private") is not None:
            out["private"] = deal.key("private")
        stock = deal.key("stock")
        if stock is not None:
            out["stock"] = " ".join(str(c) for c in stock)
        actions = [(i, e) for i, e in enumerate(deal.entries) if isinstance(e, (Play, Pull))]
        if actions:
            out["tricks"] = [trick_line(t) for t in group_tricks(actions)]
        for k in ("outcome", "claimed", "note"):
            v = deal.key(k)
            if v is not None:
                out[k] = v
        return out

    # -- replay -------------------------------------------------------------------------------

    def run(self, setup: Setup, deals: Sequence[Deal], resume: Checkpoint | None = None
            ) -> Series:
        opts = {o.name: self.option(setup, o.name) for o in self.options}
        names = self.team_names(setup)
        s = Series()
        base = 0
        eggs_pending = False
        end = AfterTheEnd()  # the first game after the series breaks turn-order, once
        start = 0
        kept = resume.start(setup, deals) if resume is not None else None
        if resume is not None and kept is not None:  # from the finished games' state, copied
            start, base = resume.deals, resume.entries
            s, eggs_pending, end = _copied(kept)
        for i in range(start, len(deals)):
            deal, n = deals[i], i + 1
            if resume is not None and i == len(deals) - 1:
                resume.keep(setup, deals, i, base, _copied((s, eggs_pending, end)))
            if s.complete:
                end.close(n - 1)
                s.violations += end.after(n, deal, base, say.after_the_series())
                base += len(deal.entries)
                continue
            prev = s.games[-1] if s.games else None
            expected = setup.first_dealer if prev is None else setup.left_of(prev.dealer)
            written = deal.key("dealer")
            dealer = written or expected
            first = setup.left_of(dealer) if prev is None else prev.last_winner
            g = run_game(setup, deal, n, dealer, base, first, opts)
            if written is not None and written != expected:
                g.violations.insert(0, Violation(n, None, written, "dealer",
                                                 say.wrong_dealer(written, expected),
                                                 at=g.key_at.get("dealer", base), unit=UNIT))
            later = i + 1 < len(deals)
            if later and not g.finished:
                if g.needs_points:
                    g.flag(base + len(deal.entries), "outcome-total",
                           say.points_not_given(), None)
                    g.give_up_points()
                else:
                    g.flag(base + len(deal.entries), "turn-order",
                           say.left_unfinished(), None)
                    g.last_winner = None
            s.games.append(g)
            row = DealResult(n, dealer, None, g.finished, name=f"game {n}")
            if g.trump:
                row.extra["trump"] = g.trump
            if g.finished and g.points is not None:
                sc = loss_points(g.points, g.trick_counts)
                loss = list(sc.loss)
                if sc.winner is not None and eggs_pending:
                    loss = [2 * x for x in loss]
                    row.extra["doubled"] = True
                if sc.eggs:
                    eggs_pending = opts["eggs"] == "double"
                    row.extra["eggs"] = True
                elif sc.winner is not None:
                    eggs_pending = False
                row.scores = {names[0]: loss[0], names[1]: loss[1]}
                row.extra["points"] = {names[0]: g.points[0], names[1]: g.points[1]}
                if g.trick_counts is not None:
                    row.extra["tricks"] = {names[0]: g.trick_counts[0],
                                           names[1]: g.trick_counts[1]}
                row.extra["result"] = (f"eggs {g.points[0]}-{g.points[1]}" if sc.eggs else
                                       f"{g.points[0]}-{g.points[1]}")
                for t in (0, 1):
                    s.totals[t] += loss[t]
                if g.claimed is not None:
                    at = g.key_at.get("claimed", base)
                    for who, v in g.claimed.items():
                        team = who if who in names else names[setup.seat(who) % 2]
                        got = row.scores.get(team, 0)
                        if v != got:
                            g.flag(at, "claimed-score", f"{who}: claimed {v}, computed {got}",
                                   who)
                if max(s.totals) >= GOAT:
                    s.complete = True
                    goat = 0 if s.totals[0] >= GOAT else 1
                    s.winner = names[1 - goat]
            s.rows.append(row)
            s.violations.extend(g.violations)
            base += len(deal.entries)
        return s

    def replay(self, setup: Setup, deals: Sequence[Deal],
               resume: Checkpoint | None = None) -> Result:
        s = self.run(setup, deals, resume)
        names = self.team_names(setup)
        totals = {names[0]: s.totals[0], names[1]: s.totals[1]}
        expect = self.expect(setup, s)
        found = [replace(v, unit=self.unit) for v in s.violations]  # "game 3, trick 3"
        return Result(setup, s.rows, found, totals, s.winner, s.complete,
                      self.teams(setup), expect, self.table(setup, s, expect), state=s)

    # -- what comes next ----------------------------------------------------------------------

    def expect(self, setup: Setup, s: Series) -> Expect:
        if s.complete:
            return Expect(None, Action.DONE, f"the series is over: {s.winner} win", len(s.rows))
        g = s.games[-1] if s.games else None
        if g is None or g.finished:
            n = len(s.games) + 1
            dealer = setup.first_dealer if g is None else setup.left_of(g.dealer)
            return Expect(dealer, Action.TRUMP, f"game {n}: {dealer} deals and shows trump — "
                          f"'trump S' or the card shown, 'trump 9S' (or only the card points: "
                          f"{say.points_example(self.team_names(setup))})", n, None,
                          new_deal=True, dealer=dealer,
                          choices=["S", "H", "D", "C"])
        n = g.number
        if g.needs_points:
            return Expect(None, Action.OUTCOME,
                          f"game {n} is over; discards were not seen: give the "
                          "card points: "
                          f"{say.points_example(self.team_names(setup), g.points_example())}", n,
                          None, dealer=g.dealer)
        if g.trump is None and not g.actions:
            return Expect(g.dealer, Action.TRUMP, f"game {n}: {g.dealer} shows trump — "
                          "'trump S' or the card shown, 'trump 9S'", n, None, dealer=g.dealer,
                          choices=["S", "H", "D", "C"])
        t = g.current
        trick = len(g.tricks) + 1
        tag = f"trick {trick}, game {n}, trump {suit_text(g.trump)}"
        if t is None or not t.attempt:
            who = g.leader
            if who is None:
                return Expect(None, Action.LEAD, f"the leader of {tag} (not checked after a game "
                              "recorded as an outcome)", n, trick, dealer=g.dealer)
            most = min(HAND, g.book.size[who]) or 1
            what = "1 card" if most == 1 else f"1 to {most} cards of one suit"
            return Expect(who, Action.LEAD, f"{who} to lead {what} — {tag}", n, trick,
                          dealer=g.dealer)
        lead = t.attempt[0]
        who = next_to_play(lead.player, t.played(), setup)
        need = len(lead.cards)
        return Expect(who, Action.PLAY,
                      f"{who} to beat or discard {count(need, 'card')} — {tag}", n, trick,
                      dealer=g.dealer)

    def table(self, setup: Setup, s: Series, expect: Expect) -> TableView:
        names = self.team_names(setup)
        loss = f"{names[0]} {s.totals[0]}, {names[1]} {s.totals[1]}"
        if s.complete:
            return TableView(f"The series is over: {s.winner} win", [("loss points", loss)])
        g = s.games[-1] if s.games else None
        if g is None or (g.finished and expect.new_deal):
            n = len(s.games) + 1
            return TableView(f"Kozel — game {n}", [("dealer", expect.dealer or ""),
                                                    ("loss points", loss)])
        tv = TableView(f"Kozel — game {g.number}", [("dealer", g.dealer)])
        if g.trump:
            tv.lines.append(("trump", g.trump))
        if g.trump_card is not None:
            tv.lines.append(("card shown", str(g.trump_card)))
        tv.lines.append(("deck", count(g.book.deck_left, "card")))
        tv.lines.append(("card points known", f"{names[0]} {g.known[0]}, "
                         f"{names[1]} {g.known[1]}"))
        tv.lines.append(("loss points", loss))
        if g.tricks:
            last = g.tricks[-1]
            tv.lines.append(("last trick", f"{last.winner} took trick {last.number} "
                             f"({last.points_said()})"))
        if g.current is not None:
            tv.trick = [(r.player, ("pulls " if r.pull else "~" if r.down else "")
                         + " ".join("?" if c is None else str(c) for c in r.cards))
                        for r in g.current.attempt]
        if g.hands is not None:
            tv.hands = {p: sort_hand(list(g.book.known[p])) for p in setup.players}
        return tv

    # -- entries ------------------------------------------------------------------------------

    def parse_entry(self, text: str, setup: Setup, result: Result) -> list[Entry]:
        """A typed entry; what breaks a rule is left to the replay (which names the rule)."""
        exp = result.expect
        if key_line(text) is not None:
            return self.parse_typed_key(text, setup, result) or []
        body = text.split(":", 1)[1] if ":" in text else text
        words = body.split()
        if words and words[0].lower() == "trump":
            self.check_trump_shower(text, setup, exp)
            return self.typed_trump(words)
        if words and words[0].lower() == "points":
            split_actor(text, setup.players)  # (the table's count: any seat may say it)
            return self.typed_points(" ".join(words[1:]), setup, result)
        if re.fullmatch(r"\s*\d+\s*-\s*\d+\s*", body):  # '70-50', as the sheet writes it
            split_actor(text, setup.players)  # (a name that is nobody's: unreadable)
            return self.typed_points(body, setup, result)
        leader = result.table.trick[0][0] if result.table.trick else None
        played = [p for p, _ in result.table.trick]
        return parse_line(text, setup, exp.player, leader, played)

    def typed_points(self, body: str, setup: Setup, result: Result) -> list[Entry]:
        """``points 70 50`` (or ``70-50``): the card points of the teams in the order shown,
        the short form of ``outcome = { points = { ... } }``."""
        import json

        m = re.fullmatch(r"\s*(\d+)\s*(?:[-:/,]\s*|\s+)(\d+)\s*", body)
        names = self.team_names(setup)
        if m is None:
            raise NotationError("the card points of both teams, in the order shown: "
                                + say.points_example(names))
        a, b = int(m.group(1)), int(m.group(2))
        return self.parse_typed_key(f"outcome = {{ points = {{ {json.dumps(names[0])} = {a}, "
                                    f"{json.dumps(names[1])} = {b} }} }}", setup,
                                    result) or []

    def check_trump_shower(self, text: str, setup: Setup, exp: Expect) -> None:
        """RULES.md: the dealer shows the card that makes trump. A trump line naming another
        seat (``Bartek: trump H`` while Ala deals) is that seat acting out of turn: refused
        (``turn-order``). Unnamed, it is the dealer's."""
        who, _verb, _body = split_actor(text, setup.players)
        if who is not None and exp.dealer is not None and who != exp.dealer:
            raise IllegalEntry("turn-order", say.trump_not_shown_by(who, exp.dealer))

    def typed_trump(self, words: list[str]) -> list[Entry]:
        if len(words) != 2:
            raise NotationError("give the trump suit or the card shown: 'trump D' or 'trump 9D'")
        c = try_parse_card(words[1])
        if c is not None:
            return [Key("trump", c.suit), Key("trump_card", c)]
        s = parse_suit(words[1])
        if s is None:
            raise NotationError(f"{words[1]!r} is not a suit (S, H, D, C) or a card")
        return [Key("trump", s)]

    def points_line(self, extra: dict[str, Any]) -> str:
        """A finished game's card points, as ``explain`` says them: ``Card points: Ala &
        Celina 55, Bartek & Darek 65``."""
        points = extra.get("points")
        if not isinstance(points, dict) or not points:
            return ""
        return "Card points: " + ", ".join(f"{team} {v}" for team, v in points.items())

    # -- explain ------------------------------------------------------------------------------

    def explain(self, setup: Setup, deals: Sequence[Deal], deal: int,
                trick: int | None, result: Result | None = None) -> list[str]:
        from .explain import explain

        s = result.state if result is not None else self.run(setup, deals)
        return explain(self, setup, deals, deal, trick, s)

    def as_seen(self, deal: Deal) -> Deal | None:
        from .seen import as_seen

        return as_seen(deal)

    def virtual_deal(self, setup: Setup, deal_no: int, dealer: str | None) -> list[Entry]:
        rng = random.Random(f"{setup.seed}:{deal_no}")
        cards = list(DECK_36)
        rng.shuffle(cards)
        if dealer is None:
            dealer = setup.left_of(setup.first_dealer, deal_no - 1)
        hands: dict[str, list[Card]] = {p: [] for p in setup.players}
        p = setup.left_of(dealer)
        n = HAND * len(setup.players)
        for c in cards[:n]:
            hands[p].append(c)
            p = setup.left_of(p)
        stock = tuple(cards[n:])
        shown = stock[rng.randrange(len(stock) // 4, len(stock) - len(stock) // 4)]
        return [Key("trump", shown.suit), Key("trump_card", shown),
                Key("hands", {q: tuple(h) for q, h in hands.items()}), Key("stock", stock)]

    def completions(self, setup: Setup, deals: Sequence[Deal], result: Result) -> list[str]:
        exp = result.expect
        words = list(setup.players) + [f"{p} pulls:" for p in setup.players]
        if exp.action == "trump":
            return words + ["trump S", "trump H", "trump D", "trump C"]
        if exp.action == "outcome":
            return words + ["points"]
        if exp.player is None:
            return words
        return words + self.choices(setup, deals, result).cards() + ["~", "?"]


__all__ = ["Kozel"]
