"""Hand-built claims with known answers, read from save files through ``judge``."""

from __future__ import annotations

import pytest

from referee.cards import Card, try_parse_card
from referee.claims import ClaimError, judge
from tests.claims_build import build, suits
from tests.helpers import load_text


def cards(text: str) -> list[Card]:
    return [c for w in text.split() if (c := try_parse_card(w.strip(".,;:"))) is not None]


# Kierki deal 8, spades trump, 4 tricks left, Ala on lead. Bartek holds one small trump and
# no heart: Ala must draw it (AS) before she cashes her hearts.
TRUMPS_FIRST = {"Ala": "AS KS AH KH", "Bartek": "2S 5D 6D 2C", "Celina": "3S QH 7D 8D",
                "Darek": "4S JH 10H 9D"}
TRUMP_FILLER = suits("5S 6S 7S 8S", "9S 10S JS QS", "2H 3H 4H 5H", "6H 7H 8H 9H",
                     "2D 3D 4D 10D", "JD QD KD AD", "3C 4C 5C 6C", "7C 8C 9C 10C",
                     "AC JC QC KC")

# Kierki deal 1, 4 tricks left, Ala on lead with AS KS QS 2S; five spades out.
SPLIT = {"Ala": "AS KS QS 2S", "Bartek": "JS 10S 9S 2H", "Celina": "8S 7S 3H 4H",
         "Darek": "5H 6H 2D 2C"}
SPLIT_FILLER = suits("3S 4S 5S 6S", "7H 8H 9H 10H", "JH QH KH AH", "3D 4D 5D 6D",
                     "7D 8D 9D 10D", "JD QD KD AD", "3C 4C 5C 6C", "7C 8C 9C 10C",
                     "AC JC QC KC")


def session(text: str):  # type: ignore[no-untyped-def]
    s = load_text(text)
    assert s.result().ok, [v.message for v in s.result().violations]
    return s


def test_holds_only_when_the_claimer_draws_trumps_first() -> None:
    s = session(build("kierki", TRUMP_FILLER, TRUMPS_FIRST, deal=8, trump="S"))
    v = judge(s.setup, s.deals, "Ala")
    assert v.verdict == "holds" and v.hands_known and v.left == 4 and v.tricks == 4
    first = cards(v.line[0])
    assert first and first[0].suit == "S"  # the plan draws the trump first
    # the same position after Ala led a heart instead: Bartek ruffs
    s2 = session(build("kierki", TRUMP_FILLER, TRUMPS_FIRST, current=["AH"], deal=8,
                       trump="S"))
    v2 = judge(s2.setup, s2.deals, "Ala")
    assert v2.verdict == "fails"
    assert any("Bartek 2S" in line for line in v2.line)
    assert judge(s2.setup, s2.deals, "Ala", tricks=3).verdict == "holds"


def test_holds_with_hands_known_and_fails_on_a_bad_split_unseen() -> None:
    known = session(build("kierki", SPLIT_FILLER, SPLIT))
    v = judge(known.setup, known.deals, "Ala")
    assert v.verdict == "holds" and v.hands_known and v.counter is None
    unseen = session(build("kierki", SPLIT_FILLER))
    v2 = judge(unseen.setup, unseen.deals, "Ala", hand=cards(SPLIT["Ala"]))
    assert v2.verdict == "fails" and not v2.hands_known
    assert v2.counter is not None
    # the deal that beats it: one player holds four of the five spades out
    longest = max(sum(1 for c in h if c.suit == "S") for h in v2.counter.values())
    assert longest == 4
    held = {c for h in v2.counter.values() for c in h}
    assert held == {c for p in ("Bartek", "Celina", "Darek") for c in cards(SPLIT[p])}
    # three of the four tricks hold whatever the split
    shown = judge(unseen.setup, unseen.deals, "Ala", tricks=3, hand=cards(SPLIT["Ala"]))
    assert shown.verdict == "holds"


@pytest.mark.parametrize("hand,why", [
    ("AS KS QS", "wrong number"),
    ("AS KS QS 3S", "already played"),
    ("AS KS QS QS", "twice"),
])
def test_a_shown_hand_that_contradicts_the_record_is_refused(hand: str, why: str) -> None:
    s = session(build("kierki", SPLIT_FILLER))
    with pytest.raises(ClaimError):
        judge(s.setup, s.deals, "Ala", hand=cards(hand))


def test_refusals() -> None:
    s = session(build("kierki", SPLIT_FILLER))
    with pytest.raises(ClaimError):
        judge(s.setup, s.deals, "Zosia", hand=cards(SPLIT["Ala"]))
    with pytest.raises(ClaimError):
        judge(s.setup, s.deals, "Ala")  # hands unseen: the hand is needed
    with pytest.raises(ClaimError):
        judge(s.setup, s.deals, "Ala", tricks=5, hand=cards(SPLIT["Ala"]))
    with pytest.raises(ClaimError):
        judge(s.setup, s.deals, "Ala", tricks=0, hand=cards(SPLIT["Ala"]))


# Wisconsin Schmier, spades trump (Ala's first lead), 2 tricks left, Darek on lead. Ala holds
# AS (the last trump) and QH; KH is out. At trick 2 (Celina's AH) Bartek showed a void in
# hearts; Darek either showed one too (KH cannot be an opponent's: the claim holds) or
# followed (KH may be Darek's: it fails).
def wisconsin_void(darek_follows: bool) -> str:
    tricks = [
        {"Ala": "7S", "Bartek": "8S", "Celina": "KS", "Darek": "9S"},
        {"Celina": "AH", "Darek": "7H" if darek_follows else "7C", "Ala": "8H",
         "Bartek": "7D"},
        {"Celina": "10S", "Darek": "8D", "Ala": "JS", "Bartek": "QS"},
        {"Bartek": "8C", "Celina": "9C", "Darek": "10C", "Ala": "9H"},
    ]
    return build("wisconsin-schmier", tricks, trump="S")


def test_a_void_shown_at_trick_2_decides_where_kh_can_be() -> None:
    s = session(wisconsin_void(darek_follows=False))
    v = judge(s.setup, s.deals, "Ala", hand=cards("AS QH"))
    assert v.verdict == "holds" and v.side == ("Ala", "Celina") and v.left == 2
    s2 = session(wisconsin_void(darek_follows=True))
    v2 = judge(s2.setup, s2.deals, "Ala", hand=cards("AS QH"))
    assert v2.verdict == "fails" and v2.counter is not None
    assert Card(13, "H") in v2.counter["Darek"]
    # a heart Ala already played is refused
    with pytest.raises(ClaimError):
        judge(s2.setup, s2.deals, "Ala", hand=cards("AS 8H"))


def test_a_card_of_a_suit_the_claimer_showed_void_in_proves_the_revoke() -> None:
    """Darek showed a void in spades (trump) at trick 3 and in hearts at trick 2: a hand
    shown with a spade (a heart) proves that revoke, where it happened, and the claim is
    judged on the cards shown."""
    s = session(wisconsin_void(darek_follows=False))
    v = judge(s.setup, s.deals, "Darek", hand=cards("AS 10D"))
    assert [(p.trick, p.player, p.rule, p.retro) for p in v.proven] == \
        [(3, "Darek", "follow-suit", True)]
    assert v.verdict != "not proven"
    v = judge(s.setup, s.deals, "Darek", hand=cards("KH 10D"))
    assert [(p.trick, p.rule) for p in v.proven] == [(2, "follow-suit")]
    v = judge(s.setup, s.deals, "Darek", hand=cards("JD 10D"))
    assert v.verdict != "not proven" and v.proven == ()


# Wisconsin Schmier, hands known, spades trump, 3 tricks left, Ala on lead with AS AH KH;
# Bartek's last trump is 7S and he has no heart.
WISC_TRICKS = [
    {"Ala": "8S", "Bartek": "9S", "Celina": "10S", "Darek": "JS"},
    {"Darek": "7C", "Ala": "8C", "Bartek": "9C", "Celina": "10C"},
    {"Celina": "9D", "Darek": "10D", "Ala": "AD", "Bartek": "QD"},
]
WISC_HELD = {"Ala": "AS AH KH", "Bartek": "7S JC KD", "Celina": "QH JH 7D",
             "Darek": "10H 9H 8D"}


def test_wisconsin_holds_only_when_the_claimer_draws_trumps_first() -> None:
    s = session(build("wisconsin-schmier", WISC_TRICKS, WISC_HELD, trump="S"))
    v = judge(s.setup, s.deals, "Ala")
    assert v.verdict == "holds" and v.hands_known and v.side == ("Ala", "Celina")
    assert cards(v.line[0])[0] == Card(14, "S")
    s2 = session(build("wisconsin-schmier", WISC_TRICKS, WISC_HELD, current=["AH"],
                       trump="S"))
    v2 = judge(s2.setup, s2.deals, "Ala")
    assert v2.verdict == "fails" and any("Bartek 7S" in line for line in v2.line)


def schmier_cut(plays: int, strike_hands: bool = False):  # type: ignore[no-untyped-def]
    """tests/handmade/schmier/schmier-hands-known.toml (Ala and Darek against two teams; Ala
    holds 5S-10S after the exchange) cut after ``plays`` cards, hands written or struck out."""
    from pathlib import Path

    from referee.model import Deal, Key, Play

    path = Path(__file__).parent / "handmade" / "schmier" / "schmier-hands-known.toml"
    s = load_text(path.read_text(encoding="utf-8"))
    deal = s.deals[0]
    out, seen = [], 0
    for e in deal.entries:
        if isinstance(e, Play):
            seen += 1
            if seen > plays:
                continue
        if strike_hands and isinstance(e, Key) and e.name in ("hands", "stock"):
            continue
        out.append(e)
    s.deals[0] = Deal(out)
    return s


def test_schmier_the_last_trumps_hold_and_a_queen_out_beats_them() -> None:
    three = schmier_cut(18)  # Celina leads trick 4; every trump left is Ala's
    v = judge(three.setup, three.deals, "Ala")
    assert v.verdict == "holds" and v.hands_known and v.side == ("Ala", "Darek") and v.left == 3
    blind = schmier_cut(18, strike_hands=True)
    assert judge(blind.setup, blind.deals, "Ala", hand=cards("8S 9S 10S")).verdict == "holds"
    four = schmier_cut(12)  # Celina still holds QS, and leads it
    v4 = judge(four.setup, four.deals, "Ala")
    assert v4.verdict == "fails" and any("Celina QS" in line for line in v4.line)
    assert judge(four.setup, four.deals, "Ala", tricks=3).verdict == "holds"
    assert judge(three.setup, three.deals, "Celina", tricks=1).verdict == "fails"
