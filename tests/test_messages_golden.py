"""What the referee says aloud, checked word for word against golden files.

Every message here comes from refereeing a small fixed scenario (a save file replayed, an
entry typed, a command run), never from calling a template: one per rule id and per kind of
refusal, for Kierki, Kozel, Foursquare and the command line. The golden files are
``tests/golden_messages/<name>.txt``; after a deliberate change of wording, regenerate them
with ``REFEREE_REGEN_GOLDEN=1 pytest tests/test_messages_golden.py`` and read the diff.

Every message must also read as plain English: no name said twice in a row, no "1 cards",
no parentheses inside parentheses.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from referee.errors import IllegalEntry, RefereeError, SaveFileError
from referee.games import get
from tests.helpers import cli_run, hands_toml, head, kierki_before, load_text

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden_messages"
SAMPLES = HERE.parent / "sample_games"
HANDMADE = HERE / "handmade"
REGEN = bool(os.environ.get("REFEREE_REGEN_GOLDEN"))

# A scenario: a name, a save file's text, and entries typed one after the other. Without
# entries the file is replayed and every violation is said; with entries, each is typed:
# a violation it proves is said, and the last one (when the referee refuses it) is the refusal.
Scenario = tuple[str, str, tuple[str, ...]]


def said(name: str, text: str, entries: tuple[str, ...]) -> list[str]:
    """What the referee says in one scenario, one line each: ``name | kind | rule | text``."""
    try:
        s = load_text(text)
    except SaveFileError as e:
        return [f"{name} | unloadable | - | {e}"]
    if not entries:
        res = s.result()
        return [f"{name} | recorded | {v.rule} | {v.where()}: {v.said()}"
                for v in res.violations] or [f"{name} | recorded | - | (no violation)"]
    out = []
    for i, entry in enumerate(entries):
        try:
            added = s.add(entry)
        except IllegalEntry as e:
            out.append(f"{name} | refused | {e.rule} | {e}")
            assert i == len(entries) - 1, f"{name}: {entry!r} refused before the last entry"
            break
        except RefereeError as e:
            out.append(f"{name} | unreadable | - | {e}")
            assert i == len(entries) - 1, f"{name}: {entry!r} unreadable before the last entry"
            break
        out += [f"{name} | proven | {v.rule} | {v.where()}: {v.said()}" for v in added.proven]
    return out


# -- Kierki -----------------------------------------------------------------------------------

def kdeal(body: str, n: int = 1, options: str = "") -> str:
    return head(extra=options) + kierki_before(n) + "\n[[deals]]\n" + body


def klottery(turns: str, hands: bool = True, options: str = "") -> str:
    return kdeal((hands_toml() if hands else "") + f"turns = [{turns}]\n", 12, options)


HANDS = hands_toml()
ROBBER = ('outcome = { tricks = { Ala = 12, Bartek = 1 }, hearts = { Ala = 13 }, queens = '
          '{ Ala = 4 }, jacks_kings = { Ala = 7, Bartek = 1 }, king_of_hearts = "Bartek", '
          'trick_7 = "Ala", last_trick = "Ala" }\n')
OPENED = '"Darek: pass", "Ala: pass", "Bartek: 7C"'

KIERKI: list[Scenario] = [
    # recorded games: one per rule id
    ("follow-suit, hands known", kdeal(HANDS + 'tricks = ["Bartek: 5C 8C JC 2D"]\n'), ()),
    ("follow-suit, proven later", kdeal('tricks = ["Bartek: 5C 8C JC 2D", '
                                        '"Darek: QC 3C 6C 9C"]\n'), ()),
    ("hearts-lead, hands known", kdeal(HANDS + 'tricks = ["Celina: 8H JH 2H 5H"]\n', 2), ()),
    ("hearts-lead, proven later", kdeal('tricks = ["Celina: 8H JH 2H 5H", '
                                        '"Darek: AD 2D 5D 8D"]\n', 2), ()),
    ("card-duplicate", kdeal('tricks = ["Bartek: 5C 8C JC 5C"]\n'), ()),
    ("card-not-in-deck", kdeal('tricks = ["Bartek: JK 3C 4C 5C"]\n'), ()),
    ("card-not-held", kdeal(HANDS + 'tricks = ["Bartek: AS"]\n'), ()),
    ("lead-first", kdeal('tricks = ["Ala: 2C 5C 8C JC"]\n'), ()),
    ("turn-order, the winner leads", kdeal('tricks = ["Bartek: 5C 8C JC 2C", '
                                           '"Celina: 9C QC 3C 6C"]\n'), ()),
    ("turn-order, a deal left unfinished", kdeal('tricks = ["Bartek: 5C 8C JC 2C"]\n'
                                                 "\n[[deals]]\n"), ()),
    ("dealer", head() + kierki_before(2) + '\n[[deals]]\ndealer = "Ala"\n', ()),
    ("outcome-total, counts", kdeal("outcome = { tricks = { Ala = 5, Bartek = 7 } }\n"), ()),
    ("outcome-total, deal 7", kdeal(ROBBER, 7), ()),
    ("outcome-total, deal 7, hearts and queens share Q♥", kdeal(
        'outcome = { tricks = { Ala = 4, Bartek = 3, Celina = 3, Darek = 3 }, hearts = { '
        'Ala = 13 }, queens = { Bartek = 4 }, jacks_kings = { Celina = 7, Ala = 1 }, '
        'king_of_hearts = "Ala", trick_7 = "Darek", last_trick = "Darek" }\n', 7), ()),
    ("claimed-score", kdeal("outcome = { tricks = { Ala = 13 } }\n"
                            "claimed = { Ala = -250, Bartek = 0 }\n"), ()),
    ("fantan-must-play, proven later",
     klottery(OPENED + ', "Celina: pass", "Darek: pass", "Ala: pass", "Bartek: 6C", '
              '"Celina: 8C"', hands=False), ()),
    ("fantan-seven", klottery(OPENED + ', "Celina: 8D"', hands=False), ()),
    ("fantan-sequence", klottery(OPENED + ', "Celina: 9C"', hands=False), ()),
    ("turn-order, the lottery's first turn", klottery('"Ala: pass"', hands=False), ()),
    # typed entries: one per kind of refusal
    ("refused follow-suit", kdeal(HANDS + 'tricks = ["Bartek: 5C 8C JC"]\n'), ("Ala: 2D",)),
    ("refused hearts-lead", kdeal(HANDS, 2), ("Celina: 8H",)),
    ("refused card-duplicate", kdeal('tricks = ["Bartek: 5C 8C JC"]\n'), ("Ala: 5C",)),
    ("refused card-not-in-deck", kdeal(""), ("Bartek: JK",)),
    ("refused card-not-held", kdeal(HANDS), ("Bartek: AS",)),
    ("refused lead-first", kdeal(""), ("Ala: 2C",)),
    ("refused lead-first, trumps", kdeal("", 8), ("Darek: trump S", "Ala: 2C")),
    ("refused turn-order, in a trick", kdeal('tricks = ["Bartek: 5C"]\n'), ("Darek: JC",)),
    ("refused turn-order, the winner leads", kdeal('tricks = ["Bartek: 5C 8C JC 2C"]\n'),
     ("Celina: 9C",)),
    ("refused turn-order, naming trump", kdeal("", 8), ("Ala: trump S",)),
    ("refused turn-order, the lottery", klottery(""), ("Ala: pass",)),
    ("refused fantan-must-play", klottery(""), ("Darek: pass", "Ala: pass", "Bartek: 7C",
                                                 "Celina: pass")),
    ("refused fantan-seven", klottery(OPENED), ("Celina: 8D",)),
    ("refused fantan-sequence", klottery(OPENED), ("Celina: 9C",)),
    ("refused fantan-seven, option 8", klottery("", hands=False,
                                                options="[options]\nfantan_start_rank = 8\n"),
     ("Darek: 7C",)),
    ("proven follow-suit", kdeal('tricks = ["Bartek: 5C 8C JC 2D", "Darek: QC"]\n'),
     ("Ala: 3C",)),
    # typed entries that cannot be read
    ("unreadable card", kdeal(""), ("Bartek: 11H",)),
    ("unreadable nothing", kdeal(""), ("Bartek:",)),
    ("unreadable pass outside the lottery", kdeal(""), ("Bartek: pass",)),
    ("unreadable trump outside deals 8-11", kdeal(""), ("Bartek: trump S",)),
    ("unreadable trump suit", kdeal("", 8), ("Darek: trump X",)),
    ("unreadable two cards in the lottery", klottery(""), ("Darek: 7C 8C",)),
    ("unreadable key", kdeal(""), ("tricks = []",)),
    # save files that cannot be loaded
    ("unloadable tricks in deal 12", kdeal('tricks = ["Darek: 7C"]\n', 12), ()),
    ("unloadable turns in deal 1", kdeal('turns = ["Darek: 7C"]\n'), ()),
    ("unloadable five cards in a trick", kdeal('tricks = ["Bartek: 5C 8C JC 2C 3C"]\n'), ()),
    ("unloadable trump in deal 1", kdeal('trump = "S"\n'), ()),
    ("unloadable option", kdeal("", options="[options]\nfantan_start_rank = 9\n"), ()),
    ("unloadable hands", kdeal('hands = { Ala = "2C 3C" }\n'), ()),
]

# -- Kozel ------------------------------------------------------------------------------------

KOZEL_HANDS = {"Ala": "QH 9H 6C 7C", "Bartek": "10H KH 6S 7S", "Celina": "AH 6D JC QC",
               "Darek": "7H 8C 9S 8S"}
STOCK = "JS QS KS 10S AS 6H 8H JH 7D 8D 9D JD QD KD 10D AD 9C KC 10C AC"
T1 = "Bartek: 10H KH / Celina: AH 6D / Darek: ~7H 8C / Ala: ~QH 9H"


def kozel(body: str, extra: str = "", before: str = "") -> str:
    return head("kozel", extra=extra) + before + "\n[[deals]]\n" + body


def known(tricks: list[str]) -> str:
    lines = ", ".join(f'"{t}"' for t in tricks)
    return kozel('dealer = "Ala"\ntrump = "D"\n' + hands_toml(KOZEL_HANDS)
                 + f'stock = "{STOCK}"\ntricks = [{lines}]\n')


def unseen(tricks: list[str], more: str = "", extra: str = "", before: str = "") -> str:
    lines = ", ".join(f'"{t}"' for t in tricks)
    return kozel('trump = "D"\n' + (f"tricks = [{lines}]\n" if tricks else "") + more, extra,
                 before)


BLIND = ('trump = "S"\ntricks = ["Bartek: 6S 7S 8S 9S / Celina: ~? ? ? ? / Darek: ~? ? ? ? / '
         'Ala: JS QS KS 10S", "Ala: AH 6H 7H 8H / Bartek: ~? ? ? ? / Celina: ~? ? ? ? / '
         'Darek: ~? ? ? ?", "Ala: 6D / Bartek: ~? / Celina: ~? / Darek: ~?"]\n')
GAME1 = '\n[[deals]]\ndealer = "Ala"\noutcome = { points = { Ala = 70, Bartek = 50 } }\n'
FIRST = ('\n[[deals]]\ntrump = "S"\ntricks = ['
         '"Bartek: 6S 7S 8S 9S / Celina: ~? ? ? ? / Darek: ~? ? ? ? / Ala: JS QS KS 10S", '
         '"Ala: AH 6H 7H 8H / Bartek: ~? ? ? ? / Celina: ~? ? ? ? / Darek: ~? ? ? ?", '
         '"Ala: 6D / Bartek: ~? / Celina: ~? / Darek: ~?"]\n'
         'outcome = { points = { Ala = 120, Bartek = 0 } }\n')
GOAT = "".join('\n[[deals]]\noutcome = { points = { Ala = 120, Bartek = 0 }, tricks = '
               '{ Ala = 6, Bartek = 0 } }\n' for _ in range(2))

KOZEL: list[Scenario] = [
    ("beat", unseen(["Bartek: 6S / Celina: AH / Darek: ~7H / Ala: ~8H"]), ()),
    ("beat, two cards", unseen(["Bartek: 10H KH / Celina: AH JC"]), ()),
    ("lead-one-suit, two suits", unseen(["Bartek: 10H 6S"]), ()),
    ("lead-one-suit, face down", unseen(["Bartek: ~10H"]), ()),
    ("play-count", unseen(["Bartek: 10H KH / Celina: ~6D"]), ()),
    ("turn-order, a follower", unseen(["Bartek: 10H / Darek: ~7H / Celina: ~6D / Ala: ~8H"]),
     ()),
    ("turn-order, the winner leads", known([T1, "Bartek: 6S"]), ()),
    ("turn-order, after the series", head("kozel") + GOAT + GAME1, ()),
    ("lead-first, first game", unseen(["Celina: AH"]), ()),
    ("lead-first, later game", unseen(["Celina: 6C"], before=FIRST, more='dealer = "Bartek"\n'),
     ()),
    ("dealer", head("kozel") + GAME1 + '\n[[deals]]\ndealer = "Celina"\n'
     'outcome = { points = { Ala = 70, Bartek = 50 } }\n', ()),
    ("card-not-in-deck", unseen(["Bartek: 2H"]), ()),
    ("card-duplicate, face down", unseen(["Bartek: 6S / Celina: 7S / Darek: ~8C / Ala: ~9C",
                                          "Celina: 8C"]), ()),
    ("card-duplicate, face up", unseen(["Bartek: 6S / Celina: 7S / Darek: ~8C / Ala: ~9C",
                                        "Celina: 6S"]), ()),
    ("card-duplicate, in the keys", kozel('dealer = "Ala"\ntrump = "D"\n' + hands_toml(
        dict(KOZEL_HANDS, Ala="QH 9H 6C 10H"))), ()),
    ("card-not-held, hands known", known(["Bartek: 10H KH / Celina: ~AH 9S"]), ()),
    ("card-not-held, five cards", unseen(["Bartek: 6S 7S 8S 9S 10S"]), ()),
    ("stock-order", known(["Bartek: 10H KH / Celina: AH 6D / Darek: ~7H 8C / Ala: ~KS 9H"]),
     ()),
    ("trump-card, another suit", unseen([], more='trump_card = "9S"\n'), ()),
    ("trump-card, from a hand", kozel('dealer = "Ala"\ntrump = "D"\ntrump_card = "6D"\n'
                                      + hands_toml(KOZEL_HANDS)), ()),
    ("pull, not one suit", unseen(["Celina pulls: 6C 7C 8C 9S"]), ()),
    ("pull, option off", unseen(["Celina pulls: 6C 7C 8C 9C"], extra='\n[options]\npull = "off"\n'),
     ()),
    ("pull, option trumps", unseen(["Celina pulls: 6C 7C 8C 9C"],
                                   extra='\n[options]\npull = "trumps"\n'), ()),
    ("pull, two at once", unseen(["Celina pulls: 6C 7C 8C 9C / Darek pulls: 6H 7H 8H 9H"]), ()),
    ("outcome-total, points against tricks", head("kozel") + '\n[[deals]]\noutcome = { '
     'points = { Ala = 45, Bartek = 75 }, tricks = { Ala = 1, Bartek = 8 } }\n', ()),
    ("outcome-total, impossible points", head("kozel") + "\n[[deals]]\n" + BLIND
     + "outcome = { points = { Ala = 100, Bartek = 20 } }\n", ()),
    ("outcome-total, points not given", head("kozel") + "\n[[deals]]\n" + BLIND
     + "\n[[deals]]\noutcome = { points = { Ala = 70, Bartek = 50 } }\n", ()),
    ("outcome-total, outcome only", head("kozel") + '\n[[deals]]\noutcome = { points = '
     '{ Ala = 70, Bartek = 40 } }\n', ()),
    ("claimed-score", head("kozel") + '\n[[deals]]\noutcome = { points = { Ala = 70, '
     'Bartek = 50 } }\nclaimed = { Ala = 3 }\n', ()),
    ("refused beat", unseen(["Bartek: 10H KH"]), ("Celina: AH JC",)),
    ("refused lead-one-suit", unseen([]), ("Bartek: 10H 6S",)),
    ("refused play-count", unseen(["Bartek: 10H KH"]), ("Celina: AH 6D 7D",)),
    ("refused turn-order", unseen(["Bartek: 10H"]), ("Darek: ~7H",)),
    ("refused lead-first", unseen([]), ("Celina: AH",)),
    ("refused card-not-in-deck", unseen([]), ("Bartek: 5S",)),
    ("refused card-not-held", known([]), ("Bartek: AH",)),
    ("refused pull", unseen([]), ("Celina pulls: 6C 7C 8C 9S",)),
    ("refused trump-card", head("kozel") + '\n[[deals]]\ndealer = "Ala"\n',
     ('trump = "D"', 'trump_card = "9S"')),
    ("unreadable card", unseen([]), ("Bartek: 1X",)),
    ("unreadable mixed face down", unseen([]), ("Bartek: 10H ~KH",)),
    ("unreadable pull face down", unseen([]), ("Celina pulls: ~6C 7C 8C 9C",)),
    ("unreadable a pull without a name", unseen([]), ("pulls: 6C 7C 8C 9C",)),
    ("unloadable option", unseen([], extra='\n[options]\npull = "sometimes"\n'), ()),
]

# -- Foursquare -------------------------------------------------------------------------------


def fs(*turns: str, more: str = "") -> str:
    return ('format = 1\ngame = "foursquare"\nplayers = ["Ala"]\n\n[[deals]]\nturns = ['
            + ", ".join(f'"{t}"' for t in turns) + "]\n" + more)


def fs_stock() -> list[str]:
    from referee.games.foursquare.rules import shuffled

    return [str(c) for c in shuffled(1, 1)]


LOST = ("5D 0,0", "8C 0,1", "AD 0,1", "8D -1,0", "AS -2,0", "9H -2,0", "6D 0,2", "2H 1,2",
        "7D 0,3", "10D -1,3", "8H 1,1")
FULL = ("5H 0,0", "6H 0,0", "7H 0,0", "8H 0,0", "9C 0,1", "10C 0,2", "AC 0,3")
STOCK40 = fs_stock()
STOCKED = ('format = 1\ngame = "foursquare"\nplayers = ["Ala"]\n\n[[deals]]\nstock = "'
           + " ".join(STOCK40) + '"\nturns = ["0,0", "' + STOCK40[2] + ' 0,1"]\n')

FOURSQUARE: list[Scenario] = [
    ("card-not-in-deck", fs("5H 0,0", "KH 0,1"), ()),
    ("card-duplicate", fs("5H 0,0", "6C 0,1", "5H 1,0"), ()),
    ("pile-full", fs("5H 0,0", "6H 0,0", "7H 0,0", "8H 0,0", "9H 0,0"), ()),
    ("grid-adjacent", fs("5H 0,0", "6H 1,1"), ()),
    ("grid-size", fs("5H 0,0", "6H 0,1", "7H 0,2", "8H 0,3", "9H 0,4"), ()),
    ("stock-order", STOCKED, ()),
    ("turn-order, after the end", fs(*LOST, "2S 1,0"), ()),
    ("turn-order, a game left unfinished", fs("5H 0,0") + fs("6H 0,0").split("\n\n", 1)[1],
     ()),
    ("claimed-score", fs(*LOST, more="claimed = { Ala = 3 }\n"), ()),
    ("refused card-duplicate", fs(*FULL), ("5H 0,0",)),
    ("refused card-not-in-deck", fs(*FULL), ("KS 0,1",)),
    ("refused grid-adjacent", fs(*FULL), ("2C 2,2",)),
    ("refused grid-size", fs(*FULL), ("2C 0,4",)),
    ("refused pile-full", fs(*FULL), ("2C 0,0",)),
    ("unreadable card", fs("5H 0,0"), ("7X 0,1",)),
    ("unreadable place", fs("5H 0,0"), ("7H",)),
    ("unreadable reference", fs("5H 0,0"), ("7H on 9D",)),
    ("unreadable far away", fs("5H 0,0"), ("7H 0,99",)),
    ("unloadable stock", 'format = 1\ngame = "foursquare"\nplayers = ["Ala"]\n\n[[deals]]\n'
     'stock = "AH 2H"\n', ()),
]

GAMES: dict[str, list[Scenario]] = {"kierki": KIERKI, "kozel": KOZEL, "foursquare": FOURSQUARE}


# -- the command line -------------------------------------------------------------------------

def cli_lines(tmp: Path) -> list[str]:
    """Messages of the command line itself, run in ``tmp`` (file names stay short)."""
    out: list[str] = []

    def run(name: str, *args: str, keep: Callable[[str], bool] = lambda _: True) -> None:
        code, so, se = cli_run(*args)
        shown = "-" if args[0] == "explain" else f"exit {code}"  # explain's code: CLI.md's
        for line in (se + so).splitlines():
            if line.strip() and keep(line):
                out.append(f"{name} | {shown} | {line.rstrip()}")

    run("new with an option out of range", "new", "kierki", "n.toml", "-p", "A", "-p", "B",
        "-p", "C", "-p", "D", "-o", "fantan_start_rank=9")
    run("new with an option of no kind", "new", "kierki", "n.toml", "-p", "A", "-p", "B",
        "-p", "C", "-p", "D", "-o", "trump_chooser=right")
    run("score under an option of no kind", "score", "g.toml", "-o",
        "stop_when_penalties_gone=maybe")
    run("play a finished game", "play", "g.toml", "--ascii",
        keep=lambda line: not line.startswith(("|", "+", "  ", "Deal ", "referee —",
                                               "referee - ")))
    p = tmp / "r.toml"
    p.write_text(kdeal('tricks = ["Bartek: 5C 8C JC 2D", "Darek: QC"]\n'))
    run("add proves a revoke", "add", "r.toml", "Ala: 3C")
    run("add refused", "add", "r.toml", "Bartek: 3C")
    for game in ("kierki", "kozel"):
        run(f"the options of {game}", "rules", game, keep=lambda line: " = " in line)
    run("edit a deal not recorded", "edit", "r.toml", "9")
    run("edit an entry not recorded", "edit", "r.toml", "1", "--entry", "99", "--to", "Ala: 4C")
    run("explain a trick with a revoke", "explain", "r.toml", "--deal", "1", "--trick", "1")
    run("explain a deal", "explain", "r.toml", "--deal", "1")
    (tmp / "k.toml").write_text(unseen(["Bartek: 10H KH / Celina: AH 6D / Darek: ~7H 8C / "
                                        "Ala: ~QH 9H", "Celina: AS / Darek: 6S"]))
    run("explain a Kozel trick", "explain", "k.toml", "--deal", "1", "--trick", "1")
    (tmp / "f.toml").write_text(fs("5H 0,0", "6H 1,1", "7C 0,1"))
    run("explain a Foursquare turn", "explain", "f.toml", "--deal", "1", "--trick", "2")
    return out


def lines_for(name: str, tmp: Path) -> list[str]:
    if name == "cli":
        return cli_lines(tmp)
    return [line for scenario in GAMES[name] for line in said(*scenario)]


def check_sentences(lines: list[str]) -> list[str]:
    """The lines that do not read as plain English."""
    bad = []
    for line in lines:
        text = line.split(" | ", 3)[-1]
        depth = worst = 0
        for ch in text:
            depth += ch == "("
            worst = max(worst, depth)
            depth -= ch == ")" and depth > 0
        if worst > 1:
            bad.append(f"parentheses inside parentheses: {line}")
        if re.search(r"(?<![\d.,-])1 (cards|tricks|points|piles|turns|hearts|queens|kings|"
                     r"deals|games|entries)\b", text):
            bad.append(f"a plural after 1: {line}")
        if re.search(r"\b1-1\b", text):
            bad.append(f"a range of one: {line}")
        m = re.search(r"(?<!\w)([A-Z][\w&' ]*?): \1\b", text)
        if m:
            bad.append(f"a name said twice: {line}")
    return bad


NAMES = ["kierki", "kozel", "foursquare", "cli"]


@pytest.mark.parametrize("name", NAMES)
def test_messages_match_the_golden_file(name: str, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)  # suits as glyphs, whatever the shell says
    shutil.copy(SAMPLES / "kierki-complete.toml", tmp_path / "g.toml")
    got = "\n".join(lines_for(name, tmp_path)) + "\n"
    path = GOLDEN / f"{name}.txt"
    if REGEN:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(got)
    assert got == path.read_text(), f"{name}: messages changed; regenerate with " \
        "REFEREE_REGEN_GOLDEN=1 and read the diff"


@pytest.mark.parametrize("name", NAMES)
def test_every_message_reads_as_plain_english(name: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)  # suits as glyphs, whatever the shell says
    shutil.copy(SAMPLES / "kierki-complete.toml", tmp_path / "g.toml")
    assert check_sentences(lines_for(name, tmp_path)) == []


# the rules a typed entry can break at once (the others concern keys, outcomes and claims)
TYPED = {
    "kierki": {"card-duplicate", "card-not-in-deck", "card-not-held", "turn-order",
               "lead-first", "follow-suit", "hearts-lead", "fantan-must-play", "fantan-seven",
               "fantan-sequence"},
    "kozel": {"card-not-in-deck", "card-not-held", "turn-order", "lead-first", "trump-card",
              "lead-one-suit", "play-count", "beat", "pull"},
    "foursquare": {"card-not-in-deck", "card-duplicate", "grid-adjacent", "grid-size",
                   "pile-full"},
}


@pytest.mark.parametrize("game", ["kierki", "kozel", "foursquare"])
def test_every_rule_id_is_said_recorded_and_refused(game: str) -> None:
    lines = [line.split(" | ") for s in GAMES[game] for line in said(*s)]
    recorded = {parts[2] for parts in lines if parts[1] == "recorded"}
    refused = {parts[2] for parts in lines if parts[1] == "refused"}
    ids = {rule for rule, _ in get(game).rules}
    assert ids - recorded == set(), "rule ids no recorded scenario breaks"
    assert TYPED[game] <= ids and TYPED[game] - refused == set(), "refusals not said"


def test_the_checks_catch_what_the_issue_saw() -> None:
    assert check_sentences(["x | proven | follow-suit | deal 3, trick 5: Bartek: Bartek did "
                            "not follow"])
    assert check_sentences(["x | - | - | Bartek to lead 1-1 cards of one suit"])
    assert check_sentences(["x | - | - | 1 cards cannot beat 2"])
    assert check_sentences(["x | - | - | takes a whole number (7 (or 8))"])
    assert not check_sentences(["x | - | - | Ala & Celina: claimed 2, computed 4 (game 3)"])


def test_a_violation_names_its_player_once() -> None:
    from referee.errors import Violation

    def said_(player: str, message: str) -> str:
        return Violation(1, 1, player, "follow-suit", message).said()

    assert said_("Bartek", "Bartek did not follow ♣ at trick 5") == \
        "Bartek did not follow ♣ at trick 5"
    assert said_("Ala", "5C was already played by Bartek") == \
        "Ala: 5C was already played by Bartek"
    assert said_("Al", "Alan led") == "Al: Alan led"  # a name inside another is not it
    assert said_("Ala & Celina", "Ala & Celina: claimed 3, computed 0") == \
        "Ala & Celina: claimed 3, computed 0"
