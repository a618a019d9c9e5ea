"""``claim PLAYER [N]`` at the table: the verdict, the table's acceptance, the questions the
cards cannot answer, the claim recorded."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cli.table.base import TableBase
from referee.errors import NotationError


class ClaimCommands(TableBase):
    def claim(self, args: list[str]) -> None:
        """``claim PLAYER [N]``: the referee's verdict (``referee.claims.judge``); a claim of
        every remaining trick that the table accepts is recorded and ends the deal."""
        from referee.notation import parse_cards, resolve_player

        if not args or len(args) > 2 or (len(args) == 2 and not args[1].isdigit()):
            raise NotationError("claim PLAYER [N], e.g. 'claim Bartek' (the rest) or "
                                "'claim Bartek 3'")
        s = self.s
        if "claim" not in s.rules.deal_keys:
            raise NotationError(f"{s.rules.title} has no claims (no tricks to claim)")
        claimer = resolve_player(args[0], s.setup.players)
        tricks = int(args[1]) if len(args) == 2 else None
        if tricks is not None and tricks < 1:
            raise NotationError("claim at least 1 trick")
        from cli.claim import judging
        from referee.claims import ClaimError as claim_error
        from referee.claims import HandNeeded as hand_needed
        from referee.claims import judge

        hand = None
        try:
            try:  # hands known: no budget, always decided (Ctrl-C stops it: back here)
                with judging(self.console(), self.ascii):
                    verdict = judge(s.setup, s.deals, claimer, tricks=tricks,
                                    known_budget=None)
            except hand_needed:  # the file does not know the claimer's hand: shown now
                answer = self.ask(f"{claimer} shows their hand (the cards still held): ",
                                  [str(c) for c in s.rules.deck])
                if not answer:
                    self.say("no claim")
                    return
                hand = parse_cards(answer)
                verdict = judge(s.setup, s.deals, claimer, tricks=tricks, hand=hand)
        except claim_error as e:
            from referee.history.claimseen import is_seen

            self.say(self.style.red("no claim: ") + self.style.cards(str(e)), seen=is_seen(e))
            return
        except KeyboardInterrupt:  # Ctrl-C stops the search, not the table
            self.say(self.style.dim("claim stopped: not judged"))
            return
        if self.hidden():  # a private deal in progress: the line and the counter-deal would
            # place the registered cards (as ``referee claim`` and the phones: the word only)
            from dataclasses import replace

            verdict = replace(verdict, line=(), counter=None)
        self.show_verdict(verdict)
        if tricks is not None and tricks < verdict.left:
            self.record_shown(claimer, hand)  # a claim of some tricks does not end the deal
            return
        # Enter accepts a claim the referee proved; one it did not prove needs a typed y
        if not self.confirm("Does the table accept the claim? "
                            + ("[Y/n] " if verdict.verdict == "holds" else "[y/N] "),
                            verdict.verdict == "holds"):
            self.say("not accepted: play goes on")
            self.record_shown(claimer, hand)
            return
        text = self.claim_entry(claimer, hand or ())
        if text is not None:
            self.enter(text, said=verdict.proven)

    def record_shown(self, claimer: str, hand: Sequence[Any] | None) -> None:
        """The hand shown at a claim that does not end the deal is evidence all the same: it
        is written as the deal's ``shown`` (the claimer holds those cards until played, and
        they may prove an earlier breach; the verdict has said that already)."""
        from referee.history.claimentries import shown_entry

        s = self.s
        got = shown_entry(s.rules, s.setup, s.deals, claimer, hand)
        if got is None:
            return
        text, said = got
        if self.enter(text, said=said):
            self.say(self.style.dim(f"{claimer}'s hand shown is on record (shown)"))

    def show_verdict(self, verdict: Any) -> None:
        """The verdict: holds or fails, the line of play, and the distribution that beats
        it."""
        from referee.words import count

        st = self.style
        self.say_proven(verdict.proven)  # the shown hand proves an earlier revoke: first
        side = " & ".join(verdict.side)
        rest = "the last trick" if verdict.left == 1 else \
            f"the {count(verdict.left, 'remaining trick')}"
        what = f"{side} take{'s' if len(verdict.side) == 1 else ''} " + (
            rest if verdict.tricks >= verdict.left else f"{verdict.tricks} of {rest}")
        if verdict.verdict == "holds":
            self.say(st.bold("The claim holds: "), what)
        elif verdict.verdict == "not proven":
            self.say(st.red(st.bold("The claim is not proven: ")), f"the search stopped "
                     f"before it could show that {what}")
        else:
            self.say(st.red(st.bold("The claim fails: ")), f"it is not sure that {what}")
        for name, cards in (verdict.counter or {}).items():
            self.say("  ", f"{name} holds ", st.cards(" ".join(str(c) for c in cards)))
        for line in verdict.line:
            self.say("  ", st.cards(line))

    def claim_entry(self, claimer: str, shown: Sequence[Any]) -> str | None:
        """The claim as typed, with the claimer's hand as shown (``claim_hand``) and the
        answers the cards cannot give (who held a point card never played, or nobody; the
        game points still in hand) asked now; a card the claimer showed is theirs without
        asking. None: not recorded."""
        from referee.history.claimentries import claim_text
        from referee.history.claimseen import claim_questions
        from referee.notation import resolve_player

        s = self.s  # (a private deal: the questions of the game as the table has seen it)
        cards, points = claim_questions(s.rules, s.setup, s.deals, s.result(), claimer)
        held = []
        nobody = []
        for c in cards:
            if c in shown:  # in claim_hand
                continue
            while True:
                a = self.ask(f"Who held {c}, never played? (a name, or 'nobody') ",
                             [*s.setup.players, "nobody"])
                if a is None:
                    self.say("the claim is not recorded")
                    return None
                if a.lower() in ("nobody", "none", "-"):
                    nobody.append(c)
                    break
                try:
                    held.append((c, resolve_player(a, s.setup.players)))
                    break
                except NotationError as e:
                    self.say(self.style.red("cannot read that: "), str(e))
        game: int | None = None
        while points:
            a = self.ask("Game points in the cards still in hand (A 4, K 3, Q 2, J 1, 10 "
                         "counts 10): ")
            if a is None:
                self.say("the claim is not recorded")
                return None
            if a.isdigit():
                game = int(a)
                break
            self.say(self.style.red("cannot read that: "), "a whole number, e.g. 12")
        return claim_text(s.rules, s.setup, claimer, shown, held, nobody, game)
