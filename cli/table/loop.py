"""``Table``: the prompt loop, and the commands typed at it dispatched to their parts."""

from __future__ import annotations

import threading
from typing import Any

from cli import reader as rd
from cli.reader import HangUp
from cli.table.claim import ClaimCommands
from cli.table.edit import EditCommand
from cli.table.signals import held_signals
from cli.table.tools import ToolCommands
from cli.table.undo import UndoCommands
from cli.table.words import COMMANDS, HELP, QUIT, _count
from referee.errors import FileChanged, IllegalEntry, NotationError, RefereeError, WriteFailed
from referee.notation import MAX_ENTRY

_PHONE_LOCK = threading.Lock()
INTERRUPTED = 130  # Ctrl-C: the exit code of every command stopped by it (128 + SIGINT)


class Table(UndoCommands, ClaimCommands, EditCommand, ToolCommands):
    serving: Any = None  # the page's server (``play --serve``)
    _phone: list[tuple[str, str]] | None = None

    def from_phone(self, seat: str, text: str) -> None:
        """A seat entered ``text`` from its page (the server's thread): said above the prompt
        as it lands, the game read again and the prompt redrawn (on a terminal, the line being
        typed kept); else before the next line is taken."""
        with _PHONE_LOCK:
            if self._phone is None:
                self._phone = []
            self._phone.append((seat, text))
        above = getattr(self.reader, "above", None)
        if above is not None:
            above(self.phone_landed)  # (else said when the next prompt starts, or line taken)

    def phone_landed(self) -> None:
        """(On the prompt's thread, above the prompt waiting.) The news, the prompt anew."""
        if self.phone_news():
            retitle = getattr(self.reader, "retitle", None)
            if retitle is not None:
                retitle(*self.prompts())

    def prompts(self) -> tuple[str, str]:
        """The prompt for the game now: plain, and with colour where the terminal has it."""
        from cli import render
        from cli.plain import prompt_text

        expect = self.seen_result().expect
        plain = prompt_text(expect, self.ascii)
        st = self.style
        if not render.colour_wanted(self.console()):
            return plain, plain
        return plain, render.ansi(st.cards(expect.prompt) + st.dim(" > "))

    def phone_news(self) -> bool:
        """What the seats entered since the last line: each said, the file read again.
        False when there was none."""
        with _PHONE_LOCK:
            news, self._phone = self._phone or [], []
        if not news:
            return False
        from referee.history.session import Session

        unread: RefereeError | None = None
        try:  # read first: what this screen may show (a private deal) is the file's now
            self.s = Session.load(self.path)
        except RefereeError as e:
            unread = e
        for seat, text in news:
            # a play without its name; a key line (a claim, a hand shown) as written
            key = text.split("=", 1)[0].strip()
            said = text if key.isidentifier() else \
                text.split(":", 1)[1].strip() if ":" in text else text
            self.say(self.style.bold(f"{seat} (phone): "), self.style.cards(said))
        if unread is not None:
            self.say(self.style.red("cannot read the file again: ") + str(unread))
            return True
        self.show()
        return True

    def register_hand(self, args: list[str]) -> None:
        """``hand NAME CARDS``: a private hand registered (or corrected, as the director)
        for the deal in progress (``referee.history.private``); the cards are not said again."""
        from referee.history.private import register
        from referee.notation import resolve_player

        if len(args) < 2:
            raise NotationError("hand NAME CARDS, e.g. 'hand Bartek AS KS 7H ...'")
        who = resolve_player(args[0], self.s.setup.players)
        with self.s.writing(), held_signals():
            got = register(self.s, who, " ".join(args[1:]), director=True)
        self.say(f"{who}'s hand registered ({len(got)} cards): shown to nobody until the deal "
                 "ends")
        self.show()

    def seat_links(self, args: list[str]) -> None:
        """``seats``: each seat's link again; ``seats new NAME``: NAME's link replaced (the
        old one refused from the next request on), the new one told."""
        if self.serving is None or self.serving.app.state.site.seats is None:
            self.say("no seats: play FILE --serve --seats gives each seat its own link")
            return
        from urllib.parse import urlsplit

        from cli.seats import links, tell
        from cli.serve import seat_host

        at = urlsplit(self.serving.url)
        host, port = seat_host(at.hostname or "127.0.0.1"), at.port or 0
        players = self.s.setup.players
        if not args:
            tell(links(self.path, players, host, port), self.say, ascii_only=self.ascii)
            return
        if args[0].lower() != "new" or len(args) != 2:
            self.say(self.style.red("seats: 'seats' or 'seats new NAME'"))
            return
        from referee.notation import resolve_player

        name = resolve_player(args[1], players)
        pairs = links(self.path, players, host, port, renew=name)
        self.say(f"{name}'s old link no longer works; the new one:")
        tell([p for p in pairs if p[0] == name], self.say, ascii_only=self.ascii)

    def run(self) -> int:
        try:
            return self.loop()
        except KeyboardInterrupt:  # Ctrl-C while output was being written: leave
            self.say("")
            self.bye()
            return INTERRUPTED

    def loop(self) -> int:
        from cli.plain import clean

        st = self.style
        if self.over(self.s.result()):  # 'play' on a finished game: nothing to resume
            return self.finished()
        players = ", ".join(clean(p) for p in self.s.setup.players)
        self.say(st.dim(f"referee — {self.s.rules.title} — {players} — saving to "
                        f"{clean(str(self.path))}; 'help' for help"))
        self.show()
        self.resumed()
        while True:
            res = self.s.result()
            if self.over(res):
                self.game_over(res)
                return 0
            plain, fancy = self.prompts()
            try:
                line = self.reader.read(plain, self.words, fancy)
            except (EOFError, KeyboardInterrupt) as e:
                if rd.HUNG_UP:
                    raise HangUp(rd.HUNG_UP) from None
                self.say("")
                self.bye()  # Ctrl-D leaves as 'quit' does; Ctrl-C as every command: 130
                return INTERRUPTED if isinstance(e, KeyboardInterrupt) else 0
            if rd.HUNG_UP:  # SIGTERM/SIGHUP as Enter was pressed: the line is not taken
                raise HangUp(rd.HUNG_UP)
            self.phone_news()
            line = line.strip()
            if not line:
                continue
            if len(line) > MAX_ENTRY:
                self.say(st.red(f"refused: an entry of {len(line)} characters (at most "
                                f"{MAX_ENTRY})"))
                continue
            if self.command(line):
                if line.split()[0].lower() in QUIT:
                    return 0
                continue
            self.enter(line)

    def command(self, line: str) -> bool:
        """Run ``line`` if it is a command; False when it is an entry."""
        words = line.split()
        word = words[0].lower()
        if ":" in line or "=" in line or word not in (*COMMANDS, *QUIT, "?", "table", "score",
                                                      "seats", "hand"):
            return False
        if word in QUIT and len(words) > 1:  # 'q 3d': a player's name, shortened
            return False
        args = words[1:]
        st = self.style
        try:
            if word in QUIT:
                self.bye()
            elif word in ("help", "?"):
                self.say(HELP)
            elif word in ("status", "table"):
                self.show()
                from cli.news import deal_lines

                for vline in deal_lines(self.s.result(), self.s.result().expect.deal, self.ascii):
                    self.say(vline)
            elif word == "score":
                self.score_sheet(self.s.result())
            elif word == "seats":
                self.seat_links(args)
            elif word == "hand":
                self.register_hand(args)
            elif word == "undo":
                self.undo(_count(args))
            elif word == "redo":
                self.redo_(_count(args))
            elif word == "edit":
                self.edit(args)
            elif word == "explain":
                self.explain(args)
            elif word == "claim":
                self.claim(args)
            elif word == "hint":
                self.hint(args)
            elif word == "analyze":
                self.analyze(args)
        except FileChanged:
            self.reloaded(f"{word!r} was not done")
        except WriteFailed as e:
            self.not_saved(e, f"{word!r} was not done")
        except IllegalEntry as e:
            self.say(st.red("refused: ") + st.cards(str(e)))
        except RefereeError as e:
            self.say(st.red("cannot do that: ") + st.cards(str(e)))
        return True
