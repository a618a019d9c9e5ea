"""The phones the browser tests share: one headless Chromium (Debian's, never a download) and a
browser context per seat at 390x844, each on its own seat's link.

``Phones`` opens the contexts and waits on them; ``Table`` serves the file in this process
(``cli.serve.start_server``, 127.0.0.1, a free port, seats on; it stops at the end of the test)
with one phone per player of the file (four, or the six of Schmier). The fixtures
``chromium`` and ``table`` are imported by the test modules that use them.

Without Chromium (or Playwright) the tests that use them skip and say why (a failure under
``CI=true``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.test_browser import ARGS, CHROMIUM, _need_browser

ROOT = Path(__file__).resolve().parent.parent
FOUR = ("Ala", "Bartek", "Celina", "Darek")
SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")
WAIT = 8000  # ms: how long a phone may take to show an update before the test fails
SHOTS = Path(os.environ.get("REFEREE_SHOTS", "")) if os.environ.get("REFEREE_SHOTS") else None


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One headless Chromium for the module; each phone is a context of its own."""
    _need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def referee(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line in another process, as at a table."""
    return subprocess.run([sys.executable, "-m", "cli", *args], capture_output=True, text=True,
                          cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=60)


def new(tmp: Path, game: str, seed: int, *options: str,
        players: Sequence[str] = FOUR) -> Path:
    """A virtual game (``--deal``) of ``players``, dealt from ``seed``."""
    file = tmp / f"{game}.toml"
    args = ["new", game, str(file), "--deal", "--seed", str(seed)]
    for name in players:
        args += ["-p", name]
    for o in options:
        args += ["-o", o]
    done = referee(*args)
    assert done.returncode == 0, done.stderr
    return file


def kozel_unseen(tmp: Path, *entries: str) -> Path:
    """A Kozel game of FOUR with the hands unseen, trump hearts, then ``entries`` added."""
    file = tmp / "kozel.toml"
    args = ["new", "kozel", str(file)]
    for name in FOUR:
        args += ["-p", name]
    for done in (referee(*args), *(referee("add", str(file), e) for e in ("trump H", *entries))):
        assert done.returncode == 0, done.stderr
    return file


def replay(file: Path) -> dict[str, Any]:
    done = referee("replay", str(file), "--json")
    assert done.returncode in (0, 1), done.stderr
    doc: dict[str, Any] = json.loads(done.stdout)
    return doc


def shot(page: Any, name: str) -> None:
    """A screenshot for the docs, when ``REFEREE_SHOTS`` names a folder."""
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / name), full_page=False)


class Phones:
    """One browser context (a phone: 390x844, touch) per seat, each on its seat's link, and
    the errors their pages log."""

    def __init__(self, browser: Any, url: dict[str, str], console: bool = False) -> None:
        """``console``: a console error counts as an error too (not a refused request's)."""
        self.url = url
        self.contexts: dict[str, Any] = {}
        self.phones: dict[str, Any] = {}
        self.errors: list[str] = []
        for name, link in url.items():
            ctx = browser.new_context(viewport={"width": 390, "height": 844},
                                      device_scale_factor=2, is_mobile=True, has_touch=True)
            ctx.set_default_timeout(WAIT)
            page = ctx.new_page()
            page.on("pageerror", lambda e: self.errors.append(str(e)))
            if console:
                page.on("console", lambda m: m.type == "error"  # a refusal's status: no error
                        and not m.text.startswith("Failed to load resource")
                        and self.errors.append(m.text))
            page.goto(link, wait_until="commit")  # the pages load side by side
            self.contexts[name] = ctx
            self.phones[name] = page
        for page in self.phones.values():
            page.locator('#conn[data-state="connected"]').wait_for()

    def close_phones(self) -> None:
        for ctx in self.contexts.values():
            ctx.close()

    def live(self, name: str) -> dict[str, Any]:
        """A seat's live view (reads are not rate limited)."""
        with urllib.request.urlopen(self.url[name] + "live.json", timeout=5) as r:
            doc: dict[str, Any] = json.load(r)
        return doc

    def shows(self, name: str, version: int) -> Any:
        """The phone, once it shows ``version`` (its feed delivered it)."""
        page = self.phones[name]
        page.locator(f'body[data-version="{version}"]').wait_for()
        return page


class Table(Phones):
    """A file served in this process and a phone per player of the file."""

    def __init__(self, chromium: Any, file: Path) -> None:
        from cli.serve import start_server
        from referee.store import seatkeys

        self.file = file
        players = tomllib.loads(file.read_text(encoding="utf-8"))["players"]
        self.players: tuple[str, ...] = tuple(players)
        self.keys = seatkeys.ensure(file, self.players)
        self.server = start_server(file, seats=True)
        self.base = self.server.url.rstrip("/")
        try:
            super().__init__(chromium, {name: f"{self.base}/s/{key}/"
                                        for name, key in self.keys.items()}, console=True)
        except BaseException:
            self.server.stop()
            raise

    def close(self) -> None:
        self.close_phones()
        self.server.stop()

    def now(self) -> dict[str, Any]:
        """The table's live view (the seats' requests are rate limited; the table's not)."""
        with urllib.request.urlopen(self.base + "/live.json", timeout=5) as r:
            doc: dict[str, Any] = json.load(r)
        return doc

    def replay_deal(self, number: int) -> dict[str, Any]:
        """The table's replay of deal ``number`` (``replay.json?deal=N``)."""
        with urllib.request.urlopen(f"{self.base}/replay.json?deal={number}", timeout=5) as r:
            doc: dict[str, Any] = json.load(r)
        return doc

    def to_act(self) -> tuple[str, list[dict[str, Any]], int]:
        """The seat to act, the choices its phone shows (once it shows the current version:
        entry, allowed, the rule shown on a greyed one) and that version."""
        doc = self.now()
        name = doc["expect"]["player"]
        page = self.shows(name, doc["version"])
        # read in one step in the page: the buttons are drawn again as events land, and a
        # button listed, then read, may be gone by then (seen on a loaded machine)
        choices: list[dict[str, Any]] = page.eval_on_selector_all(
            "#choices button.choice",
            "bs => bs.map(b => ({entry: b.getAttribute('data-entry'), allowed: !b.disabled,"
            " shown: b.innerText}))")
        return name, choices, doc["version"]

    def tap(self, name: str, entry: str | None = None) -> str:
        """``name``'s phone taps ``entry`` (default: its first allowed choice); the page must
        say "accepted". Returns the entry tapped."""
        page = self.shows(name, self.now()["version"])
        pick = f'#choices button.choice[data-entry="{entry}"]' if entry else \
            "#choices button.choice:not([disabled])"
        tapped = str(page.locator(pick).first.get_attribute("data-entry"))
        # the button of that entry, found again at the tap: the page may be redrawn between
        # (a late update), and the first allowed button then be another entry's
        button = page.locator(f'#choices button.choice[data-entry="{tapped}"]')
        page.evaluate("document.getElementById('said').dataset.state = ''")
        button.tap()
        page.locator('#said[data-state="accepted"]').wait_for()
        return tapped

    def typed(self, name: str, text: str) -> Any:
        """``name``'s phone types ``text`` in its entry field and sends it: the page's line
        (``#said``) once the referee refused it."""
        page = self.phones[name]
        page.evaluate("document.getElementById('said').dataset.state = ''")
        page.fill("#typed-entry", text)
        page.press("#typed-entry", "Enter")
        said = page.locator('#said[data-state="refused"]')
        said.wait_for()
        return said


@pytest.fixture
def table(chromium: Any) -> Iterator[Any]:
    """``table(file)``: the file served with a phone per player; all closed after the test."""
    made: list[Table] = []

    def make(file: Path) -> Table:
        t = Table(chromium, file)
        made.append(t)
        return t

    yield make
    for t in made:
        t.close()
