"""Write out, in a state class's own source, what :func:`~cardrules.engine.state_codec.derived`
would attach to it at run time: its clone and a read-only property per declared field.

A class that mypyc compiles to a native class cannot be given methods at run time, so the
state classes on the compiled hot path carry this part in their source, between two
marker lines, generated from their declared fields (:mod:`cardrules.engine.fields`)
exactly as ``derived`` would make it.  Such classes are found, not listed: every
registered procedure's state class whose source has the first marker line
(:func:`written_classes`).  Run
``python -m cardrules.tools.written_states`` after changing such a class's fields;
``--check`` (and ``tests/test_written_states.py``) fails while a written-out part is out
of date.
"""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path

from cardrules.engine.fields import declared
from cardrules.engine.procedures import REGISTRY
from cardrules.engine.state_codec import check_holders, clone_assignments, field_groups

__all__ = ["BEGIN", "END", "main", "written_classes", "written_part", "written_source"]

BEGIN = "    # -- written out by cardrules.tools.written_states from the fields above: do not edit"
"""The line before a class's written-out part."""
END = "    # -- end of the written-out part"
"""The line after it."""



def source_file(cls: type) -> str | None:
    """The ``.py`` file of ``cls``'s module, compiled or not (a compiled module's source
    stays beside its extension file, which ``inspect`` does not read)."""
    found = inspect.getsourcefile(cls)
    if found is None:
        module = sys.modules.get(cls.__module__)
        origin = getattr(module, "__file__", None)
        if origin is not None:
            beside = Path(origin).with_name(cls.__module__.rpartition(".")[2] + ".py")
            found = str(beside) if beside.is_file() else None
    return found


def written_classes() -> list[type]:
    """Every registered procedure's state class whose source has a written-out part, by
    name."""
    found: dict[str, type] = {}
    for procedure in REGISTRY.known().values():
        cls = procedure.state_class
        path = source_file(cls)
        if path is not None and BEGIN + "\n" in Path(path).read_text():
            found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return [found[k] for k in sorted(found)]


def _hand_written(source: str, name: str) -> set[str]:
    """The names the class ``name`` defines in ``source`` outside its written-out part."""
    head, _, rest = source.partition(BEGIN + "\n")
    _, _, tail = rest.partition(END + "\n")
    found: set[str] = set()
    for node in ast.walk(ast.parse(head + tail)):
        if isinstance(node, ast.ClassDef) and node.name == name:
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found.add(item.name)
    return found


def written_part(cls: type, source: str) -> str:
    """The written-out part of ``cls`` (whose module's text is ``source``): its clone,
    then a read-only property per declared field that neither the class (outside this
    part) nor a base class defines."""
    check_holders(cls)
    own = _hand_written(source, cls.__name__)
    notes = cls.__annotations__
    lines = [BEGIN, "",
             f"    def _clone(self) -> {cls.__name__}:",
             '        """A copy whose events start empty and whose caches start afresh (the',
             '        clone ``derived`` would generate, written out)."""',
             "        cls = type(self)",
             "        new = cls.__new__(cls)",
             *(f"        new.{name} = {value}" for name, value in clone_assignments(cls)),
             *_group_copies(cls),
             "        return new"]
    bases = cls.__mro__[1:]
    for item in declared(cls):
        inherited = next((k.__dict__[item.name] for k in bases if item.name in k.__dict__), None)
        if item.name in own or inherited is not None:
            if callable(inherited):
                raise TypeError(f"{cls.__name__}: the field {item.attribute} would hide the "
                                f"method {item.name}; name the field otherwise")
            continue
        lines += ["", "    @property",
                  f"    def {item.name}(self) -> {notes[item.attribute]}:",
                  f'        """The {item.name} field (read-only)."""',
                  f"        return self.{item.attribute}"]
    lines += ["", END]
    return "\n".join(lines) + "\n"


def _group_copies(cls: type) -> list[str]:
    """The lines of ``cls``'s clone that copy the fields of the optional field groups its
    instance's class has (:func:`~cardrules.engine.state_codec.field_groups`), one bit of
    ``_groups`` each.

    Each attribute is a trait's, which mypy does not count among the slots of the attrs
    class (``# type: ignore[misc]``); compiled, the assignment is native all the same."""
    groups = field_groups(cls)
    if len(groups) == 1:
        return [f"        if self._groups & 1:  # {groups[0].__name__}",
                *(f"            new.{name} = {value}  {_TRAIT}"
                  for name, value in clone_assignments(groups[0]))]
    lines = ["        groups = self._groups", "        if groups:"] if groups else []
    for bit, group in enumerate(groups):
        lines.append(f"            if groups & {1 << bit}:  # {group.__name__}")
        lines += [f"                new.{name} = {value}  {_TRAIT}"
                  for name, value in clone_assignments(group)]
    return lines


_TRAIT = "# type: ignore[misc]"
"""The comment on an assignment of a trait's attribute in a written-out clone."""


def written_source(cls: type) -> tuple[Path, str, str]:
    """The file of ``cls``'s module, its text, and its text with the class's written-out
    part brought up to date."""
    name = cls.__name__
    found = source_file(cls)
    if found is None:
        raise ValueError(f"{name}: no source file")
    path = Path(found)
    source = path.read_text()
    head, begin, rest = source.partition(BEGIN + "\n")
    if not begin:
        raise ValueError(f"{path}: no line {BEGIN.strip()!r} in class {name}")
    _, end, tail = rest.partition(END + "\n")
    if not end:
        raise ValueError(f"{path}: no line {END.strip()!r} after {BEGIN.strip()!r}")
    return path, source, head + written_part(cls, source) + tail


def main(argv: list[str]) -> int:
    """Rewrite every listed class's written-out part (``--check``: only say which are out
    of date, and fail if any is)."""
    check = "--check" in argv
    stale = 0
    for cls in written_classes():
        name = cls.__name__
        path, old, new = written_source(cls)
        if old != new:
            stale += 1
            if check:
                print(f"{path}: the written-out part of {name} is out of date "
                      f"(python -m cardrules.tools.written_states)")
            else:
                path.write_text(new)
                print(f"{path}: {name} written out")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
