"""Hidden cards stay hidden: no card the table has not seen appears in any page, JSON document
or event of ``referee serve`` while its deal is in progress (``referee.views.public``).

The cards the table has not seen are worked out here from the entries alone, independently of
``referee.views.public``: every card the deal's keys and entries hold (the hands, the stock and
kitty, the exchanges, face-down discards), less the cards laid face up (plays, pulls, places,
the Kozel card shown). Each response is then searched for each of them in every notation the
page uses (``10H``, ``TH``, ``10♥``; ``data-card="10H"``). The games: every sample, random
playouts of every kind with their hands known (``referee/games/*/playout.py``), and games
dealt by the referee (``referee new --deal``) played at random through ``Session.add``.
"""

from __future__ import annotations

import json
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
from referee.cards import Card, try_parse_card  # noqa: E402
from referee.errors import RefereeError  # noqa: E402
from referee.games import get  # noqa: E402
from referee.history.session import Session  # noqa: E402
from referee.model import Deal, Exchange, Key, Place, Play, Pull, Setup  # noqa: E402
from referee.store import savefile  # noqa: E402
from referee.views import public
from tests.test_one_violation import a_game, inject  # noqa: E402

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
    the stock's next card). Not the Kozel card shown for trump: the table saw it turned up,
    then it went back into the deck, and nobody saw who drew it or who threw it away face
    down; it may be named only where it is said to be the card shown (``SHOWN``)."""
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
    return out


def shown_card_said(c: Card) -> re.Pattern[str]:
    """Where a page may name the Kozel card shown: the table's line ``card shown`` (JSON, or
    drawn), the explanation's ``trump ♥ (6♥ shown)``."""
    alts = "|".join(re.escape(x) for x in spellings(c))
    return re.compile(rf'card shown(?:", "|","|</dt><dd>)(?:{alts})|\((?:{alts}) shown\)')


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


def unkeyed(text: str, keys: Any) -> str:
    """``text`` with every seat's key written ``KEY``: a key is random letters, digits, ``-``
    and ``_``, so ``…-3C_…`` in a link once read as a card to ``leaks``."""
    for key in keys.values():
        text = text.replace(key, "KEY")
    return text


def all_steps(c: Any) -> list[Any]:
    """Every step of the replay, a deal's page at a time (``replay.json`` is the index)."""
    index = c.get("/replay.json").json()
    return [s for d in index["deals"]
            for s in c.get(f"/replay.json?deal={d['number']}").json()["steps"]]


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


CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def points(cards: list[str | None]) -> int:
    return sum(CARD_POINTS.get(c[:-1], 0) for c in cards if c is not None)


def face_down_plays(doc: Any) -> list[Any]:
    """Every play marked face down anywhere in a JSON document."""
    out = []
    if isinstance(doc, dict):
        if doc.get("face_down") is True:
            out.append(doc)
        for v in doc.values():
            out += face_down_plays(v)
    elif isinstance(doc, list):
        for v in doc:
            out += face_down_plays(v)
    return out


def check_figures(live: dict[str, Any]) -> None:
    """Kozel: the card points the page gives for a game in progress are those of the cards
    the table saw, trick by trick (a face-down card counts nothing until the game ends)."""
    if live["game"] != "kozel" or live["deal"] is None or live["deal"]["finished"]:
        return
    ps = live["players"]
    team = {p: i % 2 for i, p in enumerate(ps)}
    got = [0, 0]
    for t in live["tricks"]:
        got[team[t["winner"]]] += points([c for p in t["plays"] for c in p["cards"]])
    lines = dict(live["table"]["lines"])
    if "card points known" in lines:
        names = [f"{ps[0]} & {ps[2]}", f"{ps[1]} & {ps[3]}"]
        assert lines["card points known"] == f"{names[0]} {got[0]}, {names[1]} {got[1]}"
    if "last trick" in lines and live["tricks"]:
        last = live["tricks"][-1]
        seen = points([c for p in last["plays"] for c in p["cards"]])
        assert re.search(rf"\({seen} points( seen)?\)", lines["last trick"]), lines


def check_messages(res: Any, n: int, live: dict[str, Any], unseen: set[Card] | frozenset[Card]
                   ) -> None:
    """A violation of the deal in progress whose message names a card the table has not seen
    (or has not seen go where it went: laid face down) is reported without its message (not
    with the card masked: "discarded the trump ?" tells what the card was); the others as the
    engine wrote them."""
    mine = [v for v in res.violations if v.deal == n]
    page = [v for v in live["violations"] if v["deal"] == n]
    assert len(mine) == len(page)
    for v in mine:
        names_unseen = bool(leaks(v.message, unseen))
        said = [canonical(w["message"]) for w in page
                if w["rule"] == v.rule and w["player"] == v.player]
        if names_unseen:
            assert said and any("?" not in m and not public.CARD.search(m) for m in said), said
            assert canonical(v.message) not in said or len(said) > 1, said
        else:
            assert canonical(v.message) in said, (v.message, said)


def canonical(text: str) -> str:
    """A message as the engine writes its cards (the page writes them with their glyphs)."""
    from cli.safe import clean

    return public.CARD.sub(lambda m: str(try_parse_card(m.group(0))), clean(text))


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
    shown = deal.key("trump_card")
    for name, text in responses(path, n).items():
        said = shown_card_said(shown).sub("", text) if isinstance(shown, Card) else text
        assert not leaks(said, unseen), (name, leaks(said, unseen))
        if name == "live.json":
            doc = json.loads(text)
            assert all(c is None for p in face_down_plays(doc) for c in p["cards"]), name
            check_figures(doc)
            # a message naming a card another laid face down in this deal says what that
            # face-down play was, even where the card itself was seen (a Kozel card shown)
            check_messages(res, n, doc, unseen | public.face_down_named(deal))
    got = TestClient(make_app(path), base_url="http://127.0.0.1").get(f"/replay.json?deal={n}")
    mine = got.json()["steps"] if got.status_code == 200 else []
    assert all(c is None for p in face_down_plays(mine) for c in p["cards"])
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


EDGES = st.one_of(st.sampled_from([0.0, 1.0]), st.floats(0, 1))  # a deal's start and end too


@given(seed=st.integers(0, 10**6), kind=st.sampled_from(
    ["kierki", "wisconsin-schmier", "schmier", "kozel", "foursquare"]),
    deal=st.floats(0, 0.999), at=EDGES, faults=st.integers(0, 3))
@FEW
def test_random_games_with_violations(tmp_path: Path, seed: int, kind: str, deal: float,
                                      at: float, faults: int) -> None:
    """Random games of every kind, hands known, cut anywhere (a deal's first entry, its last),
    with faults put into the deal in progress (a trump discarded, a card swapped, a play
    repeated...): a violation proven from cards the table has not seen is reported without
    them; the face-down plays stay face down, the Kozel card shown included."""
    setup, deals = a_game(kind, seed, True)
    part = cut(setup, deals, deal, at)
    part[-1:] = inject(part[-1:], random.Random(seed), setup, faults)
    path = write(tmp_path, setup, part)
    try:
        savefile.load(path)
    except RefereeError:  # a fault no file can hold (a 14th trick): nothing to serve
        return
    check(path)


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


# -- the positions of issue 29, item 8 --------------------------------------------------------


def kozel_trump_card_down(tmp: Path) -> Path:
    """A virtual deal (seed 5: 6♥ shown, 6th in the deck): C draws 6♥ after trick 2 and
    discards it face down in trick 3; every other card after the leads goes down too."""
    path = tmp / "kozel.toml"
    s = Session.create(path, Setup("kozel", ("A", "B", "C", "D"), "A", seed=5))
    assert s.deals[0].key("trump_card") == Card(6, "H")
    for line in ("B: 6S", "C: ~QC", "D: ~KD", "A: ~AD", "B: 8C", "C: ~QS", "D: ~10D", "A: ~7D",
                 "B: 9D", "C: ~6H", "D: ~KH", "A: ~7C"):
        s.add(line)
    return path


def test_the_kozel_card_shown_is_not_seen_again_when_discarded_face_down(tmp_path: Path) -> None:
    path = kozel_trump_card_down(tmp_path)
    assert check(path)
    c = TestClient(make_app(path), base_url="http://127.0.0.1")
    live = c.get("/live.json").json()
    down = [p for t in live["tricks"] for p in t["plays"] if p["face_down"]]
    assert len(down) == 9 and all(x is None for p in down for x in p["cards"])
    steps = all_steps(c)
    said = " ".join(x for s in steps for x in s["explain"])
    assert not leaks(shown_card_said(Card(6, "H")).sub("", said), {Card(6, "H")})  # draws
    assert "(6♥ shown)" in said  # where it is said to be the card shown


def test_kozel_card_points_count_only_cards_the_table_saw(tmp_path: Path) -> None:
    path = kozel_trump_card_down(tmp_path)
    live = TestClient(make_app(path), base_url="http://127.0.0.1").get("/live.json").json()
    lines = dict(live["table"]["lines"])
    assert lines["card points known"] == "A & C 0, B & D 0"  # 6♠ 8♣ 9♦ face up; 35 face down
    assert lines["last trick"] == "B took trick 3 (0 points seen)"


def test_a_discard_violation_says_nothing_of_the_discard_until_the_deal_ends(
        tmp_path: Path) -> None:
    """Wisconsin, hands known: Bartek discarded K♥ (trump) keeping plain cards; the violation
    is proven at his lead, while the deal goes on. Reported (rule, player) at once, its
    message (which names the discard) once the deal is over."""
    head = ('format = 1\ngame = "wisconsin-schmier"\nplayers = ["Ala", "Bartek", "Celina", '
            '"Darek"]\n[options]\nkitty_view = 1\n\n[[deals]]\n'
            'hands = { Ala = "AH 9H 7S 8S 9C 10D", Bartek = "KH QH 10H 7C 8C 9D", '
            'Celina = "JH 8H AS KS QS JS", Darek = "7H AC KC QC JC 10C" }\n'
            'stock = "10S 9S AD KD QD JD 8D 7D"\n'
            'bids = ["Bartek: 2", "Celina: pass", "Darek: pass", "Ala: pass"]\n'
            'kitty = "10S"\ndiscards = { Bartek = "KH" }\n')
    path = tmp_path / "w.toml"
    path.write_text(head + 'tricks = ["Bartek: QH 8H 7H 9H"]\n', encoding="utf-8")
    assert check(path)
    c = TestClient(make_app(path), base_url="http://127.0.0.1")
    v = [x for x in c.get("/live.json").json()["violations"] if x["rule"] == "discard-trump"]
    assert len(v) == 1 and v[0]["player"] == "Bartek"
    assert v[0]["message"] == public.WITHHELD
    said = json.dumps(all_steps(c), ensure_ascii=False)
    assert "discarded the trump" not in said and public.WITHHELD in said
    path.write_text(head + 'tricks = ["Bartek: QH 8H 7H 9H", "Bartek: 10H AH JH 7S", '
                    '"Ala: 9C 7C JS JC", "Celina: AS 8S 8C AC", "Darek: KC 10D 9D KS", '
                    '"Darek: QC 10S QS 9S"]\n', encoding="utf-8")
    done = TestClient(make_app(path), base_url="http://127.0.0.1").get("/live.json").json()
    assert done["deal"]["finished"]
    v = [x for x in done["violations"] if x["rule"] == "discard-trump"]
    assert "discarded the trump K♥" in v[0]["message"]


SHOWN_THEN_DOWN = '''format = 1
game = "kozel"
players = ["Ala", "Bartek", "Celina", "Darek"]
first_dealer = "Darek"

[[deals]]
dealer = "Darek"
trump = "H"
trump_card = "9H"
stock = "QS QC 6H 9C AH 6C QH 7C AS 6S 6D 9S 8D 9H JS 10S KH 7H 8C KD"
tricks = [
  "Ala: 8H / Ala: 8H / Bartek: 10H / Celina: ~9D",
  "Darek: ~JH / Bartek: QS 7S / Celina: ~QC QD / Darek: ~6H 8S",
  "Ala: ~AD JC / Celina: AC / Celina: ~10D / Darek: QH",
  "Ala: ~9S / Darek: 8D 6D JD / Ala: ~7D 7C 9C / Bartek: ~AH JS KS",
  "Celina: ~10S KC 6S / Darek: KH / Ala: ~9H",
]

[deals.hands]
Ala = "JC 7D AD 8H"
Bartek = "KS 7S AC 10H"
Celina = "10D QD 9D KC"
Darek = "8S JH JD 10C"
'''


def test_a_card_the_table_saw_then_laid_face_down_is_not_named(tmp_path: Path) -> None:
    """The Kozel card shown (9♥) goes back into the deck; Ala later lays it face down where
    she cannot hold it (Darek drew it). The table saw 9♥ turned up, not that it went down
    there: the violations that face-down play broke are said without the card (no proof
    card, the message withheld where it names it), on every page and in every JSON."""
    path = tmp_path / "g.toml"
    path.write_text(SHOWN_THEN_DOWN)
    res = Session.load(path).result()
    down = [v for v in res.violations if v.deal == 1 and v.player == "Ala" and v.trick == 5]
    assert {v.rule for v in down} >= {"card-not-held", "play-count"}
    assert check(path) > 0  # every response searched: 9♥ only where the card shown is said
    doc = json.loads(responses(path, 1)["live.json"])
    mine = [v for v in doc["violations"] if v["player"] == "Ala" and v["trick"] == 5]
    assert mine and all(v["card"] is None for v in mine)
    assert all("9" not in v["message"] for v in mine)
