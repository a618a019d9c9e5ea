"""The seats' pages and their writes (``serve FILE --seats``; CLI.md, "Seats").

Under ``/s/KEY/`` (a key of ``referee.store.seatkeys``; any other key: the bare 404 of every unknown
address, nothing about the game): ``""`` the seat's page, ``live.json`` its live view,
``events`` its live feed, and the writes ``entry`` and ``undo`` (POST only).

What a seat sees is ``referee.views.public``'s seat viewer (``seat_game``, ``seat_live``): the
table's view with the seat's own cards, its hand where the file knows it, and what it may
enter now (``GameRules.choices``, less any entry naming a card hidden from it).

A write goes through the strict path of ``referee add`` (``Session.add``) under the file's
lock, read from disk inside the lock; it carries the version of the view it was made on, and
is refused (409) unless that is still the version of the file under the lock. A write needs
``Content-Type: application/json``, a body of at most ``MAX_BODY`` bytes, no foreign
``Origin`` and no cross-site ``Sec-Fetch-Site``; each seat may make ``RATE`` writes a second
(429 past it; its reads are not counted).
"""

from __future__ import annotations

import collections
import json
import threading
import time
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from cli.serve.live import Feed, State
from cli.serve.picker import picker
from referee.store.seatkeys import Keys
from referee.views import public
from referee.words import not_now

MAX_BODY = 2048
RATE = 10  # writes (POST) a second, per seat
SUBS = frozenset({"", "live.json", "events"})
WRITES = frozenset({"entry", "undo", "claim", "answer", "hand"})
Json = dict[str, Any]


def not_found() -> Response:
    return PlainTextResponse("Not Found", 404)


def answer(status: int, doc: Json) -> Response:
    """A seat write's JSON answer; its ``message``'s cards as glyphs (``2♠``), as the page and
    the terminal write them."""
    if isinstance(doc.get("message"), str):
        from cli.plain import plain_cards

        doc = {**doc, "message": plain_cards(doc["message"], False)}
    return Response(json.dumps(doc, ensure_ascii=False, separators=(",", ":")), status,
                    media_type="application/json")


def stale(now: int, message: str = "the table changed") -> Response:
    """409: the seat's view (or the claim it answers) is not the table's now; the fresh
    version, and why."""
    return answer(409, {"accepted": False, "version": now, "message": message})


def failure(e: Exception) -> Response:
    """A seat write the engine refused: 422 with the rule an entry broke, 503 when the file
    could not be read or written, 400 for the rest (a text that cannot be read)."""
    from referee.errors import IllegalEntry, SaveFileError

    if isinstance(e, IllegalEntry):
        return answer(422, {"accepted": False, "rule": e.rule, "message": e.bare})
    return answer(503 if isinstance(e, SaveFileError) else 400,
                  {"accepted": False, "rule": None, "message": str(e)})


class Limit:
    """At most ``RATE`` writes in any second, per seat."""

    def __init__(self, rate: int = RATE) -> None:
        self.rate = rate
        self.seen: dict[str, collections.deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, seat: str) -> bool:
        now = time.monotonic()
        with self._lock:
            q = self.seen.setdefault(seat, collections.deque())
            while q and now - q[0] >= 1.0:
                q.popleft()
            if len(q) >= self.rate:
                return False
            q.append(now)
            return True


def owner(entry: Any, players: tuple[str, ...]) -> str | None:
    """Whose action an entry is (None: the table's, such as a key line)."""
    from referee.model import Place

    if isinstance(entry, Place):
        return players[0] if len(players) == 1 else None
    who = getattr(entry, "player", None)
    return who if isinstance(who, str) else None


class Seats:
    """The seats of one served file: their keys, their views, their writes."""

    def __init__(self, site: Any, path: Path, players: tuple[str, ...]) -> None:
        self.site = site
        self.path = path
        self.players = players
        self.keys = Keys(path, players)
        self.limit = Limit()
        from cli.serve.phoneclaim import PhoneClaims

        self.claims = PhoneClaims(self)

    # -- views -------------------------------------------------------------------------------

    def doc(self, feed: Feed, name: str, state: State | None = None) -> Json:
        """The seat's live document of ``state`` (default: the feed's now), built once per
        version and seat."""
        s = state or feed.state
        with feed.making:
            kept: dict[str, Json] = s.extra.setdefault("seats", {})
            got = kept.get(name)
            if got is None:
                got = self.build(s, name)
                kept[name] = got
        return got

    def build(self, s: State, name: str) -> Json:
        from cli.serve import seathand, views

        doc: Json = {}
        if s.game is not None:
            g = public.seat_game(s.game, name)
            offer = g.rules.choices(g.setup, g.deals, g.result, name)
            doc = views.shown(public.seat_live(g, offer.choices, offer.picks))
            doc["register"] = seathand.view(g, name)
        else:
            doc = {"seat": name, "hand": None, "choices": [], "picks": [], "register": None}
        doc.update(version=s.version, error=s.error, gone=s.gone, file="")
        doc.update(self.claims.view(s.version))
        doc["can_claim"] = self.can_claim(s, name, doc)
        doc["claim_questions"] = None
        if doc["can_claim"]:  # the public game's, the same on every page (docs/private.md)
            from referee.history.claimseen import table_result

            g = s.game
            seen = s.extra.get("table_result")
            if seen is None:  # (once per version: under the feed's lock, ``doc``)
                seen = s.extra["table_result"] = table_result(g.rules, g.setup, g.deals,
                                                              g.result)
            cards, points = g.rules.claim_questions(seen, name)
            doc["claim_questions"] = {"cards": [str(c) for c in cards], "game_points": points}
        p = self.site.parts
        t = self.site.env.get_template("seatparts.html").module
        doc["html"] = {
            "game-title": str(p.title_part(doc)), "deal": str(p.deal_part(doc)),
            "turn": str(p.turn_part(doc)), "trick": str(p.trick_part(doc)),
            "claim": str(p.claim_part(doc)), "violations": str(p.violations_part(doc)),
            "tricks": str(p.tricks_part(doc)), "score": str(p.score_part(doc.get("sheet"))),
            "winner": str(p.winner_part(doc)), "hand": str(t.hand_part(doc)),
            "choices": str(t.choices_part(doc, groups(doc), picker(doc))),
            "phone-claim": str(t.phone_claim_part(doc)),
            "register": str(self.site.env.get_template("seathand.html").module
                            .register_part(doc))}
        return doc

    def can_claim(self, s: State, name: str, doc: Json) -> bool:
        """Whether the seat's page offers a claim now: the game has claims, a deal's tricks
        are being played, and no claim is pending."""
        from referee.model import Action

        g = s.game
        if g is None or doc.get("claim_pending") is not None or \
                "claim" not in g.rules.deal_keys:
            return False
        exp = g.result.expect
        return exp.action in (Action.PLAY, Action.LEAD) and not exp.new_deal

    # -- the routes --------------------------------------------------------------------------

    async def route(self, request: Request) -> Response:
        key: str = request.path_params["key"]
        sub: str = request.path_params.get("sub", "")
        name = self.keys.seat_of(key)
        if name is None or (sub not in SUBS and sub not in WRITES):
            return not_found()
        write = sub in WRITES
        if request.method not in (("POST",) if write else ("GET", "HEAD")):
            return PlainTextResponse("Method Not Allowed", 405,
                                     headers={"allow": "POST" if write else "GET, HEAD"})
        if self.site.hub.stopping:
            return PlainTextResponse("the server is stopping", 503)
        if write and not self.limit.allow(name):  # (reads are not counted: a page's
            # reconnects and polls must never lock a seat out of its own taps)
            return PlainTextResponse("too many requests", 429, headers={"retry-after": "1"})
        feed = await run_in_threadpool(self.site.hub.feed, self.path)
        if write:
            refused = foreign(request)
            if refused is not None:
                return refused
            body = await read_body(request)
            if isinstance(body, Response):
                return body
            return await run_in_threadpool(self.write, feed, name, sub, body)
        if sub == "events":
            return await self.events(feed, name)
        doc = await run_in_threadpool(self.doc, feed, name)
        if sub == "live.json":
            return answer(200, {k: v for k, v in doc.items() if k != "html"})
        here = f"/s/{key}/"
        page: Response = self.site.render("seat.html", v=doc, here=None, seat_here=here, root="/s/",
                                          groups=groups(doc), pick=picker(doc))
        return page

    async def events(self, feed: Feed, name: str) -> Response:
        from sse_starlette import EventSourceResponse, ServerSentEvent

        from cli.serve.app import RETRY_MS, too_many
        from cli.serve.live import TooMany

        hub = self.site.hub
        if hub.full():
            return too_many()
        feed.watch()

        async def event(st: State) -> ServerSentEvent:
            doc = await run_in_threadpool(self.doc, feed, name, st)
            return ServerSentEvent(data=json.dumps(doc, ensure_ascii=False,
                                                   separators=(",", ":")),
                                   event="update", id=str(st.version), retry=RETRY_MS)

        async def stream() -> Any:
            try:
                q = hub.subscribe(feed)
            except TooMany:
                return
            try:
                yield await event(feed.state)
                while True:
                    st = await q.get()
                    if st is None:
                        return
                    yield await event(st)
            finally:
                feed.unsubscribe(q)

        return EventSourceResponse(stream(), ping=15, send_timeout=30,
                                   headers={"cache-control": "no-store",
                                            "x-accel-buffering": "no"})

    # -- writes (in a worker thread) -----------------------------------------------------------

    def write(self, feed: Feed, name: str, sub: str, body: Json) -> Response:
        from referee.errors import RefereeError
        from referee.store import filelock

        version = body.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            return answer(400, {"accepted": False, "rule": None,
                                "message": "the body needs the version of the view (a number)"})
        if sub in ("claim", "answer"):
            return self.claim_write(feed, name, sub, body)
        if sub == "hand":  # a private hand (``cli.serve.seathand``)
            from cli.serve import seathand

            return seathand.write(self, feed, name, body)
        text = body.get("entry")
        if sub == "entry" and not isinstance(text, str):
            return answer(400, {"accepted": False, "rule": None,
                                "message": "the body needs the entry (a text)"})
        try:
            with filelock.locked(self.path):
                feed.refresh()
                now = feed.state.version
                if version != now:
                    return stale(now)
                if sub == "undo":
                    return self.undo(feed, name)
                assert isinstance(text, str)
                return self.enter(feed, name, text)
        except RefereeError as e:  # (an entry's own refusals are enter's)
            return failure(e)

    def claim_write(self, feed: Feed, name: str, sub: str, body: Json) -> Response:
        """A claim or an answer to the claim pending (``cli.serve.phoneclaim``)."""
        from referee.errors import RefereeError

        try:
            if sub == "claim":
                return self.claims.claim(feed, name, body)
            return self.claims.answer(feed, name, body)
        except RefereeError as e:
            return failure(e)

    def enter(self, feed: Feed, name: str, text: str) -> Response:
        from referee.errors import IllegalEntry, NotationError
        from referee.history.session import Session
        from referee.notation import MAX_ENTRY

        text = text.strip()
        if not text or len(text) > MAX_ENTRY or any(ord(ch) < 32 for ch in text):
            return answer(400, {"accepted": False, "rule": None,
                                "message": "not an entry (one line, at most "
                                           f"{MAX_ENTRY} characters)"})
        s = Session.load(self.path)
        if ":" not in text and "=" not in text and len(self.players) > 1:
            text = f"{name}: {text}"  # the seat's own entry, its name left out
        try:
            entries = s.rules.parse_entry(text, s.setup, s.result())
        except (IllegalEntry, NotationError) as e:
            return failure(e)
        if not entries or (any(owner(e, self.players) != name for e in entries)
                           and not offered(s, name, entries)):
            return answer(403, {"accepted": False, "rule": None,
                                "message": f"{name} may enter only {name}'s own plays"})
        try:
            added = s.add(text)
        except IllegalEntry as e:
            return answer(422, {"accepted": False, "rule": e.rule,
                                "message": self.refusal(feed, name, entries, e)})
        except NotationError as e:
            return answer(400, {"accepted": False, "rule": None, "message": str(e)})
        feed.refresh()
        st = feed.state
        proven: list[Json] = []
        if st.game is not None:
            from cli.serve import views

            g = public.seat_game(st.game, name)
            proven = [views.shown(g.violation(v)) for v in added.proven]
        self.site.tell_entry(name, text)
        return answer(200, {"accepted": True, "version": st.version, "proven": proven})

    def refusal(self, feed: Feed, name: str, entries: list[Any], e: Any) -> str:
        """The refusal's line as this seat may read it: where the refused entry names a card
        the file places where this seat has not seen it (another seat's face-down card, a
        registered hand), the line does not say who holds or played it, nor where."""
        game = feed.state.game
        if game is None:
            return str(e.bare)
        hidden = public.secret(public.seat_game(game, name))
        cards = [c for x in entries for c in (getattr(x, "cards", None) or ())
                 if c is not None and c in hidden]
        if not cards:
            return str(e.bare)
        return not_now(" ".join(c.pretty() for c in cards), name)

    def undo(self, feed: Feed, name: str) -> Response:
        from referee.history.session import Session

        s = Session.load(self.path)
        last = last_made(s)
        if last is None or owner(last, self.players) != name:
            return stale(feed.state.version, "nothing of this seat's to take back: someone "
                                             "entered after it")
        s.undo(1)
        feed.refresh()
        return answer(200, {"accepted": True, "version": feed.state.version, "proven": []})


def offered(s: Any, name: str, entries: list[Any]) -> bool:
    """Whether the referee offers ``entries`` to this seat now (a line of the deal's table
    that is this seat's to write, such as naming trump after its bid: no player in it)."""
    from referee.errors import RefereeError

    res = s.result()
    for c in s.rules.choices(s.setup, s.deals, res, name).choices:
        try:
            if s.rules.parse_entry(c.entry, s.setup, res) == entries:
                return True
        except RefereeError:
            continue
    return False


def last_made(s: Any) -> Any:
    """The last entry a person made (what ``undo`` would take back), or None (none, or a
    note stops undo there)."""
    for k in range(len(s.deals) - 1, -1, -1):
        mine = s.person_made(k)
        if mine:
            return s.deals[k].entries[mine[-1]]
        if s.deals[k].has_key("note"):
            return None
    return None


def foreign(request: Request) -> Response | None:
    """A write from another site: a ``Content-Type`` other than JSON (a plain form can post
    across sites), an ``Origin`` other than this server's, a cross-site fetch."""
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype != "application/json":
        return PlainTextResponse("a JSON body is needed (Content-Type: application/json)", 415)
    site = request.headers.get("sec-fetch-site")
    if site is not None and site.lower() not in ("same-origin", "none"):
        return PlainTextResponse("refused: a request from another site", 403)
    origin = request.headers.get("origin")
    if origin is not None:
        own = f"{request.url.scheme}://{request.headers.get('host', '')}"
        if origin.lower() != own.lower():
            return PlainTextResponse("refused: a request from another site", 403)
    return None


async def read_body(request: Request) -> Json | Response:
    """The JSON object of the body, refused past ``MAX_BODY`` bytes before it is all read."""
    too_big = PlainTextResponse(f"the body is over {MAX_BODY} bytes", 413)
    length = request.headers.get("content-length")
    if length is not None:
        try:
            if int(length) > MAX_BODY:
                return too_big
        except ValueError:
            return PlainTextResponse("a bad Content-Length", 400)
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            return too_big
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return answer(400, {"accepted": False, "rule": None, "message": "the body is not JSON"})
    if not isinstance(doc, dict):
        return answer(400, {"accepted": False, "rule": None,
                            "message": "the body is not a JSON object"})
    return doc


def groups(doc: Json) -> list[tuple[str, list[Json]]]:
    """The seat's choices for its page: the cards grouped by suit (the suit led first), the
    rest (bids, pass, trump, exchanges, pulls) in a group of their own, first; the plays of the
    card picker (``cli.serve.picker``) left out."""
    from cli.serve.picker import rest
    from referee.cards import GLYPH, try_parse_card

    led = None
    trick = doc.get("trick") if doc.get("on_table") else None
    if trick and trick.get("plays"):
        first = next((c for c in trick["plays"][0].get("cards", []) if c), None)
        card = try_parse_card(first) if first else None
        led = card.suit if card is not None and not card.is_joker else None
    other: list[Json] = []
    suits: dict[str, list[Json]] = {}
    for c in rest(doc, picker(doc)):
        words = c["entry"].rpartition(":")[2].split()
        card = try_parse_card(words[0]) if len(words) == 1 else None
        if card is None or card.is_joker:
            other.append(c)
        else:
            suits.setdefault(card.suit, []).append(c)
    order = sorted(suits, key=lambda s: (s != led, "SHDC".index(s) if s in "SHDC" else 9))
    out = [("", other)] if other else []
    return out + [(GLYPH.get(s, s), suits[s]) for s in order]
