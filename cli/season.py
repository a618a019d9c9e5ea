"""``referee audit`` and ``referee stats``: many save files at once (``referee.season``).

The files are refereed in worker processes (``--workers``, default one per core), a few files
to a task, with a bounded number of tasks in flight; the summaries come back in file order and
are folded as they come, so that memory stays flat however large the archive. Ctrl-C cancels
what has not started, prints what was done and exits 130.
"""

from __future__ import annotations

import datetime as _dt
import json
import sys
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import chain, islice
from pathlib import Path
from typing import Any

import typer

from cli.app import fail
from cli.safe import clean
from cli.workers import count, quiet
from referee.season import (
    FileSummary,
    Filter,
    Line,
    Season,
    Stats,
    find,
    summarize,
    summarize_many,
)

CHUNK = 4  # files to a task: few enough to keep the cores busy to the end


def _chunks(files: Iterator[Path], n: int) -> Iterator[list[str]]:
    batch: list[str] = []
    for f in files:
        batch.append(str(f))
        if len(batch) == n:
            yield batch
            batch = []
    if batch:
        yield batch


def summaries(paths: list[Path], workers: int) -> Iterator[FileSummary]:
    """Every file's summary, in file order, refereed over ``workers`` processes (one: here).
    At most a few tasks per worker are in flight; on Ctrl-C (or the reader stopping) the
    pending ones are cancelled."""
    files = find(paths)
    head = list(islice(files, CHUNK + 1))
    if workers <= 1 or len(head) <= CHUNK:  # one task at most (a single file): no pool
        for f in chain(head, files):
            yield summarize(f)
        return
    files = chain(head, files)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=quiet)
    pending: deque[Future[list[FileSummary]]] = deque()
    tasks = _chunks(files, CHUNK)
    try:
        for batch in tasks:
            pending.append(pool.submit(summarize_many, batch))
            if len(pending) >= 4 * workers:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    finally:
        for task in pending:
            task.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def _progress(total: int | None) -> Any:
    """A rich progress bar on stderr when stdout and stderr are a terminal, else None."""
    if not (sys.stdout.isatty() and sys.stderr.isatty()):
        return None
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    return Progress(TextColumn("refereeing"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=Console(stderr=True), transient=True)


def _count(paths: list[Path]) -> int:
    return sum(1 for _ in find(paths))


def _run(paths: list[Path], workers: int, each: Callable[[FileSummary], None]) -> bool:
    """Feed every summary to ``each``; False when Ctrl-C stopped it."""
    bar = _progress(None)
    try:
        if bar is None:
            for s in summaries(paths, workers):
                each(s)
            return True
        with bar:
            task = bar.add_task("files", total=_count(paths))
            for s in summaries(paths, workers):
                each(s)
                bar.advance(task)
        return True
    except KeyboardInterrupt:
        return False


def _check(paths: list[Path], workers: int | None) -> int:
    for p in paths:
        if not p.exists():
            fail(f"{p}: no such file or folder", 2)
    return count(workers)


def _rules_text(rules: dict[str, int]) -> str:
    return ", ".join(f"{r} ×{n}" if n > 1 else r for r, n in rules.items())


def file_line(s: FileSummary) -> str:
    """One line of ``audit``: the file, its game, finished or not, the winner, violations."""
    if s.error is not None:
        return f"{s.path}: cannot be read: {s.error}"
    state = "complete" if s.complete else "in progress"
    if s.winners:
        state += ", won by " + " and ".join(s.winners)
    v = s.rules()
    found = f"violations: {_rules_text(v)}" if v else "clean"
    return f"{s.path}: {s.game}, {state}; {found}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def summary_lines(season: Season) -> list[str]:
    games = ", ".join(f"{g} {n}" for g, n in sorted(season.games.items())) or "none"
    out = [f"{_plural(season.files, 'file')}; games: {games}"]
    if season.rules:
        out.append(f"violations in {_plural(season.with_violations, 'file')}: "
                   f"{_rules_text(dict(sorted(season.rules.items())))}")
        if season.players:
            out.append("by player: " + ", ".join(
                f"{p} {n}" for p, n in sorted(season.players.items())))
    else:
        out.append("no violations")
    if season.unreadable:
        out.append(f"could not be read: {_plural(len(season.unreadable), 'file')}")
        out.extend(f"  {f}" for f, _ in season.unreadable)
    return out


def audit(paths: list[Path], as_json: bool, workers: int | None) -> None:
    n = _check(paths, workers)
    season = Season()

    def each(s: FileSummary) -> None:
        season.add(s)
        if as_json:
            typer.echo(json.dumps(s.to_json(), ensure_ascii=False))
        else:
            typer.echo(clean(file_line(s)))

    done = _run(paths, n, each)
    if as_json:
        doc = season.to_json()
        if not done:
            doc["interrupted"] = True
        typer.echo(json.dumps(doc, ensure_ascii=False))
    else:
        if not done:
            typer.echo("interrupted: the files so far")
        for line in summary_lines(season):
            typer.echo(clean(line))
    if not done:
        sys.stdout.flush()
        sys.stderr.write("referee: interrupted; the files not yet refereed were left out\n")
        raise SystemExit(130)
    raise SystemExit(season.exit_code)


def _since(text: str | None) -> _dt.date | None:
    if text is None:
        return None
    try:
        return _dt.date.fromisoformat(text.strip())
    except ValueError:
        fail(f"--since takes a date like 2026-09-01, not {text!r}", 2)


def stats(paths: list[Path], game: str | None, player: str | None, since: str | None,
          chart: bool, as_json: bool, workers: int | None, ascii_only: bool) -> None:
    n = _check(paths, workers)
    if game is not None:
        from referee import games as registry

        game = registry.get(game).name
    st = Stats(Filter(game, player, _since(since)))
    if not _run(paths, n, st.add):
        sys.stderr.write("referee: interrupted\n")
        raise SystemExit(130)
    if as_json:
        typer.echo(json.dumps(st.to_json(), ensure_ascii=False))
        return
    if not st.files:
        typer.echo("no game matches" if st.skipped else "no game found")
        return
    from rich.console import Console

    con = Console(no_color=ascii_only, highlight=False)
    for i, g in enumerate(sorted(st.games)):
        if i:
            con.print()
        con.print(_table(st, g, ascii_only))
    if chart:
        typer.echo(chart_text(st, ascii_only))


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}".removesuffix(".0")


def _bids(ln: Line) -> str:
    return ", ".join(f"{b}: {m}/{s}" for b, (m, s) in sorted(ln.bids.items()))


def _table(st: Stats, game: str, ascii_only: bool) -> Any:
    """One game's table: a row per player, then per team."""
    from rich import box
    from rich.table import Table

    over = ("games: games finished; win %: won / games; mean score: of the games won"
            if game == "foursquare" else
            "ended: files whose game ended with a winner; win %: won / ended; average: over "
            "every file played")
    t = Table(title=clean(f"{game}: {_plural(st.games[game], 'file')}"),
              box=box.ASCII if ascii_only else box.SIMPLE_HEAD, title_justify="left",
              caption=over, caption_justify="left")
    rows = st.rows(game)
    if game == "foursquare":
        cols = ["name", "series", "games", "won", "win %", "mean score", "violations"]
        cells: list[Callable[[Line], str]] = [
            lambda ln: str(ln.played), lambda ln: str(ln.fs_games), lambda ln: str(ln.fs_won),
            lambda ln: _pct(ln.fs_win_rate), lambda ln: _num(ln.fs_mean_score)]
    else:
        cols = ["name", "played", "ended", "won", "win %", "average", "best"]
        cells = [lambda ln: str(ln.played), lambda ln: str(ln.decided), lambda ln: str(ln.won),
                 lambda ln: _pct(ln.win_rate), lambda ln: _num(ln.average),
                 lambda ln: "-" if ln.best is None else str(ln.best)]
        if game == "kozel":
            cols.append("goat")
            cells.append(lambda ln: "" if ln.team else str(ln.goat))
        if any(ln.bids for ln in rows):
            cols.append("bids made/set")
            cells.append(_bids)
        cols.append("violations")
    cells.append(lambda ln: _rules_text(dict(sorted(ln.rules.items()))) or "-")
    for col in cols:
        words = col in ("name", "violations", "bids made/set")
        t.add_column(col, justify="left" if words else "right",
                     no_wrap=not words)  # the figures keep their width: the words wrap
    for ln in rows:
        t.add_row(clean(ln.name), *[fn(ln) for fn in cells])
    return t


def chart_text(st: Stats, ascii_only: bool) -> str:
    """Each player's wins so far (Foursquare: games won) over the files in date order, drawn
    by plotext (the x axis is the file's number in the season, labelled with dates)."""
    from cli.chart import draw

    dates, ys = st.series()
    if len(dates) < 2 or not ys:
        return "not enough games to chart yet"
    from cli.render import colour_wanted, console

    xs = list(range(1, len(dates) + 1))
    step = max(1, (len(xs) + 5) // 6)
    ticks = [x for x in xs if (x - 1) % step == 0]
    return draw(xs, {clean(n): v for n, v in ys.items()},
                (ticks, [dates[x - 1] for x in ticks]), "wins so far",
                "game of the season (by date)", ascii_only,
                not ascii_only and colour_wanted(console(ascii_only)))
