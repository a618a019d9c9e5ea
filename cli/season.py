"""``referee audit`` and ``referee stats``: many save files at once (``referee.views.season``).

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
from cli.plain import TO_ASCII
from cli.safe import clean
from cli.workers import count, quiet
from referee.views.season import (
    FileSummary,
    Filter,
    Season,
    Stats,
    find,
    summarize,
    summarize_many,
)
from referee.words import either

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
    doc = st.to_json()
    for i, (g, figures) in enumerate(doc["games"].items()):
        if i:
            con.print()
        for k, t in enumerate(tables(g, figures, con.width, ascii_only)):
            if k:
                con.print()
            con.print(t)
    if chart:
        typer.echo(chart_text(st, ascii_only))


def cell(row: dict[str, Any], key: str, dash: str = "-") -> str:
    """One figure of a stats row (``Stats.to_json``) as the tables show it, in the terminal
    and on the page: rounded already, so only written out here."""
    if key not in row:
        return ""  # a team's goat or bids
    v = row[key]
    if v is None:
        return dash
    if key == "win_pct":
        return f"{v}%"
    if key == "violations":
        return _rules_text(v) or dash
    if key == "bids":
        return ", ".join(f"{b}: {x['made']}/{x['set']}" for b, x in v.items()) or dash
    if isinstance(v, float):
        return f"{v:.1f}".removesuffix(".0")
    return str(v)


def legend(cols: list[dict[str, Any]]) -> str:
    """What the columns mean, said under the table."""
    return "; ".join(f"{c['header']}: {c['means']}" for c in cols if c["means"])


def tables(game: str, g: dict[str, Any], width: int, ascii_only: bool) -> list[Any]:
    """One game's table; where it would not fit ``width`` columns without cutting a header,
    a figure or a word, several: the figures first (as many columns to a table as fit), then
    the words (bids made/set, violations) with only the rows that have any, each table
    beginning with the names."""
    cols = g["columns"]
    rows = g["players"] + g["teams"]
    title = f"{game}: {_plural(g['files'], 'file')}"
    wide: dict[str, int] = dict(zip((c["key"] for c in cols), _widths(cols, rows),
                                    strict=True))
    name, rest = cols[0], cols[1:]

    def fits(group: list[dict[str, Any]]) -> bool:
        return sum(wide[c["key"]] for c in [name, *group]) + 3 * (len(group) + 1) + 1 <= width

    if fits(rest):
        return [_table(title, cols, rows, legend(cols), ascii_only)]
    groups: list[list[dict[str, Any]]] = []
    for part in ([c for c in rest if not c["words"]], [c for c in rest if c["words"]]):
        start = len(groups)
        for c in part:
            if len(groups) == start or not fits([*groups[-1], c]):
                groups.append([])
            groups[-1].append(c)
    out = []
    for k, group in enumerate(groups):
        these = [name, *group]
        shown = rows
        if all(c["words"] for c in group):
            shown = said(rows, group)
            if not shown:
                continue
        head = title if k == 0 else f"{game}: " + either((c["header"] for c in group), "and")
        out.append(_table(head, these, shown, legend(these), ascii_only))
    return out


def said(rows: list[dict[str, Any]], cols: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows with something in one of these columns (a bid, a violation)."""
    return [r for r in rows if any(cell(r, c["key"], "") for c in cols)]


def _widths(cols: list[dict[str, Any]], rows: list[dict[str, Any]]) -> list[int]:
    """Each column's narrowest width that cuts nothing: a figure's whole width, the longest
    word of a column of words (headers included)."""
    from rich.cells import cell_len

    out = []
    for c in cols:
        texts = [c["header"]] + [clean(cell(r, c["key"])) for r in rows]
        if c["words"]:
            out.append(max(cell_len(w) for t in texts for w in t.split()))
        else:
            out.append(max(cell_len(t) for t in texts))
    return out


def _table(title: str, cols: list[dict[str, Any]], rows: list[dict[str, Any]], caption: str,
           ascii_only: bool) -> Any:
    """A table a row each: the figures keep their width (right-aligned, never wrapped), the
    words wrap between words, never inside one (each column at least its longest word:
    three columns between columns, one at each edge, is what the box and padding take)."""
    from rich import box
    from rich.table import Table

    t = Table(title=clean(title), box=box.ASCII if ascii_only else box.SIMPLE_HEAD,
              title_justify="left", caption=caption or None, caption_justify="left")
    for c, w in zip(cols, _widths(cols, rows), strict=True):
        t.add_column(c["header"], justify="left" if c["words"] else "right",
                     no_wrap=not c["words"], min_width=w)
    for r in rows:
        texts = [clean(cell(r, c["key"])) for c in cols]
        t.add_row(*[x.translate(TO_ASCII) if ascii_only else x for x in texts])
    return t


def chart_text(st: Stats, ascii_only: bool) -> str:
    """Each player's wins so far (a series: games won) over the files in date order, drawn
    by plotext (the x axis is the file's number in the season, labelled with its date, and
    numbered where a day holds several files: ``2026-09-05 #1``, then ``#2``... while the
    ticks stay on that day)."""
    from cli.chart import draw

    labels, ys = st.series()
    if len(labels) < 2 or not ys:
        return "not enough games to chart yet"
    import shutil

    from cli.render import colour_wanted, console

    xs = list(range(1, len(labels) + 1))
    # about six ticks, each label ending before the next tick (plotext drops a label that
    # would run into the next); the plot is the chart's width less its axis and frame
    room = max(40, min(shutil.get_terminal_size((100, 30)).columns, 120)) - 8
    step = max(1, (len(xs) + 5) // 6)
    while True:
        ticks = [x for x in xs if (x - 1) % step == 0]
        names = tick_labels([labels[x - 1] for x in ticks])
        apart = room * step / (len(xs) - 1)
        if step >= len(xs) or all(len(n) + 1 <= apart for n in names[:-1]):
            break
        step += 1
    return draw(xs, {clean(n): v for n, v in ys.items()},
                (ticks, names), "wins so far",
                "game of the season (by date)", ascii_only,
                not ascii_only and colour_wanted(console(ascii_only)))


def tick_labels(labels: list[str]) -> list[str]:
    """``2026-09-05 #2`` after a tick of the same day is only ``#2``: the day is said once."""
    out = []
    day = None
    for label in labels:
        d, _, n = label.partition(" #")
        out.append(f"#{n}" if n and d == day else label)
        day = d
    return out
