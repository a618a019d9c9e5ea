import pytest

from referee.cards import DECK_36, DECK_40, DECK_52, DECK_53, JOKER, Card, try_parse_card
from referee.errors import NotationError
from referee.notation import parse_card, resolve_player


@pytest.mark.parametrize("text", ["10H", "th", "10♥", "TH", "10h", "t♥", "10♡"])
def test_every_form_of_ten_of_hearts(text: str) -> None:
    assert try_parse_card(text) == Card(10, "H")
    assert str(try_parse_card(text)) == "10H"


@pytest.mark.parametrize("text,canon", [("AS", "AS"), ("as", "AS"), ("Q♣", "QC"), ("jk", "JK"),
                                        ("joker", "JK"), ("2d", "2D"), ("K♦", "KD")])
def test_canonical_form(text: str, canon: str) -> None:
    assert str(parse_card(text)) == canon


@pytest.mark.parametrize("text", ["11H", "ZS", "1", "10", "HH", "", "10X"])
def test_not_a_card(text: str) -> None:
    with pytest.raises(NotationError):
        parse_card(text)


def test_decks() -> None:
    assert len(DECK_52) == len(set(DECK_52)) == 52
    assert len(DECK_53) == 53 and JOKER in DECK_53
    assert len(DECK_40) == 40 and all(c.rank not in (11, 12, 13) for c in DECK_40)
    assert len(DECK_36) == 36 and min(c.rank for c in DECK_36) == 6


def test_cards_are_interned() -> None:
    assert parse_card("10H") is parse_card("th")


def test_names_by_unique_prefix_any_case() -> None:
    players = ("Ala", "Bartek", "Celina", "Bogdan")
    assert resolve_player("cel", players) == "Celina"
    assert resolve_player("ALA", players) == "Ala"
    with pytest.raises(NotationError):
        resolve_player("B", players)
    with pytest.raises(NotationError):
        resolve_player("Zed", players)
