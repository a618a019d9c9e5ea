"""A seat shows the referee its own hand (``POST /s/KEY/hand``; CLI.md "Seats", issue 32).

The write goes through ``referee.history.private.register`` under the file's lock, read from disk
inside it, with the version check of every seat write (409 when the table changed); refused
by a rule: 422 with the rule id, nothing kept. One request registers the whole hand (the page
collects the taps, then sends them at once).

The seat's live view gains ``register``: None, or what the page needs to offer "show the
referee my hand" (before this seat's first card of the deal, and again whenever it has drawn
cards it has not shown: Kozel's draws from the stock): ``size`` (the count the game deals,
or the cards it holds now), ``registered`` (whether the referee holds this seat's hand
already), ``deck`` (the cards the page offers to tap: the game's deck less the cards laid
face up in this deal, so nothing beyond what the table has seen), ``drew`` (the cards it
drew and has not shown, 0 before its first card) and ``held`` (the cards of its hand the
referee holds already, picked when the page offers it: the seat sends its hand as it is
now, ``referee.history.private.register``).
"""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from referee.history import private

Json = dict[str, Any]
MAX_CARDS = 400  # characters of the cards' text (the body is at most 2 KB anyway)


def view(game: Any, name: str) -> Json | None:
    """``register`` for the seat ``name`` (``game``: its ``public.Game``, the seat's sight)."""
    if game is None:
        return None
    rules, setup, deals, res = game.rules, game.setup, game.deals, game.result
    size = private.may_register(rules, setup, deals, res, name)
    drew = None if size is not None else private.draws_to_show(rules, setup, deals, res, name)
    if size is None and drew is None:
        return None
    opened = bool(deals) and not res.expect.new_deal
    mine = private.registered(deals[-1]).get(name) if opened else None
    sight = game.sight(len(deals)) if opened else None
    seen = set(sight.visible or ()) if sight is not None else set()
    if drew is not None:  # its hand now: the cards it holds still, and those it drew
        own = set(drew.held | drew.maybe)
        deck = [str(c) for c in rules.deck if c in own or c not in seen]
        return {"size": drew.size, "registered": True, "deck": deck,
                "drew": drew.due - len(drew.laid),
                "held": [str(c) for c in rules.deck if c in drew.held]}
    own = set(mine or ())
    deck = [str(c) for c in rules.deck if c in own or c not in seen]
    return {"size": size, "registered": mine is not None and private.is_private(deals[-1]),
            "deck": deck, "drew": 0, "held": []}


def write(seats: Any, feed: Any, name: str, body: Json) -> Response:
    """``POST /s/KEY/hand``, in a worker thread (``Seats.write`` checked the request)."""
    from cli.serve.seat import answer, failure, stale
    from referee.errors import RefereeError
    from referee.history.session import Session
    from referee.store import filelock

    version = body.get("version")
    text = body.get("cards")
    if not isinstance(version, int) or isinstance(version, bool):
        return answer(400, {"accepted": False, "rule": None,
                            "message": "the body needs the version of the view (a number)"})
    if not isinstance(text, str) or len(text) > MAX_CARDS or \
            any(ord(ch) < 32 for ch in text):
        return answer(400, {"accepted": False, "rule": None,
                            "message": "the body needs the hand's cards (a text, like "
                                       "\"AS KS 7H\")"})
    try:
        with filelock.locked(seats.path):
            feed.refresh()
            now = feed.state.version
            if version != now:
                return stale(now)
            s = Session.load(seats.path)
            got = private.register(s, name, text)
    except RefereeError as e:
        return failure(e)
    feed.refresh()
    seats.site.tell_entry(name, f"hand shown to the referee ({len(got)} cards)")
    return answer(200, {"accepted": True, "version": feed.state.version, "proven": [],
                        "hand": [str(c) for c in got]})
