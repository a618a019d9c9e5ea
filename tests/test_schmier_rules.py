"""One scenario per Schmier rule id (RULES.md), from fixed deals; rule ids only."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cards import DECK_53, JOKER, Card, try_parse_card
from referee.errors import IllegalEntry, SaveFileError
from referee.games.schmier.score import SCHMIER, Order, game_winner
from referee.history.session import Session
from referee.model import Setup
from tests.helpers import found, head, load_text, replay_text, rules_of

S = "schmier"
SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")
# dealer Ala; Bartek bids first. Teams: Ala & Darek, Bartek & Ewa, Celina & Filip.
# Trump hearts: JH is the right bauer, JD the left bauer.
HANDS = {
    "Ala": "7H 6H 5H 4H 3H 2S",
    "Bartek": "AH JD 5D 9S 8S 7S",
    "Celina": "KH 2H 4D 6D KS QS",
    "Darek": "JH JK 3C 4C 5C 6C",
    "Ewa": "QH 10H 7D 8D AC KC",
    "Filip": "9H 8H 9D 10D QC JC",
}
BIDS = ('bids = ["Bartek: 3", "Celina: pass", "Darek: pass", "Ewa: pass", "Filip: pass", '
        '"Ala: pass"]\n')
# a legal deal: Bartek bids 3 and is set (High and Joker only)
PLAY = [
    "Bartek: AH 2H JK 10H 8H 3H",   # Bartek wins; the joker follows trump
    "Bartek: JD KH JH QH 9H 4H",    # the left bauer led is trump; KH wins
    "Celina: 4D 3C 7D 9D 2S 5D",    # Filip 9D
    "Filip: 10D 5H 9S 6D 4C 8D",    # Ala trumps
    "Ala: 6H 8S KS 5C AC QC",
    "Ala: 7H 7S QS 6C KC JC",
]


def cards(text: str) -> list[Card]:
    out = []
    for w in text.split():
        c = try_parse_card(w)
        assert c is not None
        out.append(c)
    return out


def stock_of(h: dict[str, str]) -> str:
    dealt = {c for v in h.values() for c in cards(v)}
    return " ".join(str(c) for c in DECK_53 if c not in dealt)


def hands(h: dict[str, str] | None = None, stock: bool = True) -> str:
    h = h or HANDS
    out = "hands = { " + ", ".join(f'{p} = "{c}"' for p, c in h.items()) + " }\n"
    if stock:
        out += f'stock = "{stock_of(h)}"\n'
    return out


def exchange(h: dict[str, str] | None = None, **over: str) -> str:
    """Nobody but the dealer discards; the dealer Ala discards the whole stock."""
    h = h or HANDS
    d = {p: "" for p in SIX[1:]}
    d["Ala"] = stock_of(h)
    d.update(over)
    return "discards = { " + ", ".join(f'{p} = "{c}"' for p, c in d.items()) + " }\n"


def game(*deals: str) -> str:
    text = head(S, SIX)
    for d in deals:
        text += "\n[[deals]]\n" + d
    return text


def tricks(*lines: str) -> str:
    return "tricks = [" + ", ".join(f'"{x}"' for x in lines) + "]\n"


def known(*lines: str, h: dict[str, str] | None = None, trump: str = "H", **over: str) -> str:
    return game('dealer = "Ala"\n' + hands(h) + BIDS + f'trump = "{trump}"\n'
                + exchange(h, **over) + tricks(*lines))


def unseen(*lines: str, extra: str = "") -> str:
    return game('dealer = "Ala"\n' + BIDS + 'trump = "H"\n' + extra + tricks(*lines))


def refused(text: str, entry: str) -> str:
    s = load_text(text)
    with pytest.raises(IllegalEntry) as e:
        s.add(entry)
    return e.value.rule


# -- a whole deal -----------------------------------------------------------------------------

def test_the_fixed_deal_is_legal_and_scores() -> None:
    res = replay_text(known(*PLAY))
    assert res.violations == []
    d = res.deals[0]
    assert d.extra["points"] == {"high": "Bartek & Ewa", "low": "Celina & Filip",
                                 "right_bauer": "Celina & Filip",
                                 "left_bauer": "Celina & Filip", "joker": "Bartek & Ewa",
                                 "game": "Ala & Darek"}
    assert d.extra["game_points"] == {"Ala & Darek": 25, "Bartek & Ewa": 15,
                                      "Celina & Filip": 7}
    assert d.scores == {"Ala & Darek": 1, "Bartek & Ewa": -3, "Celina & Filip": 3}


def test_the_same_deal_with_hands_unseen_is_legal() -> None:
    res = replay_text(unseen(*PLAY))
    assert res.violations == []
    assert res.deals[0].scores == {"Ala & Darek": 1, "Bartek & Ewa": -3, "Celina & Filip": 3}


def test_low_goes_to_the_2_not_the_joker() -> None:
    # the joker (Darek) is the lowest trump in play, but Low is the 2 (Celina)
    res = replay_text(known(*PLAY))
    assert res.deals[0].extra["points"]["low"] == "Celina & Filip"


def test_left_bauer_ranks_below_the_queen_and_right_bauer() -> None:
    o = Order("H", True)
    best, why = o.winner(cards("JD KH JH QH 9H 4H"))
    assert best == 1 and "left bauer" in why
    assert o.winner(cards("JD JH"))[0] == 1
    assert o.winner(cards("JD 10H"))[0] == 0


def test_joker_is_the_lowest_trump_but_beats_other_suits() -> None:
    o = Order("H", True)
    assert o.winner(cards("JK 2H"))[0] == 1
    assert o.winner(cards("AS JK"))[0] == 1
    assert o.suit(JOKER) == "H" and o.suit(Card(11, "D")) == "H"


# -- follow-suit ------------------------------------------------------------------------------

def test_left_bauer_follows_trump() -> None:
    # hearts led; Bartek follows with JD, the left bauer (he also holds AH: either is fine)
    res = replay_text(known("Bartek: AH 2H JK 10H 8H 3H", "Bartek: JD"))
    assert res.violations == []


def test_left_bauer_is_not_a_diamond() -> None:
    # diamonds led; Bartek plays JD while holding 5D: JD is a trump, not a diamond
    text = known(*PLAY[:2], "Celina: 4D 3C 7D 9D 2S")
    assert refused(text, "Bartek: JD") in ("follow-suit", "card-duplicate")
    h = dict(HANDS, Bartek="AH 9H 5D 9S 8S JD", Filip="JD 8H 9D 10D QC JC")
    del h
    res = replay_text(known("Bartek: AH 2H JK 10H 8H 3H", "Bartek: 5D KH"))
    assert found(res) == [(1, 2, "Celina", "follow-suit")]


def test_left_bauer_led_must_be_followed_with_trump() -> None:
    # JD led: Celina holds KH (a trump) and must play it
    assert refused(known("Bartek: AH 2H JK 10H 8H 3H", "Bartek: JD"),
                   "Celina: 4D") == "follow-suit"


def test_playing_the_left_bauer_later_proves_no_diamond_hands_unseen() -> None:
    # Bartek shows no diamond at trick 3 (diamonds led), later plays JD: not a revoke
    res = replay_text(unseen("Bartek: AH 2H JK 10H 8H 3H", "Bartek: 9S KS 3C 7D 9D 2S",
                             "Celina: 4D 4C 8D 10D 5H 8S", "Ala: 6H JD"))
    assert res.violations == []


def test_revoke_proven_later_reported_at_its_trick_hands_unseen() -> None:
    # Bartek shows 8S on diamonds at trick 3, then 5D at trick 4
    res = replay_text(unseen("Bartek: AH 2H JK 10H 8H 3H", "Bartek: JD KH JH QH 9H 4H",
                             "Celina: 4D 3C 7D 9D 2S 8S", "Filip: 10D 5H 5D"))
    assert found(res) == [(1, 3, "Bartek", "follow-suit")]
    v = res.violations[0]
    assert v.retro and v.at > 0


def test_revoke_proof_accepted_in_the_session() -> None:
    s = load_text(unseen("Bartek: AH 2H JK 10H 8H 3H", "Bartek: JD KH JH QH 9H 4H",
                         "Celina: 4D 3C 7D 9D 2S 8S", "Filip: 10D 5H"))
    added = s.add("Bartek: 5D")
    assert [(v.trick, v.player, v.rule) for v in added.proven] == [(3, "Bartek",
                                                                     "follow-suit")]


def test_follow_suit_recorded_hands_known() -> None:
    res = replay_text(known("Bartek: AH 4D"))
    assert ("follow-suit" in rules_of(res))


# -- trump-named ------------------------------------------------------------------------------

def test_trump_named_missing_before_the_first_lead() -> None:
    res = replay_text(game('dealer = "Ala"\n' + BIDS + tricks("Bartek: AH")))
    assert found(res) == [(1, None, "Bartek", "trump-named")]


def test_trump_named_by_the_bidder_only() -> None:
    s = load_text(game('dealer = "Ala"\n' + BIDS))
    with pytest.raises(IllegalEntry) as e:
        s.add("Celina: trump S")
    assert e.value.rule == "trump-named"
    s.add("Bartek: trump H")
    assert s.result().expect.action == "exchange"
    with pytest.raises(IllegalEntry) as e:
        s.add('trump = "S"')
    assert e.value.rule == "trump-named"


def test_a_card_before_trump_is_named_is_refused() -> None:
    assert refused(game('dealer = "Ala"\n' + BIDS), "Bartek: AH") == "turn-order"


# -- the exchange -----------------------------------------------------------------------------

def test_exchange_count() -> None:
    res = replay_text(unseen(extra='discards = { Celina = "4D 6D KS QS" }\n'))
    assert found(res) == [(1, None, "Celina", "exchange-count")]
    res = replay_text(known(Ala="AS"))
    assert "exchange-count" in rules_of(res)


def test_discard_trump_by_a_player() -> None:
    res = replay_text(unseen(extra='discards = { Bartek = "JD" }\n'))
    assert found(res) == [(1, None, "Bartek", "discard-trump")]
    res = replay_text(unseen(extra='discards = { Bartek = "JK" }\n'))
    assert found(res) == [(1, None, "Bartek", "discard-trump")]


def test_dealer_discards_a_point_trump() -> None:
    h = dict(HANDS, Ala="7H 6H 5H 4H JK 2S", Darek="JH 3H 3C 4C 5C 6C")
    st = stock_of(h).split()
    st.remove("2C")
    res = replay_text(known(h=h, Ala=" ".join(st + ["JK"])))
    assert set(rules_of(res)) == {"discard-trump"}


def test_dealer_discards_a_low_trump_keeping_a_non_trump() -> None:
    st = stock_of(HANDS).split()
    st.remove("2C")
    res = replay_text(known(Ala=" ".join(st + ["3H"])))
    assert found(res) == [(1, None, "Ala", "discard-trump")]


def test_dealer_discard_trump_proven_later_hands_unseen() -> None:
    res = replay_text(unseen("Bartek: AH 2H JK 10H 8H 3H", "Bartek: JD KH JH QH 9H 4H",
                             "Celina: 4D 3C 7D 9D 2S", extra='discards = { Ala = "3H" }\n'))
    # 3H is discarded and played again (duplicate); Ala's 2S proves she kept a non-trump
    assert ("discard-trump" in rules_of(res)) and ("card-duplicate" in rules_of(res))


def test_discard_not_held() -> None:
    res = replay_text(known(Celina="AH"))
    assert (1, None, "Celina", "card-not-held") in found(res)


def test_stock_order_is_automatic_for_schmier_replacements() -> None:
    # Celina discards 2, gets the top two of the stock, and plays one of them
    top = stock_of(HANDS).split()[:2]
    st = stock_of(HANDS).split()[2:]
    res = replay_text(known("Bartek: AH 2H", Celina="4D 6D", Ala=" ".join(st)))
    assert res.violations == []
    assert set(res.table.hands["Celina"]) >= {try_parse_card(c) for c in top}  # type: ignore


# -- common rules -----------------------------------------------------------------------------

def test_bid_range_and_bid_higher() -> None:
    res = replay_text(game('bids = ["Bartek: 2", "Celina: 7", "Darek: 3", "Ewa: 3", '
                           '"Filip: pass", "Ala: pass"]\n'))
    assert found(res) == [(1, None, "Bartek", "bid-range"), (1, None, "Celina", "bid-range"),
                          (1, None, "Ewa", "bid-higher")]
    assert res.deals[0].extra["bidder"] == "Darek"


def test_six_ends_the_bidding() -> None:
    res = replay_text(game('bids = ["Bartek: 6"]\n'))
    assert res.expect.action == "trump" and res.expect.player == "Bartek"


def test_all_pass_redeal_and_dealer() -> None:
    allpass = 'bids = [' + ", ".join(f'"{p}: pass"' for p in SIX[1:] + SIX[:1]) + ']\n'
    res = replay_text(game(allpass, 'dealer = "Ala"\n'))
    assert res.violations == [] and res.deals[0].redeal
    assert res.expect.dealer == "Ala"
    res = replay_text(game(allpass, 'dealer = "Bartek"\n'))
    assert found(res) == [(2, None, "Bartek", "dealer")]


def test_lead_first_and_turn_order() -> None:
    res = replay_text(known("Celina: KH"))
    assert found(res) == [(1, 1, "Celina", "lead-first")]
    res = replay_text(known("Bartek: AH 2H JK 10H 8H 3H", "Celina: KH"))
    assert found(res) == [(1, 2, "Celina", "turn-order")]


def test_card_duplicate_not_in_deck_not_held() -> None:
    res = replay_text(unseen("Bartek: AH 2H JK 10H 8H AH"))
    assert found(res) == [(1, 1, "Ala", "card-duplicate")]
    res = replay_text(known("Bartek: KH"))
    assert found(res) == [(1, 1, "Bartek", "card-not-held")]
    res = replay_text(known("Bartek: AS"))    # AS was in the stock: the dealer discarded it
    assert found(res) == [(1, 1, "Bartek", "card-duplicate")]
    assert refused(known(), "Bartek: 2H") == "card-not-held"


def test_outcome_total_needs_every_trump_point() -> None:
    ok = ('outcome = { high = "Ala", low = "Bartek", right_bauer = "Celina", '
          'left_bauer = "Darek", joker = "Ewa", game = "Filip" }\n')
    res = replay_text(game(BIDS + 'trump = "H"\n' + ok))
    assert res.violations == []
    assert res.deals[0].scores == {"Ala & Darek": 2, "Bartek & Ewa": -3, "Celina & Filip": 2}
    bad = ok.replace(' joker = "Ewa",', "")
    res = replay_text(game(BIDS + 'trump = "H"\n' + bad))
    assert rules_of(res) == ["outcome-total"]


def test_outcome_names_a_seated_team() -> None:
    # RULES.md: an outcome must be possible, "named players and teams exist (outcome-total)"
    full = ('low = "Bartek", right_bauer = "Celina", left_bauer = "Darek", joker = "Ewa", '
            'game = "Filip"')
    res = replay_text(game(BIDS + f'trump = "H"\noutcome = {{ high = "Zed", {full} }}\n'))
    assert found(res) == [(1, None, None, "outcome-total")]
    assert res.deals[0].extra["points"]["high"] is None
    with pytest.raises(SaveFileError):
        replay_text(game(BIDS + 'trump = "H"\noutcome = { high = 3 }\n'))


def test_claimed_score_by_team_member() -> None:
    d = BIDS + 'trump = "H"\noutcome = { high = "Ala", low = "Bartek", right_bauer = ' \
               '"Celina", left_bauer = "Darek", joker = "Ewa", game = "Filip" }\n'
    res = replay_text(game(d + 'claimed = { Darek = 2, Ewa = -3, Filip = 2 }\n'))
    assert res.violations == []
    res = replay_text(game(d + 'claimed = { Darek = 2, Ewa = 3 }\n'))
    assert found(res) == [(1, None, "Bartek & Ewa", "claimed-score")]
    # a sheet may give every player their team's score: the members must agree
    res = replay_text(game(d + 'claimed = { Ala = 2, Bartek = -3, Celina = 2, Darek = 2, '
                               'Ewa = -3, Filip = 2 }\n'))
    assert res.violations == []
    res = replay_text(game(d + 'claimed = { Ala = 2, Darek = 2, Bartek = 3, Ewa = 3 }\n'))
    assert found(res) == [(1, None, "Bartek & Ewa", "claimed-score")]
    # members who disagree are each checked: the one who wrote the wrong score is reported
    res = replay_text(game(d + 'claimed = { Darek = 2, Ala = 3 }\n'))
    assert found(res) == [(1, None, "Ala", "claimed-score")]
    res = replay_text(game(d + 'claimed = { "Ala & Darek" = 3, Ala = 2 }\n'))
    assert found(res) == [(1, None, "Ala & Darek", "claimed-score")]


# -- the end of the game ----------------------------------------------------------------------

def test_tie_rules_at_21() -> None:
    assert game_winner(SCHMIER, {"A": 22, "B": 21, "C": 0}, "C") == "A"
    assert game_winner(SCHMIER, {"A": 22, "B": 22, "C": 0}, "B") == "B"
    assert game_winner(SCHMIER, {"A": 22, "B": 22, "C": 0}, "C") is None
    assert game_winner(SCHMIER, {"A": 20, "B": 19, "C": 0}, "C") is None


def _outcome_deals(split: list[tuple[int, int]]) -> list[str]:
    """Celina & Filip bid 6 every deal and are set; the others share the points as given."""
    out = []
    for i, (a, b) in enumerate(split):
        dealer = SIX[i % 6]
        order = [SIX[(i + k) % 6] for k in range(1, 7)]
        bids = []
        for p in order:
            if p in ("Celina", "Filip"):
                bids.append(f"{p}: 6")
                break
            bids.append(f"{p}: pass")
        names = ["high", "low", "right_bauer", "left_bauer", "joker", "game"]
        pts = {k: "Ala" for k in names[:a]}
        pts.update({k: "Bartek" for k in names[a:a + b]})
        o = ", ".join(f'{k} = "{v}"' for k, v in pts.items())
        out.append(f'dealer = "{dealer}"\nbids = [' + ", ".join(f'"{x}"' for x in bids)
                   + f']\ntrump = "S"\noutcome = {{ {o} }}\n')
    return out


def test_two_non_bidding_teams_tied_at_21_play_on() -> None:
    deals = _outcome_deals([(3, 3)] * 7)
    res = replay_text(game(*deals))
    assert res.totals["Ala & Darek"] == 21 and res.totals["Bartek & Ewa"] == 21
    assert res.winner is None and not res.complete
    res = replay_text(game(*_outcome_deals([(3, 3)] * 7 + [(4, 2)])))
    assert res.winner == "Ala & Darek"


def test_higher_score_wins_when_two_reach_21() -> None:
    res = replay_text(game(*_outcome_deals([(3, 3)] * 6 + [(4, 2)])))
    assert res.totals["Ala & Darek"] == 22 and res.totals["Bartek & Ewa"] == 20
    assert res.winner == "Ala & Darek"


# -- a session with virtual cards -------------------------------------------------------------

def test_session_plays_a_virtual_schmier_deal(tmp_path: Path) -> None:
    p = tmp_path / "s.toml"
    s = Session.create(p, Setup(S, SIX, "Ala", {}, seed=11))
    s.add("Bartek: 3")
    for _ in range(5):
        s.add("pass")
    s.add("trump H")
    for q in SIX[1:]:
        s.add(f"{q}: discard 0")
    res = s.result()
    assert res.expect.action == "exchange" and res.expect.player == "Ala"
    hand = res.table.hands["Ala"] if res.table.hands else []
    o = Order("H", True)
    keep = sorted(hand, key=lambda c: (o.is_trump(c), o.rank(c)), reverse=True)[:6]
    drop = [c for c in hand if c not in keep]
    s.add("Ala: discard " + " ".join(map(str, drop)))
    res = s.result()
    assert res.violations == [], res.violations
    assert res.expect.action == "lead" and res.expect.player == "Bartek"
    again = Session.load(p)
    assert again.result().to_json() == res.to_json()


def test_game_tie_between_the_two_best_of_three_teams_gives_no_game() -> None:
    from referee.games.schmier.score import count_points

    o = Order("H", True)
    team = {"Ala": "A", "Darek": "A", "Bartek": "B", "Ewa": "B", "Celina": "C", "Filip": "C"}
    t1 = ("Ala", cards("10S 2S 3S 4S 5S 6S"))
    t2 = ("Bartek", cards("10C 2C 3C 4C 5C 6C"))
    t3 = ("Celina", cards("AD 2D 3D 4D 5D 6D"))
    plays = [(w, c) for w, cs in (t1, t2, t3) for c in cs]
    pts = count_points(SCHMIER, o, plays, [t1, t2, t3], team, ["A", "B", "C"])
    assert pts.game == {"A": 10, "B": 10, "C": 4}
    assert pts.points["game"] is None
