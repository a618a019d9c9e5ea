"""``explain`` for Foursquare: a turn's placement, and the row and column tests card by card."""

from __future__ import annotations

from ...words import count
from ..explain import deal_asked, trick_asked
from .play import Game, LineTest, Turn, pos_text, rank


def explain(games: list[Game], deal: int, turn: int | None) -> list[str]:
    deal_asked(deal, len(games), "game")
    g = games[deal - 1]
    stock = "stock known" if g.stock is not None else "stock not known"
    lines = [f"Game {deal} — {stock}; {len(g.turns)} turns; "
             + (g.why if g.over else "still playing")]
    if turn is None:
        for t in g.turns:
            lines.append(f"Turn {t.number}: " + summary(t))
        lines.extend(f"  {v.where()}: {v.rule}: {v.message}" for v in g.violations)
        return lines
    if not 1 <= turn <= len(g.turns):
        late = [v for v in g.violations if v.turn == turn]
        if late:
            return lines + [f"Turn {turn}: {v.rule}: {v.message}" for v in late]
    trick_asked(deal, turn, len(g.turns), "game", "turn")
    t = g.turns[turn - 1]
    lines.append(f"Turn {turn}: {t.card} placed at {pos_text(t.pos)} "
                 + ("(the first card: it may go anywhere)" if turn == 1 else
                    "(a new pile)" if t.height == 1 else
                    f"(on a pile, now {t.height} cards high)"))
    mine = [v for v in g.violations if v.at == t.at]
    if mine:
        lines.extend(f"  BROKE {v.rule}: {v.message}" for v in mine)
    else:
        lines.append("  legal: " + ("the card is the next one of the stock; " if
                                    g.stock is not None else "")
                     + ("the first card" if turn == 1 else
                        "on a pile of fewer than 4 cards" if t.height > 1 else
                        "next to a pile, within 4 rows and 4 columns"))
    for test in (t.row, t.col):
        if test is not None:
            lines.extend(line_test(t, test))
    lines.append(f"After turn {turn}: {count(t.piles, 'pile')}, "
                 f"{count(t.down, 'face-down top card', none=True)}, "
                 f"{count(40 - turn, 'card')} in the stock"
                 + (f" — the game is {t.ended}" if t.ended else ""))
    if t.ended:
        lines.append(f"  {g.why}")
    return lines


def summary(t: Turn) -> str:
    head = f"{t.card} at {pos_text(t.pos)}"
    flips = t.flips
    if flips:
        head += " — turned " + ", ".join(f"{c} at {pos_text(p)} {'up' if u else 'down'}"
                                         for p, c, u in flips)
    if t.broke:
        head += f" (broke {', '.join(t.broke)})"
    if t.ended:
        head += f"; game {t.ended}"
    return head


def line_test(t: Turn, test: LineTest) -> list[str]:
    name = f"{test.kind.capitalize()} {test.index}"
    if not test.others:
        return [f"{name}: no other pile — nothing to compare, nothing turned"]
    out = [f"{name}: {test.why} — " + ("the rule applies" if test.applies else
                                       "nothing turned")]
    r = rank(t.card)
    for p, c, up in test.others:
        if not up:
            how = "face down (its rank is hidden and counts for nothing)"
        elif rank(c) == r:
            how = f"face up, equal rank to {t.card}"
        elif rank(c) < r:
            how = f"face up, lower than {t.card}"
        else:
            how = f"face up, higher than {t.card}"
        done = (f"turned face {'down' if up else 'up'}" if test.applies else "not turned")
        out.append(f"  {c} at {pos_text(p)}: {how} — {done}")
    return out
