"""The compact core (referee/compact.py) against the engine's own rules.

The brute-force checks a search will rely on: every card converts to its int and back on each
deck; the legal-play mask at random positions of random legal deals is exactly the set of cards
the engine accepts there (each card of the deck tried in turn, the deal replayed); the trick
winner is the engine's on random tricks; equivalent cards are interchangeable in every trick.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import compact
from referee.cards import DECK_32, DECK_52, DECK_53, JOKER, SUITS, Card
from referee.compact import NO_CARD, Layout, TrickRules
from referee.games import get
from referee.games.kierki.play import KIERKI, kierki_rules
from referee.games.kierki.play import replay_deal as kierki_replay_deal
from referee.games.kierki.playout import PLAYERS, random_deal
from referee.games.schmier.play import replay_deal as schmier_replay_deal
from referee.games.schmier.playout import random_game as schmier_random_game
from referee.games.schmier.rules import SchmierRules
from referee.games.schmier.score import Order
from referee.games.schmier.tricks import (
    SCHMIER,
    WISCONSIN,
    effective_suit,
    schmier_rules,
    wisconsin_rules,
)
from referee.model import Deal, Entry, Play, Setup
from referee.notation import parse_cards
from referee.trick import TrickPlay, winning_play

DECKS = [(KIERKI, DECK_52), (WISCONSIN, DECK_32), (SCHMIER, DECK_53)]
TRUMPS = [None, *SUITS]
HELD = {"card-not-held", "card-duplicate"}
FOLLOW = {"follow-suit", "hearts-lead"}


# -- cards and bit sets -------------------------------------------------------------------------

@pytest.mark.parametrize(("layout", "deck"), DECKS, ids=lambda x: getattr(x, "name", ""))
def test_every_card_round_trips(layout: Layout, deck: tuple[Card, ...]) -> None:
    assert layout.size == len(deck) and layout.full == (1 << len(deck)) - 1
    for c in deck:
        i = layout.to_int(c)
        assert 0 <= i < layout.size
        assert layout.to_card(i) is c
        assert layout.cards_in(1 << i) == [c]
    assert sorted(layout.to_int(c) for c in deck) == list(range(layout.size))
    # printed suits partition the deck; within a suit a higher bit is a higher rank
    assert sum(layout.suit_masks) == layout.full
    for s, suit in enumerate(SUITS):
        ranks = [c.rank for c in layout.cards_in(layout.suit_masks[s])]
        assert ranks == sorted(ranks) and all(c.suit == suit
                                              for c in layout.cards_in(layout.suit_masks[s]))
    assert (layout.joker != NO_CARD) == (JOKER in deck)


def test_cards_outside_a_deck_have_no_int() -> None:
    with pytest.raises(KeyError):
        KIERKI.to_int(JOKER)
    with pytest.raises(KeyError):
        WISCONSIN.to_int(Card(6, "S"))
    assert SCHMIER.to_card(SCHMIER.joker) is JOKER


@given(data=st.data())
def test_masks_and_bit_helpers(data: st.DataObject) -> None:
    layout, deck = data.draw(st.sampled_from(DECKS))
    cards = data.draw(st.sets(st.sampled_from(deck)))
    m = layout.mask(cards)
    idx = sorted(layout.to_int(c) for c in cards)
    assert set(layout.cards_in(m)) == cards
    assert list(compact.bits(m)) == idx
    assert compact.popcount(m) == len(cards)
    if idx:
        assert compact.lowest(m) == idx[0] and compact.highest(m) == idx[-1]
        k = data.draw(st.integers(0, len(idx) - 1))
        assert compact.nth(m, k) == idx[k]
        r = data.draw(st.floats(0, 1, exclude_max=True))
        assert compact.pick(m, lambda: r) == idx[int(r * len(idx))]


def test_pick_reaches_every_card() -> None:
    m = KIERKI.mask([Card(2, "S"), Card(14, "C"), Card(7, "H")])
    rng = random.Random(3)
    assert {compact.pick(m, rng.random) for _ in range(200)} == set(compact.bits(m))


# -- the trick winner ---------------------------------------------------------------------------

def engine_winner(cards: list[Card], trump: str | None, bauers: bool) -> int:
    if bauers:
        return Order(trump, True).winner(cards)[0]
    return winning_play([TrickPlay("x", c, i) for i, c in enumerate(cards)], trump)


@settings(max_examples=400)
@given(data=st.data(), trump=st.sampled_from(TRUMPS))
def test_trick_winner_is_the_engines(data: st.DataObject, trump: str | None) -> None:
    kind = data.draw(st.sampled_from(["kierki", "wisconsin", "schmier"]))
    if kind == "kierki":
        layout, deck, n = KIERKI, DECK_52, 4
        rules = kierki_rules(data.draw(st.integers(1, 11)), trump)
    elif kind == "wisconsin":
        layout, deck, n = WISCONSIN, DECK_32, 4
        rules = wisconsin_rules(trump)
    else:
        layout, deck, n = SCHMIER, DECK_53, 6
        rules = schmier_rules(trump)
    size = data.draw(st.integers(1, n))
    cards = data.draw(st.lists(st.sampled_from(deck), min_size=size, max_size=size,
                               unique=True))
    ints = [layout.to_int(c) for c in cards]
    want = engine_winner(cards, trump, kind == "schmier")
    assert rules.winner(ints) == want
    assert rules.winner(tuple(ints)) == want
    # beats: the card winning so far, card by card
    best = ints[0]
    for c in ints[1:]:
        if rules.beats(c, best, ints[0]):
            best = c
    assert best == ints[want]


def test_schmier_effective_suits_under_trump() -> None:
    r = schmier_rules("H")
    jd, jk = SCHMIER.to_int(Card(11, "D")), SCHMIER.joker
    assert r.suit[jd] == r.suit[jk] == r.trump == 1
    assert not r.masks[2] & (1 << jd)
    assert effective_suit(SCHMIER, jd, "H") == 1
    assert effective_suit(SCHMIER, jd, "S") == 2
    assert [SCHMIER.to_card(i).text for i in r.order[1][-5:]] == ["JD", "JH", "QH", "KH", "AH"]
    assert SCHMIER.to_card(r.order[1][0]) is JOKER
    # the joker led with no trump known is a suit of its own
    assert schmier_rules(None).legal(SCHMIER.mask([Card(2, "S")]), jk) == SCHMIER.mask(
        [Card(2, "S")])


# -- legal plays, against the engine's replay ---------------------------------------------------

def card_of(play: Play) -> Card:
    c = play.cards[0]
    assert c is not None
    return c


def engine_legal(replay: Deal, mover: str, deck: tuple[Card, ...], layout: Layout,
                 run: Callable[[list[Entry]], Any]) -> tuple[int, int]:
    """(the cards the mover holds, the cards the engine accepts) as masks: every card of the
    deck played in turn after the entries of ``replay``, which must break no rule."""
    assert not run(replay.entries).violations
    held = legal = 0
    at = len(replay.entries)
    for c in deck:
        st_ = run([*replay.entries, Play(mover, (c,))])
        rules = {v.rule for v in st_.violations if v.at == at}
        if rules & HELD:
            continue
        held |= 1 << layout.to_int(c)
        if not rules & FOLLOW:
            legal |= 1 << layout.to_int(c)
    return held, legal


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), number=st.integers(1, 11), cut=st.integers(0, 51),
       chooser=st.sampled_from(["dealer", "left"]))
def test_kierki_legal_mask_is_the_engines(seed: int, number: int, cut: int,
                                          chooser: str) -> None:
    rng = random.Random(seed)
    dealer = PLAYERS[seed % 4]
    setup = Setup("kierki", PLAYERS, dealer, {})
    options = {"stop_when_penalties_gone": False, "trump_chooser": chooser,
               "fantan_start_rank": 7}
    deal = random_deal(setup, number, dealer, rng, True, options)
    plays = [e for e in deal.entries if isinstance(e, Play)]
    assert len(plays) == 52
    keys = [e for e in deal.entries if not isinstance(e, Play)]
    trump = deal.key("trump")
    rules = kierki_rules(number, trump)

    def run(entries: list[Entry]) -> Any:
        return kierki_replay_deal(setup, Deal(entries), number, dealer, 0, options)

    prefix = Deal([*keys, *plays[:cut]])
    held, legal = engine_legal(prefix, plays[cut].player, DECK_52, KIERKI, run)
    assert compact.popcount(held) == 13 - cut // 4  # the engine knows the hand exactly
    trick = [KIERKI.to_int(card_of(p)) for p in plays[cut - cut % 4:cut]]
    assert rules.legal_in(held, trick) == legal
    assert rules.legal(held, trick[0] if trick else NO_CARD) == legal
    # and the winners of the whole deal's tricks
    whole = kierki_replay_deal(setup, deal, number, dealer, 0, options)
    for t in whole.tricks:
        ints = [KIERKI.to_int(p.card) for p in t.plays]
        assert t.plays[rules.winner(ints)].player == t.winner


def schmier_position(name: str, seed: int, pick: int) -> tuple[Setup, SchmierRules, Deal, int]:
    rules = get(name)
    assert isinstance(rules, SchmierRules)
    players = PLAYERS if name == "wisconsin-schmier" else (*PLAYERS, "Ewa", "Filip")
    setup, deals = schmier_random_game(rules, players, seed, hands_known=True, max_deals=6)
    played = [(i, d) for i, d in enumerate(deals) if any(isinstance(e, Play) for e in d.entries)]
    i, deal = played[pick % len(played)]
    return setup, rules, deal, i + 1


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), pick=st.integers(0, 5), cut=st.integers(0, 35),
       name=st.sampled_from(["wisconsin-schmier", "schmier"]))
def test_schmier_legal_mask_is_the_engines(seed: int, pick: int, cut: int, name: str) -> None:
    setup, rules, deal, number = schmier_position(name, seed, pick)
    v = rules.variant
    layout = WISCONSIN if name == "wisconsin-schmier" else SCHMIER
    n = len(setup.players)
    entries = deal.entries
    where = [k for k, e in enumerate(entries) if isinstance(e, Play)]
    plays = [e for e in entries if isinstance(e, Play)]
    cut %= len(where)
    options = rules.opts(setup)
    dealer = deal.key("dealer")

    def run(es: list[Entry]) -> Any:
        return schmier_replay_deal(setup, v, Deal(es), number, dealer, 0, options)

    prefix = Deal(entries[:where[cut]])
    mover = plays[cut].player
    held, legal = engine_legal(prefix, mover, v.deck, layout, run)
    assert compact.popcount(held) == 6 - cut // n
    first = card_of(plays[0])
    if name == "schmier":
        tr = schmier_rules(deal.key("trump"))
    else:  # Wisconsin: the first lead names trump
        tr = wisconsin_rules(first.suit if cut else None)
    trick = [layout.to_int(card_of(p)) for p in plays[cut - cut % n:cut]]
    assert tr.legal_in(held, trick) == legal
    # and every trick of the deal is won as the engine says
    whole = run(list(entries))
    if name == "wisconsin-schmier":
        tr = wisconsin_rules(first.suit)
    for t in whole.tricks:
        ints = [layout.to_int(p.card) for p in t.plays]
        assert t.plays[tr.winner(ints)].player == t.winner


def test_hearts_lead_and_trumping_in_wisconsin() -> None:
    hand = KIERKI.mask([Card(2, "H"), Card(9, "S")])
    assert kierki_rules(2).legal(hand) == KIERKI.mask([Card(9, "S")])
    assert kierki_rules(3).legal(hand) == hand
    only = KIERKI.mask([Card(2, "H"), Card(5, "H")])
    assert kierki_rules(5).legal(only) == only
    w = wisconsin_rules("S")
    hand = WISCONSIN.mask([Card(8, "H"), Card(9, "S"), Card(10, "D")])
    led = WISCONSIN.to_int(Card(14, "H"))
    assert w.legal(hand, led) == WISCONSIN.mask([Card(8, "H"), Card(9, "S")])
    assert w.legal(WISCONSIN.mask([Card(9, "S"), Card(10, "D")]), led) == WISCONSIN.mask(
        [Card(9, "S"), Card(10, "D")])
    assert w.legal(hand, WISCONSIN.to_int(Card(7, "S"))) == WISCONSIN.mask([Card(9, "S")])


# -- equivalent cards ---------------------------------------------------------------------------

def all_rules() -> list[TrickRules]:
    out = [kierki_rules(n, t) for n in (1, 2, 8) for t in TRUMPS[: 1 if n < 8 else 5]]
    out += [wisconsin_rules(t) for t in TRUMPS] + [schmier_rules(t) for t in TRUMPS]
    return out


@settings(max_examples=300)
@given(data=st.data())
def test_representatives_are_interchangeable(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(all_rules()))
    deck = range(rules.layout.size)
    live = data.draw(st.sets(st.sampled_from(deck), min_size=1))
    hand = data.draw(st.sets(st.sampled_from(sorted(live)), min_size=1))
    keep = data.draw(st.sets(st.sampled_from(deck)))
    h, lv, kp = (sum(1 << i for i in x) for x in (hand, live, keep))
    reps = rules.representatives(h, lv, kp)
    assert reps & ~h == 0 and reps  # a subset of the hand, one at least
    assert kp & h & ~reps == 0  # no kept card merged
    others = [x for x in live if x not in hand]

    def rep_of(c: int) -> int:
        s = rules.suit[c]
        mine = [r for r in compact.bits(reps) if rules.suit[r] == s
                and rules.power[r] <= rules.power[c]]
        return max(mine, key=rules.power.__getitem__)

    for c in hand:
        r = rep_of(c)
        if r == c:
            continue
        # nothing live outside the hand, and no kept card, lies between them
        lo, hi = rules.power[r], rules.power[c]
        between = [x for x in live if rules.suit[x] == rules.suit[c]
                   and lo < rules.power[x] < hi and (x not in hand or x in keep)]
        assert between == [] and c not in keep and r not in keep
        for x in others:  # c and its representative do the same against every other card
            for led in (x, c):
                assert rules.beats(c, x, led) == rules.beats(r, x, r if led == c else x)
                assert rules.beats(x, c, led) == rules.beats(x, r, r if led == c else x)
    # two representatives of one suit with nothing between them would be one run
    for s in range(5):
        rs = sorted((r for r in compact.bits(reps) if rules.suit[r] == s),
                    key=rules.power.__getitem__)
        for a, b in zip(rs, rs[1:], strict=False):
            gap = [x for x in live if rules.suit[x] == s
                   and rules.power[a] < rules.power[x] < rules.power[b] and x not in hand]
            assert gap or a in keep or b in keep


# -- masters and quick tricks -------------------------------------------------------------------

def brute_tricks(rules: TrickRules, hands: list[int], p: int, trick: list[int], leader: int,
                 team: frozenset[int], best_for: frozenset[int]) -> int:
    """The tricks ``team`` takes from here by brute force, the seats of ``best_for`` playing
    to make it the most, every other seat to make it the fewest."""
    if not trick and not any(hands):
        return 0
    n = len(hands)
    best: int | None = None
    for c in compact.bits(rules.legal(hands[p], trick[0] if trick else NO_CARD)):
        hands[p] ^= 1 << c
        trick.append(c)
        if len(trick) == n:
            w = (leader + rules.winner(trick)) % n
            v = (w in team) + brute_tricks(rules, hands, w, [], w, team, best_for)
        else:
            v = brute_tricks(rules, hands, (p + 1) % n, trick, leader, team, best_for)
        trick.pop()
        hands[p] ^= 1 << c
        if best is None or (v > best if p in best_for else v < best):
            best = v
    assert best is not None
    return best


def tricks_won(rules: TrickRules, hands: list[int], p: int, trick: list[int], leader: int,
               me: int) -> int:
    """The tricks ``me`` makes from here: ``me`` plays its best, every other hand against it."""
    return brute_tricks(rules, hands, p, trick, leader, frozenset({me}), frozenset({me}))


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_quick_tricks_are_a_lower_bound(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(all_rules()))
    n, k = (6, 2) if rules.layout is SCHMIER else (4, 3)
    cards = data.draw(st.lists(st.integers(0, rules.layout.size - 1), min_size=n * k,
                               max_size=n * k, unique=True))
    hands = [sum(1 << c for c in cards[i::n]) for i in range(n)]
    live = sum(hands)
    masters = rules.masters(hands[0], live)
    for c in range(rules.layout.size):  # a master is above every card held by anyone else
        s = rules.suit[c]
        above = all(rules.power[c] > rules.power[x] for x in compact.bits(live & ~hands[0])
                    if rules.suit[x] == s)
        assert bool(masters >> c & 1) == bool(hands[0] >> c & 1 and above)
    assert tricks_won(rules, hands, 0, [], 0, 0) >= rules.quick_tricks(hands[0], live)


def test_quick_tricks_count_masters_trumps_and_the_hearts_lead() -> None:
    def m(layout: Layout, text: str) -> int:
        return layout.mask(Card(14 if w[0] == "A" else 13 if w[0] == "K" else 12 if w[0] == "Q"
                                else int(w[:-1]), w[-1]) for w in text.split())

    mine = m(KIERKI, "AS KS QH 2C")
    live = mine | m(KIERKI, "3S 4S 2H 3C 5C AH")
    assert kierki_rules(1).masters(mine, live) == m(KIERKI, "AS KS")
    assert kierki_rules(1).quick_tricks(mine, live) == 2
    assert kierki_rules(8, "C").quick_tricks(mine, live) == 0  # others still hold clubs
    alone = m(KIERKI, "AS KS 3H") | m(KIERKI, "2S 2H")
    assert kierki_rules(1).quick_tricks(m(KIERKI, "AS KS 3H"), alone) == 3
    hearts = m(KIERKI, "AH KH 2S")
    live = hearts | m(KIERKI, "3S QH")
    assert kierki_rules(1).quick_tricks(hearts, live) == 2
    assert kierki_rules(2).quick_tricks(hearts, live) == 0  # must lead the 2S first



def least_tricks(rules: TrickRules, hands: list[int], p: int, trick: list[int], leader: int,
                 team: frozenset[int]) -> int:
    """The fewest tricks ``team`` can take from here, whatever anyone plays (every hand, the
    team's too, plays against it)."""
    return brute_tricks(rules, hands, p, trick, leader, team, frozenset())


def unpaired(rules: TrickRules, hand: int, other: int) -> int:
    """The trumps of ``hand`` that no trump of ``other`` can beat, each of those beating one
    (Hall's deficiency on the threshold graph: for some trump of the hand, the hand's trumps
    at or above it less the other's trumps above it)."""
    tm = rules.trump_mask
    mine = list(compact.bits(hand & tm))
    theirs = [rules.power[c] for c in compact.bits(other & tm)]
    return max([0] + [sum(1 for y in mine if rules.power[y] >= rules.power[x])
                      - sum(1 for z in theirs if z > rules.power[x]) for x in mine])


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_sure_trump_tricks_are_tricks_of_their_team(data: st.DataObject) -> None:
    """Every card is played and a trump loses only to a higher trump in its trick, so a hand's
    trumps win at least as many tricks as are left when each trump of the other team beats
    one lower trump of the hand: tricks of its team whoever leads and whatever anyone plays
    (brute force, ``least_tricks``), for the player alone and for the others as a team."""
    rules = data.draw(st.sampled_from([r for r in all_rules() if r.trump_mask]))
    n, k = (6, 2) if rules.layout is SCHMIER else (4, 3)
    cards = data.draw(st.lists(st.integers(0, rules.layout.size - 1), min_size=n * k,
                               max_size=n * k, unique=True))
    hands = [sum(1 << c for c in cards[i::n]) for i in range(n)]
    leader = data.draw(st.integers(0, n - 1))
    live = sum(hands)
    alone, others = frozenset({0}), frozenset(range(1, n))
    mine = rules.sure_trump_tricks([hands[0]], live & ~hands[0])
    theirs = rules.sure_trump_tricks(hands[1:], hands[0])
    assert least_tricks(rules, hands, leader, [], leader, alone) >= mine
    assert least_tricks(rules, hands, leader, [], leader, others) >= theirs
    assert tricks_won(rules, hands, leader, [], leader, 0) <= k - theirs
    assert mine == unpaired(rules, hands[0], live & ~hands[0])
    assert theirs == max(unpaired(rules, h, hands[0]) for h in hands[1:])


def test_sure_trump_tricks_count_more_than_the_masters() -> None:
    """QH 10H against AH and 6H (hearts trump): AH beats one of them, nothing beats the other;
    with KH beside AH both may lose. A superset of the other team's cards bounds from below."""
    rules = kierki_rules(8, "H")
    m = KIERKI.mask
    h = m(parse_cards("QH 10H"))
    assert rules.sure_trump_tricks([h], m(parse_cards("AH 6H 2S"))) == 1
    assert rules.sure_trump_tricks([h], m(parse_cards("AH KH 6H"))) == 0
    assert rules.sure_trump_tricks([h], m(parse_cards("9H 6H"))) == 2
    assert rules.sure_trump_tricks([h, m(parse_cards("JH 9H 8H"))], m(parse_cards("AH KH"))) == 1


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_the_ranked_twin_plays_alike(data: st.DataObject) -> None:
    """``TrickRules.ranked``: the same rules on cards renumbered in power order (each suit a
    run of bits, where masters and runs are shifts): every answer maps back to the layout's
    (Schmier under trump has no such layout: there the general code answers)."""
    rules = data.draw(st.sampled_from(all_rules()))
    twin, order = rules.ranked()
    assert twin.contiguous
    new = {i: j for j, i in enumerate(order)}

    def to_twin(m: int) -> int:
        return sum(1 << new[i] for i in compact.bits(m))

    deck = range(rules.layout.size)
    live = data.draw(st.sets(st.sampled_from(deck), min_size=2))
    hand = data.draw(st.sets(st.sampled_from(sorted(live)), min_size=1))
    h, lv = (sum(1 << i for i in x) for x in (hand, live))
    th, tlv = to_twin(h), to_twin(lv)
    assert to_twin(rules.masters(h, lv)) == twin.masters(th, tlv)
    assert rules.quick_tricks(h, lv) == twin.quick_tricks(th, tlv)
    assert rules.sure_trump_tricks([h], lv & ~h) == twin.sure_trump_tricks([th], tlv & ~th)
    assert to_twin(rules.legal(h)) == twin.legal(th)
    led = data.draw(st.sampled_from(sorted(live)))
    assert to_twin(rules.legal(h, led)) == twin.legal(th, new[led])
    trick = data.draw(st.lists(st.sampled_from(deck), min_size=1, max_size=6, unique=True))
    assert rules.winner(trick) == twin.winner([new[c] for c in trick])
    # equivalent cards: the lowest of each run, in both numberings
    assert to_twin(rules.representatives(h, lv)) == twin.representatives(th, tlv)
