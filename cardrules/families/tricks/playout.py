"""The trick family's play-out kernel: the plain play of a deal, played to its end at
random on bit sets, exactly as the one-step loop plays it.

:func:`~cardrules.engine.random_play.play_random` (the inner loop of batched play-outs
and of the search's roll-outs) asks a state's class for a ``_finish_random`` method at
every step; the family's state answers it here.  Where the deal has reached plain play
(one card led and answered face up at a time, by the duties the tables compile, with
nothing else that can happen between two cards: no declarations, stock drawn from,
listed phase or hook at work; :func:`plays_plainly`), the state hands its position to
:func:`play_to_last` as a :class:`PlainPlay`, which plays on: each seat's move is the
legal action at ``getrandbits``' draw, as ``play_random`` draws it, but the legal cards
come from the tables' bit-set rules (:meth:`.TricksTables.single_leads`,
:meth:`.TricksTables.single_answers`: the very rules the state's legal actions are
listed by, lowest card first), and no state, action or event is made for a move.  The
last move of the deal is left to the state, which applies it to a state made from the
kernel's bit sets, so that taking the last trick and scoring the deal run exactly as in
the one-step loop, and the final state is the one it reaches.

>>> import random, cardrules
>>> game = cardrules.load("hearts")
>>> start = game.new_deal(seed=2)
>>> while start._stage >= 0:  # the passing phase: not plain play
...     start = start.apply(start.legal_actions()[0])
>>> bits = [random.Random(seat).getrandbits for seat in range(4)]
>>> final, moves = start._finish_random(bits)
>>> one, rngs = start, [random.Random(seat) for seat in range(4)]
>>> while not one.is_over:
...     one = one.apply(rngs[one.current_player].choice(one.legal_actions()))
>>> final == one, moves == 52
(True, True)

Where the deal is not at plain play (a listed phase at work, a rule the kernel does not
play), ``_finish_random`` returns None and the state is stepped as usual.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from cardrules.cards import count, nth_card
from cardrules.engine import absences
from cardrules.engine.game_core import GameCore
from cardrules.engine.seeding import draw_below
from cardrules.engine.turns import When
from cardrules.families.tricks.model import Partners
from cardrules.families.tricks.tables import TricksTables

__all__ = ["PlainPlay", "play_to_last", "plays_plainly"]

_PARTNERS_OPPOSITE: Final = Partners.OPPOSITE
_WHEN_BETWEEN_TRICKS: Final = When.BETWEEN_TRICKS


class PlainPlay:
    """A deal's position in plain play, as the kernel reads and leaves it: the state's
    fields of the same names (``missing`` and ``spare`` as :mod:`cardrules.engine.absences`
    names them), ``answering`` for a trick led, the trump suit (-1: none), the dummy and
    its controller (empty: none), whether the duties apply, and the moves made."""

    def __init__(self, *, hands: list[int], won: list[int], tricks: list[int],
                 plays: list[int], holder: int, leader: int, current: int, winner: int,
                 starter: int, broken: bool, missing: tuple[int, ...],
                 spare: tuple[int, ...], answering: bool, trump: int,
                 dummy: tuple[int, ...], duties: bool) -> None:
        self.hands, self.won, self.tricks, self.plays = hands, won, tricks, plays
        self.holder, self.leader, self.current, self.winner = holder, leader, current, winner
        self.starter, self.broken, self.answering = starter, broken, answering
        self._missing, self._spare = missing, spare
        self.trump, self.dummy, self.duties = trump, dummy, duties
        self.made = 0


def plays_plainly(tables: TricksTables, game: GameCore) -> bool:
    """Whether every trick of ``game``'s play (with ``tables``) is plain play: one card
    led and one answered face up by each seat, the answers listed lowest card first
    (the tables' blocks are the card numbers in order), nothing declared, announced or
    compared, no trick set aside, no hook on legality or on the end of the deal, no
    listed phase between tricks or ending the deal, no copies of a card, and the
    states not checked as they are made."""
    plain = tables.kernel_plain
    if plain < 0:  # worked out once for the tables (a game's, or a card order's)
        plain = tables.kernel_plain = 1 if _tables_plain(tables) else 0
    return bool(plain) and game.plain_legality and not game.check_states \
        and game.end_of_deal is None and not game.ending \
        and _WHEN_BETWEEN_TRICKS not in game.timings


def _tables_plain(tables: TricksTables) -> bool:
    return (tables.lead_max == 1 and tables.answer_face_up and not tables.answer_face_down
            and not tables.effects and not tables.scores and not tables.announced
            and tables.melds is None and not tables.stock_actions
            and not tables.hooked_legality and tables.counted_always)


def play_to_last(play: PlainPlay, tables: TricksTables,
                 bits: Sequence[Callable[[int], int]]) -> int:
    """Play ``play`` on at random (the seat choosing each move drawing it from
    ``bits[seat]``, a generator's ``getrandbits``, as
    :func:`~cardrules.engine.random_play.play_random` draws it) up to the deal's last
    move: ``play`` is left at the position before it, and the card of that move is
    returned (as a bit set), for the state to apply."""
    hands, won, tricks, plays = play.hands, play.won, play.tricks, play.plays
    n = len(hands)
    holder, leader, current = play.holder, play.leader, play.current
    winner, starter, broken, answering = play.winner, play.starter, play.broken, play.answering
    trump, dummy, duties = play.trump, play.dummy, play.duties
    index = trump if trump >= 0 else tables.no_trumps
    beats, following, places = tables.beats[index], tables.following, tables.places
    breakers, answer_rules = tables.breakers, tables.answer_rules
    shows = answer_rules and duties  # answers show what their player lacks
    frees = tables.partner_frees and tables.scoring.partners is _PARTNERS_OPPOSITE
    first = True
    for taken in tricks:
        if taken:
            first = False
    made = 0
    while True:
        p = current
        hand = hands[p]
        free = False
        held = lead = 0
        if not answering:
            allowed = tables.single_leads(hand, first=first, broken=broken)
        else:
            lead, held = plays[0], plays[places[leader][holder]]
            free = frees and holder == (p + n // 2) % n
            allowed = tables.single_answers(hand, lead, held, trump, duties=duties,
                                            first=first, free=free) if answer_rules else hand
        # the draw of play_random: the legal action (a card, lowest first) at a uniform
        # index below their number
        chooser = dummy[1] if dummy and p == dummy[0] else p
        mask = 1 << nth_card(allowed, draw_below(bits[chooser], count(allowed)))
        if answering and len(plays) + 1 == n and _last_trick(hands, p, mask):
            play.plays, play.holder, play.leader, play.current = plays, holder, leader, current
            play.winner, play.starter, play.broken = winner, starter, broken
            play.answering, play.made = True, made
            return mask
        made += 1
        # laying a card play had shown missing binds a spare card (after what an answer
        # shows: as the state does it)
        lays = play._spare[p] and mask & play._missing[p]
        hands[p] = hand & ~mask
        if mask & breakers:
            broken = True
        if not answering:
            if lays:
                absences.laid(play, p, mask)
            plays = [mask]
            holder = leader = p
            if starter < 0:
                starter = p
            answering = True
            current = following[p]
            continue
        if shows:
            shown = tables.answer_shows(mask, lead, held, trump, first=first, free=free,
                                        known=play._missing[p])
            if shown:
                absences.show(play, p, shown)
        if lays:
            absences.laid(play, p, mask)
        if mask & beats[held.bit_length() - 1]:
            holder = p
        plays.append(mask)
        if len(plays) < n:
            current = following[p]
            continue
        cards = 0
        for m in plays:
            cards |= m
        won[holder] |= cards
        tricks[holder] += 1
        winner = leader = current = holder
        plays, holder, answering, first = [], -1, False, False


def _last_trick(hands: list[int], p: int, mask: int) -> bool:
    """Whether ``p`` laying ``mask`` last to a trick leaves some hand empty: the deal
    ends with the trick."""
    for seat, hand in enumerate(hands):  # noqa: SIM110 - any() over a generator is slower
        if not (hand & ~mask if seat == p else hand):
            return True
    return False
