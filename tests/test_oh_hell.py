"""Oh Hell (``variants/oh-hell.yaml``): scenario tests from explicit positions, one or more
per rule of ``docs/rules/oh-hell.md`` (O1-O9), for every number of players it allows."""

from __future__ import annotations

import random
from functools import cache

import pytest
from rule_support import QUICK_LEAKS, play, refused

import cardrules
from cardrules.engine.match import MatchState
from cardrules.tools.check import run_check
from cardrules.tools.conformance import check_cards
from cardrules.tools.describe import describe

PLAYERS = (3, 4, 5, 6, 7)
LARGEST = {3: 17, 4: 12, 5: 10, 6: 8, 7: 7}
"""O2: the most cards a hand is dealt, leaving a card to turn up."""


@cache
def oh_hell(players: int = 4) -> cardrules.Game:
    return cardrules.load("oh-hell", players=players)


def bidding(game: cardrules.Game, hands: list[str], *, dealer: int,
            bids: tuple[int, ...], turned: str = "2D", deal_number: int = 1) -> cardrules.State:
    """Deal number ``deal_number`` with ``hands`` dealt, ``turned`` turned up and the bids so
    far (-1: not yet); the next bidder clockwise from the dealer's left is to act."""
    n = game.players
    current = (dealer + 1 + sum(b >= 0 for b in bids)) % n
    used = " ".join(hands).split() + [turned]
    rest = [c for c in game.pack.names(range(game.pack.size)) if c not in used]
    return game.position(hands=hands, stock=[turned, *rest], trump=turned[-1],
                         trump_card=turned, dealer=dealer, deal_number=deal_number, stage=0,
                         current=current, leader=(dealer + 1) % n, bids=list(bids))


def position(*hands: str, trump_card: str = "2D", leader: int = 0,
             bids: tuple[int, ...] = (0, 0, 0)) -> cardrules.State:
    """A position at the start of a trick after the bids, ``trump_card`` turned up."""
    return oh_hell(len(hands)).setup(hands=list(hands), trump_card=trump_card, leader=leader,
                                     dealer=(leader - 1) % len(hands), bids=list(bids))


def labels(state: cardrules.State) -> list[str]:
    return sorted(a.label for a in state.legal_actions())


def finish(state: cardrules.State, seed: int = 0) -> cardrules.State:
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# O1: one pack of 52, three to seven players ------------------------------------------------

def test_o1_one_pack_of_52_for_three_to_seven_players_each_alone() -> None:
    for n in PLAYERS:
        game = oh_hell(n)
        assert game.pack.size == 52 and game.partnerships == tuple((p,) for p in range(n))
    assert oh_hell().variant.pack.ranks[0] == "2" and oh_hell().variant.pack.ranks[-1] == "A"
    for n in (2, 8):
        with pytest.raises(cardrules.CardrulesError, match="3 to 7 players"):
            cardrules.load("oh-hell", players=n)


# O2: hands grow by one card a deal to the most that leaves a card to turn, then shrink ----

@pytest.mark.parametrize("players", PLAYERS)
def test_o2_the_schedule_climbs_to_the_largest_hand_and_back(players: int) -> None:
    top = LARGEST[players]
    assert top * players + 1 <= 52 < (top + 1) * players + 1
    sizes = oh_hell(players).variant.deal.sizes(players)
    assert sizes == (*range(1, top + 1), *range(top - 1, 0, -1))


@pytest.mark.parametrize("players", [3, 7])
def test_o2_a_match_deals_the_schedule_and_the_deal_passes_clockwise(players: int) -> None:
    game, rng = oh_hell(players), random.Random(players)
    state = game.new_match(seed=players, dealer=0)
    assert isinstance(state, MatchState)
    seen: list[tuple[int, int]] = []
    while not state.is_over:
        if not seen or seen[-1][0] != state.deal_index:
            hand = state.deal.view(0).hands[0]
            seen.append((state.deal_index, len(hand)))
            assert state.deal.view(0).dealer == state.deal_index % players
        state = state.apply(rng.choice(state.legal_actions()))
    assert [size for _, size in seen] == list(game.variant.deal.sizes(players))


# O3: the next card is turned up for trumps; the rest of the pack is not used --------------

@pytest.mark.parametrize("players", PLAYERS)
def test_o3_the_turned_card_names_trumps_and_the_rest_stays_unused(players: int) -> None:
    """Deals that leave cards undealt, with nobody drawing, play to their end."""
    game = oh_hell(players)
    deal = _deal_of_size(game, LARGEST[players])
    view = deal.view(0)
    assert view.trump == view.trump_card[-1]
    left = 52 - players * LARGEST[players]
    assert view.stock == left >= 1
    check_cards(deal)
    over = finish(deal, seed=players)
    assert over.view(0).stock == left and over.result is not None
    assert all(h == 0 for h in over.hands)


def _deal_of_size(game: cardrules.Game, size: int) -> cardrules.State:
    """A fresh deal of the match's deal with ``size`` cards a hand (its deal number)."""
    index = game.variant.deal.sizes(game.players).index(size)
    match = game.new_match(seed=size, dealer=0)
    assert isinstance(match, MatchState)
    rng = random.Random(size)
    while match.deal_index < index:
        match = match.apply(rng.choice(match.legal_actions()))
    assert len(match.deal.view(0).hands[0]) == size
    return match.deal


# O4: bids in turn from the dealer's left, 0 to the cards in a hand, public -----------------

def test_o4_everyone_bids_in_turn_from_the_dealer_s_left() -> None:
    game = oh_hell(4)
    state = bidding(game, ["AS KS", "QS JS", "10S 9S", "8S 7S"], dealer=1, bids=(-1,) * 4)
    assert state.current_player == 2
    assert labels(state) == ["bid 0", "bid 1", "bid 2"]
    state = play(state, "bid 2", "bid 0", "bid 1")
    assert state.current_player == 1  # the dealer bids last
    assert all(state.view(p).bids == [1, None, 2, 0] for p in range(4))


def test_o4_a_bid_above_the_hand_and_playing_before_bidding_are_refused() -> None:
    game = oh_hell(4)
    state = bidding(game, ["AS KS", "QS JS", "10S 9S", "8S 7S"], dealer=1, bids=(-1,) * 4)
    message = refused(state, "bid 3", "O4")
    assert "a bid is 0 to the 2 tricks of the deal" in message
    refused(state, "lead 10S", "O4")


# O5: the dealer may not make the bids add up to the tricks ---------------------------------

def test_o5_the_dealer_may_not_bid_the_total() -> None:
    game = oh_hell(3)
    state = bidding(game, ["AS KS", "QS JS", "10S 9S"], dealer=2, bids=(1, 0, -1))
    assert labels(state) == ["bid 0", "bid 2"]
    message = refused(state, "bid 1", "O5")
    assert "the dealer may not bid 1" in message


def test_o5_the_others_may_bid_anything_that_adds_up() -> None:
    game = oh_hell(3)
    state = bidding(game, ["AS KS", "QS JS", "10S 9S"], dealer=2, bids=(2, -1, -1))
    assert labels(state) == ["bid 0", "bid 1", "bid 2"]  # player 1 may make it add up


# O6: the dealer's left leads; follow suit; the highest trump, else of the suit led -------

def test_o6_after_the_bids_the_dealer_s_left_leads_any_card() -> None:
    game = oh_hell(3)
    state = bidding(game, ["AS 3H", "QS JS", "10S 9S"], dealer=2, bids=(1, 0, -1))
    state = state.apply("bid 0")
    assert state.current_player == 0 and labels(state) == ["lead 3H", "lead AS"]


def test_o6_follow_suit_when_able() -> None:
    state = play(position("AS 3H", "QS 5D", "10H 9C"), "lead AS")
    assert labels(state) == ["answer QS"]
    assert "must follow suit" in refused(state, "answer 5D", "O6")
    state = state.apply("answer QS")
    assert labels(state) == ["answer 10H", "answer 9C"]  # void: any card


def test_o6_the_highest_trump_takes_the_trick_and_leads_next() -> None:
    state = play(position("AS 3H", "4D 5D", "6D 9C"), "lead AS", "answer 4D", "answer 6D")
    assert state.view(0).tricks == [0, 0, 1] and state.current_player == 2


def test_o6_without_trumps_the_highest_card_of_the_suit_led_takes_it() -> None:
    state = play(position("9S 3H", "AC 5C", "JS 9C"), "lead 9S", "answer AC", "answer JS")
    assert state.view(0).tricks == [0, 0, 1] and state.current_player == 2


# O7: an exact bid scores 10 plus the bid, anything else 0 ----------------------------------

def test_o7_only_exact_bids_score_ten_plus_the_bid() -> None:
    state = position("AS KS", "QS JS", "3D 2S", bids=(2, 0, 1), trump_card="4D")
    state = finish(play(state, "lead AS", "answer QS", "answer 2S", "lead KS", "answer JS",
                        "answer 3D"))
    assert state.view(0).tricks == [1, 0, 1]
    assert state.result is not None and state.result.scores == (0, 10, 11)


def test_o7_a_zero_bid_made_scores_ten() -> None:
    state = position("AS", "QS", "2S", bids=(1, 0, 0), trump_card="4D")
    state = play(state, "lead AS", "answer QS", "answer 2S")
    assert state.result is not None and state.result.scores == (11, 10, 10)


# O8: after the last deal the highest total wins; equal highest totals share ------------

def _last_trick() -> cardrules.State:
    """A one-card deal: player 1 leads KS, player 2 trumps it; bids 0, 1, 0."""
    return oh_hell(3).setup(hands=["AS", "KS", "2H"], trump_card="3H", leader=1, dealer=0,
                            bids=[0, 1, 0])


def test_o8_after_the_last_deal_the_highest_total_wins() -> None:
    game = oh_hell(3)
    last = len(game.variant.deal.sizes(3)) - 1
    assert last == 32
    match = game.setup_match(_last_trick(), totals=(30, 45, 40), index=last)
    match = play(match, "lead KS", "answer 2H", "answer AS")
    assert match.result is not None and match.result.deals == 33
    assert match.result.totals == (40, 45, 40) and match.result.winners == (1,)


def test_o8_equal_highest_totals_share_the_win() -> None:
    game = oh_hell(3)
    match = game.setup_match(_last_trick(), totals=(30, 40, 40), index=32)
    match = play(match, "lead KS", "answer 2H", "answer AS")
    assert match.result is not None and match.result.winners == (0, 1, 2)
    assert match.result.places == (1, 1, 1)


def test_o8_before_the_last_deal_the_match_goes_on() -> None:
    game = oh_hell(3)
    match = game.setup_match(_last_trick(), totals=(30, 45, 40), index=31)
    match = play(match, "lead KS", "answer 2H", "answer AS")
    assert not match.is_over and match.deal_index == 32
    assert len(match.deal.view(0).hands[0]) == 1


@pytest.mark.parametrize("players", PLAYERS)
def test_o8_a_match_lasts_one_deal_per_entry_of_the_schedule(players: int) -> None:
    result = finish(oh_hell(players).new_match(seed=players), seed=players).result
    assert result is not None and result.deals == len(oh_hell(players).variant.deal.sizes(
        players))
    best = max(result.totals)
    assert result.winners == tuple(p for p, t in enumerate(result.totals) if t == best)


# O9 (option trump: named / named_or_none): the highest bidder names trumps --------------

@cache
def named(players: int = 4, value: str = "named") -> cardrules.Game:
    return cardrules.load("oh-hell", players=players, options={"trump": value})


def named_bidding(game: cardrules.Game, hands: list[str], *, dealer: int,
                  bids: tuple[int, ...]) -> cardrules.State:
    """Deal number 1 of the option trump=named: ``hands`` dealt, nothing turned up, the
    bids so far (-1: not yet); the next bidder is to act."""
    n = game.players
    current = (dealer + 1 + sum(b >= 0 for b in bids)) % n
    used = " ".join(hands).split()
    rest = [c for c in game.pack.names(range(game.pack.size)) if c not in used]
    return game.position(hands=hands, stock=rest, dealer=dealer, deal_number=1, stage=0,
                         current=current, leader=(dealer + 1) % n, bids=list(bids))


FOUR = ["AS 2C 3C", "KH QH 2H", "10D 9D 8D", "AC KC QC"]
"""Three cards each, for four players."""


def test_o9_the_highest_bidder_names_trumps_after_the_bidding() -> None:
    game = named(4)
    state = named_bidding(game, FOUR, dealer=3, bids=(-1,) * 4)
    assert all(state.view(p).trump is None and state.view(p).trump_card is None
               and state.view(p).trump_pending for p in range(4))
    state = play(state, "bid 1", "bid 2", "bid 0")
    assert state.current_player == 3  # the dealer bids last (O5: not 0, the total)
    state = state.apply("bid 1")
    assert state.current_player == 1 and state.view(0).phase == "name_trump"
    assert labels(state) == ["trump C", "trump D", "trump H", "trump S"]
    assert all(state.view(p).trump_namer == 1 and state.view(p).trump_pending
               for p in range(4))
    state = state.apply("trump H")
    assert [e.note for e in state.events if e.kind == "trump"] == ["H"]
    for p in range(4):  # everyone sees the named trump; play begins at the dealer's left
        view = state.view(p)
        assert view.trump == "H" and not view.trump_pending
        assert view.trump_namer == 1 and view.phase == "lead"
    assert state.current_player == 0 and labels(state) == ["lead 2C", "lead 3C", "lead AS"]


def test_o9_of_equal_highest_bids_the_first_made_names() -> None:
    """Dealer 1: players 2, 3, 0 and 1 bid in that order; players 3 and 0 both bid 2, and
    player 3 bid first (seat order does not count)."""
    game = named(4)
    state = named_bidding(game, FOUR, dealer=1, bids=(-1,) * 4)
    state = play(state, "bid 1", "bid 2", "bid 2", "bid 0")
    assert state.current_player == 3 and state.view(2).trump_namer == 3
    state = named_bidding(game, FOUR, dealer=0, bids=(-1,) * 4)
    state = play(state, "bid 0", "bid 0", "bid 0", "bid 0")
    assert state.current_player == 1  # everyone bid 0: the first bidder names


def test_o9_nobody_else_names_and_naming_comes_only_after_the_bidding() -> None:
    game = named(4)
    state = named_bidding(game, FOUR, dealer=3, bids=(-1,) * 4)
    assert "each player first bids" in refused(state, "trump H", "O4")
    state = play(state, "bid 1", "bid 2", "bid 0", "bid 1")
    with pytest.raises(cardrules.IllegalActionError, match="player 0 is not to move; it is "
                       "player 1's turn"):
        state.apply("trump H", player=0)
    message = refused(state, "lead AS", "O9")
    assert "the highest bidder, player 1, first names trumps" in message
    assert message.endswith("first names trumps: 'trump' and a suit (S H D C) (O9)")
    assert "first names trumps" in refused(state, "bid 1", "O9")
    state = state.apply("trump S")
    message = state.why_illegal(game.parse_action("trump H"))
    assert message == "'trump' is an action of the name trump phase, which is over: play " \
                      "has begun (O9)"


def test_o9_no_trumps_may_be_named_only_with_named_or_none() -> None:
    state = play(named_bidding(named(4), FOUR, dealer=3, bids=(1, 2, 0, -1)), "bid 1")
    assert "no trumps may not be named" in refused(state, "trump none", "O9")
    game = named(4, "named_or_none")
    state = play(named_bidding(game, FOUR, dealer=3, bids=(1, 2, 0, -1)), "bid 1")
    assert labels(state) == ["trump C", "trump D", "trump H", "trump S", "trump none"]
    state = state.apply("trump none")
    assert all(state.view(p).trump is None and not state.view(p).trump_pending
               for p in range(4))
    # Without trumps the highest card of the suit led takes the trick (O6).
    state = play(state, "lead 2C", "answer 2H", "answer 8D", "answer QC")
    assert state.view(0).tricks == [0, 0, 0, 1] and state.current_player == 3


def test_o9_the_named_trump_decides_the_tricks() -> None:
    game = named(4)
    start = play(named_bidding(game, FOUR, dealer=3, bids=(1, 2, 0, -1)), "bid 1")
    hearts = play(start, "trump H", "lead 2C", "answer 2H", "answer 8D", "answer QC")
    assert hearts.view(0).tricks == [0, 1, 0, 0]  # the two of trumps takes it
    diamonds = play(start, "trump D", "lead 2C", "answer 2H", "answer 8D", "answer QC")
    assert diamonds.view(0).tricks == [0, 0, 1, 0]


def test_o9_the_table_shows_who_names_and_the_named_trump() -> None:
    from cardrules.tools.render import TextRenderer

    game = named(4)
    table = TextRenderer(game.pack, ascii=True, title="Oh Hell")
    state = named_bidding(game, FOUR, dealer=3, bids=(-1,) * 4)
    assert table.view(state.view(0), me=0)[0] == \
        "Oh Hell · dealer P3 · trump to be named · stock 40"
    state = play(state, "bid 1", "bid 2", "bid 0", "bid 1")
    assert "trump to be named by P1" in table.view(state.view(2), me=2)[0]
    state = state.apply("trump H")
    assert "trump H (named by P1)" in table.view(state.view(3), me=3)[0]
    assert table.event(state.view(0).events[0]) == "P1 chooses trumps H"


def test_o9_the_greedy_bot_names_the_suit_it_holds_most_and_highest_of() -> None:
    """Hearts for the long suit; with aces and kings spread over two suits, no trumps
    when allowed, else the stronger of the two (diamonds: AD KD against AS QS)."""
    from cardrules.tools.bots import GreedyBot, bot_view

    hands = ["2S 3H 4H 5H", "AS QS AD KD", "6C 7C 8C 9D", "10S JS 10H JH"]
    for value, namer_hand, wanted in (("named", 0, "trump H"),
                                      ("named_or_none", 1, "trump none"),
                                      ("named", 1, "trump D")):
        game = named(4, value)
        bids = [1, 1, 1, -1]
        bids[namer_hand] = 3
        state = named_bidding(game, hands, dealer=3, bids=tuple(bids))
        state = state.apply("bid 0")
        assert state.current_player == namer_hand
        view = bot_view(state, namer_hand)
        choice = GreedyBot().choose(view, state.legal_actions(), random.Random(0))
        assert choice.label == wanted, (value, choice)


def test_o9_the_default_game_still_turns_a_card() -> None:
    assert oh_hell().variant.play.trump.source.value == "turned_card"
    assert oh_hell().variant.deal.trump_card and len(oh_hell().phases) == 1


@pytest.mark.parametrize("value", ["named", "named_or_none"])
def test_o9_whole_matches_play_out_with_named_trumps(value: str) -> None:
    game = named(3, value)
    match = game.new_match(seed=9)
    rng = random.Random(9)
    namers = 0
    while not match.is_over:
        assert isinstance(match, MatchState)
        deal = match.deal
        if deal.view(0).phase == "name_trump":
            namers += 1
            bids, dealer = deal.view(0).bids, deal.view(0).dealer
            order = [(dealer + 1 + k) % 3 for k in range(3)]
            assert deal.current_player == next(p for p in order if bids[p] == max(bids))
        match = match.apply(rng.choice(match.legal_actions()))
    assert namers == 33 and match.result is not None


def test_o9_rules_in_english_and_the_check_with_named_trumps() -> None:
    text = "\n".join(describe(named(4, "named_or_none").variant))
    assert ("After the bidding the highest bidder (of equal highest bids, the first made) "
            "names a trump suit, or no trumps.") in text
    assert "Trumps are the suit the highest bidder names after the bidding" in text
    assert "turned up" not in text
    report = run_check("oh-hell", games=6, seed=3, match_every=3, players=(3, 5),
                       options={"trump": "named"}, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


def test_o9_incoherent_files_are_refused_at_load() -> None:
    house = {"extends": "oh-hell", "patch": {"play": {"trump": {"source": "bidder"}}}}
    with pytest.raises(cardrules.VariantError, match=r"\$\.play\.trump\.source: trump "
                       r"source 'bidder' needs a phase that names trumps.*name_trump"):
        cardrules.load(house)
    with pytest.raises(cardrules.VariantError, match=r"\$\.deal\.trump_card: trump source "
                       "bidder leaves trumps to the highest bidder"):
        cardrules.load(house)
    alone = {"extends": "oh-hell", "patch": {
        "deal": {"trump_card": False}, "play": {"trump": {"source": "bidder"}},
        "phases": [{"name_trump": {}}]}}
    with pytest.raises(cardrules.VariantError, match=r"\$\.phases\[0\]\.name_trump: "
                       "name_trump needs a bidding phase listed before it"):
        cardrules.load(alone)
    turned = {"extends": "oh-hell", "patch": {"phases": [
        {"bidding": {}}, {"name_trump": {"no_trump": "yes"}}]}}
    with pytest.raises(cardrules.VariantError) as info:
        cardrules.load(turned)
    message = str(info.value)
    assert "$.phases[1].name_trump.no_trump" in message and "boolean" in message
    coherent = {"extends": "oh-hell", "patch": {"phases": [{"bidding": {}},
                                                           {"name_trump": {}}]}}
    with pytest.raises(cardrules.VariantError, match=r"it needs play\.trump\.source: "
                       "bidder, not turned_card"):
        cardrules.load(coherent)


# Load-time refusals, the rules in English, the conformance suite ------------------------

def test_duties_waiting_for_an_empty_stock_are_refused_without_drawing() -> None:
    """Cards stay in the stock and nobody draws: duties that wait for an empty stock would
    never apply, so the file is refused at load instead of playing without them."""
    house = {"extends": "oh-hell", "patch": {"play": {"duties": {"when": "stock_empty"}}}}
    with pytest.raises(cardrules.VariantError, match=r"\$\.play\.duties\.when: duties wait "
                       r"for an empty stock.*never apply; use when: always"):
        cardrules.load(house)


def test_deals_schedule_needs_a_schedule() -> None:
    house = {"extends": "oh-hell", "patch": {"deal": {"hand": 5}}}
    with pytest.raises(cardrules.VariantError, match=r"\$\.match\.deals: deals: schedule "
                       "plays one deal per entry"):
        cardrules.load(house)
    with pytest.raises(cardrules.VariantError, match="33 deals with 3 players are more "
                       r"than max_deals \(30\)"):
        cardrules.load({"extends": "oh-hell", "patch": {"match": {"max_deals": 30}}})


def test_the_rules_in_english_describe_oh_hell() -> None:
    text = "\n".join(describe(oh_hell().variant))
    assert "- 3 to 7 players" in text
    assert ("1 to 17, then 16 to 1 cards with 3 players, 1 to 12, then 11 to 1 cards with 4 "
            "players") in text
    assert ("the next card is turned up: its suit is trump and it stays face up on the pack; "
            "the rest of the pack is not used in the deal.") in text
    assert "the dealer may not bid so that the bids add up" in text
    assert "Making the bid exactly scores 10 and 1 per trick taken; otherwise 0." in text
    assert ("The match lasts one deal per hand size above (33 deals with 3 players, 23 with "
            "4, 19 with 5, 15 with 6, 13 with 7).") in text
    assert "drawn last" not in text and "then again" not in text and "`everyone`" not in text


def test_cardrules_check_passes() -> None:
    report = run_check("oh-hell", games=10, seed=5, match_every=5, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure
    assert report.players == PLAYERS


def test_o9_of_equal_highest_bids_the_first_made_names_in_any_bidding_order() -> None:
    """Bidding counter-clockwise from the dealer's right (the ``bidding`` phase's
    ``order``): dealer 1, players 0, 3, 2 and 1 bid in that order; players 3 and 2 both
    bid 2, and player 3 bid first."""
    game = cardrules.load({"extends": "oh-hell", "patch": {
        "deal": {"trump_card": False}, "play": {"trump": {"source": "bidder"}},
        "phases": [{"bidding": {"contract": {"exact": 10, "per_trick": 1, "otherwise": 0},
                                "order": "counter_clockwise"}},
                   {"name_trump": {"no_trump": False}}]}}, players=4)
    state = game.position(hands=FOUR, stock=[c for c in game.pack.names(range(52))
                                             if c not in " ".join(FOUR).split()],
                          dealer=1, deal_number=1, stage=0, current=0, leader=2,
                          bids=[-1] * 4)
    state = play(state, "bid 1", "bid 2", "bid 2", "bid 0")
    assert state.current_player == 3 and state.view(0).trump_namer == 3


# O10-O12: OpenSpiel's game (game: openspiel) -------------------------------------------

@cache
def openspiel(players: int = 3) -> cardrules.Game:
    return cardrules.load("oh-hell", players=players, options={"game": "openspiel"})


@pytest.mark.parametrize("players", PLAYERS)
def test_o10_each_hand_size_up_to_the_largest_is_drawn_by_lot(players: int) -> None:
    """oh-hell.md O10: every size from 1 to O2's largest is drawn, all hands alike, the
    same for the same seed; the bids run from 0 to the size drawn."""
    game, drawn = openspiel(players), set()
    assert game.variant.deal.by_lot
    for seed in range(40 * LARGEST[players]):
        deal = game.new_deal(seed)
        sizes = {h.bit_count() for h in deal.hands}
        assert len(sizes) == 1
        drawn |= sizes
        if seed < 3:
            assert game.new_deal(seed).hands == deal.hands
            size = sizes.pop()
            assert labels(deal) == sorted(
                f"bid {k}" for k in range(size + 1)
                if deal.current_player != deal.dealer)
    assert drawn == set(range(1, LARGEST[players] + 1))


def test_o10_the_dealer_is_drawn_by_lot_and_bids_last_never_making_the_total() -> None:
    """oh-hell.md O10, O5: dealers differ by seed; the dealer, bidding last, may not make
    the bids add up to the size drawn."""
    game = openspiel(3)
    assert {game.new_match(seed).deal.dealer for seed in range(30)} == {0, 1, 2}
    deal = next(d for d in (game.new_deal(s) for s in range(500))
                if d.hands[0].bit_count() == 5)
    dealer = deal.dealer
    deal = play(deal, "bid 2", "bid 1")
    assert deal.current_player == dealer and "bid 2" not in labels(deal)
    assert labels(deal) == ["bid 0", "bid 1", "bid 3", "bid 4", "bid 5"]


def test_o10_the_size_drawn_is_kept_in_the_state_and_its_json() -> None:
    """oh-hell.md O10: the size drawn is a public field (``drawn_hand``) that JSON keeps;
    a position set up mid-deal counts the hands plus the tricks played."""
    game = openspiel(3)
    deal = game.new_deal(11)
    data = deal.to_json()
    assert data["drawn_hand"] == deal.hands[0].bit_count()
    assert game.state_from_json(data) == deal
    state = game.setup(hands=["AS KS", "QS JS", "3D 2S"], trump_card="4D", leader=0,
                       dealer=2, tricks=[1, 0, 0], won=["AH 2H 3H", "", ""],
                       bids=[1, 0, 1])
    assert state.to_json()["drawn_hand"] == 3


def test_o10_a_position_names_a_size_the_game_draws_and_hands_within_it() -> None:
    """oh-hell.md O10: ``game.position`` and JSON take the size drawn (``drawn_hand``),
    which bounds the bids; a size the game never draws, or one below a hand held, is
    refused."""
    game = openspiel(3)
    hands = ["AS KS", "QS JS", "3D 2S"]
    rest = [c for c in game.pack.names(range(52)) if c not in " ".join(hands).split()
            and c != "4D"]

    def at(**drawn: int) -> cardrules.State:
        return game.position(hands=hands, stock=["4D", *rest], trump="D", trump_card="4D",
                             dealer=2, stage=0, current=0, leader=0, bids=[-1] * 3, **drawn)

    assert labels(at(drawn_hand=2)) == ["bid 0", "bid 1", "bid 2"]
    with pytest.raises(cardrules.StateError, match=r"drawn_hand: 0 is not a hand size this "
                       r"game draws with 3 players \(1 to 17\)"):
        at()
    with pytest.raises(cardrules.StateError, match="drawn_hand: a hand holds 2 cards, more "
                       "than the 1 dealt"):
        at(drawn_hand=1)
    data = game.new_deal(4).to_json()
    with pytest.raises(cardrules.StateError, match="drawn_hand: 18 is not"):
        game.state_from_json({**data, "drawn_hand": 18})


def test_o10_only_a_procedure_that_can_draws_hand_sizes_by_lot() -> None:
    house = {"extends": "crazy-eights", "patch": {"deal": {"hand": {
        "by_players": None, "schedule": [5, 6], "by_lot": True}}}}
    with pytest.raises(cardrules.VariantError, match=r"\$\.deal\.hand\.by_lot: the shedding "
                       r"procedure cannot draw hand sizes by lot \(procedures that can: "
                       r"tricks\)"):
        cardrules.load(house)


def test_o11_each_trick_scores_one_and_an_exact_bid_ten_more() -> None:
    """oh-hell.md O11 (O7's deal): player 0 bid 2 and took 1 (1), player 1 bid 0 and took
    none (10), player 2 bid 1 and took 1 (11)."""
    state = openspiel(3).setup(hands=["AS KS", "QS JS", "3D 2S"], trump_card="4D", leader=0,
                               dealer=2, bids=[2, 0, 1])
    state = play(state, "lead AS", "answer QS", "answer 2S", "lead KS", "answer JS",
                 "answer 3D")
    assert state.view(0).tricks == [1, 0, 1]
    assert state.result is not None and state.result.scores == (1, 10, 11)


def test_o11_a_missed_bid_keeps_its_tricks() -> None:
    """oh-hell.md O11: bids 0, 0, 0 with one card each: the taker of the trick scores 1,
    the others 10."""
    state = openspiel(3).setup(hands=["AS", "QS", "2S"], trump_card="4D", leader=0,
                               dealer=2, bids=[0, 0, 0])
    state = play(state, "lead AS", "answer QS", "answer 2S")
    assert state.result is not None and state.result.scores == (1, 10, 10)


def test_o12_the_match_is_one_deal_won_by_the_highest_score() -> None:
    for seed in range(5):
        match = finish(openspiel(4).new_match(seed), seed)
        result = match.result
        assert result is not None and result.deals == 1
        best = max(result.totals)
        assert result.winners == tuple(p for p, t in enumerate(result.totals) if t == best)


def test_o10_o12_rules_in_english_and_the_check_with_openspiel_s_game() -> None:
    text = "\n".join(describe(openspiel(3).variant))
    assert ("1 to 17 cards with 3 players, 1 to 12 cards with 4 players, 1 to 10 cards with "
            "5 players, 1 to 8 cards with 6 players, 1 to 7 cards with 7 players, a number "
            "drawn by lot each deal, each as likely") in text
    assert ("Making the bid exactly scores 10 and 1 per trick taken; otherwise 0 and 1 per "
            "trick taken.") in text
    assert "The match is one deal" in text and "in turn from deal to deal" not in text
    report = run_check("oh-hell", games=6, seed=3, match_every=3, players=(3, 6),
                       options={"game": "openspiel"}, leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure


def test_o10_openspiel_s_game_turns_a_card_and_refuses_named_trumps() -> None:
    """oh-hell.md O10: ``game: openspiel`` lists its own bidding, so named trumps (O9),
    which need a name_trump phase after it, are refused at load rather than lost."""
    assert openspiel(4).variant.play.trump.source.value == "turned_card"
    with pytest.raises(cardrules.VariantError, match=r"trump source 'bidder' needs a phase "
                       "that names trumps"):
        cardrules.load("oh-hell", options={"game": "openspiel", "trump": "named"})


# O13-O16: OpenSpiel's parameters as options of game: openspiel ------------------------

@cache
def params(players: int = 3, **options: object) -> cardrules.Game:
    return cardrules.load("oh-hell", players=players,
                          options={"game": "openspiel", **options})


def test_o13_suits_and_ranks_take_the_first_suits_and_the_lowest_ranks() -> None:
    """oh-hell.md O13: suits 1-3 keep clubs, then diamonds, then spades; ranks N keeps 2
    up; hands and the turned card come from that pack, and a short suit is followed."""
    for suits, kept in ((1, "C"), (2, "CD"), (3, "CDS")):
        assert params(suits=suits).variant.pack.suits == tuple(kept)
    game = params(suits=2, ranks=6)
    assert game.pack.size == 12 and game.variant.pack.ranks == ("2", "3", "4", "5", "6", "7")
    for seed in range(20):
        deal = game.new_deal(seed)
        names = [n for h in deal.hands for n in game.pack.names(game.pack.cards_of(h))]
        assert all(n[-1] in "CD" and n[:-1] in "234567" for n in names)
        assert deal.view(0).trump_card[-1] in "CD"  # type: ignore[index]
    state = game.setup(hands=["7C 2D", "3C 4D", "5D 6D"], trump_card="2C", leader=0,
                       dealer=2, bids=[0, 0, 0])
    state = play(state, "lead 7C", "answer 3C")
    assert labels(state) == ["answer 5D", "answer 6D"]


def test_o13_with_one_suit_every_card_is_a_trump_and_the_highest_takes() -> None:
    """oh-hell.md O13: suits 1: clubs turned, clubs led, the highest club takes."""
    game = params(suits=1)
    state = game.setup(hands=["5C", "KC", "2C"], trump_card="3C", leader=0, dealer=2,
                       bids=[0, 0, 0])
    state = play(state, "lead 5C", "answer KC", "answer 2C")
    assert state.view(0).tricks == [0, 1, 0]


def test_o13_the_options_change_nothing_in_the_rounds_game() -> None:
    """oh-hell.md O13-O16: with game rounds the parameters are not in force."""
    plain = oh_hell(3).variant
    for option, value in (("suits", 1), ("ranks", 2), ("tricks", 5), ("missed", "penalty"),
                          ("points_per_trick", 7)):
        variant = cardrules.load("oh-hell", players=3, options={option: value}).variant
        assert (variant.pack, variant.deal, variant.phases, variant.players) == \
            (plain.pack, plain.deal, plain.phases, plain.players), option


def test_o14_a_fixed_number_of_tricks_deals_that_many_to_everyone() -> None:
    """oh-hell.md O14: tricks 5 deals 5 cards each every time; the dealer is still drawn."""
    game = params(4, tricks=5)
    assert not game.variant.deal.by_lot
    deals = [game.new_deal(seed) for seed in range(30)]
    assert {h.bit_count() for d in deals for h in d.hands} == {5}
    assert {d.dealer for d in deals} == {0, 1, 2, 3}


def test_o14_the_lot_draws_up_to_the_most_the_smaller_pack_deals() -> None:
    """oh-hell.md O10, O14: 2 suits of 5 cards, 3 players: 1 to 3 cards each."""
    game = params(suits=2, ranks=5)
    assert game.variant.deal.sizes(3) == (1, 2, 3)
    assert {game.new_deal(s).hands[0].bit_count() for s in range(60)} == {1, 2, 3}


def test_o14_the_game_is_for_the_players_the_pack_serves() -> None:
    """oh-hell.md O14: a card each plus the trump card: 1 suit of 6 serves 3 to 5; 17
    tricks serve only 3 players; a pack of 3 cards serves none (all as OpenSpiel)."""
    assert params(suits=1, ranks=6).variant.players.max == 5
    assert params(tricks=17).variant.players.max == 3
    assert params(tricks=12).variant.players.max == 4
    assert params().variant.players.max == 7
    with pytest.raises(cardrules.CardrulesError, match="oh-hell is for 3 to 5 players, not 6"):
        cardrules.load("oh-hell", players=6,
                       options={"game": "openspiel", "suits": 1, "ranks": 6})
    with pytest.raises(cardrules.VariantError, match="3 players need 4 cards to deal but "
                       "the pack has 3"):
        cardrules.load("oh-hell", options={"game": "openspiel", "suits": 1, "ranks": 3})


def _scores(game: cardrules.Game, bids: list[int]) -> tuple[int, ...]:
    """Player 0 takes both tricks of a two-card deal, clubs trumps."""
    state = game.setup(hands=["AS KS", "QS JS", "3D 2S"], trump_card="4C", leader=0,
                       dealer=2, bids=bids)
    state = play(state, "lead AS", "answer QS", "answer 2S", "lead KS", "answer JS",
                 "answer 3D")
    assert state.result is not None
    return state.result.scores


def test_o15_a_missed_bid_loses_a_point_a_trick_off() -> None:
    """oh-hell.md O15: bids 2, 1, 0 and tricks 2, 0, 0: 12, -1, 10; bids 0, 1, 2: -2, -1,
    -2."""
    game = params(missed="penalty")
    assert _scores(game, [2, 1, 0]) == (12, -1, 10)
    assert _scores(game, [0, 1, 2]) == (-2, -1, -2)


def test_o16_points_per_trick_scale_tricks_taken_and_off() -> None:
    """oh-hell.md O16: 3 a trick: exact 2 scores 16, a missed bid its tricks x 3; with
    the penalty, 3 a trick off; the 10 stays."""
    assert _scores(params(points_per_trick=3), [2, 1, 0]) == (16, 0, 10)
    assert _scores(params(points_per_trick=3), [1, 0, 0]) == (6, 10, 10)
    assert _scores(params(missed="penalty", points_per_trick=3), [0, 1, 0]) == (-6, -3, 10)
    assert _scores(params(points_per_trick=0), [2, 1, 0]) == (10, 0, 10)


def test_o13_o16_rules_in_english_and_the_check() -> None:
    """oh-hell.md O13-O16 worded by ``cardrules rules`` and checked by ``cardrules
    check``."""
    game = params(suits=2, ranks=7, missed="penalty", points_per_trick=2)
    text = "\n".join(describe(game.variant))
    assert "Making the bid exactly scores 10 and 2 per trick taken; otherwise 0 and -2 per " \
           "trick more or fewer than bid." in text
    assert "1, 2, 3, 4 cards with 3 players" in text and "14 cards" in text
    report = run_check("oh-hell", games=6, seed=3, match_every=3, players=(3, 6),
                       options={"game": "openspiel", "suits": 2, "ranks": 7, "tricks": 2,
                                "missed": "penalty", "points_per_trick": 2},
                       leak_share=QUICK_LEAKS)
    assert report.failure is None, report.failure
