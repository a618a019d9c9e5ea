"""TOML save files <-> (Setup, deals): read with tomli (or tomllib: ``tomlread``); a new file
written with tomlkit (``dumps``), an existing one changed with tomlkit where it changed
(``reconcile``: comments, blank lines and layout kept); written atomically."""

from __future__ import annotations

import datetime as _dt
import os
import stat
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.items import AoT, Array, Null, Table, Whitespace, _ArrayItemGroup

from . import tomlread
from .errors import NotationError, SaveFileError, WriteFailed
from .games import get as get_game
from .games.base import MAX_NAME, GameRules, Where
from .model import Deal, Setup

FORMAT = 1
TOP_KEYS = ("format", "game", "players", "first_dealer", "title", "started", "seed", "options",
            "deals")
MAX_FILE = 4 * 1024 * 1024
MAX_PLAYERS = 8
MAX_DEALS = 1000


def _err(file: str, key: str, expected: str) -> SaveFileError:
    return SaveFileError(f"{file}: key {key!r}: expected {expected}")


def name_problem(name: Any) -> str | None:
    """What a player's name must be (``a name without ...``), or None when it is one."""
    if not isinstance(name, str) or not name.strip():
        return "a non-empty name"
    if len(name) > MAX_NAME:
        return f"a name of at most {MAX_NAME} characters"
    if any(ord(ch) < 32 or ord(ch) == 127 or ch in ":/~=" for ch in name):
        return "a name without control characters or : / ~ ="
    if name != name.strip():
        return "a name without leading or trailing spaces"
    return None


def check_name(name: Any, file: str, key: str) -> str:
    problem = name_problem(name)
    if problem is not None:
        raise _err(file, key, problem)
    return str(name)


def check_options(rules: GameRules, raw: Any, file: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise _err(file, "options", "a table of house rules")
    known = {o.name: o for o in rules.options}
    out: dict[str, Any] = {}
    for k, v in raw.items():
        if k not in known:
            listed = ", ".join(known) or "none"
            raise _err(file, f"options.{k}", f"an option of {rules.name} ({listed})")
        try:
            out[k] = known[k].check(v)
        except ValueError as e:
            raise SaveFileError(f"{file}: key 'options.{k}': {e}") from None
    return out


def parse_setup(data: dict[str, Any], file: str) -> tuple[GameRules, Setup]:
    for k in data:
        if k not in TOP_KEYS:
            raise _err(file, k, "one of " + ", ".join(TOP_KEYS) + " (unknown key)")
    if "format" not in data:
        raise _err(file, "format", f"format = {FORMAT} (the key is missing)")
    if data["format"] != FORMAT or isinstance(data["format"], bool):
        raise _err(file, "format", f"format = {FORMAT} (this file says {data['format']!r})")
    g = data.get("game")
    if not isinstance(g, str):
        raise _err(file, "game", "a game name (kierki, wisconsin-schmier, schmier, foursquare, "
                   "kozel)")
    try:
        rules = get_game(g)
    except NotationError as e:
        raise SaveFileError(f"{file}: key 'game': {e}") from None
    players = data.get("players")
    lo, hi = rules.player_count
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise _err(file, "players", "a list of names in clockwise seating order")
    if not lo <= len(players) <= hi:
        want = str(lo) if lo == hi else f"{lo}-{hi}"
        raise _err(file, "players", f"{want} players for {rules.name}, not {len(players)}")
    for i, p in enumerate(players):
        check_name(p, file, f"players[{i}]")
    if len({p.casefold() for p in players}) != len(players):
        raise _err(file, "players", "names that are all different")
    fd = data.get("first_dealer", players[0])
    if not isinstance(fd, str) or fd not in players:
        raise _err(file, "first_dealer", f"a seated player ({', '.join(players)})")
    title = data.get("title")
    if title is not None and (not isinstance(title, str) or len(title) > 200):
        raise _err(file, "title", "a string of at most 200 characters")
    started = data.get("started")
    if started is not None and not isinstance(started, (_dt.datetime, _dt.date)):
        raise _err(file, "started", "a date and time like 2026-11-30T19:00:00+01:00")
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise _err(file, "seed", "a whole number")
    options = check_options(rules, data.get("options", {}), file)
    setup = Setup(rules.name, tuple(players), fd, options, title, started, seed)
    return rules, setup


def parse(data: dict[str, Any], file: str) -> tuple[GameRules, Setup, list[Deal]]:
    rules, setup = parse_setup(data, file)
    raw_deals = data.get("deals", [])
    if not isinstance(raw_deals, list) or not all(isinstance(d, dict) for d in raw_deals):
        raise _err(file, "deals", "[[deals]] tables")
    if len(raw_deals) > MAX_DEALS:
        raise _err(file, "deals", f"at most {MAX_DEALS} deals")
    deals = [rules.parse_deal(d, setup, Where(file, i + 1)) for i, d in enumerate(raw_deals)]
    return rules, setup, deals


def read(path: str | Path) -> bytes:
    """The bytes of the save file at ``path``: only a regular file, of at most ``MAX_FILE``
    bytes (checked on the opened file before reading, and at most that much is read).

    A FIFO is opened without waiting for a writer; a folder, a device (``/dev/zero``), a
    FIFO or a socket is refused in one line."""
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise SaveFileError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise SaveFileError(f"{name}: is a folder, not a save file") from None
    except OSError as e:
        raise SaveFileError(f"{name}: cannot read: {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise SaveFileError(f"{name}: is a folder, not a save file")
        if not stat.S_ISREG(st.st_mode):
            raise SaveFileError(f"{name}: not a regular file (a device, a pipe or a socket); "
                                "a save file is a plain file")
        if st.st_size > MAX_FILE:
            raise SaveFileError(f"{name}: file too large ({st.st_size} bytes; at most "
                                f"{MAX_FILE})")
        chunks = []
        left = MAX_FILE + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        raw = b"".join(chunks)
        if len(raw) > MAX_FILE:
            raise SaveFileError(f"{name}: file too large (more than {MAX_FILE} bytes)")
        return raw
    except OSError as e:
        raise SaveFileError(f"{name}: cannot read: {e.strerror or e}") from None
    finally:
        os.close(fd)


def loads(raw: bytes, name: str) -> tuple[GameRules, Setup, list[Deal]]:
    """The game in a save file's bytes (``name`` is the file, for messages)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveFileError(f"{name}: not UTF-8 text") from None
    if text.startswith("\ufeff"):  # a byte order mark (some editors write one): not text
        text = text[1:]
    try:
        data = tomlread.loads(text)
    except tomlread.TOMLDecodeError as e:
        raise SaveFileError(f"{name}: not valid TOML: {e}") from None
    try:
        return parse(data, name)
    except RecursionError:  # pragma: no cover - the depth is checked before parsing
        raise SaveFileError(f"{name}: nested too deeply to be a save file") from None


def load(path: str | Path) -> tuple[GameRules, Setup, list[Deal]]:
    return loads(read(path), str(path))


def to_dict(rules: GameRules, setup: Setup, deals: list[Deal]) -> dict[str, Any]:
    out: dict[str, Any] = {"format": FORMAT, "game": setup.game, "players": list(setup.players)}
    if len(setup.players) > 1:  # who dealt first, written even when it is the first seat
        out["first_dealer"] = setup.first_dealer
    if setup.title is not None:
        out["title"] = setup.title
    if setup.started is not None:
        out["started"] = setup.started
    if setup.seed is not None:
        out["seed"] = setup.seed
    if setup.options:
        out["options"] = dict(setup.options)
    out["deals"] = rules.dump_all(deals, setup)
    return out


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


def _item(key: str, v: Any, top: bool = True) -> Any:
    """The tomlkit item of ``key = v`` in our layout: one trick (one turn) a line, a long
    array one item a line, tables inline."""
    if isinstance(v, (list, tuple)) and v and top:
        one = _inline(v)
        if key in MULTILINE or len(one.as_string()) > ONE_LINE:
            a = tomlkit.array()
            for x in v:
                a.add_line(_inline(x), indent="  ")
            a.add_line(indent="")
            return a
        return one
    return _inline(v)


def _table(d: dict[str, Any], aot: bool = False) -> Any:
    t = tomlkit.table()
    t.trivia.indent = "\n"  # a blank line before the table's header
    for k, v in d.items():
        t.append(k, _item(k, v))
    return t


def document(rules: GameRules, setup: Setup, deals: list[Deal]) -> Any:
    """A new save file as a tomlkit document: keys in the documented order, one table a
    deal, one line a trick, tables of names inline (``hands = { Ala = "..." }``)."""
    data = to_dict(rules, setup, deals)
    doc = tomlkit.document()
    for k, v in data.items():
        if k not in ("options", "deals"):
            doc.append(k, _item(k, v))
    if data.get("options"):
        doc.append("options", _table(data["options"]))
    if data["deals"]:
        aot = tomlkit.aot()
        for d in data["deals"]:
            aot.append(_table(d))
        doc.append("deals", aot)
    return doc


def dumps(rules: GameRules, setup: Setup, deals: list[Deal]) -> str:
    """The text of a new save file (``document``)."""
    text: str = document(rules, setup, deals).as_string()
    return text


def inline(value: Any) -> str:
    """A value as inline TOML on one line, as a key line is typed at the prompt."""
    text: str = _inline(value).as_string()
    return text


# -- changing an existing file: tomlkit keeps what people wrote ---------------------------------


def parse_doc(raw: bytes) -> Any:
    """The save file's bytes as a tomlkit document (comments, blank lines and layout kept),
    to change it; never to read it (that is ``loads``, with tomli)."""
    text = raw.decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    return tomlkit.parse(text)


def _unwrap(v: Any) -> Any:
    return v.unwrap() if hasattr(v, "unwrap") else v


def _same(item: Any, v: Any) -> bool:
    u = _unwrap(item)
    return bool(u == v and type(u) is type(v) or isinstance(u, list) and isinstance(v, list)
                and u == v)


def _put(t: Any, key: str, item: Any, order: list[str]) -> None:
    """Add ``key`` to table (or document) ``t`` in the documented ``order``: after the
    keys before it, before the keys after it and before the comments and blank lines that
    end the table (they belong to what follows)."""
    body = t.value.body if hasattr(t, "value") and hasattr(t.value, "body") else t.body
    later = set(order[order.index(key) + 1:]) if key in order else set()
    at = None
    for i, (k, v) in enumerate(body):
        if k is None:
            continue
        if k.key in later or isinstance(v, (Table, AoT)):
            at = i
            break
    if at is None:  # after the last key (a table's trailing comments stay last)
        last = [i for i, (k, _) in enumerate(body) if k is not None]
        at = last[-1] + 1 if last else None
    if at is None or at >= len(body):
        t.append(key, item)
    else:
        (t.value if hasattr(t, "value") and hasattr(t.value, "body") else t)._insert_at(
            at, key, item)


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
    indent = tomlkit.ws("\n" + ind.rsplit("\n", 1)[1] if "\n" in ind else " ")
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
    for _ in range(len(old) - len(new)):
        gone = aot[-1].trivia.indent
        del aot[len(aot) - 1]
        if len(aot):
            _unblank(aot[-1].value.body, gone)
    if not new:
        gone = aot.body[0].trivia.indent if aot.body else "\n"
        del doc["deals"]
        body = doc.body
        if body and isinstance(body[-1][1], Table):
            body = body[-1][1].value.body
        _unblank(body, gone)


def _unblank(body: list[Any], gone: str) -> None:
    """A table just removed from the end of the file takes with it the blank line written
    before its header: read back from a file, that line is the end of what precedes it."""
    if "\n" in gone or not body or body[-1][0] is not None:
        return  # the table held its blank line itself (added in this process)
    ws = body[-1][1]
    if isinstance(ws, Whitespace) and ws.s.endswith("\n"):
        if ws.s == "\n":
            del body[-1]
        else:
            ws._s = ws.s[:-1]


def reconcile(doc: Any, old: dict[str, Any], new: dict[str, Any]) -> None:
    """Change tomlkit document ``doc``, which holds the game ``old`` (``to_dict``), to hold
    ``new``, deal by deal, key by key, array item by array item: what is the same in both is
    left as it is (with its comments); what changed is replaced in place; what is new is
    added; what went is removed. ``old`` decides what changed, so a hand-typed line that
    means the same as ours (``bartek: 2c``) is kept as typed."""
    top_old = {k: v for k, v in old.items() if k != "deals"}
    top_new = {k: v for k, v in new.items() if k != "deals"}
    if top_old != top_new:
        _merge(doc, top_old, top_new)
    _merge_deals(doc, old.get("deals", []), new.get("deals", []))


def check_writable(path: str | Path) -> None:
    """Refuse to change a save file its owner made read-only (no write permission for us, or
    no write bit at all: even a superuser leaves a 0444 file alone)."""
    t = Path(os.path.realpath(path))
    try:
        st = t.stat()
    except FileNotFoundError:
        return
    except OSError as e:
        raise WriteFailed(f"{path}: cannot be written: {e.strerror or e}") from None
    if stat.S_ISREG(st.st_mode) and (not st.st_mode & 0o222 or not os.access(t, os.W_OK)):
        raise WriteFailed(f"{path}: the file is read-only; nothing was changed")


def write_atomic(path: str | Path, text: str) -> None:
    """Write a temporary file beside the file, flush it to disk, rename it over the file.

    A symlink is written through: the temporary file goes beside its final target, which is
    replaced (the link stays a link). A read-only file is refused; any failure is a
    ``WriteFailed`` naming ``path`` (never the temporary file), and leaves the file as it
    was."""
    import tempfile

    check_writable(path)
    p = Path(os.path.realpath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    except OSError as e:
        raise WriteFailed(f"{path}: could not be written: {e.strerror or e}") from None
    try:
        try:  # keep the file's permissions (mkstemp makes it private)
            mode = p.stat().st_mode & 0o777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise WriteFailed(f"{path}: could not be written: {e.strerror or e}") from None
        raise
