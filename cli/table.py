"""The table mode: show the table, ask for the next entry, check it, save it, repeat."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from referee.errors import IllegalEntry, RefereeError

HELP = """Type what happens at the table, e.g.  Bartek: AS   (the name may be left out when it is
that player's turn; several cards play in turn: Bartek: 2C 5C KC AC).
Also: 'Darek: trump S', 'Ala: 3', 'Ala: pass', 'outcome = { ... }', 'claimed = { ... }'.
Commands: undo [N], redo, score, status, help, quit."""

COMMANDS = ["undo", "redo", "score", "status", "help", "quit"]


def _reader(session: Any) -> Any:
    """A line reader: prompt_toolkit on a terminal (history, completion), else input()."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return lambda prompt: input(prompt)
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.history import InMemoryHistory

    class Words(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Any:
            word = document.get_word_before_cursor(WORD=True)
            res = session.result()
            words = COMMANDS + session.rules.completions(session.setup, session.deals, res)
            for w in dict.fromkeys(words):
                if w.lower().startswith(word.lower()):
                    yield Completion(w, start_position=-len(word))

    ps: Any = PromptSession(history=InMemoryHistory(), completer=Words(),
                            complete_while_typing=False)
    return lambda prompt: ps.prompt(prompt)


def run(path: Path, ascii_only: bool = False) -> int:
    from cli import render
    from referee.session import Session

    s = Session.load(path)
    a = render.ascii_wanted(ascii_only)
    con = render.console(a)
    read = _reader(s)

    def show() -> None:
        res = s.result()
        for r in render.table_view(res.table, a):
            con.print(r)

    con.print(f"referee — {s.rules.title}, {', '.join(render.clean(p) for p in s.setup.players)}"
              f" — saving to {path}. Type 'help' for help.")
    show()
    while True:
        res = s.result()
        if res.complete:
            con.print(render.score_table(res, a))
            w = render.winner_line(res)
            if w is not None:
                con.print(w)
            con.print("The game is over.")
            return 0
        prompt = render.cards(res.expect.prompt, True).plain + "> "
        try:
            line = read(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            con.print(f"\nsaved to {path}; resume with: referee play {path}")
            return 0
        if not line:
            continue
        word = line.split()[0].lower()
        try:
            if word in ("quit", "exit", "q"):
                con.print(f"saved to {path}; resume with: referee play {path}")
                return 0
            if word == "help":
                con.print(HELP)
                continue
            if word == "undo":
                n = int(line.split()[1]) if len(line.split()) > 1 else 1
                taken = s.undo(n)
                s.redo_stack.extend(_entry_text(s, e) for e in reversed(taken))
                con.print(f"took back {len(taken)} entr{'y' if len(taken) == 1 else 'ies'}")
                show()
                continue
            if word == "redo":
                if not s.redo_stack:
                    con.print("nothing to redo")
                    continue
                text = s.redo_stack.pop()
                keep = list(s.redo_stack)
                s.add(text)
                s.redo_stack[:] = keep
                con.print(render.cards(f"redone: {text}", a))
                show()
                continue
            if word == "score":
                con.print(render.score_table(res, a))
                for line in render.violations(res, a):
                    con.print(line)
                continue
            if word == "status":
                show()
                continue
            added = s.add(line)
            for v in added.proven:
                con.print(render.cards(f"PROVEN: {v.where()}: {v.player}: {v.message} — "
                                       f"rule {v.rule}", a))
            after = s.result()
            if after.expect.deal != res.expect.deal or after.complete:
                d = after.deals[res.expect.deal - 1] if len(after.deals) >= res.expect.deal \
                    else None
                if d is not None and d.finished and d.scores is not None:
                    con.print("deal over: " + ", ".join(f"{render.clean(k)} {v:+d}"
                                                        for k, v in d.scores.items()))
            show()
        except IllegalEntry as e:
            con.print(render.cards(f"refused: {e}", a))
        except (RefereeError, ValueError) as e:
            con.print(render.cards(f"cannot read that: {e}", a))


def _entry_text(s: Any, e: Any) -> str:
    from referee.model import Bid, Key, Pass, Play

    if isinstance(e, Play):
        cards = " ".join("?" if c is None else str(c) for c in e.cards)
        return f"{e.player}: {'~' if e.down else ''}{cards}"
    if isinstance(e, Pass):
        return f"{e.player}: pass"
    if isinstance(e, Bid):
        return f"{e.player}: {'pass' if e.value is None else e.value}"
    if isinstance(e, Key):
        import tomli_w

        return tomli_w.dumps({e.name: _plain(e.value)}).strip()
    return str(e)


def _plain(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, tuple):
        return " ".join(str(c) for c in v)
    return v
