"""``referee audit`` and ``referee stats`` over a folder of save files (issue 16)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli.app import main
from referee.views.season import Filter, Season, Stats, find, summarize

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
ONE_OF_EACH = ("kierki-complete", "wisconsin-complete", "schmier-complete",
               "kozel-pull-eggs", "foursquare-won")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as e:
        main(list(args))
    out, err = capsys.readouterr()
    code = e.value.code
    return (code if isinstance(code, int) else 1), out, err


@pytest.fixture
def season(tmp_path: Path) -> Path:
    """A file of each game, clean, in nested folders; nothing else."""
    for i, name in enumerate(ONE_OF_EACH):
        sub = tmp_path / "club" / f"month-{i % 2}" / ("deep" if i == 4 else "")
        sub.mkdir(parents=True, exist_ok=True)
        shutil.copy(SAMPLES / f"{name}.toml", sub / f"{name}.toml")
    (tmp_path / "club" / "notes.txt").write_text("not a save file\n")
    return tmp_path / "club"


def test_find_is_recursive_sorted_and_only_toml(season: Path) -> None:
    found = list(find([season]))
    assert sorted(p.name for p in found) == sorted(f"{n}.toml" for n in ONE_OF_EACH)
    assert found == list(find([season]))  # deterministic
    assert any("deep" in p.parts for p in found)
    # a file named twice (itself and in its folder) is refereed once
    assert len(list(find([season, found[0]]))) == len(found)


def test_audit_clean_folder_exits_0(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "audit", str(season), "--workers", "2")
    assert code == 0
    lines = out.splitlines()
    assert sum(".toml:" in ln for ln in lines) == 5
    assert "5 files" in out and "no violations" in out


def test_audit_json_lines_and_exit_codes(season: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(SAMPLES / "kierki-revoke.toml", season / "month-1" / "kierki-revoke.toml")
    code, out, _ = run(capsys, "audit", "--json", str(season))
    assert code == 1
    docs = [json.loads(ln) for ln in out.splitlines()]
    files, summary = docs[:-1], docs[-1]
    assert len(files) == 6 and all("file" in d for d in files)
    revoke = next(d for d in files if d["file"].endswith("kierki-revoke.toml"))
    assert revoke["violations"] == {"follow-suit": 1}
    assert revoke["violations_by_player"] == {"Celina": 1}
    kierki = next(d for d in files if d["file"].endswith("kierki-complete.toml"))
    assert kierki["winner"] == ["Darek"] and kierki["complete"] and kierki["ok"]
    assert summary["summary"] is True and summary["files"] == 6
    assert summary["games"] == {"foursquare": 1, "kierki": 2, "kozel": 1, "schmier": 1,
                                "wisconsin-schmier": 1}
    assert summary["violations"] == {"follow-suit": 1}
    assert summary["unreadable"] == []

    # a broken file: reported on its line and in the summary, the others still refereed
    (season / "month-0" / "broken.toml").write_text('format = 1\ngame = "kierki"\nplayers = [')
    (season / "month-0" / "bridge.toml").write_text(
        'format = 1\ngame = "bridge"\nplayers = ["A", "B", "C", "D"]\n')
    code, out, err = run(capsys, "audit", "--json", "--workers", "2", str(season))
    assert code == 2 and "Traceback" not in err
    docs = [json.loads(ln) for ln in out.splitlines()]
    bad = [d for d in docs[:-1] if d["error"]]
    assert sorted(Path(d["file"]).name for d in bad) == ["bridge.toml", "broken.toml"]
    assert all("\n" not in d["error"] for d in bad)
    assert docs[-1]["files"] == 8 and len(docs[-1]["unreadable"]) == 2
    assert docs[-1]["violations"] == {"follow-suit": 1}


def test_audit_text_names_the_unreadable_file(season: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    (season / "zz.toml").write_bytes(b"\xff\xfe not text")
    code, out, err = run(capsys, "audit", str(season), "--workers", "1")
    assert code == 2
    assert "zz.toml: cannot be read" in out and "could not be read: 1 file" in out
    assert "Traceback" not in err


def test_audit_sample_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "audit", "--json", str(SAMPLES))
    docs = [json.loads(ln) for ln in out.splitlines()]
    want = sorted(p.name for p in SAMPLES.glob("*.toml"))
    assert sorted(Path(d["file"]).name for d in docs[:-1]) == want
    assert code == 1 and docs[-1]["violations"]["follow-suit"] == 3  # three revoke samples


def test_audit_missing_path_and_bad_workers(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    code, _, err = run(capsys, "audit", str(tmp_path / "nowhere"))
    assert code == 2 and "no such file" in err
    code, _, _ = run(capsys, "audit", str(tmp_path), "--workers", "0")
    assert code == 2


def test_season_exit_code_order() -> None:
    s = Season()
    s.add(summarize(SAMPLES / "kierki-complete.toml"))
    assert s.exit_code == 0
    s.add(summarize(SAMPLES / "kierki-revoke.toml"))
    assert s.exit_code == 1
    s.add(summarize(SAMPLES / "missing.toml"))
    assert s.exit_code == 2


def test_audit_ctrl_c_stops_cleanly(tmp_path: Path) -> None:
    """SIGINT to a real ``referee audit`` (to its process group, as Ctrl-C does) on a large
    folder: exit 130, the files done so far and a summary of them, no traceback."""
    src = (SAMPLES / "schmier-complete.toml").read_text()
    for i in range(1500):
        sub = tmp_path / f"d{i // 100}"
        sub.mkdir(exist_ok=True)
        (sub / f"g{i:04d}.toml").write_text(src)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    p = subprocess.Popen([sys.executable, "-m", "cli", "audit", "--workers", "2",
                          str(tmp_path)], cwd=ROOT, env=env, text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    assert p.stdout is not None
    first = p.stdout.readline()  # some files refereed
    assert ".toml:" in first
    time.sleep(0.3)
    os.killpg(p.pid, signal.SIGINT)
    rest = p.stdout.read()  # (not communicate: it would miss what readline has buffered)
    assert p.stderr is not None
    err = p.stderr.read()
    out = first + rest
    assert p.wait(timeout=60) == 130
    assert "Traceback" not in err and "interrupted" in err
    done = sum(".toml:" in ln for ln in out.splitlines())
    assert 1 <= done < 1500
    assert f"{done} files" in out  # the summary of what was done


def test_stats_kierki_hand_checked() -> None:
    st = Stats()
    for name in ("kierki-complete", "kierki-revoke", "kierki-in-progress"):
        st.add(summarize(SAMPLES / f"{name}.toml"))
    rows = {ln.name: ln for ln in st.rows("kierki")}
    # kierki-complete: Darek wins with 260; kierki-revoke: Celina wins with 995 (Celina
    # revoked once); kierki-in-progress: no winner yet
    assert rows["Darek"].won == 1 and rows["Celina"].won == 1 and rows["Ala"].won == 0
    assert rows["Darek"].played == 3 and rows["Darek"].decided == 2
    assert rows["Darek"].total_sum == 260 + 155 - 390
    assert rows["Celina"].best == 995
    assert rows["Celina"].rules == {"follow-suit": 1}
    assert rows["Darek"].win_rate == 0.5


def test_stats_teams_bids_goat() -> None:
    st = Stats()
    st.add(summarize(SAMPLES / "wisconsin-complete.toml"))
    st.add(summarize(SAMPLES / "kozel-pull-eggs.toml"))
    w = {(ln.team, ln.name): ln for ln in st.rows("wisconsin-schmier")}
    assert w[(True, "Ala & Celina")].won == 1 and w[(True, "Ala & Celina")].best == 15
    assert w[(False, "Ala")].won == 1 and w[(False, "Bartek")].won == 0
    assert w[(False, "Ala")].bids.get(2, [0, 0])[0] >= 1  # Ala bid 2 and made it
    k = {(ln.team, ln.name): ln for ln in st.rows("kozel")}
    # kozel-pull-eggs: Ala & Celina reach 14 loss points: the goat
    assert k[(False, "Ala")].goat == 1 and k[(False, "Bartek")].goat == 0
    assert k[(True, "Bartek & Darek")].won == 1 and k[(True, "Bartek & Darek")].best == 0


def test_stats_filters(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stats", "--json", "--game", "kierki", str(season))
    doc = json.loads(out)
    assert list(doc["games"]) == ["kierki"] and doc["files"] == 1 and doc["left_out"] == 4
    darek = next(p for p in doc["games"]["kierki"]["players"] if p["name"] == "Darek")
    assert (darek["won"], darek["best"], darek["win_pct"]) == (1, 260, 100)
    code, out, _ = run(capsys, "stats", "--json", "--player", "filip", str(season))
    doc = json.loads(out)
    assert list(doc["games"]) == ["schmier"]
    assert [p["name"] for p in doc["games"]["schmier"]["players"]] == ["Filip"]
    assert [t["name"] for t in doc["games"]["schmier"]["teams"]] == ["Celina & Filip"]
    code, out, _ = run(capsys, "stats", "--json", "--since", "2999-01-01", str(season))
    assert json.loads(out)["files"] == 0
    code, _, err = run(capsys, "stats", "--since", "yesterday", str(season))
    assert code == 2 and "--since" in err


def test_since_uses_started_key_else_file_date(tmp_path: Path) -> None:
    text = (SAMPLES / "kierki-complete.toml").read_text()
    a = tmp_path / "a.toml"
    a.write_text(text.replace('first_dealer', 'started = 2026-03-05T19:00:00+01:00\n'
                              'first_dealer', 1))
    b = tmp_path / "b.toml"
    b.write_text(text)
    os.utime(b, (0, 86400 * 365 * 30))  # 1999-12-25
    assert summarize(a).date == "2026-03-05" and summarize(b).date == "1999-12-25"
    import datetime as dt

    st = Stats(Filter(since=dt.date(2026, 1, 1)))
    for p in (a, b):
        st.add(summarize(p))
    assert st.files == 1 and st.skipped == 1


def test_stats_table_and_chart(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stats", "--ascii", "--chart", str(season), str(SAMPLES))
    assert code == 0
    for game in ("kierki", "kozel", "foursquare", "schmier", "wisconsin-schmier"):
        assert f"{game}:" in out
    assert "Darek" in out and "wins so far" in out
    assert out.isascii(), sorted({ch for ch in out if not ch.isascii()})  # ('turn-order ×2')
