"""Every command through the one Typer app: --help of each, --version, shell completion through
typer's completion protocol, and the single error boundary (exit codes, one line, no traceback).

Start-up speed is measured by benchmarks/startup.py, never asserted here."""

from __future__ import annotations

import ast
import importlib.util
import os
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app, main
from referee import games
from referee.solve import core
from referee.store.filelock import is_locked

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
COMMANDS = ["games", "rules", "new", "add", "undo", "redo", "status", "score", "export", "replay",
            "explain", "analyze", "hint", "play", "edit", "audit", "stats", "claim", "serve",
            "seats", "hand"]


def referee() -> list[str]:
    exe = Path(sys.executable).with_name("referee")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "cli"]


def env(**extra: str) -> dict[str, str]:
    e = {k: v for k, v in os.environ.items() if not k.startswith("_REFEREE")}
    return dict(e, PYTHONPATH=str(ROOT), **extra)


def complete(line: str, shell: str = "bash") -> list[str]:
    """What the shell gets for ``line`` (the word after its last space is being typed),
    asked as typer's completion script asks the installed program."""
    words = line.split(" ")
    if shell == "bash":
        extra = {"COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)}
    else:
        extra = {"_TYPER_COMPLETE_ARGS": line}
    r = subprocess.run(referee(), capture_output=True, text=True, timeout=60,
                       env=env(_REFEREE_COMPLETE=f"complete_{shell}", **extra))
    assert r.returncode == 0 and r.stderr == ""
    return r.stdout.split()


# --- one app, every command -----------------------------------------------------------------

def test_the_app_has_one_function_per_command() -> None:
    from typer.main import get_command

    group = get_command(app)
    assert sorted(group.commands) == sorted(COMMANDS)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_answers_help_through_typer(name: str) -> None:
    r = CliRunner().invoke(app, [name, "--help"], prog_name="referee")
    assert r.exit_code == 0
    assert r.stdout.startswith(f"Usage: referee {name} ")


def test_the_top_level_help_lists_every_command_and_the_completion_options() -> None:
    r = CliRunner().invoke(app, ["--help"], prog_name="referee")
    assert r.exit_code == 0
    listed = r.stdout.split("Commands:")[1].split()
    assert all(name in listed for name in COMMANDS)
    for option in ("--version", "--install-completion", "--show-completion"):
        assert option in r.stdout


def test_cli_app_parses_no_argv_by_hand() -> None:
    """The old fast paths (``_fast_play``, ``_fast_view``) are gone: cli/app.py reads no
    sys.argv and defines only the boundary and the entry point."""
    source = (ROOT / "cli" / "app.py").read_text()
    assert "argv[" not in source and "sys.argv" not in source
    tree = ast.parse(source)
    functions = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert functions == {"guarded", "fail", "interrupted", "__getattr__", "main", "usage_line"}


@pytest.mark.parametrize("args", [["score"], ["status"], ["replay", "--json"],
                                  ["play", "--ascii"]])
def test_the_read_only_views_and_play_go_through_typer(args: list[str]) -> None:
    """On the original code these forms were dispatched by hand and never loaded typer.
    (``play`` on this finished game shows the sheet and says it is over.)"""
    path = str(SAMPLES / "kierki-complete.toml")
    code = ("import atexit, sys\n"
            "atexit.register(lambda: print('typer' in sys.modules, file=sys.stderr))\n"
            "from cli.app import main\n"
            f"main({[args[0], path, *args[1:]]!r})\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=env(), timeout=60, stdin=subprocess.DEVNULL)
    assert r.stderr.splitlines()[-1] == "True"


def test_help_does_not_load_rich_or_its_markdown() -> None:
    """``rich_markup_mode=None``: --help is click's plain formatter (typer's rich help would
    import rich and its Markdown parser, the costliest part of a start-up)."""
    code = ("import atexit, sys\n"
            "atexit.register(lambda: print(*sorted(m for m in sys.modules\n"
            "                if m.split('.')[0] in ('rich', 'markdown_it')), file=sys.stderr))\n"
            "from cli.app import main\n"
            "main(['--help'])\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=env(), timeout=60)
    assert r.returncode == 0 and "Commands:" in r.stdout
    assert r.stderr == "\n"


# --- --version --------------------------------------------------------------------------------

def test_version_prints_the_installed_version() -> None:
    r = subprocess.run(referee() + ["--version"], capture_output=True, text=True, env=env(),
                       timeout=60)
    assert r.returncode == 0 and r.stderr == ""
    assert r.stdout == f"referee {version('referee')} (search core: {core.name()})\n"


@pytest.mark.parametrize("pure", ["1", ""])
def test_version_says_which_search_core_runs(pure: str) -> None:
    r = subprocess.run(referee() + ["--version"], capture_output=True, text=True,
                       env=env(REFEREE_PURE=pure), timeout=60)
    built = importlib.util.find_spec("referee.solve._core") is not None
    want = "compiled" if built and not pure else "pure Python"
    assert r.returncode == 0 and r.stdout.endswith(f"(search core: {want})\n")


def test_version_comes_before_anything_else_on_the_line() -> None:
    r = CliRunner().invoke(app, ["--version", "score", "nothere.toml"])
    assert r.exit_code == 0 and r.stdout.startswith("referee ")


# --- shell completion ---------------------------------------------------------------------------

def test_show_completion_prints_a_script_for_the_referee() -> None:
    r = subprocess.run(referee() + ["--show-completion", "bash"], capture_output=True,
                       text=True, env=env(), timeout=60)
    assert r.returncode == 0 and "_REFEREE_COMPLETE=complete_bash" in r.stdout


def test_commands_and_options_complete() -> None:
    assert complete("referee sc") == ["score"]
    assert set(complete("referee ")) == set(COMMANDS)
    assert "--json" in complete("referee score --")
    assert "--version" in complete("referee --")


@pytest.mark.parametrize("command", ["new", "rules"])
def test_game_names_complete(command: str) -> None:
    assert complete(f"referee {command} ") == games.names()
    assert complete(f"referee {command} wis") == ["wisconsin-schmier"]
    assert complete(f"referee {command} k") == ["kierki", "kozel"]


@pytest.mark.parametrize("game", ["kierki", "kozel", "wisconsin-schmier"])
def test_option_keys_complete_for_new_from_the_game_argument(game: str) -> None:
    keys = [f"{o.name}=" for o in games.get(game).options]
    assert keys and complete(f"referee new {game} g.toml -o ") == keys
    assert complete(f"referee new {game} g.toml -p Ala --option ") == keys
    assert complete(f"referee new {game} g.toml -o zzz") == []


@pytest.mark.parametrize("sample", ["kierki-complete", "wisconsin-complete", "kozel-in-progress"])
def test_option_keys_complete_for_score_from_the_files_game(sample: str) -> None:
    import tomllib

    path = SAMPLES / f"{sample}.toml"
    game = tomllib.loads(path.read_text())["game"]
    keys = [f"{o.name}=" for o in games.get(game).options]
    assert keys and complete(f"referee score {path} -o ") == keys
    assert complete(f"referee score {path} --json -o ") == keys


def test_an_options_values_complete_after_its_key() -> None:
    kierki = {o.name: o for o in games.get("kierki").options}
    flag = next(n for n, o in kierki.items() if isinstance(o.default, bool))
    assert complete(f"referee new kierki g.toml -o {flag}=") == [f"{flag}=true", f"{flag}=false"]
    assert complete(f"referee new kierki g.toml -o {flag}=f") == [f"{flag}=false"]
    assert complete(f"referee new kierki g.toml -o {flag[:-1]}") == \
        [f"{flag}=true", f"{flag}=false"]  # one key: its values (bash adds no space)
    chosen = next(n for n, o in kierki.items() if o.choices and not isinstance(o.default, bool))
    assert complete(f"referee new kierki g.toml -o {chosen}=") == \
        [f"{chosen}={c}" for c in kierki[chosen].choices]


def test_option_keys_offer_nothing_without_a_known_game(tmp_path: Path) -> None:
    assert complete("referee new nosuchgame g.toml -o ") == []
    assert complete(f"referee score {tmp_path / 'none.toml'} -o ") == []
    bad = tmp_path / "bad.toml"
    bad.write_text("this is not = = toml")
    assert complete(f"referee score {bad} -o ") == []


def test_rule_ids_complete_for_rules() -> None:
    ids = [rid for rid, _ in games.get("kierki").rules]
    assert complete("referee rules kierki ") == ids
    assert complete("referee rules kierki fan") == [i for i in ids if i.startswith("fan")]
    assert "follow-suit" in ids


def test_dealer_completes_from_the_players_given() -> None:
    line = "referee new kierki g.toml -p Ala -p Bartek -p Celina -p Darek --dealer "
    assert complete(line) == ["Ala", "Bartek", "Celina", "Darek", "random"]
    assert complete(line + "B") == ["Bartek"]


def test_player_names_complete_from_the_files() -> None:
    folder = ROOT / "sample_games"
    got = complete(f"referee stats {folder} --player ")
    assert {"Ala", "Bartek", "Celina", "Darek"} <= set(got)
    assert complete(f"referee stats {folder} --player Bar") == ["Bartek"]
    assert complete(f"referee stats {folder / 'kierki-complete.toml'} --player ") == \
        ["Ala", "Bartek", "Celina", "Darek"]


def test_zsh_completion_carries_each_values_help() -> None:
    out = subprocess.run(referee(), capture_output=True, text=True, timeout=60,
                         env=env(_REFEREE_COMPLETE="complete_zsh",
                                 _TYPER_COMPLETE_ARGS="referee new ")).stdout
    assert "kierki" in out and games.get("kierki").summary.split()[0] in out


# --- rules GAME RULE ------------------------------------------------------------------------

def test_rules_with_a_rule_id_shows_that_rule() -> None:
    r = CliRunner().invoke(app, ["rules", "kierki", "follow-suit"])
    text = dict(games.get("kierki").rules)["follow-suit"]
    assert r.exit_code == 0 and r.stdout == f"follow-suit: {text}\n"
    r = CliRunner().invoke(app, ["rules", "kierki", "no-such-rule"])
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1


# --- the error boundary ---------------------------------------------------------------------

@pytest.mark.parametrize("command", ["score", "status", "replay", "play"])
def test_a_missing_file_is_one_line_and_exit_2(command: str, tmp_path: Path) -> None:
    """(In a folder that exists, ``play`` offers to start a new game there instead.)"""
    missing = tmp_path / "gone" / "none.toml"
    r = subprocess.run(referee() + [command, str(missing)], capture_output=True, text=True,
                       env=env(), timeout=60, stdin=subprocess.DEVNULL)
    assert r.returncode == 2
    assert len(r.stderr.splitlines()) == 1 and r.stderr.startswith("referee: ")
    assert "Traceback" not in r.stderr and r.stdout == ""


def test_an_interrupt_in_any_command_is_one_line_and_exit_130(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """On the original code an interrupt in a command typer ran became click's "Aborted!"
    with exit 1."""
    def stop() -> list[str]:
        raise KeyboardInterrupt

    monkeypatch.setattr(games, "names", stop)
    with pytest.raises(SystemExit) as e:
        main(["games"])
    assert e.value.code == 130
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_a_refused_entry_releases_the_files_lock(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    shutil.copy(SAMPLES / "kierki-in-progress.toml", path)
    with pytest.raises(SystemExit) as e:
        main(["add", str(path), "Nobody: XX"])
    assert e.value.code in (1, 2)
    assert not is_locked(path)


def test_a_reader_that_went_away_ends_a_typer_command_quietly() -> None:
    read, write = os.pipe()
    os.close(read)
    try:
        r = subprocess.run(referee() + ["rules", "kierki"], stdout=write,
                           stderr=subprocess.PIPE, env=env(), timeout=60)
    finally:
        os.close(write)
    assert r.returncode == 1 and r.stderr == b""


@pytest.mark.parametrize("argv", [["replay"], ["score", "--bogus", "x"], ["frob"],
                                  ["explain", "x.toml", "--deal", "abc"], ["new", "kierki"]])
def test_a_usage_error_is_one_line_with_exit_2(argv: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Typer parses the command line; what it refuses is said on one line that names the
    command and where its help is, exit 2 (not click's four-line usage block)."""
    from cli.app import main

    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("referee: ")
    assert "--help'" in err and "Usage:" not in err


def test_bare_referee_still_shows_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    from cli.app import main

    with pytest.raises(SystemExit) as e:
        main([])
    assert e.value.code == 2
    assert "Commands:" in capsys.readouterr().err


def test_an_exit_code_from_a_callback_is_kept(capsys: pytest.CaptureFixture[str]) -> None:
    from cli.app import main

    with pytest.raises(SystemExit) as e:
        main(["replay", "sample_games/kierki-revoke.toml", "--json"])
    assert e.value.code == 1  # typer.Exit(1): the game holds a violation
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
