"""Named hook functions: the closed set of points where a variant may run Python.

A rule file names hooks by registered name (``hooks: {first_mover: bank.first_mover}``);
loading a rule file never imports a module by path.  Every point has a generic default
(:data:`DEFAULTS`), so a variant names only the hooks it needs.  Hook functions register
with :func:`hook`; third-party packages register theirs through the entry-point group
``cardrules.hooks`` (each entry point names a module that is imported once, the first
time a hook is looked up).

Each point takes one frozen input record and returns one value:

=================  ========================  =========================================
point              input                     returns
=================  ========================  =========================================
``first_mover``    :class:`FirstMoverInput`  the seat that moves (leads) first in a deal
``card_points``    :class:`CardPointsInput`  a card's points (asked once per card)
``after_play``     :class:`AfterPlayInput`   the effect on the next player of a turn
                                             ending with a card on top (once per card)
``legal_filter``   :class:`LegalFilterInput` the legal actions that stay legal
``end_of_deal``    :class:`EndOfDealInput`   True to end the deal now, None: by the rules
``deal_scoring``   :class:`DealScoringInput` each player's score for the deal
``next_dealer``    :class:`NextDealerInput`  the next deal's dealer
=================  ========================  =========================================

>>> "dealer_left" in known("first_mover")
True
>>> resolve("first_mover", "nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardrules.errors.VariantError: ...unknown hook 'nope' for first_mover; known hooks: ...
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Any, TypeVar

import attrs

from cardrules.actions import Action
from cardrules.cards import Pack
from cardrules.errors import Problem, VariantError
from cardrules.families.shedding.model import AfterTurn

__all__ = ["DEFAULTS", "POINTS", "AfterPlayInput", "CardPointsInput", "DealScoringInput",
           "EndOfDealInput", "FirstMoverInput", "LegalFilterInput", "NextDealerInput", "hook",
           "known", "resolve"]


@attrs.frozen(kw_only=True)
class FirstMoverInput:
    """What a ``first_mover`` hook may look at."""

    pack: Pack
    """The pack."""
    hands: tuple[int, ...]
    """Every hand as a bit set."""
    top: int
    """The card turned up to start the pile, or the trump card turned up (-1 if none)."""
    dealer: int
    """The dealer's seat."""
    trump_classes: tuple[tuple[int, ...], ...]
    """Per player, the trump class of each suit (0 = plain)."""
    carry: Mapping[str, Any] = attrs.field(factory=dict)
    """Facts the previous deal of the match hands on (empty in a first deal): ``leader``,
    the seat it names to lead next (its last trick's winner, or who won it outright)."""


@attrs.frozen(kw_only=True)
class CardPointsInput:
    """What a ``card_points`` hook may look at: asked once per card when a game loads."""

    pack: Pack
    """The pack, with the rule file's card points (``pack.value``: by card, suit or
    rank, from ``pack.card_points`` and ``pack.points``)."""
    card: int
    """The card."""


@attrs.frozen(kw_only=True)
class AfterPlayInput:
    """What an ``after_play`` hook may look at: asked once per card when a game loads."""

    pack: Pack
    """The pack."""
    card: int
    """The card on top when a turn ends."""
    written: AfterTurn | None
    """The effect the rule file gives the card's rank (None: no effect)."""


@attrs.frozen(kw_only=True)
class LegalFilterInput:
    """What a ``legal_filter`` hook may look at."""

    state: Any
    """The state (read it, never change it)."""
    actions: tuple[Action, ...]
    """The actions the rules allow; the hook returns those that stay legal (at least
    one)."""


@attrs.frozen(kw_only=True)
class EndOfDealInput:
    """What an ``end_of_deal`` hook may look at, after each action that leaves the deal
    going by the rules."""

    pack: Pack
    """The pack."""
    hands: tuple[int, ...]
    """Every hand as a bit set."""
    stock: int
    """Cards left in the stock."""
    out: tuple[int, ...]
    """Seats gone out (shedding games), in order."""


@attrs.frozen(kw_only=True)
class DealScoringInput:
    """What a ``deal_scoring`` hook may look at, once a deal is over."""

    scores: tuple[int, ...]
    """Each player's deal score by the rule file."""
    finish: tuple[int, ...]
    """Seats in finishing order."""
    details: Mapping[str, Any]
    """The procedure's figures (points taken, tricks, players out...)."""
    dealer: int
    """The dealer's seat."""


@attrs.frozen(kw_only=True)
class NextDealerInput:
    """What a ``next_dealer`` hook may look at, between two deals of a match."""

    dealer: int
    """This deal's dealer."""
    ruled: int
    """The next dealer by the rule file's ``match.next_dealer``."""
    scores: tuple[int, ...]
    """This deal's scores."""
    totals: tuple[int, ...]
    """Match totals after this deal."""
    finish: tuple[int, ...]
    """Seats in this deal's finishing order."""


POINTS: dict[str, str] = {
    "first_mover": "who makes the first move (or lead) of a deal",
    "card_points": "a card's points (asked once per card as the game loads)",
    "after_play": "the effect of a turn ending with a card on top (once per card)",
    "legal_filter": "which of the legal actions stay legal",
    "end_of_deal": "whether the deal ends now (None: by the rules)",
    "deal_scoring": "each player's score for a finished deal",
    "next_dealer": "who deals the next deal of a match",
}
"""Hook point -> what it decides."""

DEFAULTS: dict[str, str] = {
    "first_mover": "dealer_left",
    "card_points": "by_rank",
    "after_play": "as_written",
    "legal_filter": "all_legal",
    "end_of_deal": "by_the_rules",
    "deal_scoring": "as_scored",
    "next_dealer": "by_the_rules",
}
"""Hook point -> the generic hook in force when a variant names none."""

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


def is_default(point: str, function: Callable[..., object]) -> bool:
    """True if ``function`` is the generic default of ``point`` (callers skip it)."""
    return _REGISTRY[point].get(DEFAULTS[point]) is function


# -- the generic defaults, and generic hooks a variant may name ---------------------------


@hook("first_mover", "dealer_left")
def dealer_left(position: FirstMoverInput) -> int:
    """The player on the dealer's left moves first."""
    return (position.dealer + 1) % len(position.hands)


@hook("first_mover", "previous_deal_names")
def previous_deal_names(position: FirstMoverInput) -> int:
    """The player the previous deal names leads (the winner of its last trick, or who won
    it outright); in the first deal, the player on the dealer's left."""
    leader = position.carry.get("leader")
    return leader if isinstance(leader, int) else dealer_left(position)


@hook("card_points", "by_rank")
def by_rank(position: CardPointsInput) -> int:
    """A card is worth the points the rule file gives it: its own entry in
    ``pack.card_points``, else its suit's there, else its rank's in ``pack.points``."""
    return position.pack.value(position.card)


@hook("after_play", "as_written")
def as_written(position: AfterPlayInput) -> AfterTurn | None:
    """The effect the rule file gives the card's rank."""
    return position.written


@hook("legal_filter", "all_legal")
def all_legal(position: LegalFilterInput) -> tuple[Action, ...]:
    """Every action the rules allow stays legal."""
    return position.actions


@hook("end_of_deal", "by_the_rules")
def end_by_the_rules(position: EndOfDealInput) -> bool | None:
    """The deal ends when the procedure's rules say."""
    return None


@hook("deal_scoring", "as_scored")
def as_scored(position: DealScoringInput) -> tuple[int, ...]:
    """The scores the rule file's scoring gives."""
    return position.scores


@hook("next_dealer", "by_the_rules")
def dealer_by_the_rules(position: NextDealerInput) -> int:
    """The dealer the rule file's ``match.next_dealer`` names."""
    return position.ruled
