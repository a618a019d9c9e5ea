"""``undo [N]`` and ``redo [N]`` at the table: the same mechanism as ``referee undo`` and
``referee redo`` (``Session.undo``/``redo`` and the redo record beside the file), so what one
took back the other can put back."""

from __future__ import annotations

from cli.table.base import TableBase
from cli.table.signals import held_signals


class UndoCommands(TableBase):
    def undo(self, n: int) -> None:
        """Take back the last ``n`` entries a person made (not a dealer, a note, dealt cards);
        past the deal in progress only when the table says yes."""
        from cli.undo import reach_question, taken_line, them_of
        from referee.history.edit import entry_text

        what = reach_question(self.s, n)
        if what is not None and not self.confirm(f"{what}. Take {them_of(what)} back? [y/N] ",
                                                  False):
            self.say("nothing changed")
            return
        with self.s.writing(), held_signals():
            taken = self.s.undo(n)
        taken_texts = [entry_text(e, self.s.rules, self.s.setup) for e in reversed(taken)]
        stop = self.s.note_stop
        why = "" if stop is None else \
            f"deal {stop} holds a note, and undo does not go back past a note; to go " \
            f"further, remove it with 'edit {stop}'"
        if not taken:
            self.say("nothing to undo" + (f": {why}" if why else ""))
            return
        self.say(self.style.cards(taken_line("took back", taken_texts)))
        if why and len(taken) < n:
            self.say(why)
        self.show()

    def redo_(self, n: int) -> None:
        if not self.s.redoable():
            self.say("nothing to redo")
            return
        before = self.s.result()
        st = self.style
        with self.s.writing(), held_signals():
            done, stopped = self.s.redo(n)
        if done:
            self.say("redone: ", st.cards("; ".join(t for t, _ in done)))
        for _, added in done:  # what each proves, as when it was first typed
            self.say_proven(added.proven)
            self.flag(added.flagged)
        if stopped is not None:
            text = self.s.redoable()[0]
            self.say(st.red(f"cannot redo {text!r}: ") + st.cards(str(stopped)))
        if done:
            self.after(before)
