"""The core engine knows no game by name and never imports the tools built on it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "cardrules"
TOOLS = {"tools", "bench", "adapters", "games", "__main__", "soak"}
"""Folders and modules built on the engine (the core is everything else: the engine, the
loader, the model, the primitives, the families and the phases)."""
GAME_NAMES = ("bank", "bura", "durak", "hearts")


def _core_modules() -> list[Path]:
    return [p for p in PACKAGE.rglob("*.py")
            if not set(p.relative_to(PACKAGE).with_suffix("").parts) & TOOLS]


def _code_words(tree: ast.AST) -> list[str]:
    """Identifiers and string constants that are not docstrings (of modules, classes,
    functions or attributes: any string standing alone as a statement)."""
    docstrings = {id(node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            words.append(node.name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docstrings and "\n" not in node.value:
            words.append(node.value)
    return words


def test_core_engine_code_names_no_game() -> None:
    offenders = []
    for path in _core_modules():
        for word in _code_words(ast.parse(path.read_text(encoding="utf-8"))):
            if any(name in word.lower() for name in GAME_NAMES):
                offenders.append(f"{path.relative_to(PACKAGE)}: {word!r}")
    assert not offenders, offenders


def test_core_engine_does_not_import_tools() -> None:
    offenders = []
    for path in _core_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = set(node.module.split("."))
                if node.module.startswith("cardrules") and parts & (TOOLS - {"games"}):
                    offenders.append(f"{path.relative_to(PACKAGE)} imports {node.module}")
    assert not offenders, offenders


def test_game_specific_python_is_small() -> None:
    for path in (PACKAGE / "games").glob("*.py"):
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        assert len(lines) < 80, f"{path.name} has {len(lines)} lines"
