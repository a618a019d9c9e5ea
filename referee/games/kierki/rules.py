"""Kierki: seven penalty deals, four trump deals and the small lottery (RULES.md, seed 000)."""

from __future__ import annotations

from collections.abc import Sequence
from copy import copy
from typing import TYPE_CHECKING, Any

from ...cards import DECK_52, GLYPH, SUIT_NAME, Card, parse_card_words, parse_suit, sort_hand
from ...errors import IllegalEntry, NotationError, SaveFileError, Violation
from ...model import (
    Action,
    Deal,
    DealResult,
    Entry,
    Expect,
    Key,
    Pass,
    Play,
    Result,
    Setup,
    TableView,
)
from ...notation import parse_cards, split_actor
from ...store.claimkeys import dump as claim_dump
from ...store.claimkeys import read as claim_read
from ...trick import plays_in_turn, show_tricks
from ..base import AfterTheEnd, Checkpoint, GameRules, Option
from ..keys import Where, check_hands, common_key, dump_common, read_cards, read_hands, read_suit
from . import outcome
from . import text as kt
from .play import DEALS, LOTTERY, NAMES, TRUMP_DEALS, DealState, kind, replay_deal

if TYPE_CHECKING:
    from ..tricks import TrickGame

# one Play a (player, card): a value, shared by every trick line that reads it (a frozen
# dataclass costs more to make than to look up)
_PLAYS: dict[tuple[str, Card], Play] = {}

RULES = (
    ("dealer", "The deal passes left after every deal; a deal written with another dealer "
               "is a violation."),
    ("card-duplicate", "A card can be in play only once per deal."),
    ("card-not-in-deck", "A card outside the 52-card deck is refused (the joker, say)."),
    ("card-not-held", "A player plays only a card they hold (checked when hands are known)."),
    ("turn-order", "A player plays only in turn; the winner of a trick leads the next."),
    ("lead-first", "Deals 1-7: the player left of the dealer leads the first trick. Deals 8-11: "
                   "the dealer (who names trump) leads. (Deal 12: the dealer has the first "
                   "turn; a first turn out of turn is turn-order.)"),
    ("follow-suit", "Follow the suit led if able; otherwise any card. No duty to trump."),
    ("hearts-lead", "Deals 2, 5 and 7: hearts may not be led unless the leader holds only "
                    "hearts."),
    ("fantan-must-play", "The small lottery: pass only if no card of yours can be played."),
    ("fantan-seven", "The small lottery: a suit is opened only with its 7 (option "
                     "fantan_start_rank)."),
    ("fantan-sequence", "The small lottery: play the next card above the top or below the "
                        "bottom of an opened suit."),
    ("outcome-total", "A deal recorded as an outcome must be possible: counts add up "
                      "(13 tricks, 13 hearts, 4 queens, 8 jacks and kings), names are seated."),
    ("claimed-score", "A score the table wrote down must equal the computed one."),
)


class _ReadAs(Where):
    """Read a deal's keys as deal ``like`` would be read; errors name the real deal."""

    def __init__(self, where: Where, like: int) -> None:
        super().__init__(where.file, like)
        self.real = where

    def err(self, key: str, expected: str) -> SaveFileError:
        return self.real.err(key, expected)


def _as_tricks(plays: Sequence[Play | Pass], setup: Setup) -> bool:
    """Plays that a ``tricks`` list writes back exactly: 4 a line, clockwise, no pass."""
    for i, e in enumerate(plays):
        if not isinstance(e, Play):
            return False
        if i % 4 and e.player != setup.left_of(plays[i - 1].player):
            return False
    return True


class Kierki(GameRules):
    name = "kierki"
    title = "Kierki"
    short_title = "Kierki"
    analysis = "tricks"
    summary = ("Polish compendium: 7 penalty deals, 4 trump deals and the small lottery; "
               "highest total wins")
    player_count = (4, 4)
    deck_text = "52 cards, ace high"
    deck = DECK_52
    options = (
        Option("stop_when_penalties_gone", False, (True, False),
               "end a penalty deal as soon as every penalty it can give has been taken"),
        Option("trump_chooser", "dealer", ("dealer", "left"),
               "who names trump (after seeing 5 cards) and leads in deals 8-11"),
        Option("fantan_start_rank", 7, (7, 8), "the rank that opens a suit in the small lottery"),
    )
    rules = RULES
    deal_keys = ("dealer", "hands", "private", "trump", "tricks", "turns", "shown", "claim",
                 "claim_hand", "outcome", "claimed", "note")

    # -- the save file ------------------------------------------------------------------------

    def trick_game(self) -> TrickGame:
        from .tricks import TRICK_GAME

        return TRICK_GAME

    def parse_deal(self, raw: dict[str, Any], setup: Setup, where: Where) -> Deal:
        if where.deal is not None and where.deal > DEALS:
            return self.parse_late(raw, setup, where)
        if "outcome" in raw and ("tricks" in raw or "turns" in raw):
            raise where.err("outcome", "either an outcome or the cards played, not both")
        if "outcome" in raw and "claim" in raw:
            raise where.err("claim", "no claim beside an outcome (the outcome says it all)")
        n = where.deal or 0
        if "tricks" in raw and n == LOTTERY:
            raise where.err("tricks", "'turns' in deal 12 (the small lottery)")
        if "turns" in raw and n != LOTTERY:
            raise where.err("turns", f"'tricks' in deal {n} ('turns' is for deal 12)")
        if "tricks" in raw and n in TRUMP_DEALS and "trump" not in raw:
            raise where.err("trump", f"the trump suit of deal {n} (required with tricks)")
        if raw.get("private") is True and "hands" in raw:  # some hands only (SAVEFILE.md)
            from ...history.private import check_some, put_hands

            hands = read_hands(raw["hands"], setup, where)
            check_some(hands, setup, 13, DECK_52, where)
            deal = super().parse_deal({k: v for k, v in raw.items() if k != "hands"}, setup,
                                      where)
            put_hands(deal, hands)
            return deal
        if "private" in raw and "hands" not in raw:
            raise where.err("private", "the hands shown to the referee (hands) beside it")
        return super().parse_deal(raw, setup, where)

    def private_hand(self, setup: Setup, deals: Sequence[Deal], result: Result,
                     seat: str) -> int | None:
        """Every Kierki deal deals 13 cards to each player."""
        d = deals[-1] if deals else None
        if d is None or d.key("outcome") is not None or len(deals) > DEALS:
            return None
        return 13

    def parse_late(self, raw: dict[str, Any], setup: Setup, where: Where) -> Deal:
        """A deal written after the 12th: the game was over (RULES.md "Common to all games").
        It is read as the kind of deal its keys say, so that the file loads and the replay
        reports it (``turn-order``, once); it is never scored. Its outcome is kept as written."""
        like = LOTTERY if "turns" in raw else (TRUMP_DEALS[0] if "trump" in raw else 1)
        deal = super().parse_deal({k: v for k, v in raw.items() if k != "outcome"}, setup,
                                  _ReadAs(where, like))
        if "outcome" in raw:
            if not isinstance(raw["outcome"], dict):
                raise where.err("outcome", "a table, e.g. outcome = { hearts = { Ala = 3 } }")
            deal.entries.append(Key("outcome", raw["outcome"]))
        return deal

    def parse_deal_key(self, key: str, value: Any, setup: Setup, where: Where) -> list[Entry]:
        n = where.deal or 0
        got = common_key(key, value, setup, where)
        if got is not None:
            first = got[0]
            if key == "hands" and isinstance(first, Key):
                check_hands(first.value, setup, where, 13, DECK_52)
            return got
        if key == "trump":
            if n not in TRUMP_DEALS:
                raise where.err("trump", f"no trump in deal {n} (only deals 8-11 have one)")
            return [Key("trump", read_suit(value, where))]
        if key == "outcome":
            return [Key("outcome", outcome.read_outcome(value, setup, where))]
        if key == "claim":
            if n == LOTTERY:
                raise where.err("claim", "no claim in deal 12 (the small lottery has no "
                                "tricks)")
            return claim_read(self, value, setup, where)
        if key == "tricks":
            return self.read_tricks(value, setup, where)
        if key == "turns":
            return self.read_turns(value, setup, where)
        raise where.err(key, "a key of a kierki deal")

    def read_tricks(self, value: Any, setup: Setup, where: Where) -> list[Entry]:
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise where.err("tricks", 'a list of strings like "Bartek: 2C 5C KC AC"')
        if len(value) > 13:
            raise where.err("tricks", f"at most 13 tricks, not {len(value)}")
        players = setup.players
        seat_of = {p: i for i, p in enumerate(players)}
        turn_from = [players[i:] + players[:i] for i in range(len(players))]  # by leader's seat
        last = len(value) - 1
        out: list[Entry] = []
        plays = _PLAYS
        get = plays.get
        for i, line in enumerate(value):
            head, colon, body = line.partition(":")
            # the usual line, an exact name and canonical cards, is read here at once
            seat = seat_of.get(head.strip(), -1) if colon else -1
            cards = parse_card_words(body) if seat >= 0 else None
            if cards is None:
                k = f"tricks[{i + 1}]"
                leader, cards = self.read_line(line, setup, where, k)
                if leader is None:
                    raise where.err(k, '"Leader: card card card card"')
                seat = seat_of[leader]
            n = len(cards)
            if n != 4 and (n > 4 or i != last or not n):
                raise where.err(f"tricks[{i + 1}]", "4 cards (only the last trick may be "
                                "shorter)")
            for pc in zip(turn_from[seat], cards, strict=False):
                e = get(pc)
                if e is None:
                    if len(plays) > 4096:  # names from many files: kept small
                        plays.clear()
                    e = plays[pc] = Play(pc[0], (pc[1],))
                out.append(e)
        return out

    def read_line(self, line: str, setup: Setup, where: Where,
                  key: str) -> tuple[str | None, list[Card]]:
        head, colon, body = line.partition(":")
        if colon:  # the usual line: an exact name and canonical cards
            name = head.strip()
            if name in setup.players:
                cards = parse_card_words(body)
                if cards is not None:
                    return name, cards
                if body.strip().lower() == "pass":
                    return name, []
        try:
            who, _verb, body = split_actor(line, setup.players)
        except NotationError as e:
            raise where.err(key, f'"Name: cards" with a seated player ({e})') from None
        if body.strip().lower() == "pass":
            return who, []
        return who, list(read_cards(body, where, key))

    def read_turns(self, value: Any, setup: Setup, where: Where) -> list[Entry]:
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise where.err("turns", 'a list of strings like "Darek: 7H" or "Ala: pass"')
        out: list[Entry] = []
        for i, line in enumerate(value):
            k = f"turns[{i + 1}]"
            who, cards = self.read_line(line, setup, where, k)
            if who is None or len(cards) > 1:
                raise where.err(k, '"Name: card" or "Name: pass"')
            out.append(Play(who, (cards[0],)) if cards else Pass(who))
        return out

    def dump_all(self, deals: Sequence[Deal], setup: Setup) -> list[dict[str, Any]]:
        return [self.dump_numbered(d, setup, i + 1) for i, d in enumerate(deals)]

    def dump_at(self, deals: Sequence[Deal], i: int, setup: Setup) -> dict[str, Any]:
        return self.dump_numbered(deals[i], setup, i + 1)

    def dump_deal(self, deal: Deal, setup: Setup) -> dict[str, Any]:
        return self.dump_numbered(deal, setup, 0)

    def dump_numbered(self, deal: Deal, setup: Setup, number: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k in ("dealer", "hands", "private", "trump"):
            v = dump_common(deal, k)
            if v is not None:
                out[k] = v
        plays = [e for e in deal.entries if isinstance(e, (Play, Pass))]
        if number == LOTTERY or number > DEALS and not _as_tricks(plays, setup):
            out["turns"] = [f"{e.player}: pass" if isinstance(e, Pass) else
                            f"{e.player}: {e.cards[0]}" for e in plays]
        elif plays:
            lines = []
            for i in range(0, len(plays), 4):
                group = [e for e in plays[i:i + 4] if isinstance(e, Play)]
                lines.append(f"{group[0].player}: " + " ".join(str(e.cards[0]) for e in group))
            out["tricks"] = lines
        shown = dump_common(deal, "shown")
        if shown is not None:
            out["shown"] = shown
        claim = deal.key("claim")
        if claim is not None:
            out.update(claim_dump(claim))
        for k in ("outcome", "claimed", "note"):
            v = deal.key(k)
            if v is not None:
                out[k] = v
        return out

    # -- replay -------------------------------------------------------------------------------

    def opts(self, setup: Setup) -> dict[str, Any]:
        return {o.name: self.option(setup, o.name) for o in self.options}

    def run(self, setup: Setup, deals: Sequence[Deal],
            resume: Checkpoint | None = None) -> list[DealState]:
        options = self.opts(setup)
        states: list[DealState] = []
        base = 0
        end = AfterTheEnd()
        first = 0
        kept = resume.start(setup, deals) if resume is not None else None
        if resume is not None and kept is not None:  # from the finished deals' state, copied
            first, base, states, end = resume.deals, resume.entries, list(kept[0]), copy(kept[1])
        for i in range(first, len(deals)):
            deal, n = deals[i], i + 1
            if resume is not None and i == len(deals) - 1 and i < DEALS:
                resume.keep(setup, deals, i, base, (list(states), copy(end)))
            if i >= DEALS:  # after the end: counts for nothing, reported once (with deal 12's)
                end.close(DEALS)
                states[-1].violations += end.after(n, deal, base, f"the game was over after "
                                                   f"deal {DEALS}: deal {n} counts for nothing")
                base += len(deal.entries)
                continue
            expected = setup.first_dealer if i == 0 else setup.left_of(states[-1].dealer)
            written = deal.key("dealer")
            st = replay_deal(setup, deal, n, written or expected, base, options)
            abandoned = i + 1 < len(deals) and not st.finished and st.outcome is None
            if abandoned:  # over all the same: it scores the penalties taken so far
                st.finished = True
            self.after_entries(st, deal, expected, written, base)
            if abandoned:
                st.violations.append(Violation(n, None, None, "turn-order",
                                               kt.left_unfinished(),
                                               at=base + len(deal.entries)))
            states.append(st)
            base += len(deal.entries)
        return states

    def after_entries(self, st: DealState, deal: Deal, expected: str, written: str | None,
                      base: int) -> None:
        def at(key: str) -> int:
            idx = max(i for i, e in enumerate(deal.entries) if isinstance(e, Key)
                      and e.name == key)
            return base + idx

        n = st.number
        if written is not None and written != expected:
            st.violations.insert(0, Violation(n, None, written, "dealer",
                                              kt.wrong_dealer(written, expected),
                                              at=at("dealer")))
        if st.outcome is not None:
            where = at("outcome")
            if st.tricks or st.turns or st.current:
                st.violations.append(Violation(n, None, None, "outcome-total",
                                               kt.outcome_after_cards(), at=where))
            else:
                for problem in outcome.check(n, st.outcome, st.setup.players,
                                             st.setup.left_of(st.dealer)):
                    st.violations.append(Violation(n, None, None, "outcome-total",
                                                   problem, at=where))
                st.scores = outcome.score(n, st.outcome, st.setup.players)
                st.finished = True
        if st.claimed is not None and st.finished:
            for p, v in st.claimed.items():
                if v != st.scores[p]:
                    st.violations.append(Violation(n, None, p, "claimed-score",
                                                   f"{p}: claimed {v}, computed "
                                                   f"{st.scores[p]}", at=at("claimed")))

    def replay(self, setup: Setup, deals: Sequence[Deal],
               resume: Checkpoint | None = None) -> Result:
        states = self.run(setup, deals, resume)
        violations = [v for st in states for v in st.violations]
        rows = []
        totals = {p: 0 for p in setup.players}
        for st in states:
            rows.append(DealResult(st.number, st.dealer, dict(st.scores), st.finished,
                                   name=NAMES[st.number], claimed=st.claimed,
                                   not_played=st.not_played, left_out=st.left_out()))
            if st.finished:
                for p, v in st.scores.items():
                    totals[p] += v
        complete = len(states) == DEALS and states[-1].finished
        winner: str | list[str] | None = None
        if complete:
            best = max(totals.values())
            tops = [p for p in setup.players if totals[p] == best]
            winner = tops[0] if len(tops) == 1 else tops
        expect = self.expect(setup, states, complete)
        return Result(setup, rows, violations, totals, winner, complete, None, expect,
                      self.table(setup, states, expect), state=states)

    # -- what comes next ----------------------------------------------------------------------

    def expect(self, setup: Setup, states: list[DealState], complete: bool) -> Expect:
        if complete:
            return Expect(None, Action.DONE, "the game is over", len(states))
        if not states or states[-1].finished:
            n = len(states) + 1
            dealer = setup.first_dealer if not states else setup.left_of(states[-1].dealer)
            probe = DealState(setup, n, dealer, 0,
                              trump_chooser=self.option(setup, "trump_chooser"))
            e = self.expect_in(probe)
            e.new_deal = True
            e.dealer = dealer
            return e
        return self.expect_in(states[-1])

    def expect_in(self, st: DealState) -> Expect:
        n = st.number
        tag = f"deal {n}: {NAMES[n]}"
        if n == LOTTERY:
            turn = len(st.turns) + 1
            return Expect(st.to_move, Action.TURN, f"{st.to_move} to play to the layout or pass — "
                          f"turn {turn} ({tag})", n, None, dealer=st.dealer)
        trick = len(st.tricks) + 1
        if n in TRUMP_DEALS and st.trump is None and not st.tricks and st.current is None:
            who = st.chooser()
            return Expect(who, Action.TRUMP, f"{who} to name trump ({tag})", n, 1, dealer=st.dealer,
                          choices=["S", "H", "D", "C"])
        if st.current is None:
            return Expect(st.leader, Action.LEAD, f"{st.leader} to lead — trick {trick} ({tag})", n,
                          trick, dealer=st.dealer)
        led = st.current.plays[0].card.suit
        return Expect(st.to_move, Action.PLAY, f"{st.to_move} to follow {GLYPH.get(led, led)} — "
                      f"trick {trick} ({tag})", n, trick, dealer=st.dealer)

    def table(self, setup: Setup, states: list[DealState], expect: Expect) -> TableView:
        if not states or (states[-1].finished and expect.new_deal):
            n = len(states) + 1
            if n > DEALS:
                return TableView("The game is over")
            return TableView(f"Deal {n} of {DEALS} — {NAMES[n]}",
                             [("dealer", expect.dealer or "")])
        st = states[-1]
        tv = TableView(f"Deal {st.number} of {DEALS} — {NAMES[st.number]}",
                       [("dealer", st.dealer)])
        if st.trump:
            tv.lines.append(("trump", st.trump))
        if st.number == LOTTERY:
            for s in ("S", "H", "D", "C"):
                ranks = sorted(st.layout.get(s, ()))
                if ranks:
                    tv.lines.append((s, " ".join(str(Card(r, s)) for r in ranks)))
            tv.lines.append(("out", ", ".join(st.out) or "nobody yet"))
        elif st.outcome is None:
            tv.trick = show_tricks(tv.lines, st.tricks, st.current, 13, st.finished)
        if st.know.hands is not None:
            tv.hands = {p: sort_hand(h) for p, h in st.know.hands.items()}
        return tv

    # -- entries ------------------------------------------------------------------------------

    def parse_entry(self, text: str, setup: Setup, result: Result) -> list[Entry]:
        keyed = self.parse_typed_key(text, setup, result)
        if keyed is not None:
            return keyed
        exp = result.expect
        who, _verb, body = split_actor(text, setup.players)
        words = body.split()
        if not words:
            raise NotationError(kt.NOTHING)
        player = who or exp.player
        if player is None:
            raise NotationError(kt.NAME_THE_PLAYER)
        if words[0].lower() == "trump":
            if exp.action != "trump":
                raise NotationError(kt.NO_TRUMP_NOW)
            if player != exp.player:
                raise IllegalEntry("turn-order", kt.names_trump(exp.player, player))
            if len(words) != 2:
                raise NotationError(kt.ONE_SUIT)
            suit = parse_suit(words[1])
            if suit is None:
                raise NotationError(kt.not_a_suit(words[1]))
            return [Key("trump", suit)]
        if words == ["pass"] or words == ["PASS"] or body.lower() == "pass":
            if exp.action != "turn":
                raise NotationError(kt.PASS_ONLY_IN_LOTTERY)
            return [Pass(player)]
        cards = parse_cards(body)
        if exp.action == "turn":
            if len(cards) != 1:
                raise NotationError(kt.ONE_CARD_A_TURN)
            return [Play(player, (cards[0],))]
        return plays_in_turn(setup, player, cards)

    # -- explain ------------------------------------------------------------------------------

    def explain(self, setup: Setup, deals: Sequence[Deal], deal: int,
                trick: int | None, result: Result | None = None) -> list[str]:
        from .explain import explain

        states = result.state if result is not None else self.run(setup, deals)
        return explain(self, setup, deals, deal, trick, states)

    def virtual_deal(self, setup: Setup, deal_no: int, dealer: str | None) -> list[Entry]:
        import random

        rng = random.Random(f"{setup.seed}:{deal_no}")
        cards = list(DECK_52)
        rng.shuffle(cards)
        first = setup.left_of(dealer or setup.first_dealer)
        hands: dict[str, list[Card]] = {p: [] for p in setup.players}
        p = first
        for c in cards:
            hands[p].append(c)
            p = setup.left_of(p)
        return [Key("hands", {q: tuple(sort_hand(h)) for q, h in hands.items()})]

    def completions(self, setup: Setup, deals: Sequence[Deal], result: Result) -> list[str]:
        exp = result.expect
        words = list(setup.players)
        if exp.action == "trump":
            return words + ["trump S", "trump H", "trump D", "trump C"]
        if exp.player is None:
            return words
        offer = self.choices(setup, deals, result)
        if exp.action == "turn" and offer.choices:
            words.append("pass")
        return words + offer.cards()


__all__ = ["Kierki", "kind", "SUIT_NAME"]
