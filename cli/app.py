"""The entry point and the single error boundary (exceptions -> one line and an exit code).

Every command, ``play`` and the read-only views included, goes through the one Typer app of
``cli.commands`` (``cli.app.app`` names it too); each command's function is wrapped in
``guarded``, and ``main`` catches what escapes before a command runs.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from cli.safe import clean
from referee.errors import IllegalEntry, RefereeError

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
        except BrokenPipeError:  # the reader has gone (``| head``): stop quietly
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise SystemExit(1) from None
        except OSError as e:
            where = getattr(e, "filename", None)
            fail(f"{where}: {e.strerror or e}" if where else str(e.strerror or e), 2)
        except KeyboardInterrupt:  # before click makes it "Aborted!" with exit 1
            interrupted()
        finally:  # a save file's lock held by the command ends with it
            lock = sys.modules.get("referee.store.filelock")
            if lock is not None:
                lock.release_held()

    return run  # type: ignore[return-value]


def fail(message: str, code: int) -> NoReturn:
    sys.stderr.write(f"referee: {clean(message)}\n")
    raise SystemExit(code)


def interrupted() -> NoReturn:
    sys.stderr.write("referee: interrupted; every accepted entry is saved\n")
    raise SystemExit(130)


def __getattr__(name: str) -> Any:
    if name == "app":
        from cli.commands import app

        return app
    raise AttributeError(name)


def main(argv: list[str] | None = None) -> NoReturn:
    """``referee``: the Typer app, behind the boundary (``argv`` given by tests; else the
    process's own arguments)."""
    import typer

    try:
        from cli.commands import app

        rv = app(args=argv, prog_name="referee", standalone_mode=False)
    except typer.TyperException as e:  # a usage error: one line, not click's usage block
        if type(e).__name__ == "NoArgsIsHelpError":  # bare ``referee``: the help, as before
            sys.stderr.write(e.format_message() + "\n")
            raise SystemExit(e.exit_code) from None
        fail(usage_line(e), e.exit_code)
    except typer.Abort:  # end of input at one of typer's own prompts
        fail("stopped: no more input", 1)
    except IllegalEntry as e:
        fail(str(e), 1)
    except RefereeError as e:  # NotationError, SaveFileError
        fail(str(e), 2)
    except KeyboardInterrupt:
        interrupted()
    # typer.Exit(code) in a command or a callback comes back as its code; exit as click would
    raise SystemExit(rv if isinstance(rv, int) else 0)


def usage_line(e: Any) -> str:
    """A usage error as one line: what was wrong and where the help is."""
    ctx = getattr(e, "ctx", None)
    path = ctx.command_path if ctx is not None else "referee"
    what = e.format_message().rstrip(".")
    what = what[:1].lower() + what[1:]
    command = path.partition(" ")[2]
    return f"{command + ': ' if command else ''}{what}; see '{path} --help'"


if __name__ == "__main__":
    main()
