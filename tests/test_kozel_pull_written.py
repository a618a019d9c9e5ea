"""Issue 29: a Kozel pull typed at the table keeps the plays it cancelled (written before the
pull, as a person writes the line by hand: SAVEFILE.md), and ``NAME pulls`` needs no colon."""

from __future__ import annotations

import json
import re
import tomllib
import warnings
from pathlib import Path

import pytest

from referee.errors import NotationError
from referee.games import get
from referee.history.session import Session
from referee.model import Play, Pull
from tests.helpers import cli_run, head
from tests.test_new_user import new_kozel, play

LINE = "Bartek: JD / Celina: QD / Darek pulls: 6C 7C 9C JC / Ala: ~? ? ? ?"
HAND_WRITTEN = head("kozel", extra='first_dealer = "Ala"\n') + \
    f'\n[[deals]]\ndealer = "Ala"\ntrump = "D"\ntricks = ["{LINE}"]\n'


def deals_of(p: Path) -> object:
    return tomllib.loads(p.read_text())["deals"]


def hand_written(tmp_path: Path) -> Path:
    p = tmp_path / "hand.toml"
    p.write_text(HAND_WRITTEN)
    return p


def typed_at_the_prompt(tmp_path: Path, *lines: str) -> Path:
    p = tmp_path / "prompt.toml"
    new_kozel(p)
    play(p, *lines, "quit")
    return p


def added(tmp_path: Path, *lines: str) -> Path:
    p = tmp_path / "add.toml"
    new_kozel(p)
    for line in lines:
        code, _, err = cli_run("add", str(p), line)
        assert code == 0, err
    return p


TYPED = ("trump D", "jd / qd", "darek pulls: 6c 7c 9c jc", "~? ? ? ?")


def test_typed_and_added_pull_write_the_hand_written_line(tmp_path: Path) -> None:
    want = deals_of(hand_written(tmp_path))
    assert deals_of(typed_at_the_prompt(tmp_path, *TYPED)) == want
    assert deals_of(added(tmp_path, *TYPED)) == want
    # and the file reads back to the entries the table made
    s = Session.load(tmp_path / "add.toml")
    acts = s.deals[0].actions()
    assert [type(e) for e in acts] == [Play, Play, Pull, Play]


def test_replay_json_holds_the_cancelled_plays(tmp_path: Path) -> None:
    p = added(tmp_path, *TYPED)
    code, out, _ = cli_run("replay", "--json", str(p))
    assert code == 0
    trick = json.loads(out)["deals"][0]["tricks"][0]
    assert trick["pull"]["player"] == "Darek"
    assert [(c["player"], c["cards"]) for c in trick["pull"]["cancelled"]] == [
        ("Bartek", ["JD"]), ("Celina", ["QD"])]


def test_explain_says_the_cancelled_plays_went_back(tmp_path: Path) -> None:
    p = added(tmp_path, *TYPED)
    res = Session.load(p).result()
    g = res.state.games[0]
    trick = g.current
    assert [(r.player, r.cancelled_by) for r in trick.plays if not r.pull] == [
        ("Bartek", "Darek"), ("Celina", "Darek"), ("Ala", None)]


def test_the_page_shows_the_plays_that_went_back(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from cli.serve import make_app

    p = added(tmp_path, *TYPED)
    c = TestClient(make_app(p), base_url="http://127.0.0.1")
    live = c.get("/live.json").json()
    assert [x["player"] for x in live["trick"]["pull"]["cancelled"]] == ["Bartek", "Celina"]
    page = c.get("/").text
    note = re.search(r'<p class="note pulled">(.*?)</p>', page, re.S)
    assert note is not None
    assert 'data-card="JD"' in note.group(1) and 'data-card="QD"' in note.group(1)
    assert '<span class="tag pull">pull</span>' in page


# -- 'NAME pulls' without a colon, a unique prefix ---------------------------------------------

@pytest.mark.parametrize("pull", ["darek pulls 6c 7c 9c jc", "dar pulls 6c 7c 9c jc",
                                  "Dar pull: 6C 7C 9C JC", "DAREK PULLS 6C 7C 9C JC"])
def test_pulls_without_a_colon_at_the_prompt_and_in_add(tmp_path: Path, pull: str) -> None:
    want = deals_of(hand_written(tmp_path))
    lines = ("trump D", "jd / qd", pull, "~? ? ? ?")
    assert deals_of(typed_at_the_prompt(tmp_path, *lines)) == want
    assert deals_of(added(tmp_path, *lines)) == want


def test_pulls_without_a_colon_in_the_save_file(tmp_path: Path) -> None:
    p = tmp_path / "g.toml"
    p.write_text(HAND_WRITTEN.replace("Darek pulls: ", "dar pulls "))
    s = Session.load(p)
    assert s.result().violations == []
    assert s.deals[0].entries == Session.load(hand_written(tmp_path)).deals[0].entries


@pytest.mark.parametrize("text", ["pulls 6c 7c 9c jc", "zed pulls 6c 7c 9c jc"])
def test_a_pull_needs_one_player_named(tmp_path: Path, text: str) -> None:
    s = Session.load(hand_written(tmp_path))
    with pytest.raises(NotationError):
        get("kozel").parse_entry(text, s.setup, s.result())
