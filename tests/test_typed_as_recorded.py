"""An entry typed and the same entry in the file give the same violations (issue 20, "one
fact, one figure"). Random games of every kind (the playouts), some with one entry damaged
(a card replaced, two entries swapped, one dropped or written twice, a play given to
another player, two Schmier discards swapped in a deal table that names no dealer, so that
the file keeps their order): the entries typed one by one through the session's ``add``
(what ``add`` and the table mode call), and the same entries written in a file and replayed.

* Where the file replay finds nothing the typist could be refused for (no violation found
  at an entry by that entry itself), every entry is accepted when typed, and both give the
  same violations (rule, deal, trick, player: the revokes proven later) and the same scores.
* Otherwise the typed path refuses exactly the entry at which the file replay reports its
  first such violation, with the same rule id, and accepts every entry before it.

Typed entries have no deal tables (the session opens the next deal when the game says the
deal is over), so a file whose deal table ends before its deal does, or goes on after it,
says something typing cannot: those draws are left out. Where typing is stricter than
reading by design (a card typed during the Schmier exchange, an exchange typed out of turn,
so a Schmier discard left out of the file: docs/schmier.md), a file reports nothing that the
typist is refused for; those damages are not drawn here. ``TYPED_EXAMPLES`` sets the number
of games drawn per game kind (25; 300 found nothing more)."""

from __future__ import annotations

import os
import random
import tomllib
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from referee.errors import IllegalEntry, SaveFileError
from referee.games import get
from referee.games.base import GameRules
from referee.history import edit
from referee.history.session import AFTER_KEYS, AUTO_KEYS, EVIDENCE, Session
from referee.model import Bid, Deal, Entry, Exchange, Key, Pass, Place, Play, Pull, Result, Setup
from referee.store import savefile
from tests import test_foursquare_props as foursquare_playouts  # its random layouts

ACTIONS = (Play, Pull, Bid, Pass, Exchange, Place)
DAMAGES = ("none", "card", "swap", "drop", "twice", "player", "exchange")
FEW = settings(max_examples=int(os.environ.get("TYPED_EXAMPLES", "25")), deadline=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def where(res: Result) -> Counter[tuple[Any, ...]]:
    return Counter((v.rule, v.deal, v.trick, v.player) for v in res.violations)


def damaged(rules: GameRules, setup: Setup, deals: list[Deal], damage: str,
            rnd: random.Random) -> list[Deal]:
    """The deals with one action entry damaged (``none``: as played)."""
    deals = [Deal(list(d.entries)) for d in deals]
    # a Schmier discard left out of the file is an exchange nobody wrote down (legal); typed,
    # nobody's turn is passed over: not drawn
    spots = [(i, j) for i, d in enumerate(deals) for j, e in enumerate(d.entries)
             if isinstance(e, ACTIONS) and not (damage == "drop" and setup.game == "schmier"
                                                and isinstance(e, Exchange))]
    if damage == "exchange":  # two Schmier discards swapped, in a deal that names no dealer
        spots = [(i, j) for i, d in enumerate(deals) for j, e in enumerate(d.entries)
                 if isinstance(e, Exchange) and j + 1 < len(d.entries)
                 and isinstance(d.entries[j + 1], Exchange) and setup.game == "schmier"]
        if spots:
            i, j = rnd.choice(spots)
            es = deals[i].entries
            es[j], es[j + 1] = es[j + 1], es[j]
            deals[i].entries = [e for e in es if not (isinstance(e, Key) and e.name == "dealer")]
        return deals
    if damage == "none" or not spots:
        return deals
    i, j = rnd.choice(spots)
    es = deals[i].entries
    e = es[j]
    if damage == "card" and isinstance(e, (Play, Place)):
        card = rnd.choice(rules.deck)
        es[j] = Play(e.player, (card, *e.cards[1:]), e.down) if isinstance(e, Play) else \
            Place(card, e.row, e.col)
    elif damage == "swap" and j + 1 < len(es) and isinstance(es[j + 1], ACTIONS):
        es[j], es[j + 1] = es[j + 1], es[j]
    elif damage == "drop":
        del es[j]
    elif damage == "twice":
        es.insert(j, e)
    elif damage == "player" and isinstance(e, Play):
        others = [p for p in setup.players if p != e.player]
        if others:
            es[j] = Play(rnd.choice(others), e.cards, e.down)
    return deals


def as_read(rules: GameRules, setup: Setup, deals: list[Deal]) -> tuple[Setup, list[Deal]]:
    """The deals written in a save file and read again: the entries as the file holds them
    (a trick line names its leader only, so two plays swapped in it are two cards swapped).
    A damage the file cannot hold (a 14th trick) is not drawn."""
    try:
        _, setup2, deals2 = savefile.parse(
            tomllib.loads(savefile.dumps(rules, setup, deals)), "typed.toml")
    except SaveFileError:
        assume(False)
    return setup2, deals2


def written_by_the_session(s: Session, i: int, e: Entry) -> bool:
    """A key the session writes itself when deal ``i`` (0-based) opens: its dealer and, in a
    ``--deal`` game, the cards it deals."""
    if not isinstance(e, Key) or e.name not in AUTO_KEYS:
        return False
    if len(s.deals) > i:
        return e in s.deals[i].entries
    res = s.result()
    return e.name == "dealer" and res.expect.new_deal and e.value == res.expect.dealer


def last_begun(s: Session) -> int:
    """The last deal (0-based) holding an entry a person made (not a deal the referee has
    only dealt)."""
    return max((k for k in range(len(s.deals)) if s.person_made(k)), default=-1)


def opens(s: Session, e: Entry) -> int:
    """The deal (0-based) that entry ``e``, typed next, goes into (a claimed score or a note:
    the deal just played)."""
    b = last_begun(s)
    if isinstance(e, Key) and e.name in AFTER_KEYS:
        return b
    return b + 1 if s.result().expect.new_deal or len(s.deals) > b + 1 else b


def typed_as_recorded(rules: GameRules, setup: Setup, damaged_deals: list[Deal]) -> None:
    """The entries of the file typed one by one, and the file replayed."""
    setup, deals = fsetup, fdeals = as_read(rules, setup, damaged_deals)
    filed = rules.replay(fsetup, fdeals)
    flat = [e for d in fdeals for e in d.entries]
    own = [v for v in filed.violations if not v.retro and v.rule not in EVIDENCE]
    first = min((v.at for v in own), default=None)

    s = Session(rules, setup, [], None)
    s.deal_if_due()
    refused: tuple[Entry, str] | None = None
    for i, d in enumerate(deals):
        for e in d.entries:
            if written_by_the_session(s, i, e):
                continue
            # typed entries have no deal tables: the session opens the next deal when the
            # game says the deal is over. A file whose deal table ends before its deal does
            # (or goes on after it) says something typing cannot: not compared here.
            assume(opens(s, e) == i)
            try:
                s.add(edit.entry_text(e, rules, setup))
            except IllegalEntry as x:
                refused = (e, x.rule)
                break
            assume(last_begun(s) == i)
        if refused is not None:
            break
    typed = s.result()
    if first is None:
        assert refused is None, f"typed {refused} refused; the file found nothing there"
        assert where(typed) == where(filed)
        assert typed.totals == filed.totals and typed.winner == filed.winner
        # (a ``--deal`` game has its next deal dealt already when typed)
        assert [d.scores for d in typed.deals[:len(filed.deals)]] == \
            [d.scores for d in filed.deals]
        return
    rule = next(v.rule for v in filed.violations if v.at == first and v in own)
    assert refused is not None, f"the file finds {rule} at {flat[first]}; typed, accepted"
    assert refused == (flat[first], rule)
    before = [v for v in filed.violations if v.at < first]
    assert where(typed) == Counter((v.rule, v.deal, v.trick, v.player) for v in before)


@FEW
@given(seed=st.integers(0, 2**32), known=st.booleans(), damage=st.sampled_from(DAMAGES))
def test_kierki(seed: int, known: bool, damage: str) -> None:
    from referee.games.kierki.playout import random_game

    rules = get("kierki")
    setup, deals = random_game(seed, known, deals=3)
    typed_as_recorded(rules, setup, damaged(rules, setup, deals, damage, random.Random(seed)))


@FEW
@given(seed=st.integers(0, 2**32), six=st.booleans(), known=st.booleans(),
       damage=st.sampled_from(DAMAGES))
def test_schmier_games(seed: int, six: bool, known: bool, damage: str) -> None:
    from referee.games.schmier.playout import random_game
    from referee.games.schmier.rules import SchmierRules

    rules = get("schmier" if six else "wisconsin-schmier")
    assert isinstance(rules, SchmierRules)
    players = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")[:6 if six else 4]
    setup, deals = random_game(rules, players, seed, hands_known=known, max_deals=3)
    typed_as_recorded(rules, setup, damaged(rules, setup, deals, damage, random.Random(seed)))


@FEW
@given(seed=st.integers(0, 2**32), mode=st.sampled_from(["known", "unseen", "outcome"]),
       damage=st.sampled_from(DAMAGES))
def test_kozel(seed: int, mode: str, damage: str) -> None:
    from referee.games.kozel.playout import random_series

    rules = get("kozel")
    setup, deals, _, _ = random_series(seed, (mode,), max_games=3)
    typed_as_recorded(rules, setup, damaged(rules, setup, deals, damage, random.Random(seed)))


@FEW
@given(seed=st.integers(0, 2**31), games=st.integers(1, 3), damage=st.sampled_from(DAMAGES))
def test_foursquare(seed: int, games: int, damage: str) -> None:
    from referee.games.foursquare.rules import shuffled

    playout = foursquare_playouts.playout
    rules = get("foursquare")
    rnd = random.Random(seed)
    setup = Setup("foursquare", ("Ala",), "Ala", seed=seed)
    deals = [Deal(playout(shuffled(seed, i + 1), rnd, rnd.choice(["omit", "written"]),
                          None if i + 1 < games else rnd.choice([None, 10, 30])))
             for i in range(games)]
    typed_as_recorded(rules, setup, damaged(rules, setup, deals, damage, rnd))
