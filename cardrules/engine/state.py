"""The engine's public contract: every state of every procedure is a :class:`State`."""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar, cast

import attrs

from cardrules.actions import Action, Kind, malformed
from cardrules.cards import Pack, shuffled
from cardrules.engine import consistency, faces, flow, standings, state_codec, table
from cardrules.engine.arguments import checked_player
from cardrules.engine.events import Event, RawEvent, raw_event
from cardrules.engine.fields import declared
from cardrules.engine.game_core import GameCore
from cardrules.engine.native import mypyc_attr
from cardrules.engine.phased import bind, declared_of
from cardrules.engine.seeding import derive_seed
from cardrules.engine.slots import maker
from cardrules.engine.standings import Partnerships, Standing
from cardrules.engine.turns import Seating, Turns
from cardrules.engine.views import View
from cardrules.errors import DealTooLongError, HookError, IllegalActionError
from cardrules.hooks import EndOfDealInput, LegalFilterInput, RefusalInput

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cardrules.engine.context import Recorded
    from cardrules.engine.observation import Observation
    from cardrules.hooks import Refusal

# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_KIND_PLAY: Final = Kind.PLAY
_KIND_VERB: Final = Kind.VERB
_NEW_VIEW: Final = object.__new__
_SET_VIEW_ENTRIES: Final[Callable[[View, dict[str, Any]], None]] = \
    View.__dict__["_entries"].__set__
"""``View.of`` made here (an interpreted class method's frame avoided): a record of the
game's view class, its entries set."""
_SCANNED: Final = 16
"""Lists of legal actions up to this long are read through to find the one applied."""


def _word(action: Action) -> str:
    """The first word of ``action``'s notation, as a ``refusal`` hook's ``judges`` names
    it (``cardrules.engine.action_space.first_word``, here without an interpreted call)."""
    return action.name if action.kind is _KIND_VERB else action.kind.value


F = TypeVar("F", bound="FieldState")

__all__ = ["POT_KEY", "DealContext", "DealResult", "FamilyContext", "FieldState",
           "GameContext", "MatchResult", "ProcedureContext", "State", "deal_by_lot",
           "first_dealer", "keeps_compact"]

POT_KEY = "pot"
"""A deal result's carried fact (:attr:`DealResult.carry`) holding the chips it leaves
in the pot for the next deal: while it is above 0 the match deals again, whatever its
goal says (up to ``match.max_deals``)."""


class DealContext:
    """What a match hands to a new deal; read-only, equal to another of the same fields.

    A class written out, not an attrs record: a compiled build (mypyc) makes a native
    class of it, whose ``__init__`` is compiled too (an attrs class keeps the
    ``__init__`` attrs writes, in Python: ~0.7 µs a deal). Its fields are properties
    over private slots: assigning to one raises ``AttributeError`` in either build.

    >>> context = DealContext(dealer=1, seed=7)
    >>> context
    DealContext(dealer=1, seed=7, index=0, carry=(), order=(), previous=None)
    >>> context == DealContext(dealer=1, seed=7, index=0), context.get("leader", -1)
    (True, -1)
    """

    __slots__ = ("_carry", "_dealer", "_index", "_order", "_previous", "_seed")

    def __init__(self, *, dealer: int, seed: int, index: int = 0,
                 carry: tuple[tuple[str, Any], ...] = (), order: tuple[int, ...] = (),
                 previous: table.LastDeal | None = None) -> None:
        self._dealer: Final = dealer
        self._seed: Final = seed
        self._index: Final = index
        self._carry: Final = carry
        self._order: Final = order
        self._previous: Final = previous

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def seed(self) -> int:
        """Seed of this deal's shuffle."""
        return self._seed

    @property
    def index(self) -> int:
        """Deal number in the match, from 0."""
        return self._index

    @property
    def carry(self) -> tuple[tuple[str, Any], ...]:
        """Facts carried from deal to deal, such as chosen trump suits or the next
        leader."""
        return self._carry

    @property
    def order(self) -> tuple[int, ...]:
        """The shuffled pack, dealt from its end (empty: shuffle from ``seed``)."""
        return self._order

    @property
    def previous(self) -> table.LastDeal | None:
        """What the match's last deal gave (None: the first deal, or a single deal), for
        the listed phases that run between deals (:func:`cardrules.engine.flow.start`)."""
        return self._previous

    def stock(self, pack: Pack | int) -> list[int]:
        """The shuffled cards of ``pack`` (or of a pack of that many cards, all in play):
        ``order``, or a shuffle from ``seed``."""
        if self.order:
            return list(self.order)
        if not isinstance(pack, Pack):
            return shuffled(self.seed, pack)
        if not pack.left_out:  # the cards are 0 .. size-1: the shuffle's own numbers
            return shuffled(self.seed, pack.size)
        cards = pack.cards
        return [cards[i] for i in shuffled(self.seed, len(cards))]

    def get(self, key: str, default: Any = None) -> Any:
        """A carried fact, or ``default``."""
        if not self.carry:  # a single deal, or a match's first
            return default
        return dict(self.carry).get(key, default)

    def _fields(self) -> tuple[Any, ...]:
        return (self._dealer, self._seed, self._index, self._carry, self._order, self._previous)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealContext):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"DealContext(dealer={self.dealer}, seed={self.seed}, index={self.index}, "
                f"carry={self.carry!r}, order={self.order!r}, previous={self.previous!r})")

    def __reduce__(self) -> tuple[Callable[..., DealContext], tuple[Any, ...]]:
        return _unpickled_context, self._fields()


def _unpickled_context(dealer: int, seed: int, index: int, carry: tuple[tuple[str, Any], ...],
                       order: tuple[int, ...], previous: table.LastDeal | None,
                       ) -> DealContext:
    """A pickled :class:`DealContext` made again (a native class pickles by its fields)."""
    return DealContext(dealer=dealer, seed=seed, index=index, carry=carry, order=order,
                       previous=previous)


def deal_by_lot(game: GameCore, seed: int, dealer: int, order: tuple[int, ...]) -> State:
    """The single deal :meth:`~cardrules.engine.game.Game.new_deal` makes of a checked
    ``seed``, ``dealer`` (-1: drawn by lot from ``seed``, :func:`first_dealer`) and deal
    ``order`` (empty: shuffled from ``seed``), made here: compiled, the deal's record is
    made natively."""
    if dealer < 0:
        dealer = first_dealer(seed, game.players)
    made: State = game.procedure.new_deal(game, DealContext(dealer=dealer, seed=seed,
                                                            order=order))
    return made


def first_dealer(seed: int, players: int) -> int:
    """The first dealer of ``players``, drawn by lot from ``seed`` (one player: that one,
    without drawing: any draw gives the only seat).

    >>> first_dealer(5, 1), first_dealer(5, 2)
    (0, 1)
    """
    if players == 1:
        return 0
    return derive_seed(seed, "dealer") % players  # 64 bits: no bias worth naming


@attrs.frozen(kw_only=True, repr=False)
class DealResult(Standing):
    """How a deal ended, with its winners and places decided by the procedure that
    played it (make one with :meth:`ranked`).

    >>> result = DealResult.ranked(scores=(0, 6, 0, 6), finish=(0, 2, 1, 3), starter=0,
    ...                            lower_is_better=True, partnerships=((0, 2), (1, 3)))
    >>> result.winners, result.places, result.winning_team
    ((0, 2), (1, 2, 1, 2), (0, 2))
    >>> result  # doctest: +NORMALIZE_WHITESPACE
    <DealResult scores P0 0, P1 6, P2 0, P3 6; won by P0 P2; places P0 1, P1 2, P2 1, P3 2;
     finish P0 P2 P1 P3; started by P0; partners P0+P2, P1+P3>
    """

    scores: tuple[int, ...]
    """Each player's deal result (what is added to the match total)."""
    finish: tuple[int, ...]
    """Players in finishing order: first out first; those still holding cards last."""
    starter: int
    """Who made the first move of the deal."""
    winners: tuple[int, ...]
    """Who won the deal: the seats with the best deal result (the lowest when the goal is
    to avoid a losing total or the lowest total wins), partners together; several
    partnerships on a tie."""
    places: tuple[int, ...]
    """Each seat's place by deal result, 1 for the best; partners share a place, and tied
    partnerships share the best place of their group (1, 1, 3)."""
    partnerships: tuple[tuple[int, ...], ...]
    """Who plays together: each partnership a tuple of seats (one per seat when everyone
    plays alone)."""
    carry: tuple[tuple[str, Any], ...] = ()
    """Facts for the next deal (for example who leads it)."""
    details: Mapping[str, Any] = attrs.field(factory=dict)
    """Procedure-specific figures (points taken, bonuses, penalties...)."""

    @classmethod
    def ranked(cls, *, scores: tuple[int, ...], finish: tuple[int, ...], starter: int,
               lower_is_better: bool, partnerships: Partnerships,
               carry: tuple[tuple[str, Any], ...] = (),
               details: Mapping[str, Any] | None = None,
               winners: tuple[int, ...] | None = None) -> DealResult:
        """A result whose places follow from ``scores``, and its winners too unless given:
        the best partnership wins (the lowest scores when ``lower_is_better``).
        ``winners``: where the rules name them otherwise (every player paid more than
        nothing, when each plays against a house)."""
        places = standings.places(scores, lower_is_better=lower_is_better,
                                  partnerships=partnerships)
        kept = dict(details) if details is not None else {}
        won = standings.firsts(places) if winners is None else winners
        if cls is not DealResult:  # a subclass may add fields: its own constructor
            return cls(scores=scores, finish=finish, starter=starter, winners=won,
                       places=places, partnerships=partnerships, carry=carry, details=kept)
        # Made whole from its slots' values, as the constructor attrs writes sets them:
        # the attrs __init__ is a Python function (~1.5 µs with eight fields, compiled or
        # not), and every deal that ends makes one (tests/test_results.py holds the two
        # alike).
        made: DealResult = _MAKE_RESULT(scores, finish, starter, won, places, partnerships,
                                        carry, kept)
        return made

    def __repr__(self) -> str:
        seats = _by_seat  # a module function: mypyc cannot compile one nested in a method
        parts = [f"scores {seats(self.scores)}",
                 "won by " + (" ".join(f"P{p}" for p in self.winners) or "nobody"),
                 f"places {seats(self.places)}",
                 "finish " + " ".join(f"P{p}" for p in self.finish),
                 f"started by P{self.starter}"]
        if any(len(team) > 1 for team in self.partnerships):
            parts.append("partners " + ", ".join("+".join(f"P{p}" for p in team)
                                                 for team in self.partnerships))
        if self.carry:
            parts.append("carry " + ", ".join(f"{k}={v!r}" for k, v in self.carry))
        if self.details:
            parts.append("details " + ", ".join(f"{k}={v!r}" for k, v in self.details.items()))
        return f"<DealResult {'; '.join(parts)}>"


_MAKE_RESULT: Final = maker(DealResult, ("scores", "finish", "starter", "winners", "places",
                                          "partnerships", "carry", "details"))
"""How :meth:`DealResult.ranked` makes a record: every slot's value, in this order."""


def _by_seat(values: tuple[int, ...]) -> str:
    """``values`` by seat: ``P0 3, P1 5``."""
    return ", ".join(f"P{p} {v}" for p, v in enumerate(values))


@attrs.frozen(kw_only=True)
class MatchResult(Standing):
    """How a match ended, decided by the match (see :mod:`cardrules.engine.match`)."""

    totals: tuple[int, ...]
    """Match totals."""
    winners: tuple[int, ...]
    """The winners: the sole leading partnership at a target, or everyone outside the
    partnerships that reached a losing total, or the partnerships tied for the lowest
    (``lowest_total``) or highest (``fixed_deals``) total (empty for a match stopped
    undecided at ``max_deals``)."""
    places: tuple[int, ...]
    """Each seat's place by match total, 1 for the best; partners share a place, and tied
    partnerships share the best place of their group (1, 1, 3)."""
    partnerships: tuple[tuple[int, ...], ...]
    """Who plays together: each partnership a tuple of seats (one per seat when everyone
    plays alone)."""
    deals: int
    """Deals played."""
    payouts: tuple[int, ...] = ()
    """Each player's share of the pot in minor units (empty without a pot)."""
    kept: int = 0
    """Part of the pot left unpaid by the remainder rule."""


class ProcedureContext(Protocol):
    """What a state and a match call of their game's play procedure (a
    :class:`~cardrules.engine.procedures.Procedure` is one)."""

    def resample(self, state: State, player: int, rng: random.Random) -> State: ...

    def kept_cards(self, state: State, player: int) -> int: ...

    def new_deal(self, game: GameContext, context: DealContext) -> State: ...

    def partnerships(self, game: GameContext) -> Partnerships: ...


class GameContext(flow.StagedGame, Protocol):
    """A game as its states, its procedure, its phases and its matches see it: the rules
    for a number of players (:class:`~cardrules.engine.context.GameRules`), its listed
    phases, action families and rule references (:class:`~cardrules.engine.flow.StagedGame`),
    what was compiled from them and the states it makes.
    :class:`~cardrules.engine.game.Game` is the one implementation; the modules below
    it annotate with this protocol, so no import goes up to it (mypy checks that a
    ``Game`` is one wherever it is passed)."""

    @property
    def source(self) -> str: ...

    @property
    def fingerprint(self) -> str: ...

    @property
    def procedure(self) -> ProcedureContext: ...

    @property
    def view_type(self) -> type[View]: ...

    @property
    def state_class(self) -> type: ...

    @property
    def record_class(self) -> type | None: ...

    @property
    def tables(self) -> Any: ...

    @property
    def move_limit(self) -> int: ...

    @property
    def turns(self) -> Turns: ...

    @property
    def refusal(self) -> Callable[[RefusalInput], Refusal | None] | None: ...

    @property
    def refusal_words(self) -> frozenset[str] | None: ...

    @property
    def legal_filter(self) -> Callable[[LegalFilterInput], tuple[Action, ...]] | None: ...

    @property
    def end_of_deal(self) -> Callable[[EndOfDealInput], bool | None] | None: ...

    @property
    def refusals(self) -> tuple[Callable[[Any, Action], str | None], ...]: ...

    @property
    def options(self) -> dict[str, object]: ...

    @property
    def observation(self) -> Observation: ...

    @property
    def hooked_legality(self) -> bool: ...

    @property
    def plain_legality(self) -> bool: ...

    @property
    def plain_first_mover(self) -> bool: ...

    @property
    def partnerships(self) -> tuple[tuple[int, ...], ...]: ...

    def deal_result(self, *, scores: tuple[int, ...], finish: tuple[int, ...], starter: int,
                    dealer: int, carry: tuple[tuple[str, Any], ...] = (),
                    details: Mapping[str, Any] | None = None,
                    deal: State | None = None) -> DealResult: ...

    def hook(self, point: str) -> Callable[..., Any]: ...

    def first_dealer(self, seed: int) -> int: ...

    def new_deal(self, seed: int, *, dealer: int | None = None,
                 order: Sequence[int] | None = None) -> State: ...

    def new_match(self, seed: int, *, dealer: int | None = None) -> State: ...

    def setup(self, **position: Any) -> State: ...

    def position(self, **fields: Any) -> State: ...

    def setup_match(self, deal: State, *, totals: Sequence[int] | None = None,
                    dealer: int | None = None, index: int = 0, seed: int = 0,
                    history: Sequence[Sequence[int]] = ()) -> State: ...

    def parse_action(self, text: str) -> Action: ...

    def replay(self, record: Recorded) -> list[State]: ...

    def state_from_json(self, data: dict[str, Any]) -> State: ...


class FamilyContext(Protocol):
    """What every play family's rules and views read or write of its deal state: the
    members the families' own context protocols (``families/<f>/context.py``) share and
    extend.  A family's modules other than its state module annotate with its context
    instead of importing the state class, which imports them to run: so a family's
    modules import one way only, type-only imports included
    (``tests/test_import_cycles.py``), and mypy checks that the state is one wherever it
    passes itself.  A protocol costs nothing at run time."""

    _current: int
    """The seat to act."""
    _dealer: int
    """The dealer's seat."""
    _hands: tuple[int, ...]
    """Every hand as a bit set, by seat."""
    _scores: tuple[int, ...]
    """Each seat's score in this deal."""
    _stock: tuple[int, ...]
    """The undealt cards, drawn from the end."""

    @property
    def current_player(self) -> int: ...

    @property
    def game(self) -> GameContext: ...

    def describe(self, action: Action) -> str: ...

    def legal_actions(self) -> tuple[Action, ...]: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class State(metaclass=abc.ABCMeta):
    """An immutable game state.

    ``apply`` returns a new state and leaves this one valid, so keeping old states
    (undo, search trees) is free.  Subclasses keep their data in private slots and
    never change them after construction.

    A compiled build makes this class and :class:`FieldState` native classes (mypyc):
    the metaclass is named rather than inherited from ``abc.ABC`` (an ordinary class,
    which a native class cannot have as a base and stay native), and the families'
    classes subclass them as ordinary classes (see
    :func:`~cardrules.engine.state_codec.native_slots`).
    """

    __slots__ = ()

    @property
    @abc.abstractmethod
    def game(self) -> GameContext:
        """The game (variant, players, compiled tables) this state belongs to."""

    @property
    @abc.abstractmethod
    def current_player(self) -> int:
        """The player to act, or -1 when the game is over."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """True when no more actions can be applied."""

    @property
    @abc.abstractmethod
    def events(self) -> tuple[Event, ...]:
        """What the action that produced this state made happen."""

    @property
    @abc.abstractmethod
    def result(self) -> DealResult | MatchResult | None:
        """How the deal (or match) ended; None while it goes on."""

    @abc.abstractmethod
    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the current player may take (empty when over)."""

    @abc.abstractmethod
    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is refused here (naming the rule), or None if it is legal."""

    @abc.abstractmethod
    def _next(self, action: Action) -> State:
        """The state after a legal ``action`` (not checked again)."""

    @abc.abstractmethod
    def view(self, player: int) -> View:
        """What ``player`` may know: a record of its game's view class
        (:attr:`Game.view_type`), ``view.to_json()`` its JSON form.  Hidden cards appear
        only as counts."""

    @abc.abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state, JSON-ready; :meth:`Game.state_from_json` reads it back exactly."""

    @abc.abstractmethod
    def zones(self) -> dict[str, int]:
        """Every zone's cards as a bit set (for invariants: each card in exactly one zone)."""

    def hidden_cards(self, player: int) -> int:
        """The cards ``player`` may not see now, as a bit set (derived from the zones'
        declared visibility; the cards every player saw, such as a turned-up trump card,
        are not hidden wherever they lie)."""
        raise NotImplementedError

    def shown_cards(self, player: int) -> int:
        """The cards ``player`` was shown before though they now lie hidden (a widow
        shown, then partly laid away face down), as a bit set: a view may name them, and
        re-sampling moves them like any hidden card (none by default)."""
        return 0

    def resample(self, player: object, rng: random.Random) -> State:
        """A state ``player`` cannot tell apart from this one, hidden cards re-dealt at
        random (for search bots that sample what they cannot see).  ``player`` is checked
        to be a seat number (an int, not a bool) before anything else."""
        return self.game.procedure.resample(self, checked_player(player, self.game.players),
                                            rng)

    def can_apply(self, action: Action) -> bool:
        """True if ``action`` is legal here (False for anything that is not a
        well-formed action of this game)."""
        pack = self.game.pack
        if pack.has_copies and isinstance(action, Action) and malformed(action, pack.size) \
                is None and all(0 <= c < pack.size for c in action.cards):
            action = faces.canonical_action(action, pack)
        return action in self.legal_actions()

    def apply(self, action: Action | str, *, player: object = None) -> State:
        """The state after ``action`` (an :class:`Action` or its text notation).

        Give ``player`` to have the engine check that it is that player's turn (for
        servers acting on behalf of players).  Raises
        :class:`~cardrules.errors.IllegalActionError` naming the rule that forbids the
        action; this state is unchanged either way.
        """
        if player is not None and (type(player) is not int or player != self.current_player):
            who = "nobody (the game is over)" if self.current_player < 0 \
                else f"player {self.current_player}"
            raise IllegalActionError(f"player {player} is not to move; it is {who}'s turn")
        legal = self.legal_actions()
        count = len(legal)
        if count > _SCANNED and isinstance(action, Action) and action.amount:
            # a long list ends with sizes in order (bets of 2 .. 400 chips): look where
            # this size would be before reading the list through
            at = count - 1 - (legal[count - 1].amount - action.amount)
            if 0 <= at < count and legal[at] is action:
                return self._step(action)
        for offered in legal:
            if offered is action:
                return self._step(action)
        if isinstance(action, str):
            action = self.game.parse_action(action)
        wrong = malformed(action, self.game.pack.size)
        if wrong is not None:
            raise IllegalActionError(wrong)
        assert isinstance(action, Action)
        if self.game.pack.has_copies and all(0 <= c < self.game.pack.size
                                             for c in action.cards):
            action = faces.canonical_action(action, self.game.pack)
        if action not in legal:
            action = _same_cards(action, legal)
        if action not in legal:
            size = self.game.pack.size
            if any(not 0 <= c < size for c in action.cards):
                raise IllegalActionError(f"the action names a card that is not in the pack "
                                         f"(cards are numbered 0 to {size - 1})")
            raise IllegalActionError(self.why_illegal(action) or "not a legal action here")
        return self._step(action)

    def _step(self, action: Action) -> State:
        """The state after a legal ``action``: :meth:`_next`, and the bookkeeping every
        action needs (a deal counts its actions)."""
        return self._next(action)

    def describe(self, action: Action) -> str:
        """The text notation of ``action``."""
        return action.label or action.text(self.game.pack)


NOT_LEGAL = "not a legal action here"
"""The reason given should the rules allow an action the legal moves leave out (the
property tests make sure they never do)."""


def keeps_compact(cls: type) -> bool:
    """True if states of ``cls`` keep their events compactly, as plain tuples (their
    ``_events`` field is declared ``Events(raw=True)``); found once per class.

    >>> from cardrules.engine.procedures import find
    >>> keeps_compact(find("tricks").state_class)
    True
    """
    found = _COMPACT.get(cls)
    if found is None:
        found = _COMPACT[cls] = any(d.attribute == "_events" and getattr(d.kind, "raw", False)
                                    for d in declared(cls))
    return found


_COMPACT: dict[type, bool] = {}


def _keep_held(state: FieldState, legal: tuple[Action, ...]) -> None:
    """Keep the legal actions with the very cards held in ``state`` (a pack with copies,
    :mod:`cardrules.engine.faces`), which its ``apply`` reads instead of working them
    out again; a state class without the ``_held`` field (a third-party one) keeps
    none."""
    try:  # noqa: SIM105 - compiled, a try costs less than contextlib.suppress
        state._held = legal  # type: ignore[misc]  # a slot of the families' states
    except AttributeError:
        pass


def _kept_held(state: FieldState) -> tuple[Action, ...] | None:
    """What :func:`_keep_held` kept in ``state`` (None: nothing)."""
    try:
        return state._held
    except AttributeError:
        return None


_SEATINGS: dict[tuple[int, int, int, int], Seating] = {}
"""Each :class:`Seating` made, by its players, dealer, leader and winner (at most some
ten thousand: seats are few)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class FieldState(State):
    """A state whose data are attrs fields declared with :func:`cardrules.engine.fields.field`:
    equality, hashing and ``repr`` compare and show the declared fields, and JSON, zones
    and re-sampling derive from them.  Its ``_phase`` is ``"over"`` once the deal has
    ended, and ``_current`` is the player to act."""

    __slots__ = ()
    _game: GameContext
    _phase: object  # each family its own enumeration of steps (a native attribute: one type)
    _current: int
    _stage: int
    _moves: int
    _events: tuple[Any, ...]
    _legal: tuple[Action, ...] | None
    _held: tuple[Action, ...] | None
    _dealer: int
    _deal_number: int
    _phased: Any  # the listed phases' fields (cardrules.engine.phased), None without

    @property
    def game(self) -> GameContext:
        return self._game

    @property
    def phase_fields(self) -> Any:
        """The listed phases' fields, read-only, each by its public name
        (``state.phase_fields.bids``; :mod:`cardrules.engine.phased`), beside the
        state's public attributes."""
        return bind(self)

    def _view_record(self, player: object,
                     entries: Callable[[Any, int], dict[str, Any]]) -> View:
        """What ``player`` may know, for a family's ``view``: ``entries`` (the family's
        view function) of this state for the seat, with the listed phases' entries, as a
        record of the game's view class.  Any object is taken as the player and checked
        here: compiled, an ``int`` parameter would refuse a float with a TypeError and
        take True for seat 1 before the check could say what is wrong with them.  The
        families call it through the class (``FieldState._view_record(self, ...)``): a
        direct call compiled, where a method of a state whose class was composed at run
        time is called through Python (mypyc's glue for interpreted subclasses)."""
        game = cast(GameCore, self._game)  # its attributes read directly when compiled
        seat = player if type(player) is int else checked_player(player, game.players)
        out = entries(self, seat)
        if game.phases:
            flow.view(self, seat, out)
        record: View = _NEW_VIEW(game.view_type)  # what View.of does
        _SET_VIEW_ENTRIES(record, out)
        return record

    @classmethod
    def _blank(cls: type[F], game: GameContext, **given: Any) -> F:
        """A state of the game's state class with every field at its initial value (and
        ``given``, the same for every deal of the game: its tables), for a new deal to
        set its own fields on (:func:`~cardrules.engine.state_codec.blank`: a compiled
        family's writes are native, cheaper than :meth:`_make`'s keywords).  A game
        without a phase record keeps its first blank state (``GameCore.blank_state``) and
        each later one is a clone of it, made natively."""
        core = cast(GameCore, game)  # its attributes read natively
        if core.record_class is not None:  # each state its own copy of the record
            made: F = state_codec.blank(core.state_class, game, **given)
            return made
        kept: FieldState | None = core.blank_state
        if kept is None:
            kept = core.blank_state = state_codec.blank(core.state_class, game, **given)
        return cast(F, kept._clone())

    def _start(self, seed: int, previous: table.LastDeal | None = None) -> None:
        """Begin this fresh deal, shuffled from ``seed``, the match's last deal having
        given ``previous`` (:func:`~cardrules.engine.flow.start`).  Without listed phases
        the procedure deals and play begins at once, as the flow would have them (its
        calls made natively here, where the flow calls them through Python)."""
        if cast(GameCore, self._game).phases:
            flow.start(cast("flow.StagedState", self), seed, previous)
            return
        self._deal_cards()
        self._stage = -1  # type: ignore[misc]  # a slot of every concrete state class
        self._start_play()

    @classmethod
    def _make(cls: type[F], game: GameContext, **fields: Any) -> F:
        """A state of the game's state class (this class, or this class with the listed
        phases' fields) with the given fields, the others at their initial values."""
        state: F = state_codec.fresh(game.state_class, game, game=game, **fields)
        return state

    # -- the table a phase works at (cardrules.engine.table.Table) ------------------------

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._dealer

    @property
    def deal_number(self) -> int:
        """The deal's number in its match, from 0."""
        return self._deal_number

    @property
    def stage(self) -> int:
        """The index of the listed phase at work (-1 once play has begun)."""
        return self._stage

    @property
    def to_act(self) -> int:
        """The player to act (a listed phase's, or play's)."""
        return self._current

    def turn_to(self, seat: int) -> None:
        """Make ``seat`` the player to act (on a fresh clone)."""
        self._current = seat  # type: ignore[misc]  # a slot of every concrete state

    def seating(self) -> Seating:
        """What a turn order reads: players, dealer, and the leader and the last trick's
        winner where the procedure keeps them (-1 otherwise); made once for each such
        seating (a record is costlier to make than to look up)."""
        leader, winner = self._lead_seats()
        key = (self._game.players, self._dealer, leader, winner)
        found = _SEATINGS.get(key)
        if found is None:
            found = _SEATINGS[key] = Seating(players=key[0], dealer=key[1], leader=key[2],
                                             winner=key[3])
        return found

    def _lead_seats(self) -> tuple[int, int]:
        """The leader and the last trick's winner, for :meth:`seating` (-1 where the
        procedure keeps none: a procedure class that keeps them reads its own fields)."""
        return getattr(self, "_leader", -1), getattr(self, "_winner", -1)

    def hand(self, seat: int) -> int:
        """The cards of ``seat``'s hand, as a bit set."""
        return table.cards_in(self, "hand", seat)

    def cards(self, zone: str, seat: int = -1) -> int:
        """The cards of a declared zone (``seat``'s, for a zone per seat), as a bit set."""
        return table.cards_in(self, zone, seat)

    def move(self, cards: int, source: str, target: str, *, source_seat: int = -1,
             target_seat: int = -1) -> None:
        """Move ``cards`` from zone ``source`` to zone ``target`` (on a fresh clone; see
        :meth:`cardrules.engine.table.Table.move`)."""
        table.move_cards(self, cards, source, target, source_seat=source_seat,
                         target_seat=target_seat)

    def deal_cards(self, seat: int, count: int, source: str = "stock", *,
                   target: str = "hand") -> int:
        """Deal ``count`` cards from the top of ``source`` to ``seat``'s hand, or to zone
        ``target`` (on a fresh clone); the cards dealt."""
        return table.deal_cards(self, seat, count, source, target=target)

    def take(self, seat: int, cards: int, source: str) -> None:
        """``seat`` takes ``cards`` from zone ``source`` into their hand (on a fresh
        clone)."""
        table.move_cards(self, cards, source, "hand", source_seat=seat, target_seat=seat)

    def cut_cards(self, zone: str, count: int) -> None:
        """Move the top ``count`` cards of the ordered ``zone`` to its bottom (on a fresh
        clone)."""
        table.cut_cards(self, zone, count)

    def turn_up(self, source: str, target: str) -> int:
        """Turn the top card of the ordered zone ``source`` face up onto the face-up zone
        ``target``, and record it for everyone to see (on a fresh clone); the card."""
        card = table.turn_up(self, source, target)
        self.record(raw_event(kind="turn_up", player=-1, cards=(card,), note=target))
        return card

    def record(self, *events: RawEvent) -> None:
        """Add ``events`` to what the action made happen (on a fresh clone): kept as
        given in a state that keeps its events compactly (``Events(raw=True)``), made
        :class:`~cardrules.engine.events.Event` records in any other (a listed phase
        records plain tuples, :func:`~cardrules.engine.events.raw_event`, which are
        cheaper to make)."""
        if not cast(GameCore, self._game).compact_events:
            events = tuple([e if type(e) is Event else Event(*e) for e in events])
        self._events = self._events + events  # type: ignore[misc]

    def declarer_seat(self) -> int:
        """The deal's declarer as a listed phase made them (-1: none;
        :class:`~cardrules.engine.table.HasDeclarer`)."""
        return flow.declarer(cast("flow.StagedState", self))

    def offered(self, name: str) -> Any:
        """A declared field of the procedure's by its public name (what its ``offers``
        promise listed phases: ``tricks``, say), or a field of a listed phase's (the
        bids of a bidding phase, for a phase listed after it)."""
        record = getattr(self, "_phased", None)
        if record is not None and "_" + name in record._fields:
            return getattr(record, "_" + name)
        return getattr(self, "_" + name)

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions: :meth:`_compute_legal`'s that the game's ``refusal`` hook
        does not refuse and its ``legal_filter`` hook keeps, computed once per state.

        While those hooks judge, the state's legal actions are the ones the rules allow
        (the hooks' input): a hook that reads ``state.view(...)`` or asks the state
        again sees them, instead of asking itself without end."""
        legal = self._legal
        if legal is None:
            game = cast(GameCore, self._game)  # its attributes read directly when compiled
            if game.plain_legality:
                legal = self._compute_legal()
            else:
                legal = self._held_legal()
                if game.pack.has_copies:
                    _keep_held(self, legal)
                    legal = faces.by_face(legal, game.pack)
            self._legal = legal  # type: ignore[misc]  # a slot of every concrete state
        return legal

    def _held_legal(self) -> tuple[Action, ...]:
        """The legal actions with the very cards the player holds (a face's copies each
        apart; :mod:`cardrules.engine.faces`)."""
        legal = self._compute_legal()
        if cast(GameCore, self._game).hooked_legality:
            self._legal = legal  # type: ignore[misc]  # what the hooks see
            try:
                legal = self._allowed(legal)
            finally:
                self._legal = None  # type: ignore[misc]
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        """The actions the procedure's fast generators (or the listed phase at work)
        allow now."""
        raise NotImplementedError

    def _rule_refusal(self, action: Action) -> str | None:
        """Why the procedure's rules refuse ``action`` (the first rule that does,
        naming it), or None."""
        raise NotImplementedError

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is refused (naming the rule), or None if it is legal: a listed
        legal action never has a reason; any other is refused by the listed phase at
        work, the ``refusal`` hook (its reason and rule number), the ``legal_filter``
        hook or the first of the procedure's rules that forbids it (the property tests
        check that the listed actions are exactly those no rule forbids)."""
        wrong = malformed(action, self._game.pack.size)
        if wrong is not None:
            return wrong
        pack = self._game.pack
        if pack.has_copies and action.cards and all(0 <= c < pack.size for c in action.cards):
            if faces.canonical_action(action, pack) in self.legal_actions():
                return None
            # the rules judge the copies the player holds, not the first ones
            action = faces.in_hand(action, self.hand(self._current), pack)
        if self._stage >= 0:
            if self._game.hooked_legality and action not in self.legal_actions():
                hooked = self._filtered_out(action, self._compute_legal())
                if hooked:
                    return hooked
            return flow.refusal(self, action)
        if action in self.legal_actions():
            return None
        if self._game.hooked_legality:  # the rules' own actions, before the hooks narrow them
            hooked = self._filtered_out(action, self._compute_legal())
            if hooked:
                return hooked
        return self._rule_refusal(action) or NOT_LEGAL

    def _deal_cards(self) -> None:
        """Deal the cards of a state whose listed phases before the deal are done (changes
        a fresh state): the procedure gives the hands (:meth:`_deal_hands`) and sets the
        rest of the table up (:meth:`_set_up_deal`).  A procedure may override this to deal
        its own way (fishing deals again when the table turned up is spoilt) as long as it
        gives the two pieces for a phase listed in place of the deal; one that deals in one
        go overrides it alone and runs no phase before the deal or in its place (see
        :attr:`~cardrules.engine.procedures.Procedure.deals_after_phases`)."""
        self._set_up_deal(self._deal_hands())

    def _deal_hands(self) -> int:
        """Give each seat its hand from the top of the shuffled stock, the procedure's way
        (changes a fresh state); the card the dealer was dealt last (-1: none).  What a
        phase listed ``instead_of_deal`` does in its place."""
        raise NotImplementedError

    def _set_up_deal(self, last: int = -1) -> None:
        """Once the hands are given, set the rest of the deal up, the procedure's way: the
        trump or starter card, a face-up stock, who moves first (changes a fresh state).
        ``last`` is the card the dealer was dealt last; -1 after a listed phase dealt the
        hands (:attr:`~cardrules.engine.turns.When.INSTEAD_OF_DEAL`)."""
        raise NotImplementedError

    def _start_play(self) -> None:
        """Begin play once the cards are dealt and the listed phases are done (changes a
        fresh clone; see :mod:`cardrules.engine.flow`)."""
        raise NotImplementedError

    def _resume_play(self) -> None:
        """Go on with play once the listed phases of a point at which play handed control
        to the flow are done (between tricks, say; changes a fresh clone; only procedures
        that pause, see :attr:`~cardrules.engine.procedures.Procedure.pauses`)."""
        raise NotImplementedError

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and its JSON (classes composed for a game have no importable
        name)."""
        return (_state_from_json, (self.game, self.to_json()))

    @property
    def current_player(self) -> int:
        return -1 if self._phase == "over" else self._current

    def controller(self, seat: int) -> int:
        """Who chooses ``seat``'s actions: the seat itself, unless the procedure lets
        another seat act for it (a dummy's cards chosen by its partner)."""
        return seat

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    def _clone(self: F) -> F:
        """A copy whose events start empty.  :func:`cardrules.engine.state_codec.derived` puts a
        generated copy in its place; this general one is the reference."""
        return attrs.evolve(self, events=())  # type: ignore[misc]

    def _allowed(self, actions: tuple[Action, ...]) -> tuple[Action, ...]:
        """The legal ``actions`` the game's ``refusal`` hook does not refuse and its
        ``legal_filter`` hook keeps (all without them); a
        :class:`~cardrules.errors.HookError` if the hooks leave none or add any."""
        if not actions:
            return actions
        game = self._game
        hooks, refuse = game.variant.hooks, game.refusal
        if refuse is not None or game.refusals:
            if game.refusals:
                actions = tuple(a for a in actions if self._refused(a) is None)
            else:  # the hook alone, asked directly of every action whose word it judges
                assert refuse is not None
                words = game.refusal_words
                actions = tuple(a for a in actions
                                if (words is not None and _word(a) not in words)
                                or refuse(RefusalInput(state=self, action=a)) is None)
            if not actions:
                named = ", ".join(repr(hooks[p]) for p in sorted(hooks))
                raise HookError(f"this game's hooks ({named}) refuse every action the "
                                f"rules allow")
        keep = game.legal_filter
        if keep is None:
            return actions
        kept = tuple(keep(LegalFilterInput(state=self, actions=actions)))
        if not kept or any(a not in actions for a in kept):
            raise HookError(f"the legal_filter hook {hooks['legal_filter']!r} "
                            f"must keep one or more of the legal actions and add none")
        return kept

    def _refused(self, action: Action) -> str | None:
        """The ``refusal`` hook's message for ``action``, or None if it allows it."""
        for check in self.game.refusals:
            reason = check(self, action)
            if reason is not None:
                return reason
        refuse, words = self.game.refusal, self.game.refusal_words
        if refuse is None or (words is not None and _word(action) not in words):
            return None
        found = refuse(RefusalInput(state=self, action=action))
        return None if found is None else found.message

    def _filtered_out(self, action: Action, ruled: tuple[Action, ...]) -> str | None:
        """The reason for refusing an ``action`` the rules allow (in ``ruled``) but the
        ``refusal`` hook refuses or the ``legal_filter`` hook does not keep; None for any
        other action."""
        if not self.game.hooked_legality or action not in ruled:
            return None
        return self._refused(action) \
            or f"refused by this game's {self.game.variant.hooks['legal_filter']} rule"

    def _ends_by_hook(self, out: tuple[int, ...]) -> bool:
        """True if the game's ``end_of_deal`` hook ends the deal now."""
        end = self.game.end_of_deal
        assert end is not None
        hands: tuple[int, ...] = getattr(self, "_hands")  # noqa: B009
        stock: tuple[int, ...] = getattr(self, "_stock")  # noqa: B009
        return bool(end(EndOfDealInput(pack=self.game.pack, hands=hands, stock=len(stock),
                                       out=out)))

    def _step(self, action: Action) -> State:
        """:meth:`_next`, counting the deal's actions: a deal that goes on past
        ``game.move_limit`` actions raises :class:`~cardrules.errors.DealTooLongError`
        (naming the rule file) instead of running for ever.  With a pack of several
        copies of a face, ``action`` (by face) lays the copies the player holds."""
        game = cast(GameCore, self._game)  # its attributes read directly when compiled
        if not game.plain_legality and game.pack.has_copies and action.cards:
            held = _kept_held(self)
            if held is None:
                held = self._held_legal()
            action = faces.held_action(action, held, game.pack)
        new: FieldState = self._next(action)  # type: ignore[assignment]
        moves = new._moves = self._moves + 1  # type: ignore[misc]  # a slot of every state
        if moves > game.move_limit:
            raise DealTooLongError(
                f"a deal of {game.source} has gone on for {moves - 1} actions, more "
                f"than its rules allow ({game.move_limit}); the rule file describes a "
                f"deal that may never end")
        if game.check_states:
            consistency.structure(new)
        return new

    def _key(self) -> tuple[Any, ...]:
        return tuple(d.value(self) for d in declared_of(self))

    def __eq__(self, other: object) -> bool:
        """Equal states of equal games: a state read back from a pickle equals the
        original though its game (and the class composed for it) is another object."""
        if not isinstance(other, FieldState):
            return NotImplemented
        return (type(other) is type(self)
                or type(other).__qualname__ == type(self).__qualname__) \
            and self.game == other.game and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.variant.name} phase={self._phase} " \
               f"current={self.current_player}>"

    def zones(self) -> dict[str, int]:
        """Every declared field's own cards as a bit set (per-seat fields per seat)."""
        return state_codec.zones(self)

    def hidden_cards(self, player: int) -> int:
        return state_codec.hidden_cards(self, player)

    def shown_cards(self, player: int) -> int:
        return state_codec.shown_cards(self, player)

    def to_json(self) -> dict[str, Any]:
        return {"procedure": self.game.variant.play.procedure,
                **state_codec.write_fields(self)}


def _same_cards(action: Action, legal: tuple[Action, ...]) -> Action:
    """The legal action that lays the same cards as ``action`` in another order: the only
    one with that set of cards, or, where several differ only in which card lies last (on
    top), the one with ``action``'s last card.  ``action`` itself when there is none.  A
    ``play`` is only re-ordered with its last card kept last (the card written last ends
    on top of the pile), never to another legal order: the rules' refusal says how to
    write that one."""
    cards = action.cards
    if len(cards) < 2 or len(set(cards)) != len(cards):
        return action
    wanted = frozenset(cards)
    found = [a for a in legal if a.kind is action.kind and a.name == action.name
             and len(a.cards) == len(cards) and frozenset(a.cards) == wanted]
    if len(found) > 1 or action.kind is _KIND_PLAY:
        found = [a for a in found if a.cards[-1] == cards[-1]]
    return found[0] if len(found) == 1 else action


def _state_from_json(game: GameContext, data: dict[str, Any]) -> State:
    return game.state_from_json(data)
