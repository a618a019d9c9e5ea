"""Save files for claim tests, built from the tricks to play (each a {player: card} table, put in
playing order from its leader) and, for hands known, the cards each player still holds."""

from __future__ import annotations

from referee.cards import try_parse_card
from referee.games.kierki.play import kierki_rules
from referee.games.schmier.tricks import wisconsin_rules
from referee.history.session import Session
from tests.helpers import FOUR, head, kierki_before, load_text

WISCONSIN_DEAL = ('dealer = "Ala"\n'
                  'bids = ["Bartek: pass", "Celina: pass", "Darek: pass", "Ala: 2"]\n')


def build(game: str, tricks: list[dict[str, str]], held: dict[str, str] | None = None,
          current: list[str] | None = None, deal: int = 1, trump: str | None = None) -> str:
    """A file whose last deal played ``tricks`` and then the cards ``current`` of the trick on
    the table (in order from its leader). ``held``: the cards each player still holds, to write
    the dealt hands (hands known). Kierki: deal ``deal`` after the earlier ones as outcomes."""
    if game == "kierki":
        text = head() + kierki_before(deal) + "\n[[deals]]\n"
        if trump is not None:
            text += f'trump = "{trump}"\n'
        rules = kierki_rules(deal, trump)
    else:
        text = head(game) + "\n[[deals]]\n" + WISCONSIN_DEAL
        rules = wisconsin_rules(trump)
    lay = rules.layout
    s: Session = load_text(text + "tricks = []\n")
    st = s.result().state[-1] if game == "kierki" else s.result().state[0][-1]
    leader = st.to_move if game == "kierki" else st.leader
    lines = []
    for t in tricks:
        i = FOUR.index(leader)
        order = [FOUR[(i + k) % 4] for k in range(4)]
        cards = [t[p] for p in order]
        lines.append(f"{leader}: " + " ".join(cards))
        ints = [lay.to_int(try_parse_card(c)) for c in cards]  # type: ignore[arg-type]
        leader = order[rules.winner(ints)]
    if current:
        lines.append(f"{leader}: " + " ".join(current))
    if held is not None:
        played: dict[str, list[str]] = {p: [] for p in FOUR}
        for line in lines:
            who, cards_text = line.split(": ")
            i = FOUR.index(who)
            for k, c in enumerate(cards_text.split()):
                played[FOUR[(i + k) % 4]].append(c)
        hands = {p: " ".join(played[p] + [c for c in held[p].split() if c not in played[p]])
                 for p in FOUR}
        text += "hands = { " + ", ".join(f'{p} = "{h}"' for p, h in hands.items()) + " }\n"
    body = ",\n".join(f'  "{line}"' for line in lines)
    return text + f"tricks = [\n{body},\n]\n" if lines else text + "tricks = []\n"


def suits(*groups: str) -> list[dict[str, str]]:
    """Filler tricks: each group is four cards of one suit, dealt to Ala, Bartek, Celina,
    Darek in that order."""
    return [dict(zip(FOUR, g.split(), strict=True)) for g in groups]
