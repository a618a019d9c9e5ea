"""One scenario (at least) per Kozel rule id (RULES.md), from fixed deals; asserts rule ids."""

from __future__ import annotations

import pytest

from referee.errors import IllegalEntry, NotationError
from tests.helpers import found, head, load_text, replay_text, rules_of

# dealer Ala, Bartek leads; trump D. Hands and the deck of the fixed game:
HANDS = {
    "Ala": "QH 9H 6C 7C",
    "Bartek": "10H KH 6S 7S",
    "Celina": "AH 6D JC QC",
    "Darek": "7H 8C 9S 8S",
}
STOCK = "JS QS KS 10S AS 6H 8H JH 7D 8D 9D JD QD KD 10D AD 9C KC 10C AC"
# Celina wins trick 1; the draws (Celina first): Celina JS AS, Darek QS 6H, Ala KS 8H,
# Bartek 10S JH.
T1 = "Bartek: 10H KH / Celina: AH 6D / Darek: ~7H 8C / Ala: ~QH 9H"


def hands_toml(hands: dict[str, str] | None = None) -> str:
    h = hands or HANDS
    return "hands = { " + ", ".join(f'{p} = "{c}"' for p, c in h.items()) + " }\n"


def kozel(body: str, extra: str = "", before: str = "") -> str:
    return head("kozel", extra=extra) + before + "\n[[deals]]\n" + body


def known(tricks: list[str], more: str = "", extra: str = "") -> str:
    lines = ", ".join(f'"{t}"' for t in tricks)
    return kozel('dealer = "Ala"\ntrump = "D"\n' + hands_toml() + f'stock = "{STOCK}"\n'
                 + f"tricks = [{lines}]\n" + more, extra)


def unseen(tricks: list[str], more: str = "", trump: str = "D", extra: str = "",
           before: str = "") -> str:
    lines = ", ".join(f'"{t}"' for t in tricks)
    return kozel(f'trump = "{trump}"\n' + (f"tricks = [{lines}]\n" if tricks else "") + more,
                 extra, before)


def refused(text: str, entry: str) -> str:
    s = load_text(text)
    with pytest.raises(IllegalEntry) as e:
        s.add(entry)
    return e.value.rule


def test_the_fixed_trick_is_legal() -> None:
    res = replay_text(known([T1]))
    assert res.violations == []
    assert res.expect.player == "Celina" and res.expect.action == "lead"


# -- beat, and the one-to-one matching ------------------------------------------------------

def test_two_cards_beaten_by_a_trump_and_a_higher_card_of_the_suit() -> None:
    res = replay_text(unseen(["Bartek: 10H KH / Celina: AH 6D"]))
    assert res.violations == []
    assert res.table.trick[-1] == ("Celina", "AH 6D")
    assert res.expect.player == "Darek"


def test_beating_each_card_separately_is_not_enough() -> None:
    # AH beats 10H and beats KH, but one card cannot beat two
    res = replay_text(unseen(["Bartek: 10H KH / Celina: AH JC"]))
    assert found(res) == [(1, 1, "Celina", "beat")]


def test_matching_is_not_greedy() -> None:
    # AH must take 10H so that JH can take 9H
    res = replay_text(unseen(["Bartek: 9H 10H / Celina: AH JH"]))
    assert res.violations == []


def test_non_trump_suits_never_beat_each_other() -> None:
    res = replay_text(unseen(["Bartek: 6S / Celina: AH"]))
    assert found(res) == [(1, 1, "Celina", "beat")]


def test_a_beat_that_does_not_beat_counts_as_a_discard() -> None:
    # Celina's AH does not beat 6S: Bartek keeps the trick, with the 11 points of AH
    res = replay_text(unseen(["Bartek: 6S / Celina: AH / Darek: ~7H / Ala: ~8H"]))
    assert rules_of(res) == ["beat"]
    assert res.expect.player == "Bartek" and res.expect.trick == 2


def test_the_last_beater_takes_the_trick_discards_included() -> None:
    res = replay_text(unseen(["Bartek: 6S / Celina: 7S / Darek: 8S / Ala: ~AH"]))
    assert res.violations == []
    assert res.expect.player == "Darek"


def test_beat_refused_when_typed() -> None:
    assert refused(unseen(["Bartek: 10H KH"]), "Celina: AH JC") == "beat"


def test_beat_must_beat_the_current_winner_not_the_lead() -> None:
    res = replay_text(unseen(["Bartek: 6S / Celina: 10S / Darek: 9S"]))
    assert found(res) == [(1, 1, "Darek", "beat")]


# -- lead-one-suit, play-count -------------------------------------------------------------

def test_lead_of_two_suits() -> None:
    res = replay_text(unseen(["Bartek: 10H 6S"]))
    assert found(res) == [(1, 1, "Bartek", "lead-one-suit")]


def test_face_down_lead() -> None:
    res = replay_text(unseen(["Bartek: ~10H"]))
    assert found(res) == [(1, 1, "Bartek", "lead-one-suit")]


def test_lead_one_suit_refused_when_typed() -> None:
    assert refused(unseen([]), "Bartek: 10H 6S") == "lead-one-suit"


def test_play_count() -> None:
    res = replay_text(unseen(["Bartek: 10H KH / Celina: ~6D"]))
    assert found(res) == [(1, 1, "Celina", "play-count")]
    assert refused(unseen(["Bartek: 10H KH"]), "Celina: AH 6D 7D") == "play-count"


# -- turn-order, lead-first -----------------------------------------------------------------

def test_turn_order_follower() -> None:
    res = replay_text(unseen(["Bartek: 10H / Darek: ~7H / Celina: ~6D / Ala: ~8H"]))
    assert found(res) == [(1, 1, "Darek", "turn-order")]
    assert refused(unseen(["Bartek: 10H"]), "Darek: ~7H") == "turn-order"


def test_turn_order_next_trick_led_by_the_winner() -> None:
    res = replay_text(known([T1, "Bartek: 6S"]))
    assert found(res) == [(1, 2, "Bartek", "turn-order")]


def test_lead_first_first_game() -> None:
    res = replay_text(unseen(["Celina: AH"]))
    assert found(res) == [(1, 1, "Celina", "lead-first")]
    assert refused(unseen([]), "Celina: AH") == "lead-first"


def test_lead_first_later_game_by_the_last_winner() -> None:
    first = ('\n[[deals]]\ntrump = "S"\ntricks = ['
             '"Bartek: 6S 7S 8S 9S / Celina: ~? ? ? ? / Darek: ~? ? ? ? / Ala: JS QS KS 10S", '
             '"Ala: AH 6H 7H 8H / Bartek: ~? ? ? ? / Celina: ~? ? ? ? / Darek: ~? ? ? ?", '
             '"Ala: 6D / Bartek: ~? / Celina: ~? / Darek: ~?"]\n'
             'outcome = { points = { Ala = 120, Bartek = 0 } }\n')
    # Ala took the last trick of game 1: game 2 (dealt by Bartek) is hers to lead
    res = replay_text(unseen(["Celina: 6C"], before=first, more='dealer = "Bartek"\n'))
    assert found(res) == [(2, 1, "Celina", "lead-first")]
    res = replay_text(unseen(["Ala: 6C"], before=first))
    assert res.violations == []


def test_no_lead_check_after_an_outcome_only_game() -> None:
    first = '\n[[deals]]\noutcome = { points = { Ala = 70, Bartek = 50 }, tricks = { Ala = 3, ' \
        'Bartek = 2 } }\n'
    for leader in ("Ala", "Celina", "Darek"):
        res = replay_text(unseen([f"{leader}: 6C"], before=first))
        assert res.violations == [], leader


# -- dealer ---------------------------------------------------------------------------------

def test_dealer_rotation() -> None:
    first = '\n[[deals]]\ndealer = "Ala"\noutcome = { points = { Ala = 70, Bartek = 50 } }\n'
    text = head("kozel") + first + '\n[[deals]]\ndealer = "Celina"\n' \
        'outcome = { points = { Ala = 70, Bartek = 50 } }\n'
    res = replay_text(text)
    assert found(res) == [(2, None, "Celina", "dealer")]
    ok = head("kozel") + first + '\n[[deals]]\ndealer = "Bartek"\n' \
        'outcome = { points = { Ala = 70, Bartek = 50 } }\n'
    assert replay_text(ok).violations == []


# -- cards ----------------------------------------------------------------------------------

def test_card_not_in_deck() -> None:
    res = replay_text(unseen(["Bartek: 2H"]))
    assert found(res) == [(1, 1, "Bartek", "card-not-in-deck")]
    assert refused(unseen([]), "Bartek: 5S") == "card-not-in-deck"


def test_card_not_in_deck_in_a_beat_is_not_also_beat() -> None:
    # RULES.md: a 2 in Kozel is card-not-in-deck; the play beats nothing (a face-up discard)
    res = replay_text(unseen(["Bartek: 9D / Celina: 2D / Darek: ~6S / Ala: ~7S"]))
    assert found(res) == [(1, 1, "Celina", "card-not-in-deck")]
    assert res.expect.player == "Bartek"  # the lead still wins the trick
    trump = replay_text(unseen(["Bartek: 9S / Celina: 2D / Darek: ~6S / Ala: ~7S"]))
    assert found(trump) == [(1, 1, "Celina", "card-not-in-deck")]
    assert trump.expect.player == "Bartek"


def test_joker_word_is_a_card_not_in_deck_and_junk_is_unreadable() -> None:
    assert refused(unseen([]), "Bartek: JK") == "card-not-in-deck"
    with pytest.raises(NotationError):
        load_text(unseen([])).add("Bartek: 1X")


def test_card_duplicate_across_tricks_hands_unseen() -> None:
    res = replay_text(unseen(["Bartek: 6S / Celina: 7S / Darek: ~8C / Ala: ~9C",
                              "Celina: 8C"]))
    assert found(res) == [(1, 2, "Celina", "card-duplicate")]


def test_card_duplicate_in_a_face_down_discard_that_was_seen() -> None:
    res = replay_text(unseen(["Bartek: 6S / Celina: ~6S"]))
    assert found(res) == [(1, 1, "Celina", "card-duplicate")]


def test_card_duplicate_a_known_card_that_went_down_with_the_whole_hand() -> None:
    # the pull gave 7H back to Bartek; he then laid his whole hand face down unseen, so 7H
    # is in trick 1 (RULES.md: a card can be in play only once per deal)
    pull = "Bartek: 7H / Celina pulls: 6D 7D 8D 9D / Darek: ~? ? ? ? / Ala: ~? ? ? ? / " \
        "Bartek: ~? ? ? ?"
    res = replay_text(unseen([pull, "Celina: 6S / Darek: ~? / Ala: ~? / Bartek: ~7H"]))
    assert found(res) == [(1, 2, "Bartek", "card-duplicate")]
    # not when the hand was not emptied (Ala's QH may still be in it) ...
    t1 = "Bartek: 10H KH / Celina: AH 6D / Darek: ~7H 8C / Ala: ~? ?"
    assert replay_text(known([t1, "Celina: JS / Darek: ~? / Ala: ~QH / Bartek: ~?"])
                       ).violations == []
    # ... nor when a later pull gave the whole hand back again
    again = "Bartek: 7H / Darek pulls: 6D 7D 8D 9D / Ala: ~? ? ? ? / Bartek: ~? ? ? ? / " \
        "Celina pulls: 6C 7C 8C 9C / Darek: ~6D 7D 8D 9D / Ala: ~? ? ? ? / Bartek: ~7H 8S 9S JS"
    assert replay_text(unseen([again], trump="C")).violations == []


def test_card_duplicate_in_the_keys() -> None:
    hands = dict(HANDS, Ala="QH 9H 6C 10H")
    text = kozel('dealer = "Ala"\ntrump = "D"\n' + hands_toml(hands))
    assert rules_of(replay_text(text)) == ["card-duplicate"]


def test_card_not_held_hands_known() -> None:
    res = replay_text(known(["Bartek: 10H KH / Celina: ~AH 9S"]))
    assert found(res) == [(1, 1, "Celina", "card-not-held")]
    s = load_text(known([]))
    with pytest.raises(IllegalEntry) as e:
        s.add("Bartek: AH")
    assert e.value.rule == "card-not-held"


def test_card_not_held_more_cards_than_the_hand() -> None:
    res = replay_text(unseen(["Bartek: 6S 7S 8S 9S 10S"]))
    assert rules_of(res) == ["card-not-held"]


def test_card_not_held_after_a_pull_gave_cards_back() -> None:
    # Bartek's 6S goes back to his hand when Celina pulls; Darek cannot then show it
    res = replay_text(unseen(["Bartek: 6S / Celina pulls: 6C 7C 8C 9C / Darek: ~6S ? ? ?"]))
    assert found(res) == [(1, 1, "Darek", "card-not-held")]


def test_card_not_held_a_pull_needs_the_whole_hand() -> None:
    # Bartek's 6S went back to his hand: with four clubs besides, he would hold five cards
    res = replay_text(unseen(["Bartek: 6S / Celina: 7S / Bartek pulls: 6C 7C 8C 9C"]))
    assert found(res) == [(1, 1, "Bartek", "card-not-held")]


def test_card_not_held_trump_card_before_any_draw() -> None:
    text = unseen(["Bartek: 9D"], more='trump_card = "9D"\n')
    assert found(replay_text(text)) == [(1, 1, "Bartek", "card-not-held")]


def test_stock_order() -> None:
    # KS is third in the deck: Ala draws it after trick 1, it cannot be played in trick 1
    res = replay_text(known(["Bartek: 10H KH / Celina: AH 6D / Darek: ~7H 8C / Ala: ~KS 9H"]))
    assert found(res) == [(1, 1, "Ala", "stock-order")]


def test_draws_from_the_known_deck() -> None:
    # after trick 1 Bartek holds 6S 7S 10S JH; Darek holds 9S 8S QS 6H
    res = replay_text(known([T1, "Celina: JS / Darek: QS / Ala: ~KS / Bartek: ~10S"]))
    assert res.violations == []
    res = replay_text(known([T1, "Celina: JS / Darek: QS / Ala: ~KS / Bartek: ~AS"]))
    assert found(res) == [(1, 2, "Bartek", "card-not-held")]


# -- trump-card -----------------------------------------------------------------------------

def test_trump_card_of_another_suit() -> None:
    res = replay_text(unseen([], more='trump_card = "9S"\n'))
    assert found(res) == [(1, None, "Ala", "trump-card")]


def test_trump_card_from_a_hand() -> None:
    text = kozel('dealer = "Ala"\ntrump = "D"\ntrump_card = "6D"\n' + hands_toml())
    assert rules_of(replay_text(text)) == ["trump-card"]


def test_trump_card_typed_is_refused() -> None:
    s = load_text(head("kozel") + '\n[[deals]]\ndealer = "Ala"\n')
    s.add('trump = "D"')
    with pytest.raises(IllegalEntry) as e:
        s.add('trump_card = "9S"')
    assert e.value.rule == "trump-card"


# -- pull -----------------------------------------------------------------------------------

def test_pull_restarts_the_trick() -> None:
    res = replay_text(unseen(["Bartek: 10H / Celina pulls: 6C 7C 8C 9C / Darek: ~? ? ? ? / "
                              "Ala: 10C JC QC KC / Bartek: ~? ? ? ?"]))
    assert res.violations == []
    assert res.expect.player == "Ala" and res.expect.trick == 2


def test_pull_out_of_turn_before_the_lead() -> None:
    res = replay_text(unseen(["Darek pulls: 6C 7C 8C 9C / Ala: ~? ? ? ? / Bartek: ~? ? ? ? / "
                              "Celina: ~? ? ? ?"]))
    assert res.violations == []
    assert res.expect.player == "Darek"


def test_pull_not_four_of_one_suit() -> None:
    res = replay_text(unseen(["Celina pulls: 6C 7C 8C 9S"]))
    assert found(res) == [(1, 1, "Celina", "pull")]


def test_pull_option_off_and_trumps() -> None:
    off = '\n[options]\npull = "off"\n'
    res = replay_text(unseen(["Celina pulls: 6C 7C 8C 9C"], extra=off))
    assert found(res) == [(1, 1, "Celina", "pull")]
    trumps = '\n[options]\npull = "trumps"\n'
    res = replay_text(unseen(["Celina pulls: 6C 7C 8C 9C"], extra=trumps))
    assert found(res) == [(1, 1, "Celina", "pull")]
    res = replay_text(unseen(["Celina pulls: 6D 7D 8D 9D"], extra=trumps))
    assert res.violations == []


def test_pull_priority_nearest_to_the_leader() -> None:
    # Bartek was to lead; Darek and Celina pulled at once: Celina (nearer) goes first
    res = replay_text(unseen(["Celina pulls: 6C 7C 8C 9C / Darek pulls: 6H 7H 8H 9H"]))
    assert found(res) == [(1, 1, "Darek", "pull")]
    res = replay_text(unseen(["Darek pulls: 6H 7H 8H 9H / Celina pulls: 6C 7C 8C 9C"]))
    assert res.violations == []


def test_pull_refused_when_typed() -> None:
    assert refused(unseen([]), "Celina pulls: 6C 7C 8C 9S") == "pull"


def test_pull_typed_mid_trick_is_saved_after_the_plays_it_cancelled() -> None:
    s = load_text(unseen([]))
    s.add("Bartek: 10H / Celina: AH")
    s.add("Darek pulls: 6C 7C 8C 9C")
    assert s.result().violations == []
    assert 'tricks = [\n  "Bartek: 10H / Celina: AH / Darek pulls: 6C 7C 8C 9C",\n]' in s.text()


# -- outcome-total --------------------------------------------------------------------------

BLIND = ['"Bartek: 6S 7S 8S 9S / Celina: ~? ? ? ? / Darek: ~? ? ? ? / Ala: JS QS KS 10S"',
         '"Ala: AH 6H 7H 8H / Bartek: ~? ? ? ? / Celina: ~? ? ? ? / Darek: ~? ? ? ?"',
         '"Ala: 6D / Bartek: ~? / Celina: ~? / Darek: ~?"']


def blind_game(outcome: str) -> str:
    return head("kozel") + '\n[[deals]]\ntrump = "S"\ntricks = [' + ", ".join(BLIND) + "]\n" \
        + outcome


def test_unseen_discards_need_the_points() -> None:
    res = replay_text(blind_game(""))
    assert res.violations == [] and res.expect.action == "outcome"
    assert not res.deals[0].finished
    later = blind_game("") + '\n[[deals]]\noutcome = { points = { Ala = 70, Bartek = 50 } }\n'
    assert rules_of(replay_text(later)) == ["outcome-total"]


def test_unseen_discards_points_must_be_possible() -> None:
    # Ala & Celina took all 36 cards: 120 points, Bartek & Darek none
    assert replay_text(blind_game(
        "outcome = { points = { Ala = 120, Bartek = 0 } }\n")).violations == []
    assert rules_of(replay_text(blind_game(
        "outcome = { points = { Ala = 100, Bartek = 20 } }\n"))) == ["outcome-total"]
    assert rules_of(replay_text(blind_game(
        "outcome = { points = { Ala = 60, Bartek = 50 } }\n"))) == ["outcome-total"]


def test_unseen_discards_subset_sum() -> None:
    # Bartek beats Ala's lead with the one card: Bartek & Darek take the trick with 3
    # unseen cards; Ala & Celina's points must come from their known cards only otherwise
    tricks = ['"Bartek: 6S 7S 8S 9S / Celina: ~? ? ? ? / Darek: ~? ? ? ? / Ala: JS QS KS 10S"',
              '"Ala: AH 6H 7H 8H / Bartek: ~? ? ? ? / Celina: ~? ? ? ? / Darek: ~? ? ? ?"',
              '"Ala: 6D / Bartek: 7D / Celina: ~? / Darek: ~?"']
    base = head("kozel") + '\n[[deals]]\ntrump = "S"\ntricks = [' + ", ".join(tricks) + "]\n"
    # Ala & Celina: known JS QS KS 10S AH 6H 7H 8H = 30 points + 20 unseen cards
    # Bartek & Darek: 6D 7D + 2 unseen cards: at most 11 + 11 (two aces left? AH, AD, AC)
    assert replay_text(base + "outcome = { points = { Ala = 98, Bartek = 22 } }\n"
                       ).violations == []
    assert rules_of(replay_text(base + "outcome = { points = { Ala = 97, Bartek = 23 } }\n"
                                )) == ["outcome-total"]
    assert rules_of(replay_text(base + "outcome = { points = { Ala = 97, Bartek = 22 } }\n"
                                )) == ["outcome-total"]


def test_outcome_only_must_be_possible() -> None:
    ok = '\n[[deals]]\noutcome = { points = { Ala = 119, Bartek = 1 } }\n'
    assert rules_of(replay_text(head("kozel") + ok)) == ["outcome-total"]
    bad = '\n[[deals]]\noutcome = { points = { Ala = 70, Bartek = 40 } }\n'
    assert rules_of(replay_text(head("kozel") + bad)) == ["outcome-total"]
    tricks = '\n[[deals]]\noutcome = { points = { Ala = 70, Bartek = 50 }, tricks = { Ala = 3 ' \
        '} }\n'
    assert rules_of(replay_text(head("kozel") + tricks)) == ["outcome-total"]


def test_outcome_typed_impossible_is_refused() -> None:
    s = load_text(head("kozel"))
    with pytest.raises(IllegalEntry) as e:
        s.add("outcome = { points = { Ala = 70, Bartek = 40 } }")
    assert e.value.rule == "outcome-total"
    s.add("outcome = { points = { Ala = 70, Bartek = 50 } }")
    assert s.result().totals == {"Ala & Celina": 0, "Bartek & Darek": 2}


# -- claimed-score --------------------------------------------------------------------------

def test_claimed_score() -> None:
    text = head("kozel") + '\n[[deals]]\noutcome = { points = { Ala = 70, Bartek = 50 } }\n' \
        'claimed = { Celina = 0, Darek = 4 }\n'
    assert found(replay_text(text)) == [(1, None, "Bartek & Darek", "claimed-score")]
    good = text.replace("Darek = 4", "Darek = 2")
    assert replay_text(good).violations == []



def test_claimed_score_per_player() -> None:
    # SAVEFILE.md: claimed is per player, or per team by any member; every player named
    # whose claim differs is one claimed-score (CLI.md).
    text = head("kozel") + '\n[[deals]]\noutcome = { points = { Ala = 70, Bartek = 50 } }\n' \
        'claimed = { Ala = 0, Bartek = 2, Celina = 0, Darek = 4 }\n'
    assert found(replay_text(text)) == [(1, None, "Darek", "claimed-score")]
    both = text.replace("Bartek = 2", "Bartek = 4")
    assert found(replay_text(both)) == [(1, None, "Bartek", "claimed-score"),
                                        (1, None, "Darek", "claimed-score")]
    good = text.replace("Darek = 4", "Darek = 2")
    assert replay_text(good).violations == []
    by_team = text.replace("claimed = { Ala = 0, Bartek = 2, Celina = 0, Darek = 4 }",
                           'claimed = { "Ala & Celina" = 0, "Bartek & Darek" = 4 }')
    assert found(replay_text(by_team)) == [(1, None, "Bartek & Darek", "claimed-score")]
    again = load_text(text)
    assert 'Darek = 4' in again.text() and 'Celina = 0' in again.text()


def test_outcome_naming_nobody_at_the_table() -> None:
    # RULES.md: an outcome must be possible: "named players and teams exist (outcome-total)".
    for who in ("Zenon", '"Ala & Bartek"'):
        text = head("kozel") + f'\n[[deals]]\noutcome = {{ points = {{ {who} = 60, Ala = 60 }} }}\n'
        assert found(replay_text(text)) == [(1, None, None, "outcome-total")]


def test_one_outcome_total_for_one_impossible_outcome() -> None:
    text = head("kozel") + '\n[[deals]]\noutcome = { points = { Ala = 80, Bartek = 40 }, ' \
        'tricks = { Ala = 10 } }\n'
    res = replay_text(text)
    assert found(res) == [(1, None, None, "outcome-total")]
    assert "10 tricks" in res.violations[0].message and "no trick" in res.violations[0].message

# -- the series -----------------------------------------------------------------------------

def test_game_after_the_series_is_over() -> None:
    games = "".join('\n[[deals]]\noutcome = { points = { Ala = 120 }, tricks = { Ala = 5 } }\n'
                    for _ in range(3))
    res = replay_text(head("kozel") + games)
    assert res.complete and res.winner == "Ala & Celina"
    assert found(res) == [(3, None, None, "turn-order")]


def test_unfinished_game_followed_by_another() -> None:
    text = unseen(["Bartek: 6S"]) + '\n[[deals]]\noutcome = { points = { Ala = 70, Bartek = 50 ' \
        '} }\n'
    assert found(replay_text(text)) == [(1, None, None, "turn-order")]


def test_every_rule_id_has_a_scenario() -> None:
    from referee.games import get

    ids = {r for r, _ in get("kozel").rules}
    here = open(__file__, encoding="utf-8").read()
    for r in ids:
        assert f'"{r}"' in here, r


def test_outcome_of_a_game_seen_in_full_must_agree_with_the_cards() -> None:
    tricks = ['"Bartek: 6S 7S 8S 9S / Celina: ~6C 7C 8C 9C / Darek: ~6H 7H 8H 9H / '
              'Ala: JS QS KS 10S"',
              '"Ala: JH QH KH AH / Bartek: ~6D 7D 8D 9D / Celina: ~JC QC KC 10C / '
              'Darek: ~JD QD KD 10D"',
              '"Ala: 10H / Bartek: ~AD / Celina: ~AC / Darek: AS"']
    base = head("kozel") + '\n[[deals]]\ntrump = "S"\ntricks = [' + ", ".join(tricks) + "]\n"
    res = replay_text(base)
    # Ala & Celina: 19 + (2+3+4+11) + 19 + 19 = 77; Bartek & Darek: 10+11+11+11 = 43
    assert res.violations == [] and res.deals[0].extra["points"] == {
        "Ala & Celina": 77, "Bartek & Darek": 43}
    assert res.totals == {"Ala & Celina": 0, "Bartek & Darek": 2}
    assert replay_text(base + "outcome = { tricks = { Ala = 2, Bartek = 1 } }\n"
                       ).violations == []
    assert rules_of(replay_text(base + "outcome = { tricks = { Ala = 3 } }\n")) == [
        "outcome-total"]
    assert rules_of(replay_text(base + "outcome = { points = { Ala = 78, Bartek = 42 } }\n"
                                )) == ["outcome-total"]


def test_deck_known_hands_unseen() -> None:
    # Celina wins trick 1; the draws give Celina JS, Darek QS, Ala KS, Bartek 10S
    text = kozel('dealer = "Ala"\ntrump = "D"\n' + f'stock = "{STOCK}"\n'
                 'tricks = ["Bartek: 10H / Celina: AH / Darek: ~7H / Ala: ~QH", '
                 '"Celina: JS / Darek: ~KS"]\n')
    assert found(replay_text(text)) == [(1, 2, "Darek", "card-not-held")]
    text = text.replace("Darek: ~KS", "Darek: QS")
    assert replay_text(text).violations == []
    text = text.replace("Darek: QS", "Darek: ~8H")
    assert found(replay_text(text)) == [(1, 2, "Darek", "stock-order")]
