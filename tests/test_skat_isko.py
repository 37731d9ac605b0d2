"""Skat by the International Skat Order (variants/skat.yaml, option ``rules: isko``),
rule by rule (docs/rules/skat.md, SK20-SK29): each test sets up the position its rule
is about and cites the rule number."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from rule_support import QUICK_LEAKS, final_scores, play, refused

import cardrules
from cardrules.tools.check import run_check
from cardrules.tools.describe import describe
from cardrules.tools.render import TextRenderer

GAME = cardrules.load("skat", options={"rules": "isko"})
PACK = GAME.pack
TYPES = ("diamonds", "hearts", "spades", "clubs", "grand", "null")
LADDER = [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60,
          63, 66, 70, 72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121,
          126, 130, 132, 135, 140, 143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170,
          176, 180, 187, 192, 198, 204, 216, 240, 264]


def _labels(state: cardrules.State) -> list[str]:
    return [a.text(PACK) for a in state.legal_actions()]


def _deal() -> cardrules.State:
    """A fresh deal, seat 2 dealing: seat 0 is forehand, 1 middlehand, 2 rearhand."""
    return GAME.new_deal(5, dealer=2)


def _last_trick(kind: str, *, held: str, taken: str, contract: int, hand: bool = False,
                last: Sequence[str] = ("7D", "AD", "8D"), announced: int = 0,
                ) -> cardrules.State:
    """The last trick of a game of ``kind`` declared by seat 1 at ``contract``, seat 0
    leading ``last``: ``held`` the declarer's cards when naming the game (they count the
    matadors), ``taken`` the cards the declarer took in the nine tricks before (the
    others went to seat 0), the skat 7S 8S laid away (or, ``hand``, left lying);
    ``announced`` 1 for schneider announced, 2 for schwarz."""
    skat = ["7S", "8S"]
    mine = taken.split()
    rest = [n for n in PACK.names(range(PACK.size))
            if n not in {*last, *skat, *mine}]
    fields = {"stock": skat} if hand else {"widow_discard": [[], skat, []]}
    return GAME.position(hands=list(last), dealer=2, stage=-1, leader=0, current=0,
                         game_type=TYPES.index(kind) + 1, game_declarer=1,
                         game_held=[[], held.split(), []], auction_bid=contract,
                         auction_declarer=1, trump={"diamonds": "D", "hearts": "H",
                                                    "spades": "S", "clubs": "C"}.get(kind),
                         won=[" ".join(rest), " ".join(mine), ""],
                         tricks=[len(rest) // 3, len(mine) // 3, 0],
                         game_announced=[0, announced, 0], **fields)


def _finish(state: cardrules.State, last: Sequence[str] = ("7D", "AD", "8D")) -> list[int]:
    return list(final_scores(play(state, f"lead {last[0]}",
                                  *(f"answer {c}" for c in last[1:]))))


SIXTY_ONE = "AS 10S KS AH 10H KH"  # 50 card points; with the AD of the last trick, 61
SIXTY = "AS 10S KS AH 10H QH"  # 49; with the AD, 60


def test_sk20_the_option_keeps_cards_and_tricks_and_plays_no_ramsch() -> None:
    assert GAME.players == 3 and PACK.size == 32
    deal = _deal()
    assert [h.bit_count() for h in deal.hands] == [10, 10, 10]
    assert deal.zones()["stock"].bit_count() == 2
    text = " ".join(describe(GAME.variant))
    assert "bid in pairs" in text and "thrown in" in text
    # The default game stays OpenSpiel's: the first to speak names a game type.
    assert "grand" in [a.text(PACK) for a in cardrules.load("skat").new_deal(5).legal_actions()]


def test_sk21_a_bid_is_a_game_value_higher_than_the_last() -> None:
    deal = _deal()
    assert deal.current_player == 1  # middlehand bids first (SK22)
    assert _labels(deal) == ["pass", *(f"bid {k}" for k in LADDER)]
    assert "not 19" in refused(deal, "bid 19", "SK21")
    state = play(deal, "bid 18", "hold")
    assert _labels(state)[:3] == ["pass", "bid 20", "bid 22"]
    refused(state, "bid 18", "SK21")


def test_sk22_bidding_in_pairs_middlehand_to_forehand_then_rearhand() -> None:
    deal = _deal()
    state = deal.apply("bid 18")
    assert state.current_player == 0 and _labels(state) == ["pass", "hold"]
    refused(state, "bid 20", "SK22")
    state = play(state, "hold")
    assert state.current_player == 1
    refused(state, "hold", "SK22")
    state = play(state, "bid 20", "pass")  # forehand drops out: middlehand is left
    assert state.current_player == 2  # rearhand bids to middlehand
    state = play(state, "bid 22")
    assert state.current_player == 1 and _labels(state) == ["pass", "hold"]
    state = play(state, "hold", "bid 23", "pass")  # middlehand gives up at 23
    assert state.view(0).declarer == 2 and state.view(0).contract == 23
    assert state.current_player == 2 and _labels(state) == ["take", "hand"]
    # Forehand wins the first pair: rearhand then bids to forehand.
    state = play(deal, "bid 18", "hold", "pass")
    assert state.current_player == 2
    state = play(state, "bid 20", "pass")
    assert state.view(1).declarer == 2 and state.view(1).contract == 20
    state = play(deal, "bid 18", "hold", "pass", "pass")
    assert state.view(1).declarer == 0 and state.view(1).contract == 18
    held = play(deal, "bid 18", "hold")
    assert "P0 holds 18" in [TextRenderer.of(GAME, ascii=True).event(e)
                             for e in held.view(1).to_json()["events"]]


def test_sk23_forehand_may_bid_alone_or_the_deal_is_thrown_in() -> None:
    state = play(_deal(), "pass", "pass")
    assert state.current_player == 0 and _labels(state)[:2] == ["pass", "bid 18"]
    bid = state.apply("bid 18")
    assert bid.view(1).declarer == 0 and bid.current_player == 0
    assert _labels(bid) == ["take", "hand"]
    end = state.apply("pass")
    assert end.is_over and list(final_scores(end)) == [0, 0, 0]


def _declared_by_forehand() -> cardrules.State:
    return play(_deal(), "pass", "pass", "bid 18")


def test_sk24_the_declarer_takes_the_skat_or_plays_from_the_hand() -> None:
    state = _declared_by_forehand()
    skat = state.zones()["stock"]
    assert "takes the widow ('take') or plays from the hand" in refused(
        state, "discard 7D", "SK24")
    took = state.apply("take")
    assert took.hands[0].bit_count() == 12 and took.hands[0] & skat == skat
    assert took.view(1).widow == 2  # unseen by the others
    first, second = took.legal_actions()[:2]
    laid = play(took, first.text(PACK), second.text(PACK))
    assert laid.hands[0].bit_count() == 10 and _labels(laid) == list(TYPES)
    hand = state.apply("hand")
    assert hand.hands[0].bit_count() == 10 and hand.zones()["stock"] == skat
    assert hand.view(1).widow_hand
    lines = TextRenderer.of(GAME, ascii=True).view(hand.view(1), me=1)
    assert "Widow: face down, left by P0 (a game from the hand)" in lines


def test_sk25_the_declarer_names_the_game_and_nobody_else_speaks() -> None:
    state = _declared_by_forehand().apply("hand")
    assert state.current_player == 0 and _labels(state) == list(TYPES)
    assert "names a game type" in refused(state, "pass", "SK25")
    named = state.apply("spades")
    assert named.view(2).game_type == "spades" and named.view(2).game_declarer == 0
    took = _declared_by_forehand().apply("take")
    took = play(took, *(a.text(PACK) for a in took.legal_actions()[:1]))
    took = play(took, *(a.text(PACK) for a in took.legal_actions()[:1]), "spades")
    assert took.current_player == 0 and _labels(took)[0].startswith("lead ")


def test_sk30_announcing_schneider_or_schwarz_from_the_hand() -> None:
    named = play(_declared_by_forehand(), "hand", "grand")
    assert named.current_player == 0 and _labels(named) == ["pass", "schneider", "schwarz"]
    assert "announces 'schneider' or 'schwarz' or passes" in refused(
        named, "lead 7D", "SK30")
    announced = named.apply("schneider")
    assert announced.view(1).game_announced == "schneider"
    assert _labels(announced)[0].startswith("lead ")
    lines = TextRenderer.of(GAME, ascii=True).view(announced.view(1), me=1)
    assert "Game: grand, declared by P0 · schneider announced" in lines
    assert named.apply("pass").view(1).game_announced is None
    # Not after taking the skat, nor in a null game.
    assert _labels(play(_declared_by_forehand(), "hand", "null"))[0].startswith("lead ")
    # Schneider announced and made: grand without 3, 24 × (3 + game + hand + schneider +
    # announced); announced and missed (61 card points): lost at that value, twice.
    ninety_five = "AS 10S KS AH 10H KH AC 10C KC QS QH QC"
    made = _last_trick("grand", held="JD", taken=ninety_five, contract=18, hand=True,
                       announced=1)
    assert _finish(made) == [0, 24 * 7, 0]
    missed = _last_trick("grand", held="JD", taken=SIXTY_ONE, contract=18, hand=True,
                         announced=1)
    assert _finish(missed) == [0, -2 * 24 * 7, 0]
    # Schwarz announced (schneider with it) and made: 24 × (3 + 1 + 1 + 4); missed with
    # a trick to the defenders, lost at that value.
    everything = " ".join(n for n in PACK.names(range(PACK.size))
                          if n not in {"7D", "AD", "8D", "7S", "8S"})
    assert _finish(_last_trick("grand", held="JD", taken=everything, contract=18,
                               hand=True, announced=2)) == [0, 24 * 9, 0]
    assert _finish(_last_trick("grand", held="JD", taken=ninety_five, contract=18,
                               hand=True, announced=2)) == [0, -2 * 24 * 9, 0]


@pytest.mark.parametrize(("kind", "base"), [("diamonds", 9), ("hearts", 10),
                                             ("spades", 11), ("clubs", 12), ("grand", 24)])
def test_sk26_base_values(kind: str, base: int) -> None:
    # Without one (the clubs jack missing, the spades jack held): 2 × base.
    state = _last_trick(kind, held="JS", taken=SIXTY_ONE, contract=18)
    assert _finish(state) == [0, 2 * base, 0]


def test_sk26_a_null_game_has_a_set_value() -> None:
    last = ("9D", "8D", "7D")  # seat 0 takes the last trick: the declarer takes none
    assert _finish(_last_trick("null", held="", taken="", contract=23, last=last),
                   last) == [0, 23, 0]
    assert _finish(_last_trick("null", held="", taken="", contract=35, hand=True,
                               last=last), last) == [0, 35, 0]


def test_sk27_matadors_with_or_without_and_the_other_multipliers() -> None:
    # With 2 (clubs and spades jacks, no hearts jack): 12 × (2 + 1).
    assert _finish(_last_trick("clubs", held="JC JS 7C", taken=SIXTY_ONE,
                               contract=18)) == [0, 36, 0]
    # With 6 in clubs (four jacks, A, 10; the skat's cards count): 12 × (6 + 1).
    assert _finish(_last_trick("clubs", held="JC JS JH JD AC 10C 9C", taken=SIXTY_ONE,
                               contract=18)) == [0, 84, 0]
    # A grand without 3 from the hand: 24 × (3 + 1 game + 1 hand).
    assert _finish(_last_trick("grand", held="JD", taken=SIXTY_ONE, contract=18,
                               hand=True)) == [0, 120, 0]
    # Schneider: the declarer took 90 or more (95): clubs without 2, 12 × (2 + 1 + 1).
    assert _finish(_last_trick("clubs", held="JH", contract=18,
                               taken="AS 10S KS AH 10H KH AC 10C KC QS QH QC")) \
        == [0, 48, 0]
    # Schwarz: the declarer took every trick (and schneider), 12 × (1 + 1 + 1 + 1).
    everything = " ".join(n for n in PACK.names(range(PACK.size))
                          if n not in {"7D", "AD", "8D", "7S", "8S"})
    assert _finish(_last_trick("clubs", held="JS", taken=everything, contract=18)) \
        == [0, 48, 0]


def test_sk28_won_with_61_and_a_value_not_below_the_contract() -> None:
    # 60 card points lose: with 2 in clubs, 36 lost twice.
    assert _finish(_last_trick("clubs", held="JC JS", taken=SIXTY, contract=18)) \
        == [0, -72, 0]
    # Overbid: worth 36 against a contract of 40: lost at 48, the lowest multiple of 12.
    assert _finish(_last_trick("clubs", held="JC JS", taken=SIXTY_ONE, contract=40)) \
        == [0, -96, 0]
    assert _finish(_last_trick("clubs", held="JC JS", taken=SIXTY_ONE, contract=36)) \
        == [0, 36, 0]
    # A null game is lost at the declarer's first trick; overbid, at 46 (2 × 23).
    lost = play(_last_trick("null", held="", taken="", contract=23), "lead 7D", "answer AD",
                "answer 8D")
    assert list(final_scores(lost)) == [0, -46, 0]
    last = ("9D", "8D", "7D")
    assert _finish(_last_trick("null", held="", taken="", contract=24, last=last),
                   last) == [0, -92, 0]


def test_sk29_scores_and_a_whole_game_from_the_deal() -> None:
    state = play(_deal(), "bid 18", "hold", "pass", "pass", "take")
    state = play(state, *(a.text(PACK) for a in state.legal_actions()[:1]))
    state = play(state, *(a.text(PACK) for a in state.legal_actions()[:1]), "grand")
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    scores = final_scores(state)
    assert scores[1] == scores[2] == 0 and scores[0] != 0
    assert abs(scores[0]) % 24 == 0  # a grand's value is a multiple of 24
    match = GAME.new_match(seed=3, dealer=2)
    dealers = []
    while not match.is_over:
        if match.deal.dealer not in dealers:
            dealers.append(match.deal.dealer)
        match = match.apply(match.legal_actions()[0])
    assert dealers == [2, 0, 1]


def test_cardrules_check_passes_with_the_option() -> None:
    report = run_check("skat", games=3, seed=1, match_every=3, leak_share=QUICK_LEAKS,
                       options={"rules": "isko"})
    assert report.failure is None, report.failure


def _isko_with(auction: dict[str, object], widow: dict[str, object],
               game_type: dict[str, object]) -> cardrules.Game:
    """The isko game with its three phases replaced."""
    return cardrules.load({"extends": "skat", "options": {"rules": "isko"},
                           "patch": {"phases": [{"auction": auction}, {"widow": widow},
                                                {"game_type": game_type}]}})


AUCTION = {"ladder": [18, 20, 22], "in_pairs": True}
WIDOW = {"discard": 2, "hand": True}
VALUED = {"named_by": "declarer", "game_value": {"schneider": 90, "schwarz": True},
          "types": {"grand": {"above": ["JD", "JH", "JS", "JC"], "base": 24}}}


@pytest.mark.parametrize(("auction", "widow", "game_type", "words"), [
    ({"ladder": [18, 20, 20]}, WIDOW, VALUED, "must rise"),
    ({"ladder": [18, 20], "opening": 18}, WIDOW, VALUED, "auction"),
    ({**AUCTION, "forced_opening": True}, WIDOW, VALUED, "in_pairs bidding has its own"),
    (AUCTION, {"give": "one_each", "hand": True}, VALUED, "hand"),
    (AUCTION, WIDOW, {**VALUED, "types": {"grand": {"above": ["JC"]}}}, "needs base"),
    (AUCTION, WIDOW, {**VALUED, "types": {"grand": {"base": 24, "points": {
        "over": 60, "declarer": 2, "defenders": 1}}}}, "not points"),
    (AUCTION, WIDOW, {**VALUED, "types": {"null": {"no_trick": True, "base": 23}}},
     "needs value"),
    (AUCTION, WIDOW, {"types": {"grand": {"above": ["JC"], "base": 24, "points": {
        "over": 60, "declarer": 2, "defenders": 1}}}}, "need the phase's game_value"),
])
def test_the_new_keys_are_refused_at_load_when_incoherent(
        auction: dict[str, object], widow: dict[str, object], game_type: dict[str, object],
        words: str) -> None:
    assert _isko_with(AUCTION, WIDOW, VALUED).players == 3
    with pytest.raises(cardrules.VariantError, match=words):
        _isko_with(auction, widow, game_type)


def test_named_by_declarer_needs_a_declarer_made_before() -> None:
    with pytest.raises(cardrules.VariantError, match="makes a declarer"):
        cardrules.load({"extends": "skat", "options": {"rules": "isko"},
                        "patch": {"phases": [{"game_type": VALUED}]}})


def test_a_sample_for_a_defender_counts_the_tops_of_the_sampled_hand() -> None:
    """SK27's record of the declarer's cards at naming is of hidden cards: a re-sample for
    another seat moves it with the cards it re-deals (else a search would score its
    samples by the real declarer's matadors); the declarer's own sample moves only a skat
    left lying unseen (a hand game, SK24)."""
    import random

    checked = 0
    for seed in range(40):
        rng, state = random.Random(seed), GAME.new_deal(seed)
        while not state.is_over and not (state.phase in ("lead", "answer")
                                         and any(state.phase_fields.game_held)):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        declarer = state.phase_fields.game_declarer
        for seat in range(3):
            sample = state.resample(seat, random.Random(seed))
            held, hand = sample.phase_fields.game_held[declarer], sample.hand(declarer)
            assert hand & ~held == 0, (seed, seat)  # every card in hand was held
            if seat == declarer:
                unseen = state.cards("stock")
                was = state.phase_fields.game_held[declarer]
                assert held & ~sample.cards("stock") == was & ~unseen
        checked += 1
    assert checked >= 10
