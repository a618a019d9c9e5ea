"""Issue 20, the claims: one claim, one score, whichever way the table records it; a figure
after a claim is never one the claim contradicts; a shown hand is evidence; the claim search
deals the unseen cards only as the rules let them lie (Schmier's counted discards)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.claims import judge
from referee.history.session import Session
from tests.helpers import cli_run, head, kierki_before, load_text
from tests.test_claim_record import SCHMIER_CLAIMED, WISCONSIN
from tests.test_claim_table import Asked, Judge
from tests.test_file_safety import table


@pytest.fixture
def judge_stub(monkeypatch: pytest.MonkeyPatch) -> Judge:
    """The table's verdict given (the recording is what these tests look at)."""
    j = Judge()
    monkeypatch.setattr("referee.claims.judge", j)
    return j

# -- 4. a claim lacking an answer the deal needs ------------------------------------------------

# Wisconsin, hearts trump, JH never played: who held it decides the Jack.


def test_add_refuses_a_claim_that_leaves_a_point_card_unanswered(tmp_path: Path) -> None:
    p = tmp_path / "w.toml"
    p.write_text(WISCONSIN)
    before = p.read_bytes()
    code, _out, err = cli_run("add", str(p), 'claim = "Bartek: rest"')
    assert code == 1 and "outcome-total" in err and "claim_held" in err
    assert len(err.strip().splitlines()) == 1 and p.read_bytes() == before


def test_a_file_with_that_claim_reports_the_same() -> None:
    res = load_text(WISCONSIN + 'claim = "Bartek: rest"\n').result()
    assert [(v.deal, v.rule, v.player) for v in res.violations] == \
        [(1, "outcome-total", "Bartek")]


def test_the_answer_decides_the_jack_the_same_way_typed_or_in_the_file(tmp_path: Path
                                                                        ) -> None:
    """Darek held JH: Bartek & Darek take Jack and Game (+2); nobody held it: the Jack is
    nobody's (+1). Typed with add, or written in the file: the same scores."""
    for answer, jack, score in (('{ Darek = "JH" }', "Bartek & Darek", 2),
                                ('{ nobody = "JH" }', None, 1)):
        p = tmp_path / "w.toml"
        p.write_text(WISCONSIN)
        code, _out, err = cli_run("add", str(p), f'claim = "Bartek: rest"; claim_held = {answer}')
        assert code == 0, err
        typed = Session.load(p).result()
        filed = load_text(WISCONSIN + f'claim = "Bartek: rest"\nclaim_held = {answer}\n').result()
        for res in (typed, filed):
            assert res.violations == []
            d = res.deals[0]
            assert d.extra["points"]["jack"] == jack
            assert d.scores["Bartek & Darek"] == score


def test_nobody_is_refused_for_a_card_someone_is_known_to_hold() -> None:
    """Schmier: the ace and the 2 of trump are always in play."""
    text = SCHMIER_CLAIMED + 'claim_held = { Celina = "AH", nobody = "2H" }\n'
    res = load_text(text).result()
    assert [v.rule for v in res.violations] == ["outcome-total"]


def test_the_table_records_nobody(tmp_path: Path, judge_stub: Any) -> None:
    p = tmp_path / "w.toml"
    p.write_text(WISCONSIN)
    r = Asked(["claim Bartek", "9C 10C JC", "y", "nobody", "quit"])
    assert table(p, r).run() == 0
    res = Session.load(p).result()
    assert res.violations == [] and res.deals[0].extra["points"]["jack"] is None
    assert res.deals[0].scores["Bartek & Darek"] == 1


# -- 5. the game points after a claim ------------------------------------------------------------

def test_game_points_after_a_claim_are_a_range_not_a_wrong_figure(tmp_path: Path) -> None:
    """Bartek claims, Darek held JH, the game points still in hand not given (Game is
    Bartek & Darek's whatever they are): their card points are not known, only between two
    figures; the other side's are."""
    p = tmp_path / "w.toml"
    p.write_text(WISCONSIN + 'claim = "Bartek: rest"\nclaim_held = { Darek = "JH" }\n')
    code, out, _err = cli_run("score", str(p), "--json")
    assert code == 0
    d = json.loads(out)["deals"][0]
    assert d["game_points"]["Bartek & Darek"] is None
    lo, hi = d["game_points_range"]["Bartek & Darek"]
    assert lo < hi <= 80 - d["game_points"]["Ala & Celina"]
    assert lo > 19  # the cards seen and JH alone: 19, a figure the claim contradicts
    code, out, _err = cli_run("replay", str(p), "--ascii")
    assert "Bartek & Darek 19" not in out and f"Bartek & Darek {lo} to {hi}" in out
    figures = []
    for gp in (15, 16):  # given: the figure, inside the range, one more for one more
        given = load_text(WISCONSIN + 'claim = "Bartek: rest"\nclaim_held = { Darek = "JH" }\n'
                                      f'claim_game_points = {gp}\n').result()
        assert given.violations == [] and "game_points_range" not in given.deals[0].extra
        figures.append(given.deals[0].extra["game_points"]["Bartek & Darek"])
    assert lo <= figures[0] < hi and figures[1] == figures[0] + 1


# -- 6. a shown hand is evidence -----------------------------------------------------------------

# Kierki deal 1: Bartek did not follow diamonds at trick 2.
REVOKE = head() + kierki_before(1) + ('\n[[deals]]\ntricks = ["Bartek: 2C 5C KC AC", '
                                      '"Ala: 3D 2S 4D 5D"]\n')
BARTEK = "AD KD QD JD 10D 9D 8D 7D 6D AS KS"


def test_a_shown_hand_proves_the_revoke_and_the_claim_is_judged(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    p.write_text(REVOKE)
    code, out, err = cli_run("claim", str(p), "Bartek", "--tricks", "1", "--hand", BARTEK,
                             "--json")
    assert code in (0, 1), err
    v = json.loads(out)
    assert [(x["trick"], x["player"], x["rule"]) for x in v["proven"]] == \
        [(2, "Bartek", "follow-suit")]
    code, out, _err = cli_run("claim", str(p), "Bartek", "--tricks", "1", "--hand", BARTEK,
                              "--ascii")
    assert out.splitlines()[0].startswith("PROVEN: deal 1, trick 2")
    assert "follow-suit" in out.splitlines()[0]


# Wisconsin: Ala took the two undealt cards, discarded JH and 8C, and led AH (hearts trump)
ALA_DISCARDED = head("wisconsin-schmier", extra='\n[options]\nkitty_view = 2\n') + '''
[[deals]]
dealer = "Ala"
bids = ["Bartek: pass", "Celina: pass", "Darek: pass", "Ala: 2"]
discards = { Ala = "JH 8C" }
tricks = ["Ala: AH 7S 8S 9S"]
'''


def test_a_wisconsin_trump_discarded_while_holding_a_plain_card_is_proven() -> None:
    """Ala took two undealt cards and discarded JH (trump, as her first lead made it) and
    8C: she claimed to hold only trumps. Her hand shown with a spade proves it."""
    s = load_text(ALA_DISCARDED)
    assert s.result().violations == []
    v = judge(s.setup, s.deals, "Ala", tricks=1, hand=_cards("KH QH 10H 9H AS"), seconds=None)
    assert [(x.trick, x.player, x.rule) for x in v.proven] == [(None, "Ala", "discard-trump")]


def test_the_table_records_the_shown_hand_and_replay_proves_the_same(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """At the table: the verdict says PROVEN (once: recording the claim does not say it
    again), the table accepts the claim, the file keeps the hand (claim_hand), and its replay
    proves the same revoke."""
    p = tmp_path / "k.toml"
    p.write_text(REVOKE)
    s = Session.load(p)
    v = judge(s.setup, s.deals, "Bartek", hand=_cards(BARTEK), seconds=None)
    r = Asked(["claim Bartek", BARTEK, "y", "quit"])
    assert table(p, r).run() == 0
    assert capsys.readouterr().out.count("PROVEN") == 1
    res = Session.load(p).result()
    assert [(x.deal, x.trick, x.player, x.rule) for x in res.violations] == \
        [(x.deal, x.trick, x.player, x.rule) for x in v.proven] == \
        [(1, 2, "Bartek", "follow-suit")]
    assert res.deals[0].finished
    code, out, _err = cli_run("replay", str(p), "--json")
    doc = json.loads(out)
    assert code == 1 and doc["violations"][0]["rule"] == "follow-suit"
    # the play record keeps the hand shown, as the file does
    assert doc["deals"][-1]["claim"]["hand"] == BARTEK.split()


def test_the_wisconsin_play_record_keeps_the_shown_hand() -> None:
    """replay --json of a Schmier-family claim with claim_hand: the hand in the claim record."""
    s = load_text(ALA_DISCARDED + 'claim = "Ala: rest"\nclaim_hand = "KH QH 10H 9H AS"\n')
    res = s.result()
    s.rules.record_play(s.deals, res)
    assert res.replay_json()["deals"][0]["claim"]["hand"] == ["KH", "QH", "10H", "9H", "AS"]


def test_claim_hand_in_a_file_is_checked() -> None:
    """A card already played, or the wrong number of cards: outcome-total."""
    for hand in ("AC KD QD JD 10D 9D 8D 7D 6D AS KS", "AD KD"):
        res = load_text(REVOKE + f'claim = "Bartek: rest"\nclaim_hand = "{hand}"\n').result()
        assert "outcome-total" in [v.rule for v in res.violations]
    ok = load_text(REVOKE + f'claim = "Bartek: rest"\nclaim_hand = "{BARTEK}"\n').result()
    assert [v.rule for v in ok.violations] == ["follow-suit"]


def test_claim_hand_is_one_entry_with_the_claim(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    p.write_text(REVOKE)
    before = p.read_bytes()
    code, out, _err = cli_run("add", str(p), f'claim = "Bartek: rest"; claim_hand = "{BARTEK}"')
    assert code == 1 and "follow-suit" in out  # recorded, and the breach it proves said
    text = p.read_text()
    assert text.index("claim = ") < text.index("claim_hand = ")
    code, _out, _err = cli_run("undo", str(p), "--yes")  # it opens the deal again: --yes
    assert code == 0 and p.read_bytes() == before


# -- 8. Schmier: counted discards are never trumps ------------------------------------------------

COUNTED = '''format = 1
game = "schmier"
players = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
first_dealer = "Ann"

[[deals]]
dealer = "Ann"
bids = ["Bob: pass", "Cid: pass", "Dan: pass", "Eve: pass", "Fay: pass", "Ann: 5"]
trump = "D"
discards.Bob = 1
discards.Cid = ""
discards.Dan = ""
discards.Eve = ""
discards.Fay = ""
discards.Ann = "2S 4S 7S JS 4H 5H 6H 7H 10H QH KH AH 4D 7C 8C JC"
tricks = [
  "Ann: 5D JH 10D JK KC 3D",
  "Bob: 3H 3S 8H 9H 8S KD",
  "Ann: 7D QS 9D 5S AS QD",
  "Fay: 2D JD KS 6S 6C AC",
  "Ann: 6D 9C",
]
'''


def test_a_counted_discard_is_not_a_trump(tmp_path: Path) -> None:
    """Bob, Dan and Eve showed trump voids, Ann holds only trumps: 8D is Fay's (Bob's one
    discard was no trump), and beats Ann's 6D. The claim holds."""
    p = tmp_path / "s.toml"
    p.write_text(COUNTED)
    code, out, err = cli_run("claim", str(p), "Cid", "--tricks", "1", "--hand", "9S 10C",
                             "--json")
    assert code == 0, (out, err)
    v = json.loads(out)
    assert v["verdict"] == "holds" and v["knowledge"] == "record"


def test_a_hand_no_legal_deal_fits_is_refused(tmp_path: Path) -> None:
    """Fay shows no trump: AD and 8D would both be Ann's (one card) or face down."""
    p = tmp_path / "s.toml"
    p.write_text(COUNTED)
    code, _out, err = cli_run("claim", str(p), "Fay", "--tricks", "1", "--hand", "10S QC")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def _cards(text: str) -> list[Any]:
    from referee.notation import parse_cards

    return parse_cards(text)


def test_the_dealers_counted_discards_may_hold_trumps_but_never_a_point_trump() -> None:
    """The same deal with Ann's (the dealer's) 16 discards written as a count: Bob's one
    discard is no trump, Ann's may be trumps (she has shown only trumps, so she may have kept
    six), never AD, the bauers, 2D or the joker."""
    from referee.cards import Card
    from referee.claims.position import read

    text = COUNTED.replace('discards.Ann = "2S 4S 7S JS 4H 5H 6H 7H 10H QH KH AH 4D 7C 8C JC"',
                           "discards.Ann = 16")
    s = load_text(text)
    pos = read(s.setup, s.deals, "Cid")
    players, dealers = pos.face_down
    assert players.count == 1 and not players.cards & pos.trumps and players.keeper is None
    assert dealers.count == 16 and dealers.keeper == "Ann"
    assert Card(8, "D") in dealers.cards and Card(14, "D") not in dealers.cards
    assert Card(4, "D") in dealers.cards and Card(2, "D") not in dealers.cards
    named = read(load_text(COUNTED).setup, load_text(COUNTED).deals, "Cid")
    assert [(g.count, bool(g.cards & named.trumps)) for g in named.face_down] == [(1, False)]


def test_wisconsin_face_down_the_undealt_rest_and_the_bidders_counted_discards() -> None:
    """kitty_view 2, Ala's two discards written as a count: six undealt cards (any) and her
    two discards (trumps only while she may have kept six trumps: not once she has shown a
    plain card)."""
    from referee.claims.position import read

    base = head("wisconsin-schmier", extra='\n[options]\nkitty_view = 2\n') + '''
[[deals]]
dealer = "Ala"
bids = ["Bartek: pass", "Celina: pass", "Darek: pass", "Ala: 2"]
discards = { Ala = 2 }
'''
    s = load_text(base + 'tricks = ["Ala: AH 7S 8S 9S"]\n')
    rest, hers = read(s.setup, s.deals, "Bartek").face_down
    assert (rest.count, rest.keeper, hers.count, hers.keeper) == (6, None, 2, "Ala")
    assert hers.cards & read(s.setup, s.deals, "Bartek").trumps
    s = load_text(base + 'tricks = ["Ala: AH 7S 8S 9S", "Ala: 7C 8C 9C 10C"]\n')
    pos = read(s.setup, s.deals, "Bartek")
    rest, hers = pos.face_down
    assert hers.keeper is None and not hers.cards & pos.trumps  # Ala showed 7C
    assert rest.cards & pos.trumps


def test_the_bidder_kept_only_trumps_or_discarded_none(tmp_path: Path) -> None:
    """Wisconsin, kitty_view 2: Ala took 9H and 8S and discarded two cards (a count), and has
    led five trumps. Had she discarded 9H she kept only trumps; had she not, 9H is her last
    card: either way she leads a trump nobody else holds, so Celina's claim holds. (The worlds
    once let her discard 9H and keep a club, and the claim "failed" on that deal.)"""
    p = tmp_path / "w.toml"
    p.write_text(head("wisconsin-schmier", extra='\n[options]\nkitty_view = 2\n') + '''
[[deals]]
dealer = "Ala"
bids = ["Bartek: pass", "Celina: pass", "Darek: pass", "Ala: 2"]
kitty = "9H 8S"
discards = { Ala = 2 }
tricks = [
  "Ala: AH 7S 7D 8D",
  "Ala: KH 9S 9D 10D",
  "Ala: QH 10S JD QD",
  "Ala: JH JS KD AD",
  "Ala: 10H QS 8C 9C",
]
''')
    code, out, err = cli_run("claim", str(p), "Celina", "--hand", "7C", "--json")
    assert code == 0, (out, err)
    assert json.loads(out)["verdict"] == "holds"
    code, out, err = cli_run("claim", str(p), "Bartek", "--hand", "AS", "--json")
    assert code == 1, (out, err)
    v = json.loads(out)
    assert v["verdict"] == "fails"
    ala = v["counter"]["Ala"]
    assert all(c.endswith("H") for c in ala), ala  # she leads a trump in the counter-deal


def test_the_claimer_is_named_as_an_entry_names_a_player(tmp_path: Path) -> None:
    """`referee claim FILE bart` is Bartek's claim (any case, a unique beginning of the name,
    as `add` reads a player); a name that is no player's is one line, exit 2."""
    p = tmp_path / "k.toml"
    p.write_text(REVOKE)
    full = cli_run("claim", str(p), "Bartek", "--tricks", "1", "--hand", BARTEK, "--json")
    short = cli_run("claim", str(p), "bart", "--tricks", "1", "--hand", BARTEK, "--json")
    assert short[0] == full[0] and json.loads(short[1]) == json.loads(full[1])
    code, _out, err = cli_run("claim", str(p), "Zenon", "--tricks", "1", "--hand", BARTEK)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Zenon" in err
