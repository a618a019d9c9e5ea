"""The words of the table mode: the help text, the commands, and what Tab offers."""

from __future__ import annotations

from referee.errors import NotationError

HELP = """Type what happens at the table, e.g.  Bartek: AS   (the name may be left out when it is
that player's turn, or shortened: b 3d; several cards play in turn: Bartek: 2C 5C KC AC;
several bids too: pass pass 3 pass; a line is all or nothing). Also what the game asks
for: 'Darek: trump S', 'Ala: 3', 'Ala: pass', 'Bartek: discard 2C', '7H 0,1', Kozel's card
points 'points 70 50' (the teams in the order shown), and key lines as in the file,
several on one line separated by ';': outcome = { ... }; claimed = { ... }   or
note = "...".
Commands:
  undo [N]            take back the last N entries (default 1; past the deal in progress,
                      or into a finished deal, it asks first)
  redo [N]            put back what undo took (until the file changes otherwise; also
                      'referee redo FILE' after leaving)
  edit DEAL [TRICK]   show the entries of a deal (or of one trick), replace one (or 'all'
  edit deal DEAL      of the trick), and see what that changes (scores, totals,
                      violations) before keeping it
  score               the score sheet          status   the table again
  explain [DEAL [T]]  why each card of a trick was legal or not (alone: the last trick)
  claim PLAYER [N]    PLAYER claims the rest of the tricks (or N of them) for their side:
                      the verdict; a claim of the rest that the table accepts ends the deal
  analyze [DEAL]      the post-mortem of finished deals (all of them, or one), every hand
                      open: the best that could have been made, and the first costly card
  hint [CARD]         Foursquare: the best place for the card drawn (name it when the
                      stock is not known), the chance to win, the next two places
  seats [new NAME]    (play --serve --seats) each seat's link again; 'new NAME' replaces
                      NAME's link (the old one stops working at once)
  hand NAME CARDS     NAME's hand shown to the referee alone (a private deal: shown
                      nowhere until the deal ends); after NAME's first card, a correction
  help                this text                quit     leave (everything is saved)
Tab completes names, commands and the cards that can be played now. Ctrl-D (or Ctrl-C,
exit 130) leave too: every accepted entry is already saved."""

COMMANDS = ["undo", "redo", "edit", "score", "status", "explain", "claim", "analyze", "hint",
            "help", "quit"]
QUIT = ("quit", "exit", "q", ":q")


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
