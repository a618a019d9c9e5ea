"""Writes the Kierki sample games in sample_games/ (run once; the files are committed).

Each broken sample is made from a random legal game by one deliberate change whose
consequence is known by construction (see the comments); the expected sheets are then
checked against the referee by tests/test_golden.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from referee.games import get
from referee.games.kierki.play import trick_penalty
from referee.games.kierki.playout import random_game
from referee.model import Deal, Key, Play
from referee.store import savefile

OUT = Path(__file__).resolve().parent.parent / "sample_games"
K = get("kierki")


def write(name: str, setup, deals, title: str) -> None:
    from dataclasses import replace

    setup = replace(setup, title=title)
    (OUT / f"{name}.toml").write_text(savefile.dumps(K, setup, deals))
    res = K.replay(setup, deals).to_json()
    expected = {k: res[k] for k in ("totals", "winner", "complete", "ok")}
    expected["violations"] = [{k: v[k] for k in ("deal", "trick", "player", "rule")}
                              | ({"turn": v["turn"]} if "turn" in v else {})
                              for v in res["violations"]]
    expected["deals"] = [{"number": d["number"], "scores": d["scores"]} for d in res["deals"]]
    (OUT / f"{name}.expected.json").write_text(json.dumps(expected, indent=2) + "\n")
    print(name, res["totals"], res["winner"], [(v["deal"], v["trick"], v["rule"])
                                               for v in res["violations"]])


def plays(deal: Deal) -> list[Play]:
    return [e for e in deal.entries if isinstance(e, Play)]


def tricks_of(deal: Deal) -> list[list[Play]]:
    ps = plays(deal)
    return [ps[i:i + 4] for i in range(0, len(ps), 4)]


def winner(trick: list[Play], trump: str | None) -> str:
    best = trick[0]
    for p in trick[1:]:
        c, b = p.cards[0], best.cards[0]
        if (c.suit == b.suit and c.rank > b.rank) or (c.suit == trump and b.suit != trump):
            best = p
    return best.player


def swap(deal: Deal, a: Play, b: Play) -> Deal:
    out = []
    for e in deal.entries:
        if e is a:
            out.append(Play(a.player, b.cards))
        elif e is b:
            out.append(Play(b.player, a.cards))
        else:
            out.append(e)
    return Deal(out)


def find_revoke(deal: Deal):
    """P followed suit s with c1 at trick t (not winning it) and led c2 (another suit) at a
    later trick t2: swapping them makes P not follow s at t while holding c1 (a revoke at t,
    proven at t2); both tricks keep their winners."""
    ts = tricks_of(deal)
    for t, trick in enumerate(ts):
        led = trick[0].cards[0].suit
        for p in trick[1:]:
            c1 = p.cards[0]
            if c1.suit != led or winner(trick, None) == p.player:
                continue
            for t2 in range(t + 1, len(ts)):
                lead = ts[t2][0]
                if lead.player != p.player or lead.cards[0].suit == led:
                    continue
                new = swap(deal, p, lead)
                nts = tricks_of(new)
                if all(winner(nts[i], None) == winner(ts[i], None) for i in range(len(ts))):
                    yield new, t + 1, p.player


def main() -> None:
    OUT.mkdir(exist_ok=True)
    setup, deals = random_game(2026)
    write("kierki-complete", setup, deals, "A complete game, hands unseen")

    # outcome-only deals: the counts are taken from the real tricks of the same game
    setup, deals = random_game(77)
    mixed = list(deals)
    for n in (2, 6, 9):
        ts = tricks_of(deals[n - 1])
        trump = deals[n - 1].key("trump")
        if n == 2:
            hearts = {p: 0 for p in setup.players}
            for tr in ts:
                hearts[winner(tr, None)] += sum(1 for e in tr if e.cards[0].suit == "H")
            o = {"hearts": hearts}
        elif n == 6:
            o = {"trick_7": winner(ts[6], None), "last_trick": winner(ts[12], None)}
        else:
            tricks = {p: 0 for p in setup.players}
            for tr in ts:
                tricks[winner(tr, trump)] += 1
            o = {"tricks": tricks}
        entries = [Key("dealer", deals[n - 1].key("dealer"))]
        if trump:
            entries.append(Key("trump", trump))
        entries.append(Key("outcome", o))
        mixed[n - 1] = Deal(entries)
    # deal 1: the table's own score sheet, written down (right)
    s1 = {p: 0 for p in setup.players}
    for i, tr in enumerate(tricks_of(deals[0])):
        s1[winner(tr, None)] += trick_penalty(1, i + 1, [e.cards[0] for e in tr])
    mixed[0] = Deal(deals[0].entries + [Key("claimed", s1)])
    assert K.replay(setup, mixed).totals == K.replay(setup, deals).totals
    write("kierki-outcomes", setup, mixed, "Some deals recorded as outcomes only")

    # a proven revoke in deal 3 (no queens)
    done = False
    for seed in range(100, 400):
        setup, deals = random_game(seed)
        for found in find_revoke(deals[2]):
            trial = list(deals)
            trial[2] = found[0]
            got = [(v.deal, v.trick, v.player, v.rule) for v in K.replay(setup, trial).violations]
            if got != [(3, found[1], found[2], "follow-suit")]:
                continue  # the moved card also proves other tricks: keep the sample to one
            deals = trial
            done = True
            write("kierki-revoke", setup, deals, f"A revoke at deal 3, trick {found[1]} by "
                  f"{found[2]}, proven later")
            break
        if done:
            break

    # a forbidden heart lead in deal 2: a player leads a heart they really played later,
    # instead of their real (non-heart) lead, which they play later instead: they held that
    # non-heart when they led the heart, so the lead broke hearts-lead (proven later)
    done = False
    for seed in range(400, 3000):
        setup, deals = random_game(seed)
        ts = tricks_of(deals[1])
        for t1 in range(1, 12):
            lead = ts[t1][0]
            if lead.cards[0].suit == "H":
                continue
            for t2 in range(t1 + 1, 13):
                for p in ts[t2]:
                    if p.player != lead.player or p.cards[0].suit != "H":
                        continue
                    trial = list(deals)
                    trial[1] = swap(deals[1], lead, p)
                    got = [(v.deal, v.trick, v.player, v.rule)
                           for v in K.replay(setup, trial).violations]
                    if got == [(2, t1 + 1, lead.player, "hearts-lead")]:
                        write("kierki-hearts-lead", setup, trial,
                              f"{lead.player} leads a heart at deal 2, trick {t1 + 1}")
                        done = True
                        break
                if done:
                    break
            if done:
                break
        if done:
            break

    setup, deals = random_game(31337)
    part = deals[:5]
    part[4] = Deal(part[4].entries[:1 + 4 * 6 + 2])
    write("kierki-in-progress", setup, part, "A game stopped in deal 5, trick 7")

    setup, deals = random_game(4242, hands_known=True)
    write("kierki-hands-known", setup, deals, "A complete game dealt by the referee")


if __name__ == "__main__":
    sys.exit(main())
