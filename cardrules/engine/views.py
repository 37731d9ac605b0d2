"""Per-player views derived from the visibility declared for each zone, and the record a
view is (:class:`View`).

>>> from cardrules.cards import Pack
>>> from cardrules.model.common import Visibility
>>> pack = Pack(ranks=("9", "10"), suits=("S",))
>>> show(Visibility.OWNER, owner=0, viewer=1, cards=(0, 1), pack=pack)
2
>>> show(Visibility.OWNER, owner=0, viewer=0, cards=(0, 1), pack=pack)
['9S', '10S']
"""

from __future__ import annotations

import copy
import inspect
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, NewType

import attrs

from cardrules.cards import Pack
from cardrules.engine.card_names import RECENT_LIMIT, CardNames
from cardrules.engine.heuristics import CardFacts
from cardrules.model.common import Visibility

__all__ = ["HEAD", "RECENT_LIMIT", "CardNames", "CardRow", "View", "seen_by", "show",
           "view_class", "visibility"]

CardRow = NewType("CardRow", list[str])
"""The type of a view entry that is one row of cards by name (a trick's cards, a board, a
table), as opposed to one entry per seat: the terminal table draws such an entry as cards
even when it holds as many cards as there are players.  Annotate a view class's entry
with it (``board: CardRow``); the entry's value is a plain list.  A compiled view class
keeps this name among its annotations, where ``list[str]`` would become the bare ``list``
(an interpreted class's ``list[str]`` is read as a row of cards too)."""

HEAD = ("variant", "player", "players", "dealer", "phase", "current_player")
"""The entries every view begins with."""


def visibility(zones: Mapping[str, Visibility], zone: str, default: Visibility) -> Visibility:
    """The declared visibility of ``zone``, or ``default`` when the file does not say."""
    return zones.get(zone, default)


def seen_by(vis: Visibility, players: int) -> tuple[tuple[bool, ...], ...]:
    """Per viewer, per owner: may the viewer see the owner's cards in a zone of ``vis``?

    >>> seen_by(Visibility.OWNER, 2)
    ((True, False), (False, True))
    """
    key = (vis, players)
    found = _SEEN.get(key)
    if found is None:
        found = _SEEN[key] = tuple(
            tuple(vis is Visibility.PUBLIC or (vis is Visibility.OWNER and owner == viewer)
                  for owner in range(players)) for viewer in range(players))
    return found


_SEEN: dict[tuple[Visibility, int], tuple[tuple[bool, ...], ...]] = {}
""":func:`seen_by`'s answers, worked out once (views and the hidden cards ask it for every
zone of every state)."""


def show(vis: Visibility, *, owner: int, viewer: int, cards: Sequence[int],
         pack: Pack) -> list[str] | int:
    """The cards' names if ``viewer`` may see them, else how many there are."""
    if vis is Visibility.PUBLIC or (vis is Visibility.OWNER and owner == viewer):
        return list(pack.names(cards))
    return len(cards)


class View:
    """What one seat may know of a state (:meth:`State.view`): a frozen record with one
    attribute per entry, its class made once per game from the entries its procedure and
    its listed phases declare (:func:`view_class`).  Hidden cards appear as counts.

    ``to_json()`` gives the JSON form, a dict in the entries' order (the values are the
    record's own lists and dicts: copy them before changing them).  Entries that only
    some views show (:attr:`sometimes`: the legal actions, to the seat to act; the match,
    in a match) read None where not shown and are left out of the JSON form.

    >>> import cardrules
    >>> state = cardrules.load("bura", players=2).new_deal(seed=1)
    >>> view = state.view(player=0)
    >>> view.player, view.current_player, len(view.hands[0]), view.hands[1], view.trump
    (0, 1, 4, 4, 'H')
    >>> view.legal_actions is None, "legal_actions" in view.to_json()
    (True, False)
    >>> state.view(player=1).legal_actions
    ['pass']
    >>> list(view.to_json())[:4]
    ['variant', 'player', 'players', 'dealer']
    >>> view == state.view(player=0), repr(view)[:35]
    (True, "BuraView(variant='bura', player=0, ")

    Reading an entry by its JSON name (``view["hands"]``, ``view.get("trump")``,
    ``"trump" in view``) is kept for older callers; code in the package reads attributes.
    """

    __slots__ = ("_entries",)

    names: ClassVar[tuple[str, ...] | None] = None
    """The entries of this game's views in order; None for a procedure that declares none
    (its views are converted from the mappings it returns, entry by entry)."""
    sometimes: ClassVar[frozenset[str]] = frozenset({"legal_actions", "match"})
    """The entries only some views show."""
    rule_entries: ClassVar[frozenset[str]] = frozenset()
    """The entries that name cards by what the rules make of them (the cards counting as
    trumps in this deal), not by where they lie: the same for every seat, they show no
    card's place, so the leak check reads no card seen in them (the check that a view
    does not change when the cards hidden from its seat move still covers them)."""
    card_facts: ClassVar[CardFacts] = CardFacts({})
    """The public facts of the game's cards, for move heuristics."""
    procedure: ClassVar[str] = ""
    """The game's play procedure."""
    listed_phases: ClassVar[frozenset[str]] = frozenset()
    """The names of the game's listed phases."""
    phase_settings: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    """The listed phases' settings in this game by phase name, public facts of the rules
    for the phases' move heuristics (:meth:`cardrules.phases.Phase.move_scorer`)."""
    turn_after: ClassVar[tuple[int, ...]] = ()
    """Seat -> the seat whose turn follows in the game's turn order (``play.order``, as
    ``Game.turns.following``), a public fact of the rules for move heuristics (empty:
    clockwise)."""

    if TYPE_CHECKING:
        _entries: dict[str, Any]

        def __getattr__(self, name: str) -> Any:
            """The entries a family or phase adds (typed by its own :class:`View` class)."""

    @classmethod
    def of(cls, entries: dict[str, Any]) -> View:
        """The record of a view's JSON-ready ``entries`` (taken, not copied)."""
        record = _new(cls)
        _set_entries(record, entries)
        return record

    def to_json(self) -> dict[str, Any]:
        """The view's JSON form: a dict of its entries in order."""
        return dict(self._entries)

    @property
    def variant(self) -> str:
        """The variant's name."""
        return str(self._entries["variant"])

    @property
    def player(self) -> int:
        """The seat whose view this is."""
        return int(self._entries["player"])

    @property
    def players(self) -> int:
        """How many seats."""
        return int(self._entries["players"])

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return int(self._entries["dealer"])

    @property
    def phase(self) -> str:
        """The stage of the deal: the listed phase at work, or a step of play."""
        return str(self._entries["phase"])

    @property
    def current_player(self) -> int:
        """The seat to act (-1 when the deal is over)."""
        return int(self._entries["current_player"])

    @property
    def hands(self) -> list[Any]:
        """Per seat, the hand's card names where this seat may see them, else its size."""
        value: list[Any] = self._entries["hands"]
        return value

    @property
    def events(self) -> list[dict[str, Any]]:
        """What happened on the last move, as this seat may know it."""
        value: list[dict[str, Any]] = self._entries["events"]
        return value

    @property
    def legal_actions(self) -> list[str] | None:
        """The legal actions' notation, for the seat to act only (None otherwise)."""
        return self._entries.get("legal_actions")

    @property
    def match(self) -> dict[str, Any] | None:
        """The match in progress (deal number, dealer, totals...), None outside a match."""
        return self._entries.get("match")

    @property
    def listed_phase(self) -> str | None:
        """The listed phase at work, or None in play."""
        phase = self._entries["phase"]
        return phase if phase in self.listed_phases else None

    def __setattr__(self, name: str, value: Any) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return self._entries == other._entries

    __hash__ = None  # type: ignore[assignment]  # its entries are lists

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self._entries.items())
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_plain, (self.to_json(),))

    def __copy__(self) -> View:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> View:
        return type(self).of(copy.deepcopy(self._entries, memo))

    # -- reading by JSON name, for older callers --------------------------------------

    def __getitem__(self, name: str) -> Any:
        return self._entries[name]

    def get(self, name: str, default: Any = None) -> Any:
        """The entry ``name`` of the JSON form, or ``default``."""
        return self._entries.get(name, default)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[Any]:
        """Not iterable: a record, whose JSON form (:meth:`to_json`) lists its entries."""
        raise TypeError(f"a view is not iterable: iterate over its to_json() "
                        f"({type(self).__name__})")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A family's view class: each annotated entry becomes a read-only attribute (an
        annotated name the class gives a value, such as :attr:`sometimes`, is a class
        attribute: compiled, a class body's annotations name those too)."""
        super().__init_subclass__(**kwargs)
        sometimes, given = cls.sometimes, vars(cls)
        for name, kind in inspect.get_annotations(cls).items():
            if name not in given and not str(kind).startswith(("ClassVar", "typing.ClassVar")):
                setattr(cls, name, _entry(name, name in sometimes))


_new = object.__new__
_set_entries: Callable[[View, dict[str, Any]], None] = View.__dict__["_entries"].__set__


_RESERVED = frozenset({"names", "sometimes", "rule_entries", "card_facts", "procedure",
                       "listed_phases", "listed_phase", "phase_settings", "turn_after", "of",
                       "to_json", "get"})
"""Attributes of :class:`View` no entry may take."""


def _plain(entries: dict[str, Any]) -> View:
    """A view unpickled: its entries in a plain :class:`View` (its game is not pickled)."""
    return View.of(entries)


def _entry(name: str, sometimes: bool) -> property:
    """The read-only attribute of entry ``name`` (None when a view does not show it, for
    an entry only some views show)."""
    if sometimes:
        def read(self: View) -> Any:
            return self._entries.get(name)
    else:
        def read(self: View) -> Any:
            return self._entries[name]
    return property(read, doc=f"The view's ``{name}`` entry.")


def _absent(name: str, variant: str) -> property:
    def read(self: View) -> Any:
        raise AttributeError(f"views of {variant} have no entry {name!r}")
    return property(read)


def _undeclared(self: View, name: str) -> Any:
    """An entry of a view whose procedure declares none."""
    try:
        return self._entries[name]
    except KeyError:
        raise AttributeError(f"this view has no entry {name!r}") from None


def view_class(base: type[View], *, variant: str, entries: Sequence[str] | None,
               pack: Pack, procedure: str, phases: Sequence[str],
               turn_after: Sequence[int] = (),
               phase_settings: Mapping[str, Any] | None = None) -> type[View]:
    """The view class of one game: ``base`` (its procedure's :class:`View` class) with
    ``entries`` (the procedure's, then the listed phases' new ones, then ``match``) each
    an attribute; entries ``base`` types that this game's views never show raise
    :class:`AttributeError`.  ``entries`` None: the procedure declares none, and any entry
    its views hold reads as an attribute.  ``turn_after``: seat -> the seat whose turn
    follows in the game's turn order; ``phase_settings``: the listed phases' settings by
    name."""
    name = "".join(part.title() for part in re.split(r"[^A-Za-z0-9]+", variant)) or "Game"
    facts = CardFacts({"ranks": list(pack.ranks), "suits": list(pack.suits),
                       "points": {r: p for r, p in zip(pack.ranks, pack.points) if p}})
    namespace: dict[str, Any] = {
        "__slots__": (), "__module__": base.__module__, "card_facts": facts,
        "procedure": procedure, "listed_phases": frozenset(phases),
        "turn_after": tuple(turn_after),
        "phase_settings": MappingProxyType(dict(phase_settings or {})),
        "__doc__": f"What a seat may know of a state of {variant} (see :class:`View`)."}
    if entries is None:
        namespace["__getattr__"] = _undeclared
    else:
        names = tuple(dict.fromkeys([*entries, "match"]))
        taken = sorted(set(names) & _RESERVED)
        if taken:
            raise TypeError(f"a view entry may not be named {', '.join(taken)} (names of "
                            f"the view record itself)")
        namespace["names"] = names
        for entry in names:
            if not hasattr(base, entry):
                namespace[entry] = _entry(entry, entry in base.sometimes)
        for cls in base.__mro__:
            for entry in inspect.get_annotations(cls):
                if entry not in names and isinstance(getattr(base, entry, None), property):
                    namespace.setdefault(entry, _absent(entry, variant))
    return type(f"{name}View", (base,), namespace)
