"""Game records: (variant, fingerprint, options, players, seed, actions) -> the same game.

>>> import cardrules
>>> game = cardrules.load("bank", players=2, options={"trumps": "none"})
>>> state = game.new_deal(seed=3)
>>> actions = []
>>> while not state.is_over:
...     action = state.legal_actions()[0]
...     actions.append(action)
...     state = state.apply(action)
>>> record = GameRecord.of(game, seed=3, actions=actions)
>>> again = GameRecord.from_json(record.to_json())
>>> replay(game, again)[-1] == state
True
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import jsonschema

from cardrules.actions import MAX_NOTATION, Action
from cardrules.engine.seeding import MAX_SEED, check_seed
from cardrules.errors import CardrulesError, RecordError, SeedError, VariantError
from cardrules.loader.resolve import RuleSource, _is_name, _target

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from cardrules.engine.state import State

__all__ = ["FORMAT", "MAX_RECORD_BYTES", "MAX_RECORD_DEPTH", "RECORD_SCHEMA", "GameRecord",
           "game_of", "replay", "schema_problem", "variant_source"]

FORMAT = 2
"""Version of the record's JSON layout and of what a seed deals (2: the shuffle of
:func:`cardrules.cards.shuffled`; records of format 1 were dealt by an earlier shuffle
and would replay to other deals)."""
MAX_RECORD_BYTES = 8 * 1024 * 1024
"""Largest record file read (a game of 20,000 actions takes about 300 kB)."""
MAX_RECORD_DEPTH = 32
"""Deepest nesting of JSON arrays and objects read from a record (real records use 4)."""

RECORD_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "a cardrules game record (GameRecord.to_json, format 2)",
    "type": "object",
    "required": ["format", "variant", "fingerprint", "options", "players", "seed", "match",
                 "actions"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT},
        "variant": {"type": "string", "minLength": 1, "maxLength": 4096},
        "fingerprint": {"type": "string", "minLength": 1, "maxLength": 200},
        "options": {"type": "object"},
        "players": {"type": "integer", "minimum": 1, "maximum": 8},
        "seed": {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
        "match": {"type": "boolean"},
        "dealer": {"oneOf": [{"type": "null"}, {"type": "integer", "minimum": 0}]},
        "actions": {"type": "array",
                    "items": {"type": "string", "minLength": 1, "maxLength": MAX_NOTATION}},
    },
}
"""What :meth:`GameRecord.to_json` writes; :meth:`GameRecord.from_json` checks a record
against it before use (after the checks that name the commonest faults in words)."""

_RECORD = jsonschema.Draft202012Validator(RECORD_SCHEMA)

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


@attrs.frozen(kw_only=True)
class GameRecord:
    """Everything needed to play a game again, action for action."""

    variant: str
    """The variant's registered name or the rule file it was loaded from (an absolute path;
    :meth:`save` writes it relative to the record when the rule file lies beside it)."""
    fingerprint: str
    """Fingerprint of the resolved rules; replaying under other rules is refused."""
    options: Mapping[str, Any]
    """Every option's value in force."""
    players: int
    """Number of players."""
    seed: int
    """The seed of the deal or match."""
    match: bool = False
    """A whole match (True) or a single deal."""
    dealer: int | None = None
    """The dealer of a single deal when it was not drawn by lot."""
    actions: tuple[str, ...] = ()
    """The actions in notation, in order."""

    @classmethod
    def of(cls, game: Game, *, seed: int, actions: Iterable[Action | str], match: bool = False,
           dealer: int | None = None) -> GameRecord:
        """A record of ``actions`` played in ``game`` from ``seed``."""
        texts = tuple(a if isinstance(a, str) else a.label or a.text(game.pack)
                      for a in actions)
        variant = game.source if _is_name(game.source) else os.path.abspath(game.source)
        return cls(variant=variant, fingerprint=game.fingerprint,
                   options=dict(game.options), players=game.players, seed=check_seed(seed),
                   match=match, dealer=dealer, actions=texts)

    def with_actions(self, actions: Iterable[str]) -> GameRecord:
        """The same game with another action list (for shrinking failures)."""
        return attrs.evolve(self, actions=tuple(actions))

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"format": FORMAT, "variant": self.variant, "fingerprint": self.fingerprint,
                "options": dict(self.options), "players": self.players, "seed": self.seed,
                "match": self.match, "dealer": self.dealer, "actions": list(self.actions)}

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read back :meth:`to_json`; a :class:`RecordError` says what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if data.get("format") == 1:
            raise RecordError("this record is of format 1, from a cardrules version that "
                              "shuffled differently; its seed deals other cards now")
        if data.get("format") != FORMAT:
            raise RecordError(f"unknown record format {data.get('format')!r}; expected {FORMAT}")
        try:
            record = cls(
                variant=_typed(data, "variant", str), fingerprint=_typed(data, "fingerprint", str),
                options=_typed(data, "options", dict), players=_typed(data, "players", int),
                seed=_typed(data, "seed", int), match=_typed(data, "match", bool),
                dealer=data.get("dealer"),
                actions=tuple(_typed(data, "actions", list)))
        except KeyError as exc:
            raise RecordError(f"the record has no {exc.args[0]!r}") from None
        if not all(isinstance(a, str) for a in record.actions):
            raise RecordError("every action of a record must be a string")
        if record.dealer is not None and (not isinstance(record.dealer, int)
                                          or isinstance(record.dealer, bool)):
            raise RecordError("'dealer' must be an integer or null")
        try:
            check_seed(record.seed)
        except SeedError as exc:
            raise RecordError(f"record field 'seed': {exc}") from None
        problem = schema_problem(_RECORD, data)
        if problem is not None:
            raise RecordError(f"record field {problem}")
        if record.dealer is not None and record.dealer >= record.players:
            raise RecordError(f"record field $.dealer: {record.dealer} is not a seat "
                              f"(0 to {record.players - 1})")
        return record

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record as JSON (its rule file's path relative to the record's folder
        when the rule file lies inside it, so the two can move together)."""
        data = self.to_json()
        data["variant"] = _portable(self.variant, path)
        with open(path, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
            out.write("\n")

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> GameRecord:
        """Read a record written by :meth:`save`; files over :data:`MAX_RECORD_BYTES` or
        nested deeper than :data:`MAX_RECORD_DEPTH` are refused before parsing."""
        shown = os.fspath(path)
        try:
            with open(path, "rb") as src:
                raw = src.read(MAX_RECORD_BYTES + 1)
            if len(raw) > MAX_RECORD_BYTES:
                raise RecordError(f"cannot read record {shown}: larger than the limit of "
                                  f"{MAX_RECORD_BYTES:,} bytes")
            text = raw.decode("utf-8")
            _check_depth(text, shown)
            data = json.loads(text, parse_constant=_no_constant)
        except (OSError, ValueError) as exc:
            raise RecordError(f"cannot read record {shown}: {exc}") from None
        try:
            return cls.from_json(data)
        except RecordError as exc:
            raise RecordError(f"record {shown}: {exc}") from None


def schema_problem(validator: jsonschema.protocols.Validator, data: Any) -> str | None:
    """The first way ``data`` breaks ``validator``'s schema, as ``$.path: message`` (the
    offending value shortened), or None when it fits.

    >>> schema_problem(jsonschema.Draft202012Validator(RECORD_SCHEMA), {"format": 2})
    "$: 'variant' is a required property"
    """
    error = min(validator.iter_errors(data), key=lambda e: list(map(str, e.path)), default=None)
    if error is None:
        return None
    where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.path)
    shown = repr(error.instance)
    message = error.message if len(shown) <= 40 else \
        error.message.replace(shown, shown[:30] + "...")
    return f"{where}: {message[:200]}"


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _check_depth(text: str, shown: str) -> None:
    """Refuse JSON nested deeper than :data:`MAX_RECORD_DEPTH` (the parser would recurse)."""
    depth = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub('""', text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_RECORD_DEPTH:
            raise RecordError(f"cannot read record {shown}: JSON nested deeper than "
                              f"{MAX_RECORD_DEPTH} levels")


def _typed(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        shown = type(value).__name__ if isinstance(value, (dict, list)) else repr(value)[:60]
        raise RecordError(f"record field {key!r} must be {kind.__name__}, not {shown}")
    return value


def _portable(variant: str, record_path: str | os.PathLike[str]) -> str:
    """``variant`` as written in a record file at ``record_path``."""
    if _is_name(variant) or not os.path.isabs(variant):
        return variant
    folder = os.path.dirname(os.path.abspath(record_path))
    try:
        relative = os.path.relpath(variant, folder)
    except ValueError:  # another drive
        return variant
    return variant if relative.startswith(os.pardir) else Path(relative).as_posix()


def variant_source(variant: str, where: str | os.PathLike[str] | None = None) -> str:
    """The variant a record names, held to the sandbox of ``extends:``.

    A record may name a registered variant, or a rule file inside the folder of the record
    file ``where`` or inside the current directory (a relative path is read from the
    record's folder first); anything else is a :class:`RecordError`, raised before the
    file is opened.

    >>> variant_source("bank")
    'bank'
    >>> variant_source("/etc/passwd.yaml", "/tmp/r.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.RecordError: the record names the rule file '/etc/passwd.yaml', outside ...
    """
    return _locate(variant, where)[0]


def _locate(variant: str, where: str | os.PathLike[str] | None) -> tuple[str, bool]:
    """:func:`variant_source`, and whether the record may quote the file: only a
    registered variant or a file inside the record's own folder (the sandbox of
    ``extends:``, whose files are read from the folder of the file that names them). A
    file found through the current directory is the user's, not the record's: it is used,
    but nothing of it is quoted when it fails to load."""
    if _is_name(variant):
        return variant, True
    own = Path(os.path.abspath(where)).parent if where is not None else None
    folders = [own] if own is not None else []
    folders += [Path.cwd()] if Path.cwd() not in folders else []
    admitted: list[Path] = []
    for folder in folders:
        try:
            text = os.path.relpath(variant, folder) if os.path.isabs(variant) else variant
            if _is_name(text):  # a file without a suffix would be taken for a variant name
                continue
            stand_in = RuleSource(name=os.fspath(where or "<record>"), path=folder / "record",
                                  data={"extends": text}, marks={})
            path, _ = _target(stand_in)  # the sandbox of extends: (raises when escaping)
        except (ValueError, VariantError):
            continue
        if path.is_file():
            return os.fspath(path), folder == own
        admitted.append(path)
    shown = repr(variant)[:200]
    if admitted:
        raise RecordError(f"the record's rule file {shown} does not exist (looked in "
                          f"{', '.join(os.fspath(p.parent) for p in admitted)})")
    raise RecordError(
        f"the record names the rule file {shown}, outside the record's folder and the current "
        "directory; like extends:, a record may name a registered variant or a .yaml file "
        "inside one of those (run replay from a folder that holds the rule file)")


def game_of(record: GameRecord, *, where: str | os.PathLike[str] | None = None) -> Game:
    """Load the game a record was made in, refusing rules that have changed since.

    ``where`` is the record's file; the variant is found as :func:`variant_source` says.
    """
    from cardrules.loader.load import load

    source, quotable = _locate(record.variant, where)
    try:
        game = load(source, players=record.players, options=record.options)
    except CardrulesError:
        if quotable:
            raise
        raise RecordError(
            f"the record's rule file {source!r} (found through the current directory, "
            "outside the record's folder) does not load with the record's players and "
            "options; nothing of a file outside the record's folder is quoted: run "
            f"'cardrules validate {source}' to see its problems") from None
    if game.fingerprint != record.fingerprint:
        theirs = f"fingerprint {game.fingerprint}, " if quotable else ""
        raise RecordError(
            f"the rules of {record.variant} have changed since the record was made "
            f"({theirs}record {record.fingerprint})")
    return game


def replay(game: Game, record: GameRecord) -> list[State]:
    """Every state of the recorded game (:meth:`Game.replay`)."""
    return game.replay(record)
