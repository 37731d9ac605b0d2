"""A deal's flow through the phases a variant lists (:mod:`cardrules.phases`).

When a deal is shuffled every listed phase may draw what the deal leaves to chance
(:func:`draw`), and, in a match's second deal and later, learn what the last deal gave
(:meth:`~cardrules.phases.Phase.from_last_deal`).  A state whose game lists phases then
enters them in order (its ``_stage`` is the index of the phase at work; -1 once play has
begun): first the phases that run on the shuffled pack, before the cards are dealt
(:attr:`~cardrules.engine.turns.When.BETWEEN_DEALS`, from a match's second deal on, and
:attr:`~cardrules.engine.turns.When.BEFORE_DEAL`, such as choosing trump suits at the
start of a match), then the deal, then the phases that run after the deal (passing
cards, bidding).

The deal is a step of the flow like the others (:attr:`StagedGame.dealt_at` is its place
in the list).  The procedure deals in two pieces: it gives the hands
(``state._deal_hands()``) and sets the rest of the table up (``state._set_up_deal()``:
the trump or starter card, the first player).  A listed phase of
:attr:`~cardrules.engine.turns.When.INSTEAD_OF_DEAL` takes the first piece's place: it
deals the hands itself through the table's named operations (``deal_cards``, ``move``,
``turn_up``...), perhaps asking a player to cut first, and once it is done the procedure
sets the table up; when it has nothing to do in a deal
(:meth:`~cardrules.phases.Phase.skip`) the procedure deals as usual.

While a phase is at work it decides the legal actions, the refusals, what an action does
and part of the view; when the last one is done the play procedure begins its play
(``state._start_play()``).  A game that lists no phase before the deal or in its place is
dealt by its procedure before :func:`begin` is called.

Play hands control back to the flow at the points its procedure offers
(:attr:`~cardrules.engine.procedures.Procedure.pauses`): a tricks procedure calls
:func:`between` with :attr:`~cardrules.engine.turns.When.BETWEEN_TRICKS` after each trick
that is not the last, before the next lead (a bouts procedure after each bout, with
:attr:`~cardrules.engine.turns.When.BETWEEN_BOUTS`).  The listed phases that run at that point
(:meth:`~cardrules.phases.Phase.timing`) are entered in list order, each only when it has
something to do; when the last is done (or none had anything to do) the procedure goes on
with its play (``state._resume_play()``).  Where a phase runs is data (:class:`When`), so
the same phase machinery serves every point: legality, refusals, views, JSON and
re-sampling never ask which point it is.

The listed phases' fields live in a record beside the state
(:mod:`cardrules.engine.phased`): every phase method is handed the state's table
(:func:`~cardrules.engine.phased.bind`), on which the phase reads and writes its fields as
attributes; before a phase may change them the flow gives the fresh clone its own copy of
the record (:func:`~cardrules.engine.phased.own`), which play otherwise shares, and
unbinds it once done (:func:`~cardrules.engine.phased.release`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar, cast

import attrs

from cardrules.actions import Action
from cardrules.engine.action_space import Family, family_words, first_word
from cardrules.engine.context import GameRules
from cardrules.engine.game_core import GameCore
from cardrules.engine.phased import bind, own, release
from cardrules.engine.seeding import derive_seed
from cardrules.engine.state_codec import derived, group_bits
from cardrules.engine.table import LastDeal, Table
from cardrules.engine.turns import Turns, When
from cardrules.engine.views import View

if TYPE_CHECKING:
    from cardrules.engine.action_space import ActionSpace
    from cardrules.phases import Phase

__all__ = ["AtStage", "InGame", "StagedGame", "StagedState", "When", "apply", "before_deal",
           "begin", "between", "card_order", "compose", "counted", "declarer", "draw",
           "ends_deal", "legal", "over",
           "refusal", "replaced", "score", "start", "timings", "undealt", "view"]


# Enum members read in functions, as module constants: compiled, each is a C static
# (on Python 3.11 an enum class's attribute costs a slow lookup: EnumType has a
# __getattr__).
_WHEN_BETWEEN_DEALS: Final = When.BETWEEN_DEALS
_WHEN_INSTEAD_OF_DEAL: Final = When.INSTEAD_OF_DEAL


C = TypeVar("C")


class StagedGame(GameRules, Protocol):
    """What the flow reads of a game: its listed phases and where the deal comes among
    them, its action families and its rule references."""

    @property
    def phases(self) -> tuple[tuple[Phase[Any], Any], ...]: ...

    @property
    def dealt_at(self) -> int:
        """The index of the deal among the listed phases: how many run before it (the
        phase there, if any, may take its place)."""
        ...

    @property
    def timings(self) -> tuple[When, ...]: ...

    @property
    def ending(self) -> tuple[tuple[Phase[Any], Any], ...]:
        """The listed phases that may end a deal after a trick: those with their own
        :meth:`~cardrules.phases.Phase.ends_deal` (the base's never does)."""
        ...

    @property
    def counting(self) -> tuple[tuple[Phase[Any], Any], ...]:
        """The listed phases that may set cards aside to count as taken: those with their
        own :meth:`~cardrules.phases.Phase.counted`."""
        ...

    @property
    def carrying(self) -> tuple[tuple[Phase[Any], Any], ...]:
        """The listed phases that may carry facts into the next deal: those with their own
        :meth:`~cardrules.phases.Phase.carry`."""
        ...

    @property
    def action_space(self) -> ActionSpace: ...

    def rule_ref(self, key: str) -> str: ...

    @property
    def partnerships(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def turns(self) -> Turns: ...


class InGame(Protocol):
    """A state of a game with listed phases (what :func:`over` needs)."""

    @property
    def game(self) -> StagedGame: ...


class AtStage(InGame, Protocol):
    """A state that knows which listed phase is at work (what :func:`view` needs)."""

    @property
    def _stage(self) -> int: ...


class StagedState(AtStage, Table, Protocol):
    """What the flow needs of a deal state (every
    :class:`~cardrules.engine.state.FieldState` is one): its game, the index of the phase
    at work, and the procedure's deal and start of play; and the
    :class:`~cardrules.engine.table.Table` it hands to the phases."""

    @property
    def game(self) -> StagedGame: ...

    def _deal_cards(self) -> None: ...

    def _set_up_deal(self, last: int = -1) -> None: ...

    def _start_play(self) -> None: ...

    def _resume_play(self) -> None: ...

    def _clone(self: C) -> C: ...

    @property
    def is_over(self) -> bool: ...

    _moves: int
    """Actions applied in the deal (a field of every concrete state)."""
    _events: tuple[Any, ...]
    """What the last action made happen (a field of every concrete state)."""


S = TypeVar("S", bound=StagedState)


def compose(base: type, mixins: Sequence[type]) -> type:
    """``base`` (a procedure's state class) with the phases' field mixins added; ``base``
    itself when there are none.  ``base`` comes first, so its methods (equality, hashing,
    ``repr``) win over anything attrs gave a mixin.  The mixins that are optional field
    groups of ``base``'s family set their bits in the new class's ``_group_bits``, which
    its fresh states take as their ``_groups``
    (:func:`~cardrules.engine.state_codec.group_bits`)."""
    if not mixins:
        return base
    name = base.__name__ + "".join(m.__name__ for m in mixins)
    # the groups whose fields the family state's own clone copies, for fresh states
    namespace = {"__module__": base.__module__, "_group_bits": group_bits(base, mixins)}
    cls = type(name, (base, *mixins), namespace)
    return derived(attrs.define(slots=True, eq=False, repr=False)(cls))


def attribute_names(cls: type) -> frozenset[str]:
    """The names ``cls`` and its bases give attributes: fields, slots, methods and the
    annotated attributes of mixins that declare them without fields (the optional field
    groups a procedure's state reads), interpreted or compiled.

    >>> @attrs.define
    ... class Point:
    ...     _x: int = 0
    >>> sorted(n for n in attribute_names(Point) if not n.startswith("__"))
    ['_x']
    """
    return frozenset(name for k in cls.__mro__ if k is not object
                     for name in (*vars(k), *getattr(k, "__annotations__", {})))


def with_view_records(cls: type) -> type:
    """``cls`` (a state class whose procedure declares no view entries) with its views
    made records: the mapping its ``view`` returns becomes the game's
    :class:`~cardrules.engine.views.View` (:attr:`Game.view_type`), entry by entry."""
    base_view: Callable[[Any, object], Any] = cls.view  # type: ignore[attr-defined]

    # any object: compiled, an ``int`` parameter would refuse a float with a TypeError and
    # take True for seat 1 before the state's view could say what is wrong with them
    def view(self: Any, player: object) -> View:
        out = base_view(self, player)
        return out if isinstance(out, View) else self.game.view_type.of(dict(out))

    view.__doc__ = base_view.__doc__
    made = type(cls.__name__, (cls,), {"__module__": cls.__module__, "view": view})
    return derived(attrs.define(slots=True, eq=False, repr=False)(made))


def draw(state: StagedState, seed: int) -> None:
    """A deal was just shuffled from ``seed``: let every listed phase draw what it decides
    by lot, each from its own seed derived from ``seed`` (changes a fresh state); the
    others draw nothing, and no seed is derived for them."""
    game = cast(GameCore, state.game)  # its attributes read directly when compiled
    if not game.drawing:
        return
    table = bind(state, writes=True)  # a fresh state: its phase record is its own
    for stage in game.drawing:
        phase, settings = game.phases[stage]
        phase.draw(table, settings, derive_seed(seed, "phase", stage, phase.name))


def drawing(phases: Sequence[tuple[Phase[Any], Any]]) -> tuple[int, ...]:
    """The stages of the listed ``phases`` that draw by lot under their settings
    (:meth:`~cardrules.phases.Phase.draws_in`), in list order: :func:`draw` derives a
    seed for these alone."""
    return tuple(stage for stage, (phase, settings) in enumerate(phases)
                 if phase.draws_in(settings))


def views_kept(phases: Sequence[tuple[Phase[Any], Any]]) -> tuple[bool, ...]:
    """For each of the listed ``phases``, whether :func:`view` keeps its entries per phase
    record (:meth:`~cardrules.phases.Phase.view_from_fields_in` its settings)."""
    return tuple(phase.view_from_fields_in(settings) for phase, settings in phases)


def before_deal(phases: Sequence[tuple[Phase[Any], Any]]) -> int:
    """How many of the listed ``phases`` run before the deal, on the shuffled pack (they
    come first in the list; the rule file's checks make sure)."""
    count = 0
    while count < len(phases) and phases[count][0].timing(phases[count][1]).undealt:
        count += 1
    return count


def timings(phases: Sequence[tuple[Phase[Any], Any]]) -> tuple[When, ...]:
    """Where each of the listed ``phases`` runs (:meth:`~cardrules.phases.Phase.timing`),
    in list order."""
    return tuple(phase.timing(settings) for phase, settings in phases)


def replaced(game: StagedGame) -> bool:
    """True if a listed phase deals in place of the procedure
    (:attr:`~cardrules.engine.turns.When.INSTEAD_OF_DEAL`)."""
    at, timing = game.dealt_at, game.timings
    return at < len(timing) and timing[at] is _WHEN_INSTEAD_OF_DEAL


def undealt(game: StagedGame, stage: int) -> bool:
    """True if the hands are not (all) dealt while listed phase ``stage`` is at work: it
    runs before the deal, or deals in place of the procedure."""
    return 0 <= stage < game.dealt_at or (stage == game.dealt_at and replaced(game))


def start(state: StagedState, seed: int, previous: LastDeal | None = None) -> None:
    """A deal was just shuffled from ``seed`` (changes the fresh state): the listed phases
    draw what they decide by lot and, given ``previous`` (what the match's last deal
    gave), learn it; the procedure deals at once unless phases run before the deal or
    in its place, then the phases are entered in order, or play begins when there is
    none."""
    draw(state, seed)
    if previous is not None:
        table = bind(state, writes=True)
        for phase, settings in state.game.phases:
            phase.from_last_deal(table, settings, previous)
    if not state.game.dealt_at and not replaced(state.game):
        state._deal_cards()
    begin(state)
    release(state)


def begin(state: StagedState) -> None:
    """Enter the first listed phase that has something to do, dealing the cards once the
    phases before the deal are done (``state._deal_cards()``, unless a listed phase deals
    in its place), or begin play when no phase is left (changes a fresh state).  The
    procedure has already dealt the cards when its game lists no phase before the deal
    or in its place."""
    _enter(state, 0)


def _enter(state: StagedState, stage: int) -> None:
    game = cast(GameCore, state.game)  # its attributes read directly when compiled
    phases, dealt_at, timing = game.phases, game.dealt_at, game.timings
    table = bind(state, writes=True)  # a fresh state, or a clone given its own record
    while stage < len(phases):
        when = timing[stage]
        if stage == dealt_at and when is not _WHEN_INSTEAD_OF_DEAL and stage:
            state._deal_cards()
        phase, settings = phases[stage]
        if when.before_play and (when is not _WHEN_BETWEEN_DEALS or state.deal_number) \
                and not phase.skip(table, settings):
            state._stage = stage  # type: ignore[misc]  # a slot of every concrete state class
            phase.enter(table, settings)
            if not phase.finished(table, settings):
                return
        if when is _WHEN_INSTEAD_OF_DEAL:
            state._deal_cards()  # the phase has nothing to do: the procedure deals
        stage += 1
    if stage == dealt_at and stage:
        state._deal_cards()
    state._stage = -1  # type: ignore[misc]
    state._start_play()


def between(state: StagedState, when: When) -> bool:
    """Play has reached ``when`` (after a trick, say): enter the first listed phase of
    that point that has something to do, and return True; False when there is none, and
    play goes straight on (changes a fresh clone).  Once the phases entered are done the
    flow calls ``state._resume_play()``."""
    timing = cast(GameCore, state.game).timings
    if when not in timing:
        return False
    entered = _enter_at(state, timing.index(when), when)
    release(state)
    return entered


def _enter_at(state: StagedState, stage: int, when: When) -> bool:
    """Enter the first phase of ``when`` from ``stage`` on that has something to do (True),
    or leave the stage to play (False)."""
    game = cast(GameCore, state.game)
    phases, timing = game.phases, game.timings
    table: Any = None
    while stage < len(phases):
        phase, settings = phases[stage]
        if timing[stage] is when and not phase.skip(
                table if table is not None else bind(state), settings):
            if table is None:  # play shares its phase record with the states before it
                own(state)
                table = bind(state, writes=True)
            state._stage = stage  # type: ignore[misc]
            phase.enter(table, settings)
            if not phase.finished(table, settings):
                return True
        stage += 1
    state._stage = -1  # type: ignore[misc]
    return False


def legal(state: StagedState) -> tuple[Action, ...]:
    """The legal actions of the phase at work: its candidates it does not refuse."""
    phase, settings = cast(GameCore, state.game).phases[state._stage]
    if phase.candidates_all_legal:
        return tuple(phase.candidates(bind(state) if phase.candidates_read_fields else state,
                                      settings))
    table = bind(state)
    refusal = phase.refusal
    return tuple([a for a in phase.candidates(table, settings)
                  if refusal(table, settings, a) is None])


def refusal(state: StagedState, action: Action) -> str | None:
    """Why the phase at work refuses ``action`` (None: it is legal); an action written
    with a word that nothing in the game offers is not an action of this game."""
    word = first_word(action)
    if word not in state.game.action_space.words:
        return f"'{word}' is not an action of this game"
    phase, settings = state.game.phases[state._stage]
    return phase.refusal(bind(state), settings, action)


def over(state: InGame, action: Action) -> str | None:
    """Why ``action`` is refused once play has begun, when it is written with the word of
    an action a listed phase offers (``bid``, ``trump``): that phase is over.  None when
    no listed phase offers such actions (a procedure asks this only of actions its own
    rules do not know)."""
    word = first_word(action)
    game = state.game
    for (phase, settings), when in zip(game.phases, game.timings, strict=True):
        for family in phase.families(game, settings):
            if _offers(family, word):
                name = phase.name.replace("_", " ")
                if not when.before_play:
                    return (f"'{word}' is an action of the {name} phase, which runs "
                            f"{when.words}, not now{game.rule_ref(phase.name)}")
                return (f"'{word}' is an action of the {name} "
                        f"phase, which is over: play has begun{game.rule_ref(phase.name)}")
    return None


def _offers(family: Family, word: str) -> bool:
    """True if ``family`` holds actions written with ``word``."""
    return word in family_words(family)


def apply(state: S, action: Action) -> S:
    """The state after a legal ``action`` of the phase at work; the next phase (or play)
    begins when it is done."""
    new = state._clone()
    own(new)
    stage = state._stage
    game = cast(GameCore, state.game)
    phase, settings = game.phases[stage]
    if phase.apply(bind(new, writes=True), settings, action):
        _after_phase(new, game, stage)
    release(new)
    return new


def _after_phase(new: StagedState, game: GameCore, stage: int) -> None:
    """The phase at ``stage`` has just ended on ``new`` (a fresh clone, bound): the next
    phase (or play) begins, unless the phase threw the deal in."""
    if new.is_over:  # nothing follows
        new._stage = -1  # type: ignore[misc]  # a slot of every concrete state class
        return
    when = game.timings[stage]
    if when is _WHEN_INSTEAD_OF_DEAL:
        new._set_up_deal()  # the phase dealt the hands: the procedure does the rest
    if when.before_play:
        _enter(new, stage + 1)
    elif not _enter_at(new, stage + 1, when):
        new._resume_play()


def random_moves(state: S, bits: Sequence[Callable[[int], int]]) -> tuple[S, int] | None:
    """The moves of random play the phase at work makes itself
    (:meth:`~cardrules.phases.Phase.random_moves_ending`), made on a clone of ``state``:
    the state reached, the one-step loop's after as many moves (its events the last
    move's; where the last ended the phase, the next phase or play begun as after
    :func:`apply`), and their number; None when the phase makes none (it has no such
    moves, or leaves its last to :func:`apply`), the game checks every state it makes,
    or hooks or copies of a card make the legal actions other than the phase lists
    them (:attr:`~cardrules.engine.game_core.GameCore.plain_legality`)."""
    game = cast(GameCore, state.game)
    stage = state._stage
    phase, settings = game.phases[stage]
    if not phase.moves_at_random or game.check_states or not game.plain_legality:
        return None
    new = state._clone()
    own(new)
    made, ended = phase.random_moves_ending(bind(new, writes=True), settings, bits)
    if made and ended:
        _after_phase(new, game, stage)
    release(new)
    if not made:
        return None
    new._moves = state._moves + made
    return new, made


def score(state: StagedState, scores: tuple[int, ...]) -> tuple[int, ...]:
    """The deal's scores after every listed phase has scored it, in list order
    (:meth:`~cardrules.phases.Phase.score`), from the procedure's ``scores``; the
    procedure calls this once when the deal ends."""
    table = bind(state)
    for phase, settings in state.game.phases:
        scores = phase.score(table, settings, scores)
    return scores


def declarer(state: StagedState) -> int:
    """The deal's declarer as the listed phases made it
    (:meth:`~cardrules.phases.Phase.declarer`: an auction's last bidder, say), the first
    that names one in list order; -1 while none has."""
    table = bind(state)
    for phase, settings in state.game.phases:
        seat = phase.declarer(table, settings)
        if seat >= 0:
            return seat
    return -1


def contract(state: StagedState) -> int:
    """The deal's contract as the listed phases made it
    (:meth:`~cardrules.phases.Phase.contract`: an auction's winning bid), the first that
    names one in list order; 0 while none has."""
    table = bind(state)
    for phase, settings in state.game.phases:
        value = phase.contract(table, settings)
        if value:
            return value
    return 0


def card_order(state: StagedState) -> int:
    """The index, among every listed phase's card orders in list order
    (:meth:`~cardrules.phases.Phase.card_orders`), of the one a phase put in force in this
    deal; -1: none (the rule file's own order)."""
    offset = 0
    pack = state.game.pack
    table = bind(state)
    for phase, settings in state.game.phases:
        chosen = phase.card_order(table, settings)
        if chosen >= 0:
            return offset + chosen
        offset += len(phase.card_orders(settings, pack))
    return -1


def ends_deal(state: StagedState) -> bool:
    """True when a listed phase ends the deal after the trick just taken
    (:meth:`~cardrules.phases.Phase.ends_deal`).  Asked after every trick: only the
    phases that may end a deal are asked (:attr:`StagedGame.ending`; most never do), in a
    plain loop (no generator to make)."""
    asked = cast(GameCore, state.game).ending
    if not asked:
        return False
    table = bind(state)
    for phase, settings in asked:  # noqa: SIM110 - any() over a generator is slower
        if phase.ends_deal(table, settings):
            return True
    return False


def counted(state: StagedState) -> tuple[int, ...]:
    """Per seat, the cards the listed phases set aside that count as taken by that seat
    when the deal is scored (:meth:`~cardrules.phases.Phase.counted`: a widow discarded
    face down, say), as bit sets; empty when none do.  Only the phases that may set
    cards aside are asked (:attr:`StagedGame.counting`)."""
    out: tuple[int, ...] = ()
    asked = cast(GameCore, state.game).counting
    if not asked:
        return out
    table = bind(state)
    for phase, settings in asked:
        cards = phase.counted(table, settings)
        if cards:
            out = cards if not out else tuple(a | b for a, b in zip(out, cards, strict=True))
    return out


def carried(state: StagedState) -> tuple[tuple[str, object], ...]:
    """What every listed phase carries from the finished deal into the match's next
    (:meth:`~cardrules.phases.Phase.carry`), in list order; the procedure adds it to its
    deal result's ``carry``.  Only the phases that may carry a fact are asked
    (:attr:`StagedGame.carrying`)."""
    out: tuple[tuple[str, object], ...] = ()
    asked = cast(GameCore, state.game).carrying
    if not asked:
        return out
    table = bind(state)
    for phase, settings in asked:
        out += phase.carry(table, settings)
    return out


def view(state: AtStage, player: int, into: dict[str, Any] | None = None) -> dict[str, Any]:
    """The view entries of every listed phase (each phase shows its own fields), and the
    name of the phase at work, added to ``into`` (a family's entries, say) or to a new
    dict, which is returned.  The entries of a phase whose view depends on its fields
    alone (:attr:`~cardrules.phases.Phase.view_from_fields`) are worked out once per
    phase record, seat and stage at work (a record is shared by the states of a deal
    until a phase changes it, and then copied), and each view is given its own copy of
    them: after a second view, by a plan of what in them may be changed
    (:func:`_shaped`)."""
    out: dict[str, Any] = {} if into is None else into
    record = getattr(state, "_phased", None)
    table: Any = None
    game = cast(GameCore, state.game)
    phases, kept_views, at_work = game.phases, game.views_kept, state._stage
    for stage, (phase, settings) in enumerate(phases):
        if record is not None and kept_views[stage]:
            kept: dict[tuple[int, int, int], Any] | None = getattr(record, "_views", None)
            if kept is None:
                kept = record._views = {}
            key = (stage, player, at_work)
            entries = kept.get(key)
            if entries is None:  # a first view: kept as the phase made it
                made: dict[str, Any] = phase.view(bind(state), settings, player)
                kept[key] = made
                for name, value in made.items():  # a dict's own loop, compiled
                    out[name] = _copied(value)
                continue
            if isinstance(entries, dict):  # a second view: its copies are worth planning
                entries = kept[key] = _shaped(entries)
            shaped: tuple[tuple[str, Any, int], ...] = entries
            for name, value, shape in shaped:
                if shape == _SHARED:
                    out[name] = value
                elif shape == _FLAT_LIST:
                    flat: list[Any] = value  # typed: a list's slice compiled
                    out[name] = flat[:]
                elif shape == _FLAT_DICTS:
                    dicts: list[dict[str, Any]] = value  # typed: a dict's copy compiled
                    out[name] = [entry.copy() for entry in dicts]
                else:
                    out[name] = _copied(value)
            continue
        if table is None:
            table = bind(state)
        out.update(phase.view(table, settings, player))
    if at_work >= 0:
        out["phase"] = phases[at_work][0].name
    return out


_SHARED: Final = 0
"""A kept view entry that is a name, number, None or other value that cannot be changed."""
_FLAT_LIST: Final = 1
"""A kept view entry that is a list of values that cannot be changed: copied by a slice."""
_FLAT_DICTS: Final = 2
"""A kept view entry that is a list of dicts of values that cannot be changed (the calls
of an auction, say): each dict copied."""
_NESTED: Final = 3
"""Any other kept view entry: copied by :func:`_copied`."""


def _shaped(entries: dict[str, Any]) -> tuple[tuple[str, Any, int], ...]:
    """A phase's view ``entries`` as kept: each name and value with how a view copies it
    (worked out once, so that each view copies without looking at every item).

    >>> _shaped({"level": 2, "seen": ["AS"], "calls": [{"call": "1C"}], "deep": [[1]]})
    (('level', 2, 0), ('seen', ['AS'], 1), ('calls', [{'call': '1C'}], 2), ('deep', [[1]], 3))
    >>> [shape for _, _, shape in _shaped({"a": [1, {"b": 2}], "b": [{}, 1], "c": []})]
    [3, 3, 1]
    """
    out: list[tuple[str, Any, int]] = []
    for name, value in entries.items():
        out.append((name, value, _shape(value)))
    return tuple(out)


def _shape(value: Any) -> int:
    """How a kept view entry is copied (see :func:`_shaped`)."""
    if not isinstance(value, (list, dict)):
        return _SHARED
    if isinstance(value, dict):
        return _NESTED
    dicts = others = False
    for item in value:
        if isinstance(item, list):
            return _NESTED
        if isinstance(item, dict):
            for inner in item.values():
                if isinstance(inner, (list, dict)):
                    return _NESTED
            dicts = True
        else:
            others = True
    if dicts:
        return _NESTED if others else _FLAT_DICTS
    return _FLAT_LIST


def _copied(value: Any) -> Any:
    """A JSON-ready ``value`` with its lists and dicts made anew (what a caller may change
    in one view must not reach the entries kept for the next).

    >>> kept = [["AS"], 2]
    >>> copy = _copied(kept)
    >>> copy == kept, copy is kept, copy[0] is kept[0]
    (True, False, False)
    >>> flat = ["AS", "KH"]
    >>> _copied(flat) == flat and _copied(flat) is not flat
    True
    >>> calls = [{"player": 0, "call": "1C", "seen": ["AS"]}]
    >>> copy = _copied(calls)
    >>> copy == calls, copy[0] is calls[0], copy[0]["seen"] is calls[0]["seen"]
    (True, False, False)
    """
    if isinstance(value, list):
        items = value[:]  # names and numbers are shared: a flat copy, then what nests
        for k, item in enumerate(items):
            if isinstance(item, (list, dict)):
                items[k] = _copied(item)
        return items
    if isinstance(value, dict):
        entries = value.copy()  # a dict's copy is one step; then its lists and dicts
        for name, item in entries.items():
            if isinstance(item, (list, dict)):
                entries[name] = _copied(item)  # a value replaced: the keys stay as they are
        return entries
    return value
