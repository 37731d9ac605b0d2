"""Play procedures: plug-ins registered by the name a rule file gives in ``play.procedure``.

A procedure is a :class:`Procedure` object whose methods build the compiled tables of a
variant, deal, read states back, set up explicit positions, re-sample hidden cards and
list the observation fields.  It also owns what generic code must know of its ``play:``
and ``scoring:`` records, which nothing outside its package reads: their schemas, their
cross-field checks, the bound on legal actions, the rules in English and what it offers
listed phases (:data:`NEEDS`).  The built-in procedures are imported on first use;
third-party ones register through the entry-point group ``cardrules.procedures`` (each
entry point names a :class:`Procedure` object) or by calling :func:`register`.

>>> sorted(known())[:3]
['adding', 'betting', 'bouts']
>>> find("nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
KeyError: "unknown procedure 'nope'; known procedures: adding, betting, bouts, climbing..."
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from cardrules.engine.fields import declared
from cardrules.engine.registry import Registry
from cardrules.engine.standings import Partnerships, alone
from cardrules.engine.state_codec import declarable_zones, spelled_out
from cardrules.engine.turns import When
from cardrules.engine.views import View

if TYPE_CHECKING:
    from cardrules.actions import Action
    from cardrules.engine.observation import Field
    from cardrules.engine.state import DealContext, GameContext, State
    from cardrules.model.common import Visibility
    from cardrules.model.sentence import Sentence

__all__ = ["NEEDS", "Procedure", "find", "known", "needs_words", "offering", "own_state",
           "register"]


class Procedure(abc.ABC):
    """How a play procedure plugs into :class:`~cardrules.engine.game.Game`.  Subclasses are
    plain module-level classes (so games and states pickle)."""

    name: str = ""
    """The name rule files use."""
    state_class: type
    """The class of its deal states (a game adds its listed phases' fields to it)."""
    play_rules: type
    """The record its ``play:`` section is read into."""
    scoring_rules: type
    """The record its ``scoring:`` section is read into."""
    deals_after_phases: bool = False
    """Its deal states can run listed phases before the cards are dealt (they deal on
    ``_deal_cards()``, see :mod:`cardrules.engine.flow`); a game of a procedure without it may
    list only phases that run after the deal."""
    pauses: frozenset[When] = frozenset()
    """The points of its play at which it hands control to the flow
    (:func:`cardrules.engine.flow.between`), such as
    :attr:`~cardrules.engine.turns.When.BETWEEN_TRICKS`; a game of it may list phases that
    run at these points only (besides those before play)."""
    play_schema: Mapping[str, Any] | None = None
    """The JSON Schema of its ``play:`` section (``procedure`` included), checked when a
    rule file loads, with each problem located in the file (None: the records alone
    check it).  A ``$ref`` in it resolves against the shipped schemas
    (``shedding.schema.json#/$defs/play``) unless the schema gives its own ``$id``."""
    scoring_schema: Mapping[str, Any] | None = None
    """The JSON Schema of its ``scoring:`` section, like :attr:`play_schema`."""
    offers: frozenset[str] = frozenset()
    """What its play offers listed phases, from :data:`NEEDS` (a phase that needs
    something its procedure does not offer is refused at load, see :meth:`lacks`)."""
    fewest_players: int = 2
    """The fewest players a game of it may have: 1 where the rules themselves play the
    other side (a house's dealer drawing by a fixed rule), else 2."""
    bound_path: tuple[str | int, ...] = ("play",)
    """Where in a rule file a too large :meth:`action_bound` is reported."""

    @abc.abstractmethod
    def compile(self, game: GameContext) -> Any:
        """Build the lookup tables of a loaded variant."""

    @abc.abstractmethod
    def new_deal(self, game: GameContext, context: DealContext) -> State:
        """A freshly shuffled deal."""

    @abc.abstractmethod
    def from_json(self, game: GameContext, data: dict[str, Any]) -> State:
        """Read a state back from JSON."""

    @abc.abstractmethod
    def arrange(self, game: GameContext, **position: Any) -> State:
        """A position given explicitly by the procedure's own keywords, not yet checked."""

    def setup(self, game: GameContext, **position: Any) -> State:
        """A position given explicitly (:meth:`arrange`), checked as a state read from
        JSON is (seats, steps, lengths, cards that add up, a player to move who holds
        cards).  Fields the listed phases declare (``bids``, say) may be given too, in
        their JSON form."""
        own = {d.name for phase, _ in game.phases if phase.fields is not None
               for d in declared(phase.fields)}
        extra = {k: v for k, v in position.items() if k in own}
        data = self.arrange(game, **{k: v for k, v in position.items()
                                     if k not in own}).to_json()
        data.update(spelled_out(game.state_class, extra, record=game.record_class))
        return self.from_json(game, data)

    def refusals(self, game: GameContext) -> tuple[Callable[[Any, Action], str | None], ...]:
        """Checks built from the family's own legality hooks (its hook points that refuse
        actions, such as whether a player may go out), each giving why an action the
        rules allow is refused (or None); none when the game names none of them."""
        return ()

    def field_mixins(self, variant: Any) -> tuple[type, ...]:
        """Field mixins (like a phase's) that the state class of a game of ``variant``
        adds to :attr:`state_class`: fields only some games need; none by default."""
        return ()

    view_type: type[View] = View
    """The class of its states' views, typing the entries it adds (a subclass of
    :class:`~cardrules.engine.views.View` with one annotation per entry); each game makes
    its own subclass of it (:attr:`Game.view_type`)."""

    def view_entries(self, game: GameContext) -> tuple[str, ...] | None:
        """The entries of its states' views in ``game``, in the order its views hold them
        (the listed phases' entries follow).  An observation field that names no entry is
        refused when the game is loaded.  None (the default): undeclared, the views its
        states return as mappings become records entry by entry."""
        return None

    def move_scorer(self, view: View,
                    legal: Sequence[Action]) -> Callable[[Action], float] | None:
        """The procedure's move heuristic for play, read from the acting seat's ``view``
        (its class carries the public card facts, ``view.card_facts``, see
        :mod:`cardrules.engine.heuristics`): a score per legal action, higher is better.
        None (the default): no heuristic, every move alike."""
        return None

    def rollout_policy(self, game: GameContext) -> Callable[[Any, random.Random], Action] | None:
        """A cheap play-out policy for the search bot in ``game``: a function of a
        (determinized) state of play and a generator that returns one of its legal
        actions, closer to real play than a uniformly random one.  None (the default):
        the search plays out at random."""
        return None

    @abc.abstractmethod
    def resample(self, state: State, player: int, rng: random.Random) -> State:
        """A state the player cannot tell apart: hidden cards re-dealt at random.
        ``state`` is one of the procedure's own (:func:`own_state` narrows it)."""

    def kept_cards(self, state: State, player: int) -> int:
        """The cards hidden from ``player`` that :meth:`resample` leaves where they lie,
        as a bit set: cards the player saw go there though the zone is hidden now (the
        default: none).  Every other hidden card is re-dealt, and the sample depends only
        on what the player knows and on the generator."""
        return 0

    @abc.abstractmethod
    def observation_fields(self, game: GameContext) -> tuple[Field, ...]:
        """The fields of a view that a learning agent's observation encodes."""

    def zones(self) -> dict[str, tuple[Visibility, ...]]:
        """Zone name -> the visibilities a rule file may declare for it (each honoured by
        views, events, legal actions and re-sampling), from the state class's
        declarations."""
        return declarable_zones(self.state_class)

    @abc.abstractmethod
    def move_limit(self, game: GameContext) -> int:
        """The most actions a deal of ``game`` can take under its rules: a bound derived
        from the pack, the players and the rules, past which a deal is stuck in a loop."""

    def check(self, variant: Any) -> Iterator[tuple[tuple[str | int, ...], str]]:
        """Cross-field problems of ``variant``'s play and scoring that its schema cannot
        express, each as (JSON path, message); none by default."""
        return iter(())

    def action_bound(self, variant: Any) -> int:
        """An upper bound on the legal actions of any state of play of ``variant`` (the
        loader refuses a variant above
        :data:`~cardrules.model.bounds.MAX_LEGAL_ACTIONS`).  By default every card of
        the pack (each face once: copies give no action of their own), a draw and a
        pass."""
        return len(variant.pack.ranks) * len(variant.pack.suits) \
            + len(variant.pack.extra_names) + len(variant.pack.faces) + 2

    def describe(self, variant: Any) -> Iterator[Sentence | str]:
        """The rules of play and scoring of ``variant`` in English, one sentence per rule
        (``cardrules rules`` prints them under "Play"), each a
        :class:`~cardrules.model.sentence.Sentence` tied to the rule it words (or a bare
        line, printed as it is); none by default.  A sentence wording the default of a
        hook point says so (``Sentence.hook``): a variant naming another hook there has
        the hook's sentence in its place, and the named hooks worded nowhere are listed
        apart."""
        return iter(())

    def draws_stock(self, variant: Any) -> bool:
        """Whether play draws from the cards left after the deal (the stock); True by
        default."""
        return True

    def trump_card_fate(self, variant: Any) -> str:
        """What becomes of a trump card turned up after the deal, as the end of a
        sentence for the English rules: drawn last when play draws from the stock, else
        left face up on the pack."""
        return "it is drawn last" if self.draws_stock(variant) else \
            "it stays face up on the pack"

    def starter_place(self, variant: Any) -> str:
        """Where the cards ``deal.starter`` turns face up begin play, in a word (for the
        English rules); ``pile`` by default."""
        return "pile"

    def deal_words(self, variant: Any, usual: str) -> str:
        """The line of the English rules that says how ``variant``'s cards are dealt,
        given ``usual``, the line made from its ``deal`` section (``- Each player is dealt
        13 cards...``); ``usual`` by default."""
        return usual

    def first_move(self, variant: Any, usual: str) -> str:
        """Who makes the first move of a deal of ``variant``, in words, given ``usual``,
        the words of its ``first_mover`` hook (``the player on the dealer's left moves
        first``); ``usual`` by default."""
        return usual

    def in_partnerships(self, variant: Any) -> bool:
        """Whether players of ``variant`` play in partnerships (they score alike and win
        or lose together); False by default."""
        return False

    def structure_hooks(self) -> Mapping[Any, Callable[[Any, type], Any]]:
        """The ``cattrs`` structure hooks (type -> hook) its records need beyond the
        generic ones, when its sections are read into :attr:`play_rules` and
        :attr:`scoring_rules`; none by default."""
        return {}

    def lacks(self, need: str, variant: Any) -> Iterator[str]:
        """What ``variant``'s play lacks for a listed phase's ``need`` (a key of
        :data:`NEEDS`), each as words that follow "<phase> needs"; nothing when it has
        what the phase needs.  By default a procedure has what it :attr:`offers`."""
        if need not in self.offers:
            yield needs_words(need)

    def partnerships(self, game: GameContext) -> Partnerships:
        """Who plays together, each partnership a tuple of seats; by default everyone
        plays alone."""
        return alone(game.players)

    def score_bounds(self, game: GameContext) -> tuple[int, int] | None:
        """The lowest and the highest score a player can make in a deal of ``game``, when
        a deal's scores always add up to 0 (chips won and lost, say); None (the default)
        when they need not, or nothing bounds them.  The OpenSpiel adapter makes a game
        of such a procedure zero-sum when its returns are the scores."""
        return None


S = TypeVar("S")


def own_state(cls: type[S], state: object) -> S:
    """``state`` as an instance of ``cls``, its procedure's state class (a game's class
    composed from it is one); a ``TypeError`` naming both when it is not."""
    if not isinstance(state, cls):
        raise TypeError(f"a state of {cls.__name__} was expected, not "
                        f"{type(state).__name__}")
    return state


NEEDS: dict[str, str] = {
    "counted_tricks": "a game of tricks",
    "bidder_names_trump": "a game of tricks whose trumps the highest bidder names",
    "own_trumps": "a trump suit of each player's own",
    "sitting_out": "a game of tricks in which a seat may sit the deal out",
    "thrown_in": "a game of tricks whose deal a listed phase may throw in before play",
    "named_first_leader": "a game of tricks whose first leader a listed phase may name",
    "dummy": "a game of tricks in which a listed phase may lay a seat's hand face up "
             "for another seat to play",
    "card_orders": "a game of tricks whose card order (trumps and ranks) a listed phase may "
                   "choose for the deal",
    "hand_by_lot": "a game whose deals may draw their hand size by lot (its states keep "
                   "the size drawn in a field offered as drawn_hand)",
    "deal_points": "a game that counts each player's points in the deal (a contract of "
                   "points is scored on them)",
}
"""What a listed phase may need of the play (:attr:`Procedure.offers`): tricks whose
number is known before play (bidding), trumps named by the highest bidder
(name_trump), a trump suit per player (choose_trump), a seat sitting the deal out
(order_up's player going alone), a deal thrown in before play (order_up's deal that
everyone passes), the first leader named by a phase (an auction's declarer), a dummy's hand laid
face up and played by its partner (a contract auction's), hand
sizes drawn by lot (``deal.hand.by_lot``, checked for the rule
file itself), each player's points in the deal (an auction's contract of points); each
with its words."""


def offering(need: str) -> list[str]:
    """The registered procedures that offer ``need``, by name.

    >>> offering("own_trumps")
    ['shedding']
    """
    return sorted(name for name, procedure in known().items() if need in procedure.offers)


def needs_words(need: str) -> str:
    """``need`` in words, with the procedures that offer it (what a phase asks for).

    >>> needs_words("counted_tricks")
    'a game of tricks (play.procedure: tricks)'
    """
    names = offering(need)
    return f"{NEEDS[need]} (play.procedure: {' or '.join(names) or 'none is registered'})"


REGISTRY: Registry[Procedure] = Registry(
    what="procedure", kind=Procedure, group="cardrules.procedures",
    package="cardrules.families", module="procedure")
"""The procedures by name (the built-in ones, the families under ``cardrules/families/``,
are imported on first use)."""
register = REGISTRY.register
known = REGISTRY.known
find = REGISTRY.find
