"""Which search core runs: the compiled one or the pure-Python one.

``referee/solve/_core.pyx`` is the node loop of the general search compiled (Cython, built by
``pip install`` when a C compiler is at hand; ``setup.py``). Without it, or with the
environment variable ``REFEREE_PURE`` set (to anything but ``0``), the solver runs its own
closures in ``search.py``: the reference the compiled loop is tested against, which gives
the same values and the same node counts (``tests/test_solve_cores.py``).
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

ENV = "REFEREE_PURE"
COMPILED, PURE = "compiled", "pure Python"


def forced_pure() -> bool:
    return os.environ.get(ENV, "") not in ("", "0")


def compiled() -> ModuleType | None:
    """The compiled core's module, or None (not built, or the pure one forced)."""
    if forced_pure():
        return None
    try:
        return importlib.import_module("referee.solve._core")
    except ImportError:
        return None


def name() -> str:
    """``compiled`` or ``pure Python``: the core the solvers made now run."""
    return COMPILED if compiled() is not None else PURE
