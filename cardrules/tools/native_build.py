"""The compiled build: which modules mypyc compiles, whether the running build is compiled,
and how a wheel is built compiled or pure.

``pip install .`` builds a wheel through the build hook ``hatch_build.py`` at the root of
the repository, which reads this module (by its path, before cardrules can be imported:
this module uses the standard library only).  Where a C compiler and Python's headers are
found, the modules of :data:`COMPILED` are compiled with mypyc (each on its own,
``separate=True``) and their extension modules are put in the wheel beside their sources,
which Python imports in their place, with the few modules written in C
(:data:`C_MODULES`); anywhere else, and after any failure to compile, the wheel is pure
Python, the same source.  ``CARDRULES_PURE=1`` asks for the pure wheel; an
editable install (``pip install -e .``) is always pure.  The compiled wheel ships the
sources too, and the same switch at run time runs them: with ``CARDRULES_PURE=1`` set,
``import cardrules`` loads every module from its ``.py`` file (a finder put first on
``sys.meta_path`` by ``cardrules/__init__.py``), so a compiled install also runs the pure
build, without reinstalling (``python -m cardrules.bench`` measures both so).

>>> COMPILED[0]
'cardrules/cards.py'
>>> pure_reason(environ={"CARDRULES_PURE": "1"}, editable=False, compiler="cc", headers=True)
'CARDRULES_PURE=1 asks for the pure-Python build'
>>> pure_reason(environ={}, editable=False, compiler="cc", headers=True) is None
True
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import importlib.metadata
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

__all__ = ["BUILD_REQUIRES", "CACHE", "COMPILED", "C_MODULES", "PURE", "cache_dir",
           "compile_modules", "compiled_modules", "find_compiler", "has_python_headers",
           "installed_compiled", "is_compiled", "pure_reason", "pure_switch",
           "traverse_each_attribute_once", "visit_each_attribute_once"]

COMPILED = (
    "cardrules/cards.py",
    "cardrules/engine/events.py",
    "cardrules/engine/absences.py",
    "cardrules/engine/faces.py",
    "cardrules/engine/card_names.py",
    "cardrules/engine/game_core.py",
    "cardrules/engine/state.py",
    "cardrules/engine/random_play.py",
    "cardrules/engine/playouts.py",
    "cardrules/engine/seeding.py",
    "cardrules/engine/standings.py",
    "cardrules/engine/turns.py",
    "cardrules/families/shedding/attributes.py",
    "cardrules/families/shedding/tables.py",
    "cardrules/families/shedding/effects.py",
    "cardrules/families/shedding/scoring.py",
    "cardrules/families/shedding/state.py",
    "cardrules/families/shedding/policy.py",
    "cardrules/families/shedding/playout.py",
    "cardrules/families/tricks/attributes.py",
    "cardrules/families/tricks/tables.py",
    "cardrules/families/tricks/state.py",
    "cardrules/families/tricks/stock.py",
    "cardrules/families/tricks/announced.py",
    "cardrules/families/tricks/melds.py",
    "cardrules/families/tricks/melds_tables.py",
    "cardrules/families/tricks/face_up.py",
    "cardrules/families/tricks/counted.py",
    "cardrules/families/tricks/scoring.py",
    "cardrules/families/tricks/policy.py",
    "cardrules/families/tricks/playout.py",
    "cardrules/families/climbing/poker.py",
    "cardrules/families/climbing/tables.py",
    "cardrules/families/climbing/ranked.py",
    "cardrules/families/climbing/state.py",
    "cardrules/families/bouts/tables.py",
    "cardrules/families/bouts/rules.py",
    "cardrules/families/bouts/deal.py",
    "cardrules/families/bouts/state.py",
    "cardrules/families/comparing/tables.py",
    "cardrules/families/comparing/rules.py",
    "cardrules/families/comparing/state.py",
    "cardrules/primitives/wagers.py",
    "cardrules/primitives/pot.py",
    "cardrules/families/betting/tables.py",
    "cardrules/families/betting/rules.py",
    "cardrules/families/betting/state.py",
    "cardrules/families/betting/vying/tables.py",
    "cardrules/families/betting/vying/rules.py",
    "cardrules/families/betting/vying/state.py",
    "cardrules/families/rummy/tables.py",
    "cardrules/families/rummy/scoring.py",
    "cardrules/families/rummy/rules.py",
    "cardrules/families/rummy/state.py",
    "cardrules/families/fishing/tables.py",
    "cardrules/families/fishing/scoring.py",
    "cardrules/families/fishing/builds.py",
    "cardrules/families/fishing/rules.py",
    "cardrules/families/fishing/state.py",
    "cardrules/families/adding/tables.py",
    "cardrules/families/adding/scoring.py",
    "cardrules/families/adding/rules.py",
    "cardrules/families/adding/state.py",
    "cardrules/engine/flow.py",
    "cardrules/engine/phased.py",
    "cardrules/engine/state_codec.py",
    "cardrules/engine/table.py",
    "cardrules/families/tricks/deal.py",
    "cardrules/phases/memo.py",
    "cardrules/phases/order_up/__init__.py",
    "cardrules/phases/widow/__init__.py",
    "cardrules/phases/game_type/__init__.py",
    "cardrules/phases/pass_cards/__init__.py",
    "cardrules/phases/bidding/__init__.py",
    "cardrules/phases/auction/__init__.py",
    "cardrules/phases/choose_trump/__init__.py",
    "cardrules/phases/calls/auction.py",
    "cardrules/phases/calls/phase.py",
    "cardrules/families/shedding/view.py",
    "cardrules/families/tricks/view_info.py",
    "cardrules/families/tricks/view.py",
    "cardrules/families/bouts/view.py",
    "cardrules/families/comparing/view.py",
    "cardrules/families/betting/view.py",
    "cardrules/families/betting/vying/view.py",
    "cardrules/families/rummy/view.py",
    "cardrules/families/fishing/view.py",
    "cardrules/families/adding/view.py",
    "cardrules/families/climbing/view.py",
)
"""The modules a compiled build compiles, one a line: the cards, the events, what play shows
about the cards a seat does not hold (kept on the moves that show it), actions by face in
packs with copies of a face, the names of card sets every view shows, the data of a game
its states read at every decision (:class:`~cardrules.engine.game_core.GameCore`, the
native base class of ``Game``), the engine's states, the inner loop of random play (batched
play-outs and roll-outs), the derivation of seeds (several a deal), the standings of a
result and turn order (asked at every deal and by phases at every turn); the shedding
family's play, its deal scores, the trait naming its optional field group, its play-out
policy and its play-out kernel; the tricks family's state, the traits naming its optional
field groups, the play of those groups (the stock's actions, sets announced, declarations
compared, the face-up top card, tricks that count nothing), its deal scores, its play-out
policy, its play-out kernel and its tables; the climbing family's state, tables, five-card
hands and rank-set look-up, the bouts family's state, tables, rules and dealing, the
comparing, betting, rummy, fishing and adding families' states, tables and rules, the
betting family's vying procedure's too, the rummy, fishing and adding families' scoring and
the fishing family's builds (each family's state an ``attr.s`` class with its clone and
properties written out, :mod:`cardrules.tools.written_states`); then the flow of the listed
phases, their record, fresh states and the named operations (:mod:`cardrules.engine.flow`,
:mod:`~cardrules.engine.phased`, :mod:`~cardrules.engine.state_codec`,
:mod:`~cardrules.engine.table`), the tricks family's dealing, the memo phases keep what
they make from a game's objects in (:mod:`cardrules.phases.memo`), the phases the games
measured against OpenSpiel list and Bank's choice of own trumps (each phase an ordinary
class whose methods are compiled: ``mypyc_attr(native_class=False)``, as a subclass of the
interpreted ``Phase``), and the views of the compiled families (each family's view record
an ordinary class over the interpreted ``View``). Every shipped family's state is native; a
third-party family's stays an ordinary class over the native ``FieldState``."""

BUILD_REQUIRES = ("mypy>=2.4,<2.5", "setuptools>=61", "types-PyYAML", "types-jsonschema")
"""What compiling needs besides cardrules' own dependencies (which mypyc type-checks the
modules against): mypy with mypyc, setuptools to drive the C compiler, and the stubs of
the dependencies that ship no types.  Installed in the wheel's build environment only when
the build is to be compiled."""

PURE = "CARDRULES_PURE"
"""The environment variable that asks for the pure-Python build (``CARDRULES_PURE=1``;
``0`` or empty: not asked): at build time a pure wheel, at run time the ``.py`` sources
imported in place of the compiled modules beside them (read by ``cardrules/__init__.py``,
which cannot import this module that early: the name is written there too)."""


def pure_switch(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether :data:`PURE` asks for the pure-Python build.

    >>> [pure_switch({}), pure_switch({PURE: "0"}), pure_switch({PURE: "1"})]
    [False, False, True]
    """
    return environ.get(PURE, "") not in ("", "0")


def module_name(path: str) -> str:
    """The dotted name of a module listed by its path.

    >>> module_name("cardrules/engine/state.py")
    'cardrules.engine.state'
    """
    return path.removesuffix(".py").replace("/", ".")


C_MODULES = (("cardrules._keys", "cardrules/_keys.c"),
             ("cardrules.engine._records", "cardrules/engine/_records.c"))
"""The modules written in C, built with the compiled ones (and absent from the pure
build, whose sources do their work: :func:`cardrules.cards.by_keys` sorts with
:func:`sorted`, :func:`cardrules.engine.slots.maker` sets slots in Python): each one's
dotted name and its source."""


def compiled_modules() -> tuple[str, ...]:
    """The listed modules that the running build imports from compiled extension files
    (empty in the pure build, all of :data:`COMPILED` in the compiled one)."""
    found = []
    for path in COMPILED:
        spec = importlib.util.find_spec(module_name(path))
        if spec is not None and spec.origin is not None and spec.origin.endswith(
                tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            found.append(module_name(path))
    return tuple(found)


def installed_compiled() -> tuple[str, ...]:
    """The listed modules that have a compiled extension file beside their source, whether
    or not the running build imports it (with :data:`PURE` set it does not)."""
    found = []
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for path in COMPILED:
        package, _, stem = module_name(path).rpartition(".")
        spec = importlib.util.find_spec(package)
        places = (spec.submodule_search_locations or []) if spec is not None else []
        if any((Path(place) / f"{stem}{suffix}").is_file()
               for place in places for suffix in suffixes):
            found.append(module_name(path))
    return tuple(found)


def is_compiled() -> bool:
    """Whether the running build is the compiled one (its listed modules compiled)."""
    return bool(compiled_modules())


def find_compiler() -> str | None:
    """The path of the C compiler Python's build configuration names, if it is installed
    (``CC`` in the environment overrides it, as for setuptools)."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    if os.name == "nt":  # MSVC is found by setuptools itself; a failure falls back to pure
        return "msvc"
    return shutil.which(command.split()[0])


def has_python_headers() -> bool:
    """Whether Python's C headers (``Python.h``) are installed."""
    return (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()


def pure_reason(*, environ: Mapping[str, str], editable: bool, compiler: str | None,
                headers: bool) -> str | None:
    """Why a wheel is to be built pure, or None where it is to be compiled.

    >>> pure_reason(environ={}, editable=True, compiler="cc", headers=True)
    'an editable install runs the sources as they are edited'
    >>> pure_reason(environ={}, editable=False, compiler=None, headers=True)
    'no C compiler found'
    """
    if pure_switch(environ):
        return f"{PURE}={environ[PURE]} asks for the pure-Python build"
    if editable:
        return "an editable install runs the sources as they are edited"
    if compiler is None:
        return "no C compiler found"
    if not headers:
        return "Python's C headers (Python.h) not found"
    return None


SETUP = """\
import importlib.util
from pathlib import Path

from mypyc.build import mypycify
from setuptools import Extension, setup

spec = importlib.util.spec_from_file_location("_cardrules_native_build",
                                              "cardrules/tools/native_build.py")
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)
extensions = mypycify({modules!r}, separate=True)
build.visit_each_attribute_once(Path("build"))
extensions += [Extension(name, [source]) for name, source in build.C_MODULES]
setup(name="cardrules-compiled", ext_modules=extensions)
"""
"""The setuptools script that compiles the modules, each on its own (``separate=True``),
run in the scratch copy: mypyc writes the C sources, :func:`visit_each_attribute_once`
mends them, and setuptools compiles them with the modules written in C
(:data:`C_MODULES`)."""

_TRAVERSE = re.compile(r"^(\w+_traverse\(\w+ \*self, visitproc visit, void \*arg\)\n\{\n)"
                       r"(.*?)^(\}\n)", re.MULTILINE | re.DOTALL)
"""A native class's garbage-collector traversal function, as mypyc writes it: its head,
body and closing brace."""


def _visits_once(body: str) -> str:
    """The body of a traversal function with each visit after the first of the same
    attribute left out: a statement is a line, or an ``if (...) {`` line down to its
    closing brace, and the attribute a statement visits is the first ``self->...`` it
    names (statements naming none are kept)."""
    kept: list[str] = []
    seen: set[str] = set()
    lines = body.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        end = i + 1
        if lines[i].rstrip().endswith("{"):
            indent = len(lines[i]) - len(lines[i].lstrip())
            while end < len(lines) and not (lines[end].strip() == "}" and len(
                    lines[end]) - len(lines[end].lstrip()) == indent):
                end += 1
            end += 1
        statement = "".join(lines[i:end])
        named = re.search(r"self->([\w.]+)", statement)
        if named is None or named.group(1) not in seen:
            kept.append(statement)
        if named is not None:
            seen.add(named.group(1))
        i = end
    return "".join(kept)


def traverse_each_attribute_once(source: str) -> str:
    r"""``source`` (C that mypyc wrote) with every native class's traversal visiting each
    attribute once.

    mypyc 2.4 visits an attribute once for every class of the class's bases that declares
    it, and every shipped family's state declares again the attributes of the native
    ``FieldState`` it derives from (with its own types and codecs).  The garbage collector
    then counts those references twice and may take a live object a state refers to (a
    cached ``Game``) for garbage and empty it.  The instance layout holds each attribute
    once already; this leaves out the repeated visits.

    >>> c = ("Box_traverse(BoxObject *self, visitproc visit, void *arg)\n{\n"
    ...      "    Py_VISIT(self->_game);\n"
    ...      "    if (CPyTagged_CheckLong(self->_n)) {\n"
    ...      "        Py_VISIT(CPyTagged_LongAsObject(self->_n));\n    }\n"
    ...      "    Py_VISIT(self->_game);\n"
    ...      "    if (CPyTagged_CheckLong(self->_n)) {\n"
    ...      "        Py_VISIT(CPyTagged_LongAsObject(self->_n));\n    }\n"
    ...      "    int rv = 0;\n    return rv;\n}\n")
    >>> print(traverse_each_attribute_once(c), end="")
    Box_traverse(BoxObject *self, visitproc visit, void *arg)
    {
        Py_VISIT(self->_game);
        if (CPyTagged_CheckLong(self->_n)) {
            Py_VISIT(CPyTagged_LongAsObject(self->_n));
        }
        int rv = 0;
        return rv;
    }
    """
    return _TRAVERSE.sub(lambda m: m.group(1) + _visits_once(m.group(2)) + m.group(3),
                         source)


def visit_each_attribute_once(build: Path) -> list[Path]:
    """Mend every C source mypyc wrote under ``build`` with
    :func:`traverse_each_attribute_once`; return the files changed."""
    changed = []
    for path in sorted(build.rglob("*.c")):
        source = path.read_text()
        mended = traverse_each_attribute_once(source)
        if mended != source:
            path.write_text(mended)
            changed.append(path)
    return changed


def compile_modules(root: Path, modules: Sequence[str] = COMPILED, *,
                    log: Callable[[str], None] = print,
                    command: Sequence[str] | None = None,
                    cache: Path | None = None) -> list[str] | None:
    """Compile ``modules`` (paths under ``root``, a scratch copy of the sources holding
    ``cardrules/``) with mypyc, putting each extension file beside its source; return
    the extension files' paths relative to ``root``, or None after logging why they could
    not be built.  ``command`` replaces the compiling command (for tests).  With a
    ``cache`` folder (:func:`cache_dir`), files kept there by an earlier compile of the
    same sources are used instead of compiling, and a compile keeps its files there."""
    if cache is not None and (cache / "files.txt").is_file():
        files = (cache / "files.txt").read_text().split()
        if all((cache / name).is_file() for name in files):
            for name in files:
                shutil.copyfile(cache / name, root / name)
            log(f"cardrules: the compiled modules of these sources, from {cache}")
            return files
    build = root / "build"
    build.mkdir(exist_ok=True)
    (build / "setup.py").write_text(SETUP.format(modules=list(modules)))
    if command is None:
        command = [sys.executable, "build/setup.py", "build_ext", "--inplace",
                   "--parallel", str(os.cpu_count() or 1)]
    try:  # no pyproject.toml in root: setuptools would read it and look for packages
        done = subprocess.run(command, cwd=root, capture_output=True, text=True)
    except OSError as exc:
        log(f"cardrules: could not run mypyc ({exc}): building the pure-Python wheel")
        return None
    if done.returncode != 0:
        log(f"{done.stdout[-4000:]}{done.stderr[-4000:]}\ncardrules: compiling with mypyc "
            "failed (above): building the pure-Python wheel, which plays the same")
        return None
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    files = sorted(str(path.relative_to(root)) for path in (root / "cardrules").rglob("*")
                   if path.name.endswith(suffixes))
    if cache is not None:
        _keep(root, files, cache, log)
    return files


CACHE = "CARDRULES_BUILD_CACHE"
"""The environment variable naming the folder where compiled modules are kept between
builds (default: ``cardrules/compiled`` under the user's cache folder; ``0`` or an empty
value: keep none)."""


def cache_dir(root: Path, modules: Sequence[str], *,
              environ: Mapping[str, str] = os.environ) -> Path | None:
    """Where the compiled modules of exactly these sources are kept between builds (a second
    ``pip install .`` of unchanged sources then compiles nothing), or None when the cache
    is turned off.  The key covers every source of the package (mypyc compiles a module
    against the others), the modules listed, the Python version and platform and the
    mypy that compiles.

    >>> cache_dir(Path("."), COMPILED, environ={CACHE: "0"}) is None
    True
    """
    place = environ.get(CACHE)
    if place is not None and place in ("", "0"):
        return None
    base = Path(place) if place else Path(environ.get("XDG_CACHE_HOME")
                                          or Path.home() / ".cache") / "cardrules" / "compiled"
    digest = hashlib.sha256()
    try:
        mypy = importlib.metadata.version("mypy")
    except importlib.metadata.PackageNotFoundError:
        mypy = "none"
    digest.update(f"{sys.version} {sysconfig.get_platform()} {mypy} {list(modules)}".encode())
    package = root / "cardrules"
    for path in sorted([*package.rglob("*.py"), *package.rglob("*.c")]):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return base / digest.hexdigest()[:32]


def _keep(root: Path, files: Sequence[str], cache: Path, log: Callable[[str], None]) -> None:
    """Copy the compiled ``files`` into ``cache`` (a failure to write only logged)."""
    try:
        for name in files:
            (cache / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(root / name, cache / name)
        (cache / "files.txt").write_text("\n".join(files) + "\n")
    except OSError as exc:
        log(f"cardrules: the compiled modules could not be kept in {cache} ({exc})")


def _extension(path: str) -> bool:
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def place_installed(checkout: Path) -> list[Path]:
    """Copy the installed wheel's extension files into ``checkout``'s package, beside
    their sources (so that the checkout's suite runs on the compiled build)."""
    files = importlib.metadata.distribution("cardrules").files or []
    placed = []
    for file in files:
        if file.parts[0] == "cardrules" and _extension(file.name):
            target = checkout / Path(*file.parts)
            shutil.copyfile(Path(str(file.locate())), target)
            placed.append(target)
    return placed


def remove_extensions(checkout: Path) -> list[Path]:
    """Delete every extension file from ``checkout``'s package (back to the pure build)."""
    removed = [path for path in (checkout / "cardrules").rglob("*") if _extension(path.name)]
    for path in removed:
        path.unlink()
    return removed


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cardrules.tools.native_build [--place | --remove]``: say which build runs
    (pure Python with ``CARDRULES_PURE=1`` set, compiled modules installed or not);
    ``--place`` copies the installed wheel's compiled modules into this checkout and fails
    unless every listed module then runs compiled; ``--remove`` deletes them."""
    parser = argparse.ArgumentParser(prog="python -m cardrules.tools.native_build",
                                     description=main.__doc__)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--place", action="store_true",
                       help="copy the installed wheel's compiled modules beside the sources")
    group.add_argument("--remove", action="store_true",
                       help="delete the compiled modules from beside the sources")
    args = parser.parse_args(argv)
    checkout = Path(__file__).resolve().parents[2]
    if (args.place or args.remove) and not (checkout / "pyproject.toml").is_file():
        print(f"{checkout} is not a checkout of cardrules: run this from the root of one",
              file=sys.stderr)
        return 2
    if args.remove:
        print(f"removed {len(remove_extensions(checkout))} compiled files from {checkout}")
        return 0
    if args.place:
        placed = place_installed(checkout)
        print(f"placed {len(placed)} compiled files from the installed wheel in {checkout}")
        running = _running_in_fresh_process(checkout)
        missing = [module_name(p) for p in COMPILED if module_name(p) not in running]
        if missing:
            print(f"not compiled: {', '.join(missing)} (was the wheel built without a C "
                  "compiler, or with CARDRULES_PURE=1?)", file=sys.stderr)
            return 1
        return 0
    print(running_build())
    return 0


def running_build() -> str:
    """Which build runs, in one line: its compiled modules, or pure Python (and why, where
    compiled modules are installed but not imported)."""
    found = compiled_modules()
    if found:
        return f"compiled: {', '.join(found)}"
    if pure_switch() and installed_compiled():
        return (f"pure Python ({PURE}={os.environ[PURE]}: the compiled modules installed "
                "beside the sources are not imported)")
    return "pure Python"


def _running_in_fresh_process(checkout: Path) -> set[str]:
    done = subprocess.run([sys.executable, "-c", "from cardrules.tools.native_build import "
                           "compiled_modules; print(' '.join(compiled_modules()))"],
                          cwd=checkout, capture_output=True, text=True, check=True,
                          env={k: v for k, v in os.environ.items() if k != PURE})
    return set(done.stdout.split())


if __name__ == "__main__":
    sys.exit(main())
