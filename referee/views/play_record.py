"""The record of the play: what was bid, each trick (who led, each play, who won) or each turn.

It is what ``replay --json`` adds to the score document (CLI.md, ``--json``), so that a
program can settle a trick without knowing the game's rules: the plays in order and the
winner the referee found. Each game builds it from its own replayed state
(``GameRules.record_play``), on demand: the replay every command makes does not pay for it.

Cards are kept as ``Card`` (``None`` for a card not seen, Kozel's ``?``) and written as their
canonical strings only in ``to_json``. The same ``to_json`` writes the page's tricks and turns
(``referee.views.public``), in the page's ``Writing``: each card as one viewer has seen it,
face-down cards hidden while the deal is in progress, and every key present.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import Card

if TYPE_CHECKING:
    from ..trick import Trick

Json = dict[str, Any]


def card_text(c: Card | None) -> str:
    """A card's canonical string; ``?`` for a card nobody saw."""
    return "?" if c is None else str(c)


@dataclass(frozen=True, slots=True)
class Writing:
    """How ``to_json`` writes a play, a trick or a turn. The record (``replay --json``,
    CLI.md) writes every card, ``?`` for one nobody saw, and a flag (``face_down``, ``pull``,
    ``place``, ``pass``) only when set; a view for one viewer (``referee.views.public``) writes a
    card as ``card`` says (None when not seen), hides face-down cards when ``hide_face_down``, and
    with ``every_key`` writes every key (False or None when not set)."""

    card: Callable[[Card | None], str | None] = card_text
    hide_face_down: bool = False
    every_key: bool = False


RECORD = Writing()


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """One play of a trick: the player and the cards laid (one in most games; Kozel 1-4, face
    down for a discard, ``pull`` for four cards that restarted the trick)."""

    player: str
    cards: tuple[Card | None, ...]
    face_down: bool = False
    pull: bool = False

    def to_json(self, w: Writing = RECORD) -> Json:
        down = self.face_down and w.hide_face_down  # unseen, whatever its cards
        out: Json = {"player": self.player,
                     "cards": [None if down else w.card(c) for c in self.cards]}
        if self.face_down or w.every_key:
            out["face_down"] = self.face_down
        if self.pull or w.every_key:
            out["pull"] = self.pull
        return out


@dataclass(frozen=True, slots=True)
class PullRecord:
    """Kozel: the player who pulled, and the plays the pull sent back to their players (those
    written before it in the trick, an earlier pull among them; a pull written first
    cancelled plays nobody recorded)."""

    player: str
    cancelled: tuple[PlayRecord, ...] = ()

    def to_json(self, w: Writing = RECORD) -> Json:
        return {"player": self.player, "cancelled": [p.to_json(w) for p in self.cancelled]}


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A trick: its number, who led it, the plays that count in order (the lead first; after a
    pull, the pull's four cards lead), and the winner (``None`` while it is on the table)."""

    number: int
    leader: str | None
    plays: tuple[PlayRecord, ...]
    winner: str | None
    pull: PullRecord | None = None

    def to_json(self, w: Writing = RECORD) -> Json:
        out: Json = {"number": self.number, "leader": self.leader,
                     "plays": [p.to_json(w) for p in self.plays], "winner": self.winner}
        if self.pull is not None:
            out["pull"] = self.pull.to_json(w)
        return out


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """A turn (Kierki's small lottery, Foursquare): a card played, or a pass (``card`` None);
    Foursquare's place is (row, column) relative to the first card."""

    number: int
    player: str
    card: Card | None
    place: tuple[int, int] | None = None

    def to_json(self, w: Writing = RECORD) -> Json:
        out: Json = {"number": self.number, "player": self.player,
                     "card": None if self.card is None else w.card(self.card)}
        if self.place is not None or w.every_key:
            out["place"] = [self.place[0], self.place[1]] if self.place is not None else None
        if self.card is None or w.every_key:
            out["pass"] = self.card is None
        return out


@dataclass(frozen=True, slots=True)
class ClaimRecord:
    """An accepted claim that ended the deal: the claimer, their side (who took the rest),
    how many tricks it took (the one on the table included) from which trick, and the answers
    the table gave for cards never played (``held``: player -> cards; ``game_points``), and
    the claimer's hand as shown (``hand``, the save file's ``claim_hand``)."""

    player: str
    side: tuple[str, ...]
    tricks: int
    from_trick: int
    held: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    game_points: int | None = None
    hand: tuple[Card, ...] | None = None

    def to_json(self) -> Json:
        out: Json = {"player": self.player, "side": list(self.side), "tricks": self.tricks,
                     "from_trick": self.from_trick}
        if self.held:
            out["held"] = {p: [str(c) for c in cs] for p, cs in self.held}
        if self.game_points is not None:
            out["game_points"] = self.game_points
        if self.hand is not None:
            out["hand"] = [str(c) for c in self.hand]
        return out


@dataclass(frozen=True, slots=True)
class DealPlay:
    """What was played in one deal: the bids as entry text (``"Bartek: 3"``, ``"Celina:
    pass"``), the trump suit when the score sheet does not already say it, and the tricks or
    the turns. ``None`` is a part the deal does not have (no key in the JSON)."""

    bids: tuple[str, ...] | None = None
    trump: str | None = None
    tricks: tuple[TrickRecord, ...] | None = None
    turns: tuple[TurnRecord, ...] | None = None
    claim: ClaimRecord | None = None

    def to_json(self) -> Json:
        out: Json = {}
        if self.bids is not None:
            out["bids"] = list(self.bids)
        if self.trump is not None:
            out["trump"] = self.trump
        if self.tricks is not None:
            out["tricks"] = [t.to_json() for t in self.tricks]
        if self.turns is not None:
            out["turns"] = [t.to_json() for t in self.turns]
        if self.claim is not None:
            out["claim"] = self.claim.to_json()
        return out


def bid_text(player: str, value: int | None) -> str:
    """A bid as its entry: ``Bartek: 3``, ``Celina: pass``."""
    return f"{player}: {'pass' if value is None else value}"


def from_trick(t: Trick) -> TrickRecord:
    """A trick of the one-card-a-play games (Kierki, Schmier)."""
    return TrickRecord(t.number, t.plays[0].player if t.plays else None,
                       tuple(PlayRecord(p.player, (p.card,)) for p in t.plays), t.winner)


def with_current(done: list[Any], current: Any) -> list[Any]:
    """The finished tricks, then the trick on the table if there is one."""
    return done + [current] if current is not None else done
