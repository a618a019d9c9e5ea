"""``referee analyze`` for the trick games (``GameRules.analysis == "tricks"``): the double-dummy
post-mortem of each finished deal (``referee.solve``), as a rich table per deal or one JSON
document (fields: docs/analyze.md). What differs between the games (each player a side or the
bidding team, what a deal's kind is called, what the values count) comes from the game's
``TrickGame``. A placement game's analysis (``"placements"``) is ``cli.placements``."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.table import Table

    from referee.games.tricks import TrickGame
    from referee.solve.analyze import DealAnalysis, SideResult



def _game(a: Any) -> TrickGame:
    """The ``TrickGame`` of an analysis (or of a ``PlayedDeal``)."""
    from referee.games import get

    game = get(a.game).trick_game()
    assert game is not None, a.game
    return game


def per_player(game: str) -> bool:
    """Whether each player of ``game`` is a side of its own (else the bidding team)."""
    from referee.games import get

    tg = get(game).trick_game()
    return tg is not None and bool(tg.per_player)


def measure(a: DealAnalysis) -> str:
    """What the values count: ``penalty``, ``tricks`` or ``points`` (``TrickGame.measure``)."""
    return _game(a).measure(a.kind)


def analysable() -> str:
    """The games ``referee analyze`` knows, said aloud."""
    from referee import games
    from referee.words import either

    named = []
    for n in games.names():
        rules = games.get(n)
        if rules.analysis:
            named.append(rules.short_title or rules.title)
    return either(named, "and")


def prepared(s: Any, number: int | None) -> tuple[Any, list[tuple[int, Any]]]:
    """The replayed game of session ``s`` and, for each deal asked for, the deal to search
    (a ``PlayedDeal``) or the reason it has none (a ``NotAnalysable``). With ``number``, a
    deal that cannot be analysed raises; so does a file with no deal to analyse."""
    from referee.solve.deal import NotAnalysable, played_deal

    res = s.result()
    game = s.setup.game
    if s.rules.analysis != "tricks":
        raise NotAnalysable(f"analyze knows {analysable()}, not {game}")
    s.rules.record_play(s.deals, res)
    if number is not None:
        return res, [(number, played_deal(res, number))]
    out: list[tuple[int, Any]] = []
    for d in res.deals:
        try:
            out.append((d.number, played_deal(res, d.number)))
        except NotAnalysable as e:
            out.append((d.number, e))
    if all(isinstance(x, Exception) for _, x in out):
        raise NotAnalysable(f"{s.path}: no finished deal recorded card by card to analyse")
    return res, out


def _search(item: tuple[int, Any]) -> tuple[int, Any]:
    """One deal's analysis, or why it has none (run in a worker process)."""
    from referee.solve.analyze import analyze
    from referee.solve.deal import NotAnalysable

    n, d = item
    if isinstance(d, Exception):
        return n, d
    try:
        return n, analyze(d)
    except NotAnalysable as e:
        return n, e


def _player(item: tuple[Any, int]) -> Any:
    """One player's search of a deal where each player is a side (run in a worker process)."""
    from referee.solve.analyze import player_part

    d, seat = item
    return player_part(d, seat)


def results(items: list[tuple[int, Any]], workers: int, single: bool = False
            ) -> Iterator[tuple[int, Any]]:
    """Each deal's analysis (or the reason it has none), in order, as soon as it is known,
    searched over ``workers`` processes. ``single``: the one deal asked for, whose search
    giving up raises."""
    if single:
        from referee.solve.analyze import analyze, players_deal

        n, d = items[0]
        if workers > 1 and _game(d).per_player:  # one deal: its players over the workers
            from cli.workers import in_order

            yield n, players_deal(d, list(in_order(_player, [(d, s) for s in range(d.seats)],
                                                   workers)))
            return
        yield n, analyze(d)
        return
    from cli.workers import in_order

    yield from in_order(_search, items, workers)


def run(path: str, number: int | None, as_json: bool, ascii_only: bool = False,
        workers: int | None = None) -> int:
    """The command's body: its exit code (0; a deal that cannot be analysed asked for by
    number, or a file with none, raises ``NotAnalysable``: exit 2 at the error boundary;
    Ctrl-C: what was done, then exit 130)."""
    from referee.history.session import Session

    return show(Session.load(Path(path)), number, as_json, ascii_only, workers)


def progress(con: Any, total: int) -> Any:
    """A rich progress bar under the deals printed (transient), when stdout and stderr are a
    terminal; else None."""
    if total < 2 or not (sys.stdout.isatty() and sys.stderr.isatty()):
        return None
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )

    return Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                    MofNCompleteColumn(), TextColumn("deals"), TimeElapsedColumn(),
                    console=con, transient=True)


def searching(items: list[tuple[int, Any]], k: int) -> str:
    """The bar's words while deal ``items[k]`` is awaited."""
    return f"searching deal {items[k][0]} (every hand open)" if k < len(items) else "done"


def stream(con: Any, items: list[tuple[int, Any]], workers: int, single: bool,
           each: Callable[[int, Any], None]) -> list[tuple[int, Any]]:
    """Feed each deal's result to ``each`` as it is known, under a progress bar on a
    terminal; the results so far. Ctrl-C raises ``Stopped`` with them."""
    from contextlib import nullcontext

    done: list[tuple[int, Any]] = []
    bar = progress(con, len(items))
    try:
        with bar if bar is not None else nullcontext():
            task = None if bar is None else bar.add_task(searching(items, 0), total=len(items))
            for r in results(items, workers, single):
                done.append(r)
                each(*r)
                if task is not None:
                    bar.update(task, advance=1, description=searching(items, len(done)))
        return done
    except KeyboardInterrupt:
        raise Stopped(done) from None


class Stopped(Exception):  # noqa: N818 - Ctrl-C, with what was done
    """Ctrl-C during the analysis: ``done`` the deals analysed before it."""

    def __init__(self, done: list[tuple[int, Any]]) -> None:
        super().__init__("interrupted")
        self.done = done


def stopped_line(done: list[tuple[int, Any]], total: int) -> str:
    if not done:
        return f"interrupted: no deal of the {total} analysed yet"
    return (f"interrupted: {len(done)} of the {total} deals shown (up to deal "
            f"{done[-1][0]}); the rest were not analysed")


def show(s: Any, number: int | None, as_json: bool, ascii_only: bool = False,
         workers: int | None = None) -> int:
    """``run`` on a game already loaded."""
    from cli.views import out as _out
    from cli.workers import count

    n = count(workers)
    res, items = prepared(s, number)
    render, con, a = _out(ascii_only)
    if not as_json:
        con.print(render.cards(legend(per_player(s.setup.game)), a, "dim"))

    def each(k: int, x: Any) -> None:
        if not as_json:
            con.print(drawn_one(k, x, a))

    try:
        done = stream(con, items, n, number is not None, each)
    except Stopped as e:
        if as_json:
            from cli.views import write_json

            write_json({**to_json(res, e.done), "interrupted": True})
        else:
            con.print(stopped_line(e.done, len(items)))
        sys.stdout.flush()
        sys.stderr.write("referee: interrupted; the deals not yet analysed were left out\n")
        raise SystemExit(130) from None
    if as_json:
        from cli.views import write_json

        write_json(to_json(res, done))
    return 0


def drawn_one(n: int, x: Any, a: bool) -> Any:
    """What ``show`` and the table mode's ``analyze`` print of one deal: a rich table, or a
    dim line for a deal with no analysis."""
    from cli import render

    if isinstance(x, Exception):
        return render.cards(f"deal {n}: not analysed: {_reason(x, n)}", a, "dim")
    return table(x, a)


def _reason(e: Exception, n: int) -> str:
    text = str(e)
    prefix = f"deal {n}: "
    return text[len(prefix):] if text.startswith(prefix) else text


def _value(a: DealAnalysis, v: int | None) -> str:
    if v is None:
        return "-"
    if measure(a) == "penalty":
        return str(v)
    if measure(a) == "tricks":
        return f"{v} trick" if v == 1 else f"{v} tricks"
    return f"{v} point" if v == 1 else f"{v} points"


def _costly(a: DealAnalysis, s: SideResult) -> str:
    if s.costly is None:
        return s.stopped or "none"
    c = s.costly
    return (f"trick {c.trick}: {c.player} {c.card} "
            f"(best {_value(a, c.before)} -> {_value(a, c.after)})")


BEST = {"penalty": "least penalty sure", "tricks": "most tricks sure",
        "points": "most points sure"}


def legend(each_player: bool) -> str:
    """What the columns are, in words (printed once, before the deals): ``each_player``,
    each player is a side (else the bidding side is)."""
    who = "each player" if each_player else "the bidding side"
    return (f"Best sure: the best {who} could be sure of with every hand open and everyone "
            f"playing their best{' (from the trick shown)' if each_player else ''}. "
            "Got: what they got as played. First costly card: the first card after which "
            "that best got worse, from what to what (none: they lost nothing).")


def title(a: DealAnalysis) -> str:
    from referee.cards import GLYPH

    trump = GLYPH.get(a.trump or "", a.trump or "")
    game = _game(a)
    if game.per_player:
        head = f"Deal {a.number} — {game.deal_label(a.kind)}"
        return head + (f", trump {trump}" if a.trump else "")
    side = a.sides[0]
    verdict = "the bid was makeable" if a.makeable else "the bid was not makeable"
    return (f"Deal {a.number} — {a.bidder} bid {a.bid}, trump {trump}: {verdict} "
            f"(best {_value(a, side.best)})")


def table(a: DealAnalysis, ascii_only: bool) -> Table:
    """One deal's post-mortem: a row per side (each player, or the bidding side)."""
    from rich.table import Table

    from cli import render

    each_player = _game(a).per_player
    t = Table(title=render.cards(title(a), ascii_only), title_justify="left",
              box=render._box(ascii_only), header_style="bold")
    t.add_column("player" if each_player else "bidding side")
    t.add_column(BEST[measure(a)], justify="right")
    if each_player:
        t.add_column("from trick", justify="right")
    t.add_column("got", justify="right")
    t.add_column("first costly card")
    for s in a.sides:
        row: list[Any] = [render._t(s.name), _value(a, s.best)]
        if each_player:
            row.append(str(s.start))
        row.append(_value(a, s.actual))
        row.append(render.cards(_costly(a, s), ascii_only,
                                "red" if s.costly is not None else ""))
        t.add_row(*row)
    return t


def to_json(res: Any, out: list[tuple[int, Any]]) -> dict[str, Any]:
    """The ``--json`` document (docs/analyze.md)."""
    deals: list[dict[str, Any]] = []
    for n, x in out:
        if isinstance(x, Exception):
            deals.append({"number": n, "analysed": False, "reason": _reason(x, n)})
            continue
        a: DealAnalysis = x
        row: dict[str, Any] = {"number": n, "analysed": True, "measure": measure(a),
                               "trump": a.trump}
        if _game(a).per_player:
            row["kind"] = a.kind
        else:
            row.update({"bidder": a.bidder, "bid": a.bid, "bid_makeable": a.makeable})
        row["sides"] = [{
            "side": s.name,
            "best_sure": s.best,
            "best_sure_from_trick": s.start,
            "got": s.actual,
            "first_costly_card": None if s.costly is None else {
                "trick": s.costly.trick, "player": s.costly.player,
                "card": str(s.costly.card), "best_before": s.costly.before,
                "best_after": s.costly.after},
            "stopped_early": s.stopped or None,
        } for s in a.sides]
        deals.append(row)
    return {"format": 1, "game": res.setup.game, "players": list(res.setup.players),
            "teams": res.teams, "deals": deals}
