"""Every sentence the claim verdict says: refusals, the claimer's plan, a defeating line."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SUIT_NAME, Card
from ..words import count


def tricks_range(n: int, left: int) -> str:
    return f"--tricks must be 1 to {left} (the tricks left), not {n}"


def hand_needed(player: str) -> str:
    return f"{player}'s hand is not in the file: give it with --hand"


def hand_size(player: str, got: int, want: int) -> str:
    return f"{player} holds {count(want, 'card')} now, not {got}"


def hand_twice(c: Card) -> str:
    return f"{c} is given twice in the hand"


def not_in_deck(c: Card, game: str) -> str:
    return f"{c} is not a card of the {game} deck"


def already_played(c: Card, who: str, trick: int | None) -> str:
    where = f" at trick {trick}" if trick is not None else ""
    return f"{c} was already played by {who}{where}"


def discarded(c: Card) -> str:
    return f"{c} was discarded before the play"


def shown_void(claim: str, c: Card) -> str:
    return f"{claim}, so cannot hold {c}"


def held_by(c: Card, holder: str) -> str:
    return f"the record puts {c} in {holder}'s hand"


def cannot_hold(player: str, c: Card) -> str:
    return f"the record says {player} cannot hold {c}"


def missing(player: str, cards: Sequence[Card]) -> str:
    return f"the record says {player} holds {' '.join(map(str, cards))}"


def not_the_hand(player: str, cards: Sequence[Card]) -> str:
    return f"the file knows {player}'s hand: {' '.join(map(str, cards))}"


def no_world() -> str:
    return "with that hand the other cards cannot be dealt as the record shows"


def undecided(nodes: int, seconds: float | None) -> str:
    limit = f"{nodes:,} plays" + (f" or {seconds:g} seconds" if seconds is not None else "")
    return f"cannot be decided within the search's budget ({limit}): no proof either way"


def undecided_known(nodes: int) -> str:
    return (f"cannot be decided within the solver's budget ({nodes:,} positions between "
            "tricks): no proof either way")


def suit_word(suit: int, trump: int) -> str:
    if suit == trump:
        return "the trumps"
    if suit == 4:
        return "the joker"
    return "the " + SUIT_NAME["SHDC"[suit]]


def plan(steps: Sequence[tuple[int, Card, bool, int]], trump: int, rest: bool,
         cash: bool = True) -> list[str]:
    """The claimer's line: ``steps`` are (trick, card, led, effective suit) in order; runs of
    leads of one suit are said together ("Cash the trumps: AS KS."; "Lead" when the claim is
    of some of the tricks only, and a lead need not win)."""
    out: list[str] = []
    i = 0
    first = True
    while i < len(steps):
        trick, c, led, suit = steps[i]
        if not led:
            out.append(f"{'Play' if first else 'Then play'} {c} to trick {trick}.")
            i += 1
            first = False
            continue
        run = [c]
        j = i + 1
        while j < len(steps) and steps[j][2] and steps[j][3] == suit:
            run.append(steps[j][1])
            j += 1
        cards = " ".join(map(str, run))
        if first:
            out.append(f"{'Cash' if cash else 'Lead'} {suit_word(suit, trump)}: {cards}.")
        else:
            out.append(f"Then {suit_word(suit, trump)}: {cards}.")
        first = False
        i = j
    if rest:
        out.append("Then play the rest in any order." if out else
                   "Play the rest in any order.")
    return out


def trick_line(number: int, plays: Sequence[tuple[str, Card]], winner: str | None) -> str:
    cards = ", ".join(f"{p} {c}" for p, c in plays)
    end = f"; {winner} wins" if winner is not None else ""
    return f"Trick {number}: {cards}{end}."


def beaten(side: Sequence[str], lost: Sequence[int], need: int, left: int) -> str:
    """The end of a line that beats the claim: the tricks the side lost (their numbers), and
    why that is enough: a claim of every trick left falls with one trick lost; a claim of
    ``need`` of the ``left`` tricks falls once more than ``left - need`` are lost."""
    who = side[0] if len(side) == 1 else " & ".join(side)
    lose = "lose" if len(side) > 1 else "loses"
    which = f"trick {lost[0]}" if len(lost) == 1 else \
        "tricks " + ", ".join(map(str, lost[:-1])) + f" and {lost[-1]}"
    if need >= left:
        claim = "the last trick" if left == 1 else f"all {left} tricks left"
        return f"{who} {lose} {which}: the claim was of {claim}, so one trick lost is " \
               "enough to beat it."
    they = who if len(side) == 1 else "they"
    return (f"{who} {lose} {which}: with {len(lost)} of the {left} tricks left lost, {they} "
            f"can take at most {left - len(lost)}, not the {need} claimed.")
