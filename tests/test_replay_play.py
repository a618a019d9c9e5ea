"""``replay --json`` records the play (CLI.md, ``--json``), and ``replay`` / ``explain`` tell
every deal from ONE replay (issue 12, linear replay)."""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from benchmarks import make_large
from referee.games import get
from referee.history.session import Session
from referee.model import Bid, Deal, Pass, Place, Play
from referee.store import savefile
from tests.helpers import cli_run

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
HANDMADE = Path(__file__).resolve().parent / "handmade"
FILES = sorted(SAMPLES.glob("*.toml")) + sorted(HANDMADE.glob("*/*.toml"))
PLAY_KEYS = {"bids", "trump", "tricks", "turns", "tricks_count", "turns_count"}
TRICK_GAMES = ("kierki", "schmier", "wisconsin-schmier", "kozel")
ONE_PER_GAME = [SAMPLES / f for f in ("kierki-complete.toml", "schmier-complete.toml",
                                      "wisconsin-revoke.toml", "kozel-pull-eggs.toml",
                                      "foursquare-series.toml")]


def name(p: Path) -> str:
    return f"{p.parent.name}/{p.stem}"


def doc(command: str, path: Path) -> tuple[int, dict[str, Any]]:
    code, out, _ = cli_run(command, str(path), "--json")
    return code, json.loads(out)


def deal_violations(d: dict[str, Any], number: int) -> list[dict[str, Any]]:
    return [v for v in d["violations"] if v["deal"] == number]


@pytest.mark.parametrize("path", FILES, ids=name)
def test_replay_json_is_the_score_document_plus_the_play(path: Path) -> None:
    code_s, score = doc("score", path)
    code_r, replay = doc("replay", path)
    assert code_s == code_r
    assert {k: v for k, v in replay.items() if k != "deals"} == \
        {k: v for k, v in score.items() if k != "deals"}
    assert len(replay["deals"]) == len(score["deals"])
    for r, s in zip(replay["deals"], score["deals"], strict=True):
        for key in ("tricks", "turns"):  # a count of the score sheet's, kept under a new name
            if key in s:
                assert r[f"{key}_count"] == s.pop(key)
                assert isinstance(r[key], list)
        if score["game"] == "foursquare":
            assert r["turns_count"] == len(r["turns"])
        assert not PLAY_KEYS & (s.keys() - {"trump"})  # score --json carries no play
        assert {k: r[k] for k in s} == s
        assert set(r) - set(s) <= PLAY_KEYS | {"not_played"}
        assert isinstance(r["not_played"], list)  # replay --json: on every deal (CLI.md)
        assert "tricks" in r or "turns" in r


@pytest.mark.parametrize("path", FILES, ids=name)
def test_tricks_and_turns_are_consistent(path: Path) -> None:
    s = Session.load(path)
    _code, d = doc("replay", path)
    n_players = len(s.setup.players)
    for row in d["deals"]:
        n = row["number"]
        entries = s.deals[n - 1].entries
        broken = deal_violations(d, n)
        if "turns" in row:
            turns = row["turns"]
            assert [t["number"] for t in turns] == list(range(1, len(turns) + 1))
            late = [v for v in broken if (v.get("turn") or 0) > len(turns)]
            placed = [e for e in entries if isinstance(e, (Place, Play, Pass))]
            assert len(turns) == len(placed) - len(late)
            for t in turns:
                assert ("pass" in t) == (t["card"] is None)
                if s.setup.game == "foursquare":
                    assert isinstance(t["place"], list) and len(t["place"]) == 2
            continue
        assert s.setup.game in TRICK_GAMES
        tricks = row["tricks"]
        assert [t["number"] for t in tricks] == list(range(1, len(tricks) + 1))
        for t in tricks[:-1]:
            assert t["winner"] is not None  # only the last trick may still be on the table
        for t in tricks:
            if t["winner"] is not None:
                assert len(t["plays"]) == n_players
                assert t["winner"] in [p["player"] for p in t["plays"]]
            assert t["leader"] == t["plays"][0]["player"]
        for before, after in zip(tricks, tricks[1:], strict=False):
            if any(v["trick"] == after["number"] for v in broken) or "pull" in after:
                continue  # a lead out of turn, or a pull (the puller leads the trick again)
            assert after["leader"] == before["winner"], (n, after["number"])
        seen = Counter(c for t in tricks for p in t["plays"] for c in p["cards"] if c != "?")
        if not any(v["rule"] in ("card-duplicate", "card-not-held") for v in broken):
            assert all(k == 1 for k in seen.values()), seen.most_common(3)
        if s.setup.game != "kozel":
            played = len([e for e in entries if isinstance(e, Play)])
            recorded = sum(len(t["plays"]) for t in tricks)
            # a card entered after the deal was over is a turn-order violation, or (an option
            # ended the deal early) listed as not played; either way it is not a play
            left_out = len(row["not_played"])
            assert recorded + left_out == played or recorded + left_out < played and \
                any(v["rule"] == "turn-order" for v in broken)
            assert all(len(p["cards"]) == 1 and "face_down" not in p
                       for t in tricks for p in t["plays"])
        if s.setup.game.endswith("schmier"):
            assert row["bids"] == [f"{e.player}: {'pass' if e.value is None else e.value}"
                                   for e in entries if isinstance(e, Bid)]


def kozel_files() -> list[Path]:
    return [p for p in FILES if p.name.startswith("kozel") or p.parent.name == "kozel"]


@pytest.mark.parametrize("path", kozel_files(), ids=name)
def test_kozel_plays_as_written_face_down_and_pulls(path: Path) -> None:
    """Each trick's plays (the cancelled ones, then those that count) are the file's trick
    line: the same players, the same cards, ``~`` exactly where ``face_down`` is."""
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    _code, d = doc("replay", path)
    for row, table in zip(d["deals"], raw["deals"], strict=False):
        lines = table.get("tricks", [])
        tricks = row["tricks"]
        if len(lines) != len(tricks):
            continue  # cards written after the game was over: violations, not plays
        for line, t in zip(lines, tricks, strict=True):
            plays = (t["pull"]["cancelled"] if "pull" in t else []) + t["plays"]
            parts = [part.partition(":") for part in line.split(" / ")]
            assert [p["player"] for p in plays] == \
                [head.replace(" pulls", "").strip() for head, _, _ in parts]
            assert [p.get("face_down", False) for p in plays] == \
                [body.strip().startswith("~") for _, _, body in parts]
            assert [p.get("pull", False) for p in plays] == \
                [head.endswith(" pulls") for head, _, _ in parts]
            assert [" ".join(p["cards"]) for p in plays] == \
                [" ".join(body.replace("~", "").split()) for _, _, body in parts]


def test_a_kierki_trick_by_hand() -> None:
    """kierki-complete, deal 1, trick 6: "Bartek: 7D 9S 5D KD" — Bartek leads 7D, Celina
    plays 9S (no diamond), Darek 5D, Ala KD: the king of diamonds wins; Ala leads trick 7."""
    _code, d = doc("replay", SAMPLES / "kierki-complete.toml")
    tricks = d["deals"][0]["tricks"]
    assert tricks[5] == {"number": 6, "leader": "Bartek", "winner": "Ala", "plays": [
        {"player": "Bartek", "cards": ["7D"]}, {"player": "Celina", "cards": ["9S"]},
        {"player": "Darek", "cards": ["5D"]}, {"player": "Ala", "cards": ["KD"]}]}
    assert tricks[6]["leader"] == "Ala"
    assert "trump" not in d["deals"][0]


def test_kierki_trump_and_the_small_lottery() -> None:
    _code, d = doc("replay", SAMPLES / "kierki-complete.toml")
    raw = tomllib.loads((SAMPLES / "kierki-complete.toml").read_text(encoding="utf-8"))
    for n in (8, 9, 10, 11):
        assert d["deals"][n - 1]["trump"] == raw["deals"][n - 1]["trump"]
    turns = d["deals"][11]["turns"]
    assert [f"{t['player']}: {t['card'] or 'pass'}" for t in turns] == raw["deals"][11]["turns"]
    assert {"number": 1, "player": turns[0]["player"], "card": turns[0]["card"]} == turns[0]


def test_a_schmier_trick_by_hand() -> None:
    """schmier-complete, deal 1, trump ♥: trick 1 "Darek: 4C 6D AC JD 3C QC" goes to Ala's
    JD, the left bauer (a trump: the jack of the other red suit); trick 2 "Ala: 2H 7H 8H KH 3H
    JK" goes to Darek's KH, the joker being the lowest trump."""
    _code, d = doc("replay", SAMPLES / "schmier-complete.toml")
    row = d["deals"][0]
    assert row["trump"] == "H"
    assert row["bids"][:3] == ["Bartek: 3", "Celina: pass", "Darek: 4"]
    t1, t2 = row["tricks"][:2]
    assert [p["cards"][0] for p in t1["plays"]] == ["4C", "6D", "AC", "JD", "3C", "QC"]
    assert (t1["leader"], t1["winner"]) == ("Darek", "Ala")
    assert [p["cards"][0] for p in t2["plays"]] == ["2H", "7H", "8H", "KH", "3H", "JK"]
    assert (t2["leader"], t2["winner"]) == ("Ala", "Darek")


def test_a_kozel_pull_and_unseen_cards() -> None:
    _code, d = doc("replay", SAMPLES / "kozel-pull-eggs.toml")
    tricks = d["deals"][1]["tricks"]
    assert tricks[0]["plays"][1] == {"player": "Ala", "cards": ["?", "?"], "face_down": True}
    pulled = tricks[3]
    assert pulled["pull"] == {"player": "Ala", "cancelled": []}
    assert pulled["plays"][0] == {"player": "Ala", "cards": ["10H", "6H", "KH", "7H"],
                                  "pull": True}
    assert (pulled["leader"], pulled["winner"]) == ("Ala", "Ala")


def test_a_pull_sends_back_what_was_laid() -> None:
    _code, d = doc("replay", HANDMADE / "kozel" / "pull-midtrick.toml")
    t = d["deals"][1]["tricks"][0]  # "Bartek: 6S / Celina pulls: ... / Darek pulls: ..."
    assert t["pull"] == {"player": "Darek", "cancelled": [
        {"player": "Bartek", "cards": ["6S"]},
        {"player": "Celina", "cards": ["6D", "7D", "8D", "9D"], "pull": True}]}
    assert t["leader"] == "Darek" and len(t["plays"]) == 4


def test_a_trick_on_the_table_has_no_winner_yet() -> None:
    s = Session.load(SAMPLES / "kierki-in-progress.toml")
    res = s.result()
    s.rules.record_play(s.deals, res)
    last = res.deals[-1].play
    assert last is not None and last.tricks
    on_table = res.state[-1].current
    if on_table is None:
        pytest.skip("the sample has no trick on the table")
    assert last.tricks[-1].winner is None
    assert [p.player for p in last.tricks[-1].plays] == [p.player for p in on_table.plays]


def test_the_record_is_frozen() -> None:
    s = Session.load(SAMPLES / "kierki-complete.toml")
    res = s.result()
    s.rules.record_play(s.deals, res)
    play = res.deals[0].play
    assert play is not None and play.tricks is not None
    with pytest.raises(AttributeError):
        play.tricks[0].winner = "Bartek"  # type: ignore[misc]


# -- linear replay --------------------------------------------------------------------------


def count_runs(monkeypatch: pytest.MonkeyPatch, game: str) -> list[int]:
    """Count the replays of ``game`` from the first entry (every game's ``run``)."""
    cls = type(get(game))
    calls: list[int] = []
    original = cls.run

    def counted(self: Any, *args: Any) -> Any:
        calls.append(1)
        return original(self, *args)

    monkeypatch.setattr(cls, "run", counted)
    return calls


@pytest.mark.parametrize("path", ONE_PER_GAME, ids=name)
def test_replay_replays_the_game_once(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session.load(path)
    assert len(s.deals) > 1
    calls = count_runs(monkeypatch, s.setup.game)
    code, out, _ = cli_run("replay", str(path))
    assert code in (0, 1) and out
    assert len(calls) == 1


@pytest.mark.parametrize("path", ONE_PER_GAME, ids=name)
def test_explain_replays_the_game_once(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session.load(path)
    calls = count_runs(monkeypatch, s.setup.game)
    code, out, _ = cli_run("explain", str(path), "--deal", str(len(s.deals)))
    assert code == 0 and out
    assert len(calls) == 1


@pytest.mark.parametrize("path", FILES, ids=name)
def test_a_deal_told_from_the_replay_is_the_deal_replayed_alone(path: Path) -> None:
    s = Session.load(path)
    res = s.result()
    for d in res.deals:
        assert s.rules.explain(s.setup, s.deals, d.number, None, res) == \
            s.rules.explain(s.setup, s.deals, d.number, None)


# -- the large files of the growth benchmark -------------------------------------------------


def test_make_large_writes_a_legal_series_and_replay_json_streams_it(tmp_path: Path) -> None:
    path = tmp_path / "series.toml"
    entries = make_large.write(path, 600)
    assert entries >= 600
    s = Session.load(path)
    assert sum(len(d.entries) for d in s.deals) == entries
    res = s.result()
    assert res.ok and res.complete
    code, out, _ = cli_run("replay", str(path), "--json")
    assert code == 0
    s.rules.record_play(s.deals, res)
    assert out == json.dumps(res.replay_json(), ensure_ascii=False, indent=2) + "\n"
    got = json.loads(out)
    assert sum(len(d["turns"]) for d in got["deals"]) == entries
    assert savefile.dumps(s.rules, s.setup, s.deals) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", ONE_PER_GAME[:4], ids=name)
def test_completions_read_the_replay_already_made(path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    s = Session.load(path)
    first = s.deals[0]
    s.deals = [Deal(first.entries[:-2])]  # deal 1, two cards before its end: a card to play
    res = s.result()
    assert res.expect.action == "play"
    calls = count_runs(monkeypatch, s.setup.game)
    words = s.rules.completions(s.setup, s.deals, res)
    assert calls == []
    res.state = None  # a result without the game's state: the game replays it
    assert s.rules.completions(s.setup, s.deals, res) == words
    assert calls == [1]
    assert len(words) > len(s.setup.players)  # cards offered, not only the names
