"""Pages written at every docs build (mkdocs-gen-files), so that they never go stale.

- ``reference/yaml/``: the YAML reference, from ``schemas/*.schema.json``;
- ``games/``: one page per shipped variant, its rules in English as ``cardrules rules``
  writes them from its data, beside its numbered rules (``docs/rules/<name>.md``) when
  they exist and its rule file;
- ``reference/api/``: one mkdocstrings page per public module of ``cardrules``.

A new variant in ``variants/``, a new schema field or a new module appears on the next
build without touching this script or ``mkdocs.yml``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import mkdocs_gen_files

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))                 # document this checkout, not an install
sys.path.insert(0, str(Path(__file__).resolve().parent))

import schema_reference  # noqa: E402

import cardrules  # noqa: E402
from cardrules.loader.resources import builtin_variants  # noqa: E402
from cardrules.model.variant import Variant  # noqa: E402
from cardrules.tools.cli import _parser  # noqa: E402
from cardrules.tools.describe import describe  # noqa: E402

DOCS = ROOT / "docs"
API_SKIP = {"__main__"}                         # entry points, not API
PUBLIC_API = ("cardrules", "cardrules.engine.game", "cardrules.engine.state",
              "cardrules.engine.playouts", "cardrules.errors", "cardrules.actions",
              "cardrules.cards", "cardrules.hooks")
"""What an embedding program uses, listed first in the API reference (``State`` and
``Game`` right after the package); every other module is under "Internals"."""


def write(name: str, text: str) -> None:
    """Write a generated page, and let "edit this page" point at this script (not for a
    SUMMARY.md, which is no page: ``hooks.py`` drops it once the navigation is built)."""
    with mkdocs_gen_files.open(name, "w") as handle:
        handle.write(text)
    if not name.endswith("SUMMARY.md"):
        mkdocs_gen_files.set_edit_path(name, Path("docs/_gen/pages.py"))


def summary(folder: str, entries: list[tuple[str, str]]) -> None:
    """A literate-nav SUMMARY.md giving the order of a generated folder's pages."""
    write(f"{folder}/SUMMARY.md", "".join(f"- [{title}]({page})\n" for title, page in entries))


# -- the YAML reference ---------------------------------------------------------------

def yaml_reference() -> None:
    examples = sorted((ROOT / "variants").glob("*.yaml")) + sorted(
        (DOCS / "examples").glob("*.yaml")) + sorted(
        p for p in (ROOT / "tests" / "fixtures").rglob("*.yaml")
        if "broken" not in p.as_posix())
    written: dict[str, str] = {}
    stems = schema_reference.pages(ROOT / "schemas", examples,
                                   lambda name, text: written.__setitem__(name, text),
                                   root=Variant)
    for name, text in written.items():
        write(f"reference/yaml/{name}", text)
    summary("reference/yaml", [(_schema_title(stem), f"{stem}.md") for stem in stems])


def _schema_title(stem: str) -> str:
    """A schema's title for the navigation (``The tricks procedure``), not its file name."""
    import json

    title = json.loads((ROOT / "schemas" / f"{stem}.schema.json").read_text(
        encoding="utf-8")).get("title") or stem
    return f"{title[:1].upper()}{title[1:]}"


# -- one page per shipped game ---------------------------------------------------------

def games() -> None:
    entries = []
    rows = []
    for name, path in sorted(builtin_variants().items()):
        game = cardrules.load(name)
        variant = game.variant
        rules = describe(variant)
        title = rules[0].removeprefix("# ") if rules and rules[0].startswith("# ") else name
        numbered = DOCS / "rules" / f"{name}.md"
        lines = [f"# {title}", "",
                 f"`{name}` · {variant.players.min} to {variant.players.max} players · "
                 f"`cardrules play {name}`", ""]
        if numbered.is_file():
            lines += [f"[The numbered rules of {title}](../rules/{name}.md) give every "
                      "option and interpretation.", ""]
        lines += ['=== "Rules from the data"', "",
                  f"    What `cardrules rules {name}` prints: written from the rule file, "
                  "so it always says what the engine plays.", ""]
        lines += ["    " + line.replace("# ", "## ", 1) if line.startswith("#") else
                  ("    " + line if line else "") for line in rules[1:]]
        lines += ["", '=== "Rule file"', "",
                  f'    ```yaml title="variants/{path.name}"']
        lines += [("    " + line).rstrip() for line in
                  path.read_text(encoding="utf-8").splitlines()]
        lines += ["    ```", ""]
        write(f"games/{name}.md", "\n".join(lines) + "\n")
        entries.append((title, f"{name}.md"))
        link = f"[rules](../rules/{name}.md)" if numbered.is_file() else ""
        rows.append(f"| [{title}]({name}.md) | `{name}` | {variant.players.min}–"
                    f"{variant.players.max} | {link} |")
    index = ["# Games", "",
             "Every variant shipped with cardrules, generated from its rule file when the "
             "site is built. A house-rule file (`extends:`) gets its own page: its rules "
             "are the rules of the game it extends with its options applied.", "",
             "| game | name | players | numbered rules |", "| --- | --- | --- | --- |",
             *rows, ""]
    write("games/index.md", "\n".join(index))
    summary("games", [("All games", "index.md"), *entries])


# -- the API reference --------------------------------------------------------------------

def api() -> None:
    package = ROOT / "cardrules"
    modules = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if any(p.startswith("_") for p in parts) or parts[-1] in API_SKIP:
            continue
        modules.append(".".join(parts))
    public = ["- Public API\n"]
    lines = ["- Internals\n"]
    for module in modules:
        page = "index.md" if module == "cardrules" else f"{module.removeprefix('cardrules.')}.md"
        heading = "The cardrules package" if module == "cardrules" else f"`{module}`"
        write(f"reference/api/{page}", f"# {heading}\n\n::: {module}\n")
        if module in PUBLIC_API:
            continue
        depth = module.count(".")
        if depth == 1 and any(m.startswith(module + ".") for m in modules):
            lines.append(f"    - {module}\n")          # a subpackage: a section of its own
            lines.append(f"        - [{module}]({page})\n")
        else:
            lines.append("    " * min(depth, 2) + f"- [{module}]({page})\n")
    for module in PUBLIC_API:
        page = "index.md" if module == "cardrules" else f"{module.removeprefix('cardrules.')}.md"
        public.append(f"    - [{module}]({page})\n")
    write("reference/api/SUMMARY.md", "".join(public + lines))


# -- the command line -------------------------------------------------------------------

def cli() -> None:
    os.environ["COLUMNS"] = "90"                # argparse wraps help to this width
    parser = _parser()
    lines = ["# Command line", "",
             "Every `cardrules` command with its arguments, as `cardrules COMMAND --help` "
             "prints them (generated from the argument parser when the site is built).", "",
             "```", parser.format_help().rstrip(), "```", ""]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                lines += [f"## cardrules {name}", "", "```", sub.format_help().rstrip(),
                          "```", ""]
    write("reference/cli.md", "\n".join(lines))


yaml_reference()
games()
api()
cli()
