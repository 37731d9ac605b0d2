"""Turn validated rule data into records: quickly (:mod:`cardrules.model.structure`),
or with the private cattrs converter, the reference, wherever the quick way is unsure.

The converter and cattrs itself are made only when first needed: a shipped game's rules
are built the quick way, and cattrs (its import, and the structuring code it generates
for each record) is the larger part of a first load's time otherwise.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cardrules.engine.procedures import Procedure
from cardrules.engine.procedures import find as find_procedure
from cardrules.engine.turns import read_order
from cardrules.model.common import (
    DealSpec,
    ExtraCardSpec,
    LeftOut,
    OptionSpec,
    PackSpec,
    PlayerRange,
    Visibility,
)
from cardrules.model.match import MatchSpec
from cardrules.model.structure import Hook, Structurer
from cardrules.model.variant import PhaseEntry, Variant
from cardrules.phases import find as find_phase

if TYPE_CHECKING:
    import cattrs

__all__ = ["structure_variant", "structure_variant_with_cattrs"]


def _fraction(value: Any, _: type) -> Fraction:
    """A share written as a percentage (``60``) or an exact fraction (``"1/3"``)."""
    if isinstance(value, str):
        return Fraction(value.replace(" ", ""))
    return Fraction(value) / 100


def _options(value: Any, _: type) -> tuple[OptionSpec, ...]:
    specs = []
    for name, decl in (value or {}).items():
        values = decl.get("values") or {}
        specs.append(OptionSpec(
            name=name,
            description=decl.get("description", ""),
            default=decl.get("default"),
            values=tuple(values),
            type=decl.get("type", ""),
            enum=tuple(decl.get("enum", ())),
            minimum=decl.get("minimum"),
            maximum=decl.get("maximum"),
            path=decl.get("path", ""),
            descriptions={k: str(v) for k, v in (decl.get("value_descriptions") or {}).items()},
            applies_when={k: tuple(str(x) for x in v)
                          for k, v in (decl.get("applies_when") or {}).items()},
        ))
    return tuple(specs)


def _int_or_name(value: Any, _: type) -> int | str:
    """A number, or a name the schema allows in its place (``deals: schedule``)."""
    return value if isinstance(value, (int, str)) and not isinstance(value, bool) \
        else int(value)


def _extra_card(value: Any, _: type) -> ExtraCardSpec:
    """An extra card written as its name (``JK``) or ``{name: JK, count: 2}``."""
    if isinstance(value, Mapping):
        return ExtraCardSpec(name=str(value["name"]), count=int(value.get("count", 1)))
    return ExtraCardSpec(name=str(value))


def _read_str(value: Any, _: type) -> str:
    return str(value)


def _left_out(value: Any, _: type) -> LeftOut:
    return LeftOut.read(value)


_HOOKS: dict[Any, Hook] = {
    Fraction: _fraction,
    ExtraCardSpec: _extra_card,
    LeftOut: _left_out,
    int | str: _int_or_name,
    str: _read_str,
}
"""The structure hooks of every variant's records (a procedure may add its own)."""
_RECORDS = Structurer(_HOOKS)

_Part = Callable[[Any, Any], Any]


def structure_variant(data: Mapping[str, Any]) -> Variant:
    """Records from resolved, schema-valid rule data.

    Raises ``cattrs`` errors (with paths, see ``cattrs.transform_error``) on data the
    schema let through but the records refuse.  Built the quick way
    (:class:`~cardrules.model.structure.Structurer`) where it is sure, else by cattrs
    (:func:`structure_variant_with_cattrs`): the same records either way.
    """
    procedure = find_procedure(data["play"]["procedure"])
    try:
        return _quickly(data, procedure)
    except Exception:  # whatever it is, cattrs says it (or builds the records)
        pass
    return structure_variant_with_cattrs(data)


def _quickly(data: Mapping[str, Any], procedure: Procedure) -> Variant:
    """:func:`structure_variant` the quick way alone (raising
    :class:`~cardrules.model.structure.Unsure`, or what the records' own checks raise,
    where it cannot)."""
    return _structured(data, procedure, _RECORDS.structure,
                       _section_records(procedure).structure)


def structure_variant_with_cattrs(data: Mapping[str, Any]) -> Variant:
    """:func:`structure_variant` by the cattrs converter alone (the reference)."""
    procedure = find_procedure(data["play"]["procedure"])
    return _structured(data, procedure, _converter().structure,
                       _section_converter(procedure).structure)


def _structured(data: Mapping[str, Any], procedure: Procedure, part: _Part,
                section: _Part) -> Variant:
    play_type, scoring_type = procedure.play_rules, procedure.scoring_rules
    players, deal = _fitted(data, part(data["pack"], PackSpec))
    play = dict(data["play"])
    raw_order = play.pop("order", None)
    order = read_order(raw_order)  # the engine's, not the family's record
    return Variant(
        name=str(data["name"]),
        title=str(data.get("title", data["name"])),
        description=str(data.get("description", "")),
        players=part(players, PlayerRange),
        pack=part(data["pack"], PackSpec),
        zones=part(data.get("zones", {}), dict[str, Visibility]),
        deal=DealSpec.read(deal),
        play=section(play, play_type),
        scoring=section(data.get("scoring", {}), scoring_type),
        match=part(data["match"], MatchSpec),
        hooks=part(data.get("hooks", {}), dict[str, str]),
        options=_options(data.get("options"), tuple),
        references=part(data.get("references", {}), dict[str, str]),
        phases=tuple(_phase_entry(item, raw_order) for item in data.get("phases", ())),
        play_order=order,
        returns_divisor=int((data.get("returns") or {}).get("divide_scores_by", 0)),
    )


def _fitted(data: Mapping[str, Any], pack: PackSpec
            ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The ``players`` and ``deal`` sections with the sizes the pack decides written out:
    ``deal.hand.up_to_most`` becomes a table of sizes 1 up to the most each player can be
    dealt, per number of players; ``players.fit_pack`` lowers ``max`` to the most players
    the pack deals to (to ``min`` when even the fewest do not fit: the pack check then
    says why for them).

    >>> pack = PackSpec(ranks=("2", "3", "4"), suits=("C", "D"))
    >>> _fitted({"players": {"min": 2, "max": 7, "fit_pack": True},
    ...          "deal": {"hand": {"up_to_most": True}, "trump_card": True}}, pack)
    ({'min': 2, 'max': 5}, {'hand': {'by_players': {'2': [1, 2], '3': [1], '4': [1], \
'5': [1]}}, 'trump_card': True})
    """
    players = {k: v for k, v in data["players"].items() if k != "fit_pack"}
    deal = dict(data["deal"])
    hand = deal["hand"]
    kept = int(deal.get("starter", 0)) + int(bool(deal.get("trump_card", False)))
    low, high = int(players["min"]), int(players["max"])
    if isinstance(hand, Mapping) and hand.get("up_to_most"):
        table = {str(n): list(range(1, most + 1)) for n in range(low, high + 1)
                 if (most := (pack.count(n) - kept) // n) >= 1}
        deal["hand"] = {"by_players": table or {str(low): [1]},
                        **({"by_lot": True} if hand.get("by_lot") else {})}
    if data["players"].get("fit_pack"):
        spec = DealSpec.read(deal)
        fits = [n for n in range(low, high + 1)
                if (not spec.schedule or n in spec.schedule or 0 in spec.schedule)
                and spec.largest(n) * n + kept <= pack.count(n)]
        players["max"] = max(fits, default=low)
    return players, deal


@functools.cache
def _section_records(procedure: Procedure) -> Structurer:
    """The generic structurer with the procedure's own structure hooks added (the
    generic one itself when it has none)."""
    hooks = procedure.structure_hooks()
    return _RECORDS.with_hooks(hooks) if hooks else _RECORDS


@functools.cache
def _converter() -> cattrs.Converter:
    """The private cattrs converter, with the hooks of :data:`_HOOKS`."""
    import cattrs

    converter = cattrs.Converter(forbid_extra_keys=True)
    for kind, hook in _HOOKS.items():
        converter.register_structure_hook(kind, hook)
    return converter


@functools.cache
def _section_converter(procedure: Procedure) -> cattrs.Converter:
    """The generic converter with the procedure's own structure hooks added (the generic
    one itself when it has none)."""
    hooks = procedure.structure_hooks()
    if not hooks:
        return _converter()
    converter = _converter().copy()
    for kind, hook in hooks.items():
        converter.register_structure_hook(kind, hook)
    return converter


def _phase_entry(item: str | Mapping[str, Any], play_order: Any = None) -> PhaseEntry:
    """``name`` or ``{name: section}`` (the schema allows nothing else).  A phase that
    asks the players in turn (its section takes an ``order``) and names none goes the
    play's way: it is given the play's ``order`` when the rule file sets one."""
    name, section = (item, {}) if isinstance(item, str) else next(iter(item.items()))
    entry = dict(section or {})
    if play_order is not None and "order" not in entry and _takes_order(str(name)):
        entry["order"] = play_order
    return PhaseEntry(name=str(name), section=entry)


def _takes_order(name: str) -> bool:
    """Whether the registered phase ``name`` reads a turn order from its section."""
    try:
        schema = find_phase(name).schema
    except KeyError:
        return False
    return "order" in schema.get("properties", {})
