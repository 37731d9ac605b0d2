"""``python -m cardrules.bench``: every cardrules game it lists is measured (a quick run,
without peers), Whist among them, paired with the closest peer game and marked as a
different game; a compiled build's run measures the pure build too."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import cardrules
from cardrules.bench.__main__ import OPTIONS, OWN, PAIRS, SAME_GAME, main
from cardrules.bench.builds import measure_pure, not_measured, print_builds, pure_rows
from cardrules.tools.native_build import PURE, compiled_modules, is_compiled

TESTS = Path(__file__).parent


def test_a_quick_run_measures_every_listed_game_and_the_adapter(
        capsys: pytest.CaptureFixture[str]) -> None:
    """One quick run (the slowest test of the default run if made twice): every listed
    game, and with pyspiel installed the OpenSpiel adapter beside the native engine."""
    assert main(["--quick", "--no-peers", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    names = [g["name"] for g in report["games"]]
    assert names == [f"cardrules {variant} {players}p" for variant, players in OWN]
    whist = report["games"][names.index("cardrules whist 4p")]
    assert whist["decisions_per_s"] > whist["games_per_s"] > 0
    assert whist["calls"]["legal_actions_us"] > 0
    batched = whist["batched"]  # the random games played in batches (Game.play_out)
    assert batched["decisions_per_s"] > 0 and batched["over_one_step"] == pytest.approx(
        batched["decisions_per_s"] / whist["decisions_per_s"], rel=1e-9)
    pure = report["pure_build"]  # the compiled build's run measures the pure one too
    assert pure["measured"] == is_compiled()
    if pure["measured"]:
        assert [g["name"] for g in pure["games"]] == names and not pure["build"]["compiled"]
        assert all(g["compiled_over_pure"]["one_step"] > 0 for g in pure["games"])
    else:
        assert "pure Python" in pure["why"]
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        assert report["adapter"] == []
        return
    from cardrules.bench.adapter import ADAPTER

    rows = report["adapter"]
    assert [(r["name"], r["shuffle"]) for r in rows] == [
        (f"adapter {variant} {players}p", shuffle)
        for variant, players, shuffles in ADAPTER for shuffle in shuffles]
    assert {("adapter bank 2p", "cards"), ("adapter bura 2p", "cards")} <= \
        {(r["name"], r["shuffle"]) for r in rows}
    for row in rows:
        assert row["decisions_per_s"] > 0 and row["native_decisions_per_s"] > 0
        assert row["ratio"] == pytest.approx(
            row["decisions_per_s"] / row["native_decisions_per_s"], rel=1e-9)


def test_whist_is_compared_with_hearts_as_a_different_game() -> None:
    assert PAIRS[("whist", 4)] == ("hearts_4p",)
    assert ("whist", 4) not in SAME_GAME
    assert SAME_GAME[("hearts", 4)] == "hearts_4p"  # the same game: a differential test
    assert set(SAME_GAME) <= set(PAIRS)
    assert all(SAME_GAME[pair] in PAIRS[pair] for pair in SAME_GAME)


def _differential_options(test_file: str) -> object:
    """The ``OPTIONS`` a differential test loads our game with (read without importing the
    test, which needs pyspiel), or ``None`` when it sets none."""
    tree = ast.parse((TESTS / test_file).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [
                "OPTIONS"]:
            return ast.literal_eval(node.value)
    return None


@pytest.mark.parametrize(("variant", "peer", "test_file"), [
    ("spades", "spades_4p", "test_openspiel_spades.py"),
    ("euchre", "euchre_4p", "test_openspiel_euchre.py"),
])
def test_spades_and_euchre_are_measured_as_the_games_their_differential_tests_compare(
        variant: str, peer: str, test_file: str) -> None:
    """Spades and Euchre face OpenSpiel's same games, with the options of the tests that
    prove them the same (Euchre's default rules; Spades' ``OPTIONS``)."""
    assert (variant, 4) in OWN
    assert PAIRS[(variant, 4)] == (peer,)
    assert SAME_GAME[(variant, 4)] == peer
    assert OPTIONS.get((variant, 4)) == _differential_options(test_file)


def test_no_adapter_skips_the_adapter_rows(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quick", "--no-peers", "--no-adapter", "--one-build", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["adapter"] == []
    build = report["build"]  # which build was measured: compiled or pure, which modules
    assert build == {"compiled": bool(compiled_modules()), "modules": list(compiled_modules()),
                     "package": str(Path(cardrules.__file__).parent)}
    assert report["pure_build"] == {"measured": False,
                                    "why": "--one-build: only the running build measured"}
    melds = report["melds"]  # the meld finder's own section
    assert melds["game"] == "gin-rummy" and melds["hands"] == 500
    assert 0 < melds["cached_us"] < melds["unseen_us"] < melds["best_discard_us"]
    showdown = report["showdown"]  # the showdown evaluator's own section
    assert (showdown["game"], showdown["cards"], showdown["hands"]) == ("limit-holdem", 7, 500)
    assert 0 < showdown["cached_us"] < showdown["unseen_us"]
    first = report["first_load"]  # a first load in a fresh process: two games when quick
    assert [row["name"] for row in first["loads"]] == ["bank", "hearts"]
    assert first["worst"] in ("bank", "hearts")
    assert 0 < first["median_seconds"] <= first["worst_seconds"]


def test_the_meld_finder_section_prints_three_costs(
        capsys: pytest.CaptureFixture[str]) -> None:
    from cardrules.bench.melds import meld_costs, print_meld_costs
    print_meld_costs(meld_costs(samples=50, seed=2))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "meld finder (gin-rummy, 50 random hands, process time):"
    assert [line.split()[0] for line in lines[1:]] == ["unseen", "cached", "best"]
    with pytest.raises(TypeError, match="rummy family"):
        meld_costs(variant="bank", samples=5)


def test_the_showdown_section_prints_three_costs(capsys: pytest.CaptureFixture[str]) -> None:
    from cardrules.bench.showdown import print_showdown_costs, showdown_costs
    print_showdown_costs(showdown_costs(samples=50, seed=2))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("showdown evaluator (limit-holdem, 50 random sets of 7 cards, "
                        "process time):")
    assert [line.split()[0] for line in lines[1:]] == ["unseen", "unseen", "cached"]
    with pytest.raises(TypeError, match="betting family"):
        showdown_costs(variant="bank", samples=5)


def test_uno_is_measured_against_rlcard_as_the_same_game() -> None:
    """UNO faces RLCard's two-player uno, the game ``tests/test_rlcard_uno.py`` proves
    the same, with default options (issue 26's bench row)."""
    assert ("uno", 2) in OWN
    assert PAIRS[("uno", 2)] == ("uno_2p",)
    assert SAME_GAME[("uno", 2)] == "uno_2p"
    assert ("uno", 2) not in OPTIONS


@pytest.mark.parametrize(("variant", "players", "peer", "test_file"), [
    ("skat", 3, "skat_3p", "test_openspiel_skat.py"),
    ("dou-dizhu", 3, "dou_dizhu_3p", "test_openspiel_dou_dizhu.py"),
])
def test_three_handed_games_face_openspiels_same_games(
        variant: str, players: int, peer: str, test_file: str) -> None:
    """Skat and Dou Dizhu face OpenSpiel's skat and dou_dizhu, the games their differential
    tests prove the same, with the options those tests load (none: the defaults)."""
    assert (variant, players) in OWN
    assert PAIRS[(variant, players)] == (peer,)
    assert SAME_GAME[(variant, players)] == peer
    assert OPTIONS.get((variant, players)) == _differential_options(test_file)


def test_the_batched_rate_counts_the_decisions_of_play_out() -> None:
    """The bench's batched rate plays random deals with ``Game.play_out``, in batches,
    every move drawn from one generator: the one-step row's games and moves."""
    import random

    import cardrules
    from cardrules.bench.own import batched_playouts, playouts

    game = cardrules.load("bank", players=2)
    result = batched_playouts(game, min_seconds=1e-9, seed=3, name="bank 2p", batch=4)
    assert result.games == 4
    assert result.decisions == sum(
        p.decisions for p in game.play_out(4, seed=3, rng=random.Random(3)))
    one = playouts(game, min_seconds=1e-9, seed=3, name="bank 2p")
    assert one.decisions == game.play_out(1, seed=3, rng=random.Random(3))[0].decisions


def test_the_pure_build_is_measured_in_a_fresh_process_and_set_beside(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The pure build's run (a fresh process with ``CARDRULES_PURE=1``, one game here)
    measures the same package pure; its rows get the compiled build's speed-up over them
    and their own ratios against the peers' rates measured in the parent run."""
    pure = measure_pure(quick=True, seconds=0.2, runs=1, games=[("bank", 2)])
    assert pure["build"] == {"compiled": False, "modules": [],
                             "package": str(Path(cardrules.__file__).parent)}
    [row] = pure["games"]
    assert row["name"] == "cardrules bank 2p" and row["decisions_per_s"] > 0
    assert row["calls"]["view_us"] > 0 and row["batched"]["decisions_per_s"] > 0
    fast = {**row, "decisions_per_s": 3 * row["decisions_per_s"],  # a compiled row, say
            "batched": {"decisions_per_s": 2 * row["batched"]["decisions_per_s"]},
            "ratios": {"uno_2p": 0.5}, "batched_ratios": {"uno_2p": 0.4},
            "same_game": "uno_2p"}
    peer = 6 * row["decisions_per_s"]
    [beside] = pure_rows([fast], [row], {"uno_2p": peer})
    assert beside["compiled_over_pure"] == pytest.approx({"one_step": 3.0, "batched": 2.0})
    assert beside["ratios"] == pytest.approx({"uno_2p": 1 / 6})
    assert beside["same_game"] == "uno_2p"
    print_builds({"games": [fast], "pure_build": {"measured": True, "how": "a test",
                                                  "games": [beside]}})
    lines = capsys.readouterr().out.splitlines()
    assert "pure Python: a test" in lines[0] and lines[2].startswith("cardrules bank 2p")
    assert lines[2].split()[5] == "3.00"  # compiled/s, pure/s, c/p


def test_a_pure_run_says_why_it_measures_one_build(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not_measured(one_build=True) == "--one-build: only the running build measured"
    if is_compiled():
        assert not_measured(one_build=False) is None
        return
    monkeypatch.delenv(PURE, raising=False)
    assert "this install is pure Python" in (not_measured(one_build=False) or "")
    monkeypatch.setenv(PURE, "1")
    assert "CARDRULES_PURE=1 is set" in (not_measured(one_build=False) or "")


def test_call_costs_keep_the_lowest_median_of_their_rounds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A round a slow spell of the machine falls in reads high; each cost is the lowest
    of the rounds' medians, column by column (legal, apply, view, JSON)."""
    from cardrules.bench import own

    medians = iter([own.CallCosts(legal_actions_us=legal, apply_us=apply, view_us=view,
                                  json_round_trip_us=json_trip, bytes_per_state=0.0)
                    for legal, apply, view, json_trip in [(5.0, 1.0, 9.0, 30.0),
                                                          (2.0, 3.0, 4.0, 40.0),
                                                          (3.0, 2.0, 6.0, 20.0)]])
    monkeypatch.setattr(own, "_timed_round", lambda game, pairs: next(medians))
    costs = own.call_costs(cardrules.load("bank"), seed=1, samples=5, rounds=3)
    assert (costs.legal_actions_us, costs.apply_us, costs.view_us,
            costs.json_round_trip_us) == (2.0, 1.0, 4.0, 20.0)
    assert costs.bytes_per_state > 0  # measured after the rounds, not theirs
    with pytest.raises(ValueError, match="rounds"):
        own.call_costs(cardrules.load("bank"), seed=1, samples=5, rounds=0)


def test_paired_rounds_take_their_sides_in_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each round plays ours, ours in batches and the peer's in ``slices`` turns, in that
    order, every turn of the three from the same seed, and its ratio is that of the
    rates over all its turns: a slow spell longer than a turn falls on every side."""
    from cardrules.bench import __main__ as bench
    from cardrules.bench.own import PlayoutResult
    from cardrules.bench.peers import PeerResult

    calls: list[tuple[str, int, float]] = []
    ours_rate = iter([100.0, 300.0, 100.0, 300.0])  # one-step: turn by turn

    def ours(game: object, *, min_seconds: float, seed: int, name: str) -> PlayoutResult:
        calls.append(("ours", seed, min_seconds))
        return PlayoutResult(name=name, games=1, decisions=int(next(ours_rate)),
                             seconds=1.0)

    def batched(game: object, *, min_seconds: float, seed: int, name: str) -> PlayoutResult:
        calls.append(("batched", seed, min_seconds))
        return PlayoutResult(name=name, games=1, decisions=400, seconds=1.0)

    def peer(seconds: float, seed: int) -> PeerResult:
        calls.append(("peer", seed, seconds))
        return PeerResult(name="p", version="0", games=1, decisions=100, seconds=1.0)

    monkeypatch.setattr(bench, "playouts", ours)
    monkeypatch.setattr(bench, "batched_playouts", batched)
    out = bench.paired_rounds(object(), peer, rounds=2, seconds=1.0, slices=2, warm_up=False)
    assert calls == [(side, seed, 0.5) for seed in (2000, 2001, 2002, 2003)
                     for side in ("ours", "batched", "peer")]
    assert out["rounds"] == [2.0, 2.0]  # (100 + 300) / 2 s against 100 a second
    assert out["batched_rounds"] == [4.0, 4.0] and out["ratio"] == 2.0
    with pytest.raises(ValueError, match="slices"):
        bench.paired_rounds(object(), peer, rounds=1, seconds=1.0, slices=0)
