"""Which line of a save file holds a key: for the one-line error of a file that cannot be
loaded (``deal 3: key 'tricks[2]' (line 41): expected ...``).

The readers (tomli, tomllib) give values, not places, so the place is found again in the text,
only when an error is reported: the deal's ``[[deals]]`` table (the Nth such header), then the
key in it (``tricks = ``, or a sub-table ``[deals.hands]`` and its key ``Ala = ``), then, for
``tricks[2]``, the second item of the array. What cannot be found says no line (the message
is then as before): this is a pointer for the person fixing the file, not a parser.
"""

from __future__ import annotations

import re

_HEADER = re.compile(r"\s*(\[\[?)\s*([^\]\[#]+?)\s*\]\]?\s*(?:#.*)?$")
_PATH = re.compile(r"(.+?)(?:\[(\d+)\])?$")


def _bare(part: str) -> str:
    part = part.strip()
    if len(part) >= 2 and part[0] == part[-1] and part[0] in "\"'":
        return part[1:-1]
    return part


def _key_line(lines: list[str], lo: int, hi: int, name: str) -> int | None:
    """The first line in ``lines[lo:hi]`` that sets ``name = ...`` (bare or quoted key; a
    player's name in any case)."""
    want = name.casefold()
    for i in range(lo, hi):
        head, eq, _ = lines[i].partition("=")
        if eq and _bare(head).casefold() == want:
            return i
    return None


def _item_line(lines: list[str], start: int, n: int) -> int | None:
    """The line of the ``n``-th item (1-based) of the array whose key is on line ``start``."""
    depth = 0
    count = 0
    expect_item = False
    for i in range(start, len(lines)):
        line = lines[i]
        j = line.index("=") + 1 if i == start else 0
        while j < len(line):
            ch = line[j]
            if ch == "#":
                break
            if ch in " \t":
                j += 1
                continue
            if depth == 1 and expect_item and ch != "]":
                count += 1
                expect_item = False
                if count == n:
                    return i
            if ch in "\"'":
                end = line.find(ch, j + 1)
                while ch == '"' and end > 0 and line[end - 1] == "\\":
                    end = line.find(ch, end + 1)
                j = len(line) if end < 0 else end + 1
                continue
            if ch in "[{":
                depth += 1
                if depth == 1:
                    expect_item = True
            elif ch in "]}":
                depth -= 1
                if depth == 0:
                    return None
            elif ch == "," and depth == 1:
                expect_item = True
            j += 1
    return None


def line_of(text: str, deal: int | None, key: str) -> int | None:
    """The line (1-based) of ``key`` in deal ``deal`` (1-based; None: the top of the file) of
    a save file's ``text``, or None when it is not found."""
    lines = text.splitlines()
    headers: list[tuple[int, bool, str]] = []  # (line, array of tables, name)
    for i, line in enumerate(lines):
        m = _HEADER.match(line)
        if m:
            headers.append((i, m.group(1) == "[[", ".".join(
                _bare(p) for p in m.group(2).split("."))))
    if deal is None:
        lo, hi, prefix = 0, headers[0][0] if headers else len(lines), ""
    else:
        starts = [i for i, aot, name in headers if aot and name == "deals"]
        if not 1 <= deal <= len(starts):
            return None
        lo = starts[deal - 1]
        hi = starts[deal] if deal < len(starts) else len(lines)
        prefix = "deals."
    m = _PATH.match(key)
    if m is None:  # pragma: no cover - the pattern matches any text
        return None
    parts = [p for p in m.group(1).split(".") if p]
    index = int(m.group(2)) if m.group(2) else None
    if not parts:
        return None
    # the key itself, in this table's own lines (up to its first sub-table)
    own_end = next((i for i, _, _ in headers if lo < i < hi), hi)
    first = lo + 1 if deal is not None else lo
    found = _key_line(lines, first, own_end, parts[0])
    if found is None and len(parts) > 1:  # [deals.hands] then Ala = ...
        table = prefix + parts[0]
        for n, (i, _, name) in enumerate(headers):
            if lo <= i < hi and name.casefold() == table.casefold():
                end = next((h for h, _, _ in headers[n + 1:]), len(lines))
                found = _key_line(lines, i + 1, min(end, hi), parts[1])
                if found is None:
                    found = i
                break
    if found is None:
        return lo + 1 if deal is not None else None
    if index is not None:
        item = _item_line(lines, found, index)
        if item is not None:
            return item + 1
    return found + 1
