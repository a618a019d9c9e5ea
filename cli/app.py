"""The Typer app and the single error boundary (exceptions -> one line and an exit code).

Commands are thin: parse arguments, call the engine once, render, exit. What a command does
not need is imported inside it, so that start-up stays close to a bare ``import typer``.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer

from referee.errors import IllegalEntry, NotationError, RefereeError, SaveFileError

F = TypeVar("F", bound=Callable[..., Any])


def guarded(fn: F) -> F:
    """The one error boundary: the engine's exceptions become one line and an exit code."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except IllegalEntry as e:
            fail(str(e), 1)
        except RefereeError as e:  # NotationError, SaveFileError: exit 2
            fail(str(e), 2)
        except OSError as e:
            fail(f"{getattr(e, 'filename', '') or ''}: {e.strerror or e}", 2)

    return run  # type: ignore[return-value]


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, no_args_is_help=True,
                  help="A referee and scorekeeper for card games played with real cards.")

FileArg = Annotated[Path, typer.Argument(help="the game's save file (TOML)")]
JsonOpt = Annotated[bool, typer.Option("--json", help="one JSON document on stdout")]
AsciiOpt = Annotated[bool, typer.Option("--ascii", help="plain letters for suits, no colour")]
OptionsOpt = Annotated[list[str] | None, typer.Option("-o", "--option",
                                                      help="house rule KEY=VALUE")]


def fail(message: str, code: int) -> NoReturn:
    sys.stderr.write(f"referee: {message}\n")
    raise typer.Exit(code)


def _session(path: Path) -> Any:
    from referee.session import Session

    return Session.load(path)


def _out(ascii_only: bool) -> Any:
    from cli import render

    a = render.ascii_wanted(ascii_only)
    return render, render.console(a), a


@app.command()
@guarded
def games() -> None:
    """The games the referee knows, with players, deck and a one-line summary."""
    from referee import games as registry

    for name in registry.names():
        g = registry.get(name)
        lo, hi = g.player_count
        n = str(lo) if lo == hi else f"{lo}-{hi}"
        typer.echo(f"{name:<18} {n} players  {g.deck_text:<26} {g.summary}")


@app.command()
@guarded
def rules(game: Annotated[str, typer.Argument(help="a game name")]) -> None:
    """The rules with their ids and every option with its default."""
    from referee import games as registry

    g = registry.get(game)
    typer.echo(f"{g.title} ({g.name}) — {g.summary}")
    typer.echo(f"Deck: {g.deck_text}. Players: {g.player_count[0]}"
               + (f"-{g.player_count[1]}" if g.player_count[1] != g.player_count[0] else ""))
    typer.echo("\nRules:")
    for rid, text in g.rules:
        typer.echo(f"  {rid:<20} {text}")
    typer.echo("\nOptions ([options] in the save file, -o KEY=VALUE on the command line):")
    if not g.options:
        typer.echo("  none")
    for o in g.options:
        default = json.dumps(o.default)
        choices = f" (one of {', '.join(json.dumps(c) for c in o.choices)})" if o.choices else ""
        typer.echo(f"  {o.name} = {default}{choices}\n      {o.help}")


def parse_options(game: str, pairs: list[str] | None) -> dict[str, Any]:
    from referee import games as registry

    g = registry.get(game)
    known = {o.name: o for o in g.options}
    out: dict[str, Any] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise NotationError(f"option {pair!r}: expected KEY=VALUE")
        k, v = (x.strip() for x in pair.split("=", 1))
        if k not in known:
            raise NotationError(f"option {k!r} is not an option of {g.name} "
                                f"({', '.join(known) or 'it has none'})")
        try:
            out[k] = known[k].parse_text(v)
        except ValueError as e:
            raise NotationError(str(e)) from None
    return out


@app.command()
@guarded
def new(game: Annotated[str, typer.Argument(help="kierki, wisconsin-schmier, schmier, "
                                                 "foursquare or kozel")],
        file: FileArg,
        player: Annotated[list[str], typer.Option("-p", "--player",
                                                  help="a player, in clockwise order")],
        dealer: Annotated[str | None, typer.Option("--dealer", help="the first dealer")] = None,
        option: OptionsOpt = None,
        deal: Annotated[bool, typer.Option("--deal", help="the referee deals virtual cards "
                                                          "(hands known)")] = False,
        seed: Annotated[int | None, typer.Option("--seed", help="seed for --deal")] = None,
        title: Annotated[str | None, typer.Option("--title")] = None,
        force: Annotated[bool, typer.Option("--force", help="overwrite an existing file")]
        = False) -> None:
    """Start a save file."""
    import random

    from referee import savefile
    from referee.session import Session

    if file.exists() and not force:
        fail(f"{file}: already exists (use --force to overwrite, or 'referee play {file}')", 2)
    data: dict[str, Any] = {"format": 1, "game": game, "players": player}
    if dealer is not None:
        from referee.notation import resolve_player

        data["first_dealer"] = resolve_player(dealer, player)
    if title is not None:
        data["title"] = title
    if deal:
        data["seed"] = seed if seed is not None else random.SystemRandom().randrange(10**9)
    elif seed is not None:
        fail("--seed goes with --deal", 2)
    from referee import games as registry

    data["options"] = parse_options(registry.get(game).name, option)
    data["game"] = registry.get(game).name
    _rules, setup = savefile.parse_setup(data, str(file))
    s = Session.create(file, setup)
    typer.echo(f"created {file}: {setup.game} with {', '.join(setup.players)}")
    typer.echo(s.result().expect.prompt)


@app.command()
@guarded
def add(file: FileArg,
        entry: Annotated[list[str], typer.Argument(help="entries, e.g. 'Bartek: AS'")],
        ascii_only: AsciiOpt = False) -> None:
    """Add entries without prompts; stops at the first refused entry."""
    s = _session(file)
    render, con, a = _out(ascii_only)
    proven_any = False
    for text in entry:
        try:
            added = s.add(text)
        except IllegalEntry as e:
            sys.stderr.write(render.cards(f"referee: refused {text!r}: {e}", a).plain + "\n")
            raise typer.Exit(1) from None
        for v in added.proven:
            proven_any = True
            con.print(render.cards(f"proven: {v.where()}: {v.player}: {v.message} — rule "
                                   f"{v.rule}", a))
    res = s.result()
    con.print(render.cards(res.expect.prompt, a))
    if proven_any:
        raise typer.Exit(1)


@app.command()
@guarded
def undo(file: FileArg,
         n: Annotated[int, typer.Option("-n", help="how many entries to take back")] = 1
         ) -> None:
    """Take back the last N entries."""
    if n < 1:
        fail("-n takes a number of 1 or more", 2)
    s = _session(file)
    taken = s.undo(n)
    typer.echo(f"took back {len(taken)} entr{'y' if len(taken) == 1 else 'ies'}")
    typer.echo(s.result().expect.prompt)


def _json(doc: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2, default=str) + "\n")


@app.command()
@guarded
def status(file: FileArg, as_json: JsonOpt = False, ascii_only: AsciiOpt = False) -> None:
    """Whose turn it is and what is expected, the trick on the table, the scores so far."""
    s = _session(file)
    res = s.result()
    if as_json:
        doc = res.to_json()
        e = res.expect
        doc["expect"] = {"player": e.player, "action": e.action, "prompt": e.prompt,
                         "deal": e.deal, "trick": e.trick}
        doc["table"] = {"title": res.table.title, "lines": res.table.lines,
                        "trick": res.table.trick}
        _json(doc)
        return
    render, con, a = _out(ascii_only)
    for r in render.table_view(res.table, a):
        con.print(r)
    con.print(render.cards(res.expect.prompt, a))
    names = [" & ".join(t) for t in res.teams] if res.teams else list(res.setup.players)
    con.print("scores: " + ", ".join(f"{render.clean(n)} {res.totals.get(n, 0)}"
                                     for n in names))


@app.command()
@guarded
def score(file: FileArg, as_json: JsonOpt = False, ascii_only: AsciiOpt = False,
          option: OptionsOpt = None,
          chart: Annotated[bool, typer.Option("--chart", help="running totals as a chart")]
          = False) -> None:
    """The score sheet: a row per deal, running totals, the winner once there is one."""
    s = _session(file)
    res = s.result()
    other = None
    if option:
        from dataclasses import replace

        opts = dict(s.setup.options)
        opts.update(parse_options(s.setup.game, option))
        other = s.rules.replay(replace(s.setup, options=opts), s.deals)
    if as_json:
        doc = res.to_json()
        if other is not None:
            doc["rescored"] = other.to_json()
        _json(doc)
        raise typer.Exit(0 if res.ok else 1)
    render, con, a = _out(ascii_only)
    con.print(render.score_table(res, a))
    if other is not None:
        con.print(render.score_table(other, a, title="the same game under "
                                     + ", ".join(render.clean(o) for o in option or [])))
    w = render.winner_line(res)
    if w is not None:
        con.print(w)
    if chart:
        import cli.chart

        con.print(cli.chart.running_totals(res, a), markup=False)
    for line in render.violations(res, a):
        con.print(line)
    raise typer.Exit(0 if res.ok else 1)


@app.command()
@guarded
def replay(file: FileArg, as_json: JsonOpt = False, ascii_only: AsciiOpt = False,
           step: Annotated[bool, typer.Option("--step", help="pause after every deal")]
           = False) -> None:
    """Referee a saved game again from its first entry."""
    s = _session(file)
    res = s.result()
    if as_json:
        _json(res.to_json())
        raise typer.Exit(0 if res.ok else 1)
    render, con, a = _out(ascii_only)
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
    con.print(render.score_table(res, a))
    w = render.winner_line(res)
    if w is not None:
        con.print(w)
    for line in render.violations(res, a):
        con.print(line)
    if res.ok:
        con.print("no violations")
    raise typer.Exit(0 if res.ok else 1)


@app.command()
@guarded
def explain(file: FileArg,
            deal: Annotated[int, typer.Option("--deal", help="the deal (game) number")],
            trick: Annotated[int | None, typer.Option("--trick", help="the trick (or turn)")]
            = None,
            ascii_only: AsciiOpt = False) -> None:
    """Settle a dispute: each card of the trick and why it was legal or not."""
    s = _session(file)
    render, con, a = _out(ascii_only)
    for line in s.rules.explain(s.setup, s.deals, deal, trick):
        con.print(render.cards(line, a))


@app.command()
@guarded
def play(file: FileArg, ascii_only: AsciiOpt = False) -> None:
    """The table mode: shows the table, asks for the next entry, checks it, saves it."""
    from cli.table import run

    raise typer.Exit(run(file, ascii_only))


def main(argv: list[str] | None = None) -> None:
    try:
        app(args=argv, prog_name="referee")
    except IllegalEntry as e:
        sys.stderr.write(f"referee: {e}\n")
        sys.exit(1)
    except (NotationError, SaveFileError) as e:
        sys.stderr.write(f"referee: {e}\n")
        sys.exit(2)
    except RefereeError as e:
        sys.stderr.write(f"referee: {e}\n")
        sys.exit(2)
    except KeyboardInterrupt:
        sys.stderr.write("referee: interrupted; every accepted entry is saved\n")
        sys.exit(130)


if __name__ == "__main__":
    main()
