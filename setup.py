"""The build of the optional compiled search core (``referee/solve/_core.pyx``).

Everything else is in pyproject.toml. The extension is optional: without a C compiler (or
without Cython) the build goes on and ``referee`` runs the pure-Python search, which is the
reference the compiled one is tested against (docs/analyze.md, "The compiled core").
"""

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class optional_build_ext(build_ext):  # noqa: N801 - setuptools' naming
    """build_ext that lets a failed compile pass: the package works without the core."""

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as e:  # noqa: BLE001 - any failure: no compiler, no headers...
            print(f"warning: the compiled search core was not built ({e}); "
                  "referee runs the pure-Python search")


try:
    from Cython.Build import cythonize
except ImportError:  # (a build without isolation and without Cython: the pure core only)
    ext_modules = []
else:
    ext_modules = cythonize(
        [Extension("referee.solve._core", ["referee/solve/_core.pyx"], optional=True)],
        compiler_directives={"language_level": "3"}, quiet=True)

setup(ext_modules=ext_modules, cmdclass={"build_ext": optional_build_ext})
