"""A refusal on the laptop names nobody's face-down card: entering a card that another seat
laid face down (Kozel's discard, a Schmier exchange discard) is refused `card-duplicate`, and
the line says neither who laid it nor at which trick (the whole table reads that screen); a
collision with a card laid face up still names its player (that is public)."""

from __future__ import annotations

from pathlib import Path

from referee.errors import IllegalEntry
from referee.history.session import Session
from tests.helpers import FOUR, cli_run

SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")


def new(path: Path, game: str, players: tuple[str, ...]) -> Path:
    code, _, err = cli_run("new", game, str(path), "--dealer", "Ala",
                           *(x for n in players for x in ("-p", n)))
    assert code == 0, err
    return path


def add(path: Path, *entries: str) -> None:
    code, _, err = cli_run("add", str(path), *entries)
    assert code == 0, err


def refused(path: Path, entry: str) -> str:
    """``add``'s refusal line of ``entry`` (exit 1)."""
    code, _, err = cli_run("add", str(path), entry)
    assert code == 1, err
    lines = [x for x in err.splitlines() if "refused" in x]
    assert len(lines) == 1, err
    return lines[0]


def kozel(tmp: Path, private: bool) -> Path:
    """Kozel, trick 1: Bartek leads J♦, Celina discards 7♠ face down (named: typed, or from
    her phone with her hand shown to the referee)."""
    path = new(tmp / "k.toml", "kozel", FOUR)
    add(path, "trump 9H")
    if private:
        code, _, err = cli_run("hand", str(path), "Celina", "7S", "8S", "9S", "10S")
        assert code == 0, err
    add(path, "Bartek: JD", "Celina: ~7S")
    return path


def test_kozel_a_card_discarded_face_down_is_refused_without_its_player(
        tmp_path: Path) -> None:
    for private in (False, True):
        (tmp_path / str(private)).mkdir()
        path = kozel(tmp_path / str(private), private)
        line = refused(path, "Darek: 7S")
        assert line.endswith("rule card-duplicate"), line
        assert "Celina" not in line and "trick" not in line, line


def test_kozel_a_card_played_face_up_is_still_refused_with_its_player(tmp_path: Path) -> None:
    path = kozel(tmp_path, private=True)
    line = refused(path, "Darek: JD")
    assert line.endswith("rule card-duplicate"), line
    assert "Bartek" in line and "trick 1" in line, line


def test_kozel_a_registered_card_gone_with_an_unseen_discard_names_nobody(
        tmp_path: Path) -> None:
    """Celina, her hand shown to the referee alone, discards one card unseen (`~?`): 7♠ is
    in her hand or in the trick; Darek's 7♠ is refused without saying it was hers."""
    path = new(tmp_path / "k.toml", "kozel", FOUR)
    add(path, "trump 9H")
    code, _, err = cli_run("hand", str(path), "Celina", "7S", "8S", "9S", "10S")
    assert code == 0, err
    add(path, "Bartek: JD", "Celina: ~?")
    line = refused(path, "Darek: 7S")
    assert line.endswith("rule card-not-held"), line
    assert "Celina" not in line, line


def test_kozel_the_table_mode_refuses_a_face_down_card_without_its_player(
        tmp_path: Path) -> None:
    from tests.test_new_user import play

    path = kozel(tmp_path, private=True)
    out = play(path, "Darek: 7S", "Darek: JD", "quit")
    lines = [x for x in out.splitlines() if "refused" in x]
    assert len(lines) == 2, out
    assert "card-duplicate" in lines[0] and "Celina" not in lines[0], lines[0]
    assert "card-duplicate" in lines[1] and "Bartek" in lines[1], lines[1]


def schmier(tmp: Path) -> Path:
    """Schmier, a private deal: Bartek shows the referee his hand, wins the bidding, names
    ♥ and discards 7♠ at the exchange (face down); Ala, the dealer, discards 16 unseen."""
    path = new(tmp / "s.toml", "schmier", SIX)
    code, _, err = cli_run("hand", str(path), "Bartek", "AH", "KH", "7S", "8S", "9C", "10D")
    assert code == 0, err
    add(path, "Bartek: 3", *(f"{p}: pass" for p in SIX[2:] + SIX[:1]), "Bartek: trump H",
        "Bartek: discard 7S", *(f"{p}: discard 0" for p in SIX[2:]), "Ala: discard 16",
        "Bartek: AH")
    return path


def test_schmier_a_card_discarded_at_the_exchange_is_refused_without_its_player(
        tmp_path: Path) -> None:
    path = schmier(tmp_path)
    line = refused(path, "Celina: 7S")
    assert line.endswith("rule card-duplicate"), line
    assert "Bartek" not in line, line
    s = Session.load(path)
    try:
        s.add("Celina: AH")  # face up: public, named
    except IllegalEntry as e:
        assert e.rule == "card-duplicate" and "Bartek" in str(e), str(e)
    else:
        raise AssertionError("a card played twice was accepted")


def test_kozel_a_registered_hand_discarded_whole_unseen_names_nobody(tmp_path: Path) -> None:
    """Celina's whole hand (shown to the referee alone) goes face down unseen: 7♠ is in
    that trick for certain; Darek's 7♠ is `card-duplicate`, naming neither her nor the
    trick."""
    path = new(tmp_path / "k.toml", "kozel", FOUR)
    add(path, "trump 9H")
    code, _, err = cli_run("hand", str(path), "Celina", "7S", "8S", "9S", "10S")
    assert code == 0, err
    add(path, "Bartek: JD QD KD AD", "Celina: ~? ? ? ?")
    line = refused(path, "Darek: 7S 6C 6H 6D")
    assert line.endswith("rule card-duplicate"), line
    assert "Celina" not in line and "trick" not in line, line
