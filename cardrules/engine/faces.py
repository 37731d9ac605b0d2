"""Actions by face, for packs that hold several copies of a face (two packs in one, two
red fives): which copy a player lays is no choice of theirs.

The procedures list their actions with the very cards a player holds; for such a pack
the engine offers each action once, in the pack's canonical form
(:meth:`~cardrules.cards.Pack.canonical`: the i-th card of a face named is that face's
i-th copy), and applying one lays the lowest-numbered copies the player holds that the
rules allow.  Packs of distinct faces skip all of this.

>>> from cardrules.actions import Action, Kind
>>> from cardrules.cards import Pack, bits
>>> pack = Pack(ranks=("9", "A"), suits=("S",), copies=2)
>>> held = (Action(kind=Kind.PLAY, cards=(3,)), Action(kind=Kind.PLAY, cards=(1,)),
...         Action(kind=Kind.PLAY, cards=(2,)), Action(kind=Kind.DRAW))
>>> offered = by_face(held, pack)
>>> [a.cards for a in offered]
[(1,), (0,), ()]
>>> held_action(offered[0], held, pack).cards
(1,)
>>> held_action(offered[1], held, pack).cards
(2,)
"""

from __future__ import annotations

from cardrules.actions import Action
from cardrules.cards import Pack, bits

__all__ = ["by_face", "canonical_action", "held_action", "in_hand"]


def canonical_action(action: Action, pack: Pack) -> Action:
    """``action`` with its cards in the pack's canonical form (itself if they are)."""
    cards = action.cards
    if not cards:
        return action
    same = pack.canonical(cards)
    if same == cards:
        return action
    # the constructor, not attrs.evolve (which reads the class's fields on every call):
    # packs with copies ask this of most legal actions they list
    return Action(kind=action.kind, cards=same, name=action.name, amount=action.amount,
                  label=action.label)


def by_face(legal: tuple[Action, ...], pack: Pack) -> tuple[Action, ...]:
    """The legal actions ``legal`` (with the cards held) by face: each in canonical form,
    once, in the order of its first appearance."""
    seen: set[tuple[object, tuple[int, ...], str, int]] = set()
    out: list[Action] = []
    for action in legal:  # told apart by the fields Action compares (no Python __hash__)
        cards = action.cards
        same = pack.canonical(cards) if cards else cards
        key = (action.kind, same, action.name, action.amount)
        if key not in seen:
            seen.add(key)
            out.append(action if same == cards else canonical_action(action, pack))
    return tuple(out)


def held_action(action: Action, legal: tuple[Action, ...], pack: Pack) -> Action:
    """The action of ``legal`` (with the cards held) that the canonical ``action`` stands
    for: of those with its faces, the one with the lowest card numbers (in the order
    laid); ``action`` itself when none is."""
    for a in legal:  # the action itself held (its faces' first copies): none lower
        if a is action:
            return action
    kind, cards, name, amount = action.kind, action.cards, action.name, action.amount
    size = len(cards)
    best: Action | None = None
    # Each action's cards read first, and its other fields only where they may match: an
    # Action is an interpreted class, each attribute a look-up by name even compiled.
    if size == 1:  # the usual case: one card, canonical when it is its face's first copy
        faces, card = pack.faces, cards[0]
        for a in legal:
            laid = a.cards
            if len(laid) == 1 and faces[laid[0]] == card and a.kind is kind \
                    and a.name == name and a.amount == amount \
                    and (best is None or laid < best.cards):
                best = a
        return action if best is None else best
    for a in legal:  # equal by face: the fields Action compares, its cards made canonical
        laid = a.cards
        if len(laid) == size and a.kind is kind and a.name == name \
                and a.amount == amount and pack.canonical(laid) == cards \
                and (best is None or laid < best.cards):
            best = a
    return action if best is None else best


def in_hand(action: Action, hand: int, pack: Pack) -> Action:
    """``action`` with each card replaced by the lowest-numbered copy of its face in
    ``hand`` (a bit set) not taken by an earlier card of the action, where there is one:
    the action the rules should judge when it is refused (a player holding only ``9S/2``
    is told why ``play 9S`` is refused, not that they lack the first copy).

    >>> from cardrules.actions import Kind
    >>> pack = Pack(ranks=("9",), suits=("S",), copies=3)
    >>> in_hand(Action(kind=Kind.PLAY, cards=(0, 1)), 0b110, pack).cards
    (1, 2)
    """
    used, cards = 0, []
    for card in action.cards:
        free = pack.copies_mask(card) & hand & ~used
        held = next(iter(bits(free)), card)
        used |= 1 << held
        cards.append(held)
    return Action(kind=action.kind, cards=tuple(cards), name=action.name,
                  amount=action.amount, label=action.label)
