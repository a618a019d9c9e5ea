"""The web app: a Starlette app of read-only pages over one game file or a folder of them.

URLs, under the base (``/``, or ``/t/TOKEN/`` with a token; anything else is a bare 404):

* file mode: ``""`` the live table, ``live.json`` its view, ``events`` the live feed (SSE,
  event ``update``, data the live view, id its version), ``replay`` (``?deal=N&step=K``, or
  ``?i=K`` the step over the whole game) and ``replay.json``, ``score`` and ``chart.svg``;
* folder mode: ``""`` the index, ``stats`` and ``stats.json`` (``referee stats --json`` of
  the folder), and ``g/<path under the folder>/`` followed by the file-mode URLs;
* ``static/...``: the page's own script and stylesheet.

Every response carries a Content-Security-Policy that allows scripts, styles, images and
connections from the server itself only (no inline script, nothing from another host), and
no request changes anything: the routes are GET (and HEAD) only.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cli.serve import replay, views
from cli.serve.judges import Judges
from cli.serve.live import Feed, Hub, State, TooMany

HERE = Path(__file__).resolve().parent
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'"  # pygal's styles inside the SVG
PARTS = ("game-title", "deal", "turn", "trick", "claim", "violations", "tricks", "score",
         "winner")
RETRY_MS = 1000
PAGES = frozenset({"", "live.json", "events", "replay.json", "replay", "score", "chart.svg"})
DEAL_PAGES = 16  # the replay's deal pages kept built, per game


SECURITY = ((b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
            (b"x-frame-options", b"DENY"), (b"cache-control", b"no-store"))
OWN = frozenset({b"content-security-policy", *(k for k, _v in SECURITY)})
LOOPBACK = ("127.0.0.1", "localhost")


def secured(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """``headers`` with the security headers set (once: a response that passes through
    twice is not given them twice)."""
    kept = [(k, v) for k, v in headers if k.lower() not in OWN]
    svg = any(k.lower() == b"content-type" and v.startswith(b"image/svg") for k, v in kept)
    return [*kept, (b"content-security-policy", (SVG_CSP if svg else CSP).encode()),
            *SECURITY]


class Headers:
    """Security headers on every response (the CSP, no sniffing, no referrer, no framing)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def put(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": secured(list(message.get("headers", [])))}
            await send(message)

        await self.app(scope, receive, put)


def environment() -> Any:
    """The Jinja2 environment: autoescaped, with the filters that draw cards and sheets."""
    import jinja2

    from referee.cards import GLYPH, RED, try_parse_card

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"),
                             autoescape=True, trim_blocks=False)

    def glyph(c: str) -> str:
        card = try_parse_card(c)
        return card.pretty() if card is not None else c

    def suit_class(c: str) -> str:
        card = try_parse_card(c)
        if card is None or card.is_joker:
            return "joker"
        return "red" if card.suit in RED else "black"

    def suit(v: str) -> str:
        return GLYPH.get(v, v) if isinstance(v, str) else v

    env.filters.update(glyph=glyph, suit_class=suit_class, suit=suit,
                       deal_label=views.deal_label, deal_result=views.deal_result,
                       points=views.points, total_note=views.total_note,
                       signed=views.signed,
                       pct=lambda x: "–" if x is None else f"{100 * x:.0f}%")
    return env


class Site:
    """One served target: the file or folder, the token, the templates and the live feeds."""

    def __init__(self, target: Path, token: str | None, max_clients: int,
                 seats: bool = False) -> None:
        self.target = target
        self.folder = target.is_dir()
        self.token = token
        self.root = "/" if token is None else f"/t/{token}/"
        self.env = environment()
        self.parts = self.env.get_template("parts.html").module
        self.hub = Hub(self.build, max_clients)
        self.judges = Judges(self.judged)
        self.season = views.Season(target) if self.folder else None
        self.seats: Any = None  # ``cli.serve.seat.Seats`` with seats
        # told of each entry a seat made (the table mode prints it): (seat, entry text)
        self.on_entry: Any = None
        if seats and not self.folder:
            from cli.serve.seat import Seats
            from referee.history.session import Session

            self.hub.every_change = True
            self.seats = Seats(self, target, tuple(Session.load(target).setup.players))

    def tell_entry(self, seat: str, text: str) -> None:
        if self.on_entry is not None:
            self.on_entry(seat, text)

    # -- documents ---------------------------------------------------------------------------

    def build(self, game: Any, state: State) -> dict[str, Any]:
        """The live document of one version: the public live view (as the pages show it),
        its version, the file's error (the last good view kept), and each part of the live
        page drawn (the page's script puts them in place)."""
        doc: dict[str, Any] = views.live(game) if game is not None else {}
        self.judges.take()  # a claim left "being judged": searched in the background
        doc.update(version=state.version, error=state.error, gone=state.gone,
                   file=self.name_of(state))
        if self.seats is not None:  # a claim from a seat's page, pending or just ended
            doc.update(self.seats.claims.view(state.version))
        p = self.parts
        doc["html"] = {
            "game-title": str(p.title_part(doc)), "deal": str(p.deal_part(doc)),
            "turn": str(p.turn_part(doc)), "trick": str(p.trick_part(doc)),
            "claim": str(p.phone_claim(doc)) + str(p.claim_part(doc)),
            "violations": str(p.violations_part(doc)),
            "tricks": str(p.tricks_part(doc)), "score": str(p.score_part(doc.get("sheet"))),
            "winner": str(p.winner_part(doc))}
        return doc

    def name_of(self, state: State) -> str:
        return ""

    def judged(self) -> None:
        """A claim's background search ended: every game still showing a claim "being
        judged" is built again (its pages told), now with the verdict kept."""
        from referee.claims.recorded import LONG

        for f in self.hub.settled():  # (the build that sent the claim may be under way)
            if LONG in f.state.text or LONG in str(f.state.extra.get("deals", "")):
                f.refresh(force=True)

    def replay_index(self, feed: Feed) -> dict[str, Any]:
        """The replay's index of the feed's version (``cli.serve.replay.index``), built once
        (in a worker thread: a long game takes a while)."""
        s = feed.state
        with feed.making:
            got = s.extra.get("index")
            if got is None:
                got, error = {"deals": [], "steps": 0, "violations": [], "unit": "deal"}, s.error
                try:
                    if s.game is not None:
                        got = replay.index(s.game)
                except Exception as e:  # noqa: BLE001 - a fault of the referee: said
                    error = f"the referee could not replay this game ({type(e).__name__}: {e})"
                got["version"], got["error"] = s.version, error
                s.extra["index"] = got
        return dict(got)

    def replay_deal(self, feed: Feed, number: int) -> dict[str, Any] | None:
        """Deal ``number``'s page of the replay (``cli.serve.replay.deal``), the last
        ``DEAL_PAGES`` kept per version; None when there is no such deal."""
        s = feed.state
        with feed.making:
            kept: dict[int, Any] = s.extra.setdefault("deals", {})
            if number in kept:
                got = kept.pop(number)
            else:
                got, error = None, s.error
                try:
                    if s.game is not None:
                        got = replay.deal(s.game, number, self.parts)
                        self.judges.take()
                except Exception as e:  # noqa: BLE001 - a fault of the referee: said
                    got = {"deal": None, "steps": [], "violations": []}
                    error = f"the referee could not replay this game ({type(e).__name__}: {e})"
                if got is None:
                    return None
                got["version"], got["error"] = s.version, error
            kept[number] = got  # (the newest last)
            while len(kept) > DEAL_PAGES:
                kept.pop(next(iter(kept)))
        return dict(got)

    def render(self, template: str, **context: Any) -> HTMLResponse:
        context.setdefault("root", self.root)
        context.setdefault("folder", self.folder)
        context.setdefault("here", None)
        return HTMLResponse(self.env.get_template(template).render(**context))

    # -- the pages of one game ---------------------------------------------------------------

    async def game(self, request: Request, path: Path, here: str, sub: str,
                   name: str | None = None) -> Response:
        """A page of one game (folder mode: ``name``, its path under the folder, checked
        again whenever the file is read). Reading, replaying and drawing a game are done in
        worker threads: a long one takes seconds, and the other pages must not wait."""
        if self.hub.stopping:
            return PlainTextResponse("the server is stopping", 503)
        if sub not in PAGES:
            return PlainTextResponse("Not Found", 404)
        target = self.target
        check = None if name is None else (lambda: views.real_inside(target, name))
        feed = await run_in_threadpool(self.hub.feed, path, name, check)
        if sub == "events":
            return await self.events(request, feed)
        return await run_in_threadpool(self.page, feed, here, sub, request.query_params)

    def page(self, feed: Feed, here: str, sub: str, q: Any) -> Response:
        """The page ``sub`` of the game (in a worker thread)."""
        s = feed.state
        if sub == "":
            return self.render("live.html", v=s.doc, here=here)
        if sub == "live.json":
            return Response(s.text, media_type="application/json")
        if sub == "replay.json":
            if q.get("deal") is None:
                return as_json(self.replay_index(feed))
            try:
                got = self.replay_deal(feed, int(q["deal"]))
            except ValueError:
                got = None
            return PlainTextResponse("Not Found", 404) if got is None else as_json(got)
        if sub == "replay":
            idx = self.replay_index(feed)
            i = replay.pick(idx, q)
            d = replay.deal_at(idx, i)
            got = self.replay_deal(feed, d["number"]) if d is not None else None
            step = got["steps"][i - d["first_step"]] if got and d and got["steps"] else None
            return self.render("replay.html", doc=idx, i=i, step=step,
                               one={"deals": [got["deal"]] if got else []},
                               label=replay.label(idx["unit"], step) if step else "",
                               here=here, error=(got or idx)["error"])
        if sub == "score":
            return self.render("score.html", v=s.doc, here=here)
        svg = s.extra.get("chart")  # chart.svg
        if svg is None:
            from cli.serve.chart import svg as draw

            sheet = s.doc.get("sheet") or {"names": [], "rows": [], "unit": "deal"}
            svg = draw(sheet, "running totals")
            s.extra["chart"] = svg
        return Response(svg, media_type="image/svg+xml")

    async def events(self, request: Request, feed: Feed) -> Response:
        """The live feed. The page's queue is made only inside the stream, whose ``finally``
        gives it back: a response that never streams (a HEAD, which sse-starlette answers
        with its headers alone; a client gone before the first event) holds no place."""
        from sse_starlette import EventSourceResponse, ServerSentEvent

        if self.hub.full():
            return too_many()
        feed.watch()

        def event(st: State) -> ServerSentEvent:
            return ServerSentEvent(data=st.text, event="update", id=str(st.version),
                                   retry=RETRY_MS)

        async def stream() -> Any:
            try:
                q = self.hub.subscribe(feed)
            except TooMany:  # the last places were taken since the check: the page retries
                return
            try:
                yield event(feed.state)  # a page that (re)connects gets the whole state
                while True:
                    st = await q.get()
                    if st is None:
                        return
                    yield event(st)
            finally:
                feed.unsubscribe(q)

        return EventSourceResponse(stream(), ping=15, send_timeout=30,
                                   headers={"cache-control": "no-store",
                                            "x-accel-buffering": "no"})

    # -- routes ------------------------------------------------------------------------------

    async def file_page(self, request: Request) -> Response:
        return await self.game(request, self.target, self.root,
                               request.path_params.get("sub", ""))

    async def folder_game(self, request: Request) -> Response:
        rest: str = request.path_params["rest"]
        rel, _slash, sub = rest.rpartition("/")
        for name, page, bare in ((rel, sub, False), (rest, "", True)):
            try:
                path = views.inside(self.target, name)
            except views.OutsideFolder:
                continue
            here = f"{self.root}g/{quote(name, safe='/')}/"
            if bare:  # the game's own address ends with a slash
                return RedirectResponse(here, 307)
            return await self.game(request, path, here, page, name)
        return PlainTextResponse("Not Found", 404)

    async def index(self, request: Request) -> Response:
        assert self.season is not None
        doc = await run_in_threadpool(self.season.index)  # (every file read: off the loop)
        if request.query_params.get("format") == "json":
            return Response(json.dumps(doc, ensure_ascii=False), media_type="application/json")
        return self.render("index.html", doc=doc, name=views.shown(self.target.name))

    async def stats(self, request: Request) -> Response:
        from cli.season import cell, legend, said

        assert self.season is not None
        doc = await run_in_threadpool(self.season.stats)  # (every file read: off the loop)
        return self.render("stats.html", doc=doc, name=views.shown(self.target.name),
                           cell=cell, legend=legend, said=said)

    async def stats_json(self, request: Request) -> Response:
        """The stats page's figures: ``referee stats --json`` over the folder."""
        assert self.season is not None
        doc = await run_in_threadpool(self.season.stats)
        return Response(json.dumps(doc, ensure_ascii=False),
                        media_type="application/json")

    def routes(self) -> list[Any]:
        static = Mount("/static", app=StaticFiles(directory=HERE / "static"), name="static")
        if self.folder:
            return [Route("/", self.index), Route("/stats", self.stats),
                    Route("/stats.json", self.stats_json),
                    Route("/g/{rest:path}", self.folder_game), static]
        return [Route("/", self.file_page),
                Route("/{sub:str}", self.file_page), static]


def too_many() -> Response:
    return PlainTextResponse("too many live pages open; try again later", 503,
                             headers={"retry-after": "10"})


def as_json(doc: dict[str, Any]) -> Response:
    return Response(json.dumps(doc, ensure_ascii=False, separators=(",", ":")),
                    media_type="application/json")


def make_app(target: Path, *, token: str | None = None, max_clients: int = 100,
             hosts: Sequence[str] = LOOPBACK, seats: bool = False) -> Starlette:
    """The Starlette app serving ``target`` (a game file, or a folder of them); with
    ``token``, only under ``/t/TOKEN/``: every other URL is a bare 404. A request whose
    ``Host`` is not one of ``hosts`` (this server's own names: a page of another site that
    had its name point here, DNS rebinding, names itself) gets a bare 400."""
    import contextlib

    import anyio
    from starlette.middleware.gzip import GZipMiddleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware
    from starlette.routing import Router

    site = Site(Path(target), token, max_clients, seats)
    if not site.folder:
        site.hub.feed(site.target)  # read at once: the first page is ready

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        import asyncio

        site.hub.loop = asyncio.get_running_loop()
        try:
            yield
        finally:
            site.hub.close()
            site.judges.close()
            await anyio.sleep(0)

    routes = site.routes()
    if token is not None:  # (the base without its slash: sent to it, by a relative address)
        routes = [Route(f"/t/{token}", lambda _r: RedirectResponse(site.root, 307)),
                  Mount(f"/t/{token}", app=Router(routes, redirect_slashes=False))]
    if site.seats is not None:  # each seat under its own key, outside the table's token
        every = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
        routes = [Mount("/s/static", app=StaticFiles(directory=HERE / "static")),
                  Route("/s/{key}/", site.seats.route, methods=every),
                  Route("/s/{key}/{sub:str}", site.seats.route, methods=every), *routes]
    app = Starlette(routes=routes, lifespan=lifespan)
    # Starlette's own slash redirect writes the request's Host into its Location: none
    app.router.redirect_slashes = False
    app.state.site = site
    app.add_middleware(GZipMiddleware, minimum_size=2048)  # (never the event stream)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(hosts), www_redirect=False)
    app.add_middleware(Headers)
    return app


def new_token() -> str:
    return secrets.token_urlsafe(16)
