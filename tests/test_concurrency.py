"""Two writers of one save file, as real processes at the same time (issue 11, item 11).

Every change of a save file holds the file's lock (``.NAME.lock`` beside it) from reading it to
replacing it, so no acknowledged change is lost: when two commands both exit 0, both changes
are in the file.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.history.session import Session

ROOT = Path(__file__).resolve().parent.parent
CLUBS = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]


def start(cwd: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1", COLUMNS="100")
    return subprocess.Popen([sys.executable, "-m", "cli", *args], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def finish(procs: list[subprocess.Popen[str]]) -> list[tuple[int, str]]:
    out = []
    for p in procs:
        _, err = p.communicate(timeout=60)
        out.append((p.returncode, err))
    return out


def new_game(tmp_path: Path, *entries: str) -> Path:
    from referee.model import Setup

    p = tmp_path / "race.toml"
    if p.exists():
        p.unlink()
    s = Session.create(p, Setup("kierki", ("Ala", "Bartek", "Celina", "Darek"), "Ala"))
    for e in entries:
        s.add(e)
    return p


def cards_played(p: Path) -> list[tuple[str, str]]:
    s = Session.load(p)
    return [(e.player, str(e.cards[0])) for d in s.deals for e in d.actions()]  # type: ignore[attr-defined]


def test_adds_at_once_lose_nothing(tmp_path: Path) -> None:
    """Six ``add``s of different clubs (legal in any order: everyone follows) started
    together: every one exits 0 and all six cards are in the file, each once."""
    p = new_game(tmp_path)
    procs = [start(tmp_path, "add", p.name, c) for c in CLUBS[:6]]
    results = finish(procs)
    assert [code for code, _ in results] == [0] * 6, results
    played = cards_played(p)
    assert sorted(c for _, c in played) == sorted(CLUBS[:6])
    assert not list(tmp_path.glob(".race.toml.*.tmp"))
    assert (tmp_path / ".race.toml.lock").exists()  # the lock file, beside the save file


def test_add_racing_undo_loses_nothing(tmp_path: Path) -> None:
    """``add`` and ``undo`` started together, five times: both exit 0, and the file is what one
    order or the other gives (add then undo: as before; undo then add: the new card in place
    of the last one), never one of them lost."""
    before = [("Bartek", "2C"), ("Celina", "3C"), ("Darek", "4C")]
    add_then_undo = before
    undo_then_add = [("Bartek", "2C"), ("Celina", "3C"), ("Darek", "5C")]
    for _ in range(5):
        p = new_game(tmp_path, "Bartek: 2C 3C 4C")
        assert cards_played(p) == before
        results = finish([start(tmp_path, "add", p.name, "5C"), start(tmp_path, "undo", p.name)])
        assert [code for code, _ in results] == [0, 0], results
        assert cards_played(p) in (add_then_undo, undo_then_add)


def test_a_held_lock_makes_a_writer_wait(tmp_path: Path) -> None:
    """While another process holds the lock, ``add`` waits for it (and then adds)."""
    from referee.store import filelock

    p = new_game(tmp_path)
    with filelock.locked(p):
        proc = start(tmp_path, "add", p.name, "Bartek: 2C")
        with pytest.raises(subprocess.TimeoutExpired):
            proc.wait(timeout=1.5)
        assert cards_played(p) == []
    code, err = finish([proc])[0]
    assert code == 0, err
    assert cards_played(p) == [("Bartek", "2C")]


def test_the_lock_is_shared_by_every_name_of_the_file(tmp_path: Path) -> None:
    """A symlink's writer locks the target's lock file: two names, one lock."""
    from referee.store import filelock

    real = tmp_path / "games"
    real.mkdir()
    target = real / "g.toml"
    target.write_text("")
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    assert filelock.lock_path(link) == filelock.lock_path(target) == real / ".g.toml.lock"
    with filelock.locked(link):
        assert filelock.is_locked(target)
        with filelock.locked(target):  # re-entrant in one process
            pass
        assert filelock.is_locked(link)
    assert not filelock.is_locked(link)


def test_a_failed_new_leaves_no_lock_file(tmp_path: Path) -> None:
    """``new`` refused after taking the lock (a name seated twice) leaves neither the save file
    nor its lock file behind; a ``new`` that works keeps the lock file for later writers."""
    bad = start(tmp_path, "new", "kierki", "g.toml", "-p", "Ala", "-p", "Ala", "-p", "Celina",
                "-p", "Darek")
    code, err = finish([bad])[0]
    assert code == 2, err
    assert not (tmp_path / "g.toml").exists()
    assert not (tmp_path / ".g.toml.lock").exists()
    good = start(tmp_path, "new", "kierki", "g.toml", "-p", "Ala", "-p", "Bartek", "-p",
                 "Celina", "-p", "Darek")
    code, err = finish([good])[0]
    assert code == 0, err
    assert (tmp_path / ".g.toml.lock").exists()


def test_a_writer_waiting_on_a_removed_lock_file_locks_the_new_one(tmp_path: Path) -> None:
    """A writer that waited on a lock file its holder then removed (``drop_unused``) does not
    keep the lock of a file nobody else can see: it locks the one now under that name, so it
    waits for whoever holds that one."""
    import fcntl

    from referee.store import filelock

    p = tmp_path / "late.toml"
    lock = filelock.lock_path(p)
    with filelock.locked(p):
        waiter = start(tmp_path, "new", "kierki", "late.toml", "-p", "Ala", "-p", "Bartek",
                       "-p", "Celina", "-p", "Darek")
        with pytest.raises(subprocess.TimeoutExpired):
            waiter.wait(timeout=1.0)  # waiting on our lock file
        filelock.drop_unused(p)  # the file does not exist: the lock file goes
        assert not lock.exists()
        fd = os.open(lock, os.O_RDONLY | os.O_CREAT)  # someone else takes the new lock file
        fcntl.flock(fd, fcntl.LOCK_EX)
    try:  # our first lock is released: the waiter must now wait for the new one
        with pytest.raises(subprocess.TimeoutExpired):
            waiter.wait(timeout=1.0)
        assert not p.exists()
    finally:
        os.close(fd)
    code, err = finish([waiter])[0]
    assert code == 0, err
    assert p.exists()


def test_two_threads_of_one_process_wait_for_each_other(tmp_path: Path) -> None:
    """The lock is re-entrant within a thread only: the table mode and its page's seats
    (``play --serve --seats``) are two threads of one process, and one waits while the other
    holds the file, as two processes do; within a thread a second hold is the same hold."""
    import threading

    from referee.store import filelock

    p = new_game(tmp_path)
    got = threading.Event()

    def other() -> None:
        with filelock.locked(p):
            got.set()

    with filelock.locked(p):
        with filelock.locked(p):  # re-entrant in this thread
            assert filelock.is_locked(p)
        t = threading.Thread(target=other)
        t.start()
        assert not got.wait(1.0)  # the other thread waits for this one
        assert filelock.is_locked(p)
    assert got.wait(5.0)
    t.join(5.0)
    assert not filelock.is_locked(p)
