"""Oh Hell against OpenSpiel's ``oh_hell``: the same game in two engines.

OpenSpiel's C++ game with its default parameters (``players`` 3, ``num_suits`` 4,
``num_cards_per_suit`` 13, ``num_tricks_fixed`` -1, ``off_bid_penalty`` false,
``points_per_trick`` 1) is the oracle for ``variants/oh-hell.yaml`` with the option
``game: openspiel`` (rules O1, O3-O6 and O10-O12 of ``docs/rules/oh-hell.md``):

- OpenSpiel plays one deal (O12), whose number of tricks it draws by lot among 1 to 17
  for 3 players, each as likely (O10), and whose dealer it draws by lot; then it deals
  that many cards to each player and turns up the next card for trumps (O3).
- Everyone bids from the dealer's left, 0 to the tricks of the deal, the dealer last and
  never making the total (O4, O5); the dealer's left leads the first trick (O6).
- A player scores 1 a trick taken and 10 more for an exact bid (O11): its returns.

Each game below shuffles, draws the hand size and draws the first dealer in cardrules,
feeds all three to OpenSpiel's chance nodes, then at every decision (each bid, each card
played) demands the same player to move and the same set of legal actions, applies one
action chosen at random to both, and at the end demands equal returns.

Mapping.  Seats are the same numbers: OpenSpiel's next player (seat + 1) is our next seat
clockwise.  OpenSpiel numbers a card rank * 4 + suit (ranks 2...A, suits C D S H) and a
bid 52 + tricks.  Its chance nodes are the number of tricks, the dealer, then the cards:
card ``i`` to seat ``i % 3`` whoever deals (it deals from seat 0, we from the dealer's
left: only the hands matter, so each seat's cards are fed in turn), then the trump card.
"""

from __future__ import annotations

import os
import random
import time
from functools import cache

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

from openspiel_support import bid_or_card  # noqa: E402

import cardrules  # noqa: E402
from cardrules.actions import Kind  # noqa: E402
from cardrules.cards import Pack  # noqa: E402

GAMES = 200
"""Random games compared in the default run (about a second)."""
SLOW_GAMES = int(os.environ.get("CARDRULES_OH_HELL_GAMES", "5000"))
"""Random games compared by the slow test (set ``CARDRULES_OH_HELL_GAMES`` for more)."""
OPTIONS = {"game": "openspiel"}
"""The option that makes our Oh Hell OpenSpiel's."""
DEFAULT_PARAMS: dict[str, object] = {
    "players": 3, "num_suits": 4, "num_cards_per_suit": 13, "num_tricks_fixed": -1,
    "off_bid_penalty": False, "points_per_trick": 1}
"""OpenSpiel's oh_hell parameters by default (its parameter specification)."""
SUITS = "CDSH"
"""OpenSpiel's suit order."""


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    games: int = 0
    """Games played in both engines."""
    decisions: int = 0
    """Decisions whose legal action sets were compared."""
    sizes: frozenset[int] = frozenset()
    """Hand sizes drawn (O10)."""
    dealers: frozenset[int] = frozenset()
    """Dealers drawn."""
    dealer_barred: int = 0
    """Dealer's bids with one number left out (O5)."""
    exact: int = 0
    """Players who took exactly their bid (O11)."""
    missed_with_tricks: int = 0
    """Players who missed their bid and took tricks, which score anyway (O11)."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(games=self.games + other.games,
                     decisions=self.decisions + other.decisions,
                     sizes=self.sizes | other.sizes, dealers=self.dealers | other.dealers,
                     dealer_barred=self.dealer_barred + other.dealer_barred,
                     exact=self.exact + other.exact,
                     missed_with_tricks=self.missed_with_tricks + other.missed_with_tricks)


@cache
def games(players: int) -> tuple[cardrules.Game, object]:
    """Our game and OpenSpiel's for ``players`` players (OpenSpiel's default is 3)."""
    ours = cardrules.load("oh-hell", players=players, options=OPTIONS)
    theirs = pyspiel.load_game("oh_hell") if players == 3 else \
        pyspiel.load_game("oh_hell", {"players": players})
    return ours, theirs


def play_both(seed: int, players: int = 3) -> Tally:
    """Play one random game from ``seed`` in both engines under OpenSpiel's default
    parameters (``players`` apart), asserting they agree at every step."""
    return play_with({**DEFAULT_PARAMS, "players": players}, seed)


def size_limit(players: int) -> int:
    """The most cards a hand may be dealt: all but one of the pack, shared out (O10)."""
    return (52 - 1) // players


def compare(count: int, players: int = 3) -> tuple[Tally, float]:
    """Play ``count`` games in both engines, with the seconds taken."""
    total, start = Tally(), time.perf_counter()
    for seed in range(count):
        total += play_both(seed * 7 + 1, players)
    return total, time.perf_counter() - start


@cache
def tally() -> Tally:
    """The default run's games (once per run)."""
    return compare(GAMES)[0]


def test_the_oracle_is_openspiel_s_oh_hell_with_its_default_parameters() -> None:
    """``get_parameters()`` of the installed build lists nothing given; the defaults are
    those of its parameter specification, as its source declares them."""
    _, spiel = games(3)
    assert spiel.get_parameters() in ({}, spiel.get_type().parameter_specification)
    assert spiel.get_type().parameter_specification == DEFAULT_PARAMS
    assert spiel.num_players() == 3 and spiel.num_distinct_actions() == 52 + 18
    assert (spiel.min_utility(), spiel.max_utility()) == (0.0, 27.0)  # 17 tricks + 10


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_both_draw_the_same_sizes_and_dealers_each_as_likely(players: int) -> None:
    """oh-hell.md O10: OpenSpiel's first two chance nodes draw the number of tricks among
    1 to 51 // players and the dealer among the seats, each as likely; ours draws among
    the same sizes."""
    game, spiel = games(players)
    assert game.variant.deal.by_lot
    assert game.variant.deal.sizes(players) == tuple(range(1, size_limit(players) + 1))
    state = spiel.new_initial_state()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(1, size_limit(players) + 1))
    assert len({p for _, p in outcomes}) == 1
    state.apply_action(1)
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(players))
    assert len({p for _, p in outcomes}) == 1


def test_oh_hell_plays_exactly_as_openspiel() -> None:
    """oh-hell.md O10-O12 (and O3-O6 within them): equal legal actions and returns."""
    total = tally()
    assert total.games == GAMES
    assert total.decisions > 3 * GAMES  # three bids a deal, then the cards


def test_the_comparison_draws_every_size_and_dealer_and_scores_both_ways() -> None:
    """oh-hell.md O10: every hand size from 1 to 17 and every dealer are drawn; O5: the
    dealer's bid leaves a number out; O11: exact bids and missed bids with tricks taken
    both occur."""
    total = tally()
    assert total.sizes == set(range(1, 18)) and total.dealers == {0, 1, 2}
    assert total.dealer_barred > 0 and total.exact > 0 and total.missed_with_tricks > 0


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_more_players_play_as_openspiel_with_that_many(players: int) -> None:
    """OpenSpiel's oh_hell with only ``players`` changed: hands of 1 to (51 // players)
    cards drawn by lot (O10), and the same play."""
    total, _ = compare(20, players)
    assert total.games == 20 and max(total.sizes) <= size_limit(players)


@pytest.mark.slow
def test_many_more_random_games_agree() -> None:
    total, seconds = compare(SLOW_GAMES)
    assert total.games == SLOW_GAMES and total.sizes == set(range(1, 18)) and seconds > 0


# Non-default parameters (O13-O16) ---------------------------------------------------

PARAMETER_SETS = (
    {"players": 3, "num_suits": 1, "num_cards_per_suit": 13, "num_tricks_fixed": -1,
     "off_bid_penalty": True, "points_per_trick": 2},
    {"players": 4, "num_suits": 2, "num_cards_per_suit": 7, "num_tricks_fixed": 3,
     "off_bid_penalty": False, "points_per_trick": 3},
    {"players": 5, "num_suits": 3, "num_cards_per_suit": 2, "num_tricks_fixed": -1,
     "off_bid_penalty": True, "points_per_trick": 0},
    {"players": 6, "num_suits": 4, "num_cards_per_suit": 5, "num_tricks_fixed": -1,
     "off_bid_penalty": False, "points_per_trick": -1},
    {"players": 7, "num_suits": 3, "num_cards_per_suit": 13, "num_tricks_fixed": 5,
     "off_bid_penalty": True, "points_per_trick": 5},
    {"players": 3, "num_suits": 4, "num_cards_per_suit": 13, "num_tricks_fixed": 17,
     "off_bid_penalty": True, "points_per_trick": 1},
    {"players": 4, "num_suits": 1, "num_cards_per_suit": 6, "num_tricks_fixed": -1,
     "off_bid_penalty": False, "points_per_trick": 1},
    {"players": 5, "num_suits": 2, "num_cards_per_suit": 13, "num_tricks_fixed": -1,
     "off_bid_penalty": True, "points_per_trick": 4},
)
"""OpenSpiel parameter sets compared in the default run: every parameter at values other
than its default, and every number of players from 3 to 7."""
GAMES_PER_SET = 30
"""Random games per parameter set in the default run (240 in all)."""
SLOW_GAMES_PER_SET = int(os.environ.get("CARDRULES_OH_HELL_SET_GAMES", "500"))
"""Random games per parameter set in the slow test."""


def options_of(params: dict[str, object]) -> dict[str, object]:
    """Our options for OpenSpiel's oh_hell ``params`` (O13-O16)."""
    fixed = params["num_tricks_fixed"]
    return {"game": "openspiel", "suits": params["num_suits"],
            "ranks": params["num_cards_per_suit"],
            "tricks": "lot" if fixed == -1 else fixed,
            "missed": "penalty" if params["off_bid_penalty"] else "tricks",
            "points_per_trick": params["points_per_trick"]}


@cache
def games_with(items: tuple[tuple[str, object], ...]) -> tuple[cardrules.Game, object]:
    """Our game and OpenSpiel's for the parameters ``items``."""
    params = dict(items)
    ours = cardrules.load("oh-hell", players=int(params["players"]),  # type: ignore[call-overload]
                          options=options_of(params))
    return ours, pyspiel.load_game("oh_hell", params)


def card_id(pack: Pack, card: int, suits: int) -> int:
    """OpenSpiel's id of our ``card`` in a pack of ``suits`` suits: rank * suits + suit
    (ranks from 2 up, suits C D S H taken from the first)."""
    return pack.rank(card) * suits + SUITS.index(pack.suits[pack.suit(card)])


def play_with(params: dict[str, object], seed: int) -> Tally:
    """Play one random game from ``seed`` under OpenSpiel's ``params`` in both engines,
    asserting they agree at every step (the mapping of the module docstring, with cards
    numbered rank * num_suits + suit and bids from the pack's size)."""
    game, spiel = games_with(tuple(sorted(params.items())))
    players, suits = game.players, int(params["num_suits"])  # type: ignore[call-overload]
    rng, pack = random.Random(seed), game.pack
    assert pack.size == suits * int(params["num_cards_per_suit"])  # type: ignore[call-overload]
    ours = game.new_match(seed)
    deal = ours.deal
    size = deal.hands[0].bit_count()
    theirs = spiel.new_initial_state()
    assert theirs.is_chance_node()
    fixed = params["num_tricks_fixed"]
    drawn = [a for a, _ in theirs.chance_outcomes()]
    assert drawn == (list(range(1, (pack.size - 1) // players + 1)) if fixed == -1
                     else [fixed])
    assert size in drawn
    theirs.apply_action(size)
    assert theirs.is_chance_node()
    theirs.apply_action(deal.dealer)
    hands = [pack.cards_of(h) for h in deal.hands]
    for i in range(players * size):
        assert theirs.is_chance_node()
        theirs.apply_action(card_id(pack, hands[i % players][i // players], suits))
    trump_card = deal.view(0).trump_card
    assert trump_card is not None
    theirs.apply_action(card_id(pack, pack.parse(trump_card), suits))
    tally = Tally(games=1, sizes=frozenset((size,)), dealers=frozenset((deal.dealer,)))
    while not ours.is_over:
        assert not theirs.is_terminal() and not theirs.is_chance_node()
        assert theirs.current_player() == ours.current_player
        actions = ours.legal_actions()
        legal = {bid_or_card(a, lambda c: card_id(pack, c, suits), pack.size): a
                 for a in actions}
        assert len(legal) == len(actions)
        assert sorted(legal) == list(theirs.legal_actions()), str(theirs)
        choice = rng.choice(sorted(legal))
        action = legal[choice]
        if action.kind is Kind.VERB and ours.current_player == deal.dealer:
            tally += Tally(dealer_barred=int(len(legal) == size))
        ours = ours.apply(action)
        theirs.apply_action(choice)
        tally += Tally(decisions=1)
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None and result.deals == 1
    assert list(theirs.returns()) == [float(s) for s in result.totals]
    tricks = ours.deal.result.details["tricks"]
    bids = ours.deal.view(0).bids
    return tally + Tally(
        exact=sum(t == b for t, b in zip(tricks, bids, strict=True)),
        missed_with_tricks=sum(t != b and t > 0 for t, b in zip(tricks, bids, strict=True)))


def compare_with(params: dict[str, object], count: int) -> Tally:
    """Play ``count`` games under ``params`` in both engines."""
    total = Tally()
    for seed in range(count):
        total += play_with(params, seed * 11 + 3)
    return total


def test_the_parameter_sets_exercise_every_parameter_and_player_count() -> None:
    """Every parameter at values other than its default, every number of players."""
    defaults = pyspiel.load_game("oh_hell").get_type().parameter_specification
    for name in defaults:
        assert any(p[name] != defaults[name] for p in PARAMETER_SETS), name
    assert {p["players"] for p in PARAMETER_SETS} == {3, 4, 5, 6, 7}


@pytest.mark.parametrize("params", PARAMETER_SETS,
                         ids=lambda p: "-".join(str(v) for v in p.values()))
def test_non_default_parameters_play_exactly_as_openspiel(params: dict[str, object]) -> None:
    """oh-hell.md O13-O16: the pack of num_suits x num_cards_per_suit, num_tricks_fixed,
    off_bid_penalty and points_per_trick give equal legal actions and returns."""
    total = compare_with(params, GAMES_PER_SET)
    assert total.games == GAMES_PER_SET and total.exact > 0


def _random_parameters(rng: random.Random) -> dict[str, object]:
    """A parameter set OpenSpiel accepts, drawn at random."""
    while True:
        players, suits, ranks = rng.randint(3, 7), rng.randint(1, 4), rng.randint(2, 13)
        if players <= suits * ranks - 1:
            break
    most = (suits * ranks - 1) // players
    return {"players": players, "num_suits": suits, "num_cards_per_suit": ranks,
            "num_tricks_fixed": rng.choice([-1, rng.randint(1, most)]),
            "off_bid_penalty": rng.random() < 0.5, "points_per_trick": rng.randint(-3, 10)}


@pytest.mark.slow
def test_many_games_under_each_parameter_set_agree() -> None:
    for params in PARAMETER_SETS:
        assert compare_with(params, SLOW_GAMES_PER_SET).games == SLOW_GAMES_PER_SET


@pytest.mark.slow
def test_random_parameter_sets_agree() -> None:
    """O13-O16 under 200 parameter sets drawn at random, 10 games each."""
    rng = random.Random(25)
    for _ in range(200):
        assert compare_with(_random_parameters(rng), 10).games == 10
