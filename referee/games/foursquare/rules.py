"""Foursquare: the solitaire of a 4x4 grid of face-up cards (RULES.md, seed 002).

One player, 40 cards (A low ... 10 high). A save file holds several games, one ``[[deals]]``
table each; a game is its optional ``stock`` (top first) and its ``turns``, one ``Place``
entry per card. The state machine is in ``play``; this module reads and writes the
deal tables, reads typed entries, and turns a replay into a ``Result``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...cards import DECK_40, Card, try_parse_card
from ...errors import IllegalEntry, NotationError, Violation
from ...model import Action, Deal, DealResult, Entry, Expect, Key, Place, Result, Setup, TableView
from ...notation import parse_card, split_actor
from ...words import count
from ..base import Checkpoint, GameRules, Hinter
from ..keys import Where, common_key, read_cards
from . import text as ft
from .play import CARDS, MAX_DOWN, SIZE, Game, Pos, Turn, pos_text

MAX_COORD = 20  # a position's row and column lie within -20..20
MAX_TURNS = 200  # turns in one deal table (a game has at most 40; the rest are reported)

RULES = (
    ("card-duplicate", "A card can be placed only once per game."),
    ("card-not-in-deck", "Only the 40 cards A-10 of each suit are in the game (no J, Q, K or "
                         "joker)."),
    ("stock-order", "When the stock is known, cards come off it in order: a card placed that "
                    "is not the next one is a violation."),
    ("pile-full", "A card goes on a pile only while the pile holds fewer than 4 cards."),
    ("grid-adjacent", "A card that starts a new pile goes orthogonally next to a pile already "
                      "on the table (the first card goes anywhere)."),
    ("grid-size", "The piles may never span more than 4 rows or 4 columns."),
    ("turn-order", "After a game ends (won or lost) the next card starts a new game; a game "
                   "left unfinished is reported and counts as lost."),
    ("claimed-score", "A score the table wrote down must equal the computed one."),
)

SUMMARY = ("Solitaire on a 4x4 grid: place each card, the highest or lowest in its row or "
           "column turns the others over; win with 16 face-up piles")

_POS = re.compile(r"^(?:(?P<card>\S+)\s+)?(?:at\s+)?\(?\s*(?P<r>[+-]?\d+)\s*,\s*"
                  r"(?P<c>[+-]?\d+)\s*\)?$", re.I)
_REL = re.compile(r"^(?:(?P<card>\S+)\s+)?(?P<rel>on|left\s+of|right\s+of|above|below)\s+"
                  r"(?P<ref>\S+)$", re.I)
OFFSET = {"on": (0, 0), "left of": (0, -1), "right of": (0, 1), "above": (-1, 0),
          "below": (1, 0)}


class FoursquareResult(Result):
    """A Result that also carries the replayed games (for reading ``7H on 9D``)."""

    __slots__ = ()

    def __init__(self, setup: Setup, deals: list[DealResult], violations: list[Violation],
                 totals: dict[str, int], winner: str | list[str] | None, complete: bool,
                 teams: list[list[str]] | None, expect: Expect, table: TableView,
                 games: list[Game] | None = None) -> None:
        super().__init__(setup, deals, violations, totals, winner, complete, teams, expect,
                         table, state=games if games is not None else [])

    @property
    def games(self) -> list[Game]:
        games: list[Game] = self.state
        return games


def parse_turn(text: str) -> tuple[str | None, int, int] | None:
    """``7H 0,1`` or ``0,1`` -> (card text or None, row, col); None when unreadable."""
    m = _POS.match(text.strip())
    if not m:
        return None
    r, c = int(m.group("r")), int(m.group("c"))
    if abs(r) > MAX_COORD or abs(c) > MAX_COORD:
        return None
    return m.group("card"), r, c


def turn_text(e: Place) -> str:
    where = f"{e.row},{e.col}"
    return where if e.card is None else f"{e.card} {where}"


class Foursquare(GameRules):
    name = "foursquare"
    title = "Foursquare"
    short_title = "Foursquare"
    analysis = "placements"
    series = True
    summary = SUMMARY
    player_count = (1, 1)
    deck_text = "40 cards (no J, Q, K), ace low, 10 high"
    deck = DECK_40
    options = ()
    rules = RULES
    unit = ft.UNIT  # each deal is a game of its own
    contracts = False
    deal_keys = ("dealer", "stock", "turns", "claimed", "note")

    # -- the save file ------------------------------------------------------------------------

    def hinter(self) -> Hinter:
        from . import advice

        return advice

    def analyze_games(self, result: Result, number: int | None
                      ) -> tuple[list[Any] | str, int | None]:
        from .report import analyze_games

        found, playing = analyze_games(result, number)
        return (found if isinstance(found, str) else list(found)), playing

    def parse_deal(self, raw: dict[str, Any], setup: Setup, where: Where) -> Deal:
        deal = super().parse_deal(raw, setup, where)
        if not deal.has_key("stock"):
            for i, e in enumerate(deal.actions()):
                if isinstance(e, Place) and e.card is None:
                    raise where.err(f"turns[{i + 1}]", 'a card and a place like "7H 0,1" (the '
                                    "card may be left out only when the deal has a stock)")
        return deal

    def parse_deal_key(self, key: str, value: Any, setup: Setup, where: Where) -> list[Entry]:
        if key in ("dealer", "claimed", "note"):  # dealer: SAVEFILE.md's common key; the player
            got = common_key(key, value, setup, where)
            assert got is not None
            return got
        if key == "stock":
            return [Key("stock", read_stock(value, where))]
        if key == "turns":
            if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
                raise where.err("turns", 'a list of strings like "7H 0,1"')
            if len(value) > MAX_TURNS:
                raise where.err("turns", f"at most {MAX_TURNS} turns, not {len(value)}")
            out: list[Entry] = []
            for i, text in enumerate(value):
                out.append(read_turn(text, where, f"turns[{i + 1}]"))
            return out
        raise where.err(key, "a key of a foursquare deal (" + ", ".join(self.deal_keys) + ")")

    def dump_deal(self, deal: Deal, setup: Setup) -> dict[str, Any]:
        out: dict[str, Any] = {}
        dealer = deal.key("dealer")
        if dealer is not None:
            out["dealer"] = dealer
        stock = deal.key("stock")
        if stock is not None:
            out["stock"] = " ".join(str(c) for c in stock)
        turns = [turn_text(e) for e in deal.entries if isinstance(e, Place)]
        if turns:
            out["turns"] = turns
        for k in ("claimed", "note"):
            v = deal.key(k)
            if v is not None:
                out[k] = v
        return out

    # -- replay -------------------------------------------------------------------------------

    def run(self, setup: Setup, deals: Sequence[Deal],
            resume: Checkpoint | None = None) -> list[Game]:
        player = setup.players[0]
        games: list[Game] = []
        base = first = 0
        kept = resume.start(setup, deals) if resume is not None else None
        if resume is not None and kept is not None:  # from the finished games, copied
            first, base, games = resume.deals, resume.entries, list(kept)
        for i in range(first, len(deals)):
            deal = deals[i]
            if resume is not None and i == len(deals) - 1:
                resume.keep(setup, deals, i, base, list(games))
            games.append(play_game(player, deals, i, base, detail=False))
            base += len(deal.entries)
        return games

    def replay(self, setup: Setup, deals: Sequence[Deal],
               resume: Checkpoint | None = None) -> Result:
        games = self.run(setup, deals, resume)
        player = setup.players[0]
        rows = []
        total = 0
        for g in games:
            score = g.score if g.over else None
            extra: dict[str, Any] = {"result": g.result, "score": score, "turns": len(g.turns)}
            rows.append(DealResult(g.number, None, {player: g.score} if g.over else None, g.over,
                                   name=f"game {g.number}", extra=extra, claimed=g.claimed))
            if g.result == "won":
                total += g.score
        complete = bool(games) and games[-1].over
        expect = self.expect(setup, games)
        return FoursquareResult(setup, rows, [replace(v, unit=self.unit) for g in games
                                              for v in g.violations],
                                {player: total}, None, complete, None, expect,
                                self.table(setup, games), games=games)

    def expect(self, setup: Setup, games: list[Game]) -> Expect:
        player = setup.players[0]
        if not games or games[-1].over:
            n = len(games) + 1
            head = f"game {n - 1} {games[-1].result}; " if games else ""
            if setup.seed is not None:  # the referee deals the next stock with this entry:
                # its first card is drawn as it is placed, and not named before (it goes
                # anywhere, so the player needs no sight of it)
                return Expect(player, Action.PLACE, ft.first_of_new_stock(head, n), n, None,
                              new_deal=True, choices=["0,0"])
            return Expect(player, Action.PLACE, f"{head}game {n}: draw a card and place it "
                          "anywhere (e.g. 7H 0,0)", n, None, new_deal=True, choices=["0,0"])
        g = games[-1]
        turn = len(g.turns) + g.late + 1
        nxt = g.next_card()
        choices = [pos_text(p) for p in g.legal()]
        where = f"game {g.number}, turn {turn}"
        if nxt is not None:
            prompt = f"Draw: {nxt} — place it (row,col) — {where}"
        elif not g.piles:
            prompt = f"{where}: draw a card and place it anywhere (e.g. 7H 0,0)"
        else:
            prompt = f"{where}: draw a card and place it (card row,col, or 7H on 9D)"
        return Expect(player, Action.PLACE, prompt, g.number, None, choices=choices)

    def table(self, setup: Setup, games: list[Game]) -> TableView:
        if not games:
            return TableView("Foursquare — game 1", [("stock", f"{CARDS} cards")])
        g = games[-1]
        wins = [x for x in games if x.result == "won"]
        tv = TableView(f"Foursquare — game {g.number}" + (f" ({g.result})" if g.over else ""))
        tv.lines.append(("turn", f"{len(g.turns)} placed" if g.over else
                         f"{len(g.turns) + g.late + 1}"))
        tv.lines.append(("stock", f"{count(g.left, 'card')} left"))
        tv.lines.append(("face down", f"{g.down_count()} (more than {MAX_DOWN} loses)"))
        tv.lines.append(("piles", f"{len(g.piles)} of {SIZE * SIZE}"))
        if g.turns:
            tv.lines.append(("last turn", describe_turn_flips(g.turns[-1])))
        if g.over:
            tv.lines.append(("result", g.why))
        if len(games) > 1 or wins:
            tv.lines.append(("games won", f"{len(wins)} of {len(games)}; "
                             f"{sum(x.score for x in wins)} points"))
        tv.grid = grid(g)
        if any(len(p) > 1 for p in g.piles.values()):
            tv.lines.append(("grid", "(N) after a card: the pile holds N cards"))
        return tv

    # -- entries ------------------------------------------------------------------------------

    def parse_entry(self, text: str, setup: Setup, result: Result) -> list[Entry]:
        g: Game | None = None
        if isinstance(result, FoursquareResult) and result.games and \
                not result.expect.new_deal:
            g = result.games[-1]
        keyed = self.parse_typed_key(text, setup, result)
        if keyed is not None:
            if any(isinstance(e, Key) and e.name == "stock" for e in keyed) and g is not None \
                    and (g.turns or g.stock is not None):
                raise IllegalEntry("stock-order", ft.STOCK_ONCE)
            return keyed
        _who, _verb, body = split_actor(text, setup.players)
        body = " ".join(body.split())
        if not body:
            raise NotationError(ft.NOTHING)
        stock_known = g is not None and g.next_card() is not None or (
            result.expect.new_deal and setup.seed is not None)  # the referee deals it
        card_text: str | None
        m = _POS.match(body)
        rel = _REL.match(body)
        if m:
            card_text = m.group("card")
            if card_text is not None and card_text.lower() == "at":
                card_text = None
            r, c = int(m.group("r")), int(m.group("c"))
            if abs(r) > MAX_COORD or abs(c) > MAX_COORD:
                raise NotationError(ft.off_the_table(r, c, MAX_COORD))
        elif rel:
            card_text = rel.group("card")
            ref = parse_card(rel.group("ref"))
            r, c = self.find(g, ref)
            dr, dc = OFFSET[" ".join(rel.group("rel").lower().split())]
            r, c = r + dr, c + dc
        elif try_parse_card(body) is not None and (g is None or not g.piles):
            card_text, r, c = body, 0, 0
        else:
            raise NotationError(ft.unreadable(body))
        card = parse_card(card_text) if card_text is not None else None
        if card is None and not stock_known:
            raise NotationError(ft.NAME_THE_CARD)
        return [Place(card, r, c)]

    def find(self, g: Game | None, ref: Card) -> Pos:
        """Where the face-up top card ``ref`` lies."""
        if g is None or not g.piles:
            raise NotationError(ft.nothing_down(ref))
        found = [p for p, pile in g.piles.items() if pile[-1] == ref]
        up = [p for p in found if g.up[p]]
        if not up:
            raise NotationError(ft.no_such_top(ref, bool(found)))
        if len(up) > 1:
            raise NotationError(ft.on_several_piles(ref, len(up)))
        return up[0]

    # -- explain ------------------------------------------------------------------------------

    def explain(self, setup: Setup, deals: Sequence[Deal], deal: int,
                trick: int | None, result: Result | None = None) -> list[str]:
        from .explain import explain

        games: list[Game] = result.state if result is not None else self.run(setup, deals)
        if trick is not None and 1 <= deal <= min(len(games), len(deals)):
            # one turn told test by test: its game replayed again in detail (``Game``)
            games = list(games)
            games[deal - 1] = play_game(setup.players[0], deals, deal - 1,
                                        games[deal - 1].base, detail=True)
        return explain(games, deal, trick)

    def virtual_deal(self, setup: Setup, deal_no: int, dealer: str | None) -> list[Entry]:
        return [Key("stock", shuffled(setup.seed, deal_no))]

    def completions(self, setup: Setup, deals: Sequence[Deal], result: Result) -> list[str]:
        """The card drawn (or, the stock unseen, every card not yet placed), each legal
        place for it (``choices``), and ``on CARD`` for every face-up top card."""
        offer = self.choices(setup, deals, result)
        places = dict.fromkeys(c.entry.split()[-1] for c in offer.choices if c.allowed)
        words = [*offer.cards(), *places] if offer.choices else list(result.expect.choices)
        if isinstance(result, FoursquareResult) and result.games and \
                not result.expect.new_deal:
            g = result.games[-1]
            for p, pile in sorted(g.piles.items()):
                if g.up[p]:
                    words.append(f"on {pile[-1]}")
        return words


def play_game(player: str, deals: Sequence[Deal], i: int, base: int, detail: bool) -> Game:
    """Game ``i + 1`` (0-based ``i``) of the series replayed; ``base``: the global index of
    its first entry; ``detail``: keep each turn's row and column tests (``Game``)."""
    deal = deals[i]
    g = Game(i + 1, player, base, detail)
    for j, e in enumerate(deal.entries):
        at = base + j
        if isinstance(e, Place):
            g.place(e.card, (e.row, e.col), at)
        elif isinstance(e, Key):
            if e.name == "stock":
                g.stock = tuple(e.value)
            elif e.name == "claimed":
                g.claimed, g.claimed_at = dict(e.value), at
            elif e.name == "note":
                g.note = e.value
    if i + 1 < len(deals) and not g.over:
        g.abandon(base + len(deal.entries))
    g.finish()
    return g


def shuffled(seed: int | None, deal_no: int) -> tuple[Card, ...]:
    """The stock of game ``deal_no`` of a ``--deal --seed N`` file, top first."""
    rng = random.Random(f"{seed}:{deal_no}")
    cards = list(DECK_40)
    rng.shuffle(cards)
    return tuple(cards)


def read_stock(value: Any, where: Where) -> tuple[Card, ...]:
    """The 40 cards of the stock, top first. A well-formed card that is not in the deck, or a
    card written twice, is history like any other (RULES.md, "A recorded game"): it is
    reported as ``card-not-in-deck`` / ``card-duplicate`` at the turn that draws it."""
    cards = read_cards(value, where, "stock")
    if len(cards) != CARDS:
        raise where.err("stock", f"the {CARDS} cards of the stock, top first (not {len(cards)})")
    return cards


def read_turn(text: str, where: Where, key: str) -> Place:
    got = parse_turn(text)
    if got is None:
        raise where.err(key, f'a card and a place like "7H 0,1" (row,col from -{MAX_COORD} to '
                        f"{MAX_COORD}), not {text!r}")
    card_text, r, c = got
    card = None
    if card_text is not None:
        card = try_parse_card(card_text)
        if card is None:
            raise where.err(key, f"a card like 7H, AS or 10D; {card_text!r} is not a card")
    e = _PLACED.get((card, r, c))
    if e is None:
        if len(_PLACED) > 8192:  # places from many files: kept small
            _PLACED.clear()
        e = _PLACED[card, r, c] = Place(card, r, c)
    return e


# one Place a (card, row, column) read: a value, shared by every turn that reads it (a long
# series repeats them: 10,000 turns were 0.55 MiB of Place objects)
_PLACED: dict[tuple[Card | None, int, int], Place] = {}


def describe_turn_flips(t: Turn) -> str:
    flips = t.flips
    head = f"{t.card} at {pos_text(t.pos)}"
    if not flips:
        return head + ": nothing turned"
    return head + ": turned " + ", ".join(
        f"{c} at {pos_text(p)} face {'up' if u else 'down'}" for p, c, u in flips)


def grid(g: Game) -> list[list[str]] | None:
    """The layout as rows of strings, with column numbers on top and row numbers on the left;
    a face-up top card is its text, a face-down one ``##``, an empty place ``.``; a pile of
    more than one card says how many it holds after its top: ``10H (3)``, ``## (2)``."""
    if g.box is None:
        return None
    r0, r1, c0, c1 = g.box
    out = [[""] + [str(c) for c in range(c0, c1 + 1)]]
    for r in range(r0, r1 + 1):
        row = [str(r)]
        for c in range(c0, c1 + 1):
            pile = g.piles.get((r, c))
            top = "." if pile is None else (str(pile[-1]) if g.up[(r, c)] else "##")
            row.append(f"{top} ({len(pile)})" if pile is not None and len(pile) > 1 else top)
        out.append(row)
    return out
