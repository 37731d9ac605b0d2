"""The ``cardrules`` command: list, validate, options, rules, simulate, play, replay, check,
schema.

>>> main(["options", "bank"]) == 0  # doctest: +ELLIPSIS
trumps: Which suits are trumps (B5).
...
True
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import secrets
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardrules.errors import CardrulesError, SeedError, VariantError
from cardrules.tools import limits
from cardrules.tools.sanitize import guarded_stdio, rewrite_line, write_whole

if TYPE_CHECKING:
    from cardrules.engine.game import Game
    from cardrules.engine.record import GameRecord
    from cardrules.loader.load import Source
    from cardrules.tools.render import TextRenderer
    from cardrules.tools.simulate import Summary

# The commands import the engine, the loader and the tools they need when they run, so
# that ``cardrules --help`` and a usage error stay quick.

__all__ = ["MAX_PROBLEMS_SHOWN", "UsageError", "main", "replay_command"]

MAX_PROBLEMS_SHOWN = 20
"""Most problems printed for one rule file; the rest are counted."""


class UsageError(CardrulesError):
    """Arguments that do not make sense together (exit status 2)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status (0 ok, 1 error or invalid files, 2 usage).

    Everything printed, argparse's messages included, passes through
    :func:`cardrules.tools.sanitize.printable`: text from rule files, records and the user's
    input cannot reach the terminal raw.
    """
    with guarded_stdio():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except VariantError as exc:
        for line in _problem_lines(exc, ""):
            print(line, file=sys.stderr)
        return 1
    except UsageError as exc:
        print(f"cardrules: usage error: {exc}", file=sys.stderr)
        return 2
    except CardrulesError as exc:
        print(f"cardrules: error: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # output piped into a pager that quit
        return 0
    return status


def _problem_lines(exc: VariantError, path: str) -> list[str]:
    """The problems of a rule file, at most :data:`MAX_PROBLEMS_SHOWN` of them."""
    lines = [str(p) if p.file or not path else f"{path}: {p}"
             for p in exc.problems[:MAX_PROBLEMS_SHOWN]]
    hidden = len(exc.problems) - MAX_PROBLEMS_SHOWN
    if hidden > 0:
        lines.append(f"… and {hidden} more problem{'s' if hidden != 1 else ''}")
    return lines


def _seed(text: str) -> int:
    """An argparse type: a seed from 0 to 2**64-1."""
    from cardrules.engine.game import check_seed
    try:
        return check_seed(int(text))
    except (ValueError, SeedError):
        raise argparse.ArgumentTypeError(
            "a seed is a whole number from 0 to 2**64-1") from None


def _seats(text: str) -> tuple[int, ...]:
    """An argparse type: one seat number, or several separated by commas."""
    try:
        seats = tuple(int(t) for t in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"write a seat number or several, e.g. 0,2; "
                                         f"not {text!r}") from None
    if len(set(seats)) != len(seats):
        raise argparse.ArgumentTypeError(f"a seat is named twice in {text!r}")
    return seats


def _counts(text: str) -> tuple[int, ...]:
    """An argparse type: one number of players, or several separated by commas."""
    try:
        counts = tuple(int(t) for t in text.split(","))
    except ValueError:
        counts = ()
    if not counts or min(counts) < 1 or max(counts) > limits.MAX_PLAYERS \
            or len(set(counts)) != len(counts):
        raise argparse.ArgumentTypeError(f"write a number of players from 1 to "
                                         f"{limits.MAX_PLAYERS} or several, e.g. 2,4; "
                                         f"not {text[:40]!r}")
    return counts


def _share(text: str) -> float:
    """An argparse type: a share above 0 and at most 1."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0.0 < value <= 1.0:
        raise argparse.ArgumentTypeError(f"a share above 0 and at most 1, e.g. 0.1; "
                                         f"not {text!r}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardrules",
                                     description="Play card games from YAML rule files.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("list", help="every shipped and registered game, one line each")
    p.set_defaults(run=_list)

    p = sub.add_parser("validate", help="check rule files")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.set_defaults(run=_validate)

    p = sub.add_parser("options", help="list a variant's options")
    _source_args(p)
    p.set_defaults(run=_options)

    p = sub.add_parser("simulate", help="play many games with bots and summarise")
    _source_args(p)
    _game_args(p)
    p.add_argument("--games", type=limits.games, default=100)
    p.add_argument("--seed", type=_seed, default=1)
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="one JSON object")
    fmt.add_argument("--csv", action="store_true", help="one CSV row per seat")
    p.add_argument("--bots", default="random", help="one name, or one per seat: greedy,random")
    p.add_argument("--workers", type=limits.workers, default=1,
                   help=f"worker processes (at most {limits.MAX_WORKERS}, and no more than "
                        f"the chunks of games)")
    p.add_argument("--compare", metavar="OPTION=V1,V2",
                   help="run the same seeds under each value of an option")
    p.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    p.set_defaults(run=_simulate)

    p = sub.add_parser("study", help="compare option settings or bots and write a report")
    _source_args(p)
    _game_args(p)
    p.add_argument("--compare", metavar="OPTION[=V1,V2]",
                   help="one setting per value of an option (all its values if none given)")
    p.add_argument("--compare-bots", action="append", default=[], metavar="BOT[,BOT...]",
                   help="a setting played by these bots (one name, or one per seat); "
                        "may be repeated")
    p.add_argument("--bots", default="random", help="one name, or one per seat")
    p.add_argument("--games", type=limits.games, default=1000, help="games per setting")
    p.add_argument("--seed", type=_seed, default=1)
    p.add_argument("--out", required=True, metavar="DIR", help="where the report goes")
    p.add_argument("--workers", type=limits.workers, default=1,
                   help=f"worker processes (at most {limits.MAX_WORKERS}, and no more than "
                        f"the chunks of games)")
    p.add_argument("--backend", choices=["local", "ray"], default="local")
    p.add_argument("--address", help="the Ray cluster to join (--backend ray)")
    p.add_argument("--no-plots", action="store_true", help="write no PNG plots")
    p.add_argument("--fresh", action="store_true",
                   help="ignore games saved by an interrupted run of the same study")
    p.set_defaults(run=_study)

    p = sub.add_parser("play", help="play against bots in the terminal")
    _source_args(p)
    _game_args(p)
    p.add_argument("--seat", type=_seats, default=(0,), metavar="K[,K...]",
                   help="your seat (default 0); several seats: hot-seat play at one terminal")
    p.add_argument("--level", choices=sorted(LEVELS, key=list(LEVELS).index),
                   default="medium",
                   help="the opponents' strength: " + ", ".join(
                       f"{k} ({v})" for k, v in LEVELS.items()) + " (default medium)")
    p.add_argument("--bots", help="one name, or one per other seat (instead of --level)")
    p.add_argument("--seed", type=_seed, help="seed (default: a random one, printed)")
    p.add_argument("--ascii", action="store_true", help="suits as letters, not symbols")
    p.add_argument("--no-auto", dest="auto", action="store_false",
                   help="ask even when a move is the only legal one")
    p.add_argument("--pause", type=limits.pause, metavar="SECONDS",
                   help="pause after a move played for you (default 0.8 on a terminal)")
    p.add_argument("--resume", metavar="FILE", help="go on with a game saved with 'save FILE'")
    p.set_defaults(run=_play)

    p = sub.add_parser("serve", help="host tables to play in the browser (the web extra)")
    _source_args(p)
    _game_args(p)
    p.add_argument("--seats", default="human", metavar="KIND[,KIND...]",
                   help="per seat 'human' or a bot (greedy, random, ismcts:200); seats not "
                        "named get greedy bots (default: human)")
    p.add_argument("--seed", type=_seed, help="seed of the first table (default: random)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--save", metavar="DIR",
                   help="save every table here after each move, and resume the tables "
                        "saved here when the server starts")
    p.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS",
                   help="pause after each bot move so people can follow (default 0.6)")
    p.set_defaults(run=_serve)

    p = sub.add_parser("replay", help="step through a saved game record")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--to", type=int, help="show only the table after action N")
    p.add_argument("--seat", type=int, help="show what this seat could see")
    p.add_argument("--ascii", action="store_true", help="suits as letters, not symbols")
    p.set_defaults(run=_replay)

    p = sub.add_parser("rules", help="print a variant's rules in plain English, as configured")
    _source_args(p)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="an option value (YAML scalar or list); may be repeated")
    p.set_defaults(run=_rules)

    p = sub.add_parser("spaces", help="show the action index and observation layout")
    _source_args(p)
    p.add_argument("--players", type=limits.players)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="an option value (YAML scalar or list); may be repeated")
    p.set_defaults(run=_spaces)

    p = sub.add_parser("check", help="run the conformance suite on a variant or rule file")
    p.add_argument("variant", metavar="VARIANT_OR_FILE")
    p.add_argument("--games", type=limits.games, default=200)
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="an option value (YAML scalar or list); may be repeated")
    p.add_argument("--bound", type=limits.whole(1, limits.MAX_GAME_ACTIONS), default=20000,
                   help="actions after which a game counts as never ending")
    p.add_argument("--players", type=_counts, default=(), metavar="N[,N...]",
                   help="numbers of players to check (default: every number allowed)")
    p.add_argument("--bots", default="", metavar="NAME[,NAME...]",
                   help="bots that play the games, in turn (default: random, greedy, ismcts)")
    p.add_argument("--leaks", type=_share, default=1.0, metavar="SHARE",
                   help="share of the states searched for leaking views, drawn by lot "
                        "(default 1: every state; e.g. 0.1 for long runs)")
    p.add_argument("--out", default="cardrules-failure.json",
                   help="where to write the smallest failing game record")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(run=_check)

    p = sub.add_parser("schema", help="print the JSON Schema of rule files (for editors)")
    p.add_argument("--out", metavar="FILE", help="write it to FILE instead of printing it")
    p.set_defaults(run=_schema)
    return parser


def _source_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", nargs="?", metavar="VARIANT", help="a variant name or rule file")
    p.add_argument("--file", help="a house-rule file (used instead of VARIANT)")


def _game_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=limits.players)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="an option value (YAML scalar or list); may be repeated")
    p.add_argument("--match", action="store_true", help="whole matches, not single deals")


# -- validate and options -------------------------------------------------------------

def _validate(args: argparse.Namespace) -> int:
    """Check each file with its defaults, then with each other value of each option (one
    option changed at a time): a value whose patch breaks the file is a problem too."""
    from cardrules.loader.load import load, load_variant
    from cardrules.tools.option_space import one_at_a_time

    status = 0
    for path in args.files:
        try:
            settings = one_at_a_time(load(path).variant)
        except CardrulesError as exc:
            status = 1
            _print_problems(path, "", exc)
            continue
        broken = 0
        for setting in settings[1:]:
            try:
                load_variant(path, options=setting)
            except CardrulesError as exc:
                broken += 1
                ((name, value),) = setting.items()
                _print_problems(path, f" with option {name}={_option_text(value)}", exc)
        status = status or int(broken > 0)
        if not broken:
            print(f"{path}: ok")
    return status


def _print_problems(path: str, where: str, exc: CardrulesError) -> None:
    if isinstance(exc, VariantError):
        count = len(exc.problems)
        print(f"{path}{where}: {count} problem{'s' if count != 1 else ''}")
        print("\n".join(_problem_lines(exc, path)))
    else:
        print(f"{path}{where}: {exc}")


def _option_text(value: object) -> str:
    """An option value as written on the command line (``--option KEY=VALUE``)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_option_text(v) for v in value) + "]"
    return str(value)


def _list(args: argparse.Namespace) -> int:
    """Each game known by name: its name, number of players and title."""
    from cardrules.loader.load import load_variant
    from cardrules.loader.resources import builtin_variants

    known = builtin_variants()
    width = max((len(name) for name in known), default=0)
    status = 0
    for name in sorted(known):
        try:
            variant, _ = load_variant(name)
        except VariantError as exc:
            print(f"{name:<{width}}  cannot be loaded: {exc.problems[0].message}")
            status = 1
            continue
        low, high = variant.players.min, variant.players.max
        players = f"{low} players" if low == high else f"{low}-{high} players"
        print(f"{name:<{width}}  {players:<12}  {variant.title or name}")
    return status


def _source(args: argparse.Namespace) -> Source:
    from cardrules.loader.resources import builtin_variants
    source: str | None = args.file or args.variant
    if not source:
        known = ", ".join(sorted(builtin_variants()))
        raise CardrulesError(f"name a variant ({known}) or give --file")
    return source


def _options(args: argparse.Namespace) -> int:
    from cardrules.loader.load import load
    game = load(_source(args))
    for option in game.variant.options:
        print(f"{option.name}: {option.description}")
        print(f"  value in force: {_yaml(option.default)}")
        print(f"  allowed: {option.allowed()}")
        for value in option.values:
            note = option.descriptions.get(value, "")
            print(f"    {value}" + (f": {note}" if note else ""))
    return 0


def _yaml(value: object) -> str:
    import yaml
    text = yaml.safe_dump(value, default_flow_style=True).strip()
    return text[:-4].strip() if text.endswith("\n...") else text.removesuffix("...").strip()


def _parse_options(items: Sequence[str]) -> dict[str, object]:
    options: dict[str, object] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise CardrulesError(f"write options as KEY=VALUE, not {item!r}")
        options[key.strip()] = _scalar(text)
    return options


def _scalar(text: str) -> Any:
    import yaml
    try:
        return yaml.safe_load(text) if text.strip() else ""
    except yaml.YAMLError as exc:
        raise CardrulesError(f"cannot read option value {text!r}: {exc}") from None


def _bot_names(text: str, seats: int) -> list[str]:
    from cardrules.tools.bots import make_bot
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        try:
            make_bot(name)
        except CardrulesError as exc:
            raise UsageError(str(exc)) from None
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise UsageError(f"give one bot name or {seats} (one per seat), not {len(names)}")
    return names


def _game(args: argparse.Namespace, options: dict[str, object]) -> Game:
    from cardrules.loader.load import load
    _check_players(_source(args), (args.players,) if args.players else (), options)
    return load(_source(args), players=args.players, options=options or None)


def _check_players(source: Source, counts: Sequence[int], options: dict[str, object]) -> None:
    """A usage error unless the variant is for each of ``counts`` players."""
    from cardrules.loader.load import load
    if not counts:
        return
    allowed = load(source, options=options or None).variant.players
    wrong = [n for n in counts if not allowed.min <= n <= allowed.max]
    if wrong:
        raise UsageError(f"--players: this game is for {allowed.min} to {allowed.max} "
                         f"players, not {wrong[0]}")


# -- simulate --------------------------------------------------------------------------

def _simulate(args: argparse.Namespace) -> int:
    from cardrules.tools.simulate import simulate
    options = _parse_options(args.option)
    game = _game(args, options)
    bots = _bot_names(args.bots, game.players)
    values: list[Any] = [None]
    key = ""
    if args.compare:
        key, sep, text = args.compare.partition("=")
        key = key.strip()
        values = _scalar(f"[{text}]") if sep and key else []
        if not isinstance(values, list) or not values:
            raise UsageError(f"write --compare OPTION=V1,V2,... (one or more values), "
                             f"not {args.compare!r}")
    if len(values) > limits.MAX_SETTINGS:
        raise UsageError(f"--compare: at most {limits.MAX_SETTINGS} values, not {len(values)}")
    summaries = []
    for value in values:
        chosen = {**options, key: value} if key else options
        summaries.append(simulate(
            _source(args), players=game.players, games=args.games, seed=args.seed,
            options=chosen or None, bots=bots, match=args.match, workers=args.workers,
            progress=True if args.progress else None))
    if args.json:
        data: Any = summaries[0].to_json() if not key else {
            "compare": key, "values": values, "results": [s.to_json() for s in summaries]}
        write_whole(sys.stdout, json.dumps(data, sort_keys=True) + "\n")
    elif args.csv:
        for value, summary in zip(values, summaries):
            text = summary.to_csv()
            if key:
                head, *rows = text.splitlines()
                text = "\n".join([f"{key},{head}"] + [f"{_yaml(value)},{r}" for r in rows]) + "\n"
            if key and value is not values[0]:
                text = text.split("\n", 1)[1]
            sys.stdout.write(text)
    else:
        for value, summary in zip(values, summaries):
            if key:
                print(f"== {key} = {_yaml(value)}")
            print("\n".join(summary_lines(summary)))
        if key:
            print("\n".join(compare_lines(key, values, summaries)))
    return 0


RAY_ADDRESS = re.compile(r"(auto|local|(ray://)?[A-Za-z0-9.\-]+:[0-9]{1,5})")
"""The Ray cluster addresses ``study --address`` takes: ``auto``, ``local``,
``HOST:PORT`` or ``ray://HOST:PORT``."""


def _check_study_args(args: argparse.Namespace) -> None:
    """Usage errors for ``study --out`` and ``--address``, before any work starts."""
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {args.out!r} is not a folder: name a folder for the report "
                         f"(made if missing)")
    parent = next((p for p in out.absolute().parents if p.exists()), None)
    if not out.exists() and parent is not None and not parent.is_dir():
        raise UsageError(f"--out {args.out!r} lies under {str(parent)!r}, which is not a "
                         f"folder: name a folder for the report (made if missing)")
    if args.address is not None and args.backend != "ray":
        raise UsageError("--address names a Ray cluster: use it with --backend ray")
    if args.address is not None and not RAY_ADDRESS.fullmatch(args.address):
        raise UsageError(f"--address {args.address[:80]!r} is not a Ray cluster address: "
                         f"write auto, local, HOST:PORT or ray://HOST:PORT")


def _study(args: argparse.Namespace) -> int:
    from cardrules.tools.simulate import ProgressBar
    from cardrules.tools.study import Setting, StudyPlan, run_study, write_report
    _check_study_args(args)
    options = _parse_options(args.option)
    game = _game(args, options)
    bots = tuple(_bot_names(args.bots, game.players))
    settings: list[Setting] = []
    if args.compare:
        key, sep, text = args.compare.partition("=")
        key = key.strip()
        option = next((o for o in game.variant.options if o.name == key), None)
        if option is None:
            known = ", ".join(o.name for o in game.variant.options) or "none"
            raise UsageError(f"--compare: {game.source} has no option {key!r} (options: {known})")
        values = _scalar(f"[{text}]") if sep else list(option.values)
        if not isinstance(values, list) or not values:
            raise UsageError(f"write --compare OPTION=V1,V2,... or --compare OPTION, "
                             f"not {args.compare!r}")
        default = game.options[key]
        if default not in values:
            settings.append(Setting(label=f"{key}={_yaml(default)} (default)"))
        settings += [Setting(label=f"{key}={_yaml(v)}" + (" (default)" if v == default else ""),
                             options={key: v}) for v in values]
        settings.sort(key=lambda s: "(default)" not in s.label)
    for text in args.compare_bots:
        settings.append(Setting(label=f"bots {text}",
                                bots=tuple(_bot_names(text, game.players))))
    if not settings:
        settings.append(Setting(label="as given"))
    if len(settings) > limits.MAX_SETTINGS:
        raise UsageError(f"--compare and --compare-bots: at most {limits.MAX_SETTINGS} "
                         f"settings, not {len(settings)}")
    plan = StudyPlan(variant=str(_source(args)), players=game.players, games=args.games,
                     seed=args.seed, settings=tuple(settings), options=options, bots=bots,
                     match=args.match)
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"--out {args.out!r}: cannot make the folder "
                         f"({exc.strerror or exc}); name a folder you may write") from None
    saved = out / "games.jsonl"
    if args.fresh:
        saved.unlink(missing_ok=True)
    bar = ProgressBar(plan.games * len(settings))
    found = run_study(plan, backend=args.backend, workers=args.workers, address=args.address,
                      checkpoint=saved, progress=bar.show)
    bar.close()
    for path in write_report(found, out, plots=not args.no_plots):
        print(f"wrote {path}")
    print("\n".join(found.summary))
    return 0


def summary_lines(s: Summary) -> list[str]:
    """A readable table of a summary."""
    kind = "matches" if s.match else "deals"
    lines = [f"{s.variant}: {s.players} players, {s.games} {kind}, seed {s.seed}, "
             f"bots {','.join(s.bots)}",
             f"actions per deal: mean {s.mean_actions:.1f}, median {s.median_actions:g}; "
             f"{s.total_actions} in all"]
    if s.deals_per_match is not None:
        lines.append(f"deals per match: {s.deals_per_match:.2f}")
    if any(len(team) > 1 for team in s.partnerships):
        teams = ", ".join("+".join(f"P{p}" for p in team) for team in s.partnerships)
        lines.append(f"partnerships: {teams} (partners share each win)")
    payout = s.mean_payout is not None
    if s.names_loser:  # the goal names a loser: how often each seat was it
        head, figures = "losses", [(s.losses[p], s.losses[p] / s.games, s.loss_interval[p])
                                   for p in range(s.players)]
    else:
        head, figures = "wins", [(s.wins[p], s.win_rate[p], s.win_interval[p])
                                 for p in range(s.players)]
    rate = "loss rate" if s.names_loser else "win rate"
    lines.append(f"{'seat':<5}{'bot':<8}{head:>6}{rate:>10}  {'95% CI':<17}"
                 f"{'mean score':>11}" + (f"{'payout':>9}" if payout else ""))
    for p, (count, share, (low, high)) in enumerate(figures):
        row = (f"{p:<5}{s.bots[p]:<8}{count:>6}{share:>10.1%}  "
               f"{f'[{low:.1%}, {high:.1%}]':<17}{s.mean_score[p]:>11.1f}")
        if s.mean_payout is not None:
            row += f"{s.mean_payout[p]:>9.1f}"
        lines.append(row)
    even = f"(even: {1 / len(s.partnerships):.1%})"
    if s.names_loser:
        low, high = s.starter_loss_interval
        lines.append(f"no sole loser: {s.no_sole_loser}; first mover lost "
                     f"{s.starter_loss_rate:.1%} of deals [{low:.1%}, {high:.1%}] {even}")
    else:
        low, high = s.starter_interval
        lines.append(f"no sole winner: {s.ties}; first mover won {s.starter_win_rate:.1%} of "
                     f"deals [{low:.1%}, {high:.1%}] {even}")
    return lines


def compare_lines(key: str, values: Sequence[Any], summaries: Sequence[Summary]) -> list[str]:
    """The compared runs side by side: win rate and mean score per seat, game length."""
    names = [_yaml(v) for v in values]
    width = max(12, *(len(n) + 2 for n in names))
    lines = [f"== side by side: {key}", f"{'':<16}" + "".join(f"{n:>{width}}" for n in names)]
    lines.append(f"{'actions/deal':<16}" + "".join(f"{s.mean_actions:>{width}.1f}"
                                                   for s in summaries))
    for p in range(summaries[0].players):
        if summaries[0].names_loser:
            lines.append(f"{f'P{p} loss rate':<16}" + "".join(
                f"{s.losses[p] / s.games:>{width}.1%}" for s in summaries))
        else:
            lines.append(f"{f'P{p} win rate':<16}" + "".join(f"{s.win_rate[p]:>{width}.1%}"
                                                             for s in summaries))
        lines.append(f"{f'P{p} mean score':<16}" + "".join(f"{s.mean_score[p]:>{width}.1f}"
                                                           for s in summaries))
    lines.append(f"{'first mover':<16}" + "".join(f"{s.starter_win_rate:>{width}.1%}"
                                                  for s in summaries))
    return lines


# -- play and replay -----------------------------------------------------------------------

LEVELS = {"easy": "greedy", "medium": "ismcts:200", "hard": "ismcts:1500"}
"""``cardrules play --level``: the bot each level seats as the opponents."""


def _table(game: Game, ascii: bool) -> TextRenderer:
    from cardrules.tools.render import TextRenderer, can_encode_symbols
    return TextRenderer.of(game, ascii=ascii or not can_encode_symbols(sys.stdout.encoding))


def _play(args: argparse.Namespace) -> int:
    from cardrules.actions import Action
    from cardrules.engine.record import GameRecord, game_of
    from cardrules.engine.state import State
    from cardrules.tools.bots import make_bot
    from cardrules.tools.terminal import Session
    start: State | None = None
    actions: list[Action] = []
    if args.resume:
        given = [name for name, value in (("VARIANT", args.variant), ("--file", args.file),
                                          ("--players", args.players), ("--seed", args.seed),
                                          ("--option", args.option), ("--match", args.match))
                 if value]
        if given:
            raise UsageError(f"--resume takes the game from the saved record; drop "
                             f"{', '.join(given)}")
        record = GameRecord.read(args.resume)
        game = game_of(record, where=args.resume)
        start = game.replay(record)[-1]
        actions = [game.parse_action(a) for a in record.actions]
        seed, match = record.seed, record.match
    else:
        game = _game(args, _parse_options(args.option))
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        match = args.match
    seats = args.seat
    for seat in seats:
        if not 0 <= seat < game.players:
            raise CardrulesError(f"no seat {seat}: choose 0 to {game.players - 1}")
    names = [n.strip() for n in (args.bots or LEVELS[args.level]).split(",") if n.strip()]
    others = game.players - len(seats)
    if len(names) == others and others:
        for seat in sorted(seats):
            names.insert(seat, names[0])
    elif not names:
        names = ["greedy"]
    bots = [make_bot(n) for n in _bot_names(",".join(names), game.players)]
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    pause = args.pause if args.pause is not None else (0.8 if tty else 0.0)
    session = Session(game, seats=seats, bots=bots, seed=seed, match=match,
                      table=_table(game, args.ascii), out=sys.stdout, read=input,
                      auto=args.auto, pause=max(0.0, pause), interactive=tty, start=start,
                      actions=actions)
    return session.run()


def _serve(args: argparse.Namespace) -> int:
    """``cardrules serve``: the web table (imported only here: nothing else in the
    package depends on :mod:`cardrules.web`)."""
    try:
        from cardrules.web.app import serve
        from cardrules.web.tables import Lobby
    except ImportError as exc:
        raise CardrulesError(f"cardrules serve needs the web extra: pip install "
                             f"'cardrules[web]' ({exc})") from None
    from cardrules.loader.resources import builtin_variants

    source = args.file or args.variant
    lobby = Lobby(args.save, files=[source] if source and source not in builtin_variants()
                  else [],
                  bot_delay=max(0.0, min(args.bot_delay, 10.0)))
    base = f"http://{args.host}:{args.port}"
    for table in lobby.tables.values():
        print(f"resumed table {table.id} ({table.game.variant.name}, "
              f"{len(table.actions)} moves): {base}/t/{table.id}")
    if source:
        seats = [s.strip() for s in args.seats.split(",") if s.strip()]
        table, tokens = lobby.create(str(source), players=args.players,
                                     options=_parse_options(args.option), match=args.match,
                                     seats=seats, seed=args.seed)
        print(f"{table.game.variant.title or table.game.variant.name}: table {table.id}")
        for seat, token in tokens.items():
            print(f"  seat P{seat}: {base}/t/{table.id}#{token}")
        print(f"  spectators: {base}/t/{table.id}")
    print(f"tables and new tables: {base}/  (Ctrl-C stops the server)")
    sys.stdout.flush()
    serve(lobby, host=args.host, port=args.port)
    return 0


def _replay(args: argparse.Namespace) -> int:
    from cardrules.tools.replay_view import replay_record
    return replay_record(args.file, to=args.to, seat=args.seat,
                         table_of=lambda game: _table(game, args.ascii), out=sys.stdout)


# -- rules and check ----------------------------------------------------------------

def _rules(args: argparse.Namespace) -> int:
    from cardrules.loader.load import load
    from cardrules.tools.describe import describe

    game = load(_source(args), options=_parse_options(args.option))
    print("\n".join(describe(game.variant)))
    return 0


def _spaces(args: argparse.Namespace) -> int:
    game = _game(args, _parse_options(args.option))
    space, observation = game.action_space, game.observation
    print(f"{game.variant.name}, {game.players} players: {space.size} action indices, "
          f"observations of {observation.size} values")
    for title, parts in (("actions", space.parts()), ("observation", observation.parts())):
        print(f"{title}:")
        for start, count, what in parts:
            span = f"{start}" if count == 1 else f"{start}-{start + count - 1}"
            print(f"  {span:>13}  {what}")
    return 0


def _check(args: argparse.Namespace) -> int:
    from cardrules.actions import Action
    from cardrules.engine.state import State
    from cardrules.tools.bots import QUICK_BOTS, act, make_bot
    from cardrules.tools.check import run_check
    from cardrules.tools.conformance import Policy

    def policy_of(name: str) -> Policy:
        bot = make_bot(QUICK_BOTS[name])

        def choose(state: State, rng: random.Random) -> Action:
            return act(bot, state, rng)

        return choose

    names = [n for n in args.bots.split(",") if n] if args.bots else list(QUICK_BOTS)
    unknown = [n for n in names if n not in QUICK_BOTS]
    if unknown or len(set(names)) != len(names):
        raise UsageError(f"--bots names each of {', '.join(QUICK_BOTS)} at most once, "
                             f"not {args.bots!r}")
    progress = None
    if sys.stderr.isatty() and not args.json:
        def progress(done: int) -> None:
            rewrite_line(sys.stderr, f"{done}/{args.games} games")

    _check_players(args.variant, args.players, _parse_options(args.option))
    report = run_check(args.variant, games=args.games, seed=args.seed,
                       options=_parse_options(args.option),
                       policies={name: policy_of(name) for name in names},
                       players=args.players, bound=args.bound, leak_share=args.leaks,
                       progress=progress)
    if progress is not None:
        print(file=sys.stderr)
    figures = {"variant": report.variant, "ok": report.ok, "games": report.games,
               "matches": report.matches, "deals": report.deals, "actions": report.actions,
               "longest_game": report.longest_game, "bound": report.bound,
               "players": list(report.players), "bots": list(report.policies),
               "leak_share": report.leak_share, "seconds": round(report.seconds, 1)}
    write_error = ""
    if report.failure is not None:
        record_path = os.path.abspath(args.out)
        try:
            report.failure.record.save(record_path)
        except OSError as exc:
            write_error = (f"cannot write the failing game to {args.out}: "
                           f"{exc.strerror or exc}; give another path with --out")
        figures.update(failure=report.failure.message,
                       record=None if write_error else record_path,
                       record_actions=len(report.failure.record.actions),
                       original_actions=report.failure.original_actions)
        if write_error:
            figures["record_error"] = write_error
    if args.json:
        write_whole(sys.stdout, json.dumps(figures) + "\n")
    else:
        matches = f"{report.matches} whole match{'es' if report.matches != 1 else ''}"
        print(f"{report.variant}: {report.games} games ({matches}) for "
              f"{', '.join(map(str, report.players))} "
              f"player{'s' if report.players != (1,) else ''} with bots "
              f"{', '.join(report.policies)}" + (
                  "" if report.leak_share >= 1 else
                  f"; views searched for leaks in {report.leak_share:.0%} of the states"))
        print(f"  {report.actions} actions and {report.deals} deals checked in "
              f"{report.seconds:.1f} s; longest game {report.longest_game} actions "
              f"(bound {report.bound})")
        if report.failure is None:
            print("  every check passed")
        else:
            print(f"  FAILED: {report.failure.message}")
            print(f"  smallest failing game: {len(report.failure.record.actions)} actions "
                  f"(from {report.failure.original_actions})" + (
                      "" if write_error else f", written to {record_path}; see it with: "
                      f"{replay_command(report.failure.record, record_path)}"))
    if write_error:
        print(f"cardrules: error: {write_error}", file=sys.stderr)
    return 0 if report.ok else 1


def _schema(args: argparse.Namespace) -> int:
    from cardrules.loader.schema import schema_text

    text = schema_text()
    if not args.out:
        write_whole(sys.stdout, text)
        return 0
    try:
        Path(args.out).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CardrulesError(f"cannot write the schema to {args.out}: "
                             f"{exc.strerror or exc}") from None
    print(f"{args.out}: the rule-file schema, written")
    return 0


def replay_command(record: GameRecord, path: str) -> str:
    """A shell command that replays the record saved at ``path`` from any directory: the
    record's rule file must lie inside the record's folder or the current directory, so
    the command changes to the rule file's folder when it lies elsewhere."""
    command = f"cardrules replay {shlex.quote(path)}"
    variant = record.variant
    if os.path.isabs(variant):
        rules = Path(variant).resolve().parent
        if not rules.is_relative_to(Path(path).resolve().parent):
            command = f"cd {shlex.quote(os.fspath(rules))} && {command}"
    return command
