"""``explain``, ``analyze`` and ``hint`` at the table: the engine's answers, drawn."""

from __future__ import annotations

from cli.table.base import TableBase
from referee.errors import NotationError


class ToolCommands(TableBase):
    def explain(self, args: list[str]) -> None:
        """``explain [DEAL [TRICK]]``: why each card of a trick was legal or not (without a
        deal: the last trick played, as ``referee explain FILE``)."""
        nums = [int(a) for a in args if a.isdigit()]
        if len(nums) > 2:
            raise NotationError("explain [DEAL [TRICK]], e.g. 'explain 3 5' (alone: the last "
                                "trick played)")
        if not nums:
            from cli.explain import last_played

            deal, trick = last_played(self.s)
            nums = [deal] if trick is None else [deal, trick]
        from referee.history import private

        deals = private.masked(self.s.deals, self.s.result(), self.all_private,
                               self.s.rules)  # a private deal: as the table saw it
        for line in self.s.rules.explain(self.s.setup, deals, nums[0],
                                         nums[1] if len(nums) > 1 else None,
                                         self.seen_result()):
            self.say(self.style.cards(line))

    def analyze(self, args: list[str]) -> None:
        """``analyze [DEAL]``: ``referee analyze`` on the game at the table (finished deals)."""
        if len(args) > 1 or (args and not args[0].isdigit()):
            raise NotationError("analyze [DEAL], e.g. 'analyze' (every finished deal) or "
                                "'analyze 3'")
        from referee.solve.deal import NotAnalysable

        number = int(args[0]) if args else None
        try:
            if self.s.rules.analysis == "placements":
                from cli import placements

                self.rich(*placements.drawn(self.s, number, self.ascii))
                return
            self.post_mortem(number)
        except NotAnalysable as e:
            self.say(self.style.red("no analysis: ") + self.style.cards(str(e)))
        except KeyboardInterrupt:  # Ctrl-C stops the analysis, not the table
            self.say(self.style.dim("analysis stopped"))

    def post_mortem(self, number: int | None) -> None:
        """The trick games' post-mortem, each deal printed as soon as it is known, under a
        progress bar; Ctrl-C stops it and says what was done (back at the prompt)."""
        from cli import analyze as post_mortem
        from cli.workers import count

        _res, items = post_mortem.prepared(self.s, number)
        self.say(self.style.dim(post_mortem.legend(post_mortem.per_player(self.s.setup.game))))
        try:
            post_mortem.stream(self.console(), items, count(None), number is not None,
                               lambda k, x: self.rich(post_mortem.drawn_one(k, x, self.ascii)))
        except post_mortem.Stopped as e:
            self.say(self.style.dim(post_mortem.stopped_line(e.done, len(items))))

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
        for line in ch.lines(res, ch.advise(res, card)):
            self.say(self.style.cards(line))
