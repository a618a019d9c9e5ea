"""Box tables without rich (cli.grid): rich's box shapes, justification, wide characters,
wrapping to the room there is, colour only when asked for."""

from __future__ import annotations

import io
import sys

import pytest

from cli import grid
from cli.grid import Column
from cli.plain import BOLD, DIM, RESET, Style, visible

PLAIN = Style(False, False)
COLUMNS = [Column("a"), Column("bb", right=True, footer="3")]
ROWS = [["x", "1"], ["yyy", "22"]]


def test_heavy_head_box() -> None:
    assert grid.table("T", COLUMNS, ROWS, PLAIN) == [
        "T",
        "┏━━━━━┳━━━━┓",
        "┃ a   ┃ bb ┃",
        "┡━━━━━╇━━━━┩",
        "│ x   │  1 │",
        "│ yyy │ 22 │",
        "├─────┼────┤",
        "│     │  3 │",
        "└─────┴────┘",
    ]


def test_ascii_box() -> None:
    assert grid.table("T", COLUMNS, ROWS, Style(True, True)) == [
        "T",
        "+----------+",
        "| a   | bb |",
        "|-----+----|",
        "| x   |  1 |",
        "| yyy | 22 |",
        "|-----+----|",
        "|     |  3 |",
        "+----------+",
    ]


@pytest.mark.parametrize("ascii_only", [False, True])
def test_the_same_shape_as_rich(ascii_only: bool) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    t = Table(title="Title", title_justify="left", show_footer=True,
              box=box.ASCII if ascii_only else box.HEAVY_HEAD)
    t.add_column("deal", justify="right", footer="total")
    t.add_column("contract")
    t.add_column("Ala", justify="right", footer="-40")
    rows = [["1", "no tricks", "-20 (-20)"], ["2 !", "Ala 2, trump ♥", "-20 (-40)"]]
    for r in rows:
        t.add_row(*r)
    con = Console(file=io.StringIO(), width=200, color_system=None)
    con.print(t)
    theirs = [x.rstrip() for x in con.file.getvalue().splitlines()]  # type: ignore[attr-defined]
    columns = [Column("deal", True, "total"), Column("contract"), Column("Ala", True, "-40")]
    assert grid.table("Title", columns, rows, Style(ascii_only, False)) == theirs


def test_wide_characters_take_two_cells_and_combining_marks_none() -> None:
    assert grid.cells("李雷") == 4 and grid.cells("😀") == 2 and grid.cells("Zoe\u0301") == 3
    lines = grid.table("", [Column("李雷", right=True), Column("x")],
                       [["😀", "Zoe\u0301"], ["1", "ab"]], PLAIN)
    assert lines[1] == "┃ 李雷 ┃ x   ┃"
    assert lines[3] == "│   😀 │ Zoe\u0301 │"
    assert len({grid.cells(x) for x in lines}) == 1


def test_narrow_room_wraps_at_spaces_widest_column_first() -> None:
    columns = [Column("deal", right=True), Column("contract"), Column("Ala", right=True)]
    rows = [["1", "not the 7th or the last trick", "-20 (-20)"],
            ["12", "all penalties at once", "+800 (995)"]]
    wide = grid.table("", columns, rows, PLAIN)
    assert {grid.cells(x) for x in wide} == {53}
    narrow = grid.table("", columns, rows, PLAIN, limit=40)
    assert {grid.cells(x) for x in narrow} == {40}
    assert narrow[3:5] == ["│    1 │ not the 7th or   │  -20 (-20) │",  # the scores kept whole
                           "│      │ the last trick   │            │"]
    tight = grid.table("", columns, rows, PLAIN, limit=10)  # never below the longest word
    assert tight[7:9] == ["│   12 │ all       │  +800 │", "│      │ penalties │ (995) │"]
    words = " ".join(x.replace("│", " ") for x in tight[3:-1]).split()
    assert sorted(words) == sorted(" ".join(" ".join(r) for r in rows).split())


def test_colour_only_when_asked_and_kept_on_every_wrapped_line() -> None:
    assert all("\x1b" not in x for x in grid.table("T", COLUMNS, ROWS, PLAIN))
    st = Style(False, True)
    lines = grid.table("", [Column("who", footer="sum")], [[st.dim("0 so far")]], st, limit=8)
    assert lines[1] == f"┃ {BOLD}who{RESET}  ┃"
    assert lines[3:5] == [f"│ {DIM}0 so{RESET} │", f"│ {DIM}far{RESET}  │"]
    assert lines[6] == f"│ {BOLD}sum{RESET}  │"
    assert [visible(x) for x in lines] == grid.table("", [Column("who", footer="sum")],
                                                     [["0 so far"]], PLAIN, limit=8)


def test_room_is_the_terminal_or_columns_else_none(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert grid.available_width() is None  # a file or a pipe gets full lines
    monkeypatch.setenv("COLUMNS", "50")
    assert grid.available_width() == 50
    monkeypatch.setattr(sys, "stdout", Tty())
    monkeypatch.setenv("COLUMNS", "77")
    assert grid.available_width() == 77
