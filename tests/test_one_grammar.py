"""Issue 29 ("Trust III"), the entry grammar and the table's small lies: one grammar at the
prompt and in ``add`` (several bids on one line), names (did you mean, ``b 3d``), a line of
several entries all or nothing and saying so, one redraw per line and no contract while the
bidding is open, an undo that opens a finished deal asks, ``explain`` with no deal, the total
row while a deal is open, Ctrl-C in ``play`` exits 130."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.history.session import Session
from referee.model import Bid, Play
from tests.helpers import cli_run, spawn
from tests.test_new_user import play

FOUR = ["Ala", "Bartek", "Celina", "Darek"]
NOTHING = "nothing of this line was entered"
DEAL_1 = ["Celina: 2S 9S 8S JS", "Bartek: 3H JH 9H 10H", "Celina: 5S 10S 3S 4S",
          "Darek: 2H 5H 4H 7H", "Celina: AH 7D 6C 8H", "Celina: 6S 2C QS 7S",
          "Ala: JC 9C 4C 8C", "Ala: 5C AC 7C QC", "Bartek: KD 9D 5D QD", "Bartek: QH KH 2D JD",
          "Celina: AS 4D 10D 6H", "Celina: KS 3D AD 3C", "Celina: 10C 8D KC 6D"]


def new(p: Path, game: str = "wisconsin-schmier", players: list[str] = FOUR,
        *extra: str) -> Path:
    code, _, err = cli_run("new", game, str(p), *(x for n in players for x in ("-p", n)),
                           *extra)
    assert code == 0, err
    return p


def bids(p: Path) -> list[tuple[str, int | None]]:
    return [(e.player, e.value) for d in Session.load(p).deals for e in d.entries
            if isinstance(e, Bid)]


def plays(p: Path) -> list[tuple[str, str]]:
    return [(e.player, str(e.cards[0])) for d in Session.load(p).deals for e in d.entries
            if isinstance(e, Play)]


# -- item 1: several bids on one line, the same in add and at the prompt ----------------------


@pytest.mark.parametrize("line", ["2 pass pass pass", "Bartek: 2 pass pass pass",
                                  "b 2 pass pass pass", "B 2 P P P"])
def test_add_and_the_prompt_read_several_bids_alike(tmp_path: Path, line: str) -> None:
    by_add = new(tmp_path / "add.toml")
    at_prompt = new(tmp_path / "prompt.toml")
    code, _, err = cli_run("add", str(by_add), line)
    assert code == 0, err
    play(at_prompt, line, "quit")
    assert bids(by_add) == [("Bartek", 2), ("Celina", None), ("Darek", None), ("Ala", None)]
    assert by_add.read_bytes() == at_prompt.read_bytes().replace(b"prompt.toml", b"add.toml")


# -- item 2: names -----------------------------------------------------------------------------


def test_a_misspelt_name_says_the_closest_one(tmp_path: Path) -> None:
    p = new(tmp_path / "k.toml", "kierki")
    code, _, err = cli_run("add", str(p), "celna: 9s")
    assert code == 2 and "did you mean Celina?" in err
    out = play(p, "celna: 9s", "quit")
    assert "did you mean Celina?" in out


def test_a_misspelt_name_without_a_colon_says_the_line_it_may_mean(tmp_path: Path) -> None:
    """'celna 9s' (no colon): the name is not read as a name, so the line is refused as
    cards; the refusal offers 'Celina: 9s', in add and at the prompt alike, and keeps
    nothing."""
    p = new(tmp_path / "k.toml", "kierki")
    before = p.read_bytes()
    code, _, err = cli_run("add", str(p), "celna 9s")
    assert code == 2 and "did you mean 'Celina: 9s'?" in err and p.read_bytes() == before
    assert "did you mean 'Celina: 9s'?" in play(p, "celna 9s", "quit")
    code, _, err = cli_run("add", str(p), "zzz 9s")  # nothing close: no guess
    assert code == 2 and "did you mean" not in err


def test_a_name_prefix_and_a_space_names_the_player(tmp_path: Path) -> None:
    p = new(tmp_path / "k.toml", "kierki")  # Ala deals, Bartek leads
    code, _, err = cli_run("add", str(p), "b 3d")
    assert code == 0, err
    play(p, "c 5d", "quit")
    code, _, err = cli_run("add", str(p), "7d 9d")  # a line of cards stays cards
    assert code == 0, err
    assert plays(p) == [("Bartek", "3D"), ("Celina", "5D"), ("Darek", "7D"), ("Ala", "9D")]


def test_a_word_the_game_reads_is_that_word_before_a_name(tmp_path: Path) -> None:
    """Pat is seated, yet 'p' is a pass: a bid word, like a card, is read as such first."""
    p = new(tmp_path / "w.toml", "wisconsin-schmier", ["Pat", "Bob", "Cy", "Dan"])
    code, _, err = cli_run("add", str(p), "p 2")
    assert code == 0, err
    assert bids(p) == [("Bob", None), ("Cy", 2)]


# -- item 3: a line of several entries is all or nothing, and says so -------------------------


def test_several_bids_are_all_or_nothing_in_add_and_at_the_prompt(tmp_path: Path) -> None:
    p = new(tmp_path / "w.toml")
    before = p.read_bytes()
    code, _, err = cli_run("add", str(p), "3 2")  # Celina's 2 is not higher
    assert code == 1 and "rule bid-higher" in err and NOTHING in err
    out = play(p, "3 2", "quit")
    assert "rule bid-higher" in out and NOTHING in out
    assert p.read_bytes() == before


def test_several_cards_are_all_or_nothing_and_say_so(tmp_path: Path) -> None:
    p = new(tmp_path / "k.toml", "kierki")
    before = p.read_bytes()
    code, _, err = cli_run("add", str(p), "3d 7d 1s")
    assert code == 2 and NOTHING in err
    assert NOTHING in play(p, "3d 7d 1s", "quit")
    assert p.read_bytes() == before


def test_one_redraw_per_line_and_no_contract_while_the_bidding_is_open(tmp_path: Path
                                                                       ) -> None:
    p = new(tmp_path / "w.toml")
    out = play(p, "2 pass", "pass pass", "quit").split("'help' for help", 1)[1]
    draws = out.split("Deal 1 — ")[1:]
    assert len(draws) == 3  # on opening, and once after each line (not once a bid)
    assert "bids: Bartek 2, Celina pass" in draws[1] and "contract" not in draws[1]
    assert "contract: Bartek 2" in draws[2]  # the bidding is over


# -- item 4: an undo that opens a finished deal asks ------------------------------------------


def deal_1_over(tmp_path: Path) -> Path:
    p = new(tmp_path / "k.toml", "kierki", FOUR, "--dealer", "Bartek")
    code, _, err = cli_run("add", str(p), *DEAL_1)
    assert code == 0, err
    assert Session.load(p).result().expect.deal == 2
    return p


def test_an_undo_into_a_finished_deal_needs_yes_in_a_script(tmp_path: Path) -> None:
    p = deal_1_over(tmp_path)
    before = p.read_bytes()
    code, _, err = cli_run("undo", str(p))
    assert code == 2 and "--yes" in err and "deal 1, which is finished" in err
    assert p.read_bytes() == before
    code, out, err = cli_run("undo", str(p), "--yes")
    assert code == 0 and "took back 1 entry" in out


def test_an_undo_into_a_finished_deal_asks_at_the_prompt(tmp_path: Path) -> None:
    p = deal_1_over(tmp_path)
    before = p.read_bytes()
    out = play(p, "undo", "n", "quit")
    assert "which is finished (the prompt is at deal 2)" in out and "nothing changed" in out
    assert p.read_bytes() == before
    out = play(p, "undo", "y", "quit")
    assert "took back 1 entry" in out
    assert Session.load(p).result().expect.deal == 1


def test_an_undo_of_a_claimed_score_does_not_ask(tmp_path: Path) -> None:
    p = deal_1_over(tmp_path)
    claimed = "claimed = { Ala = -60, Bartek = -60, Celina = -120, Darek = -20 }"
    assert cli_run("add", str(p), claimed)[0] == 0
    code, out, err = cli_run("undo", str(p))  # the claimed score: it opens nothing
    assert code == 0 and "took back 1 entry" in out, err


# -- item 5: explain with no deal, the total row while a deal is open -------------------------


def test_explain_without_a_deal_explains_the_last_trick_played(tmp_path: Path) -> None:
    p = new(tmp_path / "k.toml", "kierki", FOUR, "--dealer", "Bartek")
    assert cli_run("add", str(p), *DEAL_1[:2])[0] == 0
    code, out, err = cli_run("explain", str(p), "--ascii")
    assert code == 0, err
    assert out == cli_run("explain", str(p), "--ascii", "--deal", "1", "--trick", "2")[1]
    assert "Trick 2:" in out
    assert cli_run("add", str(p), "Celina: 5S")[0] == 0  # trick 3 on the table
    assert "Trick 3:" in cli_run("explain", str(p))[1]
    assert "Trick 3:" in play(p, "explain", "quit").split("'help' for help")[1]


def test_the_total_row_says_it_holds_the_finished_deals_only(tmp_path: Path) -> None:
    p = new(tmp_path / "k.toml", "kierki", FOUR, "--dealer", "Bartek")
    assert cli_run("add", str(p), *DEAL_1[:2])[0] == 0
    code, out, _ = cli_run("score", str(p), "--ascii")
    assert "-20 so far" in out
    assert "total: finished deals only; deal 1 is in progress and counts once it is over" in out
    assert "finished deals only" in cli_run("export", str(p), "--format", "markdown")[1]
    csv_total = cli_run("export", str(p))[1].splitlines()[-1]
    assert csv_total.startswith("total,") and "finished deals only" in csv_total
    from tests.test_serve import client  # the page's sheet says it with the same words

    page = client(p).get("/score").text
    assert "total: finished deals only; deal 1 is in progress and counts once it is over" \
        in page
    assert cli_run("add", str(p), *DEAL_1[2:])[0] == 0  # deal 1 over: nothing open
    assert "finished deals only" not in cli_run("score", str(p))[1]
    assert "finished deals only" not in client(p).get("/score").text


# -- item 6: Ctrl-C in play exits 130, Ctrl-D and quit 0 --------------------------------------




@pytest.mark.parametrize(("key", "code"), [("c", 130), ("d", 0)])
def test_ctrl_c_at_the_prompt_exits_130_and_ctrl_d_0(tmp_path: Path, key: str, code: int
                                                      ) -> None:
    pexpect = pytest.importorskip("pexpect")
    p = new(tmp_path / "k.toml", "kierki")
    t = spawn(tmp_path, "play", p.name)
    t.expect("Bartek to lead")
    t.sendline("Bartek: 2C")
    t.expect("Celina to follow")
    t.sendcontrol(key)
    t.expect("saved to k.toml")
    t.expect(pexpect.EOF)
    t.close()
    assert t.exitstatus == code
    assert plays(p) == [("Bartek", "2C")]


def test_ctrl_c_at_the_new_game_questions_exits_130(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    t = spawn(tmp_path, "play")
    t.expect("Game")
    t.sendcontrol("c")
    t.expect("nothing written")
    t.expect(pexpect.EOF)
    t.close()
    assert t.exitstatus == 130
    assert not list(tmp_path.iterdir())
