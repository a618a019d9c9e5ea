"""Incremental entries (issue 12, item 5): a replay that resumes from a checkpoint at the open
deal gives exactly the Result of a replay from the first entry, after every entry of every
sample game, and after an undo or edit that reaches back into a finished deal."""

from __future__ import annotations

import contextlib
import shutil
import tomllib
from pathlib import Path

import pytest

from referee.errors import RefereeError
from referee.games.base import Checkpoint
from referee.history.session import Session
from referee.model import Deal, Key, Place, Play, Result
from referee.store import savefile

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "sample_games").glob("*.toml"))


def same(a: Result, b: Result) -> None:
    """Every part of the two results is equal (scores, violations, what comes next...)."""
    assert a.deals == b.deals
    assert a.violations == b.violations
    assert a.totals == b.totals
    assert a.winner == b.winner
    assert a.complete == b.complete
    assert a.teams == b.teams
    assert a.expect == b.expect
    assert a.table == b.table
    assert a.to_json(play=False) == b.to_json(play=False)


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_every_entry_of_every_sample_resumes_to_the_full_replay(path: Path) -> None:
    rules, setup, deals = savefile.load(path)
    ck = Checkpoint()
    grown: list[Deal] = []
    resumed = 0
    for d in deals:
        grown.append(Deal([]))
        for e in d.entries:
            grown[-1].entries.append(e)
            res = rules.replay(setup, grown, resume=ck)
            resumed += ck.used
            same(res, rules.replay(setup, grown))
    assert resumed >= sum(len(d.entries) for d in deals[1:])  # the later deals: all resumed


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_undo_or_edit_into_a_finished_deal_replays_from_the_start(path: Path) -> None:
    rules, setup, deals = savefile.load(path)
    if len(deals) < 3:
        pytest.skip("one or two deals: nothing finished before the checkpoint")
    ck = Checkpoint()
    rules.replay(setup, deals, resume=ck)
    assert ck.deals == len(deals) - 1
    # undo back into the first deal: its last entry gone, the later deals still there
    cut = [Deal(list(d.entries)) for d in deals]
    cut[0].entries.pop()
    res = rules.replay(setup, cut, resume=ck)
    assert not ck.used
    same(res, rules.replay(setup, cut))
    # an edit of an earlier deal's entry (the same count of entries, another value)
    edited = [Deal(list(d.entries)) for d in deals]
    edited[0].entries[-1] = Key("note", "edited")
    rules.replay(setup, deals, resume=ck)
    res = rules.replay(setup, edited, resume=ck)
    assert not ck.used
    same(res, rules.replay(setup, edited))
    # everything after the first deal taken back: the checkpoint's deals are gone
    res = rules.replay(setup, deals[:1], resume=ck)
    assert not ck.used
    same(res, rules.replay(setup, deals[:1]))
    # the open deal changed only: resumed
    rules.replay(setup, deals, resume=ck)
    opened = [Deal(list(d.entries)) for d in deals]
    opened[-1].entries.pop()
    res = rules.replay(setup, opened, resume=ck)
    assert ck.used
    same(res, rules.replay(setup, opened))


def test_other_house_rules_never_resume_a_checkpoint() -> None:
    path = next(p for p in SAMPLES if p.stem == "kozel-pull-eggs")
    rules, setup, deals = savefile.load(path)
    ck = Checkpoint()
    rules.replay(setup, deals, resume=ck)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["options"]["eggs"] = "nothing"
    _, other, again = savefile.parse(data, str(path))
    assert again == deals and other != setup
    res = rules.replay(other, deals, resume=ck)
    assert not ck.used
    same(res, rules.replay(other, deals))


def typed(e: object) -> str | None:
    """The line a player types for a play or a Foursquare turn (None: another entry)."""
    if isinstance(e, Play):
        return f"{e.player}: " + " ".join(str(c) for c in e.cards)
    if isinstance(e, Place):
        return f"{e.card} {e.row},{e.col}"
    return None


@pytest.mark.parametrize("name", ["kierki-complete", "foursquare-series", "kierki-revoke"])
def test_session_add_one_by_one_matches_the_full_replay(name: str, tmp_path: Path) -> None:
    """Typed through ``Session.add`` (strict: a refused entry stays out), saved each time."""
    src = next(p for p in SAMPLES if p.stem == name)
    rules, setup, deals = savefile.load(src)
    deals = deals[:3]  # three deals: two finished, entries across both deal boundaries
    path = tmp_path / "game.toml"
    s = Session(rules, setup, [], path)
    s.save()
    refused = 0
    for k, d in enumerate(deals):
        for e in d.entries:
            line = typed(e)
            if line is None:  # a dealer, hands: as the file holds them, in their deal
                while len(s.deals) <= k:
                    s.deals.append(Deal([]))
                s.deals[k].entries.append(e)
                s._result = None
                continue
            try:
                s.add(line)
            except RefereeError:  # a breach the engine refuses when typed
                refused += 1
            same(s.result(), rules.replay(s.setup, s.deals))
    again = Session.load(path)
    same(again.result(), s.result())
    assert refused == 0 or name == "kierki-revoke"


def test_session_undo_back_into_a_finished_deal(tmp_path: Path) -> None:
    src = next(p for p in SAMPLES if p.stem == "foursquare-series")
    path = tmp_path / "game.toml"
    shutil.copy(src, path)
    s = Session.load(path)
    s.result()
    last = len(s.deals[-1].entries)
    s.undo(last + 2)  # the open game, then two turns of the game before it
    assert not s._resume.used
    same(s.result(), s.rules.replay(s.setup, s.deals))
    with contextlib.suppress(RefereeError):  # a move of the reopened game, or refused
        s.add("9S 5,5")
    same(s.result(), s.rules.replay(s.setup, s.deals))
