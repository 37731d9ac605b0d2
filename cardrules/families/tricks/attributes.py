"""The attributes of the tricks state's optional field groups, named for the type checker
and for a compiled build: :class:`~cardrules.families.tricks.stock.StockFields`,
:class:`~cardrules.families.tricks.announced.AnnouncedFields`,
:class:`~cardrules.families.tricks.melds.MeldFields` and the three other groups are added
to the state class only in the games that have them (``field_mixins`` of
:mod:`~cardrules.families.tricks.procedure`), but the state's methods read them, and its
clone copies them.

Each class here is a base of :class:`~cardrules.families.tricks.state.TricksState`:
annotations only, no slots of its own and no attrs fields (attrs reads only the decorated
class's own annotations), so that an interpreted state carries no more than before.  In
a compiled build (mypyc) each is a *trait*, the only kind of mixin a native class may
have: its attributes become native attributes of the state, left unset (reading one
raises ``AttributeError``, as interpreted) in the games whose state class lacks the
fields, and set by the composed class's ``__init__`` in those that have them; the
state's own compiled clone copies those of the groups its ``_groups`` names (see
:func:`~cardrules.engine.state_codec.field_groups`).
"""

from __future__ import annotations

from cardrules.engine.native import mypyc_attr, trait

__all__ = ["AnnouncedAttributes", "CountedAttributes", "DrawnHandAttributes",
           "FaceUpAttributes", "MeldAttributes", "StockAttributes"]


@mypyc_attr(allow_interpreted_subclasses=True)
@trait
class StockAttributes:
    """The attributes :class:`~cardrules.families.tricks.stock.StockFields` declares (in
    the games with closing, combinations that score, announcing or the exchange)."""

    __slots__ = ()
    _closed: int
    _declared: tuple[int, ...]
    _pending: tuple[int, ...]
    _shown: tuple[int, ...]
    _announcer: int
    _exchanged: int


@mypyc_attr(allow_interpreted_subclasses=True)
@trait
class AnnouncedAttributes:
    """The attributes :class:`~cardrules.families.tricks.announced.AnnouncedFields`
    declares (in the games that announce sets as they are played)."""

    __slots__ = ()
    _announced: tuple[int, ...]
    _calling: tuple[int, ...]


@mypyc_attr(allow_interpreted_subclasses=True)
@trait
class MeldAttributes:
    """The attributes :class:`~cardrules.families.tricks.melds.MeldFields` declares (in
    the games with declarations compared between the sides)."""

    __slots__ = ()
    _meld_runs: tuple[int, ...]
    _meld_sets: tuple[int, ...]
    _meld_shown: tuple[int, ...]
    _melded: tuple[int, ...]


@mypyc_attr(allow_interpreted_subclasses=True)
@trait
class FaceUpAttributes:
    """The attribute :class:`~cardrules.families.tricks.face_up.FaceUpFields` declares (in
    the games whose stock's top card lies face up)."""

    __slots__ = ()
    _face_up: tuple[int, ...]


@mypyc_attr(allow_interpreted_subclasses=True)
@trait
class CountedAttributes:
    """The attribute :class:`~cardrules.families.tricks.counted.CountedFields` declares (in
    the games whose early tricks may count nothing)."""

    __slots__ = ()
    _set_aside: tuple[int, ...]


@mypyc_attr(allow_interpreted_subclasses=True)
@trait
class DrawnHandAttributes:
    """The attribute :class:`~cardrules.families.tricks.drawn.DrawnHandFields` declares (in
    the games whose deals draw their hand size by lot)."""

    __slots__ = ()
    _drawn_hand: int
