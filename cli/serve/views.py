"""The pages' context, built only from ``referee.views.public`` (what the table has seen).

A game file becomes a ``public.Game`` once per version of the file; ``live`` and ``replay``
turn its public views into what the templates and the page's script show: every text from a
user or a file made literal (``cli.safe.clean``: control and bidi characters made visible;
Jinja escapes the markup), the cards in the texts written with their suit glyphs. Cards in the
data (``"cards": ["AS"]``) stay canonical: the templates draw them (``data-card="AS"``).

Folder mode: ``index`` is a line per game under the folder (what ``referee audit`` says of it,
``referee.views.season.summarize``) and ``stats`` the season's figures
(``referee.views.season.Stats``).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cli.safe import clean
from referee.cards import pretty
from referee.views import public

Json = dict[str, Any]

# the keys whose text may name cards: written with suit glyphs (names never: "AS" is a name)
TEXTS = frozenset({"message", "prompt", "explain", "heading", "lines", "contract",
                   "news", "said", "bids", "label", "left_out", "note"})


def shown(value: Any, cards: bool = False) -> Any:
    """``value`` (a public view) with every string made literal, and the cards in texts
    written with their glyphs."""
    if isinstance(value, str):
        s = clean(value)
        return pretty(s) if cards else s
    if isinstance(value, dict):
        return {clean(k) if isinstance(k, str) else k: shown(v, cards or k in TEXTS)
                for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [shown(v, cards) for v in value]
    return value


def load(path: Path) -> public.Game:
    """The game in ``path``, replayed, for the table's eyes (raises ``RefereeError``)."""
    from referee.history.session import Session

    return public.Game.of(Session.load(path))


def live(game: public.Game) -> Json:
    doc: Json = shown(public.live(game))
    return doc


def replay(game: public.Game) -> Json:
    doc: Json = shown(public.replay(game))
    return doc


def deal_label(row: Json) -> str:
    """A score sheet row's contract or name, as the terminal's sheet words it."""
    from cli.scoresheet import deal_label as label
    from referee.model import DealResult

    extra = {k: row[k] for k in ("contract", "made", "result") if row.get(k) is not None}
    return pretty(label(DealResult(row["number"], row["dealer"], row["scores"],
                                   row["finished"], row["redeal"], row["name"], extra)))


def deal_result(row: Json) -> str:
    from cli.scoresheet import deal_result as result
    from referee.model import DealResult

    extra = {k: row[k] for k in ("made", "result") if row.get(k) is not None}
    return result(DealResult(row["number"], row["dealer"], row["scores"], row["finished"],
                             row["redeal"], row["name"], extra))


def points(row: Json) -> str:
    """The small line under a finished deal's row (who won which point, the card points:
    ``GameRules.points_line``)."""
    return str(row.get("points_line") or "")


def total_note(sheet: Json) -> str:
    """Under the total row while a deal is open: it holds the finished deals only (as
    ``referee score`` says it)."""
    from cli.scoresheet import open_note

    numbers = [r["number"] for r in sheet["rows"] if not r["finished"] and not r["redeal"]]
    return open_note(numbers, str(sheet["unit"])) or ""


def signed(v: int | None) -> str:
    from cli.scoresheet import signed as s

    return s(v)


# -- folder mode -----------------------------------------------------------------------------


class OutsideFolder(Exception):
    """A path that is not a game file under the folder (``..``, a symlink out, not there)."""


def inside(folder: Path, rel: str) -> Path:
    """The file ``rel`` names under ``folder``: each part a plain name (no ``..``, ``.``,
    empty part, backslash or NUL), and the real path, symlinks followed, still under the
    folder's real path; else ``OutsideFolder``."""
    real_inside(folder, rel)
    return folder.joinpath(*rel.split("/"))


def real_inside(folder: Path, rel: str) -> Path:
    """``inside``'s check, giving the real path (symlinks followed) to read: the page of a
    game checks it again on every refresh, so a name swapped for a symlink out of the
    folder is refused then too, not only on the first request."""
    parts = rel.split("/")
    if not rel or any(p in ("", ".", "..") or "\\" in p or "\x00" in p for p in parts):
        raise OutsideFolder(rel)
    root = folder.resolve()
    p = folder.joinpath(*parts)
    try:
        real = p.resolve(strict=True)
    except (OSError, RuntimeError):
        raise OutsideFolder(rel) from None
    if not real.is_relative_to(root) or not real.is_file() or real.suffix != ".toml":
        raise OutsideFolder(rel)
    return real


def games_under(folder: Path) -> Iterator[tuple[str, Path]]:
    """The game files under ``folder`` as ``referee audit`` finds them, each with its path
    relative to the folder; a file whose real path is outside the folder is left out."""
    from referee.views.season import find

    for p in find([folder]):
        rel = p.relative_to(folder).as_posix()
        try:
            inside(folder, rel)
        except OutsideFolder:
            continue
        yield rel, p


@dataclass(frozen=True, slots=True)
class Stamp:
    """A file's identity on disk: a new version when any of these changes."""

    mtime_ns: int
    size: int
    inode: int

    @classmethod
    def of(cls, path: Path) -> Stamp | None:
        try:
            st = os.stat(path)
        except OSError:
            return None
        return cls(st.st_mtime_ns, st.st_size, st.st_ino)


class Season:
    """The folder's summaries, each kept until its file changes (``Stamp``)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._cache: dict[str, tuple[Stamp | None, Any]] = {}
        self._lock = threading.Lock()  # (the index is made in worker threads)

    def summaries(self) -> list[tuple[str, Any]]:
        with self._lock:
            return self._summaries()

    def _summaries(self) -> list[tuple[str, Any]]:
        from referee.views.season import summarize

        out = []
        seen = set()
        for rel, p in games_under(self.folder):
            seen.add(rel)
            stamp = Stamp.of(p)
            got = self._cache.get(rel)
            if got is None or got[0] != stamp:
                s = summarize(p)
                got = (stamp, s)
                self._cache[rel] = got
            out.append((rel, got[1]))
        for gone in set(self._cache) - seen:
            del self._cache[gone]
        return out

    def index(self) -> Json:
        """A line per game: its path, the audit line's facts (game, date, players, winner,
        violations) and the line itself as ``referee audit`` prints it."""
        from urllib.parse import quote

        from cli.season import file_line, summary_lines
        from referee.views.season import Season as Tally

        tally = Tally()
        rows = []
        for rel, s in self.summaries():
            tally.add(s)
            rows.append({"path": rel, "href": quote(rel, safe="/"),  # (the link: not cleaned)
                         "error": self.under(s.error), "game": s.game, "title": s.title,
                         "date": s.date, "players": list(s.players),
                         "winner": list(s.winners), "complete": s.complete,
                         "violations": s.rules(),
                         "line": self.under(file_line(s).removeprefix(str(s.path) + ": "))})
        doc: Json = shown({"games": rows,
                           "summary": [self.under(x) for x in summary_lines(tally)]})
        return doc

    def under(self, text: str | None) -> str | None:
        """``text`` with the folder's own path left out: a file is named by its path under
        the folder, never by a path of the server's machine."""
        if text is None:
            return None
        for root in sorted({str(self.folder), str(self.folder.absolute()),
                            str(self.folder.resolve())}, key=len, reverse=True):
            text = text.replace(root.rstrip(os.sep) + os.sep, "")
        return text

    def stats(self) -> Json:
        from referee.views.season import Stats

        st = Stats()
        for _rel, s in self.summaries():
            st.add(s)
        doc: Json = shown(st.to_json())
        return doc
