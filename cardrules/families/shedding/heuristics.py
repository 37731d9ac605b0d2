"""The shedding procedure's move heuristic, for the greedy bot (and the search bot's
shortlist): go out whenever a move empties the hand; announce a last card whenever the
rules ask for it; name the suit held most; play rather than pass; keep
"special" cards (one's own trumps, wild cards) while a plain beat exists; lay high-point
and high-ranked cards first; prefer a new top the next player is unlikely to beat when
the pile is worth points.  It reads only the acting seat's view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardrules.actions import Action, Kind
from cardrules.engine.heuristics import CardFacts, named_cards

if TYPE_CHECKING:
    from cardrules.families.shedding.view import SheddingView

__all__ = ["next_holder", "shedding_scorer", "turn_after_now"]


def next_holder(me: int, counts: Sequence[int], after: Sequence[int]) -> int:
    """The next seat after ``me`` in the game's turn order (``after``: seat -> the next
    seat, clockwise when empty or not laid out for these seats) that still holds cards;
    ``me`` when nobody else does.

    >>> next_holder(0, [3, 0, 2, 1], ()), next_holder(0, [3, 0, 2, 1], (3, 0, 1, 2))
    (2, 3)
    """
    n = len(counts)
    if len(after) != n:
        after = tuple((p + 1) % n for p in range(n))
    q = me
    for _ in range(n):
        q = after[q] if 0 <= q < n else (q + 1) % max(n, 1)
        if q != me and counts[q] > 0:
            return q
    return me


def turn_after_now(view: SheddingView, players: int) -> tuple[int, ...]:
    """Seat -> the next seat as play goes now: the view's ``direction`` where a reverse
    may have turned play round (only rules with reverses show it), else the game's turn
    order (``turn_after``)."""
    direction = getattr(view, "direction", None)
    if direction in ("clockwise", "counterclockwise"):
        step = 1 if direction == "clockwise" else -1
        return tuple((p + step) % players for p in range(players))
    return tuple(view.turn_after)


def shedding_scorer(view: SheddingView, legal: Sequence[Action],
                     cards: CardFacts) -> Callable[[Action], float]:
    """Score plays by the chance that the next player cannot beat the new top.

    Risk is estimated from public facts only: unseen cards of the same rank or suit as
    the top, and the next player's trump suits (a card outside them falls to any of them).
    """
    me = view.player
    hands = view.hands
    counts = [len(h) if isinstance(h, list) else int(h) for h in hands]
    held = counts[me] if me < len(counts) else 0
    mine_names = hands[me] if me < len(hands) and isinstance(hands[me], list) else []
    seen = {*mine_names, *named_cards(view.pile), *named_cards(view.taken)}
    unseen = [cards.parse(f"{r}{s}") for s in cards.suits for r in cards.ranks
              if f"{r}{s}" not in seen]
    classes: list[dict[str, int]] = view.trumps["classes"]
    nxt = next_holder(me, counts, turn_after_now(view, len(counts)))
    theirs = classes[nxt] if nxt < len(classes) else {}
    mine = classes[me] if me < len(classes) else {}
    top_rank, top_suit = cards.parse(view.top or "")
    pile_value = sum(cards.points[r] for r, _ in map(cards.parse, named_cards(view.pile))
                     if r >= 0)
    reply = counts[nxt] + 1 if nxt < len(counts) else 1

    def safe(rank: int, suit: str) -> float:
        """Chance the next player holds nothing that beats a top of ``rank``/``suit``."""
        risk = 0.0
        for r, s in unseen:
            if (r, s) == (rank, suit):
                continue
            if r == rank or (theirs.get(s, 0) > theirs.get(suit, 0)):
                risk += 1.0
            elif s == suit:
                risk += 0.35
        share = risk / max(len(unseen), 1)
        return float((1.0 - min(share, 1.0)) ** reply)

    def special(card: int) -> bool:
        """A card worth keeping: our trump, or a wild that matches the top in nothing."""
        if mine.get(cards.suit(card), 0) > 0:
            return True
        return top_rank >= 0 and cards.suit(card) != top_suit and cards.rank(card) != top_rank

    def score(action: Action) -> float:
        if action.kind is Kind.TRUMP:
            return 0.0
        if action.kind is Kind.ANNOUNCE:  # offered only before a play that leaves one card
            return 900.0
        if action.kind is Kind.NAME:
            return float(sum(1 for n in mine_names if cards.parse(n)[1] == action.name))
        if action.kind is Kind.PASS:
            return _W_PASS if top_rank >= 0 else -100.0
        if action.kind is not Kind.PLAY:
            return -100.0
        played = action.cards
        if len(played) >= held:
            return 1000.0 + len(played)
        last = played[-1]
        value = (_W_SPECIAL * sum(1 for c in played if special(c))
                 + _W_POINTS * sum(cards.value(c) for c in played)
                 + _W_RANK * cards.rank(last) + _W_GROUP * len(played))
        return value + _W_SAFE * safe(cards.rank(last), cards.suit(last)) * pile_value

    return score


_W_SPECIAL, _W_POINTS, _W_RANK, _W_GROUP, _W_SAFE, _W_PASS = -1.0, 0.1, 0.1, 0.0, 0.1, 0.5
"""Weights of the shedding heuristic (tuned against random play)."""
