"""The private records beside a save file (``.NAME.seats``, ``.NAME.claim``) are written as the
save file is (``referee/store/atomic.py``), with mode 0600: a symlink written through, a
read-only record refused, and Ctrl-C in the middle of a write leaving neither a temporary file
nor a changed record."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from referee.errors import WriteFailed
from referee.history.session import Session
from referee.model import Setup
from referee.store import atomic, seatkeys
from tests.helpers import FOUR, cli_run


def dealt(tmp: Path) -> Path:
    path = tmp / "g.toml"
    Session.create(path, Setup("kierki", FOUR, "Ala", seed=3))
    return path


def no_temporary_files(folder: Path) -> bool:
    return not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_a_private_record_is_written_through_its_symlink(tmp_path: Path) -> None:
    path = dealt(tmp_path)
    elsewhere = tmp_path / "keys"
    elsewhere.mkdir()
    target = elsewhere / "seats.toml"
    target.write_text("")
    record = seatkeys.path_of(path)
    record.symlink_to(target)
    k = seatkeys.ensure(path, FOUR)
    assert record.is_symlink() and record.resolve() == target.resolve()
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert seatkeys.read(path) == k
    assert no_temporary_files(tmp_path) and no_temporary_files(elsewhere)


def test_a_read_only_seats_record_is_refused(tmp_path: Path) -> None:
    """``referee seats FILE --new NAME`` must write a new key: a record its owner made
    read-only is refused in one line naming it (exit 2), and left exactly as it was."""
    path = dealt(tmp_path)
    seatkeys.ensure(path, FOUR)
    record = seatkeys.path_of(path)
    record.chmod(0o400)
    before = record.read_bytes()
    code, out, err = cli_run("seats", str(path), "--new", "Bartek")
    assert code == 2, (code, out, err)
    assert err.startswith("referee: ") and err.count("\n") == 1 and str(record) in err
    assert record.read_bytes() == before
    assert stat.S_IMODE(record.stat().st_mode) == 0o400
    assert no_temporary_files(tmp_path)


@pytest.mark.parametrize("mode", [None, atomic.PRIVATE])
def test_ctrl_c_in_a_write_leaves_the_file_and_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: int | None) -> None:
    p = tmp_path / ".g.toml.seats"
    atomic.write_atomic(p, "old\n", mode)

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic.write_atomic(p, "new\n", mode)
    assert p.read_text() == "old\n"
    assert no_temporary_files(tmp_path)


def test_a_failed_private_write_names_the_record(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / ".g.toml.claim"

    def full(*a: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(WriteFailed, match=r"\.g\.toml\.claim: could not be written"):
        atomic.write_private(p, "x = 1\n")
    assert not p.exists() and no_temporary_files(tmp_path)


def test_a_new_private_record_is_0600_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        atomic.write_private(tmp_path / "r", "x = 1\n")
        atomic.write_atomic(tmp_path / "s", "x = 1\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "r").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "s").stat().st_mode) == 0o666
