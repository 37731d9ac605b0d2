"""Smoke tests of the peer-engine runners (skipped without the ``bench`` extra)."""

from __future__ import annotations

import importlib.util

import pytest

import cardrules
from cardrules.bench.peers import PeerResult, available_peers, measure

SPIEL_KEYS = ("crazy_eights_2p", "crazy_eights_4p", "hearts_4p", "gin_rummy_2p",
              "cribbage_2p", "spades_4p", "euchre_4p", "skat_3p", "dou_dizhu_3p",
              "leduc_poker_2p",
              "limit_holdem_2p", "blackjack_1p")
UNO_KEYS = ("uno_4p", "uno_2p")


def _check(result: PeerResult, min_seconds: float) -> None:
    assert result.games > 0
    assert result.decisions > result.games
    assert result.seconds >= min_seconds
    assert result.games_per_s > 0
    assert result.decisions_per_s > result.games_per_s
    assert result.version


@pytest.mark.parametrize("key", SPIEL_KEYS)
def test_open_spiel_peer(key: str) -> None:
    pytest.importorskip("pyspiel")
    runner = available_peers()[key]
    result = runner(0.05, 1)
    _check(result, 0.05)
    assert result.name.startswith("open_spiel ")


@pytest.mark.parametrize("key", UNO_KEYS)
def test_rlcard_uno_peer(key: str) -> None:
    pytest.importorskip("rlcard.games.uno.game")
    runner = available_peers()[key]
    result = runner(0.05, 1)
    _check(result, 0.05)
    assert result.name == f"rlcard uno {key[-2:]}"


def test_available_peers_match_imports() -> None:
    peers = available_peers()
    assert set(peers) <= set(SPIEL_KEYS) | set(UNO_KEYS)
    if importlib.util.find_spec("pyspiel") is None:
        assert not set(SPIEL_KEYS) & set(peers)
    else:
        assert set(SPIEL_KEYS) <= set(peers)


def test_measure_repeats_with_distinct_seeds() -> None:
    pytest.importorskip("pyspiel")
    results = measure(available_peers()["hearts_4p"], runs=2, min_seconds=0.0, seed=7)
    assert len(results) == 2
    assert all(r.games == 1 for r in results)


def test_same_seed_same_playout() -> None:
    peers = available_peers()
    if not peers:
        pytest.skip("no peer engine installed")
    for runner in peers.values():
        first, second = runner(0.0, 3), runner(0.0, 3)
        assert (
            (first.games, first.decisions)
            == (second.games, second.decisions)
            == (1, first.decisions)
        )


def test_peer_result_rates() -> None:
    r = PeerResult(name="x", version="1", games=4, decisions=100, seconds=0.5)
    assert (r.games_per_s, r.decisions_per_s) == (8.0, 200.0)
    assert PeerResult(name="x", version="1", games=0, decisions=0, seconds=0.0).games_per_s == 0.0


def test_shipped_games_are_measured_against_uno_in_rounds(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--shipped`` measures shipped games (two with ``--quick``) against RLCard's UNO,
    one step at a time and in batches, slowest first, with each game's median call
    costs, and names the games over the bounds on ``apply`` and ``view``."""
    pytest.importorskip("rlcard.games.uno.game")
    import json

    from cardrules.bench.__main__ import main

    assert main(["--shipped", "--quick", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    from cardrules.loader.resources import builtin_variants

    names = sorted(builtin_variants())[:2]
    assert sorted(r["game"] for r in rows) == names
    assert all(r["ratio"] > 0 and r["batched_ratio"] > 0 and len(r["rounds"]) == 1
               for r in rows)
    assert all(r["players"] == cardrules.load(r["game"]).players for r in rows)
    assert [r["ratio"] for r in rows] == sorted(r["ratio"] for r in rows)
    assert all(r[key] > 0 for r in rows
               for key in ("legal_actions_us", "apply_us", "view_us", "load_ms"))
    assert main(["--shipped", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "behind UNO one step at a time" in out
    assert "with a median apply of 2 µs or more" in out
    assert "with a median view of 5 µs or more" in out
    assert "with a median load of 30 ms or more" in out


def test_shipped_without_uno_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import cardrules.bench.__main__ as bench

    monkeypatch.setattr(bench, "available_peers", dict)
    assert bench.main(["--shipped", "--quick"]) == 1
    assert "pip install '.[bench]'" in capsys.readouterr().err


def test_shipped_call_costs_are_the_lowest_of_fresh_processes_taken_in_turns(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Each game's call costs come from three fresh processes, every game's first, then
    every game's second: a slow spell that covers one process falls in one of a game's
    at most; each column keeps its lowest."""
    import json

    import cardrules.bench.__main__ as bench
    from cardrules.bench.own import CallCosts

    order: list[str] = []
    readings = iter([2.5, 9.0, 1.5, 8.0, 3.5, 7.0])  # apply: bank, hearts, bank, ...

    def apart(name: str, *, seed: int, samples: int) -> CallCosts:
        order.append(name)
        return CallCosts(legal_actions_us=1.0, apply_us=next(readings), view_us=3.0,
                         json_round_trip_us=9.0, bytes_per_state=100.0)

    monkeypatch.setattr(bench, "available_peers", lambda: {"uno_2p": object()})
    monkeypatch.setattr(bench, "builtin_variants", lambda: ["hearts", "bank"])
    monkeypatch.setattr(bench, "paired_rounds", lambda *a, **k: {
        "ratio": 1.0, "batched_ratio": 1.0, "rounds": [1.0, 1.0, 1.0]})
    monkeypatch.setattr(bench, "load_cost", lambda name, repeat: 5.0)
    monkeypatch.setattr(bench, "call_costs_apart", apart)
    assert bench._shipped(quick=False, as_json=True) == 0
    rows = {r["game"]: r for r in json.loads(capsys.readouterr().out)}
    assert order == ["bank", "hearts"] * 3
    assert (rows["bank"]["apply_us"], rows["hearts"]["apply_us"]) == (1.5, 7.0)


def test_shipped_rounds_run_with_what_earlier_games_left_set_aside_from_the_collector(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A full collection of every game loaded before (~0.3 s in a whole run) fell in the
    rounds of whichever game crossed the collector's threshold: each game's rounds run
    with what came before frozen, and nothing stays frozen after the run, even when it
    fails."""
    import gc

    import cardrules.bench.__main__ as bench
    from cardrules.bench.own import CallCosts

    frozen: list[int] = []

    def rounds(*args: object, **kwargs: object) -> dict[str, object]:
        frozen.append(gc.get_freeze_count())
        return {"ratio": 1.0, "batched_ratio": 1.0, "rounds": [1.0]}

    monkeypatch.setattr(bench, "available_peers", lambda: {"uno_2p": object()})
    monkeypatch.setattr(bench, "builtin_variants", lambda: ["hearts", "bank"])
    monkeypatch.setattr(bench, "paired_rounds", rounds)
    monkeypatch.setattr(bench, "load_cost", lambda name, repeat: 5.0)
    monkeypatch.setattr(bench, "call_costs_apart", lambda name, **kwargs: CallCosts(
        legal_actions_us=1.0, apply_us=1.0, view_us=1.0, json_round_trip_us=1.0,
        bytes_per_state=1.0))
    assert bench._shipped(quick=True, as_json=True) == 0
    capsys.readouterr()
    assert len(frozen) == 2 and all(count > 0 for count in frozen)
    assert gc.get_freeze_count() == 0

    def failing(*args: object, **kwargs: object) -> dict[str, object]:
        raise RuntimeError("a round failed")

    monkeypatch.setattr(bench, "paired_rounds", failing)
    with pytest.raises(RuntimeError):
        bench._shipped(quick=True, as_json=True)
    assert gc.get_freeze_count() == 0
