"""``referee serve``: every route of the app in-process (Starlette's test client), the token,
the Content-Security-Policy, hostile names shown literally, the folder kept to itself, a
broken or deleted file, and nothing ever written."""

from __future__ import annotations

import html as html_lib
import json
import os
import re
import shutil
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():  # starlette would rather have httpx2; httpx does the job
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from cli.serve import make_app, views  # noqa: E402
from tests.helpers import cli_run  # noqa: E402

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
FILE_ROUTES = ("", "live.json", "replay", "replay?deal=3&step=4", "replay.json", "score",
               "chart.svg")


LOCAL = "http://127.0.0.1"  # the Host a page of this machine sends (any other: 400)


def client(target: Path, **kw: object) -> TestClient:
    return TestClient(make_app(target, **kw), base_url=LOCAL)  # type: ignore[arg-type]


def copy(tmp_path: Path, name: str, to: str | None = None) -> Path:
    dst = tmp_path / (to or name)
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SAMPLES / name, dst)
    return dst


def replace(path: Path, text: str) -> None:
    """Write ``path`` as the referee does: a whole new file renamed over the old one."""
    tmp = path.with_name(path.name + ".new")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def test_every_file_route_answers(tmp_path: Path) -> None:
    f = copy(tmp_path, "kierki-revoke.toml")
    c = client(f)
    kinds = {"": "text/html", "live.json": "application/json", "replay": "text/html",
             "replay.json": "application/json", "score": "text/html",
             "chart.svg": "image/svg+xml"}
    for route in FILE_ROUTES:
        r = c.get("/" + route)
        assert r.status_code == 200, route
        assert r.headers["content-type"].startswith(kinds[route.partition("?")[0]]), route
    assert c.get("/static/app.js").status_code == 200
    assert c.get("/static/app.css").status_code == 200
    assert c.get("/nothing").status_code == 404


def test_live_page_shows_the_table(tmp_path: Path) -> None:
    c = client(copy(tmp_path, "kierki-in-progress.toml"))
    html = c.get("/").text
    for part in ("game-title", "deal", "turn", "trick", "tricks", "score", "winner",
                 "violations", "claim", "error", "conn"):
        assert f'id="{part}"' in html, part
    assert re.search(r'<p id="error" class="error" hidden>', html)
    assert 'class="seat' in html and 'data-player="Ala"' in html
    assert '<div class="seat to-play" data-player="Darek">' in html  # Darek to follow
    assert re.search(r'class="card (red|black)" data-card="(10|[2-9JQKA])[SHDC]"', html)
    assert '<tr class="totals">' in html
    doc = c.get("/live.json").json()
    assert doc["expect"]["player"] and doc["sheet"]["names"] == doc["players"]
    assert set(doc["html"]) >= {"trick", "score", "violations", "deal", "turn"}


def test_the_live_view_says_the_violation_with_its_proving_card(tmp_path: Path) -> None:
    c = client(copy(tmp_path, "kierki-revoke.toml"))
    doc = c.get("/live.json").json()
    (v,) = doc["violations"]
    assert (v["rule"], v["deal"], v["trick"], v["card"], v["retro"]) == \
        ("follow-suit", 3, 4, "7H", True)
    assert 'class="violation" data-rule="follow-suit"' in c.get("/").text


def test_replay_steps_and_their_explanations(tmp_path: Path) -> None:
    c = client(copy(tmp_path, "kierki-revoke.toml"))
    doc = c.get("/replay.json").json()  # the index; a deal's steps: ?deal=N
    (v,) = doc["violations"]
    page = c.get(f"/replay.json?deal={v['deal']}").json()
    step = page["steps"][v["deal_step"]]
    assert (step["deal"], step["kind"], step["number"]) == (3, "trick", 4)
    assert v["step"] == page["deal"]["first_step"] + v["deal_step"]
    assert any("PROVEN follow-suit" in line for line in step["explain"])
    html = c.get("/replay?deal=3&step=4").text  # the step of deal 3's trick 4
    assert 'id="replay"' in html and 'id="slider"' in html and 'type="range"' in html
    assert 'id="back"' in html and 'id="forward"' in html and 'id="step-label"' in html
    assert "PROVEN follow-suit" in html and 'class="jump"' in html
    assert f'data-index="{v["step"]}"' in html
    assert f'value="{v["step"]}"' in html
    # out of range: the nearest step, never an error
    assert c.get("/replay?deal=99&step=-5").status_code == 200
    assert c.get("/replay?i=abc").status_code == 200


def test_score_page_and_chart(tmp_path: Path) -> None:
    c = client(copy(tmp_path, "kierki-complete.toml"))
    html = c.get("/score").text
    assert '<tr class="totals">' in html and "Winner" in html and "chart.svg" in html
    svg = c.get("/chart.svg").text
    assert svg.startswith("<svg") and "<script" not in svg
    assert "Darek" in svg  # a line per player, named
    assert not re.search(r"(href|src)=|url\(|@import", svg)  # draws nothing from elsewhere


@pytest.mark.parametrize("name", ["wisconsin-complete.toml", "schmier-complete.toml"])
def test_the_score_page_says_who_won_each_point_as_explain_does(tmp_path: Path, name: str
                                                                ) -> None:
    """The Schmiers' High, Low, Jack (bauers, joker) and Game, deal by deal: the page's sheet
    and `referee explain --deal N` name the same team for every point."""
    p = copy(tmp_path, name)
    page = html_lib.unescape(client(p).get("/score").text)
    rows = dict(re.findall(r'<tr class="points" data-deal="(\d+)"><td[^>]*><div>([^<]*)</div>',
                           page))
    _code, out, _ = cli_run("score", str(p), "--json")
    deals = json.loads(out)["deals"]
    assert rows and set(rows) == {str(d["number"]) for d in deals if d.get("points")}
    for d in deals:
        if not d.get("points"):
            continue
        _code, said, _ = cli_run("explain", str(p), "--deal", str(d["number"]), "--ascii")
        line = next(x for x in said.splitlines() if x.startswith("Points: "))
        told: dict[str, str] = {}  # point word -> team, as the page says it
        for team_words in rows[str(d["number"])].split("; "):
            team, words = team_words.split(": ")
            for w in words.split(", "):
                told[w] = team
        explained: dict[str, str] = {}
        for part in line.removeprefix("Points: ").split(", "):
            for w in sorted(told, key=len, reverse=True):
                if part.startswith(w + " "):
                    explained[w] = part[len(w) + 1:]
                    break
        assert explained == told, (d["number"], line, rows[str(d["number"])])


def test_folder_mode_index_stats_and_games(tmp_path: Path) -> None:
    copy(tmp_path, "kierki-revoke.toml")
    copy(tmp_path, "schmier-complete.toml", "season/friday.toml")
    c = client(tmp_path)
    index = c.get("/").text
    assert 'href="/g/kierki-revoke.toml/"' in index and 'href="/g/season/friday.toml/"' in index
    assert "violations: follow-suit" in index and "won by Celina" in index
    doc = c.get("/?format=json").json()
    row = next(g for g in doc["games"] if g["path"] == "kierki-revoke.toml")
    assert row["violations"] == {"follow-suit": 1} and row["winner"] == ["Celina"]
    stats = c.get("/stats").text
    assert 'data-game="kierki"' in stats and 'data-game="schmier"' in stats
    for route in FILE_ROUTES:
        assert c.get("/g/season/friday.toml/" + route).status_code == 200, route
    assert c.get("/g/season/friday.toml", follow_redirects=False).status_code == 307


def test_folder_mode_serves_nothing_outside_the_folder(tmp_path: Path) -> None:
    inner = tmp_path / "games"
    copy(inner, "kierki-revoke.toml")
    secret = copy(tmp_path, "kierki-complete.toml", "secret.toml")
    (inner / "out.toml").symlink_to(secret)
    (inner / "outdir").symlink_to(tmp_path)
    c = client(inner)
    index = c.get("/").text
    assert "out.toml" not in index and "secret" not in index
    for url in ("/g/out.toml/", "/g/../secret.toml/", "/g/%2e%2e/secret.toml/",
                "/g/outdir/secret.toml/", "/g//etc/passwd/", "/g/%2fetc%2fpasswd/",
                "/g/nothere.toml/", "/g/kierki-revoke.toml/../../secret.toml/live.json"):
        r = c.get(url, follow_redirects=False)
        assert r.status_code == 404, url
        assert "Darek" not in r.text
    assert c.get("/g/kierki-revoke.toml/").status_code == 200
    for rel in ("..", "../secret.toml", "./kierki-revoke.toml", "a//b.toml", "out.toml",
                "outdir/secret.toml", "/etc/passwd", "kierki-revoke.toml\x00", ""):
        with pytest.raises(views.OutsideFolder):
            views.inside(inner, rel)
    assert views.inside(inner, "kierki-revoke.toml") == inner / "kierki-revoke.toml"


def test_token_required(tmp_path: Path) -> None:
    f = copy(tmp_path, "kierki-revoke.toml")
    c = client(f, token="s3cret-token")
    for route in ("", *FILE_ROUTES, "static/app.js", "t/wrong/", "t/wrong/live.json",
                  "t/s3cret-tokenX/", "t/s3cret-toke/live.json"):
        r = c.get("/" + route)
        assert r.status_code == 404, route
        assert r.text == "Not Found"  # nothing about the game
    for route in FILE_ROUTES:
        assert c.get("/t/s3cret-token/" + route).status_code == 200, route
    html = c.get("/t/s3cret-token/").text
    assert 'src="/t/s3cret-token/static/app.js"' in html
    assert 'data-events="/t/s3cret-token/events"' in html


def test_token_in_folder_mode(tmp_path: Path) -> None:
    copy(tmp_path, "kierki-revoke.toml")
    c = client(tmp_path, token="tok")
    assert c.get("/").status_code == 404 and c.get("/stats").status_code == 404
    assert c.get("/g/kierki-revoke.toml/").status_code == 404
    assert 'href="/t/tok/g/kierki-revoke.toml/"' in c.get("/t/tok/").text
    assert c.get("/t/tok/g/kierki-revoke.toml/replay").status_code == 200


def test_csp_and_no_inline_script(tmp_path: Path) -> None:
    copy(tmp_path, "kierki-revoke.toml")
    c = client(tmp_path)
    urls = ["/", "/stats", "/nothing", "/static/app.js"] + \
        [f"/g/kierki-revoke.toml/{r}" for r in FILE_ROUTES]
    for url in urls:
        r = c.get(url)
        csp = r.headers["content-security-policy"]
        assert "'unsafe-inline'" not in csp.split("style-src")[0], url  # no inline script
        assert "script-src 'self'" in csp or "default-src 'none'" in csp, url
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"
        if r.headers["content-type"].startswith("text/html"):
            body = r.text
            for tag in re.findall(r"<script\b[^>]*>", body):
                assert re.search(r'\bsrc="/static/app\.js"', tag), tag  # our file, no other
            assert not re.search(r"\son[a-z]+\s*=", body)  # no inline handlers
            assert " style=" not in body and "<style" not in body
            assert not re.search(r'(src|href)="(https?:)?//', body)  # nothing from elsewhere


HOSTILE = """format = 1
game = "kierki"
players = ["<script>alert(1)<", "Bar\u202etek", "<img src onerror>", "**Darek** &amp;"]
title = "<script>alert('title')</script> \u202eevil"

[[deals]]
tricks = ["Bar\u202etek: 2C 5C KC AC"]
note = "<b>bold</b><script>alert(3)</script>"
"""


def test_hostile_names_and_notes_are_shown_literally(tmp_path: Path) -> None:
    f = tmp_path / "hostile.toml"
    f.write_text(HOSTILE, encoding="utf-8")
    c = client(f)
    for route in FILE_ROUTES:
        r = c.get("/" + route)
        assert r.status_code == 200, route
        text = r.text
        assert "\u202e" not in text, route  # the bidi control made visible, never sent raw
        if route.startswith(("", "replay", "score")) and "json" not in route and \
                "svg" not in route:
            assert "<script>alert" not in text and "<img src onerror>" not in text, route
            assert "<b>bold" not in text
    html = c.get("/").text
    assert "&lt;script&gt;alert(1)&lt;" in html and "Bar\\u202etek" in html
    assert "**Darek** &amp;amp;" in html
    replay = c.get("/replay?deal=1&step=0").text
    assert "&lt;b&gt;bold&lt;/b&gt;&lt;script&gt;alert(3)&lt;/script&gt;" in replay
    doc = c.get("/live.json").json()
    assert doc["players"][1] == "Bar\\u202etek"
    assert "<script>alert(1)<" in doc["players"]  # JSON holds the text; the page escapes it


def test_read_only(tmp_path: Path) -> None:
    f = copy(tmp_path, "kierki-in-progress.toml")
    before = f.read_bytes(), os.stat(f).st_mtime_ns
    c = client(f)
    for route in FILE_ROUTES:
        c.get("/" + route)
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            assert c.request(method, "/" + route).status_code in (404, 405), (method, route)
    assert (f.read_bytes(), os.stat(f).st_mtime_ns) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kierki-in-progress.toml"]


def test_a_broken_file_keeps_the_last_good_view_with_its_error(tmp_path: Path) -> None:
    f = copy(tmp_path, "kierki-in-progress.toml")
    c = client(f)
    good = c.get("/live.json").json()
    assert good["error"] is None
    replace(f, f.read_text(encoding="utf-8").replace('game = "kierki"', 'game = "kierkx"'))
    bad = c.get("/live.json").json()
    assert bad["version"] > good["version"]
    assert bad["error"] and "\n" not in bad["error"] and "kierkx" in bad["error"]
    assert bad["sheet"] == good["sheet"] and bad["trick"] == good["trick"]  # kept
    html = c.get("/").text
    assert re.search(r'<p id="error" class="error">[^<]*kierkx', html)
    assert 'class="seat' in html
    f.unlink()
    gone = c.get("/live.json").json()
    assert gone["gone"] and "gone" in gone["error"] and gone["sheet"] == good["sheet"]
    shutil.copyfile(SAMPLES / "kierki-in-progress.toml", f)
    back = c.get("/live.json").json()
    assert back["error"] is None and not back["gone"]


def test_too_many_live_pages(tmp_path: Path) -> None:
    c = client(copy(tmp_path, "kierki-in-progress.toml"), max_clients=0)
    r = c.get("/events")
    assert r.status_code == 503


WEB = ("starlette", "uvicorn", "jinja2", "sse_starlette", "watchfiles", "segno", "pygal",
       "cli.serve")


@pytest.mark.parametrize("args", [["--version"], ["score", "kierki-complete.toml"],
                                  ["replay", "kierki-revoke.toml", "--json"], ["--help"]])
def test_the_other_commands_never_load_the_web_stack(args: list[str]) -> None:
    import subprocess
    import sys

    argv = [str(SAMPLES / a) if a.endswith(".toml") else a for a in args]
    code = ("import atexit, sys\n"
            f"web = {WEB!r}\n"
            "atexit.register(lambda: print(*sorted(m for m in sys.modules if m in web or\n"
            "                m.split('.')[0] in web), file=sys.stderr))\n"
            "from cli.app import main\n"
            f"main({argv!r})\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=60, stdin=subprocess.DEVNULL)
    assert r.stderr.splitlines()[-1:] == [""], r.stderr


def test_a_file_written_again_the_same_is_no_news(tmp_path: Path) -> None:
    f = copy(tmp_path, "kierki-in-progress.toml")
    c = client(f)
    v = c.get("/live.json").json()["version"]
    replace(f, f.read_text(encoding="utf-8"))  # a new inode and mtime, the same game
    assert c.get("/live.json").json()["version"] == v
    replace(f, f.read_text(encoding="utf-8") + "\n# a comment\n")
    assert c.get("/live.json").json()["version"] == v


def test_a_fault_of_the_referee_keeps_the_page(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    f = copy(tmp_path, "kierki-in-progress.toml")
    c = client(f)
    good = c.get("/live.json").json()

    def broken(path: Path) -> None:
        raise ValueError("a bug")

    monkeypatch.setattr(views, "load", broken)
    replace(f, f.read_text(encoding="utf-8") + "\n# changed\n")
    doc = c.get("/live.json").json()
    assert doc["error"] == "kierki-in-progress.toml: the referee could not replay it " \
        "(ValueError: a bug)"
    assert doc["sheet"] == good["sheet"] and c.get("/").status_code == 200
    assert c.get("/replay").status_code == 200


def test_folder_mode_keeps_a_bounded_number_of_games_read(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    from cli.serve import live

    monkeypatch.setattr(live, "KEEP", 2)
    for i in range(4):
        copy(tmp_path, "kozel-in-progress.toml", f"g{i}.toml")
    app = make_app(tmp_path)
    c = TestClient(app, base_url=LOCAL)
    for i in range(4):
        assert c.get(f"/g/g{i}.toml/live.json").status_code == 200
    assert sorted(p.name for p in app.state.site.hub.feeds) == ["g2.toml", "g3.toml"]
    assert c.get("/g/g0.toml/live.json").json()["players"]  # read again when asked


def test_folder_mode_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text('format = 1\ngame = "nope"\n', encoding="utf-8")
    c = client(tmp_path)
    index = c.get("/").text
    assert 'class="game unreadable"' in index and "nope" in index
    for route in FILE_ROUTES:
        r = c.get("/g/bad.toml/" + route)
        assert r.status_code == 200, route
    html = c.get("/g/bad.toml/").text
    assert re.search(r'<p id="error" class="error">[^<]*nope', html)
    assert c.get("/g/bad.toml/live.json").json()["error"]


def test_every_sample_is_served(tmp_path: Path) -> None:
    """Every game kind and every sample's oddity (claims, pulls, outcomes, lottery, a
    Foursquare series) through every page."""
    c = client(SAMPLES)
    index = c.get("/?format=json").json()
    assert len(index["games"]) == len(list(SAMPLES.glob("*.toml")))
    for g in index["games"]:
        for route in FILE_ROUTES:
            r = c.get(f"/g/{g['path']}/{route}")
            assert r.status_code == 200, (g["path"], route)
        doc = c.get(f"/g/{g['path']}/replay.json").json()
        assert doc["error"] is None and doc["steps"], g["path"]
        assert sorted(v["rule"] for v in doc["violations"]) == \
            sorted(r for r, n in g["violations"].items() for _ in range(n)), g["path"]


@pytest.mark.parametrize("name", ["kozel-unseen-series.toml", "kozel-outcomes-claimed.toml"])
def test_the_kozel_score_page_gives_each_games_card_points_as_explain_does(
        tmp_path: Path, name: str) -> None:
    """A finished Kozel game's small line is its card points, the line `referee explain --deal
    N` prints (it once read the points as if they were the Schmiers' High/Low/Game winners:
    "nobody: Ala & Celina; 120: Bartek & Darek")."""
    p = copy(tmp_path, name)
    page = html_lib.unescape(client(p).get("/score").text)
    rows = dict(re.findall(r'<tr class="points" data-deal="(\d+)"><td[^>]*><div>([^<]*)</div>',
                           page))
    _code, out, _ = cli_run("score", str(p), "--json")
    deals = [d for d in json.loads(out)["deals"] if d.get("points")]
    assert deals and set(rows) == {str(d["number"]) for d in deals}
    for d in deals:
        _code, said, _ = cli_run("explain", str(p), "--deal", str(d["number"]), "--ascii")
        assert rows[str(d["number"])] in said.splitlines()
        assert rows[str(d["number"])] == "Card points: " + ", ".join(
            f"{team} {v}" for team, v in d["points"].items())
