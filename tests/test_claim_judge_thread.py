"""The page's background claim judge (``cli/serve/judges.py``) runs in a thread where the
compiled search core runs (its search releases the GIL), in a process with the pure core:
the verdict is the command's either way, and no process is started with the compiled core."""

from __future__ import annotations

import json
import multiprocessing
import time
from multiprocessing.pool import ThreadPool
from pathlib import Path

import pytest

from referee.claims import known
from referee.model import Deal, Key
from referee.solve import core
from referee.store import savefile
from referee.store.claimkeys import TableClaim
from tests.helpers import cli_run
from tests.test_claim_page import _one_deal_cut


@pytest.mark.skipif(core.compiled() is None, reason="the compiled core only")
def test_with_the_compiled_core_the_judge_is_a_thread_and_says_what_the_command_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from starlette.testclient import TestClient

    import referee.claims
    from cli.serve import make_app
    from referee.claims import recorded

    defaults = dict(referee.claims.judge.__kwdefaults__ or {})  # the page's search stops at
    monkeypatch.setattr(referee.claims.judge, "__kwdefaults__",  # once: the judge's does not
                        {**defaults, "known_budget": 1})
    monkeypatch.setattr(referee.claims, "KNOWN_FIRST", 1)
    monkeypatch.setattr(recorded, "_seen", {})
    monkeypatch.setattr(recorded, "_asked", {})
    rules, setup, cut, claimer = _one_deal_cut(2, True, 20)
    before = tmp_path / "before.toml"
    before.write_text(savefile.dumps(rules, setup, [cut]))
    said = json.loads(cli_run("claim", str(before), claimer, "--json")[1])["verdict"]
    page = tmp_path / "claimed.toml"
    page.write_text(savefile.dumps(rules, setup, [Deal([*cut.entries,
                                                        Key("claim", TableClaim(claimer))])]))
    with TestClient(make_app(page), base_url="http://127.0.0.1") as client:
        site = client.app.state.site  # type: ignore[attr-defined]
        # (the thread may have its verdict before the first page is asked for)
        assert client.get("/live.json").json()["claims"][0]["referee"] in (recorded.LONG, said)
        assert isinstance(site.judges._pool, ThreadPool)
        assert not multiprocessing.active_children()
        deadline = time.monotonic() + 120
        while site.judges.pending() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.get("/live.json").json()["claims"][0]["referee"] == said
    assert site.judges._pool is None


def test_with_the_pure_core_the_judge_is_a_process(monkeypatch: pytest.MonkeyPatch) -> None:
    from cli.serve.judges import Judges

    monkeypatch.setenv(core.ENV, "1")
    judges = Judges(lambda: None)
    try:
        pool = judges._start()
        assert not isinstance(pool, ThreadPool)
        assert pool.apply(known.__name__.__len__) > 0  # (it runs)
        assert multiprocessing.active_children()
    finally:
        judges.close()
