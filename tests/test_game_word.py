"""Issue 29: Kozel and Foursquare call a deal a "game" (``GameRules.unit``) in every line:
the replay's trick listing, ``explain``, and the page's headings and violations."""

from __future__ import annotations

import re
import shutil
import warnings
from pathlib import Path

import pytest

from referee.history.session import Session

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


def explained(name: str) -> list[str]:
    s = Session.load(SAMPLES / name)
    res = s.result()
    return [line for d in res.deals
            for line in s.rules.explain(s.setup, s.deals, d.number, None, res)]


@pytest.mark.parametrize(("name", "where"), [
    ("kozel-illegal-beat.toml", "game 3, trick 3"), ("foursquare-illegal.toml", "game 1, turn 2")])
def test_explain_names_the_game_where_a_rule_was_broken(name: str, where: str) -> None:
    lines = explained(name)
    assert any(line.strip().startswith(where + ":") for line in lines)
    assert not any(re.match(r"\s*deal \d", line) for line in lines)


def test_kierki_still_says_deal() -> None:
    assert any(re.match(r"\s*deal \d+, trick \d+:", line)
               for line in explained("kierki-revoke.toml"))


def page(tmp_path: Path, name: str, route: str = "") -> str:
    pytest.importorskip("starlette")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from cli.serve import make_app

    f = tmp_path / name
    shutil.copyfile(SAMPLES / name, f)
    r = TestClient(make_app(f), base_url="http://127.0.0.1").get("/" + route)
    assert r.status_code == 200
    return r.text


@pytest.mark.parametrize(("name", "word"), [
    ("kozel-in-progress.toml", "game"), ("kierki-in-progress.toml", "deal")])
def test_the_page_lists_the_tricks_of_this_game_or_deal(tmp_path: Path, name: str,
                                                       word: str) -> None:
    heads = re.findall(r"<h3>Tricks of this (\w+)</h3>", page(tmp_path, name))
    assert heads == [word]


@pytest.mark.parametrize("route", ["", "replay"])
@pytest.mark.parametrize(("name", "word"), [
    ("kozel-illegal-beat.toml", "game"), ("foursquare-illegal.toml", "game"),
    ("kierki-revoke.toml", "deal")])
def test_the_page_places_a_violation_in_its_game_or_deal(tmp_path: Path, route: str,
                                                         name: str, word: str) -> None:
    where = re.findall(r'<span class="where">(\w+) \d', page(tmp_path, name, route))
    assert where and set(where) == {word}
