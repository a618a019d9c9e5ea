"""Reading a line at the table: prompt_toolkit on a terminal, plain ``input()`` otherwise.

On a terminal the prompt is drawn at once with plain text, and prompt_toolkit (about 0.1-0.2 s
to import) is loaded only after that, while people read the table; what is typed in the
meantime waits in the terminal and is picked up by the line editor (raw mode is entered with
TCSANOW, which keeps pending input). The editor brings line editing, history (a file beside
the save file, ``.NAME.history``, or in memory when that cannot be written) and Tab
completion of commands, player names and the cards the game offers now.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HUNG_UP = 0  # the signal number, set by the table mode's SIGHUP/SIGTERM handler


class HangUp(BaseException):
    """The terminal went away (SIGHUP) or we were asked to stop (SIGTERM)."""


def check_hung_up() -> None:
    """A SIGHUP/SIGTERM noted while the line editor was ending (it could not be stopped
    then): leave now, before a line is used or another is asked for."""
    if HUNG_UP:
        raise HangUp(HUNG_UP)


Words = Callable[[str], list[str]]  # the text before the cursor -> words to offer


class PlainReader:
    """``input()``: for pipes, scripts and tests that are not a terminal."""

    interactive = False

    def read(self, prompt: str, words: Words | None = None, ansi_prompt: str = "") -> str:
        check_hung_up()
        line = input(prompt)
        check_hung_up()
        return line


class TermReader:
    """prompt_toolkit, attached after the first prompt is already on the screen."""

    interactive = True

    def __init__(self, history: Path | None = None, ascii_only: bool = False) -> None:
        self.history_path = history
        self.ascii = ascii_only
        self._session: Any = None
        self._words: Words | None = None
        self._message: Any = ""  # the prompt drawn (``retitle`` changes it while it waits)
        # run above each prompt once it waits (news that came while no prompt was waiting)
        self.on_start: Callable[[], object] | None = None

    def _attach(self) -> None:
        # asyncio (under prompt_toolkit) loads ssl when it can: 4-5 MiB of OpenSSL for a
        # prompt that opens no connection. ssl is kept out while prompt_toolkit loads, so
        # asyncio starts without TLS support (as it does where Python has no ssl); a later
        # ``import ssl`` loads it as usual.
        keep_out = "ssl" not in sys.modules
        if keep_out:
            sys.modules["ssl"] = None  # type: ignore[assignment]
        try:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.completion import Completer, Completion
            from prompt_toolkit.history import FileHistory, History, InMemoryHistory
        finally:
            if keep_out:
                del sys.modules["ssl"]

        from cli.plain import plain_cards

        reader = self

        class Offer(Completer):
            def get_completions(self, document: Any, complete_event: Any) -> Any:
                word = document.get_word_before_cursor(WORD=True)
                before = document.text_before_cursor
                words = reader._words(before) if reader._words is not None else []
                low = word.lower()
                # a phrase ('trump S') matches what follows 'Name:' (or the whole line)
                tail = before.rsplit(":", 1)[-1].lstrip()
                unique = list(dict.fromkeys(words))
                phrases = [w for w in unique if " " in w.strip()
                           and w.lower().startswith(tail.lower()) and w != tail]
                for w in phrases:
                    yield Completion(w, start_position=-len(tail),
                                     display=plain_cards(w, reader.ascii))
                if phrases and " " in tail:
                    return
                for w in unique:
                    if " " not in w.strip() and w.lower().startswith(low) and w != word:
                        yield Completion(w, start_position=-len(word),
                                         display=plain_cards(w, reader.ascii))

        history: History = InMemoryHistory()
        if self.history_path is not None:
            try:
                self.history_path.touch(exist_ok=True)
                history = FileHistory(str(self.history_path))
            except OSError:
                history = InMemoryHistory()
        self._session = PromptSession(history=history, completer=Offer(),
                                      complete_while_typing=False, enable_suspend=True)

    def detach(self) -> None:
        """Forget the editor (it is attached again, with the history file, at next read)."""
        self._session = None

    def read(self, prompt: str, words: Words | None = None, ansi_prompt: str = "") -> str:
        check_hung_up()
        self._words = words
        if self._session is None:
            # the prompt first, the editor after: start-up stays close to 'import typer'
            sys.stdout.write(ansi_prompt or prompt)
            sys.stdout.flush()
            self._attach()
            # erase what we drew (a long prompt may have wrapped): the editor draws it again
            from cli.plain import terminal_width

            rows = max(0, (len(prompt) - 1) // terminal_width())
            sys.stdout.write((f"\x1b[{rows}A" if rows else "") + "\r\x1b[J")
            sys.stdout.flush()
        from prompt_toolkit.formatted_text import ANSI

        self._message = ANSI(ansi_prompt or prompt)
        start = self.on_start
        line = str(self._session.prompt(lambda: self._message,
                                        pre_run=(lambda: self.above(start)) if start else None))
        check_hung_up()
        return line

    def retitle(self, prompt: str, ansi_prompt: str = "") -> None:
        """Another prompt for the line being typed (drawn at the next redraw; call it on the
        editor's own thread, from a function given to ``above``)."""
        from prompt_toolkit.formatted_text import ANSI

        self._message = ANSI(ansi_prompt or prompt)

    def above(self, func: Callable[[], object]) -> bool:
        """Run ``func`` on the editor's thread, its output above the prompt now waiting, the
        line being typed kept (``run_in_terminal``); safe to call from another thread. False
        when no prompt is waiting (the caller says it at the next line instead)."""
        app = getattr(self._session, "app", None)
        loop = getattr(app, "loop", None)  # set only while the prompt runs
        if app is None or loop is None or not loop.is_running():
            return False

        def start() -> None:
            import asyncio

            from prompt_toolkit.application import run_in_terminal
            from prompt_toolkit.application.current import set_app

            with set_app(app):
                asyncio.ensure_future(run_in_terminal(func))

        try:
            loop.call_soon_threadsafe(start)
        except RuntimeError:  # the loop closed meanwhile: the line was taken
            return False
        return True


def reader_for(history: Path | None, ascii_only: bool) -> PlainReader | TermReader:
    if sys.stdin.isatty() and sys.stdout.isatty():
        return TermReader(history, ascii_only)
    return PlainReader()


def history_path(save: Path) -> Path:
    return save.with_name(f".{save.name}.history")
