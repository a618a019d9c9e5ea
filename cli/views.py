"""The read-only views of a saved game (status, score, replay).

They are the bodies of those commands, which ``cli.commands`` calls through typer. Each returns
its exit code.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any


def session(path: Path, change: bool = False) -> Any:
    """The game in ``path``; with ``change``, for a command that changes it: the file's lock
    is taken first and held until the command ends, and a read-only file is refused."""
    from referee.history.session import Session

    if change:
        hold(path)
        return Session.load(path)
    return public_session(Session.load(path))


def public_session(s: Any) -> Any:
    """``s`` for a read-only view on the terminal: a private deal in progress as the table
    has seen it, its registered hands left out (``referee.history.private.masked``); the session is
    then never saved (``path`` None)."""
    from referee.history import private

    res = s.result()
    if private.live_private(s.deals, res) is None:
        return s
    s.private_live = True
    s.deals = private.masked(s.deals, res, rules=s.rules)
    s.path = None
    s._result = None
    from referee.games.base import Checkpoint

    s._resume = Checkpoint()  # (it held the unmasked deal's state)
    return s


def refusal(s: Any, e: BaseException) -> str:
    """A refusal's text as the terminal prints it: ``redacted``, unless it is in the words of
    the game as the table has seen it (``claimseen.seen``: a private deal's claim), where a
    card written ``?`` would tell that it lies in a registered hand."""
    from referee.history.claimseen import is_seen

    return str(e) if is_seen(e) else redacted(s, str(e))


def redacted(s: Any, text: str) -> str:
    """``text`` (a refusal, a prompt) with every card of a private deal in progress that the
    table has not seen written ``?``."""
    from referee.history import private
    from referee.views import public

    return public.redact(text, private.hidden(s.deals, s.result()))


SHOWN_ALONE = "(shown to the referee alone)"


def private_items(s: Any, deal: int, its: list[Any], force: bool = False) -> list[Any]:
    """``referee edit``'s entries of ``deal`` (``referee.history.edit.items``): when it is a
    private deal in progress, its ``hands`` (and ``private``) said, not shown (``force``:
    every deal in progress private, the table mode of a served ``--deal`` game)."""
    from dataclasses import replace

    from referee.history import private

    if private.live_private(s.deals, s.result(), force) != deal:
        return its
    return [replace(it, text=f"{it.text.split(' =', 1)[0]} = {SHOWN_ALONE}")
            if it.text.startswith(("hands =", "private =")) else it for it in its]


def shown_alone(its: list[Any], first: int, last: int) -> bool:
    """Whether entries ``first`` to ``last`` hold a hand shown to the referee alone (changed
    with ``referee hand`` only)."""
    return any(first <= it.number <= last and it.text.startswith(("hands", "private"))
               and it.text.endswith(SHOWN_ALONE) for it in its)


def hold(path: Path) -> None:
    """Take ``path``'s lock until the command ends, and refuse a read-only file."""
    if os.path.lexists(path):  # (a missing file: Session.load says so)
        from referee.store import atomic, filelock

        filelock.hold(path)
        atomic.check_writable(path)


def out(ascii_only: bool) -> Any:
    """For rich output: the ``cli.render`` module, a console, and whether to write ASCII."""
    from cli import render
    from cli.plain import tolerant_stdout

    a = render.ascii_wanted(ascii_only)
    tolerant_stdout()
    return render, render.console(a), a


def say(*lines: str) -> None:
    """Write ``lines``; when the reader has gone (``| head``), stop quietly with exit 1."""
    try:
        sys.stdout.write("".join(f"{line}\n" for line in lines))
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None


def write_json(doc: dict[str, Any]) -> None:
    """``doc`` as indented JSON, written a piece at a time: a long game's replay is never held
    whole as text (the same bytes as ``json.dumps``)."""
    import json

    pieces: list[str] = []
    for piece in json.JSONEncoder(ensure_ascii=False, indent=2,
                                  default=str).iterencode(doc):
        pieces.append(piece)
        if len(pieces) >= 8192:
            say_part("".join(pieces))
            pieces.clear()
    say("".join(pieces))


def say_part(text: str) -> None:
    """Write ``text`` without a new line (as ``say``, stopping quietly when the reader left)."""
    try:
        sys.stdout.write(text)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None


def status(file: Path, as_json: bool = False, ascii_only: bool = False,
           seat: str | None = None) -> int:
    """Whose turn it is and what is expected, the trick on the table, the scores so far;
    with ``as_json`` also what the player to act (or ``seat``) may enter now."""
    s = session(file)
    res = s.result()
    if as_json:
        who = None
        if seat is not None:
            from referee.notation import resolve_player

            who = resolve_player(seat, s.setup.players)  # a stranger: exit 2
            if getattr(s, "private_live", False):
                from referee.errors import NotationError

                raise NotationError("--seat: this deal's hands are private while it is in "
                                    "progress (each seat sees its own on its own page)")
        doc = res.to_json()
        e = res.expect
        offer = s.rules.choices(s.setup, s.deals, res, who)
        doc["expect"] = {"player": e.player, "action": e.action, "prompt": e.prompt,
                         "deal": e.deal, "trick": e.trick,
                         "choices": [c.to_json() for c in offer.choices],
                         "picks": [p.to_json() for p in offer.picks]}
        doc["table"] = {"title": res.table.title, "lines": res.table.lines,
                        "trick": res.table.trick}
        write_json(doc)
        return 0
    from cli.plain import clean, names_of, terminal_width

    render, con, a = out(ascii_only)
    from cli.news import deal_lines

    for thing in (*render.table_view(res.table, None, a, terminal_width()),
                  *deal_lines(res, res.expect.deal, a),
                  render.cards(res.expect.prompt, a),
                  render.cards("scores: " + ", ".join(f"{clean(n)} {res.totals.get(n, 0)}"
                                                      for n in names_of(res)), a)):
        con.print(thing)
    return 0


def rescored_count(res: Any, other: Any, option: list[str]) -> str:
    """``under trump_chooser=left: 4 violations (as recorded: none); the exit code is the
    game's as recorded``: what the what-if view says first."""
    from cli.plain import clean

    def count(n: int) -> str:
        return "none" if n == 0 else f"{n} violation{'' if n == 1 else 's'}"

    code = 0 if res.ok else 1
    return (f"under {', '.join(clean(o) for o in option)}: {count(len(other.violations))} "
            f"(as recorded: {count(len(res.violations))}; exit {code}, the game's as recorded)")


def score(file: Path, as_json: bool = False, ascii_only: bool = False,
          option: list[str] | None = None, chart: bool = False) -> int:
    """The score sheet; with options, the same game re-scored beside it (file untouched)."""
    s = session(file)
    res = s.result()
    other = None
    if option:
        from cli.start import parse_options
        from referee.history.whatif import rescore

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
    if other is not None:  # first, in one line: what the game breaks under those rules
        con.print(render.cards(rescored_count(res, other, option or []), a))
    for thing in render.sheet(res, a, con.width):
        con.print(thing)
    if other is not None:
        con.print()
        con.print(render.rescore_table(res, other, ", ".join(option or []), a))
        from referee.history.edit import diff

        for thing in render.diff_view(diff(res, other), a, deals=False):
            con.print(thing)
        from cli.scoresheet import not_played

        for line in not_played(other):
            con.print(render.cards(line, a))
    if chart:
        import cli.chart

        say(cli.chart.running_totals(res, a, colour=render.colour_wanted(con),
                                     width=min(render.available_width() or 80, 120)))
    return 0 if res.ok else 1


def step_key(back: bool) -> str:
    """Between two deals of ``replay --step``: '' (Enter, the next deal), 'b' (back one deal)
    or 'q' (quit; also Ctrl-D, Ctrl-C). Anything else is asked again."""
    while True:
        try:
            a = input("  [Enter] next deal, b back, q quit " if back else
                      "  [Enter] next deal, q quit ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            say("")
            return "q"
        if a in ("", "n", "next"):
            return ""
        if a in ("q", "quit"):
            return "q"
        if a in ("b", "back") and back:
            return "b"
        say("  Enter for the next deal" + (", b to go back one deal" if back else "")
            + ", q to quit")


def replay(file: Path, as_json: bool = False, ascii_only: bool = False,
           step: bool = False) -> int:
    """Referee a saved game again from its first entry: every deal, trick, score, violation."""
    s = session(file)
    res = s.result()
    if as_json:
        s.rules.record_play(s.deals, res)
        write_json(res.replay_json())
        return 0 if res.ok else 1
    from cli.plain import clean

    render, con, a = out(ascii_only)
    i = 0
    while i < len(res.deals):  # each deal told from the one replay's state: no replay per deal
        d = res.deals[i]
        for line in s.rules.explain(s.setup, s.deals, d.number, None, res):
            con.print(render.cards(line, a))
        if d.scores is not None:  # (the deal's points, bid and result are explain's lines:
            # the news the table mode gives at the end of a deal would say them twice)
            con.print(render.cards("  scores: " + ", ".join(f"{clean(k)} {v:+d}"
                                                            for k, v in d.scores.items()), a))
        i += 1
        if step and sys.stdin.isatty():
            go = step_key(i > 1)
            if go == "q":
                return 0 if res.ok else 1
            if go == "b":
                i -= 2
    for thing in render.sheet(res, a, con.width):
        con.print(thing)
    if res.ok:
        con.print("no violations")
    return 0 if res.ok else 1
