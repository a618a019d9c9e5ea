"""``referee explain`` refuses a deal (game) or a trick (turn) the file does not have in one
line, exit 2, in every game (``referee/games/explain.py``, shared by each game's explain)."""

from __future__ import annotations

import pytest

from tests.helpers import cli_run

SAMPLES = ("kierki-complete", "schmier-complete", "kozel-outcomes-claimed", "foursquare-won")


@pytest.mark.parametrize("sample", SAMPLES)
@pytest.mark.parametrize("asked", [("--deal", "99"), ("--deal", "1", "--trick", "99")])
def test_a_deal_or_trick_not_in_the_file_is_refused(sample: str, asked: tuple[str, ...]
                                                    ) -> None:
    code, out, err = cli_run("explain", f"sample_games/{sample}.toml", *asked)
    assert code == 2, (code, out, err)
    assert err.startswith("referee: ") and err.count("\n") == 1 and " 99 " in err, err
    assert out == ""
