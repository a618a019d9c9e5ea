"""An accepted claim in a deal table (docs/DESIGN.md "Claims in the save file").

``claim = "Bartek: rest"``: the table accepted Bartek's claim of every remaining trick, and the
deal ended there. A claim of N tricks cannot end a deal, so only ``rest`` is ever recorded.
With hands unseen the claimer's hand as shown may be added (every claim game):

* ``claim_hand = "AS KS 7H"``: the claimer's hand at the claim. Its cards are shown cards:
  they may prove an earlier revoke, as a card played would.

The Schmier games may add what the cards never played cannot settle:

* ``claim_held = { Celina = "7H", Ala = "AH", nobody = "JH" }``: trumps never played, and
  who held them (High and Low go to the team that would have played them); ``nobody``: not
  in play (Wisconsin: not dealt, or discarded);
* ``claim_game_points = 13``: the game points in the cards still in hand at the claim (the
  claimer's side takes them all).

The keys are one entry, ``Key("claim", TableClaim(...))``: ``add`` and ``undo`` take
it as one, the file writes it as its keys. Typed (at the prompt, ``add``), the keys are given
as in the file, several on one line separated by ``;``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import Card, sort_hand
from ..errors import NotationError
from ..model import Deal, Entry, Key, Setup
from ..notation import MAX_ENTRY, resolve_player

if TYPE_CHECKING:
    from ..errors import Violation
    from ..games.base import GameRules
    from ..games.keys import Where
    from ..model import Result

CLAIM = "claim"
HAND = "claim_hand"
HELD = "claim_held"
GAME_POINTS = "claim_game_points"
KEYS = (CLAIM, HAND, HELD, GAME_POINTS)
ANSWERS = (HAND, HELD, GAME_POINTS)
SHOWN = "shown"  # a deal key: cards shown to the table without being played (not a claim key)
NOBODY = "nobody"  # in claim_held: the cards nobody held (not in play)
SHAPE = '"Name: rest" (the claimer takes every remaining trick)'


@dataclass(frozen=True, slots=True)
class TableClaim:
    """A claim the table accepted: the claimer (their side takes every remaining trick and
    every card still out), and the answers the cards could not give: ``held`` (card, holder)
    of cards never played, ``game_points`` in the cards still in hand (None: not given),
    ``hand`` the claimer's hand as shown (None: not shown), ``nobody`` the cards never
    played that nobody held."""

    claimer: str
    held: tuple[tuple[Card, str], ...] = ()
    game_points: int | None = None
    hand: tuple[Card, ...] | None = None
    nobody: tuple[Card, ...] = ()

    def holder(self, c: Card) -> str | None:
        for x, who in self.held:
            if x is c:
                return who
        return None

    def held_by(self) -> dict[str, tuple[Card, ...]]:
        """The held cards by player, in the order they were given (the cards nobody held
        last, under ``nobody``)."""
        out: dict[str, list[Card]] = {}
        for c, who in self.held:
            out.setdefault(who, []).append(c)
        if self.nobody:
            out.setdefault(NOBODY, []).extend(self.nobody)
        return {p: tuple(cs) for p, cs in out.items()}

    def answered(self) -> set[Card]:
        """Every card whose place at the claim the claim says (held, shown or nobody's)."""
        return {c for c, _ in self.held} | set(self.nobody) | set(self.hand or ())


class Folded(dict[str, Any]):
    """The claim keys of one deal table, folded into the ``claim`` key's value before the
    keys are read one by one (a plain TOML table is never one of these)."""


def fold(raw: dict[str, Any], where: Where) -> dict[str, Any]:
    """``raw`` with ``claim_hand``, ``claim_held`` and ``claim_game_points`` folded into
    ``claim``; an answer
    without a claim is refused."""
    if not any(k in raw for k in ANSWERS):
        return raw
    if CLAIM not in raw:
        k = next(k for k in ANSWERS if k in raw)
        raise where.err(k, f'only beside a claim (claim = {SHAPE})')
    out = {k: v for k, v in raw.items() if k not in ANSWERS}
    out[CLAIM] = Folded({k: raw[k] for k in KEYS if k in raw})
    return out


def read(rules: GameRules, value: Any, setup: Setup, where: Where) -> list[Entry]:
    """The ``claim`` key (with its answers when they were folded into it) -> one entry."""
    parts: dict[str, Any] = dict(value) if isinstance(value, Folded) else {CLAIM: value}
    text = parts[CLAIM]
    if not isinstance(text, str) or ":" not in text:
        raise where.err(CLAIM, SHAPE)
    name, _, what = text.partition(":")
    try:
        claimer = resolve_player(name, setup.players)
    except NotationError:
        raise where.err(CLAIM, f"{SHAPE}, with a seated player ({', '.join(setup.players)})"
                        ) from None
    what = what.strip().lower()
    if what != "rest":
        extra = " (a claim of some tricks does not end the deal: only 'rest' is recorded)" \
            if what.isdigit() else ""
        raise where.err(CLAIM, SHAPE + extra)
    hand: tuple[Card, ...] | None = None
    if HAND in parts:
        hand = tuple(_deck_cards(rules, parts[HAND], where, HAND))
    held: list[tuple[Card, str]] = []
    nobody: list[Card] = []
    if HELD in parts:
        table = parts[HELD]
        if not isinstance(table, dict):
            raise where.err(HELD, 'a table of player = "cards", e.g. { Celina = "7H" }')
        for who, cards in table.items():
            key = f"{HELD}.{who}"
            p: str | None = None
            if who.lower() != NOBODY or who in setup.players:
                try:
                    p = resolve_player(who, setup.players)
                except NotationError:
                    raise where.err(key, f"a seated player ({', '.join(setup.players)}), or "
                                    f"{NOBODY} for a card not in play") from None
            for c in _deck_cards(rules, cards, where, key):
                if any(x is c for x, _ in held) or c in nobody:
                    raise where.err(key, f"each card once ({c} is named twice)")
                if p is None:
                    nobody.append(c)
                else:
                    held.append((c, p))
    points: int | None = None
    if GAME_POINTS in parts:
        points = parts[GAME_POINTS]
        most = int(getattr(rules, "claim_game_points_max", 0))
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= most:
            raise where.err(GAME_POINTS, f"a whole number of game points from 0 to {most}")
    return [Key(CLAIM, TableClaim(claimer, tuple(held), points, hand, tuple(nobody)))]


def _deck_cards(rules: GameRules, value: Any, where: Where, key: str) -> list[Card]:
    out: list[Card] = []
    for c in _cards(value, where, key):
        if c not in rules.deck:
            raise where.err(key, f"cards of the {len(rules.deck)}-card deck, not {c}")
        if c in out:
            raise where.err(key, f"each card once ({c} is named twice)")
        out.append(c)
    return out


def _cards(value: Any, where: Where, key: str) -> list[Card]:
    from ..cards import try_parse_card

    if not isinstance(value, str):
        raise where.err(key, 'a string of cards like "7H AH"')
    out = []
    for w in value.replace(",", " ").split():
        c = try_parse_card(w)
        if c is None:
            raise where.err(key, f"cards like AH 10H 7D; {w!r} is not a card")
        out.append(c)
    return out


def dump(tc: TableClaim) -> dict[str, Any]:
    """The claim's keys as the deal table writes them."""
    out: dict[str, Any] = {CLAIM: f"{tc.claimer}: rest"}
    if tc.hand is not None:
        out[HAND] = " ".join(str(c) for c in tc.hand)
    if tc.held or tc.nobody:
        out[HELD] = {p: " ".join(str(c) for c in cs) for p, cs in tc.held_by().items()}
    if tc.game_points is not None:
        out[GAME_POINTS] = tc.game_points
    return out


def is_typed(text: str) -> bool:
    """A typed line that sets the claim keys (``claim = "Bartek: rest"; claim_held = ...``)."""
    head = text.lstrip()
    return any(head.startswith(k) and head[len(k):].lstrip().startswith("=") for k in KEYS)


def split(text: str) -> list[str]:
    """Key lines separated by ``;`` or new lines (a ``;`` inside a quoted string stays)."""
    out, cur, quote = [], [], ""
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            cur.append(ch)
            if ch == "\\" and quote == '"' and i + 1 < len(text):
                cur.append(text[i + 1])
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
            cur.append(ch)
        elif ch in ";\n":
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
        i += 1
    out.append("".join(cur))
    return [x for x in out if x.strip()]


def typed(rules: GameRules, text: str, setup: Setup, result: Result,
          where: Where) -> list[Entry]:
    """A typed claim: its keys read exactly as in the deal table (``where``: the deal the
    referee is at, for the errors)."""
    from ..notation import key_line

    if len(text) > MAX_ENTRY:
        raise NotationError(f"entry too long ({len(text)} characters; at most {MAX_ENTRY})")
    if CLAIM not in rules.deal_keys:
        raise NotationError(f"{rules.title} has no claims (no tricks to claim)")
    raw: dict[str, Any] = {}
    for line in split(text):
        kv = key_line(line)
        if kv is None or kv[0] not in KEYS or kv[0] not in rules.deal_keys:
            keys = ", ".join(k for k in KEYS if k in rules.deal_keys)
            raise NotationError(f"{line.strip()!r}: a claim is typed as its keys ({keys}), "
                                "separated by ';'")
        if kv[0] in raw:
            raise NotationError(f"{kv[0]} given twice")
        raw[kv[0]] = kv[1]
    exp = result.expect
    if CLAIM not in raw:
        k = next(iter(raw))
        raise where.err(k, f"only beside a claim (claim = {SHAPE})")
    if exp.new_deal or exp.action == "done":
        raise NotationError("no deal is being played: a claim is made during the play")
    return rules.parse_deal_key(CLAIM, fold(raw, where)[CLAIM], setup, where)


def shown_key(player: str, hand: Sequence[Card]) -> Key:
    """The hand ``player`` showed at a claim the table did not accept, as the deal's
    ``shown`` entry: shown cards are evidence whether or not the claim stands."""
    return Key(SHOWN, {player: tuple(sort_hand(list(hand)))})


def shown_proves(rules: GameRules, setup: Setup, deals: Sequence[Deal], entry: Key
                 ) -> list[Violation]:
    """The earlier breaches ``entry`` (a ``shown``) proves once added to the deal in progress,
    as the replay will report them (the table says them once)."""
    before = set(rules.replay(setup, list(deals)).violations)
    last = Deal([*deals[-1].entries, entry])
    after = rules.replay(setup, [*deals[:-1], last]).violations
    return [v for v in after if v.retro and v not in before]


def said(claimer: str, side: Sequence[str], tricks: int, first: int) -> str:
    """``Bartek claimed the rest: Bartek & Darek take tricks 4-6`` (explain, replay)."""
    who = " & ".join(side)
    takes = "takes" if len(side) == 1 else "take"
    which = f"trick {first}" if tricks == 1 else f"tricks {first}-{first + tricks - 1}"
    return f"{claimer} claimed the rest, accepted: {who} {takes} {which}"


# -- the hand shown at the claim (the games' claim scoring says these) ------------------------

def hand_card_played(claimer: str, c: Card, by: str, trick: int | None) -> str:
    where = f" at trick {trick}" if trick is not None else ""
    return f"{claimer}'s hand shown at the claim holds {c}, played by {by}{where}"


def hand_card_gone(claimer: str, c: Card) -> str:
    return f"{claimer}'s hand shown at the claim holds {c}, discarded or never dealt"


def hand_card_other(claimer: str, c: Card, other: str | None) -> str:
    if other is None:
        return f"{claimer}'s hand shown at the claim holds {c}, which {claimer} did not hold"
    return f"{claimer}'s hand shown at the claim holds {c}, which {other} held"


def unfit(claimer: str) -> str:
    """A claim (its answers, its hand shown) that contradicts a hand shown to the referee
    alone during a private deal: one wording, naming neither that hand's holder nor where the
    card lies (docs/private.md "Claims")."""
    return f"{claimer}'s claim does not fit the hands shown to the referee"


def hand_card_missing(claimer: str, c: Card) -> str:
    return (f"{claimer}'s hand shown at the claim lacks {c}, which {claimer} showed earlier "
            "and has not played")


def hand_size(claimer: str, shown: int, held: int) -> str:
    return (f"{claimer}'s hand shown at the claim has {shown} card{'s' if shown != 1 else ''}; "
            f"{claimer} still held {held}")
