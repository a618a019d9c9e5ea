"""Private hands: a player shows the referee their own hand, and nobody else sees it.

A seat registers its hand for the deal in progress (``register``): the cards go into the
deal's ``hands`` table, with ``private = true`` (SAVEFILE.md), and from then on the replay
knows that hand (``Knowledge.registered``): a card not in it is ``card-not-held``, a revoke is
refused at once. The other hands stay unseen. With every hand registered the deal is a deal
with hands known, the same violations, scores and claim verdicts (the pair test).

Checked on registration, each refusal one ``IllegalEntry`` naming the rule, nothing kept:
the count the game deals (``GameRules.private_hand``; ``outcome-total``), each card once and of
the deck (``card-not-in-deck``), none played by another player already (``card-duplicate``),
none in another registered hand nor shown by another (``card-not-held``); then the deal is
replayed with the hand known from its start and anything that finds wrong refuses it too. A
seat may register (or correct) its hand until it plays its first card of the deal
(``turn-order`` after that); the terminal may correct it later (``director``), which is
written in the deal's ``note``.

Where cards come into a hand during the deal (Kozel's draws, ``GameRules.hand_drawn``), the
seat's list is the cards dealt, then each card drawn, in the order drawn; after its first
card the seat shows its hand as it is now and the draws due are appended (``drawn_list``;
docs/private.md "Draws").

Hidden until the deal is over: ``public`` already shows a deal in progress as the table saw
it; the terminal's read-only views replay ``masked`` deals (a private deal in progress without
its ``hands``: the table's answer, as if the hands were unseen), and ``redact`` writes ``?`` for
every card of such a deal the table has not seen in a text the terminal prints
(``public.redact``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import Card, sort_hand, try_parse_card
from ..errors import IllegalEntry, NotationError
from ..model import Deal, Entry, Exchange, HandNow, Key, Play, Pull, Result, Setup
from ..store.rewrite import snapshot
from ..words import count

if TYPE_CHECKING:
    from .session import Session

PRIVATE = "private"
DEALING = ("dealer", "hands", "stock", "trump", "trump_card", PRIVATE)  # keys at a deal's head


def is_private(deal: Deal) -> bool:
    return deal.key(PRIVATE) is True


def live_private(deals: Sequence[Deal], result: Result, force: bool = False) -> int | None:
    """The number (1-based) of the private deal in progress, or None; ``force``: the deal in
    progress whatever its ``private`` key says (a virtual deal played from the seats)."""
    if not deals or not (force or is_private(deals[-1])):
        return None
    n = len(deals)
    row = next((d for d in result.deals if d.number == n), None)
    if row is not None and row.finished:
        return None
    return n


def registered(deal: Deal) -> dict[str, tuple[Card, ...]]:
    """The hands registered (or dealt) in ``deal``'s ``hands`` table."""
    hands = deal.key("hands")
    return dict(hands) if isinstance(hands, dict) else {}


def masked(deals: Sequence[Deal], result: Result, force: bool = False,
           rules: Any = None) -> list[Deal]:
    """``deals`` as the terminal may show them: a private deal in progress as the table has
    seen it (the game's ``as_seen`` where it has one: Kozel's face-down plays), else without
    its ``hands`` (and ``stock``: a virtual deal's undealt cards), as if unseen, and each
    exchange as a count (the cards a seat took or discarded face down: the Schmier games)."""
    n = live_private(deals, result, force)
    if n is None:
        return list(deals)
    return [*deals[:n - 1], table_deal(deals[n - 1], rules)]


def table_deal(d: Deal, rules: Any = None) -> Deal:
    """Deal ``d`` as the table has seen it (``masked``)."""
    seen = rules.as_seen(d) if rules is not None else None
    if seen is None:  # (an exchange's cards, taken or discarded face down: a count only)
        seen = Deal([Exchange(e.player, e.kind, None, e.count)
                     if isinstance(e, Exchange) and e.cards is not None else e
                     for e in d.entries if not (
                         isinstance(e, Key) and e.name in ("hands", "stock"))])
    # (without its hands, ``private`` is not a key the deal may hold: the table's view)
    return Deal([e for e in seen.entries if not (isinstance(e, Key) and e.name == PRIVATE)])


def hidden(deals: Sequence[Deal], result: Result, viewer: str | None = None,
           force: bool = False) -> frozenset[Card]:
    """The cards of the private deal in progress that the file places in a hand (or the
    stock) and nobody has laid face up yet, less ``viewer``'s own hand."""
    n = live_private(deals, result, force)
    if n is None:
        return frozenset()
    d = deals[n - 1]
    out: set[Card] = set()
    for p, cards in registered(d).items():
        if p != viewer:
            out.update(cards)
    stock = d.key("stock")
    if isinstance(stock, list | tuple):
        out.update(c for c in stock if isinstance(c, Card))
    for e in d.entries:
        if isinstance(e, Play) and not e.down:
            out.difference_update(c for c in e.cards if c is not None)
        elif isinstance(e, Pull):
            out.difference_update(e.cards)
        elif isinstance(e, Key) and e.name == "shown":
            out.difference_update(c for cs in e.value.values() for c in cs)
        elif isinstance(e, Key) and e.name == "trump_card" and isinstance(e.value, Card):
            out.discard(e.value)  # (Kozel's card shown to the table)
    return frozenset(out)


# -- registering a hand -------------------------------------------------------------------------


def read_hand(text: str) -> tuple[Card, ...]:
    """Cards typed or tapped ("AS KS 7H", commas allowed): each once."""
    out: list[Card] = []
    for w in text.replace(",", " ").split():
        c = try_parse_card(w)
        if c is None:
            raise NotationError(f"cards like AS 10H 7D; {w!r} is not a card")
        if c in out:
            raise IllegalEntry("card-duplicate", f"{c} is named twice")
        out.append(c)
    if not out:
        raise NotationError("no cards: the hand's cards, like \"AS KS 7H\"")
    return tuple(out)


def _open_deal(session: Session) -> int:
    """The index of the deal a hand goes to: the deal in progress, or the next one (opened)."""
    if session.over(session.result()):
        raise IllegalEntry("turn-order", "the game is over: no deal to register a hand for")
    return session.open_deal()


def may_register(rules: Any, setup: Setup, deals: Sequence[Deal], result: Result,
                 seat: str) -> int | None:
    """How many cards ``seat`` may register now as its hand (the deal in progress, or the
    next one when none is), or None: the game takes none now, the deal's hands are the
    table's already, or the seat has played in it."""
    exp = result.expect
    if setup.seed is not None or exp.action == "done" or (result.complete and not exp.new_deal):
        return None  # (a virtual deal: the referee dealt every hand itself)
    opened = not exp.new_deal and bool(deals)
    upto = list(deals) if opened else [*deals, Deal([])]
    d = upto[-1]
    if d.key("outcome") is not None or _played_by(d, seat) or (
            registered(d) and not is_private(d)):
        return None
    try:
        size: int | None = rules.private_hand(setup, upto, result, seat)
    except (KeyError, IndexError, ValueError):
        return None
    return size


def draws_to_show(rules: Any, setup: Setup, deals: Sequence[Deal], result: Result,
                  seat: str) -> HandNow | None:
    """``seat``'s registered hand now when it has drawn cards it has not shown the referee
    yet and still holds (``GameRules.hand_drawn``), else None: the seat's page then offers
    "show the referee my hand" again, the cards it holds already picked."""
    exp = result.expect
    if setup.seed is not None or not deals or exp.new_deal or exp.action == "done":
        return None
    d = deals[-1]
    if not is_private(d) or seat not in registered(d) or not _played_by(d, seat):
        return None
    try:
        now: HandNow | None = rules.hand_drawn(setup, deals, result, seat)
    except (KeyError, IndexError, ValueError):
        return None
    if now is None or now.due - len(now.laid) <= 0:
        return None
    return now


def _played_by(deal: Deal, seat: str) -> bool:
    """Whether ``seat`` has laid, taken or discarded a card in ``deal`` (a bid is no card)."""
    return any(isinstance(e, Play | Pull | Exchange) and e.player == seat
               for e in deal.entries)


def register(session: Session, seat: str, text: str, director: bool = False) -> tuple[Card, ...]:
    """Register ``seat``'s hand (``text``, its cards) for the deal in progress in
    ``session``, checked, written and saved (the caller holds the file's lock); returns the
    hand. Refused (``IllegalEntry``, nothing kept) where it cannot be this seat's hand."""
    if seat not in session.setup.players:
        raise NotationError(f"{seat!r} is not a seat of this game")
    cards = read_hand(text)
    rules = session.rules
    snap = snapshot(session.deals)
    try:
        return _register(session, rules, seat, cards, director)
    except BaseException:
        session.replace(snap)
        raise


def _register(session: Session, rules: Any, seat: str, cards: tuple[Card, ...],
              director: bool) -> tuple[Card, ...]:
    if session.setup.seed is not None:
        raise IllegalEntry("turn-order", "the referee dealt this game's hands itself (--deal): "
                           "there is no hand to show it")
    k = _open_deal(session)
    deal = session.deals[k]
    if deal.key("outcome") is not None:
        raise IllegalEntry("turn-order", "this deal is recorded as an outcome: no hand to "
                           "register")
    hands = registered(deal)
    if hands and not is_private(deal):
        raise IllegalEntry("turn-order", "this deal's hands are known to the table already")
    played = _played_by(deal, seat)
    now = rules.hand_drawn(session.setup, session.deals[:k + 1], session.result(), seat) \
        if played and is_private(deal) and seat in hands else None
    if now is not None:  # the hand as it is now: the cards drawn since appended
        listed = drawn_list(seat, hands[seat], cards, now, director)
        if listed is None:
            return tuple(sort_hand(list(cards)))  # (the director's: nothing new)
        was = hands[seat]
        _check_cards(rules, deal, hands, seat, [c for c in listed if c not in was])
        return _write(session, deal, k, seat, tuple(listed), listed[:len(was)] != list(was),
                      director, tuple(sort_hand(list(cards))))
    if played and not director:
        raise IllegalEntry("turn-order", f"{seat} has played in this deal already: only the "
                           "terminal can correct the hand now")
    size = rules.private_hand(session.setup, session.deals[:k + 1], session.result(), seat)
    if size is None:
        raise IllegalEntry("turn-order", f"{rules.title} takes no registered hand now")
    if len(cards) != size:
        raise IllegalEntry("outcome-total",
                           f"{seat}'s hand is {size} cards here, not {len(cards)}")
    _check_cards(rules, deal, hands, seat, cards)
    hand = tuple(sort_hand(list(cards)))
    return _write(session, deal, k, seat, hand, played and director, director, hand)


def drawn_list(seat: str, listed: tuple[Card, ...], cards: tuple[Card, ...], now: HandNow,
               director: bool) -> list[Card] | None:
    """``seat``'s registered list (the cards dealt, then each drawn, in order) once it shows
    ``cards`` as its hand now: the cards not in the list are its draws not shown yet, after
    the draws it laid before showing them (``now.laid``: drawn first). Refused (nothing
    kept) where the count is not the hand's, a card shown is one it laid already, the draws
    are not those due, or the registered cards it still holds differ (a correction: the
    director's only, each card left out replaced where it stands in the list by the first
    new card). None: nothing new (the director's, a hand shown again unchanged)."""
    if len(cards) != now.size:
        raise IllegalEntry("outcome-total", f"{seat} holds {now.size} cards now, not "
                           f"{len(cards)}")
    mine = set(listed)
    for c in cards:
        if c in mine and c not in now.held | now.maybe:
            raise IllegalEntry("card-duplicate", f"{c} was already laid by {seat}")
    fresh = [c for c in cards if c not in mine]
    missing = [c for c in listed if c in now.held and c not in cards]
    if missing and not director:
        raise IllegalEntry("turn-order", f"{seat} has played in this deal already: the cards "
                           "shown before stay; only the terminal can correct them now")
    if len(fresh) < len(missing):
        raise IllegalEntry("outcome-total", f"{seat}'s hand now leaves out "
                           f"{count(len(missing), 'card')} shown before for "
                           f"{count(len(fresh), 'new card')}")
    out = list(listed)
    for old in missing:  # the director's correction: in place of each card left out
        out[out.index(old)] = fresh.pop(0)
    draws = [*now.laid, *(c for c in fresh if c not in now.laid)]
    if not draws and not missing:
        if director:
            return None
        raise IllegalEntry("turn-order", f"{seat} has drawn no card since the hand was "
                           "shown: only the terminal can correct it now")
    if len(draws) != now.due:
        raise IllegalEntry("outcome-total", f"{seat} drew {count(now.due, 'card')} not shown "
                           f"yet, not {len(draws)}")
    return [*out, *draws]


def _check_cards(rules: Any, deal: Deal, hands: dict[str, tuple[Card, ...]], seat: str,
                 cards: Sequence[Card]) -> None:
    """Each new card of ``seat``'s hand: of the deck, not laid by another, not in another
    registered hand nor shown by another (the message names no other seat's card but it)."""
    deck = frozenset(rules.deck)
    seen: dict[Card, str] = {}
    down: set[Card] = set()  # laid face down by another, its face named (never said whose)
    for e in deal.entries:
        if isinstance(e, Play | Pull) and not getattr(e, "down", False):
            for c in e.cards:
                if c is not None:
                    seen.setdefault(c, e.player)
        elif isinstance(e, Play | Exchange) and e.player != seat and e.cards:
            down.update(c for c in e.cards if c is not None)
    shown = deal.key("shown") or {}
    for c in cards:
        if c not in deck:
            raise IllegalEntry("card-not-in-deck", f"{c} is not in this game's deck")
        who = seen.get(c)
        if who is not None and who != seat:
            raise IllegalEntry("card-duplicate", f"{c} was already played by {who}")
        if c in down:
            raise IllegalEntry("card-not-held", f"{c} cannot be in {seat}'s hand")
        if any(c in h for p, h in hands.items() if p != seat):
            raise IllegalEntry("card-not-held", f"{c} is in another hand shown to the referee")
        if any(c in cs for p, cs in shown.items() if p != seat):
            raise IllegalEntry("card-not-held", f"{c} was shown by another player")


def _write(session: Session, deal: Deal, k: int, seat: str, listed: tuple[Card, ...],
           corrected: bool, director: bool, answer: tuple[Card, ...]) -> tuple[Card, ...]:
    """``seat``'s list written in ``deal`` (number ``k + 1``), replayed, saved; refused where
    the replay finds a new violation (not the director's)."""
    hands = registered(deal)
    before = session.result()
    old = {(v.rule, v.at, v.player) for v in before.violations if v.deal == k + 1}
    hands[seat] = listed
    ordered = {p: hands[p] for p in session.setup.players if p in hands}
    put_hands(deal, ordered)
    if corrected:
        _note(deal, f"{seat}'s hand corrected at the terminal after their first card")
    session._result = None
    after = session.result()
    new = [v for v in after.violations if v.deal == k + 1 and not v.retro
           and (v.rule, v.at, v.player) not in old and v.rule != "claimed-score"]
    if new and not director:
        v = new[0]
        raise IllegalEntry(v.rule, v.message)
    session.save()
    return answer


def put_hands(deal: Deal, hands: dict[str, tuple[Card, ...]]) -> None:
    """The deal's ``hands`` table (replaced where it stands, else after its dealing keys) and
    ``private = true`` after it."""
    es = deal.entries
    es[:] = [e for e in es if not (isinstance(e, Key) and e.name in ("hands", PRIVATE))]
    i = 0
    while i < len(es) and isinstance(es[i], Key) and es[i].name in DEALING:  # type: ignore[union-attr]
        i += 1
    new: list[Entry] = [Key("hands", hands), Key(PRIVATE, True)]
    es[i:i] = new


def _note(deal: Deal, line: str) -> None:
    old = deal.key("note")
    if isinstance(old, str) and line in old.split("; "):
        return  # (said already)
    text = f"{old}; {line}" if isinstance(old, str) and old else line
    es = deal.entries
    es[:] = [e for e in es if not (isinstance(e, Key) and e.name == "note")]
    es.append(Key("note", text))


def check_some(hands: dict[str, tuple[Card, ...]], setup: Setup, size: int,
               deck: Sequence[Card], where: Any, most: int | None = None) -> None:
    """A private deal's ``hands`` in the file: each hand listed has ``size`` cards (``most``:
    the cards dealt, then up to ``most`` in all with those drawn), all different, of the
    deck (the players left out are unseen)."""
    of = frozenset(deck)
    seen: set[Card] = set()
    for p, cards in hands.items():
        if not size <= len(cards) <= (most or size):
            raise where.err(f"hands.{p}", f"{size} cards for each player listed" + (
                ", then each card drawn, in order" if most else ""))
        for c in cards:
            if c in seen or c not in of:
                raise where.err(f"hands.{p}", f"different cards of the {len(deck)}-card deck "
                                f"({c} twice or not in the deck)")
            seen.add(c)
