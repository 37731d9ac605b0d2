"""Gin Rummy's hook (rules G1-G14 are otherwise plain data in ``variants/gin-rummy.yaml``).

OpenSpiel judges a knock with eleven cards by the first arrangement its search finds of
those melding the most, less its highest unmelded card: where such arrangements tie, a
point or two more than the least deadwood a discard leaves (the rummy family's count).
This hook refuses the knocks that count puts over the limit (G7).  Cards are numbered as
OpenSpiel numbers them, suit (S C D H) * 13 + rank (A to K): the variant's pack order.

>>> import cardrules
>>> game = cardrules.load("gin-rummy", players=2)
>>> pack = game.pack
>>> hand = sum(1 << c for c in pack.parse_many("4H 9D 9C 8C 10D 5D 5H 8D 8S 10C 10H"))
>>> game.tables.finder.best_discard(hand), openspiel_count(hand, game.tables.values, 13)
(22, 23)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, cast

from cardrules.cards import bits
from cardrules.engine.state import GameContext
from cardrules.hooks import Refusal, RefusalInput, hook


class Knocking(Protocol):
    """What the knock hook reads of a rummy deal (its fields' public properties)."""

    hands: tuple[int, ...]
    phase: str
    pile: tuple[int, ...]
    limit: int
    current_player: int
    game: GameContext

__all__ = ["openspiel_count", "openspiel_knock"]


def _melds_in_order(cards: list[int], ranks: int) -> list[tuple[int, ...]]:
    """The melds of ``cards`` in the order OpenSpiel's search lists them: sets by rank
    (a set of four, then two of its sets of three, then the sets of three of adjacent
    cards), then runs of five, four and three, by suit and rank."""
    melds: list[tuple[int, ...]] = []
    by_rank = sorted(cards, key=lambda c: (c % ranks, c))
    for i in range(len(by_rank) - 3):
        if by_rank[i] % ranks == by_rank[i + 3] % ranks:
            a, b, c, d = by_rank[i:i + 4]
            melds += [(a, b, c, d), (a, b, d), (a, c, d)]
    for i in range(len(by_rank) - 2):
        if by_rank[i] % ranks == by_rank[i + 2] % ranks:
            melds.append(tuple(by_rank[i:i + 3]))
    by_suit = sorted(cards)
    for length in (5, 4, 3):
        for i in range(len(by_suit) - length + 1):
            first, last = by_suit[i], by_suit[i + length - 1]
            if first == last - (length - 1) and first // ranks == last // ranks:
                melds.append(tuple(by_suit[i:i + length]))
    return melds


def openspiel_count(hand: int, values: Sequence[int], ranks: int) -> int:
    """The deadwood OpenSpiel counts for an eleven-card ``hand``: of the arrangements
    with the most value melded, the first found, less its highest unmelded card."""
    cards = list(bits(hand))
    melds = [(m, sum(1 << c for c in m), sum(values[c] for c in m))
             for m in _melds_in_order(cards, ranks)]
    best_value, best_used = 0, 0

    def walk(index: int, among: list[int], used: int, value: int) -> None:
        nonlocal best_value, best_used
        _, mask, worth = melds[index]
        used, value = used | mask, value + worth
        children = [j for j in among if not melds[j][1] & mask]
        if not children:
            if value > best_value:
                best_value, best_used = value, used
            return
        for j in children:
            walk(j, children, used, value)

    for start in (everything := list(range(len(melds)))):
        walk(start, everything, 0, 0)
    left = [c for c in cards if not (best_used >> c) & 1]
    if left:
        left.remove(max(left, key=lambda c: (c % ranks, c)))
    return sum(values[c] for c in left)


@hook("refusal", "gin_rummy.openspiel_knock", judges=["knock"])
def openspiel_knock(position: RefusalInput) -> Refusal | None:
    """A knock with eleven cards (drawn, or at the wall with the upcard) is allowed when
    OpenSpiel's count of them is within the knock limit (G7); it judges knocks only."""
    state = cast(Knocking, position.state)
    hand = state.hands[state.current_player]
    if state.phase == "wall":
        hand |= 1 << state.pile[-1]
    tables = state.game.tables
    count = openspiel_count(hand, tables.values, len(state.game.pack.ranks))
    if count <= state.limit:
        return None
    return Refusal(reason=f"counted as OpenSpiel counts it (the arrangement melding the "
                          f"most, less its highest unmelded card) the hand has {count} "
                          f"deadwood, over the knock limit of {state.limit}", rule="G7")
