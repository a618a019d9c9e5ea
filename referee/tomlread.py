"""Reading TOML: with tomli where it is installed, else with the standard library's tomllib.

tomli is tomllib's own upstream (the standard library took its parser from it), published
compiled (mypyc): the same parser and the same results, about twice as fast on the complete
Kierki sample (measured). The project depends on it; a
machine without it (or without a compiled wheel) reads with tomllib, as before. tomli is kept
below 2.3: from 2.3 it reads TOML 1.1 (inline tables over several lines, new escapes...), which
tomllib, the reader the spec names, refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tomllib import TOMLDecodeError, loads
else:
    try:
        from tomli import TOMLDecodeError, loads
    except ImportError:  # pragma: no cover - tomli is a dependency
        from tomllib import TOMLDecodeError, loads

__all__ = ["TOMLDecodeError", "loads"]
