"""The values each option of a variant can take, for soaks, checks and property tests.

>>> import cardrules
>>> space = option_values(cardrules.load("bank").variant)
>>> space["seven"]
['skip', 'draw_then_play', 'skip_and_draw', 'nothing']
>>> len(one_at_a_time(cardrules.load("bank").variant)) > 10
True
"""

from __future__ import annotations

import random
from typing import Any

from cardrules.model import OptionSpec, Variant

__all__ = ["one_at_a_time", "option_values", "random_setting"]


def _values(option: OptionSpec, suits: tuple[str, ...]) -> list[Any]:
    if option.values:
        return list(option.values)
    if option.enum:
        return list(option.enum)
    if option.type == "boolean":
        return [False, True]
    if option.type == "integer":
        picks = [option.default]
        if option.minimum is not None and option.minimum != option.default:
            picks.append(option.minimum)
        if isinstance(option.default, int) and option.default > 2:
            picks.append(option.default // 2)
        return picks
    if option.type == "string_list":
        return [option.default, [suits[0]], list(suits[1:3])]
    return [option.default]


def option_values(variant: Variant) -> dict[str, list[Any]]:
    """Option name -> the values worth trying (every value of an enumerated option)."""
    suits = variant.pack.suits
    return {o.name: _values(o, suits) for o in variant.options}


def one_at_a_time(variant: Variant) -> list[dict[str, Any]]:
    """The defaults, then one option changed at a time to each of its other values."""
    settings: list[dict[str, Any]] = [{}]
    for option in variant.options:
        for value in _values(option, variant.pack.suits):
            if value != option.default:
                settings.append({option.name: value})
    return settings


def random_setting(variant: Variant, rng: random.Random) -> dict[str, Any]:
    """A random value for every option."""
    return {name: rng.choice(values) for name, values in option_values(variant).items()}
