"""Hand-built claims with known answers, read from save files through ``judge``."""

from __future__ import annotations

import pytest

from referee.cards import Card, try_parse_card
from referee.claims import ClaimError, judge
from tests.claims_build import build, suits
from tests.helpers import load_text


def cards(text: str) -> list[Card]:
    return [c for w in text.split() if (c := try_parse_card(w)) is not None]


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
    assert v.holds and v.hands_known and v.left == 4 and v.tricks == 4
    first = cards(v.line[0])
    assert first and first[0].suit == "S"  # the plan draws the trump first
    # the same position after Ala led a heart instead: Bartek ruffs
    s2 = session(build("kierki", TRUMP_FILLER, TRUMPS_FIRST, current=["AH"], deal=8,
                       trump="S"))
    v2 = judge(s2.setup, s2.deals, "Ala")
    assert not v2.holds and v2.decided
    assert any("Bartek 2S" in line for line in v2.line)
    assert judge(s2.setup, s2.deals, "Ala", tricks=3).holds


def test_holds_with_hands_known_and_fails_on_a_bad_split_unseen() -> None:
    known = session(build("kierki", SPLIT_FILLER, SPLIT))
    v = judge(known.setup, known.deals, "Ala")
    assert v.holds and v.hands_known and v.counter is None
    unseen = session(build("kierki", SPLIT_FILLER))
    v2 = judge(unseen.setup, unseen.deals, "Ala", hand=cards(SPLIT["Ala"]))
    assert not v2.holds and not v2.hands_known
    assert v2.counter is not None
    # the deal that beats it: one player holds four of the five spades out
    longest = max(sum(1 for c in h if c.suit == "S") for h in v2.counter.values())
    assert longest == 4
    held = {c for h in v2.counter.values() for c in h}
    assert held == {c for p in ("Bartek", "Celina", "Darek") for c in cards(SPLIT[p])}
    # three of the four tricks hold whatever the split
    assert judge(unseen.setup, unseen.deals, "Ala", tricks=3, hand=cards(SPLIT["Ala"])).holds


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
