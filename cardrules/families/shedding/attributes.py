"""The attributes of the shedding state's optional field group, named for the type checker
and for a compiled build: :class:`~cardrules.families.shedding.drawn.DrawnFields` is added
to the state class only in the games where only a card drawn may be played after a draw
(``field_mixins`` of :mod:`~cardrules.families.shedding.procedure`), but the state's
methods read it.

The class here is a base of :class:`~cardrules.families.shedding.state.SheddingState`:
annotations only, no slots of its own and no attrs fields, so that an interpreted state
carries no more than before.  In a compiled build (mypyc) it is a *trait*, the only kind
of mixin a native class may have: its attribute becomes a native attribute of the state,
left unset (reading it raises ``AttributeError``, as interpreted) in the games whose
state class lacks the field, and set by the composed class's ``__init__`` and clone in
those that have it, which the state's compiled methods then read directly.
"""

from __future__ import annotations

from cardrules.engine.native import mypyc_attr, trait

__all__ = ["DrawnAttributes"]


@mypyc_attr(allow_interpreted_subclasses=True)
@trait
class DrawnAttributes:
    """The attribute :class:`~cardrules.families.shedding.drawn.DrawnFields` declares (in
    the games with ``draw.play_drawn``)."""

    __slots__ = ()
    _drawn_cards: tuple[int, ...]
