"""``explain``, ``analyze`` and ``hint`` at the table: the engine's answers, drawn."""

from __future__ import annotations

from typing import Any

from cli.table.base import TableBase
from referee.errors import NotationError


class ToolCommands(TableBase):
    def explain(self, args: list[str]) -> None:
        nums = [int(a) for a in args if a.isdigit()]
        if not nums:
            raise NotationError("explain DEAL [TRICK], e.g. 'explain 3 5'")
        for line in self.s.rules.explain(self.s.setup, self.s.deals, nums[0],
                                         nums[1] if len(nums) > 1 else None, self.s.result()):
            self.say(self.style.cards(line))

    def analyze(self, args: list[str]) -> None:
        """``analyze [DEAL]``: ``referee analyze`` on the game at the table (finished deals)."""
        if len(args) > 1 or (args and not args[0].isdigit()):
            raise NotationError("analyze [DEAL], e.g. 'analyze' (every finished deal) or "
                                "'analyze 3'")
        from referee.solve.deal import NotAnalysable

        number = int(args[0]) if args else None
        try:
            things = self.post_mortem(number)
        except NotAnalysable as e:
            self.say(self.style.red("no analysis: ") + self.style.cards(str(e)))
            return
        self.rich(*things)

    def post_mortem(self, number: int | None) -> list[Any]:
        if self.s.setup.game == "foursquare":
            from cli import foursquare_analyze

            return foursquare_analyze.drawn(self.s, number, self.ascii)
        from cli import analyze as post_mortem

        _res, out = post_mortem.analyse(self.s, number)
        return post_mortem.drawn(out, self.ascii)

    def hint(self, args: list[str]) -> None:
        """Foursquare's advice for the card drawn (asked for when the file does not know it)."""
        from cli import hint as ch

        res = self.s.result()
        card = args[0] if args else None
        if card is None and ch.card_wanted(res):
            card = self.ask("Card drawn (e.g. 7H): ", ch.unseen(res))
            if not card:
                self.say("no hint")
                return
        for line in ch.lines(ch.advise(res, card)):
            self.say(self.style.cards(line))
