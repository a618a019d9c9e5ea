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
from pathlib import Path
from typing import Any

from .errors import RefereeError


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
    goat: str | None = None  # Kozel: the team that lost the series
    fs_games: int = 0  # Foursquare: games finished, won, and the scores of the won games
    fs_won: int = 0
    fs_scores: tuple[int, ...] = ()

    @property
    def ok(self) -> bool:
        return self.error is None and not self.violations

    def team_of(self, player: str) -> str | None:
        for t in self.teams:
            if player in t:
                return " & ".join(t)
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
    from . import savefile

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
    bids: list[Bid] = []
    fs_games = fs_won = 0
    fs_scores: list[int] = []
    for d in res.deals:
        x = d.extra
        if setup.game == "foursquare":
            if d.finished:
                fs_games += 1
            if x.get("result") == "won":
                fs_won += 1
                fs_scores.append(int(x.get("score") or 0))
        elif "bidder" in x and x.get("result") in ("made", "set") and \
                isinstance(x.get("bid"), int):
            bids.append(Bid(str(x["bidder"]), int(x["bid"]), x["result"] == "made"))
    goat = None
    if setup.game == "kozel" and res.complete and winners:
        goat = next((t for t in res.totals if t not in winners), None)
    return FileSummary(
        name, game=setup.game, title=setup.title, date=_date(setup.started, Path(path)),
        players=setup.players, teams=tuple(tuple(t) for t in res.teams or ()),
        complete=res.complete, winners=winners, totals=tuple(res.totals.items()),
        deals=len(res.deals), violations=tuple((v.rule, v.player) for v in res.violations),
        bids=tuple(bids), goat=goat, fs_games=fs_games, fs_won=fs_won,
        fs_scores=tuple(fs_scores))


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

LOW_WINS = frozenset({"kozel"})  # games whose totals are loss points: the fewest is best


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

    def add_total(self, total: int) -> None:
        """A file's total; the best is the highest, in Kozel the fewest loss points."""
        self.total_sum += total
        pick = min if self.game in LOW_WINS else max
        self.best = total if self.best is None else pick(self.best, total)

    @property
    def win_rate(self) -> float | None:
        return self.won / self.decided if self.decided else None

    @property
    def average(self) -> float | None:
        return self.total_sum / self.played if self.played else None

    @property
    def fs_win_rate(self) -> float | None:
        return self.fs_won / self.fs_games if self.fs_games else None

    @property
    def fs_mean_score(self) -> float | None:
        return self.fs_score_sum / self.fs_won if self.fs_won else None

    def to_json(self) -> dict[str, Any]:
        def r(x: float | None) -> float | None:
            return None if x is None else round(x, 3)

        doc: dict[str, Any] = {
            "name": self.name, "team": self.team, "played": self.played,
            "finished": self.decided, "won": self.won, "win_rate": r(self.win_rate),
            "average": r(self.average), "best": self.best,
            "violations": dict(sorted(self.rules.items())),
        }
        if self.bids:
            doc["bids"] = {str(b): {"made": m, "set": s}
                           for b, (m, s) in sorted(self.bids.items())}
        if self.game == "kozel" and not self.team:
            doc["goat"] = self.goat
        if self.fs_games:
            doc["foursquare"] = {"games": self.fs_games, "won": self.fs_won,
                                 "win_rate": r(self.fs_win_rate),
                                 "mean_score": r(self.fs_mean_score)}
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
    the player (team) among the winners, out of ``finished`` files with a winner; a Foursquare
    series has no winner: its games won are counted instead. ``timeline`` keeps, per file,
    each player's wins in it (the chart)."""

    filter: Filter = field(default_factory=Filter)
    files: int = 0
    skipped: int = 0
    unreadable: int = 0
    games: Counter[str] = field(default_factory=Counter)
    lines: dict[tuple[str, bool, str], Line] = field(default_factory=dict)
    timeline: list[tuple[str, str, str, int]] = field(default_factory=list)

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
        totals = dict(s.totals)
        team_names = {" & ".join(t) for t in s.teams}
        for p in s.players:
            ln = self.line(g, p)
            side = s.team_of(p) or p
            ln.played += 1
            if side in totals:
                ln.add_total(totals[side])
            if g == "foursquare":
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
                ln.add_total(totals[t])
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
        out = sorted((ln for (g, _, _), ln in self.lines.items() if g == game),
                     key=lambda ln: (ln.team, -(ln.fs_won if game == "foursquare" else ln.won),
                                     ln.name))
        who = self.filter.player
        if who is not None:
            want = who.casefold()
            out = [ln for ln in out if (not ln.team and ln.name.casefold() == want) or
                   (ln.team and want in (n.casefold() for n in ln.name.split(" & ")))]
        return out

    def series(self) -> tuple[list[str], dict[str, list[int]]]:
        """The files in the order of their dates (each one's date), and each player's wins so
        far after each file (the ``--chart``)."""
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
        return [d for d, _ in order], out

    def to_json(self) -> dict[str, Any]:
        f = self.filter
        return {"files": self.files, "unreadable": self.unreadable, "left_out": self.skipped,
                "filter": {"game": f.game, "player": f.player,
                           "since": f.since.isoformat() if f.since else None},
                "games": {g: {"files": n,
                              "players": [ln.to_json() for ln in self.rows(g) if not ln.team],
                              "teams": [ln.to_json() for ln in self.rows(g) if ln.team]}
                          for g, n in sorted(self.games.items())}}
