"""Private hands with draws (issue 32: "Kozel 4 and each draw from the stock as it comes";
SAVEFILE.md ``private``, docs/private.md "Draws"): a seat's ``hands`` entry lists the cards
dealt, then each card drawn, in the order drawn; the seat shows the referee its hand as it is
now and the referee appends the draws due. A Kozel seat with every draw registered is checked
as with hands known: refused at once a card it does not hold; the pair (every hand and draw
registered against the same deal typed with ``hands`` and ``stock``) gives the same choices,
refusals, violations and scores; nothing shows a registered draw to anyone else."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import Card
from referee.errors import IllegalEntry, SaveFileError
from referee.games import get
from referee.history import private
from referee.history.session import Session
from referee.model import Play, Pull, Setup
from tests.helpers import cli_run
from tests.test_private import DISCARD_EXAMPLE, FOUR, cards
from tests.test_private_pair import attempt, same_choices, same_outcome, step, twin
from tests.test_public import FEW

KOZEL = get("kozel")


def dealt(seed: int) -> dict[str, Any]:
    """Deal 1 of a Kozel game dealt from ``seed``: trump, trump_card, hands, stock."""
    keys = KOZEL.virtual_deal(Setup("kozel", FOUR, "Ala", seed=seed), 1, "Ala")
    return {e.name: e.value for e in keys}


def kozel_pair(tmp: Path, seed: int) -> tuple[dict[str, Any], Session, Session]:
    """``a``: a Kozel game where nothing is known (the seats register their hands and draws),
    trump shown; ``b``: the same deal typed with ``hands`` and ``stock`` known."""
    k = dealt(seed)
    a, b = twin(tmp, Setup("kozel", FOUR, "Ala"), k["hands"],
                f'trump = "{k["trump"]}"\ntrump_card = "{k["trump_card"]}"\n'
                f'stock = "{cards(list(k["stock"]))}"\n')
    a.add(f"trump {k['trump_card']}")
    return k, a, b


def now_in(b: Session, seat: str) -> str:
    """``seat``'s hand now in the deal with hands and stock known."""
    got = b.rules.hand_now(b.setup, b.deals, b.result(), seat)
    assert got is not None
    return cards(list(got))


def to_act(s: Session) -> str:
    """The player whose entry ``s`` expects now."""
    who = s.result().expect.player
    assert who is not None
    return who


def turns(b: Session, most: int) -> Iterator[str]:
    """The player to act in ``b``, turn after turn (the caller plays each turn), until its
    deal 1 is over; ``most`` turns at the most."""
    for _ in range(most):
        if finished(b):
            return
        yield to_act(b)


def views(path: Path, *commands: list[str]) -> Iterator[tuple[list[str], str, str]]:
    """Each command run on ``path``: its words, stdout and stderr; ``status --json`` without
    the choices and picks (the seat in turn's own, which a test of what leaks leaves out)."""
    for args in commands:
        _code, out, err = cli_run(*args, str(path))
        if args == ["status", "--json"]:
            doc = json.loads(out)
            doc["expect"].pop("choices")
            doc["expect"].pop("picks", None)
            out = json.dumps(doc)
        yield args, out, err


def drawn_by(b: Session, seat: str) -> list[Card]:
    """The cards ``seat`` drew so far in the deal with the stock known, in order."""
    g = b.result().state.games[-1]
    return [c for t in g.tricks for p, c in t.draws if p == seat and c is not None]


def due(s: Session, seat: str) -> int:
    now = s.rules.hand_drawn(s.setup, s.deals, s.result(), seat)
    return 0 if now is None else now.due


def catch_up(a: Session, b: Session, seat: str) -> None:
    """``seat`` shows the referee its hand now in ``a`` where it drew cards not shown."""
    if seat not in private.registered(a.deals[-1]):
        private.register(a, seat, cards(list(dealt_of(b, seat))))
    elif due(a, seat):
        private.register(a, seat, now_in(b, seat))


def dealt_of(b: Session, seat: str) -> tuple[Card, ...]:
    got: tuple[Card, ...] = b.deals[-1].key("hands")[seat]
    return got


def played(s: Session) -> int:
    g = s.result().state.games[-1]
    return len(g.tricks)


def finished(s: Session) -> bool:
    res = s.result()
    return bool(res.deals and res.deals[0].finished) or res.expect.deal != 1


# -- the pair ---------------------------------------------------------------------------------


@given(seed=st.integers(0, 10**6))
@FEW
def test_kozel_every_hand_and_draw_registered_is_hands_and_stock_known(
        tmp_path: Path, seed: int) -> None:
    """Each seat shows its hand dealt before its first card and its draws before its next
    card (some after others have played): the same choices (entry, allowed, rule), the same
    refusals, and at the end the same violations and scores as hands and stock known."""
    k, a, b = kozel_pair(tmp_path, seed)
    rng = random.Random(seed)
    for who in turns(b, 120):
        catch_up(a, b, who)
        offer = same_choices(a, b)
        if rng.random() < 0.3:  # a card of another hand: refused alike
            other = rng.choice([p for p in FOUR if p != who])
            held = now_in(b, other).split()
            if held:
                tried = f"{who}: {rng.choice(held)}"
                assert attempt(a, tried) == attempt(b, tried)
        if not step(a, b, rng, offer):
            break
    assert finished(b)
    same_outcome(a, b)
    # every seat's list: the cards dealt, then each card drawn (those shown; the cards of
    # one trick's draws, shown together, in the order given)
    for p in FOUR:
        listed = list(private.registered(a.deals[0])[p])
        assert sorted(listed[:4], key=str) == sorted(k["hands"][p], key=str)
        assert sorted(listed[4:], key=str) == sorted(drawn_by(b, p)[:len(listed) - 4], key=str)
    again = Session.load(a.path)
    assert again.deals == a.deals and again.text() == a.text()


# -- refused at once ----------------------------------------------------------------------------


def kozel_after_trick_one(tmp: Path, seed: int = 7) -> tuple[dict[str, Any], Session, Session]:
    """The pair, every seat registered, trick 1 played (its first legal play each), the
    draws due not shown yet."""
    k, a, b = kozel_pair(tmp, seed)
    while played(b) < 1:
        who = to_act(b)
        catch_up(a, b, who)
        pick = next(c.entry for c in b.rules.choices(b.setup, b.deals, b.result()).choices
                    if c.allowed)
        assert attempt(a, pick) is None and attempt(b, pick) is None
    return k, a, b


def test_a_card_not_held_is_refused_after_trick_one_once_the_draws_are_shown(
        tmp_path: Path) -> None:
    k, a, b = kozel_after_trick_one(tmp_path)
    who = to_act(a)
    mine = set(now_in(b, who).split())
    stranger = next(str(c) for c in k["stock"][4:] if str(c) not in mine)
    # the draw not shown yet: the hand has a free slot, any card not seen may be in it
    offer = {c.entry: c.allowed for c in a.rules.choices(a.setup, a.deals, a.result()).choices}
    assert offer[f"{who}: {stranger}"] is True
    private.register(a, who, now_in(b, who))
    before = a.path.read_bytes() if a.path else b""
    assert attempt(a, f"{who}: {stranger}") == "card-not-held"
    pick = a.rules.choices(a.setup, a.deals, a.result()).picks[0]
    assert set(pick.cards) == mine  # the picker offers the hand only
    assert a.path is not None and a.path.read_bytes() == before


def test_a_follower_s_beat_is_judged_on_the_hand_with_its_draw(tmp_path: Path) -> None:
    """After trick 1, the seat to follow has shown its draw: every face-up single card it
    holds that does not beat is refused (``beat``), any other card (not held) ``card-not-held``,
    exactly as with hands and stock known."""
    k, a, b = kozel_after_trick_one(tmp_path, seed=11)
    for p in FOUR:
        catch_up(a, b, p)
    first = next(c.entry for c in b.rules.choices(b.setup, b.deals, b.result()).choices
                 if c.allowed and len(c.entry.split(": ")[1].split()) == 1)
    assert attempt(a, first) is None and attempt(b, first) is None
    who = to_act(b)
    beat = [c for c in same_choices(a, b) if c.rule == "beat"]
    for c in beat:
        assert attempt(a, c.entry) == attempt(b, c.entry) == "beat"
    for c in map(str, k["stock"]):
        if c not in now_in(b, who).split():
            assert attempt(a, f"{who}: {c}") == "card-not-held"


# -- the registration: as it is now -------------------------------------------------------------


def test_the_hand_now_appends_the_draws_in_order_and_a_reload_is_the_same_game(
        tmp_path: Path) -> None:
    k, a, b = kozel_after_trick_one(tmp_path)
    seat = "Celina"
    got = private.register(a, seat, now_in(b, seat))
    assert sorted(map(str, got)) == sorted(now_in(b, seat).split())
    listed = private.registered(a.deals[0])[seat]
    assert list(listed[4:]) == drawn_by(b, seat)
    assert a.path is not None
    text = a.path.read_text()
    assert f'{seat} = "{cards(list(listed))}"' in text
    again = Session.load(a.path)
    assert again.deals == a.deals and again.text() == a.text()
    assert again.result().violations == a.result().violations
    assert KOZEL.hand_now(again.setup, again.deals, again.result(), seat) == got


@pytest.mark.parametrize("how,rule", [
    ("short", "outcome-total"), ("long", "outcome-total"), ("changed", "turn-order"),
    ("played", "card-duplicate"), ("other", "card-not-held"), ("again", "turn-order"),
    ("laid", "card-duplicate"),
])
def test_a_hand_now_that_cannot_be_is_refused_and_nothing_kept(
        tmp_path: Path, how: str, rule: str) -> None:
    k, a, b = kozel_after_trick_one(tmp_path)
    seat = "Celina"
    other = "Ala"
    private.register(a, other, now_in(b, other))
    now = now_in(b, seat).split()
    new = drawn_by(b, seat)[0]
    kept = [c for c in now if c != str(new)]
    gone = {str(c) for e in a.deals[0].entries if isinstance(e, Play | Pull) and not (
        isinstance(e, Play) and e.down) for c in e.cards if c is not None}
    mine_gone = [str(c) for e in a.deals[0].entries if isinstance(e, Play) and
                 e.player == seat for c in e.cards if c is not None]
    theirs = next(c for c in now_in(b, other).split())
    text = {
        "short": " ".join(now[:-1]),
        "long": " ".join(now + [str(k["stock"][-1])]),
        "changed": " ".join([str(new), *kept[1:], str(k["stock"][-1])]),
        "played": " ".join([*kept, next(c for c in gone if c not in mine_gone)]),
        "other": " ".join([*kept, theirs]),
        "again": " ".join(now),
        "laid": " ".join([*kept, mine_gone[0]]),
    }[how]
    if how == "again":
        private.register(a, seat, " ".join(now))
    assert a.path is not None
    before = a.path.read_bytes()
    s = Session.load(a.path)
    with pytest.raises(IllegalEntry) as e:
        private.register(s, seat, text)
    assert e.value.rule == rule
    assert other not in str(e.value) or how != "other"
    assert a.path.read_bytes() == before
    assert Session.load(a.path).deals == s.deals


def test_a_draw_laid_before_it_was_shown_is_listed_in_its_place(tmp_path: Path) -> None:
    """Celina plays on without showing her draw and lays it: shown later, the list holds it
    first (drawn first), then the draws she still holds."""
    k, a, b = kozel_pair(tmp_path, 21)
    rng = random.Random(3)
    while played(b) < 3 and not finished(b):
        who = to_act(b)
        if who != "Celina" or "Celina" not in private.registered(a.deals[-1]):
            catch_up(a, b, who)
        offer = [c.entry for c in b.rules.choices(b.setup, b.deals, b.result()).choices
                 if c.allowed]
        pick = rng.choice(offer)
        assert attempt(a, pick) is None and attempt(b, pick) is None
    drew = drawn_by(b, "Celina")
    assert len(drew) >= 2
    now = KOZEL.hand_drawn(a.setup, a.deals, a.result(), "Celina")
    assert now is not None and now.due == len(drew)
    private.register(a, "Celina", now_in(b, "Celina"))
    listed = private.registered(a.deals[0])["Celina"]
    assert sorted(listed[4:], key=str) == sorted(drew, key=str)
    laid = [c for c in listed[4:] if str(c) not in now_in(b, "Celina").split()]
    assert list(listed[4:4 + len(laid)]) == laid  # the draws laid come first
    assert a.result().violations == []


def test_the_terminal_corrects_a_hand_after_the_first_card_and_notes_it(
        tmp_path: Path) -> None:
    k, a, b = kozel_after_trick_one(tmp_path)
    assert a.path is not None
    seat = "Darek"
    now = now_in(b, seat).split()
    new = str(drawn_by(b, seat)[0])
    kept = [c for c in now if c != new]
    stranger, late = str(k["stock"][-2]), str(k["stock"][-1])  # (not drawn yet by anyone)
    code, out, err = cli_run("hand", str(a.path), seat, *kept, new)  # as it is
    assert code == 0, err
    assert "Darek's hand" in out and new not in out and kept[0] not in out
    assert "corrected" not in (Session.load(a.path).deals[0].key("note") or "")
    code, out, err = cli_run("hand", str(a.path), seat, stranger, *kept[1:], late)
    assert code == 0, err  # kept[0] was not Darek's, and the draw was another card
    s = Session.load(a.path)
    listed = [str(c) for c in private.registered(s.deals[0])[seat]]
    assert listed[listed.index(stranger)] == stranger and kept[0] not in listed
    assert listed[4:] == [late]
    assert "Darek's hand corrected at the terminal" in (s.deals[0].key("note") or "")
    # the seat's page could not have done it: only the terminal
    with pytest.raises(IllegalEntry) as e:
        private.register(s, seat, " ".join([kept[0], *kept[1:], late]))
    assert e.value.rule == "turn-order"


def test_a_private_kozel_hand_lists_draws_only_when_private_and_without_a_stock(
        tmp_path: Path) -> None:
    k = dealt(5)
    listed = {p: list(k["hands"][p]) + ([k["stock"][0]] if p == "Ala" else []) for p in FOUR}
    hands = ", ".join(f'{p} = "{cards(listed[p])}"' for p in FOUR)
    head = ('format = 1\ngame = "kozel"\nplayers = ["Ala", "Bartek", "Celina", "Darek"]\n'
            'first_dealer = "Ala"\n\n[[deals]]\ndealer = "Ala"\ntrump = "S"\n')
    for extra, ok in (("private = true\n", True), ("", False),
                      (f'private = true\nstock = "{cards(list(k["stock"]))}"\n', False)):
        path = tmp_path / "f.toml"
        path.write_text(head + f"hands = {{ {hands} }}\n" + extra)
        if ok:
            s = Session.load(path)
            assert len(s.deals[0].key("hands")["Ala"]) == 5
            assert s.text() == Session.load(path).text()
        else:
            with pytest.raises(SaveFileError) as e:
                Session.load(path)
            assert "hands.Ala" in str(e.value)


def test_the_terminal_views_hide_a_registered_draw_while_the_deal_lasts(
        tmp_path: Path) -> None:
    from tests.test_public import leaks

    k, a, b = kozel_after_trick_one(tmp_path)
    for p in FOUR:
        catch_up(a, b, p)
    assert a.path is not None
    secret = {c for p in FOUR for c in private.registered(a.deals[0])[p][4:]}
    assert secret
    for args, out, err in views(a.path, ["status", "--json"], ["replay", "--json"],
                                ["score", "--json"], ["status"], ["replay"], ["explain"]):
        for example in ("'trump 9S'", "'trump 9♠'"):
            out = out.replace(example, "")
        assert not leaks(out + err, secret), (args, leaks(out + err, secret))


# -- the Schmier exchange -----------------------------------------------------------------------

SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")
SCHMIER = get("schmier")


def schmier_pair(tmp: Path, seed: int) -> tuple[dict[str, Any], Session, Session]:
    """``a``: a Schmier game where nothing is known (the seats register their hands and the
    cards they draw at the exchange); ``b``: deal 1 typed with ``hands`` and ``stock``."""
    keys = SCHMIER.virtual_deal(Setup("schmier", SIX, "Ala", seed=seed), 1, "Ala")
    k = {e.name: e.value for e in keys}
    a, b = twin(tmp, Setup("schmier", SIX, "Ala"), k["hands"],
                f'stock = "{cards(list(k["stock"]))}"\n')
    return k, a, b


def schmier_now(b: Session, seat: str) -> str:
    st = b.result().state[0][-1]
    assert st.know.exact[seat]
    return cards(sorted(st.know.held[seat], key=str))


def schmier_catch_up(a: Session, b: Session, seat: str) -> None:
    if not a.deals or seat not in private.registered(a.deals[-1]):
        private.register(a, seat, cards(list(b.deals[-1].key("hands")[seat])))
    elif due(a, seat):
        private.register(a, seat, schmier_now(b, seat))


def unnamed(entry: str) -> bool:
    """A discard of a number of cards, not named (``Ala: discard 8``): its cards then unseen
    (the seat's own phone names them)."""
    words = entry.split(": ")[-1].split()
    return len(words) == 2 and words[0] == "discard" and words[1].isdigit() and words[1] != "0"


def keep_six(st: Any, hand: list[Any]) -> str:
    """The dealer's legal discard back to 6, named: non-trumps first, then trumps that are
    no point (RULES.md, Schmier)."""
    points = {st.order.left} | {c for c in hand if st.order.is_trump(c) and (
        c.rank in (14, 11, 2) and c.suit == st.trump or c.suit == "X")}
    plain = [c for c in hand if not st.order.is_trump(c)]
    trumps = [c for c in hand if st.order.is_trump(c) and c not in points]
    return " ".join(str(c) for c in (plain + trumps)[:len(hand) - 6])


def dealer_discard(b: Session) -> str:
    """A legal discard of the dealer's, named: back to 6, non-trumps first, then the trumps
    that are no point (RULES.md, Schmier)."""
    st = b.result().state[0][-1]
    assert st.stock is not None and st.stock_pos is not None
    hand = sorted(st.know.held[st.dealer] | set(st.stock[st.stock_pos:]), key=str)
    return f"{st.dealer}: discard {keep_six(st, hand)}"


@given(seed=st.integers(0, 10**6))
@FEW
def test_schmier_every_hand_and_exchange_draw_registered_is_hands_and_stock_known(
        tmp_path: Path, seed: int) -> None:
    """Each seat shows its 6 dealt before its exchange and the cards it drew there before
    its next action (the dealer: the rest of the undealt cards, then discards back to 6):
    the same choices, refusals, violations and scores as hands and stock known."""
    k, a, b = schmier_pair(tmp_path, seed)
    rng = random.Random(seed)
    for who in turns(b, 150):
        schmier_catch_up(a, b, who)
        st_b = b.result().state[0][-1]
        if who == st_b.dealer and st_b.phase == "exchange":
            # the dealer takes the rest and discards in one entry: it shows what it took
            # after (its discard judged on its hand dealt and the count till then)
            pick = dealer_discard(b)
            assert attempt(b, pick) is None and attempt(a, pick) is None
            continue
        if not step(a, b, rng, same_choices(a, b),
                    lambda e: not e.endswith("pass") and not unnamed(e)):
            break
    same_outcome(a, b)
    assert a.path is not None
    again = Session.load(a.path)
    assert again.deals == a.deals and again.text() == a.text()


def test_schmier_a_card_not_held_after_the_exchange_is_refused_once_shown(
        tmp_path: Path) -> None:
    k, a, b = schmier_pair(tmp_path, 3)
    rng = random.Random(3)
    while b.result().state[0][-1].phase != "play":
        who = to_act(b)
        if b.result().state[0][-1].phase != "exchange" or who != "Bartek":
            schmier_catch_up(a, b, who)
        elif "Bartek" not in private.registered(a.deals[-1]):
            schmier_catch_up(a, b, who)
        offer = [c.entry for c in b.rules.choices(b.setup, b.deals, b.result()).choices
                 if c.allowed and not c.entry.endswith("pass")]
        # Bartek discards some cards (so draws some)
        if who == "Bartek" and b.result().state[0][-1].phase == "exchange":
            offer = [c for c in offer if len(c.split(": ")[1].split()) >= 2] or offer
        pick = rng.choice(offer)
        assert attempt(a, pick) is None and attempt(b, pick) is None
    now = SCHMIER.hand_drawn(a.setup, a.deals, a.result(), "Bartek")
    assert now is not None and now.due >= 1
    st_b = b.result().state[0][-1]
    stranger = next(c for c in k["stock"] if all(c not in st_b.know.held[p] for p in SIX))
    theirs = sorted(st_b.know.held["Celina"], key=str)[0]
    # its draws not shown: the hand is partly known, a card it may have drawn is taken
    assert a.result().state[0][-1].know.problem("Bartek", stranger) is None
    private.register(a, "Bartek", schmier_now(b, "Bartek"))
    listed = private.registered(a.deals[0])["Bartek"]
    got = [c for e in b.result().state[0][-1].exchanges if e.player == "Bartek"
           for c in (e.got or ())]
    assert sorted(map(str, listed[6:])) == sorted(map(str, got))
    know = a.result().state[0][-1].know
    assert know.exact["Bartek"]
    for c in (stranger, theirs):  # refused at once, whoever holds it (nobody named)
        problem = know.problem("Bartek", c)
        assert problem is not None and problem[0] == "card-not-held"
        assert "Celina" not in problem[1]
    assert a.result().violations == []


def test_the_terminal_shows_a_private_deal_s_exchange_as_a_count(tmp_path: Path) -> None:
    """A seat's discard named from its phone is face down: the terminal's views of a private
    deal in progress say how many cards, not which (the table saw a count)."""
    from tests.test_public import leaks

    k, a, b = schmier_pair(tmp_path, 5)
    rng = random.Random(5)
    discarded: set[Card] = set()
    while not discarded:
        who = to_act(b)
        if not a.deals or who not in private.registered(a.deals[-1]):
            private.register(a, who, cards(list(b.deals[-1].key("hands")[who])))
        offer = [c.entry for c in b.rules.choices(b.setup, b.deals, b.result()).choices
                 if c.allowed and not c.entry.endswith("pass") and not unnamed(c.entry)]
        named = [e for e in offer if "discard" in e and len(e.split()) > 3]
        pick = rng.choice(named or offer)
        assert attempt(a, pick) is None and attempt(b, pick) is None
        if pick in named:
            discarded = {c for c in private.registered(a.deals[0])[who]
                         if str(c) in pick.split(": ")[1].split()}
    assert a.path is not None
    for args, out, err in views(a.path, ["replay"], ["explain"], ["replay", "--json"],
                                ["status", "--json"]):
        out = re.sub(DISCARD_EXAMPLE, "", out)
        assert not leaks(out + err, discarded), (args, leaks(out + err, discarded))


def test_a_hand_holding_a_card_another_seat_laid_face_down_is_refused_naming_no_one(
        tmp_path: Path) -> None:
    k, a, b = kozel_pair(tmp_path, 9)
    catch_up(a, b, to_act(b))
    first = next(c.entry for c in b.rules.choices(b.setup, b.deals, b.result()).choices
                 if c.allowed and len(c.entry.split(": ")[1].split()) == 1)
    assert attempt(a, first) is None and attempt(b, first) is None
    who = to_act(b)  # (its hand not registered: its play is taken as laid)
    down = next(c.entry for c in b.rules.choices(b.setup, b.deals, b.result()).choices
                if c.allowed and "~" in c.entry)
    assert attempt(a, down) is None and attempt(b, down) is None
    gone = down.split("~")[1].split()[0]
    nxt = to_act(b)
    assert nxt not in private.registered(a.deals[0])
    mine = [str(c) for c in k["hands"][nxt]]
    assert a.path is not None
    before = a.path.read_bytes()
    with pytest.raises(IllegalEntry) as e:
        private.register(a, nxt, " ".join([gone, *mine[1:]]))
    assert e.value.rule == "card-not-held" and who not in str(e.value)
    assert a.path.read_bytes() == before
