"""Issue 29, Foursquare: between games the prompt named the next game's first stock card
(``game 1 lost; game 2: Draw: 3♣ — place it``), a card of a stock not dealt yet, at the
table and on the page; and ``referee new foursquare solo.toml --deal --seed 3`` wanted a
``-p`` although a solitaire needs none (CLI.md)."""

from __future__ import annotations

import random
import re
import warnings
from pathlib import Path

import pytest

from referee.cards import DECK_40
from referee.history.session import Session
from referee.model import Setup
from tests.helpers import cli_run

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from cli.serve import make_app  # noqa: E402
from tests.test_public import leaks  # noqa: E402

DECK = set(DECK_40)


def named(text: str) -> set[str]:
    return set(leaks(text, DECK))


def page_prompts(path: Path) -> list[str]:
    """The prompt as the page sends it: live.json's and the live page's."""
    c = TestClient(make_app(path), base_url="http://127.0.0.1")
    html = c.get("/").text
    return [c.get("/live.json").json()["expect"]["prompt"],
            *re.findall(r'<p class="prompt"[^>]*>(.*?)</p>', html, re.S)]


def test_no_card_is_named_before_its_stock_is_dealt(tmp_path: Path) -> None:
    """Random games of dealt series, every position: the prompt names at most the card drawn
    from the stock on the table; at a game boundary (the next stock not dealt) none, at the
    table nor on the page."""
    scanned = boundaries = 0
    for seed in (3, 11, 29, 1234):
        path = tmp_path / f"s{seed}.toml"
        s = Session.create(path, Setup("foursquare", ("Ala",), "Ala", seed=seed))
        rng = random.Random(seed)
        while len(s.deals) <= 3:
            res = s.result()
            scanned += 1
            if res.expect.new_deal:
                boundaries += 1
                assert named(res.expect.prompt) == set(), res.expect.prompt
                for text in page_prompts(path):
                    assert named(text) == set(), text
                s.add(rng.choice(res.expect.choices))
                continue
            g = res.state[-1]
            drawn = g.next_card()
            assert drawn is not None
            assert named(res.expect.prompt) <= {str(drawn), drawn.pretty()}, res.expect.prompt
            s.add(rng.choice(res.expect.choices))
    assert boundaries >= 12 and scanned > 60


def test_the_entry_that_starts_the_next_game_draws_its_first_card(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    s = Session.create(path, Setup("foursquare", ("Ala",), "Ala", seed=3))
    while not s.result().expect.new_deal:
        s.add(s.result().expect.choices[0])
    assert len(s.deals) == 1
    s.add("0,0")
    stock = s.deals[1].key("stock")
    assert stock is not None and len(stock) == 40
    g = s.result().state[-1]
    assert g.piles[(0, 0)] == [stock[0]] and g.next_card() == stock[1]


# -- a solitaire needs no -p ---------------------------------------------------------------------

def test_new_solitaire_without_players(tmp_path: Path) -> None:
    p = tmp_path / "solo.toml"
    code, _, err = cli_run("new", "foursquare", str(p), "--deal", "--seed", "3")
    assert code == 0, err
    s = Session.load(p)
    assert s.setup.players == ("Player",) and s.setup.seed == 3
    assert s.deals[0].key("stock") is not None


def test_players_are_still_needed_at_a_table_of_four(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    code, _, err = cli_run("new", "kierki", str(p))
    assert code == 2 and "-p" in err and not p.exists()


def test_a_named_solitaire_player_is_kept(tmp_path: Path) -> None:
    p = tmp_path / "solo.toml"
    code, _, err = cli_run("new", "foursquare", str(p), "-p", "Ala")
    assert code == 0, err
    assert Session.load(p).setup.players == ("Ala",)
