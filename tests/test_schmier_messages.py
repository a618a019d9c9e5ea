"""Every sentence the Schmier referee says, checked against a golden file of real messages: one
per rule id of each game (a violation found on replay) and one per kind of refusal of a typed
entry. The messages come from ``referee/games/schmier/text.py``.

After a deliberate change of wording, regenerate the file and read the diff:
``UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_schmier_messages.py``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from referee.errors import RefereeError
from referee.games import get
from tests import test_schmier_rules as sr
from tests import test_schmier_trust as tr
from tests import test_wisconsin_rules as wr
from tests.helpers import load_text, replay_text

GOLDEN = Path(__file__).resolve().parent / "golden_messages" / "schmier.txt"

W_OUT = 'trump = "H"\noutcome = { high = "Ala", low = "Ala", jack = "Ala", game = "Ala" }\n'
W_PLAY = ["Bartek: KH AH JH 7H", "Ala: 9H 10H 8H QC", "Ala: 7S KS 7C 10S"]
S_OUT = ('outcome = { high = "Ala", low = "Ala", right_bauer = "Ala", left_bauer = "Ala", '
         'joker = "Ala", game = "Ala" }\n')

# (game, rule, a recorded game that breaks it)
VIOLATIONS: list[tuple[str, str, str]] = [
    ("wisconsin-schmier", "dealer", wr.game('dealer = "Celina"\n' + wr.BIDS + W_OUT)),
    ("wisconsin-schmier", "turn-order",
     wr.game(wr.hands() + wr.BIDS + wr.tricks("Bartek: KH AH JH 7H", "Bartek: QH 9H 8H 7C"))),
    ("wisconsin-schmier", "card-duplicate",
     wr.game(wr.BIDS + wr.tricks("Bartek: KH AH JH 7H", "Ala: AH 10H 8H QC"))),
    ("wisconsin-schmier", "card-not-in-deck",
     wr.game(wr.BIDS + wr.tricks("Bartek: KH 2H JH 7H"))),
    ("wisconsin-schmier", "card-not-held",
     wr.game(wr.hands() + wr.BIDS + wr.tricks("Bartek: KH AS JH 7H"))),
    ("wisconsin-schmier", "bid-range",
     wr.game('bids = ["Bartek: 5", "Celina: 2", "Darek: pass", "Ala: pass"]\n' + W_OUT)),
    ("wisconsin-schmier", "bid-higher",
     wr.game('bids = ["Bartek: 3", "Celina: 2", "Darek: pass", "Ala: pass"]\n' + W_OUT)),
    ("wisconsin-schmier", "lead-first", wr.game(wr.BIDS + wr.tricks("Celina: JH 7H AH KH"))),
    ("wisconsin-schmier", "stock-order",
     wr.game(wr.hands() + wr.BIDS + 'kitty = "9S"\ndiscards = { Bartek = "9S" }\n',
             options="kitty_view = 1")),
    ("wisconsin-schmier", "exchange-count",
     wr.game(wr.BIDS + 'kitty = "10S 9S"\ndiscards = { Bartek = "10S 9S" }\n',
             options="kitty_view = 1")),
    ("wisconsin-schmier", "discard-trump",
     wr.game(wr.hands() + wr.BIDS + 'kitty = "10S"\ndiscards = { Bartek = "KH" }\n'
             + wr.tricks("Bartek: QH AH JH 7H"), options="kitty_view = 1")),
    ("wisconsin-schmier", "trump-lead",
     wr.game(wr.BIDS + 'trump = "S"\n' + wr.tricks("Bartek: KH AH JH 7H"))),
    ("wisconsin-schmier", "follow-suit",
     wr.game(wr.hands() + wr.BIDS + wr.tricks("Bartek: 9D 10D AS AC"))),
    ("wisconsin-schmier", "outcome-total",
     wr.game(wr.BIDS + 'trump = "H"\noutcome = { high = "Zenon" }\n')),
    ("wisconsin-schmier", "claimed-score",
     wr.game(wr.BIDS + W_OUT + "claimed = { Ala = 3 }\n")),
    ("schmier", "dealer", sr.game('dealer = "Celina"\n' + sr.BIDS + 'trump = "H"\n' + S_OUT)),
    ("schmier", "turn-order", sr.unseen("Bartek: AH 2H JK 10H 8H 3H", "Celina: JD KH JH QH 9H 4H")),
    ("schmier", "card-duplicate", sr.unseen("Bartek: AH 2H JK 10H 8H AH")),
    ("schmier", "card-not-held", sr.known("Bartek: AH 7H JK 10H 8H 3H")),
    ("schmier", "bid-range", sr.game('bids = ["Bartek: 2", "Celina: 3"]\ntrump = "H"\n' + S_OUT)),
    ("schmier", "bid-higher", sr.game('bids = ["Bartek: 4", "Celina: 3"]\ntrump = "H"\n' + S_OUT)),
    ("schmier", "lead-first", sr.unseen("Celina: KH AH 2H JK 10H 8H")),
    ("schmier", "trump-named", sr.game('dealer = "Ala"\n' + sr.BIDS
                                       + sr.tricks("Bartek: AH 2H JK 10H 8H 3H"))),
    ("schmier", "exchange-count", sr.unseen(extra='discards = { Bartek = "9S 8S 7S 5D" }\n')),
    ("schmier", "discard-trump", sr.unseen(extra='discards = { Bartek = "JD 9S" }\n')),
    ("schmier", "follow-suit", sr.known("Bartek: AH 2H JK AC 8H 3H")),
    ("schmier", "follow-suit", sr.unseen("Bartek: AH 4D JK 10H 8H 3H",
                                         "Bartek: JD 2H JH QH 9H 4H")),
    ("schmier", "discard-trump", sr.unseen(extra='discards = { Bartek = 0, Celina = 0, Darek = 0, '
                                                 'Ewa = 0, Filip = 0, Ala = "2H 9C" }\n')),
    ("schmier", "turn-order", sr.game(sr.BIDS + 'trump = "H"\n'  # no dealer: read as written
                                      'discards = { Celina = "9S", Bartek = "8S" }\n')),
    ("schmier", "outcome-total", sr.game(sr.BIDS + 'trump = "H"\noutcome = { high = "Ala" }\n')),
    ("schmier", "claimed-score", sr.game(sr.BIDS + 'trump = "H"\n' + S_OUT
                                         + "claimed = { Ala = 1 }\n")),
]

AFTER_END = [*tr.ALA_WINS, tr.LATE]

# (label, a game, a typed entry the referee refuses)
REFUSALS: list[tuple[str, str, str]] = [
    ("bid out of range", wr.game('dealer = "Ala"\n'), "Bartek: 7"),
    ("bid not higher", wr.game('bids = ["Bartek: 3"]\n'), "Celina: 2"),
    ("bid out of turn", wr.game('dealer = "Ala"\n'), "Celina: 2"),
    ("a card during the bidding", wr.game('dealer = "Ala"\n'), "Bartek: AH"),
    ("a card out of turn", wr.game(wr.hands() + wr.BIDS), "Celina: JH"),
    ("a card not held", wr.game(wr.hands() + wr.BIDS), "Bartek: AS"),
    ("not following suit", wr.game(wr.hands() + wr.BIDS + wr.tricks("Bartek: 9D AS 7H")),
     "Ala: 9C"),
    ("too many cards for the trick", wr.game(wr.BIDS + wr.tricks("Bartek: KH AH")),
     "Celina: JH 7H 8H"),
    ("trump named outside its turn", sr.unseen(), "Bartek: trump S"),
    ("trump named by another player", sr.game('dealer = "Ala"\n' + sr.BIDS), "Celina: trump S"),
    ("a discard out of turn", sr.game('dealer = "Ala"\n' + sr.BIDS + 'trump = "H"\n'),
     "Celina: discard 9S"),
    ("a take in Schmier", sr.game('dealer = "Ala"\n' + sr.BIDS + 'trump = "H"\n'), "Bartek: take"),
    ("the game is over", wr.game(*AFTER_END[:4]), "Bartek: 2"),
]


# (label, a game waiting for its next entry): what the prompt says
PROMPTS: list[tuple[str, str]] = [
    ("the first bid", wr.game('dealer = "Ala"\n')),
    ("a bid with one bid left above", wr.game('bids = ["Bartek: 3"]\n')),
    ("the kitty", wr.game(wr.BIDS, options="kitty_view = 1")),
    ("the bidder's discard", wr.game(wr.BIDS + 'kitty = "9C"\n', options="kitty_view = 1")),
    ("the first lead", wr.game(wr.BIDS)),
    ("a card to follow", wr.game(wr.BIDS + wr.tricks("Bartek: KH"))),
    ("the trump", sr.game('dealer = "Ala"\n' + sr.BIDS)),
    ("a discard", sr.game('dealer = "Ala"\n' + sr.BIDS + 'trump = "H"\n')),
    ("the dealer's discard", sr.unseen(extra='discards = { Bartek = 3, Celina = 3, Darek = 3, '
                                             'Ewa = 3, Filip = 2 }\n')),
]


def prompt_lines() -> list[str]:
    return [f"prompt: {label} | {replay_text(text).expect.prompt}" for label, text in PROMPTS]


def violation_lines() -> list[str]:
    out = []
    for game, rule, text in VIOLATIONS:
        res = replay_text(text)
        got = [v for v in res.violations if v.rule == rule]
        assert got, (game, rule, [(v.rule, v.message) for v in res.violations])
        out.append(f"{game} | {rule} | {got[0].message}")
    late = replay_text(wr.game(*AFTER_END))
    assert [v.rule for v in late.violations] == ["turn-order"]
    out.append(f"wisconsin-schmier | turn-order, after the end | {late.violations[0].message}")
    return out


def refusal_lines() -> list[str]:
    out = []
    for label, text, entry in REFUSALS:
        s = load_text(text)
        with pytest.raises(RefereeError) as e:
            s.add(entry)
        out.append(f"refused: {label} | {entry} | {e.value}")
    return out


def test_every_schmier_rule_id_has_a_golden_message() -> None:
    for game in ("wisconsin-schmier", "schmier"):
        ids = {r for r, _ in get(game).rules}
        covered = {rule for g, rule, _ in VIOLATIONS if g == game}
        # no card is outside Schmier's 53-card deck; a well-formed card always belongs to it
        missing = ids - covered - ({"card-not-in-deck"} if game == "schmier" else set())
        missing -= {"stock-order"} if game == "schmier" else set()
        assert not missing, (game, missing)


def test_schmier_messages_match_the_golden_file() -> None:
    lines = violation_lines() + refusal_lines() + prompt_lines()
    text = "\n".join(lines) + "\n"
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


BAD = [
    (re.compile(r"\b1 (cards|tricks|points|bids|trumps|deals|entries)\b"), "1 with a plural"),
    (re.compile(r"\(([^()]*)\([^()]*\)"), "parentheses inside parentheses"),
    (re.compile(r"\b(\d)-\1\b"), "a range from a number to itself"),
    (re.compile(r"counted as a pass|counts as a pass"), "a pass"),
]


def test_schmier_messages_are_plain_english() -> None:
    for line in violation_lines():
        message = line.split(" | ", 2)[2]
        for pattern, why in BAD[:3]:
            assert not pattern.search(message), (why, line)
        player = re.match(r"(\w+): \1\b", message)
        assert player is None, ("the name twice", line)
    for line in refusal_lines() + prompt_lines():
        for pattern, why in BAD:
            assert not pattern.search(line), (why, line)


def test_explain_names_the_player_of_a_violation_once() -> None:
    for _game, _rule, text in VIOLATIONS:
        s = load_text(text)
        res = s.result()
        for d in range(1, len(s.deals) + 1):
            lines = s.rules.explain(s.setup, s.deals, d, None)
            for v in res.violations:
                if v.deal != d or not v.player:
                    continue
                said = [x for x in lines if v.message in x]
                assert said, (v.message, lines)
                assert said[0].count(v.player) == max(1, v.message.count(v.player)), said[0]
