"""What every game declares and provides, and the deal-table helpers they share."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..cards import GLYPH, Card, try_parse_card
from ..errors import NotationError, Violation
from ..model import Deal, DealResult, Entry, HandNow, Result, Setup
from ..notation import key_line
from ..store.claimkeys import fold as claim_fold
from ..store.claimkeys import is_typed as is_claim
from ..store.claimkeys import typed as claim_typed
from .keys import Where

if TYPE_CHECKING:
    from .tricks import TrickGame

MAX_NAME = 40


@dataclass(frozen=True, slots=True)
class Option:
    """A house rule: its name, default, and the values it may take."""

    name: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""

    def check(self, value: Any) -> Any:
        if isinstance(self.default, bool):
            ok = isinstance(value, bool)
        elif isinstance(self.default, int):
            ok = isinstance(value, int) and not isinstance(value, bool)
        else:
            ok = isinstance(value, type(self.default))
        if not ok or (self.choices and value not in self.choices):
            raise ValueError(f"option {self.name} takes {self.choices_text()}, not "
                             f"{_shown(value)}")
        return value

    def choices_text(self) -> str:
        """The values said aloud: ``7 or 8``, ``true or false``, ``"dealer" or "left"``."""
        from ..words import either

        if not self.choices:
            return "a whole number" if isinstance(self.default, int) else \
                f"a {type(self.default).__name__}"
        return either(_shown(c) for c in self.choices)

    def parse_text(self, text: str) -> Any:
        """A value typed on the command line (``-o kitty_view=2``)."""
        if isinstance(self.default, bool):
            low = text.strip().lower()
            if low in ("true", "yes", "on", "1"):
                return True
            if low in ("false", "no", "off", "0"):
                return False
            raise ValueError(f"option {self.name} takes true or false, not {_shown(text)}")
        if isinstance(self.default, int):
            try:
                number = int(text)
            except ValueError:
                raise ValueError(f"option {self.name} takes {self.choices_text()}, not "
                                 f"{_shown(text)}") from None
            return self.check(number)
        return self.check(text.strip().strip('"'))


def _shown(value: Any) -> str:
    """A value as the save file writes it: ``true``, ``8``, ``"left"``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace('"', "'") + '"'
    return str(value)


class AfterTheEnd:
    """Nothing is played after the game (Kozel: the series) is over (RULES.md "Common to all
    games"). Typed, an entry is refused (``Session.add``). In a recorded file the first deal
    written after the end breaks ``turn-order`` once, and it counts for nothing: no score, no
    total, not the winner. Deals after that one count for nothing too, without another
    violation: writing on after the end is one action. Every game that ends uses this one
    mechanism in its replay loop::

        end = AfterTheEnd()
        for n, deal in ...:
            if end.over:
                violations += end.after(n, deal, base, message)
                continue
            ...
            if <the game is won>:
                end.close(n)
    """

    __slots__ = ("won_at", "reported")

    def __init__(self) -> None:
        self.won_at: int | None = None
        self.reported = False

    @property
    def over(self) -> bool:
        return self.won_at is not None

    def close(self, n: int) -> None:
        """The game ended with deal ``n``."""
        if self.won_at is None:
            self.won_at = n

    def after(self, n: int, deal: Deal, at: int, message: str) -> list[Violation]:
        """Deal ``n`` was written after the end: the one violation it gives, if any (a table
        with no entry at all is nothing written)."""
        if self.reported or not deal.entries:
            return []
        self.reported = True
        return [Violation(n, None, None, "turn-order", message, at=at)]


class Checkpoint:
    """Where a replay may start again instead of at the first entry: the game's state after
    its first ``deals`` deals (``entries`` entries), a deal boundary. ``replay(..., resume=)``
    starts there when the deals it is given still begin with those same deals (and go on past
    them), and leaves in it the state before the last deal it replayed: adding entries to the
    open deal then costs that deal, not the file (the table mode, ``Session.add``)."""

    __slots__ = ("setup", "deals", "entries", "state", "prefix", "used")

    def __init__(self) -> None:
        self.setup: Setup | None = None
        self.deals = 0
        self.entries = 0
        self.state: Any = None  # the game's own loop state, copied: never shared with a run
        self.prefix: list[list[Entry]] = []  # the entries of those deals, to check them
        self.used = False  # the last replay started here

    def start(self, setup: Setup, deals: Sequence[Deal]) -> Any:
        """The saved state if a replay of ``deals`` may resume from it, else None."""
        self.used = self.state is not None and setup == self.setup and \
            len(deals) > self.deals and all(deals[i].entries == self.prefix[i]
                                            for i in range(self.deals))
        # (not used: an undo or edit reached back into a finished deal; a full replay)
        return self.state if self.used else None

    def keep(self, setup: Setup, deals: Sequence[Deal], n: int, entries: int,
             state: Any) -> None:
        """Save ``state``: the game after ``deals[:n]`` (``entries`` entries)."""
        head = self.prefix[:self.deals] if self.used else []
        self.prefix = head + [list(d.entries) for d in deals[len(head):n]]
        self.setup, self.deals, self.entries, self.state = setup, n, entries, state


@dataclass(frozen=True, slots=True)
class Choice:
    """One entry a seat may make now (``GameRules.choices``): ``entry`` is the text ``add``
    takes (``"Bartek: 7H"``), ``label`` a short name for a button (``"7♥"``, ``"bid 3"``);
    ``allowed`` whether the strict path (``Session.add``) accepts it now, and where it does
    not, ``rule`` the rule id that refuses it."""

    entry: str
    label: str
    allowed: bool = True
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"entry": self.entry, "label": self.label, "allowed": self.allowed,
                "rule": self.rule}


@dataclass(frozen=True, slots=True)
class Pick:
    """A play of cards the seat picks itself, where the sets are too many to list as choices
    (Kozel, hands unseen: a lead of 1-4 cards of one suit of every card not yet seen).
    It describes what may be picked, not what is legal: ``cards`` the cards to pick from,
    between ``least`` and ``most`` of them, all of one suit where ``one_suit``; ``entry``
    the text ``add`` takes with ``{cards}`` for the cards picked (each as in ``cards``, in
    that order, joined by one space), ``entry_down`` the same laid face down (None: not
    allowed now); ``label`` the word of the button that sends it (``play``, Kozel's
    ``pull``). Whether ``add`` accepts a set is still the strict path's to say."""

    player: str
    cards: tuple[str, ...]
    least: int
    most: int
    one_suit: bool
    entry: str
    entry_down: str | None = None
    label: str = "play"

    def admits(self, cards: Sequence[str], down: bool = False) -> bool:
        """Whether ``cards`` (each named as in ``cards``) is a set this pick describes."""
        if down and self.entry_down is None:
            return False
        if len(set(cards)) != len(cards) or not self.least <= len(cards) <= self.most:
            return False
        if not set(cards) <= set(self.cards):
            return False
        suits = {c.suit for c in (try_parse_card(x) for x in cards) if c is not None}
        return not self.one_suit or len(suits) <= 1

    def text(self, cards: Sequence[str], down: bool = False) -> str:
        """The entry of ``cards`` picked (in the order of ``cards``)."""
        form = self.entry_down if down else self.entry
        if form is None:
            raise ValueError("this pick is not laid face down")
        order = {c: i for i, c in enumerate(self.cards)}
        return form.replace("{cards}", " ".join(sorted(cards, key=lambda c: order.get(c, 99))))

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "cards": list(self.cards), "min": self.least,
                "max": self.most, "one_suit": self.one_suit, "entry": self.entry,
                "entry_down": self.entry_down, "label": self.label}


@dataclass(frozen=True, slots=True)
class Choices:
    """What a seat may enter now: ``turn`` is whose entry the game expects (None: nobody's,
    or the game is over), ``seat`` the seat asked about, ``choices`` its entries (empty when
    the game waits for someone else and there is nothing the seat may do out of turn);
    ``picks`` the plays it may pick card by card beyond those listed (``Pick``)."""

    turn: str | None
    seat: str | None
    choices: tuple[Choice, ...] = ()
    picks: tuple[Pick, ...] = ()

    @classmethod
    def trump(cls, who: str) -> Choices:
        """``who`` names trump now: the four suits (``"Ala: trump S"``, ``"trump ♠"``)."""
        return cls(who, who, tuple(Choice(f"{who}: trump {s}", f"trump {GLYPH[s]}")
                                   for s in "SHDC"))

    def allowed(self) -> tuple[Choice, ...]:
        return tuple(c for c in self.choices if c.allowed)

    def cards(self) -> list[str]:
        """The cards of the allowed entries, each once, in order (for Tab at the prompt)."""
        out: dict[str, None] = {}
        for c in self.choices:
            if c.allowed:
                for w in c.entry.rpartition(":")[2].replace("~", " ").split():
                    if try_parse_card(w) is not None:
                        out.setdefault(w, None)
        return list(out)


class Hinter(Protocol):
    """What ``referee hint`` asks of a game that gives advice (``GameRules.hinter``), each
    from ``res``, the replayed game: whether the card drawn must be named, the cards that may
    be drawn, the advice, and the advice as lines and as the ``--json`` document."""

    def card_wanted(self, res: Any) -> bool: ...

    def unseen(self, res: Any) -> list[str]: ...

    def advise(self, res: Any, card_text: str | None) -> Any: ...

    def lines(self, a: Any) -> list[str]: ...

    def doc(self, a: Any) -> dict[str, Any]: ...


class GameRules(ABC):
    """One game: what it declares (as data) and what it does (parse, replay, explain).

    A game is its package, ``referee/games/<game>/``, named in the registry
    (``games/__init__.py``); nothing outside ``referee/games/`` names a game. What a new game
    provides (docs/DESIGN.md, "A sixth game"):

    * **required**, in ``rules.py``, a subclass with the data ``name``, ``title``,
      ``summary``, ``player_count``, ``deck_text``, ``deck``, ``rules`` (its rule ids) and
      ``deal_keys``, and the methods ``parse_deal_key``, ``dump_deal``, ``parse_entry``,
      ``replay`` and ``explain``; beside it ``record.py`` (``record_play``: the record of the
      play) and ``choices.py`` (``choices``: what a seat may enter now), which the methods of
      the same names here import by the package's name.
    * **optional data**: ``options`` (house rules), ``short_title`` (its name in a sentence),
      ``unit`` and ``contracts`` (the score sheet), ``seating`` (said by ``new``),
      ``analysis`` ("tricks" or "placements": what ``referee analyze`` does), ``series``,
      ``goat`` and ``low_wins`` (the season's figures).
    * **optional methods**, each with a default that suits a game without the feature:
      ``teams``, ``dump_all``/``dump_at`` (deals that differ by number), ``claim_questions``,
      ``deal_news``, ``virtual_deal`` (the referee deals), ``as_seen``, ``hand_now`` (its
      package's ``hand.py``), ``analyze_games`` (a placement game's post-mortem),
      ``hinter`` (``referee hint``'s advice, a ``Hinter``), and ``trick_game``: a game that
      plays tricks returns its ``TrickGame`` (``referee/games/tricks.py``, in its package's
      ``tricks.py``: the compact trick rules, the solver's objective, a finished deal for the
      post-mortem, a claim's position), which ``referee analyze`` and ``referee claim`` need.
    """

    name: str
    title: str
    summary: str
    player_count: tuple[int, int]
    deck_text: str
    deck: tuple[Card, ...]
    options: tuple[Option, ...] = ()
    rules: tuple[tuple[str, str], ...] = ()
    deal_keys: tuple[str, ...] = ()  # every key a deal table may hold, in writing order
    short_title: str = ""  # the game's name in a sentence ("Wisconsin Schmier"); title if ""
    seating: str = ""  # who partners whom, said when a new game asks the names
    analysis: str = ""  # what ``referee analyze`` does: "tricks", "placements" or nothing
    series: bool = False  # a season counts its games as a series of its own, without a winner
    goat: bool = False  # the losing team of the series is the goat (the season counts it)
    low_wins: bool = False  # the totals are loss points: the fewest is best
    unit: str = "deal"  # what a row of the score sheet is called ("game" in Kozel, Foursquare)
    contracts: bool = True  # whether a deal has a contract or a name (the sheet's column)

    def option(self, setup: Setup, name: str) -> Any:
        if name in setup.options:
            return setup.options[name]
        for o in self.options:
            if o.name == name:
                return o.default
        raise KeyError(name)

    def teams(self, setup: Setup) -> list[list[str]] | None:
        return None

    def trick_game(self) -> TrickGame | None:
        """What the double-dummy solver and the claims need of a game that plays tricks
        (``referee/games/tricks.py``; its package's ``tricks`` module), or None (the
        default): a game with no tricks to search or claim."""
        return None

    # -- the save file ------------------------------------------------------------------------

    def parse_deal(self, raw: dict[str, Any], setup: Setup, where: Where) -> Deal:
        """A ``[[deals]]`` table read by tomllib -> a Deal of entries."""
        for k in raw:
            if k not in self.deal_keys:
                raise where.err(k, "one of " + ", ".join(self.deal_keys) + " (unknown key)")
        raw = claim_fold(raw, where)  # a claim and its answers: one entry
        entries: list[Entry] = []
        for k in self.deal_keys:
            if k in raw:
                entries.extend(self.parse_deal_key(k, raw[k], setup, where))
        return Deal(entries)

    @abstractmethod
    def parse_deal_key(self, key: str, value: Any, setup: Setup, where: Where) -> list[Entry]:
        """Entries for one key of a deal table (the tricks become plays)."""

    @abstractmethod
    def dump_deal(self, deal: Deal, setup: Setup) -> dict[str, Any]:
        """The deal table to write, keys in ``deal_keys`` order."""

    def dump_all(self, deals: Sequence[Deal], setup: Setup) -> list[dict[str, Any]]:
        """Every deal table to write (a game whose deals differ by number overrides this)."""
        return [self.dump_deal(d, setup) for d in deals]

    def dump_at(self, deals: Sequence[Deal], i: int, setup: Setup) -> dict[str, Any]:
        """Deal table ``i`` (0-based) as ``dump_all`` writes it (a game that overrides
        ``dump_all`` overrides this too)."""
        return self.dump_deal(deals[i], setup)

    # -- entries ------------------------------------------------------------------------------

    @abstractmethod
    def parse_entry(self, text: str, setup: Setup, result: Result) -> list[Entry]:
        """A typed entry -> entries, given what the referee expects now."""

    def parse_typed_key(self, text: str, setup: Setup, result: Result) -> list[Entry] | None:
        """``key = value`` typed at the prompt, read exactly as in a deal table (a claim:
        its keys separated by ``;``, one entry)."""
        if is_claim(text):
            return claim_typed(self, text, setup, result, Where("", result.expect.deal))
        several = self.typed_keys(text, setup, result) if ";" in text else None
        if several is not None:
            return several
        kv = key_line(text)
        if kv is None:
            return None
        k, v = kv
        if k not in self.deal_keys or k in ("tricks", "turns", "bids"):
            settable = [x for x in self.deal_keys if x not in ("tricks", "turns", "bids")]
            raise NotationError(f"{k!r} cannot be set here; keys: {', '.join(settable)}")
        return self.parse_deal_key(k, v, setup, Where("", result.expect.deal))

    def typed_keys(self, text: str, setup: Setup, result: Result) -> list[Entry] | None:
        """Several key lines typed on one line, separated by ``;`` as a claim's keys are
        (``outcome = { ... }; claimed = { ... }``): their entries in order; None when the
        line does not start with a key line."""
        from ..store.claimkeys import split as split_keys

        parts = split_keys(text)
        if len(parts) < 2 or not _a_key_line(parts[0]):
            return None
        out: list[Entry] = []
        for part in parts:
            got = self.parse_typed_key(part, setup, result) if _a_key_line(part) else None
            if got is None:
                raise NotationError(f"{part.strip()!r} is not a key line: key lines on one "
                                    "line are separated by ';' (outcome = { ... }; claimed = "
                                    "{ ... })")
            out.extend(got)
        return out

    # -- the game -----------------------------------------------------------------------------

    @abstractmethod
    def replay(self, setup: Setup, deals: Sequence[Deal],
               resume: Checkpoint | None = None) -> Result:
        """Referee the whole game from its first entry; never stops at a violation. With
        ``resume``, from that checkpoint when it still holds, and a new one is left in it."""

    @abstractmethod
    def explain(self, setup: Setup, deals: Sequence[Deal], deal: int,
                trick: int | None, result: Result | None = None) -> list[str]:
        """Lines that settle a dispute about one trick (or turn) of a deal; from the state of
        ``result`` (the replay of these deals) when it is given, else from one replay."""

    def record_play(self, deals: Sequence[Deal], result: Result) -> None:
        """Fill in each ``DealResult.play`` of ``result`` (the replay of ``deals``) from the
        replay's own state: the bids, tricks or turns that ``replay --json`` shows. Each game's
        package has its ``record.record_play``."""
        import importlib

        package = type(self).__module__.rpartition(".")[0]
        importlib.import_module(f"{package}.record").record_play(deals, result)

    def claim_questions(self, result: Result, claimer: str) -> tuple[tuple[Card, ...], bool]:
        """What the table must answer for a claim of the rest by ``claimer`` now that the
        cards cannot settle: the cards never played whose holder matters (``claim_held``),
        and whether the game points still in hand are needed (``claim_game_points``).
        Nothing in most games (Kierki: the claimer takes every card still out)."""
        return (), False

    def points_line(self, extra: dict[str, Any]) -> str:
        """The small line under a finished deal's row of the score sheet (the page's), read
        off the deal's ``extra`` (the data ``score --json`` gives): who won which point, or
        the card points; "" where the game has none (the default)."""
        return ""

    def deal_news(self, deal: DealResult) -> list[str]:
        """What the end of a finished deal says beyond its scores (who took which point, the
        bid made or set); nothing for most games."""
        return []

    def private_hand(self, setup: Setup, deals: Sequence[Deal], result: Result,
                     seat: str) -> int | None:
        """How many cards ``seat`` registers now as its hand for the last of ``deals`` (a
        private hand, ``referee.history.private``): the count the game deals; None where the game
        takes no registered hand now (the default)."""
        return None

    def hand_drawn(self, setup: Setup, deals: Sequence[Deal], result: Result,
                   seat: str) -> HandNow | None:
        """Where cards come into a hand during the deal (draws from a stock, an exchange's
        replacements): ``seat``'s registered hand in the last of ``deals`` as the replay knows
        it now, so that the seat may show the referee the cards it drew
        (``referee.history.private``, docs/private.md); None where the game has none, the
        seat has registered no hand, or the deal has none now (the default)."""
        return None

    def virtual_deal(self, setup: Setup, deal_no: int, dealer: str | None) -> list[Entry]:
        """Keys for a deal the referee shuffles and deals itself (hands known)."""
        return []

    def choices(self, setup: Setup, deals: Sequence[Deal], result: Result,
                seat: str | None = None) -> Choices:
        """What ``seat`` (by default the player the game expects) may enter now, read off
        ``result`` (the replay of ``deals``): each entry as ``add`` takes it, allowed or
        refused with its rule id (docs/DESIGN.md, "What a seat may enter"). Each game's
        package has its ``choices.choices``; a seat not at the table is a ``KeyError``."""
        import importlib

        if seat is not None and seat not in setup.players:
            raise KeyError(seat)
        package = type(self).__module__.rpartition(".")[0]
        made: Choices = importlib.import_module(f"{package}.choices").choices(
            self, setup, deals, result, seat)
        return made

    def analyze_games(self, result: Result, number: int | None
                      ) -> tuple[list[Any] | str, int | None]:
        """A placement game's post-mortem (``analysis == "placements"``), read off ``result``:
        a report (``lines()``, ``to_json()``) per finished game, or game ``number``'s, or why
        there is none; and the number of a game still being played (None: none is)."""
        raise NotImplementedError(self.name)

    def hinter(self) -> Hinter | None:
        """The advice ``referee hint`` gives for this game (Foursquare: its package's
        ``advice`` module), or None (the default): a game without hints."""
        return None

    def as_seen(self, deal: Deal) -> Deal | None:
        """A deal in progress as the table has seen it, when the texts the game writes of it
        (the table's lines, the prompt, the explanations and their figures) must be written
        from that rather than masked card by card: what only the referee knows taken out (a
        virtual deal's hands and deck, the cards of a face-down play). ``referee.views.public``
        replays the game with it in place of the deal for those texts. None (the default, and
        when nothing is hidden): the texts are masked card by card."""
        return None

    def hand_now(self, setup: Setup, deals: Sequence[Deal], result: Result,
                 seat: str) -> tuple[Card, ...] | None:
        """The cards ``seat`` holds now in the deal in progress where the game's replay
        knows them card by card, else None, for a game whose hands change otherwise than
        by the deal, the exchanges and the plays (its package's ``hand.hand_now``); the
        other games raise ``NotImplementedError``: ``referee.views.public.seat_hand`` works it
        out from the entries."""
        import importlib

        package = type(self).__module__.rpartition(".")[0]
        try:
            mod = importlib.import_module(f"{package}.hand")
        except ModuleNotFoundError:
            raise NotImplementedError(self.name) from None
        got: tuple[Card, ...] | None = mod.hand_now(self, setup, deals, result, seat)
        return got

    def completions(self, setup: Setup, deals: Sequence[Deal], result: Result) -> list[str]:
        """Words worth offering at the prompt now: the names, and the cards the player to
        act may play (``choices``)."""
        return list(setup.players) + self.choices(setup, deals, result).cards()


def _a_key_line(text: str) -> bool:
    """Whether ``text`` reads as one ``key = value`` line."""
    try:
        return key_line(text) is not None
    except NotationError:
        return False
