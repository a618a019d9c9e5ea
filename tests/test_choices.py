"""The query ``GameRules.choices`` against the strict path (``Session.add``): for random
positions of every game, hands known and unseen, an entry is offered with ``allowed`` exactly
when ``add`` accepts it (refused: with the rule id offered), and with the hands known every
entry ``add`` accepts for the seat to act is among those offered. A play picked card by card
(``Pick``, Kozel): a sample of the sets it admits, each accepted or refused by a rule (and
accepted wherever the cards may be in the hand and no beat is asked), and a sample of the
sets it does not admit, each refused."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from itertools import combinations
from math import comb
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import sort_hand
from referee.errors import IllegalEntry, RefereeError
from referee.games import get
from referee.games.base import Choices, Pick
from referee.history.session import Session
from referee.model import Deal, Entry, Exchange, Key, Play, Pull, Result, Setup
from referee.store import savefile
from tests.helpers import cli_run

FOUR = ("Ala", "Bartek", "Celina", "Darek")
SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")
GAMES = ["kierki", "wisconsin-schmier", "schmier", "kozel", "foursquare"]
PLAYERS = {"schmier": SIX, "foursquare": ("Ala",)}
FEW = settings(max_examples=12, deadline=None,
               suppress_health_check=[HealthCheck.too_slow])
TRIED = 40  # offered entries tried on the strict path, per seat and position (a sample)
PICKED = 12  # sets tried of a pick, admitted and not, per seat and position (a sample)


def try_add(s: Session, text: str) -> tuple[bool, str | None]:
    """Whether the strict path accepts ``text`` now, and the rule when it refuses; the
    session is left as it was."""
    with s.trial():
        try:
            s.add(text)
            return True, None
        except IllegalEntry as e:
            return False, e.rule
        except RefereeError:
            return False, None


def norm(s: Session, text: str) -> tuple[Entry, ...] | None:
    """The entries ``text`` reads as, cards in a fixed order (a set of cards is one entry)."""
    try:
        entries = s.rules.parse_entry(text, s.setup, s.result())
    except RefereeError:
        return None
    out: list[Entry] = []
    for e in entries:
        if isinstance(e, (Play, Pull, Exchange)) and e.cards is not None:
            cards = tuple(sorted(e.cards, key=lambda c: "" if c is None else str(c)))
            e = type(e)(**{**{f: getattr(e, f) for f in e.__dataclass_fields__},
                           "cards": cards})
        out.append(e)
    return tuple(out)


def check(s: Session, rng: random.Random, complete: bool) -> int:
    """Every seat's choices against the strict path; the number of entries tried."""
    res = s.result()
    tried = 0
    for seat in s.setup.players:
        offer = s.rules.choices(s.setup, s.deals, res, seat)
        assert isinstance(offer, Choices) and offer.seat == seat
        assert offer.turn == res.expect.player
        assert len({c.entry for c in offer.choices}) == len(offer.choices)  # each once
        for c in offer.choices:
            assert c.entry.startswith(f"{seat}:") or c.entry.startswith(f"{seat} pulls:")
            assert c.allowed == (c.rule is None), c
        sample = list(offer.choices)
        rng.shuffle(sample)
        allowed = [c for c in sample if c.allowed]
        # every allowed one first (up to the sample), then refused ones
        for c in (allowed[:TRIED] + [c for c in sample if not c.allowed])[:TRIED + 8]:
            ok, rule = try_add(s, c.entry)
            tried += 1
            assert ok == c.allowed, (c, rule, res.expect.prompt)
            if not ok:
                assert rule == c.rule, (c, rule)
        assert all(p.player == seat for p in offer.picks)
        # a play picked only in turn; a pull (Kozel) by any seat, in turn or not
        assert all(p.label == "pull" or seat == res.expect.player for p in offer.picks)
        for p in offer.picks:
            tried += check_pick(s, p, offer, rng)
        if complete and seat == res.expect.player:
            offered = {norm(s, c.entry) for c in offer.choices if c.allowed}
            for text in candidates(s, seat):
                if norm(s, text) in offered:
                    continue
                ok, _rule = try_add(s, text)
                tried += 1
                assert not ok, (text, "accepted but not offered", res.expect.prompt)
    return tried


def check_pick(s: Session, p: Pick, offer: Choices, rng: random.Random) -> int:
    """A pick against the strict path: the sets it admits are accepted or refused by a rule
    (accepted where no beat is asked and the cards may all be in the hand), the sets it does
    not admit refused, every play of known cards offered and allowed among those it admits."""
    res = s.result()
    assert p.cards and len(set(p.cards)) == len(p.cards) and 1 <= p.least <= p.most <= 4
    assert "{cards}" in p.entry and (p.entry_down is None or "{cards}" in p.entry_down)
    for c in offer.choices:  # (a pull's pick: no pull is listed where it is given)
        if p.label == "pull":
            assert not c.entry.startswith(f"{p.player} pulls:"), (c, p)
        elif c.allowed and not c.entry.startswith(f"{p.player} pulls:"):
            words = c.entry.partition(":")[2].strip()
            down = words.startswith("~")
            if "?" not in words:
                assert p.admits(words.lstrip("~").split(), down), (c, p)
    t = s.rules.run(s.setup, s.deals).games[-1]
    known = {str(c) for c in t.book.known[p.player]}
    free = t.book.free_slots(p.player)
    lead = p.entry_down is None
    # a pull right after another seat's pull may break its priority (``pull``): not asked
    last = s.deals[-1].entries[-1] if s.deals and s.deals[-1].entries else None
    pulled = isinstance(last, Pull) and last.player != p.player
    tried = 0
    for _ in range(PICKED):
        n = rng.randint(p.least, p.most)
        pool = list(p.cards)
        if p.one_suit:
            suit = rng.choice(pool)[-1]
            pool = [c for c in pool if c[-1] == suit]
        if len(pool) < n:
            continue
        cards = rng.sample(pool, n)
        down = p.entry_down is not None and rng.random() < 0.5
        assert p.admits(cards, down)
        ok, rule = try_add(s, p.text(cards, down))
        tried += 1
        assert ok or rule is not None, (cards, down, res.expect.prompt)
        if (lead or down) and len(set(cards) - known) <= free and not (
                p.label == "pull" and pulled):
            assert ok, (cards, down, rule, res.expect.prompt)
    outside = [str(c) for c in s.rules.deck if str(c) not in p.cards]
    for _ in range(PICKED):
        way = rng.choice(["count", "suits", "down", "outside"])
        n = rng.randint(p.least, p.most)
        cards = rng.sample(p.cards, min(n, len(p.cards)))
        down = p.entry_down is not None and rng.random() < 0.5
        if way == "count":  # one card more than it may, or one fewer
            if p.most < len(p.cards) and (p.least == 1 or rng.random() < 0.5):
                cards = rng.sample(p.cards, p.most + 1)
            elif p.least > 1:
                cards = rng.sample(p.cards, p.least - 1)
        elif way == "suits" and p.one_suit and len({c[-1] for c in p.cards}) > 1:
            a = rng.choice(p.cards)
            cards = [a, rng.choice([c for c in p.cards if c[-1] != a[-1]])]
        elif way == "down" and p.entry_down is None:
            down = True
        elif way == "outside" and outside:
            cards[0] = rng.choice(outside)
        if p.admits(cards, down):
            continue
        form = p.entry_down if down and p.entry_down is not None else p.entry
        text = form.replace("{cards}", " ".join(cards))
        text = text.replace(": ", ": ~", 1) if down and p.entry_down is None else text
        ok, rule = try_add(s, text)
        tried += 1
        assert not ok, (text, "accepted but not admitted by the pick", res.expect.prompt)
    return tried


# -- the entries a seat might try (hands known) -----------------------------------------------


def candidates(s: Session, seat: str) -> Iterable[str]:
    """Entries of the kind the game waits for from ``seat`` now: the cards of the deck, the
    bids, the suits, the sets of cards of the hand (discards, Kozel's plays and pulls)."""
    res = s.result()
    exp = res.expect
    game = s.setup.game
    hand = sort_hand(list((res.table.hands or {}).get(seat, [])))
    if exp.action == "trump":
        yield from (f"{seat}: trump {x}" for x in "SHDC")
    elif exp.action == "bid":
        yield from (f"{seat}: {b}" for b in ["pass", *range(0, 9)])
    elif exp.action == "turn":
        yield f"{seat}: pass"
        yield from (f"{seat}: {c}" for c in s.rules.deck)
    elif exp.action == "exchange":
        # (not tried: a discard before the take, the take not written down; a discard by
        # its count alone, the cards not named: both accepted, neither offered with the
        # hands known, docs/DESIGN.md "What a seat may enter")
        yield f"{seat}: take"
        if game == "wisconsin-schmier" and "take" in exp.choices:
            return
        yield f"{seat}: discard 0"
        sizes = {1, 2, 3, len(hand) - 6} - {0}  # 0-3 cards, or back to 6
        sets = [d for n in sizes if 0 < n <= len(hand) and comb(len(hand), n) <= 300
                for d in combinations(hand, n)]
        yield from (f"{seat}: discard " + " ".join(map(str, d)) for d in sets)
    elif exp.action == "place":
        g = res.state[-1] if res.state and not exp.new_deal else None
        card = g.next_card() if g is not None else None
        if card is None:
            return
        if not g.piles:  # the first card goes anywhere: offered at 0,0 (the grid's origin)
            yield f"{seat}: {card} 0,0"
            return
        yield from (f"{seat}: {card} {r},{c}" for r in range(-4, 5) for c in range(-4, 5))
    elif exp.action in ("lead", "play"):
        yield from (f"{seat}: {c}" for c in s.rules.deck)
        if game == "kozel":
            for n in range(1, 5):
                for d in combinations(hand, n):
                    cards = " ".join(map(str, d))
                    yield f"{seat}: {cards}"
                    yield f"{seat}: ~{cards}"
                    if n == 4:
                        yield f"{seat} pulls: {cards}"


def position(game: str, seed: int, known: bool, steps: int, skip: int = 0) -> Session:
    """A game ``steps`` entries in, each a random allowed choice of the player to act (the
    query drives; ``check`` judges it). ``known``: the referee deals (``--deal``). Kierki
    starts after ``skip`` deals played out at random (to reach the trump deals and the small
    lottery); Wisconsin Schmier takes 0-3 undealt cards (``kitty_view``, by the seed)."""
    players = PLAYERS.get(game, FOUR)
    rules = get(game)
    options = {"kitty_view": seed % 4} if game == "wisconsin-schmier" else {}
    setup = Setup(game, players, players[seed % len(players)], options,
                  seed=seed if known else None)
    deals: list[Deal] = []
    if game == "kierki" and skip:
        from referee.games.kierki.playout import random_game

        first, deals = random_game(seed, hands_known=known, deals=skip)
        setup = Setup(game, players, first.first_dealer, seed=seed if known else None)
    s = Session(rules, setup, deals)
    s.deal_if_due()
    rng = random.Random(seed)
    for _ in range(steps):
        res = s.result()
        if s.over(res):
            break
        if not step(s, res, rng):
            break
    return s


def step(s: Session, res: Result, rng: random.Random) -> bool:
    """One random allowed entry of the player to act (Kozel's card points when the
    discards were not seen: the example the prompt gives); False when there is none."""
    if res.expect.action == "outcome":
        m = re.search(r"'(points \d+ \d+)'", res.expect.prompt)
        assert m is not None, res.expect.prompt
        s.add(m.group(1))
        return True
    allowed = s.rules.choices(s.setup, s.deals, res).allowed()
    if not allowed:
        return False
    s.add(rng.choice(allowed).entry)
    return True


def playout(game: str, seed: int, known: bool, deal: float, at: float) -> Session:
    """A random legal game recorded as the games' own playouts write it (hands known or
    only what the table sees: Kozel's face-down plays of unseen cards, Schmier's exchanges
    by count), cut inside one of its deals."""
    rules = get(game)
    if game == "kierki":
        from referee.games.kierki.playout import random_game

        setup, deals = random_game(seed, hands_known=known, deals=1 + seed % 12)
    elif game == "kozel":
        from referee.games.kozel.playout import random_series

        setup, deals, _t, _l = random_series(seed, modes=("known",) if known else ("unseen",),
                                             max_games=3)
    else:
        from referee.games.schmier.playout import random_game as schmier_game

        setup, deals = schmier_game(rules, PLAYERS.get(game, FOUR), seed,  # type: ignore[arg-type]
                                    hands_known=known, max_deals=3)
    k = min(len(deals) - 1, int(deal * len(deals)))
    d = deals[k]
    keys = [e for e in d.entries if isinstance(e, Key) and e.name not in ("claimed", "note")]
    acts = [e for e in d.entries if not isinstance(e, Key)]
    return Session(rules, setup, [*deals[:k], Deal(keys + acts[:int(at * len(acts))])])


@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6), known=st.booleans(),
       steps=st.integers(0, 70), skip=st.integers(0, 11))
@FEW
def test_offered_exactly_when_the_strict_path_accepts(game: str, seed: int, known: bool,
                                                      steps: int, skip: int) -> None:
    s = position(game, seed, known, steps, skip)
    check(s, random.Random(seed), complete=known)


@given(game=st.sampled_from(["kierki", "wisconsin-schmier", "schmier", "kozel"]),
       seed=st.integers(0, 10**6), known=st.booleans(), deal=st.floats(0, 0.999),
       at=st.floats(0, 1))
@FEW
def test_recorded_games_cut_anywhere(game: str, seed: int, known: bool, deal: float,
                                     at: float) -> None:
    s = playout(game, seed, known, deal, at)
    check(s, random.Random(seed), complete=known)


@pytest.mark.parametrize("game", GAMES)
def test_every_phase_is_reached(game: str) -> None:
    """Driven by the query alone, each game passes through every kind of entry it waits for
    (the positions above are not stuck at the first)."""
    seen: set[str] = set()
    for seed in range(4):
        s = position(game, seed, seed % 2 == 0, 0, skip=7 + seed)
        rng = random.Random(seed)
        for _ in range(150):
            res = s.result()
            if s.over(res):
                break
            seen.add(res.expect.action)
            assert step(s, res, rng), res.expect.prompt
    want = {"kierki": {"lead", "play", "trump", "turn"},
            "wisconsin-schmier": {"bid", "exchange", "lead", "play"},
            "schmier": {"bid", "trump", "exchange", "lead", "play"},
            "kozel": {"lead", "play"}, "foursquare": {"place"}}[game]
    assert want <= seen, seen


# -- the users: status --json, the prompt's Tab -----------------------------------------------


def saved(tmp_path: Path, s: Session) -> Path:
    path = tmp_path / f"{s.setup.game}.toml"
    path.write_text(savefile.dumps(s.rules, s.setup, s.deals), encoding="utf-8")
    return path


def test_status_json_gives_the_choices_of_the_player_to_act(tmp_path: Path) -> None:
    s = position("kierki", 7, True, 5)  # hands known, a trick under way
    path = saved(tmp_path, s)
    code, out, _ = cli_run("status", str(path), "--json")
    assert code == 0
    doc = json.loads(out)
    choices = doc["expect"]["choices"]
    want = s.rules.choices(s.setup, s.deals, s.result())
    assert choices == [c.to_json() for c in want.choices]
    assert all(set(c) == {"entry", "label", "allowed", "rule"} for c in choices)
    refused = [c for c in choices if not c["allowed"]]
    assert refused and {c["rule"] for c in refused} == {"follow-suit"}
    for c in choices[:3]:
        assert c["entry"].startswith(doc["expect"]["player"] + ": ")


def test_status_json_seat_gives_another_seat_and_refuses_a_stranger(tmp_path: Path) -> None:
    s = position("wisconsin-schmier", 3, False, 1)  # bidding
    path = saved(tmp_path, s)
    res = s.result()
    other = next(p for p in s.setup.players if p != res.expect.player)
    code, out, _ = cli_run("status", str(path), "--json", "--seat", other.lower())
    assert code == 0
    assert json.loads(out)["expect"]["choices"] == []  # not this seat's turn
    code, out, _ = cli_run("status", str(path), "--json", "--seat", res.expect.player)
    got = json.loads(out)["expect"]["choices"]
    assert code == 0 and got[0]["entry"] == f"{res.expect.player}: pass"
    code, out, err = cli_run("status", str(path), "--json", "--seat", "Zbigniew")
    assert code == 2 and out == "" and "Zbigniew" in err


def test_tab_offers_the_allowed_cards_of_the_query(tmp_path: Path) -> None:
    from cli.table.base import TableBase

    s = position("kierki", 7, True, 5)  # a trick under way: the suit led must be followed
    t = TableBase(s, saved(tmp_path, s), True, None)
    offer = s.rules.choices(s.setup, s.deals, s.result())
    allowed = {c.entry.split(": ")[1] for c in offer.choices if c.allowed}
    refused = {c.entry.split(": ")[1] for c in offer.choices if not c.allowed}
    assert allowed and refused
    words = set(t.words(f"{s.result().expect.player}: "))
    assert allowed <= words and not refused & words


def test_status_json_gives_the_pick_beside_the_choices(tmp_path: Path) -> None:
    """Kozel, hands unseen: ``expect.picks`` is an addition (CLI.md's ``choices`` keep their
    four fields); the seat in turn has the play's pick and the pull's, another seat the pull's
    only (a pull may be made out of turn)."""
    s = position("kozel", 3, False, 1)  # trump named: the first lead
    path = saved(tmp_path, s)
    who = s.result().expect.player
    code, out, _ = cli_run("status", str(path), "--json", "--seat", who)
    assert code == 0
    expect = json.loads(out)["expect"]
    assert all(set(c) == {"entry", "label", "allowed", "rule"} for c in expect["choices"])
    want = s.rules.choices(s.setup, s.deals, s.result(), who)
    assert expect["picks"] == [p.to_json() for p in want.picks]
    pick, pull = expect["picks"]
    assert (pick["player"], pick["min"], pick["max"], pick["one_suit"]) == (who, 1, 4, True)
    assert pick["entry"] == f"{who}: {{cards}}" and pick["entry_down"] is None
    assert (pull["label"], pull["min"], pull["max"], pull["one_suit"]) == ("pull", 4, 4, True)
    assert pull["entry"] == f"{who} pulls: {{cards}}" and pull["entry_down"] is None
    other = next(p for p in s.setup.players if p != who)
    code, out, _ = cli_run("status", str(path), "--json", "--seat", other)
    assert code == 0
    assert [p["label"] for p in json.loads(out)["expect"]["picks"]] == ["pull"]  # out of turn
