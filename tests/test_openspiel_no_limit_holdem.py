"""No-limit Texas Hold'em against OpenSpiel's ``universal_poker``: the same game in two
engines.

OpenSpiel's ``universal_poker`` with the ACPC game definition of :data:`PARAMS` (heads-up
no-limit: blinds 2 and 1, stacks of 400, seat 1 first before the flop and seat 0 after
it, every bet size from the least raise to all in: ``bettingAbstraction=fullgame``) is
the oracle for ``variants/no-limit-holdem.yaml`` (rules N1-N11 of
``docs/rules/no-limit-holdem.md``).  Each game below deals in cardrules, feeds the
private cards and then each community card turned to OpenSpiel's chance nodes, at every
decision demands the same player to move and the same set of legal actions, applies one
chosen at random to both (a fold less often, and mostly small bets, for longer games)
and at the end demands equal returns.  Random bets put one player or both all in often,
so the comparison covers all-ins, the board turned to the end once nobody can bet, and
uncalled chips returned (N6-N8).

Mapping.  Cards as in ``tests/test_openspiel_limit_holdem.py``.  OpenSpiel's actions are
0 fold, 1 call (our ``check`` or ``call``) and, for a bet or raise, the player's whole
stake in the deal after it (ACPC's "raise to"); ours names the whole stake in the round,
so a bet or raise to ``n`` is OpenSpiel's ``n`` plus what the player staked in the rounds
before.
"""

from __future__ import annotations

import os
import random
from functools import cache

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

from openspiel_support import acpc_card, from_acpc  # noqa: E402

import cardrules  # noqa: E402
from cardrules.actions import Action  # noqa: E402

GAMES = 200
"""Random games in the default run."""
SLOW_GAMES = int(os.environ.get("CARDRULES_NO_LIMIT_GAMES", "2000"))
"""Random games in the slow run (set ``CARDRULES_NO_LIMIT_GAMES``)."""
PARAMS: dict[str, object] = {
    "betting": "nolimit", "numPlayers": 2, "numRounds": 4, "blind": "2 1",
    "firstPlayer": "2 1 1 1", "numSuits": 4, "numRanks": 13, "numHoleCards": 2,
    "numBoardCards": "0 3 1 1", "stack": "400 400", "bettingAbstraction": "fullgame"}
"""The ACPC game definition ``variants/no-limit-holdem.yaml`` plays, as
``universal_poker``'s parameters."""


def spiel_action(action: Action, before: int) -> int:
    """OpenSpiel's id of our ``action`` by a player who staked ``before`` chips in the
    rounds before this one."""
    if action.name == "fold":
        return 0
    if action.name in ("check", "call"):
        return 1
    return before + action.amount


def staked_before(ours: cardrules.State) -> int:
    """What the player to move staked in the rounds before this one."""
    view, p = ours.view(0), ours.current_player
    return int(view.staked[p] - view.round_staked[p])


@cache
def games() -> tuple[cardrules.Game, object]:
    """Our game and OpenSpiel's."""
    return cardrules.load("no-limit-holdem"), pyspiel.load_game("universal_poker", PARAMS)


def spiel_card(game: cardrules.Game, card: int) -> int:
    """OpenSpiel's id of our ``card``: rank * 4 + suit."""
    return acpc_card(game.pack, card)


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    games: int = 0
    decisions: int = 0
    all_in: int = 0
    """Games in which a player went all in (N6)."""
    run_out: int = 0
    """Games whose board was turned to the end with nobody left to bet (N7)."""
    folded_out: int = 0
    """Games all but one player folded (N8)."""
    showdowns: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(**{f.name: getattr(self, f.name) + getattr(other, f.name)
                        for f in attrs.fields(Tally)})


def choose(rng: random.Random, actions: tuple[Action, ...]) -> Action:
    """A random action: a fold seldom, a bet or raise mostly small (some all in)."""
    sized = [a for a in actions if a.amount]
    if sized and rng.random() < 0.45:
        return sized[-1] if rng.random() < 0.1 else sized[min(len(sized) - 1,
                                                             int(rng.expovariate(0.2)))]
    plain = [a for a in actions if not a.amount]
    action = rng.choice(plain)
    if action.name == "fold" and rng.random() < 0.7:
        action = plain[-1]
    return action


def play_both(seed: int) -> Tally:
    """Play one random game in both engines, asserting they agree at every step."""
    game, spiel = games()
    rng = random.Random(seed)
    ours = game.new_deal(seed)
    theirs = spiel.new_initial_state()  # type: ignore[attr-defined]
    for seat in range(2):  # N2
        for card in game.pack.cards_of(ours.hands[seat]):
            assert theirs.is_chance_node()
            theirs.apply_action(spiel_card(game, card))
    fed: set[str] = set()
    decisions = all_in = 0

    def feed_board() -> None:
        for name in ours.view(0).board:
            if name not in fed:
                assert theirs.is_chance_node()
                theirs.apply_action(spiel_card(game, game.pack.parse(name)))
                fed.add(name)

    while not ours.is_over:
        feed_board()
        assert not theirs.is_chance_node() and not theirs.is_terminal()
        assert theirs.current_player() == ours.current_player
        actions = ours.legal_actions()
        before = staked_before(ours)
        assert [spiel_action(a, before) for a in actions] == list(theirs.legal_actions())
        action = choose(rng, actions)
        spiel = spiel_action(action, before)
        ours = ours.apply(action)
        theirs.apply_action(spiel)
        all_in |= 0 in ours.view(0).chips
        decisions += 1
    view = ours.view(0)
    shown = any(view.shown)
    if shown:
        feed_board()  # N7: the cards turned once nobody could bet
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None
    assert [float(s) for s in result.scores] == list(theirs.returns())
    return Tally(games=1, decisions=decisions, all_in=int(all_in),
                 run_out=int(shown and bool(all_in) and len(view.board) == 5),
                 folded_out=int(not shown), showdowns=int(shown))


def compare(count: int, start: int = 0) -> Tally:
    """Play ``count`` games in both engines."""
    total = Tally()
    for seed in range(start, start + count):
        total += play_both(seed * 7 + 3)
    return total


@cache
def tally() -> Tally:
    """The default run's games (once per run)."""
    return compare(GAMES)


def test_no_limit_holdem_plays_exactly_as_openspiel() -> None:
    total = tally()
    assert total.games == GAMES and total.decisions >= GAMES


def test_the_comparison_covers_all_ins_folds_and_showdowns() -> None:
    """The games compared put players all in (N6), turn the board to the end when
    nobody can bet (N7), end by a fold (N8) and by showdowns (N9)."""
    total = tally()
    assert total.all_in > 0 and total.run_out > 0
    assert total.folded_out > 0 and total.showdowns > 0


@pytest.mark.slow
def test_many_more_games_play_exactly_as_openspiel() -> None:
    """``CARDRULES_NO_LIMIT_GAMES`` more games (2,000 by default)."""
    total = compare(SLOW_GAMES, start=GAMES)
    assert total.games == SLOW_GAMES and total.all_in > 0


THREE_GAMES = 60
"""Three-player games in the default run."""
THREE: dict[str, object] = {
    **PARAMS, "numPlayers": 3, "blind": "1 2 0", "firstPlayer": "3 1 1 1",
    "stack": "300 400 500"}
"""Three players of unequal stacks, blinds 1 and 2 from seat 0, seat 2 first before the
flop and seat 0 after it: side pots in most games."""


@cache
def three_games() -> tuple[cardrules.Game, object]:
    """The same betting for three players whose stacks differ (chips that carry from
    deal to deal let a deal start from any stacks), and OpenSpiel's."""
    game = cardrules.load({"extends": "no-limit-holdem", "patch": {
        "players": {"min": 3, "max": 3},
        "play": {"blinds": [1, 2], "carry_chips": True,
                 "rounds": [{"bet": 2}, {"deal": 3, "bet": 2}, {"deal": 1, "bet": 2},
                            {"deal": 1, "bet": 2}]},
        "match": {"goal": "reach_target", "target": 800, "deals": None}}})
    return game, pyspiel.load_game("universal_poker", THREE)


def play_three(seed: int) -> tuple[int, int]:
    """One random three-player game in both engines: the same legal actions at every
    decision, and returns equal but for half chips (OpenSpiel splits an odd pot into
    halves, cardrules gives the odd chip to the first winner from seat 0: N9).  Returns
    (side pots played for, odd splits)."""
    game, spiel = three_games()
    rng = random.Random(seed)
    hands = []
    theirs = spiel.new_initial_state()  # type: ignore[attr-defined]
    for _seat in range(3):
        cards = []
        for _ in range(2):
            card = rng.choice(theirs.legal_actions())
            theirs.apply_action(card)
            cards.append(card)
        hands.append(cards)
    dealt = {c for h in hands for c in h}
    board = rng.sample([c for c in range(52) if c not in dealt], 5)
    names = [[game.pack.name(from_acpc(game.pack, c)) for c in h] for h in (*hands, board)]
    ours = game.setup(hands=[" ".join(h) for h in names[:3]], board=" ".join(names[3]),
                      chips=[300, 400, 500], dealer=2)
    turned = 0
    while not ours.is_over:
        while theirs.is_chance_node():
            theirs.apply_action(board[turned])
            turned += 1
        assert theirs.current_player() == ours.current_player
        actions = ours.legal_actions()
        before = staked_before(ours)
        assert [spiel_action(a, before) for a in actions] == list(theirs.legal_actions())
        action = choose(rng, actions)
        theirs.apply_action(spiel_action(action, before))
        ours = ours.apply(action)
    while theirs.is_chance_node():
        theirs.apply_action(board[turned])
        turned += 1
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None
    returns = list(theirs.returns())
    odd = any(float(s) != r for s, r in zip(result.scores, returns, strict=True))
    assert all(abs(s - r) < 1 for s, r in zip(result.scores, returns, strict=True)), returns
    staked = ours.view(0).staked
    return int(len(set(staked)) > 1 and not any(ours.view(0).folded)), int(odd)


def compare_three(count: int, start: int = 0) -> tuple[int, int]:
    """Play ``count`` three-player games in both engines: (games ending with a side pot,
    games with an odd split)."""
    side = odd = 0
    for seed in range(start, start + count):
        s, o = play_three(seed * 11 + 5)
        side += s
        odd += o
    return side, odd


def test_three_players_with_side_pots_play_as_openspiel() -> None:
    """N6-N9 with three players of unequal stacks: every legal set the same, and every
    return but for the half chips of an odd split pot (N9); some games end with a side
    pot (every player still in, their stakes unequal: one all in for less)."""
    side, _ = compare_three(THREE_GAMES)
    assert side > 0


@pytest.mark.slow
def test_many_more_three_player_games_play_as_openspiel() -> None:
    """``CARDRULES_NO_LIMIT_GAMES`` / 2 more three-player games."""
    side, _ = compare_three(SLOW_GAMES // 2, start=THREE_GAMES)
    assert side > 0
