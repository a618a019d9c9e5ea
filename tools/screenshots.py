"""Remake the screenshots of `referee serve`'s live page in docs/ (run it after a change to
the page):

    .venv/bin/python tools/screenshots.py

The game shown is sample_games/kierki-revoke.toml cut in the middle of deal 3: two deals
scored, Celina's revoke of trick 4 proven by trick 6, a trick on the table. The page is served
in this process on 127.0.0.1 (cli.serve.start_server) and taken by Debian's Chromium through
Playwright at phone size (390x844 and 360x740) and laptop size (1280x800):
docs/serve-phone.png, docs/serve-phone-360.png, docs/serve-laptop.png.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import tomlkit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SIZES = {"serve-phone.png": (390, 844), "serve-phone-360.png": (360, 740),
         "serve-laptop.png": (1280, 800)}


def mid_game(folder: Path) -> Path:
    """kierki-revoke.toml up to deal 3, trick 7, of which two cards are down."""
    doc = tomlkit.parse((ROOT / "sample_games" / "kierki-revoke.toml").read_text())
    deals = doc["deals"]
    while len(deals) > 3:
        deals.pop()
    tricks = deals[2]["tricks"]
    while len(tricks) > 6:
        tricks.pop()
    tricks.append("Ala: 10D 7D")
    doc["title"] = "Friday at Ala's"
    path = folder / "friday.toml"
    path.write_text(tomlkit.dumps(doc))
    return path


def main() -> None:
    from playwright.sync_api import sync_playwright

    from cli.serve import start_server

    work = Path(tempfile.mkdtemp(prefix="referee-shots-"))
    server = start_server(mid_game(work))
    try:
        with sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                str(work / "profile"), executable_path=CHROMIUM, headless=True, args=ARGS)
            for name, (w, h) in SIZES.items():
                page = context.new_page()
                page.set_viewport_size({"width": w, "height": h})
                page.goto(server.url)
                page.locator("#score tr.totals").wait_for()
                page.wait_for_timeout(300)  # the event stream connects (#conn)
                out = ROOT / "docs" / name
                page.screenshot(path=str(out))
                print(f"{out.relative_to(ROOT)}: {w}x{h}, {out.stat().st_size // 1024} KiB")
                page.close()
            context.close()
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
