"""The ``game_type`` phase: players in turn pass or name one of the game types the rule
file declares; the first to name one is the declarer, and its trumps, ranks, end and
scoring rule the deal.

After the deal each player in turn (``order``, from the dealer's left by default)
passes (``pass``) or names a game type by its name (``grand``).  The first to name one
is the *declarer* (a later phase acting for the declarer reads them: the widow); if
everyone passes, the deal is thrown in and nobody scores.  Each game type is data
(``types``, by name):

- ``trump``: the trump suit's letter (left out: no trump suit);
- ``above``: cards ranked above the trump suit's own, lowest first, each a trump (a
  suit game's jacks); without a trump suit they are the only trumps (a grand);
- ``ranks``: the ranks of every suit, lowest first, where they rank otherwise than the
  pack lists them (a null game's 7 8 9 10 J Q K A);
- ``no_trick``: the declarer undertakes to take no trick: the deal ends, lost, at the
  declarer's first trick; scored ``made: [declarer, each defender]`` or ``lost``;
- otherwise ``points: {over, declarer, defenders}``: the declarer scores ``declarer``
  times their card points less ``over`` (with what a widow counts for them), each
  defender ``defenders`` times the defenders' card points together less ``over``.

The named type's card order is put in force for the deal's play through the table
(:class:`~cardrules.engine.table.OrdersCards`; the tricks procedure compiles every type's
order once, as the game loads).  Refusals quote ``references: {game_type: ...}``.

>>> phase = GameType()
>>> settings = phase.settings({"types": {"grand": {"above": ["JD", "JH"],
...     "points": {"over": 60, "declarer": 2, "defenders": 1}}}})
>>> print(phase.describe(settings))  # doctest: +NORMALIZE_WHITESPACE
After the deal each player in turn from the dealer's left passes or names a game type
(grand); the first to name one is the declarer (if all pass, the deal is thrown in and
nobody scores). Orders: grand: JH JD the only trumps, from high to low. Scoring: grand:
the declarer scores 2 × (card points - 60), each defender 1 × (the defenders' card
points - 60).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Final, Protocol

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import Pack
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import raw_event
from cardrules.engine.fields import Count, HeldCards, LaterNumbers, Seat, field
from cardrules.engine.flow import contract as deal_contract
from cardrules.engine.flow import counted
from cardrules.engine.native import mypyc_attr
from cardrules.engine.observation import Field, Number, OneOf
from cardrules.engine.observation import Seat as SeatField
from cardrules.engine.procedures import find as find_procedure
from cardrules.engine.table import CardOrder, HasDeclarer, OrdersCards, ThrowsIn
from cardrules.engine.turns import DEALERS_LEFT, ORDER_SCHEMA, TurnOrder, read_order
from cardrules.engine.views import View
from cardrules.model.variant import Variant
from cardrules.phases import Phase, register, taken_word
from cardrules.phases import find as find_phase
from cardrules.phases.game_type.value import GAME_VALUE_SCHEMA, Valuation, tops
from cardrules.phases.memo import by_identity

__all__ = ["GameType", "GameTypeFields", "GameTypeSettings", "GameTypeTable", "Points",
           "TypeRules"]

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_KIND_PASS: Final = Kind.PASS
_KIND_VERB: Final = Kind.VERB


PASS = Action(kind=Kind.PASS, label="pass")
"""Pass (the procedure's own ``pass`` action)."""


@attrs.frozen(kw_only=True)
class Points:
    """Scoring by card points against a mark."""

    over: int
    """The mark each side's card points are counted from."""
    declarer: int
    """The declarer's multiplier."""
    defenders: int
    """Each defender's multiplier (of the defenders' points together)."""


@attrs.frozen(kw_only=True)
class TypeRules:
    """One game type of the rule file."""

    name: str
    """Its name, the action naming it."""
    trump: str = ""
    """The trump suit's letter ('': none)."""
    above: tuple[str, ...] = ()
    """Cards above the trump suit's own, lowest first (without a trump suit: the only
    trumps)."""
    ranks: tuple[str, ...] = ()
    """Every rank, lowest first, where they rank otherwise than the pack lists them."""
    no_trick: bool = False
    """The declarer undertakes to take no trick (the deal ends, lost, at their first)."""
    made: tuple[int, int] = (0, 0)
    """With :attr:`no_trick`: the declarer's and each defender's score when made."""
    lost: tuple[int, int] = (0, 0)
    """With :attr:`no_trick`: the same when lost."""
    points: Points | None = None
    """Otherwise: the scoring by card points."""
    base: int = 0
    """With the phase's ``game_value``: the base value a multiplier multiplies."""
    value: int = 0
    """With ``game_value`` and :attr:`no_trick`: the set value."""
    hand_value: int = 0
    """The same, played from the hand (0: :attr:`value`)."""

    def trumps(self, pack: Pack) -> tuple[int, ...]:
        """Its trumps, highest first."""
        above = [pack.parse(card) for card in reversed(self.above)]
        if not self.trump:
            return tuple(above)
        suit = pack.suits.index(self.trump)
        order = [str(r) for r in (self.ranks or pack.ranks)]
        own = sorted((-order.index(str(pack.ranks[pack.rank(c)])), c)  # ties: lower card
                     for c in range(pack.grid) if pack.suit(c) == suit and c not in above)
        return (*above, *(c for _, c in own))

    def order(self, pack: Pack) -> CardOrder:
        """This type's card order in ``pack``."""
        suits, width = len(pack.suits), len(pack.ranks)
        trump = pack.suits.index(self.trump) if self.trump else -1
        place = {rank: i for i, rank in enumerate(self.ranks or pack.ranks)}
        above = {pack.parse(card): level for level, card in enumerate(self.above)}
        placed = []
        for c in range(pack.size):
            if c in above:
                placed.append((trump if trump >= 0 else suits, width + above[c]))
            elif c < pack.grid:
                placed.append((pack.suit(c), place[pack.ranks[pack.rank(c)]]))
            else:
                placed.append((-1, 0))
        return CardOrder(trump=trump, placed=tuple(placed))

    def order_words(self) -> str:
        """Its trumps and ranks in words (the trump suit left to the caller)."""
        parts = []
        if self.above:
            high = " ".join(reversed(self.above))
            parts.append(f"{high} above the trump suit" if self.trump
                         else f"{high} the only trumps, from high to low")
        elif not self.trump:
            parts.append("no trumps")
        if self.ranks:
            parts.append(f"ranks from high to low {' '.join(reversed(self.ranks))}")
        return ", ".join(parts)

    def score_words(self) -> str:
        """Its scoring in words."""
        if self.base:
            return f"base value {self.base}"
        if self.value:
            hand = f" ({self.hand_value} from the hand)" if self.hand_value else ""
            return f"no tricks, value {self.value}{hand}"
        if self.no_trick:
            return (f"the declarer must take no trick (the deal ends, lost, at their "
                    f"first): made {self.made[0]} (each defender {self.made[1]}), lost "
                    f"{self.lost[0]} ({self.lost[1]})")
        p = self.points
        assert p is not None
        return (f"the declarer scores {p.declarer} × (card points - {p.over}), each "
                f"defender {p.defenders} × (the defenders' card points - {p.over})")


def _grouped(types: Sequence[TypeRules], words: Callable[[TypeRules], str]) -> str:
    """``words`` of each type, the types that share them named together."""
    groups: dict[str, list[str]] = {}
    for t in types:
        groups.setdefault(words(t), []).append(t.name)
    return "; ".join(f"{', '.join(names)}: {text}" for text, names in groups.items())


@attrs.frozen(kw_only=True)
class GameTypeSettings:
    """The phase's section of a rule file."""

    types: tuple[TypeRules, ...]
    """The game types, in the order the rule file lists them."""
    order: TurnOrder = DEALERS_LEFT
    """Who speaks first, and which way."""
    by_declarer: bool = False
    """The declarer an earlier phase made (an auction's) names the game, and nobody
    else speaks (false: each player in turn passes or names one)."""
    game_value: Valuation | None = None
    """Score by game value against the contract (:mod:`.value`; None: as each type
    says)."""


@attrs.define(slots=False)
class GameTypeFields:
    """The phase's state fields."""

    _game_type: int = field(Count(), label="game type")
    """1 + the index of the game type named (0: none yet)."""
    _game_declarer: int = field(Seat(), label="game declarer")
    """Who named it (-1: nobody yet)."""
    _game_passes: int = field(Count(), label="game passes")
    """Players who passed so far."""
    _game_announced: tuple[int, ...] = field(LaterNumbers(minimum=0), label="game announced")
    """With ``game_value``'s ``announce``: per seat, what the declarer announced (0:
    nothing, 1: schneider, 2: schwarz)."""
    _game_held: tuple[int, ...] = field(HeldCards(), label="game held")
    """With ``game_value``: the cards the declarer held when naming the game (with the
    widow's), which count the tops; seen by the declarer alone, and re-dealt with the
    cards in another seat's sample."""


class GameTypeTable(OrdersCards, ThrowsIn, HasDeclarer, Protocol):
    """The table the phase works at: a card order it chooses, a deal it throws in."""

    _game_type: int
    _game_declarer: int
    _game_passes: int
    _game_held: tuple[int, ...]
    _game_announced: tuple[int, ...]


_RANK = {"type": ["string", "integer"]}
_PAIR = {"type": "array", "minItems": 2, "maxItems": 2,
         "items": {"type": "integer", "minimum": -1000, "maximum": 1000}}
_TYPE = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "trump": {"type": "string", "description": "The trump suit's letter (none if left "
                                                   "out)."},
        "above": {"type": "array", "maxItems": 16, "uniqueItems": True,
                  "items": {"type": "string"},
                  "description": "Cards above the trump suit's own, lowest first, each a "
                                 "trump (without a trump suit: the only trumps)."},
        "ranks": {"type": "array", "maxItems": 20, "items": _RANK,
                  "description": "Every rank, lowest first, where they rank otherwise "
                                 "than the pack lists them."},
        "no_trick": {"type": "boolean", "description": "The declarer must take no trick: "
                     "the deal ends, lost, at their first."},
        "made": {**_PAIR, "description": "With no_trick: [declarer, each defender] made."},
        "lost": {**_PAIR, "description": "With no_trick: [declarer, each defender] lost."},
        "points": {"type": "object", "additionalProperties": False,
                   "required": ["over", "declarer", "defenders"],
                   "properties": {k: {"type": "integer", "minimum": -1000, "maximum": 1000}
                                  for k in ("over", "declarer", "defenders")},
                   "description": "Scored by card points: each side's multiplier of its "
                                  "card points less over."},
        "base": {"type": "integer", "minimum": 1, "maximum": 1000, "description":
                 "With game_value: the base value the multiplier multiplies."},
        "value": {"type": "integer", "minimum": 1, "maximum": 1000, "description":
                  "With game_value, of a no_trick type: its set value."},
        "hand_value": {"type": "integer", "minimum": 1, "maximum": 1000, "description":
                       "With game_value, of a no_trick type: its value from the hand."}}}


@mypyc_attr(native_class=False)  # a subclass of the interpreted Phase
class GameType(Phase[GameTypeTable]):
    """Pass or name a game type; the first to name one declares it."""

    name = "game_type"
    view_from_fields = True  # the game type, its declarer and announcements: its fields
    makes_declarer = True
    names_trump = True
    trump_words = ("those of the game type the declarer names (none in a game without "
                   "trumps)")
    fields = GameTypeFields
    zones = ("hand", "won")
    candidates_all_legal = True  # pass or any type, always
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False, "required": ["types"],
        "properties": {
            "types": {"type": "object", "minProperties": 1, "maxProperties": 16,
                      "propertyNames": {"pattern": "^[a-z]{1,20}$"},
                      "additionalProperties": _TYPE,
                      "description": "The game types by name: trumps, ranks, end, scoring."},
            "order": {**ORDER_SCHEMA, "description": "Who speaks first and which way "
                      "(default: from the dealer's left, clockwise)."},
            "named_by": {"enum": ["turns", "declarer"], "description":
                         "turns: each player in turn passes or names a game (default); "
                         "declarer: the declarer an earlier phase made names it."},
            "game_value": GAME_VALUE_SCHEMA}}

    def settings(self, section: Mapping[str, Any]) -> GameTypeSettings:
        types = []
        for name, spec in section["types"].items():
            points = spec.get("points")
            types.append(TypeRules(
                name=name, trump=str(spec.get("trump", "")),
                above=tuple(str(c) for c in spec.get("above", ())),
                ranks=tuple(str(r) for r in spec.get("ranks", ())),
                no_trick=bool(spec.get("no_trick", False)),
                made=(int(spec.get("made", (0, 0))[0]), int(spec.get("made", (0, 0))[1])),
                lost=(int(spec.get("lost", (0, 0))[0]), int(spec.get("lost", (0, 0))[1])),
                points=Points(**points) if points else None,
                base=int(spec.get("base", 0)), value=int(spec.get("value", 0)),
                hand_value=int(spec.get("hand_value", 0))))
        valued = section.get("game_value")
        return GameTypeSettings(types=tuple(types), order=read_order(section.get("order")),
                                by_declarer=section.get("named_by") == "declarer",
                                game_value=Valuation.read(valued) if valued is not None
                                else None)

    def words(self, settings: GameTypeSettings) -> Mapping[str, str]:
        """Each game type's name, the action naming it (and each announcement's)."""
        return {**{t.name: "nothing" for t in settings.types},
                **{a.name: "nothing" for a in _announcements(settings)}}

    def check(self, settings: GameTypeSettings, variant: Variant) -> Iterator[str]:
        procedure = find_procedure(variant.play.procedure)
        for need in ("card_orders", "thrown_in", "counted_tricks"):
            for lack in procedure.lacks(need, variant):
                yield f"game_type chooses the card order and may throw a deal in: it needs {lack}"
        pack = variant.pack
        for t in settings.types:
            taken = taken_word(t.name, variant)
            if taken:
                yield f"game type {t.name}: its name is the action naming it, but {taken}"
            if t.trump and t.trump not in pack.suits:
                yield f"game type {t.name}: unknown trump suit {t.trump!r}"
            if t.ranks and sorted(t.ranks) != sorted(map(str, pack.ranks)):
                yield f"game type {t.name}: ranks must list every rank of the pack once"
            cards = {f"{r}{s}" for r in pack.ranks for s in pack.suits}
            for card in t.above:
                if card not in cards:
                    yield f"game type {t.name}: {card!r} is not a card of the pack"
            if settings.game_value is not None:
                yield from _valued_problems(t)
            elif t.no_trick == (t.points is not None):
                yield (f"game type {t.name}: give either no_trick (with made and lost) or "
                       f"points")
            elif t.base or t.value or t.hand_value:
                yield (f"game type {t.name}: base, value and hand_value need the phase's "
                       f"game_value")
        for announced in _announcements(settings):
            taken = taken_word(announced.name, variant)
            if taken or any(t.name == announced.name for t in settings.types):
                yield f"announcement {announced.name}: {taken or 'a game type has its name'}"
        valued = settings.game_value
        if valued is not None and valued.announce and not valued.schneider:
            yield "game_value's announce needs its schneider mark (schneider: 90, say)"
        names = [entry.name for entry in variant.phases]
        if names.count(self.name) > 1:
            yield "game_type is listed more than once; a deal has one declarer"
        if settings.by_declarer or settings.game_value is not None:
            before = names[:names.index(self.name)] if self.name in names else []
            if not any(_makes_declarer(name) for name in before):
                yield ("game_type's named_by: declarer and game_value need a phase listed "
                       "before it that makes a declarer (an auction)")

    def describe(self, settings: GameTypeSettings) -> str:
        s = settings
        order = ("from the dealer's left" if s.order == DEALERS_LEFT
                 else f"({s.order.describe()})")
        names = [t.name for t in s.types]
        listed = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]
        trumps = [f"{t.name} {t.trump}" for t in s.types if t.trump]
        naming = (f"The declarer then names the game type ({listed})." if s.by_declarer
                  else f"After the deal each player in turn {order} passes or names a game "
                  f"type ({listed}); the first to name one is the declarer (if all pass, "
                  f"the deal is thrown in and nobody scores).")
        valued = f" {s.game_value.describe()}" if s.game_value else ""
        return (f"{naming} "
                + (f"Trump suits: {', '.join(trumps)}. " if trumps else "")
                + f"Orders: {_grouped(s.types, TypeRules.order_words)}. "
                f"Scoring: {_grouped(s.types, TypeRules.score_words)}.{valued}")

    def card_orders(self, settings: GameTypeSettings, pack: Pack) -> tuple[CardOrder, ...]:
        return _orders(settings, pack)

    def card_order(self, state: GameTypeTable, settings: GameTypeSettings) -> int:
        return state._game_type - 1

    def declarer(self, state: GameTypeTable, settings: GameTypeSettings) -> int:
        return state._game_declarer

    def skip(self, state: GameTypeTable, settings: GameTypeSettings) -> bool:
        """Named by the declarer: skipped in a deal without one (thrown in)."""
        return settings.by_declarer and state.declarer_seat() < 0

    def enter(self, state: GameTypeTable, settings: GameTypeSettings) -> None:
        state._game_type, state._game_declarer, state._game_passes = 0, -1, 0
        if settings.by_declarer:
            state._game_declarer = state.declarer_seat()
            state.turn_to(state._game_declarer)
        else:
            state.turn_to(settings.order.first(state.seating()))

    def inconsistency(self, state: GameTypeTable, settings: GameTypeSettings) -> str | None:
        """Still at work: nobody has named a type, and not everyone has passed (named by
        the declarer: the declarer, to act, has not named it)."""
        if state._game_type and _may_announce(state, settings):
            return None  # the declarer is announcing
        if settings.by_declarer:
            if state._game_type:
                return "a game type is named: the phase is over"
            if state._game_declarer < 0 or state.to_act != state._game_declarer:
                return "the declarer names the game type, and is to act"
            return None
        if state._game_type or state._game_declarer >= 0:
            return "a game type is named: the phase is over"
        if state._game_passes >= state.game.players:
            return "everyone has passed: the deal is thrown in"
        return None

    def candidates(self, state: GameTypeTable, settings: GameTypeSettings) -> list[Action]:
        if state._game_type:  # the game is named: the declarer may announce
            return [PASS, *_announcements(settings)]
        if settings.by_declarer:
            return list(_namings(settings))
        return [PASS, *_namings(settings)]

    def refusal(self, state: GameTypeTable, settings: GameTypeSettings,
                action: Action) -> str | None:
        if state._game_type:
            if action == PASS or action in _announcements(settings):
                return None
            words = " or ".join(f"'{a.name}'" for a in _announcements(settings))
            return (f"the declarer, player {state.to_act}, announces {words} or passes"
                    f"{state.game.rule_ref('announce') or state.game.rule_ref(self.name)}")
        if action in _namings(settings) or (action == PASS and not settings.by_declarer):
            return None
        names = ", ".join(f"'{t.name}'" for t in settings.types)
        if settings.by_declarer:
            return (f"the declarer, player {state.to_act}, names a game type ({names})"
                    f"{state.game.rule_ref(self.name)}")
        return (f"player {state.to_act} passes or names a game type ({names})"
                f"{state.game.rule_ref(self.name)}")

    def apply(self, state: GameTypeTable, settings: GameTypeSettings, action: Action) -> bool:
        p, n = state.to_act, state.game.players
        if state._game_type:  # announcing
            level = 0 if action == PASS else _LEVELS[action.name]
            state._game_announced = tuple(level if seat == p else 0 for seat in range(n))
            state.record(raw_event(kind="announcement", player=p,
                                   note=action.name if level else "nothing"))
            return True
        if action is PASS or action == PASS:  # the legal actions are these very objects
            state._game_passes += 1
            state.record(raw_event(kind="pass", player=p))
            if state._game_passes >= n:
                state.throw_in()
                return True
            state.turn_to(settings.order.after(p, n))
            return False
        namings = _namings(settings)
        index = next((i for i, a in enumerate(namings) if a is action), -1)
        if index < 0:  # an equal action made elsewhere (the attrs comparison is slow)
            index = namings.index(action)
        state._game_type, state._game_declarer = index + 1, p
        if settings.game_value is not None:  # the cards the tops are counted in
            aside = counted(state)  # type: ignore[arg-type]
            held = state.hand(p) | (aside[p] if aside else 0) | state.cards("stock")
            state._game_held = tuple(held if seat == p else 0 for seat in range(n))
        state.record(raw_event(kind="game_type", player=p, note=action.name))
        state.order_cards()
        # From the hand, the declarer of a game of tricks may then announce.
        valued = settings.game_value
        return not (valued is not None and valued.announce and state.cards("stock")
                    and not settings.types[index].no_trick)

    def ends_deal(self, state: GameTypeTable, settings: GameTypeSettings) -> bool:
        """A no-trick game ends at the declarer's first trick."""
        k, d = state._game_type, state._game_declarer
        return k > 0 and settings.types[k - 1].no_trick and bool(state.cards("won", d))

    def score(self, state: GameTypeTable, settings: GameTypeSettings,
              scores: tuple[int, ...]) -> tuple[int, ...]:
        """The named type's scores of the deal; nothing when everyone passed."""
        k, d, n = state._game_type, state._game_declarer, len(scores)
        if k == 0:
            return (0,) * n
        rules = settings.types[k - 1]
        if settings.game_value is not None:
            return _valued(state, settings.game_value, rules)
        if rules.no_trick:
            declarer, defender = rules.lost if state.cards("won", d) else rules.made
        else:
            assert rules.points is not None
            pack, aside = state.game.pack, counted(state)  # type: ignore[arg-type]
            points = [_points_of(pack, state.cards("won", p) | (aside[p] if aside else 0))
                      for p in range(n)]
            over = rules.points.over
            declarer = rules.points.declarer * (points[d] - over)
            defender = rules.points.defenders * (sum(points) - points[d] - over)
        return tuple([declarer if p == d else defender for p in range(n)])

    def replaces_scores(self, settings: GameTypeSettings) -> bool:
        return True

    def view(self, state: GameTypeTable, settings: GameTypeSettings,
             player: int) -> dict[str, Any]:
        k = state._game_type
        shown = {"game_type": settings.types[k - 1].name if k else None,
                 "game_declarer": state._game_declarer if state._game_declarer >= 0
                 else None,
                 "game_passes": state._game_passes}
        if settings.game_value is not None and settings.game_value.announce:
            level = max(state._game_announced, default=0)
            shown["game_announced"] = ("schneider", "schwarz")[level - 1] if level else None
        return shown

    def view_entries(self, game: GameRules, settings: GameTypeSettings) -> tuple[str, ...]:
        announced = (("game_announced",) if settings.game_value is not None
                     and settings.game_value.announce else ())
        return ("game_type", "game_declarer", "game_passes", *announced)

    def families(self, game: GameRules, settings: GameTypeSettings) -> tuple[Family, ...]:
        return (Listed(actions=(*_namings(settings), *_announcements(settings))),)

    def observation_fields(self, game: GameRules, settings: GameTypeSettings,
                           ) -> tuple[Field, ...]:
        announced = ((OneOf(key="game_announced", values=("schneider", "schwarz")),)
                     if settings.game_value is not None and settings.game_value.announce
                     else ())
        return (OneOf(key="game_type", values=tuple(t.name for t in settings.types)),
                SeatField(key="game_declarer"), Number(key="game_passes"), *announced)

    def action_bound(self, settings: GameTypeSettings, variant: Variant) -> int:
        return len(settings.types) + 1 + len(_announcements(settings))

    def move_scorer(self, view: View, settings: GameTypeSettings, legal: Sequence[Action],
                    ) -> Callable[[Action], float]:
        """Name the type under which the hand holds the most trumps, if five or more;
        else pass (never a game without trumps)."""
        mine = view.hands[view.player]
        names = [str(c) for c in mine] if isinstance(mine, list) else []
        return _scorer({t.name: sum(n in t.above or (bool(t.trump) and n.endswith(t.trump))
                                    for n in names) - 4.5 if t.trump or t.above else -1.0
                        for t in settings.types})


def _scorer(strength: dict[str, float]) -> Callable[[Action], float]:
    """:meth:`GameType.move_scorer`'s scorer, from each type's strength (a closure made
    outside the class, which the compiled build keeps an ordinary class)."""
    return lambda action: 0.0 if action.kind is _KIND_PASS else strength.get(action.name, -1.0)


def _valued_problems(t: TypeRules) -> Iterator[str]:
    """What a game type lacks, or has too many of, to be scored by game value."""
    if t.points is not None or t.made != (0, 0) or t.lost != (0, 0):
        yield (f"game type {t.name}: scored by game_value, it takes base (or, of no tricks, "
               f"value), not points, made or lost")
    if t.no_trick and (not t.value or t.base):
        yield f"game type {t.name}: a no_trick type scored by game_value needs value, not base"
    if not t.no_trick and (not t.base or t.value or t.hand_value):
        yield f"game type {t.name}: scored by game_value, it needs base, not value"


def _makes_declarer(name: str) -> bool:
    """Whether the phase registered as ``name`` makes a declarer (False if unknown)."""
    try:
        return find_phase(name).makes_declarer
    except KeyError:
        return False


def _valued(state: GameTypeTable, rule: Valuation, rules: TypeRules) -> tuple[int, ...]:
    """The deal's scores of the named game by its game value against the contract."""
    n, d = state.game.players, state._game_declarer
    pack, aside = state.game.pack, counted(state)  # type: ignore[arg-type]
    taken = [state.cards("won", p) | (aside[p] if aside else 0) for p in range(n)]
    points = [_points_of(pack, m) for m in taken]
    won = [bool(state.cards("won", p)) for p in range(n)]
    tricks = (won[d], any(won[p] for p in range(n) if p != d))
    hand = bool(state.cards("stock"))
    if rules.no_trick:
        value = rules.hand_value if hand and rules.hand_value else rules.value
        base, made = value, not tricks[0]
    else:
        base = rules.base
        held = state._game_held[d] if state._game_held else 0
        announced = max(state._game_announced, default=0)
        value = rule.value(base=base, tops=tops(rules.trumps(pack), held), hand=hand,
                           points=(points[d], sum(points) - points[d]), tricks=tricks,
                           announced=announced)
        made = points[d] > rule.over and rule.announcement_made(
            announced, points=points[d], defenders_trick=tricks[1])
    made, value = rule.result(value=value, base=base,
                              contract=deal_contract(state),  # type: ignore[arg-type]
                              made=made)
    mine = value if made else -rule.lost * value
    return tuple(mine if p == d else 0 for p in range(n))


_LEVELS = {"schneider": 1, "schwarz": 2}
"""Each announcement's level (schwarz announces schneider too)."""


def _may_announce(state: GameTypeTable, settings: GameTypeSettings) -> bool:
    """The named game may be announced on: a game of tricks from the hand (the widow
    untaken), with announcements in the rules, and none made yet."""
    valued, k = settings.game_value, state._game_type
    return (valued is not None and bool(valued.announce) and k > 0
            and not settings.types[k - 1].no_trick and bool(state.cards("stock")))


@by_identity
def _announcements(settings: GameTypeSettings) -> tuple[Action, ...]:
    """The actions announcing, in order (none without ``game_value``'s ``announce``)."""
    valued = settings.game_value
    names = valued.announce if valued is not None else ()
    return tuple(Action(kind=_KIND_VERB, name=name, label=name) for name in names)


@by_identity
def _namings(settings: GameTypeSettings) -> tuple[Action, ...]:
    """The action naming each type, in order."""
    return tuple(Action(kind=_KIND_VERB, name=t.name, label=t.name) for t in settings.types)


@by_identity
def _byte_points(pack: Pack) -> tuple[tuple[int, ...], ...]:
    """The card points of each eight cards of ``pack`` (0-7, 8-15...) by the byte of a
    bit set they make, worked out once per pack."""
    values = [pack.value(c) for c in range(pack.size)]
    return tuple(tuple(sum(values[base + b] for b in range(8)
                           if byte >> b & 1 and base + b < pack.size)
                       for byte in range(256))
                 for base in range(0, pack.size, 8))


def _points_of(pack: Pack, mask: int) -> int:
    """The card points of the cards in ``mask``: a look-up per eight cards, not a call per
    card."""
    table, total, i = _byte_points(pack), 0, 0
    while mask:
        total += table[i][mask & 255]
        mask >>= 8
        i += 1
    return total


@by_identity
def _orders(settings: GameTypeSettings, pack: Pack) -> tuple[CardOrder, ...]:
    """Each type's card order in ``pack``, worked out once."""
    return tuple(t.order(pack) for t in settings.types)


register(GameType())
