"""``explain`` for both Schmier games: the bidding, the exchange, each card of a trick with
why it was legal (or the rule it broke), and why the winner won."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...errors import Violation
from ...model import Deal, Setup
from ...store.claimkeys import said as claim_said
from ...trick import Trick
from ..explain import deal_asked, trick_asked
from .play import DealState, glyph
from .text import POINT_TEXT
from .text import game_points as game_points_text

if TYPE_CHECKING:
    from .rules import SchmierRules


def explain(rules: SchmierRules, setup: Setup, deals: Sequence[Deal], deal: int,
            trick: int | None, replayed: tuple[list[DealState], dict[str, Any]]) -> list[str]:
    deal_asked(deal, len(deals))
    states, info = replayed
    if deal > len(states):  # written after the end: not refereed, counts for nothing
        said = [line(v) for v in info["after"] if v.deal == deal]
        return [f"Deal {deal} was written after the game was over ({info['winner']} had "
                "won): it counts for nothing"] + said
    st = states[deal - 1]
    seen = "hands known" if st.hands_known else "hands unseen"
    head = f"Deal {deal}; dealer {st.dealer}; {seen}"
    if st.trump:
        head += f"; trump {glyph(st.trump)}"
    lines = [head]
    if trick is None:
        lines.extend(summary(st))
        sc = info["scores"][deal - 1]
        if sc is not None and not st.redeal and st.points is not None:
            won = ", ".join(f"{POINT_TEXT[k]} {t or 'nobody'}" for k, t in
                            st.points.points.items())
            lines.append(f"Points: {won}")
            if st.points.game:
                lines.append("Game points: " + game_points_text(
                    st.points.game_known(), st.points.game_range,
                    st.claim is not None and st.claim.hand is not None))
            made = info["made"][deal - 1]
            lines.append(f"{st.bidder} bid {st.high}: " + ("made" if made else
                                                            f"set, -{st.high}"))
        lines.extend(line(v) for v in st.violations)
        return lines
    tricks = st.tricks + ([st.current] if st.current else [])
    trick_asked(deal, trick, len(tricks))
    return lines + trick_lines(st, tricks, trick)


def line(v: Violation) -> str:
    """A violation in the deal's summary; its player is named once (most messages name him)."""
    who = f"{v.player}: " if v.player and v.player not in v.message else ""
    return f"  {where(v)}: {v.rule}: {who}{v.message}"


def where(v: Violation) -> str:
    return f"trick {v.trick}" if v.trick is not None else "before play"


def summary(st: DealState) -> list[str]:
    out = []
    if st.bids:
        out.append("Bids: " + "; ".join(f"{b.player} {'pass' if b.value is None else b.value}"
                                        + ("" if b.value is None or b.counted is not None
                                           else " (counts as a pass)") for b in st.bids))
    if st.redeal:
        out.append("Everyone passed: the same dealer deals again")
        return out
    if st.bidder:
        out.append(f"{st.bidder} won the bidding with {st.high}")
    for ex in st.exchanges:
        what = (" ".join(map(str, ex.cards)) if ex.cards is not None else
                f"{ex.count} card{'s' if ex.count != 1 else ''}")
        if ex.kind == "take":
            out.append(f"{ex.player} took {what}")
        else:
            out.append(f"{ex.player} discarded {what or 'nothing'}")
    if st.outcome is not None:
        out.append("Recorded as an outcome only: " + ", ".join(
            f"{POINT_TEXT[k]} {t}" for k, t in st.outcome.items()))
        return out
    for t in st.tricks:
        out.append(f"Trick {t.number}: " + " ".join(f"{p.player} {p.card}" for p in t.plays)
                   + f" — {t.winner} won: {t.why}")
    if st.current:
        out.append(f"Trick {st.current.number} (on the table): " + " ".join(
            f"{p.player} {p.card}" for p in st.current.plays))
    if st.claim is not None:
        side = [p for p in st.setup.players if st.team_of[p] == st.team_of[st.claim.claimer]]
        out.append(claim_said(st.claim.claimer, side, st.claim_tricks, 7 - st.claim_tricks))
    return out


def trick_lines(st: DealState, tricks: list[Trick], n: int) -> list[str]:
    t = tricks[n - 1]
    lines = []
    if n == 1:
        fixes = "" if st.v.named_trump else "; the suit led is trump"
        lines.append(f"Trick 1: {t.leader}, the bidder, leads the first trick{fixes}"
                     if t.leader == st.bidder else
                     f"Trick 1: {t.leader} led, but the bidder {st.bidder} leads the first "
                     f"trick{fixes}")
    else:
        prev = tricks[n - 2]
        lines.append(f"Trick {n}: {t.leader} leads, having won trick {n - 1}"
                     if prev.winner == t.leader else
                     f"Trick {n}: {t.leader} led, but {prev.winner} won trick {n - 1}")
    broken: dict[int, list[Violation]] = {}
    for v in st.violations:
        if not v.retro and v.trick == n:
            broken.setdefault(v.at, []).append(v)
    proven = [v for v in st.violations if v.retro and v.trick == n]
    for p in t.plays:
        why = st.notes.get(p.at, "")
        line = f"  {p.player} {p.card}: {why}"
        bad = broken.get(p.at, [])
        for v in bad:
            line += f" — BROKE {v.rule}: {v.message}"
        mine = [v for v in proven if v.player == p.player and v.rule == "follow-suit"]
        for v in mine:
            line += f" — PROVEN {v.rule}: {v.message}"
        if not bad and not mine and "void" in why:
            line += confirmation(st, p.player, n)
        lines.append(line)
    if t.winner:
        lines.append(f"Winner: {t.winner} — {t.why}")
    elif st.claim is not None:
        side = [p for p in st.setup.players if st.team_of[p] == st.team_of[st.claim.claimer]]
        lines.append(claim_said(st.claim.claimer, side, st.claim_tricks, 7 - st.claim_tricks))
    else:
        lines.append("The trick is not finished yet")
    return lines


def confirmation(st: DealState, player: str, n: int) -> str:
    if st.know.exact.get(player) and st.hands_known:
        return " (checked against the known hand)"
    later = [p.card for t in st.tricks if t.number > n for p in t.plays if p.player == player]
    if st.claim is not None:
        return (" (not contradicted by any card shown; the cards still in hand at the claim "
                "were never shown)")
    if st.finished:
        shown = " ".join(map(str, later)) or "none"
        return (f" (confirmed at deal end: {player}'s later cards were {shown}, none of the "
                "suit led)")
    return " (not contradicted by any card shown so far)"
