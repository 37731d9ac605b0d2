"""A loaded variant for a number of players: the factory of states."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.actions import Action, parse_action
from cardrules.cards import Pack, mask_of
from cardrules.engine import consistency, flow, phased, state_codec
from cardrules.engine.action_space import ActionSpace
from cardrules.engine.consistency import checked
from cardrules.engine.game_core import GameCore
from cardrules.engine.observation import Field, Number, NumbersBySeat, Observation, OneOf
from cardrules.engine.procedures import Procedure, find
from cardrules.engine.seeding import MAX_SEED, check_seed, derive_seed
from cardrules.engine.standings import lower_is_better
from cardrules.engine.state import DealResult, State, deal_by_lot, first_dealer, keeps_compact
from cardrules.engine.turns import DEALERS_LEFT, Turns
from cardrules.engine.views import View, view_class
from cardrules.errors import CardrulesError, HookError, RecordError, StateError
from cardrules.hooks import (
    CardPointsInput,
    DealScoringInput,
    EndOfDealInput,
    FirstMoverInput,
    LegalFilterInput,
    PackChange,
    PackInput,
    Refusal,
    RefusalInput,
    declared,
    is_default,
    judged_words,
    points,
    resolve,
)
from cardrules.model import Variant
from cardrules.phases import Phase
from cardrules.phases import find as find_phase

if TYPE_CHECKING:  # matches and play-outs imported where used: a load needs neither
    from cardrules.engine.context import Recorded
    from cardrules.engine.playouts import Playout, Policy

__all__ = ["MAX_SEED", "Game", "check_seed", "derive_seed"]


class Game(GameCore):
    """A variant with its options applied, for a fixed number of players.

    Make one with :func:`cardrules.load`.  A game is immutable and shared by all of
    its states.
    """

    __slots__ = ("_action_space", "_hooks", "_low_wins", "_observation", "_partnerships",
                 "_plain_scoring")

    # the types of attributes GameCore declares loosely (it sits below the modules that
    # define them); the values are set in __init__
    procedure: Procedure
    refusal: Callable[[RefusalInput], Refusal | None] | None
    legal_filter: Callable[[LegalFilterInput], tuple[Action, ...]] | None
    end_of_deal: Callable[[EndOfDealInput], bool | None] | None
    refusals: tuple[Callable[[Any, Action], str | None], ...]

    def __init__(self, *, variant: Variant, players: int, fingerprint: str,
                 source: str) -> None:
        if not variant.players.min <= players <= variant.players.max:
            raise CardrulesError(
                f"{variant.name} is for {variant.players.min} to {variant.players.max} "
                f"players, not {players}")
        self._partnerships: tuple[tuple[int, ...], ...] | None = None  # asked for at load
        self.variant = variant
        """The rules."""
        self.players = players
        """Number of players, seated 0..players-1 clockwise."""
        self.fingerprint = fingerprint
        """Hash of the resolved rule data (options applied)."""
        self.check_states = consistency.EVERY_STATE
        """Check the structure of every state an action makes (``CARDRULES_CHECK=1`` when
        the game was loaded: :data:`cardrules.engine.consistency.EVERY_STATE`)."""
        self.source = source
        """The variant's name or the file it was loaded from."""
        self.pack = variant.pack.build(players)
        """The cards (without those ``pack.left_out`` names for this many players)."""
        self.procedure = find(variant.play.procedure)
        """The play procedure."""
        self.phases = tuple(
            (find_phase(entry.name), find_phase(entry.name).settings(entry.section))
            for entry in variant.phases)
        """The listed phases with their settings, in the order they run (those before the
        deal first)."""
        self.words = {word: takes for phase, settings in self.phases
                                       for word, takes in phase.words(settings).items()}
        """The action words this game's rule file makes for its listed phases (a game
        type's name, a strain's word), with what follows each: known to this game alone."""
        self.dealt_at = flow.before_deal(self.phases)
        """How many listed phases run before the cards are dealt (the deal comes between
        them and the rest, see :mod:`cardrules.engine.flow`)."""
        self.timings = flow.timings(self.phases)
        """Where each listed phase runs (before or after the deal, between tricks...), in
        list order."""
        self.drawing = flow.drawing(self.phases)
        """The stages of the listed phases that draw by lot under their settings (the flow
        derives a seed for these alone at every deal)."""
        self.views_kept = flow.views_kept(self.phases)
        """For each listed phase, whether the flow keeps its view entries per phase record
        (:meth:`~cardrules.phases.Phase.view_from_fields_in` its settings)."""
        self.ending = tuple((phase, settings) for phase, settings in self.phases
                            if type(phase).ends_deal is not Phase.ends_deal)
        """The listed phases that may end a deal after a trick: those with their own
        :meth:`~cardrules.phases.Phase.ends_deal` (the flow asks only these, after every
        trick)."""
        self.counting = tuple((phase, settings) for phase, settings in self.phases
                              if type(phase).counted is not Phase.counted)
        """The listed phases that may set cards aside to count as taken: those with their
        own :meth:`~cardrules.phases.Phase.counted` (the flow asks only these)."""
        self.carrying = tuple((phase, settings) for phase, settings in self.phases
                              if type(phase).carry is not Phase.carry)
        """The listed phases that may carry facts into the next deal: those with their own
        :meth:`~cardrules.phases.Phase.carry` (the flow asks only these)."""
        base = self.procedure.state_class
        procedure_mixins = list(self.procedure.field_mixins(variant))
        phase_mixins = [p.fields for p, _ in self.phases if p.fields is not None]
        self.record_class = None
        """The class of the record holding the listed phases' fields beside each state
        (:mod:`cardrules.engine.phased`); None when they list none, or when the
        procedure's state keeps no record (a third-party family's may not: its state
        class then takes the phases' fields itself)."""
        self.blank_state = None
        """A state of ``state_class`` with every field at its initial value, which
        :meth:`~cardrules.engine.state.FieldState._blank` copies for a new deal (None
        until the first; kept only without a phase record)."""
        recorded = bool(phase_mixins) and phased.keeps_record(base)
        self.state_class = flow.compose(
            base, [*procedure_mixins, *([] if recorded else phase_mixins)])
        """The class of this game's deal states."""
        self.compact_events = keeps_compact(self.state_class)
        """True if its states keep their events compactly (read at every event
        recorded)."""
        if recorded:
            self.record_class = phased.record_class(phase_mixins, self.state_class)
        self.turns = Turns.of(variant.play_order, players)
        """The play's turn order laid out for the players (``play.order``): the families
        ask it for the seat after a seat instead of writing it out."""
        self._hooks = {name: resolve(name, variant.hooks.get(name, point.default))
                       for name, point in declared().items()}
        self._plain_scoring = is_default("deal_scoring", self._hooks["deal_scoring"])
        self._low_wins = lower_is_better(variant.match.goal)  # read by every deal result
        self.plain_first_mover = is_default("first_mover", self._hooks["first_mover"])
        """The ``first_mover`` hook is the default: the first seat of the play order
        moves first (``turns.opening(dealer)``), which the procedures use without building
        the hook's input."""
        if variant.play_order != DEALERS_LEFT and self.plain_first_mover:
            self._hooks["first_mover"] = _first_in_order(self.turns)
        if not is_default("pack", self._hooks["pack"]):
            self.pack = _leave_out(self.pack, self._hooks["pack"], variant.hooks["pack"])
        card_points = self._hooks["card_points"]
        if not is_default("card_points", card_points):
            self.pack = attrs.evolve(self.pack, values=tuple(
                int(card_points(CardPointsInput(pack=self.pack, card=c)))  # type: ignore[call-overload]
                for c in range(self.pack.size)))
        self.refusal = None
        """The ``refusal`` hook, or None when it refuses nothing the rules allow."""
        self.refusal_words = None
        """The action words the ``refusal`` hook judges (None: every action); any other
        action is allowed without asking it."""
        if not is_default("refusal", self._hooks["refusal"]):
            self.refusal = self._hooks["refusal"]  # type: ignore[assignment]
            self.refusal_words = judged_words(self._hooks["refusal"])
        self.legal_filter = None
        """The ``legal_filter`` hook, or None when every legal action stays legal."""
        self.end_of_deal = None
        """The ``end_of_deal`` hook, or None when only the procedure's rules end a deal."""
        if not is_default("legal_filter", self._hooks["legal_filter"]):
            self.legal_filter = self._hooks["legal_filter"]  # type: ignore[assignment]
        if not is_default("end_of_deal", self._hooks["end_of_deal"]):
            self.end_of_deal = self._hooks["end_of_deal"]  # type: ignore[assignment]
        self.refusals = \
            self.procedure.refusals(self)
        """The family's checks built from its legality hooks (none by default)."""
        self.hooked_legality = self.refusal is not None \
            or self.legal_filter is not None or bool(self.refusals)
        """True if a ``refusal`` or ``legal_filter`` hook narrows the legal actions (what a
        player may be shown not to hold cannot then be read from the rules alone); read
        at every decision, so worked out once."""
        self.plain_legality = not self.hooked_legality and not self.pack.has_copies
        """True if the legal actions are the procedure's own as it lists them: no hook
        narrows them and no face has several copies to list by face (read at every
        decision)."""
        self.tables = self.procedure.compile(self)
        """Lookup tables compiled from the rules."""
        self.move_limit = self.procedure.move_limit(self)
        """The most actions a deal may take under these rules (a stuck deal raises
        :class:`~cardrules.errors.DealTooLongError` past it)."""
        self._action_space: ActionSpace | None = None
        self._observation: Observation | None = None
        self.view_type = self._view_class()
        """The class of this game's views (:meth:`State.view`), made from the entries its
        procedure and listed phases declare."""

    def _view_class(self) -> type[View]:
        """The view class; a procedure that declares no entries has its states' views
        converted from mappings, and an observation field naming no entry is refused."""
        entries = self.procedure.view_entries(self)
        for phase, settings in self.phases:
            more = phase.view_entries(self, settings)
            entries = None if entries is None or more is None else (*entries, *more)
        cls = view_class(self.procedure.view_type, variant=self.variant.name, entries=entries,
                         pack=self.pack, procedure=self.variant.play.procedure,
                         phases=[phase.name for phase, _ in self.phases],
                         turn_after=self.turns.following,
                         phase_settings={phase.name: settings
                                         for phase, settings in self.phases})
        if cls.names is None:
            self.state_class = flow.with_view_records(self.state_class)
            return cls
        for field in self._observation_fields():
            if field.key.split(".")[0] not in cls.names:
                raise CardrulesError(
                    f"the observation field {field.key!r} of {self.variant.name} names no "
                    f"entry of its views (procedure {self.variant.play.procedure!r} and the "
                    f"listed phases declare: {', '.join(cls.names)})")
        return cls

    def __repr__(self) -> str:
        return f"<Game {self.variant.name} players={self.players}>"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what it is made from; unpickling compiles the rules again (the
        phases it lists must be registered there too)."""
        return (_rebuild, (self.variant, self.players, self.fingerprint, self.source))

    def __copy__(self) -> Game:
        return self  # immutable: a copy is the game itself

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self

    def _identity(self) -> tuple[Any, ...]:
        return (self.fingerprint, self.players, sorted(self.options.items(), key=str))

    def __eq__(self, other: object) -> bool:
        """Games are equal when they play the same rules (their fingerprint, which the
        options in force are part of) with the same options and number of players, so
        states of a game read back from a pickle compare equal to the original's.

        >>> import pickle, cardrules
        >>> game = cardrules.load("bura", players=2)
        >>> pickle.loads(pickle.dumps(game)) == game != cardrules.load("bura", players=3)
        True
        """
        if not isinstance(other, Game):
            return NotImplemented
        return self is other or self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash((self.fingerprint, self.players))

    @property
    def options(self) -> dict[str, object]:
        """Option name -> value in force."""
        return self.variant.chosen

    @property
    def action_space(self) -> ActionSpace:
        """Every action this game may offer, numbered for learning agents (stable for the
        same rules, options and number of players).

        >>> import cardrules
        >>> game = cardrules.load("bank", players=2)
        >>> space = game.action_space
        >>> space.action(space.index(game.parse_action("play 9H"))).label
        'play 9H'
        """
        if self._action_space is None:
            families = (*self.tables.action_families(),
                        *(f for phase, settings in self.phases
                          for f in phase.families(self, settings)))
            self._action_space = ActionSpace(self.pack, families)
        return self._action_space

    @property
    def observation(self) -> Observation:
        """Fixed-size numeric observations for learning agents, encoded from views (so they
        hold only what the player may know); the same encoding for deals and matches.

        >>> import cardrules
        >>> game = cardrules.load("bura", players=2)
        >>> len(game.observation.encode(game.new_match(seed=3), 1)) == game.observation.size
        True
        """
        if self._observation is None:
            self._observation = Observation(self.pack, self.players, self._observation_fields())
        return self._observation

    def _observation_fields(self) -> tuple[Field, ...]:
        listed = tuple(phase.name for phase, _ in self.phases)
        return (*self.procedure.observation_fields(self),
                *((OneOf(key="phase", values=listed),) if listed else ()),
                *(f for phase, settings in self.phases
                  for f in phase.observation_fields(self, settings)),
                Number(key="match.deal"), NumbersBySeat(key="match.totals"))

    def deal_result(self, *, scores: tuple[int, ...], finish: tuple[int, ...], starter: int,
                    dealer: int, carry: tuple[tuple[str, Any], ...] = (),
                    details: Mapping[str, Any] | None = None,
                    deal: State | None = None) -> DealResult:
        """The result of a finished deal of this game: ``scores`` by the rules, passed
        through the ``deal_scoring`` hook (which may read the finished ``deal``), and the
        winners and places that follow from them for this game's goal and
        partnerships."""
        if not self._plain_scoring:
            scoring = self._hooks["deal_scoring"]
            given: Any = scoring(DealScoringInput(
                scores=scores, finish=finish, details=dict(details or {}), dealer=dealer,
                deal=None if deal is None else phased.bind(deal)))  # the phases' fields too
            hooked = tuple(given)
            if len(hooked) != self.players or not all(type(s) is int for s in hooked):
                raise HookError(f"the deal_scoring hook {self.variant.hooks['deal_scoring']!r} "
                                f"must give one whole number per player, not {hooked!r:.80}")
            scores = hooked
        return DealResult.ranked(
            scores=scores, finish=finish, starter=starter, carry=carry, details=details,
            lower_is_better=self._low_wins, partnerships=self.partnerships)

    def hook(self, point: str) -> Callable[..., Any]:
        """The hook function in force for ``point`` (a point declared after the game was
        made, by a package's entry point, is resolved on first use)."""
        found = self._hooks.get(point)
        if found is None:
            name = self.variant.hooks.get(point) or points()[point].default
            found = self._hooks[point] = resolve(point, name)
        return found

    def rule_ref(self, key: str) -> str:
        """`` (B17)``-style reference to the variant's rule numbering for a procedure rule."""
        ref = self.variant.references.get(key)
        return f" ({ref})" if ref else ""

    def first_dealer(self, seed: int) -> int:
        """The first dealer, drawn by lot from ``seed`` (a game of one player: that one,
        without drawing).

        >>> import cardrules
        >>> cardrules.load("blackjack").first_dealer(5), cardrules.load("bank").first_dealer(5)
        (0, 1)
        """
        return first_dealer(seed, self.players)

    def new_deal(self, seed: int, *, dealer: int | None = None,
                 order: Sequence[int] | None = None) -> State:
        """A single deal shuffled from ``seed`` (dealer by lot from ``seed`` unless given).

        ``order`` deals a given shuffle instead: every card of the pack once, the last
        dealt first (for deals from real play, or a shuffle drawn elsewhere).
        """
        check_seed(seed)
        if order is not None:
            order = tuple(order)
            if sorted(order) != list(self.pack.cards):
                raise StateError(f"a deal order must hold each of the {self.pack.count} cards "
                                 "of the pack once")
        if dealer is not None and not 0 <= dealer < self.players:
            raise StateError(f"dealer {dealer} is not a seat (0 to {self.players - 1})")
        return deal_by_lot(self, seed, -1 if dealer is None else dealer, order or ())

    def new_match(self, seed: int, *, dealer: int | None = None) -> State:
        """A whole match: deals in sequence until the variant's goal is met.  The first
        dealer is drawn by lot from ``seed`` unless ``dealer`` names them.

        >>> import cardrules
        >>> game = cardrules.load("bank", players=3)
        >>> game.new_match(seed=7, dealer=2).view(0).match["dealer"]
        2
        """
        check_seed(seed)
        if dealer is not None and not (isinstance(dealer, int) and 0 <= dealer < self.players):
            raise StateError(f"dealer {dealer} is not a seat (0 to {self.players - 1})")
        from cardrules.engine.match import MatchState

        return MatchState.new(self, seed, dealer)

    def play_out(self, games: int, *, seed: int, policy: Policy | Sequence[Policy] = "random",
                 match: bool = False, first: int = 0, keep_states: bool = False,
                 keep_actions: bool = False,
                 rng: random.Random | None = None) -> tuple[Playout, ...]:
        """Play ``games`` new deals (whole matches with ``match``) to the end in one call,
        each seat choosing by ``policy`` (``"random"``, ``"policy"``: the procedure's
        play-out policy, or a function of a state and a generator; or one per seat) with
        a generator of its own, or every seat from ``rng``: the games the one-step loop
        plays from the same seeds, scores and number of decisions each (see
        :mod:`cardrules.engine.playouts`, which also plays roll-outs of a state).

        >>> import cardrules
        >>> game = cardrules.load("hearts", players=4)
        >>> games = game.play_out(3, seed=1)
        >>> [sum(g.scores) for g in games], [g.decisions for g in games]
        ([26, 26, 26], [64, 64, 64])
        """
        from cardrules.engine.playouts import play_out

        return play_out(self, games=games, seed=seed, policy=policy, match=match, first=first,
                        keep_states=keep_states, keep_actions=keep_actions, rng=rng)

    def setup(self, **position: Any) -> State:
        """A deal set up from an explicit position (hands, stock order, pile...).

        The keywords depend on the procedure; see its ``setup`` function.  The position
        is checked as :meth:`state_from_json` checks a state.
        """
        return checked(self.procedure.setup(self, **position))

    def position(self, **fields: Any) -> State:
        """Any position of a deal, step or phase, for tests and puzzles: every field the
        game's state class declares may be given by name, in its JSON form (cards by
        name; a card list may also be one string, ``"9H 7S"``); the others keep the
        values of a fresh state.  Checked exactly as :meth:`state_from_json` checks.

        >>> import cardrules
        >>> game = cardrules.load("bura", players=2)
        >>> state = game.position(hands=["AS KS", "7H 8H"], stock=["6C", "9C"], trump="H",
        ...                       plays=[["QS"]], phase="answer", leader=0, current=1,
        ...                       holder=0, discard="6S 7S 8S 9S JS 10S 6H 9H JH QH KH 10H AH "
        ...                       "6D 7D 8D 9D JD QD KD 10D AD 7C 8C JC QC KC 10C AC")
        >>> [a.text(game.pack) for a in state.legal_actions()][:2]
        ['answer 7H', 'answer 8H']
        """
        data = state_codec.initial_fields(self.state_class, self)
        unknown = sorted(set(fields) - set(data))
        if unknown:
            raise StateError(f"this game's states have no field {', '.join(unknown)}; "
                             f"fields: {', '.join(sorted(data))}")
        data.update(state_codec.spelled_out(self.state_class, fields, record=self.record_class))
        data["procedure"] = self.variant.play.procedure
        return checked(self.procedure.from_json(self, data))

    def setup_match(self, deal: State, *, totals: Sequence[int] | None = None,
                    dealer: int | None = None, index: int = 0, seed: int = 0,
                    history: Sequence[Sequence[int]] = ()) -> State:
        """A match in progress, for tests and puzzles: ``deal`` (from :meth:`setup`) is
        the current deal, ``totals`` the match totals before it (default all 0),
        ``dealer`` the match's dealer (default the deal's), who the next dealer and the
        pot's remainder count from, ``index`` the deal's number from 0, ``history`` the
        results of finished deals (may be left out).  Deals after this one are shuffled
        from ``seed``.  A deal that is already over is scored at once.  Everything is
        checked as :meth:`state_from_json` checks a match: a
        :class:`~cardrules.errors.StateError` names the field at fault.

        >>> import cardrules
        >>> game = cardrules.load("bura", players=2)
        >>> deal = game.setup(hands=["AS", "6H"], trump="S", leader=0)
        >>> match = game.setup_match(deal, totals=(10, 10), index=4)
        >>> match = match.apply("lead AS").apply("answer 6H")
        >>> match.result.totals, match.result.winners, match.result.payouts
        ((10, 16), (0,), (200, 0))
        """
        from cardrules.engine.match import MatchState

        if dealer is None:
            dealer = int(deal.to_json().get("dealer", 0))
        return checked(MatchState.set_up(
            self, deal=deal, seed=seed, index=index, dealer=dealer,
            totals=tuple(totals) if totals is not None else (0,) * self.players,
            history=tuple(tuple(row) for row in history)))

    @property
    def partnerships(self) -> tuple[tuple[int, ...], ...]:
        """Who plays together, each partnership a tuple of seats (one per seat when
        everyone plays alone).

        >>> import cardrules
        >>> cardrules.load("bura", players=4, options={"teams": "on"}).partnerships
        ((0, 2), (1, 3))
        """
        if self._partnerships is None:  # worked out once (views and phases ask often)
            self._partnerships = tuple(self.procedure.partnerships(self))
        return self._partnerships

    def parse_action(self, text: str) -> Action:
        """An action from its text notation (``play 9H``, ``draw``, ``pass``...), the
        words the rule file makes for the listed phases (:meth:`Phase.words`) included."""
        return parse_action(text, self.pack, self.words)

    def replay(self, record: Recorded) -> list[State]:
        """Every state of a recorded game, from the first to the last: a list that starts
        with the state before the first action and has one more state per action, so
        ``game.replay(record)[-1]`` is where the game stopped and ``[n]`` the state after
        action ``n``.

        >>> import cardrules
        >>> game = cardrules.load("bank", players=2)
        >>> record = cardrules.GameRecord.of(game, seed=7, actions=["trump H"])
        >>> states = game.replay(record)
        >>> type(states).__name__, len(states), states[0].is_over
        ('list', 2, False)

        Raises :class:`~cardrules.errors.RecordError` if the record belongs to other rules
        or an action is refused (naming the action's number).
        """
        if record.fingerprint != self.fingerprint or record.players != self.players:
            raise RecordError("the record was made with other rules or another number of "
                              "players")
        state = self.new_match(record.seed) if record.match else \
            self.new_deal(record.seed, dealer=record.dealer)
        states = [state]
        for number, text in enumerate(record.actions, start=1):
            try:
                state = state.apply(text)
            except CardrulesError as exc:
                raise RecordError(f"action {number} ({text!r}) cannot be replayed: "
                                  f"{exc}") from exc
            states.append(state)
        return states

    def state_from_json(self, data: dict[str, Any]) -> State:
        """Read back a state written by ``State.to_json()``, checked by its procedure
        and by :mod:`cardrules.engine.consistency` (a :class:`~cardrules.errors.StateError`
        names what is wrong)."""
        if not isinstance(data, dict):
            raise RecordError("a state must be a JSON object")
        if data.get("procedure") == "match":
            from cardrules.engine.match import MatchState

            return checked(MatchState.from_json(self, data))
        if data.get("procedure") != self.variant.play.procedure:
            raise RecordError(
                f"state of procedure {data.get('procedure')!r}, "
                f"game uses {self.variant.play.procedure!r}")
        return checked(self.procedure.from_json(self, data))





def _first_in_order(turns: Turns) -> Callable[[FirstMoverInput], int]:
    """The ``first_mover`` default of a game whose play order is not the usual one: the
    first seat of that order (the dealer's right, counter-clockwise)."""

    def first(position: FirstMoverInput) -> int:
        return turns.opening(position.dealer)

    return first


def _rebuild(variant: Variant, players: int, fingerprint: str, source: str) -> Game:
    return Game(variant=variant, players=players, fingerprint=fingerprint, source=source)


def _leave_out(pack: Pack, hook: Callable[..., Any], name: str) -> Pack:
    """``pack`` as the ``pack`` hook ``name`` changes it: without the cards it leaves out
    (as well as those the rule file's ``pack.left_out`` leaves out), with the extra cards
    it adds (a :class:`~cardrules.hooks.PackChange`, or a tuple of
    the card numbers left out)."""
    answer = hook(PackInput(pack=pack))
    change = answer if isinstance(answer, PackChange) else PackChange(left_out=tuple(answer))
    extra = change.extra
    if not all(type(e) is str and e.strip() and e.isalnum() for e in extra):
        raise HookError(f"the pack hook {name!r} must give extra cards as names made of "
                        f"letters and digits, not {extra!r:.80}")
    if extra and (pack.copies > 1 or pack.custom):
        raise HookError(f"the pack hook {name!r} adds extra cards to a pack with copies or "
                        f"custom faces, whose cards are numbered after the extra ones: "
                        f"declare them in the rule file instead (pack.faces)")
    if extra:
        try:
            pack = attrs.evolve(pack, extra=pack.extra + tuple(extra), values=(
                pack.values + (0,) * len(extra) if pack.values else ()))
        except ValueError as error:
            raise HookError(f"the pack hook {name!r} adds extra cards whose names are "
                            f"taken: {error}") from None
    given = change.left_out
    if not all(type(c) is int and 0 <= c < pack.size for c in given):
        raise HookError(f"the pack hook {name!r} must give card numbers (0 to "
                        f"{pack.size - 1}), not {given!r:.80}")
    left = pack.left_out | mask_of(given)
    if left == (1 << pack.size) - 1:
        raise HookError(f"the pack hook {name!r} leaves out every card")
    return attrs.evolve(pack, left_out=left)
