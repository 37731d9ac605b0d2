"""The package has no import cycle at all: every import counts, those made inside
functions and those under ``if TYPE_CHECKING:`` too (a type-only import is still an arrow
between layers).  Where a lower module needs a type only for annotations it names a
protocol defined at or below its own level (``cardrules.engine.context``,
``GameContext`` in ``cardrules.engine.state``, the staged-state protocols of
``cardrules.engine.flow``, each family's ``context.py``), so the arrows point down
only."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "cardrules"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The package modules ``path`` imports (anywhere in the file, type-only imports
    included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    me = _module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # ``from package import module`` imports that module; ``from module import
            # name`` imports the module.
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                     for alias in node.names]
        for name in names:
            if name in modules and name != me:
                found.add(name)
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports."""
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    modules = set(paths)
    return {name: imports_of(path, modules) for name, path in paths.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle as a list of modules (empty when there is none)."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_the_package_has_no_import_cycle() -> None:
    cycle = find_cycle(import_graph())
    assert not cycle, " -> ".join(cycle)


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []


def test_type_only_imports_count() -> None:
    """An import under ``if TYPE_CHECKING:`` is an edge of the graph like any other."""
    graph = import_graph()
    assert "cardrules.families.bouts.context" in graph["cardrules.families.bouts.rules"]
    assert "cardrules.engine.context" in graph["cardrules.engine.action_space"]
