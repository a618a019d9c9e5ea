"""Settings for the whole test run."""

from __future__ import annotations

import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # A pytest-xdist worker (the README's `-n auto`) starts with COLUMNS and LINES set (80 x 24)
    # where a plain run has neither: the commands would then fit their tables to 80 columns
    # instead of writing full lines to a pipe (cli/render.py). The tests expect a plain run's
    # environment, whatever the number of workers.
    if os.environ.get("PYTEST_XDIST_WORKER"):
        os.environ.pop("COLUMNS", None)
        os.environ.pop("LINES", None)
