"""The replay, a deal at a time.

A whole game's replay is one step per trick (turn) with the referee's explanation of each,
and explaining is the costly part (a Foursquare series of 963 games: 16,000 steps, ~10 s and
26 MB as one document). So the page never asks for all of it:

* ``index(game)``: what the page needs to step through the game without its steps: each
  deal's number, name, first step (over the whole game) and number of steps, the total, and
  the violations, each with its deal and its step in that deal (``replay.json``);
* ``deal(game, n)``: deal ``n``'s head (``referee.views.public``'s ``deal_head``) and its steps,
  each explained, with its parts drawn by the page's templates (``replay.json?deal=N``).

Both are built from ``referee.views.public.replay`` (what the table has seen, nothing else), asked
to explain only the deal wanted (``_Explaining``): the rest of the game costs only its
trick records. Each is built in a worker thread, never on the server's event loop.
"""

from __future__ import annotations

import bisect
from typing import Any

from referee.views import public

Json = dict[str, Any]


class _Explaining(public.Game):
    """``game`` as it is, explaining only deal ``only``'s steps (None: no deal's)."""

    def __init__(self, game: public.Game, only: int | None) -> None:  # (no replay again)
        self.__dict__.update(game.__dict__)
        self._whole = game
        self._only = only

    def explain(self, number: int, trick: int | None) -> list[str]:
        return self._whole.explain(number, trick) if number == self._only else []


def index(game: public.Game) -> Json:
    """The replay's index: the deals with their steps' place, and the violations."""
    from cli.serve.views import shown

    doc = public.replay(_Explaining(game, None))
    deals = [{k: d[k] for k in ("number", "name", "finished", "first_step", "steps")}
             for d in doc["deals"]]
    first = {d["number"]: d["first_step"] for d in deals}
    violations = []
    for v in doc["violations"]:
        at = v.get("step")
        violations.append({**v, "deal_step": None if at is None else at - first[v["deal"]]})
    out: Json = shown({
        "viewer": doc["viewer"], "game": doc["game"], "game_title": doc["game_title"],
        "title": doc["title"], "players": doc["players"], "teams": doc["teams"],
        "unit": doc["sheet"].get("unit", "deal"), "deals": deals,
        "steps": len(doc["steps"]), "violations": violations})
    return out


def deal(game: public.Game, number: int, parts: Any) -> Json | None:
    """Deal ``number``'s page of the replay (None: the game has no such deal): its head, its
    steps explained, each with its parts drawn (``parts``: the templates' macros), and the
    violations proven in it."""
    from cli.serve.views import shown

    doc = public.replay(_Explaining(game, number))
    head = next((d for d in doc["deals"] if d["number"] == number), None)
    if head is None:
        return None
    first, count = head["first_step"], head["steps"]
    out: Json = shown({
        "deal": head, "unit": doc["sheet"].get("unit", "deal"),
        "steps": doc["steps"][first:first + count],
        "violations": [v for v in doc["violations"] if v["deal"] == number]})
    one = {"deals": [out["deal"]]}
    for step in out["steps"]:
        step["html"] = {"trick": str(parts.step_trick(one, step)),
                        "explain": str(parts.step_explain(step))}
    return out


def pick(idx: Json, q: Any) -> int:
    """The step (over the whole game) a query asks for: ``deal=N&step=K`` (K: 0 the deal's
    opening), or ``i=K``; out of range: the nearest one."""
    def number(key: str) -> int | None:
        v = q.get(key)
        try:
            return int(v) if v is not None else None
        except ValueError:
            return None

    total: int = idx["steps"]
    if not total:
        return 0
    if q.get("i") is not None or q.get("deal") is None:
        at = number("i") if q.get("i") is not None else number("step")
        return max(0, min(at or 0, total - 1))
    want = number("deal")
    d = next((x for x in idx["deals"] if x["number"] == want), None)
    if d is None:
        return 0 if want is None or want < idx["deals"][0]["number"] else total - 1
    return int(d["first_step"]) + max(0, min(number("step") or 0, int(d["steps"]) - 1))


def deal_at(idx: Json, i: int) -> Json | None:
    """The index's deal holding step ``i``."""
    deals = idx["deals"]
    k = bisect.bisect_right([d["first_step"] for d in deals], i) - 1
    return deals[k] if 0 <= k < len(deals) and i < deals[k]["first_step"] + deals[k]["steps"] \
        else None


def label(unit: str, step: Json) -> str:
    head = f"{unit.capitalize()} {step['deal']}"
    return head if step["kind"] == "deal" else f"{head} · {step['label']}"
