"""Changing an existing save file with tomlkit only where the game changed (``SaveDoc``),
keeping what people wrote there: comments, blank lines, key order, layout. A whole document is
tomli-w's (``savefile.dumps``). Imported only to change a file: reading is tomli's
(``tomlread``).

A change is worked out from the game: ``savefile.to_dict`` of the game as the file holds it
(``old``) and as it is now (``new``); what is equal in both is not touched, so a hand-typed
line that means the same as ours (``bartek: 2c``) stays as typed.
"""

from __future__ import annotations

import re
from typing import Any

import tomlkit
from tomlkit.exceptions import TOMLKitError
from tomlkit.items import AoT, Array, Null, Table, Whitespace, _ArrayItemGroup

MULTILINE = ("tricks", "turns")  # one item a line (one trick a line), for people to read
ONE_LINE = 80  # a longer top-level array is written one item a line


def _inline(v: Any) -> Any:
    """``v`` as a tomlkit item on one line: tables inline (``{ Ala = 3 }``)."""
    if isinstance(v, dict):
        t = tomlkit.inline_table()
        for i, (k, x) in enumerate(v.items()):
            it = _inline(x)
            if i == 0:
                it.trivia.indent = " "
            t.append(k, it)
        if v:
            t.add(tomlkit.ws(" "))
        return t
    if isinstance(v, (list, tuple)):
        a = tomlkit.array()
        a.extend(_inline(x) for x in v)
        return a
    return tomlkit.item(v)


def _item(key: str, v: Any) -> Any:
    """The tomlkit item of ``key = v`` in our layout: one trick (one turn) a line, a long
    array one item a line, tables inline."""
    if isinstance(v, (list, tuple)) and v:
        one = _inline(v)
        if key in MULTILINE or len(one.as_string()) > ONE_LINE:
            a = tomlkit.array()
            for x in v:
                a.add_line(_inline(x), indent="  ")
            a.add_line(indent="")
            return a
        return one
    return _inline(v)


def _table(d: dict[str, Any]) -> Any:
    t = tomlkit.table()
    t.trivia.indent = "\n"  # a blank line before the table's header
    for k, v in d.items():
        t.append(k, _item(k, v))
    return t


def head(data: dict[str, Any]) -> str:
    """The keys above a save file's deals (``format``, ``game``, ``players``, ``options``...)
    as TOML text in our layout: a short array on one line, a table as ``[options]``."""
    doc = tomlkit.document()
    for k, v in data.items():
        doc.append(k, _table(v) if isinstance(v, dict) else _item(k, v))
    text: str = doc.as_string()
    return text


def inline(value: Any) -> str:
    """A value as inline TOML on one line, as a key line is typed at the prompt."""
    text: str = _inline(value).as_string()
    return text


# -- changing an existing file: tomlkit keeps what people wrote ---------------------------------


def _unwrap(v: Any) -> Any:
    return v.unwrap() if hasattr(v, "unwrap") else v


def _same(item: Any, v: Any) -> bool:
    u = _unwrap(item)
    return bool(u == v and type(u) is type(v) or isinstance(u, list) and isinstance(v, list)
                and u == v)


def _put(t: Any, key: str, item: Any, order: list[str]) -> None:
    """Add ``key`` to table (or document) ``t`` in the documented ``order``: right after the
    last key before the keys that come after it (and before a sub-table such as
    ``[deals.hands]``), so the comments and blank lines above those stay with them."""
    c = t.value if isinstance(t, Table) else t  # the container of the table's lines
    body = c.body
    later = set(order[order.index(key) + 1:]) if key in order else set()
    stop = next((i for i, (k, v) in enumerate(body) if k is not None and (
        k.key in later or isinstance(v, (Table, AoT)))), len(body))
    keys = [i for i, (k, _) in enumerate(body[:stop]) if k is not None]
    at = keys[-1] + 1 if keys else stop
    if at >= len(body):
        t.append(key, item)
        return
    c._insert_at(at, key, item)
    if isinstance(t, Table):  # a Table is also a dict of its keys: it learns the new one
        dict.__setitem__(t, key, c[key])


def _is_value(group: Any) -> bool:
    return group.value is not None and not isinstance(group.value, Null)


def _append(arr: Array, v: Any) -> None:
    """Append ``v`` to ``arr`` on a line of its own after the last item (a multi-line array)
    or after it on the line, indented as that item and with a comma after it as the last
    item had one (``_pop`` undoes it byte for byte). tomlkit's own append puts the item after
    the array's trailing comments and moves commas about, which no removal can undo."""
    groups = arr._value
    at = max((i for i, g in enumerate(groups) if _is_value(g)), default=None)
    if at is None:
        arr.append(_inline(v))
        return
    last = groups[at]
    ind = last.indent.s if last.indent is not None else ""
    nl = "\r\n" if "\r\n" in ind else "\n"  # a file typed on Windows keeps its line ends
    indent = tomlkit.ws(nl + ind.rsplit("\n", 1)[1] if "\n" in ind else " ")
    it = _inline(v)
    comma = tomlkit.ws(",") if last.comma is not None and "," in last.comma.s else None
    if comma is None:
        last.comma = tomlkit.ws(",")
    list.append(arr, it)
    groups.insert(at + 1, _ArrayItemGroup(value=it, indent=indent, comma=comma))
    arr._reindex()


def _pop(arr: Array) -> None:
    """Remove the last item of ``arr`` with its line (or its place on the line); without a
    comma after it, the item before it loses its comma too (``_append`` undone)."""
    groups = arr._value
    values = [i for i, g in enumerate(groups) if _is_value(g)]
    k = values[-1]
    comma = groups[k].comma
    if len(values) > 1 and (comma is None or "," not in comma.s):
        prev = groups[values[-2]]
        if prev.comma is not None and prev.comma.s == ",":
            prev.comma = None
    del groups[k]
    list.pop(arr)
    arr._reindex()


def _merge_array(arr: Any, old: list[Any], new: list[Any], key: str) -> bool:
    """Change array ``arr`` (holding ``old``) to hold ``new`` item by item: equal items
    untouched, changed ones replaced, missing ones appended, extra ones removed. False when
    the array does not hold ``old`` item for item (then the caller replaces it whole)."""
    if not isinstance(arr, Array) or len(arr) != len(old) or not old:
        return False
    for j, x in enumerate(new):
        if j < len(old):
            if old[j] != x:
                arr[j] = _inline(x)
        else:
            _append(arr, x)
    for _ in range(len(old) - len(new)):
        _pop(arr)
    return True


def _merge(t: Any, old: dict[str, Any], new: dict[str, Any]) -> None:
    """Change table ``t`` (which means ``old``) to mean ``new``, touching only what differs.
    """
    order = list(new)
    for k in old:
        if k not in new and k in t:
            del t[k]
    for k, v in new.items():
        if k in old and old[k] == v and k in t:
            continue
        cur = t.get(k) if k in t else None
        if cur is None:
            _put(t, k, _item(k, v), order)
        elif isinstance(v, list) and isinstance(old.get(k), list) and \
                _merge_array(cur, old[k], v, k):
            continue
        elif isinstance(v, dict) and isinstance(cur, Table) and isinstance(old.get(k), dict):
            _merge(cur, old[k], v)
        elif not _same(cur, v):
            t[k] = _item(k, v)


def _merge_deals(doc: Any, old: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
    aot = doc.get("deals") if "deals" in doc else None
    if not isinstance(aot, AoT) or len(aot) != len(old):
        if "deals" in doc:
            del doc["deals"]
        if new:
            fresh = tomlkit.aot()
            for d in new:
                fresh.append(_table(d))
            doc.append("deals", fresh)
        return
    for i, d in enumerate(new):
        if i < len(old):
            if old[i] != d:
                _merge(aot[i], old[i], d)
        else:
            aot.append(_table(d))
    if not new:  # every deal gone: the key goes
        gone = aot[0].trivia.indent if len(aot) else "\n"
        del doc["deals"]
        body = doc.body
        if body and isinstance(body[-1][1], Table):
            body = body[-1][1].value.body
        _unblank(body, gone)
        return
    for _ in range(len(old) - len(new)):
        gone = aot[-1].trivia.indent
        del aot[len(aot) - 1]
        _unblank(aot[-1].value.body, gone)


def _unblank(body: list[Any], gone: str) -> None:
    """A table just removed from the end of the file takes with it the blank line written
    before its header: read back from a file, that line is the end of what precedes it."""
    if "\n" in gone:
        return  # the table held its blank line itself (added in this process)
    last = next((i for i in range(len(body) - 1, -1, -1)
                 if not isinstance(body[i][1], Null)), None)  # a removed item leaves a Null
    ws = body[last][1] if last is not None and body[last][0] is None else None
    if last is not None and isinstance(ws, Whitespace) and ws.s.endswith("\n"):
        end = 2 if ws.s.endswith("\r\n") else 1  # a file typed on Windows
        if len(ws.s) == end:
            del body[last]
        else:
            ws._s = ws.s[:-end]


# A deal the same in the file and in the game: ``old`` and ``new`` may both hold this one
# object in its place instead of the deal's table (equal, so nothing there is touched), which
# spares writing out every deal of a long file to change its last one (``Session.text``).
UNCHANGED: dict[str, Any] = {}


class NeedsEvery(Exception):
    """The change rewrites every deal table, and ``UNCHANGED`` stands for some of them."""


def reconcile(doc: Any, old: dict[str, Any], new: dict[str, Any]) -> None:
    """Change tomlkit document ``doc``, which holds the game ``old`` (``to_dict``), to hold
    ``new``, deal by deal, key by key, array item by array item: what is the same in both is
    left as it is (with its comments); what changed is replaced in place; what is new is
    added; what went is removed. ``old`` decides what changed, so a hand-typed line that
    means the same as ours (``bartek: 2c``) is kept as typed. Raises ``NeedsEvery``, having
    changed nothing, when the deals must be written whole and some are ``UNCHANGED``."""
    aot = doc.get("deals") if "deals" in doc else None
    if (not isinstance(aot, AoT) or len(aot) != len(old.get("deals", []))) and any(
            d is UNCHANGED for d in new.get("deals", [])):
        raise NeedsEvery
    top_old = {k: v for k, v in old.items() if k != "deals"}
    top_new = {k: v for k, v in new.items() if k != "deals"}
    if top_old != top_new:
        _merge(doc, top_old, top_new)
    _merge_deals(doc, old.get("deals", []), new.get("deals", []))


# -- a file cut at its deal tables: tomlkit parses only the deals a change reaches -------------

# a deal table's header at the start of a line (``[[deals]]``, ``[[ "deals" ]]``, a comment after)
HEADER = re.compile(r"""^[ \t]*\[\[[ \t]*(?:deals|"deals"|'deals')[ \t]*\]\][ \t]*(?:#.*)?$""",
                    re.M)


BARE_LF = re.compile(r"(?<!\r)\n")


class CannotKeep(Exception):
    """tomlkit cannot parse a file that tomli reads: it is written whole instead."""


class SaveDoc:
    """An existing save file to change, kept between saves (the table mode changes it entry
    after entry). Its text is cut before each deal table's header: the top (players,
    options) and one piece a deal. tomlkit parses a piece the first time a change reaches
    that deal (``add`` parses the last deal only, not the 12,000 lines before it: parsing
    the whole file costs 0.3-0.6 s); what no change reached is written back as it was read. When
    the cut cannot be trusted (a header line inside a multi-line string, a change to the top
    of the file, a deal table that does not parse alone), the whole file is parsed instead.
    """

    def __init__(self, raw: bytes) -> None:
        text = raw.decode("utf-8")
        if text.startswith("\ufeff"):  # a byte order mark: not text (``savefile.loads``)
            text = text[1:]
        starts = [m.start() for m in HEADER.finditer(text)]
        self.top = text[:starts[0]] if starts else text
        ends = [*starts[1:], len(text)] if starts else []
        self.pieces: list[Any] = [text[a:b] for a, b in zip(starts, ends, strict=True)]
        self.whole: Any = None  # the whole file as one tomlkit document, when needed
        # a file typed on Windows keeps its line ends: what tomlkit writes new (a deal table,
        # a key) comes out with "\n", and is given "\r\n" like the rest
        self.crlf = text.count("\r\n") * 2 > text.count("\n")
        self.changed: list[int] | None = []  # the deals the last change wrote (None: all)

    def as_string(self) -> str:
        if self.whole is not None:
            text: str = self.whole.as_string()
        else:
            text = self.top + "".join(p if isinstance(p, str) else p.as_string()
                                      for p in self.pieces)
        return BARE_LF.sub("\r\n", text) if self.crlf else text

    def piece(self, i: int) -> str:
        """The text of deal ``i`` (0-based), from its header to the next one."""
        p = self.pieces[i]
        return p if isinstance(p, str) else str(p.as_string())

    def _parsed(self, i: int) -> Any:
        p = self.pieces[i]
        if isinstance(p, str):
            p = tomlkit.parse(p)
            aot = p.get("deals")
            if list(p) != ["deals"] or not isinstance(aot, AoT) or len(aot) != 1:
                raise TOMLKitError("not one deal table")
            self.pieces[i] = p
        return p

    def reconcile(self, old: dict[str, Any], new: dict[str, Any]) -> None:
        """Change the file, which holds ``old``, to hold ``new`` (both ``to_dict``)."""
        if self.whole is None:
            od, nd = old.get("deals", []), new.get("deals", [])
            changed = [i for i in range(min(len(od), len(nd))) if od[i] != nd[i]]
            same_top = {k: v for k, v in old.items() if k != "deals"} == \
                {k: v for k, v in new.items() if k != "deals"}
            try:
                if not same_top or not od or len(self.pieces) != len(od):
                    # the top changed, the first deal comes (``deals = []`` may stand above),
                    # or the cut does not match the deals
                    raise TOMLKitError("the whole file")
                for i in changed:  # every piece to change parsed before any is changed
                    self._parsed(i)
            except TOMLKitError:  # any doubt: the whole file, parsed once
                try:
                    self.whole = tomlkit.parse(self.as_string())
                except TOMLKitError as e:
                    raise CannotKeep(str(e)) from None
        if self.whole is not None:
            reconcile(self.whole, old, new)
            self.changed = None
            return
        self.changed = [*changed, *range(len(od), len(nd))]
        for i in changed:
            _merge(self.pieces[i]["deals"][0], od[i], nd[i])
        for d in nd[len(od):]:
            piece = tomlkit.document()
            aot = tomlkit.aot()
            aot.append(_table(d))
            piece.append("deals", aot)
            self.pieces.append(piece)
        for _ in range(len(od) - len(nd)):
            gone = self.pieces.pop()
            gone_text = gone if isinstance(gone, str) else gone.as_string()
            if gone_text.startswith("\n"):
                continue  # it held the blank line before its header itself
            if self.pieces:  # the blank line before its header went with it
                before = self.pieces[-1]
                text = before if isinstance(before, str) else before.as_string()
                if _less_blank(text) != text:
                    self.pieces[-1] = _less_blank(text)
            else:
                self.top = _less_blank(self.top)


def _less_blank(text: str) -> str:
    """``text`` without the blank line it ends with (``\n`` or a Windows ``\r\n``)."""
    for blank in ("\r\n\r\n", "\n\n"):
        if text.endswith(blank):
            return text[:-len(blank) // 2]
    return text
