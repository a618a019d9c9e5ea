"""The deal tables of Schmier and Wisconsin Schmier: reading them into entries, writing them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import Card
from ...errors import NotationError
from ...model import Bid, Deal, Entry, Exchange, Key, Play, Setup, team_name
from ...notation import resolve_player, split_actor
from ...store.claimkeys import dump as claim_dump
from ...store.claimkeys import fold as claim_fold
from ...store.claimkeys import read as claim_read
from ..keys import Where, check_hands, common_key, dump_common, read_cards, read_suit
from .score import teams_of
from .text import POINT_TEXT

if TYPE_CHECKING:
    from .rules import SchmierRules

MAX_COUNT = 20


def resolve_team(text: str, setup: Setup) -> str | None:
    """The team a name stands for: a member (any unique prefix) or the team's own name."""
    groups = teams_of(setup.players)
    names = [team_name(g) for g in groups]
    t = text.strip().casefold()
    for n in names:
        if n.casefold() == t:
            return n
    try:
        p = resolve_player(text, setup.players)
    except NotationError:
        return None
    return next(team_name(g) for g in groups if p in g)


def read_team(value: Any, setup: Setup, where: Where, key: str) -> str:
    team = resolve_team(value, setup) if isinstance(value, str) else None
    if team is None:
        raise where.err(key, f"a team, named by any member ({', '.join(setup.players)})")
    return team


def read_claimed(value: Any, setup: Setup, where: Where) -> dict[str, int]:
    """The scores the table wrote down, by team (any member's name). A sheet may give every
    player their team's score: when the members of a team agree it is one claim of the team;
    when they do not, each member's claim is kept under the member's own name, so that the
    one that differs from the computed score is its own ``claimed-score`` (as in Kozel)."""
    if not isinstance(value, dict):
        raise where.err("claimed", "a table of team (any member's name) = score")
    got: list[tuple[str, str, int]] = []  # (name as written, team, score)
    for name, n in value.items():
        key = f"claimed.{name}"
        if isinstance(n, bool) or not isinstance(n, int):
            raise where.err(key, "a whole number")
        got.append((name, read_team(name, setup, where, key), n))
    out: dict[str, int] = {}
    for name, team, n in got:
        if len({x for _, t, x in got if t == team}) == 1:
            out[team] = n
            continue
        try:
            who = resolve_player(name, setup.players)
        except NotationError:  # the team's own name, beside a member's other score
            who = team
        if who in out:
            raise where.err(f"claimed.{name}", f"{who} named once")
        out[who] = n
    return out


def read_count_or_cards(value: Any, where: Where, key: str) -> tuple[tuple[Card, ...] | None,
                                                                     int]:
    if isinstance(value, bool):
        raise where.err(key, 'cards like "7D 8D" or a number of cards')
    if isinstance(value, int):
        if not 0 <= value <= MAX_COUNT:
            raise where.err(key, f"a number of cards from 0 to {MAX_COUNT}")
        return ((), 0) if value == 0 else (None, value)
    if not isinstance(value, str):
        raise where.err(key, 'cards like "7D 8D" or a number of cards')
    cards = read_cards(value, where, key)
    return cards, len(cards)


def read_bids(value: Any, setup: Setup, where: Where) -> list[Entry]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise where.err("bids", 'a list of strings like "Bartek: pass", "Celina: 3"')
    if len(value) > len(setup.players) * 2:
        raise where.err("bids", f"at most one bid per player, not {len(value)}")
    out: list[Entry] = []
    for i, line in enumerate(value):
        key = f"bids[{i + 1}]"
        try:
            who, _verb, body = split_actor(line, setup.players)
        except NotationError as e:
            raise where.err(key, f'"Name: 3" or "Name: pass" with a seated player ({e})'
                            ) from None
        b = body.strip().lower()
        if who is None or not (b in ("pass", "p") or b.isdigit() and len(b) <= 2):
            raise where.err(key, '"Name: 3" or "Name: pass"')
        out.append(Bid(who, None if b in ("pass", "p") else int(b)))
    return out


def read_tricks(seats: int, value: Any, setup: Setup, where: Where) -> list[Entry]:
    example = " ".join(["AS"] * seats)
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise where.err("tricks", f'a list of strings like "Bartek: {example}"')
    if len(value) > 6:
        raise where.err("tricks", f"at most 6 tricks, not {len(value)}")
    out: list[Entry] = []
    for i, line in enumerate(value):
        key = f"tricks[{i + 1}]"
        try:
            who, _verb, body = split_actor(line, setup.players)
        except NotationError as e:
            raise where.err(key, f'"Leader: cards" with a seated player ({e})') from None
        if who is None:
            raise where.err(key, f'"Leader: {example}"')
        cards = read_cards(body, where, key)
        if not cards or len(cards) > seats or (len(cards) < seats and i != len(value) - 1):
            raise where.err(key, f"{seats} cards (only the last trick may be shorter)")
        p = who
        for c in cards:
            out.append(Play(p, (c,)))
            p = setup.left_of(p)
    return out


def read_outcome(rules: SchmierRules, value: Any, setup: Setup,
                 where: Where) -> dict[str, str]:
    points = rules.variant.points
    if not isinstance(value, dict):
        raise where.err("outcome", "a table like outcome = { high = \"Ala\", game = \"Bartek\" }")
    out: dict[str, str] = {}
    for k, v in value.items():
        if k not in points:
            raise where.err(f"outcome.{k}", "one of " + ", ".join(points))
        if not isinstance(v, str) or not v.strip():
            raise where.err(f"outcome.{k}", "a team, named by any member "
                                            f"({', '.join(setup.players)})")
        # A name nobody at the table answers to is kept as written: the replay reports it
        # as `outcome-total` (RULES.md: "named players and teams exist").
        out[k] = resolve_team(v, setup) or v.strip()
    return {k: out[k] for k in points if k in out}


def bidder_of(bids: list[Entry], lo: int, hi: int) -> str | None:
    high, who = 0, None
    for b in bids:
        if isinstance(b, Bid) and b.value is not None and lo <= b.value <= hi and b.value > high:
            high, who = b.value, b.player
    return who


def parse_key(rules: SchmierRules, key: str, value: Any, setup: Setup, where: Where,
              ctx: dict[str, Any] | None) -> list[Entry]:
    v = rules.variant
    if key == "claimed":
        return [Key("claimed", read_claimed(value, setup, where))]
    got = common_key(key, value, setup, where)
    if got is not None:
        return got
    if key == "stock":
        return [Key("stock", read_cards(value, where, key))]
    if key == "trump":
        return [Key("trump", read_suit(value, where))]
    if key == "outcome":
        return [Key("outcome", read_outcome(rules, value, setup, where))]
    if key == "claim":
        return claim_read(rules, value, setup, where)
    if ctx is None:
        raise where.err(key, "an entry such as 'Ala: take 9C QH' or 'Ala: discard 7D' here")
    if key == "bids":
        return read_bids(value, setup, where)
    if key == "tricks":
        return read_tricks(v.seats, value, setup, where)
    if key == "kitty":
        bidder = bidder_of(ctx.get("bids", []), v.bid_min, v.bid_max)
        if bidder is None:
            raise where.err("kitty", "no kitty: nobody won the bidding")
        cards, n = read_count_or_cards(value, where, key)
        return [Exchange(bidder, "take", cards, n)]
    if key == "discards":
        if not isinstance(value, dict):
            raise where.err(key, 'a table of player = "cards" (or a number of cards)')
        out: list[Exchange] = []
        for name, x in value.items():
            from ..keys import read_name

            p = read_name(name, setup, where, f"discards.{name}")
            if any(e.player == p for e in out):
                raise where.err(f"discards.{name}", "each player once")
            cards, n = read_count_or_cards(x, where, f"discards.{name}")
            out.append(Exchange(p, "discard", cards, n))
        dealer = ctx.get("dealer")
        if dealer is not None and not v.kitty:
            seat = setup.players.index(dealer)
            k = len(setup.players)
            out.sort(key=lambda e: (setup.players.index(e.player) - seat - 1) % k)
        return list(out)
    raise where.err(key, f"a key of a {rules.name} deal")


def check_cards(rules: SchmierRules, hands: dict[str, tuple[Card, ...]] | None,
                stock: tuple[Card, ...] | None, setup: Setup, where: Where) -> None:
    deck = set(rules.variant.deck)
    seen: set[Card] = set()
    if hands is None:
        if stock is not None:
            raise where.err("stock", "the stock only together with every hand (hands)")
        return
    check_hands(hands, setup, where, 6, rules.variant.deck, seen)
    if stock is not None:
        for c in stock:
            if c in seen or c not in deck:
                raise where.err("stock", f"the undealt cards ({c} twice, dealt, or not in "
                                "the deck)")
            seen.add(c)
        if len(seen) != len(deck):
            raise where.err("stock", f"all {len(deck) - 6 * len(setup.players)} undealt "
                            f"cards, not {len(stock)}")


def parse_deal(rules: SchmierRules, raw: dict[str, Any], setup: Setup, where: Where) -> Deal:
    for k in raw:
        if k not in rules.deal_keys:
            raise where.err(k, "one of " + ", ".join(rules.deal_keys) + " (unknown key)")
    raw = claim_fold(raw, where)  # a claim and its answers: one entry
    if "outcome" in raw:
        if "tricks" in raw:
            raise where.err("outcome", "either an outcome or the tricks, not both")
        if "claim" in raw:
            raise where.err("claim", "no claim beside an outcome (the outcome says it all)")
        for need in ("bids", "trump"):
            if need not in raw:
                raise where.err(need, f"the {need} of the deal (required with an outcome)")
    entries: list[Entry] = []
    ctx: dict[str, Any] = {}
    for k in rules.deal_keys:
        if k not in raw:
            continue
        got = parse_key(rules, k, raw[k], setup, where, ctx)
        if k == "bids":
            ctx["bids"] = got
        if k == "dealer":
            ctx["dealer"] = got[0].value if isinstance(got[0], Key) else None
        entries.extend(got)
    deal = Deal(entries)
    hands = deal.key("hands")
    if deal.key("private") is True and hands is not None and (
            set(hands) != set(setup.players) or (rules.variant.bauers
                                                 and deal.key("stock") is None)):
        from ...history.private import check_some  # some hands only, each registered by its seat

        if deal.key("stock") is not None:
            raise where.err("stock", "the stock only together with every hand (hands)")
        # Schmier: each hand the 6 dealt, then the cards drawn at the exchange, in order
        most = 6 + rules.variant.undealt if rules.variant.bauers else None
        check_some(hands, setup, 6, rules.variant.deck, where, most)
        return deal
    check_cards(rules, hands, deal.key("stock"), setup, where)
    return deal


def cards_text(cards: tuple[Card, ...] | None, count: int) -> str | int:
    if cards is None:
        return count
    return " ".join(str(c) for c in cards)


def dump_deal(rules: SchmierRules, deal: Deal, setup: Setup) -> dict[str, Any]:
    out: dict[str, Any] = {}
    seats = len(setup.players)
    first = {team_name(g): g[0] for g in teams_of(setup.players)}
    for k in rules.deal_keys:
        if k in ("dealer", "hands", "private", "trump", "shown", "note"):
            x = dump_common(deal, k)
            if x is not None:
                out[k] = x
        elif k == "stock":
            s = deal.key("stock")
            if s is not None:
                out[k] = " ".join(str(c) for c in s)
        elif k == "bids":
            bids = [e for e in deal.entries if isinstance(e, Bid)]
            if bids:
                out[k] = [f"{b.player}: {'pass' if b.value is None else b.value}" for b in bids]
        elif k == "kitty":
            for e in deal.entries:
                if isinstance(e, Exchange) and e.kind == "take":
                    out[k] = cards_text(e.cards, e.count)
        elif k == "discards":
            ds = {e.player: cards_text(e.cards, e.count) for e in deal.entries
                  if isinstance(e, Exchange) and e.kind == "discard"}
            if ds:
                out[k] = ds
        elif k == "tricks":
            plays = [e for e in deal.entries if isinstance(e, Play)]
            if plays:
                lines = []
                for i in range(0, len(plays), seats):
                    group = plays[i:i + seats]
                    lines.append(f"{group[0].player}: " + " ".join(
                        str(e.cards[0]) for e in group))
                out[k] = lines
        elif k == "claim":
            tc = deal.key("claim")
            if tc is not None:
                out.update(claim_dump(tc))
        elif k == "outcome":
            o = deal.key("outcome")
            if o is not None:
                out[k] = {p: first.get(t, t) for p, t in o.items()}
        elif k == "claimed":
            c = deal.key("claimed")
            if c is not None:
                out[k] = {first.get(t, t): x for t, x in c.items()}
    return out


__all__ = ["POINT_TEXT", "dump_deal", "parse_deal", "parse_key", "resolve_team"]
