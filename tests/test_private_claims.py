"""A claim during a private deal (docs/private.md "Claims", docs/claims.md): the questions it
asks are those of the game as the table has seen it, the same whether or not another seat
showed the referee its hand; an answer that contradicts a registered hand is refused with its
rule (``outcome-total``) and names neither the holder nor the card's place; a consistent
answer is recorded from the phones as the same claim typed at the terminal."""

from __future__ import annotations

import json
import re
import shutil
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from cli.serve import make_app  # noqa: E402
from referee.history.session import Session  # noqa: E402
from referee.store import seatkeys  # noqa: E402
from tests.helpers import cli_run  # noqa: E402
from tests.test_claim_table import Asked, Judge  # noqa: E402
from tests.test_file_safety import table  # noqa: E402

LOCAL = "http://127.0.0.1"

# Wisconsin: Celina, who registered her hand, won the bidding and led J♠ (spades trump); A♠
# and 7♠ never played decide High and Low, and 7♠ is in Celina's registered hand.
WISCONSIN = '''format = 1
game = "wisconsin-schmier"
players = ["Ala", "Bartek", "Celina", "Darek"]
first_dealer = "Ala"

[[deals]]
dealer = "Ala"
hands = { Celina = "JS 8S 7S QH 7H QD" }
private = true
bids = ["Bartek: 3", "Celina: 4"]
tricks = [
  "Celina: JS 8H 9C 8C",
  "Celina: 7H 10H",
]
'''
WISCONSIN_BARTEK = "KH 10D 7D AC KC"  # his hand dealt, less 8C played

# Schmier for six: clubs trump; A♣ and 2♣ (High and Low) are both in Celina's registered hand.
SCHMIER = '''format = 1
game = "schmier"
players = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip"]
first_dealer = "Ala"

[[deals]]
dealer = "Ala"
hands = { Celina = "7S 10H 4H AC 8C 2C" }
private = true
bids = ["Bartek: 4", "Celina: 5", "Darek: 6"]
trump = "C"
discards = { Bartek = "", Celina = "", Darek = 3, Ewa = 2, Filip = 1, Ala = 11 }
tricks = [
  "Darek: 7C 5H",
]
'''
SCHMIER_BARTEK = "JH 2H 5D KC QC 9C"  # he drew nothing and has not played yet

# the game, Bartek's hand, his opponents, answers that fit the hands, answers that contradict
# Celina's registered hand (and name her nowhere)
CASES = {
    "wisconsin-schmier": (WISCONSIN, WISCONSIN_BARTEK, ("Ala", "Celina"),
                          {"AS": "nobody", "7S": "Celina"}, {"AS": "nobody", "7S": "Ala"}),
    "schmier": (SCHMIER, SCHMIER_BARTEK, ("Ala", "Celina", "Darek", "Filip"),
                {"AC": "Celina", "2C": "Celina"}, {"AC": "Darek", "2C": "Filip"}),
}


def unregistered(text: str) -> str:
    """The same deal, nobody's hand shown to the referee."""
    return re.sub(r"^(hands = .*|private = true)\n", "", text, flags=re.M)


def served(tmp: Path, name: str, text: str) -> tuple[Path, TestClient, dict[str, str]]:
    p = tmp / name
    p.write_text(text)
    keys = seatkeys.ensure(p, Session.load(p).setup.players)
    return p, TestClient(make_app(p, seats=True), base_url=LOCAL), keys


def live(c: TestClient, key: str) -> dict[str, Any]:
    c.app.state.site.seats.limit.seen.clear()  # type: ignore[attr-defined]
    r = c.get(f"/s/{key}/live.json")
    assert r.status_code == 200
    doc: dict[str, Any] = r.json()
    return doc


def page_questions(c: TestClient, key: str) -> list[str]:
    return re.findall(r"who held ([^?]*)\?", c.get(f"/s/{key}/").text)


def post(c: TestClient, key: str, what: str, doc: dict[str, Any]) -> Any:
    c.app.state.site.seats.limit.seen.clear()  # type: ignore[attr-defined]
    return c.post(f"/s/{key}/{what}", json=doc)


def typed_claim(hand: str, held: dict[str, str]) -> str:
    """Bartek's claim as typed with ``add``: his hand shown, and who held each card asked."""
    by: dict[str, list[str]] = {}
    for card, who in held.items():
        by.setdefault(who, []).append(card)
    answers = ", ".join(f'{who} = "{" ".join(cs)}"' for who, cs in by.items())
    return f'claim = "Bartek: rest"; claim_hand = "{hand}"; claim_held = {{ {answers} }}'


def claim(c: TestClient, keys: dict[str, str], hand: str, held: dict[str, str]) -> Any:
    v = live(c, keys["Bartek"])["version"]
    return post(c, keys["Bartek"], "claim", {"tricks": "rest", "hand": hand, "held": held,
                                             "version": v})


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_questions_are_the_same_with_or_without_a_registered_hand(
        tmp_path: Path, game: str) -> None:
    text = CASES[game][0]
    _p, c, keys = served(tmp_path, "private.toml", text)
    _q, twin, twin_keys = served(tmp_path, "open.toml", unregistered(text))
    for seat in ("Bartek", "Darek"):
        got, want = live(c, keys[seat]), live(twin, twin_keys[seat])
        assert got["can_claim"] and want["can_claim"]
        assert want["claim_questions"]["cards"]  # the table must place a point trump
        assert got["claim_questions"] == want["claim_questions"], seat
        assert page_questions(c, keys[seat]) == page_questions(twin, twin_keys[seat])


class Answers(Asked):
    """The table mode's reader: the lines given, and each "who held" asked answered from
    ``held`` (the questions kept)."""

    def __init__(self, lines: list[str], held: dict[str, str]) -> None:
        super().__init__(lines)
        self.held = held
        self.asked: list[str] = []

    def read(self, prompt: str, words: Any = None, ansi_prompt: str = "") -> str:
        if prompt.startswith("Who held"):
            card = prompt.split()[2].rstrip(",")
            self.asked.append(card)
            return self.held[card]
        return super().read(prompt, words, ansi_prompt)


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_table_mode_asks_the_same_questions(tmp_path: Path, game: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The laptop's ``claim``: the same questions, with or without Celina's hand shown (the
    verdict a stand-in: the questions are what is looked at), and the claim recorded."""
    monkeypatch.setattr("referee.claims.judge", Judge())
    text, hand, _opponents, right, _wrong = CASES[game]
    asked = {}
    for name, t in (("private.toml", text), ("open.toml", unregistered(text))):
        p = tmp_path / name
        p.write_text(t)
        r = Answers(["claim Bartek", hand, "y", "quit"], right)
        assert table(p, r).run() == 0
        asked[name] = r.asked
        assert Session.load(p).result().deals[0].finished, name
    assert asked["private.toml"] == asked["open.toml"] == list(right)


@pytest.mark.parametrize("game", sorted(CASES))
def test_an_answer_against_a_registered_hand_is_refused_naming_no_holder(
        tmp_path: Path, game: str) -> None:
    text, hand, _opponents, _right, wrong = CASES[game]
    p, c, keys = served(tmp_path, "g.toml", text)
    before = p.read_bytes()
    r = claim(c, keys, hand, wrong)
    assert r.status_code == 422, r.text
    doc = r.json()
    assert doc["rule"] == "outcome-total" and doc["accepted"] is False
    assert "Celina" not in json.dumps(doc, ensure_ascii=False)
    assert p.read_bytes() == before
    assert live(c, keys["Ala"])["claim_pending"] is None
    # typed at the terminal: the same refusal, exit 1, nothing kept
    code, out, err = cli_run("add", str(p), typed_claim(hand, wrong))
    assert code == 1 and "outcome-total" in err and "Celina" not in out + err
    assert p.read_bytes() == before


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_consistent_answer_is_recorded_as_typed_at_the_terminal(
        tmp_path: Path, game: str) -> None:
    text, hand, opponents, right, _wrong = CASES[game]
    p, c, keys = served(tmp_path, "g.toml", text)
    typed = tmp_path / "typed.toml"
    shutil.copy(p, typed)
    r = claim(c, keys, hand, right)
    assert r.status_code == 200, r.text
    v = r.json()["version"]
    for who in opponents:
        r = post(c, keys[who], "answer", {"accept": True, "version": v})
        assert r.status_code == 200, r.text
    code, out, err = cli_run("add", str(typed), typed_claim(hand, right))
    assert code == 0, out + err
    phone, terminal = Session.load(p), Session.load(typed)
    assert phone.deals == terminal.deals  # the same claim, its answers included
    scores = [json.loads(cli_run("score", str(f), "--json")[1])["deals"] for f in (p, typed)]
    assert scores[0] == scores[1] and phone.result().deals[0].finished


def test_a_hand_shown_against_a_registered_one_names_no_holder(tmp_path: Path) -> None:
    """``referee claim --hand``: a card of Celina's registered hand in Bartek's hand shown is
    refused (exit 2), and the line does not say whose it is."""
    p = tmp_path / "g.toml"
    p.write_text(SCHMIER)
    code, out, err = cli_run("claim", str(p), "Bartek", "--hand", "JH 2H 5D KC QC AC")
    assert code == 2 and "Celina" not in out + err
    open_file = tmp_path / "open.toml"  # the table saw nothing of it: the same check passes
    open_file.write_text(unregistered(SCHMIER))
    code, _out, err = cli_run("claim", str(open_file), "Bartek", "--hand", "JH 2H 5D KC QC AC")
    assert code in (0, 1), err


def test_a_registered_claimer_is_asked_the_table_questions_and_may_name_itself(
        tmp_path: Path) -> None:
    """Celina, whose hand the referee holds, claims: her page asks who held A♣ and 2♣ as every
    page does (the public game's questions), offers her own name, and her answer is
    recorded."""
    p, c, keys = served(tmp_path, "g.toml", SCHMIER)
    doc = live(c, keys["Celina"])
    assert doc["claim_questions"]["cards"] == ["AC", "2C"]
    form = c.get(f"/s/{keys['Celina']}/").text
    own = r'<select name="held-AC"[^>]*>(?:(?!</select>).)*<option value="Celina">'
    assert re.search(own, form, re.S)
    r = post(c, keys["Celina"], "claim", {"tricks": "rest", "hand": None, "version":
                                          doc["version"], "held": {"AC": "Celina",
                                                                   "2C": "Celina"}})
    assert r.status_code == 200, r.text
    for who in ("Ala", "Bartek", "Darek", "Ewa"):
        r = post(c, keys[who], "answer", {"accept": True, "version": r.json()["version"]})
        assert r.status_code == 200, r.text
    res = Session.load(p).result()
    assert res.deals[0].finished and res.violations == []
    assert 'Celina = "AC 2C"' in p.read_text()


@pytest.mark.parametrize("game", sorted(CASES))
def test_a_claim_lacking_the_answers_is_refused_alike_with_or_without_a_hand_shown(
        tmp_path: Path, game: str) -> None:
    """``add`` of a claim without its answers: the same refusal, word for word, on the deal
    with Celina's registered hand as on the same deal without it (the cards asked are written
    out: a card written ``?`` would say it lies in a registered hand)."""
    text, hand = CASES[game][:2]
    said = []
    for name, t in (("private.toml", text), ("open.toml", unregistered(text))):
        p = tmp_path / name
        p.write_text(t)
        code, out, err = cli_run("add", str(p), f'claim = "Bartek: rest"; claim_hand = "{hand}"')
        said.append((code, out, err))
    assert said[0] == said[1] and said[0][0] == 1 and "outcome-total" in said[0][2]
    assert "?" not in said[0][2]


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_table_mode_shows_the_word_only_in_a_private_deal(
        tmp_path: Path, game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The laptop's verdict of a claim in a private deal: the word, never the line of play
    nor the counter-deal (they would place the registered cards), as ``referee claim`` and
    the phones; an answer against Celina's hand refused naming nobody."""
    text, hand, _opponents, _right, wrong = CASES[game]
    p = tmp_path / "g.toml"
    p.write_text(text)
    capsys.readouterr()
    r = Answers(["claim Bartek", hand, "y", "quit"], wrong)
    assert table(p, r).run() == 0
    out = capsys.readouterr().out
    said = out.split("claim", 1)[1]
    assert "holds " not in said and "Trick " not in said and "Celina" not in said
    assert "outcome-total" in said and not Session.load(p).result().deals[0].finished
