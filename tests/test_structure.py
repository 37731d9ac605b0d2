"""The quick way to records (:mod:`cardrules.model.structure`) builds what cattrs builds:
for every shipped variant, with each of its options' values, the same records, value and
type; a shipped game loads without importing cattrs; anything the quick way is unsure of
goes to cattrs, whose errors are reported as before."""

from __future__ import annotations

import enum
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from cardrules.engine.procedures import find as find_procedure
from cardrules.errors import VariantError
from cardrules.families.shedding.procedure import _clauses, read_clause
from cardrules.loader.load import load_variant
from cardrules.loader.options import declarations
from cardrules.loader.resolve import RuleSource, resolve
from cardrules.loader.resources import data_dir
from cardrules.loader.yamlsafe import parse_yaml
from cardrules.model import convert
from cardrules.model.common import RankClause
from cardrules.model.convert import _quickly, structure_variant_with_cattrs
from cardrules.model.structure import Structurer, Unsure

VARIANTS = sorted(path.stem for path in data_dir("variants").glob("*.yaml"))


def _same(a: Any, b: Any, where: str = "$") -> None:
    """``a`` and ``b`` are equal, and of the same types all the way down."""
    assert type(a) is type(b), f"{where}: {type(a).__name__} != {type(b).__name__}"
    if attrs.has(type(a)):
        for field in attrs.fields(type(a)):
            _same(getattr(a, field.name), getattr(b, field.name), f"{where}.{field.name}")
    elif isinstance(a, (tuple, list)):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _same(x, y, f"{where}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), where
        for key in a:
            _same(key, next(k for k in b if k == key), f"{where} key")
            _same(a[key], b[key], f"{where}[{key!r}]")
    else:
        assert a == b, where


def _choices(name: str) -> Iterator[dict[str, object]]:
    """No options, then each value of each option of ``name`` on its own."""
    yield {}
    path = data_dir("variants") / f"{name}.yaml"
    data, marks = parse_yaml(path.read_bytes(), file=str(path))
    if "extends" in data:
        return
    for option in declarations(RuleSource(name=name, path=path, data=data,
                                          marks=marks)).values():
        values: list[object] = []
        if option.values is not None:
            values = list(option.values)
        elif option.enum is not None and option.type != "string_list":
            values = list(option.enum)
        elif option.type == "boolean":
            values = [True, False]
        elif option.type == "integer":
            values = [v for v in (option.minimum, option.maximum) if v is not None]
        yield from ({option.name: value} for value in values if value != option.default)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_quick_records_are_cattrs_records(name: str) -> None:
    tried = 0
    for options in _choices(name):
        try:
            data = resolve(name, options=options).data
        except VariantError:
            continue  # a value another option's value refuses
        procedure = find_procedure(data["play"]["procedure"])
        _same(_quickly(data, procedure), structure_variant_with_cattrs(data))
        tried += 1
    assert tried


def test_a_rank_clause_is_built_as_cattrs_builds_it() -> None:
    for value in ({"rank": 8}, {"rank": "Q", "beats": "any"}):
        _same(read_clause(value, RankClause), _clauses().structure(value, RankClause))
    with pytest.raises(Exception, match="RankClause"):
        read_clause({"rank": 8, "beat": "any"}, RankClause)


def test_a_shipped_game_loads_without_cattrs() -> None:
    code = ("import sys, cardrules; cardrules.load('hearts'); cardrules.load('bank'); "
            "cardrules.load('bridge'); print('cattrs' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["False"]


class _Colour(enum.Enum):
    RED = "red"


class _Word(str, enum.Enum):
    HI = "hi"


@attrs.frozen(kw_only=True)
class _Inner:
    colour: _Colour = _Colour.RED
    word: _Word | None = None


@attrs.frozen(kw_only=True)
class _Outer:
    name: str
    count: int = 0
    inner: _Inner | None = None
    items: tuple[_Inner, ...] = ()
    table: dict[str, list[int]] = attrs.field(factory=dict)
    anything: Any = None


@attrs.frozen(kw_only=True)
class _Tree:
    name: str
    kids: tuple[_Tree, ...] = ()


def test_a_record_holding_its_own_kind_is_left_to_cattrs() -> None:
    quick = Structurer({})
    with pytest.raises(Unsure):
        quick.structure({"name": "a", "kids": [{"name": "b"}]}, _Tree)
    assert quick.structure({"name": "a"}, _Tree) == _Tree(name="a")  # no kids to refuse


@pytest.mark.parametrize("value", [
    {"name": "a"},
    {"name": 7, "count": "3", "inner": {"colour": "red", "word": "hi"}},
    {"name": "a", "items": [{}, {"word": "hi"}], "table": {"x": [1, 2]}, "anything": [1]},
    {"name": "a", "inner": None},
])
def test_the_quick_way_builds_what_cattrs_builds(value: dict[str, Any]) -> None:
    import cattrs

    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_structure_hook(str, lambda v, _: str(v))
    quick = Structurer({str: lambda v, _: str(v)})
    _same(quick.structure(value, _Outer), converter.structure(value, _Outer))


@pytest.mark.parametrize("value", [
    {"name": "a", "extra": 1},
    {"count": 1},
    {"name": "a", "items": {"x": 1}},
    {"name": "a", "table": [1]},
    "a",
])
def test_the_quick_way_is_unsure_of_what_cattrs_refuses(value: Any) -> None:
    import cattrs

    converter = cattrs.Converter(forbid_extra_keys=True)
    with pytest.raises(Unsure):
        Structurer({}).structure(value, _Outer)
    with pytest.raises(Exception):  # noqa: B017 - cattrs's own error, whichever
        converter.structure(value, _Outer)


def test_records_the_quick_way_is_unsure_of_are_built_by_cattrs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    quick = load_variant("bank")

    def unsure(*_: Any) -> Any:
        raise Unsure("for the test")

    monkeypatch.setattr(convert, "_quickly", unsure)
    _same(load_variant("bank"), quick)
