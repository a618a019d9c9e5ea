"""One action, one violation per rule (RULES.md "A recorded game that breaks a rule").

Random legal games of every kind get faults injected (a card swapped between two players, a
card played twice, a bid out of range, a wrong leader, a discarded trump, a trick whose
players are shifted one seat...). Whatever the referee finds, no two violations may share
deal, trick (or turn), player, rule and card.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import Card, try_parse_card
from referee.errors import Violation
from referee.games import get
from referee.games.foursquare.rules import shuffled as foursquare_stock
from referee.games.kierki.playout import random_game as kierki_game
from referee.games.kozel.playout import random_series
from referee.games.schmier.playout import random_game as schmier_game
from referee.games.schmier.rules import SchmierRules
from referee.model import Bid, Deal, Entry, Exchange, Key, Place, Play, Setup
from tests.helpers import replay_text

FOUR = ("Ala", "Bartek", "Celina", "Darek")
SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")
EXAMPLES = int(os.environ.get("ONE_VIOLATION_EXAMPLES", "60"))
CARD = re.compile(r"(?<![\w])(10|[2-9TJQKA])([SHDC])(?![\w])|(?<![\w])JK(?![\w])")


def card_of(v: Violation, entries: list[Entry] | None = None,
            again: set[int] | None = None) -> str | None:
    """The card a violation is about: the card(s) of the action that broke the rule (the
    entry at ``v.at``), else the first card its message names; a breach proven later by
    another card is about the player's action at that trick, whatever card proves it. A card
    written a second time in the deal (``again``: those entries) is another action with the
    same card: it is told apart by its entry."""
    if v.retro:
        return None
    if entries is not None and 0 <= v.at < len(entries):
        e = entries[v.at]
        cards = getattr(e, "cards", None) if not isinstance(e, Place) else (e.card,)
        if not cards or None in cards or again and v.at in again:
            return f"entry {v.at}"  # a bid, a key, unseen cards, a card again: the action
        return " ".join(str(c) for c in cards)
    m = CARD.search(v.message)
    return m.group(0) if m else None


def twice(violations: list[Violation], deals: list[Deal]) -> list[list[Violation]]:
    """Groups of violations that share deal, trick (turn), player, rule and card."""
    flat: list[Entry] = []
    again: set[int] = set()
    for d in deals:
        seen: set[object] = set()
        for e in d.entries:
            cards = getattr(e, "cards", None) if not isinstance(e, Place) else (e.card,)
            shown = [c for c in cards or () if c is not None]
            if isinstance(e, (Play, Place)) and any(c in seen for c in shown):
                again.add(len(flat))
            seen.update(shown)
            flat.append(e)

    def key(v: Violation) -> tuple[object, ...]:
        return (v.deal, v.trick, v.turn, v.player, v.rule, card_of(v, flat, again))

    count = Counter(key(v) for v in violations)
    return [[v for v in violations if key(v) == k] for k, n in count.items() if n > 1]


# -- faults -----------------------------------------------------------------------------------

Fault = Callable[[list[Entry], random.Random, Setup], bool]


def _plays(entries: list[Entry]) -> list[int]:
    return [i for i, e in enumerate(entries) if isinstance(e, Play) and e.cards
            and all(c is not None for c in e.cards)]


def swap_cards(entries: list[Entry], rng: random.Random, setup: Setup) -> bool:
    idx = _plays(entries)
    if len(idx) < 2:
        return False
    i, j = rng.sample(idx, 2)
    a, b = entries[i], entries[j]
    assert isinstance(a, Play) and isinstance(b, Play)
    entries[i], entries[j] = replace(a, cards=b.cards), replace(b, cards=a.cards)
    return True


def duplicate_card(entries: list[Entry], rng: random.Random, setup: Setup) -> bool:
    idx = _plays(entries)
    if len(idx) < 2:
        return False
    i, j = sorted(rng.sample(idx, 2))
    a, b = entries[i], entries[j]
    assert isinstance(a, Play) and isinstance(b, Play)
    if len(a.cards) != len(b.cards):
        return False
    entries[j] = replace(b, cards=a.cards)
    return True


def card_to_other_seat(entries: list[Entry], rng: random.Random, setup: Setup) -> bool:
    idx = _plays(entries)
    if not idx:
        return False
    i = rng.choice(idx)
    e = entries[i]
    assert isinstance(e, Play)
    entries[i] = replace(e, player=setup.left_of(e.player, rng.randrange(1, len(setup.players))))
    return True


def _a_trick(entries: list[Entry], rng: random.Random, setup: Setup) -> list[int]:
    """The indexes of a random trick's lines, written one card a line (none: too few)."""
    idx = [i for i in _plays(entries) if len(entries[i].cards) == 1]  # type: ignore[union-attr]
    n = len(setup.players)
    if len(idx) < n:
        return []
    start = rng.randrange(0, len(idx) // n) * n
    return idx[start:start + n]


def shift_trick(entries: list[Entry], rng: random.Random, setup: Setup) -> bool:
    """A trick line whose players are all shifted one seat (its cards in the same order)."""
    trick = _a_trick(entries, rng, setup)
    if not trick:
        return False
    k = rng.randrange(1, len(setup.players))
    for i in trick:
        e = entries[i]
        assert isinstance(e, Play)
        entries[i] = replace(e, player=setup.left_of(e.player, k))
    return True


def wrong_leader(entries: list[Entry], rng: random.Random, setup: Setup) -> bool:
    """The first card of some trick said to be led by another player (only that card)."""
    trick = _a_trick(entries, rng, setup)
    if not trick:
        return False
    e = entries[trick[0]]
    assert isinstance(e, Play)
    entries[trick[0]] = replace(e, player=setup.left_of(e.player,
                                                        rng.randrange(1, len(setup.players))))
    return True


def bad_bid(entries: list[Entry], rng: random.Random, setup: Setup) -> bool:
    idx = [i for i, e in enumerate(entries) if isinstance(e, Bid)]
    if not idx:
        return False
    i = rng.choice(idx)
    e = entries[i]
    assert isinstance(e, Bid)
    entries[i] = replace(e, value=rng.choice([0, 1, 7, 9, 12, 99]))
    return True


def repeated_bid(entries: list[Entry], rng: random.Random, setup: Setup) -> bool:
    idx = [i for i, e in enumerate(entries) if isinstance(e, Bid)]
    if not idx:
        return False
    i = rng.choice(idx)
    entries.insert(i + 1, entries[i])
    return True


def discard_trump(entries: list[Entry], rng: random.Random, setup: Setup) -> bool:
    """A discard that holds a trump: the 2 of trump, or another trump of the deal."""
    idx = [i for i, e in enumerate(entries) if isinstance(e, Exchange) and e.kind == "discard"]
    plays = _plays(entries)
    if not idx or not plays:
        return False
    trump = next((e.value for e in entries if isinstance(e, Key) and e.name == "trump"), None)
    first = entries[plays[0]]
    assert isinstance(first, Play)
    trump = trump or first.cards[0].suit  # type: ignore[union-attr]
    i = rng.choice(idx)
    e = entries[i]
    assert isinstance(e, Exchange)
    rank = rng.choice([2, 2, 7, 9, 10, 14])
    c = Card(rank, trump)
    cards = tuple(e.cards or ())
    cards = (cards[1:] if cards and rng.random() < 0.5 else cards) + (c,)
    entries[i] = Exchange(e.player, "discard", cards, len(cards))
    return True


def delete_entry(entries: list[Entry], rng: random.Random, setup: Setup) -> bool:
    idx = [i for i, e in enumerate(entries) if not isinstance(e, Key)]
    if not idx:
        return False
    del entries[rng.choice(idx)]
    return True


def repeat_play(entries: list[Entry], rng: random.Random, setup: Setup) -> bool:
    """The same card written twice in a row (a double entry)."""
    idx = _plays(entries)
    if not idx:
        return False
    i = rng.choice(idx)
    entries.insert(i + 1, entries[i])
    return True


def misplace(entries: list[Entry], rng: random.Random, setup: Setup) -> bool:
    idx = [i for i, e in enumerate(entries) if isinstance(e, Place)]
    if len(idx) < 2:
        return False
    i, j = rng.sample(idx, 2)
    a, b = entries[i], entries[j]
    assert isinstance(a, Place) and isinstance(b, Place)
    if rng.random() < 0.5:
        entries[i] = replace(a, row=b.row, col=b.col)
    else:
        entries[i], entries[j] = replace(a, card=b.card), replace(b, card=a.card)
    return True


FAULTS: tuple[Fault, ...] = (swap_cards, duplicate_card, card_to_other_seat, shift_trick,
                             wrong_leader, bad_bid, repeated_bid, discard_trump, delete_entry,
                             repeat_play, misplace)


def inject(deals: list[Deal], rng: random.Random, setup: Setup, faults: int) -> list[Deal]:
    out = [Deal(list(d.entries)) for d in deals]
    done = 0
    for _ in range(faults * 10):
        if done >= faults:
            break
        d = rng.choice(out)
        if rng.choice(FAULTS)(d.entries, rng, setup):
            done += 1
    return out


# -- games ------------------------------------------------------------------------------------


def a_game(kind: str, seed: int, known: bool) -> tuple[Setup, list[Deal]]:
    if kind == "kierki":
        return kierki_game(seed, hands_known=known, deals=1 + seed % 12)
    if kind == "kozel":
        setup, deals, _, _ = random_series(seed, ("known",) if known else ("unseen", "known"),
                                           max_games=3)
        return setup, deals
    if kind == "foursquare":
        setup = Setup("foursquare", ("Ala",), "Ala", seed=seed)
        deals = []
        for n in (1, 2):
            stock = foursquare_stock(seed, n)
            rules = get("foursquare")
            entries: list[Entry] = [Key("stock", stock)] if known else []
            from referee.games.foursquare.play import Game

            g = Game(n, "Ala", 0)
            g.stock = stock
            rng = random.Random(seed + n)
            while not g.over:
                card = g.next_card()
                p = rng.choice(g.legal())
                g.place(None, p, 0)
                entries.append(Place(card, p[0], p[1]))
            deals.append(Deal(entries))
            assert rules.name == "foursquare"
        return setup, deals
    rules = get(kind)
    assert isinstance(rules, SchmierRules)
    players = SIX if kind == "schmier" else FOUR
    opts: dict[str, object] = {} if kind == "schmier" else {"kitty_view": seed % 4}
    return schmier_game(rules, players, seed, hands_known=known, options=opts, max_deals=3)


KINDS = ("kierki", "wisconsin-schmier", "schmier", "kozel", "foursquare")


@settings(max_examples=EXAMPLES, deadline=None)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 10**9), known=st.booleans(),
       faults=st.integers(1, 4))
def test_no_rule_twice_for_one_action(kind: str, seed: int, known: bool, faults: int) -> None:
    rules = get(kind)
    setup, deals = a_game(kind, seed, known)
    bad = inject(deals, random.Random(seed), setup, faults)
    res = rules.replay(setup, bad)
    assert not twice(res.violations, bad), twice(res.violations, bad)


# -- the cases named in the issue -------------------------------------------------------------


def test_schmier_dealer_discarding_the_2_of_trump_breaks_discard_trump_once() -> None:
    res = replay_text(SCHMIER_DEALER_DISCARDS_2)
    found = [v for v in res.violations if v.rule == "discard-trump"]
    assert len(found) == 1, res.violations


def test_card_parse_of_messages() -> None:
    v = Violation(1, 2, "Ala", "card-duplicate", "10H was already played by Bartek")
    assert card_of(v) == "10H"
    assert try_parse_card(card_of(v) or "") == Card(10, "H")


SCHMIER_DEALER_DISCARDS_2 = """\
format = 1
game = "schmier"
players = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip"]

[[deals]]
dealer = "Ala"
bids = ["Bartek: 3", "Celina: pass", "Darek: pass", "Ewa: pass", "Filip: pass", "Ala: pass"]
trump = "H"
discards = { Bartek = 3, Celina = 3, Darek = 3, Ewa = 3, Filip = 3, Ala = "2H 9C" }
tricks = ["Bartek: AH KH QH 9H 8H 3C"]
"""


def test_cards_after_a_deal_ended_break_turn_order_once_outside_any_trick() -> None:
    from tests.test_wisconsin_rules import game, tricks

    text = game('bids = ["Bartek: pass", "Celina: pass", "Darek: pass", "Ala: pass"]\n'
                + tricks("Bartek: KH AH JH 7H", "Bartek: QH 9H 8H 7C"))
    res = replay_text(text)
    assert [(v.deal, v.trick, v.rule) for v in res.violations] == [(1, None, "turn-order")]


def test_a_discard_by_another_player_during_the_bidding_breaks_turn_order_once() -> None:
    from tests.test_wisconsin_rules import game

    text = game('bids = ["Bartek: 2"]\ndiscards = { Ala = "7D" }\n', options="kitty_view = 1")
    res = replay_text(text)
    assert [(v.player, v.rule) for v in res.violations] == [("Ala", "turn-order")]
