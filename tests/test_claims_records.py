"""``judge`` on real records against the oracle: random legal Kierki games (hands unseen) cut
2-3 tricks before the end of a deal, sometimes inside a trick. The oracle's worlds are every
deal of the unseen cards under which the record's own plays were legal (checked card by card
on the compact rules, not read from the knowledge model), so the reading of the record (voids
shown, a heart led in deals 2, 5 and 7) is checked as well as the search. The Schmier games
are checked the same way with every hand known (one world)."""

from __future__ import annotations

import random

import pytest

from referee.cards import Card
from referee.claims import judge
from referee.compact import NO_CARD
from referee.games import get as get_game
from referee.games.kierki.play import KIERKI, kierki_rules
from referee.games.kierki.playout import random_game
from referee.games.schmier.playout import random_game as schmier_game
from referee.model import Deal, Key, Play, Setup
from tests.claims_oracle import deals as deal_out
from tests.claims_oracle import oracle

POSITIONS = 120


def cut(deal: Deal, keep: int) -> tuple[Deal, list[Play]]:
    """The deal with only its first ``keep`` plays, and the plays cut off."""
    out, rest, seen = [], [], 0
    for e in deal.entries:
        if isinstance(e, Play):
            seen += 1
            (out if seen <= keep else rest).append(e)
        else:
            out.append(e)
    return Deal(out), [e for e in rest if isinstance(e, Play)]


SEATS = {"wisconsin-schmier": ("Ala", "Bartek", "Celina", "Darek"),
         "schmier": ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")}


def schmier_cut(game: str, seed: int, known: bool, left: int, rng: random.Random
                ) -> tuple[Setup, Deal, list[Play]] | None:
    """Deal 1 of a random ``game`` (``seed``; ``known``: its hands written) cut ``left``
    tricks before its end and a few cards (``rng``) into the next: the setup, the deal so
    far and the plays cut off; None when the deal was not played out."""
    n = len(SEATS[game])
    setup, played = schmier_game(get_game(game), SEATS[game], seed, hands_known=known,
                                 max_deals=1)
    last = played[0]
    if len([e for e in last.entries if isinstance(e, Play)]) < 6 * n:
        return None
    deal, rest = cut(last, 6 * n - n * left + rng.randrange(n))
    return setup, deal, rest


def test_kierki_records_agree_with_the_oracle() -> None:
    checked = {True: 0, False: 0}
    for seed in range(POSITIONS):
        rng = random.Random(seed)
        n = rng.randint(1, 11)
        setup, played = random_game(seed, deals=n)
        last = played[-1]
        plays = [e for e in last.entries if isinstance(e, Play)]
        if len(plays) < 52:
            continue
        left = rng.choice((2, 3))
        keep = 52 - 4 * left + rng.randrange(4)
        deal, rest = cut(last, keep)
        players = setup.players
        trump = deal.key("trump")
        rules = kierki_rules(n, trump)
        history = [(players.index(e.player), KIERKI.to_int(e.cards[0])) for e in deal.entries
                   if isinstance(e, Play) and isinstance(e.cards[0], Card)]
        hands = [0] * 4
        for e in rest:
            hands[players.index(e.player)] |= 1 << KIERKI.to_int(e.cards[0])  # type: ignore[arg-type]
        claimer = rng.randrange(4)
        hand = KIERKI.cards_in(hands[claimer])
        others = [s for s in range(4) if s != claimer]
        pool = 0
        for s in others:
            pool |= hands[s]
        worlds = []
        for d in deal_out(pool, [pool] * 3, [hands[s].bit_count() for s in others], 5000) or []:
            w = list(hands)
            for i, s in enumerate(others):
                w[s] = d[i]
            if legal_history(rules, history, w):
                worlds.append(tuple(w))
        assert tuple(hands) in worlds
        on_table = len(history) % 4
        trick = tuple(history[len(history) - on_table:]) if on_table else ()
        to_move = players.index(rest[0].player)
        side = tuple(s == claimer for s in range(4))
        for need in range(1, left + 1):
            want = oracle(worlds, rules, claimer, side, trick, to_move, need, left)
            v = judge(setup, [*played[:-1], deal], players[claimer], tricks=need, hand=hand,
                      seconds=None)
            assert v.verdict == ("holds" if want else "fails"), (seed, need)
            checked[want] += 1
            if not want:
                assert v.counter is not None
                counter = [0] * 4
                counter[claimer] = hands[claimer]
                for p, cs in v.counter.items():
                    counter[players.index(p)] = KIERKI.mask(cs)
                assert tuple(counter) in worlds
    assert checked[True] > 20 and checked[False] > 20


def legal_history(rules, history, world):  # type: ignore[no-untyped-def]
    """Whether the record's plays were each legal with the deal ``world`` (the hands now)
    plus the cards each player has played."""
    hands = list(world)
    for s, c in history:
        hands[s] |= 1 << c
    led = NO_CARD
    for i, (s, c) in enumerate(history):
        if i % 4 == 0:
            led = c
        if not rules.legal(hands[s], led if i % 4 else NO_CARD) & (1 << c):
            return False
        hands[s] &= ~(1 << c)
    return True


@pytest.mark.parametrize("game", ["wisconsin-schmier", "schmier"])
def test_schmier_records_with_hands_known_agree_with_the_oracle(game: str) -> None:
    players = SEATS[game]
    checked = {True: 0, False: 0}
    for seed in range(40):
        rng = random.Random(seed)
        left = rng.choice((2, 3))
        got = schmier_cut(game, seed, True, left, rng)
        if got is None:
            continue
        setup, deal, _rest = got
        from referee.claims import as_problem
        from referee.claims.position import read

        claimer = rng.choice(players)
        pos = read(setup, [deal], claimer)
        if not pos.hands_known:
            continue
        prob = as_problem(pos, pos.hands[claimer])
        world = tuple(prob.poss)
        for need in range(1, left + 1):
            want = oracle([world], prob.rules, prob.claimer, prob.side, prob.trick,
                          prob.to_move, need, left)
            v = judge(setup, [deal], claimer, tricks=need, seconds=None)
            assert v.verdict == ("holds" if want else "fails"), (seed, need)
            checked[want] += 1
    assert checked[True] > 5 and checked[False] > 5


@pytest.mark.parametrize("game", ["wisconsin-schmier", "schmier"])
def test_unseen_holds_only_where_the_open_hands_hold(game: str) -> None:
    """The same random records with every hand written and with the hands struck out (the
    claimer shows theirs): a claim that holds unseen holds with the hands known, and some hold
    with the hands known that fail unseen; a deal that beats one unseen fits the record."""
    players = SEATS[game]
    only_known = 0
    for seed in range(30):
        rng = random.Random(seed)
        left = 2
        got = schmier_cut(game, seed, True, left, rng)
        if got is None:
            continue
        setup, deal, rest = got
        unseen = Deal([e for e in deal.entries if not (isinstance(e, Key) and e.name in
                                                       ("hands", "stock"))])
        claimer = rng.choice(players)
        hand = [e.cards[0] for e in rest if e.player == claimer]
        for need in range(1, left + 1):
            known = judge(setup, [deal], claimer, tricks=need, seconds=None)
            blind = judge(setup, [unseen], claimer, tricks=need, hand=hand, seconds=None)
            assert "not proven" not in (known.verdict, blind.verdict)
            assert not blind.hands_known
            if blind.verdict == "holds":
                assert known.verdict == "holds", (seed, need)
            elif known.verdict == "holds":
                only_known += 1
            if blind.verdict == "fails":
                assert blind.counter is not None
                shown = {c for e in deal.entries if isinstance(e, Play) for c in e.cards}
                dealt = [c for cards in blind.counter.values() for c in cards]
                assert len(dealt) == len(set(dealt)) and not shown & set(dealt)
                assert not set(hand) & set(dealt)
    assert only_known > 0


def _legal_n(rules, history, world, n):  # type: ignore[no-untyped-def]
    """``legal_history`` for ``n`` seats."""
    hands = list(world)
    for s, c in history:
        hands[s] |= 1 << c
    led = NO_CARD
    for i, (s, c) in enumerate(history):
        if i % n == 0:
            led = c
        if not rules.legal(hands[s], led if i % n else NO_CARD) & (1 << c):
            return False
        hands[s] &= ~(1 << c)
    return True


def test_schmier_unseen_records_agree_with_the_oracle() -> None:
    """Schmier with the hands unseen, the exchange half counted (``discards = { Bob = 1 }``):
    the oracle's worlds are the deals of the unseen cards under which the record's plays were
    legal and the exchange kept RULES.md (nobody but the dealer discards a trump; a dealer who
    discards one keeps six trumps), each checked on the compact rules, not read from the
    knowledge model. The search must give the oracle's answer, and a counter-deal among its
    worlds."""
    from referee.games.schmier.tricks import SCHMIER, schmier_rules
    from referee.model import Exchange

    players = SEATS["schmier"]
    n = len(players)
    checked = {True: 0, False: 0}
    counted = 0
    for seed in range(60):
        rng = random.Random(seed)
        left = rng.choice((1, 1, 2))
        got = schmier_cut("schmier", seed, False, left, rng)
        if got is None:
            continue
        setup, deal, rest = got
        trump = deal.key("trump")
        rules = schmier_rules(trump)
        lay = SCHMIER
        history = [(players.index(e.player), lay.to_int(e.cards[0])) for e in deal.entries
                   if isinstance(e, Play) and isinstance(e.cards[0], Card)]
        hands = [0] * n
        for e in rest:
            hands[players.index(e.player)] |= 1 << lay.to_int(e.cards[0])  # type: ignore[arg-type]
        named = [e for e in deal.entries if isinstance(e, Exchange) and e.cards is not None]
        gone = 0
        for e in named:
            gone |= lay.mask(e.cards or ())
        dealer = deal.key("dealer") or setup.first_dealer
        kept_six = any(lay.mask(e.cards or ()) & rules.trump_mask for e in named
                       if e.player == dealer)
        unseen = (1 << len(lay.index)) - 1 & ~gone
        for _s, c in history:
            unseen &= ~(1 << c)
        claimer = rng.randrange(n)
        others = [s for s in range(n) if s != claimer]
        pool = unseen & ~hands[claimer]
        counts = [hands[s].bit_count() for s in others]
        out_n = pool.bit_count() - sum(counts)
        dealt = deal_out(pool, [pool] * (n - 1) + [pool], [*counts, out_n], 20000)
        if dealt is None:
            continue
        counted += out_n > 0
        worlds = []
        for d in dealt:
            if d[-1] & rules.trump_mask:  # a trump face down: nobody discards one here
                continue
            w = list(hands)
            for i, s in enumerate(others):
                w[s] = d[i]
            if kept_six:
                start = w[players.index(dealer)]
                for s, c in history:
                    if s == players.index(dealer):
                        start |= 1 << c
                if start & ~rules.trump_mask:
                    continue
            if _legal_n(rules, history, w, n):
                worlds.append(tuple(w))
        assert tuple(hands) in worlds, seed
        on_table = len(history) % n
        trick = tuple(history[len(history) - on_table:]) if on_table else ()
        to_move = players.index(rest[0].player)
        side = tuple(s % 3 == claimer % 3 for s in range(n))
        for need in range(1, left + 1):
            want = oracle(worlds, rules, claimer, side, trick, to_move, need, left)
            v = judge(setup, [deal], players[claimer], tricks=need,
                      hand=lay.cards_in(hands[claimer]), seconds=None)
            assert v.verdict == ("holds" if want else "fails"), (seed, need)
            checked[want] += 1
            if not want and v.counter is not None:
                counter = [0] * n
                counter[claimer] = hands[claimer]
                for p, cs in v.counter.items():
                    counter[players.index(p)] = lay.mask(cs)
                assert tuple(counter) in worlds, seed
    assert checked[True] > 5 and checked[False] > 5 and counted > 5, (checked, counted)
