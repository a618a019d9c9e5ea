"""``TableBase``: what every part of the table mode uses — the output, the entry path (check,
save, say what it proved), the table shown again, the questions asked inside a command."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cli import reader as rd
from cli.reader import HangUp
from cli.table.signals import held_signals
from cli.table.words import COMMANDS, _canon, _is_card, _led_first
from referee.errors import (
    FileChanged,
    IllegalEntry,
    RefereeError,
    SaveFileError,
    WriteFailed,
)


def _redact(part: Any, hidden: frozenset[Any]) -> Any:
    from rich.text import Text

    from referee.views.public import redact

    if isinstance(part, str):
        return redact(part, hidden)
    if isinstance(part, Text):
        plain = redact(part.plain, hidden)
        return part if plain == part.plain else Text(plain, style=part.style)
    return part


class TableBase:
    def __init__(self, session: Any, path: Path, ascii_only: bool, reader: Any) -> None:
        from cli import render

        self.s = session
        self.path = path
        self.ascii = render.ascii_wanted(ascii_only)
        self.style = render.Style(self.ascii)
        self.reader = reader
        self._con: Any = None
        self.resume_options = ""  # ``play``'s options the resume hint repeats (--serve)
        self.all_private = False  # every deal in progress private (a --deal game, --seats)

    # -- output ----------------------------------------------------------------------------

    def say(self, *parts: Any, seen: bool = False) -> None:
        """One line: ``Text`` as styled, strings as written (ASCII signs with --ascii);
        ``seen``: in the words of the game as the table has seen it, nothing to hide
        (``claimseen.seen``)."""
        from rich.text import Text

        from cli.plain import TO_ASCII

        hidden = frozenset() if seen else self.hidden()
        if hidden:  # a private deal in progress: its registered cards never on this screen
            parts = tuple(_redact(p, hidden) for p in parts)
        self.rich(Text.assemble(*(p.translate(TO_ASCII) if self.ascii and isinstance(p, str)
                                  else p for p in parts)))

    def hidden(self) -> frozenset[Any]:
        """The cards of a private deal in progress the table has not seen (none otherwise)."""
        from referee.history import private

        if not self.s.deals or not (self.all_private or private.is_private(self.s.deals[-1])):
            return frozenset()
        return private.hidden(self.s.deals, self.s.result(), force=self.all_private)

    def seen_result(self) -> Any:
        """The game as this screen may show it: a private deal in progress replayed without
        its registered hands (``referee.history.private.masked``), else the game's result."""
        from referee.history import private

        res = self.s.result()
        if private.live_private(self.s.deals, res, self.all_private) is None:
            return res
        return self.s.rules.replay(self.s.setup, private.masked(
            self.s.deals, res, self.all_private, self.s.rules))

    def rich(self, *things: Any) -> None:
        for t in things:
            self.console().print(t)

    def console(self) -> Any:
        if self._con is None:
            from cli import render

            self._con = render.console(self.ascii)
        return self._con

    def width(self) -> int:
        from cli.plain import terminal_width

        return terminal_width()

    def show(self) -> None:
        from cli import render

        res = self.seen_result()
        self.rich(*render.table_view(res.table, res.expect, self.ascii, self.width()))

    def words(self, before: str = "") -> list[str]:
        """What Tab offers: after 'Name:' the game's words without the names (the cards
        legal now, 'pass'...); as the first word also the commands."""
        res = self.seen_result()
        players = list(self.s.setup.players)
        try:
            offered = self.s.rules.completions(self.s.setup, self.s.deals, res)
        except Exception:  # noqa: BLE001 - completion must never break the prompt
            offered = players
        if res.expect.new_deal and res.expect.action in ("lead", "play", "turn", "place") \
                and not any(_is_card(w) for w in offered):
            # nothing of the new deal is seen yet: every card of the deck may come
            offered = [*offered, *(str(c) for c in self.s.rules.deck)]
        hands = res.table.hands or {}
        who = res.expect.player
        if who in hands and not any(_is_card(w) for w in offered):
            # the game offers no card, but the hand is known (a discard, say): offer it
            offered = [*offered, *(str(c) for c in hands[who])]
        typed = {_canon(w) for w in before.replace(":", " ").split()[:-1]} | (
            {_canon(before.split()[-1])} if before.endswith(" ") and before.split() else set())
        offered = [w for w in offered if not _is_card(w) or _canon(w) not in typed]
        offered = _led_first(offered, res.table.trick)
        if before.lstrip().lower().startswith("claim ") and ":" not in before \
                and "=" not in before:  # claim PLAYER [N]
            return players if len(before.split()) < 2 or not before.endswith(" ") and \
                len(before.split()) == 2 else []
        if ":" in before:  # a line starter (a name, 'Ala pulls:') only at the start
            return [w for w in offered if w not in players and not w.rstrip().endswith(":")]
        if not before.strip() or " " not in before.lstrip():
            return [*offered, *COMMANDS]
        return offered

    def resumed(self) -> None:
        """On opening a file: how many violations it holds and where (said once, at entry)."""
        from cli.news import resumed

        line = resumed(self.s.result())
        if line is not None:
            self.say(self.style.red(self.style.cards(line)))

    def finished(self) -> int:
        """``play`` on a game that is over: say so and who won; offer the sheet and the replay."""
        from cli import render
        from cli.plain import clean

        res = self.s.result()
        f = clean(str(self.path))
        won = render.winner(res)
        self.say(f"{f}: ", won if won is not None else "the game is over.")
        self.resumed()
        if self.confirm("Show the score sheet? [Y/n] "):
            self.score_sheet(res)
        self.say(f"Nothing more can be entered. The sheet: referee score {f}; every deal "
                 f"again: referee replay {f} (add --step to pause after each)")
        return 0

    def bye(self) -> None:
        from cli.plain import clean

        self.say(f"saved to {clean(str(self.path))}; resume with: referee play "
                 f"{clean(str(self.path))}{self.resume_options}")

    def enter(self, line: str, said: Sequence[Any] = ()) -> bool:
        """Check, save and report one typed line; False when it was not entered. A line of
        several entries (``pass pass 3``, ``2C 5C KC``) is entered whole or not at all
        (``Session.add``), and the table drawn once after it. ``said``: violations already
        said PROVEN (by a claim's verdict), not said again."""
        if not self.key_deal_said(line):
            return False
        return self._enter(line, said)

    def key_deal_said(self, line: str) -> bool:
        """A ``claimed = ...`` line that would go to another deal than the one the prompt is
        at (typed at the start of the next deal: it is the deal just played): say which,
        and ask, before anything is saved."""
        from referee.notation import key_line

        first = line.split(";", 1)[0]
        try:
            kv = key_line(first)
        except RefereeError:
            return True  # the entry's own reading says what is wrong
        if kv is None or kv[0] != "claimed":
            return True
        at = self.s.result().expect.deal
        goes = self.s.key_goes_to("claimed")
        if goes == at or goes < 1:
            return True
        if self.confirm(f"this claimed score is for deal {goes}, the deal just played (the "
                        f"prompt is at deal {at}); record it for deal {goes}? [Y/n] "):
            return True
        self.say(self.style.cards(f"{line!r} was not entered"))
        return False

    def _enter(self, line: str, said: Sequence[Any] = ()) -> bool:
        st = self.style
        before = self.s.result()
        try:
            with self.s.writing(), held_signals():
                added = self.s.add(line)
        except FileChanged:
            self.reloaded(f"{line!r} was not entered: type it again if it still stands")
            return False
        except WriteFailed as e:
            self.not_saved(e, f"{line!r} was not entered: type it again to retry, or quit")
            return False
        except SaveFileError as e:  # changed on disk into something that is not a game
            self.say(st.red("the file changed on disk and cannot be read: "), f"{e}; ",
                     st.cards(f"{line!r} was not entered"))
            return False
        except IllegalEntry as e:
            from referee.history.claimseen import is_seen

            self.say(st.red("refused: ") + st.cards(str(e)), seen=is_seen(e))
            return False
        except RefereeError as e:
            self.say(st.red("cannot read that: ") + st.cards(str(e)))
            return False
        self.say_proven([v for v in added.proven if v not in said])
        self.flag(added.flagged)
        self.after(before)
        return True

    def say_proven(self, proven: Sequence[Any]) -> None:
        """A revoke (or any violation) the cards just proved, at the trick where it was."""
        st = self.style
        for v in proven:
            self.say(st.red(st.bold("PROVEN: ")) + st.cards(f"{v.where()}: {v.said()} "
                                                              f"— rule {v.rule}"))

    def flag(self, flagged: list[Any]) -> None:
        """A claimed score that differs: kept as the table wrote it, and a warning line."""
        from cli import render

        for v in flagged:
            self.say(render.violation(v, self.ascii, self.style.red(self.style.bold(
                "WARNING: ")) + "claimed score kept as written: "))

    def reloaded(self, what: str) -> None:
        """The file changed on disk (the session has read it again): say so, show it."""
        self.say(self.style.red("the file changed on disk (another terminal?) and was read "
                                "again; ") + self.style.cards(what))
        self.show()

    def not_saved(self, e: Exception, what: str) -> None:
        """The file could not be written: the game is as before the change; say so."""
        self.say(self.style.red("not saved: "), f"{e}; ", self.style.cards(what))

    def after(self, before: Any) -> None:
        """The table again, and the news: a deal over, the game over."""
        from cli.plain import clean

        res = self.s.result()
        n = before.expect.deal
        if res.expect.deal != n or res.complete:
            d = res.deals[n - 1] if 0 < n <= len(res.deals) else None
            if d is not None and d.finished:
                if d.redeal:
                    self.say(self.style.bold(f"Deal {n}: everyone passed — the same dealer "
                                             "deals again"))
                elif d.scores is not None:
                    parts = ", ".join(f"{clean(k)} {v:+d}" if v else f"{clean(k)} 0"
                                      for k, v in d.scores.items())
                    label = d.name.capitalize() if d.name.startswith(("deal", "game")) \
                        else f"Deal {n}" + (f" ({clean(d.name)})" if d.name else "")
                    self.say(self.style.bold(f"{label} over: ") + parts)
                    for line in self.s.rules.deal_news(d):
                        self.say("  ", self.style.cards(clean(line)))
                    tot = ", ".join(f"{clean(k)} {v}" for k, v in res.totals.items())
                    self.say(f"  totals: {tot}")
                from cli.news import deal_lines

                for line in deal_lines(res, n, self.ascii, open_deal=False):
                    self.say(line)
        if not self.over(res):
            self.show()

    def over(self, res: Any) -> bool:
        """Nothing more can be entered (a series, like Foursquare's, can always go on)."""
        from referee.history.session import Session

        return Session.over(res)

    def game_over(self, res: Any) -> None:
        """The sheet with the winner, and where to see the game again: nothing to resume."""
        from cli.plain import clean

        self.score_sheet(res)
        f = clean(str(self.path))
        self.say(f"Nothing more can be entered. To see it again: referee score {f} (the "
                 f"sheet), referee replay {f} (every deal)")

    def score_sheet(self, res: Any) -> None:
        from cli import render

        self.rich(*render.sheet(res, self.ascii, self.console().width))

    def confirm(self, question: str, default: bool = True) -> bool:
        """Ask until the answer is yes, no or Enter (``default``); an interrupted question
        is a no."""
        from cli.start import yes_no

        while True:
            answer = self.ask(question, ["y", "n"])
            if answer is None:
                return False
            ok = yes_no(answer, default)
            if ok is not None:
                return ok
            self.say("please answer y or n")

    def ask(self, question: str, words: list[str] | None = None) -> str | None:
        """A question inside a command; None when it was interrupted (Ctrl-C, Ctrl-D)."""
        from cli.plain import plain_cards

        offer = list(words or [])
        question = plain_cards(question, self.ascii)  # cards as the prompt shows them
        try:
            return str(self.reader.read(question, lambda before: offer)).strip()
        except (EOFError, KeyboardInterrupt):
            if rd.HUNG_UP:
                raise HangUp(rd.HUNG_UP) from None
            self.say("")
            return None

