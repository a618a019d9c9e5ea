"""Issue 11 in both Schmier games: nothing counts after the end, Wisconsin ``bid_out`` as
RULES.md words it, and a typed bid that breaks a rule is refused without saying what a replay
would make of it."""

from __future__ import annotations

import pytest

from referee.errors import IllegalEntry
from tests.helpers import found, head, load_text, replay_text, rules_of

W = "wisconsin-schmier"
SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")
ALL_ALA = 'trump = "H"\noutcome = { high = "Ala", low = "Ala", jack = "Ala", game = "Ala" }\n'
ALL_BARTEK = ('trump = "H"\noutcome = { high = "Bartek", low = "Bartek", jack = "Bartek", '
              'game = "Bartek" }\n')


def bids(*bs: str) -> str:
    return "bids = [" + ", ".join(f'"{b}"' for b in bs) + "]\n"


def wisconsin(*deals: str, options: str = "") -> str:
    text = head(W)
    if options:
        text += f"\n[options]\n{options}\n"
    return text + "".join(f"\n[[deals]]\n{d}" for d in deals)


# Ala & Celina bid and make 4 four times: 16 after deal 4, the game is won.
ALA_WINS = [bids("Bartek: pass", "Celina: 4") + ALL_ALA,
            bids("Celina: pass", "Darek: pass", "Ala: 4") + ALL_ALA,
            bids("Darek: pass", "Ala: pass", "Bartek: pass", "Celina: 4") + ALL_ALA,
            bids("Ala: 4") + ALL_ALA]
# then Bartek & Darek bid and make 4: written after the end
LATE = bids("Bartek: 4") + ALL_BARTEK
LATE2 = bids("Celina: pass", "Darek: 4") + ALL_BARTEK


def test_a_wisconsin_deal_after_the_end_breaks_turn_order_once_and_counts_for_nothing() -> None:
    won = replay_text(wisconsin(*ALA_WINS))
    assert won.winner == "Ala & Celina" and won.complete and won.ok
    late = replay_text(wisconsin(*ALA_WINS, LATE))
    assert found(late) == [(5, None, None, "turn-order")]
    assert late.totals == won.totals and late.winner == won.winner
    assert len(late.deals) == 4  # the deal after the end has no score row


def test_deals_after_the_first_late_one_count_for_nothing_without_another_violation() -> None:
    won = replay_text(wisconsin(*ALA_WINS))
    late = replay_text(wisconsin(*ALA_WINS, LATE, LATE2, LATE))
    assert found(late) == [(5, None, None, "turn-order")]
    assert late.totals == won.totals and late.winner == won.winner


def test_a_late_deal_cannot_change_the_winner() -> None:
    # Bartek & Darek win at 16 in deal 4 ... and a late deal would have taken them below Ala's
    # team; before, the late deal was scored.
    deals = [bids("Bartek: 4") + ALL_BARTEK, bids("Celina: pass", "Darek: 4") + ALL_BARTEK,
             bids("Darek: pass", "Ala: pass", "Bartek: 4") + ALL_BARTEK,
             bids("Ala: pass", "Bartek: pass", "Celina: pass", "Darek: 4") + ALL_BARTEK]
    late = [bids("Bartek: pass", "Celina: 4") + ALL_ALA] * 5
    res = replay_text(wisconsin(*deals, *late))
    assert res.winner == "Bartek & Darek"
    assert res.totals == {"Ala & Celina": 0, "Bartek & Darek": 16}
    assert rules_of(res) == ["turn-order"]


def test_typed_after_the_end_is_refused_with_turn_order() -> None:
    s = load_text(wisconsin(*ALA_WINS))
    with pytest.raises(IllegalEntry) as e:
        s.add("Bartek: 2")
    assert e.value.rule == "turn-order"


def test_explain_of_a_late_deal_says_it_counts_for_nothing() -> None:
    s = load_text(wisconsin(*ALA_WINS, LATE, LATE2))
    lines = s.rules.explain(s.setup, s.deals, 5, None)
    assert "counts for nothing" in lines[0] and any("turn-order" in x for x in lines)
    assert "turn-order" not in " ".join(s.rules.explain(s.setup, s.deals, 6, None))


SIX_ALL_ALA = ('trump = "H"\noutcome = { high = "Ala", low = "Ala", right_bauer = "Ala", '
               'left_bauer = "Ala", joker = "Ala", game = "Ala" }\n')


def test_schmier_after_the_end() -> None:
    text = head("schmier", SIX)
    order = ["Bartek", "Celina", "Darek", "Ewa", "Filip", "Ala"]
    deals = []
    for d in range(5):  # Ala & Darek bid 6 and make it: 6, 12, 18, 24 -> won after deal 4
        bidder = "Ala" if d % 2 == 0 else "Darek"
        first = order[d:] + order[:d]
        bs = [f"{p}: pass" for p in first[:first.index(bidder)]] + [f"{bidder}: 6"]
        deals.append(bids(*bs) + SIX_ALL_ALA)
    res = replay_text(text + "".join(f"\n[[deals]]\n{d}" for d in deals))
    assert res.winner == "Ala & Darek"
    assert res.totals["Ala & Darek"] == 24
    assert found(res) == [(5, None, None, "turn-order")]


# -- bid_out ------------------------------------------------------------------------------------

BID_OUT = "bid_out = true"
# Bartek & Darek bid 2 and are set each time while Ala & Celina take all 4 points.
SET = [bids("Bartek: 2") + ALL_ALA, bids("Celina: pass", "Darek: 2") + ALL_ALA,
       bids("Darek: 2") + ALL_ALA, bids("Ala: pass", "Bartek: 2") + ALL_ALA]


def test_bid_out_a_non_bidding_team_reaching_16_is_cut_to_15_and_does_not_win() -> None:
    res = replay_text(wisconsin(*SET, options=BID_OUT))
    assert res.totals == {"Ala & Celina": 15, "Bartek & Darek": -8}
    assert res.winner is None and not res.complete
    assert res.deals[3].scores == {"Ala & Celina": 3, "Bartek & Darek": -2}
    plain = replay_text(wisconsin(*SET))
    assert plain.winner == "Ala & Celina" and plain.totals["Ala & Celina"] == 16


def test_bid_out_a_team_at_15_stays_there_until_it_bids_and_makes() -> None:
    more = bids("Bartek: pass", "Celina: 2") + ALL_BARTEK  # Ala & Celina bid 2 and are set
    res = replay_text(wisconsin(*SET, bids("Celina: pass", "Darek: 2") + ALL_ALA,
                                options=BID_OUT))
    assert res.totals["Ala & Celina"] == 15 and res.winner is None
    assert res.deals[4].scores["Ala & Celina"] == 0
    res = replay_text(wisconsin(*SET, more, options=BID_OUT))
    assert res.totals["Ala & Celina"] == 13 and res.winner is None
    win = bids("Celina: pass", "Darek: pass", "Ala: 2") + ALL_ALA
    res = replay_text(wisconsin(*SET, win, options=BID_OUT))
    assert res.winner == "Ala & Celina" and res.totals["Ala & Celina"] == 19 and res.complete


def test_bid_out_both_teams_at_15_or_more_only_the_bidder_who_made_wins() -> None:
    # Both teams climb to 15 without winning: a team only wins on a bid it made.
    split = ('trump = "H"\noutcome = { high = "Ala", low = "Ala", jack = "Bartek", '
             'game = "Bartek" }\n')
    deals = [bids("Bartek: 2") + split, bids("Celina: 2") + split,
             bids("Darek: 2") + split, bids("Ala: 2") + split,
             bids("Bartek: 2") + split, bids("Celina: 2") + split,
             bids("Darek: 2") + split]
    res = replay_text(wisconsin(*deals, options=BID_OUT))
    assert res.totals == {"Ala & Celina": 14, "Bartek & Darek": 14}
    res = replay_text(wisconsin(*deals, bids("Ala: 2") + split, options=BID_OUT))
    # Ala & Celina bid 2 and made it: 16, and win; Bartek & Darek are cut to 15
    assert res.totals == {"Ala & Celina": 16, "Bartek & Darek": 15}
    assert res.winner == "Ala & Celina"
    res = replay_text(wisconsin(*deals, bids("Ala: 3") + split, options=BID_OUT))
    # Ala & Celina bid 3 and were set: 11; Bartek & Darek reach 16, cut to 15: nobody wins
    assert res.totals == {"Ala & Celina": 11, "Bartek & Darek": 15}
    assert res.winner is None


# -- a typed bid that breaks a rule ----------------------------------------------------------------


@pytest.mark.parametrize(("typed", "rule"), [("Bartek: 7", "bid-range"),
                                             ("Bartek: 1", "bid-range")])
def test_a_typed_bid_out_of_range_is_refused_and_not_counted_as_a_pass(typed: str,
                                                                     rule: str) -> None:
    s = load_text(wisconsin("dealer = \"Ala\"\n"))
    with pytest.raises(IllegalEntry) as e:
        s.add(typed)
    assert e.value.rule == rule
    assert "counted" not in str(e.value) and "counts as a pass" not in str(e.value)
    assert s.result().expect.player == "Bartek"  # nothing changed: still Bartek's bid


def test_a_typed_bid_not_higher_is_refused() -> None:
    s = load_text(wisconsin(bids("Bartek: 3")))
    with pytest.raises(IllegalEntry) as e:
        s.add("Celina: 3")
    assert e.value.rule == "bid-higher"
    assert "counts as a pass" not in str(e.value)
    assert s.result().expect.player == "Celina"


def test_the_prompt_never_says_bid_4_4() -> None:
    s = load_text(wisconsin(bids("Bartek: 3")))
    prompt = s.result().expect.prompt
    assert "4-4" not in prompt and "bid 4 or pass" in prompt

