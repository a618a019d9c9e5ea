"""A season at once: many save files refereed into small summaries, and statistics over them.

Pure (no printing): ``find`` lists the save files under paths, ``summarize`` referees one file
into a ``FileSummary`` (a small frozen value that crosses a process boundary cheaply; the
replay's ``Result`` is dropped at once), ``Season`` and ``Stats`` fold summaries one at a time,
so that what is kept grows with the players and rules seen, never with the files.
"""

from __future__ import annotations

import datetime as _dt
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from math import floor
from pathlib import Path
from typing import Any

from ..errors import RefereeError
from ..model import team_name


def find(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Every ``*.toml`` file under ``paths`` (folders searched recursively), sorted within
    each folder, each file once. A path that is a file is taken as it is, whatever its
    suffix; a path that does not exist is yielded too (``summarize`` says why it cannot be
    read)."""
    seen: set[str] = set()
    for p in paths:
        p = Path(p)
        if p.is_dir():
            found = sorted((q for q in p.rglob("*.toml") if q.is_file()),
                           key=lambda q: q.relative_to(p).parts)
        else:
            found = [p]
        for q in found:
            key = os.path.normpath(str(q))
            if key not in seen:
                seen.add(key)
                yield q


@dataclass(frozen=True, slots=True)
class Bid:
    """A Schmier contract: who bid (a player), how much, and whether it was made."""

    bidder: str
    value: int
    made: bool


@dataclass(frozen=True, slots=True)
class FileSummary:
    """What a season needs from one file. ``error`` is the one-line reason it cannot be read
    (then nothing else is filled in). ``sides`` are the names the totals are kept under (the
    players, or the teams), ``winners`` the winning side(s). ``violations`` are (rule,
    player or team or None) pairs, one per violation."""

    path: str
    error: str | None = None
    game: str = ""
    title: str | None = None
    date: str = ""  # ISO date: the file's ``started`` key, else the file's modification date
    players: tuple[str, ...] = ()
    teams: tuple[tuple[str, ...], ...] = ()
    complete: bool = False
    winners: tuple[str, ...] = ()
    totals: tuple[tuple[str, int], ...] = ()
    deals: int = 0
    violations: tuple[tuple[str, str | None], ...] = ()
    bids: tuple[Bid, ...] = ()
    goat: str | None = None  # ``GameRules.goat``: the team that lost the series
    fs_games: int = 0  # ``GameRules.series``: games finished, won, and the won games' scores
    fs_won: int = 0
    fs_scores: tuple[int, ...] = ()
    figures: tuple[str, ...] = ()  # the game's own figures: "series" or "goat" (``columns``)
    low_wins: bool = False  # ``GameRules.low_wins``: the fewest total is best

    @property
    def ok(self) -> bool:
        return self.error is None and not self.violations

    def team_of(self, player: str) -> str | None:
        for t in self.teams:
            if player in t:
                return team_name(t)
        return None

    def rules(self) -> dict[str, int]:
        """Violations counted by rule id, in the order of the rule ids."""
        return dict(sorted(Counter(r for r, _ in self.violations).items()))

    def to_json(self) -> dict[str, Any]:
        """One line of ``audit --json``."""
        if self.error is not None:
            return {"file": self.path, "ok": False, "error": self.error}
        doc: dict[str, Any] = {
            "file": self.path, "ok": self.ok, "error": None, "game": self.game,
            "date": self.date, "players": list(self.players), "complete": self.complete,
            "winner": list(self.winners), "totals": dict(self.totals), "deals": self.deals,
            "violations": self.rules(),
            "violations_by_player": dict(sorted(Counter(
                p for _, p in self.violations if p is not None).items())),
        }
        return doc


def _date(started: Any, path: Path) -> str:
    if isinstance(started, _dt.datetime):
        return started.date().isoformat()
    if isinstance(started, _dt.date):
        return started.isoformat()
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return ""
    return _dt.datetime.fromtimestamp(mtime, _dt.UTC).date().isoformat()


def summarize(path: str | Path) -> FileSummary:
    """Referee one file into its summary; never raises for a bad file (its reason is kept)."""
    from ..store import savefile

    name = str(path)
    try:
        rules, setup, deals = savefile.load(path)
        res = rules.replay(setup, deals)
    except RefereeError as e:
        return FileSummary(name, error=_one_line(str(e)))
    except RecursionError:
        return FileSummary(name, error=f"{name}: nested too deeply to be a save file")
    except Exception as e:  # a fault of the referee on this file: said, and the season goes on
        return FileSummary(name, error=_one_line(f"{name}: the referee could not replay it "
                                                 f"({type(e).__name__}: {e})"))
    winner = res.winner
    winners = () if winner is None else (winner,) if isinstance(winner, str) else tuple(winner)
    # the game's own figures, as the game declares them (``GameRules``)
    series = rules.series  # a series of games of its own, without a winner
    goat_game = rules.goat  # the losing team of the series is the goat
    bids: list[Bid] = []
    fs_games = fs_won = 0
    fs_scores: list[int] = []
    for d in res.deals:
        x = d.extra
        if series:
            if d.finished:
                fs_games += 1
            if x.get("result") == "won":
                fs_won += 1
                fs_scores.append(int(x.get("score") or 0))
        elif "bidder" in x and x.get("result") in ("made", "set") and \
                isinstance(x.get("bid"), int):
            bids.append(Bid(str(x["bidder"]), int(x["bid"]), x["result"] == "made"))
    goat = None
    if goat_game and res.complete and winners:
        goat = next((t for t in res.totals if t not in winners), None)
    figures = ("series",) if series else ("goat",) if goat_game else ()
    return FileSummary(
        name, game=setup.game, title=setup.title, date=_date(setup.started, Path(path)),
        players=setup.players, teams=tuple(tuple(t) for t in res.teams or ()),
        complete=res.complete, winners=winners, totals=tuple(res.totals.items()),
        deals=len(res.deals), violations=tuple((v.rule, v.player) for v in res.violations),
        bids=tuple(bids), goat=goat, fs_games=fs_games, fs_won=fs_won,
        fs_scores=tuple(fs_scores), figures=figures, low_wins=rules.low_wins)


def summarize_many(paths: list[str]) -> list[FileSummary]:
    """Several files in one go (one task of a worker process)."""
    return [summarize(p) for p in paths]


def _one_line(text: str) -> str:
    return " ".join(text.split())


# --- the audit's summary -----------------------------------------------------------------


@dataclass(slots=True)
class Season:
    """The audit's running summary: counts only, and the unreadable files with their reason."""

    files: int = 0
    games: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    players: Counter[str] = field(default_factory=Counter)
    with_violations: int = 0
    unreadable: list[tuple[str, str]] = field(default_factory=list)

    def add(self, s: FileSummary) -> None:
        self.files += 1
        if s.error is not None:
            self.unreadable.append((s.path, s.error))
            return
        self.games[s.game] += 1
        if s.violations:
            self.with_violations += 1
        for rule, who in s.violations:
            self.rules[rule] += 1
            if who is not None:
                self.players[who] += 1

    @property
    def exit_code(self) -> int:
        """0 every file clean, 1 some violation, 2 some file could not be read."""
        return 2 if self.unreadable else 1 if self.rules else 0

    def to_json(self) -> dict[str, Any]:
        return {"summary": True, "files": self.files,
                "games": dict(sorted(self.games.items())),
                "files_with_violations": self.with_violations,
                "violations": dict(sorted(self.rules.items())),
                "violations_by_player": dict(sorted(self.players.items())),
                "unreadable": [{"file": f, "error": e} for f, e in self.unreadable]}


# --- statistics --------------------------------------------------------------------------

def rounded(x: Fraction | None, places: int) -> float | None:
    """``x`` to ``places`` decimals, a half away from zero (12.5% is 13%, -398.125 is
    -398.1): the one rounding of every figure ``stats`` shows, in the terminal, on the page
    and in the JSON."""
    if x is None:
        return None
    scale = 10 ** places
    whole = floor(abs(x) * scale + Fraction(1, 2))
    return float(Fraction(whole if x >= 0 else -whole, scale))


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a game's stats table: the key of its figure in each row, its header,
    what it means (said under the table) and whether it holds words (a name, lists) that
    may wrap, rather than a figure."""

    key: str
    header: str
    means: str = ""
    words: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "header": self.header, "means": self.means,
                "words": self.words}


def columns(figures: Iterable[str], bids: bool) -> list[Column]:
    """A game's columns, from the figures its files have (``FileSummary.figures``) and
    whether any contract was bid: the terminal's table, the page's and the JSON's rows."""
    figures = set(figures)
    name = Column("name", "name", words=True)
    violations = Column("violations", "violations", words=True)
    if "series" in figures:
        return [name, Column("played", "series"),
                Column("games", "games", "games finished"), Column("won", "won"),
                Column("win_pct", "win %", "won / games"),
                Column("mean_score", "mean score", "of the games won"), violations]
    cols = [name, Column("played", "played"),
            Column("finished", "ended", "files whose game ended with a winner"),
            Column("won", "won"), Column("win_pct", "win %", "won / ended"),
            Column("average", "average", "over every file played"), Column("best", "best")]
    if "goat" in figures:
        cols.append(Column("goat", "goat", "series lost"))
    if bids:
        cols.append(Column("bids", "bids made/set", "by bid, made/set", words=True))
    return cols + [violations]


@dataclass(slots=True)
class Line:
    """One player's (or team's) figures over the files of one game kind."""

    name: str
    game: str
    team: bool = False
    played: int = 0  # files (games or series) with a winner or not
    decided: int = 0  # of those, finished with a winner
    won: int = 0
    total_sum: int = 0
    best: int | None = None
    rules: Counter[str] = field(default_factory=Counter)
    bids: dict[int, list[int]] = field(default_factory=dict)  # bid -> [made, set]
    goat: int = 0
    fs_games: int = 0
    fs_won: int = 0
    fs_score_sum: int = 0

    def add_total(self, total: int, low_wins: bool = False) -> None:
        """A file's total; the best is the highest, or the fewest (``low_wins``: loss
        points, ``GameRules.low_wins``)."""
        self.total_sum += total
        pick = min if low_wins else max
        self.best = total if self.best is None else pick(self.best, total)

    @property
    def win_rate(self) -> Fraction | None:
        return Fraction(self.won, self.decided) if self.decided else None

    @property
    def average(self) -> Fraction | None:
        return Fraction(self.total_sum, self.played) if self.played else None

    @property
    def fs_win_rate(self) -> Fraction | None:
        return Fraction(self.fs_won, self.fs_games) if self.fs_games else None

    @property
    def fs_mean_score(self) -> Fraction | None:
        return Fraction(self.fs_score_sum, self.fs_won) if self.fs_won else None

    def figures(self, series: bool = False) -> dict[str, Any]:
        """Every figure a column may show, rounded as shown (``rounded``). In a series of
        games without a winner (``series``), ``won`` and ``win_pct`` are of the games. A team
        has no goat and no bids of its own."""
        def pct(x: Fraction | None) -> int | None:
            r = rounded(None if x is None else 100 * x, 0)
            return None if r is None else int(r)

        out: dict[str, Any] = {
            "played": self.played, "finished": self.decided,
            "won": self.fs_won if series else self.won,
            "win_pct": pct(self.fs_win_rate if series else self.win_rate),
            "average": rounded(self.average, 1), "best": self.best, "games": self.fs_games,
            "mean_score": rounded(self.fs_mean_score, 1),
            "violations": dict(sorted(self.rules.items())),
        }
        if not self.team:
            out["goat"] = self.goat
            out["bids"] = {str(b): {"made": m, "set": s} for b, (m, s) in
                           sorted(self.bids.items())}
        return out

    def to_json(self, cols: list[Column], series: bool = False) -> dict[str, Any]:
        """The row: the name, whether a team, and the figure of each column it has."""
        got = self.figures(series)
        doc: dict[str, Any] = {"name": self.name, "team": self.team}
        doc.update((c.key, got[c.key]) for c in cols if c.key in got)
        return doc


@dataclass(frozen=True, slots=True)
class Filter:
    """Which files count: one game, files with one player, on or after a date."""

    game: str | None = None
    player: str | None = None
    since: _dt.date | None = None

    def keeps(self, s: FileSummary) -> bool:
        if s.error is not None:
            return False
        if self.game is not None and s.game != self.game:
            return False
        if self.player is not None and \
                self.player.casefold() not in (p.casefold() for p in s.players):
            return False
        if self.since is not None and (not s.date or
                                       _dt.date.fromisoformat(s.date) < self.since):
            return False
        return True


@dataclass(slots=True)
class Stats:
    """Per game kind, per player and per team where the game has teams, over every file kept
    by ``filter`` (totals of different games are never added together).

    A player's total in a team game is the team's total. ``won`` counts files finished with
    the player (team) among the winners, out of ``finished`` files with a winner; a series
    (``GameRules.series``) has no winner: its games won are counted instead. ``timeline``
    keeps, per file, each player's wins in it (the chart)."""

    filter: Filter = field(default_factory=Filter)
    files: int = 0
    skipped: int = 0
    unreadable: int = 0
    games: Counter[str] = field(default_factory=Counter)
    lines: dict[tuple[str, bool, str], Line] = field(default_factory=dict)
    timeline: list[tuple[str, str, str, int]] = field(default_factory=list)
    figures: dict[str, set[str]] = field(default_factory=dict)  # per game: its own figures

    def line(self, game: str, name: str, team: bool = False) -> Line:
        key = (game, team, name)
        if key not in self.lines:
            self.lines[key] = Line(name, game, team)
        return self.lines[key]

    def add(self, s: FileSummary) -> None:
        if s.error is not None:
            self.unreadable += 1
            return
        if not self.filter.keeps(s):
            self.skipped += 1
            return
        self.files += 1
        g = s.game
        self.games[g] += 1
        self.figures.setdefault(g, set()).update(s.figures)
        series = "series" in s.figures
        totals = dict(s.totals)
        team_names = {team_name(t) for t in s.teams}
        for p in s.players:
            ln = self.line(g, p)
            side = s.team_of(p) or p
            ln.played += 1
            if side in totals:
                ln.add_total(totals[side], s.low_wins)
            if series:
                ln.fs_games += s.fs_games
                ln.fs_won += s.fs_won
                ln.fs_score_sum += sum(s.fs_scores)
                self.timeline.append((s.date, s.path, p, s.fs_won))
            else:
                if s.winners:
                    ln.decided += 1
                won = side in s.winners
                ln.won += won
                if s.goat is not None and side == s.goat:
                    ln.goat += 1
                self.timeline.append((s.date, s.path, p, int(won)))
        for t in sorted(team_names):
            ln = self.line(g, t, team=True)
            ln.played += 1
            if t in totals:
                ln.add_total(totals[t], s.low_wins)
            if s.winners:
                ln.decided += 1
            ln.won += t in s.winners
        for rule, who in s.violations:
            if who is not None:
                self.line(g, who, team=who in team_names).rules[rule] += 1
        for b in s.bids:
            made_set = self.line(g, b.bidder).bids.setdefault(b.value, [0, 0])
            made_set[0 if b.made else 1] += 1

    def rows(self, game: str) -> list[Line]:
        """One game's lines: players first, then teams; most wins first, then by name. With
        ``--player``, only that player and the teams with them."""
        series = "series" in self.figures.get(game, ())
        out = sorted((ln for (g, _, _), ln in self.lines.items() if g == game),
                     key=lambda ln: (ln.team, -(ln.fs_won if series else ln.won), ln.name))
        who = self.filter.player
        if who is not None:
            want = who.casefold()
            out = [ln for ln in out if (not ln.team and ln.name.casefold() == want) or
                   (ln.team and want in (n.casefold() for n in ln.name.split(" & ")))]
        return out

    def columns(self, game: str) -> list[Column]:
        return columns(self.figures.get(game, ()),
                       any(ln.bids for (g, _, _), ln in self.lines.items() if g == game))

    def series(self) -> tuple[list[str], dict[str, list[int]]]:
        """The files in the order of their dates, each labelled with its date (numbered
        ``#1``, ``#2``... where a date holds several files), and each player's wins so far
        after each file (the ``--chart``)."""
        want = None if self.filter.player is None else self.filter.player.casefold()
        order = sorted({(d, f) for d, f, _, _ in self.timeline})
        idx = {k: i for i, k in enumerate(order)}
        step: dict[str, list[int]] = {}
        for d, f, n, won in self.timeline:
            if want is not None and n.casefold() != want:
                continue
            step.setdefault(n, [0] * len(order))[idx[(d, f)]] += won
        out: dict[str, list[int]] = {}
        for n in sorted(step):
            run = 0
            acc = []
            for x in step[n]:
                run += x
                acc.append(run)
            out[n] = acc
        return day_labels([d for d, _ in order]), out

    def game_json(self, game: str) -> dict[str, Any]:
        """One game's table: its columns and a row per player, then per team, each with the
        figure of each column, rounded as every view shows it."""
        cols = self.columns(game)
        series = "series" in self.figures.get(game, ())
        rows = self.rows(game)
        return {"files": self.games[game], "columns": [c.to_json() for c in cols],
                "players": [ln.to_json(cols, series) for ln in rows if not ln.team],
                "teams": [ln.to_json(cols, series) for ln in rows if ln.team]}

    def to_json(self) -> dict[str, Any]:
        """The figures ``referee stats --json`` prints, the terminal's tables draw and the
        folder page's ``stats.json`` serves (its ``stats`` page draws it)."""
        f = self.filter
        return {"files": self.files, "unreadable": self.unreadable, "left_out": self.skipped,
                "filter": {"game": f.game, "player": f.player,
                           "since": f.since.isoformat() if f.since else None},
                "games": {g: self.game_json(g) for g in sorted(self.games)}}


def day_labels(dates: list[str]) -> list[str]:
    """Each date as it is, or numbered in order (``2026-09-05 #1``, ``#2``...) where the
    same date is there several times."""
    many = Counter(dates)
    seen: Counter[str] = Counter()
    out = []
    for d in dates:
        seen[d] += 1
        out.append(f"{d} #{seen[d]}" if many[d] > 1 else d)
    return out
