"""``clean``: what a user or a file wrote, made safe to show on a terminal.

Every output path goes through it: the error boundary (``cli.app``), ``referee new``, the table
mode, the score sheets, the exports. It imports nothing but ``re``, so that the error boundary
can use it at no cost.
"""

from __future__ import annotations

import re

# C0 and C1 controls (not tab and newline), the line and paragraph separators, and every format
# character (Unicode category Cf: the bidirectional marks, embeddings, overrides and isolates
# that can make a name read backwards, zero-width spaces and joiners, the byte order mark...).
# Python's ``re`` has no \p{Cf}: the ranges are listed (a test checks them against
# ``unicodedata`` over every code point).
_CONTROL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2"
    "\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001"
    "\U000e0020-\U000e007f]")


def _escape(m: re.Match[str]) -> str:
    n = ord(m.group(0))
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


def clean(text: str) -> str:
    """Text from a user or a file, with control and format characters made visible
    (``Bar\\u202etek``); tabs and line breaks are kept."""
    return _CONTROL.sub(_escape, text)
