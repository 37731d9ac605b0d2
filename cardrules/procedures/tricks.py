"""The tricks procedure: lead cards, the others answer with as many, the best set takes.

Before each lead, players holding a declarable combination are asked in turn (the
scheduled leader first, then clockwise) whether to declare it.  After a trick the
hands are refilled from the stock.  Everything game-specific comes from the variant's
data through :class:`~cardrules.procedures.tricks_tables.TricksTables`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.actions import Action, Kind
from cardrules.events import Event
from cardrules.model.tricks import DrawOrder, Effect, Partners
from cardrules.procedures.tricks_deal import RawEvent, deal_cards, deal_result, draw_up
from cardrules.procedures.tricks_tables import Declaration, TricksTables
from cardrules.state import DealContext, DealResult, FieldState, State

if TYPE_CHECKING:
    from cardrules.game import Game

__all__ = ["ANSWER", "DECLARE", "LEAD", "OVER", "RawEvent", "TricksState"]

DECLARE, LEAD, ANSWER, OVER = "declare", "lead", "answer", "over"
"""Phases: a player is asked to declare a combination; the lead; answers; the end."""

_FIELDS = ("hands", "stock", "trump", "trump_card", "leader", "current", "phase", "asking",
           "offer", "plays", "down", "holder", "combo", "won", "tricks", "out", "scores",
           "winner", "declarer", "starter", "dealer", "events")


class TricksState(FieldState):
    """A deal of a trick-taking game.

    Fields (read-only): ``hands`` and ``won`` (bit sets per player), ``stock`` (drawn from
    the end; the turned-up trump card is first), ``trump`` (suit index, -1: none),
    ``trump_card`` (-1: none), ``leader`` (of the trick, or due to lead), ``phase``,
    ``asking`` (players still to be asked to declare), ``offer`` (the leader may declare
    instead of leading), ``plays`` (the trick's sets of cards from the leader on),
    ``down`` (its face-down cards), ``holder`` (who holds the trick), ``combo`` (name of a
    combination being played), ``tricks`` (count per player), ``out`` (cards out of play),
    ``scores``, ``winner`` (of the last trick), ``declarer`` (who won the deal by a
    combination), ``starter`` (first leader), ``dealer``.
    """

    _fields = _FIELDS
    __slots__ = ("_game", "_legal", "_tables", *(f"_{f}" for f in _FIELDS))

    _game: Game
    _tables: TricksTables
    _legal: tuple[Action, ...] | None
    _hands: tuple[int, ...]
    _stock: tuple[int, ...]
    _trump: int
    _trump_card: int
    _leader: int
    _current: int
    _phase: str
    _asking: tuple[int, ...]
    _offer: bool
    _plays: tuple[int, ...]
    _down: int
    _holder: int
    _combo: str
    _won: tuple[int, ...]
    _tricks: tuple[int, ...]
    _out: int
    _scores: tuple[int, ...]
    _winner: int
    _declarer: int
    _starter: int
    _dealer: int
    _events: tuple[RawEvent, ...]

    # -- construction -------------------------------------------------------------

    @classmethod
    def _make(cls, game: Game, **fields: Any) -> TricksState:
        state = object.__new__(cls)
        state._game, state._tables, state._legal = game, game.tables, None
        for name in _FIELDS:
            object.__setattr__(state, f"_{name}", fields[name])
        return state

    def _clone(self) -> TricksState:
        new = object.__new__(TricksState)
        new._game = self._game
        new._tables = self._tables
        new._legal = None
        new._hands = self._hands
        new._stock = self._stock
        new._trump = self._trump
        new._trump_card = self._trump_card
        new._leader = self._leader
        new._current = self._current
        new._phase = self._phase
        new._asking = self._asking
        new._offer = self._offer
        new._plays = self._plays
        new._down = self._down
        new._holder = self._holder
        new._combo = self._combo
        new._won = self._won
        new._tricks = self._tricks
        new._out = self._out
        new._scores = self._scores
        new._winner = self._winner
        new._declarer = self._declarer
        new._starter = self._starter
        new._dealer = self._dealer
        new._events = ()
        return new

    @classmethod
    def new(cls, game: Game, context: DealContext) -> TricksState:
        """A freshly shuffled deal; the carried ``leader`` (if any) leads first."""
        n, dealt = game.players, deal_cards(game, context)
        state = cls._make(
            game, hands=dealt.hands, stock=dealt.stock, trump=dealt.trump,
            trump_card=dealt.trump_card, leader=dealt.leader, current=dealt.leader,
            phase=LEAD, asking=(), offer=False, plays=(), down=0, holder=-1, combo="",
            won=(0,) * n, tricks=(0,) * n, out=0, scores=(0,) * n, winner=-1, declarer=-1,
            starter=-1, dealer=context.dealer, events=())
        state._window(dealt.leader)
        state._events = (*dealt.events, *state._events)
        return state

    # -- public read-only fields -------------------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    @property
    def tables(self) -> TricksTables:
        """The variant's compiled tables."""
        return self._tables

    hands = property(lambda self: self._hands, doc="Each hand as a bit set.")
    stock = property(lambda self: self._stock, doc="The stock; the last card is drawn next.")
    trump = property(lambda self: self._trump, doc="Trump suit index (-1: no trumps).")
    trump_card = property(lambda self: self._trump_card, doc="The turned-up card (-1: none).")
    leader = property(lambda self: self._leader, doc="Who leads (or led) the trick.")
    phase = property(lambda self: self._phase, doc="declare, lead, answer or over.")
    asking = property(lambda self: self._asking, doc="Players still to be asked to declare.")
    offer = property(lambda self: self._offer, doc="The leader may declare instead of leading.")
    plays = property(lambda self: self._plays, doc="The trick's sets, from the leader on.")
    down = property(lambda self: self._down, doc="Face-down cards in the trick.")
    holder = property(lambda self: self._holder, doc="Who holds the trick (-1: no trick).")
    combo = property(lambda self: self._combo, doc="Combination being played ('' if none).")
    won = property(lambda self: self._won, doc="Cards each player took, as bit sets.")
    tricks = property(lambda self: self._tricks, doc="Tricks each player took.")
    scores = property(lambda self: self._scores, doc="Deal scores (set when the deal ends).")
    winner = property(lambda self: self._winner, doc="Winner of the last trick (-1: none).")
    declarer = property(lambda self: self._declarer, doc="Who won the deal by a combination.")
    starter = property(lambda self: self._starter, doc="Who led first.")
    dealer = property(lambda self: self._dealer, doc="The dealer.")

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(Event(kind=k, player=p, cards=c, amount=a, note=t, private=v)
                     for k, p, c, a, t, v in self._events)

    def zones(self) -> dict[str, int]:
        """Hands, won cards, the trick's face-up cards, each player's face-down cards,
        the stock, the turned-up trump card while it lies under the stock, and cards out
        of play."""
        n = len(self._hands)
        out = {f"hand{p}": h for p, h in enumerate(self._hands)}
        out.update({f"won{p}": w for p, w in enumerate(self._won)})
        down = [0] * n
        trick = stock = 0
        for i, m in enumerate(self._plays):
            down[(self._leader + i) % n] = m & self._down
            trick |= m & ~self._down
        out.update({f"down{p}": d for p, d in enumerate(down)})
        for c in self._stock:
            stock |= 1 << c
        turned = (1 << self._trump_card) & stock if self._trump_card >= 0 else 0
        out.update(stock=stock & ~turned, trump_card=turned, trick=trick, out=self._out)
        return out

    def points(self) -> tuple[int, ...]:
        """Card points each player took."""
        return tuple(map(self._tables.points_of, self._won))

    # -- legality -----------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._choice()
        return legal

    def _choice(self) -> tuple[Action, ...]:
        phase, tables, p = self._phase, self._tables, self._current
        if phase == ANSWER:
            return tables.answers(self._hands[p], self._plays[0].bit_count())
        if phase == LEAD:
            leads = tables.leads(self._hands[p], self._smallest())
            if not self._offer:
                return leads
            return leads + tuple(d.action for d in self.declarations(p))
        if phase == DECLARE:
            return (*(d.action for d in self.declarations(p)), tables.pass_)
        return ()

    def _smallest(self) -> int:
        return min(map(int.bit_count, self._hands))

    def declarations(self, player: int) -> tuple[Declaration, ...]:
        """The combinations ``player`` may declare now (held, and answerable if led)."""
        found = self._tables.declarations(self._hands[player], self._trump)
        if found:
            limit = self._smallest()
            found = tuple(d for d in found if d.effect is Effect.WIN_DEAL or d.size <= limit)
        return found

    def apply(self, action: Action | str, *, player: int | None = None) -> State:
        """The state after ``action``; a set of cards may be written in any order."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._choice()
        if player is None:
            for offered in legal:
                if offered is action:
                    return self._next(action)
        if isinstance(action, str):
            action = self._game.parse_action(action)
        cards, size = set(action.cards), self._game.pack.size
        if action not in legal and len(cards) == len(action.cards) and \
                all(0 <= c < size for c in cards):
            ordered = Action(kind=action.kind, name=action.name,
                             cards=self._game.pack.cards_of(sum(1 << c for c in cards)))
            if ordered in legal:
                action = ordered
        return super().apply(action, player=player)

    def why_illegal(self, action: Action) -> str | None:
        from cardrules.procedures.tricks_io import why_illegal

        return why_illegal(self, action)

    # -- applying actions ------------------------------------------------------------

    def _next(self, action: Action) -> TricksState:
        kind = action.kind
        if kind is Kind.ANSWER:
            return self._answer(self._tables.masks[action], True, action)
        if kind is Kind.THROW:
            return self._answer(self._tables.masks[action], False, action)
        if kind is Kind.LEAD:
            return self._lead(self._current, self._tables.masks[action], "",
                              ("lead", self._current, action.cards, 0, "", False))
        if kind is Kind.DECLARE:
            return self._declare(action)
        return self._pass()

    def _lead(self, p: int, mask: int, combo: str, event: RawEvent) -> TricksState:
        new = self._clone()
        hands = self._hands
        new._hands = hands[:p] + (hands[p] & ~mask,) + hands[p + 1:]
        new._plays, new._down, new._holder, new._leader = (mask,), 0, p, p
        new._combo, new._asking, new._offer = combo, (), False
        new._phase, new._current = ANSWER, (p + 1) % len(hands)
        if self._starter < 0:
            new._starter = p
        new._events = (event,)
        return new

    def _answer(self, mask: int, face_up: bool, action: Action) -> TricksState:
        new = self._clone()
        p, hands, plays = self._current, self._hands, self._plays
        n = len(hands)
        new._hands = hands[:p] + (hands[p] & ~mask,) + hands[p + 1:]
        new._plays = plays = plays + (mask,)
        event: RawEvent
        if face_up:
            held = plays[(self._holder - self._leader) % n]
            if self._tables.beats_set(mask, held, self._trump):
                new._holder = p
            event = ("answer", p, action.cards, 0, "", False)
        else:
            new._down = self._down | mask
            event = ("throw", p, action.cards, 0, "", True)
        if len(plays) < n:
            new._current = (p + 1) % n
            new._events = (event,)
            return new
        events = [event]
        new._take(events)
        new._events = tuple(events)
        return new

    def _declare(self, action: Action) -> TricksState:
        p = self._current
        mask = self._tables.masks[action]
        event: RawEvent = ("declare", p, action.cards, 0, action.name, False)
        effect = next(d.effect for d in self.declarations(p) if d.action == action)
        if effect is Effect.LEAD:
            return self._lead(p, mask, action.name, event)
        new = self._clone()
        new._declarer, new._combo = p, action.name
        events = [event]
        new._finish(events)
        new._events = tuple(events)
        return new

    def _pass(self) -> TricksState:
        new = self._clone()
        new._events = (("pass", self._current, (), 0, "", False),)
        if self._asking:
            new._current, new._asking = self._asking[0], self._asking[1:]
        else:
            new._phase, new._current, new._offer = LEAD, self._leader, False
        return new

    # -- after a trick (these mutate a fresh clone) ----------------------------------

    def _take(self, events: list[RawEvent]) -> None:
        w, cards = self._holder, 0
        for m in self._plays:
            cards |= m
        won, tricks = self._won, self._tricks
        self._won = won[:w] + (won[w] | cards,) + won[w + 1:]
        self._tricks = tricks[:w] + (tricks[w] + 1,) + tricks[w + 1:]
        self._plays, self._down, self._holder, self._combo = (), 0, -1, ""
        self._winner = w
        events.append(("take", w, (), 0, "", False))
        if self._stock and self._tables.play.draw is DrawOrder.WINNER_FIRST:
            # Everyone draws one card at a time from the winner on, up to the hand size.
            self._stock, self._hands = draw_up(self._stock, self._hands, first=w,
                                               size=self._tables.hand_size,
                                               turned=self._trump_card, events=events)
        if not self._stock and self._smallest() == 0:
            self._finish(events)
        else:
            self._window(w)

    def _window(self, leader: int) -> None:
        """Open the declaration window before ``leader`` leads."""
        self._leader = self._current = leader
        self._asking, self._offer, self._phase = (), False, LEAD
        tables = self._tables
        if not tables.effects:
            return
        checks = tables.checks[tables.trump_index(self._trump)]
        holders = []
        for p, hand in enumerate(self._hands):
            for pool, size in checks:  # as tables.may_declare, inlined: every trick ends here
                if (hand & pool).bit_count() >= size:
                    holders.append(p)
                    break
        if not holders:
            return
        n = len(self._hands)
        holders.sort(key=lambda p: (p - leader) % n)
        holders = [p for p in holders if self.declarations(p)]
        if holders == [leader]:
            self._offer = True
        elif holders:
            self._phase, self._current, self._asking = DECLARE, holders[0], tuple(holders[1:])

    def _finish(self, events: list[RawEvent]) -> None:
        """Score the deal by the bands."""
        tables, n = self._tables, len(self._hands)
        points, tricks = self.points(), self._tricks
        partner = list(range(n))
        if tables.scoring.partners is Partners.OPPOSITE:  # partners pool what they took
            partner = [(p + n // 2) % n for p in range(n)]
            points = tuple(points[p] + points[partner[p]] for p in range(n))
            tricks = tuple(tricks[p] + tricks[partner[p]] for p in range(n))
        top = tables.scoring.most_points
        if self._declarer >= 0:
            leaders = {self._declarer, partner[self._declarer]}
        else:
            best = max(points)
            leaders = {p for p in range(n) if points[p] == best}
        self._scores = tuple(
            top if top is not None and p in leaders else tables.score(points[p], tricks[p])
            for p in range(n))
        self._phase = OVER
        events.append(("deal_end", -1, (), 0, "", False))

    @property
    def result(self) -> DealResult | None:
        """The deal's result once it is over; ``carry`` names the next deal's leader."""
        return deal_result(self) if self._phase == OVER else None

    # -- equality, views and JSON ---------------------------------------------------

    def view(self, player: int) -> dict[str, Any]:
        from cardrules.procedures.tricks_io import view

        return view(self, player)

    def to_json(self) -> dict[str, Any]:
        from cardrules.procedures.tricks_io import to_json

        return to_json(self)
