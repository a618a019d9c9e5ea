"""The running totals as a chart in the terminal, drawn by plotext."""

from __future__ import annotations

from typing import Any

from referee.model import Result


def running_totals(res: Result, ascii_only: bool = False, width: int = 78,
                   height: int = 18) -> str:
    import plotext as plt

    names = [" & ".join(t) for t in res.teams] if res.teams else list(res.setup.players)
    plt.clear_figure()
    plt.plotsize(width, height)
    if ascii_only:
        plt.theme("clear")
    xs: list[int] = []
    series: dict[str, list[int]] = {n: [] for n in names}
    running = {n: 0 for n in names}
    for d in res.deals:
        if not d.finished or d.scores is None:
            continue
        xs.append(d.number)
        for n in names:
            running[n] += d.scores.get(n, 0)
            series[n].append(running[n])
    if not xs:
        return "no finished deal to chart yet"
    for n in names:
        plt.plot(xs, series[n], label=n, marker="dot" if ascii_only else "braille")
    plt.title("running totals")
    plt.xlabel("deal")
    out: Any = plt.build()
    return str(out)
