"""One scenario per Wisconsin Schmier rule id (RULES.md), from fixed deals; rule ids only."""

from __future__ import annotations

import pytest

from referee.errors import IllegalEntry, NotationError, SaveFileError
from referee.history.session import Session
from tests.helpers import found, head, load_text, replay_text, rules_of

W = "wisconsin-schmier"
# dealer Ala; Bartek (left of Ala) bids first. Teams: Ala & Celina, Bartek & Darek.
HANDS = {
    "Ala": "AH 9H 7S 8S 9C 10D",
    "Bartek": "KH QH 10H 7C 8C 9D",
    "Celina": "JH 8H AS KS QS JS",
    "Darek": "7H AC KC QC JC 10C",
}
STOCK = "10S 9S AD KD QD JD 8D 7D"
BIDS = 'bids = ["Bartek: 2", "Celina: pass", "Darek: pass", "Ala: pass"]\n'


def hands(h: dict[str, str] | None = None, stock: str | None = STOCK) -> str:
    h = h or HANDS
    out = "hands = { " + ", ".join(f'{p} = "{c}"' for p, c in h.items()) + " }\n"
    if stock is not None:
        out += f'stock = "{stock}"\n'
    return out


def game(*deals: str, options: str = "") -> str:
    text = head(W)
    if options:
        text += f"[options]\n{options}\n"
    for d in deals:
        text += "\n[[deals]]\n" + d
    return text


def refused(text: str, entry: str) -> str:
    s = load_text(text)
    with pytest.raises(IllegalEntry) as e:
        s.add(entry)
    return e.value.rule


def tricks(*lines: str) -> str:
    return "tricks = [" + ", ".join(f'"{x}"' for x in lines) + "]\n"


def test_complete_legal_deal_scores() -> None:
    t = tricks("Bartek: KH JH 7H AH",     # Ala wins (AH): High to Ala & Celina
               "Ala: 9C QH AS AC",        # Bartek trumps with QH holding 7C 8C (legal); wins
               "Bartek: 10H 8H KC 9H",    # Bartek wins with 10H
               "Bartek: 7C KS QC 7S",     # Darek wins with QC
               "Darek: JC 8S 8C QS",      # Darek: JC; Ala 8S; Bartek 8C; Celina QS: Darek wins
               "Darek: 10C 10D 9D JS")    # Darek wins
    res = replay_text(game("dealer = \"Ala\"\n" + hands() + BIDS + t))
    assert res.violations == []
    d = res.deals[0]
    assert d.finished
    pts = d.extra["points"]
    assert pts["high"] == "Ala & Celina"        # AH played by Ala
    assert pts["low"] == "Bartek & Darek"       # 7H played by Darek
    assert pts["jack"] == "Ala & Celina"        # JH in trick 1, won by Ala
    # game points: Ala & Celina took trick 1 only (KH JH 7H AH = 8); Bartek & Darek 52
    assert d.extra["game_points"] == {"Ala & Celina": 8, "Bartek & Darek": 52}
    assert pts["game"] == "Bartek & Darek"
    assert d.scores == {"Ala & Celina": 2, "Bartek & Darek": 2}


def test_trumping_while_holding_the_led_suit_is_legal() -> None:
    t = tricks("Bartek: KH JH 7H AH", "Ala: 9C QH")
    assert replay_text(game(hands() + BIDS + t)).violations == []


def test_follow_suit_third_suit_while_holding_led_suit_refused() -> None:
    text = game(hands() + BIDS + tricks("Bartek: KH JH 7H AH", "Ala: 9C"))
    # Bartek holds 7C 8C and plays 9D (neither clubs nor trump)
    assert refused(text, "Bartek: 9D") == "follow-suit"


def test_follow_suit_recorded_game_hands_known() -> None:
    res = replay_text(game(hands() + BIDS + tricks("Bartek: KH JH 7H AH", "Ala: 9C 9D")))
    assert found(res) == [(1, 2, "Bartek", "follow-suit")]


def test_revoke_proven_later_reported_at_its_trick_hands_unseen() -> None:
    # Bartek plays 9D on clubs (trick 2), later shows 7C: the revoke was at trick 2
    res = replay_text(game(BIDS + tricks("Bartek: KH JH 7H AH", "Ala: 9C 9D AS AC",
                                         "Darek: 10C 7S 7C")))
    assert found(res) == [(1, 2, "Bartek", "follow-suit")]
    assert res.violations[0].retro


def test_trump_played_proves_nothing_hands_unseen() -> None:
    # Bartek trumps clubs with QH and later plays 7C: legal in Wisconsin
    res = replay_text(game(BIDS + tricks("Bartek: KH JH 7H AH", "Ala: 9C QH AS AC",
                                         "Bartek: 7C")))
    assert res.violations == []


def test_lead_first() -> None:
    res = replay_text(game(BIDS + tricks("Celina: AS")))
    assert rules_of(res) == ["lead-first"]
    assert refused(game(hands() + BIDS), "Celina: AS") == "lead-first"


def test_turn_order_trick_led_by_the_wrong_player() -> None:
    res = replay_text(game(hands() + BIDS + tricks("Bartek: KH JH 7H AH", "Bartek: 7C")))
    assert found(res) == [(1, 2, "Bartek", "turn-order")]


def test_turn_order_bid_out_of_turn_refused() -> None:
    assert refused(game('dealer = "Ala"\n'), "Celina: 2") == "turn-order"


def test_turn_order_play_out_of_turn_refused() -> None:
    assert refused(game(hands() + BIDS + tricks("Bartek: KH")), "Darek: 7H") == "turn-order"


def test_turn_order_recorded_bid_out_of_turn_still_counts() -> None:
    # Celina bid before Bartek; everyone still bid once, so Bartek's 2 stands and he leads
    res = replay_text(game('dealer = "Ala"\nbids = ["Celina: pass", "Darek: pass", "Ala: pass", '
                           '"Bartek: 2"]\n' + tricks("Bartek: AH 7H 8H 9H")))
    assert found(res) == [(1, None, "Celina", "turn-order")]
    assert res.deals[0].extra["bidder"] == "Bartek"
    # a second bid by one player is ignored
    res = replay_text(game('dealer = "Ala"\nbids = ["Bartek: 2", "Bartek: 3", "Celina: pass", '
                           '"Darek: pass", "Ala: pass"]\n'))
    assert found(res) == [(1, None, "Bartek", "turn-order")]
    assert res.deals[0].extra["bid"] == 2


def test_kitty_written_with_kitty_view_0_is_exchange_count() -> None:
    res = replay_text(game(BIDS + 'kitty = "9C QH"\ndiscards = { Bartek = "7D 8D" }\n'))
    assert found(res) == [(1, None, "Bartek", "exchange-count")]
    res = replay_text(game(BIDS + 'discards = { Bartek = "7D" }\n'))
    assert found(res) == [(1, None, "Bartek", "exchange-count")]


def test_bid_range_counts_as_pass() -> None:
    res = replay_text(game('bids = ["Bartek: 5", "Celina: 2", "Darek: pass", "Ala: pass"]\n'
                           + tricks("Celina: AS")))
    assert found(res) == [(1, None, "Bartek", "bid-range")]
    assert res.deals[0].extra["bidder"] == "Celina"


def test_bid_higher_counts_as_pass() -> None:
    res = replay_text(game('bids = ["Bartek: 3", "Celina: 3", "Darek: pass", "Ala: pass"]\n'))
    assert found(res) == [(1, None, "Celina", "bid-higher")]
    assert refused(game('bids = ["Bartek: 3"]\n'), "Celina: 2") == "bid-higher"
    assert refused(game(), "Bartek: 1") == "bid-range"


def test_a_bid_of_4_ends_the_bidding() -> None:
    res = replay_text(game('bids = ["Bartek: pass", "Celina: 4"]\n'))
    assert res.expect.action == "lead" and res.expect.player == "Celina"
    res = replay_text(game('bids = ["Bartek: pass", "Celina: 4", "Darek: pass"]\n'))
    assert rules_of(res) == ["turn-order"]


def test_all_pass_same_dealer_deals_again() -> None:
    allpass = 'dealer = "Ala"\nbids = ["Bartek: pass", "Celina: pass", "Darek: pass", ' \
              '"Ala: pass"]\n'
    res = replay_text(game(allpass, 'dealer = "Ala"\n'))
    assert res.violations == []
    assert res.deals[0].redeal and res.deals[0].scores == {"Ala & Celina": 0,
                                                            "Bartek & Darek": 0}
    res = replay_text(game(allpass, 'dealer = "Bartek"\n'))
    assert found(res) == [(2, None, "Bartek", "dealer")]


def test_dealer_rotation() -> None:
    d1 = 'dealer = "Ala"\n' + BIDS + 'trump = "H"\noutcome = { high = "Ala" }\n'
    res = replay_text(game(d1, 'dealer = "Celina"\n'))
    assert found(res) == [(2, None, "Celina", "dealer")]


def test_card_duplicate() -> None:
    res = replay_text(game(BIDS + tricks("Bartek: KH JH 7H AH", "Ala: AH")))
    assert found(res) == [(1, 2, "Ala", "card-duplicate")]


def test_card_not_in_deck() -> None:
    res = replay_text(game(BIDS + tricks("Bartek: KH 2H")))
    assert found(res) == [(1, 1, "Celina", "card-not-in-deck")]


def test_no_card_at_all_is_unreadable() -> None:
    with pytest.raises(SaveFileError):
        replay_text(game(BIDS + tricks("Bartek: KH XX")))
    with pytest.raises(NotationError):
        load_text(game(BIDS)).add("Bartek: ZZ")


def test_card_not_held_hands_known() -> None:
    res = replay_text(game(hands() + BIDS + tricks("Bartek: AS")))
    assert found(res) == [(1, 1, "Bartek", "card-not-held")]
    assert refused(game(hands() + BIDS), "Bartek: 9S") == "card-not-held"


def test_trump_lead() -> None:
    res = replay_text(game(BIDS + 'trump = "S"\n' + tricks("Bartek: KH")))
    assert found(res) == [(1, 1, "Bartek", "trump-lead")]
    s = load_text(game(hands() + BIDS))
    s.add('trump = "S"')
    with pytest.raises(IllegalEntry) as e:
        s.add("Bartek: KH")
    assert e.value.rule == "trump-lead"


KITTY = "[options]\nkitty_view = 2\n"


def test_kitty_take_and_discard_with_the_stock_known() -> None:
    res = replay_text(game(hands() + BIDS + 'kitty = "10S 9S"\n'
                           'discards = { Bartek = "7C 8C" }\n'
                           + tricks("Bartek: KH JH 7H AH", "Ala: 9C 10S"),
                           options="kitty_view = 2"))
    assert res.violations == []


def test_stock_order() -> None:
    res = replay_text(game(hands() + BIDS + 'kitty = "AD KD"\n', options="kitty_view = 2"))
    assert rules_of(res) == ["stock-order"]


def test_exchange_count() -> None:
    res = replay_text(game(BIDS + 'kitty = "10S 9S 8D"\ndiscards = { Bartek = 2 }\n',
                           options="kitty_view = 2"))
    assert rules_of(res) == ["exchange-count", "exchange-count"]
    s = load_text(game(hands() + BIDS, options="kitty_view = 2"))
    s.add("Bartek: take")
    with pytest.raises(IllegalEntry) as e:
        s.add("Bartek: discard 7C")
    assert e.value.rule == "exchange-count"


def test_discard_trump_checked_once_trump_is_known_hands_known() -> None:
    # Bartek takes 10S 9S, discards 10H (a heart) and 7C, then leads hearts while keeping 8C
    res = replay_text(game(hands() + BIDS + 'kitty = "10S 9S"\n'
                           'discards = { Bartek = "10H 7C" }\n' + tricks("Bartek: KH"),
                           options="kitty_view = 2"))
    assert found(res) == [(1, None, "Bartek", "discard-trump")]


def test_discard_trump_proven_later_hands_unseen() -> None:
    # the kitty is unseen, so only Bartek's 8C at trick 2 proves he kept a non-trump
    res = replay_text(game(BIDS + 'kitty = 2\ndiscards = { Bartek = "10H 7C" }\n'
                           + tricks("Bartek: KH JH 7H AH", "Ala: 9C 8C"),
                           options="kitty_view = 2"))
    assert found(res) == [(1, None, "Bartek", "discard-trump")]
    assert res.violations[0].retro


def test_discarding_a_suit_that_does_not_become_trump_is_legal() -> None:
    res = replay_text(game(hands() + BIDS + 'kitty = "10S 9S"\n'
                           'discards = { Bartek = "10H 7C" }\n' + tricks("Bartek: 10S"),
                           options="kitty_view = 2"))
    assert res.violations == []


def test_outcome_and_claimed_score() -> None:
    d = BIDS + 'trump = "H"\noutcome = { high = "Ala", low = "Bartek", jack = "Darek", ' \
               'game = "Celina" }\nclaimed = { Ala = 2, Bartek = 2 }\n'
    res = replay_text(game(d))
    assert res.violations == []
    assert res.deals[0].scores == {"Ala & Celina": 2, "Bartek & Darek": 2}
    res = replay_text(game(d.replace("Bartek = 2", "Darek = -2")))
    assert found(res) == [(1, None, "Bartek & Darek", "claimed-score")]


def test_outcome_total_with_cards_played() -> None:
    res = replay_text(game(BIDS + 'trump = "H"\noutcome = { high = "Ala" }\n'))
    assert res.violations == []
    s = load_text(game(BIDS + tricks("Bartek: KH")))
    with pytest.raises(NotationError):
        s.add('outcome = { high = "Ala" }')


def test_outcome_needs_trump_in_the_file() -> None:
    with pytest.raises(SaveFileError):
        replay_text(game(BIDS + 'outcome = { high = "Ala" }\n'))


def test_set_bid_subtracts() -> None:
    d = BIDS.replace('"Bartek: 2"', '"Bartek: 3"') + \
        'trump = "H"\noutcome = { high = "Ala", low = "Bartek", jack = "Darek" }\n'
    res = replay_text(game(d))
    assert res.deals[0].scores == {"Ala & Celina": 1, "Bartek & Darek": -3}


def test_ace_of_trump_undealt_gives_no_high() -> None:
    # hearts trump; AH lies in the stock
    h = dict(HANDS, Ala="AD 9H 7S 8S 9C 10D")
    st = STOCK.replace("AD", "AH")
    t = tricks("Bartek: KH JH 7H 9H", "Bartek: QH 8H AC AD", "Bartek: 10H AS KC 10D",
               "Bartek: 7C KS QC 9C", "Darek: JC 8S 8C QS", "Darek: 10C 7S 9D JS")
    res = replay_text(game(hands(h, st) + BIDS + t))
    assert res.violations == []
    assert res.deals[0].extra["points"]["high"] is None


def test_high_low_in_play_option() -> None:
    h = dict(HANDS, Ala="AD 9H 7S 8S 9C 10D")
    st = STOCK.replace("AD", "AH")
    t = tricks("Bartek: KH JH 7H 9H", "Bartek: QH 8H AC AD", "Bartek: 10H AS KC 10D",
               "Bartek: 7C KS QC 9C", "Darek: JC 8S 8C QS", "Darek: 10C 7S 9D JS")
    res = replay_text(game(hands(h, st) + BIDS + t, options='high_low = "in-play"'))
    pts = res.deals[0].extra["points"]
    assert pts["high"] == "Bartek & Darek"     # KH is the highest trump in play
    assert pts["low"] == "Bartek & Darek"      # 7H (Darek)


def test_equal_game_points_give_no_game() -> None:
    from referee.games.schmier.score import WISCONSIN, Order, count_points

    o = Order("H", False)
    from referee.cards import Card
    t1 = ("Ala", [Card(10, "S"), Card(7, "S"), Card(8, "S"), Card(9, "S")])
    t2 = ("Bartek", [Card(10, "C"), Card(7, "C"), Card(8, "C"), Card(9, "C")])
    plays = [("Ala", c) for c in t1[1]] + [("Bartek", c) for c in t2[1]]
    team = {"Ala": "A", "Celina": "A", "Bartek": "B", "Darek": "B"}
    pts = count_points(WISCONSIN, o, plays, [t1, t2], team, ["A", "B"])
    assert pts.game == {"A": 10, "B": 10}
    assert pts.points["game"] is None


def test_first_to_15_wins_and_bid_out_caps() -> None:
    out = 'trump = "H"\noutcome = { high = "Ala", low = "Ala", jack = "Ala", game = "Ala" }\n'
    bids = [["Bartek: 2", "Celina: pass", "Darek: pass", "Ala: pass"],
            ["Celina: pass", "Darek: 2", "Ala: pass", "Bartek: pass"],
            ["Darek: 2", "Ala: pass", "Bartek: pass", "Celina: pass"],
            ["Ala: pass", "Bartek: 2", "Celina: pass", "Darek: pass"]]
    deals = ["bids = [" + ", ".join(f'"{b}"' for b in bs) + "]\n" + out for bs in bids]
    res = replay_text(game(*deals[:3]))
    assert res.totals == {"Ala & Celina": 12, "Bartek & Darek": -6} and res.winner is None
    res = replay_text(game(*deals))
    assert res.winner == "Ala & Celina" and res.complete
    capped = replay_text(game(*deals, options="bid_out = true"))
    # RULES.md bid_out: a team that did not bid is cut to 15 and does not win
    assert capped.totals["Ala & Celina"] == 15 and capped.winner is None
    assert capped.deals[3].scores == {"Ala & Celina": 3, "Bartek & Darek": -2}


def test_both_over_15_the_bidding_team_wins() -> None:
    from referee.games.schmier.score import WISCONSIN, game_winner

    assert game_winner(WISCONSIN, {"A": 16, "B": 15}, "B") == "B"
    assert game_winner(WISCONSIN, {"A": 16, "B": 12}, "B") == "A"
    assert game_winner(WISCONSIN, {"A": 14, "B": 12}, "B") is None


def test_session_plays_a_virtual_deal(tmp_path: object) -> None:
    from pathlib import Path

    from referee.model import Setup

    p = Path(str(tmp_path)) / "w.toml"
    s = Session.create(p, Setup(W, ("Ala", "Bartek", "Celina", "Darek"), "Ala", {}, seed=7))
    assert s.deals and s.deals[0].key("stock") is not None
    s.add("Bartek: 2")
    s.add("pass")
    s.add("pass")
    s.add("pass")
    res = s.result()
    assert res.expect.action == "lead" and res.expect.player == "Bartek"
    hand = res.table.hands["Bartek"] if res.table.hands else []
    s.add(f"Bartek: {hand[0]}")
    assert Session.load(p).result().to_json() == s.result().to_json()


def test_outcome_checked_against_known_hands() -> None:
    # hearts trump: Ala holds AH, Darek 7H
    good = 'trump = "H"\noutcome = { high = "Celina", low = "Bartek" }\n'
    assert replay_text(game(hands() + BIDS + good)).violations == []
    bad = 'trump = "H"\noutcome = { high = "Bartek", low = "Bartek" }\n'
    assert found(replay_text(game(hands() + BIDS + bad))) == [(1, None, None, "outcome-total")]
    # diamonds trump: AD and 7D were not dealt
    undealt = 'trump = "D"\noutcome = { high = "Ala" }\n'
    assert rules_of(replay_text(game(hands() + BIDS + undealt))) == ["outcome-total"]


TIE = (
    'dealer = "Ala"\n'
    'stock = "QH 7H JS KC JC KS JD KD"\n'
    'bids = ["Bartek: pass", "Celina: 2", "Darek: 3", "Ala: 4"]\n'
    'tricks = ["Ala: 7S AS 8S 10S", "Bartek: QS 10D 7D 9S", "Bartek: AD JH 8D QD", '
    '"Bartek: QC 10C 9C AC", "Ala: 8C KH 10H 7C", "Ala: 8H 9D AH 9H"]\n'
    'hands = { Ala = "9S 7S 8H QD AC 8C", Bartek = "AS QS KH AD 9D QC", '
    'Celina = "8S AH JH 10H 10D 10C", Darek = "10S 9H 8D 7D 9C 7C" }\n'
)


def test_equal_game_points_in_a_played_deal() -> None:
    # spades trump. Bartek & Darek take tricks 1-3: AS 10S (14), QS 10D (12), AD JH QD (7)
    # = 33; Ala & Celina take 4-6: QC 10C AC (16), KH 10H (13), AH (4) = 33. JS not dealt.
    res = replay_text(game(TIE))
    assert res.violations == []
    d = res.deals[0]
    assert d.extra["game_points"] == {"Ala & Celina": 33, "Bartek & Darek": 33}
    assert d.extra["points"] == {"high": "Bartek & Darek", "low": "Ala & Celina",
                                 "jack": None, "game": None}
    assert d.scores == {"Ala & Celina": -4, "Bartek & Darek": 1}


def test_in_play_with_a_single_trump_gives_high_and_low_to_one_team() -> None:
    from referee.cards import Card
    from referee.games.schmier.score import WISCONSIN, Order, count_points

    o = Order("H", False)
    trick = ("Bartek", [Card(9, "H"), Card(7, "S"), Card(8, "S"), Card(9, "S")])
    team = {"Ala": "A", "Celina": "A", "Bartek": "B", "Darek": "B"}
    plays = list(zip(["Bartek", "Celina", "Darek", "Ala"], trick[1], strict=True))
    pts = count_points(WISCONSIN, o, plays, [trick], team, ["A", "B"], "in-play")
    assert pts.points["high"] == pts.points["low"] == "B"
    pts = count_points(WISCONSIN, o, plays, [trick], team, ["A", "B"])
    assert pts.points["high"] is None and pts.points["low"] is None
