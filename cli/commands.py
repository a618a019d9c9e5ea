"""The commands of the Typer app: each one thin (parse arguments, call the engine once, render).

Every command goes through this one app (``referee --help`` lists them). What a command needs
is imported inside it, and ``rich_markup_mode=None`` keeps ``--help`` on click's plain
formatter (typer's rich help would import rich and its Markdown parser), so that start-up stays
within the budget of ``benchmarks/startup.py``. The entry point and the single error boundary
(``main``, ``guarded``, ``fail``) are in ``cli.app``; shell completion is in ``cli.complete``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from cli import complete
from cli.app import fail, guarded
from cli.safe import clean
from cli.views import out as _out
from cli.views import private_items, redacted, refusal, shown_alone
from cli.views import session as _session
from referee.errors import IllegalEntry

app = typer.Typer(pretty_exceptions_enable=False, no_args_is_help=True, rich_markup_mode=None,
                  help="A referee and scorekeeper for card games played with real cards.")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        from referee.solve import core

        try:  # which search core runs: compiled at install, or the pure-Python fallback
            typer.echo(f"referee {version('referee')} (search core: {core.name()})")
        except PackageNotFoundError:
            fail("the version is unknown: referee is not installed (pip install .)", 2)
        raise typer.Exit()


@app.callback()
def referee(version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                                  help="print the version and exit")]
            = False) -> None:
    """A referee and scorekeeper for card games played with real cards."""


FileArg = Annotated[Path, typer.Argument(help="the game's save file (TOML)")]
JsonOpt = Annotated[bool, typer.Option("--json", help="one JSON document on stdout")]
AsciiOpt = Annotated[bool, typer.Option("--ascii", help="plain letters for suits, no colour")]
OptionsOpt = Annotated[list[str] | None, typer.Option("-o", "--option",
                                                      help="house rule KEY=VALUE",
                                                      autocompletion=complete.option_keys)]


@app.command()
@guarded
def games() -> None:
    """The games the referee knows, with players, deck and a one-line summary."""
    from referee import games as registry

    for name in registry.names():
        g = registry.get(name)
        lo, hi = g.player_count
        n = str(lo) if lo == hi else f"{lo}-{hi}"
        who = f"{n} player{'' if n == '1' else 's'}"
        typer.echo(f"{name}  ({who}; {g.deck_text})\n    {g.summary}")


@app.command()
@guarded
def rules(game: Annotated[str, typer.Argument(help="a game name",
                                              autocompletion=complete.game_names)],
          rule: Annotated[str | None, typer.Argument(help="only this rule id",
                                                     autocompletion=complete.rule_ids)]
          = None) -> None:
    """The rules with their ids and every option with its default (with a RULE id: that rule)."""
    from referee import games as registry

    g = registry.get(game)
    if rule is not None:
        texts = [text for rid, text in g.rules if rid == rule.strip().lower()]
        if not texts:
            fail(f"{g.name} has no rule {rule!r} (see: referee rules {g.name})", 2)
        for text in texts:
            typer.echo(f"{rule.strip().lower()}: {text}")
        return
    typer.echo(f"{g.title} ({g.name}) — {g.summary}")
    typer.echo(f"Deck: {g.deck_text}. Players: {g.player_count[0]}"
               + (f"-{g.player_count[1]}" if g.player_count[1] != g.player_count[0] else ""))
    typer.echo("\nRules:")
    for rid, text in g.rules:
        typer.echo(f"  {rid:<20} {text}")
    import json

    typer.echo("\nOptions ([options] in the save file, -o KEY=VALUE on the command line):")
    if not g.options:
        typer.echo("  none")
    for o in g.options:
        default = json.dumps(o.default)
        choices = f" ({o.choices_text()})" if o.choices else ""
        typer.echo(f"  {o.name} = {default}{choices}\n      {o.help}")


def parse_options(game: str, pairs: list[str] | None) -> dict[str, Any]:
    from cli.start import parse_options as parse

    return parse(game, pairs)


@app.command()
@guarded
def new(game: Annotated[str, typer.Argument(help="the game's name (`referee games` lists "
                                                 "them; Tab completes it)",
                                            autocompletion=complete.game_names)],
        file: FileArg,
        player: Annotated[list[str] | None, typer.Option(
            "-p", "--player", help="a player, in clockwise order (a solitaire: "
            "'Player' when none is given)")] = None,
        dealer: Annotated[str | None, typer.Option("--dealer", help="the first dealer, or "
                                                   "'random' to draw one",
                                                   autocompletion=complete.dealers)] = None,
        option: OptionsOpt = None,
        deal: Annotated[bool, typer.Option("--deal", help="the referee deals virtual cards "
                                                          "(hands known)")] = False,
        private: Annotated[bool, typer.Option("--private", help="with --deal: each hand "
                                              "shown on its own seat's page only, on no "
                                              "other output until the deal ends")] = False,
        seed: Annotated[int | None, typer.Option("--seed", help="seed for --deal and "
                                                 "--dealer random")] = None,
        title: Annotated[str | None, typer.Option("--title")] = None,
        force: Annotated[bool, typer.Option("--force", help="overwrite an existing file")]
        = False) -> None:
    """Start a save file."""
    from cli.start import create, dealer_news, is_random, seated
    from referee import games as registry
    from referee.store import filelock

    name = registry.get(game).name
    player = seated(name, player)
    if seed is not None and not deal and not is_random(dealer, player):
        fail("--seed goes with --deal or --dealer random", 2)
    options = parse_options(name, option)
    filelock.hold(file)  # until the command ends: two 'new' cannot both create the file
    if file.exists() and not force:
        fail(f"{file}: already exists (use --force to overwrite, or 'referee play {file}')", 2)
    try:
        s = create(name, file, player, dealer, options, deal, seed, title, private)
    finally:
        filelock.drop_unused(file)
    typer.echo(clean(f"created {file}: {s.setup.game} with {', '.join(s.setup.players)}"))
    news = dealer_news(s, dealer)
    if news is not None:
        typer.echo(news)
    from cli.plain import ascii_wanted, plain_cards  # (not rich: new stays light)

    typer.echo(plain_cards(s.result().expect.prompt, ascii_wanted()))


@app.command(context_settings={"ignore_unknown_options": True})
@guarded
def add(file: FileArg,
        entry: Annotated[list[str], typer.Argument(help="entries, e.g. 'Bartek: AS'")],
        ascii_only: AsciiOpt = False) -> None:
    """Add entries without prompts; stops at the first refused entry.

    Exit 1 also when an entry proved an earlier breach, or recorded a claimed score that
    differs from the computed one (the entry is kept)."""
    s = _session(file, change=True)
    render, con, a = _out(ascii_only)
    proven_any = False
    for text in entry:
        try:
            added = s.add(text)
        except IllegalEntry as e:
            sys.stderr.write(render.cards(f"referee: refused {text!r}: {refusal(s, e)}",
                                          a).plain + "\n")
            raise typer.Exit(1) from None
        for v in added.proven:
            proven_any = True
            con.print(render.cards(redacted(s, f"PROVEN: {v.where()}: {v.said()} — rule "
                                               f"{v.rule}"), a))
        for v in added.flagged:  # recorded as the table wrote it, and reported (CLI.md)
            proven_any = True
            con.print(render.violation(v, a, "claimed score kept as written: "))
    res = s.result()
    con.print(render.cards(redacted(s, res.expect.prompt), a))
    if proven_any:
        raise typer.Exit(1)


@app.command()
@guarded
def hand(file: FileArg,
         player: Annotated[str, typer.Argument(help="the seat whose hand it is")],
         cards: Annotated[list[str], typer.Argument(help="the hand's cards, e.g. AS KS 7H")],
         ) -> None:
    """Register a player's hand for the deal in progress, shown to the referee alone (a
    private deal: nothing shows it until the deal ends); after a draw (Kozel, the Schmier
    exchange) the hand as it is now, the cards drawn appended; or correct it, as the
    director, after the player's first card (written in the deal's note)."""
    from referee.history.private import register
    from referee.notation import resolve_player

    s = _session(file, change=True)
    who = resolve_player(player, s.setup.players)
    got = register(s, who, " ".join(cards), director=True)
    typer.echo(f"{who}'s hand registered ({len(got)} cards): shown to nobody until the deal "
               "ends")


@app.command()
@guarded
def undo(file: FileArg,
         n: Annotated[int, typer.Option("-n", help="how many entries to take back")] = 1,
         yes: Annotated[bool, typer.Option("--yes", help="take them back even when that "
                                           "reaches past the deal in progress")] = False,
         ascii_only: AsciiOpt = False) -> None:
    """Take back the last N entries (referee redo puts them back).

    An undo that reaches past the deal in progress asks first at a terminal, and needs
    --yes in a script (exit 2 without it, nothing changed)."""
    if n < 1:
        fail("-n takes a number of 1 or more", 2)
    from cli.undo import confirm_reach, taken_line
    from cli.views import hold
    from referee.errors import FileChanged
    from referee.history.edit import entry_text, note_entry

    # a question at a terminal is asked before the file's lock is taken (nobody else waits on
    # the answer); the save then finds a file changed meanwhile (FileChanged) and undoes
    # nothing on an answer about another file
    asking = not yes and sys.stdin.isatty()
    s = _session(file, change=not asking)
    asked = confirm_reach(s, n, yes, str(file))
    if asking:
        hold(file)
    try:
        taken = s.undo(n)
    except FileChanged:
        if not asked:
            raise
        fail(f"{file}: the file changed while the question was asked; nothing changed "
             "(run undo again)", 2)
    stop = s.note_stop
    why = "" if stop is None else \
        f"deal {stop} holds a note, and undo does not go back past a note; to go further, " \
        f"remove it with: referee edit {file} {stop} --entry {note_entry(s.deals, stop)} " \
        "--to delete"
    if not taken:
        fail(f"nothing to undo: {why or 'no entry has been made yet'}", 2)
    from cli.plain import ascii_wanted, plain_cards

    a = ascii_wanted(ascii_only)
    texts = [entry_text(e, s.rules, s.setup) for e in reversed(taken)]
    typer.echo(plain_cards(taken_line("took back", texts, f"; referee redo {file} puts "
                                      f"{'it' if len(texts) == 1 else 'them'} back"), a))
    if why and len(taken) < n:
        typer.echo(clean(why))
    typer.echo(plain_cards(redacted(s, s.result().expect.prompt), a))


@app.command()
@guarded
def redo(file: FileArg,
         n: Annotated[int | None, typer.Option("-n", help="how many entries to put back "
                                               "(default: all the undo took)")] = None,
         ascii_only: AsciiOpt = False) -> None:
    """Put back what the last undo took, as long as the file has not changed otherwise.

    Each entry is checked as if typed; exit 1 when one is refused now (it and the ones
    after it stay to redo), or proves an earlier breach."""
    if n is not None and n < 1:
        fail("-n takes a number of 1 or more", 2)
    from cli.undo import taken_line

    s = _session(file, change=True)
    if not s.redoable():
        from referee.store.redo import path_of

        fail(f"nothing to redo: {file} has changed since the last undo" if path_of(file).exists()
             else f"nothing to redo: nothing was taken back from {file}", 2)
    done, stopped = s.redo(n)
    render, con, a = _out(ascii_only)
    code = 0
    if done:
        con.print(render.cards(taken_line("put back", [t for t, _ in done]), a))
    for _, added in done:
        for v in added.proven:
            code = 1
            con.print(render.cards(redacted(s, f"PROVEN: {v.where()}: {v.said()} — rule "
                                                  f"{v.rule}"), a))
        for v in added.flagged:
            code = 1
            con.print(render.violation(v, a, "claimed score kept as written: "))
    if stopped is not None:
        left = len(s.redoable())
        sys.stderr.write(render.cards(redacted(s, f"referee: cannot redo "
                                               f"{s.redoable()[0]!r}: {stopped} "
                                               f"({left} left to redo)"), a).plain + "\n")
        code = 1
    con.print(render.cards(redacted(s, s.result().expect.prompt), a))
    raise typer.Exit(code)


@app.command()
@guarded
def status(file: FileArg, as_json: JsonOpt = False, ascii_only: AsciiOpt = False,
           seat: Annotated[str | None, typer.Option(
               "--seat", help="with --json: what this player may enter now")] = None) -> None:
    """Whose turn it is and what is expected, the trick on the table, the scores so far."""
    from cli import views

    if seat is not None and not as_json:
        fail("--seat goes with --json (status FILE --json --seat NAME)", 2)
    raise typer.Exit(views.status(file, as_json, ascii_only, seat))


@app.command()
@guarded
def score(file: FileArg, as_json: JsonOpt = False, ascii_only: AsciiOpt = False,
          option: OptionsOpt = None,
          chart: Annotated[bool, typer.Option("--chart", help="running totals as a chart")]
          = False) -> None:
    """The score sheet: a row per deal, running totals, the winner once there is one.

    With -o KEY=VALUE, also the same game scored under those house rules, beside the file's
    (the file is not changed)."""
    from cli import views

    raise typer.Exit(views.score(file, as_json, ascii_only, option, chart))


@app.command()
@guarded
def export(file: FileArg,
           fmt: Annotated[str, typer.Option("--format", "-f", help="csv or markdown")] = "csv",
           out: Annotated[Path | None, typer.Option("--output",
                                                    help="write here (default: stdout)")]
           = None,
           ascii_only: AsciiOpt = False,
           short_o: Annotated[str | None, typer.Option("-o", hidden=True)] = None) -> None:
    """The score sheet as CSV or Markdown: a row per deal, running totals, the winner.

    The file to write is given with --output (-o is a house rule in every other command)."""
    if short_o is not None:
        fail("export writes to a file with --output FILE (-o is for house rules, as in "
             "'score -o KEY=VALUE')", 2)
    from cli import sheet
    from cli.plain import ascii_wanted

    kind = fmt.strip().lower()
    if kind in ("md", "markdown"):
        kind = "markdown"
    if kind not in ("csv", "markdown"):
        fail(f"--format takes csv or markdown, not {fmt!r}", 2)
    res = _session(file).result()
    text = sheet.to_csv(res) if kind == "csv" else sheet.to_markdown(
        res, ascii_wanted(ascii_only) if out is None else ascii_only)
    if out is None:
        sys.stdout.write(text)
        return
    from referee.store.atomic import write_atomic

    write_atomic(out, text)
    typer.echo(f"wrote {out}")


@app.command()
@guarded
def replay(file: FileArg, as_json: JsonOpt = False, ascii_only: AsciiOpt = False,
           step: Annotated[bool, typer.Option("--step", help="pause after every deal")]
           = False) -> None:
    """Referee a saved game again from its first entry."""
    from cli import views

    raise typer.Exit(views.replay(file, as_json, ascii_only, step))


@app.command()
@guarded
def explain(file: FileArg,
            deal: Annotated[int | None, typer.Option(
                "--deal", help="the deal (game) number (default: the last trick played)")]
            = None,
            trick: Annotated[int | None, typer.Option("--trick", help="the trick (or turn)")]
            = None,
            ascii_only: AsciiOpt = False) -> None:
    """Settle a dispute: each card of the trick and why it was legal or not.

    Without --deal, the last trick (or turn) played, the one on the table included. Exit 1
    when what it shows holds a violation (the trick or turn asked for, else the deal), like
    replay and score."""
    s = _session(file)
    if deal is None:
        if trick is not None:
            fail("explain: --trick needs --deal", 2)
        from cli.explain import last_played

        deal, trick = last_played(s)
    render, con, a = _out(ascii_only)
    for line in s.rules.explain(s.setup, s.deals, deal, trick, s.result()):
        con.print(render.cards(line, a))
    if any(v.deal == deal and (trick is None or trick in (v.trick, v.turn))
           for v in s.result().violations):
        raise typer.Exit(1)


@app.command()
@guarded
def analyze(file: FileArg,
            deal: Annotated[int | None, typer.Option(
                "--deal", "--game", min=1, help="only this deal (or game) number")]
            = None,
            as_json: JsonOpt = False, ascii_only: AsciiOpt = False,
            workers: Annotated[int | None, typer.Option(
                "--workers", help="worker processes searching deals at once (default: one "
                "per core)")] = None) -> None:
    """A post-mortem of finished deals: the best that could have been made with every hand
    open, and the first play that cost something (trick games, Foursquare).

    On a terminal a progress bar shows the deal being searched; each deal is printed as soon
    as it is known. Ctrl-C prints what was done and exits 130."""
    s = _session(file)
    if s.rules.analysis == "placements":
        from cli.placements import run

        raise typer.Exit(run(str(file), deal, as_json, ascii_only))
    from cli import analyze as post_mortem

    raise typer.Exit(post_mortem.show(s, deal, as_json, ascii_only, workers))


@app.command()
@guarded
def hint(file: FileArg,
         card: Annotated[str | None, typer.Option("--card", help="the card just drawn (when "
                                                  "the file does not know the stock)",
                                                  autocompletion=complete.unseen_cards)]
         = None,
         as_json: JsonOpt = False, ascii_only: AsciiOpt = False) -> None:
    """Foursquare: the best place for the card just drawn, the chance to win, the next two.

    The hint sees only what the player sees (the table, the card drawn, the cards gone),
    never a stock the file knows. Without --card, on a terminal, it asks for the card."""
    from cli import hint as ch
    from cli.views import write_json

    res = _session(file).result()
    if card is None and ch.card_wanted(res) and sys.stdin.isatty():
        try:
            card = typer.prompt("Card drawn (e.g. 7H)")
        except typer.Abort:  # Ctrl-D
            fail("no card named: no hint", 2)
    advice = ch.advise(res, card)
    if as_json:
        write_json(ch.doc(res, advice))
        return
    render, con, a = _out(ascii_only)
    for line in ch.lines(res, advice):
        con.print(render.cards(line, a))


@app.command()
@guarded
def play(file: Annotated[Path | None, typer.Argument(help="the game's save file (TOML); "
                                                          "without it, start a new game")]
         = None,
         ascii_only: AsciiOpt = False,
         serve: Annotated[bool, typer.Option("--serve", help="serve the game's page alongside "
                                             "(referee serve), read-only")] = False,
         lan: Annotated[bool, typer.Option("--lan", help="with --serve: on the local network, "
                                           "a token in every URL")] = False,
         port: Annotated[int | None, typer.Option("--port", min=0, max=65535, help="with "
                                                  "--serve: the port (0: any free one; "
                                                  "default: the last one used for this "
                                                  "file when free)")] = None,
         seats: Annotated[bool, typer.Option("--seats", help="with --serve: each seat may "
                                             "also enter its own plays from its own link")]
         = False) -> None:
    """The table mode: shows the table, asks for the next entry, checks it, saves it."""
    from cli.table.run import run

    if seats and not serve:
        fail("play: --seats needs --serve", 2)
    if lan and not serve:
        fail("play: --lan needs --serve", 2)
    if port is not None and not serve:
        fail("play: --port needs --serve", 2)
    raise typer.Exit(run(file, ascii_only, serve, lan, port, seats))


@app.command()
@guarded
def edit(file: FileArg,
         deal: Annotated[int | None, typer.Argument(help="the deal (game) number (or "
                                                   "--deal)")] = None,
         trick: Annotated[int | None, typer.Argument(help="only this trick (or --trick)")]
         = None,
         deal_opt: Annotated[int | None, typer.Option("--deal", "--game", help="the deal "
                                                      "(game) number, as in explain")]
         = None,
         trick_opt: Annotated[int | None, typer.Option("--trick", help="only this trick, "
                                                       "as in explain")] = None,
         entry: Annotated[int | None, typer.Option("--entry", "-e",
                                                   help="the entry number to replace")] = None,
         to: Annotated[str | None, typer.Option("--to", help="what it becomes ('delete' "
                                                             "removes it)")] = None,
         dry_run: Annotated[bool, typer.Option("--dry-run", help="show, do not save")]
         = False,
         ascii_only: AsciiOpt = False) -> None:
    """Show a deal's entries numbered; with --entry N --to TEXT replace one and re-referee.

    With a TRICK and --to TEXT (no --entry), the whole trick is replaced. What is shown is
    what is saved; an edit the save file cannot hold alone is refused (exit 2). Exit 1 when
    the game it leaves breaks a rule (also with --dry-run)."""
    from referee.history import edit as ed

    deal = _one_of(deal, deal_opt, "the deal", "DEAL or --deal")
    trick = _one_of(trick, trick_opt, "the trick", None)
    s = _session(file, change=to is not None and not dry_run)
    if getattr(s, "private_live", False):  # the entries as numbered in the file, not saved
        from referee.history.session import Session

        s = Session.load(file)
        s.path = None
    render, con, a = _out(ascii_only)
    its = private_items(s, deal, ed.items(s.rules, s.setup, s.deals, deal))
    if to is None or (entry is None and trick is None):
        if to is not None or entry is not None:
            fail("--entry and --to go together (or a trick number and --to)", 2)
        shown = [it for it in its if trick is None or it.trick == trick] or its
        con.print(render.items_table(shown, a, f"{file}: deal {deal}"
                                     + (f", trick {trick}" if trick is not None else "")))
        return
    first, last = (entry, entry) if entry is not None else \
        ed.trick_entries(its, trick)
    if shown_alone(its, first, last):
        fail(f"a hand shown to the referee alone is changed with: referee hand {file} NAME "
             "CARDS", 2)
    try:
        change = ed.propose(s.rules, s.setup, s.deals, deal, first, to, last, s.result())
    except ed.EditRefused as e:
        how = "" if e.trick is None or e.deal != deal else \
            f": referee edit {file} {deal} {e.trick} --to " \
            f"\"{redacted(s, ed.trick_text(its, e.trick))}\""
        fail(render.cards(redacted(s, str(e)), a).plain + how, 2)
    # a private deal in progress: no card the table has not seen, before or after the edit
    # (the line replaced and its replacement as the table saw them before it, as 'add' says)
    what = f"entry {first}" if first == last else f"entries {first}-{last}"
    con.print(render.cards(redacted(s, f"deal {deal}, {what}: {change.old} → "
                                       f"{change.new_text}"), a))
    for thing in render.diff_view(ed.masked_diff(change.diff, ed.unseen(s.deals, change)), a):
        con.print(thing)
    if dry_run:
        con.print("not saved (--dry-run)")
        raise typer.Exit(change.code)
    ed.apply(s, change)
    con.print(f"saved to {render.clean(str(file))}")
    raise typer.Exit(change.code)




def _one_of(positional: int | None, option: int | None, what: str,
            needed: str | None) -> Any:
    """A number given as an argument or as an option (``edit 3 2`` or ``edit --deal 3
    --trick 2``): the one given; both only when they agree."""
    if positional is not None and option is not None and positional != option:
        fail(f"{what} is given twice, as {positional} and {option}: give one", 2)
    got = positional if positional is not None else option
    if got is None and needed is not None:
        fail(f"which deal? give {needed} (e.g. 'referee edit FILE 3 2' or "
             "'referee edit FILE --deal 3 --trick 2')", 2)
    return got


PathsArg = Annotated[list[Path], typer.Argument(help="save files and folders (searched for "
                                                      "*.toml)")]
WorkersOpt = Annotated[int | None, typer.Option("--workers", help="worker processes (default: "
                                                "one per core)")]


@app.command()
@guarded
def audit(paths: PathsArg, as_json: Annotated[bool, typer.Option(
              "--json", help="a JSON object per line per file, then a summary object")] = False,
          workers: WorkersOpt = None) -> None:
    """Referee many save files at once: a line per file, then a summary.

    Exit 0 when every file is clean, 1 when some file breaks a rule, 2 when some file cannot
    be read."""
    from cli.season import audit as run

    run(paths, as_json, workers)


@app.command()
@guarded
def stats(paths: PathsArg,
          game: Annotated[str | None, typer.Option("--game", help="only this game",
                                                   autocompletion=complete.game_names)] = None,
          player: Annotated[str | None, typer.Option("--player", help="only files with this "
                                                     "player",
                                                     autocompletion=complete.players_in)] = None,
          since: Annotated[str | None, typer.Option("--since", help="only files started on or "
                                                    "after this date (YYYY-MM-DD)")] = None,
          chart: Annotated[bool, typer.Option("--chart", help="each player's wins over time "
                                              "as a chart")] = False,
          as_json: JsonOpt = False, ascii_only: AsciiOpt = False,
          workers: WorkersOpt = None) -> None:
    """Per player (and team) over many files: games, wins, totals, violations, bids."""
    from cli.season import stats as run

    run(paths, game, player, since, chart, as_json, workers, ascii_only)


@app.command()
@guarded
def claim(file: FileArg,
          player: Annotated[str, typer.Argument(help="the player who claims")],
          rest: Annotated[bool, typer.Option("--rest", help="all the tricks left (the "
                                             "default)")] = False,
          tricks: Annotated[int | None, typer.Option("--tricks", help="at least N of the "
                                                     "tricks left", metavar="N")] = None,
          hand: Annotated[str | None, typer.Option("--hand", help="the claimer's hand, shown "
                                                   "(asked for when the file does not know "
                                                   "it)")] = None,
          as_json: JsonOpt = False, ascii_only: AsciiOpt = False) -> None:
    """Judge a claim on the deal in progress: PLAYER's side takes the rest (or N) of the
    tricks, whatever the others hold and play.

    Exit 0 when the claim holds, 1 when it fails (or cannot be proven within the search's
    budget), 2 for bad input."""
    from cli.claim import run

    if rest and tricks is not None:
        fail("give --rest or --tricks N, not both", 2)
    raise typer.Exit(run(file, player, tricks, hand, as_json, ascii_only))


@app.command()
@guarded
def seats(file: FileArg,
          new: Annotated[str | None, typer.Option("--new", help="replace this seat's link "
                                                  "(the old one stops working at once)")]
          = None,
          lan: Annotated[bool, typer.Option("--lan", help="the links on the local network "
                                            "(as serve --lan)")] = False,
          ascii_only: AsciiOpt = False) -> None:
    """Each seat's own link for serve --seats (and its QR code on a terminal): whoever opens
    it enters that seat's plays. The keys live in .FILE.seats beside the file (mode 0600)."""
    from cli.seats import run

    raise typer.Exit(run(file, new, lan, ascii_only))


@app.command()
@guarded
def serve(target: Annotated[Path, typer.Argument(help="a game's save file, or a folder of "
                                                      "them")],
          lan: Annotated[bool, typer.Option("--lan", help="serve the local network (the "
                                            "phones at the table): a random token in every "
                                            "address, and a QR code of it")] = False,
          port: Annotated[int | None, typer.Option(
              "--port", min=0, max=65535, help="the port (0: any free one; default: the last "
              "one used for this file when free, else 8000 when free)")] = None,
          seats: Annotated[bool, typer.Option("--seats", help="each seat may also enter its "
                                              "own plays from its own link (referee "
                                              "seats)")] = False
          ) -> None:
    """A read-only web page of the game, updated as entries land: the live table, the score
    sheet, the replay with each trick's explanation; of a folder, its games and the season's
    stats. By default only this machine can open it (127.0.0.1)."""
    if not target.exists():
        fail(f"{target}: no such file or folder", 2)
    if seats and target.is_dir():
        fail("serve: --seats serves one game file, not a folder", 2)
    if not target.is_dir():
        _session(target)  # a file that cannot be read: its one line now, exit 2
    from cli.serve import serve as run

    try:
        code = run(target, lan=lan, port=port, say=typer.echo, seats=seats)
    except OSError as e:
        fail(f"cannot serve on port {port if port is not None else '(any)'}: "
             f"{e.strerror or e}", 2)
    raise typer.Exit(code)
