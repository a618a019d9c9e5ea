"""Bad files get one clear line naming the file, deal and key; good files round-trip."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import SaveFileError, WriteFailed
from referee.history.session import Session
from referee.store import savefile
from tests.helpers import head

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


def bad(tmp_path: Path, text: str) -> str:
    p = tmp_path / "bad.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(SaveFileError) as e:
        savefile.load(p)
    msg = str(e.value)
    assert "\n" not in msg and str(p) in msg
    return msg


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="no such file"):
        savefile.load(tmp_path / "nope.toml")


def test_broken_toml(tmp_path: Path) -> None:
    assert "not valid TOML" in bad(tmp_path, "format = 1\ngame = \n")


@pytest.mark.parametrize("text", [
    '[[deals]]\nhands = {\n  Ala = "2C" }\n',  # an inline table over two lines
    '[[deals]]\nnote = "\\e"\n',  # the escape \e
])
def test_toml_1_1_is_refused_as_tomllib_refuses_it(tmp_path: Path, text: str) -> None:
    # the file is read with tomli (tomllib, compiled) when installed: it must read exactly
    # what tomllib reads (TOML 1.0), or a file would load here and fail with the spec's reader
    assert "not valid TOML" in bad(tmp_path, head() + text)


def test_wrong_format(tmp_path: Path) -> None:
    assert "'format'" in bad(tmp_path, head().replace("format = 1", "format = 2"))


def test_unknown_game(tmp_path: Path) -> None:
    assert "'game'" in bad(tmp_path, head(game="bridge"))


def test_unknown_top_key(tmp_path: Path) -> None:
    assert "'colour'" in bad(tmp_path, head() + 'colour = "red"\n')


def test_unknown_deal_key(tmp_path: Path) -> None:
    msg = bad(tmp_path, head() + '\n[[deals]]\ntrix = ["Bartek: 2C"]\n')
    assert "deal 1" in msg and "'trix'" in msg


def test_wrong_type(tmp_path: Path) -> None:
    msg = bad(tmp_path, head() + '\n[[deals]]\ntricks = "Bartek: 2C"\n')
    assert "deal 1" in msg and "'tricks'" in msg


def test_unreadable_card(tmp_path: Path) -> None:
    msg = bad(tmp_path, head() + '\n[[deals]]\ntricks = ["Bartek: 2C 11H"]\n')
    assert "deal 1" in msg and "11H" in msg


def test_player_not_seated(tmp_path: Path) -> None:
    msg = bad(tmp_path, head() + '\n[[deals]]\ntricks = ["Zbyszek: 2C"]\n')
    assert "deal 1" in msg and "Zbyszek" in msg


def test_wrong_player_count(tmp_path: Path) -> None:
    assert "'players'" in bad(tmp_path, head(players=("Ala", "Bartek")))


def test_bad_option(tmp_path: Path) -> None:
    assert "options.trump_chooser" in bad(tmp_path, head() + '[options]\ntrump_chooser = "me"\n')


def test_short_trick_in_the_middle(tmp_path: Path) -> None:
    msg = bad(tmp_path, head() + '\n[[deals]]\ntricks = ["Bartek: 2C 3C", "Ala: 4C 5C 6C 7C"]\n')
    assert "tricks[1]" in msg


def test_outcome_and_tricks_together(tmp_path: Path) -> None:
    bad(tmp_path, head() + '\n[[deals]]\ntricks = ["Bartek: 2C"]\n'
        'outcome = { tricks = { Ala = 13 } }\n')


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_samples_round_trip(path: Path) -> None:
    rules, setup, deals = savefile.load(path)
    text = savefile.dumps(rules, setup, deals)
    import tomllib

    _, setup2, deals2 = savefile.parse(tomllib.loads(text), str(path))
    assert setup2 == setup and [d.entries for d in deals2] == [d.entries for d in deals]


def test_atomic_write_keeps_the_old_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    from referee.model import Setup

    p = tmp_path / "g.toml"
    s = Session.create(p, Setup("kierki", ("Ala", "Bartek", "Celina", "Darek"), "Ala"))
    s.add("Bartek: 2C")
    before = p.read_text()

    def boom(*a: object, **k: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", boom)
    with pytest.raises(WriteFailed):  # names the save file; the game is as before
        s.add("3C")
    assert p.read_text() == before
    assert s.text() == before  # the refused save left the game as the file holds it
    assert not [x for x in tmp_path.iterdir() if x.name.endswith(".tmp")]


def test_saving_keeps_the_file_mode(tmp_path: Path) -> None:
    from referee.model import Setup

    p = tmp_path / "m.toml"
    s = Session.create(p, Setup("kierki", ("Ala", "Bartek", "Celina", "Darek"), "Ala"))
    p.chmod(0o644)
    s.add("Bartek: 2C")
    assert p.stat().st_mode & 0o777 == 0o644
