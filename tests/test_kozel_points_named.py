"""Kozel's card points typed at the prompt (`points 70 50`, `70-50`) are the table's count,
not a seat's action (docs/kozel.md): a seated player's name in front is taken as the line
unnamed; a name that is nobody's is unreadable (exit 2, nothing kept), as before a trump
line (`tests/test_trump_named_by.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.history.session import Session
from tests.helpers import cli_run
from tests.test_trump_named_by import new


@pytest.mark.parametrize("line", ["points 70 50", "70-50"])
def test_a_points_line_with_a_name_that_is_nobody_s_is_unreadable(tmp_path: Path,
                                                                   line: str) -> None:
    path = new(tmp_path / "k.toml", "kozel")
    before = path.read_bytes()
    code, _out, err = cli_run("add", str(path), f"Zed: {line}")
    assert code == 2 and "Zed" in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before


@pytest.mark.parametrize("line", ["points 70 50", "70-50"])
def test_a_seated_name_before_the_points_is_the_line_unnamed(tmp_path: Path, line: str
                                                             ) -> None:
    got = []
    for name, typed in (("named.toml", f"Celina: {line}"), ("bare.toml", line)):
        path = new(tmp_path / name, "kozel")
        code, _out, err = cli_run("add", str(path), typed)
        assert code == 0, err
        got.append(Session.load(path).deals)
    assert got[0] == got[1]
