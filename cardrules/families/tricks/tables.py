"""Trick-taking rules compiled into lookup tables when a variant loads.

Actions are made once per (kind, cards) and shared by every state; the lists of
leads, answers and declarations of a hand are cached by the hand's bit set.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import attr
import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import Pack, bits, count, mask_of, subsets
from cardrules.engine.action_space import CardSets, Family, Listed
from cardrules.families.tricks.hooks import TrickCard, TrickCardInput
from cardrules.families.tricks.melds_tables import MeldTables
from cardrules.families.tricks.model import (
    Condition,
    Counts,
    DrawOrder,
    Effect,
    Follow,
    TrickScoring,
    TricksPlay,
    TrumpSource,
)
from cardrules.model.common import TrumpBeat
from cardrules.primitives.beats import class_table, clause_table, suit_classes
from cardrules.primitives.combos import Pattern, compile_pattern, filter_mask, find

if TYPE_CHECKING:
    from cardrules.families.tricks.view_info import ViewInfo

__all__ = ["Declaration", "TricksTables"]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_CONDITION_ALWAYS: Final = Condition.ALWAYS
_CONDITION_STOCK_CLOSED: Final = Condition.STOCK_CLOSED
_COUNTS_AFTER_A_TRICK: Final = Counts.AFTER_A_TRICK
_DRAW_ORDER_FACE_UP_TOP: Final = DrawOrder.FACE_UP_TOP
_DRAW_ORDER_WINNER_FIRST: Final = DrawOrder.WINNER_FIRST
_EFFECT_LEAD: Final = Effect.LEAD
_EFFECT_SCORE: Final = Effect.SCORE
_EFFECT_WIN_DEAL: Final = Effect.WIN_DEAL
_FOLLOW_NONE: Final = Follow.NONE
_FOLLOW_SUIT: Final = Follow.SUIT
_KIND_ANNOUNCE: Final = Kind.ANNOUNCE
_KIND_ANSWER: Final = Kind.ANSWER
_KIND_CLOSE: Final = Kind.CLOSE
_KIND_DECLARE: Final = Kind.DECLARE
_KIND_EXCHANGE: Final = Kind.EXCHANGE
_KIND_LEAD: Final = Kind.LEAD
_KIND_PASS: Final = Kind.PASS
_KIND_THROW: Final = Kind.THROW
_TRUMP_BEAT_ANY_RANK: Final = TrumpBeat.ANY_RANK
_TRUMP_SOURCE_DEALER_CARD: Final = TrumpSource.DEALER_CARD


_CACHE_LIMIT = 250_000
"""Entries a per-hand cache may hold before it starts afresh (bounds memory)."""

CardOrder = Callable[[TrickCardInput], TrickCard]
"""A ``card_order`` hook."""

_NEVER = 1 << 30
"""More cards than any hand holds."""



@attrs.frozen(kw_only=True, slots=True)
class Declaration:
    """A combination a hand holds, ready to declare."""

    action: Action
    """The ``declare`` action."""
    mask: int
    """Its cards as a bit set."""
    size: int
    """Number of cards."""
    effect: Effect
    """What declaring it does."""
    points: int = 0
    """Points it scores (effect ``score``)."""
    later: bool = False
    """Its points count only once the declarer has taken a trick."""
    after_a_trick: bool = False
    """Only a player who has taken a trick may declare it."""
    trump: int = -1
    """The suit declaring it makes trumps (-1: it names none)."""


@attr.s(auto_attribs=True, kw_only=True, eq=False, slots=True)
class TricksTables:
    """Everything the tricks procedure looks up while playing (``attr.s``: a native class
    in a compiled build, read directly by the compiled state)."""

    pack: Pack
    play: TricksPlay
    scoring: TrickScoring
    beats: tuple[tuple[int, ...], ...]
    """Per trump suit index (the last entry: no trumps), per card, the cards that beat it."""
    patterns: tuple[tuple[Pattern, ...], ...]
    """Per trump suit index (the last entry: no trumps), the compiled combinations."""
    effects: tuple[Effect, ...]
    """Per combination, what declaring it does."""
    bands: tuple[tuple[int, int, int], ...]
    """Deal scoring bands: (min points, min tricks, score), in order."""
    point_cards: int = 0
    """Bit set of the cards worth points (not 0)."""
    pass_: Action
    width: int
    """Ranks per suit: a hand's bits of one suit are ``width`` bits wide."""
    hand_size: int
    """The most cards a hand is dealt or refilled to (a deal may deal fewer)."""
    hand_sizes: tuple[int, ...] = ()
    """The cards each hand is dealt in the match's deals 0, 1, 2... in turn, for the
    game's number of players (``deal.hand``'s schedule); empty when each deal draws its
    entry by lot (``deal.hand.by_lot``)."""
    suit_points: tuple[tuple[int, ...], ...] = ()
    """Per suit, the card points of each pattern of that suit's cards (empty for very long
    suits)."""
    checks: tuple[tuple[tuple[int, int], ...], ...]
    """Per trump suit index, (pool, size) pairs: a hand can hold a combination only if it
    holds ``size`` cards of some ``pool``."""
    smallest_lead_combination: int = _NEVER
    """Fewest cards of a combination that is led when declared (it may be declared only
    while every hand holds that many); a large number when there is none."""
    smallest_win_combination: int = _NEVER
    """Fewest cards of a combination that wins the deal when declared; a large number
    when there is none."""
    suit_masks: tuple[int, ...] = ()
    """Per suit, its cards as a bit set."""
    groups: tuple[tuple[int, ...], ...] = ()
    """Per trump suit index (as :attr:`beats`), per card, the cards of the suit it counts
    in (its printed suit unless the ``card_order`` hook says otherwise) as a bit set."""
    trump_groups: tuple[int, ...] = ()
    """Per trump suit index, the cards that count as trumps (none without trumps)."""
    trump_ranking: tuple[tuple[int, ...], ...] = ()
    """Per trump suit index (the last entry: no trumps), the cards that count as trumps,
    highest first, where a trump order (``play.trump``'s ``ranks`` or ``above``, or a
    ``card_order`` hook) may place cards otherwise than their printed suit and rank; empty
    in a game without one (the trump suit's cards, by rank, are its trumps)."""
    answer_rules: bool = False
    """Some duty or first-trick restriction binds answers (else answers are free)."""
    lead_rules: bool = False
    """An opening card or unbroken suits restrict leads (else leads are free)."""
    follow: bool = False
    """Answers must follow the led suit when able."""
    trump_duty: bool = False
    """A player void in the led suit must trump when able."""
    head: bool = False
    """Answers must beat the cards holding the trick when able."""
    overtrump: bool = False
    """Answers with trumps to a trick a trump holds must beat it when able."""
    partner_frees: bool = False
    """A player void in the led suit whose partner holds the trick is free of the trump
    and overtrump duties."""
    trump_bonus: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Per trump suit index, (card, points added) for the trump suit's cards whose points
    ``play.trump.points`` changes (empty: none does)."""
    announced: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Per trump suit index (the last: no trumps), the sets of ``play.announced`` as
    (cards as a bit set, index of the entry) (empty: none)."""
    announced_cards: tuple[int, ...] = ()
    """Per trump suit index, every card of those sets as one bit set."""
    duties_always: bool = True
    """The duties apply throughout the deal (else once the stock is empty)."""
    duties_closed: bool = False
    """The duties apply once the stock is closed, too."""
    scores: tuple[tuple[int, int, bool], ...] = ()
    """Per combination: points, points in trumps, and whether they count only once the
    declarer has taken a trick; empty unless the combinations score (effect ``score``,
    which the loader lets no other effect join)."""
    suit_scores: tuple[tuple[int, ...], ...] = ()
    """Per combination, its points by the suit of its cards (empty: by :attr:`scores`)."""
    after_a_trick: tuple[bool, ...] = ()
    """Per combination, whether only a player who has taken a trick may declare it."""
    sets_trump: tuple[bool, ...] = ()
    """Per combination, whether declaring it makes the suit of its cards trumps."""
    stock_actions: bool = False
    """The player on lead may exchange, close or announce (``play.exchange``,
    ``play.close``, ``scoring.target``)."""
    exchange_rank: int = -1
    """Rank index of the trump exchanged for the turned-up card (-1: no exchange)."""
    exchanges: tuple[Action, ...] = ()
    """Per suit, the action exchanging that suit's card of ``exchange_rank``."""
    close: Action | None = None
    """The ``close`` action (None: the stock cannot be closed)."""
    announce: Action | None = None
    """The ``announce`` action (None: nothing to announce)."""
    opening_card: int = -1
    """The card that opens every deal (-1: none)."""
    opening_suit: int = 0
    """The cards that may open a deal instead of it (``any_of_suit``), as a bit set."""
    opening_led: bool = False
    """The opening card's holder must lead it (or, with ``opening_suit``, its suit)."""
    unbroken: int = 0
    """Cards of the suits that may not be led until broken, as a bit set."""
    breakers: int = 0
    """Cards whose play breaks those suits (theirs and the named ones), as a bit set."""
    first_trick: int = 0
    """Cards kept out of the first trick by a player void in the led suit, as a bit set."""
    trump_in_hand: bool = False
    """The trump card stays in the dealer's hand (trump source ``dealer_card``)."""
    blocks: tuple[int, ...] = ()
    """The bit set of each block of :attr:`width` card numbers (a suit's, then the extra
    cards'), lowest first: hands are split into these to join per-suit parts."""
    no_trumps: int = 0
    """The index of no trumps in :attr:`beats`, :attr:`groups`... (the number of suits)."""
    draws_up: bool = False
    """The hands are refilled from the stock after a trick (``play.draw``: winner first
    or face-up top)."""
    face_up_draw: bool = False
    """The stock's top card lies face up (``play.draw: face_up_top``)."""
    counted_always: bool = True
    """Every trick counts for the deal score (``scoring.counted: always``)."""
    melds: MeldTables | None = None
    """``play.melds`` compiled (None: no declarations compared between the sides)."""
    alternatives: tuple[tuple[int, TricksTables], ...] = ()
    """The card orders listed phases may put in force for a deal (a game type the
    declarer names), each compiled once: its trump suit (-1: none) and its tables."""
    following: tuple[int, ...] = ()
    """Per seat, the next seat in the game's turn order (``game.turns.following``), and
    below the place of each seat in a trick led by each seat (``turns.places``) and the
    game's ``hooked_legality``: the game's, kept here where a compiled build reads them
    natively at every move (set by the procedure's ``compile``)."""
    places: tuple[tuple[int, ...], ...] = ()
    hooked_legality: bool = False
    lead_max: int = 1
    """The most cards of a lead (``play.lead.max_cards``), and below whether they are of
    one suit (``play.lead.same_suit``): read at every lead, so copied out of the rule
    record (which a compiled build reads the slow way)."""
    lead_same_suit: bool = True
    answer_face_up: bool = True
    """Answers may be laid face up (``play.answer.face_up``), and below face down
    (``play.answer.face_down``): read at every new answering hand, so copied out of the
    rule record like the lead rule's."""
    answer_face_down: bool = False
    # attrs.Factory, not attrs.field(factory=...): see the defaults of cards.Pack.
    masks: dict[Action, int] = attrs.Factory(dict)
    """Every action made so far -> its cards as a bit set."""
    view_info: ViewInfo | None = None
    """What views need, made by the first view (:func:`.tricks_io.view_info`)."""
    kernel_plain: int = -1
    """Whether the play these tables compile is plain play, which the family's play-out
    kernel plays (:func:`.playout.plays_plainly`): 1 or 0 once worked out, -1 before."""
    _actions: dict[tuple[Kind, str], dict[int, Action]] = attrs.Factory(dict)
    _leads: dict[int, tuple[Action, ...]] = attrs.Factory(dict)
    _declares: dict[int, tuple[Declaration, ...]] = attrs.Factory(dict)
    _answers: dict[int, tuple[Action, ...]] = attrs.Factory(dict)
    _block_leads: tuple[dict[int, tuple[Action, ...]], ...] = ()
    """Per block of :attr:`blocks`, the leads from its cards, by the lead's size limit
    above the block's cards shifted down to bit 0. Keys of a block's own bits, not the
    bits as they lie in a hand: a dict hashes an int as itself, and a high suit's bit
    sets all share their low bits (0), so they would share their first slots (long
    probe chains in the lookups of every decision)."""
    _block_singles: tuple[dict[int, tuple[tuple[Action, ...], tuple[Action, ...]]], ...] = ()
    """Per block, the one-card answers from its cards (face up, face down), keyed alike."""
    _block_joined: tuple[dict[int, tuple[Action, ...]], ...] = ()
    """Per block, the one-card answers of a hand holding that block's cards alone
    (face up then face down), keyed alike."""

    @classmethod
    def compile(cls, pack: Pack, play: TricksPlay, scoring: TrickScoring,
                hand_size: int, order: CardOrder | None = None,
                hand_sizes: tuple[int, ...] | None = None) -> TricksTables:
        """Compile ``play`` and ``scoring`` for ``pack`` and hands of ``hand_size``;
        ``order`` is the ``card_order`` hook (None: the default, ``play.beats``);
        ``hand_sizes``, the hands of the match's deals in turn (None: always ``hand_size``;
        empty: drawn by lot)."""
        within = clause_table(pack, play.beats)
        beats, patterns, groups, trump_groups = [], [], [], []
        ranking: list[tuple[int, ...]] = []
        for trump in (*range(len(pack.suits)), -1):
            if order is not None:
                group, beaten, trumps, highest_first = _ordered(pack, order, trump)
                beats.append(beaten)
                groups.append(group)
                trump_groups.append(trumps)
                ranking.append(highest_first)
            else:
                ranked = [[pack.suits[trump]]] if trump >= 0 else []
                cross = class_table(pack, suit_classes(pack, ranked), _TRUMP_BEAT_ANY_RANK)
                beats.append(tuple(w | x for w, x in zip(within, cross)))
                groups.append(tuple(pack.suit_mask(pack.suit(c)) if c < pack.grid else 0
                                    for c in range(pack.size)))  # a joker follows no suit
                trump_groups.append(pack.suit_mask(trump) if trump >= 0 else 0)
            patterns.append(tuple(
                compile_pattern(
                    pack, name=name, size=spec.size, ranks=spec.all.ranks,
                    trump=spec.all.trump, same_suit=spec.same_suit, trump_suit=trump,
                    include=[filter_mask(pack, ranks=f.ranks, trump=f.trump, trump_suit=trump)
                             for f in spec.include])
                for name, spec in play.combinations.items()))
        suit_masks = tuple(pack.suit_mask(s) for s in range(len(pack.suits)))
        duties, opening, unbroken = play.duties, play.opening, play.unbroken
        unbroken_mask = sum(suit_masks[pack.suits.index(s)] for s in unbroken.suits) \
            if unbroken else 0
        first_trick = 0
        for name in play.first_trick.no_cards:
            first_trick |= suit_masks[pack.suits.index(name)] if name in pack.suits \
                else 1 << pack.parse(name)
        opening_card = pack.parse(opening.card) if opening else -1
        blocks = -(-pack.size // len(pack.ranks))  # the suits', then the extra cards'
        return cls(
            lead_max=play.lead.max_cards, lead_same_suit=play.lead.same_suit,
            answer_face_up=play.answer.face_up, answer_face_down=play.answer.face_down,
            suit_masks=suit_masks,
            groups=tuple(groups), trump_groups=tuple(trump_groups),
            trump_ranking=tuple(ranking),
            answer_rules=duties.follow is not _FOLLOW_NONE or duties.head or duties.overtrump
            or bool(first_trick),
            lead_rules=(opening is not None and not opening.lead_any) or unbroken is not None,
            follow=duties.follow is _FOLLOW_SUIT, trump_duty=duties.trump_when_void,
            head=duties.head, overtrump=duties.overtrump,
            partner_frees=duties.partner_frees, trump_bonus=_trump_bonus(pack, play),
            announced=(sets := _announced_sets(pack, play)),
            announced_cards=tuple(sum(m for m, _ in per) for per in sets),
            duties_always=duties.when is _CONDITION_ALWAYS,
            duties_closed=duties.when is _CONDITION_STOCK_CLOSED,
            scores=tuple((spec.points, spec.points if spec.trump_points is None
                          else spec.trump_points, spec.counts is _COUNTS_AFTER_A_TRICK)
                         for spec in play.combinations.values())
            if any(spec.effect is _EFFECT_SCORE for spec in play.combinations.values())
            else (),
            suit_scores=tuple(tuple(spec.suit_points.get(s, 0) for s in pack.suits)
                              if spec.suit_points else () for spec in play.combinations.values()),
            after_a_trick=tuple(spec.after_a_trick for spec in play.combinations.values()),
            sets_trump=tuple(spec.sets_trump for spec in play.combinations.values()),
            stock_actions=bool(play.exchange or play.close or scoring.target),
            exchange_rank=pack.ranks.index(play.exchange.rank) if play.exchange else -1,
            exchanges=tuple(_exchange(pack, play.exchange.rank, s) for s in pack.suits)
            if play.exchange else (),
            close=Action(kind=_KIND_CLOSE, label="close") if play.close else None,
            announce=Action(kind=_KIND_ANNOUNCE, label="announce") if scoring.target
            else None,
            opening_card=opening_card,
            opening_suit=suit_masks[pack.suit(opening_card)]
            if opening and opening.any_of_suit else 0,
            opening_led=opening is not None and not opening.lead_any,
            unbroken=unbroken_mask,
            breakers=unbroken_mask | mask_of(tuple(pack.parse(c) for c in unbroken.broken_by))
            if unbroken and not unbroken.never_broken else 0,
            first_trick=first_trick,
            trump_in_hand=play.trump.source is _TRUMP_SOURCE_DEALER_CARD,
            pack=pack, play=play, scoring=scoring, beats=tuple(beats),
            patterns=tuple(patterns),
            checks=tuple(tuple((pool, p.size) for p in ps for pool in p.pools)
                         for ps in patterns),
            effects=tuple(spec.effect for spec in play.combinations.values()),
            bands=tuple((b.min_points, b.min_tricks, b.score) for b in scoring.bands.values()),
            point_cards=sum(1 << c for c in range(pack.size) if pack.value(c)),
            pass_=Action(kind=_KIND_PASS, label="pass"), width=len(pack.ranks),
            hand_size=hand_size,
            hand_sizes=(hand_size,) if hand_sizes is None else hand_sizes,
            smallest_lead_combination=min(
                (s.size for s in play.combinations.values() if s.effect is _EFFECT_LEAD),
                default=_NEVER),
            smallest_win_combination=min(
                (s.size for s in play.combinations.values() if s.effect is _EFFECT_WIN_DEAL),
                default=_NEVER),
            suit_points=_suit_points(pack) if len(pack.ranks) <= 13 else (),
            blocks=tuple(((1 << len(pack.ranks)) - 1) << (i * len(pack.ranks))
                         for i in range(blocks)),
            block_leads=tuple({} for _ in range(blocks)),
            block_singles=tuple({} for _ in range(blocks)),
            block_joined=tuple({} for _ in range(blocks)),
            no_trumps=len(pack.suits),
            draws_up=play.draw in (_DRAW_ORDER_FACE_UP_TOP, _DRAW_ORDER_WINNER_FIRST),
            face_up_draw=play.draw is _DRAW_ORDER_FACE_UP_TOP,
            counted_always=scoring.counted is _CONDITION_ALWAYS,
            melds=MeldTables.compile(pack, play.melds) if play.melds is not None else None)

    def action_families(self) -> tuple[Family, ...]:
        """Every action a deal may offer, for :class:`~cardrules.engine.action_space.ActionSpace`:
        pass, leads, answers face up and face down (as many cards as the largest lead,
        plain or by a combination), each combination's declaration (within the cards
        it may hold under any trump suit), each declaration compared between the sides
        (``play.melds``), then the exchanges, ``close`` and ``announce``
        where the game has them."""
        pack, rule = self.pack, self.play
        lead = min(rule.lead.max_cards, self.hand_size)
        # a lead of one suit: the extra cards (jokers), of no suit, make a pool of their own
        suits = tuple(pack.suit_mask(s) for s in range(len(pack.suits))) + \
            ((pack.extra_cards,) if pack.extra else ())
        names = [p.name for p in self.patterns[0]]
        sizes = [p.size for p in self.patterns[0]]
        largest = max([lead, *(size for size, effect in zip(sizes, self.effects)
                               if effect is _EFFECT_LEAD)])
        answer = tuple(range(1, min(largest, self.hand_size) + 1))
        return (
            Listed(actions=(self.pass_,)),
            CardSets(kind=_KIND_LEAD, sizes=tuple(range(1, lead + 1)),
                     pools=suits if rule.lead.same_suit else ()),
            *([CardSets(kind=_KIND_ANSWER, sizes=answer)] if rule.answer.face_up else []),
            *([CardSets(kind=_KIND_THROW, sizes=answer)] if rule.answer.face_down else []),
            *(CardSets(kind=_KIND_DECLARE, name=name,
                       sizes=(size,),
                       pools=tuple(pool for patterns in self.patterns
                                   for pool in patterns[i].pools) or (0,))
              for i, (name, size) in enumerate(zip(names, sizes))),
            *(self.melds.action_families() if self.melds is not None else ()),
            *([Listed(actions=stock)] if (stock := self.stock_listed()) else []))

    def stock_listed(self) -> tuple[Action, ...]:
        """The exchanges, ``close`` and ``announce``, as this game offers them."""
        return (*self.exchanges, *([self.close] if self.close else []),
                *([self.announce] if self.announce else []))

    def trump_index(self, trump: int) -> int:
        """Index into :attr:`beats` and :attr:`patterns` for a trump suit (-1: none)."""
        return trump if trump >= 0 else len(self.pack.suits)

    def action(self, kind: Kind, mask: int, name: str = "") -> Action:
        """The (shared) action laying the cards of ``mask``, in a player's sort order."""
        made = self._made(kind, name)
        found = made.get(mask)
        if found is None:
            cards = self.pack.cards_of(mask)
            words = [kind.value, *([name] if name else []), *self.pack.names(cards)]
            found = Action(kind=kind, cards=cards, name=name, label=" ".join(words))
            made[mask] = found
            self.masks[found] = mask
        return found

    def actions(self, kind: Kind, masks: list[int]) -> tuple[Action, ...]:
        """The (shared) actions laying the cards of each of ``masks``, in order."""
        made = self._made(kind, "")
        out: list[Action] = []
        for m in masks:  # one look-up each (not a test, then a read)
            found = made.get(m)
            out.append(self.action(kind, m) if found is None else found)
        return tuple(out)

    def _made(self, kind: Kind, name: str) -> dict[int, Action]:
        """Actions of ``kind`` (and combination ``name``) made so far, by bit set."""
        made = self._actions.get((kind, name))
        if made is None:
            made = self._actions[(kind, name)] = {}
        return made

    def leads(self, hand: int, limit: int) -> tuple[Action, ...]:
        """Every lead of at most ``limit`` cards from ``hand``, suit by suit.

        Leads of one suit are joined from per-suit parts, which is cheaper than a
        per-hand cache that mostly misses (hands seldom repeat); leads mixing suits are
        cached per hand.
        """
        limit = min(limit, self.lead_max)
        if not self.lead_same_suit and limit > 1:
            key = hand << 5 | limit
            found = self._leads.get(key)
            if found is None:
                if len(self._leads) > _CACHE_LIMIT:
                    self._leads.clear()
                made: list[Action] = []  # a loop: no closure over ``hand`` (mypyc)
                for size in range(1, limit + 1):
                    for chosen in subsets(hand, size):
                        made.append(self.action(_KIND_LEAD, chosen))
                found = self._leads[key] = tuple(made)
            return found
        width = self.width
        full = (1 << width) - 1
        out: tuple[Action, ...] = ()
        shift = 0
        for cache in self._block_leads:
            own = hand >> shift & full
            if own:
                key = limit << width | own
                part = cache.get(key)
                if part is None:
                    held = own << shift
                    part = cache[key] = tuple(
                        self.action(_KIND_LEAD, chosen) for size in range(1, limit + 1)
                        for chosen in subsets(held, size))
                out += part
            shift += width
        return out

    def answers(self, hand: int, size: int) -> tuple[Action, ...]:
        """Every answer of ``size`` cards from ``hand``: face up, then face down.

        One-card answers are joined from per-suit parts; answers of several cards are
        cached per hand.
        """
        if size == 1:
            return self._singles(hand)
        key = hand << 5 | size
        found = self._answers.get(key)
        if found is None:
            if len(self._answers) > _CACHE_LIMIT:
                self._answers.clear()
            up, down = self._sets(hand, size)
            found = self._answers[key] = up + down
        return found

    def _singles(self, hand: int) -> tuple[Action, ...]:
        """One-card answers, joined from per-suit parts (few suit patterns recur); cards
        of one suit (following suit, the usual case) are one lookup."""
        width = self.width
        full = (1 << width) - 1
        low = (hand & -hand).bit_length() - 1
        first = low // width if low > 0 else 0  # the lowest block held
        shift = first * width
        own = hand >> shift
        if not own >> width:
            joined_cache = self._block_joined[first]
            joined = joined_cache.get(own)
            if joined is None:
                face_up, face_down = self._sets(hand, 1)
                joined = joined_cache[own] = face_up + face_down
            return joined
        caches = self._block_singles
        up: tuple[Action, ...] = ()
        down: tuple[Action, ...] = ()
        for block in range(first, len(caches)):
            own = hand >> shift & full
            if own:
                cache = caches[block]
                part = cache.get(own)
                if part is None:
                    part = cache[own] = self._sets(own << shift, 1)
                up += part[0]
                down += part[1]
            shift += width
        return up + down

    def _sets(self, hand: int, size: int) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
        """Answers of ``size`` cards from ``hand``: face up, and face down."""
        masks = subsets(hand, size)
        up = self.actions(_KIND_ANSWER, masks) if self.answer_face_up else ()
        down = self.actions(_KIND_THROW, masks) if self.answer_face_down else ()
        return up, down

    def _led_and_trumps(self, lead: int, size: int, trump: int) -> tuple[int, int]:
        """The cards of the suits ``lead`` (of ``size`` cards) is in, and the trumps
        outside them, as bit sets."""
        index = self.trump_index(trump)
        groups = self.groups[index]
        led = 0
        if size == 1:
            led = groups[lead.bit_length() - 1]
        else:
            for card in bits(lead):
                led |= groups[card]
        return led, self.trump_groups[index] & ~led

    def bound_answers(self, hand: int, lead: int, held: int, trump: int, *, duties: bool,
                      first: bool, free: bool = False) -> tuple[Action, ...]:
        """The answers to ``lead`` (held by ``held``) from ``hand`` that the duties (when
        ``duties``) and, on the ``first`` trick, the first-trick restriction allow;
        ``free``: the player's partner holds the trick (see ``partner_frees``).

        Step by step, each step keeping only the answers that meet it when some do: as
        many cards of the led suit as possible; else as many trumps; on the first trick,
        for a player void in the led suit, as few restricted cards as possible; then an
        answer that beats ``held``; then, of the answers with trumps, those that beat
        ``held`` when a trump holds it (the answers without trumps kept).  One-card
        answers work on bit sets.
        """
        if lead and not lead & (lead - 1):  # one card led (the usual case)
            return self._singles(self.single_answers(hand, lead, held, trump, duties=duties,
                                                     first=first, free=free))
        size = count(lead)
        led, trumps = self._led_and_trumps(lead, size, trump)
        void = not hand & led
        freed = free and self.partner_frees and void
        restricted = self.first_trick if first and void else 0
        follow, trump_duty, head = (self.follow and duties,
                                    self.trump_duty and duties and not freed,
                                    self.head and duties)
        masks = [self.masks[a] for a in self.answers(hand, size) if a.kind is _KIND_ANSWER]
        if follow:
            masks = _most(masks, led)
            if trump_duty:
                masks = _most(masks, trumps)
        if restricted:
            masks = _most(masks, restricted, fewest=True)
        if head:
            beating = [m for m in masks if self.beats_set(m, held, trump)]
            masks = beating or masks
        if self.overtrump and duties and not freed:
            masks = self.overtrumping(masks, held, trump)
        return self.actions(_KIND_ANSWER, masks)

    def single_answers(self, hand: int, lead: int, held: int, trump: int, *, duties: bool,
                       first: bool, free: bool = False) -> int:
        """The cards of ``hand`` that :meth:`bound_answers` allows one at a time to the one
        card ``lead`` (the trick held by the one card ``held``), as a bit set, on bit sets
        alone (what the family's play-outs read, :mod:`.playout`).

        >>> import cardrules
        >>> tables = cardrules.load("hearts").tables
        >>> first, other = tables.suit_masks[0], tables.suit_masks[1]
        >>> lead = first & -first  # the lowest card of the first suit
        >>> hand = first & ~lead | other
        >>> tables.single_answers(hand, lead, lead, -1, duties=True, first=False) == first & ~lead
        True
        """
        index = trump if trump >= 0 else self.no_trumps
        led = self.groups[index][lead.bit_length() - 1]
        allowed = hand
        freed = free and self.partner_frees and not hand & led
        if duties:
            if self.follow and hand & led:
                allowed = hand & led
            elif self.trump_duty and not freed and hand & self.trump_groups[index] & ~led:
                allowed = hand & self.trump_groups[index] & ~led
        if first and self.first_trick and not hand & led:
            restricted = self.first_trick
            if allowed & restricted and allowed & ~restricted:
                allowed &= ~restricted
        if duties and self.head:
            beaters = allowed & self.beats[index][held.bit_length() - 1]
            if beaters:
                allowed = beaters
        if duties and self.overtrump and not freed and held & self.trump_groups[index]:
            beaters = allowed & self.beats[index][held.bit_length() - 1]
            if beaters:  # a card that beats a trump is a higher trump
                allowed = allowed & ~self.trump_groups[index] | beaters
        return allowed

    def overtrumping(self, masks: list[int], held: int, trump: int) -> list[int]:
        """Of ``masks``, those the overtrump duty allows: when trumps hold the trick
        (``held``) and some answer with trumps beats it, the answers with trumps that do
        and the answers without trumps; else all of them."""
        trumps = self.trump_groups[trump if trump >= 0 else self.no_trumps]
        if not held & trumps:
            return masks
        beating = {m for m in masks if m & trumps and self.beats_set(m, held, trump)}
        return [m for m in masks if m in beating or not m & trumps] if beating else masks

    def answer_shows(self, answer: int, lead: int, held: int, trump: int, *,
                     first: bool, free: bool, known: int) -> int:
        """What a face-up ``answer`` shows its player not to have held
        (:meth:`shown_missing`), with the cases that show nothing cut short: without a
        head or overtrump duty, an answer to one card led shows nothing where it follows
        suit, nor where it does not and trumps are no duty and the player is ``known``
        to hold none of the led suit already (the state and the play-out kernel ask
        this alike)."""
        if self.head or self.overtrump or lead & (lead - 1):
            return self.shown_missing(answer, lead, held, trump, first=first, free=free)
        led = self.groups[trump if trump >= 0 else self.no_trumps][lead.bit_length() - 1]
        if answer & led or not (self.trump_duty or led & ~known):
            return 0
        return self.shown_missing(answer, lead, held, trump, first=first, free=free)

    def shown_missing(self, answer: int, lead: int, held: int, trump: int, *,
                      first: bool, free: bool = False) -> int:
        """The cards a face-up ``answer`` to ``lead`` (the trick held by ``held``), made
        while the duties apply, shows its player not to have held (see
        :meth:`bound_answers`): the rest of the led suit where it did not follow with as
        many cards as it had to, the rest of the trumps where it did not trump as far as
        it had to, and, for a one-card answer that does not beat ``held``, the cards of
        the class it had to answer from that would have beaten it (not on a ``first``
        trick with restricted cards, where the class may have been narrowed); with the
        overtrump duty, for a one-card trump that does not beat a trump holding the
        trick, the trumps that would have.  A player void in the led suit whose partner
        holds the trick (``free``, with ``partner_frees``) shows only the led suit
        missing."""
        size = count(lead)
        led, trumps = self._led_and_trumps(lead, size, trump)
        if free and self.partner_frees and not answer & led:
            return led & ~answer if self.follow else 0
        missing = 0
        among = self.pack.full
        if self.overtrump and size == 1 and answer & trumps and held & trumps \
                and not (first and self.first_trick) \
                and not self.beats_set(answer, held, trump):
            missing |= trumps & self.beats[self.trump_index(trump)][held.bit_length() - 1]
        if self.follow:
            following = count(answer & led)
            if following == size:
                among = led
            else:
                missing |= led & ~answer
                if self.trump_duty:
                    if following + count(answer & trumps) < size:
                        missing |= trumps & ~answer
                    else:
                        among = trumps
        elif self.trump_duty and size == 1:
            if answer & trumps:
                among = trumps
            else:
                missing |= trumps
        if self.head and size == 1 and not (first and self.first_trick) \
                and not self.beats_set(answer, held, trump):
            missing |= among & self.beats[self.trump_index(trump)][held.bit_length() - 1]
        return missing

    def bound_leads(self, hand: int, limit: int, *, first: bool,
                    broken: bool) -> tuple[Action, ...]:
        """The leads from ``hand`` (of at most ``limit`` cards) that the opening card (on
        the ``first`` trick, when held) and the unbroken suits (unless ``broken``) allow:
        the opening card (or, with ``any_of_suit``, cards of its suit only), then no card
        of an unbroken suit while the hand holds other cards."""
        hand, must = self._lead_bounds(hand, first=first, broken=broken)
        if must and self.lead_max > 1:
            return tuple(a for a in self.leads(hand, limit) if self.masks[a] & must)
        return self.leads(must or hand, limit)

    def _lead_bounds(self, hand: int, *, first: bool, broken: bool) -> tuple[int, int]:
        """What :meth:`bound_leads` leads from: the cards of ``hand`` a lead may hold, and
        the card every lead must hold (0: none)."""
        opening = self.opening_card
        must = 0
        if first and opening >= 0 and self.opening_led and (hand >> opening) & 1:
            if self.opening_suit:
                hand &= self.opening_suit
            else:
                must = 1 << opening
        if not broken and hand & ~self.unbroken and (must & ~self.unbroken or not must):
            hand &= ~self.unbroken
        return hand, must

    def single_leads(self, hand: int, *, first: bool, broken: bool) -> int:
        """The cards of ``hand`` that may be led one at a time, as a bit set: every card
        without lead rules, else those :meth:`bound_leads` allows (what the family's
        play-outs read, :mod:`.playout`).

        >>> import cardrules
        >>> tables = cardrules.load("hearts").tables
        >>> hand = tables.suit_masks[0] | tables.suit_masks[2]  # clubs and hearts
        >>> tables.single_leads(hand, first=False, broken=False) == tables.suit_masks[0]
        True
        >>> tables.single_leads(hand, first=False, broken=True) == hand
        True
        """
        if not self.lead_rules:
            return hand
        hand, must = self._lead_bounds(hand, first=first, broken=broken)
        return must or hand

    def may_declare(self, hand: int, index: int) -> bool:
        """Quick test: could ``hand`` hold a combination (trump index from
        :meth:`trump_index`)?  False means it certainly holds none.

        Not cached: hands seldom repeat, and a few bit counts cost less than a miss.
        """
        for pool, size in self.checks[index]:  # noqa: SIM110 - any() over a generator is slower
            if count(hand & pool) >= size:
                return True
        return False

    def declarations(self, hand: int, trump: int) -> tuple[Declaration, ...]:
        """Every combination ``hand`` holds when ``trump`` is the trump suit."""
        index = trump if trump >= 0 else len(self.pack.suits)
        if not self.may_declare(hand, index):
            return ()
        key = hand << 5 | index
        found = self._declares.get(key)
        if found is None:
            if len(self._declares) > _CACHE_LIMIT:
                self._declares.clear()
            patterns = self.patterns[index]
            found = tuple(
                Declaration(action=self.action(_KIND_DECLARE, mask, patterns[i].name), mask=mask,
                            size=patterns[i].size, effect=self.effects[i],
                            points=self._points(i, mask, trump), later=bool(self.scores)
                            and self.scores[i][2], after_a_trick=self.after_a_trick[i],
                            trump=self.pack.suit(mask.bit_length() - 1)
                            if self.sets_trump[i] else -1)
                for i, mask in find(hand, patterns))
            self._declares[key] = found
        return found

    def _points(self, i: int, mask: int, trump: int) -> int:
        """What combination ``i`` held as ``mask`` scores (0 unless it scores)."""
        if not self.scores:
            return 0
        if self.suit_scores[i]:
            return self.suit_scores[i][self.pack.suit(mask.bit_length() - 1)]
        points, in_trumps, _ = self.scores[i]
        return in_trumps if mask & self.trump_groups[self.trump_index(trump)] else points

    def beats_set(self, cards: int, held: int, trump: int) -> bool:
        """True if the set ``cards`` beats the set ``held`` by one-to-one pairing."""
        table = self.beats[trump if trump >= 0 else len(self.pack.suits)]
        if held & (held - 1) == 0:
            return bool(cards & table[held.bit_length() - 1])
        return _pairs(cards, held, table)

    def points_of(self, mask: int) -> int:
        """Card points of the cards in ``mask``."""
        table, width = self.suit_points, self.width
        if not table:
            return self.pack.value_of(mask)
        full, total, suit = (1 << width) - 1, 0, 0
        while mask:
            total += table[suit][mask & full]
            mask >>= width
            suit += 1
        return total

    def card_points(self, mask: int, trump: int) -> int:
        """Card points of the cards in ``mask`` with ``trump`` the trump suit (-1: none),
        the trump suit's own by ``play.trump.points`` where it gives them."""
        points = self.points_of(mask)
        if self.trump_bonus and trump >= 0:
            for card, bonus in self.trump_bonus[trump]:
                if mask >> card & 1:
                    points += bonus
        return points

    def score(self, points: int, tricks: int) -> int:
        """The first band reached with ``points`` and ``tricks`` (0 when none is)."""
        for min_points, min_tricks, score in self.bands:
            if points >= min_points and tricks >= min_tricks:
                return score
        return 0


def _ordered(pack: Pack, order: CardOrder, trump: int
             ) -> tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]:
    """Per card, the cards of the suit it counts in and the cards that beat it, the cards
    that count as trumps, and those highest first, when ``trump`` is the trump suit (-1:
    none), by the ``card_order`` hook ``order``: a higher card of the same suit beats, and
    so does any trump a card of another suit.  Cards the order places in the suit after
    the pack's last are trumps even without a trump suit (a grand's jacks)."""
    placed = [order(TrickCardInput(pack=pack, card=c, trump=trump)) for c in range(pack.size)]
    # one more suit than the pack's: cards the order makes trumps without a trump suit
    members = [mask_of(c for c in range(pack.size) if placed[c].suit == s)
               for s in range(len(pack.suits) + 1)]
    trumps = members[trump] if trump >= 0 else members[-1]
    group = tuple(members[p.suit] if p.suit >= 0 else 0 for p in placed)
    beaten = tuple(
        mask_of(d for d in bits(group[c]) if placed[d].order > placed[c].order)
        | (trumps if not trumps >> c & 1 else 0)
        for c in range(pack.size))
    ranking = tuple(sorted(bits(trumps), key=lambda c: -placed[c].order))
    return group, beaten, trumps, ranking


def _exchange(pack: Pack, rank: str, suit: str) -> Action:
    """The action exchanging the card of ``rank`` and ``suit`` for the turned-up card."""
    card = pack.parse(rank + suit)
    return Action(kind=_KIND_EXCHANGE, cards=(card,), label=f"exchange {pack.name(card)}")


def _most(masks: list[int], within: int, *, fewest: bool = False) -> list[int]:
    """The bit sets of ``masks`` with the most cards in ``within`` (or the fewest)."""
    if not masks:
        return masks
    scores = [count(m & within) for m in masks]
    best = min(scores) if fewest else max(scores)
    return [m for m, s in zip(masks, scores) if s == best]


def _pairs(cards: int, held: int, table: tuple[int, ...]) -> bool:
    """True if every card of ``held`` can be given a distinct beater from ``cards``."""
    if not held:
        return True
    low = held & -held
    candidates = cards & table[low.bit_length() - 1]
    while candidates:
        pick = candidates & -candidates
        if _pairs(cards ^ pick, held ^ low, table):
            return True
        candidates ^= pick
    return False


def _trump_bonus(pack: Pack, play: TricksPlay) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per trump suit index, the (card, points added) that ``play.trump.points`` gives
    the trump suit's cards (empty: none).

    >>> from cardrules.families.tricks.model import TricksTrump
    >>> pack = Pack(ranks=("9", "J", "A"), suits=("S", "H"), points=(0, 2, 11))
    >>> play = TricksPlay(procedure="tricks", trump=TricksTrump(points={"J": 20, "9": 14}))
    >>> [[(pack.name(c), add) for c, add in per] for per in _trump_bonus(pack, play)]
    [[('9S', 14), ('JS', 18)], [('9H', 14), ('JH', 18)], []]
    """
    points = play.trump.points
    if not points:
        return ()
    out = []
    for suit in range(len(pack.suits)):
        per = []
        for card in bits(pack.suit_mask(suit)):
            rank = pack.ranks[pack.rank(card)]
            if rank in points and points[rank] != pack.value(card):
                per.append((card, points[rank] - pack.value(card)))
        out.append(tuple(per))
    return (*out, ())


def _announced_sets(pack: Pack, play: TricksPlay) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per trump suit index (the last: no trumps), the sets of ``play.announced``: per
    entry and suit allowed, (its cards as a bit set, the entry's index).

    >>> from cardrules.families.tricks.model import Announced
    >>> pack = Pack(ranks=("Q", "K", "A"), suits=("S", "H"))
    >>> play = TricksPlay(procedure="tricks", announced={
    ...     "belote": Announced(ranks=("K", "Q"), trump=True, points=20)})
    >>> [[pack.names(pack.cards_of(m)) for m, _ in per] for per in _announced_sets(pack, play)]
    [[('KS', 'QS')], [('KH', 'QH')], []]
    """
    if not play.announced:
        return ()
    out = []
    for trump in (*range(len(pack.suits)), -1):
        per = []
        for index, spec in enumerate(play.announced.values()):
            for suit in range(len(pack.suits)):
                if spec.trump is not None and spec.trump != (suit == trump):
                    continue
                per.append((sum(1 << c for c in bits(pack.suit_mask(suit))
                                if pack.ranks[pack.rank(c)] in spec.ranks), index))
        out.append(tuple(per))
    return tuple(out)


def _suit_points(pack: Pack) -> tuple[tuple[int, ...], ...]:
    """Per suit, the card points of every set of its ranks (bit ``r``: rank ``r``), each
    set's from the set without its lowest card (8,192 sets a suit of 13 ranks).

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("9", "10", "A"), suits=("S", "H"), points=(0, 10, 11))
    >>> _suit_points(pack)[1]
    (0, 0, 10, 10, 11, 11, 21, 21)
    """
    width = len(pack.ranks)
    tables = []
    for suit in range(-(-pack.size // width)):  # extra cards: blocks after the suits
        values = [pack.value(c) if c < pack.size else 0
                  for c in range(suit * width, suit * width + width)]
        table = [0] * (1 << width)
        for m in range(1, 1 << width):
            table[m] = table[m & (m - 1)] + values[(m & -m).bit_length() - 1]
        tables.append(tuple(table))
    return tuple(tables)
