"""TOML save files <-> (Setup, deals): read with tomli (or tomllib: ``tomlread``); a whole
document written by tomli-w (``dumps``: a new file, or one that cannot be changed in place), an
existing one changed only where the game changed by tomlkit (``tomlwrite``, keeping what people
wrote); written atomically (``atomic``)."""

from __future__ import annotations

import datetime as _dt
import os
import stat
from pathlib import Path
from typing import Any

from ..errors import NotationError, RefereeError, SaveFileError
from ..games import get as get_game
from ..games import registered
from ..games.base import MAX_NAME, GameRules
from ..games.keys import Where
from ..model import Deal, Key, Setup
from . import tomlread

FORMAT = 1
TOP_KEYS = ("format", "game", "players", "first_dealer", "title", "started", "seed", "options",
            "deals")
MAX_FILE = 4 * 1024 * 1024
MAX_PLAYERS = 8
MAX_DEALS = 1000


def _err(file: str, key: str, expected: str) -> SaveFileError:
    return SaveFileError(f"{file}: key {key!r}: expected {expected}", key)


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
        raise _err(file, "game", f"a game name ({', '.join(registered())})")
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
    if not data:
        raise SaveFileError(f"{name}: the file is empty: a save file starts with format = "
                            f"{FORMAT}, the game and the players ('referee new' writes one)")
    try:
        return parse(data, name)
    except SaveFileError as e:
        raise _with_line(e, text) from None
    except RecursionError:  # pragma: no cover - the depth is checked before parsing
        raise SaveFileError(f"{name}: nested too deeply to be a save file") from None


def _with_line(e: SaveFileError, text: str) -> SaveFileError:
    """``e`` with the line of its key in the file (``key 'tricks[2]' (line 41): ...``)."""
    if e.key is None:
        return e
    from .tomllines import line_of

    line = line_of(text, e.deal, e.key)
    said = f"key {e.key!r}:"
    if line is None or said not in str(e):
        return e
    return SaveFileError(str(e).replace(said, f"key {e.key!r} (line {line}):", 1), e.key,
                         e.deal)


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


def dumps(rules: GameRules, setup: Setup, deals: list[Deal]) -> str:
    """The text of a whole save file. The deals are tomli-w's, in its layout (SAVEFILE.md: a
    deal's tables follow its plain keys as sub-tables, arrays one item a line); the few keys
    above them (``players``, ``options``) are written by tomlkit in the layout a change to a
    file uses (``tomlwrite``: a short array on one line, ``players = ["Ala", "Bartek"]``), as
    SAVEFILE.md shows them: tomli-w 1.2 writes every array one item a line, and has no
    setting for it. tomlkit writes only these few lines (it is ~9x slower than tomli-w on a
    thousand deals)."""
    import tomli_w

    from .tomlwrite import head

    data = to_dict(rules, setup, deals)
    listed = data.pop("deals")
    top = head(data)
    if not listed:  # no ``deals = []``: the first deal comes as a ``[[deals]]`` table
        return top
    return top + "\n" + tomli_w.dumps({"deals": listed}, indent=2)


def inline(value: Any) -> str:
    """A value as inline TOML on one line, as a key line is typed at the prompt."""
    from . import tomlwrite

    return tomlwrite.inline(value)


def same_deal(a: Deal, b: Deal) -> bool:
    """The same deal as a file holds it: the same actions in order, the same keys (a file
    writes a deal's keys in its own order, not where they were typed)."""
    def keys(d: Deal) -> list[Key]:
        return sorted((e for e in d.entries if isinstance(e, Key)), key=lambda k: k.name)

    return a.actions() == b.actions() and keys(a) == keys(b)


def reads_back(rules: GameRules, setup: Setup, deals: list[Deal], doc: Any,
               name: str) -> bool:
    """Whether a file changed by ``doc`` (``tomlwrite.SaveDoc``) reads back, with tomli, to
    this game: the deals it wrote (each one alone), or all of it when it changed it whole."""
    try:
        if doc.changed is None:
            _, s, back = loads(doc.as_string().encode("utf-8"), name)
            return s == setup and len(back) == len(deals) and all(
                same_deal(a, b) for a, b in zip(back, deals, strict=True))
        for i in doc.changed:
            raw = tomlread.loads(doc.piece(i))["deals"][0]
            if not same_deal(rules.parse_deal(raw, setup, Where(name, i + 1)), deals[i]):
                return False
    except (tomlread.TOMLDecodeError, RefereeError, LookupError):
        return False
    return True
