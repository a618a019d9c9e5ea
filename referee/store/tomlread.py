"""Reading TOML: with tomli where it is installed, else with the standard library's tomllib.

tomli is tomllib's own upstream (the standard library took its parser from it), published
compiled (mypyc): the same parser and the same results, about twice as fast on the complete
Kierki sample (measured). The project depends on it; a
machine without it (or without a compiled wheel) reads with tomllib, as before. tomli is kept
below 2.3: from 2.3 it reads TOML 1.1 (inline tables over several lines, new escapes...), which
tomllib, the reader the spec names, refuses.

Both parsers recurse once per level of nesting (``RecursionError`` past a few thousand
levels), and a long dotted key (``a.a.a... = 1``) costs them time and memory that grow with
the square of its length (a 200 kB line took gigabytes). No save file nests more than a few
levels, so text nested more than ``MAX_DEPTH`` levels (brackets, braces and the dots of a
key, counted outside strings and comments) is refused before it is parsed, as not TOML.
"""

from __future__ import annotations

import re
from itertools import accumulate
from operator import methodcaller
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tomllib import TOMLDecodeError as _LibError
    from tomllib import loads as _loads
else:
    try:
        from tomli import TOMLDecodeError as _LibError
        from tomli import loads as _loads
    except ImportError:  # pragma: no cover - tomli is a dependency
        from tomllib import TOMLDecodeError as _LibError
        from tomllib import loads as _loads

__all__ = ["MAX_DEPTH", "TOMLDecodeError", "loads"]

MAX_DEPTH = 100


class TOMLDecodeError(ValueError):
    """Text that is not TOML, or TOML nested too deeply to be a save file."""


# strings and comments (skipped: what they hold does not nest)
_SKIP = re.compile(r'"""[^\\"]*(?:(?:\\.|"(?!""))[^\\"]*)*"""|\'\'\'.*?\'\'\''
                   r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"|\'[^\'\n]*\'|#[^\n]*', re.S)
_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
# two or more dots not parted by "=", ",", a bracket or a new line: a dotted key (a single dot
# is a float or a date as often as a key: one level more or less changes nothing here)
_DOTS = re.compile(r"\.(?:[^.\[\]{}=,\n]*\.)+")


def depth(text: str) -> int:
    """How deep ``text`` nests, at most: the deepest brackets and braces plus the longest
    dotted key, strings and comments left out."""
    if text.count("[") + text.count("{") + text.count(".") <= MAX_DEPTH:
        return 0  # too few to nest too deeply: no need to look closer
    code = _SKIP.sub('""', text)
    brackets = _BRACKETS.sub("", code)
    deepest = max(accumulate(map(_STEP.__getitem__, brackets)), default=0)
    dots = max(map(methodcaller("count", "."), _DOTS.findall(code)), default=0)
    return deepest + dots


def loads(text: str) -> dict[str, Any]:
    """Parse TOML; ``TOMLDecodeError`` for text that is not TOML or nests too deeply."""
    if depth(text) > MAX_DEPTH:
        raise TOMLDecodeError(f"nested more than {MAX_DEPTH} levels deep")
    try:
        return _loads(text)
    except _LibError as e:
        raise TOMLDecodeError(str(e)) from None
    except RecursionError:
        raise TOMLDecodeError(f"nested more than {MAX_DEPTH} levels deep") from None
