"""Phases: self-contained plug-ins a variant lists under ``phases:`` to run in order as steps
of the deal's flow (``phases: [{pass_cards: {count: 3}}]``): after the deal, or, for a
phase that says so (:attr:`Phase.when`), between the deals of a match or before the
cards are dealt (both listed first; :attr:`Phase.before_deal` says the latter too), in
place of the procedure's dealing of the hands (listed next), or during play at a point
the play procedure pauses at (between tricks, bouts, turns or rounds of dealing).
Phases that ask the players in turn read a turn order
(:class:`cardrules.engine.turns.TurnOrder`) from their section's ``order``.

A phase declares, once, everything generic code needs:

- its state fields (an attrs mixin class whose fields are made with
  :func:`cardrules.engine.fields.field`, so cloning, JSON, zones, views of hidden cards and
  re-sampling derive from them), in :attr:`Phase.fields`: kept in the state's phase
  record (:mod:`cardrules.engine.phased`) and read and written as attributes of the table
  the phase is handed;
- its YAML section: a JSON Schema fragment (:attr:`Phase.schema`), the record it is read
  into (:meth:`Phase.settings`), cross-field checks (:meth:`Phase.check`) and a sentence
  of English (:meth:`Phase.describe`);
- its actions: the words it adds to the notation (:attr:`Phase.verbs`), their families
  for the action index (:meth:`Phase.families`) and, in one place, why an action is
  refused (:meth:`Phase.refusal`), from which the legal actions follow;
- what it does: :meth:`Phase.draw` (what the deal decides by lot), :meth:`Phase.enter`,
  :meth:`Phase.apply`, and what a player sees
  (:meth:`Phase.view`, :meth:`Phase.observation_fields`), all on the engine's typed
  table (:class:`~cardrules.engine.table.Table`: the player to act, the turn order,
  the zones and their named operations), never on another layer's private fields; and
  the procedure's zones it works on (:attr:`Phase.zones`, checked at load);
- how it scores the deal, if at all (:meth:`Phase.score`, called in list order when the
  deal ends).
- whether it names the deal's trump suit (:attr:`Phase.names_trump`), which a game whose
  trumps come from the bidder (``play.trump.source: bidder``) needs.

Phases register by name with :func:`register` (built-in ones on first use, third-party
ones through the entry-point group ``cardrules.phases``).  A rule file names phases; it
never imports anything.

>>> find("nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
KeyError: "unknown phase 'nope'; known phases: ..."
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from cardrules.actions import Kind, register_verb, word_problem
from cardrules.engine.registry import Registry
from cardrules.engine.table import LastDeal, PhaseState, Table
from cardrules.engine.turns import When

if TYPE_CHECKING:
    from cardrules.actions import Action
    from cardrules.cards import Pack
    from cardrules.engine.action_space import Family
    from cardrules.engine.context import GameRules
    from cardrules.engine.observation import Field
    from cardrules.engine.table import CardOrder
    from cardrules.engine.views import View
    from cardrules.model.variant import Variant

__all__ = ["LastDeal", "Phase", "PhaseState", "Table", "When", "dealing_phase", "find",
           "first_leader_phase",
           "known", "register", "taken_word", "word_problems"]


class Phase(abc.ABC, Generic[PhaseState]):
    """A step of a deal that a variant may list under ``phases:``.

    The methods that act receive the state and the phase's settings, as read by
    :meth:`settings` from the variant's section.  The state is a
    :class:`~cardrules.engine.table.Table` (a fresh clone for :meth:`enter` and
    :meth:`apply`, which change it in place): the phase reads the game, the dealer and
    the player to act through it, gives the turn with ``turn_to``, moves cards between
    zones with its named operations (``move``, ``deal_cards``, ``take``, ``cut_cards``,
    ``turn_up``) and
    records events with ``record``; the only fields it writes itself are those it
    declares in :attr:`fields`.  The type parameter is the table the phase works at: a
    protocol extending :class:`~cardrules.engine.table.Table` with the phase's own fields
    (``class Given(Table, Protocol): _given: tuple[int, ...]``) and whatever the
    procedure offers it (:attr:`~cardrules.engine.procedures.Procedure.offers`, checked
    at load), so that mypy checks a phase against what it may touch.
    """

    name: ClassVar[str] = ""
    """The name rule files use."""
    verbs: ClassVar[Mapping[str, bool]] = {}
    """Action words this phase adds -> whether the action names cards."""
    number_verbs: ClassVar[tuple[str, ...]] = ()
    """Action words this phase adds that take one whole number (``bid 3``, kept as the
    action's ``amount``)."""
    fields: ClassVar[type | None] = None
    """An attrs class (``attrs.define(slots=False)``) declaring the phase's state fields."""

    def words(self, settings: Any) -> Mapping[str, str]:
        """Action words the rule file makes for this phase (a game type's name, a
        strain's word), each with what follows it: ``"nothing"``, ``"cards"`` or
        ``"number"`` (:data:`cardrules.actions.WORD_TAKES`).  Known to the game that
        lists the phase alone, unlike :attr:`verbs`, which every game reads."""
        return {}

    schema: ClassVar[Mapping[str, Any]] = {"type": "object", "additionalProperties": False}
    """The JSON Schema of the phase's section in a rule file."""
    zones: ClassVar[tuple[str, ...]] = ()
    """The procedure's zones the phase moves cards in or reads (``hand``, ``stock``): a
    game whose procedure has no such zone is refused at load, naming it."""
    before_deal: ClassVar[bool] = False
    """The phase runs before the cards are dealt, on the shuffled pack (choosing trump
    suits at the start of a match, say); such phases come first in ``phases:``, and the
    play procedure must support them
    (:attr:`~cardrules.engine.procedures.Procedure.deals_after_phases`)."""
    when: ClassVar[When] = When.AFTER_DEAL
    """Where the phase runs (:class:`~cardrules.engine.turns.When`): after the deal by
    default; :attr:`~cardrules.engine.turns.When.BETWEEN_DEALS` for a phase that runs once
    the last deal of a match is scored, before the next is dealt (it learns what the last
    deal gave from :meth:`from_last_deal`);
    :attr:`~cardrules.engine.turns.When.INSTEAD_OF_DEAL` for a phase that deals the hands
    itself (with the table's ``deal_cards``, ``move``, ``turn_up``...; at most one is
    listed, and the procedure must deal on demand, as for phases before the deal);
    :attr:`~cardrules.engine.turns.When.BETWEEN_TRICKS` for a phase that runs
    after each trick but the last, before the next lead (a declaration window, an
    exchange with the stock), :attr:`~cardrules.engine.turns.When.BETWEEN_BOUTS`,
    :attr:`~cardrules.engine.turns.When.BETWEEN_TURNS` or
    :attr:`~cardrules.engine.turns.When.BETWEEN_ROUNDS`, which the play procedure must
    offer
    (:attr:`~cardrules.engine.procedures.Procedure.pauses`).  :attr:`before_deal` says
    :attr:`~cardrules.engine.turns.When.BEFORE_DEAL` too."""
    names_trump: ClassVar[bool] = False
    """The phase names the deal's trump suit (``play.trump.source: bidder`` needs one such
    phase listed)."""
    trump_words: ClassVar[str] = "the suit the highest bidder names after the bidding"
    """What trumps are, in the words of a phase that names them (``Trumps are ...``)."""
    makes_declarer: ClassVar[bool] = False
    """The phase makes one player the deal's declarer (:meth:`declarer`), whom a later
    phase acting for the declarer (the widow's) reads through the table
    (:class:`~cardrules.engine.table.HasDeclarer`)."""
    sits_out: ClassVar[bool] = False
    """The phase may sit a seat out of the deal's play (its procedure offers
    ``sitting_out``): the rules then say a deal ends when the players still in it have
    played their cards."""

    hands_out_undealt: ClassVar[bool] = False
    """The phase may put cards the deal left undealt into a player's hand (a widow taken
    up, a turned card ordered up, the rest of the pack dealt after the bidding), so a
    hand may hold more than was dealt when play begins: play's bound then counts them
    (:func:`~cardrules.model.bounds.largest_hand`).  A phase that does so must say so."""

    def settings(self, section: Mapping[str, Any]) -> Any:
        """The phase's settings read from its (schema-valid) section; the section itself
        by default."""
        return dict(section)

    def timing(self, settings: Any) -> When:
        """Where the phase runs with these settings: :attr:`when`, or before the deal
        when :attr:`before_deal` says so.  A phase that may run at several points (a
        window after the deal or between tricks) reads it from its settings."""
        return When.BEFORE_DEAL if self.before_deal else self.when

    def check(self, settings: Any, variant: Variant) -> Iterator[str]:
        """Problems of these settings for ``variant`` (its pack, players...), in words."""
        return iter(())

    @abc.abstractmethod
    def describe(self, settings: Any) -> str:
        """What the phase does, in one English sentence."""

    def names_first_leader(self, settings: Any) -> bool:
        """Whether the phase, with these settings, names who leads to the deal's first
        trick (an auction's declarer, say; False by default): the rules then say the
        first move is the phase's, not play's."""
        return False

    def in_force(self, settings: Any, variant: Variant) -> bool:
        """Whether the phase has something to do in some deal of ``variant`` (True by
        default).  A phase not in force is not described by ``cardrules rules``, and
        :meth:`skip` must then skip it in every deal."""
        return True

    @abc.abstractmethod
    def enter(self, state: PhaseState, settings: Any) -> None:
        """Start the phase on a fresh clone of the state (at least: give the turn,
        ``state.turn_to(seat)``)."""

    candidates_all_legal: ClassVar[bool] = False
    """True when :meth:`refusal` refuses none of the :meth:`candidates` (it refuses only
    actions outside them), so the legal actions are the candidates, asked nothing: a
    saving on the hot path.  The property tests hold every phase to it (the legal set
    must be exactly the actions :meth:`refusal` lets through)."""

    candidates_read_fields: ClassVar[bool] = True
    """False when :meth:`candidates` reads none of the phase's own fields, only the
    table's operations (the game, the player to act, a hand): the flow then hands it the
    state itself instead of a read-only guard of the phase's fields, a saving on the hot
    path (a phase giving one card at a time lists its candidates at every step).  A
    phase that says so and reads a field of its own fails at once: the state has no
    such attribute."""

    def finished(self, state: PhaseState, settings: Any) -> bool:
        """Whether the phase, just entered, has done all it does without an action (a
        widow the declarer only takes): the flow then goes on to the next step.  False
        by default."""
        return False

    @abc.abstractmethod
    def candidates(self, state: PhaseState, settings: Any) -> Iterable[Action]:
        """Actions worth asking :meth:`refusal` about: every legal one among them."""

    @abc.abstractmethod
    def refusal(self, state: PhaseState, settings: Any, action: Action) -> str | None:
        """Why ``action`` is refused now (naming the rule), or None when it is legal.  The
        one place that knows the phase's legality: the legal actions are the candidates
        it does not refuse."""

    @abc.abstractmethod
    def apply(self, state: PhaseState, settings: Any, action: Action) -> bool:
        """Carry out a legal ``action`` on a fresh clone; True when the phase is done."""

    moves_at_random: ClassVar[bool] = False
    """True when the phase makes its moves of random play itself (:meth:`random_moves`):
    the flow asks it then, and lists and applies its moves otherwise."""

    def random_moves(self, state: PhaseState, settings: Any,
                     bits: Sequence[Callable[[int], int]]) -> int:
        """Make moves at random on a fresh clone, as the one-step loop of random play
        makes them (:mod:`cardrules.engine.random_play`: the seat to act, ``seat``, draws
        the index of its move among the legal actions with
        :func:`~cardrules.engine.seeding.draw_below` from ``bits[seat]``), as many in a
        row as the phase likes but never the move that ends the phase, which is left to
        :meth:`apply` through the flow: the number of moves made (0 by default).  The
        events recorded must be the last move's alone, as a state made by that move
        holds them.  A phase that makes its moves here (and says so,
        :attr:`moves_at_random`) saves listing the legal actions and making a state for
        each move, and may make several at once (one zone move for a seat's cards); the
        tests hold each such phase to the one-step loop's moves and states."""
        return 0

    def random_moves_ending(self, state: PhaseState, settings: Any,
                            bits: Sequence[Callable[[int], int]]) -> tuple[int, bool]:
        """:meth:`random_moves`, where a phase may make the move that ends it as well, as
        :meth:`apply` makes it: the moves made, and whether the last of them ended the
        phase (:meth:`apply` would have returned True; the flow then goes on as it goes
        on after such a move).  The flow asks this of a phase that makes its moves
        (:attr:`moves_at_random`); by default :meth:`random_moves`' moves, never the
        one that ends the phase."""
        return self.random_moves(state, settings, bits), False

    def draw(self, state: PhaseState, settings: Any, seed: int) -> None:
        """Decide by lot what this deal leaves to chance (a pass direction, say), on the
        fresh state of a deal just shuffled, before any phase is entered or skipped:
        ``seed`` is this deal's and this phase's own, derived from the deal's seed, so a
        deal is reproduced by its seed.  What is drawn must be kept in a declared field.
        Nothing by default."""
        return None

    @property
    def draws(self) -> bool:
        """True if this phase can decide something by lot (its class overrides
        :meth:`draw`): what :meth:`draws_in` answers unless the phase says more."""
        return type(self).draw is not Phase.draw

    def draws_in(self, settings: Any) -> bool:
        """True if this phase decides something by lot under ``settings`` (a phase that
        draws only under some settings, such as a pass direction drawn ``by chance``,
        says so here): the flow derives a seed for the phases that do, at every deal, and
        calls :meth:`draw` of those alone.  :attr:`draws` by default."""
        return self.draws

    def from_last_deal(self, state: PhaseState, settings: Any, last: LastDeal) -> None:
        """Learn what the last deal of the match gave (its scores, winners, places and the
        totals after it), on the fresh state of each deal of a match but the first, after
        :meth:`draw` and before any phase is entered or skipped; what the phase needs of
        it must be kept in a declared field.  Nothing by default."""
        return None

    def skip(self, state: PhaseState, settings: Any) -> bool:
        """True when the phase has nothing to do in this deal (checked before
        :meth:`enter`): the flow moves on to the next phase."""
        return False

    def inconsistency(self, state: PhaseState, settings: Any) -> str | None:
        """Why a state read back or set up with this phase at work cannot be (a deal in
        which it has nothing to do, say), or None when it can; checked with every such
        state (:mod:`cardrules.engine.consistency`).  None by default."""
        return None

    def action_bound(self, settings: Any, variant: Variant) -> int:
        """The most legal actions a state of this phase offers (checked at load against
        :data:`cardrules.model.bounds.MAX_LEGAL_ACTIONS`); by default one per card a hand
        is dealt, so a phase that offers sets of cards must say."""
        return variant.deal.hand

    def view(self, state: PhaseState, settings: Any, player: int) -> dict[str, Any]:
        """What ``player`` may know of the phase's own fields, JSON-ready (hidden cards
        as counts), added to the state's view (its entries are declared by
        :meth:`view_entries`)."""
        return {}

    view_from_fields: ClassVar[bool] = False
    """True when :meth:`view`'s entries depend on nothing but the phase record's fields
    (the phase's own and the other listed phases'), its settings, the game, the deal (its
    number and dealer), the viewer and the phase at work (the state's ``stage``), not on
    the procedure's state, which changes at every action: the flow then works them out
    once per phase record, seat and stage, while play shares the record, and gives each
    view its own copy (a view of every play state of a deal would otherwise make the
    same entries again).  See :meth:`view_from_fields_in`."""

    def view_from_fields_in(self, settings: Any) -> bool:
        """:attr:`view_from_fields` under ``settings`` (a phase whose view reads the play
        only under some settings, such as a turn order from the last trick's winner,
        says so here).  :attr:`view_from_fields` by default, and true of a phase that
        shows nothing (no :meth:`view` of its own)."""
        return self.view_from_fields or type(self).view is Phase.view

    def view_entries(self, game: GameRules, settings: Any) -> tuple[str, ...] | None:
        """The entries :meth:`view` adds, in order (each an attribute of the game's views);
        none by default.  None: undeclared (a phase that shows entries without saying
        which), the game's views then read every entry they hold."""
        return () if type(self).view is Phase.view else None

    def families(self, game: GameRules, settings: Any) -> tuple[Family, ...]:
        """Every action the phase may ever offer, for the action index."""
        return ()

    def observation_fields(self, game: GameRules, settings: Any) -> tuple[Field, ...]:
        """The fields of :meth:`view` a learning agent's observation encodes."""
        return ()

    def move_scorer(self, view: View, settings: Any, legal: Sequence[Action],
                    ) -> Callable[[Action], float] | None:
        """The phase's move heuristic, read from the acting seat's ``view`` (its class
        carries the public card facts, ``view.card_facts``, see
        :mod:`cardrules.engine.heuristics`) and the phase's ``settings`` in this game (a
        public fact of the rules, which the view's class carries too:
        ``view.phase_settings``): a score per legal action, higher is better.  None (the
        default): every move alike."""
        return None

    def score(self, state: PhaseState, settings: Any,
              scores: tuple[int, ...]) -> tuple[int, ...]:
        """The deal's scores once it is over, given ``scores`` (the procedure's, or the
        previous listed phase's): unchanged by default.  A phase that scores the deal
        (bids made, say) replaces or adjusts them; the state must not be changed."""
        return scores

    def declarer(self, state: PhaseState, settings: Any) -> int:
        """The seat this phase made the deal's declarer (-1, the default: none, or not
        yet); a phase that does says so with :attr:`makes_declarer`."""
        return -1

    def contract(self, state: PhaseState, settings: Any) -> int:
        """The deal's contract as this phase made it (an auction's winning bid); 0, the
        default, when it makes none."""
        return 0

    def counted(self, state: PhaseState, settings: Any) -> tuple[int, ...]:
        """Per seat, cards this phase set aside that count as taken by that seat when the
        deal is scored (a widow's discard counted for the declarer), as bit sets; empty
        (the default) when none.  The state must not be changed."""
        return ()

    def card_orders(self, settings: Any, pack: Pack) -> tuple[CardOrder, ...]:
        """The card orders this phase may put in force for a deal (a game type's trumps
        and ranks), for the procedure to compile once (it offers ``card_orders``); none
        by default."""
        return ()

    def card_order(self, state: PhaseState, settings: Any) -> int:
        """The index of the card order of :meth:`card_orders` this phase put in force in
        this deal (-1, the default: none)."""
        return -1

    def ends_deal(self, state: PhaseState, settings: Any) -> bool:
        """True when the deal ends now, after a trick that is not the last (a game lost
        at the declarer's first trick); the procedure asks after each trick.  False by
        default.  The state must not be changed."""
        return False

    def carry(self, state: PhaseState, settings: Any) -> tuple[tuple[str, object], ...]:
        """Facts of the finished deal to carry into the match's next deal (each a name and
        a JSON-ready value; the phase reads them back from :attr:`LastDeal.carry` in
        :meth:`from_last_deal`): a running count kept from deal to deal, say.  Asked once
        the deal is over; the state must not be changed.  Nothing by default."""
        return ()

    def replaces_scores(self, settings: Any) -> bool:
        """True when :meth:`score` ignores the scores it is given, so that the procedure's
        own scoring does not count (``cardrules rules`` then leaves it out)."""
        return False


def dealing_phase(variant: Variant) -> str:
    """The name of the phase ``variant`` lists to deal in place of its procedure
    (:attr:`~cardrules.engine.turns.When.INSTEAD_OF_DEAL`); '' when the procedure deals
    (unknown names and sections their schema refuses are not counted: the rule file's
    checks refuse them).

    >>> from cardrules.loader.load import load_variant
    >>> dealing_phase(load_variant("bank")[0])
    ''
    """
    for entry in variant.phases:
        try:
            phase = find(entry.name)
            when = phase.timing(phase.settings(entry.section))
        except (KeyError, TypeError, ValueError):
            continue
        if when is When.INSTEAD_OF_DEAL:
            return entry.name
    return ""


def first_leader_phase(variant: Variant) -> str | None:
    """The name of the listed phase in force, after the deal, that names who leads to the
    deal's first trick or play (:meth:`Phase.names_first_leader`: Bridge's calls, an
    auction whose declarer leads); None when the procedure's own first mover leads.

    >>> from cardrules.loader.load import load_variant
    >>> first_leader_phase(load_variant("bridge")[0])
    'calls'
    >>> first_leader_phase(load_variant("spades")[0]) is None
    True
    """
    for entry in variant.phases:
        phase = find(entry.name)
        settings = phase.settings(entry.section)
        if phase.timing(settings) is not When.BEFORE_DEAL and \
                phase.names_first_leader(settings) and phase.in_force(settings, variant):
            return entry.name
    return None


def taken_word(word: str, variant: Variant) -> str | None:
    """Why the rule file may not make ``word`` an action word of its own (an action
    kind's word, or a word a phase it lists adds for every game), or None.

    >>> from cardrules.loader.load import load_variant
    >>> taken_word("pass", load_variant("bank")[0])  # doctest: +ELLIPSIS
    "'pass' cannot be an action word: ... not one of the notation's own words (play, ..."
    >>> taken_word("grand", load_variant("bank")[0]) is None
    True
    >>> taken_word("no_trump", load_variant("bank")[0])  # doctest: +ELLIPSIS
    "'no_trump' cannot be an action word: an action word is one word of the letters a to z..."
    """
    wrong = word_problem(word)
    if wrong is not None or word != word.lower():
        return wrong or f"{word!r} cannot be an action word: write it in lower case"
    words = {k.value for k in Kind}
    for entry in variant.phases:
        try:
            phase = find(entry.name)
        except KeyError:
            continue
        words.update(phase.verbs, phase.number_verbs)
    return f"{word!r} is an action's word already" if word in words else None


REFUSED_WORDS: dict[str, str] = {}
"""Phases by name whose action words break the rule for action words -> why (a rule file
listing one is refused with the reason, at the entry's line)."""


def word_problems(phase: Phase[Any]) -> str | None:
    """Why ``phase``'s action words cannot be action words
    (:data:`~cardrules.actions.WORD_RULE`), or None."""
    return REFUSED_WORDS.get(phase.name)


def _add_verbs(phase: Phase[Any]) -> None:
    """Make ``phase``'s action words the notation's, unless one breaks the rule for them:
    then none is added and :func:`word_problems` says why (registering never raises, so
    that a plug-in found through its entry point cannot break the command)."""
    words = (*phase.verbs, *phase.number_verbs)
    problems = [p for p in map(word_problem, words) if p is not None]
    if problems:
        REFUSED_WORDS[phase.name] = f"the {phase.name} phase's " + "; ".join(problems)
        return
    REFUSED_WORDS.pop(phase.name, None)
    for word, cards in phase.verbs.items():
        register_verb(word, cards=cards)
    for word in phase.number_verbs:
        register_verb(word, cards=False, number=True)


REGISTRY: Registry[Phase[Any]] = Registry(
    what="phase", kind=Phase, group="cardrules.phases",
    package="cardrules.phases", on_register=_add_verbs)
"""The phases by name (built-in ones imported on first use), with their action words."""
register = REGISTRY.register
known = REGISTRY.known
find = REGISTRY.find
