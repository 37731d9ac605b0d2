"""``python -m cardrules.bench [--json] [--quick] [--one-build] [--game VARIANT:PLAYERS]
[--scaling | --search | --shipped]``: the playout benchmark (``--search``: the search
bot's cost per move and iterations per second; ``--shipped``: every shipped game against
RLCard's UNO, with its median ``apply``, ``view`` and ``legal_actions`` costs).

Measures random playouts of Bank, Bura, Crazy Eights and Durak (2 and 4 players), Hearts
(4 players, the pass direction drawn by lot), Whist (4 players), Gin Rummy and Cribbage
(2 players), Spades (4 players, one deal, OpenSpiel's bidding), Euchre (4 players, one
deal), Skat (3 players, one deal), Dou Dizhu (3 players, one deal), Leduc poker and limit
Hold'em (2 players), Blackjack (1 player) and UNO (2 players), default options otherwise,
and, when the optional ``bench`` extra is installed, peer engines in the same run,
printing the ratio cardrules/peer, and the rate of random deals played in batches
(:meth:`cardrules.engine.game.Game.play_out`: the one-step loop's deals and moves, every
move drawn from one generator as that loop draws them) beside the one-step loop's and
against the peers. Every engine's game plays one run that
is not counted before its counted ones (not with ``--quick``), so that the figures compare
steady rates on warm caches. Each same-game pair is also measured in alternating rounds
(:func:`paired_rounds`: ours one step at a time, ours in batches, then the peer's, round
by round, the median of the rounds' ratios), which a slow spell of a shared machine
cannot move as it moves the ratio of two medians measured one after the other. Crazy
Eights, Hearts, Gin Rummy, Cribbage, Spades, Euchre, Skat, Dou Dizhu, Leduc poker, limit
Hold'em and Blackjack against OpenSpiel's crazy_eights, hearts, gin_rummy, cribbage,
spades, euchre, skat, dou_dizhu, leduc_poker, universal_poker (the ACPC limit game) and
blackjack, and UNO against RLCard's uno,
compare the same games
(``tests/test_rlcard_uno.py``, ``tests/test_openspiel_crazy_eights.py``,
``tests/test_openspiel_hearts.py``,
``tests/test_openspiel_gin_rummy.py``, ``tests/test_openspiel_cribbage.py``,
``tests/test_openspiel_spades.py``, ``tests/test_openspiel_euchre.py``,
``tests/test_openspiel_skat.py``, ``tests/test_openspiel_dou_dizhu.py``,
``tests/test_openspiel_leduc_poker.py``,
``tests/test_openspiel_limit_holdem.py``, ``tests/test_openspiel_blackjack.py``); the
other pairs
are different games of a similar kind, marked so in the ratios. OpenSpiel has no whist:
Whist is compared with its hearts, another four-handed game of thirteen one-card tricks
with a duty to follow suit (hearts adds passing cards and penalty points). No peer plays
Durak: it is compared with the shedding games the peers have (OpenSpiel's crazy_eights,
RLCard's uno), games that are also won by emptying one's hand, drawing from a stock, but
with one card per turn and no bouts. Reports the median of several runs and their
spread.

With pyspiel installed it also plays Bank and Bura through the OpenSpiel adapter
(``python_cardrules``, both ``shuffle`` parameters for two players) and prints the ratio
adapter/native, from native and adapter runs made alternately
(:mod:`cardrules.bench.adapter`; ``--no-adapter`` skips them). Then the Gin Rummy
meld finder's cost per call: a ten-card hand unseen and cached, and the best discard
of an eleven-card hand (:mod:`cardrules.bench.melds`), and the showdown evaluator's
cost per hand: a set of seven Hold'em cards unseen and cached
(:mod:`cardrules.bench.showdown`). Last, the start-up costs:
``import cardrules``, ``cardrules --help`` and a first ``load`` in fresh processes
beside a bare interpreter (:mod:`cardrules.bench.startup`), and a first load of every
shipped game in a fresh process after the import (median and slowest).

It says which build it measures (``build`` in the JSON): compiled with mypyc, and which
modules (:data:`cardrules.tools.native_build.COMPILED`), or pure Python. Where the running
build is compiled, one run measures both builds (:mod:`cardrules.bench.builds`): after
this process, a fresh one with ``CARDRULES_PURE=1`` (which imports the ``.py`` sources the
compiled wheel ships beside its compiled modules) measures the cardrules games again, and
their rates, batched rates and call costs are printed beside the compiled ones with the
compiled/pure speed-up of each game, and the pure build's ratios beside the compiled
build's against the same peer figures (``pure_build`` in the JSON; ``--one-build`` measures
the running build only). A pure install measures the pure build only, and says so.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import sys
from collections.abc import Sequence
from typing import Any

import cardrules
from cardrules.bench.adapter import adapter_rows
from cardrules.bench.builds import PURE_BUILD, build_line, build_report, print_builds, pure_build
from cardrules.bench.melds import meld_costs, print_meld_costs
from cardrules.bench.own import (
    CallCosts,
    PlayoutResult,
    as_json,
    batched_playouts,
    call_costs,
    call_costs_apart,
    load_cost,
    lowest,
    own_entry,
    playouts,
)
from cardrules.bench.peers import PeerResult, Runner, available_peers, measure
from cardrules.bench.showdown import print_showdown_costs, showdown_costs
from cardrules.bench.startup import first_load_costs, startup_costs
from cardrules.loader.resources import builtin_variants
from cardrules.tools import limits

OWN = (("bank", 2), ("bank", 4), ("bura", 2), ("bura", 4), ("crazy_eights", 2),
       ("crazy_eights", 4), ("hearts", 4), ("whist", 4), ("durak", 2), ("durak", 4),
       ("gin-rummy", 2), ("cribbage", 2), ("spades", 4), ("euchre", 4), ("skat", 3),
       ("dou-dizhu", 3), ("leduc-poker", 2), ("limit-holdem", 2), ("blackjack", 1), ("uno", 2))
"""The cardrules games measured."""
OPTIONS: dict[tuple[str, int], dict[str, object]] = {
    ("hearts", 4): {"passing": "chance"},
    ("spades", 4): {"bidding": "openspiel", "spades_lead": "never", "game": "one_deal"},
}
"""Options of the games measured, where the default is not the peer's game (OpenSpiel's
hearts draws the pass direction by lot; its spades plays one deal, counts a nil bidder's
tricks towards the side's contract and never breaks spades: the options of
``tests/test_openspiel_spades.py``)."""
PAIRS = {
    ("bank", 2): ("crazy_eights_2p", "uno_2p"),
    ("bank", 4): ("crazy_eights_4p", "uno_4p"),
    ("bura", 2): ("uno_2p",),
    ("bura", 4): ("hearts_4p", "uno_4p"),
    ("crazy_eights", 2): ("crazy_eights_2p",),
    ("crazy_eights", 4): ("crazy_eights_4p",),
    ("hearts", 4): ("hearts_4p",),
    ("whist", 4): ("hearts_4p",),
    ("durak", 2): ("crazy_eights_2p", "uno_2p"),
    ("durak", 4): ("crazy_eights_4p", "uno_4p"),
    ("gin-rummy", 2): ("gin_rummy_2p",),
    ("cribbage", 2): ("cribbage_2p",),
    ("spades", 4): ("spades_4p",),
    ("euchre", 4): ("euchre_4p",),
    ("skat", 3): ("skat_3p",),
    ("dou-dizhu", 3): ("dou_dizhu_3p",),
    ("leduc-poker", 2): ("leduc_poker_2p",),
    ("limit-holdem", 2): ("limit_holdem_2p",),
    ("blackjack", 1): ("blackjack_1p",),
    ("uno", 2): ("uno_2p",),
}
"""Which peers each cardrules game is compared with."""
SAME_GAME = {("crazy_eights", 2): "crazy_eights_2p", ("crazy_eights", 4): "crazy_eights_4p",
             ("hearts", 4): "hearts_4p", ("gin-rummy", 2): "gin_rummy_2p",
             ("cribbage", 2): "cribbage_2p", ("spades", 4): "spades_4p",
             ("euchre", 4): "euchre_4p", ("skat", 3): "skat_3p",
             ("dou-dizhu", 3): "dou_dizhu_3p",
             ("leduc-poker", 2): "leduc_poker_2p", ("limit-holdem", 2): "limit_holdem_2p",
             ("blackjack", 1): "blackjack_1p", ("uno", 2): "uno_2p"}
"""The pairs that play the same game in both engines; every other pair is a different game
of a similar kind."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardrules.bench", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="one short run (to prove it works)")
    parser.add_argument("--seconds", type=limits.seconds, default=2.0,
                        help="length of one run")
    parser.add_argument("--runs", type=limits.runs, default=5, help="runs per measurement")
    parser.add_argument("--no-peers", action="store_true", help="skip the peer engines")
    parser.add_argument("--no-adapter", action="store_true",
                        help="skip the OpenSpiel adapter's rows")
    parser.add_argument("--one-build", action="store_true",
                        help="measure only the running build (not also the pure build, "
                             "where the running one is compiled)")
    parser.add_argument("--game", action="append", type=_game, metavar="VARIANT:PLAYERS",
                        help="measure only this one of the cardrules games listed (again "
                             "for more), e.g. hearts:4")
    parser.add_argument("--games-only", action="store_true",
                        help="measure only the cardrules games, in the running build, "
                             "and print them as JSON (the pure build's run)")
    parser.add_argument("--scaling", action="store_true",
                        help="instead: how cost grows with players and hand size")
    parser.add_argument("--search", action="store_true",
                        help="instead: the search bot's seconds per move at each play level "
                             "and its iterations per second")
    parser.add_argument("--shipped", action="store_true",
                        help="instead: every shipped game (its fewest players) against "
                             "RLCard's UNO (2 players), in alternating rounds")
    args = parser.parse_args(argv)
    if args.search:
        return _search(quick=args.quick, as_json=args.json)
    if args.shipped:
        return _shipped(quick=args.quick, as_json=args.json)
    if args.scaling:
        return _scaling(seconds=0.3 if args.quick else args.seconds, as_json=args.json)
    seconds, runs = (0.2, 1) if args.quick else (args.seconds, args.runs)
    peers = {} if args.no_peers or args.games_only else available_peers()
    report: dict[str, Any] = {"machine": {"python": platform.python_version(),
                                          "platform": platform.platform(),
                                          "processor": platform.processor() or "unknown"},
                              "build": build_report(),
                              "seconds_per_run": seconds, "runs": runs,
                              "warm_up": not args.quick, "games": [],
                              "peers": [], "adapter": []}
    peer_cache: dict[str, tuple[PeerResult, list[float]]] = {}
    for variant, players in args.game or OWN:
        entry = own_entry(variant, players, options=OPTIONS.get((variant, players)),
                          seconds=seconds, runs=runs, quick=args.quick)
        report["games"].append(entry)
        if "error" in entry:
            continue
        for key in PAIRS[(variant, players)]:
            if key not in peers:
                continue
            if key not in peer_cache:
                peer_runs = measure(peers[key], runs=runs, min_seconds=seconds, seed=1,
                                    warm_up=not args.quick)
                ordered = sorted(peer_runs, key=lambda r: r.decisions_per_s)
                peer_cache[key] = (ordered[len(ordered) // 2],
                                   [r.decisions_per_s for r in peer_runs])
            peer, _ = peer_cache[key]
            entry["ratios"][key] = entry["decisions_per_s"] / peer.decisions_per_s
            entry["batched_ratios"][key] = (entry["batched"]["decisions_per_s"]
                                            / peer.decisions_per_s)
            if SAME_GAME.get((variant, players)) == key:
                entry["same_game"] = key
                entry["paired"] = paired_rounds(
                    cardrules.load(variant, players=players,
                                   options=OPTIONS.get((variant, players))),
                    peers[key], rounds=runs, seconds=seconds, slices=1 if args.quick else 10,
                    warm_up=not args.quick)
    if args.games_only:
        json.dump({"build": report["build"], "games": report["games"]}, sys.stdout)
        print()
        return 0
    for key, (peer, rates) in peer_cache.items():
        report["peers"].append({"key": key, "name": peer.name, "version": peer.version,
                                "games_per_s": peer.games_per_s,
                                "decisions_per_s": peer.decisions_per_s,
                                "spread": [min(rates), max(rates)]})
    report[PURE_BUILD] = pure_build(report, one_build=args.one_build, quick=args.quick,
                                    seconds=seconds, runs=runs, games=args.game)
    if not args.no_adapter:
        report["adapter"] = adapter_rows(runs=runs, seconds=seconds)
    report["melds"] = meld_costs(samples=500 if args.quick else 5000)
    report["showdown"] = showdown_costs(samples=500 if args.quick else 5000)
    report["startup"] = [{**as_json(row), "added_seconds": row.added_seconds}
                         for row in startup_costs(repeat=2 if args.quick else 7)]
    # a quick run proves the section works on two games; a full one times every game
    loads = first_load_costs(("bank", "hearts") if args.quick else None,
                             repeat=1 if args.quick else 3)
    report["first_load"] = {"median_seconds": loads.median_seconds,
                            "worst_seconds": loads.worst_seconds, "worst": loads.worst,
                            "loads": [as_json(row) for row in loads.loads]}
    if args.json:
        json.dump(report, sys.stdout, indent=1)
        print()
    else:
        _print(report)
    return 0


def _game(text: str) -> tuple[str, int]:
    """A game of :data:`OWN` named ``VARIANT:PLAYERS`` (``--game``)."""
    variant, _, players = text.partition(":")
    if players.isdigit() and (variant, int(players)) in OWN:
        return variant, int(players)
    raise argparse.ArgumentTypeError(
        f"{text!r} is not one of the games measured: "
        f"{', '.join(f'{v}:{n}' for v, n in OWN)}")


SCALING: list[tuple[str, Any, int, dict[str, object]]] = (
    [(f"bank {n}p", "bank", n, {}) for n in (2, 3, 4)]
    + [(f"bank {n}p hand {h}", {"extends": "bank", "patch": {"deal": {"hand": h}}}, n, {})
       for n in (2, 4) for h in (6, 8)]
    + [(f"bura {n}p", "bura", n, {}) for n in (2, 3, 4)]
    + [(f"bura {n}p hand 3", "bura", n, {"hand_size": 3}) for n in (2, 4)]
)
"""Label, source, players, options of the scaling table."""


def _scaling(*, seconds: float, as_json: bool) -> int:
    rows = []
    for label, source, players, options in SCALING:
        game = cardrules.load(source, players=players, options=options)
        result = playouts(game, min_seconds=seconds, seed=5, name=label)
        costs = call_costs(game, seed=7, samples=1500)
        rows.append({"game": label, "decisions_per_s": round(result.decisions_per_s),
                     "decisions_per_deal": round(result.decisions / result.games, 1),
                     "us_per_decision": round(1e6 / result.decisions_per_s, 2),
                     "legal_actions_us": round(costs.legal_actions_us, 2),
                     "apply_us": round(costs.apply_us, 2), "view_us": round(costs.view_us, 2)})
    if as_json:
        json.dump(rows, sys.stdout, indent=1)
        print()
        return 0
    print(f"{'game':20} {'decisions/s':>12} {'per deal':>9} {'µs/decision':>12} "
          f"{'legal µs':>9} {'apply µs':>9} {'view µs':>8}")
    for r in rows:
        print(f"{r['game']:20} {r['decisions_per_s']:12} {r['decisions_per_deal']:9} "
              f"{r['us_per_decision']:12} {r['legal_actions_us']:9} {r['apply_us']:9} "
              f"{r['view_us']:8}")
    return 0


APPLY_BOUND_US = 2.0
"""The median ``apply`` every shipped game should stay under, compiled (µs)."""
VIEW_BOUND_US = 5.0
"""The median ``view`` every shipped game should stay under, compiled (µs)."""
LOAD_BOUND_MS = 30.0
"""The median ``cardrules.load`` of a shipped game, the engine imported, every shipped
game should stay under (ms)."""


def _shipped(*, quick: bool, as_json: bool) -> int:
    """Every shipped game, with its fewest players and default options, one step at a
    time and in batches, against RLCard's UNO (2 players) one step at a time: the ratios
    of decisions a second in alternating rounds (:func:`paired_rounds`, three of half a
    second, each in five turns of each side, after an uncounted one; the objects the
    games before left set aside from the garbage collector), slowest first;
    and each game's median ``apply``, ``view`` and ``legal_actions`` costs
    (:func:`~cardrules.bench.own.call_costs_apart`, on 3,000 states of random games, in
    a fresh process that plays that game alone: the lowest of three such processes, each
    game's taken in turns with the other games'), and the median of five loads
    (:func:`~cardrules.bench.own.load_cost`, in this process: the engine and the family
    imported), with the games at or over :data:`APPLY_BOUND_US`, :data:`VIEW_BOUND_US`
    and :data:`LOAD_BOUND_MS` named.  ``quick``: two games, one short round each, costs
    on 200 states, one load."""
    runner = available_peers().get("uno_2p")
    if runner is None:
        print("RLCard's UNO is not installed (pip install '.[bench]')", file=sys.stderr)
        return 1
    names = sorted(builtin_variants())[:2] if quick else sorted(builtin_variants())
    seconds, rounds, slices = (0.05, 1, 1) if quick else (0.5, 3, 5)
    rows = []
    try:
        for name in names:
            # What the games before left (their tables, caches and loads, some 600,000
            # objects) is set aside from the collector: a full collection of it (~0.3 s)
            # fell in the rounds of whichever game crossed the collector's threshold,
            # which a program playing that game alone never meets.
            gc.collect()
            gc.freeze()
            game = cardrules.load(name)
            paired = paired_rounds(game, runner, rounds=rounds, seconds=seconds,
                                   slices=slices, warm_up=not quick)
            rows.append({"game": name, "players": game.players, **paired,
                         "load_ms": round(load_cost(name, repeat=1 if quick else 5), 2)})
    finally:
        gc.unfreeze()
    # each game's fresh processes in turns with the other games': a slow spell of the
    # machine, which can cover one process, falls in one of a game's at most
    apart: list[list[CallCosts]] = [[] for _ in names]
    for _ in range(1 if quick else 3):
        for name, kept in zip(names, apart):
            kept.append(call_costs_apart(name, seed=7, samples=200 if quick else 3000))
    for row, kept in zip(rows, apart):
        costs = lowest(kept)
        row.update({"legal_actions_us": round(costs.legal_actions_us, 2),
                    "apply_us": round(costs.apply_us, 2), "view_us": round(costs.view_us, 2)})
    rows.sort(key=lambda row: row["ratio"])
    if as_json:
        json.dump(rows, sys.stdout, indent=1)
        print()
        return 0
    print("every shipped game against RLCard's UNO (2 players), decisions a second, the "
          "median of alternating rounds:")
    print(f"{'game':22} {'players':>7} {'one-step':>9} {'batched':>8} {'legal µs':>9} "
          f"{'apply µs':>9} {'view µs':>8} {'load ms':>8}  rounds (one-step)")
    for r in rows:
        spread = ", ".join(f"{x:.2f}" for x in r["rounds"])
        print(f"{r['game']:22} {r['players']:7} {r['ratio']:9.2f} {r['batched_ratio']:8.2f}"
              f" {r['legal_actions_us']:9.2f} {r['apply_us']:9.2f} {r['view_us']:8.2f}"
              f" {r['load_ms']:8.2f}  {spread}")
    behind = [r["game"] for r in rows if r["ratio"] < 1.0]
    print(f"{len(behind)} of {len(rows)} behind UNO one step at a time"
          + (f": {', '.join(behind)}" if behind else ""))
    for key, bound, unit in (("apply_us", APPLY_BOUND_US, "µs"),
                             ("view_us", VIEW_BOUND_US, "µs"),
                             ("load_ms", LOAD_BOUND_MS, "ms")):
        over = [f"{r['game']} {r[key]:.2f}" for r in rows if r[key] >= bound]
        print(f"{len(over)} of {len(rows)} with a median {key.rpartition('_')[0]} of "
              f"{bound:g} {unit} or more" + (f": {', '.join(over)}" if over else ""))
    return 0


def _search(*, quick: bool, as_json: bool) -> int:
    from cardrules.bench.search import search_costs
    from cardrules.tools.cli import LEVELS

    rows = []
    for variant, players in OWN:
        rows.extend(search_costs(variant, players, LEVELS, deals=1 if quick else 2,
                                 moves=6 if quick else 12))
    if as_json:
        json.dump(rows, sys.stdout, indent=1)
        print()
        return 0
    print(f"{'game':18} {'level':7} {'bot':12} {'moves':>6} {'CPU s/move':>11} "
          f"{'iterations/s':>13}")
    for r in rows:
        print(f"{r['game']:18} {r['level']:7} {r['bot']:12} {r['moves']:6} "
              f"{r['seconds_per_move']:11.3f} {r['iterations_per_s']:13.0f}")
    return 0


def paired_rounds(game: Any, runner: Runner, *, rounds: int, seconds: float,
                  slices: int = 1, warm_up: bool = True) -> dict[str, Any]:
    """The same-game ratios measured in alternating rounds: in each, ``game`` plays for
    ``seconds`` one step at a time, as many seconds in batches
    (:func:`~cardrules.bench.own.batched_playouts`) and its peer (``runner``) as many,
    in ``slices`` turns of ``seconds / slices`` each (ours, ours in batches, the
    peer's, then again), every turn of the three from the same seed, and the round's
    ratios are those of their rates over the round; the median of the rounds' ratios,
    one-step (``ratio``) and batched (``batched_ratio``), and each (with ``warm_up``,
    after one uncounted round: ``game`` is loaded afresh, its caches cold).  A slow
    spell of a shared machine longer than a turn then falls on every side of a round,
    not on one side of the comparison (the medians of separate runs let it move a ratio
    by a third; turns of a whole round each, one spell read one game's rounds 0.55,
    1.38 and 0.92 of UNO's).

    >>> from cardrules.bench.peers import PeerResult
    >>> def peer(seconds: float, seed: int) -> PeerResult:
    ...     return PeerResult(name="p", version="0", games=1, decisions=10**9, seconds=1.0)
    >>> game = cardrules.load("bank", players=2)
    >>> out = paired_rounds(game, peer, rounds=3, seconds=0.01, slices=2, warm_up=False)
    >>> len(out["rounds"]), 0 < out["ratio"] < out["batched_ratio"] < 1
    (3, True)
    """
    if slices < 1:
        raise ValueError(f"slices must be 1 or more, not {slices}")
    turn = seconds / slices
    if warm_up:
        playouts(game, min_seconds=seconds, seed=1999, name="paired")
        batched_playouts(game, min_seconds=seconds, seed=1999, name="paired")
        runner(seconds, 1999)
    ratios, batched = [], []
    for index in range(rounds):
        sides: list[list[PlayoutResult | PeerResult]] = [[], [], []]
        for part in range(slices):
            seed = 2000 + index * slices + part
            sides[0].append(playouts(game, min_seconds=turn, seed=seed, name="paired"))
            sides[1].append(batched_playouts(game, min_seconds=turn, seed=seed,
                                             name="paired"))
            sides[2].append(runner(turn, seed))
        ours, ours_batched, theirs = (_rate(side) for side in sides)
        ratios.append(ours / theirs if theirs else 0.0)
        batched.append(ours_batched / theirs if theirs else 0.0)
    return {"ratio": sorted(ratios)[len(ratios) // 2], "rounds": ratios,
            "batched_ratio": sorted(batched)[len(batched) // 2], "batched_rounds": batched}


def _rate(turns: Sequence[PlayoutResult | PeerResult]) -> float:
    """Decisions a second over several timed turns."""
    seconds = sum(turn.seconds for turn in turns)
    return sum(turn.decisions for turn in turns) / seconds if seconds > 0 else 0.0


def _print_ratios(report: dict[str, Any], key: str, title: str) -> None:
    pure = report[PURE_BUILD]
    slow = {g["name"]: g for g in pure["games"]} if pure["measured"] else {}
    print(f"{title}, the compiled build then the pure one:" if slow else f"{title}:")
    for g in report["games"]:
        for peer, ratio in g.get(key, {}).items():
            kind = "same game" if g.get("same_game") == peer else "different game"
            other = slow.get(g["name"], {}).get(key, {}).get(peer)
            beside = "" if other is None else f" {other:6.2f}"
            paired = g.get("paired") if kind == "same game" else None
            prefix = "" if key == "ratios" else "batched_"
            rounds = "" if paired is None or prefix + "ratio" not in paired else (
                f"; paired rounds {paired[prefix + 'ratio']:.2f} ("
                + ", ".join(f"{r:.2f}" for r in paired[prefix + "rounds"]) + ")")
            print(f"  {g['name']:26} / {peer:16} {ratio:6.2f}{beside}  ({kind}{rounds})")


def _print(report: dict[str, Any]) -> None:
    print(f"python {report['machine']['python']} on {report['machine']['platform']}; "
          f"median of {report['runs']} run(s) of {report['seconds_per_run']:g} s"
          + (", after one run not counted" if report.get("warm_up") else ""))
    print(build_line(report["build"]))
    print()
    print(f"{'game':26} {'games/s':>9} {'decisions/s':>12} {'spread':>19} "
          f"{'legal µs':>9} {'apply µs':>9} {'view µs':>8} {'json µs':>8} {'B/state':>8} "
          f"{'load ms':>8}")
    for g in report["games"]:
        if "error" in g:
            print(f"{g['name']:26} not measured: {g['error'].splitlines()[0]}")
            continue
        c = g["calls"]
        low, high = g["spread"]
        print(f"{g['name']:26} {g['games_per_s']:9.0f} {g['decisions_per_s']:12.0f} "
              f"{low:9.0f}-{high:<9.0f} {c['legal_actions_us']:9.2f} {c['apply_us']:9.2f} "
              f"{c['view_us']:8.2f} {c['json_round_trip_us']:8.1f} "
              f"{c['bytes_per_state']:8.0f} {g['load_ms']:8.1f}")
    print()
    print("batched random playouts (Game.play_out: each the game the one-step loop plays from "
          "its seeds):")
    print(f"{'game':26} {'decisions/s':>12} {'spread':>19} {'× one-step':>10}")
    for g in report["games"]:
        if "batched" in g:
            b = g["batched"]
            low, high = b["spread"]
            print(f"{g['name']:26} {b['decisions_per_s']:12.0f} {low:9.0f}-{high:<9.0f} "
                  f"{b['over_one_step']:10.2f}")
    print()
    print_builds(report)
    if report["peers"]:
        print()
        print(f"{'peer':32} {'version':>8} {'games/s':>9} {'decisions/s':>12}")
        for p in report["peers"]:
            print(f"{p['name']:32} {p['version']:>8} {p['games_per_s']:9.0f} "
                  f"{p['decisions_per_s']:12.0f}")
        print()
        _print_ratios(report, "ratios", "ratio cardrules/peer (decisions per second)")
        print()
        _print_ratios(report, "batched_ratios", "ratio cardrules batched/peer (decisions per "
                      "second; the peer one step at a time from Python)")
    else:
        print("\n(no peers measured: pip install '.[bench]' to compare with OpenSpiel and RLCard)")
    if report["adapter"]:
        print()
        print("OpenSpiel adapter (python_cardrules) against the native engine, runs alternated:")
        print(f"{'game':18} {'shuffle':>7} {'decisions/s':>12} {'native':>9} {'ratio':>6} "
              f"{'ratio spread':>13}")
        for a in report["adapter"]:
            low, high = a["ratio_spread"]
            print(f"{a['name']:18} {a['shuffle']:>7} {a['decisions_per_s']:12.0f} "
                  f"{a['native_decisions_per_s']:9.0f} {a['ratio']:6.2f} "
                  f"{low:6.2f}-{high:<6.2f}")
    if report.get("melds"):
        print()
        print_meld_costs(report["melds"])
    if report.get("showdown"):
        print()
        print_showdown_costs(report["showdown"])
    print()
    print("start-up in a fresh process (wall time, median; beside a bare interpreter's):")
    print(f"{'command':24} {'seconds':>8} {'bare':>8} {'added':>8}")
    for row in report["startup"]:
        print(f"{row['name']:24} {row['seconds']:8.3f} {row['bare_seconds']:8.3f} "
              f"{row['added_seconds']:8.3f}")
    first = report["first_load"]
    print()
    print(f"a first cardrules.load of each of {len(first['loads'])} shipped games in a fresh "
          f"process, after import (processor time): median {first['median_seconds']:.3f} s, "
          f"worst {first['worst_seconds']:.3f} s ({first['worst']})")


if __name__ == "__main__":
    sys.exit(main())
