"""A save writes out only the deals it changes (``tomlwrite.UNCHANGED`` stands for the others),
and gives the same bytes as writing out every deal; a file whose deals tomlkit must rewrite
whole still gets every deal."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from referee.cards import DECK_40
from referee.history.session import Session
from referee.store import savefile, tomlwrite

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


def every_deal_written(s: Session) -> str:
    """The change as it was made before: the whole game on both sides (``to_dict``)."""
    doc = tomlwrite.SaveDoc(s.ondisk.raw or b"")
    old = savefile.to_dict(s.rules, s.setup, s.rewrite.saved)
    doc.reconcile(old, savefile.to_dict(s.rules, s.setup, s.deals))
    text: str = doc.as_string()
    return text


def next_entry(s: Session) -> str:
    """A legal entry for the game as it stands (the first the completions offer)."""
    res = s.result()
    words = [w for w in s.rules.completions(s.setup, s.deals, res)
             if w not in s.setup.players]
    if res.expect.action == "place":  # a card not placed yet in this game, at a legal place
        game = res.state[-1]
        placed = set() if game.over else {t.card for t in game.turns}
        card = next(c for c in DECK_40 if c not in placed)
        return f"{card} " + next(w for w in words if "," in w)
    return f"{res.expect.player}: {words[0]}"


@pytest.mark.parametrize("name", ["kierki-in-progress.toml", "foursquare-series.toml"])
def test_a_change_gives_the_bytes_of_every_deal_written(tmp_path: Path, name: str) -> None:
    p = tmp_path / name
    shutil.copyfile(SAMPLES / name, p)
    s = Session.load(p)
    for _ in range(6):  # the table mode: one session, entry after entry
        s._append(s.rules.parse_entry(next_entry(s), s.setup, s.result())[0])
        assert s.text() == every_deal_written(s)
        s.save()
    assert [d.entries for d in Session.load(p).deals] == [d.entries for d in s.deals]


def test_deals_typed_as_an_inline_array_are_written_whole(tmp_path: Path) -> None:
    src = (SAMPLES / "kierki-in-progress.toml").read_text(encoding="utf-8")
    data = tomllib.loads(src)
    head = src[:src.index("[[deals]]")]
    rows = []
    for d in data["deals"]:
        inner = ", ".join(f"{k} = {tomlwrite.inline(v)}" for k, v in d.items())
        rows.append("  { " + inner + " },")
    p = tmp_path / "inline.toml"
    p.write_text(head + "deals = [\n" + "\n".join(rows) + "\n]\n", encoding="utf-8")
    s = Session.load(p)
    n = sum(len(d.entries) for d in s.deals)
    s.add(next_entry(s))
    back = Session.load(p)
    assert sum(len(d.entries) for d in back.deals) == n + 1
    assert [d.entries for d in back.deals] == [d.entries for d in s.deals]
