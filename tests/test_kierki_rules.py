"""One scenario per Kierki rule id (RULES.md), from fixed deals; asserts rule ids only."""

from __future__ import annotations

import pytest

from referee.errors import IllegalEntry, NotationError, SaveFileError
from tests.helpers import (
    found,
    hands_toml,
    head,
    kierki_before,
    load_text,
    replay_text,
    rules_of,
)


def deal(body: str, n: int = 1, extra_head: str = "") -> str:
    return head(extra=extra_head) + kierki_before(n) + "\n[[deals]]\n" + body


def refused(text: str, entry: str) -> str:
    s = load_text(text)
    with pytest.raises(IllegalEntry) as e:
        s.add(entry)
    return e.value.rule


# -- follow-suit ------------------------------------------------------------------------------

def test_follow_suit_hands_known_refused_at_once() -> None:
    text = deal(hands_toml() + 'tricks = ["Bartek: 5C 8C JC"]\n')
    assert refused(text, "Ala: 2D") == "follow-suit"


def test_follow_suit_hands_known_in_a_recorded_game() -> None:
    res = replay_text(deal(hands_toml() + 'tricks = ["Bartek: 5C 8C JC 2D"]\n'))
    assert found(res) == [(1, 1, "Ala", "follow-suit")]


def test_revoke_proven_later_reported_at_its_trick() -> None:
    # Ala discards 2D on clubs at trick 1, then shows 3C at trick 2: the revoke was at trick 1
    res = replay_text(deal('tricks = ["Bartek: 5C 8C JC 2D", "Darek: QC 3C 6C 9C"]\n'))
    assert found(res) == [(1, 1, "Ala", "follow-suit")]
    assert res.violations[0].retro


def test_revoke_proof_is_accepted_and_reported_in_the_table() -> None:
    s = load_text(deal('tricks = ["Bartek: 5C 8C JC 2D"]\n'))
    added = s.add("Darek: QC 3C")
    assert [(v.trick, v.player, v.rule) for v in added.proven] == [(1, "Ala", "follow-suit")]


def test_void_not_contradicted_is_no_violation() -> None:
    res = replay_text(deal('tricks = ["Bartek: 5C 8C JC 2D", "Darek: QD 3D 6D 9D"]\n'))
    assert res.violations == []


# -- hearts-lead ------------------------------------------------------------------------------

def test_hearts_lead_refused_with_hands_known() -> None:
    # deal 2: dealer Bartek, Celina leads; she holds clubs
    text = deal(hands_toml(), n=2)
    assert refused(text, "Celina: 8H") == "hearts-lead"


def test_hearts_lead_proven_when_a_non_heart_shows_up() -> None:
    res = replay_text(deal('tricks = ["Celina: 8H JH 2H 5H", "Darek: AD 2D 5D 8D"]\n', n=2))
    assert found(res) == [(2, 1, "Celina", "hearts-lead")]


def test_hearts_lead_allowed_with_only_hearts() -> None:
    hands = {"Ala": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
             "Bartek": "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
             "Celina": "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
             "Darek": "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"}
    s = load_text(deal(hands_toml(hands), n=2))
    s.add("Celina: 8H 2S 2C 2D")
    assert s.result().violations == []


def test_hearts_may_be_led_in_deal_1() -> None:
    res = replay_text(deal('tricks = ["Bartek: 5H 8H JH 2H"]\n'))
    assert res.violations == []


# -- cards ------------------------------------------------------------------------------------

def test_card_duplicate() -> None:
    text = deal('tricks = ["Bartek: 5C 8C JC"]\n')
    assert refused(text, "Ala: 5C") == "card-duplicate"
    res = replay_text(deal('tricks = ["Bartek: 5C 8C JC 5C"]\n'))
    assert rules_of(res) == ["card-duplicate"]


def test_card_not_in_deck_is_a_violation_not_bad_notation() -> None:
    assert refused(deal(""), "Bartek: JK") == "card-not-in-deck"
    with pytest.raises(NotationError):
        load_text(deal("")).add("Bartek: 11H")


def test_card_not_held_with_hands_known() -> None:
    text = deal(hands_toml())
    assert refused(text, "Bartek: AS") == "card-not-held"


def test_a_card_seen_twice_is_only_a_duplicate() -> None:
    res = replay_text(deal(hands_toml() + 'tricks = ["Bartek: 5C 8C JC 2C", "Darek: QC 3C 5C"]'))
    assert "card-not-held" not in rules_of(res)
    assert "card-duplicate" in rules_of(res)


# -- turns and leads --------------------------------------------------------------------------

def test_lead_first() -> None:
    assert refused(deal(""), "Ala: 2C") == "lead-first"
    res = replay_text(deal('tricks = ["Ala: 2C 5C 8C JC"]\n'))
    assert found(res) == [(1, 1, "Ala", "lead-first")]


def test_turn_order_winner_leads() -> None:
    text = deal('tricks = ["Bartek: 5C 8C JC 2C"]\n')
    assert refused(text, "Celina: 9C") == "turn-order"
    res = replay_text(deal('tricks = ["Bartek: 5C 8C JC 2C", "Celina: 9C QC 3C 6C"]\n'))
    assert found(res) == [(1, 2, "Celina", "turn-order")]


def test_turn_order_inside_a_trick() -> None:
    assert refused(deal('tricks = ["Bartek: 5C"]\n'), "Darek: JC") == "turn-order"


def test_dealer_rotation() -> None:
    text = head() + kierki_before(2) + '\n[[deals]]\ndealer = "Ala"\n'
    res = replay_text(text)
    assert found(res) == [(2, None, "Ala", "dealer")]


def test_trump_deal_dealer_names_trump_and_leads() -> None:
    # deal 8: first dealer Ala, so the dealer is Darek
    s = load_text(deal("", n=8))
    assert s.result().expect.action == "trump"
    with pytest.raises(IllegalEntry) as e:
        s.add("Ala: trump S")
    assert e.value.rule == "turn-order"
    s.add("Darek: trump S")
    with pytest.raises(IllegalEntry) as e2:
        s.add("Ala: 2C")
    assert e2.value.rule == "lead-first"
    s.add("Darek: 2C 3C 4C 2S")  # Bartek? no: Darek, Ala, Bartek, Celina in turn
    assert s.result().deals[-1].scores is not None


def test_trump_wins_and_each_trick_scores_25() -> None:
    res = replay_text(deal('trump = "S"\ntricks = ["Darek: AC 2C 5C 2S"]\n', n=8))
    assert res.violations == []
    assert res.deals[-1].scores == {"Ala": 0, "Bartek": 0, "Celina": 25, "Darek": 0}


def test_option_trump_chooser_left() -> None:
    text = deal("", n=8, extra_head='[options]\ntrump_chooser = "left"\n')
    s = load_text(text)
    assert s.result().expect.player == "Ala"


# -- outcomes and claims ----------------------------------------------------------------------

def test_outcome_total() -> None:
    res = replay_text(deal("outcome = { tricks = { Ala = 5, Bartek = 7 } }\n"))
    assert rules_of(res) == ["outcome-total"]


def test_outcome_total_robber_tricks_too_few() -> None:
    res = replay_text(deal('outcome = { tricks = { Ala = 12, Bartek = 1 }, hearts = { Bartek = 13 '
                           '}, queens = { Ala = 4 }, jacks_kings = { Ala = 8 }, king_of_hearts = '
                           '"Bartek", trick_7 = "Ala", last_trick = "Ala" }\n', n=7))
    assert set(rules_of(res)) == {"outcome-total"}


def test_outcome_scores_and_a_player_left_out_counts_zero() -> None:
    res = replay_text(deal("outcome = { hearts = { Ala = 3, Celina = 6, Darek = 4 } }\n", n=2))
    assert res.violations == []
    assert res.deals[-1].scores == {"Ala": -60, "Bartek": 0, "Celina": -120, "Darek": -80}


def test_claimed_score() -> None:
    res = replay_text(deal("outcome = { tricks = { Ala = 13 } }\n"
                           "claimed = { Ala = -250, Bartek = 0 }\n"))
    assert found(res) == [(1, None, "Ala", "claimed-score")]


# -- the small lottery ------------------------------------------------------------------------

def lottery(turns: str, hands: bool = True, extra_head: str = "") -> str:
    return deal((hands_toml() if hands else "") + f"turns = [{turns}]\n", n=12,
                extra_head=extra_head)


def test_fantan_dealer_starts_and_passes_are_checked() -> None:
    # deal 12's dealer is Darek (first dealer Ala); Darek and Ala hold no seven
    s = load_text(lottery(""))
    s.add("Darek: pass")
    s.add("Ala: pass")
    s.add("Bartek: 7C")
    with pytest.raises(IllegalEntry) as e:
        s.add("Celina: pass")  # holds 8C
    assert e.value.rule == "fantan-must-play"


def test_lottery_first_turn_is_the_dealers() -> None:
    # deal 12's dealer is Darek: a first turn taken by anyone else is out of turn (turns, not
    # tricks: RULES.md gives lead-first to the first trick of a deal only)
    assert refused(lottery(""), "Ala: pass") == "turn-order"
    res = replay_text(lottery('"Ala: pass", "Bartek: pass"', hands=False))
    assert [(v.turn, v.player, v.rule) for v in res.violations] == [(1, "Ala", "turn-order")]


def test_fantan_must_play_proven_later_with_hands_unseen() -> None:
    res = replay_text(lottery('"Darek: pass", "Ala: pass", "Bartek: 7C", "Celina: pass", '
                              '"Darek: pass", "Ala: pass", "Bartek: 7D", "Celina: 8C"',
                              hands=False))
    assert [(v.deal, v.turn, v.player, v.rule) for v in res.violations] == \
        [(12, 4, "Celina", "fantan-must-play")]
    assert res.violations[0].trick is None


def test_fantan_seven() -> None:
    assert refused(lottery('"Darek: pass", "Ala: pass", "Bartek: 7C"'), "Celina: 8D") == \
        "fantan-seven"


def test_fantan_sequence() -> None:
    text = lottery('"Darek: pass", "Ala: pass", "Bartek: 7C"')
    assert refused(text, "Celina: 9C") == "fantan-sequence"


def test_fantan_start_rank_option() -> None:
    text = lottery('', extra_head="[options]\nfantan_start_rank = 8\n")
    s = load_text(text)
    s.add("Darek: pass")  # holds no 8, 7 or 9
    s.add("Ala: pass")
    s.add("Bartek: 8S")
    s.add("Celina: 8C")
    s.add("Darek: pass")
    s.add("Ala: pass")
    s.add("Bartek: 7C")  # below the 8 that opened clubs
    assert s.result().violations == []
    with pytest.raises(IllegalEntry) as e:
        s.add("Celina: 9D")  # diamonds open only with the 8 now
    assert e.value.rule == "fantan-seven"


def test_lottery_scores_800_and_500() -> None:
    # everyone but Darek and Ala plays out; write a finished lottery from a playout
    from referee.games import get
    from referee.games.kierki.playout import random_game

    setup, deals = random_game(5)
    res = get("kierki").replay(setup, deals)
    last = res.deals[-1].scores
    assert last is not None and sorted(last.values()) == [0, 0, 500, 800]


# -- the option stop_when_penalties_gone ------------------------------------------------------

def test_stop_when_penalties_gone_ends_deal_5_at_the_king_of_hearts() -> None:
    text = deal('tricks = ["Celina: 8C JC 2C 5C", "Darek: KH 2H 5H 8H"]\n', n=5,
                extra_head="[options]\nstop_when_penalties_gone = true\n")
    res = replay_text(text)
    assert res.deals[-1].finished
    assert res.deals[-1].scores == {"Ala": 0, "Bartek": 0, "Celina": 0, "Darek": -150}
    plain = replay_text(deal('tricks = ["Celina: 8C JC 2C 5C", "Darek: KH 2H 5H 8H"]\n', n=5))
    assert not plain.deals[-1].finished


def test_claimed_typed_after_the_deal_goes_to_that_deal() -> None:
    s = load_text(deal(""))
    s.add("outcome = { tricks = { Ala = 13 } }")
    added = s.add("claimed = { Ala = -250 }")  # the table's sheet is wrong: kept, said at once
    assert [v.rule for v in added.flagged] == ["claimed-score"]
    s.add("claimed = { Ala = -260 }")
    assert len(s.deals) == 1 and s.deals[0].key("claimed") == {"Ala": -260}
    assert s.result().violations == []


# -- found by the hand-made save files (tests/handmade/kierki) ---------------------------------

def test_the_joker_led_never_wins_the_trick() -> None:
    # Bartek leads the joker: it has no suit; Ala's 5C is the highest card and she leads next
    res = replay_text(deal('tricks = ["Bartek: JK 3C 4C 5C", "Ala: 6C 7C 8C 9C"]\n'))
    assert found(res) == [(1, 1, "Bartek", "card-not-in-deck")]
    assert res.state[0].tricks[0].winner == "Ala"


def test_a_card_seen_twice_proves_no_revoke() -> None:
    # Celina claims no clubs at trick 1; the 2C she shows at trick 2 was Bartek's
    res = replay_text(deal('tricks = ["Bartek: 2C AD 4C 5C", "Ala: 6C 7C 2C 9C"]\n'))
    assert found(res) == [(1, 2, "Celina", "card-duplicate")]


def test_a_card_seen_twice_proves_no_forbidden_pass() -> None:
    # Celina passes with clubs open at 7; the 8C she shows later is Bartek's card, played again
    res = replay_text(lottery('"Darek: pass", "Ala: pass", "Bartek: 7C", "Celina: pass", '
                              '"Darek: pass", "Ala: pass", "Bartek: 8C", "Celina: 8C"',
                              hands=False))
    assert [(v.turn, v.player, v.rule) for v in res.violations] == \
        [(8, "Celina", "card-duplicate")]


def test_cards_after_an_early_end_are_not_played_not_violations() -> None:
    # deal 5 ends when Celina takes the king of hearts at trick 2; the table wrote a third
    # trick all the same: it counts for nothing and is listed (RULES.md, what if?)
    text = deal('tricks = ["Bartek: 8C JC 2C 5C", "Celina: KH 2H 5H 8H", "Celina: 3C 4C 6C 7C"]\n',
                n=5, extra_head="[options]\nstop_when_penalties_gone = true\n")
    res = replay_text(text)
    assert found(res) == []
    assert res.deals[-1].not_played == ["Celina: 3C", "Darek: 4C", "Ala: 6C", "Bartek: 7C"]


def test_turns_after_the_lottery_ended_are_numbered_as_written() -> None:
    from referee.games import get
    from referee.games.kierki.playout import random_game
    from referee.model import Deal, Pass, Play

    setup, deals = random_game(5)
    n = sum(1 for e in deals[-1].entries if isinstance(e, (Pass, Play)))
    deals[-1] = Deal([*deals[-1].entries, Pass("Ala"), Pass("Bartek")])
    res = get("kierki").replay(setup, deals)
    assert [(v.turn, v.player, v.rule) for v in res.violations] == \
        [(n + 1, "Ala", "turn-order"), (n + 2, "Bartek", "turn-order")]


def test_outcome_total_robber_one_heart_is_not_a_queen_and_a_king() -> None:
    # one trick (4 cards) cannot hold 1 heart, 2 queens and 3 jacks or kings: that is 5 cards
    o = ('outcome = { tricks = { Ala = 1, Bartek = 12 }, hearts = { Ala = 1, Bartek = 12 }, '
         'queens = { Ala = 2, Bartek = 2 }, jacks_kings = { Ala = 3, Bartek = 5 }, '
         'king_of_hearts = "Bartek", trick_7 = "Bartek", last_trick = "Bartek" }\n')
    assert rules_of(replay_text(deal(o, n=7))) == ["outcome-total"]


def test_the_joker_played_on_a_suit_claims_nothing() -> None:
    # Ala plays the joker on clubs, then shows 6C: only the joker is reported
    res = replay_text(deal('tricks = ["Bartek: 2C 3C 4C JK", "Darek: 5C 6C 7C 8C"]\n'))
    assert found(res) == [(1, 1, "Ala", "card-not-in-deck")]


def test_a_deal_left_unfinished_counts_its_penalties_in_the_totals() -> None:
    # deal 1 stops after trick 1 (Ala takes it); deal 2 follows: deal 1 is over, -20 for Ala
    text = head() + ('\n[[deals]]\ntricks = ["Bartek: 2C 3C 4C 5C"]\n'
                     '\n[[deals]]\noutcome = { hearts = { Bartek = 13 } }\n')
    res = replay_text(text)
    assert found(res) == [(1, None, None, "turn-order")]
    assert res.deals[0].finished
    assert res.totals == {"Ala": -20, "Bartek": -260, "Celina": 0, "Darek": 0}


def test_trump_may_be_written_inside_the_outcome_of_a_trump_deal() -> None:
    # SAVEFILE.md: outcome keys of deals 8-11 are "tricks (plus trump)"
    res = replay_text(deal('outcome = { trump = "S", tricks = { Ala = 6, Darek = 7 } }\n', n=8))
    assert res.violations == []
    assert res.deals[-1].scores == {"Ala": 150, "Bartek": 0, "Celina": 0, "Darek": 175}
    with pytest.raises(SaveFileError):
        load_text(deal('outcome = { trump = "Z", tricks = { Ala = 13 } }\n', n=8))


def test_outcome_naming_a_player_not_at_the_table_is_outcome_total() -> None:
    res = replay_text(deal('outcome = { king_of_hearts = "Zenon" }\n', n=5))
    assert rules_of(res) == ["outcome-total"]
    res = replay_text(deal("outcome = { tricks = { Ala = 12, Zenon = 1 } }\n"))
    assert rules_of(res) == ["outcome-total"]
    assert res.deals[-1].scores == {"Ala": -240, "Bartek": 0, "Celina": 0, "Darek": 0}
