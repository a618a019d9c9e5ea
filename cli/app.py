"""The entry point and the single error boundary (exceptions -> one line and an exit code).

The Typer app and its commands are in ``cli.commands`` (``cli.app.app`` still names the app).
``referee play [FILE] [--ascii]``, the table mode, and the plain forms of the commands that
only read a file (``score``, ``status``, ``replay`` with ``--json`` / ``--ascii``) are
dispatched here directly: typer is not even imported for them (its import and its
building of every command's parameters cost more than the work of these commands). Every
other form, ``--help`` included, goes through typer.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from cli.safe import clean
from referee.errors import IllegalEntry, NotationError, RefereeError, SaveFileError

F = TypeVar("F", bound=Callable[..., Any])


def guarded(fn: F) -> F:
    """The one error boundary: the engine's exceptions become one line and an exit code."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except IllegalEntry as e:
            fail(str(e), 1)
        except RefereeError as e:  # NotationError, SaveFileError: exit 2
            fail(str(e), 2)
        except OSError as e:
            where = getattr(e, "filename", None)
            fail(f"{where}: {e.strerror or e}" if where else str(e.strerror or e), 2)
        finally:  # a save file's lock held by the command ends with it
            lock = sys.modules.get("referee.filelock")
            if lock is not None:
                lock.release_held()

    return run  # type: ignore[return-value]


def fail(message: str, code: int) -> NoReturn:
    sys.stderr.write(f"referee: {clean(message)}\n")
    raise SystemExit(code)


def __getattr__(name: str) -> Any:
    if name == "app":
        from cli.commands import app

        return app
    raise AttributeError(name)


def _fast_play(args: list[str]) -> int | None:
    """``referee play [FILE] [--ascii]`` without typer (the same ``cli.table.run`` behind
    the same boundary as the typer command). Anything else, --help included, returns None and
    goes through typer as usual."""
    if not args or args[0] != "play":
        return None
    rest = [a for a in args[1:] if a != "--ascii"]
    if len(rest) > 1 or any(a.startswith("-") or not a for a in rest):
        return None
    from cli.table import run

    code: int = guarded(run)(Path(rest[0]) if rest else None, "--ascii" in args[1:])
    return code


VIEW_FLAGS = {"status": ("--json", "--ascii"), "score": ("--json", "--ascii"),
              "replay": ("--json", "--ascii")}


def _fast_view(args: list[str]) -> int | None:
    """``referee score|status|replay FILE [--json] [--ascii]``: commands that only read a file
    run without typer (the same ``cli.views`` functions, behind the same boundary). Any
    other form goes through typer as usual."""
    if not args or args[0] not in VIEW_FLAGS:
        return None
    flags = [a for a in args[1:] if a.startswith("-")]
    rest = [a for a in args[1:] if not a.startswith("-")]
    if len(rest) != 1 or not rest[0] or any(f not in VIEW_FLAGS[args[0]] for f in flags):
        return None
    from cli import views

    view = getattr(views, args[0])
    code: int = guarded(view)(Path(rest[0]), as_json="--json" in flags,
                              ascii_only="--ascii" in flags)
    return code


def main(argv: list[str] | None = None) -> None:
    try:
        args = sys.argv[1:] if argv is None else argv
        code = _fast_play(args)
        if code is None:
            code = _fast_view(args)
        if code is not None:
            sys.exit(code)
        from cli.commands import app

        app(args=argv, prog_name="referee")
    except IllegalEntry as e:
        fail(str(e), 1)
    except (NotationError, SaveFileError) as e:
        fail(str(e), 2)
    except RefereeError as e:
        fail(str(e), 2)
    except KeyboardInterrupt:
        sys.stderr.write("referee: interrupted; every accepted entry is saved\n")
        sys.exit(130)


if __name__ == "__main__":
    main()
