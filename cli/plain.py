"""Text for the terminal without rich: fast to import, used for the table mode's first screen.

Everything a user or a file wrote (names, notes) goes through ``clean`` before it reaches the
terminal, so that it is shown literally: control characters become visible escapes, and no
markup is ever interpreted (there is none here: plain strings with our own colour codes).
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any, TextIO

from cli.safe import clean as clean  # re-exported: the other modules import it from here
from referee.cards import try_parse_card
from referee.model import Expect, TableView

CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC♠♥♦♣](?![A-Za-z0-9])"
                  r"|(?<![A-Za-z])JK(?![A-Za-z])")
GLYPHS = "♠♥♦♣"
_CARD_OR_SUIT = re.compile(CARD.pattern + "|[♠♥♦♣]")
TO_ASCII = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "—": "-", "–": "-",
                          "·": "|", "→": "->", "…": "...", "─": "-", "’": "'", "×": "x"})

RED = "\x1b[31m"
BOLD = "\x1b[1m"
DIM = "\x1b[2m"
RESET = "\x1b[0m"


def ascii_wanted(flag: bool = False, stream: TextIO | None = None) -> bool:
    """Plain letters for suits: asked for, NO_COLOR, or a terminal that is not UTF-8."""
    if flag or os.environ.get("NO_COLOR"):
        return True
    s = stream if stream is not None else sys.stdout
    enc = (getattr(s, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    return enc not in ("utf8", "utf16", "utf32")


def colour_wanted(ascii_only: bool, stream: TextIO | None = None) -> bool:
    """Colour only on a terminal, and never with --ascii, NO_COLOR or TERM=dumb."""
    s = stream if stream is not None else sys.stdout
    if ascii_only or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return bool(s.isatty())
    except (AttributeError, ValueError):
        return False


class Style:
    """How to write: glyphs or letters, colour or not."""

    def __init__(self, ascii_only: bool, colour: bool) -> None:
        self.ascii = ascii_only
        self.colour = colour and not ascii_only

    def wrap(self, text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if self.colour and text else text

    def bold(self, text: str) -> str:
        return self.wrap(text, BOLD)

    def dim(self, text: str) -> str:
        return self.wrap(text, DIM)

    def red(self, text: str) -> str:
        return self.wrap(text, RED)

    def cards(self, text: str) -> str:
        """Clean ``text`` and show the canonical cards in it as glyphs (red suits red)."""
        text = clean(text)
        if self.ascii:
            return CARD.sub(lambda m: _ascii_card(m.group(0)), text.translate(TO_ASCII))
        out = []
        pos = 0
        for m in _CARD_OR_SUIT.finditer(text):
            out.append(text[pos:m.start()])
            if m.group(0) in GLYPHS:  # a suit on its own ('to follow ♦')
                out.append(self.red(m.group(0)) if m.group(0) in "♥♦" else m.group(0))
                pos = m.end()
                continue
            c = try_parse_card(m.group(0))
            if c is None:
                out.append(m.group(0))
            else:
                shown = c.pretty(False)
                out.append(self.red(shown) if c.suit in ("H", "D") else shown)
            pos = m.end()
        out.append(text[pos:])
        return "".join(out)

    def suit(self, s: str) -> str:
        if self.ascii or s not in "SHDC" or len(s) != 1:
            return clean(s)
        g = GLYPHS["SHDC".index(s)]
        return self.red(g) if s in "HD" else g


def _ascii_card(text: str) -> str:
    c = try_parse_card(text)
    return c.pretty(True) if c is not None else text


def plain_cards(text: str, ascii_only: bool) -> str:
    """Cards as glyphs (or letters), no colour: for a prompt line."""
    return Style(ascii_only, False).cards(text)


def table_lines(tv: TableView, expect: Expect | None, st: Style, width: int = 80) -> list[str]:
    """The table: title, the deal's facts, the trick on the table, the grid, the hands."""
    rule = "─" if not st.ascii else "-"
    title = st.cards(tv.title)
    shown = len(_strip(title))
    out = [st.bold(title) + " " + st.dim(rule * max(3, min(width, 72) - shown - 1))]
    facts: list[str | None] = []
    for label, value in tv.lines:
        if label == "trump" and value in ("S", "H", "D", "C"):
            facts.append(f"{clean(label)}: {st.suit(value)}")
        elif len(label) == 1 and label in "SHDC":
            facts.append(None)  # a layout row (the small lottery): one line each, below
        else:
            facts.append(f"{clean(label)}: {st.cards(value)}")
    short = [f for f in facts if f is not None]
    line = "  "
    for f in short:
        visible = len(_strip(f))
        if len(line) > 2 and len(_strip(line)) + visible + 3 > width:
            out.append(line)
            line = "  "
        line += (" · " if len(line) > 2 and not st.ascii else
                 " | " if len(line) > 2 else "") + f
    if len(line) > 2:
        out.append(line)
    layout = [(label, value) for label, value in tv.lines if len(label) == 1 and label in "SHDC"]
    for label, value in layout:
        out.append(f"    {st.suit(label)}  {st.cards(value)}")
    if tv.trick:
        sep = " · " if not st.ascii else " | "
        plays = [f"{clean(p)} {st.cards(c)}" for p, c in tv.trick]
        plays[0] += st.dim(" (led)")
        if expect is not None and expect.player and expect.action == "play":
            plays.append(f"{clean(expect.player)} {st.dim('?')}")
        one = "  on the table: " + sep.join(plays)
        if len(_strip(one)) <= width:
            out.append(one)
        else:
            out.append("  on the table:")
            out.extend(f"    {x}" for x in plays)
    if tv.grid:
        cw = max(4, max(len(x) for row in tv.grid for x in row) + 2)
        for i, row in enumerate(tv.grid):
            cells = []
            for j, x in enumerate(row):
                cell = f"{clean(x):>{cw}}"
                if i == 0 or j == 0:
                    cells.append(st.dim(cell))
                elif x.startswith("##"):
                    cells.append(st.dim(cell))
                else:
                    cells.append(st.cards(cell))
            out.append("  " + "".join(cells))
    if tv.hands:
        w = max(len(clean(p)) for p in tv.hands)
        for p, h in tv.hands.items():
            out.append(st.dim(f"  {clean(p):<{w}}  ") + st.cards(" ".join(str(c) for c in h)))
    return out


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _strip(text: str) -> str:
    return ANSI.sub("", text)


def visible(text: str) -> str:
    """``text`` without our colour codes."""
    return _strip(text)


def prompt_text(expect: Expect, ascii_only: bool) -> str:
    return plain_cards(expect.prompt, ascii_only) + " > "


def names_of(res: Any) -> list[str]:
    """The score columns: teams joined with ' & ', else the players."""
    return [" & ".join(t) for t in res.teams] if res.teams else list(res.setup.players)


def tolerant_stdout() -> None:
    """A terminal that cannot show a character gets '?' instead of a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconf = getattr(stream, "reconfigure", None)
        if reconf is not None:
            try:
                reconf(errors="replace")
            except (ValueError, OSError):
                pass


def terminal_width(default: int = 100) -> int:
    """The terminal's width (COLUMNS first, like shutil, which costs more to import)."""
    try:
        return max(20, int(os.environ["COLUMNS"]))
    except (KeyError, ValueError):
        pass
    try:
        return max(20, os.get_terminal_size(sys.stdout.fileno()).columns)
    except (OSError, ValueError, AttributeError):
        return default
