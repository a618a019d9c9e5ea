"""What the table has seen: the one filter every outside view of a game goes through.

The web page (``cli/serve``) and any later client build what they show from ``live`` (the
table now) and ``replay`` (the game trick by trick, with the referee's explanation of each),
never from the engine directly. Both are plain JSON-able data built from the same engine
results the terminal uses: the replay's ``Result`` (score sheet, violations, what is expected,
the ``TableView``), the record of the play (``referee.views.play_record``) and each game's
``explain``.

Hidden cards stay hidden. While a deal is in progress a viewer sees only the cards laid face
up on the table in it (the plays of its tricks and turns, a pull, the Kozel card shown): no
hand, no undealt card or kitty, no face-down discard, no card of the stock. A card not seen is
``None`` in the data (``?`` on a page) and ``?`` in the text of that deal (a prompt, an
explanation, a violation's message). A finished deal shows everything, its hands as dealt
included.

Who looks is ``viewer``: today only ``"table"`` (what everyone at the table has seen). A
seat's own view (a player seeing their own virtual hand) is a viewer that sees a deal's
``visible`` cards plus that hand: ``_visible`` is the one place that decides it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import Card, try_parse_card
from ..errors import NotationError, RefereeError, Violation
from ..model import (
    Deal,
    DealResult,
    Exchange,
    Key,
    Place,
    Play,
    Pull,
    Result,
    Setup,
    running_totals,
)
from .play_record import DealPlay, PlayRecord, TrickRecord, TurnRecord, Writing

TABLE = "table"
SEAT = "seat:"  # a seat's viewer: "seat:Bartek" (``seat_game``)
VIEWERS = (TABLE,)
Json = dict[str, Any]

# a card in any notation the engine writes in a text: 10H, TH, 10♥; the joker JK
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC♠♥♦♣](?![A-Za-z0-9])"
                  r"|(?<![A-Za-z])JK(?![A-Za-z])")
HIDDEN = "?"
# outside a quoted example every card not seen is masked alone; inside one, runs of cards
QUOTED = re.compile(r"((?<![A-Za-z])'[^'\n]*'(?![A-Za-z]))|(?:[^']+|')")
RUN = re.compile(rf"(?:{CARD.pattern})(?:[ ,]+(?:{CARD.pattern}))*")
# a violation's message that names a card not seen, while its deal is in progress
WITHHELD = ("proven from cards the table has not seen; what they were is said when the deal "
            "ends")


class Sight:
    """What one viewer may see of one deal: every card (``visible`` None: a finished deal), or
    only the cards in ``visible``."""

    __slots__ = ("visible",)

    def __init__(self, visible: frozenset[Card] | None) -> None:
        self.visible = visible

    def hides(self, s: str) -> bool:
        """Whether ``s`` names a card this viewer has not seen."""
        if self.visible is None:
            return False
        return any(c is None or c not in self.visible
                   for c in (try_parse_card(m.group(0)) for m in CARD.finditer(s)))

    def sees(self, c: Card | None) -> bool:
        return c is not None and (self.visible is None or c in self.visible)

    def card(self, c: Card | None) -> str | None:
        """The card's canonical text, or None when it was not seen."""
        return str(c) if c is not None and self.sees(c) else None

    def text(self, s: str) -> str:
        """``s`` with every card this viewer has not seen written ``?``; in a quoted example
        of what to type (``'Bartek: discard 9C QH'``), a run of such cards is said as a
        count (``'Bartek: discard (2 cards)'``): ``? ?`` there reads as a broken example."""
        if self.visible is None:
            return s
        return QUOTED.sub(lambda m: RUN.sub(self._run, m.group(1)) if m.group(1)
                          else self._mask(m.group(0)), s)

    def _mask(self, s: str) -> str:
        def sub(m: re.Match[str]) -> str:
            c = try_parse_card(m.group(0))
            return m.group(0) if c is not None and c in self.visible else HIDDEN  # type: ignore[operator]

        return CARD.sub(sub, s)

    def _run(self, m: re.Match[str]) -> str:
        found = [try_parse_card(x.group(0)) for x in CARD.finditer(m.group(0))]
        if all(c is not None and c in self.visible for c in found):  # type: ignore[operator]
            return m.group(0)
        return "(a card)" if len(found) == 1 else f"({len(found)} cards)"


EVERYTHING = Sight(None)


def _writing(sight: Sight) -> Writing:
    """The record's JSON as ``sight`` sees it (``play_record.Writing``): every key, each card
    or None, face-down cards hidden while the deal is in progress."""
    return Writing(sight.card, hide_face_down=sight.visible is not None, every_key=True)


def check_viewer(viewer: str) -> None:
    if viewer not in VIEWERS and not viewer.startswith(SEAT):
        raise NotationError(f"no such viewer {viewer!r} (known: {', '.join(VIEWERS)}, "
                            f"{SEAT}NAME)")


# -- what was seen ---------------------------------------------------------------------------


def face_up(play: DealPlay | None, deal: Deal) -> frozenset[Card]:
    """The cards of a deal laid face up on the table so far: the plays of its tricks (a
    pull's four cards, the plays a pull sent back), its turns, the Kozel card shown, and the
    cards a player showed without playing them (``shown``)."""
    out: set[Card] = set()

    def plays(ps: Iterable[PlayRecord]) -> None:
        for p in ps:
            if not p.face_down:
                out.update(c for c in p.cards if c is not None)

    if play is not None:
        for t in play.tricks or ():
            plays(t.plays)
            if t.pull is not None:
                plays(t.pull.cancelled)
        out.update(t.card for t in play.turns or () if t.card is not None)
    for e in deal.entries:
        if isinstance(e, Key) and e.name == "trump_card" and isinstance(e.value, Card):
            out.add(e.value)
        elif isinstance(e, Key) and e.name == "shown":  # shown to the table: public
            out.update(c for cards in e.value.values() for c in cards)
        elif isinstance(e, Play) and not e.down:
            out.update(c for c in e.cards if c is not None)
        elif isinstance(e, Pull):
            out.update(e.cards)
        elif isinstance(e, Place) and e.card is not None:
            out.add(e.card)
    return frozenset(out)


def face_down_named(deal: Deal, but: str | None = None) -> frozenset[Card]:
    """The cards a deal's face-down plays name (the file knows them; the table does not know
    they went down there), but those of player ``but`` (a seat knows its own)."""
    return frozenset(c for e in deal.entries if isinstance(e, Play) and e.down
                     and e.player != but for c in e.cards if c is not None)


def _visible(viewer: str, row: DealResult | None, deal: Deal) -> Sight:
    """The one decision: what ``viewer`` may see of ``deal`` (``row``: its result, None for a
    deal the replay gave no row, written after the end)."""
    check_viewer(viewer)
    if row is not None and row.finished:
        return EVERYTHING
    seen = face_up(row.play if row is not None else None, deal)
    if viewer.startswith(SEAT):  # a seat sees its own cards too
        seen = seen | own(deal, viewer.removeprefix(SEAT))
    return Sight(seen)


class Game:
    """A replayed game made ready for outside views: the rules, the deals, the ``Result``
    with its record of the play, and each deal's ``Sight`` for one viewer."""

    def __init__(self, rules: Any, setup: Setup, deals: Sequence[Deal], result: Result,
                 viewer: str = TABLE) -> None:
        self.rules = rules
        self.setup = setup
        self.deals = deals
        self.result = result
        self.viewer = viewer
        if any(d.play is None for d in result.deals):
            rules.record_play(deals, result)
        rows = {d.number: d for d in result.deals}
        self.sights = [_visible(viewer, rows.get(i + 1), d) for i, d in enumerate(deals)]
        self._entries: list[Any] | None = None
        # the deal in progress as the table saw it, when the game writes its texts from that
        # (``GameRules.as_seen``): the game replayed with it, for those texts only
        self.seen: tuple[list[Deal], Result] | None = None
        if deals and self.sights[-1].visible is not None:
            d = rules.as_seen(deals[-1])
            if d is not None:
                seen = [*deals[:-1], d]
                try:
                    self.seen = (seen, rules.replay(setup, seen))
                except RefereeError:  # not one the game can replay: masked card by card
                    self.seen = None
        self._withheld: dict[int, list[str]] = {}
        for v in result.violations:
            if self.sight(v.deal).hides(v.message) or self._names_down(v):
                self._withheld.setdefault(v.deal, []).append(v.message)

    @classmethod
    def of(cls, session: Any, viewer: str = TABLE) -> Game:
        """From a ``referee.history.session.Session``."""
        return cls(session.rules, session.setup, session.deals, session.result(), viewer)

    def sight(self, number: int) -> Sight:
        """Deal ``number``'s sight (1-based); a deal the file does not have shows nothing."""
        if 1 <= number <= len(self.sights):
            return self.sights[number - 1]
        return Sight(frozenset())

    def say(self, number: int, s: str) -> str:
        """A text of deal ``number`` as this viewer may read it: a violation's message that
        names a card not seen replaced whole (``WITHHELD``: a sentence with ``?`` in it still
        tells what the card was, "discarded the trump ?"), then every card not seen ``?``."""
        for m in self._withheld.get(number, ()):
            s = s.replace(m, WITHHELD)
        return self.sight(number).text(s)

    def note(self, number: int) -> str | None:
        """Deal ``number``'s note (the table's own words), a card in it written ``?`` only when
        the table has not seen it in this game so far: not laid face up in this deal, nor in
        an earlier one (a finished deal shows all its cards). A note typed once a deal is over
        goes to the next deal when the referee has already dealt it, and it names the cards
        just played."""
        if not 1 <= number <= len(self.deals):
            return None
        note = self.deals[number - 1].key("note")
        if not isinstance(note, str):
            return None
        sight = self.sight(number)
        if sight.visible is None:
            return note
        before: set[Card] = set(sight.visible)
        for k in range(1, number):
            s = self.sight(k)
            before |= s.visible if s.visible is not None else _cards(self.deals[k - 1])
        return Sight(frozenset(before)).text(note)

    def texts(self) -> Result:
        """The result the texts of the deal in progress come from (``seen``, else the game's)."""
        return self.seen[1] if self.seen is not None else self.result

    def entry(self, at: int) -> Any:
        if self._entries is None:
            self._entries = [e for d in self.deals for e in d.entries]
        return self._entries[at] if 0 <= at < len(self._entries) else None

    # -- pieces ------------------------------------------------------------------------------

    @property
    def seat(self) -> str | None:
        """The seat this viewer is (``seat:NAME``), or None (the table)."""
        return self.viewer.removeprefix(SEAT) if self.viewer.startswith(SEAT) else None

    def names(self) -> list[str]:
        """The score columns: teams joined with ' & ', else the players."""
        return self.result.columns()

    def _names_down(self, v: Violation) -> bool:
        """Whether ``v``, of a deal in progress, names a card laid face down in it by another
        than the viewer: the table may have seen the card (a Kozel card shown, a card laid
        face up before a pull took it back) but not that it went down there, so naming it
        says what the face-down play was."""
        if self.sight(v.deal).visible is None or not 1 <= v.deal <= len(self.deals):
            return False
        down = face_down_named(self.deals[v.deal - 1], self.seat)
        return any(try_parse_card(m.group(0)) in down for m in CARD.finditer(v.message))

    def violation(self, v: Violation) -> Json:
        """A violation as proven: where, who, the rule id, the message, and the card of the
        entry that broke it or proved it (when that entry laid a card face up, or the deal
        is over)."""
        sight = self.sight(v.deal)
        e = self.entry(v.at)
        cards: tuple[Card | None, ...] = ()
        if isinstance(e, Play) and e.down and sight.visible is not None \
                and e.player != self.seat:
            cards = ()
        elif isinstance(e, Play | Pull):
            cards = e.cards
        elif isinstance(e, Place):
            cards = (e.card,)
        shown = [sight.card(c) for c in cards if c is not None]
        return {"deal": v.deal, "trick": v.trick, "turn": v.turn, "player": v.player,
                "rule": v.rule, "message": self.say(v.deal, v.message), "retro": v.retro,
                "card": next((c for c in shown if c is not None), None)}

    def violations(self) -> list[Json]:
        return [self.violation(v) for v in sorted(self.result.violations, key=Violation.in_order)]

    def sheet(self) -> Json:
        """The score sheet: a row per deal with its scores and the running totals after it
        (finished deals count), the totals, the winner."""
        r = self.result
        names = self.names()
        rows = []
        for d, running in zip(r.deals, running_totals(r.deals, names), strict=True):
            sight = self.sight(d.number)
            x = d.extra
            rows.append({
                "number": d.number, "dealer": d.dealer, "name": d.name,
                "contract": sight.text(str(x["contract"])) if x.get("contract") else None,
                "made": x.get("made") if isinstance(x.get("made"), bool) else None,
                "result": x.get("result") if isinstance(x.get("result"), str) else None,
                "finished": d.finished, "redeal": d.redeal,
                "scores": None if d.scores is None else {n: d.scores.get(n, 0) for n in names},
                "totals": running, "left_out": d.left_out,
                # who won each point (the Schmiers), once the deal is over
                "points": x["points"] if d.finished and isinstance(x.get("points"), dict)
                else None,
                # the small line under the row (the game's words), once the deal is over
                "points_line": self.rules.points_line(x) if d.finished else ""})
        return {"unit": self.rules.unit, "contracts": self.rules.contracts, "names": names,
                "rows": rows, "totals": {n: r.totals.get(n, 0) for n in names},
                "winner": r.winner, "complete": r.complete}

    @staticmethod
    def trick(t: TrickRecord, sight: Sight) -> Json:
        return t.to_json(_writing(sight))

    def seats(self, t: TrickRecord | None, sight: Sight) -> list[Json]:
        """The trick at the seats: every player in seating order with what they laid."""
        laid: dict[str, list[Json]] = {}
        if t is not None:
            for p in self.trick(t, sight)["plays"]:
                laid.setdefault(p["player"], []).append(p)
        return [{"player": p, "plays": laid.get(p, []),
                 "leader": t is not None and t.leader == p,
                 "winner": t is not None and t.winner == p}
                for p in self.setup.players]

    def start(self, row: DealResult) -> list[Json]:
        """A deal's start at the seats (a game of several players): every player in seating
        order, the dealer, who leads the first trick (plays the first turn), and the hand each
        was dealt when this viewer may see it (a finished deal whose hands the file knows)."""
        play = row.play
        if play is None or len(self.setup.players) < 2:
            return []
        first = play.tricks[0].leader if play.tricks else \
            play.turns[0].player if play.turns else None
        hands = self.hands(row.number) or {}
        return [{"player": p, "plays": [], "leader": p == first, "winner": False,
                 "dealer": p == row.dealer, "hand": hands.get(p)}
                for p in self.setup.players]

    @staticmethod
    def turn(t: TurnRecord, sight: Sight) -> Json:
        return t.to_json(_writing(sight))

    def claim(self, row: DealResult) -> Json | None:
        c = row.play.claim if row.play is not None else None
        if c is None:
            return None
        from ..claims.recorded import verdict
        from ..store.claimkeys import said

        return {"deal": row.number, "player": c.player, "side": list(c.side),
                "tricks": c.tricks, "from_trick": c.from_trick, "verdict": "accepted",
                "referee": verdict(self.setup, self.deals, row.number, c.player, c.hand),
                "said": said(c.player, c.side, c.tricks, c.from_trick),
                "held": {p: [str(x) for x in cs] for p, cs in c.held},
                "game_points": c.game_points}

    def hands(self, number: int) -> dict[str, list[str]] | None:
        """A deal's hands as dealt, when the file knows them and this viewer may see them."""
        if not 1 <= number <= len(self.deals):
            return None
        h = self.deals[number - 1].key("hands")
        sight = self.sight(number)
        if not isinstance(h, dict) or sight.visible is not None:
            return None
        return {p: [str(c) for c in cs] for p, cs in h.items()}

    def explain(self, number: int, trick: int | None) -> list[str]:
        """The referee's explanation (``referee explain``) of a deal or one of its tricks
        (turns), with what this viewer has not seen written ``?``."""
        deals, result = (self.seen if self.seen is not None and number == len(self.deals)
                         else (self.deals, self.result))
        try:
            lines = self.rules.explain(self.setup, deals, number, trick, result)
        except NotationError as e:
            lines = [str(e)]
        return [self.say(number, line) for line in lines]

    def deal_head(self, row: DealResult) -> Json:
        sight = self.sight(row.number)
        play = row.play
        news = self.rules.deal_news(row) if row.finished else []
        return {"number": row.number, "dealer": row.dealer, "name": row.name,
                "finished": row.finished, "redeal": row.redeal,
                "trump": play.trump if play is not None else row.extra.get("trump"),
                "contract": sight.text(str(row.extra["contract"]))
                if row.extra.get("contract") else None,
                "bids": list(play.bids) if play is not None and play.bids else [],
                "scores": row.scores, "news": [sight.text(n) for n in news],
                "note": self.note(row.number),
                "hands": self.hands(row.number)}


def _cards(deal: Deal) -> set[Card]:
    """Every card a deal's entries name: its keys (hands, stock, kitty...), plays, pulls,
    exchanges, places."""
    out: set[Card] = set()

    def add(v: Any) -> None:
        if isinstance(v, Card):
            out.add(v)
        elif isinstance(v, dict):
            for x in v.values():
                add(x)
        elif isinstance(v, tuple | list):
            for x in v:
                add(x)

    for e in deal.entries:
        if isinstance(e, Key):
            add(e.value)
        elif isinstance(e, Play | Pull | Exchange):
            add(e.cards)
        elif isinstance(e, Place):
            add(e.card)
    return out


# -- the two views ---------------------------------------------------------------------------


def live(game: Game) -> Json:
    """The table now: the game and deal, the dealer, contract and trump, whose turn it is and
    what is expected, the trick on the table at the seats (or the last one taken), the tricks
    (turns) of this deal so far, the score sheet, the winner, the violations, the claim."""
    r, setup = game.result, game.setup
    e = r.expect
    row = r.deals[-1] if r.deals else None
    sight = game.sight(row.number) if row is not None else Sight(frozenset())
    at = e.deal if not e.new_deal else row.number if row is not None else 0
    seen = game.texts()
    # the deal in progress as the table saw it: its lines always (the referee's own may count
    # what went face down), its prompt where it expects what the referee expects
    tv = seen.table
    if seen.expect.deal == e.deal and seen.expect.player == e.player:
        prompt = seen.expect.prompt
    else:
        prompt = e.prompt

    def say(s: str) -> str:
        return game.say(at, s)

    # a new deal awaits its first entry: the table is clear (the last deal is on the sheet)
    clear = e.new_deal and not r.complete
    tricks: list[TrickRecord] = (list(row.play.tricks or ()) if row and row.play and not clear
                                 else [])
    on_table = tricks[-1] if tricks and tricks[-1].winner is None else None
    done = [t for t in tricks if t.winner is not None]
    shown = on_table if on_table is not None else (done[-1] if done else None)
    turns = list(row.play.turns or ()) if row and row.play and not clear else []
    seats = game.seats(shown, sight)
    claims = [c for c in (game.claim(d) for d in r.deals) if c is not None]
    if shown is on_table:  # the trick being played (or none yet): who is to play in it
        seats = [{**seat, "to_play": not e.new_deal and seat["player"] == e.player}
                 for seat in seats]
    return {
        "viewer": game.viewer,
        "game": setup.game, "game_title": game.rules.title, "title": setup.title,
        "players": list(setup.players), "teams": r.teams,
        "table": {"heading": say(tv.title),
                  "lines": [[k, say(v)] for k, v in tv.lines],
                  "grid": [[say(c) for c in line] for line in tv.grid]
                  if tv.grid is not None else None},
        "expect": {"player": e.player, "action": str(e.action), "prompt": say(prompt),
                   "deal": e.deal, "trick": e.trick, "new_deal": e.new_deal},
        "deal": game.deal_head(row) if row is not None else None,
        "trick": game.trick(shown, sight) if shown is not None else None,
        "on_table": on_table is not None,
        "seats": seats,
        "tricks": [game.trick(t, sight) for t in done],
        "turns": [game.turn(t, sight) for t in turns],
        "hand": None,  # the table holds no hand; a seat's view would show its own here
        "sheet": game.sheet(),
        "winner": r.winner, "complete": r.complete,
        "violations": game.violations(),
        "claim": claims[-1] if claims and row is not None and claims[-1]["deal"] == row.number
        else None,  # the deal in view's own (judged once, with the others)
        "claims": claims,
    }


def replay(game: Game) -> Json:
    """The game trick by trick (turn by turn): a flat list of steps, each a deal's opening
    (its explanation as a whole) or one of its tricks (turns) with the referee's explanation
    of it (why each card was legal or not, what it proved, why the winner won), and the
    violations, each with the step that shows it."""
    r = game.result
    steps: list[Json] = []
    deals: list[Json] = []
    where: dict[tuple[int, str, int], int] = {}
    for row in r.deals:
        sight = game.sight(row.number)
        head = game.deal_head(row)
        head["first_step"] = len(steps)
        deals.append(head)
        steps.append({"deal": row.number, "step": 0, "kind": "deal", "number": None,
                      "label": f"{game.rules.unit.capitalize()} {row.number}",
                      "trick": None, "turn": None, "seats": game.start(row),
                      "explain": game.explain(row.number, None), "violations": []})
        play = row.play
        for t in (play.tricks or ()) if play is not None else ():
            where[(row.number, "trick", t.number)] = len(steps)
            steps.append({"deal": row.number, "step": len(steps) - head["first_step"],
                          "kind": "trick", "number": t.number, "label": f"Trick {t.number}",
                          "trick": game.trick(t, sight), "seats": game.seats(t, sight),
                          "turn": None, "explain": game.explain(row.number, t.number),
                          "violations": []})
        for u in (play.turns or ()) if play is not None else ():
            where[(row.number, "turn", u.number)] = len(steps)
            steps.append({"deal": row.number, "step": len(steps) - head["first_step"],
                          "kind": "turn", "number": u.number, "label": f"Turn {u.number}",
                          "trick": None, "turn": game.turn(u, sight),
                          "explain": game.explain(row.number, u.number), "violations": []})
        claim = game.claim(row)
        if claim is not None:  # the deal ended on a claim: its last step
            steps.append({"deal": row.number, "step": len(steps) - head["first_step"],
                          "kind": "claim", "number": None, "label": "Claim",
                          "trick": None, "turn": None, "claim": claim,
                          "explain": ["The deal ended on the claim: it is scored as "
                                      "claimed", "The referee, judging the claim from the "
                                      f"cards recorded before it: {claim['referee']}"],
                          "violations": []})
        head["steps"] = len(steps) - head["first_step"]
    violations = game.violations()
    for i, v in enumerate(violations):
        at = where.get((v["deal"], "trick", v["trick"])) if v["trick"] is not None else \
            where.get((v["deal"], "turn", v["turn"])) if v["turn"] is not None else None
        if at is None:
            at = next((d["first_step"] for d in deals if d["number"] == v["deal"]), None)
        v["step"] = at
        if at is not None:
            steps[at]["violations"].append(i)
    return {"viewer": game.viewer, "game": game.setup.game, "game_title": game.rules.title,
            "title": game.setup.title, "players": list(game.setup.players),
            "teams": r.teams, "deals": deals, "steps": steps, "violations": violations,
            "sheet": game.sheet()}


def step_index(doc: Json, deal: int | None, step: int | None) -> int:
    """The flat step of ``replay`` for ``deal`` (1-based) and its ``step`` (0 its opening);
    out of range: the nearest one."""
    steps = doc["steps"]
    if not steps:
        return 0
    if deal is None:
        return max(0, min(step or 0, len(steps) - 1))
    d = next((x for x in doc["deals"] if x["number"] == deal), None)
    if d is None:
        return 0 if deal < doc["deals"][0]["number"] else len(steps) - 1
    last: int = d["steps"] - 1
    first: int = d["first_step"]
    return first + max(0, min(step or 0, last))


# -- a seat's own view (``--seats``) ---------------------------------------------------------


def own(deal: Deal, name: str) -> frozenset[Card]:
    """The cards of ``deal`` a seat has seen as its own: its hand as dealt (where the file
    knows it), the cards it took, discarded or laid (face down too)."""
    out: set[Card] = set()
    for e in deal.entries:
        if isinstance(e, Key) and e.name == "hands" and isinstance(e.value, dict):
            out.update(c for c in e.value.get(name, ()) if isinstance(c, Card))
        elif isinstance(e, Play | Pull | Exchange) and e.player == name and e.cards:
            out.update(c for c in e.cards if c is not None)
    return frozenset(out)


def seat_game(game: Game, name: str) -> Game:
    """``game`` as the seat ``name`` sees it (a player of the game, else ``NotationError``):
    the table's sight plus the seat's own cards in the deal in progress."""
    if name not in game.setup.players:
        raise NotationError(f"{name!r} is not a seat of this game")
    g = Game(game.rules, game.setup, game.deals, game.result, SEAT + name)
    held = _engine_hand(g, name)
    if isinstance(held, tuple) and g.sights and g.sights[-1].visible is not None:
        # (the cards it drew from the stock, say)
        g.sights[-1] = Sight(g.sights[-1].visible | frozenset(held))
    return g


def _engine_hand(game: Game, name: str) -> tuple[Card, ...] | None | bool:
    """The game's own answer (``GameRules.hand_now``): the cards, None (not known), or
    False when the game leaves it to the entries."""
    try:
        got: tuple[Card, ...] | None = game.rules.hand_now(game.setup, game.deals,
                                                           game.result, name)
    except NotImplementedError:
        return False
    except Exception:  # noqa: BLE001 - a fault of the game's answer: not known
        return None
    return got


def secret(game: Game) -> frozenset[Card]:
    """The cards of the deal in progress that the file places somewhere (a hand, the stock,
    the kitty, an exchange, a face-down card) and this viewer has not seen."""
    if not game.deals:
        return frozenset()
    n = len(game.deals)
    sight = game.sight(n)
    if sight.visible is None:
        return frozenset()
    named: set[Card] = set()
    for e in game.deals[-1].entries:
        if isinstance(e, Key):
            named.update(_cards_in(e.value))
        elif isinstance(e, Play | Pull | Exchange) and e.cards:
            named.update(c for c in e.cards if c is not None)
    return frozenset(named - sight.visible)


def _cards_in(value: Any) -> Iterable[Card]:
    if isinstance(value, Card):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _cards_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _cards_in(v)


def seat_hand(game: Game, name: str) -> list[str] | None:
    """The cards the seat ``name`` holds now in the deal in progress, where the file knows
    its hand (as dealt, and what it took since); None with its hand unseen, or between
    deals."""
    if not game.deals:
        return None
    n = len(game.deals)
    deal = game.deals[-1]
    rows = {d.number: d for d in game.result.deals}
    row = rows.get(n)
    hands = deal.key("hands")
    if row is None or row.finished or not isinstance(hands, dict) or name not in hands:
        return None
    from ..cards import sort_hand

    held_now = _engine_hand(game, name)
    if held_now is None or held_now is True:
        return None
    if held_now is not False:
        return [str(c) for c in held_now]
    held = list(hands[name])
    gone: set[Card] = set()
    for e in deal.entries:
        if isinstance(e, Exchange) and e.player == name and e.cards:
            if e.kind == "take":
                held.extend(c for c in e.cards if c not in held)
            else:
                gone.update(e.cards)
    play = row.play
    for t in (play.tricks or ()) if play is not None else ():
        for p in t.plays:
            if p.player == name:
                gone.update(c for c in p.cards if c is not None)
    for u in (play.turns or ()) if play is not None else ():
        if u.player == name and u.card is not None:
            gone.add(u.card)
    return [str(c) for c in sort_hand([c for c in held if c not in gone])]


def redact(text: str, cards: frozenset[Card]) -> str:
    """``text`` with each card of ``cards`` written ``?`` (a refusal or a prompt printed on
    the laptop while a private deal is in progress: ``referee.history.private.hidden``)."""
    if not cards:
        return text

    def sub(m: re.Match[str]) -> str:
        c = try_parse_card(m.group(0))
        return HIDDEN if c is not None and c in cards else m.group(0)

    return CARD.sub(sub, text)


def seat_choices(game: Game, offered: Iterable[Any]) -> list[Json]:
    """What the seat may enter now (``GameRules.choices``' answer), less any entry naming a
    card the file places where this viewer has not seen it: a seat is never offered (and so
    never shown) another seat's hidden card. In a private deal, a seat whose own hand the
    referee does not hold is offered every card not seen alike: a card of a registered hand
    is neither left out nor greyed (either would tell where it is)."""
    from ..history.private import hidden as private_cards

    name = game.viewer.removeprefix(SEAT)
    hidden = secret(game)
    known = seat_hand(game, name)
    # its cards now, and those it laid (a Kozel pull takes back the seat's cards of the trick)
    hand = None if known is None else {try_parse_card(x) for x in known} | own_laid(game, name)
    theirs = private_cards(game.deals, game.result, name) if hand is None else frozenset()
    out = []
    for c in offered:
        cards = {x for x in (try_parse_card(w) for w in
                             c.entry.rpartition(":")[2].replace("~", " ").split())
                 if x is not None}
        if cards & theirs and not cards & (hidden - theirs):
            out.append({**c.to_json(), "allowed": True, "rule": None})  # the table's answer
            continue
        if cards & hidden:
            continue
        # a refusal of a card the seat does not hold would say where that card lies (a
        # Kozel card shown back in the stock: 'stock-order'): only the seat's own cards
        # are offered where its hand is known, and no refused card where it is not
        if cards and (not cards <= hand if hand is not None else not c.allowed):
            continue
        out.append(c.to_json())
    return out


def own_laid(game: Game, name: str) -> set[Card]:
    """The cards seat ``name`` named itself in the deal in progress (laid, pulled,
    exchanged): the seat knows where they lie."""
    return {c for e in (game.deals[-1].entries if game.deals else ())
            if isinstance(e, Play | Pull | Exchange) and e.player == name and e.cards
            for c in e.cards if c is not None}


def seat_picks(game: Game, picks: Iterable[Any]) -> list[Json]:
    """The plays the seat may pick card by card (``GameRules.choices``' ``picks``), their
    cards as this viewer may know them: its own only, where its hand is known; else every
    card it has not seen, so the cards hidden from it (another seat's named face-down cards,
    say) are put back among them, in the deck's order: what is missing from the list must
    not tell where they lie (the strict path still judges the entry)."""
    name = game.viewer.removeprefix(SEAT)
    known = seat_hand(game, name)
    hidden = {str(c) for c in secret(game) - own_laid(game, name)}
    order = {str(c): i for i, c in enumerate(game.rules.deck)}
    out = []
    for p in picks:
        doc = p.to_json()
        if known is not None:
            doc["cards"] = [c for c in doc["cards"] if c in known]
        else:
            cards = set(doc["cards"]) | hidden
            doc["cards"] = sorted(cards, key=lambda c: (order.get(c, len(order)), c))
        if doc["cards"]:
            out.append(doc)
    return out


def seat_live(game: Game, offered: Iterable[Any], picks: Iterable[Any] = ()) -> Json:
    """The live view as one seat sees it (``game``: ``seat_game``'s): the table's, seen with
    the seat's own cards, plus ``seat``, its ``hand`` (or None), its ``choices`` and
    ``picks``."""
    name = game.viewer.removeprefix(SEAT)
    doc = live(game)
    doc["seat"] = name
    doc["hand"] = seat_hand(game, name)
    doc["choices"] = seat_choices(game, offered)
    doc["picks"] = seat_picks(game, picks)
    return doc
