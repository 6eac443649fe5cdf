"""``pip install .``: the engine compiled by mypyc where the machine can, plain Python if not.

The build backend is setuptools (``pyproject.toml`` holds the metadata); this file only adds
the compiled engine. The modules compiled, the mypyc settings and the machine check are
those of ``tools/build_compiled.py`` (``COMPILED``, ``mypyc_extensions``,
``toolchain_problem``), the one list that ``make compile`` builds too.

Where the machine has no mypyc or no C compiler that builds Python extensions, or mypyc or
the compiler fails, the install still succeeds with the plain source: one line on the
build's output says why (``pip install -v`` shows it), and the reason is kept in the package
(``engine_build.txt``), where ``unoverse --version`` finds it. An editable install
(``pip install -e``) compiles nothing: ``src/`` stays plain Python, with no extension module
to shadow the sources.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "unoverse"
#: The C sources and mypy cache of this build (``make compile`` keeps its own beside them).
WORK = ROOT / "build" / "mypyc-setup"
#: The file in the installed package that says why the engine was not compiled; read by
#: ``unoverse.engine_build`` (``unoverse._PLAIN_NOTE``).
PLAIN_NOTE = "engine_build.txt"


def build_tool() -> ModuleType:
    """``tools/build_compiled.py`` as a module."""
    spec = importlib.util.spec_from_file_location(
        "build_compiled", ROOT / "tools" / "build_compiled.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class AlwaysBinary(Distribution):
    """A distribution with extension modules, though it lists none until ``build_ext``
    asks mypyc for them: computing them here would type-check the whole package at every
    call of this file (metadata, sdist, editable installs). The wheel is platform-specific
    even when the build falls back to plain Python (it is then built for this machine)."""

    def has_ext_modules(self) -> bool:
        return True


#: Commands that ask ``build_ext`` for its extensions without building them (an sdist lists
#: their sources): mypyc is not run for them.
NOT_BUILDING = frozenset({"sdist", "egg_info", "dist_info"})


class MypycBuildExt(build_ext):
    """``build_ext`` building the engine with mypyc, or the plain source with a note."""

    plain_reason: str | None = None

    def finalize_options(self) -> None:
        building = not set(self.distribution.commands) <= NOT_BUILDING
        if building and not self.editable_mode and self.distribution.ext_modules is None:
            self.distribution.ext_modules = self._mypyc_extensions()
        super().finalize_options()

    def _mypyc_extensions(self) -> list[object]:
        """mypyc's extensions, or none (``plain_reason`` then says why)."""
        tool = build_tool()
        self.plain_reason = tool.toolchain_problem()
        if self.plain_reason is not None:
            return []
        try:
            return list(tool.mypyc_extensions(os.path.relpath(PACKAGE), WORK))
        except (Exception, SystemExit) as exc:  # (mypyc exits on a type error)
            self.plain_reason = f"mypyc failed ({' '.join(str(exc).split()) or type(exc)})"
            return []

    def build_extensions(self) -> None:
        tool = build_tool()
        tool.compile_in_parallel(self.compiler, tool.build_jobs())
        super().build_extensions()

    def run(self) -> None:
        if self.editable_mode:  # src/ stays plain Python
            return
        package = Path(self.build_lib) / "unoverse"
        note = package / PLAIN_NOTE
        note.unlink(missing_ok=True)
        if self.plain_reason is None:
            try:
                super().run()
            except Exception as exc:
                self.plain_reason = f"the C build failed ({' '.join(str(exc).split())})"
        built = set() if self.plain_reason else {str(Path(p)) for p in self.get_outputs()}
        self._remove_stale(built)
        if self.plain_reason is not None:
            package.mkdir(parents=True, exist_ok=True)
            note.write_text(self.plain_reason + "\n")
            print(
                f"unoverse: installing the plain Python engine, not compiled: {self.plain_reason}",
                file=sys.stderr,
            )

    def _remove_stale(self, keep: set[str]) -> None:
        """Remove from the build tree every extension module this build did not make (an
        earlier build's would shadow the source of a module no longer compiled, or all of
        them after a fall back to plain Python)."""
        from importlib.machinery import EXTENSION_SUFFIXES

        lib = Path(self.build_lib)
        candidates = [*lib.glob("*__mypyc*"), *(lib / "unoverse").rglob("*")]
        for path in candidates:
            if path.name.endswith(tuple(EXTENSION_SUFFIXES)) and str(path) not in keep:
                path.unlink()


if __name__ == "__main__":
    setup(distclass=AlwaysBinary, cmdclass={"build_ext": MypycBuildExt})
