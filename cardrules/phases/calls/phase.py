"""The ``calls`` phase (:mod:`cardrules.phases.calls` says its rules): its settings, fields
and moves, in a module of its own so that a compiled build compiles it (a compiled
package's ``__init__`` may not import the package's own compiled modules)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar, Protocol

import attrs

from cardrules.actions import Action, Kind
from cardrules.engine.action_space import Family, Listed
from cardrules.engine.context import GameRules
from cardrules.engine.events import raw_event
from cardrules.engine.fields import NumberList, field
from cardrules.engine.native import mypyc_attr
from cardrules.engine.observation import Field, Number, OneOf, Seat, SeatsIn
from cardrules.engine.procedures import find as find_procedure
from cardrules.engine.table import LaysDummy, LeadsFirst, NamesTrump, Table, TableGame, ThrowsIn
from cardrules.engine.turns import ORDER_SCHEMA, Start, TurnOrder, Turns, read_order
from cardrules.engine.views import View
from cardrules.model.variant import Variant
from cardrules.phases import Phase, register, taken_word
from cardrules.phases.calls.auction import (
    DOUBLE,
    FIRST_BID,
    PASS,
    REDOUBLE,
    CallRules,
    Standing,
    bid_code,
    follow,
)
from cardrules.phases.calls.scoring import SCORE_SCHEMA, ScoreTable, read_score_table
from cardrules.phases.memo import by_identity

__all__ = ["EXAMPLE", "FROM_DEALER", "Calls", "CallsFields", "CallsSettings", "CallsTable",
           "Strain"]

FROM_DEALER = TurnOrder(start=Start.DEALER)
"""The default order of the calls: the dealer first, then clockwise."""

PASS_ACTION = Action(kind=Kind.PASS, label="pass")
"""Pass (the procedure's own ``pass`` action)."""
DOUBLE_ACTION = Action(kind=Kind.VERB, name="double", label="double")
REDOUBLE_ACTION = Action(kind=Kind.VERB, name="redouble", label="redouble")

EXAMPLE: Mapping[str, Any] = {
    "strains": [{"word": "low", "suit": "C", "trick": 20},
                {"word": "lower", "suit": "D", "trick": 20},
                {"word": "higher", "suit": "H", "trick": 30},
                {"word": "high", "suit": "S", "trick": 30},
                {"word": "notrumps", "trick": 30, "first_trick": 40}]}
"""A section of a rule file: four suits and no trumps as strains (as contract bridge's,
with other words), every other setting its default."""


@attrs.frozen(kw_only=True)
class Strain:
    """A strain a bid names: a trump suit, or none."""

    word: str
    """The notation's word for a bid in it (``spades 4``)."""
    suit: str | None
    """The trump suit's letter (None: no trumps)."""
    trick: int
    """Points per trick bid (over the book), and per overtrick undoubled."""
    first_trick: int
    """Points for the first trick bid."""

    @property
    def name(self) -> str:
        """The suit letter, or ``NT``."""
        return self.suit or "NT"


@attrs.frozen(kw_only=True)
class CallsSettings:
    """The phase's section of a rule file."""

    strains: tuple[Strain, ...]
    """The strains, lowest first."""
    levels: int = 7
    """The highest level of a bid."""
    double: bool = True
    """Doubling is allowed."""
    redouble: bool = True
    """Redoubling is allowed."""
    dummy: bool = True
    """The declarer's partner is the dummy."""
    vulnerable: tuple[bool, bool] = (False, False)
    """Whether the dealer's side, and the other side, score as vulnerable."""
    score: ScoreTable = attrs.field(factory=ScoreTable)
    """How the contract scores."""
    order: TurnOrder = FROM_DEALER
    """Who calls first, and which way the calls go."""

    def rules(self, game: GameRules, partnerships: Sequence[Sequence[int]]) -> CallRules:
        """What :func:`~cardrules.phases.calls.auction.follow` needs."""
        sides = [0] * game.players
        for index, side in enumerate(partnerships):
            for seat in side:
                sides[seat] = index
        return CallRules(strains=len(self.strains), levels=self.levels,
                         players=game.players, sides=tuple(sides), double=self.double,
                         redouble=self.redouble)

    def action(self, code: int) -> Action:
        """The action of a call's code."""
        if code == PASS:
            return PASS_ACTION
        if code == DOUBLE:
            return DOUBLE_ACTION
        if code == REDOUBLE:
            return REDOUBLE_ACTION
        level, strain = divmod(code - FIRST_BID, len(self.strains))
        return _bid(self.strains[strain].word, level + 1)

    def code(self, action: Action) -> int:
        """The code of a call's action (-1: not a call of these settings)."""
        if action == PASS_ACTION:
            return PASS
        if action == DOUBLE_ACTION:
            return DOUBLE
        if action == REDOUBLE_ACTION:
            return REDOUBLE
        words = [s.word for s in self.strains]
        if action.kind is Kind.VERB and action.name in words and not action.cards \
                and 1 <= action.amount <= self.levels:
            return bid_code(action.amount, words.index(action.name), len(words))
        return -1

    def contract(self, standing: Standing) -> str | None:
        """The contract in words (``4 S``, ``3 NT X``, ``2 H XX``: never a card's name),
        None before a bid."""
        if not standing.level:
            return None
        doubling = ("", " X", " XX")[standing.doubled]
        return f"{standing.level} {self.strains[standing.strain].name}{doubling}"


@attrs.define(slots=False)
class CallsFields:
    """The phase's state field."""

    _calls: tuple[int, ...] = field(NumberList(minimum=0, maximum=FIRST_BID + 999),
                                    label="calls")
    """The calls made, in turn, as codes (:mod:`cardrules.phases.calls.auction`)."""


class CallsTable(ThrowsIn, LeadsFirst, NamesTrump, LaysDummy, Protocol):
    """The table the calls work at: a deal thrown in, trumps named, the first leader
    named, a dummy laid down, and its own field."""

    _calls: tuple[int, ...]


_WORD = {"type": "string", "pattern": "^[a-z]{2,12}$"}
_POINTS = {"type": "integer", "minimum": 0, "maximum": 1000}


@mypyc_attr(native_class=False)  # a subclass of the interpreted Phase
class Calls(Phase[CallsTable]):
    """A contract auction of bids in strains, doubles and redoubles, played with a
    dummy and scored as duplicate bridge."""

    name = "calls"
    names_trump = True
    trump_words: ClassVar[str] = "the contract's strain (none in a no-trump contract)"
    verbs: ClassVar[Mapping[str, bool]] = {"double": False, "redouble": False}
    fields = CallsFields
    candidates_all_legal = True  # refusal refuses exactly what candidates leaves out
    schema: ClassVar[Mapping[str, Any]] = {
        "type": "object", "additionalProperties": False, "required": ["strains"],
        "properties": {
            "strains": {
                "type": "array", "minItems": 1, "maxItems": 8,
                "description": "The strains a bid names, lowest first.",
                "items": {
                    "type": "object", "additionalProperties": False,
                    "required": ["word", "trick"],
                    "properties": {
                        "word": {**_WORD, "description": "The notation's word for a bid "
                                 "in this strain ('spades 4'): lower-case letters."},
                        "suit": {"type": "string", "description": "The trump suit's "
                                 "letter; left out: no trumps."},
                        "trick": {**_POINTS, "description": "Points per trick bid over "
                                  "the book, and per overtrick undoubled."},
                        "first_trick": {**_POINTS, "description": "Points for the first "
                                        "trick bid (default: as the others)."}}}},
            "levels": {"type": "integer", "minimum": 1, "maximum": 20,
                       "description": "The highest level of a bid (default 7)."},
            "double": {"type": "boolean", "description": "Doubling the other side's bid "
                                                         "is allowed (default true)."},
            "redouble": {"type": "boolean", "description": "Redoubling one's own side's "
                         "doubled bid is allowed (default true)."},
            "dummy": {"type": "boolean", "description": "The declarer's partner is the "
                      "dummy: face up after the opening lead, played by the declarer "
                      "(default true)."},
            "vulnerable": {
                "type": "object", "additionalProperties": False,
                "description": "Which sides score as vulnerable (default neither).",
                "properties": {
                    "dealer_side": {"type": "boolean", "description":
                                    "The dealer's side is vulnerable."},
                    "other_side": {"type": "boolean", "description":
                                   "The side not dealing is vulnerable."}}},
            "score": SCORE_SCHEMA,
            "order": {**ORDER_SCHEMA, "description": "Who calls first and which way the "
                      "calls go (default: from the dealer, clockwise)."}}}

    def settings(self, section: Mapping[str, Any]) -> CallsSettings:
        strains = tuple(
            Strain(word=str(s["word"]), suit=s.get("suit"), trick=int(s["trick"]),
                   first_trick=int(s.get("first_trick", s["trick"])))
            for s in section.get("strains", ()))
        vulnerable = section.get("vulnerable", {})
        return CallsSettings(
            strains=strains, levels=int(section.get("levels", 7)),
            double=bool(section.get("double", True)),
            redouble=bool(section.get("redouble", True)),
            dummy=bool(section.get("dummy", True)),
            vulnerable=(bool(vulnerable.get("dealer_side", False)),
                        bool(vulnerable.get("other_side", False))),
            score=read_score_table(section.get("score", {})),
            order=read_order(section.get("order"), FROM_DEALER))

    def words(self, settings: CallsSettings) -> Mapping[str, str]:
        """Each strain's word, followed by a level (``spades 4``)."""
        return {strain.word: "number" for strain in settings.strains}

    def check(self, settings: CallsSettings, variant: Variant) -> Iterator[str]:
        procedure = find_procedure(variant.play.procedure)
        needs = ("thrown_in", "named_first_leader", "bidder_names_trump", "counted_tricks",
                 *(("dummy",) if settings.dummy else ()))
        for need in needs:
            for lack in procedure.lacks(need, variant):
                yield f"calls needs {lack}"
        words = [s.word for s in settings.strains]
        for word in words:
            taken = taken_word(word, variant)
            if taken:
                yield f"calls: the strain word {taken}"
        if len(set(words)) != len(words):
            yield "calls: two strains have the same word"
        suits = [s.suit for s in settings.strains if s.suit is not None]
        for suit in suits:
            if suit not in variant.pack.suits:
                yield f"calls: there is no suit {suit!r} (suits: {' '.join(variant.pack.suits)})"
        if len(set(suits)) != len(suits):
            yield "calls: two strains name the same suit"
        if [entry.name for entry in variant.phases].count(self.name) > 1:
            yield "calls is listed more than once; a deal has one auction"
        players = variant.players.max
        if settings.dummy and (variant.players.min != 4 or players != 4):
            yield "calls with a dummy needs four players, two partnerships of two"

    def names_first_leader(self, settings: CallsSettings) -> bool:
        return True

    def describe(self, settings: CallsSettings) -> str:
        names = ", ".join(s.suit or "no trumps" for s in settings.strains)
        strains = [(s.name, s.trick, s.first_trick) for s in settings.strains]
        doubles = (", doubles the other side's last bid" if settings.double else "") + \
            (" or redoubles their own side's doubled bid" if settings.redouble else "")
        dummy = (", whose partner is the dummy (face up after the opening lead, played by "
                 "the declarer)") if settings.dummy else ""
        return (f"After the deal each player in turn ({settings.order.describe()}) passes, "
                f"bids a level from 1 to {settings.levels} in a strain (from the lowest: "
                f"{names}) higher than the last bid{doubles}. Everyone passing throws the "
                f"deal in; after a bid, passes by all but one in a row end the auction: the "
                f"last bid is the contract, and the first of its side to name its strain the "
                f"declarer{dummy}. The declarer's left leads.\n- "  # scoring: its own item
                f"{settings.score.describe(strains)}"
                f"{_vulnerable(settings.vulnerable)}")

    def _rules(self, state: Table, settings: CallsSettings) -> CallRules:
        return _call_rules(settings, state.game)

    def _seats(self, state: Table, settings: CallsSettings) -> tuple[int, ...]:
        """Every seat once, in the order of the calls: laid out once per game for an
        order that starts from the deal, from the seating otherwise."""
        by_dealer = _deal_seats(settings, state.game)
        if by_dealer:
            return by_dealer[state.dealer]
        return settings.order.seats(state.seating())

    def standing(self, state: CallsTable, settings: CallsSettings) -> Standing:
        """Where the auction stands (its calls followed without checking them; the
        standing of the same calls by the same seats under the same rules is found again,
        not followed again: every view and every step of play asks for it)."""
        return self._standing_of(state, settings, self._seats(state, settings))

    def _standing_of(self, state: CallsTable, settings: CallsSettings,
                     seats: tuple[int, ...]) -> Standing:
        """:meth:`standing`, the calls' seats in order given."""
        calls, rules = state._calls, self._rules(state, settings)
        key = (calls, seats, id(rules))
        kept = _STANDINGS.get(key)
        if kept is not None and kept[0] is rules:
            return kept[1]
        found = follow(calls, seats=seats, rules=rules, check=False)
        assert isinstance(found, Standing)
        if len(_STANDINGS) >= _STANDINGS_KEPT:
            _STANDINGS.clear()
        _STANDINGS[key] = (rules, found)
        return found

    def enter(self, state: CallsTable, settings: CallsSettings) -> None:
        state.turn_to(self._seats(state, settings)[0])

    def candidates(self, state: CallsTable, settings: CallsSettings) -> list[Action]:
        standing = self.standing(state, settings)
        codes = standing.legal(state.to_act, self._rules(state, settings))
        return [settings.action(code) for code in codes]

    def refusal(self, state: CallsTable, settings: CallsSettings,
                action: Action) -> str | None:
        if action in self.candidates(state, settings):
            return None
        p, ref = state.to_act, state.game.rule_ref(self.name)
        code = settings.code(action)
        standing = self.standing(state, settings)
        if code < 0:
            words = "/".join(s.word for s in settings.strains)
            return (f"player {p} calls: 'pass', a bid ('{words}' and a level from 1 to "
                    f"{settings.levels}), 'double' or 'redouble'{ref}")
        if code == DOUBLE:
            return (f"player {p} may double only the other side's last bid, not doubled "
                    f"yet (the contract is {settings.contract(standing) or 'not bid'})"
                    f"{ref}")
        if code == REDOUBLE:
            return (f"player {p} may redouble only their own side's bid once the other "
                    f"side doubled it (the contract is "
                    f"{settings.contract(standing) or 'not bid'}){ref}")
        return (f"a bid must be higher than the last, "
                f"{settings.contract(standing) or 'none'}: a higher level, or the same "
                f"level in a later strain{ref}")

    def apply(self, state: CallsTable, settings: CallsSettings, action: Action) -> bool:
        p, code = state.to_act, settings.code(action)
        state._calls = (*state._calls, code)
        state.record(raw_event(kind="call", player=p, note=str(action)))
        seats = self._seats(state, settings)
        standing = self._standing_of(state, settings, seats)
        if not standing.over(state.game.players):
            state.turn_to(seats[standing.calls % len(seats)])
            return False
        if not standing.level:
            state.throw_in()
            return True
        suit = settings.strains[standing.strain].suit
        state.name_trump(state.game.pack.suits.index(suit) if suit is not None else -1)
        declarer = standing.declarer
        if settings.dummy:
            state.lay_dummy(_partner(state, declarer), declarer)
        state.lead_first(state.game.turns.following[declarer])
        return True

    def score(self, state: CallsTable, settings: CallsSettings,
              scores: tuple[int, ...]) -> tuple[int, ...]:
        """The declaring side scores the contract, the other side its negative; nobody
        scores a deal thrown in."""
        standing = self.standing(state, settings)
        if not standing.level or not standing.over(state.game.players):
            return (0,) * len(scores)
        side = _side(state, standing.declarer)
        tricks: tuple[int, ...] = state.offered("tricks")
        strain = settings.strains[standing.strain]
        dealing = state.dealer in side
        points = settings.score.score(
            level=standing.level, trick=strain.trick, first_trick=strain.first_trick,
            doubled=standing.doubled, tricks=sum(tricks[p] for p in side),
            vulnerable=settings.vulnerable[0 if dealing else 1])
        return tuple(points if p in side else -points for p in range(len(scores)))

    def replaces_scores(self, settings: CallsSettings) -> bool:
        return True

    def inconsistency(self, state: CallsTable, settings: CallsSettings) -> str | None:
        """Every call was legal in its turn, and the auction is not over already."""
        found = follow(state._calls, seats=self._seats(state, settings),
                       rules=self._rules(state, settings))
        if isinstance(found, str):
            return found
        if found.over(state.game.players):
            return "the auction is over already"
        seats = self._seats(state, settings)
        if state.to_act != seats[found.calls % len(seats)]:
            return f"player {seats[found.calls % len(seats)]} calls next, not {state.to_act}"
        return None

    def view_from_fields_in(self, settings: CallsSettings) -> bool:
        """The view follows the calls of the phase's field by the seats of its order: its
        fields alone unless the order starts from the play (the leader, say)."""
        return settings.order.fixed_by_deal

    def view(self, state: CallsTable, settings: CallsSettings,
             player: int) -> dict[str, Any]:
        seats = self._seats(state, settings)
        standing = self._standing_of(state, settings, seats)
        over = standing.over(state.game.players) and standing.level > 0
        dealers = _side(state, state.dealer)
        vulnerable = [p for p in range(state.game.players)
                      if settings.vulnerable[0 if p in dealers else 1]]
        words = _call_words(settings)
        return {"calls": [{"player": seats[k % len(seats)], "call": words[code]}
                          for k, code in enumerate(state._calls)],
                "contract": settings.contract(standing),
                "contract_level": standing.level,
                "contract_strain": settings.strains[standing.strain].name
                if standing.level else None,
                "doubled": standing.doubled,
                "declarer": standing.declarer if over else None,
                "dummy": _partner(state, standing.declarer) if over and settings.dummy
                else None,
                "vulnerable": vulnerable}

    def view_entries(self, game: GameRules, settings: CallsSettings) -> tuple[str, ...]:
        return ("calls", "contract", "contract_level", "contract_strain", "doubled",
                "declarer", "dummy", "vulnerable")

    def families(self, game: GameRules, settings: CallsSettings) -> tuple[Family, ...]:
        # ``pass`` is the procedure's own action (every tricks game lists it)
        top = bid_code(settings.levels, len(settings.strains) - 1, len(settings.strains))
        return (Listed(actions=tuple(settings.action(code) for code in range(DOUBLE, top + 1)
                                     if settings.double or code != DOUBLE
                                     if settings.redouble or code != REDOUBLE)),)

    def observation_fields(self, game: GameRules, settings: CallsSettings,
                           ) -> tuple[Field, ...]:
        return (Number(key="contract_level"),
                OneOf(key="contract_strain", values=tuple(s.name for s in settings.strains)),
                Number(key="doubled"), Seat(key="declarer"), Seat(key="dummy"),
                SeatsIn(key="vulnerable"))

    def action_bound(self, settings: CallsSettings, variant: Variant) -> int:
        return 3 + settings.levels * len(settings.strains)

    def move_scorer(self, view: View, settings: CallsSettings, legal: Sequence[Action],
                    ) -> Callable[[Action], float]:
        """Bid the lowest legal bid in the hand's longest suit (no trumps with no suit of
        five) while the hand's high cards, with a partner's share, look worth its tricks;
        else pass.  Never double or redouble."""
        facts = view.card_facts
        mine = view.hands[view.player]
        cards = [facts.parse(str(c)) for c in mine] if isinstance(mine, list) else []
        top = len(facts.ranks) - 1
        high = sum(max(rank - (top - 4), 0) for rank, _ in cards)  # A 4, K 3, Q 2, J 1
        suits = [suit for _, suit in cards]
        longest = max(facts.suits, key=suits.count) if suits else ""
        words = {s.suit: s.word for s in settings.strains}
        word = words.get(longest if suits.count(longest) >= 5 else None,
                         settings.strains[-1].word)
        reach = settings.score.book + (high + 8) // 4 - 6 + max(suits.count(longest) - 4, 0)
        return _bids_up_to(word, reach)


def _bids_up_to(word: str, reach: int) -> Callable[[Action], float]:
    """:meth:`Calls.move_scorer`'s scorer: the bids in strain ``word`` up to level
    ``reach``, the lowest best, then a pass, then anything else (a closure made outside
    the class, which the compiled build keeps an ordinary class)."""
    def score(action: Action) -> float:
        if action.kind is Kind.VERB and action.name == word and action.amount <= reach:
            return 1.0 + 1.0 / action.amount
        return 0.0 if action.kind is Kind.PASS else -1.0

    return score


def _vulnerable(vulnerable: tuple[bool, bool]) -> str:
    """Which sides are vulnerable, as a sentence (after a space)."""
    said = {(False, False): "Neither side is vulnerable.",
            (True, False): "The dealer's side is vulnerable, the other not.",
            (False, True): "The side not dealing is vulnerable, the dealer's not.",
            (True, True): "Both sides are vulnerable."}
    return " " + said[vulnerable]


def _side(state: Table, seat: int) -> tuple[int, ...]:
    """The partnership ``seat`` plays in."""
    return next(side for side in state.game.partnerships if seat in side)


def _partner(state: Table, seat: int) -> int:
    """``seat``'s partner (the other seat of a partnership of two)."""
    return next(p for p in _side(state, seat) if p != seat)


@by_identity
def _deal_seats(settings: CallsSettings, game: TableGame) -> tuple[tuple[int, ...], ...]:
    """Per dealer, every seat once in the calls' order, for an order that starts from
    the deal (made once per game: every step and view of the auction asks); empty for
    an order that starts from the play."""
    if not settings.order.fixed_by_deal:
        return ()
    turns = Turns.of(settings.order, game.players)
    return tuple(turns.deal_order(dealer) for dealer in range(game.players))


@by_identity
def _call_rules(settings: CallsSettings, game: TableGame) -> CallRules:
    """What following the auction needs in ``game`` (made once per game)."""
    return settings.rules(game, game.partnerships)


@by_identity
def _call_words(settings: CallsSettings) -> tuple[str, ...]:
    """Each call's words by its code (a view names every call of the auction)."""
    return tuple(str(settings.action(code))
                 for code in range(FIRST_BID + settings.levels * len(settings.strains)))


_STANDINGS: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[CallRules, Standing]] = {}
"""The standing of calls by seats under rules (by the rules' identity, kept with them)."""

_STANDINGS_KEPT = 4096
"""Standings remembered before :data:`_STANDINGS` starts afresh."""


@cache
def _bid(word: str, level: int) -> Action:
    """The action ``<word> <level>`` (made once per bid)."""
    return Action(kind=Kind.VERB, name=word, amount=level, label=f"{word} {level}")


register(Calls())
