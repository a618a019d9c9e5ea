"""The table mode: show the table, ask for the next entry, check it, save it, repeat.

Every line is drawn by rich (``cli.render``); prompt_toolkit is imported only once the first
prompt is on the screen (``cli.reader``). Every accepted entry is saved
atomically by the session before the next prompt; Ctrl-C, Ctrl-D, ``quit``, SIGHUP (the
terminal closed) and SIGTERM are held back while an entry is being checked and saved, so none
of them can lose an accepted entry or leave half a file.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from cli import reader as rd
from cli.reader import HangUp
from referee.errors import (
    FileChanged,
    IllegalEntry,
    NotationError,
    RefereeError,
    SaveFileError,
    WriteFailed,
)
from referee.notation import MAX_ENTRY

HELP = """Type what happens at the table, e.g.  Bartek: AS   (the name may be left out when it is
that player's turn, or shortened; several cards play in turn: Bartek: 2C 5C KC AC).
Also what the game asks for: 'Darek: trump S', 'Ala: 3', 'Ala: pass', 'Bartek: discard 2C',
'7H 0,1', Kozel's card points 'points 70 50' (the teams in the order shown), and key lines
as in the file: outcome = { ... }, claimed = { ... }, note = "...".
Commands:
  undo [N]            take back the last N entries (default 1)
  redo [N]            put back what undo took (until a new entry is typed)
  edit DEAL [TRICK]   show the entries of a deal (or of one trick), replace one (or 'all'
  edit deal DEAL      of the trick), and see what that changes (scores, totals,
                      violations) before keeping it
  score               the score sheet          status   the table again
  explain DEAL [T]    why each card of a trick was legal or not
  claim PLAYER [N]    PLAYER claims the rest of the tricks (or N of them) for their side:
                      the verdict; a claim of the rest that the table accepts ends the deal
  analyze [DEAL]      the post-mortem of finished deals (all of them, or one), every hand
                      open: the best that could have been made, and the first costly card
  hint [CARD]         Foursquare: the best place for the card drawn (name it when the
                      stock is not known), the chance to win, the next two places
  help                this text                quit     leave (everything is saved)
Tab completes names, commands and the cards that can be played now. Ctrl-C or Ctrl-D leave
too: every accepted entry is already saved."""

COMMANDS = ["undo", "redo", "edit", "score", "status", "explain", "claim", "analyze", "hint",
            "help", "quit"]
QUIT = ("quit", "exit", "q", ":q")


def _hang_up(signum: int, frame: Any) -> None:
    """SIGHUP / SIGTERM: leave at once (nothing is lost: entries are saved when accepted).

    Inside the line editor the signal must not raise from an event-loop callback (prompt_toolkit
    would then ask to 'Press ENTER'): the editor is told to stop instead, and ``read`` raises
    ``HangUp`` once it has returned."""
    rd.HUNG_UP = signum
    if "prompt_toolkit" in sys.modules:
        from prompt_toolkit.application.current import get_app_or_none

        app = get_app_or_none()
        if app is not None and app.is_running:
            # the editor stops; if it is already ending (Enter was just pressed), the table
            # sees HUNG_UP as soon as the line is back, before doing anything with it
            def stop() -> None:
                if app.is_running and not app.is_done:
                    app.exit(exception=EOFError())

            if not app.is_done and app.loop is not None:
                with contextlib.suppress(RuntimeError):  # the editor's loop is closing
                    app.loop.call_soon_threadsafe(stop)
            return
    raise HangUp(signum)


@contextlib.contextmanager
def held_signals() -> Iterator[None]:
    """Hold Ctrl-C, SIGHUP and SIGTERM back while an entry is checked and saved."""
    sigs = {getattr(signal, n) for n in ("SIGINT", "SIGHUP", "SIGTERM") if hasattr(signal, n)}
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, sigs)
    except (AttributeError, ValueError, OSError):  # not the main thread, or no such call
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class Table:
    def __init__(self, session: Any, path: Path, ascii_only: bool, reader: Any) -> None:
        from cli import render

        self.s = session
        self.path = path
        self.ascii = render.ascii_wanted(ascii_only)
        self.style = render.Style(self.ascii)
        self.reader = reader
        self.redo: list[str] = []
        self._con: Any = None

    # -- output ----------------------------------------------------------------------------

    def say(self, *parts: Any) -> None:
        """One line: ``Text`` as styled, strings as written (ASCII signs with --ascii)."""
        from rich.text import Text

        from cli.plain import TO_ASCII

        self.rich(Text.assemble(*(p.translate(TO_ASCII) if self.ascii and isinstance(p, str)
                                  else p for p in parts)))

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

        res = self.s.result()
        self.rich(*render.table_view(res.table, res.expect, self.ascii, self.width()))

    def words(self, before: str = "") -> list[str]:
        """What Tab offers: after 'Name:' the game's words without the names (the cards
        legal now, 'pass'...); as the first word also the commands."""
        res = self.s.result()
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

    # -- the loop ----------------------------------------------------------------------------

    def run(self) -> int:
        try:
            return self.loop()
        except KeyboardInterrupt:  # Ctrl-C while output was being written: leave
            self.say("")
            self.bye()
            return 0

    def loop(self) -> int:
        from cli import render
        from cli.plain import clean, prompt_text

        st = self.style
        if self.over(self.s.result()):  # 'play' on a finished game: nothing to resume
            return self.finished()
        colour = render.colour_wanted(self.console())
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
            plain = prompt_text(res.expect, self.ascii)
            fancy = render.ansi(st.cards(res.expect.prompt) + st.dim(" > ")) if colour else plain
            try:
                line = self.reader.read(plain, self.words, fancy)
            except (EOFError, KeyboardInterrupt):
                if rd.HUNG_UP:
                    raise HangUp(rd.HUNG_UP) from None
                self.say("")
                self.bye()
                return 0
            if rd.HUNG_UP:  # SIGTERM/SIGHUP as Enter was pressed: the line is not taken
                raise HangUp(rd.HUNG_UP)
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
                 f"{clean(str(self.path))}")

    def enter(self, line: str) -> None:
        st = self.style
        before = self.s.result()
        try:
            with self.s.writing(), held_signals():
                added = self.s.add(line)
        except FileChanged:
            self.reloaded(f"{line!r} was not entered: type it again if it still stands")
            return
        except WriteFailed as e:
            self.not_saved(e, f"{line!r} was not entered: type it again to retry, or quit")
            return
        except SaveFileError as e:  # changed on disk into something that is not a game
            self.say(st.red("the file changed on disk and cannot be read: "), f"{e}; ",
                     st.cards(f"{line!r} was not entered"))
            return
        except IllegalEntry as e:
            self.say(st.red("refused: ") + st.cards(str(e)))
            return
        except RefereeError as e:
            self.say(st.red("cannot read that: ") + st.cards(str(e)))
            return
        self.redo.clear()
        for v in added.proven:
            self.say(st.red(st.bold("PROVEN: ")) + st.cards(f"{v.where()}: {v.said()} "
                                                              f"— rule {v.rule}"))
        self.flag(added.flagged)
        self.after(before)

    def flag(self, flagged: list[Any]) -> None:
        """A claimed score that differs: kept as the table wrote it, and a warning line."""
        from cli import render

        for v in flagged:
            self.say(render.violation(v, self.ascii, self.style.red(self.style.bold(
                "WARNING: ")) + "claimed score kept as written: "))

    def reloaded(self, what: str) -> None:
        """The file changed on disk (the session has read it again): say so, show it."""
        self.redo.clear()
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
        from referee.session import Session

        return Session.over(res)

    def game_over(self, res: Any) -> None:
        """The sheet with the winner, and where to see the game again: nothing to resume."""
        from cli.plain import clean

        self.score_sheet(res)
        f = clean(str(self.path))
        self.say(f"Nothing more can be entered. To see it again: referee score {f} (the "
                 f"sheet), referee replay {f} (every deal)")

    # -- commands ----------------------------------------------------------------------------

    def command(self, line: str) -> bool:
        """Run ``line`` if it is a command; False when it is an entry."""
        words = line.split()
        word = words[0].lower()
        if ":" in line or "=" in line or word not in (*COMMANDS, *QUIT, "?", "table", "score"):
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

    def score_sheet(self, res: Any) -> None:
        from cli import render

        self.rich(*render.sheet(res, self.ascii))

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

    def explain(self, args: list[str]) -> None:
        nums = [int(a) for a in args if a.isdigit()]
        if not nums:
            raise NotationError("explain DEAL [TRICK], e.g. 'explain 3 5'")
        for line in self.s.rules.explain(self.s.setup, self.s.deals, nums[0],
                                         nums[1] if len(nums) > 1 else None, self.s.result()):
            self.say(self.style.cards(line))

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
        from referee.claims import ClaimError as claim_error
        from referee.claims import HandNeeded as hand_needed
        from referee.claims import judge

        hand = None
        try:
            try:
                verdict = judge(s.setup, s.deals, claimer, tricks=tricks)
            except hand_needed:  # the file does not know the claimer's hand: shown now
                answer = self.ask(f"{claimer} shows their hand (the cards still held): ",
                                  [str(c) for c in s.rules.deck])
                if not answer:
                    self.say("no claim")
                    return
                hand = parse_cards(answer)
                verdict = judge(s.setup, s.deals, claimer, tricks=tricks, hand=hand)
        except claim_error as e:
            self.say(self.style.red("no claim: ") + self.style.cards(str(e)))
            return
        self.show_verdict(verdict)
        if tricks is not None and tricks < verdict.left:
            return  # a claim of some of the tricks does not end the deal
        # Enter accepts a claim the referee proved; one it did not prove needs a typed y
        if not self.confirm("Does the table accept the claim? "
                            + ("[Y/n] " if verdict.holds else "[y/N] "), verdict.holds):
            self.say("not accepted: play goes on")
            return
        text = self.claim_entry(claimer, hand or ())
        if text is not None:
            self.enter(text)

    def show_verdict(self, verdict: Any) -> None:
        """The verdict: holds or fails, the line of play, and the distribution that beats
        it."""
        from referee.words import count

        st = self.style
        side = " & ".join(verdict.side)
        rest = "the last trick" if verdict.left == 1 else \
            f"the {count(verdict.left, 'remaining trick')}"
        what = f"{side} take{'s' if len(verdict.side) == 1 else ''} " + (
            rest if verdict.tricks >= verdict.left else f"{verdict.tricks} of {rest}")
        if verdict.holds:
            self.say(st.bold("The claim holds: "), what)
        elif not verdict.decided:
            self.say(st.red(st.bold("The claim is not proven: ")), f"the search stopped "
                     f"before it could show that {what}")
        else:
            self.say(st.red(st.bold("The claim fails: ")), f"it is not sure that {what}")
        for name, cards in (verdict.counter or {}).items():
            self.say("  ", f"{name} holds ", st.cards(" ".join(str(c) for c in cards)))
        for line in verdict.line:
            self.say("  ", st.cards(line))

    def claim_entry(self, claimer: str, shown: Sequence[Any]) -> str | None:
        """The claim as typed, with the answers the cards cannot give (who held a point
        card never played, the game points still in hand) asked now; a card the claimer
        showed is theirs without asking. None: not recorded."""
        from referee.claimkeys import TableClaim
        from referee.edit import entry_text
        from referee.model import Key
        from referee.notation import resolve_player

        s = self.s
        cards, points = s.rules.claim_questions(s.result(), claimer)
        held = []
        for c in cards:
            if c in shown:
                held.append((c, claimer))
                continue
            while True:
                a = self.ask(f"Who held {c}, never played? (a name, or 'nobody') ",
                             [*s.setup.players, "nobody"])
                if a is None:
                    self.say("the claim is not recorded")
                    return None
                if a.lower() in ("nobody", "none", "-"):
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
        return entry_text(Key("claim", TableClaim(claimer, tuple(held), game)), s.rules,
                          s.setup)

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
        offer = list(words or [])
        try:
            return str(self.reader.read(question, lambda before: offer)).strip()
        except (EOFError, KeyboardInterrupt):
            if rd.HUNG_UP:
                raise HangUp(rd.HUNG_UP) from None
            self.say("")
            return None

    def edit(self, args: list[str]) -> None:
        from cli import render
        from referee import edit

        nums = [a for a in args if a.lower() != "deal"]
        if not nums or not all(a.isdigit() for a in nums) or len(nums) > 2:
            raise NotationError("edit DEAL [TRICK] (e.g. 'edit 3 2' or 'edit deal 3')")
        deal = int(nums[0])
        trick = int(nums[1]) if len(nums) > 1 else None
        s = self.s
        its = edit.items(s.rules, s.setup, s.deals, deal)
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
        old = "; ".join(it.text for it in its[first - 1:last])
        self.say("replace ", self.style.cards(old),
                 " with what? (the same grammar as at the prompt; 'delete' removes it)")
        prefix, then = edit.state_before(s.rules, s.setup, s.deals, deal, first)
        try:
            offer = [w for w in s.rules.completions(s.setup, prefix, then) if _is_card(w)]
        except Exception:  # noqa: BLE001 - completion must never break the edit
            offer = []
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
        d = change.diff
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
        self.redo.clear()
        self.say(f"changed and saved to {self.path}")
        self.show()


def _is_card(word: str) -> bool:
    from referee.cards import try_parse_card

    return try_parse_card(word) is not None


def _canon(word: str) -> str:
    from referee.cards import try_parse_card

    c = try_parse_card(word.lstrip("~"))
    return str(c) if c is not None else word


def _led_first(words: list[str], trick: list[tuple[str, str]]) -> list[str]:
    """The cards of the suit led first (the ones most often wanted), the rest after."""
    from referee.cards import try_parse_card

    led = None
    if trick:
        for w in trick[0][1].replace("~", " ").split():
            c = try_parse_card(w)
            if c is not None:
                led = c.suit
                break
    if led is None:
        return words

    def first(w: str) -> int:
        c = try_parse_card(w)
        return 0 if c is not None and c.suit == led else 1

    return sorted(words, key=first)


def _count(args: list[str]) -> int:
    if not args:
        return 1
    if not args[0].isdigit() or int(args[0]) < 1:
        raise NotationError("give a number of entries, e.g. 'undo 2'")
    return min(int(args[0]), 100000)


# -- the command -------------------------------------------------------------------------------


def run(path: Path | None, ascii_only: bool = False) -> int:
    """``referee play [FILE]``: start (asking) or resume a game, then play it."""
    from cli.plain import tolerant_stdout
    from cli.reader import TermReader, history_path, reader_for

    rd.HUNG_UP = 0
    tolerant_stdout()
    for name in ("SIGHUP", "SIGTERM"):  # SIGHUP does not exist on Windows
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _hang_up)
    try:
        lines = reader_for(history_path(path) if path is not None else None, ascii_only)
        session = open_or_start(path, lines, ascii_only)
        if session is None:
            return 0
        path = Path(session.path)
        from referee.savefile import check_writable

        check_writable(path)  # a read-only file is refused before anything is typed
        if isinstance(lines, TermReader) and lines.history_path is None:
            lines.history_path = history_path(path)
            lines.detach()
        return Table(session, path, ascii_only, lines).run()
    except HangUp as e:
        signum = e.args[0] if e.args and isinstance(e.args[0], int) else signal.SIGHUP
        with contextlib.suppress(OSError, ValueError):  # the terminal may be gone (SIGHUP)
            sys.stderr.write(f"referee: stopped by {signal.Signals(signum).name}; every "
                             "accepted entry is saved\n")
            sys.stderr.flush()
        return 128 + signum
    except BrokenPipeError:
        return 0


def open_or_start(path: Path | None, lines: Any, ascii_only: bool) -> Any:
    """The session to play: the file's, or a new game asked for; None when the user stops."""
    from referee.session import Session

    def ask(q: str, words: list[str]) -> str:
        try:
            return str(lines.read(q, lambda before: list(words)))
        except (EOFError, KeyboardInterrupt):
            if rd.HUNG_UP:
                raise HangUp(rd.HUNG_UP) from None
            raise

    def say(text: str) -> None:
        from cli.plain import plain_cards

        sys.stdout.write(plain_cards(text, ascii_only) + "\n")
        sys.stdout.flush()

    if path is not None and path.exists():
        return Session.load(path)
    try:
        if path is not None:
            if not path.parent.is_dir():
                raise NotationError(f"{path}: no such file, and no folder {path.parent} to "
                                    "start one in")
            from cli.start import ask_yes

            if not ask_yes(ask, say, f"{path} does not exist. Start a new game there? [Y/n] ",
                           True):
                say("nothing written")
                return None
        from cli.start import ask_new_game

        return ask_new_game(ask, say, path)
    except (EOFError, KeyboardInterrupt):
        say("\nstopped; nothing written")
        return None
