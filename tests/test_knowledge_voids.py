"""``Knowledge.pend_void`` keeps an assertion "held no card of this suit" unmade: what it
proves, and what ``assertions`` reads, is what ``pend`` of the same ``VoidAssertion`` gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import DECK_52, SUITS
from referee.knowledge import ONE_SUIT, SUIT_TEST, Knowledge, VoidAssertion

PLAYERS = ("A", "B", "C")


def fields(c: VoidAssertion) -> tuple[object, ...]:
    return (c.player, c.test, c.rule, c.text, c.deal, c.trick, c.turn, c.suits)


steps = st.lists(st.one_of(
    st.tuples(st.just("void"), st.sampled_from(PLAYERS), st.sampled_from(SUITS),
              st.integers(1, 4)),
    st.tuples(st.just("other"), st.sampled_from(PLAYERS), st.sampled_from(SUITS),
              st.integers(1, 4)),
    st.tuples(st.just("show"), st.sampled_from(PLAYERS), st.integers(0, 51), st.integers(1, 4)),
    st.tuples(st.just("read"), st.sampled_from(PLAYERS), st.just(""), st.just(0)),
), max_size=40)


@settings(max_examples=300, deadline=None)
@given(steps)
def test_an_unmade_void_proves_and_reads_as_its_assertion(
        script: list[tuple[str, str, object, int]]) -> None:
    lazy = Knowledge(1, PLAYERS, DECK_52)
    made = Knowledge(1, PLAYERS, DECK_52)
    for kind, player, what, trick in script:
        if kind == "void":
            assert isinstance(what, str)
            say = f"{player} did not follow {what} at trick {trick}"
            lazy.pend_void(player, what, "follow-suit", 1, trick, say)
            made.pend(VoidAssertion(player, SUIT_TEST[what], "follow-suit", say, 1, trick,
                                    suits=ONE_SUIT[what]))
        elif kind == "other":  # an assertion of another kind, made at once, between the voids
            assert isinstance(what, str)
            other = VoidAssertion(player, lambda c, s=what: c.suit != s, "hearts-lead",
                                  "only " + what, 1, trick)
            lazy.pend(other)
            made.pend(other)
        elif kind == "show":
            assert isinstance(what, int)
            c = DECK_52[what]
            a, b = lazy.show(player, c, trick), made.show(player, c, trick)
            assert [(fields(x), y, z) for x, y, z in a] == [(fields(x), y, z) for x, y, z in b]
        else:
            assert {p: [fields(c) for c in cs] for p, cs in lazy.assertions.items()} == \
                {p: [fields(c) for c in cs] for p, cs in made.assertions.items()}
        assert lazy.watch == made.watch
    assert {p: [fields(c) for c in cs] for p, cs in lazy.assertions.items()} == \
        {p: [fields(c) for c in cs] for p, cs in made.assertions.items()}
    assert lazy.may_hold("A") == made.may_hold("A")


def test_the_same_void_twice_in_one_trick_is_kept_once() -> None:
    k = Knowledge(2, PLAYERS, DECK_52)
    k.pend_void("A", "H", "follow-suit", 2, 5, "A did not follow hearts")
    k.pend_void("A", "H", "follow-suit", 2, 5, "A did not follow hearts")
    k.pend_void("A", "H", "follow-suit", 2, 6, "A did not follow hearts at 6")
    proofs = k.show("A", DECK_52[13], 9)  # 2H
    assert [(a.trick, a.rule, a.player) for a, _c, _w in proofs] == [
        (5, "follow-suit", "A"), (6, "follow-suit", "A")]
    assert k.assertions["A"] == [] and k.watch["A"] == set()


@settings(max_examples=100, deadline=None)
@given(st.permutations(range(52)), st.booleans())
def test_show_new_is_show_for_a_card_not_seen_and_held(order: list[int], known: bool) -> None:
    hands = {p: [DECK_52[i] for i in order[k::3]] for k, p in enumerate(PLAYERS)} \
        if known else None
    a = Knowledge(1, PLAYERS, DECK_52, hands)
    b = Knowledge(1, PLAYERS, DECK_52, hands)
    for k, p in enumerate(PLAYERS):  # each player asserts a void in a suit they may show
        for k2 in (a, b):
            k2.pend_void(p, SUITS[k], "follow-suit", 1, 1, f"{p} void")
    for n, i in enumerate(order[:30]):
        c = DECK_52[i]
        p = PLAYERS[order.index(i) % 3] if known else PLAYERS[n % 3]
        x, y = a.show(p, c, n), b.show_new(p, c, n)
        assert [(fields(v), cc, w) for v, cc, w in x] == [(fields(v), cc, w) for v, cc, w in y]
        assert a.seen == b.seen and a.hands == b.hands and a.watch == b.watch
