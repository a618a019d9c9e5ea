"""``explain`` for Kierki: each card of a trick (or a turn of the small lottery) and why."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...errors import NotationError
from ...model import Deal, Setup
from ...store.claimkeys import said as claim_said
from ..explain import deal_asked, trick_asked
from . import text as kt
from .play import LOTTERY, NAMES, DealState

CLAIMED_UNSEEN = (" (not contradicted by any card shown; the cards still in hand at the claim "
                  "were never shown)")

if TYPE_CHECKING:
    from .rules import Kierki


def explain(rules: Kierki, setup: Setup, deals: Sequence[Deal], deal: int,
            trick: int | None, states: list[DealState]) -> list[str]:
    deal_asked(deal, len(deals))
    if deal not in NAMES:  # after the 12th deal: the game was over
        said = [f"  {v.rule}: {v.message}" for st in states
                for v in st.violations if v.deal == deal]
        return [f"Deal {deal} was written after the game was over: it counts for nothing",
                *said]
    st = states[deal - 1]
    seen = "hands known" if st.hands_known else "hands unseen"
    head = f"Deal {deal} — {NAMES[deal]}; dealer {st.dealer}; {seen}"
    if st.trump:
        head += f"; trump {st.trump}"
    lines = [head]
    if st.outcome is not None:
        lines.append(f"Recorded as an outcome only: {st.outcome}")
        lines.extend(f"  {v.rule}: {v.message}" for v in st.violations)
        return lines
    if deal == LOTTERY:
        return lines + lottery(st, trick)
    if trick is None:
        for t in st.tricks:
            lines.append(f"Trick {t.number}: " + ", ".join(
                f"{p.player} {p.card}" for p in t.plays) + f" — {t.winner} won: {st.why_won(t)}")
        if st.current is not None and st.claim is not None:
            lines.append(f"Trick {st.current.number} (on the table): " + ", ".join(
                f"{p.player} {p.card}" for p in st.current.plays))
        if st.claim is not None:
            lines.append(claim_said(st.claim.claimer, (st.claim.claimer,), st.claim_tricks,
                                    14 - st.claim_tricks))
        if st.not_played:
            lines.append(st.left_out()[0].upper() + st.left_out()[1:])
        lines.extend(f"  {v.where()}: {v.said()} — rule {v.rule}" for v in st.violations)
        return lines
    tricks = st.tricks + ([st.current] if st.current else [])
    if st.not_played and len(tricks) < trick <= len(tricks) + -(-len(st.not_played) // 4):
        raise NotationError(kt.trick_not_played(trick, deal, len(tricks)))
    trick_asked(deal, trick, len(tricks))
    t = tricks[trick - 1]
    if trick == 1:
        lines.append(f"Trick 1: {t.leader} leads the first trick")
    else:
        prev = tricks[trick - 2]
        lines.append(f"Trick {trick}: {t.leader} leads, having won trick {trick - 1}"
                     if prev.winner == t.leader else
                     f"Trick {trick}: {t.leader} led, but {prev.winner} won trick {trick - 1}")
    broken = {v.at: v for v in st.violations if not v.retro and v.trick == trick}
    proven = [v for v in st.violations if v.retro and v.trick == trick]
    for p in t.plays:
        why = st.note_text(t, p)
        v = broken.get(p.at)
        line = f"  {p.player} {p.card}: {why}"
        if v is not None:
            line += f" — BROKE {v.rule}: {v.message}"
        else:
            for pv in proven:
                if pv.player == p.player:
                    line += f" — PROVEN {pv.rule}: {pv.message}"
                    break
            else:
                if "void" in why or "only hearts" in why:
                    line += confirmation(st)
        lines.append(line)
    if t.winner:
        lines.append(f"Winner: {t.winner} — {st.why_won(t)}")
    elif st.claim is not None:
        lines.append(claim_said(st.claim.claimer, (st.claim.claimer,), st.claim_tricks,
                                14 - st.claim_tricks))
    else:
        lines.append("The trick is not finished yet")
    return lines


def confirmation(st: DealState) -> str:
    if st.hands_known:
        return " (checked against the hand)"
    if st.claim is not None:
        return CLAIMED_UNSEEN
    if len(st.know.seen) == 52:
        return " (confirmed: every card of the deal was played, none contradicts it)"
    return " (not contradicted by any card shown so far)"


def lottery(st: DealState, turn: int | None) -> list[str]:
    out = []
    broken = {v.at: v for v in st.violations if not v.retro}
    proven = {v.turn: v for v in st.violations if v.retro}
    for t in st.turns:
        if turn is not None and t.number != turn:
            continue
        what = f"played {t.card}" if t.card else "passed"
        line = f"Turn {t.number}: {t.player} {what}"
        if t.at in broken:
            v = broken[t.at]
            line += f" — BROKE {v.rule}: {v.message}"
        elif t.number in proven:
            v = proven[t.number]
            line += f" — PROVEN {v.rule}: {v.message}"
        elif t.card is None:
            line += " (no playable card" + confirmation(st) + ")"
        out.append(line)
    if turn is not None and not out:
        raise NotationError(f"the small lottery has no turn {turn} (it has {len(st.turns)})")
    if st.out:
        out.append("Out: " + ", ".join(f"{p} ({'first' if i == 0 else 'second'})"
                                       for i, p in enumerate(st.out)))
    return out
