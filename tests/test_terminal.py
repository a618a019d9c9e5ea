"""`referee play` in a real pseudo-terminal, for every installed game.

Each game: start from the empty prompt (`referee play` with no file: the questions), enter
bids and a few tricks (or placements), get an illegal entry refused with its rule id, undo,
redo, edit an earlier entry and keep the change, show the score, leave with Ctrl-C, resume
exactly there. Also: SIGHUP (the terminal closed) loses nothing; a hostile name is shown
literally; `referee play FILE` on a missing file offers to create it.
"""

from __future__ import annotations

import os
import re
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import spawn

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
GAP = r"(?:\x1b\[[0-9;]*m|\s)+"  # spaces, perhaps with colour codes between


def installed(game: str) -> bool:
    from cli.start import installed_games

    return game in installed_games()




@dataclass
class Spec:
    game: str
    players: list[str]
    steps: list[tuple[str, str]]  # typed, what the screen then shows
    illegal: tuple[str, str]  # typed, rule id
    undo_shows: str  # after 'undo': the prompt
    redo_shows: str
    more: list[tuple[str, str]] = field(default_factory=list)  # after redo
    edit: tuple[str, str, str, str] = ("", "", "", "")  # command, row regex, new text, shows
    resume_shows: str = ""
    answers: dict[str, str] = field(default_factory=dict)  # question -> answer


KIERKI = Spec(
    "kierki", ["Ala", "Bartek", "Celina", "Darek"],
    [("Bartek: 2C 5C KC AC", "Ala to lead"), ("Ala: 3D 9D", "Celina to follow")],
    ("Ala: 10D", "turn-order"),
    "Bartek to follow", "Celina to follow",
    [("Celina: 2D", "Darek to follow"), ("Darek: 4D", "Bartek to lead — trick 3")],
    ("edit 1 2", r"(\d+)\s+trick 2\s+Darek:", "Darek: 10D", "Darek to lead — trick 3"),
    "Darek to lead — trick 3",
)

WISCONSIN = Spec(
    "wisconsin-schmier", ["Ala", "Bartek", "Celina", "Darek"],
    [("Bartek: pass", "Celina to bid"), ("Celina: 2", "Darek to bid"),
     ("Darek: pass", "Ala to bid"), ("Ala: 3", "Ala to lead"),
     ("Ala: AH 7H 9H 10H", "Ala to lead — trick 2"), ("Ala: KS 8S", "Celina to")],
    ("Ala: 9S", "turn-order"),
    "Bartek to", "Celina to",
    [("Celina: 9S", "Darek to"), ("Darek: 7S", "Ala to lead — trick 3")],
    ("edit 1 2", r"(\d+)\s+trick 2\s+Darek:", "Darek: AS", "Darek to lead — trick 3"),
    "Darek to lead — trick 3",
)

SCHMIER = Spec(
    "schmier", ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip"],
    [("Bartek: 3", "Celina to bid"), ("Celina: pass", "Darek to bid"),
     ("Darek: pass", "Ewa to bid"), ("Ewa: pass", "Filip to bid"),
     ("Filip: pass", "Ala to bid"), ("Ala: pass", "name trump"),
     ("Bartek: trump H", "Bartek discards"), ("Bartek: discard 0", "Celina discards"),
     ("Celina: discard 2C", "Darek discards"), ("Darek: discard 0", "Ewa discards"),
     ("Ewa: discard 0", "Filip discards")],
    ("Filip: discard 2H", "discard-trump"),
    "Ewa discards", "Filip discards",
    [("Filip: discard 0", "Ala takes"), ("Ala: discard 16", "Bartek to lead"),
     ("Bartek: AH 3H 5H 7H 9H 4H", "Bartek to lead — trick 2")],
    ("edit 1 1", r"(\d+)\s+trick 1\s+Filip:", "Filip: 2H", "Bartek to lead — trick 2"),
    "Bartek to lead — trick 2",
)

KOZEL = Spec(
    "kozel", ["Ala", "Bartek", "Celina", "Darek"],
    [('trump = "S"', "Bartek to lead"), ("Bartek: 10H KH", "Celina to")],
    ("Celina: AH 6D", "beat"),
    "Bartek to lead", "Celina to",
    [("Celina: ~7C 8C", "Darek to"), ("Darek: ~9C 6C", "Ala to"),
     ("Ala: ~7D 8D", "Bartek to lead .*trick 2")],
    ("edit 1 1", r"(\d+)\s+trick 1\s+Darek:", "Darek: 6S 7S", "Darek to lead .*trick 2"),
    "Darek to lead .*trick 2",
)

FOURSQUARE = Spec(
    "foursquare", ["Solo"],
    [("7H 0,0", "turn 2"), ("3C 0,1", "turn 3")],
    ("5S 5,5", "grid-adjacent"),
    "turn 2", "turn 3",
    [("9D 1,0", "turn 4")],
    ("edit 1", r"(\d+)\s+place\s+3\S* 0,1", "3C 0,-1", "turn 4"),
    "turn 4",
)

SPECS = [KIERKI, WISCONSIN, SCHMIER, KOZEL, FOURSQUARE]


def default_house_rules(t: Any) -> None:
    """Enter for every house rule (each is introduced by a line "name — what it does"),
    up to the question about virtual cards."""
    while t.expect(["virtual cards", r"  [a-z_]+ — "]) == 1:
        t.expect(r"\]:")
        t.sendline("")


def start_from_nothing(t: Any, spec: Spec, file: str) -> None:
    """`referee play` with no file: answer every question (defaults for the house rules)."""
    t.expect("Game \\(name or number\\)")
    t.sendline(spec.game)
    for name in spec.players:
        t.expect("Player \\d")
        t.sendline(name)
    if len(spec.players) > 1:
        t.expect("First dealer")
        t.sendline("")
    default_house_rules(t)
    t.sendline("n")
    t.expect("Save the game in")
    t.sendline(file)
    t.expect(f"created {file}")


@pytest.mark.parametrize("spec", SPECS, ids=[s.game for s in SPECS])
def test_a_game_at_the_table(tmp_path: Path, spec: Spec) -> None:
    if not installed(spec.game):
        pytest.skip(f"{spec.game} is not installed yet")
    t = spawn(tmp_path, "play")
    start_from_nothing(t, spec, "g.toml")
    for typed, shows in spec.steps:
        t.sendline(typed)
        t.expect(shows)
    typed, rule = spec.illegal
    t.sendline(typed)
    t.expect("refused")
    t.expect(f"rule {rule}")
    t.sendline("undo")
    t.expect("took back 1 entry")
    t.expect(spec.undo_shows)
    t.sendline("redo")
    t.expect("redone")
    t.expect(spec.redo_shows)
    for typed, shows in spec.more:
        t.sendline(typed)
        t.expect(shows)
    command, row, new, shows = spec.edit
    t.sendline(command)
    t.expect(row.replace(r"\s+", GAP))
    number = t.match.group(1)
    t.expect("Entry to replace")
    t.sendline(number)
    t.expect("with what")
    t.sendline(new)
    t.expect("Keep this change")
    t.sendline("y")
    t.expect("changed and saved")
    t.expect(shows)
    t.sendline("score")
    t.expect("score sheet")
    t.expect("total")
    t.expect(spec.resume_shows)
    t.sendcontrol("c")
    t.expect("saved to g.toml")
    t.expect(pexpect.EOF)
    t.close()
    assert t.exitstatus == 130  # Ctrl-C: as every command; everything was saved (issue 29)
    saved = (tmp_path / "g.toml").read_text()
    assert new.split()[-1].upper().replace("~", "") in saved.upper()
    assert not list(tmp_path.glob(".g.toml.*.tmp"))
    # resume exactly where it stopped
    t = spawn(tmp_path, "play", "g.toml")
    t.expect(spec.resume_shows)
    t.sendline("quit")
    t.expect("saved to")
    t.expect(pexpect.EOF)


def new_kierki(tmp_path: Path, name: str = "t.toml", *players: str) -> Path:
    from typer.testing import CliRunner

    from cli.app import app

    p = tmp_path / name
    names = players or ("Ala", "Bartek", "Celina", "Darek")
    args = ["new", "kierki", str(p)]
    for n in names:
        args += ["-p", n]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    return p


def test_hang_up_loses_nothing(tmp_path: Path) -> None:
    p = new_kierki(tmp_path)
    t = spawn(tmp_path, "play", p.name)
    t.expect("Bartek to lead")
    t.sendline("Bartek: 2C 5C KC AC")
    t.expect("Ala to lead")
    t.sendline("Ala: 3D")
    t.expect("Bartek to follow")
    t.kill(signal.SIGHUP)  # the terminal closed, at the prompt
    t.expect(pexpect.EOF)
    t.close()
    from referee.history.session import Session

    s = Session.load(p)
    assert s.result().expect.prompt.startswith("Bartek to follow")
    assert not list(tmp_path.glob(f".{p.name}.*.tmp"))
    # closing the terminal itself (the pty) while at the prompt
    t = spawn(tmp_path, "play", p.name)
    t.expect("Bartek to follow")
    t.sendline("Bartek: 9D")
    t.expect("Celina to follow")
    t.close(force=True)
    assert Session.load(p).result().expect.prompt.startswith("Celina to follow")


def test_missing_file_offers_to_create_it(tmp_path: Path) -> None:
    t = spawn(tmp_path, "play", "new.toml")
    t.expect("does not exist. Start a new game there")
    t.sendline("")
    t.expect("Game")
    t.sendline("1")
    for n in ("Ala", "Bartek", "Celina", "Darek"):
        t.expect("Player")
        t.sendline(n)
    t.expect("First dealer")
    t.sendline("Bar")
    default_house_rules(t)
    t.sendline("")
    t.expect("created new.toml")
    t.expect("Celina to lead")  # Bartek deals, so Celina leads
    t.sendcontrol("d")
    t.expect("saved to")
    t.expect(pexpect.EOF)
    assert 'first_dealer = "Bartek"' in (tmp_path / "new.toml").read_text()
    # and saying no writes nothing
    t = spawn(tmp_path, "play", "other.toml")
    t.expect("Start a new game there")
    t.sendline("n")
    t.expect("nothing written")
    t.expect(pexpect.EOF)
    assert not (tmp_path / "other.toml").exists()


def test_hostile_name_is_shown_literally(tmp_path: Path) -> None:
    p = new_kierki(tmp_path, "h.toml", "[bold red]Ala", "Bartek\u202e", "Cel\x9bina", "Darek")
    t = spawn(tmp_path, "play", p.name)
    t.expect(re.escape("[bold red]Ala"))
    t.expect(re.escape("Bartek\\u202e"))
    t.expect(re.escape("Cel\\x9bina"))
    t.expect("to lead")
    t.sendline("score")
    t.expect(re.escape("[bold red]Ala"))
    t.sendline("x" * 3000)
    t.expect("at most 2000")
    t.sendline("quit")
    t.expect(pexpect.EOF)


def test_tab_completes_cards_and_commands(tmp_path: Path) -> None:
    p = new_kierki(tmp_path)
    t = spawn(tmp_path, "play", p.name)
    t.expect("Bartek to lead")
    t.expect(re.escape("\x1b[?2004h"))  # the line editor has the line: Tab is its key
    t.send("sco")
    t.expect("sco")  # drawn before Tab: the completion is then drawn as the rest, "re"
    t.send("\t")
    t.expect("re")
    t.send("\x15")  # Ctrl-U: clear the line
    t.send("Bartek: 2\t\t")
    t.expect("2♣")
    t.send("\x1b\x15")
    t.sendline("Bartek: 2C")
    t.expect("Celina to follow")
    t.sendline("quit")
    t.expect(pexpect.EOF)


def test_plain_pipe_without_terminal(tmp_path: Path) -> None:
    """Not a terminal: plain input(), no colour codes, the same commands."""
    import subprocess

    p = new_kierki(tmp_path)
    r = subprocess.run([sys.executable, "-m", "cli", "play", p.name, "--ascii"], cwd=tmp_path,
                       input="Bartek: 2C 5C KC AC\nAla: ZZ\nexplain 1 1\nundo\nscore\nquit\n",
                       capture_output=True, text=True, timeout=30,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert r.returncode == 0, r.stderr
    assert "Ala to lead" in r.stdout and "cannot read that" in r.stdout
    assert "took back 1 entry" in r.stdout and "score sheet" in r.stdout
    assert "Winner: Ala" in r.stdout  # explain 1 1
    assert "\x1b[" not in r.stdout and "♣" not in r.stdout


def test_typeahead_before_the_editor_attaches_is_kept(tmp_path: Path) -> None:
    """The prompt is drawn before prompt_toolkit is loaded; what is typed at once is kept."""
    p = new_kierki(tmp_path)
    t = spawn(tmp_path, "play", p.name)
    t.expect(re.escape("(deal 1: no tricks)"))
    t.send("Bartek: 2C 5C\r")  # at once: the line editor is most likely not there yet
    t.expect("Darek to follow")
    t.sendline("quit")
    t.expect(pexpect.EOF)
    assert '"Bartek: 2C 5C"' in p.read_text()


def test_a_finished_game_shows_the_sheet_and_the_winner(tmp_path: Path) -> None:
    import json
    import shutil
    import subprocess

    p = tmp_path / "done.toml"
    shutil.copy(ROOT / "sample_games" / "kierki-complete.toml", p)
    winner = json.loads((ROOT / "sample_games" / "kierki-complete.expected.json").read_text())[
        "winner"]
    r = subprocess.run([sys.executable, "-m", "cli", "play", p.name], cwd=tmp_path, input="",
                       capture_output=True, text=True, timeout=30,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert r.returncode == 0, r.stderr
    assert "score sheet" in r.stdout and "The game is over." in r.stdout
    assert str(winner if isinstance(winner, str) else winner[0]) in r.stdout.split("over.")[-1]


def test_a_series_goes_on_after_a_game(tmp_path: Path) -> None:
    """Foursquare: a game lost is not the end of the file; the next game can start."""
    import shutil
    import subprocess

    if not installed("foursquare"):
        pytest.skip("foursquare is not installed yet")
    p = tmp_path / "fs.toml"
    shutil.copy(ROOT / "sample_games" / "foursquare-lost-facedown.toml", p)
    r = subprocess.run([sys.executable, "-m", "cli", "play", p.name], cwd=tmp_path,
                       input="5S 0,0\nquit\n", capture_output=True, text=True, timeout=30,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert r.returncode == 0, r.stderr
    assert "game 2" in r.stdout.lower() and "turn 2" in r.stdout
