"""The YAML parsing of :mod:`cardrules.loader.yamlsafe`: PyYAML's parsers, held to the
limits and checks there, composing nodes and never constructing objects.

Imported only when a text is parsed (PyYAML's import is a tenth of a first load).

>>> data, marks = parse_text("name: durak\\nplay:\\n  beats: [6, 7]\\n", file="d.yaml")
>>> data
{'name': 'durak', 'play': {'beats': [6, 7]}}
>>> marks[("play", "beats", 1)]
Mark(file='d.yaml', line=3, column=14, key_line=0, key_column=0)
"""

from __future__ import annotations

import math
import re
from typing import Any, NoReturn

import attrs
import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import (
    AliasEvent,
    MappingStartEvent,
    NodeEvent,
    ScalarEvent,
    SequenceStartEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.reader import Reader
from yaml.resolver import Resolver

try:
    from yaml._yaml import CParser as _CParser
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    _CParser = None  # type: ignore[misc, assignment]

from cardrules.errors import VariantError
from cardrules.loader.marks import (
    MAX_DEPTH,
    MAX_INT,
    MAX_NODES,
    JsonPath,
    Mark,
    Marks,
    fail,
    text_problem,
)

__all__ = ["parse_text"]

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_SCALAR_TAGS = frozenset({_STR, _INT, _FLOAT, _BOOL, _NULL})
_MAX_NUMBER_TEXT = 64
_TYPE_NAMES = {_INT: "an integer", _FLOAT: "a number", _BOOL: "a boolean", _NULL: "null"}




def _no_colon(regexp: re.Pattern[str]) -> re.Pattern[str]:
    """``regexp`` refusing any text with a colon (the sexagesimal numbers of YAML 1.1)."""
    return re.compile(r"(?!.*:)" + regexp.pattern, regexp.flags)


# Implicit typing of plain scalars: YAML 1.1 core types only.  Dates stay strings, the
# merge key ``<<`` and value key ``=`` get no special meaning, and YAML 1.1 sexagesimal
# numbers (``1:20:30``, read as 4830) stay strings, as in YAML 1.2.
_RESOLVERS = {
    first: [(tag, _no_colon(regexp) if tag in (_INT, _FLOAT) else regexp)
            for tag, regexp in resolvers if tag in _SCALAR_TAGS]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


class _Checked:
    """Composes nodes under limits and never constructs objects: the checks shared by
    the pure-Python loader and the libyaml one (whatever parser gives the events)."""

    yaml_implicit_resolvers = _RESOLVERS  # the attribute PyYAML's resolver reads
    file: str
    depth: int
    nodes: int
    path: list[str | int]

    def _start(self, file: str) -> None:
        self.file = file
        self.depth = 0
        self.nodes = 0
        self.path = []

    def _refuse(self, message: str, mark: Any) -> NoReturn:
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
        fail(message, self.file, line, column, tuple(self.path))

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        segment: str | int | None = None
        if isinstance(parent, SequenceNode):
            segment = len(parent.value)
        elif isinstance(index, ScalarNode):
            segment = str(index.value)
        if segment is not None:
            self.path.append(segment)
        try:
            return self._compose_checked(parent, index)
        finally:
            if segment is not None:
                self.path.pop()

    def _compose_checked(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()  # type: ignore[attr-defined]
        if isinstance(event, AliasEvent) or (
            isinstance(event, NodeEvent) and event.anchor is not None
        ):
            self._refuse("anchors and aliases are not allowed in rule files", event.start_mark)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            self._refuse(f"too many values (more than {MAX_NODES:,})", event.start_mark)
        tag = getattr(event, "tag", None)
        if tag not in (None, "!"):
            allowed = (
                _SCALAR_TAGS if isinstance(event, ScalarEvent)
                else {_SEQ} if isinstance(event, SequenceStartEvent)
                else {_MAP}
            )
            if tag not in allowed:
                self._refuse(
                    f"tag {_short_tag(tag)} is not allowed in rule files", event.start_mark
                )
        nested = isinstance(event, (SequenceStartEvent, MappingStartEvent))
        if nested:
            self.depth += 1
            if self.depth > MAX_DEPTH:
                self._refuse(f"nesting is deeper than {MAX_DEPTH} levels", event.start_mark)
        try:
            node: Node | None = super().compose_node(parent, index)  # type: ignore[misc]
            return node
        finally:
            if nested:
                self.depth -= 1


class _Loader(_Checked, yaml.SafeLoader):
    """The pure-Python loader: PyYAML's reader, scanner and parser."""

    def __init__(self, text: str, file: str) -> None:
        yaml.SafeLoader.__init__(self, text)
        self._start(file)


class _Unsure(Exception):
    """libyaml read a text where it may differ from the pure-Python parser."""


_FastLoader: Any = None
if _CParser is not None:
    class _CLoader(_Checked, Composer, _CParser, SafeConstructor, Resolver):
        """libyaml's parser giving events to PyYAML's composer (not libyaml's, which
        would neither check them nor name where an anchor is)."""

        def __init__(self, text: str, file: str) -> None:
            _CParser.__init__(self, text)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            self._start(file)

        def compose_scalar_node(self, anchor: Any) -> ScalarNode:
            node: ScalarNode = Composer.compose_scalar_node(self, anchor)
            if not node.value and not node.style:
                raise _Unsure  # libyaml places an empty value elsewhere than PyYAML
            return node

    _FastLoader = _CLoader


def _short_tag(tag: str) -> str:
    if tag.startswith("tag:yaml.org,2002:"):
        return "!!" + tag[len("tag:yaml.org,2002:"):]
    return tag


def parse_text(text: str, file: str) -> tuple[Any, Marks]:
    """The plain data of ``text`` (decoded) and the location of every value
    (:func:`cardrules.loader.yamlsafe.parse_yaml`'s work); any problem raises
    :class:`~cardrules.errors.VariantError`."""
    root = _fast_root(text, file)
    if root is None:
        root = _root(text, file)
    if root is None:
        fail("file is empty", file, 1, 1)
    if not isinstance(root, MappingNode):
        line, column = root.start_mark.line + 1, root.start_mark.column + 1
        fail(
            f"the top level must be a mapping (key: value lines); found {_node_kind(root)}",
            file, line, column,
        )
    marks: Marks = {}
    return _Walker(file, marks).value(root, ()), marks


_SLOW = re.compile("[\t\r?\ufeff]|[|>][-+0-9]*#")
"""Where libyaml and PyYAML's pure-Python parser differ (tabs, carriage returns, ``?``
in flow collections, byte-order marks inside the text, a comment stuck to a block
scalar's ``|`` or ``>``): a text holding one is read by the pure-Python parser alone."""


def _fast_root(text: str, file: str) -> Node | None:
    """The root node of ``text`` as libyaml parses it, or None when libyaml is missing,
    the text is empty, or anything is wrong with it (the pure-Python parser then reads
    it again and says what, in its own words)."""
    if _FastLoader is None or _SLOW.search(text) or Reader.NON_PRINTABLE.search(text):
        return None
    loader = _FastLoader(text, file)
    try:
        root: Node | None = Composer.get_single_node(loader)
    except (yaml.YAMLError, VariantError, _Unsure):
        return None
    finally:
        loader.dispose()
    return root


def _root(text: str, file: str) -> Node | None:
    """The root node of ``text`` read by the pure-Python parser (None if empty); any
    problem raises :class:`~cardrules.errors.VariantError`."""
    loader: _Loader | None = None
    try:
        loader = _Loader(text, file)
        root: Node | None = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = " ".join(str(p) for p in (exc.context, exc.problem) if p)
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
        if "'\\t'" in problem:
            problem += " (indent with spaces, not tabs)"
        fail(f"YAML syntax error: {problem or 'cannot parse'}", file, line, column)
    except yaml.reader.ReaderError as exc:
        position = min(exc.position, len(text))
        line = text.count("\n", 0, position) + 1
        column = position - (text.rfind("\n", 0, position) + 1) + 1
        fail(
            f"character U+{exc.character:04X} is not allowed in rule files", file, line, column
        )
    except yaml.YAMLError as exc:  # pragma: no cover - every PyYAML error above is marked
        fail(f"YAML error: {exc}", file, 0, 0)
    finally:
        if loader is not None:
            loader.dispose()
    return root


def _node_kind(node: Node) -> str:
    if isinstance(node, SequenceNode):
        return "a list"
    if isinstance(node, MappingNode):
        return "a mapping"
    if node.tag == _STR:
        return "a string"
    return _TYPE_NAMES.get(node.tag, "a value")


@attrs.define
class _Walker:
    """Turns composed nodes into plain data, recording marks as it goes."""

    file: str
    marks: Marks

    def _mark(self, node: Node, key: Node | None = None) -> Mark:
        key_line = key.start_mark.line + 1 if key is not None else 0
        key_column = key.start_mark.column + 1 if key is not None else 0
        return Mark(
            file=self.file, line=node.start_mark.line + 1, column=node.start_mark.column + 1,
            key_line=key_line, key_column=key_column,
        )

    def _fail_at(self, node: Node, path: JsonPath, message: str) -> NoReturn:
        fail(message, self.file, node.start_mark.line + 1, node.start_mark.column + 1, path)

    def value(self, node: Node, path: JsonPath, key: Node | None = None) -> Any:
        self.marks[path] = self._mark(node, key)
        if isinstance(node, MappingNode):
            return self._mapping(node, path)
        if isinstance(node, SequenceNode):
            return [self.value(item, (*path, i)) for i, item in enumerate(node.value)]
        if isinstance(node, ScalarNode):
            return self._scalar(node, path)
        self._fail_at(node, path, "unsupported YAML node")  # pragma: no cover

    def _mapping(self, node: MappingNode, path: JsonPath) -> dict[str, Any]:
        result: dict[str, Any] = {}
        first_line: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = self._key(key_node, path)
            line = key_node.start_mark.line + 1
            if key in first_line:
                self._fail_at(
                    key_node, (*path, key),
                    f"duplicate key {key!r} (first on line {first_line[key]}, again on line "
                    f"{line})",
                )
            first_line[key] = line
            result[key] = self.value(value_node, (*path, key), key_node)
        return result

    def _key(self, node: Node, path: JsonPath) -> str:
        if isinstance(node, ScalarNode):
            value = self._scalar(node, path)
            if isinstance(value, str):
                return value
            if isinstance(value, int) and not isinstance(value, bool):
                return str(value)
            hint = f"; quote it ('{node.value}') if you mean text" if not node.style else ""
            self._fail_at(
                node, path,
                f"mapping keys must be strings; found {_node_kind(node)} key {node.value!r}{hint}",
            )
        self._fail_at(node, path, f"mapping keys must be strings; found {_node_kind(node)} key")

    def _scalar(self, node: ScalarNode, path: JsonPath) -> Any:
        tag, text = node.tag, node.value
        if tag == _STR:
            problem = text_problem(text)
            if problem:
                self._fail_at(node, path, problem)
            return text
        if tag == _NULL:
            return None
        if tag == _BOOL:
            lowered = text.lower()
            if lowered not in _Loader.bool_values:
                self._fail_at(node, path, f"not a boolean: {text!r}")
            return _Loader.bool_values[lowered]
        if tag in (_INT, _FLOAT):
            return self._number(node, path)
        self._fail_at(node, path, f"tag {_short_tag(tag)} is not allowed in rule files")

    def _number(self, node: ScalarNode, path: JsonPath) -> int | float:
        text: str = node.value
        if len(text.replace("_", "")) > _MAX_NUMBER_TEXT and node.tag == _INT:
            self._fail_at(node, path, f"number too large (the limit is ±{MAX_INT:,})")
        if len(text) > 4 * _MAX_NUMBER_TEXT:
            self._fail_at(node, path, f"number is written with too many characters: {text[:20]}…")
        value: int | float
        try:
            if node.tag == _INT:
                value = _CONSTRUCTOR.construct_yaml_int(node)
            else:
                value = _CONSTRUCTOR.construct_yaml_float(node)
        except (ValueError, TypeError):
            kind = _TYPE_NAMES[node.tag].split(" ", 1)[1]
            self._fail_at(node, path, f"not a valid {kind}: {text!r}")
        if isinstance(value, float):
            if not math.isfinite(value):
                self._fail_at(node, path, f"infinite and NaN numbers are not allowed: {text!r}")
        elif abs(value) > MAX_INT:
            self._fail_at(node, path, f"number too large (the limit is ±{MAX_INT:,})")
        return value


# The scalar constructors of SafeConstructor only read ``node.value``; one idle loader
# lends them to the walker so no object construction machinery is ever driven.
_CONSTRUCTOR = _Loader("", "")
