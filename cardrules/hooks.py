"""Named hook points and the hooks registered for them: where a variant may run Python.

A :class:`HookPoint` is one decision a variant may hand to Python: its name, the frozen
record its hooks are given, what it decides, and the generic hook in force when a variant
names none.  The engine declares the points every game has here (the pack, who moves
first, a refusal of an action, the end and scoring of a deal, the next dealer); each
family declares its own decisions in its own package (``hooks.py``) with :func:`declare`.

A rule file names hooks by registered name (``hooks: {first_mover: bank.first_mover}``);
loading a rule file never imports a module by path.  Hook functions register with
:func:`hook`; third-party packages register theirs through the entry-point group
``cardrules.hooks`` (each entry point names a module that is imported once, the first
time a hook is looked up).

>>> "dealer_left" in known("first_mover")
True
>>> points()["first_mover"].default
'dealer_left'
>>> resolve("first_mover", "nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardrules.errors.VariantError: ...unknown hook 'nope' for first_mover; known hooks: ...
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from cardrules.actions import Action
from cardrules.cards import Pack
from cardrules.engine.registry import plugin_entries
from cardrules.errors import Problem, VariantError

if TYPE_CHECKING:
    from cardrules.engine.context import Position

__all__ = ["DEFAULTS", "POINTS", "CardPointsInput", "Carried", "CarryInput",
           "DealScoringInput", "EndOfDealInput", "FirstMoverInput", "HookPoint",
           "LegalFilterInput", "NextDealerInput", "PackChange", "PackInput", "Refusal",
           "RefusalInput", "declare", "declared", "describe_hook", "find_hook", "hook",
           "is_default", "is_point", "judged_words", "known", "named_hooks", "points",
           "resolve"]


@attrs.frozen(kw_only=True)
class HookPoint:
    """One decision a variant may hand to a named hook.

    >>> HookPoint(name="x", input=int, description="a number", default="zero").name
    'x'
    """

    name: str
    """The name rule files use (``hooks: {name: hook}``)."""
    input: type
    """The frozen record each hook of the point is given."""
    description: str
    """What the point decides, in one line."""
    default: str
    """The generic hook in force when a variant names none."""


POINTS: dict[str, str] = {}
"""Declared hook point -> what it decides (filled by :func:`declare`)."""

DEFAULTS: dict[str, str] = {}
"""Declared hook point -> the generic hook in force when a variant names none."""

_DECLARED: dict[str, HookPoint] = {}
_REGISTRY: dict[str, dict[str, Callable[..., object]]] = {}
_JUDGES: dict[Callable[..., object], frozenset[str]] = {}
"""A ``refusal`` hook -> the action words it judges (registered with ``judges``)."""
_loaded_entry_points = False

F = TypeVar("F", bound=Callable[..., object])


def declare(point: HookPoint) -> HookPoint:
    """Declare ``point`` (its owner, the engine or a family, calls this once as it is
    imported; declaring the same point again is harmless, another under the same name is
    an error)."""
    found = _DECLARED.get(point.name)
    if found is not None and found != point:
        raise ValueError(f"hook point {point.name!r} is declared twice, differently")
    _DECLARED[point.name] = point
    POINTS[point.name] = point.description
    DEFAULTS[point.name] = point.default
    _REGISTRY.setdefault(point.name, {})
    return point


def hook(point: str, name: str, *, judges: Iterable[str] | None = None,
         ) -> Callable[[F], F]:
    """Register the decorated function as hook ``name`` for the declared ``point``.

    A ``refusal`` hook may say which action words it ``judges`` (the first word of an
    action's notation: ``judges=["knock"]``, ``judges=["play", "draw"]``): every other
    action is allowed without asking it, which spares a call for each legal action at
    every decision (None: it judges every action).

    >>> sorted(judged_words(find_hook("refusal", "gin_rummy.openspiel_knock")))
    ['knock']
    """
    if point not in _DECLARED:
        raise ValueError(f"unknown hook point {point!r}; known points: {', '.join(POINTS)}")
    words = None if judges is None else frozenset(judges)
    if words is not None and (point != "refusal" or isinstance(judges, str) or not words):
        raise ValueError(f"hook {name!r}: judges names the action words a refusal hook "
                         f"judges, as a non-empty list (given {judges!r} for a {point} hook)")

    def register(function: F) -> F:
        _REGISTRY[point][name] = function
        if words is not None:
            _JUDGES[function] = words
        else:
            _JUDGES.pop(function, None)
        return function

    return register


def judged_words(function: Callable[..., object]) -> frozenset[str] | None:
    """The action words the ``refusal`` hook ``function`` judges (its registration's
    ``judges``), or None if it judges every action.

    >>> judged_words(find_hook("refusal", "allow_all")) is None
    True
    """
    return _JUDGES.get(function)


def _load_plugins() -> None:
    global _loaded_entry_points
    if _loaded_entry_points:
        return
    _loaded_entry_points = True
    importlib.import_module("cardrules.games")
    for entry in plugin_entries("cardrules.hooks"):
        entry.load()


def _find(point: str, name: str | None) -> Callable[..., object] | None:
    """Hook ``name`` of ``point`` (``None`` asks only whether the point is declared:
    the point's default is returned), looked up among the built-in hooks first; the
    installed packages' entry points are read only for a point or a name not found
    there, so that loading a shipped game does not read every package's metadata."""
    for load in (lambda: importlib.import_module("cardrules.games"), _load_plugins):
        load()
        if point in _DECLARED:
            found = _REGISTRY[point].get(DEFAULTS[point] if name is None else name)
            if found is not None:
                return found
    return None


def is_point(point: str) -> bool:
    """True if ``point`` is a declared hook point (built-in or a plug-in's).

    >>> is_point("first_mover"), is_point("nope")
    (True, False)
    """
    return _find(point, None) is not None


def find_hook(point: str, name: str) -> Callable[..., object] | None:
    """The hook registered as ``name`` for ``point``, or ``None`` if there is none.

    >>> find_hook("first_mover", "dealer_left") is known("first_mover")["dealer_left"]
    True
    >>> find_hook("first_mover", "nope") is None
    True
    """
    return _find(point, name)


def points() -> dict[str, HookPoint]:
    """Every declared hook point by name (the engine's, and those of the families and
    third-party packages imported so far)."""
    _load_plugins()
    return dict(_DECLARED)


def declared() -> dict[str, HookPoint]:
    """Every hook point declared so far: the engine's, the built-in games' and those of
    the families and packages imported so far, without reading the installed packages'
    entry points (a game asks for these: its family is imported before it)."""
    importlib.import_module("cardrules.games")
    return dict(_DECLARED)


def known(point: str) -> dict[str, Callable[..., object]]:
    """The hooks registered for ``point``, by name."""
    _load_plugins()
    return dict(_REGISTRY.get(point, {}))


def resolve(point: str, name: str) -> Callable[..., object]:
    """The hook registered as ``name`` for ``point``; a :class:`VariantError` if the point
    or the hook is unknown."""
    found = find_hook(point, name)
    if found is not None:
        return found
    if point not in points():
        raise VariantError([Problem(
            message=f"unknown hook point {point!r}; known points: {', '.join(sorted(POINTS))}",
            path=f"$.hooks.{point}")])
    names = ", ".join(sorted(known(point)))
    raise VariantError([Problem(
        message=f"unknown hook {name!r} for {point}; known hooks: {names}",
        path=f"$.hooks.{point}")])


def is_default(point: str, function: Callable[..., object]) -> bool:
    """True if ``function`` is the generic default of ``point`` (callers skip it)."""
    return _REGISTRY[point].get(DEFAULTS[point]) is function


def named_hooks(hooks: Mapping[str, str]) -> dict[str, str]:
    """What each hook a variant names (``hooks``: point -> name) does, by point, leaving
    out the points' defaults: the docstring's first sentence (see :func:`describe_hook`).

    >>> named_hooks({"first_mover": "dealer_left", "next_dealer": "by_the_rules"})
    {}
    """
    return {point: describe_hook(point, name) for point, name in hooks.items()
            if name != DEFAULTS.get(point)}


def describe_hook(point: str, name: str) -> str:
    """What hook ``name`` of ``point`` does: its docstring's first sentence.

    >>> print(describe_hook("first_mover", "dealer_left"))
    The player on the dealer's left moves first.
    """
    doc = " ".join((resolve(point, name).__doc__ or "").split())
    if not doc:
        return f"{name} decides {POINTS[point]}."
    end = doc.find(". ")
    return doc if end < 0 else doc[:end + 1]


# -- the points every game has ------------------------------------------------------------


@attrs.frozen(kw_only=True)
class PackInput:
    """What a ``pack`` hook may look at: asked once when a game loads."""

    pack: Pack
    """The pack the rule file describes (every rank of every suit, then the extra cards
    of ``pack.extra``; without the cards ``pack.left_out`` leaves out, which stay left
    out)."""


@attrs.frozen(kw_only=True)
class PackChange:
    """What a ``pack`` hook may decide: cards left out and extra cards added.  (A hook
    may also give only the card numbers it leaves out, as a tuple.)

    >>> PackChange(extra=("JK1", "JK2")).left_out
    ()
    """

    left_out: tuple[int, ...] = ()
    """Card numbers that are never dealt: those of the pack given (``PackInput.pack``),
    or of the extra cards added here, which follow them (``pack.size``, ``+ 1``...)."""
    extra: tuple[str, ...] = ()
    """Names of extra cards to add after the pack's own (jokers): no suit, no rank."""


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
    order: tuple[int, ...] = ()
    """Every seat once in the game's turn order (``play.order``) this deal, from its first
    seat: from the dealer's left clockwise in the usual order, from the dealer's right
    counter-clockwise (empty: not given, read as clockwise from the dealer's left)."""

    @property
    def first_in_order(self) -> int:
        """The first seat of the game's turn order this deal (-1: not given)."""
        return self.order[0] if self.order else -1

    def in_turn(self) -> tuple[int, ...]:
        """Every seat once in turn, from the first seat of the game's turn order
        (:attr:`order`, else clockwise from the dealer's left).

        >>> from cardrules.cards import Pack
        >>> pack = Pack(ranks=("A",), suits=("S",))
        >>> FirstMoverInput(pack=pack, hands=(0, 0, 0), top=-1, dealer=0,
        ...                 trump_classes=()).in_turn()
        (1, 2, 0)
        >>> FirstMoverInput(pack=pack, hands=(0, 0, 0), top=-1, dealer=0, trump_classes=(),
        ...                 order=(2, 1, 0)).in_turn()
        (2, 1, 0)
        """
        if self.order:
            return self.order
        n = len(self.hands)
        return tuple((self.dealer + k) % n for k in range(1, n + 1))


@attrs.frozen(kw_only=True)
class CardPointsInput:
    """What a ``card_points`` hook may look at: asked once per card when a game loads."""

    pack: Pack
    """The pack, with the rule file's card points (``pack.value``: by card, suit or
    rank, from ``pack.card_points`` and ``pack.points``)."""
    card: int
    """The card."""


@attrs.frozen(kw_only=True)
class Refusal:
    """Why a ``refusal`` hook forbids an action: a reason and the game's rule number.

    >>> Refusal(reason="QH is a trump, not a heart", rule="K3").message
    'QH is a trump, not a heart (K3)'
    """

    reason: str
    """What forbids the action, in a sentence without a final stop."""
    rule: str = ""
    """The game's number for the rule (empty: none)."""

    @property
    def message(self) -> str:
        """The reason with the rule number in brackets."""
        return f"{self.reason} ({self.rule})" if self.rule else self.reason


@attrs.frozen(kw_only=True)
class RefusalInput:
    """What a ``refusal`` hook may look at: one action the procedure's rules allow."""

    state: Position
    """The state (read it, never change it)."""
    action: Action
    """The action to judge; the hook returns a :class:`Refusal`, or None to allow it."""


@attrs.frozen(kw_only=True)
class LegalFilterInput:
    """What a ``legal_filter`` hook may look at (see ``refusal`` for a filter that gives
    its reason)."""

    state: Position
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
    """Seats gone out (in games where players go out), in order."""


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
    deal: Any = None
    """The finished deal (read it, never change it): every declared field as a public
    property, the listed phases' too (the bids of a ``bidding`` phase, ``deal.bids``)."""


@attrs.frozen(kw_only=True)
class NextDealerInput:
    """What a ``next_dealer`` hook may look at, between two deals of a match."""

    dealer: int
    """This deal's dealer."""
    ruled: int
    """The next dealer by the rule file's ``match.next_dealer`` (by default the seat after
    the dealer's in the game's turn order)."""
    scores: tuple[int, ...]
    """This deal's scores."""
    totals: tuple[int, ...]
    """Match totals after this deal."""
    finish: tuple[int, ...]
    """Seats in this deal's finishing order."""


@attrs.frozen(kw_only=True)
class CarryInput:
    """What a ``carry`` hook may look at, once a deal of a match is scored."""

    scores: tuple[int, ...]
    """This deal's scores (after the ``deal_scoring`` hook)."""
    totals: tuple[int, ...]
    """Match totals before this deal."""
    counters: Mapping[str, int]
    """The counters carried into this deal (empty at first)."""
    details: Mapping[str, Any]
    """The procedure's figures for the deal (points taken, tricks, bids...)."""
    dealer: int
    """This deal's dealer."""
    deal: Any = None
    """The finished deal (read it, never change it): every declared field as a public
    property, the declarer and contract of an ``auction`` phase among them."""


@attrs.frozen(kw_only=True)
class Carried:
    """What a ``carry`` hook decides: what the deal adds to the totals, and the counters
    carried to the next deal.

    >>> Carried(scores=(0, 0), counters={"eggs": 1}).counters["eggs"]
    1
    """

    scores: tuple[int, ...]
    """What this deal adds to each player's match total."""
    counters: Mapping[str, int] = attrs.field(factory=dict)
    """Named whole numbers carried to the next deal (shown in match views)."""


for _point in (
    HookPoint(name="pack", input=PackInput, default="whole_pack",
              description="the cards left out of the pack and the extra cards added to it "
                          "(asked once as the game loads)"),
    HookPoint(name="first_mover", input=FirstMoverInput, default="dealer_left",
              description="who makes the first move (or lead) of a deal"),
    HookPoint(name="card_points", input=CardPointsInput, default="by_rank",
              description="a card's points (asked once per card as the game loads)"),
    HookPoint(name="refusal", input=RefusalInput, default="allow_all",
              description="whether an action the rules allow is refused, with the "
                          "reason and rule number"),
    HookPoint(name="legal_filter", input=LegalFilterInput, default="all_legal",
              description="which of the legal actions stay legal"),
    HookPoint(name="end_of_deal", input=EndOfDealInput, default="by_the_rules",
              description="whether the deal ends now (None: by the rules)"),
    HookPoint(name="deal_scoring", input=DealScoringInput, default="as_scored",
              description="each player's score for a finished deal"),
    HookPoint(name="next_dealer", input=NextDealerInput, default="by_the_rules",
              description="who deals the next deal of a match"),
    HookPoint(name="carry", input=CarryInput, default="add_the_scores",
              description="what a deal adds to the match totals, and the counters carried "
                          "to the next deal"),
):
    declare(_point)


# -- the generic defaults, and generic hooks a variant may name ---------------------------


@hook("pack", "whole_pack")
def whole_pack(position: PackInput) -> tuple[int, ...] | PackChange:
    """Every card of the pack is dealt."""
    return ()


@hook("first_mover", "dealer_left")
def dealer_left(position: FirstMoverInput) -> int:
    """The player on the dealer's left moves first."""
    return (position.dealer + 1) % len(position.hands)


@hook("first_mover", "previous_deal_names")
def previous_deal_names(position: FirstMoverInput) -> int:
    """The player the previous deal names leads (the winner of its last trick, or who won
    it outright); in the first deal, the first player of the game's turn order (the
    dealer's left, clockwise)."""
    leader = position.carry.get("leader")
    if isinstance(leader, int):
        return leader
    first = position.first_in_order
    return first if first >= 0 else dealer_left(position)


@hook("card_points", "by_rank")
def by_rank(position: CardPointsInput) -> int:
    """A card is worth the points the rule file gives it: its own entry in
    ``pack.card_points``, else its suit's there, else its rank's in ``pack.points``."""
    return position.pack.value(position.card)


@hook("refusal", "allow_all")
def allow_all(position: RefusalInput) -> Refusal | None:
    """Every action the rules allow stays legal."""
    return None


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


@hook("carry", "add_the_scores")
def add_the_scores(position: CarryInput) -> Carried:
    """Each deal's scores add to the match totals; no counter is carried."""
    return Carried(scores=position.scores, counters=position.counters)
