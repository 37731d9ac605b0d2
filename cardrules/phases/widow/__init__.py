"""The ``widow`` phase: the declarer takes the undealt cards (the widow, talon, kitty or
skat) into hand, then discards as many face down or gives one to each other player.

The widow is whatever the deal left in the stock.  Once a listed phase before it has
made a declarer (an auction's last bidder, the first to name a game: the phase reads
them through the table, :class:`~cardrules.engine.table.HasDeclarer`), the declarer
takes the widow into hand; with ``shown: true`` it is first turned face up for everyone
to see (the views show it to all, and the event is public).  Then, one card per action,
the declarer either

- discards ``discard`` cards face down (``discard 7D``), seen by the declarer alone and
  kept apart; with ``counts_for: declarer`` (the default) they count as taken by the
  declarer when the deal is scored (``nobody``: they count for no one), or
- with ``give: one_each``, gives one card face down to each other player (``give 7D``),
  in turn from the declarer's left in the play's direction; the giver remembers where
  each went, the receiver sees it in hand.

A deal without a declarer (everyone passed) skips the phase.  Refusals quote the rule
number of ``references: {widow: ...}``.

>>> phase = Widow()
>>> print(phase.describe(phase.settings({"discard": 2})))  # doctest: +NORMALIZE_WHITESPACE
The declarer takes the undealt cards (the widow) into hand, then discards 2 cards face
down, one at a time; they count as taken by the declarer.
>>> print(phase.describe(phase.settings({"shown": True, "give": "one_each"})))
... # doctest: +NORMALIZE_WHITESPACE
The declarer takes the undealt cards (the widow), turned face up for all to see first,
into hand, then gives one card face down to each other player in turn from the left.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import at_cards, bits
from cardrules.engine.action_space import CardSets as CardSetFamily
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import raw_event
from cardrules.engine.fields import CardSets, KnownCards, SeenCards, field
from cardrules.engine.native import mypyc_attr
from cardrules.engine.observation import Cards, CardsBySeat, Field, Number
from cardrules.engine.table import HasDeclarer, with_seat
from cardrules.engine.views import View
from cardrules.model.common import Visibility
from cardrules.model.variant import Variant
from cardrules.phases import Phase, find, register
from cardrules.phases.memo import card_actions

if TYPE_CHECKING:
    from cardrules.engine.heuristics import CardFacts

__all__ = ["HAND", "TAKE", "CountsFor", "Widow", "WidowFields", "WidowSettings",
           "WidowTable"]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_KIND_VERB: Final = Kind.VERB


TAKE = Action(kind=Kind.VERB, name="take", label="take")
"""Take the widow into hand (with ``hand``: rather than play from the hand)."""
HAND = Action(kind=Kind.VERB, name="hand", label="hand")
"""Play from the hand, leaving the widow face down (with ``hand``)."""


class CountsFor(enum.Enum):
    """Whom the discarded cards count for when the deal is scored."""

    DECLARER = "declarer"
    """As taken by the declarer."""
    NOBODY = "nobody"
    """For no one."""


@attrs.frozen(kw_only=True)
class WidowSettings:
    """The phase's section of a rule file."""

    shown: bool = False
    """The widow is turned face up for everyone to see before the declarer takes it."""
    discard: int = 0
    """Cards the declarer then discards face down (0: none)."""
    give: bool = False
    """The declarer then gives one card face down to each other player (``one_each``)."""
    counts_for: CountsFor = CountsFor.DECLARER
    """Whom the discarded cards count for."""
    hand: bool = False
    """The declarer first chooses to take the widow (``take``) or to play from the hand
    (``hand``): the widow then stays face down and counts as taken by the declarer."""


@attrs.define(slots=False)
class WidowFields:
    """The phase's state fields."""

    _widow_shown: tuple[int, ...] = field(SeenCards(), label="widow shown")
    """Per seat, the widow's cards that seat saw (the declarer's; everyone's when shown)."""
    _widow_seen: tuple[int, ...] = field(KnownCards(), label="widow seen")
    """Per seat but the declarer's (who holds it), the widow's cards whose place that
    seat still knows: all it was shown, until the declarer lays a card face down where
    that seat cannot see (any card the declarer held may be the one laid away)."""
    _widow_discard: tuple[int, ...] = field(
        CardSets(zone="widow_discard", seen=Visibility.OWNER, allowed=(Visibility.OWNER,)),
        label="widow discard")
    """The cards the declarer discarded, face down (seen by the declarer only)."""
    _widow_given: tuple[int, ...] = field(KnownCards(), label="widow given")
    """Per seat, the cards it gave (it knows where they went)."""


class WidowTable(HasDeclarer, Protocol):
    """The table the widow phase works at: a declarer, and its own fields."""

    _widow_shown: tuple[int, ...]
    _widow_seen: tuple[int, ...]
    _widow_discard: tuple[int, ...]
    _widow_given: tuple[int, ...]


@mypyc_attr(native_class=False)  # a subclass of the interpreted Phase
class Widow(Phase[WidowTable]):
    """The declarer takes the widow, then discards or gives cards face down."""

    name = "widow"
    hands_out_undealt = True
    verbs: ClassVar[Mapping[str, bool]] = {"discard": True, "give": True}
    fields = WidowFields
    zones = ("hand", "stock")
    candidates_all_legal = True  # every card of the declarer's hand may go
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False,
        "properties": {
            "shown": {"type": "boolean", "description":
                      "The widow is turned face up for everyone to see before the declarer "
                      "takes it (default false)."},
            "discard": {"type": "integer", "minimum": 1, "maximum": 16, "description":
                        "Cards the declarer then discards face down, one at a time."},
            "give": {"enum": ["one_each"], "description":
                     "The declarer then gives one card face down to each other player, in "
                     "turn from the left."},
            "counts_for": {"enum": [c.value for c in CountsFor], "description":
                           "Whom the discarded cards count for when the deal is scored "
                           "(default: declarer)."},
            "hand": {"type": "boolean", "description":
                     "The declarer first chooses to take the widow ('take') or to play "
                     "from the hand ('hand'): the widow then stays face down and counts "
                     "as taken by the declarer (default false)."}},
        "not": {"anyOf": [{"required": ["discard", "give"]},
                          {"required": ["give", "counts_for"]}]}}

    def settings(self, section: Mapping[str, Any]) -> WidowSettings:
        return WidowSettings(shown=bool(section.get("shown", False)),
                             discard=int(section.get("discard", 0)),
                             give=section.get("give") == "one_each",
                             counts_for=CountsFor(section.get("counts_for", "declarer")),
                             hand=bool(section.get("hand", False)))

    def words(self, settings: WidowSettings) -> Mapping[str, str]:
        """``take`` and ``hand``, where the declarer may play from the hand."""
        return {TAKE.name: "nothing", HAND.name: "nothing"} if settings.hand else {}

    def check(self, settings: WidowSettings, variant: Variant) -> Iterator[str]:
        names = [entry.name for entry in variant.phases]
        before = names[:names.index(self.name)] if self.name in names else []
        makers = []
        for name in before:
            try:
                makers.append(find(name).makes_declarer)
            except KeyError:  # an unknown phase is refused by the rule file's checks
                continue
        if not any(makers):
            yield ("widow needs a phase listed before it that makes a declarer (auction, "
                   "game_type)")
        if names.count(self.name) > 1:
            yield "widow is listed more than once; a deal has one widow"
        if settings.hand and (settings.give or settings.counts_for is CountsFor.NOBODY):
            yield "widow: hand (the widow left counts for the declarer) goes with discard only"

    def describe(self, settings: WidowSettings) -> str:
        shown = ", turned face up for all to see first," if settings.shown else ""
        text = f"The declarer takes the undealt cards (the widow){shown} into hand"
        if settings.give:
            return (f"{text}, then gives one card face down to each other player in turn "
                    "from the left.")
        n = settings.discard
        if settings.hand:
            text = ("The declarer first either plays from the hand ('hand'), the undealt "
                    "cards (the widow) then staying face down and counting as taken by the "
                    "declarer, or takes them ('take') into hand")
        if not n:
            return f"{text}."
        counts = ("they count as taken by the declarer"
                  if settings.counts_for is CountsFor.DECLARER else "they count for no one")
        return (f"{text}, then discards {n} card{'s' if n != 1 else ''} face down, one "
                f"at a time; {counts}.")

    def skip(self, state: WidowTable, settings: WidowSettings) -> bool:
        return state.declarer_seat() < 0

    def enter(self, state: WidowTable, settings: WidowSettings) -> None:
        if settings.hand:  # the declarer first chooses: take it or play from the hand
            state.turn_to(state.declarer_seat())
        else:
            self._take(state, settings)

    def _take(self, state: WidowTable, settings: WidowSettings) -> None:
        """The declarer takes the widow into hand (seen by all when ``shown``)."""
        declarer, n = state.declarer_seat(), state.game.players
        widow = state.cards("stock")
        state.take(declarer, widow, "stock")
        state._widow_shown = tuple(widow if settings.shown or p == declarer else 0
                                   for p in range(n))
        # The declarer sees the widow in their own hand: only the others need to know
        # where it went.
        state._widow_seen = tuple(widow if settings.shown and p != declarer else 0
                                  for p in range(n))
        state.record(raw_event(kind="widow", player=declarer,
                               cards=state.game.pack.cards_of(widow), private=not settings.shown))
        state.turn_to(declarer)

    def finished(self, state: WidowTable, settings: WidowSettings) -> bool:
        """Done on entering when the declarer only takes the widow (neither ``discard``
        nor ``give``, nor a choice to play from the hand)."""
        return not settings.give and not settings.discard and not settings.hand

    def _done(self, state: WidowTable, settings: WidowSettings) -> int:
        """Cards the declarer has discarded or given so far."""
        p = state.to_act
        return (state._widow_given if settings.give else state._widow_discard)[p].bit_count()

    def _receiver(self, state: WidowTable) -> int:
        """Who the next card given goes to: the next seat from the declarer's left that
        has had none."""
        following = state.game.turns.following
        seat = following[state.to_act]
        for _ in range(state._widow_given[state.to_act].bit_count()):
            seat = following[seat]
        return seat

    def _count(self, state: WidowTable, settings: WidowSettings) -> int:
        """Cards the declarer discards or gives in all."""
        return state.game.players - 1 if settings.give else settings.discard

    def inconsistency(self, state: WidowTable, settings: WidowSettings) -> str | None:
        """The widow at work: a declarer, to act, has taken the widow (the stock is empty)
        and has not yet discarded or given every card."""
        declarer = state.declarer_seat()
        if declarer < 0:
            return "nobody has been made declarer: the widow has no taker"
        if state.to_act != declarer:
            return f"player {state.to_act} is to act, not the declarer, player {declarer}"
        if state.cards("stock"):
            if settings.hand:  # the declarer is choosing
                return None
            return "the widow still lies in the stock: the declarer takes it on entering"
        if self._done(state, settings) >= self._count(state, settings):
            return "the declarer has discarded or given every card: the widow is over"
        return None

    def candidates(self, state: WidowTable, settings: WidowSettings) -> list[Action]:
        if settings.hand and state.cards("stock"):
            return [TAKE, HAND]
        actions = card_actions(state.game.pack, "give" if settings.give else "discard")
        return at_cards(actions, state.hand(state.to_act))

    def refusal(self, state: WidowTable, settings: WidowSettings,
                action: Action) -> str | None:
        """Why ``action`` is refused while the declarer lays cards away."""
        word = "give" if settings.give else "discard"
        if settings.hand and state.cards("stock"):
            if action in (TAKE, HAND):
                return None
            reason = (f"the declarer, player {state.to_act}, takes the widow ('take') or "
                      f"plays from the hand ('hand')")
        elif action.kind is not _KIND_VERB or action.name != word:
            left = self._count(state, settings) - self._done(state, settings)
            what = (f"gives a card to player {self._receiver(state)}" if settings.give
                    else f"discards {left} more card(s) face down")
            reason = f"the declarer, player {state.to_act}, {what}: '{word} 7D', say"
        elif len(action.cards) != 1:
            reason = f"{word} one card at a time"
        elif not state.hand(state.to_act) >> action.cards[0] & 1:
            reason = f"you can only {word} a card from your hand"
        else:
            return None
        return reason + state.game.rule_ref(self.name)

    def apply(self, state: WidowTable, settings: WidowSettings, action: Action) -> bool:
        if action == TAKE:
            self._take(state, settings)
            return not settings.give and not settings.discard
        if action == HAND:
            state.record(raw_event(kind="hand", player=state.to_act))
            return True
        p, card = state.to_act, action.cards[0]
        if settings.give:
            receiver = self._receiver(state)
            state.move(1 << card, "hand", "hand", source_seat=p, target_seat=receiver)
            given = state._widow_given
            state._widow_given = with_seat(given, p, given[p] | 1 << card)
            state.record(raw_event(kind="give", player=p, cards=(card,), private=True),
                         raw_event(kind="receive", player=receiver, cards=(card,), private=True))
        else:
            receiver = p
            state.move(1 << card, "hand", "widow_discard", source_seat=p, target_seat=p)
            state.record(raw_event(kind="discard", player=p, cards=(card,), private=True))
        # A seat that saw the widow but not this card laid away no longer knows which
        # of the declarer's cards are where.
        unsure = state.hand(p) | 1 << card
        state._widow_seen = tuple([m if seat in (p, receiver) else m & ~unsure
                                   for seat, m in enumerate(state._widow_seen)])
        return self._done(state, settings) >= self._count(state, settings)

    def counted(self, state: WidowTable, settings: WidowSettings) -> tuple[int, ...]:
        """The discard, as taken by the declarer (``counts_for: declarer``); with
        ``hand``, the widow the declarer left lying."""
        if settings.hand and state.cards("stock") and state.declarer_seat() >= 0:
            d, stock = state.declarer_seat(), state.cards("stock")
            return tuple(stock if p == d else 0 for p in range(state.game.players))
        if settings.counts_for is CountsFor.DECLARER and settings.discard:
            return state._widow_discard
        return ()

    def view_from_fields_in(self, settings: WidowSettings) -> bool:
        """Its fields and the stage at work, but for a widow played from the hand (whether
        it is still in the stock)."""
        return not settings.hand

    def view(self, state: WidowTable, settings: WidowSettings, player: int) -> dict[str, Any]:
        pack = state.game.pack
        seen = state._widow_shown
        widow = max(seen, key=int.bit_count) if seen else 0
        mine = seen[player] if seen else 0
        shown: dict[str, Any] = {
            "widow": list(pack.names(bits(mine))) if mine else widow.bit_count()}
        if settings.hand:  # played from the hand: the declarer left the widow
            listed = [phase for phase, _ in state.game.phases]
            done = state.stage < 0 or state.stage > listed.index(self)
            shown["widow_hand"] = (done and state.declarer_seat() >= 0
                                   and bool(state.cards("stock")))
        if settings.give:
            shown["widow_given"] = list(pack.names(bits(state._widow_given[player])))
        elif settings.discard:
            shown["widow_discard"] = [list(pack.names(bits(m))) if p == player
                                      else m.bit_count()
                                      for p, m in enumerate(state._widow_discard)]
        return shown

    def view_entries(self, game: GameRules, settings: WidowSettings) -> tuple[str, ...]:
        return ("widow", *(("widow_hand",) if settings.hand else ()),
                *(("widow_given",) if settings.give else
                           ("widow_discard",) if settings.discard else ()))

    def families(self, game: GameRules, settings: WidowSettings) -> tuple[Family, ...]:
        choice = (Listed(actions=(TAKE, HAND)),) if settings.hand else ()
        if not settings.give and not settings.discard:
            return choice
        word = "give" if settings.give else "discard"
        return (*choice, CardSetFamily(kind=_KIND_VERB, name=word, sizes=(1,)))

    def observation_fields(self, game: GameRules, settings: WidowSettings,
                           ) -> tuple[Field, ...]:
        return (Cards(key="widow"),
                *((Number(key="widow_hand"),) if settings.hand else ()),
                *((Cards(key="widow_given"),) if settings.give else
                  (CardsBySeat(key="widow_discard"),) if settings.discard else ()))

    def action_bound(self, settings: WidowSettings, variant: Variant) -> int:
        pack = variant.pack.build()
        return max(2, pack.size - (variant.players.min - 1) * variant.deal.hand)

    def move_scorer(self, view: View, settings: WidowSettings, legal: Sequence[Action],
                    ) -> Callable[[Action], float]:
        """Take the widow rather than play from the hand; lay away the cards worth the
        fewest points, the lowest first."""
        return _scorer(view.card_facts)


def _scorer(facts: CardFacts) -> Callable[[Action], float]:
    """:meth:`Widow.move_scorer`'s scorer (a closure made outside the class, which the
    compiled build keeps an ordinary class)."""
    return lambda action: (1.0 if action == TAKE else -1.0 if action == HAND else
                           -sum(facts.value(c) * 100 + facts.rank(c) for c in action.cards))



register(Widow())
