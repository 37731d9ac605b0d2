"""Primitives under the procedures: shuffling, dealing, a player's sort, card names in views."""

from __future__ import annotations

import array
import hashlib
import itertools
import sys
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import cards
from cardrules.actions import Kind
from cardrules.cards import (
    Pack,
    any_set,
    at_cards,
    bits,
    by_keys,
    count,
    deal_round,
    mask_of,
    shuffled,
    subsets,
)
from cardrules.engine.state import DealContext
from cardrules.engine.table import with_seat
from cardrules.engine.views import RECENT_LIMIT, CardNames, seen_by
from cardrules.model.common import Visibility
from cardrules.tools.native_build import is_compiled

PACK = Pack(ranks=("6", "7", "8", "9", "J", "Q", "K", "10", "A"), suits=("S", "H", "D", "C"))


@given(seed=st.integers(0, 2**64 - 1), size=st.integers(0, 120))
def test_shuffled_is_a_permutation_fixed_by_the_seed(seed: int, size: int) -> None:
    order = shuffled(seed, size)
    assert sorted(order) == list(range(size))
    assert shuffled(seed, size) == order


@given(mask=st.one_of(st.integers(0, 2**62 - 1), st.integers(0, 2**130)))
def test_count_is_the_number_of_cards_in_any_bit_set(mask: int) -> None:
    # compiled, a bit set below 2**62 is counted in place: it must agree with the method
    assert count(mask) == mask.bit_count() == len(list(bits(mask)))


def test_count_at_the_edges_of_the_counted_in_place_range() -> None:
    for mask in (0, 1, (1 << 61) - 1, 1 << 61, (1 << 62) - 1, 1 << 62, (1 << 63) - 1,
                 0x1555555555555555, 0x2AAAAAAAAAAAAAAA):
        assert count(mask) == mask.bit_count()


def _sorted_by_whole_keys(digest: bytes, size: int) -> list[int]:
    """What ``by_keys`` must give: the cards sorted by their 64-bit little-endian keys,
    a tie keeping the lower card first (the interpreted build's ``shuffled``)."""
    keys = array.array("Q", digest)
    if sys.byteorder == "big":
        keys.byteswap()
    return sorted(range(size), key=keys.tolist().__getitem__)


@given(st.integers(min_value=0, max_value=(1 << 70) - 1))
def test_at_cards_picks_each_card_s_entry_lowest_first(mask: int) -> None:
    table = tuple(f"entry {c}" for c in range(70))
    assert at_cards(table, mask) == [table[c] for c in bits(mask)]


@given(st.integers(min_value=0, max_value=(1 << 70) - 1).filter(lambda m: m.bit_count() <= 9),
       st.integers(min_value=0, max_value=10))
def test_subsets_are_the_combinations_of_the_cards(mask: int, size: int) -> None:
    expected = [mask_of(chosen) for chosen in itertools.combinations(bits(mask), size)]
    assert subsets(mask, size) == expected


@given(st.lists(st.integers(min_value=0, max_value=99), min_size=1, max_size=5),
       st.data())
def test_with_seat_replaces_one_entry(values: list[int], data: st.DataObject) -> None:
    seat = data.draw(st.integers(min_value=0, max_value=len(values) - 1))
    changed = with_seat(tuple(values), seat, 1000)
    assert changed == tuple(1000 if i == seat else v for i, v in enumerate(values))


@given(st.lists(st.integers(min_value=0, max_value=(1 << 70)), max_size=6))
def test_any_set_is_any(values: list[int]) -> None:
    assert any_set(tuple(values)) is any(values)


def test_action_kinds_hash_by_identity_without_a_python_call() -> None:
    """Tables keyed by an action's kind hash it at every move: a member is hashed as the
    object it is (Enum's own hash is a Python function), and keys, sets and look-ups by
    value work as before."""
    assert Kind.__hash__ is object.__hash__
    assert hash(Kind.PLAY) == object.__hash__(Kind.PLAY) != hash(Kind.DRAW)
    table = {kind: kind.value for kind in Kind}
    assert table[Kind("play")] == "play" and len(set(Kind) | {Kind.PLAY}) == len(Kind)


@given(seed=st.integers(0, 2**64 - 1), size=st.integers(0, 400))
def test_the_compiled_builds_shuffle_is_the_interpreted_ones(seed: int, size: int) -> None:
    digest = hashlib.shake_256(seed.to_bytes(8, "big")).digest(8 * size)
    assert by_keys(digest, size) == _sorted_by_whole_keys(digest, size) == shuffled(seed, size)


@given(keys=st.lists(st.one_of(st.integers(0, 2**64 - 1), st.sampled_from(
    [0, 2**64 - 1, 5 << 60, 5 << 60 | 1, 5 << 60 | 1 << 20, 5 << 60 | 1 << 40])), max_size=300))
def test_keys_whose_top_bits_tie_are_sorted_by_their_whole_keys(keys: list[int]) -> None:
    digest = b"".join(k.to_bytes(8, "little") for k in keys)
    assert by_keys(digest, len(keys)) == _sorted_by_whole_keys(digest, len(keys))


def test_shuffles_of_more_cards_than_the_c_sort_keeps_on_its_stack() -> None:
    """Up to 512 cards the C sort works in arrays on the stack, beyond in memory it asks
    for (and keys' top bits past 16 bucket bits: 70,000 cards)."""
    for size in (511, 512, 513, 1_000, 5_000, 70_000):
        digest = hashlib.shake_256(size.to_bytes(8, "big")).digest(8 * size)
        assert by_keys(digest, size) == _sorted_by_whole_keys(digest, size), size


def test_a_digest_too_short_for_its_cards_is_refused_by_either_build() -> None:
    digest = hashlib.shake_256(b"seed").digest(8 * 4)
    for size in (5, -1):
        with pytest.raises(ValueError, match="8 bytes of digest a card"):
            by_keys(digest, size)
    assert by_keys(digest + b"extra", 4) == _sorted_by_whole_keys(digest, 4)


def test_the_compiled_build_sorts_in_c_and_the_pure_build_in_python() -> None:
    """``cardrules/_keys.c`` is built with the compiled modules; the pure build (the
    ``CARDRULES_PURE`` switch included) never loads it."""
    assert (cards._SORT_IN_C is not None) == is_compiled()
    if cards._SORT_IN_C is not None:
        assert cards._SORT_IN_C.__module__ == "cardrules._keys"


POINTED = Pack(ranks=("9", "J", "Q", "K", "10", "A"), suits=("S", "H", "D", "C"),
               points=(0, 2, 3, 4, 10, 11), extra=("RJ",))
VALUED = Pack(ranks=("7", "8", "9"), suits=("S", "H"), values=(1, 2, 3, 4, 5, 6))


@given(pack=st.sampled_from([PACK, POINTED, VALUED]), mask=st.integers(0, 2**26 - 1))
def test_value_of_a_set_is_the_sum_of_its_cards_values(pack: Pack, mask: int) -> None:
    mask &= (1 << pack.size) - 1
    assert pack.value_of(mask) == sum(pack.value(c) for c in bits(mask))


def test_shuffled_spreads_every_card_over_every_place() -> None:
    # 6,000 seeds, 6 cards: each (card, place) pair is expected 1,000 times; a fair
    # shuffle stays within ±15% of that with overwhelming probability.
    places = Counter((card, place) for seed in range(6000)
                     for place, card in enumerate(shuffled(seed, 6)))
    assert len(places) == 36
    assert all(850 <= n <= 1150 for n in places.values())


def test_shuffled_gives_different_deals_for_different_seeds() -> None:
    assert len({tuple(shuffled(seed, 36)) for seed in range(500)}) == 500


def _deal_one_at_a_time(stock: list[int], players: int, first: int, each: int) -> list[int]:
    hands = [0] * players
    for _ in range(each):
        for k in range(players):
            hands[(first + k) % players] |= 1 << stock.pop()
    return hands


@given(size=st.integers(0, 52), players=st.integers(1, 6), data=st.data())
def test_deal_round_deals_one_card_at_a_time_from_the_top(
        size: int, players: int, data: st.DataObject) -> None:
    each = data.draw(st.integers(0, size // players))
    first = data.draw(st.integers(0, players - 1))
    stock = shuffled(data.draw(st.integers(0, 2**32)), size)
    expected_stock = list(stock)
    expected = _deal_one_at_a_time(expected_stock, players, first, each)
    assert deal_round(stock, players, first, each) == expected
    assert stock == expected_stock


@given(mask=st.integers(0, PACK.full))
def test_cards_of_is_a_players_sort(mask: int) -> None:
    width = len(PACK.ranks)
    expected = sorted(bits(mask), key=lambda c: (c // width, -(c % width)))
    assert list(PACK.cards_of(mask)) == expected
    assert PACK.names(expected) == tuple(PACK.name(c) for c in expected)


LONG = Pack(ranks=tuple(str(r) for r in range(2, 17)), suits=("S", "H"), extra=("RJ", "BJ"))


def test_names_of_long_suits_are_tabulated_in_pieces() -> None:
    names = CardNames.of(LONG)
    # 15 ranks a suit: pieces of 7, 7 and 1, the high ranks' first; the jokers' piece
    assert [(first, low.bit_count()) for first, low, _ in names.chunks] == [
        (14, 1), (7, 7), (0, 7), (29, 1), (22, 7), (15, 7), (30, 2)]
    mask = mask_of([0, 14, 15, 29, 31, 30])
    assert names.sorted_names(mask) == ["16S", "2S", "16H", "2H", "RJ", "BJ"]


@given(mask=st.integers(0, LONG.full))
def test_tabulated_names_are_a_players_sort(mask: int) -> None:
    for pack in (PACK, LONG):
        mask &= pack.full
        assert CardNames.of(pack).sorted_names(mask) == list(pack.names(pack.cards_of(mask)))


def test_packs_of_copies_are_named_without_tables() -> None:
    pack = Pack(ranks=("9", "10"), suits=("S",), copies=2)
    names = CardNames.of(pack)
    assert not names.chunks
    assert names.sorted_names(pack.full) == list(pack.names(pack.cards_of(pack.full)))


def test_shown_names_only_what_the_viewer_may_see() -> None:
    names = CardNames.of(PACK)
    hands = (mask_of([0, 8]), mask_of([9]), 0)
    assert names.shown(seen_by(Visibility.OWNER, 3)[1], hands) == [2, ["6H"], 0]
    assert names.shown(seen_by(Visibility.PUBLIC, 3)[0], hands) == [["AS", "6S"], ["6H"], []]
    assert names.shown(seen_by(Visibility.HIDDEN, 3)[0], hands) == [2, 1, 0]


def test_remembered_names_are_fresh_lists_and_bounded() -> None:
    names = CardNames.of(PACK)
    first = names.sorted_names(0b11)
    first.append("XX")
    assert names.sorted_names(0b11) == ["7S", "6S"]
    for mask in range(RECENT_LIMIT + 10):
        names.sorted_names(mask)
    assert len(names.recent) <= RECENT_LIMIT
    assert names.sorted_names(0b11) == ["7S", "6S"]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=2**12 - 1))
def test_a_deals_stock_is_the_packs_cards_in_the_shuffles_order(seed: int, out: int) -> None:
    """A deal's stock is the pack's cards (those left out not among them) in the order
    :func:`shuffled` gives their places, with or without cards left out."""
    pack = Pack(ranks=("7", "8", "9", "T", "J", "Q"), suits=("C", "D"), left_out=out)
    context = DealContext(dealer=0, seed=seed)
    cards = pack.cards
    assert context.stock(pack) == [cards[i] for i in shuffled(seed, len(cards))]
    assert context.stock(len(cards)) == shuffled(seed, len(cards))
