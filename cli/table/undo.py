"""``undo [N]`` and ``redo [N]`` at the table."""

from __future__ import annotations

from cli.table.base import TableBase
from cli.table.signals import held_signals
from referee.errors import FileChanged, RefereeError, SaveFileError, WriteFailed


class UndoCommands(TableBase):
    def undo(self, n: int) -> None:
        """Take back the last ``n`` entries a person made (not a dealer, a note, dealt cards)."""
        from referee.edit import entry_text

        with self.s.writing(), held_signals():
            taken = self.s.undo(n)
        taken_texts = [entry_text(e, self.s.rules, self.s.setup) for e in taken]
        stop = self.s.note_stop
        why = "" if stop is None else \
            f"deal {stop} holds a note, and undo does not go back past a note; to go " \
            f"further, remove it with 'edit {stop}'"
        if not taken:
            self.say("nothing to undo" + (f": {why}" if why else ""))
            return
        count = len(taken)
        self.redo.extend(taken_texts)
        shown = "; ".join(reversed(taken_texts))
        self.say(f"took back {count} entr{'y' if count == 1 else 'ies'}: ",
                 self.style.cards(shown))
        if why and count < n:
            self.say(why)
        self.show()

    def redo_(self, n: int) -> None:
        if not self.redo:
            self.say("nothing to redo")
            return
        done = []
        before = self.s.result()
        failed: SaveFileError | None = None
        while n > 0 and self.redo:
            text = self.redo[-1]
            keep = self.redo[:-1]
            try:
                with self.s.writing(), held_signals():
                    added = self.s.add(text)
            except (FileChanged, WriteFailed) as e:
                failed = e
                break
            except RefereeError as e:
                self.say(self.style.red(f"cannot redo {text!r}: ") + self.style.cards(str(e)))
                break
            self.flag(added.flagged)
            self.redo = keep
            done.append(text)
            n -= 1
        if done:
            self.say("redone: ", self.style.cards("; ".join(done)))
            self.after(before)
        if failed is not None:
            raise failed
