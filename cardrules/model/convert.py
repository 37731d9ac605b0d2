"""The private cattrs converter that turns validated rule data into records."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import cattrs

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
from cardrules.model.variant import PhaseEntry, Variant
from cardrules.phases import find as find_phase

__all__ = ["structure_variant"]

_converter = cattrs.Converter(forbid_extra_keys=True)


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


_converter.register_structure_hook(Fraction, _fraction)
_converter.register_structure_hook(ExtraCardSpec, _extra_card)
_converter.register_structure_hook(LeftOut, lambda value, _: LeftOut.read(value))
_converter.register_structure_hook(int | str, _int_or_name)
_converter.register_structure_hook(str, lambda v, _: str(v))


def structure_variant(data: Mapping[str, Any]) -> Variant:
    """Records from resolved, schema-valid rule data.

    Raises ``cattrs`` errors (with paths, see ``cattrs.transform_error``) on data the
    schema let through but the records refuse.
    """
    procedure = find_procedure(data["play"]["procedure"])
    play_type, scoring_type = procedure.play_rules, procedure.scoring_rules
    part = _converter.structure
    players, deal = _fitted(data, part(data["pack"], PackSpec))
    section = _section_converter(procedure).structure
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
def _section_converter(procedure: Procedure) -> cattrs.Converter:
    """The generic converter with the procedure's own structure hooks added (the generic
    one itself when it has none)."""
    hooks = procedure.structure_hooks()
    if not hooks:
        return _converter
    converter = _converter.copy()
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
