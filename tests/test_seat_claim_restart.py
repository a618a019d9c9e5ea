"""A claim pending from a seat's page survives a restart of the server (issue 31): it is on
record beside the save file (``.FILE.claim``, mode 0600, never in the save file) and a new
server shows it again, with the answers given, while the save file is the one it was made on;
a change of the file while no server ran cancels it."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from cli.serve import claimrecord  # noqa: E402
from tests.helpers import cli_run  # noqa: E402
from tests.test_claim_table import CELINA  # noqa: E402
from tests.test_seat_claims import by_table, claim, client, game, live, post  # noqa: E402


def test_a_claim_pending_is_found_again_by_a_new_server(tmp_path: Path) -> None:
    p = game(tmp_path)
    before = p.read_bytes()
    c, keys = client(p)
    v = claim(c, keys)
    assert post(c, keys["Ala"], "answer", {"accept": True, "version": v}).status_code == 200
    record = claimrecord.path_of(p)
    assert record.exists() and stat.S_IMODE(record.stat().st_mode) == 0o600
    assert p.read_bytes() == before  # nothing of it in the save file
    c.close()
    c2, keys2 = client(p)  # the server restarted: the same keys, the claim found again
    assert keys2 == keys
    for key in (None, *keys.values()):
        pending = live(c2, key)["claim_pending"]
        assert pending is not None and pending["claimer"] == "Celina"
        assert pending["accepted"] == ["Ala"] and pending["waiting"] == ["Bartek", "Darek"]
        assert set(pending["hand"]) == set(CELINA.split())
    assert "Not answered yet" in c2.get(f"/s/{keys['Darek']}/").text
    # Ala answered before the restart: not again
    v = live(c2, keys["Ala"])["version"]
    assert post(c2, keys["Ala"], "answer", {"accept": True, "version": v}).status_code == 409
    for who in ("Bartek", "Darek"):
        v = live(c2, keys[who])["version"]
        assert post(c2, keys[who], "answer", {"accept": True, "version": v}).status_code == 200
    assert p.read_bytes() == by_table(tmp_path, ["claim Celina", CELINA, "y", "quit"])
    assert not record.exists()  # ended: off record


def test_a_change_of_the_file_while_no_server_ran_cancels_it(tmp_path: Path) -> None:
    p = game(tmp_path)
    c, keys = client(p)
    claim(c, keys)
    c.close()
    assert cli_run("add", str(p), "Ala: 3D")[0] == 0  # the terminal, the server down
    c2, _ = client(p)
    assert live(c2)["claim_pending"] is None
    assert live(c2, keys["Bartek"])["claim_pending"] is None
    assert not claimrecord.path_of(p).exists()


def test_a_rejection_or_a_change_takes_it_off_record(tmp_path: Path) -> None:
    p = game(tmp_path)
    c, keys = client(p)
    v = claim(c, keys)
    assert post(c, keys["Bartek"], "answer", {"accept": False, "version": v}).status_code == 200
    assert not claimrecord.path_of(p).exists()
    c.close()
    q = game(tmp_path, "h.toml")
    c, keys = client(q)
    claim(c, keys)
    assert claimrecord.path_of(q).exists()
    assert cli_run("add", str(q), "Ala: 3D")[0] == 0  # the server running: cancelled
    assert live(c, keys["Darek"])["claim_pending"] is None
    assert not claimrecord.path_of(q).exists()


def test_an_unreadable_record_is_dropped(tmp_path: Path) -> None:
    p = game(tmp_path)
    claimrecord.path_of(p).write_text("claimer = [")
    c, keys = client(p)
    assert live(c, keys["Celina"])["claim_pending"] is None
    assert not claimrecord.path_of(p).exists()


def test_a_record_made_read_only_by_hand_does_not_stop_the_claim(tmp_path: Path) -> None:
    """Someone chmods the record 0400: the claim goes on in memory (every answer taken, the
    deal settled as at the table), the record is dropped rather than left stale for a
    restart to bring back."""
    p = game(tmp_path)
    c, keys = client(p)
    v = claim(c, keys)
    record = claimrecord.path_of(p)
    record.chmod(0o400)
    assert post(c, keys["Ala"], "answer", {"accept": True, "version": v}).status_code == 200
    assert not record.exists()
    for who in ("Bartek", "Darek"):
        v = live(c, keys[who])["version"]
        assert post(c, keys[who], "answer", {"accept": True, "version": v}).status_code == 200
    assert p.read_bytes() == by_table(tmp_path, ["claim Celina", CELINA, "y", "quit"])
