"""The conformance suite (``cardrules check``) passes on shipped variants and catches
broken ones with a replayable, shrunk record."""

from __future__ import annotations

from pathlib import Path

from rule_support import QUICK_LEAKS

from cardrules.hooks import FirstMoverInput, hook
from cardrules.loader.load import load
from cardrules.tools.check import failure_of, run_check

BROKEN = Path(__file__).parent / "fixtures" / "broken_variants"


@hook("first_mover", "tests.no_such_seat")
def _no_such_seat(position: FirstMoverInput) -> int:
    return len(position.hands) + 3


def test_bank_passes_a_small_check() -> None:
    report = run_check("bank", games=12, seed=2, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure
    assert report.games == 12 and report.actions > 0 and report.matches == 1
    assert report.players == (2, 3, 4)


def test_the_shedding_fixture_passes_a_small_check() -> None:
    """Matching, suit-naming wild cards, drawing at will and first-out ends pass the
    conformance checks (leaks included)."""
    fixture = Path(__file__).parent / "fixtures" / "variants" / "crazy-eights-like.yaml"
    report = run_check(fixture, games=8, seed=3, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure
    assert report.players == (2, 3, 4, 5)


def test_crazy_eights_passes_a_small_check() -> None:
    report = run_check("crazy_eights", games=8, seed=4, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure
    assert report.players == (2, 3, 4, 5)


def test_hearts_passes_a_small_check() -> None:
    report = run_check("hearts", games=8, seed=4, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure
    assert report.players == (4,)


def test_switch_passes_a_small_check() -> None:
    """Forced draws, reverses, reshuffles and the last card pass the conformance checks
    (leaks included: the reshuffle seed is never shown)."""
    report = run_check("switch", games=4, seed=5, leak_share=QUICK_LEAKS)
    assert report.ok, report.failure
    assert report.players == (2, 3, 4, 5)


def test_never_ending_variant_fails_with_a_record_that_replays_to_the_failure() -> None:
    report = run_check(BROKEN / "never_ends.yaml", games=6, seed=1, bound=300,
                       views=False, match_every=0)
    assert report.failure is not None
    assert "did not end within 300 actions" in report.failure.message
    record = report.failure.record
    game = load(record.variant, players=record.players, options=record.options)
    assert failure_of(game, record, bound=300) is not None
    assert not game.replay(record)[-1].is_over


def test_broken_hook_is_caught_and_shrunk() -> None:
    report = run_check(BROKEN / "bad_hook.yaml", games=3, seed=1, match_every=0)
    assert report.failure is not None
    assert "IndexError" in report.failure.message or "out of range" in report.failure.message
    record = report.failure.record
    assert len(record.actions) <= report.failure.original_actions
    game = load(record.variant, players=record.players, options=record.options)
    assert failure_of(game, record) is not None


def test_searching_a_share_of_states_for_leaks_plays_the_same_games() -> None:
    """A long run may search only some states for leaks; the games played (drawn by the
    check's own generator) stay the same, every other check still runs on every state."""
    full = run_check("crazy_eights", games=3, seed=7, match_every=0)
    sampled = run_check("crazy_eights", games=3, seed=7, match_every=0, leak_share=0.2)
    assert full.ok and sampled.ok
    assert (sampled.actions, sampled.longest_game) == (full.actions, full.longest_game)
    assert sampled.leak_share == 0.2 and full.leak_share == 1.0
    assert sampled.seconds < full.seconds


def test_the_share_of_states_searched_is_above_zero_and_at_most_one() -> None:
    import pytest

    from cardrules.errors import CardrulesError

    for share in (0, 0.0, 1.5, -0.1, True):
        with pytest.raises(CardrulesError, match="share of states searched for leaks"):
            run_check("bank", games=1, leak_share=share)  # type: ignore[arg-type]


def test_check_runs_chosen_player_counts() -> None:
    report = run_check("durak", games=2, seed=1, players=(3,), match_every=0)
    assert report.ok and report.players == (3,)
