"""Named hook functions: the closed set of points where a variant may run Python.

A rule file names hooks by registered name (``hooks: {first_mover: bank.first_mover}``);
loading a rule file never imports a module by path.  Hook functions register with
:func:`hook`; third-party packages register theirs through the entry-point group
``cardrules.hooks`` (each entry point names a module that is imported once, the first
time a hook is looked up).

>>> "dealer_left" in known("first_mover")
True
>>> resolve("first_mover", "nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardrules.errors.VariantError: ...unknown hook 'nope' for first_mover; known hooks: ...
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Protocol, TypeVar

import attrs

from cardrules.cards import Pack
from cardrules.errors import Problem, VariantError

__all__ = ["POINTS", "FirstMover", "FirstMoverInput", "hook", "known", "resolve"]


@attrs.frozen(kw_only=True)
class FirstMoverInput:
    """What a ``first_mover`` hook may look at."""

    pack: Pack
    """The pack."""
    hands: tuple[int, ...]
    """Every hand as a bit set."""
    top: int
    """The card turned up to start the pile (-1 if none)."""
    dealer: int
    """The dealer's seat."""
    trump_classes: tuple[tuple[int, ...], ...]
    """Per player, the trump class of each suit (0 = plain)."""


class FirstMover(Protocol):
    """Hook point ``first_mover``: who makes the first move of a deal."""

    def __call__(self, position: FirstMoverInput, /) -> int: ...


POINTS: dict[str, str] = {
    "first_mover": "who makes the first move of a deal (FirstMover)",
}
"""Hook point -> what it decides."""

_REGISTRY: dict[str, dict[str, Callable[..., object]]] = {point: {} for point in POINTS}
_loaded_entry_points = False

F = TypeVar("F", bound=Callable[..., object])


def hook(point: str, name: str) -> Callable[[F], F]:
    """Register the decorated function as hook ``name`` for ``point``."""
    if point not in POINTS:
        raise ValueError(f"unknown hook point {point!r}; known points: {', '.join(POINTS)}")

    def register(function: F) -> F:
        _REGISTRY[point][name] = function
        return function

    return register


def _load_plugins() -> None:
    global _loaded_entry_points
    if _loaded_entry_points:
        return
    _loaded_entry_points = True
    importlib.import_module("cardrules.games")
    for entry in entry_points(group="cardrules.hooks"):
        entry.load()


def known(point: str) -> dict[str, Callable[..., object]]:
    """The hooks registered for ``point``, by name."""
    _load_plugins()
    return dict(_REGISTRY[point])


def resolve(point: str, name: str) -> Callable[..., object]:
    """The hook registered as ``name`` for ``point``; a :class:`VariantError` if unknown."""
    hooks = known(point)
    if name not in hooks:
        names = ", ".join(sorted(hooks))
        raise VariantError([Problem(
            message=f"unknown hook {name!r} for {point}; known hooks: {names}",
            path=f"$.hooks.{point}")])
    return hooks[name]


@hook("first_mover", "dealer_left")
def dealer_left(position: FirstMoverInput) -> int:
    """The player on the dealer's left moves first."""
    return (position.dealer + 1) % len(position.hands)
