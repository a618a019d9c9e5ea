"""A random legal player for both Schmier games: whole games built directly as deals of
entries (for the property tests, the benchmark and the sample games)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from ...cards import JOKER, SUITS, Card
from ...model import Bid, Deal, Entry, Exchange, Key, Play, Setup, team_name
from .rules import SchmierRules, shuffled
from .score import Order, count_points, deal_scores, game_winner, teams_of


def legal_cards(rules: SchmierRules, order: Order, hand: list[Card],
                trick: list[Card]) -> list[Card]:
    if not trick:
        return list(hand)
    led = order.suit(trick[0])
    same = [c for c in hand if order.suit(c) == led]
    if not same:
        return list(hand)
    if rules.variant.strict_follow:
        return same
    return same + [c for c in hand if order.is_trump(c) and c not in same]


def _best_suit(hand: list[Card], rng: random.Random) -> str:
    count = Counter(c.suit for c in hand if c is not JOKER)
    if not count:
        return rng.choice(SUITS)
    top = max(count.values())
    return rng.choice(sorted(s for s, n in count.items() if n == top))


def random_game(rules: SchmierRules, players: tuple[str, ...], seed: int, *,
                hands_known: bool = True, outcome_rate: float = 0.0,
                options: dict[str, object] | None = None, max_deals: int = 200,
                first_dealer: str | None = None,
                record_exchange: bool = True, numbers: float = 0.0
                ) -> tuple[Setup, list[Deal]]:
    """A complete random legal game (or ``max_deals`` deals). ``hands_known``: the deals carry
    ``hands`` and ``stock``; otherwise only what the table sees is written. ``numbers``: how
    often a discard is written as its number although the hands are known (the rule on
    trumps is then proven by the play, ``kept.py``)."""
    v = rules.variant
    rng = random.Random(seed)
    setup = Setup(rules.name, players, first_dealer or players[0], dict(options or {}),
                  seed=seed if hands_known else None)
    opts = {o.name: setup.options.get(o.name, o.default) for o in rules.options}
    kitty_view = int(opts.get("kitty_view", 0)) if v.kitty else 0
    teams = [team_name(t) for t in teams_of(players)]
    team_of = {p: team_name(g) for g in teams_of(players) for p in g}
    totals = dict.fromkeys(teams, 0)
    deals: list[Deal] = []
    dealer = setup.first_dealer
    n = len(players)
    for number in range(1, max_deals + 1):
        hands_t, stock = shuffled(v, replace(setup, seed=seed), number, dealer)
        hands = {p: list(h) for p, h in hands_t.items()}
        stock_l = list(stock)
        entries: list[Entry] = [Key("dealer", dealer)]
        if hands_known:
            entries += [Key("hands", hands_t), Key("stock", stock)]
        high, bidder = 0, None
        for i in range(1, n + 1):
            p = setup.left_of(dealer, i)
            if high < v.bid_max and rng.random() < 0.45:
                b = rng.randint(max(v.bid_min, high + 1), v.bid_max)
                if rng.random() < 0.7:
                    b = max(v.bid_min, high + 1)
                high, bidder = b, p
                entries.append(Bid(p, b))
                if b == v.bid_max:
                    break
            else:
                entries.append(Bid(p, None))
        if bidder is None:
            deals.append(Deal(entries))
            continue
        trump = _best_suit(hands[bidder], rng)
        order = Order(trump, v.bauers)
        if v.named_trump:
            entries.append(Key("trump", trump))
            exch = _schmier_exchange(rules, order, hands, stock_l, dealer, setup, rng,
                                     hands_known, record_exchange, numbers)
        else:
            if rng.random() < 0.3:
                entries.append(Key("trump", trump))
            exch = []
            if kitty_view:
                got = stock_l[:kitty_view]
                hands[bidder] += got
                trump = _best_suit(hands[bidder], rng)
                order = Order(trump, False)
                entries[:] = [e for e in entries if not (isinstance(e, Key) and
                                                         e.name == "trump")]
                if rng.random() < 0.3:
                    entries.append(Key("trump", trump))
                drop = _choose_discards(order, hands[bidder], kitty_view, set())
                for c in drop:
                    hands[bidder].remove(c)
                if record_exchange:  # the discard named, or now and then its number
                    named = not (numbers and rng.random() < numbers)
                    exch = [Exchange(bidder, "take", tuple(got), kitty_view),
                            Exchange(bidder, "discard", tuple(drop) if named else None,
                                     kitty_view)]
        entries += exch
        leader = bidder
        plays: list[tuple[str, Card]] = []
        tricks: list[tuple[str, list[Card]]] = []
        trick_entries: list[Entry] = []
        for t in range(6):
            cards: list[Card] = []
            who: list[str] = []
            p = leader
            for _ in range(n):
                if t == 0 and not cards and not v.named_trump:
                    options_ = [c for c in hands[p] if c.suit == trump]
                else:
                    options_ = legal_cards(rules, order, hands[p], cards)
                c = rng.choice(options_)
                hands[p].remove(c)
                cards.append(c)
                who.append(p)
                plays.append((p, c))
                trick_entries.append(Play(p, (c,)))
                p = setup.left_of(p)
            best, _ = order.winner(cards)
            leader = who[best]
            tricks.append((leader, cards))
        pts = count_points(v, order, plays, tricks, team_of, teams,
                           str(opts.get("high_low", "ace-seven")))
        if rng.random() < outcome_rate:
            entries = [e for e in entries if not isinstance(e, Exchange)]
            if not any(isinstance(e, Key) and e.name == "trump" for e in entries):
                entries.append(Key("trump", trump))
            entries.append(Key("outcome", {k: t for k, t in pts.points.items()
                                           if t is not None}))
        else:
            entries += trick_entries
        bid_out = bool(opts.get("bid_out", False))
        sc, made = deal_scores(pts.won, team_of[bidder], high, totals, bid_out, v.target)
        if rng.random() < 0.2:
            entries.append(Key("claimed", dict(sc)))
        for tm, x in sc.items():
            totals[tm] += x
        deals.append(Deal(entries))
        dealer = setup.left_of(dealer)
        if game_winner(v, totals, team_of[bidder], made, bid_out) is not None:
            break
    return setup, deals


def _choose_discards(order: Order, hand: list[Card], k: int, keep: set[Card]) -> list[Card]:
    """``k`` cards to discard: non-trumps first; trumps (never those in ``keep``) only when
    more than 6 trumps are held."""
    non = [c for c in hand if not order.is_trump(c)]
    non.sort(key=order.rank)
    out = non[:k]
    if len(out) < k:
        trumps = sorted((c for c in hand if order.is_trump(c) and c not in keep),
                        key=order.rank)
        out += trumps[:k - len(out)]
    return out


def _schmier_exchange(rules: SchmierRules, order: Order, hands: dict[str, list[Card]],
                      stock: list[Card], dealer: str, setup: Setup, rng: random.Random,
                      hands_known: bool, record: bool, numbers: float = 0.0) -> list[Entry]:
    out: list[Entry] = []
    pos = 0
    n = len(setup.players)
    for i in range(1, n):
        p = setup.left_of(dealer, i)
        non = [c for c in hands[p] if not order.is_trump(c)]
        k = rng.randint(0, min(3, len(non)))
        drop = rng.sample(non, k)
        for c in drop:
            hands[p].remove(c)
        hands[p] += stock[pos:pos + k]
        pos += k
        # hands known, a discard is named but for ``numbers`` of them (kept.py); else half
        named = (not (numbers and rng.random() < numbers)) if hands_known \
            else rng.random() < 0.5
        if named:
            out.append(Exchange(p, "discard", tuple(drop), k))
        else:
            out.append(Exchange(p, "discard", None, k) if k else Exchange(p, "discard", (), 0))
    hands[dealer] += stock[pos:]
    extra = len(hands[dealer]) - 6
    t = order.trump or "S"
    keep = {JOKER, Card(14, t), Card(11, t), Card(2, t)}
    if order.left is not None:
        keep.add(order.left)
    drop = _choose_discards(order, hands[dealer], extra, keep)
    for c in drop:
        hands[dealer].remove(c)
    named = not (hands_known and numbers and rng.random() < numbers)
    out.append(Exchange(dealer, "discard", tuple(drop) if named else None, extra))
    return out if record else []
