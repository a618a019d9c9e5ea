"""Kozel notation: a trick line ``Bartek: 10H KH / Celina: AH 6D / Darek: ~7S 8C`` and back.

One ``Play`` entry is one player's play of 1-4 cards (``down`` for a face-down discard, ``None``
for a card not seen); ``Celina pulls: 6C 7C 9C JC`` is a ``Pull``. Tricks are not stored: the
entries are cut into tricks by counting (a trick is four plays after its last pull), and the
same cut is used to write the file and to replay it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card, try_parse_card
from ...errors import NotationError
from ...model import Entry, Play, Pull, Setup
from ...notation import MAX_ENTRY, resolve_player
from ...words import count

PLAYERS = 4
MAX_CARDS = 36
PULL_WORDS = ("pulls", "pull")
UNIT = "game"  # what Kozel calls a deal: each game of the series ("game 3, trick 3")


def parse_cards_body(body: str, pull: bool) -> tuple[tuple[Card | None, ...], bool]:
    """The cards of one play and whether it is face down (``~``)."""
    words = body.replace(",", " ").split()
    if not words:
        raise NotationError("a play needs at least one card")
    if len(words) > MAX_CARDS:
        raise NotationError(f"too many cards in one play ({len(words)})")
    down = words[0].startswith("~")
    cards: list[Card | None] = []
    for i, w in enumerate(words):
        if w.startswith("~"):
            if not down:
                raise NotationError(f"{w!r}: a play is all face down (~ before its first card) "
                                    "or all face up")
            w = w.lstrip("~")
            if not w:
                continue
        if w == "?":
            if not down:
                raise NotationError("'?' (a card not seen) only in a face-down play: ~? ?")
            cards.append(None)
            continue
        c = try_parse_card(w)
        if c is None:
            raise NotationError(f"{w!r} is not a card (expected rank then suit, like 10H, QS, "
                                "7♦; ? for a card not seen)")
        cards.append(c)
        del i
    if not cards:
        raise NotationError("a play needs at least one card")
    if pull and down:
        raise NotationError("a pull is laid face up: no ~")
    return tuple(cards), down


def split_piece(text: str, players: Sequence[str]) -> tuple[str | None, bool, str]:
    """``Name[ pulls]: body`` -> (player or None, is a pull, body)."""
    if ":" not in text:
        words = text.split()
        verb = next((i for i, w in enumerate(words) if w.lower() in PULL_WORDS), None)
        if verb == 0:
            raise NotationError("name who pulls: 'Celina pulls: 6C 7C 9C JC'")
        if verb is not None:  # 'Celina pulls 6C 7C 9C JC', 'cel pulls ...': no colon needed
            return (resolve_player(" ".join(words[:verb]), players), True,
                    " ".join(words[verb + 1:]))
        return None, False, text.strip()
    head, body = text.split(":", 1)
    words = head.split()
    pull = False
    if len(words) > 1 and words[-1].lower() in PULL_WORDS:
        pull = True
        head = " ".join(words[:-1])
    elif words and words[-1].lower() in PULL_WORDS and len(words) == 1:
        raise NotationError("name who pulls: 'Celina pulls: 6C 7C 9C JC'")
    if any(ch in head for ch in "~?"):
        raise NotationError(f"{text.strip()!r}: expected 'Name: cards'")
    return resolve_player(head, players), pull, body.strip()


def next_to_play(leader: str, played: Sequence[str], setup: Setup) -> str:
    """The first player clockwise from the leader who has not played in this trick yet."""
    p = leader
    for _ in range(len(setup.players)):
        if p not in played:
            return p
        p = setup.left_of(p)
    return setup.left_of(played[-1]) if played else leader


def parse_line(text: str, setup: Setup, first: str | None, leader: str | None,
               played: Sequence[str]) -> list[Entry]:
    """Plays separated by `` / ``; a piece without a name is the next player in turn.

    ``first``: who acts when the first piece has no name; ``leader``/``played``: the trick
    on the table, to name the later pieces.
    """
    if len(text) > MAX_ENTRY:
        raise NotationError(f"entry too long ({len(text)} characters; at most {MAX_ENTRY})")
    out: list[Entry] = []
    done = list(played)
    lead = leader
    nxt = first
    for piece in text.split("/"):
        if not piece.strip():
            raise NotationError("an empty play between two '/'")
        who, pull, body = split_piece(piece, setup.players)
        if who is None:
            who = nxt
        if who is None:
            raise NotationError("name the player, e.g. 'Bartek: 10H KH'")
        cards, down = parse_cards_body(body, pull)
        if pull:
            out.append(Pull(who, tuple(c for c in cards if c is not None)))
            lead, done = who, [who]
        else:
            out.append(Play(who, cards, down))
            if lead is None or len(done) >= PLAYERS:
                lead, done = who, []
            done.append(who)
        nxt = next_to_play(lead, done, setup) if len(done) < PLAYERS else None
    return out


def format_play(e: Play | Pull) -> str:
    if isinstance(e, Pull):
        return f"{e.player} pulls: " + " ".join(str(c) for c in e.cards)
    cards = " ".join("?" if c is None else str(c) for c in e.cards)
    return f"{e.player}: {'~' if e.down else ''}{cards}"


def group_tricks(actions: Sequence[tuple[int, Entry]]) -> list[list[tuple[int, Entry]]]:
    """Cut the plays and pulls of a game into tricks: a trick ends with the fourth play of
    its last attempt (a pull starts a new attempt, itself its lead)."""
    tricks: list[list[tuple[int, Entry]]] = []
    cur: list[tuple[int, Entry]] = []
    attempt = 0
    for item in actions:
        e = item[1]
        if not isinstance(e, (Play, Pull)):
            continue
        cur.append(item)
        attempt = 1 if isinstance(e, Pull) else attempt + 1
        if attempt == PLAYERS:
            tricks.append(cur)
            cur, attempt = [], 0
    if cur:
        tricks.append(cur)
    return tricks


def trick_line(trick: Sequence[tuple[int, Entry]]) -> str:
    """A trick as the file writes it: every play as laid, the plays a pull cancelled before
    the pull (SAVEFILE.md), so the line reads back to the same entries."""
    return " / ".join(format_play(e) for _, e in trick if isinstance(e, (Play, Pull)))


# -- what the referee says ----------------------------------------------------------------------
# Every sentence about a game, a trick or a card, in one place; the golden file
# tests/golden_messages/kozel.txt holds what they say in real games. A message names its
# player once and does not repeat the game it is placed at.


def key_too_late(name: str) -> str:
    return f"the game is under way: {name} cannot change now"


def trump_not_shown_by(player: str, dealer: str) -> str:
    return f"{dealer} deals and shows trump, not {player}"


def trump_card_not_in_deck(c: Card) -> str:
    return f"the trump card {c} is not in the 36-card deck"


def trump_card_not_trump(c: Card, trump: str) -> str:
    return f"the card shown, {c}, is not a trump (trump is {trump})"


def trump_card_elsewhere(c: Card, where: str) -> str:
    return f"the card shown, {c}, comes from the undealt deck, but it is in {where}"


def key_card_not_in_deck(c: Card, where: str) -> str:
    return f"{c}, in {where}, is not in the 36-card deck"


def key_card_twice(c: Card, first: str, where: str) -> str:
    return f"{c} is both in {first} and in {where}"


def after_the_game(player: str, points_first: str = "") -> str:
    more = (f"; discards were not seen: give the card points first, e.g. {points_first}"
            if points_first else "")
    return f"{player} cannot play: the game is over{more}"


def trump_unknown() -> str:
    return "the trump is not known yet: give 'trump S' or the card shown, 'trump 9S', first"


def points_example(teams: list[str], points: tuple[int, int] = (70, 50)) -> str:
    """How to give the card points at the prompt: the teams in the order shown."""
    a, b = points
    return f"'points {a} {b}' for {teams[0]} {a}, {teams[1]} {b}"


def hand_too_small(player: str, held: int, laid: int) -> str:
    return f"{player} holds {count(held, 'card')}, not {laid}"


def wrong_first_leader(player: str, due: str, game: int) -> str:
    why = (f"{due}, left of the dealer, leads the first game" if game == 1
           else f"{due} won the last trick of game {game - 1} and leads")
    return f"{player} led the first trick, but {why}"


def wrong_leader(player: str, trick: int, due: str) -> str:
    return f"{player} led trick {trick}, but {due} won trick {trick - 1} and leads"


def lead_face_down(player: str) -> str:
    return f"{player} led face down: a lead is laid face up"


def lead_of_suits(player: str, cards: str) -> str:
    return f"{player} led {cards}: the cards of a lead are all of one suit"


def out_of_turn(player: str, trick: int, due: str, played: bool) -> str:
    why = f"{player} has already played in this trick" if played else f"it was {due}'s turn"
    return f"{player} played out of turn at trick {trick}: {why}"


def wrong_count(player: str, laid: int, led: int) -> str:
    return f"{player} played {count(laid, 'card')}; the lead was {led}"


def no_beat(player: str, cards: str, winner: str, target: str, why: str) -> str:
    return f"{player}'s {cards} does not beat {winner}'s {target}: {why}"


def not_beaten_unseen() -> str:
    """Why a face-up play did not beat a lead laid face down, on the game as the table saw
    it (the referee ruled from the cards led, which the table has not seen)."""
    return "the referee ruled so from the cards led face down"


def outside_deck(cards: str) -> str:
    return f"{cards} is not in the 36-card deck"


def pulls_off() -> str:
    return 'pulls are off at this table (option pull = "off")'


def pull_not_four(cards: str) -> str:
    return f"a pull is four cards of one suit, not {cards}"


def pull_not_trumps(trump: str) -> str:
    return f'only four trumps may pull (option pull = "trumps"); trump is {trump}'


def pulled_at_once(player: str, first: str, leader: str) -> str:
    return f"{player} and {first} pulled at once: {first}, nearer to {leader} who led, goes first"


def after_the_series() -> str:
    return "the series was already over"


def wrong_dealer(written: str, expected: str) -> str:
    return f"{written} dealt, but it was {expected}'s deal"


def points_not_given() -> str:
    return "discards were not seen, and the card points were not given (outcome.points)"


def left_unfinished() -> str:
    return "the game was left unfinished before the next began"


def draw_laid_before(player: str, c: Card, private: bool) -> str:
    if private:
        return f"{c} cannot be {player}'s draw: it was no longer in the deck"
    return f"{c} cannot be {player}'s draw: it was laid before {player} drew it"


def draws_never_drawn(player: str, n: int) -> str:
    return f"{player}'s hand lists {count(n, 'draw')} more than the deck gave {player}"
