"""`referee serve` in a real browser: Playwright driving Debian's Chromium (never a download).

The server runs in this process (`cli.serve.start_server`, 127.0.0.1, a free port) and stops
at the end of each test; entries come from `referee add` in another process, as at a table.
Covered: the live page shows the score; an entry made elsewhere changes it without a reload;
the replay steps with the arrow keys and the slider and jumps to a violation; a hostile title
and names are shown literally and run nothing; no request goes to any host but the server;
without the token, nothing (404).

Without Chromium (or Playwright) these tests skip and say why; under CI (`CI=true`) that is a
failure instead: `.ci/run` installs Chromium with apt when it is missing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
CHROMIUM = Path(os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT = 5000  # ms: how long the page may take to show an update before the test fails


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]')"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install -y chromium)"
    return None


def _need_browser() -> None:
    why = _missing()
    if why is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run under CI: {why}")
    pytest.skip(why)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for the module, with a fresh profile."""
    _need_browser()
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="referee-chromium-")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=str(CHROMIUM), headless=True, args=ARGS,
            viewport={"width": 390, "height": 844})
        context.set_default_timeout(WAIT)
        try:
            yield context
        finally:
            context.close()
            shutil.rmtree(profile, ignore_errors=True)


class Watched:
    """A page, and everything it did that a test may check: requests, dialogs, console
    errors, uncaught exceptions."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("dialog", self._dialog)
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _dialog(self, d: Any) -> None:
        self.dialogs.append(d.message)
        d.dismiss()

    def foreign(self, base: str) -> list[str]:
        """The requests that went to any host but the server's."""
        mine = urlsplit(base).netloc
        return [u for u in self.requests if urlsplit(u).netloc != mine]


@pytest.fixture
def page(browser: Any) -> Iterator[Watched]:
    p = browser.new_page()
    try:
        yield Watched(p)
    finally:
        p.close()


class Served:
    def __init__(self, target: Path, token: str | None = None, port: int = 0) -> None:
        from cli.serve import start_server

        self.handle = start_server(target, token=token, port=port)
        self.stopped = False
        self.url: str = self.handle.url
        if not self.url.endswith("/"):
            self.url += "/"

    def stop(self) -> None:
        if not self.stopped:
            self.stopped = True
            self.handle.stop()


@pytest.fixture
def serve() -> Iterator[Any]:
    started: list[Served] = []

    def start(target: Path, token: str | None = None, port: int = 0) -> Served:
        s = Served(target, token, port)
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()


def referee(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cli", *args], capture_output=True, text=True,
                          cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=60)


def copy(sample: str, tmp_path: Path) -> Path:
    dest = tmp_path / sample
    shutil.copyfile(SAMPLES / sample, dest)
    return dest


def totals(file: Path) -> dict[str, int]:
    out = json.loads(referee("score", str(file), "--json").stdout)
    return {k: int(v) for k, v in out["totals"].items()}


def number(text: str) -> int:
    """A score as the page writes it (a minus sign or a hyphen)."""
    return int(text.strip().replace("\u2212", "-"))


def shown_totals(page: Any) -> dict[str, int]:
    """The totals row of the page's score sheet, by player (or team)."""
    cells = page.locator("#score tr.totals td[data-name]")
    return {cells.nth(i).get_attribute("data-name"): number(cells.nth(i).inner_text())
            for i in range(cells.count())}


def test_live_page_shows_the_score(page: Watched, serve: Any, tmp_path: Path) -> None:
    file = copy("kierki-in-progress.toml", tmp_path)
    s = serve(file)
    page.page.goto(s.url)
    page.page.locator("#score tr.totals").wait_for()
    page.page.locator('#conn[data-state="connected"]').wait_for()
    assert shown_totals(page.page) == totals(file)
    title = page.page.locator("#game-title").inner_text()
    assert "Kierki" in title or "kierki" in title
    for name in ("Ala", "Bartek", "Celina", "Darek"):
        assert page.page.locator(f'#trick .seat[data-player="{name}"]').count() == 1
    # the two cards on the table (4D led by Bartek, 2D by Celina), drawn at their seats
    assert page.page.locator('#trick .seat[data-player="Bartek"] .card[data-card="4D"]').count()
    assert page.page.locator('#trick .seat[data-player="Celina"] .card[data-card="2D"]').count()
    assert "Darek" in page.page.locator("#turn").inner_text()
    assert not page.errors and not page.dialogs
    assert page.foreign(s.url) == []


def test_an_entry_from_another_process_shows_without_a_reload(
        page: Watched, serve: Any, tmp_path: Path) -> None:
    file = copy("kierki-in-progress.toml", tmp_path)
    s = serve(file)
    p = page.page
    p.goto(s.url)
    p.locator('#trick .card[data-card="2D"]').wait_for()
    p.evaluate("window.__stayed = true")  # gone if the page reloads
    before = shown_totals(p)
    loads = len([u for u in page.requests if urlsplit(u).path == urlsplit(s.url).path])

    done = referee("add", str(file), "Darek: 9D")
    assert done.returncode == 0, done.stderr
    p.locator('#trick .seat[data-player="Darek"] .card[data-card="9D"]').wait_for()
    assert "Ala" in p.locator("#turn").inner_text()

    done = referee("add", str(file), "Ala: AD")  # the trick ends: Ala takes it
    assert done.returncode == 0, done.stderr
    # (a function, not an expression: Playwright polls an expression with eval, which the
    # page's Content-Security-Policy refuses whenever the first check is not already true)
    p.wait_for_function("() => document.querySelectorAll('#tricks li').length === 7")
    p.wait_for_function("() => document.querySelector('#turn').innerText.includes('Ala to lead')")
    assert p.locator("#tricks li").last.locator('.card[data-card="AD"]').count() == 1
    assert shown_totals(p) == before  # no penalty card in that trick
    assert p.evaluate("window.__stayed === true")
    assert loads == len([u for u in page.requests if urlsplit(u).path == urlsplit(s.url).path])
    assert not page.errors and not page.dialogs
    assert page.foreign(s.url) == []


def test_the_replay_steps_with_keys_and_slider_and_jumps_to_a_violation(
        page: Watched, serve: Any, tmp_path: Path) -> None:
    file = copy("kierki-revoke.toml", tmp_path)
    s = serve(file)
    p = page.page
    p.goto(s.url + "replay")
    label = p.locator("#step-label")
    label.wait_for()
    p.wait_for_selector("#replay[data-ready='true']", state="attached")
    first = label.inner_text()
    p.keyboard.press("ArrowRight")
    p.wait_for_function("t => document.querySelector('#step-label').innerText !== t", arg=first)
    second = label.inner_text()
    p.keyboard.press("ArrowRight")
    p.wait_for_function("t => document.querySelector('#step-label').innerText !== t",
                        arg=second)
    p.keyboard.press("ArrowLeft")
    p.wait_for_function("t => document.querySelector('#step-label').innerText === t",
                        arg=second)
    p.locator("#forward").click()
    p.wait_for_function("t => document.querySelector('#step-label').innerText !== t",
                        arg=second)
    p.locator("#back").click()
    p.wait_for_function("t => document.querySelector('#step-label').innerText === t",
                        arg=second)

    slider = p.locator("#slider")
    top = int(slider.get_attribute("max") or "0")
    assert top > 10
    slider.fill(str(top // 2))
    p.wait_for_function("t => document.querySelector('#step-label').innerText !== t",
                        arg=second)
    middle = label.inner_text()
    assert middle not in (first, second)

    # the revoke of this sample: deal 3, trick 4, Celina (rule follow-suit), with the facts
    # `referee explain` gives for that trick
    jump = p.locator("a.jump").first
    jump.click()
    p.wait_for_function("() => document.querySelector('#explain').innerText"
                        ".includes('follow-suit')")
    explain = p.locator("#explain").inner_text()
    assert "Celina" in explain
    told = referee("explain", str(file), "--deal", "3", "--trick", "4")
    assert told.returncode == 1  # the trick holds a violation
    assert not page.errors and not page.dialogs
    assert page.foreign(s.url) == []


HOSTILE_TITLE = ('<img src="http://127.0.0.2:9/x.png" onerror="alert(1)">'
                 "</title><script>alert(2)</script>{{ 7*7 }}&amp;")
HOSTILE = ["<script>alert(3)<\\script>", "Bar<b>tek&lt;", "\u202eDarek\u202c", "{{ 7*7 }}"]


def test_a_hostile_title_and_names_are_shown_literally_and_run_nothing(
        page: Watched, serve: Any, tmp_path: Path) -> None:
    file = tmp_path / "hostile.toml"
    made = referee("new", "kierki", str(file), *[a for n in HOSTILE for a in ("-p", n)],
                   "--title", HOSTILE_TITLE)
    assert made.returncode == 0, made.stderr
    leader = HOSTILE[1]
    done = referee("add", str(file), f"{leader}: 2C 5C")
    assert done.returncode == 0, done.stderr
    s = serve(file)
    p = page.page
    p.goto(s.url)
    p.locator("#score tr.totals").wait_for()
    assert p.locator("#game-title").inner_text().strip().startswith(HOSTILE_TITLE)
    from cli.safe import clean

    body = p.locator("body").inner_text()
    assert "\u202e" not in body and "\u202c" not in body  # bidi controls shown, not obeyed
    seats = p.evaluate("[...document.querySelectorAll('#trick .seat')]"
                       ".map(e => [e.dataset.player, e.querySelector('.name').innerText])")
    assert seats == [[clean(n), clean(n)] for n in HOSTILE]
    assert shown_totals(p) == {clean(k): v for k, v in totals(file).items()}
    assert p.locator("body img").count() == 0
    assert p.locator("body b").count() == 0
    assert p.evaluate("[...document.scripts].every(s => s.src !== '')")  # no inline script
    p.goto(s.url + "replay")
    p.locator("#step-label").wait_for()
    p.goto(s.url + "score")
    assert HOSTILE_TITLE in p.locator("body").inner_text()
    assert page.dialogs == []
    assert page.errors == []
    assert page.foreign(s.url) == []


def test_no_request_leaves_the_server(page: Watched, serve: Any, tmp_path: Path) -> None:
    file = copy("kierki-revoke.toml", tmp_path)
    s = serve(file)
    p = page.page
    for route in ("", "replay", "replay?deal=3&step=4", "score", "chart.svg"):
        p.goto(s.url + route)
        p.wait_for_load_state("load")
    assert len(page.requests) >= 5
    assert page.foreign(s.url) == []


def test_without_the_token_nothing(page: Watched, serve: Any, tmp_path: Path) -> None:
    file = copy("kierki-in-progress.toml", tmp_path)
    token = "k3y-" + os.urandom(8).hex()
    s = serve(file, token=token)
    assert f"/t/{token}/" in s.url
    base = s.url.split("/t/")[0] + "/"
    p = page.page
    ok = p.goto(s.url)
    assert ok is not None and ok.status == 200
    p.locator('#conn[data-state="connected"]').wait_for()  # its script and stream, with the token
    assert p.locator("#score tr.totals td[data-name]").count() == 4
    for url in (base, base + "live.json", base + "replay", base + "static/",
                s.url.replace(token, "wrong-" + token), base + "t/" + token[:-1] + "/"):
        r = p.goto(url)
        assert r is not None and r.status == 404, url
        body = p.locator("body").inner_text()
        for name in ("Ala", "Bartek", "Celina", "Darek", "kierki", "Kierki"):
            assert name not in body, (url, name)
    assert page.foreign(s.url) == []


def test_a_page_that_lost_the_server_reconnects_and_catches_up(
        page: Watched, serve: Any, tmp_path: Path) -> None:
    file = copy("kierki-in-progress.toml", tmp_path)
    s = serve(file)
    port = urlsplit(s.url).port or 0
    p = page.page
    p.goto(s.url)
    p.locator('#conn[data-state="connected"]').wait_for()
    p.evaluate("window.__stayed = true")
    s.stop()  # the laptop's server goes away (or the phone loses the network)
    p.locator('#conn[data-state="reconnecting"]').wait_for()
    done = referee("add", str(file), "Darek: 9D")  # meanwhile, at the table
    assert done.returncode == 0, done.stderr
    back = serve(file, port=port)
    assert back.url == s.url
    p.locator('#trick .seat[data-player="Darek"] .card[data-card="9D"]').wait_for(timeout=15000)
    p.locator('#conn[data-state="connected"]').wait_for()
    assert p.evaluate("window.__stayed === true")
    assert page.foreign(s.url) == []


def test_a_broken_file_is_told_on_the_page_and_the_last_view_kept(
        page: Watched, serve: Any, tmp_path: Path) -> None:
    file = copy("kierki-in-progress.toml", tmp_path)
    good = file.read_text()
    s = serve(file)
    p = page.page
    p.goto(s.url)
    p.locator('#conn[data-state="connected"]').wait_for()
    bad = tmp_path / "bad.tmp"
    bad.write_text(good.replace('"Bartek: 4D 2D"', '"Bartek: 4D 2D'))  # a bad hand edit
    bad.replace(file)  # replaced whole, as an editor saving does
    p.locator("#error:not([hidden])").wait_for()
    assert "kierki-in-progress.toml" in p.locator("#error").inner_text()
    assert p.locator('#trick .card[data-card="2D"]').count() == 1  # the last good view
    bad.write_text(good)
    bad.replace(file)
    p.locator("#error[hidden]").wait_for(state="attached")
    assert page.dialogs == [] and page.foreign(s.url) == []


def _luminance(css: str) -> float:
    """The relative luminance (WCAG) of a computed ``rgb(r, g, b)`` colour."""
    r, g, b = (int(x) / 255 for x in css[css.index("(") + 1:css.index(")")].split(",")[:3])
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_a_kozel_pull_is_tagged_readably_and_the_plays_it_cancelled_are_shown(
        page: Watched, serve: Any, tmp_path: Path) -> None:
    """Issue 29: the pull tag on the felt could hardly be read (grey on green); the note
    under the seats named nobody."""
    file = tmp_path / "k.toml"
    assert referee("new", "kozel", str(file), "-p", "Ala", "-p", "Bartek", "-p", "Celina",
                   "-p", "Darek").returncode == 0
    for line in ("trump D", "jd / qd", "darek pulls 6c 7c 9c jc"):
        done = referee("add", str(file), line)
        assert done.returncode == 0, done.stderr
    s = serve(file)
    p = page.page
    p.goto(s.url)
    tag = p.locator('#trick .seat[data-player="Darek"] .tag.pull')
    tag.wait_for()
    fg, bg = tag.evaluate("e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]")
    hi, lo = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    assert (hi + 0.05) / (lo + 0.05) >= 4.5, (fg, bg)  # WCAG AA for text
    box = tag.bounding_box()
    assert box is not None and box["width"] > 10 and box["height"] > 8
    note = p.locator("#trick .note.pulled")
    assert note.locator('.card[data-card="JD"]').count() == 1
    assert note.locator('.card[data-card="QD"]').count() == 1
    assert page.errors == [] and page.foreign(s.url) == []
