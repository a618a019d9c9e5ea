"""Schmier: a discard written as a number still keeps the trumps the rule keeps, and the play
proves it when it did not (referee/games/schmier/kept.py). One fixed deal, the hands and the
stock known: Bartek bids 3 in spades, Ala deals."""

from __future__ import annotations

import pytest

from tests.helpers import found, replay_text

HEAD = """format = 1
game = "schmier"
players = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip"]
first_dealer = "Ala"

[[deals]]
dealer = "Ala"
stock = "2D 6D 5S 10C 10S 8S JC 9D 9H 3C KS 2S 4C 3H QS JK 6H"
bids = ["Bartek: 3", "Celina: pass", "Darek: pass", "Ewa: pass", "Filip: pass", "Ala: pass"]
trump = "S"
"""
HANDS = """
[deals.hands]
Ala = "AS 6S KH 10D 3D 6C"
Bartek = "JH 2H 5D KC QC 9C"
Celina = "7S 10H 4H AC 8C 2C"
Darek = "JS AD KD JD 4D 7C"
Ewa = "9S 4S 3S 5H QD 5C"
Filip = "AH QH 8H 7H 8D 7D"
"""
# Ala keeps AS JC 2S JK KS QS (all she may: the point trumps and two more); Ewa discards 5H QD,
# gets 2D 6D from the stock's top and plays 5C 9S 4S 3S 2D 6D
LEGAL = ["Bartek: KC AC 7C 5C 7D KS", "Ala: AS 2H 7S JS 9S AH", "Ala: QS 5D 10H AD 4S QH",
         "Ala: JC 9C 4H KD 3S 8H", "Ala: 2S QC 8C JD 2D 7H", "Ala: JK JH 2C 4D 6D 8D"]
# Ewa discards 9S 5H instead (a trump) and plays 5C 4S 3S QD 2D 6D
EWA_TRUMP = ["Bartek: KC AC 7C 5C 7D KS", "Ala: AS 2H 7S JS 4S AH", "Ala: QS 5D 10H AD 3S QH",
             "Ala: 2S 9C 4H KD QD 8H", "Ala: JC QC 8C JD 2D 7H", "Ala: JK JH 2C 4D 6D 8D"]
# Ala keeps KS QS 10S 8S 6S 5S: the ace, the left bauer, the 2 and the joker went
NO_POINTS = ["Bartek: KC AC 7C 5C 7D KS", "Ala: QS 2H 7S JS 9S 7H",
             "Ala: 10S 5D 10H AD 4S 8D", "Ala: 8S 9C 4H KD 3S QH",
             "Ala: 6S QC 8C JD 5H AH", "Ala: 5S JH 2C 4D QD 8H"]
ZERO = "Bartek = 0, Celina = 0, Darek = 0"


def deal(discards: str, tricks: list[str]) -> str:
    lines = ", ".join(f'"{t}"' for t in tricks)
    return HEAD + f"discards = {{ {discards} }}\ntricks = [{lines}]\n" + HANDS


@pytest.mark.parametrize("ewa", ['"5H QD"', "2"])
@pytest.mark.parametrize("ala", ["15", '"6S KH 10D 3D 6C 5S 10C 10S 8S 9D 9H 3C 4C 3H 6H"'])
def test_a_legal_deal_with_discards_named_or_as_numbers_has_no_violation(ewa: str, ala: str
                                                                        ) -> None:
    res = replay_text(deal(f"{ZERO}, Ewa = {ewa}, Filip = 0, Ala = {ala}", LEGAL))
    assert found(res) == []


def test_the_dealer_who_discarded_the_point_trumps_as_a_number_is_proven() -> None:
    """Ala held the ace, the left bauer, the 2 and the joker after taking the stock; with
    three cards left and four of them unplayed, one was discarded: `discard-trump` at the
    exchange (trick None), proven once, by her third card, not before."""
    discards = f"{ZERO}, Ewa = 0, Filip = 0, Ala = 17"
    res = replay_text(deal(discards, NO_POINTS))
    assert found(res) == [(1, None, "Ala", "discard-trump")]
    assert res.violations[0].retro
    assert found(replay_text(deal(discards, NO_POINTS[:2]))) == []
    third = replay_text(deal(discards, NO_POINTS[:2] + ["Ala: 10S"]))
    assert found(third) == [(1, None, "Ala", "discard-trump")]


def test_the_same_dealer_discard_named_breaks_the_rule_at_once() -> None:
    """The pair: the 17 cards named give the same rule, at the exchange (not retro)."""
    kept = {"KS", "QS", "10S", "8S", "6S", "5S"}
    stock = HEAD.split('stock = "')[1].split('"')[0].split()
    gone = [c for c in "AS 6S KH 10D 3D 6C".split() + stock if c not in kept]
    assert len(gone) == 17
    res = replay_text(deal(f'{ZERO}, Ewa = 0, Filip = 0, Ala = "{" ".join(gone)}"',
                           NO_POINTS))
    assert found(res) == [(1, None, "Ala", "discard-trump")]
    assert not res.violations[0].retro


def test_a_player_who_discarded_a_trump_as_a_number_is_proven_by_the_end() -> None:
    """Ewa held 9S, 4S and 3S (trumps: none may be discarded) and discarded two cards; she
    never plays 9S. Written as a number it is proven by her last card; named, at once."""
    res = replay_text(deal(f"{ZERO}, Ewa = 2, Filip = 0, Ala = 15", EWA_TRUMP))
    assert found(res) == [(1, None, "Ewa", "discard-trump")]
    assert res.violations[0].retro
    five = replay_text(deal(f"{ZERO}, Ewa = 2, Filip = 0, Ala = 15", EWA_TRUMP[:5]))
    assert found(five) == []  # one card left to play: it may still be 9S
    named = replay_text(deal(f'{ZERO}, Ewa = "9S 5H", Filip = 0, Ala = 15', EWA_TRUMP))
    assert found(named) == [(1, None, "Ewa", "discard-trump")]
    assert not named.violations[0].retro


def test_the_wisconsin_bidders_discard_as_a_number_keeps_her_trumps() -> None:
    """Wisconsin: the bidder took the kitty and discarded a number of cards; trump, fixed by
    her first lead, says she kept every trump she held (6 or fewer). The first random legal
    game (seeded) with such a deal, then the same deal with one of her kept trumps swapped
    for a plain card she discarded: `discard-trump` at the exchange, proven by the play;
    the legal one has no violation."""
    from dataclasses import replace

    from referee.games import get
    from referee.games.schmier.playout import random_game
    from referee.games.schmier.score import Order
    from referee.model import Deal, Exchange, Key, Play

    rules = get("wisconsin-schmier")
    opts = {"kitty_view": 2, "high_low": "ace-seven", "bid_out": False}
    for seed in range(200):
        setup, deals = random_game(rules, ("Ala", "Bartek", "Celina", "Darek"), seed,
                                   options=opts, max_deals=3, numbers=0.5)  # type: ignore[arg-type]
        for i, d in enumerate(deals):
            ex = [e for e in d.entries if isinstance(e, Exchange)]
            if len(ex) != 2 or ex[1].cards is not None:
                continue
            bidder = ex[1].player
            hands = next(e.value for e in d.entries if isinstance(e, Key) and e.name == "hands")
            plays = [e for e in d.entries if isinstance(e, Play)]
            order = Order(plays[0].cards[0].suit, False)
            before = set(hands[bidder]) | set(ex[0].cards or ())
            mine = [e.cards[0] for e in plays if e.player == bidder]
            gone = [c for c in before - set(mine) if not order.is_trump(c)]
            kept_trumps = [c for c in mine[1:] if order.is_trump(c)]
            if sum(order.is_trump(c) for c in before) > 6 or not gone or not kept_trumps:
                continue
            assert found(rules.replay(setup, deals[:i + 1])) == []
            t, x = kept_trumps[-1], gone[0]
            swapped = Deal([replace(e, cards=(x,)) if isinstance(e, Play) and e.cards[0] == t
                            else e for e in d.entries])
            res = rules.replay(setup, [*deals[:i], swapped])
            assert (i + 1, None, bidder, "discard-trump") in found(res)
            assert [v.retro for v in res.violations if v.rule == "discard-trump"] == [True]
            return
    raise AssertionError("no such deal in 200 seeded games")


@pytest.mark.parametrize("trump, example", [("S", "2C 3D"), ("C", "2D 3H"), ("D", "2C 3H")])
def test_the_discard_prompts_example_names_no_trump(trump: str, example: str) -> None:
    """The exchange's prompt shows how to type a discard: its example is never a trump (no
    trump may be discarded), whatever trump was named."""
    res = replay_text(HEAD.replace('trump = "S"', f'trump = "{trump}"') + HANDS)
    assert f"'Bartek: discard {example}'" in res.expect.prompt
