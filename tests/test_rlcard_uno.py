"""UNO against RLCard's ``uno`` environment: the same game in two engines.

RLCard's environment (two players, its default) is the oracle for ``variants/uno.yaml``
(rules U1-U16 of ``docs/rules/uno.md``).  Each game below is one of RLCard's own random
games: its environment, seeded, shuffles, deals and draws lots with its own
``numpy.random.RandomState``; one of its legal action ids, chosen at random, is applied
to both engines at every decision, and the two must agree throughout on the player to
move, the set of legal action ids, every hand, the card to match and its colour, and in
the end on the payoffs.

Mapping.  Seats are the same numbers, the dealer being seat 1 so that seat 0 moves first
(U3).  RLCard writes a card ``colour-trait`` (``r-7``, ``g-skip``, ``b-reverse``,
``y-draw_2``, ``r-wild``, ``g-wild_draw_4``); ours is the trait and the colour (``7R``,
``SG``, ``VB``, ``DY``) or the face (``W``, ``W4``).  Its ids 0-59 are colour x trait and
60 is ``draw``.  A wild card is one RLCard action naming the colour (``r-wild``) and two
of ours (``play W``, then ``name R``): our ``play W`` stands for the four ids, and after it
the test demands exactly the four ``name`` actions and applies the one RLCard chose.

Randomness.  RLCard's ``RandomState`` is wrapped by :class:`Lots`, which passes every call
on unchanged (RLCard's game is exactly its own seeded game) and writes down each shuffle's
result and each colour drawn.  Our engine is driven to the same lots: the first shuffle
is handed to :meth:`~cardrules.engine.game.Game.new_deal` as the deal order (RLCard deals
seven cards at once to each player, we deal one at a time, so the order is rearranged to
deal the same hands and leave the same stock), and every later lot (a wild draw four
shuffled back at the start, U4; the stock remade, U15; a colour for a wild card turned up,
U5, or drawn, U11) comes through our engine's ``shuffle`` and ``random_suit`` hook
points, for which this module registers ``rlcard_replay`` hooks that return RLCard's
lot.  Only the source of the lots is replaced; every rule that uses them is our
engine's, and a lot our engine asks for that RLCard did not draw (or the reverse) fails
the test.
"""

from __future__ import annotations

import os
import random
from collections import deque
from functools import cache
from typing import Any

import attrs
import pytest

rlcard = pytest.importorskip("rlcard")
np = pytest.importorskip("numpy")

from rlcard.games.uno.utils import ACTION_LIST, ACTION_SPACE  # noqa: E402

import cardrules  # noqa: E402
from cardrules.actions import Action, Kind  # noqa: E402
from cardrules.cards import Pack, bits  # noqa: E402
from cardrules.families.shedding.hooks import RandomSuitInput, ShuffleInput  # noqa: E402
from cardrules.hooks import hook  # noqa: E402

QUICK_GAMES = 200
"""RLCard games compared in the default run (about 2 s on one core)."""
SLOW_GAMES = int(os.environ.get("CARDRULES_UNO_GAMES", "2000"))
"""RLCard games compared in the slow run, about 20 s on one core (set
``CARDRULES_UNO_GAMES`` for more or fewer)."""
COLOURS = {"r": "R", "g": "G", "b": "B", "y": "Y"}
"""RLCard's colours and our suits: the same order."""
TRAITS = {"skip": "S", "reverse": "V", "draw_2": "D", "wild": "W", "wild_draw_4": "W4"}
"""RLCard's traits that are not numbers, and our ranks and faces."""
DRAW = ACTION_SPACE["draw"]


def our_name(card: str) -> str:
    """Our name of RLCard's ``card`` (a wild card's colour dropped).

    >>> our_name("r-7"), our_name("y-draw_2"), our_name("g-wild_draw_4")
    ('7R', 'DY', 'W4')
    """
    colour, trait = card.split("-")
    symbol = TRAITS.get(trait, trait)
    return symbol if symbol.startswith("W") else symbol + COLOURS[colour]


class Lots:
    """RLCard's ``numpy.random.RandomState``, every call passed on unchanged, with the
    result of each shuffle (the deck as our names, the last drawn next) and each colour
    drawn written down for our engine to replay."""

    def __init__(self, random_state: Any) -> None:
        self._random = random_state
        self.shuffles: deque[list[str]] = deque()
        self.colours: deque[str] = deque()

    def shuffle(self, deck: list[Any]) -> None:
        self._random.shuffle(deck)
        self.shuffles.append([our_name(card.str) for card in deck])

    def choice(self, options: Any) -> Any:
        chosen = self._random.choice(options)
        self.colours.append(COLOURS[str(chosen)])
        return chosen

    def __getattr__(self, name: str) -> Any:
        return getattr(self._random, name)


LOTS: list[Lots] = []
"""The lots of the game being compared (one at a time), read by the replay hooks."""


@hook("shuffle", "rlcard_replay")
def replayed_shuffle(position: ShuffleInput) -> tuple[int, ...]:
    """RLCard's next shuffle, as our cards: the same names in RLCard's order (copies of a
    name, which play alike, in any order)."""
    names = LOTS[-1].shuffles.popleft()
    copies: dict[str, list[int]] = {}
    for card in position.cards:
        copies.setdefault(position.pack.name(card), []).append(card)
    assert sorted(names) == sorted(position.pack.name(c) for c in position.cards), \
        "the engines shuffle different cards"
    return tuple(copies[name].pop() for name in names)


@hook("random_suit", "rlcard_replay")
def replayed_suit(position: RandomSuitInput) -> int:
    """RLCard's next colour drawn, as our suit index."""
    return position.pack.suits.index(LOTS[-1].colours.popleft())


def our_order(pack: Pack, deck: list[str], players: int, hand: int) -> list[int]:
    """The deal order that gives our players the hands RLCard deals from ``deck`` (seven
    cards at once to each player from its end, seat 0 first) and leaves the same stock:
    we deal one card at a time from the end, seat 0 first."""
    dealt = deck[len(deck) - players * hand:][::-1]  # in the order RLCard deals them
    ours = [dealt[p * hand + i] for i in range(hand) for p in range(players)]
    names = deck[:len(deck) - players * hand] + ours[::-1]
    copies: dict[str, list[int]] = {}
    for card in pack.cards:
        copies.setdefault(pack.name(card), []).append(card)
    return [copies[name].pop() for name in names]


def rlcard_ids(pack: Pack, action: Action) -> set[int]:
    """RLCard's ids for our ``action``: a wild card stands for its four colours."""
    if action.kind is Kind.DRAW:
        return {DRAW}
    assert action.kind is Kind.PLAY and len(action.cards) == 1, action
    card = action.cards[0]
    name = pack.name(card)
    if name in ("W", "W4"):
        trait = "wild" if name == "W" else "wild_draw_4"
        return {ACTION_SPACE[f"{c}-{trait}"] for c in COLOURS}
    suit = pack.suits[pack.suit(card)].lower()
    trait = next((t for t, s in TRAITS.items() if s == pack.ranks[pack.rank(card)]),
                 pack.ranks[pack.rank(card)])
    return {ACTION_SPACE[f"{suit}-{trait}"]}


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    decisions: int = 0
    """RLCard decisions whose legal action sets were compared."""
    drawn_laid: int = 0
    """Draws whose card was laid at once (U10, U11)."""
    reshuffles: int = 0
    """Times the stock was remade (U15)."""
    wild_upcards: int = 0
    """Games whose card turned up was a wild card, its colour drawn by lot (U5)."""
    redrawn: int = 0
    """Games whose card turned up was a wild draw four, shuffled back (U4)."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(**{f.name: getattr(self, f.name) + getattr(other, f.name)
                        for f in attrs.fields(Tally)})


@cache
def replay_game() -> cardrules.Game:
    """Our UNO with the replay hooks in place of the seeded ones."""
    return cardrules.load({"extends": "uno", "patch": {"hooks": {
        "shuffle": "rlcard_replay", "random_suit": "rlcard_replay"}}}, players=2)


def agree(env: Any, ours: Any, pack: Pack) -> None:
    """The engines agree on the player to move, every hand, and the card to match."""
    game = env.game
    assert ours.current_player == game.round.current_player
    for seat, player in enumerate(game.players):
        assert sorted(our_name(c.str) for c in player.hand) == \
            sorted(pack.names(bits(ours.hands[seat]))), seat
    target = game.round.target
    view = ours.view(0)
    assert view.top == our_name(target.str)
    if target.type == "wild":
        assert view.named_suit == COLOURS[target.color]
    assert len(ours.stock) == len(game.dealer.deck)


def play_both(seed: int) -> Tally:
    """Play RLCard's game ``seed`` in both engines, asserting they agree at every step."""
    ours_game = replay_game()
    pack = ours_game.pack
    env = rlcard.make("uno", config={"seed": seed})
    lots = Lots(env.game.np_random)
    env.game.np_random = lots
    LOTS.append(lots)
    try:
        state, _ = env.reset()
        deck = lots.shuffles.popleft()
        redrawn, wild_upcard = bool(lots.shuffles), bool(lots.colours)
        ours = ours_game.new_deal(seed, dealer=1, order=our_order(pack, deck, 2, 7))
        assert not lots.shuffles and not lots.colours, "a lot RLCard drew was not replayed"
        agree(env, ours, pack)
        rng = random.Random(seed)
        decisions = laid = reshuffles = 0
        while not env.is_over():
            theirs = sorted(state["legal_actions"])
            legal = ours.legal_actions()
            ids = [i for a in legal for i in rlcard_ids(pack, a)]
            assert len(ids) == len(set(ids)), legal
            assert sorted(ids) == theirs, (legal, state["raw_legal_actions"])
            choice = rng.choice(theirs)
            state, _ = env.step(choice)
            action = next(a for a in legal if choice in rlcard_ids(pack, a))
            ours = ours.apply(action)
            if action.kind is Kind.PLAY and pack.name(action.cards[0]) in ("W", "W4") \
                    and not ours.is_over:  # a player going out names nothing (U16)
                names = ours.legal_actions()
                assert {a.name for a in names} == set(pack.suits) and len(names) == 4
                colour = pack.suits["rgby".index(env.game.round.target.color)]
                ours = ours.apply(next(a for a in names if a.name == colour))
            if action.kind is Kind.DRAW:
                laid += any(e.kind == "play" for e in ours.events)
            reshuffles += sum(e.kind == "reshuffle" for e in ours.events)
            assert not lots.shuffles and not lots.colours, "a lot RLCard drew was not replayed"
            decisions += 1
            assert ours.is_over == env.is_over()
            if not ours.is_over:
                agree(env, ours, pack)
        result = ours.result
        assert result is not None
        assert [float(s) for s in result.scores] == list(env.get_payoffs())
        return Tally(decisions=decisions, drawn_laid=laid, reshuffles=reshuffles,
                     wild_upcards=int(wild_upcard), redrawn=int(redrawn))
    finally:
        LOTS.remove(lots)


def rlcard_card(name: str, colour: str = "r") -> Any:
    """RLCard's card for our ``name`` (a wild card takes ``colour``, RLCard's letter)."""
    from rlcard.games.uno.card import UnoCard

    symbol, suit = (name, colour) if name.startswith("W") else \
        (name[:-1], next(c for c, s in COLOURS.items() if s == name[-1]))
    trait = next((t for t, s in TRAITS.items() if s == symbol), symbol)
    kind = "wild" if name.startswith("W") else "number" if trait.isdigit() else "action"
    return UnoCard(kind, suit, trait)


HELD_TOP = [  # (P0's hand, the card to match, its index there or -1: the stock's top)
    (["5G", "3Y"], 0), (["3Y", "0R"], 1), (["W", "3Y"], 0), (["3Y", "DB"], 1),
    (["3Y"], -1), (["1Y"], -1)]
"""Positions after the whole pile was shuffled into the stock: the card to match (U15)
held by P0, or on top of the stock for P0 to draw."""


@pytest.mark.parametrize(("held", "index"), HELD_TOP)
def test_the_card_to_match_held_or_drawn_plays_as_in_rlcard(held: list[str],
                                                            index: int) -> None:
    """U15, U10: RLCard's round set by hand, its card to match in P0's hand (or on top of
    its deck), and our engine's saved state of the same position: the same legal ids, and
    after one action of each the same hands and card to match."""
    top_name = held[index] if index >= 0 else ("0R" if held == ["3Y"] else "DB")
    env = rlcard.make("uno", config={"seed": 0})
    env.reset()
    game = env.game
    hand = [rlcard_card(name, "b") for name in held]
    top = hand[index] if index >= 0 else rlcard_card(top_name, "b")
    game.players[0].hand, game.players[1].hand = hand, [rlcard_card("1R")]
    game.dealer.deck = [rlcard_card("2Y"), rlcard_card("4Y")] + ([top] if index < 0 else [])
    game.round.target, game.round.played_cards = top, []
    game.round.current_player, game.round.direction = 0, 1
    ours = replay_game()
    saved = ours.setup(hands=[" ".join(held), "1R"], pile="",
                       stock=" ".join(([top_name] if index < 0 else []) + ["4Y", "2Y"]))
    state = ours.state_from_json({**saved.to_json(), "top": top_name,
                                  "named_suit": "B" if top_name.startswith("W") else None})
    theirs = sorted({ACTION_SPACE[a] for a in game.get_legal_actions()})
    legal = state.legal_actions()
    assert sorted(i for a in legal for i in rlcard_ids(ours.pack, a)) == theirs
    choice = theirs[0]
    game.step(ACTION_LIST[choice])
    action = next(a for a in legal if choice in rlcard_ids(ours.pack, a))
    state = state.apply(action)
    if state.phase == "name_suit":
        state = state.apply(f"name {COLOURS[game.round.target.color]}")
    agree(env, state, ours.pack)


@cache
def tally(games: int, first: int = 0) -> Tally:
    """Compare RLCard's games ``first`` to ``first + games - 1`` (once per run)."""
    total = Tally()
    for seed in range(first, first + games):
        total += play_both(seed)
    return total


def test_uno_plays_exactly_as_rlcard() -> None:
    total = tally(QUICK_GAMES)
    assert total.decisions > QUICK_GAMES * 20 and total.drawn_laid > 0


@pytest.mark.slow
def test_uno_plays_exactly_as_rlcard_in_many_games() -> None:
    """Many more of RLCard's games, covering the rare branches: the stock remade, a wild
    card and a wild draw four turned up."""
    total = tally(SLOW_GAMES, QUICK_GAMES)
    assert total.reshuffles > 0 and total.wild_upcards > 0 and total.redrawn > 0
