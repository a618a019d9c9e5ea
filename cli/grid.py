"""Box tables for the terminal without rich (whose import costs more than ``referee score``).

The shape of rich's HEAVY_HEAD box (or of its ASCII box), one space of padding each side of a
cell, the header and the footer in bold. Cells are strings that may carry our own colour codes
(``cli.plain.Style``); widths are those of the visible text in terminal cells: a wide character
takes two, a combining mark none. A table wider than the room it has is made narrower by
wrapping the widest columns' cells at spaces, never below a column's longest word.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from typing import NamedTuple

from cli.plain import ANSI, BOLD, RESET, Style, terminal_width

Styled = list[tuple[str, str]]  # characters, each with the colour code it is written in

# each box: the top rule, the header's bars, the rule under the header, a row's bars, the
# rule above the footer, the bottom rule (a rule: left end, line, crossing, right end; bars:
# left, between cells, right)
HEAVY_HEAD = ("┏━┳┓", "┃┃┃", "┡━╇┩", "│││", "├─┼┤", "└─┴┘")
ASCII = ("+--+", "|||", "|-+|", "|||", "|-+|", "+--+")


class Column(NamedTuple):
    header: str
    right: bool = False
    footer: str = ""


def available_width() -> int | None:
    """The width a table must fit: the terminal's; in a file or a pipe COLUMNS when it is
    set, else none (full lines)."""
    try:
        tty = sys.stdout.isatty()
    except (AttributeError, ValueError):
        tty = False
    return terminal_width() if tty or "COLUMNS" in os.environ else None


def cells(text: str) -> int:
    """How many terminal cells ``text`` (without colour codes) takes."""
    return sum(0 if unicodedata.category(c) in ("Mn", "Me", "Cf")
               else 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def styled(text: str, base: str = "") -> list[Styled]:
    """The lines of ``text`` as characters with their colour codes (``base`` under them)."""
    out: Styled = []
    code = base
    pos = 0
    text = text.replace("\t", " ")
    for m in ANSI.finditer(text):
        out.extend((c, code) for c in text[pos:m.start()])
        code = base if m.group(0) == RESET else code + m.group(0)
        pos = m.end()
    out.extend((c, code) for c in text[pos:])
    lines: list[Styled] = [[]]
    for ch in out:
        if ch[0] == "\n":
            lines.append([])
        else:
            lines[-1].append(ch)
    return lines


def width(line: Styled) -> int:
    return sum(cells(c) for c, _ in line)


def longest_word(line: Styled) -> int:
    words = "".join(c for c, _ in line).split(" ")
    return max(cells(w) for w in words)


def wrap(line: Styled, limit: int) -> list[Styled]:
    """``line`` cut at spaces into lines of at most ``limit`` cells (a longer word keeps a
    line of its own)."""
    lines: list[Styled] = [[]]
    word: Styled = []
    for ch in [*line, (" ", "")]:
        word.append(ch)
        if ch[0] != " ":
            continue
        if lines[-1] and width(lines[-1]) + width(word) - 1 > limit:
            lines[-1].pop()  # the space it ended with
            lines.append([])
        lines[-1].extend(word)
        word = []
    lines[-1].pop()
    return lines


def ansi(line: Styled) -> str:
    """``line`` written out, with a colour code where the colour changes."""
    out: list[str] = []
    code = ""
    for c, wanted in line:
        if wanted != code:
            out.append((RESET if code else "") + wanted)
            code = wanted
        out.append(c)
    if code:
        out.append(RESET)
    return "".join(out)


def fit(natural: list[int], least: list[int], room: int) -> list[int]:
    """Column widths that fit ``room`` cells of content: the widest column still above its
    least width loses a cell, again and again."""
    widths = list(natural)
    for _ in range(sum(widths) - room):
        wide = [i for i, w in enumerate(widths) if w > least[i]]
        if not wide:
            break
        widths[max(wide, key=lambda i: widths[i])] -= 1
    return widths


def table(title: str, columns: list[Column], rows: list[list[str]], st: Style,
          limit: int | None = None) -> list[str]:
    """The lines of a table, its title first; no wider than ``limit`` if the words allow."""
    bold = BOLD if st.colour else ""
    head = [styled(c.header, bold) for c in columns]
    foot = [styled(c.footer, bold) for c in columns] if any(c.footer for c in columns) else []
    body = [[styled(cell) for cell in row] for row in rows]
    all_rows = [head, *body, *([foot] if foot else [])]
    natural = [max(width(x) for row in all_rows for x in row[i]) for i in range(len(columns))]
    widths = natural
    if limit is not None:
        least = [max(longest_word(x) for row in all_rows for x in row[i])
                 for i in range(len(columns))]
        widths = fit(natural, least, limit - 3 * len(columns) - 1)
    box = ASCII if st.ascii else HEAVY_HEAD

    def rule(chars: str) -> str:
        return chars[0] + chars[2].join(chars[1] * (w + 2) for w in widths) + chars[3]

    def lines(row: list[list[Styled]], bars: str, bottom: bool = False) -> list[str]:
        cut = [[x for line in cell for x in wrap(line, w)]
               for cell, w in zip(row, widths, strict=True)]
        high = max(len(c) for c in cut)
        cut = [[[]] * (high - len(c)) + c if bottom else c + [[]] * (high - len(c))
               for c in cut]
        out = []
        for k in range(high):
            shown = []
            for c, w, col in zip(cut, widths, columns, strict=True):
                pad = " " * (w - width(c[k]))
                shown.append(f" {pad}{ansi(c[k])} " if col.right else f" {ansi(c[k])}{pad} ")
            out.append(bars[0] + bars[1].join(shown) + bars[2])
        return out

    out = [title] if title else []
    out += [rule(box[0]), *lines(head, box[1], bottom=True), rule(box[2])]
    for row in body:
        out += lines(row, box[3])
    if foot:
        out += [rule(box[4]), *lines(foot, box[3])]
    out.append(rule(box[5]))
    return out
