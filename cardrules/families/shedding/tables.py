"""Shedding rules compiled into lookup tables when a variant loads."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations
from typing import Any, Final, TypeVar

import attr
import attrs

from cardrules.actions import Action, Kind, register_verb
from cardrules.cards import Pack, bits, mask_of
from cardrules.engine.action_space import Family, Listed
from cardrules.errors import HookError
from cardrules.families.shedding.hooks import (
    AfterPlayInput,
    LayOnInput,
    Upcard,
    UpcardInput,
    as_if_played,
    as_written,
)
from cardrules.families.shedding.keys import key_mask, same_symbol
from cardrules.families.shedding.model import (
    AfterTurn,
    DealEnd,
    DrawnWildName,
    ForcedDrawAnswer,
    ForcedDrawThen,
    GroupKind,
    GroupSpec,
    HandPenaltyMode,
    LaidOn,
    PickUpWhen,
    SheddingPlay,
    SheddingScoring,
    Then,
    TrumpMode,
    TwoPlayerReverse,
    UpcardEffect,
    UpcardWish,
)
from cardrules.families.shedding.scoring import card_costs
from cardrules.model.variant import PlayRules, ScoringRules
from cardrules.primitives.beats import class_table, clause_table, self_matching, suit_classes

__all__ = ["ANNOUNCE", "TAKE", "Move", "SheddingTables"]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_AFTER_TURN_REVERSE: Final = AfterTurn.REVERSE
_DEAL_END_FIRST_OUT: Final = DealEnd.FIRST_OUT
_DRAWN_WILD_NAME_RANDOM: Final = DrawnWildName.RANDOM
_FORCED_DRAW_ANSWER_ANY_FORCED: Final = ForcedDrawAnswer.ANY_FORCED
_FORCED_DRAW_ANSWER_NONE: Final = ForcedDrawAnswer.NONE
_FORCED_DRAW_THEN_PLAY_ON: Final = ForcedDrawThen.PLAY_ON
_GROUP_KIND_RUN: Final = GroupKind.RUN
_GROUP_KIND_SAME_RANK: Final = GroupKind.SAME_RANK
_HAND_PENALTY_MODE_BY_CARD: Final = HandPenaltyMode.BY_CARD
_KIND_ANNOUNCE: Final = Kind.ANNOUNCE
_KIND_DRAW: Final = Kind.DRAW
_KIND_NAME: Final = Kind.NAME
_KIND_PASS: Final = Kind.PASS
_KIND_PLAY: Final = Kind.PLAY
_KIND_VERB: Final = Kind.VERB
_LAID_ON_ANY: Final = LaidOn.ANY
_LAID_ON_END_BEATS: Final = LaidOn.END_BEATS
_PICK_UP_WHEN_AT_WILL: Final = PickUpWhen.AT_WILL
_THEN_NAME_SUIT: Final = Then.NAME_SUIT
_THEN_NONE: Final = Then.NONE
_TRUMP_MODE_OWN: Final = TrumpMode.OWN
_TRUMP_MODE_RANKED: Final = TrumpMode.RANKED
_TRUMP_MODE_SHARED: Final = TrumpMode.SHARED
_TWO_PLAYER_REVERSE_SKIP: Final = TwoPlayerReverse.SKIP
_UPCARD_WISH_RANDOM: Final = UpcardWish.RANDOM


ANNOUNCE = Kind.ANNOUNCE.value
"""The word announcing one's last card (an action of games with ``last_card``)."""
TAKE = "take"
"""The word picking the pile up into one's hand (an action of games with ``pick_up``)."""
register_verb(TAKE, cards=False)


@attr.s(auto_attribs=True, frozen=True, slots=True, kw_only=True, eq=False)
class Move:
    """What a play action means to the procedure (one object per move of the tables,
    compared by identity).

    ``attr.s``, not ``attrs.frozen``: a compiled build (mypyc) makes a native class of
    it, and keeps only the ``__init__`` attrs writes (no equality, hashing or ``repr``)."""

    action: Action
    """The action."""
    mask: int
    """Bit set of its cards."""
    group: GroupKind | None
    """Kind of group, or None for a single card."""
    then: Then
    """What the player may or must do next."""


@attr.s(auto_attribs=True, kw_only=True, eq=False, slots=True)
class SheddingTables:
    """Everything the shedding procedure looks up while playing (``attr.s``: a native
    class in a compiled build, see :class:`Move`; slotted, since an ordinary instance of
    more than 30 attributes is read through a slower path by the interpreter)."""

    pack: Pack
    play: SheddingPlay
    scoring: SheddingScoring
    within: tuple[int, ...]
    """Per top card, the cards that beat it by the declared clauses."""
    wild: int
    """Bit set of wild cards (laid on anything)."""
    then_of_card: tuple[Then, ...]
    """Per card, what follows laying it alone."""
    after_turn: tuple[AfterTurn | None, ...]
    """Per card, the effect on the next player when a turn ends with it on top (the rule
    file's by rank or face, through the ``after_play`` hook)."""
    upcard: tuple[Upcard | None, ...]
    """Per card, what it does to the first mover when turned up to start the pile (the
    ``upcard`` hook's, else ``play.upcard.as_played``'s; empty: nothing, whatever the
    card)."""
    upcard_effects: tuple[UpcardEffect | None, ...]
    """Per card, what it does when turned up to start the pile by ``play.upcard.effects``
    (empty: no card has an entry), before :attr:`upcard`."""
    cover_ranks: frozenset[int]
    """Ranks whose full group, once covered, gives the pile to the coverer."""
    singles: tuple[Move, ...]
    """The single-card move of each card."""
    draw: Action
    pass_: Action
    name_actions: tuple[Action, ...] = ()
    """The actions naming each suit, when a wild card names one (else none)."""
    draw_at_will: bool = False
    """The player to move may draw even when able to play."""
    draw_limit: int = 1
    """Cards a player may draw in one turn (at will, or when stuck)."""
    first_out: bool = False
    """The deal ends as soon as one player is out."""
    blocked_passes: int = 0
    """Passes in a row with an empty stock, beyond one per player holding cards, that end
    the deal."""
    redraw: int = 0
    """Bit set of the cards that may not start the pile: such a starter goes under the
    stock and another is turned."""
    forced: tuple[int, ...] = ()
    """Per card, the cards the next player must draw when a turn ends with it on top
    (empty: no card forces a draw)."""
    forced_answers: tuple[int, ...] = ()
    """Per top card, the cards that pass its forced draw on (empty: none may)."""
    forced_at_once: bool = False
    """A forced draw is drawn at once as the turn ends (``forced_draw.at_once``)."""
    forced_play_on: bool = False
    """A player who drew a forced total then takes a normal turn (else their turn ends)."""
    reverses: bool = False
    """Some card turns the direction of play round."""
    reverse_skips: bool = True
    """A reverse with two players holding cards acts as a skip."""
    draw_ends_turn: bool = False
    """Drawing a card ends the turn."""
    reshuffles: int = 0
    """Times the pile (but its top) may be shuffled into an empty stock in one deal."""
    last_card_penalty: int = 0
    """Cards drawn for not announcing one's last card (0: no announcement)."""
    announce: Action | None = None
    """The action announcing one's last card, where the rules have one."""
    take: Action | None = None
    """The action picking the pile up into one's hand, where the rules have one
    (``pick_up``)."""
    take_at_will: bool = False
    """The pile may be picked up even by a player who could beat its top card."""
    pick_up_limit: int = 0
    """Pick-ups after which a deal ends drawn (0: never)."""
    attack: bool = False
    """A player who beat the top card lays one more card of their choice on top."""
    to_owner: int = 0
    """Bit set of the cards handed to the owner of their suit before play
    (``hand_to_owner``)."""
    seat_suits: tuple[int, ...] = ()
    """Per seat, the index of its own trump suit given by ``trumps.seats`` (empty: by
    seat in the pack's suit order)."""
    barred: tuple[int, ...] = ()
    """Per top card, the cards that may never be laid on it, named suit or not (a wild
    card not ``on_itself``: the cards of its rank; empty: none anywhere)."""
    last_resort: int = 0
    """Bit set of the wild cards laid only when no other card may be (``last_resort``)."""
    not_last: int = 0
    """Bit set of the cards nobody may go out on (``not_last``): a player holding only
    one of them may not lay it."""
    lay_drawn: tuple[int, ...] = ()
    """Per top card, the cards laid at once when drawn on it (``draw.lay_drawn``; empty:
    none is)."""
    lay_drawn_named: tuple[int, ...] = ()
    """Per named suit, the cards laid at once when drawn (``draw.lay_drawn``)."""
    play_drawn: bool = False
    """After drawing, only a card drawn this turn may be played (``draw.play_drawn``)."""
    upcard_wish: UpcardWish = UpcardWish.NONE
    """Who names the suit when a suit-naming wild card is turned up to start the pile."""
    redraw_shuffle: bool = False
    """A starter card of :attr:`redraw` is shuffled back into the stock (else it goes
    under the stock)."""
    reshuffle_all: bool = False
    """The stock is remade from the whole pile, its top too, and the cards still in the
    stock, as soon as a draw finds too few (``draw.reshuffle_all``)."""
    drawn_wild_random: bool = False
    """A suit-naming wild card laid at once when drawn has its suit drawn by lot."""
    drawn_wild_acts: bool = True
    """A wild card laid at once when drawn acts on the next player as if played."""
    seeded: bool = False
    """The deal draws lots during play (reshuffles, a starter shuffled back, a suit drawn
    by lot), so its state keeps a seed for them."""
    rank_masks: tuple[int, ...] = ()
    """Per rank, the bit set of its cards."""
    suit_masks: tuple[int, ...] = ()
    """Per suit, the bit set of its cards."""
    min_group: int = 0
    """Fewest cards of any group move (0: no groups)."""
    following: tuple[int, ...] = ()
    """Per seat, the next seat in the game's turn order (``game.turns.following``), and
    below the one before it: the game's, kept here where a compiled build reads them
    natively (see :meth:`SheddingProcedure.compile`)."""
    preceding: tuple[int, ...] = ()
    ends_by_hook: bool = False
    """The game has an ``end_of_deal`` hook."""
    turn_phases: bool = False
    """The game lists phases that run between turns."""
    seeded_suits: bool = False
    """The game's ``random_suit`` hook is the default (``seeded``): a suit drawn by lot is
    the derived seed modulo the number of suits, worked out here without the hook's
    input record and call."""
    group_checks: tuple[tuple[bool, int, bool], ...] = ()
    """Per entry of ``play.groups`` in order: a group of one rank (else a run), its size,
    and for one rank whether it takes a card of every suit.  Read at every decision, so
    copied out of the rule records (which a compiled build reads the slow way)."""
    single_actions: tuple[Action, ...] = ()
    """The action laying each single card."""
    hand_costs: tuple[int, ...] = ()
    """Per card, what holding it at the end costs under a ``by_card`` hand penalty (empty
    under any other)."""
    # attrs.Factory, not attrs.field(factory=...): see the defaults of cards.Pack.
    run_starts: dict[int, int] = attrs.Factory(dict)
    """Per run length, the bit set of cards that can start a run of that length."""
    view_info: Any = None
    """Lookups for building views, made on first use."""
    _beat_cache: dict[tuple[int, ...], tuple[int, ...]] = attrs.Factory(dict)
    _moves: dict[tuple[int, ...], Move] = attrs.Factory(dict)

    @classmethod
    def compile(cls, pack: Pack, play: PlayRules, scoring: ScoringRules,
                effect: Callable[[AfterPlayInput], AfterTurn | None] = as_written,
                upcard: Callable[[UpcardInput], Upcard | None] | None = None,
                lay_on: Callable[[LayOnInput], int] | None = None,
                ) -> SheddingTables:
        """Compile the rules of a shedding variant for ``pack``; ``effect`` is the
        ``after_play`` hook, ``upcard`` the ``upcard`` hook (None: the default, no
        effect), ``lay_on`` the ``lay_on`` hook (None: the default, the rule file's
        ``play.beats``)."""
        if not isinstance(play, SheddingPlay) or not isinstance(scoring, SheddingScoring):
            raise TypeError("the shedding procedure needs shedding play and scoring rules")
        keyed = _Keyed(pack)
        wild = mask_of(c for w in play.wild for c in bits(keyed.mask(w.rank)))
        then_of_card = keyed.per_card({**play.again, **{w.rank: w.then for w in play.wild}},
                                      _THEN_NONE)
        written = keyed.per_card(play.after_turn, None)
        after = [effect(AfterPlayInput(pack=pack, card=c, written=written[c]))
                 for c in range(pack.size)]
        singles = tuple(
            Move(action=Action(kind=_KIND_PLAY, cards=(c,), label=f"play {pack.name(c)}"),
                 mask=1 << c, group=None, then=then_of_card[c])
            for c in range(pack.size))
        forced = play.forced_draw
        forced_cards = keyed.per_card(forced.ranks, 0) if forced.ranks else ()
        any_forced = mask_of(c for c, n in enumerate(forced_cards) if n)
        answers = tuple((any_forced if forced.answer is _FORCED_DRAW_ANSWER_ANY_FORCED
                         else same_symbol(pack, c)) if n else 0
                        for c, n in enumerate(forced_cards)) \
            if forced_cards and forced.answer is not _FORCED_DRAW_ANSWER_NONE else ()
        if upcard is None and play.upcard.as_played:
            upcard = as_if_played
        turned = tuple(upcard(UpcardInput(pack=pack, card=c, after_play=after[c],
                                          draw=forced_cards[c] if forced_cards else 0))
                       for c in range(pack.size)) if upcard is not None else ()
        selfless = [keyed.mask(w.rank) for w in play.wild if not w.on_itself]
        barred = tuple(next((m for m in selfless if m >> c & 1), 0)
                       for c in range(pack.size)) if selfless else ()
        lay = play.draw.lay_drawn
        extra = wild if lay is not None and lay.wild else 0
        # the card to match may lie in a hand once the whole pile is reshuffled: a card
        # then matches itself as it matches a copy of itself
        whole = play.draw.reshuffle and play.draw.reshuffle_all
        own = self_matching(pack, play.beats) if whole else 0
        drawn_own = self_matching(pack, lay.matches) if whole and lay is not None else 0
        pick_up = play.pick_up
        return cls(
            take=Action(kind=_KIND_VERB, name=TAKE, label=TAKE) if pick_up is not None else None,
            take_at_will=pick_up is not None and pick_up.when is _PICK_UP_WHEN_AT_WILL,
            pick_up_limit=pick_up.limit if pick_up is not None else 0,
            attack=play.attack,
            to_owner=mask_of(c for r in play.hand_to_owner for c in bits(keyed.mask(r))),
            seat_suits=tuple(pack.suits.index(s) for s in play.trumps.seats),
            upcard_effects=keyed.per_card(play.upcard.effects, None)
            if play.upcard.effects else (),
            lay_drawn=tuple(m | extra | (drawn_own & 1 << c)
                            for c, m in enumerate(clause_table(pack, lay.matches)))
            if lay is not None else (),
            lay_drawn_named=tuple(pack.suit_mask(s) | extra for s in range(len(pack.suits)))
            if lay is not None else (),
            pack=pack, play=play, scoring=scoring, upcard=turned, barred=barred,
            hand_costs=card_costs(scoring.hand_penalty, pack)
            if scoring.hand_penalty.mode is _HAND_PENALTY_MODE_BY_CARD else (),
            play_drawn=play.draw.play_drawn, upcard_wish=play.upcard.wish,
            redraw_shuffle=play.redraw_shuffle and bool(play.starter_redraw),
            reshuffle_all=play.draw.reshuffle and play.draw.reshuffle_all,
            drawn_wild_random=lay is not None and lay.name is _DRAWN_WILD_NAME_RANDOM,
            drawn_wild_acts=lay is None or lay.wild_acts,
            seeded=play.draw.reshuffle or (play.redraw_shuffle and bool(play.starter_redraw))
            or play.upcard.wish is _UPCARD_WISH_RANDOM
            or (lay is not None and lay.name is _DRAWN_WILD_NAME_RANDOM),
            forced=forced_cards,
            forced_answers=answers,
            forced_play_on=forced.then is _FORCED_DRAW_THEN_PLAY_ON,
            forced_at_once=forced.at_once,
            reverses=_AFTER_TURN_REVERSE in after,
            reverse_skips=play.two_player_reverse is _TWO_PLAYER_REVERSE_SKIP,
            draw_ends_turn=play.draw.ends_turn,
            reshuffles=play.draw.max_reshuffles if play.draw.reshuffle else 0,
            last_card_penalty=play.last_card.penalty,
            announce=Action(kind=_KIND_ANNOUNCE, label=ANNOUNCE)
            if play.last_card.penalty else None,
            within=tuple(m | (own & 1 << c) for c, m in enumerate(_open(
                _laid_on(pack, clause_table(pack, play.beats), lay_on),
                mask_of(c for r in play.any_on for c in bits(keyed.mask(r))), pack.full))),
            not_last=mask_of(c for r in play.not_last for c in bits(keyed.mask(r))),
            wild=wild,
            then_of_card=then_of_card,
            last_resort=mask_of(c for w in play.wild if w.last_resort
                                for c in bits(keyed.mask(w.rank))),
            after_turn=tuple(after),
            cover_ranks=frozenset(pack.ranks.index(r) for r in play.cover_takes),
            singles=singles,
            draw=Action(kind=_KIND_DRAW, label="draw"),
            pass_=Action(kind=_KIND_PASS, label="pass"),
            name_actions=tuple(Action(kind=_KIND_NAME, name=s, label=f"name {s}")
                               for s in pack.suits)
            if any(w.then is _THEN_NAME_SUIT for w in play.wild) else (),
            draw_at_will=play.draw.at_will,
            draw_limit=play.draw.max_per_turn if play.draw.at_will else play.stuck_draw,
            first_out=play.ends is _DEAL_END_FIRST_OUT,
            blocked_passes=play.blocked_extra_passes,
            redraw=mask_of(c for r in play.starter_redraw for c in bits(keyed.mask(r))),
            rank_masks=tuple(pack.rank_mask(r) for r in range(len(pack.ranks))),
            suit_masks=tuple(pack.suit_mask(s) for s in range(len(pack.suits))),
            min_group=min((g.size for g in play.groups), default=0),
            group_checks=tuple((g.kind is _GROUP_KIND_SAME_RANK, g.size,
                                g.size == len(pack.suits)) for g in play.groups),
            single_actions=tuple(m.action for m in singles),
            run_starts={g.size: _run_starts(pack, g.size) for g in play.groups
                        if g.kind is _GROUP_KIND_RUN},
        )

    def laid_when_drawn(self, card: int, top: int, named: int) -> bool:
        """True if ``card``, just drawn, is laid at once on ``top`` (``named``: the suit
        named, or -1) by ``draw.lay_drawn``."""
        if not self.lay_drawn:
            return False
        if named >= 0:
            return bool(self.lay_drawn_named[named] >> card & 1)
        return top < 0 or bool(self.lay_drawn[top] >> card & 1)

    def action_families(self) -> tuple[Family, ...]:
        """Every action a deal may offer, for :class:`~cardrules.engine.action_space.ActionSpace`:
        each single card, each group move the rules allow (on any top), draw, pass, when
        a wild card names a suit, the suits named, when the last card is announced,
        ``announce`` and, when the pile is picked up, ``take`` (listed phases add their own
        actions, such as choosing trumps)."""
        groups = tuple(m.action for m in self.group_moves(self.pack.full, -1, ()))
        announce = (self.announce,) if self.announce is not None else ()
        take = (self.take,) if self.take is not None else ()
        return (Listed(actions=(*self.single_actions, *groups, self.draw, self.pass_,
                                *self.name_actions, *announce, *take)),)

    def classes_for(self, own_suits: tuple[int, ...], players: int) -> tuple[tuple[int, ...], ...]:
        """Per player, the trump class of each suit."""
        trumps = self.play.trumps
        pack = self.pack
        if trumps.mode is _TRUMP_MODE_OWN:
            out = []
            for player in range(players):
                classes = [0] * len(pack.suits)
                if own_suits and own_suits[player] >= 0:
                    classes[own_suits[player]] = 1
                out.append(tuple(classes))
            return tuple(out)
        if trumps.mode is _TRUMP_MODE_SHARED:
            shared = suit_classes(pack, [trumps.shared])
        elif trumps.mode is _TRUMP_MODE_RANKED:
            shared = suit_classes(pack, [[s] for s in trumps.ranked])
        else:
            shared = (0,) * len(pack.suits)
        return (shared,) * players

    def beat_table(self, classes: tuple[int, ...]) -> tuple[int, ...]:
        """Per top card, every card that beats it for a player with these suit classes."""
        table = self._beat_cache.get(classes)
        if table is None:
            cross = class_table(self.pack, classes, self.play.trumps.beat)
            table = tuple(w | x for w, x in zip(self.within, cross))
            self._beat_cache[classes] = table
        return table

    def playable(self, hand: int, top: int, named_suit: int, beats: tuple[int, ...],
                 only: int = -1) -> int:
        """The cards of ``hand`` one may lay alone on ``top`` (-1: none), as a bit set:
        those that match it by ``beats`` (the player's row of the beat table) or the
        ``named_suit`` (-1: none named), and wild cards, but barred ones, a lone card
        nobody goes out on, and a last resort while anything else may be laid; ``only``
        keeps those among it (the cards just drawn, where only they may be played).  What
        the state lists and its play-out kernel draws from alike."""
        if named_suit >= 0:
            mask = (self.suit_masks[named_suit] | self.wild) & hand
        else:
            mask = hand if top < 0 else (beats[top] | self.wild) & hand
        if self.barred and top >= 0:
            mask &= ~self.barred[top]
        mask &= only
        if self.not_last and not hand & (hand - 1):  # never out on these
            mask &= ~self.not_last
        if mask & ~self.last_resort:  # a last resort only when nothing else
            mask &= ~self.last_resort
        return mask

    def unable(self, hand: int, top: int, named_suit: int, beats: tuple[int, ...]) -> int:
        """What drawing or passing, when nothing else is legal, shows a player holding
        ``hand`` not to hold, facing ``top`` (and no forced draw): every card that beats
        it (by ``beats``, the player's row of the beat table), wild cards, cards of the
        ``named_suit``, but barred ones and a lone card nobody goes out on; 0 with no
        top."""
        barred = self.not_last if self.not_last and not hand & (hand - 1) else 0
        if self.barred and top >= 0:
            barred |= self.barred[top]
        if named_suit >= 0:
            return (self.suit_masks[named_suit] | self.wild) & ~barred
        return (beats[top] | self.wild) & ~barred if top >= 0 else 0

    def move_of(self, cards: tuple[int, ...]) -> Move:
        """The move of a legal play action (already built by :meth:`group_moves`)."""
        if len(cards) == 1:
            return self.singles[cards[0]]
        return self._moves[cards]

    def move(self, cards: tuple[int, ...], group: GroupKind | None) -> Move:
        """The (cached) move laying ``cards`` in that order."""
        found = self._moves.get(cards)
        if found is None:
            then = self.then_of_card[cards[-1]] if group is None else next(
                g.then for g in self.play.groups if g.kind is group and g.size == len(cards))
            names = " ".join(self.pack.name(c) for c in cards)
            mask = 0
            for c in cards:
                mask |= 1 << c
            found = Move(action=Action(kind=_KIND_PLAY, cards=cards, label=f"play {names}"),
                         mask=mask, group=group, then=then)
            self._moves[cards] = found
        return found

    def group_moves(self, hand: int, top: int, beats: tuple[int, ...]) -> list[Move]:
        """Every group move (same rank, runs) the hand allows on ``top``.  Hands that
        hold no group at all (nearly every hand) are told apart with a few bit
        operations, before any list is made."""
        moves: list[Move] = []
        n = len(self.rank_masks)
        for k, (same_rank, size, whole) in enumerate(self.group_checks):
            if same_rank:
                if whole:  # a whole rank: every suit's block
                    full = hand
                    for suit in range(1, size):
                        full &= hand >> (suit * n)
                    if not full & ((1 << n) - 1):
                        continue
                moves.extend(self._same_rank(hand, top, beats, self.play.groups[k]))
            else:
                starts = hand & self.run_starts[size]
                for shift in range(1, size):
                    starts &= hand >> shift
                if starts:
                    moves.extend(self._runs(hand, top, beats, self.play.groups[k]))
        return moves

    def _beats(self, card: int, top: int, beats: tuple[int, ...]) -> bool:
        return top < 0 or bool(((beats[top] | self.wild) >> card) & 1)

    def _same_rank(self, hand: int, top: int, beats: tuple[int, ...],
                   spec: GroupSpec) -> list[Move]:
        moves: list[Move] = []
        for held_rank in self.rank_masks:
            held = hand & held_rank
            if held.bit_count() < spec.size:
                continue
            for chosen in combinations(sorted(bits(held)), spec.size):
                for top_card in chosen:
                    if spec.laid_on is _LAID_ON_END_BEATS and not self._beats(top_card, top, beats):
                        continue
                    order = tuple(c for c in chosen if c != top_card) + (top_card,)
                    moves.append(self.move(order, _GROUP_KIND_SAME_RANK))
        return moves

    def _runs(self, hand: int, top: int, beats: tuple[int, ...], spec: GroupSpec) -> list[Move]:
        moves: list[Move] = []
        starts = hand & self.run_starts[spec.size]
        for shift in range(1, spec.size):
            starts &= hand >> shift
        while starts:
            low = starts & -starts
            starts ^= low
            first = low.bit_length() - 1
            cards = tuple(range(first, first + spec.size))
            for order in (cards, cards[::-1]):
                if spec.laid_on is _LAID_ON_ANY or self._beats(order[0], top, beats):
                    moves.append(self.move(order, _GROUP_KIND_RUN))
        return moves


T = TypeVar("T")


class _Keyed:
    """A rule file's entries keyed by rank or face (:mod:`.keys`), per card."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack

    def mask(self, key: str) -> int:
        """The cards ``key`` names."""
        return key_mask(self.pack, key)

    def per_card(self, entries: Mapping[str, T], default: T) -> tuple[T, ...]:
        """Per card, the value of the entry naming it (a face's entry over its rank's),
        else ``default``."""
        out = [default] * self.pack.size
        ranks = [k for k in entries if k in self.pack.ranks]
        for key in (*ranks, *(k for k in entries if k not in self.pack.ranks)):
            for card in bits(self.mask(key)):
                out[card] = entries[key]
        return tuple(out)


def _laid_on(pack: Pack, within: tuple[int, ...],
             lay_on: Callable[[LayOnInput], int] | None) -> tuple[int, ...]:
    """Per top card, the cards laid on it by the rule file (``within``) or by the
    ``lay_on`` hook (None: the rule file's)."""
    if lay_on is None:
        return within
    table = []
    for top in range(pack.size):
        mask = lay_on(LayOnInput(pack=pack, card=top, written=within[top]))
        if type(mask) is not int or mask < 0:
            raise HookError(f"a lay_on hook must give a bit set of cards (an int), not "
                            f"{mask!r:.80}")
        table.append(mask & pack.full & ~(1 << top))
    return tuple(table)


def _open(within: tuple[int, ...], open_tops: int, full: int) -> tuple[int, ...]:
    """``within`` with every card laid on the cards of ``open_tops`` (``any_on``)."""
    if not open_tops:
        return within
    return tuple(full & ~(1 << top) if open_tops >> top & 1 else mask
                 for top, mask in enumerate(within))


def _run_starts(pack: Pack, size: int) -> int:
    """Cards that can start a run of ``size`` within their suit."""
    n = len(pack.ranks)
    return mask_of(pack.card(rank=r, suit=s) for s in range(len(pack.suits))
                   for r in range(n - size + 1))
