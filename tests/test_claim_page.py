"""A claim the table recorded is judged on the page as `referee claim` judges it at the table:
the same verdict from the position just before the claim (one fact, two ways), only the word,
and bounded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.claims.recorded import NO_HAND, before_claim
from referee.games import get as get_game
from referee.games.kierki.playout import random_game as kierki_game
from referee.history.session import Session
from referee.model import Deal, Key
from referee.store import savefile
from referee.store.claimkeys import TableClaim
from referee.views import public
from tests.helpers import cli_run, cut_plays

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


CASES = [(seed, n, back) for seed in range(3) for n in (1, 5, 9) for back in (5, 9)]


@pytest.mark.parametrize(("seed", "n", "back"), CASES)
def test_the_page_judges_a_recorded_claim_as_referee_claim_does(
        tmp_path: Path, seed: int, n: int, back: int) -> None:
    rules = get_game("kierki")
    setup, deals = kierki_game(seed, hands_known=True, deals=11)
    full = rules.replay(setup, deals)
    played = sum(len(t.cards) for t in full.state[n - 1].tricks)
    cut = cut_plays(deals[n - 1], played - back)  # a claim with `back` cards still to be played
    winners = [t.winner for t in full.state[n - 1].tricks]
    claimer = winners[-1] if seed % 2 else winners[0]  # sometimes true, sometimes not
    before = [*deals[:n - 1], cut]
    claimed = [*deals[:n - 1], Deal([*cut.entries, Key("claim", TableClaim(claimer))])]
    assert before_claim(claimed, n) == before

    # at the table: `referee claim` on the file as it was before the claim
    table = tmp_path / "before.toml"
    table.write_text(savefile.dumps(rules, setup, before))
    code, out, err = cli_run("claim", str(table), claimer, "--json")
    assert code in (0, 1), err
    said = json.loads(out)["verdict"]

    # on the page: the file with the claim recorded
    page = tmp_path / "claimed.toml"
    page.write_text(savefile.dumps(rules, setup, claimed))
    view = public.live(public.Game.of(Session.load(page)))
    assert [c["deal"] for c in view["claims"]] == [n]
    assert view["claims"][0]["referee"] == said, (seed, n, back, claimer)
    assert view["claims"][0]["verdict"] == "accepted"
    # the replay ends the deal on the claim, with the same verdict
    steps = [x for x in public.replay(public.Game.of(Session.load(page)))["steps"]
             if x["deal"] == n]
    assert [x["kind"] for x in steps].count("claim") == 1 and steps[-1]["kind"] == "claim"
    assert steps[-1]["claim"]["referee"] == said


def _one_deal_cut(seed: int, hands_known: bool, back: int) -> tuple[Any, Any, Deal, str]:
    """A one-deal Kierki game cut ``back`` cards before its end, and the claimer (the last
    trick's winner): the rules, the setup, the cut deal."""
    rules = get_game("kierki")
    setup, deals = kierki_game(seed, hands_known=hands_known, deals=1)
    full = rules.replay(setup, deals)
    played = sum(len(t.cards) for t in full.state[0].tricks)
    return rules, setup, cut_plays(deals[0], played - back), full.state[0].tricks[-1].winner


def _page_referee(tmp_path: Path, rules: Any, setup: Any, cut: Deal, claimer: str) -> str:
    """The page's verdict on ``claimer``'s claim of the rest, recorded after ``cut``."""
    page = tmp_path / "claimed.toml"
    claimed = [Deal([*cut.entries, Key("claim", TableClaim(claimer))])]
    page.write_text(savefile.dumps(rules, setup, claimed))
    view = public.live(public.Game.of(Session.load(page)))
    referee: str = view["claims"][0]["referee"]
    return referee


def test_a_claim_with_the_hand_unshown_is_not_judged(tmp_path: Path) -> None:
    rules, setup, cut, claimer = _one_deal_cut(4, False, 8)
    assert _page_referee(tmp_path, rules, setup, cut, claimer) == NO_HAND


def test_hands_known_a_search_past_the_page_budget_is_not_a_verdict(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hand known, `referee claim` decides without a budget; where the page's bounded
    search stops (here: 1 position) the page says it did not judge, never "not proven"."""
    import referee.claims
    from referee.claims import recorded

    monkeypatch.setattr(referee.claims, "KNOWN_FIRST", 1)
    defaults = dict(referee.claims.judge.__kwdefaults__ or {})
    monkeypatch.setattr(referee.claims.judge, "__kwdefaults__", {**defaults, "known_budget": 1})
    monkeypatch.setattr(recorded, "_seen", {})
    rules, setup, cut, claimer = _one_deal_cut(0, True, 24)
    before = tmp_path / "before.toml"
    before.write_text(savefile.dumps(rules, setup, [cut]))
    code, out, err = cli_run("claim", str(before), claimer, "--json")
    assert json.loads(out)["verdict"] in ("holds", "fails"), err
    assert _page_referee(tmp_path, rules, setup, cut, claimer) == recorded.LONG


def test_hands_known_the_server_searches_a_long_claim_and_shows_the_commands_verdict(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the page's bounded search stops, the server searches on in a worker process,
    without a budget as `referee claim` does, and the page then shows the command's verdict
    (a new version of the live view, so the pages are told): one fact, two ways."""
    import time

    from starlette.testclient import TestClient

    import referee.claims
    from cli.serve import make_app
    from referee.claims import recorded

    # the worker process is the pure core's (tests/test_claim_judge_thread.py: the compiled
    # core's is a thread, whose verdict may come before the first page)
    monkeypatch.setenv("REFEREE_PURE", "1")
    monkeypatch.setattr(referee.claims, "KNOWN_FIRST", 1)  # this process only: the page's
    defaults = dict(referee.claims.judge.__kwdefaults__ or {})  # search (not the worker's)
    monkeypatch.setattr(referee.claims.judge, "__kwdefaults__", {**defaults, "known_budget": 1})
    monkeypatch.setattr(recorded, "_seen", {})
    monkeypatch.setattr(recorded, "_asked", {})
    rules, setup, cut, claimer = _one_deal_cut(1, True, 24)
    before = tmp_path / "before.toml"
    before.write_text(savefile.dumps(rules, setup, [cut]))
    code, out, err = cli_run("claim", str(before), claimer, "--json")
    said = json.loads(out)["verdict"]
    assert said in ("holds", "fails"), err

    page = tmp_path / "claimed.toml"
    page.write_text(savefile.dumps(rules, setup, [Deal([*cut.entries,
                                                        Key("claim", TableClaim(claimer))])]))
    with TestClient(make_app(page), base_url="http://127.0.0.1") as client:
        site = client.app.state.site  # type: ignore[attr-defined]
        first = client.get("/live.json").json()
        assert first["claims"][0]["referee"] == recorded.LONG
        deadline = time.monotonic() + 120
        while site.judges.pending() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not site.judges.pending(), "the background search did not end within 120 s"
        now = client.get("/live.json").json()
        assert now["claims"][0]["referee"] == said
        assert now["version"] > first["version"]
        assert said in client.get("/").text
        assert said in client.get("/replay.json?deal=1").text
        assert recorded.LONG not in client.get("/replay.json?deal=1").text
        workers = list(site.judges._pool._pool)
        assert workers and all(w.is_alive() for w in workers)
    assert site.judges._pool is None  # the worker ends with the server
    for w in workers:
        w.join(10)
    assert not any(w.is_alive() for w in workers)


def test_between_two_deals_the_table_is_clear_and_a_finished_game_keeps_its_last_deal(
        tmp_path: Path) -> None:
    rules = get_game("kierki")
    setup, deals = kierki_game(2, hands_known=True, deals=2)
    between = tmp_path / "between.toml"
    between.write_text(savefile.dumps(rules, setup, deals))
    view = public.live(public.Game.of(Session.load(between)))
    assert view["expect"]["new_deal"] and not view["complete"]
    assert view["trick"] is None and view["tricks"] == [] and not view["on_table"]
    assert [r["number"] for r in view["sheet"]["rows"]][:2] == [1, 2]  # the deals, on the sheet

    done = public.live(public.Game.of(Session.load(SAMPLES / "kierki-complete.toml")))
    assert done["complete"] and done["turns"]  # its last deal (the lottery) is still shown
