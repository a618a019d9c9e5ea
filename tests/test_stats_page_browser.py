"""Issue 29: the folder page's season stats fit a phone (390 x 844, Debian's Chromium driven
by Playwright, as tests/test_browser.py does): no table is wider than its box, nor the page
than the screen; every game's figures are there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.phones import chromium  # noqa: F401 - the one headless Chromium fixture
from tests.test_browser import SAMPLES


@pytest.mark.parametrize("width", [390, 360])
def test_the_stats_tables_fit_a_phone(chromium: Any, width: int,  # noqa: F811 - the fixture
                                      tmp_path: Path) -> None:
    from cli.serve import start_server

    handle = start_server(SAMPLES, port=0)
    try:
        page = chromium.new_page(viewport={"width": width, "height": 844})
        page.goto(handle.url.rstrip("/") + "/stats")
        got = page.evaluate("""() => ({
            page: document.documentElement.scrollWidth,
            tables: [...document.querySelectorAll('section.stats table')].map(t => ({
                game: t.closest('section').dataset.game, wide: t.scrollWidth,
                box: t.parentElement.clientWidth}))})""")
        page.screenshot(path=str(tmp_path / f"stats-{width}.png"), full_page=True)
        page.close()
    finally:
        handle.stop()
    assert got["page"] <= width
    games = {t["game"] for t in got["tables"]}
    assert games == {"foursquare", "kierki", "kozel", "schmier", "wisconsin-schmier"}
    for t in got["tables"]:
        assert t["wide"] <= t["box"] <= width, t  # the Foursquare table was 1169 px wide
