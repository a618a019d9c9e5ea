"""``referee claim``: read the claimer's hand, judge the claim, show the verdict (rich)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from cli.app import fail

EXIT = {"holds": 0, "fails": 1, "not proven": 1}  # 2: bad input


def parse_hand(text: str) -> list[Any]:
    """The shown hand (a card that cannot be read: one line naming --hand, exit 2)."""
    from referee.notation import parse_cards

    return parse_cards(text, "--hand")


def stdin_is_terminal() -> bool:
    return sys.stdin.isatty()


def ask_hand(player: str) -> str:
    """The hand typed at the terminal (stdin is one), or a refusal naming --hand."""
    if not stdin_is_terminal():
        fail(f"{player}'s hand is not in the file: give it with --hand", 2)
    import typer

    text: str = typer.prompt(f"{player}'s hand (cards like AS 10H 7D)", err=True)
    return text


def judging(con: Any, ascii_only: bool = False) -> Any:
    """A spinner while the claim is judged, on a terminal (else nothing). With every hand
    known the solver has no budget, so the verdict is always holds or fails; a claim deep
    in a Kierki deal can take a while, and Ctrl-C stops it."""
    from contextlib import nullcontext

    if not con.is_terminal:
        return nullcontext()
    return con.status("judging the claim (Ctrl-C stops it)",
                      spinner="line" if ascii_only else "dots")


def run(file: Path, player: str, tricks: int | None, hand_text: str | None, as_json: bool,
        ascii_only: bool) -> int:
    from cli import render, views
    from referee.claims import ClaimError, HandNeeded, judge

    s = views.session(file)
    if getattr(s, "private_live", False):  # judged on what the referee knows; said: the word
        from referee.history.session import Session

        s = Session.load(file)
    from referee.errors import NotationError
    from referee.notation import resolve_player

    try:  # any case, or a unique beginning of the name: as an entry names its player
        player = resolve_player(player, s.setup.players)
    except NotationError as e:
        fail(str(e), 2)
    hand = parse_hand(hand_text) if hand_text is not None else None
    try:
        try:
            with judging(render.console(ascii_only, stderr=True), ascii_only):
                verdict = judge(s.setup, s.deals, player, tricks=tricks, hand=hand,
                                known_budget=None)
        except HandNeeded:
            shown = parse_hand(ask_hand(player))
            verdict = judge(s.setup, s.deals, player, tricks=tricks, hand=shown)
    except ClaimError as e:
        fail(views.refusal(s, e), 2)
    except KeyboardInterrupt:
        sys.stderr.write("referee: interrupted: the claim was not judged\n")
        raise SystemExit(130) from None
    from dataclasses import replace

    from referee.history import private

    if private.live_private(s.deals, s.result()) is not None:
        # a private deal in progress: the line and the counter-deal would name hidden cards
        verdict = replace(verdict, line=(), counter=None)
    if as_json:
        views.write_json(verdict.to_json())
    else:
        show(verdict, ascii_only)
    return EXIT[verdict.verdict]


def show(verdict: Any, ascii_only: bool) -> None:
    from cli import render, views

    _, con, a = views.out(ascii_only)
    from referee.words import count

    claim = (f"{count(verdict.tricks, 'trick')}" if verdict.tricks < verdict.left
             else f"all {count(verdict.left, 'trick')} left" if verdict.left > 1
             else "the last trick")
    partners = [p for p in verdict.side if p != verdict.claimer]
    who = f" with {' and '.join(partners)}" if partners else ""
    answer = ("not proven: the search stopped before it could decide"
              if verdict.verdict == "not proven" else verdict.verdict)
    for v in verdict.proven:  # the shown hand proves an earlier revoke: said first
        con.print(render.cards(f"PROVEN: {v.where()}: {v.said()} — rule {v.rule}", a),
                  style="bold red")
    head = f"{verdict.claimer} claims {claim}{who}: {answer}"
    seen = "hands known" if verdict.hands_known else "hands unseen"
    con.print(render.cards(f"{head} ({seen})", a, style="bold"))
    if verdict.counter is not None:
        con.print(render.cards("It fails when the unseen cards lie so:", a))
        for p, cards in verdict.counter.items():
            con.print(render.cards(f"  {p}: {' '.join(map(str, cards))}", a))
    for line in verdict.line:
        con.print(render.cards(f"  {line}" if verdict.counter is not None else line, a))
