"""Imports point one way only (DESIGN.md "Layers"): core <- variants <- match <- bots/sim <-
rl/server <- tui <- cli, with the catalogues of words (``i18n``) beside them all, built on
nothing of the project.

``core`` is pure: standard library only, no I/O, no clock, no global randomness; only its two
modules of words (the log's sentences, the refusals' reasons) read the catalogues.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.any_build

SRC = Path(__file__).resolve().parents[1] / "src" / "unoverse"

# What each layer may import from the project (besides itself).
ALLOWED = {
    "i18n": set(),
    "core": set(),
    "variants": {"core", "i18n"},
    "match": {"core", "variants", "i18n"},
    "bots": {"core", "i18n"},
    "sim": {"core", "variants", "match", "bots", "i18n"},
    "rl": {"core", "variants", "match", "bots", "sim", "i18n"},
    # the batched engine: the reference's rules and the RL encoding, checked against the core
    "fast": {"core", "variants", "match", "bots", "sim", "rl", "i18n"},
    "web": set(),
    "server": {"core", "variants", "match", "bots", "sim", "web", "i18n"},
    "tui": {"core", "variants", "match", "bots", "sim", "server", "web", "i18n"},
    "cli": {"core", "variants", "match", "bots", "sim", "server", "tui", "rl", "fast", "i18n"},
}
#: The core's modules of words, which read the catalogues (``unoverse.i18n``: the standard
#: library's gettext, each language's file read once, when first used), and the three that
#: raise refusals (of an action; of a preset's options, which the other modules of settings
#: mark through it), which take from it only the ``N_`` mark of a reason's key
#: (``test_the_rules_take_only_the_mark_of_a_key``).
WORDS_IN_CORE = {
    "core/sentences.py": {"i18n"},
    "core/reasons.py": {"i18n"},
    "core/game.py": {"i18n"},
    "core/blast/machinery.py": {"i18n"},
    "core/options.py": {"i18n"},
}
#: The exceptions: ``core/registry.py`` reads the list of variants
#: (``unoverse.variants.VARIANTS``) inside its functions, when a name is looked up. The
#: variants are built on the core, so the core cannot import them while it loads; at module
#: level the file keeps to its layer like any other. Likewise ``unoverse.rl.vector_env``
#: builds the batched engine's environment (``unoverse.fast``, built on the RL encoding)
#: when it is called, and a simulation run on the fast engine (``--engine fast``) hands
#: its chunks to ``unoverse.fast.simulate`` only then: numba loads for those runs alone.
CALLED_UP = {
    "core/registry.py": {"variants"},
    "rl/__init__.py": {"fast"},
    "sim/simulate.py": {"fast"},
    "sim/run.py": {"fast"},
}
#: Standard-library modules core must not use: no I/O, no clock, no global randomness.
FORBIDDEN_IN_CORE = {"random", "time", "datetime", "os", "io", "pathlib", "socket", "asyncio"}


def module_of(path: Path) -> str:
    """The dotted name of the module in ``path`` (a package's ``__init__``: the package)."""
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, *, in_functions: bool = True) -> list[tuple[str, int]]:
    """(module, level) of every import in a file (without ``in_functions``: only those
    outside function bodies, the ones made when the module loads). Imports made only for
    type checking count: a cycle among them is a cycle of the design."""
    out = []
    skip: set[int] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if not in_functions and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            skip.update(id(inner) for inner in ast.walk(node))
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and not node.module:
            out.extend((alias.name, node.level) for alias in node.names)  # from .. import x
        elif isinstance(node, ast.ImportFrom):
            out.append((node.module, node.level))
        elif isinstance(node, ast.Import):
            out.extend((alias.name, 0) for alias in node.names)
    return out


def absolute(path: Path, module: str, level: int) -> str:
    """The dotted name an import in ``path`` refers to (relative imports resolved)."""
    if level == 0:
        return module
    package = module_of(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - level + 1]
    return ".".join([*base, module] if module else base)


def layer_of(path: Path, module: str, level: int) -> str | None:
    """The project layer an import in ``path`` refers to, or None for an outside module or
    a name of the package itself (``from .. import __version__``)."""
    parts = absolute(path, module, level).split(".")
    if parts[0] != "unoverse" or len(parts) < 2:
        return None
    return parts[1] if (SRC / parts[1]).is_dir() or (SRC / f"{parts[1]}.py").is_file() else None


def test_the_rules_take_only_the_mark_of_a_key() -> None:
    for name in ("core/game.py", "core/blast/machinery.py", "core/options.py"):
        tree = ast.parse((SRC / name).read_text())
        taken = {
            node.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "i18n"
        }
        assert taken == {"N_"}, (name, taken)


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_imports_point_one_way(layer: str) -> None:
    for path in (SRC / layer).rglob("*.py"):
        name = path.relative_to(SRC).as_posix()
        called_up = CALLED_UP.get(name, set())
        at_load = imports(path, in_functions=False)
        for module, level in imports(path):
            target = layer_of(path, module, level)
            if target is None or target == layer:
                continue
            if target in called_up and (module, level) not in at_load:
                continue
            allowed = ALLOWED[layer] | WORDS_IN_CORE.get(name, set())
            assert target in allowed, f"{name} imports {target}"


def test_the_registry_imports_the_variants_only_when_called() -> None:
    """The exception is still needed and still narrow: ``core/registry.py`` imports the
    variants inside a function, and not at module level."""
    path = SRC / "core" / "registry.py"
    called = [layer_of(path, m, lv) for m, lv in imports(path)]
    at_load = [layer_of(path, m, lv) for m, lv in imports(path, in_functions=False)]
    assert "variants" in called and "variants" not in at_load


def test_core_uses_only_the_standard_library_without_io_clock_or_randomness() -> None:
    for path in (SRC / "core").rglob("*.py"):
        for module, level in imports(path):
            if level == 0:
                top = module.split(".")[0]
                assert top in sys.stdlib_module_names, f"{path.name} imports {module}"
                assert top not in FORBIDDEN_IN_CORE, f"{path.name} imports {module}"


def core_graph() -> dict[str, set[str]]:
    """Which modules of ``core`` each one imports: at load, in functions or for type checking
    alike (``from . import x`` imports the module ``x``)."""
    files = {module_of(p): p for p in (SRC / "core").rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in files}
    for name, path in files.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ImportFrom):
                continue
            target = absolute(path, node.module or "", node.level)
            named = {f"{target}.{alias.name}" for alias in node.names} & files.keys()
            graph[name] |= (named or {target} & files.keys()) - {name}
    return graph


def cycle_in(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of ``graph`` (its modules, the first repeated at the end), or []."""
    state: dict[str, int] = {}  # 1: on the path being explored, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_core_has_no_import_cycles() -> None:
    """Each module of the engine builds on the ones below it: the table (``core.table``)
    under the plays (``core.plays``) under each variant's machinery under ``core.game``,
    with the codec, the views' builders and the setup above the game."""
    cycle = cycle_in(core_graph())
    assert not cycle, "an import cycle in core: " + " -> ".join(cycle)


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycle_in(graph) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b"}, "b": set()}) == []
