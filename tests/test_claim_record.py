"""An accepted claim in the save file (`claim`, `claim_held`, `claim_game_points`): read,
written, scored as the deal played out with the claimer's side taking every trick left, typed
with `add`, taken back with `undo`, removed with `edit`."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest

from referee.games import get as get_game
from referee.games.kierki.playout import random_game as kierki_game
from referee.games.schmier.playout import random_game as schmier_game
from referee.games.schmier.score import game_value
from referee.history.session import Session
from referee.model import Deal, Key, Play, Result, Setup
from referee.notation import parse_card
from referee.store import savefile
from referee.store.claimkeys import TableClaim
from tests.helpers import cli_run, cut_plays, head, kierki_before, load_text

SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")

WISCONSIN = head("wisconsin-schmier") + '''
[[deals]]
dealer = "Ala"
bids = ["Bartek: pass", "Celina: pass", "Darek: pass", "Ala: 2"]
tricks = [
  "Ala: 8H 9H QS 10H",
  "Darek: 8D 9D QH AD",
  "Bartek: 7S 9S 8S AH",
  "Ala: 7H",
]
'''


def kierki_deal(n: int, body: str) -> str:
    return head() + kierki_before(n) + "\n[[deals]]\n" + body


# -- the keys: read, written, read again ------------------------------------------------------


@pytest.mark.parametrize("text", [
    kierki_deal(1, 'tricks = ["Bartek: 2C 5C KC AC", "Ala: 3D"]\nclaim = "Celina: rest"\n'),
    kierki_deal(8, 'trump = "S"\ntricks = ["Ala: AS 2S 5S 9S"]\nclaim = "ala: REST"\n'),
    WISCONSIN + 'claim = "Ala: rest"\nclaim_held = { Bartek = "JH KH" }\n'
                'claim_game_points = 20\n',
])
def test_the_keys_read_write_and_read_back_the_same(text: str) -> None:
    s = load_text(text)
    once = savefile.dumps(s.rules, s.setup, s.deals)
    rules, setup, deals = savefile.parse(tomllib.loads(once), "again.toml")
    assert [d.entries for d in deals] == [d.entries for d in s.deals]
    assert savefile.dumps(rules, setup, deals) == once
    claims = [e for d in deals for e in d.entries if isinstance(e, Key) and e.name == "claim"]
    assert len(claims) == 1 and isinstance(claims[0].value, TableClaim)
    assert "claim = " in once and (("claim_held" in once) == ("claim_held" in text))


def test_a_claim_and_its_answers_are_one_entry() -> None:
    s = load_text(WISCONSIN + 'claim = "Ala: rest"\nclaim_held = { Bartek = "JH" }\n'
                              'claim_game_points = 20\n')
    keys = [e for e in s.deals[0].entries if isinstance(e, Key)]
    assert [k.name for k in keys] == ["dealer", "claim"]
    assert keys[1].value == TableClaim("Ala", ((parse_card("JH"), "Bartek"),), 20)
    assert isinstance(s.deals[0].entries[-1], Key)  # after every card


@pytest.mark.parametrize(("text", "key"), [
    (kierki_deal(1, 'tricks = ["Bartek: 2C"]\nclaim = "Celina: 3"\n'), "claim"),
    (kierki_deal(1, 'tricks = ["Bartek: 2C"]\nclaim = "Zenon: rest"\n'), "claim"),
    (kierki_deal(1, 'tricks = ["Bartek: 2C"]\nclaim = 3\n'), "claim"),
    (kierki_deal(1, 'tricks = ["Bartek: 2C"]\nclaim = "Celina: rest"\n'
                    'claim_held = { Ala = "2H" }\n'), "claim_held"),
    (head() + kierki_before(12) + '\n[[deals]]\nturns = ["Darek: 7H"]\nclaim = "Ala: rest"\n',
     "claim"),
    (kierki_deal(2, 'outcome = { hearts = { Ala = 13 } }\nclaim = "Ala: rest"\n'), "claim"),
    (WISCONSIN + 'claim_held = { Celina = "JH" }\n', "claim_held"),
    (WISCONSIN + 'claim = "Ala: rest"\nclaim_held = { Celina = "XH" }\n', "claim_held.Celina"),
    (WISCONSIN + 'claim = "Ala: rest"\nclaim_held = { Zenon = "JH" }\n', "claim_held.Zenon"),
    (WISCONSIN + 'claim = "Ala: rest"\nclaim_held = { Celina = "JH", Ala = "JH" }\n',
     "claim_held.Ala"),
    (WISCONSIN + 'claim = "Ala: rest"\nclaim_held = { Celina = "2H" }\n', "claim_held.Celina"),
    (WISCONSIN + 'claim = "Ala: rest"\nclaim_game_points = 81\n', "claim_game_points"),
    (WISCONSIN + 'claim = "Ala: rest"\nclaim_game_points = "12"\n', "claim_game_points"),
])
def test_bad_values_are_one_line_naming_file_deal_and_key(tmp_path: Path, text: str,
                                                          key: str) -> None:
    p = tmp_path / "bad.toml"
    p.write_text(text)
    code, out, err = cli_run("score", str(p))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    assert str(p) in lines[0] and "deal " in lines[0] and f"key {key!r}" in lines[0]


# -- scoring: the claim against the deal played out ---------------------------------------------


def _cut_points(winners: list[str], side: dict[str, str]) -> int:
    """The first trick (0-based) from which one side won every trick."""
    k = len(winners) - 1
    while k > 0 and side[winners[k - 1]] == side[winners[-1]]:
        k -= 1
    return k


def _claimed_deal(deal: Deal, plays_before: int, claim: TableClaim) -> Deal:
    return Deal([*cut_plays(deal, plays_before).entries, Key("claim", claim)])


def _rows(res: Result, n: int) -> tuple[Any, ...]:
    d = res.deals[n - 1]
    return d.scores, d.finished, d.extra.get("points"), d.extra.get("result")


@pytest.mark.parametrize("hands_known", [True, False])
def test_kierki_claim_scores_as_the_deal_played_out(hands_known: bool) -> None:
    rules = get_game("kierki")
    checked = 0
    for seed in range(12):
        setup, deals = kierki_game(seed, hands_known=hands_known, deals=11)
        full = rules.replay(setup, deals)
        rng = random.Random(seed)
        for n in range(1, 12):
            st = full.state[n - 1]
            winners = [t.winner for t in st.tricks]
            k = _cut_points(winners, {p: p for p in setup.players})
            cut = 4 * k + rng.randrange(4)  # between two tricks or inside trick k + 1
            claimed = [*deals[:n - 1], _claimed_deal(deals[n - 1], cut,
                                                     TableClaim(winners[-1]))]
            res = rules.replay(setup, claimed)
            assert res.violations == [] and full.violations == []
            assert _rows(res, n) == _rows(full, n), (seed, n, k)
            assert res.totals == rules.replay(setup, deals[:n]).totals
            checked += 1
    assert checked == 12 * 11


def _answers(rules: Any, setup: Setup, prefix: list[Deal], deal: Deal, cut: int,
             claimer: str) -> TableClaim:
    """What the table says at the claim: who held the cards asked for (the player who played
    each later on), and the game points of every card played after the cut when asked."""
    open_deal = Deal(_claimed_deal(deal, cut, TableClaim(claimer)).entries[:-1])
    before = rules.replay(setup, [*prefix, open_deal])
    cards, points = rules.claim_questions(before, claimer)
    later = [e for e in deal.entries if isinstance(e, Play)][cut:]
    by_card = {e.cards[0]: e.player for e in later}
    held = tuple((c, by_card[c]) for c in cards if c in by_card)
    nobody = tuple(c for c in cards if c not in by_card)  # never played: not in play
    gp = sum(game_value(e.cards[0]) for e in later) if points else None
    return TableClaim(claimer, held, gp, nobody=nobody)


@pytest.mark.parametrize(("game", "players", "options", "hands_known", "record"), [
    ("wisconsin-schmier", SIX[:4], {}, True, True),
    ("wisconsin-schmier", SIX[:4], {}, False, True),
    ("wisconsin-schmier", SIX[:4], {"high_low": "in-play", "kitty_view": 2}, False, False),
    ("wisconsin-schmier", SIX[:4], {"kitty_view": 3}, True, True),
    ("schmier", SIX, {}, True, True),
    ("schmier", SIX, {}, False, True),
    ("schmier", SIX, {}, False, False),
])
def test_schmier_claim_scores_as_the_deal_played_out(game: str, players: tuple[str, ...],
                                                     options: dict[str, Any],
                                                     hands_known: bool, record: bool) -> None:
    rules = get_game(game)
    checked = asked = 0
    for seed in range(6):
        setup, deals = schmier_game(rules, players, seed, hands_known=hands_known,
                                    options=options, max_deals=8, record_exchange=record)
        full = rules.replay(setup, deals)
        states = full.state[0]
        rng = random.Random(seed)
        team_of = states[0].team_of
        for n, st in enumerate(states, 1):
            if not st.finished or st.redeal or len(st.tricks) != 6:
                continue
            winners = [t.winner or "" for t in st.tricks]
            k = _cut_points(winners, team_of)
            seats = len(players)
            cut = seats * k + rng.randrange(seats)
            if cut == 0:
                cut = 1  # Wisconsin: the first lead fixes trump
            claimer = rng.choice([p for p in players if team_of[p] == team_of[winners[-1]]])
            tc = _answers(rules, setup, deals[:n - 1], deals[n - 1], cut, claimer)
            asked += bool(tc.held) + (tc.game_points is not None)
            res = rules.replay(setup, [*deals[:n - 1], _claimed_deal(deals[n - 1], cut, tc)])
            assert [v for v in res.violations if v.deal == n] == \
                [v for v in full.violations if v.deal == n]
            assert _rows(res, n) == _rows(full, n), (seed, n, cut, tc)
            assert res.totals == rules.replay(setup, deals[:n]).totals
            checked += 1
    assert checked >= 20
    assert asked > 0 or hands_known  # hands unseen: the table had to answer


def test_an_answer_the_record_contradicts_is_a_violation() -> None:
    for answer, rule in (('claim_held = { Bartek = "AH" }', "outcome-total"),  # played
                         ("claim_game_points = 70", "outcome-total")):  # more than is out
        res = load_text(WISCONSIN + f'claim = "Ala: rest"\n{answer}\n').result()
        assert [(v.deal, v.rule) for v in res.violations] == [(1, rule)]


# Schmier, hearts trump: Bartek claims after one trick; AH and 2H were never played
SCHMIER_CLAIMED = head("schmier", SIX) + '''
[[deals]]
dealer = "Ala"
bids = ["Bartek: 3", "Celina: pass", "Darek: pass", "Ewa: pass", "Filip: pass", "Ala: pass"]
trump = "H"
tricks = ["Bartek: KH 3H 4H 5H 6H 7H"]
claim = "Bartek: rest"
claim_game_points = 30
'''


def test_schmier_needs_the_holder_of_high_and_low() -> None:
    text = SCHMIER_CLAIMED
    res = load_text(text).result()
    assert [v.rule for v in res.violations] == ["outcome-total"]  # AH and 2H: one breach
    fixed = load_text(text + 'claim_held = { Celina = "AH", Filip = "2H" }\n').result()
    assert fixed.violations == []
    pts = fixed.deals[0].extra["points"]
    assert pts["high"] == "Celina & Filip" and pts["low"] == "Celina & Filip"
    assert pts["right_bauer"] == pts["left_bauer"] == pts["joker"] == "Bartek & Ewa"
    assert pts["game"] == "Bartek & Ewa"


def test_a_named_card_proves_a_revoke_and_a_proven_revoke_stays() -> None:
    """Celina did not follow hearts at trick 1 (QS: no heart, no trump): the table says she
    held the jack of hearts at the claim, so she revoked there."""
    text = WISCONSIN + 'claim = "Ala: rest"\nclaim_game_points = 20\n'
    res = load_text(text + 'claim_held = { nobody = "JH" }\n').result()
    assert res.violations == []  # the cards not played prove nothing
    named = load_text(text + 'claim_held = { Celina = "JH" }\n').result()
    assert [(v.trick, v.player, v.rule, v.retro) for v in named.violations] == \
        [(1, "Celina", "follow-suit", True)]


def test_kierki_claim_does_not_prove_pending_voids() -> None:
    """Bartek showed out of clubs at trick 1; the clubs still out go to the claimer unseen:
    no violation. A revoke proven before the claim stays."""
    base = 'tricks = ["Bartek: 2C 5C KC AC", "Ala: 3D 9D 2H QD"]\n'
    res = load_text(kierki_deal(1, base + 'claim = "Ala: rest"\n')).result()
    assert res.violations == []
    proven = 'tricks = ["Bartek: 2C 5C 2H AC", "Ala: 3D 9D 10D 3C"]\nclaim = "Ala: rest"\n'
    res = load_text(kierki_deal(1, proven)).result()
    assert [(v.trick, v.player, v.rule) for v in res.violations] == \
        [(1, "Darek", "follow-suit")]


# -- after the claim ----------------------------------------------------------------------------


def test_entries_after_a_claim_are_refused_as_after_the_deal() -> None:
    s = load_text(kierki_deal(1, 'tricks = ["Bartek: 2C 5C KC AC"]\nclaim = "Ala: rest"\n'))
    deal = s.deals[0]
    deal.entries.append(Play("Ala", (parse_card("3D"),)))
    res = s.rules.replay(s.setup, s.deals)
    assert [(v.deal, v.rule, v.at) for v in res.violations] == \
        [(1, "turn-order", len(deal.entries) - 1)]
    assert res.deals[0].not_played == []
    # a claim written after the deal's last trick breaks turn-order too
    w = WISCONSIN.replace('  "Ala: 7H",\n', '  "Ala: 7H 10D 7D JS",\n  "Ala: JD QC JC AS",\n'
                          '  "Ala: JH 10S AC 8C",\n')
    res = load_text(w + 'claim = "Ala: rest"\n').result()
    assert [(v.deal, v.rule) for v in res.violations] == [(1, "turn-order")]


def test_a_typed_claim_ends_the_deal_and_the_next_follows() -> None:
    s = load_text(kierki_deal(1, 'tricks = ["Bartek: 2C 5C KC AC"]\n'))
    added = s.add('claim = "Ala: rest"')
    assert [type(e).__name__ for e in added.entries] == ["Key"]
    res = s.result()
    assert res.deals[0].finished and res.deals[0].scores["Ala"] == -20 * 13
    assert res.expect.new_deal and res.expect.deal == 2
    s.add("Celina: 2C")  # deal 2's first lead
    assert len(s.deals) == 2
    with pytest.raises(Exception, match="no deal is being played"):
        load_text(kierki_deal(1, 'outcome = { tricks = { Ala = 13 } }\n')).add(
            'claim = "Ala: rest"')


# -- replay --json ------------------------------------------------------------------------------


def test_replay_json_shows_the_claim(tmp_path: Path) -> None:
    p = tmp_path / "w.toml"
    p.write_text(WISCONSIN + 'claim = "Ala: rest"\nclaim_held = { Bartek = "JH" }\n'
                             'claim_game_points = 20\n')
    code, out, _err = cli_run("replay", str(p), "--json")
    assert code == 0
    deal = json.loads(out)["deals"][0]
    assert deal["claim"] == {"player": "Ala", "side": ["Ala", "Celina"], "tricks": 3,
                             "from_trick": 4, "held": {"Bartek": ["JH"]}, "game_points": 20}
    assert deal["tricks"][-1]["winner"] is None and len(deal["tricks"]) == 4
    assert deal["points"]["jack"] == "Ala & Celina"


# -- add, undo, edit ----------------------------------------------------------------------------


def test_add_then_undo_gives_the_file_back(tmp_path: Path) -> None:
    p = tmp_path / "w.toml"
    p.write_text(WISCONSIN)
    before = p.read_bytes()
    code, _out, err = cli_run("add", str(p), 'claim = "Ala: rest"; claim_held = { Bartek = '
                              '"JH" }; claim_game_points = 20')
    assert code == 0, err
    data = tomllib.loads(p.read_text())["deals"][0]
    assert data["claim"] == "Ala: rest" and data["claim_held"] == {"Bartek": "JH"}
    assert data["claim_game_points"] == 20
    assert Session.load(p).result().deals[0].finished
    code, out, _err = cli_run("undo", str(p), "--yes")  # it opens the deal again: --yes
    assert code == 0 and "took back 1 entry" in out
    assert p.read_bytes() == before


def test_edit_removes_a_claim(tmp_path: Path) -> None:
    p = tmp_path / "w.toml"
    p.write_text(WISCONSIN + 'claim = "Ala: rest"\nclaim_game_points = 20\n')
    s = Session.load(p)
    n = len(s.deals[0].entries)
    code, out, _err = cli_run("edit", str(p), "1")
    assert code == 0 and "claim_game_points = 20" in out
    code, _out, err = cli_run("edit", str(p), "1", "--entry", str(n), "--to", "delete")
    assert code == 0, err
    after = tomllib.loads(p.read_text())["deals"][0]
    assert "claim" not in after and "claim_game_points" not in after
    assert not Session.load(p).result().deals[0].finished


@pytest.mark.parametrize("typed", [
    'claim = "Ala: 3"',
    'claim = "Zenon: rest"',
    'claim_held = { Bartek = "JH" }',
    'claim = "Ala: rest"; claim_game_points = -1',
    'claim = "Ala: rest"; note = "x"',
    'claim = "Ala: rest"; claim = "Ala: rest"',
])
def test_add_of_a_bad_claim_is_one_line_exit_2(tmp_path: Path, typed: str) -> None:
    p = tmp_path / "w.toml"
    p.write_text(WISCONSIN)
    before = p.read_bytes()
    code, _out, err = cli_run("add", str(p), typed)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert p.read_bytes() == before


def test_add_of_a_claim_missing_an_answer_is_refused(tmp_path: Path) -> None:
    """Hands unseen, Game hangs on the cards still in hand: the claim needs their game
    points (exit 1, refused, nothing written)."""
    p = tmp_path / "w.toml"
    p.write_text(WISCONSIN)
    before = p.read_bytes()
    code, _out, err = cli_run("add", str(p), 'claim = "Ala: rest"')
    assert code == 1 and "outcome-total" in err
    assert p.read_bytes() == before


def test_kozel_has_no_claims(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    p.write_text(head("kozel") + "\n[[deals]]\ndealer = \"Ala\"\ntrump = \"D\"\n")
    code, _out, err = cli_run("add", str(p), 'claim = "Ala: rest"')
    assert code == 2 and "no claims" in err


def test_replay_and_explain_tell_the_claim(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    p.write_text(kierki_deal(1, 'tricks = ["Bartek: 2C 5C KC AC", "Ala: 3D"]\n'
                                'claim = "Celina: rest"\n'))
    code, out, _err = cli_run("replay", str(p), "--ascii")
    assert code == 0
    assert "Trick 2 (on the table): Ala 3D" in out
    assert "Celina claimed the rest, accepted: Celina takes tricks 2-13" in out
    w = tmp_path / "w.toml"
    w.write_text(WISCONSIN + 'claim = "Ala: rest"\nclaim_game_points = 20\n'
                 'claim_held = { Bartek = "JH" }\n')
    code, out, _err = cli_run("explain", str(w), "--deal", "1")
    assert code == 0 and "Ala & Celina take tricks 4-6" in out


def test_a_claim_before_the_play_is_refused_as_turn_order() -> None:
    from referee.errors import IllegalEntry

    s = load_text(head("wisconsin-schmier") + '\n[[deals]]\ndealer = "Ala"\n'
                  'bids = ["Bartek: pass", "Celina: 3"]\n')
    with pytest.raises(IllegalEntry) as bidding:
        s.add('claim = "Celina: rest"')
    s.add("Darek: pass")
    s.add("Ala: pass")
    with pytest.raises(IllegalEntry) as no_trump:  # the first lead fixes trump
        s.add('claim = "Celina: rest"')
    assert bidding.value.rule == no_trump.value.rule == "turn-order"
    s.add("Celina: AH")
    s.add('claim = "Celina: rest"; claim_held = { Celina = "7H", nobody = "JH" }; '
          'claim_game_points = 30')
    assert s.result().deals[0].extra["points"]["low"] == "Ala & Celina"


def test_explain_never_confirms_a_void_the_claim_left_unseen(tmp_path: Path) -> None:
    """Celina showed out of hearts at trick 1; the cards still in hand at the claim were not
    shown, so explain does not call her void confirmed."""
    w = tmp_path / "w.toml"
    w.write_text(WISCONSIN + 'claim = "Ala: rest"\nclaim_game_points = 20\n')
    code, out, _err = cli_run("explain", str(w), "--deal", "1", "--trick", "1")
    assert code == 0 and "Celina" in out
    assert "confirmed" not in out and "never shown" in out
    code, out, _err = cli_run("explain", str(w), "--deal", "1", "--trick", "4")
    assert code == 0 and "Ala claimed the rest" in out and "not finished" not in out
    k = tmp_path / "k.toml"
    k.write_text(kierki_deal(1, 'tricks = ["Bartek: 2C 5C 2H AC", "Ala: 3D"]\n'
                                'claim = "Ala: rest"\n'))
    code, out, _err = cli_run("explain", str(k), "--deal", "1", "--trick", "1")
    assert code == 0 and "confirmed" not in out and "never shown" in out
