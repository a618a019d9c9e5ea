"""The read-only views of a saved game (status, score, replay), without typer.

They are the bodies of those commands: ``cli.commands`` calls them through typer, and
``cli.app`` calls them directly for the plain forms (``referee score FILE [--json]
[--ascii]``...), so that a command that only reads a file never imports typer. Each returns
its exit code.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any


def session(path: Path) -> Any:
    from referee.session import Session

    return Session.load(path)


def out(ascii_only: bool) -> Any:
    from cli import render
    from cli.plain import tolerant_stdout

    a = render.ascii_wanted(ascii_only)
    tolerant_stdout()
    return render, render.console(a), a


def write_json(doc: dict[str, Any]) -> None:
    import json

    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2, default=str) + "\n")


def status(file: Path, as_json: bool = False, ascii_only: bool = False) -> int:
    """Whose turn it is and what is expected, the trick on the table, the scores so far."""
    s = session(file)
    res = s.result()
    if as_json:
        doc = res.to_json()
        e = res.expect
        doc["expect"] = {"player": e.player, "action": e.action, "prompt": e.prompt,
                         "deal": e.deal, "trick": e.trick}
        doc["table"] = {"title": res.table.title, "lines": res.table.lines,
                        "trick": res.table.trick}
        write_json(doc)
        return 0
    render, con, a = out(ascii_only)
    for r in render.table_view(res.table, a):
        con.print(r)
    con.print(render.cards(res.expect.prompt, a))
    names = [" & ".join(t) for t in res.teams] if res.teams else list(res.setup.players)
    con.print("scores: " + ", ".join(f"{render.clean(n)} {res.totals.get(n, 0)}"
                                     for n in names))
    return 0


def score(file: Path, as_json: bool = False, ascii_only: bool = False,
          option: list[str] | None = None, chart: bool = False) -> int:
    """The score sheet; with options, the same game re-scored beside it (file untouched)."""
    s = session(file)
    res = s.result()
    other = None
    if option:
        from cli.start import parse_options
        from referee.edit import rescore

        other = rescore(s.rules, s.setup, s.deals, parse_options(s.setup.game, option))
    if as_json:
        doc = res.to_json()
        if other is not None:
            from cli.start import parse_options

            doc["rescored"] = other.to_json()
            doc["rescored"]["options"] = {**s.setup.options,
                                          **parse_options(s.setup.game, option)}
        write_json(doc)
        return 0 if res.ok else 1
    render, con, a = out(ascii_only)
    for thing in render.sheet(res, a):
        con.print(thing)
    if other is not None:
        text = ", ".join(option or [])
        con.print()
        con.print(render.rescore_table(res, other, text, a))
        from referee.edit import diff

        for thing in render.diff_view(diff(res, other), a, deals=False):
            con.print(thing)
    if chart:
        from rich.text import Text

        import cli.chart
        from cli.plain import colour_wanted

        con.print(Text.from_ansi(cli.chart.running_totals(
            res, a, colour=colour_wanted(a), width=min(con.width, 120))))
    return 0 if res.ok else 1


def replay(file: Path, as_json: bool = False, ascii_only: bool = False,
           step: bool = False) -> int:
    """Referee a saved game again from its first entry: every deal, trick, score, violation."""
    s = session(file)
    res = s.result()
    if as_json:
        write_json(res.to_json())
        return 0 if res.ok else 1
    render, con, a = out(ascii_only)
    for d in res.deals:
        for line in s.rules.explain(s.setup, s.deals, d.number, None):
            con.print(render.cards(line, a))
        if d.scores is not None:
            con.print("  scores: " + ", ".join(f"{render.clean(k)} {v:+d}"
                                               for k, v in d.scores.items()))
        if step and sys.stdin.isatty():
            try:
                input("  [Enter] next deal ")
            except EOFError:
                break
    for thing in render.sheet(res, a):
        con.print(thing)
    if res.ok:
        con.print("no violations")
    return 0 if res.ok else 1
