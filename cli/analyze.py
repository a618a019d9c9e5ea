"""``referee analyze`` for the trick games (Kierki, Wisconsin Schmier, Schmier): the double-dummy
post-mortem of each finished deal (``referee.solve``), as a rich table per deal or one JSON
document (fields: docs/analyze.md). Foursquare's is ``cli.foursquare_analyze``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.table import Table

    from referee.solve.analyze import DealAnalysis, SideResult

TRICK_GAMES = ("kierki", "wisconsin-schmier", "schmier")


def measure(a: DealAnalysis) -> str:
    """What the values count: ``penalty`` (Kierki 1-7), ``tricks`` (8-11), ``points``."""
    from referee.games.kierki.play import TRUMP_DEALS

    if a.game != "kierki":
        return "points"
    return "tricks" if a.kind in TRUMP_DEALS else "penalty"


def analyse(s: Any, number: int | None) -> tuple[Any, list[tuple[int, Any]]]:
    """The replayed game of session ``s`` and, for each deal asked for, its analysis or the
    reason it has none (a ``NotAnalysable``). With ``number``, a deal that cannot be analysed
    raises."""
    from referee.solve.analyze import analyze
    from referee.solve.deal import NotAnalysable, played_deal

    res = s.result()
    game = s.setup.game
    if game not in TRICK_GAMES:
        raise NotAnalysable(f"analyze knows Kierki, Wisconsin Schmier, Schmier and Foursquare, "
                            f"not {game}")
    s.rules.record_play(s.deals, res)
    if number is not None:
        return res, [(number, analyze(played_deal(res, number)))]
    out: list[tuple[int, Any]] = []
    for d in res.deals:
        try:
            out.append((d.number, analyze(played_deal(res, d.number))))
        except NotAnalysable as e:
            out.append((d.number, e))
    if not any(not isinstance(x, Exception) for _, x in out):
        raise NotAnalysable(f"{s.path}: no finished deal recorded card by card to analyse")
    return res, out


def run(path: str, number: int | None, as_json: bool, ascii_only: bool = False) -> int:
    """The command's body: its exit code (0; a deal that cannot be analysed asked for by
    number, or a file with none, raises ``NotAnalysable``: exit 2 at the error boundary)."""
    from referee.session import Session

    return show(Session.load(Path(path)), number, as_json, ascii_only)


def show(s: Any, number: int | None, as_json: bool, ascii_only: bool = False) -> int:
    """``run`` on a game already loaded."""
    res, out = analyse(s, number)
    if as_json:
        from cli.views import write_json

        write_json(to_json(res, out))
        return 0
    from cli.views import out as _out

    _render, con, a = _out(ascii_only)
    for thing in drawn(out, a):
        con.print(thing)
    return 0


def drawn(out: list[tuple[int, Any]], a: bool) -> list[Any]:
    """What ``show`` prints of an analysis (a rich table per deal, a dim line for a deal with
    none); the table mode's ``analyze`` prints the same."""
    from cli import render

    return [render.cards(f"deal {n}: not analysed: {_reason(x, n)}", a, "dim")
            if isinstance(x, Exception) else table(x, a) for n, x in out]


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
            f"({_value(a, c.before)} -> {_value(a, c.after)})")


def title(a: DealAnalysis) -> str:
    from referee.cards import GLYPH
    from referee.games.kierki.play import NAMES

    trump = GLYPH.get(a.trump or "", a.trump or "")
    if a.game == "kierki":
        head = f"Deal {a.number} — {NAMES.get(a.kind, '')}"
        return head + (f", trump {trump}" if a.trump else "")
    side = a.sides[0]
    verdict = "the bid was makeable" if a.makeable else "the bid was not makeable"
    return (f"Deal {a.number} — {a.bidder} bid {a.bid}, trump {trump}: {verdict} "
            f"(best {_value(a, side.best)})")


def table(a: DealAnalysis, ascii_only: bool) -> Table:
    """One deal's post-mortem: a row per side (Kierki: per player)."""
    from rich.table import Table

    from cli import render

    kierki = a.game == "kierki"
    best = {"penalty": "least penalty", "tricks": "most tricks",
            "points": "most points"}[measure(a)]
    t = Table(title=render.cards(title(a), ascii_only), title_justify="left",
              box=render._box(ascii_only), header_style="bold")
    t.add_column("player" if kierki else "bidding side")
    t.add_column(best, justify="right")
    if kierki:
        t.add_column("from trick", justify="right")
    t.add_column("as played", justify="right")
    t.add_column("costly card")
    for s in a.sides:
        row: list[Any] = [render._t(s.name), _value(a, s.best)]
        if kierki:
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
        if a.game == "kierki":
            row["kind"] = a.kind
        else:
            row.update({"bidder": a.bidder, "bid": a.bid, "makeable": a.makeable})
        row["sides"] = [{
            "side": s.name,
            "best": s.best,
            "from_trick": s.start,
            "actual": s.actual,
            "costly": None if s.costly is None else {
                "trick": s.costly.trick, "player": s.costly.player,
                "card": str(s.costly.card), "before": s.costly.before,
                "after": s.costly.after},
            "stopped": s.stopped or None,
        } for s in a.sides]
        deals.append(row)
    return {"format": 1, "game": res.setup.game, "players": list(res.setup.players),
            "teams": res.teams, "deals": deals}
