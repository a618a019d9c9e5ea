"""Hidden cards stay hidden: no card the table has not seen appears in any page, JSON document
or event of ``referee serve`` while its deal is in progress (``referee.public``).

The cards the table has not seen are worked out here from the entries alone, independently of
``referee.public``: every card the deal's keys and entries hold (the hands, the stock and
kitty, the exchanges, face-down discards), less the cards laid face up (plays, pulls, places,
the Kozel card shown). Each response is then searched for each of them in every notation the
page uses (``10H``, ``TH``, ``10♥``; ``data-card="10H"``). The games: every sample, random
playouts of every kind with their hands known (``referee/games/*/playout.py``), and games
dealt by the referee (``referee new --deal``) played at random through ``Session.add``.
"""

from __future__ import annotations

import random
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from cli.serve import make_app  # noqa: E402
from referee import public, savefile  # noqa: E402
from referee.cards import Card  # noqa: E402
from referee.errors import RefereeError  # noqa: E402
from referee.games import get  # noqa: E402
from referee.model import Deal, Exchange, Key, Place, Play, Pull, Setup  # noqa: E402
from referee.session import Session  # noqa: E402

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
FOUR = ("Ala", "Bartek", "Celina", "Darek")
SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")
FEW = settings(max_examples=12, deadline=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def held(deal: Deal) -> set[Card]:
    """Every card the deal's entries hold, seen or not."""
    out: set[Card] = set()
    for e in deal.entries:
        if isinstance(e, Key) and e.name == "hands":
            for cards in e.value.values():
                out.update(cards)
        elif isinstance(e, Key) and e.name in ("stock", "kitty") and \
                isinstance(e.value, tuple | list):
            out.update(c for c in e.value if isinstance(c, Card))
        elif isinstance(e, Exchange) and e.cards:
            out.update(e.cards)
        elif isinstance(e, Play):
            out.update(c for c in e.cards if c is not None)
    return out


def laid_face_up(deal: Deal) -> set[Card]:
    """The cards laid face up: plays (not face down), pulls, places (a place the stock names:
    the stock's next card), the Kozel card shown."""
    out: set[Card] = set()
    stock = deal.key("stock")
    drawn = 0
    for e in deal.entries:
        if isinstance(e, Play) and not e.down:
            out.update(c for c in e.cards if c is not None)
        elif isinstance(e, Pull):
            out.update(e.cards)
        elif isinstance(e, Place):
            c = e.card if e.card is not None else (stock[drawn] if stock else None)
            drawn += 1
            if c is not None:
                out.add(c)
        elif isinstance(e, Key) and e.name == "trump_card":
            out.add(e.value)
    return out


def spellings(c: Card) -> list[str]:
    out = [str(c), c.pretty()]
    if c.rank == 10:
        out.append("T" + c.suit)
    return out


def leaks(text: str, unseen: set[Card]) -> list[str]:
    found = []
    for c in unseen:
        for s in spellings(c):
            if re.search(rf"(?<![A-Za-z0-9]){re.escape(s)}(?![A-Za-z0-9])", text):
                found.append(s)
    return found


def responses(path: Path, deal: int) -> dict[str, str]:
    """What the pages of ``path`` send about the table now and about deal ``deal`` (the
    finished deals before it show their cards, as they may)."""
    c = TestClient(make_app(path), base_url="http://127.0.0.1")
    out = {u: c.get("/" + u).text for u in ("", "live.json", "score", "chart.svg")}
    out["replay.json"] = c.get("/replay.json").text  # the index
    got = c.get(f"/replay.json?deal={deal}")  # the deal's page
    mine = got.json()["steps"] if got.status_code == 200 else []
    out["replay.json (deal)"] = got.text
    if mine:
        for s in (mine[0], mine[-1]):
            out[f"replay step {s['step']}"] = c.get(f"/replay?deal={deal}&step={s['step']}").text
    return out


def check(path: Path) -> int:
    """Search every response of ``path`` for the cards of its deal in progress that the table
    has not seen; the number of such cards."""
    rules, _setup, deals = savefile.load(path)
    if not deals:
        return 0
    s = Session.load(path)
    res = s.result()
    rows = {d.number: d for d in res.deals}
    n = len(deals)
    if n in rows and rows[n].finished:
        return 0  # a finished deal may show everything
    deal = deals[-1]
    unseen = held(deal) - laid_face_up(deal)
    if not unseen:
        return 0
    if any(v.deal != n for v in res.violations):  # an earlier deal's may name its cards
        return 0
    for name, text in responses(path, n).items():
        assert not leaks(text, unseen), (name, leaks(text, unseen))
    return len(unseen)


def write(tmp: Path, setup: Setup, deals: list[Deal]) -> Path:
    path = tmp / f"{setup.game}.toml"
    path.write_text(savefile.dumps(get(setup.game), setup, deals), encoding="utf-8")
    return path


def cut(setup: Setup, deals: list[Deal], deal: float, at: float) -> list[Deal]:
    """The game up to a point inside one of its deals: the deals before it whole, then that
    deal's keys and a part of its actions."""
    k = min(len(deals) - 1, int(deal * len(deals)))
    d = deals[k]
    keys = [e for e in d.entries if isinstance(e, Key) and e.name not in ("claimed", "note")]
    acts = [e for e in d.entries if not isinstance(e, Key)]
    return [*deals[:k], Deal(keys + acts[:int(at * len(acts))])]


def test_every_sample_hides_what_is_unseen(tmp_path: Path) -> None:
    checked = [f.name for f in sorted(SAMPLES.glob("*.toml")) if check(f)]
    assert "kozel-in-progress.toml" in checked  # hands and stock known, face-down discards


@given(seed=st.integers(0, 10**6), deal=st.floats(0, 0.999), at=st.floats(0, 1))
@FEW
def test_random_kierki_playouts(tmp_path: Path, seed: int, deal: float, at: float) -> None:
    from referee.games.kierki.playout import random_game

    setup, deals = random_game(seed, hands_known=True, deals=1 + seed % 12)
    check(write(tmp_path, setup, cut(setup, deals, deal, at)))


@given(seed=st.integers(0, 10**6), game=st.sampled_from(["wisconsin-schmier", "schmier"]),
       deal=st.floats(0, 0.999), at=st.floats(0, 1))
@FEW
def test_random_schmier_playouts(tmp_path: Path, seed: int, game: str, deal: float,
                                 at: float) -> None:
    from referee.games.schmier.playout import random_game

    rules = get(game)
    players = FOUR if game == "wisconsin-schmier" else SIX
    setup, deals = random_game(rules, players, seed, hands_known=True, max_deals=4)  # type: ignore[arg-type]
    check(write(tmp_path, setup, cut(setup, deals, deal, at)))


@given(seed=st.integers(0, 10**6), deal=st.floats(0, 0.999), at=st.floats(0, 1))
@FEW
def test_random_kozel_playouts(tmp_path: Path, seed: int, deal: float, at: float) -> None:
    from referee.games.kozel.playout import random_series

    setup, deals, _truth, _loss = random_series(seed, modes=("known",), max_games=4)
    check(write(tmp_path, setup, cut(setup, deals, deal, at)))


def play_at_random(s: Session, rng: random.Random, entries: int) -> None:
    """``entries`` entries typed as at the table, each a random one of those the referee
    offers (``completions``) that it accepts."""
    for _ in range(entries):
        res = s.result()
        if s.over(res):
            return
        words = [w for w in s.rules.completions(s.setup, s.deals, res)
                 if w not in s.setup.players]
        rng.shuffle(words)
        if res.expect.action == "place":
            words += [w for w in _places(res)]
        for w in words:
            down = "~" if s.setup.game == "kozel" and rng.random() < 0.3 else ""
            text = w if res.expect.player is None or res.expect.action == "place" else \
                f"{res.expect.player}: {down}{w}"
            try:
                s.add(text)
                break
            except RefereeError:
                continue
        else:
            return


def _places(res: Any) -> list[str]:
    g = res.state[-1] if res.state else None
    return [f"{r},{c}" for r, c in g.legal()] if g is not None and not g.over else []


@given(seed=st.integers(0, 10**6), game=st.sampled_from(
    ["kierki", "wisconsin-schmier", "schmier", "kozel", "foursquare"]),
    entries=st.integers(0, 30))
@FEW
def test_games_the_referee_dealt(tmp_path: Path, seed: int, game: str, entries: int) -> None:
    players = {"schmier": SIX, "foursquare": ("Ala",)}.get(game, FOUR)
    path = tmp_path / f"{game}-{seed}.toml"
    path.unlink(missing_ok=True)
    s = Session.create(path, Setup(game, players, players[0], seed=seed))
    play_at_random(s, random.Random(seed), entries)
    check(path)


def test_the_viewer_is_the_table_only() -> None:
    s = Session.load(SAMPLES / "kierki-in-progress.toml")
    with pytest.raises(RefereeError):
        public.Game.of(s, viewer="Ala")  # a seat's own view is a later step
