"""Starting a game: the one code path behind ``referee new`` and the table mode's questions.

``create`` builds the top of the save file and writes it through ``Session.create``;
``ask_new_game`` asks for the game, the players in seating order, the first dealer, each
house rule (showing its default), whether the referee deals virtual cards, and the file.
"""

from __future__ import annotations

import datetime as _dt
import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.errors import NotationError, RefereeError

Ask = Callable[[str, list[str]], str]
Say = Callable[[str], None]


def parse_options(game: str, pairs: list[str] | None) -> dict[str, Any]:
    """``KEY=VALUE`` texts -> checked option values for ``game``."""
    from referee import games as registry

    g = registry.get(game)
    known = {o.name: o for o in g.options}
    out: dict[str, Any] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise NotationError(f"option {pair!r}: expected KEY=VALUE")
        k, v = (x.strip() for x in pair.split("=", 1))
        if k not in known:
            raise NotationError(f"option {k!r} is not an option of {g.name} "
                                f"({', '.join(known) or 'it has none'})")
        try:
            out[k] = known[k].parse_text(v)
        except ValueError as e:
            raise NotationError(str(e)) from None
    return out


RANDOM = "random"


def is_random(dealer: str | None, players: list[str]) -> bool:
    """``--dealer random`` (any case): draw the first dealer, unless a player has that name."""
    return dealer is not None and dealer.strip().casefold() == RANDOM and \
        all(p.casefold() != RANDOM for p in players)


def draw_dealer(players: list[str], seed: int | None) -> str:
    """The first dealer drawn at random: from ``--seed`` (or the file's seed) when there is
    one, so the same seed draws the same dealer; else from the system's randomness."""
    rng = random.Random(f"{seed}:first_dealer") if seed is not None else random.SystemRandom()
    return players[rng.randrange(len(players))]


def check_players(game: str, players: list[str], option: str = "-p") -> None:
    """The players given with ``-p``, checked as the save file checks them, blaming the option."""
    from referee import games as registry
    from referee.store.savefile import name_problem

    lo, hi = registry.get(game).player_count
    if not lo <= len(players) <= hi:
        want = str(lo) if lo == hi else f"{lo} to {hi}"
        raise NotationError(f"{option}: {game} is played by {want} player"
                            f"{'' if want == '1' else 's'}, not {len(players)}")
    seen: dict[str, str] = {}
    for p in players:
        problem = name_problem(p)
        if problem is not None:
            raise NotationError(f"{option} {p!r}: expected {problem}")
        if p.casefold() in seen:
            raise NotationError(f"{option} {p!r}: that name is already seated; names must "
                                "differ")
        seen[p.casefold()] = p


SOLO = "Player"  # the one player of a solitaire when no name is given (docs/foursquare.md)


def seated(game: str, players: list[str] | None) -> list[str]:
    """The players given with ``-p``; none given for a one-player game: ``SOLO``."""
    from referee import games as registry

    if not players and registry.get(game).player_count == (1, 1):
        return [SOLO]
    return list(players or [])


def create(game: str, file: Path, players: list[str], dealer: str | None = None,
           options: dict[str, Any] | None = None, deal: bool = False,
           seed: int | None = None, title: str | None = None, private: bool = False) -> Any:
    """Write a new save file and return its Session (the caller checks for overwriting).

    ``dealer`` may be ``random`` (``is_random``): the first dealer is then drawn
    (``draw_dealer``, from the seed when there is one) and written like any other."""
    from referee import games as registry
    from referee.history.session import Session
    from referee.store import savefile

    rules = registry.get(game)
    check_players(rules.name, players)
    data: dict[str, Any] = {"format": 1, "game": rules.name, "players": list(players)}
    drawn = is_random(dealer, players)
    if deal:
        data["seed"] = seed if seed is not None else random.SystemRandom().randrange(10**9)
    elif seed is not None and not drawn:
        raise NotationError("--seed goes with --deal or --dealer random")
    if drawn:
        data["first_dealer"] = draw_dealer(players, data.get("seed", seed))
    elif dealer is not None:
        from referee.notation import resolve_player

        try:
            data["first_dealer"] = resolve_player(dealer, players)
        except NotationError as e:
            raise NotationError(f"--dealer: {e}") from None
    if title is not None:
        if len(title) > 200:
            raise NotationError("--title: at most 200 characters")
        data["title"] = title
    data["options"] = dict(options or {})
    _rules, setup = savefile.parse_setup(data, str(file))
    if private and (not deal or "private" not in rules.deal_keys):
        raise NotationError("--private goes with --deal, in a game of several players")
    return Session.create(file, setup, private=private)


def dealer_news(session: Any, dealer: str | None) -> str | None:
    """What to tell the table about the first dealer when it was drawn: "Bartek deals first
    (drawn at random)"; None when the table named the dealer."""
    from cli.safe import clean

    players = list(session.setup.players)
    if not is_random(dealer, players):
        return None
    who = clean(session.setup.first_dealer)
    if len(players) == 1:
        return f"{who} deals (the only player)"
    return f"{who} deals first (drawn at random)"


# -- the questions ----------------------------------------------------------------------------

def installed_games() -> list[str]:
    """The games whose module loads (a game still being written is left out, not fatal), in
    the registry's order."""
    from referee import games as registry

    out = []
    for n in registry.registered():
        try:
            registry.get(n)
        except Exception:  # noqa: BLE001 - any failure to load means: not available
            continue
        out.append(n)
    return out


YES = ("y", "yes", "t", "true", "1", "tak", "ja", "da")
NO = ("n", "no", "f", "false", "0", "nie", "nein", "net")


def yes_no(answer: str, default: bool) -> bool | None:
    """A [y/n] answer: True, False, the default for Enter, None for anything else (ask again)."""
    a = answer.strip().lower()
    if not a:
        return default
    return True if a in YES else False if a in NO else None


def ask_yes(ask: Ask, say: Say, question: str, default: bool) -> bool:
    """Ask ``question`` until the answer is yes, no or Enter (the default)."""
    while True:
        got = yes_no(ask(question, ["y", "n"]), default)
        if got is not None:
            return got
        say("  please answer y or n")


def game_named(answer: str, installed: list[str]) -> str:
    """The game an answer names: a name or alias as ``referee new`` takes it, or any unique
    prefix of an installed game's name (``kierk``), as names of players are taken."""
    from referee import games as registry

    a = answer.strip().lower()
    try:
        return registry.get(a).name
    except RefereeError:
        starts = [n for n in installed if n.startswith(a)]
        if len(starts) == 1:
            return starts[0]
        if len(starts) > 1:
            raise NotationError(f"{answer!r} could be {', '.join(starts)}: type more of the "
                                "name") from None
        raise


def ask_new_game(ask: Ask, say: Say, file: Path | None) -> Any:
    """Ask everything a new game needs, create the file, return the Session.

    ``ask(question, completions)`` returns the answer (EOFError / KeyboardInterrupt stop it:
    nothing is written then)."""
    from referee import games as registry
    from referee.store import savefile

    installed = installed_games()
    width = shutil.get_terminal_size((100, 30)).columns
    say("A new game. Press Enter to take the [default]; Ctrl-C stops without writing.")
    for i, n in enumerate(installed, 1):
        g = registry.get(n)
        lo, hi = g.player_count
        count = str(lo) if lo == hi else f"{lo}-{hi}"
        line = f"  {i}. {n:<18} {count} player{'s' if hi > 1 else ' '}  {g.summary}"
        say(line if len(line) <= width else line[:width - 1] + "…")
    rules = None
    while rules is None:
        a = ask(f"Game (name or number) [{installed[0]}]: ", installed).strip()
        try:
            if not a:
                rules = registry.get(installed[0])
            elif a.isdigit() and 1 <= int(a) <= len(installed):
                rules = registry.get(installed[int(a) - 1])
            else:
                rules = registry.get(game_named(a, installed))
        except RefereeError as e:
            say(f"  {e}")
    lo, hi = rules.player_count
    if hi == 1:
        say(f"{rules.title}: one player.")
    else:
        teams = f" ({rules.seating})" if rules.seating else ""
        say(f"{rules.title}: {lo if lo == hi else f'{lo}-{hi}'} players, in seating order "
            f"clockwise{teams}.")
    players: list[str] = []
    while len(players) < hi:
        extra = " (Enter when that is all)" if len(players) >= lo else ""
        a = ask(f"Player {len(players) + 1}{extra}: ", []).strip()
        if not a:
            if len(players) >= lo:
                break
            continue
        names = [w for w in a.replace(",", " ").split() if w]
        if not players and lo > 1 and lo <= len(names) <= hi and \
                len({w.casefold() for w in names}) == len(names):
            try:  # the whole table typed on one line: "Ala Bartek Celina Darek"
                for i, w in enumerate(names):
                    savefile.check_name(w, "name", f"players[{i}]")
            except RefereeError:
                pass
            else:
                players.extend(names)
                say("  seated: " + ", ".join(names))
                break
        problem = savefile.name_problem(a)
        if problem is not None:
            say(f"  expected {problem}")
            continue
        if a.casefold() in (p.casefold() for p in players):
            say(f"  {a!r} is already seated; names must differ")
            continue
        players.append(a)
    dealer = players[0]
    if len(players) > 1:
        while True:
            a = ask(f"First dealer (a name, or {RANDOM} to draw one) [{players[0]}]: ",
                    [*players, RANDOM]).strip()
            if not a:
                break
            if is_random(a, players):
                dealer = RANDOM  # drawn by create(), from the seed when the referee deals
                break
            try:
                from referee.notation import resolve_player

                dealer = resolve_player(a, players)
                break
            except RefereeError as e:
                say(f"  {e}")
    options: dict[str, Any] = {}
    if rules.options:
        say("House rules (Enter keeps the default):")
    for o in rules.options:
        choices = [str(c).lower() if isinstance(c, bool) else str(c) for c in o.choices]
        shown = str(o.default).lower() if isinstance(o.default, bool) else str(o.default)
        say(f"  {o.name} — {o.help}")
        while True:
            a = ask(f"  {o.name}" + (f" ({' / '.join(choices)})" if choices else "")
                    + f" [{shown}]: ", choices).strip()
            if not a:
                break
            try:
                value = o.parse_text(a)
            except ValueError as e:
                say(f"  {e}")
                continue
            if value != o.default:
                options[o.name] = value
            break
    deal = ask_yes(ask, say, "Should the referee shuffle and deal virtual cards (hands known)? "
                   "[y/N]: ", False)
    while file is None:
        stamp = _dt.date.today().isoformat()
        default = Path(f"{rules.name}-{stamp}.toml")
        k = 2
        while default.exists():
            default = Path(f"{rules.name}-{stamp}-{k}.toml")
            k += 1
        a = ask(f"Save the game in [{default}]: ", []).strip()
        p = Path(a).expanduser() if a else default
        if p.suffix == "" and not p.is_dir():
            p = p.with_suffix(".toml")
        if p.exists():
            say(f"  {p} already exists: choose another name (or 'referee play {p}')")
            continue
        if not p.parent.is_dir():
            say(f"  {p.parent}: no such folder")
            continue
        file = p
    s = create(rules.name, file, players, dealer, options, deal)
    say(f"created {file}: {rules.name} with {', '.join(players)}")
    news = dealer_news(s, dealer)
    if news is not None:
        say(news)
    return s
