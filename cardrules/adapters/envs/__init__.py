"""One versioned environment per known game, as PettingZoo names its environments.

For every game known by name (:func:`cardrules.loader.resources.builtin_variants`) there
is a module ``<name>_v0`` (hyphens made underscores: ``hearts_v0``, ``crazy_eights_v0``)
with PettingZoo's ``env(**kwargs)`` (the environment with PettingZoo's order-checking
wrapper) and ``raw_env(**kwargs)`` (the bare
:class:`~cardrules.adapters.pettingzoo.CardrulesEnv`); the keyword arguments are
``CardrulesEnv``'s (``players``, ``options``, ``match``, ``render_mode``, ``max_cycles``).
The Gymnasium adapter registers the same games as ``cardrules/<Name>-v0``
(:func:`gym_id`).  The modules are made by one factory, not written by hand.

>>> from cardrules.adapters.envs import hearts_v0
>>> env = hearts_v0.env()
>>> env.reset(seed=1)
>>> env.num_agents
4
>>> module_name("crazy-eights"), gym_id("crazy-eights")
('crazy_eights_v0', 'cardrules/CrazyEights-v0')
"""

from __future__ import annotations

import sys
import types
from typing import Any

from cardrules.loader.resources import builtin_variants

__all__ = ["VERSION", "gym_id", "module_name"]

VERSION = 0
"""The version of every environment's observation, action and reward conventions."""


def module_name(variant: str) -> str:
    """The PettingZoo-style module name of a game known by name."""
    return f"{variant.replace('-', '_')}_v{VERSION}"


def gym_id(variant: str) -> str:
    """The Gymnasium id of a game known by name."""
    title = "".join(part.capitalize() for part in variant.replace("_", "-").split("-"))
    return f"cardrules/{title}-v{VERSION}"


def _module(variant: str) -> types.ModuleType:
    """The module of one game: ``env`` and ``raw_env`` for ``variant``."""
    module = types.ModuleType(f"{__name__}.{module_name(variant)}",
                              f"The PettingZoo environment of {variant} (see "
                              f":mod:`{__name__}`).")

    def raw_env(**kwargs: Any) -> Any:
        """The bare environment of this game."""
        from cardrules.adapters.pettingzoo import CardrulesEnv

        return CardrulesEnv(variant, **kwargs)

    def env(**kwargs: Any) -> Any:
        """The environment of this game with PettingZoo's order-checking wrapper."""
        from pettingzoo.utils import wrappers

        return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))

    module.raw_env, module.env = raw_env, env  # type: ignore[attr-defined]
    return module


for _variant in builtin_variants():
    _made = _module(_variant)
    sys.modules[_made.__name__] = _made
    globals()[module_name(_variant)] = _made
    __all__.append(module_name(_variant))
