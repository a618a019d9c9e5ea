"""Plain-text helpers that draw nothing (the pictures are rich's, in ``cli.render``): cards as
glyphs or letters in a string, which names head the score columns, the terminal's width.

Everything a user or a file wrote (names, notes) goes through ``clean`` before it reaches the
terminal, so that it is shown literally: control characters become visible escapes.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any, TextIO

from cli.safe import clean as clean  # re-exported: the other modules import it from here
from referee.cards import try_parse_card
from referee.model import Expect

CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC♠♥♦♣](?![A-Za-z0-9])"
                  r"|(?<![A-Za-z])JK(?![A-Za-z])"
                  r"|(?<=\btrump )[SHDC](?![A-Za-z0-9])")  # a suit named: 'trump S'
SUIT_GLYPH = dict(zip("SHDC", "♠♥♦♣", strict=True))
GLYPHS = "♠♥♦♣"
TO_ASCII = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "—": "-", "–": "-",
                          "·": "|", "→": "->", "…": "...", "─": "-", "’": "'", "×": "x"})


def ascii_wanted(flag: bool = False, stream: TextIO | None = None) -> bool:
    """Plain letters for suits and ASCII boxes: asked for, or a terminal that is not UTF-8
    (NO_COLOR removes colour only: the glyphs stay)."""
    if flag:
        return True
    s = stream if stream is not None else sys.stdout
    enc = (getattr(s, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    return enc not in ("utf8", "utf16", "utf32")


def plain_cards(text: str, ascii_only: bool) -> str:
    """``text`` cleaned, its cards as glyphs (or letters and ASCII signs), no colour: for a
    prompt line or an export."""
    text = clean(text)
    if ascii_only:
        text = text.translate(TO_ASCII)
    return CARD.sub(lambda m: _pretty(m.group(0), ascii_only), text)


def _pretty(text: str, ascii_only: bool) -> str:
    if text in SUIT_GLYPH:
        return text if ascii_only else SUIT_GLYPH[text]
    c = try_parse_card(text)
    return c.pretty(ascii_only) if c is not None else text


def prompt_text(expect: Expect, ascii_only: bool) -> str:
    return plain_cards(expect.prompt, ascii_only) + " > "


def names_of(res: Any) -> list[str]:
    """The score columns (``Result.columns``)."""
    return list(res.columns())


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
