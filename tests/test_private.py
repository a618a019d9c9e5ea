"""Private hands (issue 32; SAVEFILE.md ``private``): a seat registers its own hand with the
referee; the referee checks each card from it at once, and nothing shows it until the deal
ends. The engine: registration and its refusals, the refusals at the play, the choices, the
file, the terminal's correction; the terminal's views hide the hands while the deal lasts."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from referee.cards import DECK_52, Card, sort_hand
from referee.errors import IllegalEntry, SaveFileError
from referee.history import private
from referee.history.session import Session
from referee.model import Setup
from tests.helpers import cli_run

FOUR = ("Ala", "Bartek", "Celina", "Darek")
# the Schmier exchange prompt's example of what to type (two cards of suits other than trump):
# not a card of anyone's, to be left out of the terminal's text where a leak is looked for
DISCARD_EXAMPLE = r": discard (?:10|[2-9JQKA])[SHDC♠♥♦♣] (?:10|[2-9JQKA])[SHDC♠♥♦♣]'"


def deal_hands(seed: int) -> dict[str, list[Card]]:
    deck = list(DECK_52)
    random.Random(seed).shuffle(deck)
    return {p: sort_hand(deck[i * 13:(i + 1) * 13]) for i, p in enumerate(FOUR)}


def cards(cs: list[Card]) -> str:
    return " ".join(str(c) for c in cs)


def new_game(tmp: Path, name: str = "g.toml") -> Path:
    path = tmp / name
    Session.create(path, Setup("kierki", FOUR, "Ala"))
    return path


def refused(s: Session, text: str) -> str:
    with pytest.raises(IllegalEntry) as e:
        s.add(text)
    return e.value.rule


def a_revoke(hands: dict[str, list[Card]], leader: str, follower: str) -> tuple[Card, Card]:
    """A lead by ``leader`` of a suit ``follower`` holds, and a card of another suit of
    ``follower``'s (no heart led: deal 1 has no heart rule)."""
    for c in hands[leader]:
        mine = [x for x in hands[follower] if x.suit == c.suit]
        other = [x for x in hands[follower] if x.suit != c.suit]
        if c.suit != "H" and mine and other:
            return c, other[0]
    raise AssertionError("no such deal")


def test_a_registered_hand_is_written_private_and_read_back(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    hands = deal_hands(1)
    s = Session.load(path)
    got = private.register(s, "Celina", cards(hands["Celina"]))
    assert list(got) == hands["Celina"]
    text = path.read_text()
    assert "private = true" in text and "Celina = " in text and "Ala = " not in text
    s = Session.load(path)
    assert s.deals[0].key("hands") == {"Celina": tuple(hands["Celina"])}
    assert private.is_private(s.deals[0])


@pytest.mark.parametrize("how,rule", [
    ("twelve", "outcome-total"), ("fourteen", "outcome-total"), ("twice", "card-duplicate"),
    ("played", "card-duplicate"), ("other", "card-not-held"), ("after", "turn-order"),
])
def test_a_hand_that_cannot_be_this_seats_is_refused_and_nothing_kept(
        tmp_path: Path, how: str, rule: str) -> None:
    path = new_game(tmp_path)
    hands = deal_hands(2)
    s = Session.load(path)
    private.register(s, "Ala", cards(hands["Ala"]))
    s.add(f"Bartek: {hands['Bartek'][0]}")  # Bartek leads deal 1 (Ala deals)
    before = path.read_bytes()
    mine = hands["Celina"]
    text = {"twelve": cards(mine[:12]), "fourteen": cards(mine + [hands["Darek"][0]]),
            "twice": cards(mine[:12] + [mine[0]]),
            "played": cards(mine[:12] + [hands["Bartek"][0]]),
            "other": cards(mine[:12] + [hands["Ala"][0]]),
            "after": cards(hands["Bartek"])}[how]
    who = "Bartek" if how == "after" else "Celina"
    s = Session.load(path)
    with pytest.raises(IllegalEntry) as e:
        private.register(s, who, text)
    assert e.value.rule == rule
    assert path.read_bytes() == before
    assert Session.load(path).deals[0].key("hands") == {"Ala": tuple(hands["Ala"])}


def test_a_registered_seat_cannot_play_a_card_it_does_not_hold_nor_revoke(
        tmp_path: Path) -> None:
    path = new_game(tmp_path)
    hands = deal_hands(3)
    lead, off = a_revoke(hands, "Bartek", "Celina")
    s = Session.load(path)
    private.register(s, "Celina", cards(hands["Celina"]))
    s.add(f"Bartek: {lead}")
    assert refused(s, f"Celina: {hands['Darek'][0]}") == "card-not-held"
    assert refused(s, f"Celina: {off}") == "follow-suit"
    # the choices: only the hand, the cards of other suits greyed with the rule
    offer = s.rules.choices(s.setup, s.deals, s.result(), "Celina").choices
    assert {c.entry.split(": ")[1] for c in offer} == {str(c) for c in hands["Celina"]}
    for c in offer:
        card = c.entry.split(": ")[1]
        assert c.allowed == card.endswith(lead.suit) or card.startswith("10") and \
            c.allowed == (card[-1] == lead.suit)
        if not c.allowed:
            assert c.rule == "follow-suit"
    s.add(f"Celina: {next(c for c in hands['Celina'] if c.suit == lead.suit)}")
    # an unregistered seat's card is taken as with hands unseen
    assert Session.load(path).result().violations == []


def test_an_unregistered_seat_revokes_as_with_hands_unseen(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    hands = deal_hands(4)
    lead, off = a_revoke(hands, "Bartek", "Celina")
    s = Session.load(path)
    private.register(s, "Bartek", cards(hands["Bartek"]))
    s.add(f"Bartek: {lead}")
    s.add(f"Celina: {off}")  # accepted: her hand is unseen
    # a card of another registered hand is not hers
    assert refused(s, f"Darek: {hands['Bartek'][-1]}") == "card-not-held"


def test_kierki_heart_lead_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    Session.create(path, Setup("kierki", FOUR, "Ala"))
    # deal 1 as an outcome, then deal 2 (no hearts: a heart may not be led while holding
    # another suit)
    for seed in range(20):
        hands = deal_hands(seed)
        if any(c.suit == "H" for c in hands["Bartek"]):
            break
    s2 = Session.load(path)
    s2.add("outcome = { tricks = { Ala = 4, Bartek = 3, Celina = 3, Darek = 3 } }")
    s2 = Session.load(path)
    private.register(s2, "Celina", cards(hands["Celina"]))
    leader = s2.result().expect.player
    assert leader is not None
    private.register(s2, leader, cards(hands[leader]))
    heart = next(c for c in hands[leader] if c.suit == "H")
    assert refused(s2, f"{leader}: {heart}") == "hearts-lead"


def test_a_seat_may_correct_its_hand_before_its_first_card_the_terminal_after(
        tmp_path: Path) -> None:
    path = new_game(tmp_path)
    hands, other = deal_hands(5), deal_hands(6)
    s = Session.load(path)
    private.register(s, "Bartek", cards(other["Bartek"]))
    private.register(s, "Bartek", cards(hands["Bartek"]))  # corrected: no card played yet
    s.add(f"Bartek: {hands['Bartek'][0]}")
    with pytest.raises(IllegalEntry) as e:
        private.register(Session.load(path), "Bartek", cards(hands["Bartek"]))
    assert e.value.rule == "turn-order"
    code, out, err = cli_run("hand", str(path), "Bartek", *map(str, hands["Bartek"]))
    assert code == 0, err
    assert str(hands["Bartek"][1]) not in out
    d = Session.load(path).deals[0]
    assert "Bartek" in d.key("note")
    assert d.key("hands") == {"Bartek": tuple(hands["Bartek"])}


def test_the_terminal_refuses_a_bad_hand_with_the_rule(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    code, _out, err = cli_run("hand", str(path), "Ala", "AS", "KS")
    assert code == 1 and "outcome-total" in err
    code, _out, err = cli_run("hand", str(path), "Ala", "AS", "XX")
    assert code == 2


def test_some_hands_only_need_private_in_the_file(tmp_path: Path) -> None:
    hands = deal_hands(7)
    head = 'format = 1\ngame = "kierki"\nplayers = ["Ala", "Bartek", "Celina", "Darek"]\n' \
        'first_dealer = "Ala"\n\n[[deals]]\ndealer = "Ala"\n'
    p = tmp_path / "a.toml"
    p.write_text(head + f'hands = {{ Ala = "{cards(hands["Ala"])}" }}\n')
    with pytest.raises(SaveFileError):
        Session.load(p)
    p.write_text(head + f'hands = {{ Ala = "{cards(hands["Ala"])}" }}\nprivate = true\n')
    assert Session.load(p).deals[0].key("hands") == {"Ala": tuple(hands["Ala"])}
    p.write_text(head + f'hands = {{ Ala = "{cards(hands["Ala"][:12])}" }}\nprivate = true\n')
    with pytest.raises(SaveFileError):
        Session.load(p)


def in_progress(tmp: Path, seed: int = 8) -> tuple[Path, dict[str, list[Card]]]:
    path = new_game(tmp)
    hands = deal_hands(seed)
    s = Session.load(path)
    for p in FOUR:
        private.register(s, p, cards(hands[p]))
    s.add(f"Bartek: {hands['Bartek'][0]}")
    return path, hands


def test_the_terminal_shows_no_registered_hand_while_the_deal_lasts(tmp_path: Path) -> None:
    path, hands = in_progress(tmp_path)
    unplayed = {str(c) for p in FOUR for c in hands[p]} - {str(hands["Bartek"][0])}
    outs = []
    for args in (["status"], ["status", "--json"], ["replay"], ["replay", "--json"],
                 ["score"], ["score", "--json"], ["explain"], ["status", "--ascii"]):
        code, out, err = cli_run(*args, str(path))
        if "--json" in args:  # the table's choices offer every card not seen: not a hand
            doc = json.loads(out)
            doc.get("expect", {}).pop("choices", None)
            out = json.dumps(doc)
        outs.append(out + err)
    doc = json.loads(cli_run("status", "--json", str(path))[1])
    offered = {c["entry"] for c in doc["expect"]["choices"]}
    assert offered, "the table's answer: every card not seen"
    for text in outs:
        words = set(text.replace('"', " ").replace(",", " ").split())
        assert not words & unplayed, words & unplayed
    code, _out, _err = cli_run("status", "--json", "--seat", "Ala", str(path))
    assert code == 2
    # a refusal at the terminal names no registered card
    code, out, err = cli_run("add", str(path), f"Celina: {hands['Ala'][3]}")
    assert code == 1
    assert not set((out + err).split()) & (unplayed - {str(hands["Ala"][3])})


def test_once_the_deal_ends_the_hands_show(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    hands = deal_hands(9)
    s = Session.load(path)
    for p in FOUR:
        private.register(s, p, cards(hands[p]))
    while s.result().expect.deal == 1 and not s.result().deals[0].finished:
        offer = [c for c in s.rules.choices(s.setup, s.deals, s.result()).choices if c.allowed]
        s.add(offer[0].entry)
    doc = json.loads(cli_run("replay", "--json", str(path))[1])
    assert doc["deals"][0]["scores"] is not None and "finished" not in doc["deals"][0]
    code, out, _err = cli_run("explain", str(path), "--deal", "1", "--trick", "1")
    assert "hands known" in out
    code, _out, err = cli_run("analyze", str(path), "--deal", "1")
    assert code in (0, 1), err


def test_a_claim_at_the_terminal_says_the_word_only_while_the_deal_lasts(
        tmp_path: Path) -> None:
    path = new_game(tmp_path)
    hands = deal_hands(13)
    s = Session.load(path)
    for p in FOUR:
        private.register(s, p, cards(hands[p]))
    for _ in range(40):  # ten tricks
        offer = [c for c in s.rules.choices(s.setup, s.deals, s.result()).choices if c.allowed]
        s.add(offer[0].entry)
    claimer = s.result().expect.player
    assert claimer is not None
    code, out, err = cli_run("claim", str(path), claimer, "--rest", "--json")
    doc = json.loads(out)
    assert doc["verdict"] in ("holds", "fails") and doc["hands_known"] is True
    assert doc["line"] == [] and doc["counter"] is None



@pytest.mark.parametrize("game", ["kierki", "wisconsin-schmier", "schmier", "kozel"])
def test_a_private_virtual_deal_shows_no_hand_on_the_terminal(tmp_path: Path,
                                                              game: str) -> None:
    from tests.test_public import SIX, held, laid_face_up, leaks, play_at_random, shown_card_said

    players = SIX if game == "schmier" else FOUR
    path = tmp_path / f"{game}.toml"
    args = [x for p in players for x in ("-p", p)]
    code, out, err = cli_run("new", game, str(path), *args, "--deal", "--private",
                             "--seed", "4")
    assert code == 0, err
    s = Session.load(path)
    assert private.is_private(s.deals[0])
    play_at_random(s, random.Random(4), 9)
    s = Session.load(path)
    d = s.deals[-1]
    if s.result().deals[-1].finished:
        return
    unseen = held(d) - laid_face_up(d)
    shown = d.key("trump_card")
    for args2 in (["status"], ["status", "--json"], ["replay", "--json"], ["score", "--json"],
                  ["replay"], ["explain"]):
        code, out, err = cli_run(*args2, str(path))
        if args2 == ["status", "--json"]:
            doc = json.loads(out)
            doc["expect"].pop("choices")  # the table's answer: every card not seen alike
            doc["expect"].pop("picks", None)  # (Kozel's pick: the same, a card at a time)
            out = json.dumps(doc)
        if isinstance(shown, Card):
            out = shown_card_said(shown).sub("", out).replace(f"card shown: {shown.pretty()}",
                                                              "")
        assert not leaks(out + err, unseen), (args2, leaks(out + err, unseen))
    assert cli_run("status", "--json", "--seat", players[0], str(path))[0] == 2


def test_the_table_mode_registers_hands_and_its_screen_shows_none(tmp_path: Path) -> None:
    from tests.test_new_user import play

    path = new_game(tmp_path)
    hands = deal_hands(17)
    lines = [f"hand {p} {cards(hands[p])}" for p in FOUR]
    lead = hands["Bartek"][0]
    follow = [c for c in hands["Celina"] if c.suit == lead.suit]
    off = [c for c in hands["Celina"] if c.suit != lead.suit]
    lines += [f"Bartek: {lead}"]
    if follow and off:
        lines += [f"Celina: {off[0]}"]  # a revoke: refused, its message masked
    lines += ["status", "explain", "quit"]
    out = play(path, *lines)
    assert out.count("hand registered (13 cards)") == 4
    typed = {str(c) for h in hands.values() for c in h} - {str(lead)}
    if follow and off:
        assert "follow-suit" in out
        typed.discard(str(off[0]))  # typed by the person at the laptop
    screen = out.split(f"hand Darek {cards(hands['Darek'])}")[-1]
    from tests.test_public import leaks

    shown = {c for h in hands.values() for c in h if str(c) in typed}
    assert not leaks(screen.replace(f"Celina: {off[0]}" if off else "", ""), shown)
    assert Session.load(path).deals[0].key("private") is True


def test_a_virtual_deal_takes_no_registered_hand(tmp_path: Path) -> None:
    path = tmp_path / "v.toml"
    Session.create(path, Setup("kierki", FOUR, "Ala", seed=3), private=True)
    before = path.read_bytes()
    code, _out, err = cli_run("hand", str(path), "Ala", *map(str, deal_hands(1)["Ala"]))
    assert code == 1 and "turn-order" in err
    assert path.read_bytes() == before


def test_undo_keeps_a_registered_hand_and_edit_reads_the_deal(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    hands = deal_hands(19)
    s = Session.load(path)
    private.register(s, "Bartek", cards(hands["Bartek"]))
    s.add(f"Bartek: {hands['Bartek'][0]}")
    code, _out, err = cli_run("undo", str(path), "--yes")
    assert code == 0, err
    d = Session.load(path).deals[0]
    assert d.key("hands") == {"Bartek": tuple(hands["Bartek"])} and private.is_private(d)
    s = Session.load(path)
    s.add(f"Bartek: {hands['Bartek'][0]}")
    code, out, err = cli_run("edit", str(path), "1", "--ascii")
    assert code == 0, err
    assert "shown to the referee alone" in out
    assert not {str(c) for c in hands["Bartek"][1:]} & set(out.split())
    # the entries are numbered as in the file; the hand is changed by 'hand' only
    code, out, err = cli_run("edit", str(path), "1", "--entry", "2", "--to",
                             'hands = { Bartek = "2C" }')
    assert code == 2
    code, out, err = cli_run("edit", str(path), "1", "--entry", "4", "--to",
                             f"Bartek: {hands['Bartek'][0]}", "--dry-run")
    assert code == 0, err
