"""Value semantics for small slots classes, without the import-time cost of dataclasses.

Every command imports the engine's value types; a dataclass costs about half a millisecond
to create at import (measured), so the ones on that path are slots classes with ``Record``.
"""

from __future__ import annotations

from typing import Any


class Record:
    """Value semantics for a slots class: equality, hash and repr from its slots."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, n) for n in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and type(other) is type(self) and \
            self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self._values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({inner})"

    def but(self, **changes: Any) -> Any:
        """A copy with some fields changed (entries are never changed in place)."""
        values: dict[str, Any] = {n: getattr(self, n) for n in self.__slots__}
        values.update(changes)
        return type(self)(**values)
