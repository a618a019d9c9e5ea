"""``edit DEAL [TRICK]`` at the table: the entries numbered, one replaced, the change shown
before it is kept."""

from __future__ import annotations

from cli.table.base import TableBase
from cli.table.signals import held_signals
from cli.table.words import _is_card
from referee.cards import try_parse_card
from referee.errors import NotationError


class EditCommand(TableBase):
    def edit(self, args: list[str]) -> None:
        from cli import render
        from cli.views import private_items, shown_alone
        from referee.history import edit, private

        nums = [a for a in args if a.lower() != "deal"]
        if not nums or not all(a.isdigit() for a in nums) or len(nums) > 2:
            raise NotationError("edit DEAL [TRICK] (e.g. 'edit 3 2' or 'edit deal 3')")
        deal = int(nums[0])
        trick = int(nums[1]) if len(nums) > 1 else None
        s = self.s
        # a private deal in progress: its hands said, not shown, and no card the table has not
        # seen in the change (the line itself is said as the table saw it before the edit)
        its = private_items(s, deal, edit.items(s.rules, s.setup, s.deals, deal),
                            self.all_private)
        shown = [it for it in its if trick is None or it.trick == trick]
        if not shown:
            self.say(f"deal {deal} has no trick {trick}; its entries:")
            shown = its
        where = f"deal {deal}" + (f", trick {trick}" if trick is not None and shown != its
                                  else "")
        self.rich(render.items_table(shown, self.ascii, f"The entries of {where}",
                                     max(30, self.width() - 20)))
        whole = trick is not None and shown != its
        a = self.ask(f"Entry to replace ({shown[0].number}-{shown[-1].number}, "
                     + ("'all' for the whole trick, " if whole else "")
                     + "Enter to leave it): ")
        if not a:
            self.say("nothing changed")
            return
        if whole and a.lower() == "all":
            first, last = edit.trick_entries(its, trick)  # type: ignore[arg-type]
        elif not a.isdigit() or not any(it.number == int(a) for it in its):
            raise NotationError(f"{a!r} is not one of the entry numbers shown")
        else:
            first = last = int(a)
        if shown_alone(its, first, last):
            raise NotationError("a hand shown to the referee alone is changed with: hand "
                                "NAME CARDS")
        old = "; ".join(it.text for it in its[first - 1:last])
        self.say("replace ", self.style.cards(old),
                 " with what? (the same grammar as at the prompt; 'delete' removes it)")
        prefix, then = edit.state_before(s.rules, s.setup, s.deals, deal, first)
        try:
            offer = [w for w in s.rules.completions(s.setup, prefix, then) if _is_card(w)]
        except Exception:  # noqa: BLE001 - completion must never break the edit
            offer = []
        if private.live_private(s.deals, s.result(), self.all_private) == deal:
            hidden = self.hidden()  # Tab shows no card of a hand the table has not seen
            offer = [w for w in offer if try_parse_card(w) not in hidden]
        text = self.ask("> ", [*s.setup.players, *offer, "delete"])
        if not text:
            self.say("nothing changed")
            return
        try:
            change = edit.propose(s.rules, s.setup, s.deals, deal, first, text, last,
                                  s.result())
        except edit.EditRefused as e:
            how = "" if e.trick is None or e.deal != deal else \
                f" (edit {deal} {e.trick}, then 'all')"
            self.say(self.style.red("cannot do that: ") + self.style.cards(str(e)) + how)
            return
        d = edit.masked_diff(change.diff, edit.unseen(s.deals, change, self.all_private))
        what = f"entry {first}" if first == last else f"entries {first}-{last}"
        self.say(f"deal {deal}, {what}: ", self.style.cards(change.old), " → ",
                 self.style.cards(change.new_text))
        self.rich(*render.diff_view(d, self.ascii))
        if d.expect is not None:
            self.say("next: ", self.style.cards(d.expect[1]))
        if not self.confirm("Keep this change? [Y/n] "):
            self.say("nothing changed")
            return
        with s.writing(), held_signals():
            edit.apply(s, change)
        self.say(f"changed and saved to {self.path}")
        self.show()
