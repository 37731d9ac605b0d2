"""The core engine knows no game by name and never imports the tools built on it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "cardrules"
TOOLS = {"tools", "bench", "adapters", "games", "__main__", "soak", "web"}
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


def _code_lines(source: str) -> int:
    """Lines of ``source`` that hold code: not blank, not a comment, not a docstring."""
    docs: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            end = body[0].end_lineno or body[0].lineno
            docs.update(range(body[0].lineno, end + 1))
    return sum(1 for number, line in enumerate(source.splitlines(), 1)
               if line.strip() and not line.strip().startswith("#") and number not in docs)


def test_game_specific_python_is_small() -> None:
    """A game's hook module stays small: under 80 lines of code (its docstrings, which
    explain the rules it closes, do not count)."""
    for path in (PACKAGE / "games").glob("*.py"):
        count = _code_lines(path.read_text(encoding="utf-8"))
        assert count < 80, f"{path.name} has {count} lines of code"


FAMILIES = PACKAGE / "families"
FAMILY_IMPORTS_PENDING: set[str] = set()
"""Modules still importing a family (none: the families declare their own hook
points)."""


def _imported(tree: ast.AST) -> list[str]:
    """Every module an ``import`` or ``from ... import`` of ``tree`` names."""
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
        elif isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
    return names


def test_only_a_family_imports_itself() -> None:
    """A family is one package: no module outside ``cardrules/families/<f>/`` imports
    ``cardrules.families.<f>`` (the registry names the built-in procedures' modules as
    strings; other code asks the procedure), so generic code can never test a family's
    record types, and a foreign family is no different from a shipped one."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        where = path.relative_to(PACKAGE)
        if where.as_posix() in FAMILY_IMPORTS_PENDING:
            continue
        own = where.parts[1] if where.parts[0] == "families" and len(where.parts) > 2 else ""
        for module in _imported(ast.parse(path.read_text(encoding="utf-8"))):
            parts = module.split(".")
            if parts[:2] == ["cardrules", "families"] and len(parts) > 2 \
                    and parts[2] != own:
                offenders.append(f"{where} imports {module}")
    assert not offenders, offenders


def test_the_pending_family_imports_are_still_there() -> None:
    """An entry of :data:`FAMILY_IMPORTS_PENDING` goes once its module is clean."""
    for name in FAMILY_IMPORTS_PENDING:
        imported = _imported(ast.parse((PACKAGE / name).read_text(encoding="utf-8")))
        assert any(m.startswith("cardrules.families.") for m in imported), \
            f"{name} imports no family any more: drop it from FAMILY_IMPORTS_PENDING"


def test_the_families_are_the_registrys_built_in_procedures() -> None:
    """Each family package registers a procedure the registry finds by scanning the
    families folder, under the family's name."""
    from cardrules.engine.procedures import REGISTRY, known

    packages = {p.name for p in FAMILIES.iterdir() if (p / "procedure.py").is_file()}
    assert {m.split(".")[2] for m in REGISTRY.built_in} == packages
    assert packages <= set(known())


def test_no_module_outside_a_family_names_it() -> None:
    """A family is found, not listed: no module of the package outside a family's own
    folder names the family's modules (issue 27: each new family registered as a
    third-party one would be)."""
    names = [p.name for p in FAMILIES.iterdir() if (p / "procedure.py").is_file()]
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        inside = path.relative_to(PACKAGE).parts
        text = path.read_text(encoding="utf-8")
        for name in names:
            if inside[:2] != ("families", name) and f"families.{name}" in text:
                offenders.append(f"{path.relative_to(PACKAGE)} names families.{name}")
    assert not offenders, offenders


ROOT_MODULES = {"__init__.py", "__main__.py", "actions.py", "cards.py", "errors.py",
                "hooks.py", "soak.py"}
"""The package root: its public face and entry modules; everything else lives in a
folder of its layer."""


def test_the_package_root_holds_only_its_public_face() -> None:
    found = {path.name for path in PACKAGE.glob("*.py")}
    assert found == ROOT_MODULES and len(found) <= 12, sorted(found - ROOT_MODULES)


def test_nothing_imports_the_web_table_but_the_serve_command() -> None:
    """``cardrules.web`` is built on the engine and the tools and needs the web extra:
    only ``cardrules serve`` (in the command line, when it runs) imports it."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        where = path.relative_to(PACKAGE)
        if where.parts[0] == "web" or where.as_posix() == "tools/cli.py":
            continue
        if any(m == "cardrules.web" or m.startswith("cardrules.web.")
               for m in _imported(ast.parse(path.read_text(encoding="utf-8")))):
            offenders.append(where.as_posix())
    assert not offenders, offenders
