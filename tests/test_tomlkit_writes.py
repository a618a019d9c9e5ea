"""Issue 12, item 3: an existing save file is changed with tomlkit, only where the game changed.

A hand-typed file full of comments and blank lines (above keys, at line ends, inside the
tricks array, between the deal tables), after ``add`` then ``undo``, is byte-identical to
what it was; after ``add`` it differs only by the added entry; after an ``edit`` of one card
only that card's line changes. A new file is written whole, and reads back with tomllib.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomlkit

from referee.cards import SUITS, card
from referee.history.edit import entry_text
from referee.history.session import Session
from referee.model import Deal, Place, Play
from referee.store import savefile, tomlwrite
from tests.helpers import cli_run

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"

# (sample, how many entries back the hand-typed file stops): one sample per game family
GAMES = [
    ("kierki-in-progress.toml", 6),
    ("kierki-complete.toml", 14),  # back across the end of deal 12: a deal table comes back
    ("schmier-complete.toml", 8),
    ("wisconsin-kitty.toml", 5),
    ("kozel-pull-eggs.toml", 6),
    ("foursquare-series.toml", 6),
]


def annotate(text: str) -> str:
    """``text`` as a person would type it: comments above keys, at line ends, inside the
    arrays, between the deal tables; blank lines; uneven indents."""
    out = ["# Typed at the table, by hand.", "", "# who plays"]
    deal = item = 0
    in_array = False  # a quoted key (``"Ala & Celina" = 60``) is not an array item
    for line in text.splitlines():
        s = line.strip()
        if s == "[[deals]]":
            deal += 1
            out += ["", f"# deal {deal} starts here", "", f"{line}   # deal {deal}"]
        elif s.startswith("[") and not s.startswith('["'):
            out += [f"# {s[1:-1]} below", f"{line}  # a table"]
        elif s.endswith("= ["):
            item, in_array = 0, True
            out += [f"# the {s.split()[0]}, one a line", f"{line}  # opened"]
        elif s == "]":
            in_array = False
            out += ["  # that is all so far", "", f"{line}  # closed"]
        elif s.startswith('"') and in_array:
            item += 1
            if item % 3 == 1:
                out += ["    # the next line", f"{line}  # line {item}"]
            elif item % 3 == 2:
                out += ["", "      " + s]
            else:
                out.append(f"{line},# tight" if not s.endswith(",") else f"{line}#tight")
        elif "=" in s:
            out += [f"# about {s.split()[0]}", f"{line}   # so it was"]
        else:
            out.append(line)
    return "\n".join(out) + "\n\n# the end of the file\n"


def stopped_early(name: str, back: int) -> tuple[str, list[str]]:
    """The sample without its last ``back`` entries (annotated), and those entries as typed,
    in the order they were made."""
    rules, setup, deals = savefile.load(SAMPLES / name)
    s = Session(rules, setup, deals)
    taken = s.undo(back)
    assert len(taken) == back
    text = annotate(savefile.dumps(s.rules, s.setup, s.deals))
    assert savefile.loads(text.encode(), name)[2] == s.deals  # the comments change nothing
    return text, [entry_text(e, rules, setup) for e in reversed(taken)]


def quoted(line: str) -> tuple[str, str]:
    """A line as (the string it holds, the rest: indent, comma and comment)."""
    m = re.search(r'"(?:[^"\\]|\\.)*"', line)
    assert m is not None, line
    return m.group(0)[1:-1], line[:m.start()] + line[m.end():]


def only_added(before: str, after: str) -> tuple[list[str], list[str]]:
    """The lines ``after`` grows and the lines it inserts; fails when a line was removed or
    changed in any way but a trick line grown by the entry (its indent and comment kept)."""
    a, b = before.splitlines(), after.splitlines()
    grown: list[str] = []
    inserted: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if op == "replace":
            assert i2 - i1 == 1 and j2 - j1 >= 1, (a[i1:i2], b[j1:j2])
            old, new = quoted(a[i1]), quoted(b[j1])
            assert new[1] == old[1] and new[0].startswith(old[0]) and new[0] != old[0], \
                (a[i1], b[j1])  # the same line, grown at its end
            grown.append(b[j1])
            inserted.extend(b[j1 + 1:j2])
        else:
            assert op == "insert", (op, a[i1:i2])
            inserted.extend(b[j1:j2])
    return grown, inserted


def change_layout(deal: dict[str, Any]) -> str:
    """A deal table as a change to an existing file writes it (``tomlwrite``)."""
    doc = tomlkit.document()
    aot = tomlkit.aot()
    aot.append(tomlwrite._table(deal))
    doc.append("deals", aot)
    return str(doc.as_string())


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_bytes(text.encode("utf-8"))
    return p


@pytest.mark.parametrize(("name", "back"), GAMES)
def test_add_then_undo_gives_the_hand_typed_file_back_byte_for_byte(
        tmp_path: Path, name: str, back: int) -> None:
    text, entries = stopped_early(name, back)
    p = write(tmp_path, name, text)
    for entry in entries:  # each entry in turn, from each point of the hand-typed file
        before = p.read_bytes()
        code, _, err = cli_run("add", str(p), entry)
        assert code in (0, 1), err  # 1: the entry proved an earlier breach (kept)
        after = p.read_bytes()
        assert after != before
        code, _, err = cli_run("undo", str(p), "--yes")  # (it may open a finished deal)
        assert code == 0, err
        assert p.read_bytes() == before, entry
        code, _, err = cli_run("add", str(p), entry)  # and on to the next point
        assert code in (0, 1) and p.read_bytes() == after, err


@pytest.mark.parametrize(("name", "back"), GAMES)
def test_add_changes_only_the_added_entry(tmp_path: Path, name: str, back: int) -> None:
    text, entries = stopped_early(name, back)
    p = write(tmp_path, name, text)
    rules, setup, deals = savefile.load(SAMPLES / name)
    for entry in entries:
        before = p.read_text(encoding="utf-8")
        code, _, err = cli_run("add", str(p), entry)
        assert code in (0, 1), err
        after = p.read_text(encoding="utf-8")
        grown, inserted = only_added(before, after)
        assert len(grown) + len(inserted) >= 1, entry
        assert not [line for line in inserted if "#" in line], inserted  # no comment added
        # what was added is what a change writes for the game so far (tomlkit's deal tables:
        # one trick a line, tables inline), line for line
        s = Session.load(p)
        fresh = {line.strip() for d in savefile.to_dict(s.rules, s.setup, s.deals)["deals"]
                 for line in change_layout(d).split("\n")}
        assert all(line.split("#")[0].strip() in fresh for line in grown + inserted), \
            (grown, inserted, entry)
        tomllib.loads(after)  # still TOML that the standard library reads
    # the whole sample again: every entry landed where it belongs
    assert savefile.load(p)[2] == deals


def edited_card(deal: Deal) -> tuple[int, str, str]:
    """An entry of ``deal`` that plays (or places) one card, its card, and another card that
    this deal has not played (the highest such: every deck holds it), or, in a deal that
    played every card, another card it played (the edit is saved, and a violation shown)."""
    used = {c for e in deal.entries if isinstance(e, Play) for c in e.cards}
    used |= {getattr(e, "card", None) for e in deal.entries}
    for i, e in enumerate(deal.entries):
        one = e.cards[0] if isinstance(e, Play) and len(e.cards) == 1 and not e.down else \
            getattr(e, "card", None) if isinstance(e, Place) else None
        if one is None:
            continue
        suits = [one.suit] + [x for x in SUITS if x != one.suit]
        cards = [card(r, x) for x in suits for r in range(14, 1, -1)]
        other = next((c for c in cards if c not in used),  # else a card played twice
                     next(c for c in cards if c in used and c != one))
        return i + 1, str(one), str(other)
    raise AssertionError("no card to edit")


@pytest.mark.parametrize(("name", "back"), GAMES)
def test_an_edit_of_one_card_changes_only_its_line(tmp_path: Path, name: str,
                                                    back: int) -> None:
    text, _ = stopped_early(name, back)
    p = write(tmp_path, name, text)
    s = Session.load(p)
    k = len(s.deals)
    number, old, new = edited_card(s.deals[k - 1])
    was = s.deals[k - 1].entries[number - 1]
    typed = entry_text(was, s.rules, s.setup).replace(old, new)
    code, out, err = cli_run("edit", str(p), str(k), "--entry", str(number), "--to", typed)
    assert code in (0, 1), out + err  # 1: the edited game breaks a rule (saved all the same)
    a, b = text.splitlines(), p.read_text(encoding="utf-8").splitlines()
    changed = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    assert len(a) == len(b) and len(changed) == 1, changed
    x, y = changed[0]
    assert y == re.sub(rf"(?<![0-9A-Z]){re.escape(old)}(?![0-9A-Z])", new, x, count=1)
    assert "#" in y or "#" not in x  # its comment kept


def test_a_kozel_file_with_its_hands_as_a_sub_table(tmp_path: Path) -> None:
    """The sample's own layout (a ``[deals.hands]`` table, comments above the keys): a card
    goes into its trick's line, a new trick's line after the last one, before the hands."""
    src = (SAMPLES / "kozel-in-progress.toml").read_text(encoding="utf-8")
    p = write(tmp_path, "k.toml", src)
    code, _, err = cli_run("add", str(p), "Celina: ~10S", "Darek: ~9C", "Bartek: 8S")
    assert code == 0, err
    grown, inserted = only_added(src, p.read_text(encoding="utf-8"))
    assert grown == ['  "Ala: 8D / Bartek: KD / Celina: ~10S / Darek: ~9C",']
    assert inserted == ['  "Bartek: 8S",']
    text = p.read_text(encoding="utf-8")
    assert text.index('"Bartek: 8S"') < text.index("[deals.hands]")
    assert cli_run("undo", str(p), "-n", "3")[0] == 0
    assert p.read_text(encoding="utf-8") == src


def test_a_new_file_reads_back_with_tomllib(tmp_path: Path) -> None:
    for game, extra in (("kierki", []), ("kozel", ["--deal", "--seed", "7"]),
                        ("foursquare", ["--deal", "--seed", "3"])):
        p = tmp_path / f"{game}.toml"
        players = ["Ala"] if game == "foursquare" else ["Ala", "Bartek", "Celina", "Darek"]
        named = [x for n in players for x in ("-p", n)]
        code, out, err = cli_run("new", game, str(p), *named, *extra)
        assert code == 0, out + err
        data = tomllib.loads(p.read_text(encoding="utf-8"))
        assert data["format"] == 1 and data["game"] == game and data["players"] == players
        s = Session.load(p)
        assert savefile.dumps(s.rules, s.setup, s.deals) == p.read_text(encoding="utf-8")


def test_a_saved_date_and_a_title_with_quotes_read_back(tmp_path: Path) -> None:
    text = ('format = 1\ngame = "kierki"\nplayers = ["Ala", "Bartek", "Celina", "Darek"]\n'
            'title = "Ala\'s \\"big\\" night\\u007f é"\nstarted = 2026-11-30T19:00:00+01:00\n')
    rules, setup, deals = savefile.loads(text.encode(), "t")
    again = savefile.dumps(rules, setup, deals)
    assert savefile.loads(again.encode(), "t")[1] == setup
    assert tomllib.loads(again)["started"] == tomllib.loads(text)["started"]


def test_no_hand_written_toml_writer_is_left() -> None:
    src = (Path(savefile.__file__)).read_text(encoding="utf-8")
    assert "def _value" not in src and "def _key" not in src and "json.dumps" not in src


def test_one_session_adds_and_takes_back_many_entries_as_the_table_mode_does(
        tmp_path: Path) -> None:
    """One session (the table mode keeps one): entries added one after another, across the
    end of a deal, then all taken back: the hand-typed file, byte for byte."""
    text, entries = stopped_early("kierki-complete.toml", 14)
    p = write(tmp_path, "k.toml", text)
    s = Session.load(p)
    for entry in entries:
        s.add(entry)
    grown, inserted = only_added(text, p.read_text(encoding="utf-8"))
    assert inserted and not [line for line in inserted if "#" in line]
    s.undo(len(entries))
    assert p.read_text(encoding="utf-8") == text


def test_a_deal_header_inside_a_note_is_not_taken_for_a_deal(tmp_path: Path) -> None:
    """A note holding a line ``[[deals]]`` (a multi-line string): the file is not cut there;
    the change is still made where it belongs, and taken back byte for byte."""
    text, entries = stopped_early("kierki-in-progress.toml", 3)
    note = 'note = """\nWe argued.\n[[deals]]\nwas typed here by mistake"""  # sic\n'
    at = text.index("[[deals]]")
    text = text[:text.index("\n", at) + 1] + note + text[text.index("\n", at) + 1:]
    p = write(tmp_path, "k.toml", text)
    assert savefile.load(p)[2][0].key("note").startswith("We argued.")
    for entry in entries:
        before = p.read_text(encoding="utf-8")
        assert cli_run("add", str(p), entry)[0] in (0, 1)
        only_added(before, p.read_text(encoding="utf-8"))
        assert cli_run("undo", str(p))[0] == 0
        assert p.read_text(encoding="utf-8") == before
        assert cli_run("add", str(p), entry)[0] in (0, 1)


def test_an_edit_in_the_first_deal_changes_only_its_line(tmp_path: Path) -> None:
    text = annotate((SAMPLES / "kierki-complete.toml").read_text(encoding="utf-8"))
    p = write(tmp_path, "k.toml", text)
    s = Session.load(p)
    number, old, new = edited_card(s.deals[0])
    typed = entry_text(s.deals[0].entries[number - 1], s.rules, s.setup).replace(old, new)
    code, out, err = cli_run("edit", str(p), "1", "--entry", str(number), "--to", typed)
    assert code in (0, 1), out + err
    a, b = text.splitlines(), p.read_text(encoding="utf-8").splitlines()
    changed = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    assert len(a) == len(b) and len(changed) == 1, changed
    assert changed[0][1].split("#")[1:] == changed[0][0].split("#")[1:]


def test_the_first_deal_of_a_new_file_keeps_what_was_typed_above_it(tmp_path: Path) -> None:
    p = tmp_path / "k.toml"
    assert cli_run("new", "kierki", str(p), "-p", "Ala", "-p", "Bartek", "-p", "Celina",
                   "-p", "Darek")[0] == 0
    text = p.read_text(encoding="utf-8") + "# Friday at Ala's\n\n# no deals yet\n"
    p.write_text(text, encoding="utf-8")
    assert cli_run("add", str(p), "Bartek: 2C", "Celina: 3C")[0] == 0
    after = p.read_text(encoding="utf-8")
    assert after.startswith(text)  # all of it kept, the deal table after it
    assert tomllib.loads(after)["deals"] == [{"dealer": "Ala", "tricks": ["Bartek: 2C 3C"]}]


def test_a_file_typed_with_windows_line_ends_keeps_them(tmp_path: Path) -> None:
    text, entries = stopped_early("kierki-in-progress.toml", 6)
    crlf = text.replace("\n", "\r\n").encode("utf-8")
    p = tmp_path / "c.toml"
    p.write_bytes(crlf)
    for entry in entries:
        before = p.read_bytes()
        assert cli_run("add", str(p), entry)[0] in (0, 1)
        assert b"\n" not in p.read_bytes().replace(b"\r\n", b"")  # no bare line feed
        assert cli_run("undo", str(p))[0] == 0
        assert p.read_bytes() == before
        assert cli_run("add", str(p), entry)[0] in (0, 1)


def test_keys_go_in_the_documented_order_before_a_sub_table() -> None:
    """``SaveDoc`` on its own: keys added to a deal go after its last key, before the blank
    line and ``[deals.hands]`` below it; a hand changes in place; all of it goes back byte for
    byte, also when the top of the file changes (the whole file parsed then)."""
    import copy

    from referee.store.tomlwrite import SaveDoc

    src = (SAMPLES / "kozel-in-progress.toml").read_text(encoding="utf-8")
    doc = SaveDoc(src.encode("utf-8"))
    old = tomllib.loads(src)
    new = copy.deepcopy(old)
    new["deals"][0]["claimed"] = {"Ala": 2}
    new["deals"][0]["note"] = "x"
    doc.reconcile(old, new)
    out = doc.as_string()
    assert tomllib.loads(out) == new
    assert 'Bartek: KD",\n]\nclaimed = { Ala = 2 }\nnote = "x"\n\n[deals.hands]\n' in out
    doc.reconcile(new, old)
    assert doc.as_string() == src
    other = copy.deepcopy(old)
    other["title"] = "Kozel, at last"
    other["deals"][0]["hands"]["Ala"] = "8D AD 8C 9H"
    doc.reconcile(old, other)
    out = doc.as_string()
    assert tomllib.loads(out) == other
    a, b = src.splitlines(), out.splitlines()
    assert [(x, y) for x, y in zip(a, b, strict=True) if x != y] == [
        ('title = "Kozel, to be continued"', 'title = "Kozel, at last"'),
        ('Ala = "8D AD 8C 7H"', 'Ala = "8D AD 8C 9H"')]
    doc.reconcile(other, old)
    assert doc.as_string() == src


def test_a_change_that_would_not_read_back_is_written_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The changed deal is read back (tomli) before the file is written: were tomlkit to
    write another card, the game would be written whole instead (its comments lost, never
    an entry)."""
    from referee.store import tomlwrite

    text, entries = stopped_early("kierki-in-progress.toml", 3)
    p = write(tmp_path, "k.toml", text)
    real = tomlwrite._merge_array
    card_ = entries[0].split(": ")[1]
    monkeypatch.setattr(tomlwrite, "_merge_array", lambda arr, old, new, key: real(
        arr, old, [x.replace(card_, "2S") if isinstance(x, str) else x for x in new], key))
    s = Session.load(p)
    s.add(entries[0])
    assert savefile.load(p)[2] == s.deals
    assert "#" not in p.read_text(encoding="utf-8")


def test_the_first_deal_replaces_an_empty_deals_array_typed_by_hand(tmp_path: Path) -> None:
    text = ('format = 1\ngame = "kierki"\n'
            'players = ["Ala", "Bartek", "Celina", "Darek"]  # us\ndeals = []\n# below\n')
    p = write(tmp_path, "k.toml", text)
    assert cli_run("add", str(p), "Bartek: 2C")[0] == 0
    after = p.read_text(encoding="utf-8")
    assert tomllib.loads(after)["deals"] == [{"dealer": "Ala", "tricks": ["Bartek: 2C"]}]
    assert "# us\n" in after and "# below\n" in after


def test_the_whole_file_path_removes_a_deal_table_with_its_blank_line() -> None:
    """``reconcile`` on a whole tomlkit document (the path taken when the cut is in doubt):
    a deal table removed, or all of them, leaves the file as it was before they came."""
    import tomlkit

    from referee.store import tomlwrite

    one = 'format = 1\ngame = "kierki"\n# c\n\n[[deals]]\ndealer = "Ala"  # she\n'
    two = one + '\n[[deals]]\ndealer = "Bartek"\n'
    doc = tomlkit.parse(two)
    tomlwrite.reconcile(doc, tomllib.loads(two), tomllib.loads(one))
    assert doc.as_string() == one
    tomlwrite.reconcile(doc, tomllib.loads(one), {"format": 1, "game": "kierki", "deals": []})
    assert doc.as_string() == 'format = 1\ngame = "kierki"\n# c\n'


def test_a_windows_file_keeps_its_line_ends_when_a_deal_table_comes_and_goes(
        tmp_path: Path) -> None:
    """A deal table tomlkit writes new (the first entry of a deal) gets the file's ``\\r\\n``,
    and undoing back past it removes it with its blank line: the file is as it was."""
    p = tmp_path / "w.toml"
    p.write_bytes(b'format = 1\r\ngame = "kierki"\r\nplayers = ["Ala", "Bartek", "Celina", '
                  b'"Darek"]\r\nfirst_dealer = "Ala"\r\n')
    before = p.read_bytes()
    assert cli_run("add", str(p), "Bartek: 2C", "Celina: 3C")[0] == 0
    assert cli_run("add", str(p), "Darek: 4C")[0] == 0
    after = p.read_bytes()
    assert b"[[deals]]" in after and b"\n" not in after.replace(b"\r\n", b"")
    assert cli_run("undo", str(p), "-n", "3")[0] == 0
    assert p.read_bytes() == before
