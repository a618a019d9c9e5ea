"""The running totals as a chart in the terminal, drawn by plotext (imported only here)."""

from __future__ import annotations

import shutil
from typing import Any

from cli.plain import clean, names_of
from referee import model
from referee.model import Result

# a marker of its own per player or team (ASCII, so that any terminal shows it): a chart piped
# into a file or drawn without colour can still be read
MARKERS = ("*", "+", "x", "o", "#", "@", "%", "&")


def series(res: Result) -> tuple[list[int], dict[str, list[int]]]:
    """The deal numbers of the finished deals and each name's running total after them,
    starting from 0 before the first deal."""
    names = names_of(res)
    xs: list[int] = [0]
    out: dict[str, list[int]] = {n: [0] for n in names}
    for d, running in zip(res.deals, model.running_totals(res.deals, names), strict=True):
        if not d.finished or d.scores is None:
            continue
        xs.append(d.number)
        for n in names:
            out[n].append(running[n])
    return xs, out


def running_totals(res: Result, ascii_only: bool = False, width: int | None = None,
                   height: int | None = None, colour: bool = True) -> str:
    """The chart as text (with colour codes unless ``colour`` is false or ``ascii_only``)."""
    from referee import games

    unit = games.get(res.setup.game).unit
    xs, ys = series(res)
    if len(xs) < 2:
        return f"no finished {unit} to chart yet"
    step = max(1, (xs[-1] + 11) // 12)
    ticks = [x for x in xs if x % step == 0 or x == xs[-1]]

    title = clean(res.setup.title or res.setup.game)
    return draw(xs, ys, (ticks, [str(x) for x in ticks]), f"{title}: running totals",
                unit, ascii_only, colour, width, height)


def draw(xs: list[int], ys: dict[str, list[int]], xticks: tuple[list[int], list[str]],
         title: str, xlabel: str, ascii_only: bool, colour: bool, width: int | None = None,
         height: int | None = None) -> str:
    """A line a name over ``xs``, each with a marker of its own (``MARKERS``), drawn by
    plotext, and the legend on a line of its own under the chart, where it covers no line."""
    import plotext as plt

    cols, rows = shutil.get_terminal_size((100, 30))
    w = width or max(40, min(cols, 120))
    h = height or max(12, min(rows - 5, 24))
    fig: Any = plt.figure
    fig.clear()
    fig.plot_size(w, h)
    plain = ascii_only or not colour
    fig.theme("colorless" if plain else "simple")
    for i, ys_n in enumerate(ys.values()):
        sig = fig.signal(xs, ys_n, marker=MARKERS[i % len(MARKERS)])
        sig.lines()
        fig.draw(sig)
    fig.ruler(axis=0).ticks(*xticks)
    fig.ruler(axis=1).ticks(nice_ticks(min(min(v) for v in ys.values()),
                                       max(max(v) for v in ys.values())))
    fig.title(title)
    fig.label(xlabel, axis=0)
    out = str(fig.build().string(colorless=plain))
    fig.clear()
    legend = "   ".join(f"{MARKERS[i % len(MARKERS)]} {clean(n)}" for i, n in enumerate(ys))
    out = f"{out.rstrip()}\n  {legend}"
    return out.translate(box_to_ascii()) if ascii_only else out


def box_to_ascii() -> dict[int, str]:
    """plotext's frame and legend box (Unicode box drawing) as ``-``, ``|`` and ``+``."""
    import unicodedata

    out = {}
    for cp in range(0x2500, 0x2580):
        name = unicodedata.name(chr(cp), "")
        out[cp] = "-" if name.endswith("HORIZONTAL") else "|" if name.endswith("VERTICAL") \
            else "+"
    return out


def nice_ticks(lo: int, hi: int, want: int = 6) -> list[int]:
    """Round numbers from below ``lo`` to above ``hi``, about ``want`` of them."""
    span = max(1, hi - lo)
    step = 1
    for base in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000):
        step = base
        if span / base <= want:
            break
    start = (lo // step) * step
    out: list[int] = []
    v = start
    while v <= hi + step - 1 and len(out) < 40:
        out.append(v)
        v += step
    return out
