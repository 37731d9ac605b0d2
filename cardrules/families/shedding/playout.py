"""The shedding family's play-out kernel: plain turns of a deal played at random on bit
sets, exactly as the one-step loop plays them.

:func:`~cardrules.engine.random_play.play_random` (the inner loop of batched play-outs
and of the search's roll-outs) asks a state's class for a ``_finish_random`` method at
every step.  Where the rules are plain (one card laid at a time on a card it matches,
wild cards that name a suit, drawing at will or when unable, passing; no forced draws,
skips, reversals, pick-ups, groups, announcements, reshuffles, listed phases or hooks;
:func:`plays_plainly`), the shedding state hands its position to :func:`play_on` as a
:class:`PlainTurns`, which makes the moves: each seat's the legal action at
``getrandbits``' draw, as ``play_random`` draws it, among the actions the state would
list (the cards that may be laid, lowest first, then drawing or passing; the suits to
name), with no state, action or event made for a move.  It stops at a move drawn that
may end the deal (a hand's last card laid; a pass that blocks it), which the state lists
and applies as usual from the position the kernel reached, so that going
out, blocking and scoring run as in the one-step loop.

>>> import random, cardrules
>>> game = cardrules.load("crazy_eights", players=2)
>>> start = game.new_deal(seed=2)
>>> rngs = [random.Random(1), random.Random(2)]
>>> reached, moves = start._finish_random([r.getrandbits for r in rngs])
>>> one, again = start, [random.Random(1), random.Random(2)]
>>> for _ in range(moves):
...     one = one.apply(again[one.current_player].choice(one.legal_actions()))
>>> reached == one, [r.getstate() for r in rngs] == [r.getstate() for r in again]
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from cardrules.cards import count, nth_card
from cardrules.engine import absences
from cardrules.engine.game_core import GameCore
from cardrules.engine.seeding import draw_below
from cardrules.families.shedding.model import Then
from cardrules.families.shedding.tables import SheddingTables

__all__ = ["PlainTurns", "next_holder", "play_on", "plays_plainly"]

_THEN_NONE: Final = Then.NONE
_THEN_NAME_SUIT: Final = Then.NAME_SUIT


class PlainTurns:
    """A deal's position between plain moves, as the kernel reads and leaves it: the
    state's fields of the same names (``missing`` and ``spare`` as
    :mod:`cardrules.engine.absences` names them), ``naming`` for a suit to name after
    a wild card, each seat's cards that beat each card (the state's ``_beats``), whether
    play goes the other way round, and the moves made."""

    def __init__(self, *, hands: list[int], stock: list[int], pile: list[int], top: int,
                 owner: int, fresh: bool, current: int, naming: bool, drawn: int,
                 named_suit: int, passes: int, taken: list[int], scores: list[int],
                 missing: tuple[int, ...], spare: tuple[int, ...],
                 beats: tuple[tuple[int, ...], ...], reversed_: bool) -> None:
        self.hands, self.stock, self.pile, self.top = hands, stock, pile, top
        self.owner, self.fresh, self.current, self.naming = owner, fresh, current, naming
        self.drawn, self.named_suit, self.passes = drawn, named_suit, passes
        self.taken, self.scores = taken, scores
        self._missing, self._spare = missing, spare
        self.beats, self.reversed_ = beats, reversed_
        self.made = 0


def plays_plainly(tables: SheddingTables, game: GameCore) -> bool:
    """Whether every turn of ``game``'s play (with ``tables``) is plain (see the
    module)."""
    return (tables.take is None and not tables.attack and not tables.cover_ranks
            and not tables.last_card_penalty and tables.announce is None
            and not tables.min_group and not tables.play_drawn and not tables.lay_drawn
            and not tables.draw_ends_turn and not tables.forced and not tables.reshuffles
            and not tables.ends_by_hook and not tables.turn_phases
            and _plain_cards(tables)
            and game.plain_legality and not game.check_states)


def _plain_cards(tables: SheddingTables) -> bool:
    """No card acts on the next player, and every card's follow-up is none or naming a
    suit."""
    for effect in tables.after_turn:
        if effect is not None:
            return False
    for then in tables.then_of_card:
        if then is not _THEN_NONE and then is not _THEN_NAME_SUIT:
            return False
    return True


def play_on(turns: PlainTurns, tables: SheddingTables,
            bits: Sequence[Callable[[int], int]], room: int) -> int:
    """Make moves of ``turns`` at random (the seat to move drawing each from
    ``bits[seat]``, a generator's ``getrandbits``, as
    :func:`~cardrules.engine.random_play.play_random` draws it) until the move drawn
    may end the deal: ``turns`` is left at the position before it, its ``made``
    counting the moves made, and the index of that move among the legal actions there
    is returned, for the state to apply.  The ``room``-th move is left to the state
    too, whatever it is: the deal's moves are bounded (``game.move_limit``), and the
    state says when they run out."""
    hands, stock, pile = turns.hands, turns.stock, turns.pile
    top, owner, fresh, current = turns.top, turns.owner, turns.fresh, turns.current
    naming, drawn, named_suit, passes = turns.naming, turns.drawn, turns.named_suit, \
        turns.passes
    beats, after = turns.beats, tables.preceding if turns.reversed_ else tables.following
    draw_at_will, limit, then_of_card = tables.draw_at_will, tables.draw_limit, \
        tables.then_of_card
    take_min, take_points = tables.play.take_min, tables.scoring.take_points
    blocked = tables.blocked_passes
    made = 0
    chosen = 0
    while True:
        p = current
        if naming:  # the suit named after a wild card: the state's list of suits
            chosen = draw_below(bits[p], len(tables.name_actions))
            if made + 1 >= room:
                break
            named_suit = tables.pack.suits.index(tables.name_actions[chosen].name)
            naming = False
            current = next_holder(hands, p, after)
            drawn, fresh = 0, False
            made += 1
            continue
        hand = hands[p]
        mask = tables.playable(hand, top, named_suit, beats[p])
        cards = count(mask)
        can_draw = drawn < limit and len(stock) > 0
        if draw_at_will:
            options = cards if fresh and cards and not drawn else cards + 1
        else:
            options = cards if cards else 1
        chosen = draw_below(bits[p], options)
        if made + 1 >= room:
            break
        if chosen < cards:  # a card laid
            card = nth_card(mask, chosen)
            if hand == 1 << card:
                break  # the hand's last card: the state lays it
            if turns._spare[p] and (1 << card) & turns._missing[p]:
                absences.laid(turns, p, 1 << card)
            hands[p] = hand & ~(1 << card)
            pile.append(card)
            top, owner, passes, fresh, named_suit = card, p, 0, True, -1
            if then_of_card[card] is _THEN_NAME_SUIT:
                naming, drawn = True, 0
            else:
                current = next_holder(hands, p, after)
                drawn, fresh = 0, False
            made += 1
            continue
        # the one action that is not a card: drawing, or passing
        unable = tables.unable(hand, top, named_suit, beats[p]) if options == 1 else 0
        if can_draw:
            card = stock.pop()
            hands[p] = hand | 1 << card
            if unable or turns._missing[p]:
                absences.drew(turns, p, unable)
            drawn += 1
            made += 1
            continue
        if not stock:  # a pass with nothing to draw counts toward a blocked deal
            if passes + 1 >= len(hands) - hands.count(0) + blocked:  # as the state counts
                break  # and blocks it: the state passes
            passes += 1
        if unable:
            absences.show(turns, p, unable)
        if owner >= 0 and owner != p and len(pile) >= take_min:
            _take(turns, tables, owner, pile, take_points)
            pile = turns.pile
        current = next_holder(hands, p, after)
        drawn, fresh = 0, False
        made += 1
    turns.top, turns.owner, turns.fresh, turns.current = top, owner, fresh, current
    turns.naming, turns.drawn, turns.named_suit, turns.passes = naming, drawn, named_suit, \
        passes
    turns.pile, turns.made = pile, made
    return chosen


def next_holder(hands: Sequence[int], player: int, after: tuple[int, ...]) -> int:
    """The next seat after ``player`` (each seat's next in ``after``) whose hand holds
    cards (-1: nobody): who moves next, for the state and the kernel alike.

    >>> next_holder((5, 0, 3), 0, (1, 2, 0)), next_holder((0, 0, 0), 0, (1, 2, 0))
    (2, -1)
    """
    q = player
    for _ in range(len(hands)):
        q = after[q]
        if hands[q]:
            return q
    return -1


def _take(turns: PlainTurns, tables: SheddingTables, player: int, pile: list[int],
          points: bool) -> None:
    """``player`` takes the pile (the state's ``_take``)."""
    mask = 0
    for c in pile:
        mask |= 1 << c
    turns.taken[player] |= mask
    turns.scores[player] += tables.pack.value_of(mask) if points else 0
    turns.pile = []
