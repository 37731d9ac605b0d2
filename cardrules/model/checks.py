"""Cross-field checks the JSON Schema cannot express (ranks that exist, sizes that fit).

Each check in :data:`SETUP_CHECKS` is a self-contained function of the variant that
yields ``(JSON path, message)`` for what it refuses, so that it can move, as a unit, to
the module of the phase it belongs to.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import Any

import attrs

from cardrules.engine.fields import declared
from cardrules.engine.flow import attribute_names
from cardrules.engine.phased import keeps_record
from cardrules.engine.procedures import Procedure, offering
from cardrules.engine.procedures import find as find_procedure
from cardrules.engine.state_codec import declarable_zones
from cardrules.engine.table import zone_names
from cardrules.engine.turns import When
from cardrules.model import known_valid
from cardrules.model.bounds import MAX_LEGAL_ACTIONS, legal_action_bound
from cardrules.model.match import SCHEDULE, Goal
from cardrules.model.problems import Found, unknown
from cardrules.model.variant import Variant
from cardrules.phases import find as find_phase
from cardrules.phases import word_problems

__all__ = ["SETUP_CHECKS", "check_variant"]


def check_variant(variant: Variant) -> list[Found]:
    """Every cross-field problem of ``variant`` (an empty list when it is sound)."""
    found = list(_common(variant))
    procedure = _procedure(variant)
    if procedure is not None:
        found.extend(procedure.check(variant))
    found.extend(_match(variant))
    for check in SETUP_CHECKS:
        found.extend(check(variant))
    return found


def _procedure(v: Variant) -> Procedure | None:
    """The variant's registered procedure (None: unknown, refused by name elsewhere)."""
    try:
        return find_procedure(v.play.procedure)
    except KeyError:
        return None


def _common(v: Variant) -> Iterator[Found]:
    ranks, suits = v.pack.ranks, v.pack.suits
    for key, values in (("ranks", ranks), ("suits", suits)):
        seen: set[str] = set()
        for i, value in enumerate(values):
            if value in seen:
                yield ("pack", key, i), f"{value!r} appears twice in pack.{key}"
            seen.add(value)
    for rank in v.pack.points:
        if rank not in ranks:
            yield ("pack", "points", rank), unknown("rank", rank, ranks)
    yield from _extra_cards(v)
    yield from _card_points(v)
    yield from _left_out(v)
    yield from _packs(v)
    if v.players.min > v.players.max:
        yield ("players",), f"players.min ({v.players.min}) is above players.max ({v.players.max})"
    for n in range(v.players.max, v.players.min - 1, -1):
        needed = v.deal.largest(n) * n + v.deal.starter + int(v.deal.trump_card)
        size = v.pack.count(n)
        if needed > size:
            yield ("deal",), (f"{n} players need {needed} cards to deal but the pack "
                              f"has {size}")
            break
    procedure = _procedure(v)
    if v.deal.by_lot and procedure is not None and "hand_by_lot" not in procedure.offers:
        yield ("deal", "hand", "by_lot"), (
            f"the {v.play.procedure} procedure cannot draw hand sizes by lot (procedures "
            f"that can: {', '.join(offering('hand_by_lot')) or 'none'})")
    missing = [n for n in range(v.players.min, v.players.max + 1)
               if v.deal.schedule and 0 not in v.deal.schedule and n not in v.deal.schedule]
    if missing:
        yield ("deal", "hand", "by_players"), (
            f"no hand size for {', '.join(map(str, missing))} players; the game is for "
            f"{v.players.min} to {v.players.max}")


def _extra_cards(v: Variant) -> Iterator[Found]:
    """Each extra card and custom face has a name of its own: no card of rank x suit, no
    other extra card or face (case aside); a face's suit and rank are the pack's."""
    ranks, suits = v.pack.ranks, v.pack.suits
    taken = {f"{r}{s}".upper(): f"{r}{s}" for s in suits for r in ranks}
    named: list[tuple[tuple[str | int, ...], str]] = [
        (("pack", "extra", i), name) for i, spec in enumerate(v.pack.extra)
        for name in spec.names]
    named += [(("pack", "faces", i), face.name) for i, face in enumerate(v.pack.faces)]
    for path, name in named:
        if name.upper() in taken:
            what = "custom face" if path[1] == "faces" else "extra card"
            yield path, (f"{what} {name!r} has the name of card {taken[name.upper()]!r}; "
                         f"give it a name of its own")
        taken[name.upper()] = name
    for i, face in enumerate(v.pack.faces):
        if face.suit and face.suit not in suits:
            yield ("pack", "faces", i, "suit"), (
                f"face {face.name!r} has suit {face.suit!r}, which is not a suit of the "
                f"pack ({', '.join(suits)})")
        if face.rank and face.rank not in ranks:
            yield ("pack", "faces", i, "rank"), (
                f"face {face.name!r} has rank {face.rank!r}, which is not a rank of the "
                f"pack ({', '.join(ranks)})")


def _labels(v: Variant) -> tuple[str, ...]:
    """Every card's own name (``9S/2`` for a second copy), or none where the pack cannot
    be built (its names clash: :func:`_extra_cards` says why)."""
    try:
        return v.pack.labels
    except ValueError:
        return ()


def _packs(v: Variant) -> Iterator[Found]:
    """Each ``pack.packs_by_players`` entry is for a number of players the game allows,
    and the copies of a card it makes stay within a pack's eight."""
    for n, k in v.pack.packs_by_players.items():
        path = ("pack", "packs_by_players", str(n))
        if not v.players.min <= n <= v.players.max:
            yield path, (f"packs for {n} players, but the game is for {v.players.min} to "
                         f"{v.players.max}")
        if v.pack.copies * k > 8:
            yield path, (f"{k} packs of {v.pack.copies} copies each make {v.pack.copies * k} "
                         "copies of a card; a pack holds at most 8")


def _left_out(v: Variant) -> Iterator[Found]:
    """Each ``pack.left_out`` entry names cards of the pack, each once, for a number of
    players the game allows, and leaves some card in the pack."""
    ranks, suits, players = v.pack.ranks, v.pack.suits, v.players
    names = {f"{r}{s}".upper(): f"{r}{s}" for s in suits for r in ranks}
    names.update((name.upper(), name) for name in v.pack.extra_names)
    if v.pack.copies > 1 or v.pack.faces:
        names.update((name.upper(), name) for name in _labels(v))
    by_players = v.pack.left_out.by_players
    for n, given in by_players.items():
        path: tuple[str | int, ...] = ("pack", "left_out") if n == 0 else \
            ("pack", "left_out", "by_players", str(n))
        if n and not players.min <= n <= players.max:
            yield path, (f"cards left out for {n} players, but the game is for "
                         f"{players.min} to {players.max}")
        seen: set[str] = set()
        for i, name in enumerate(given):
            card = names.get(name.upper())
            if card is None:
                yield (*path, i), (
                    f"{name!r} is no card of the pack (a rank then a suit, e.g. "
                    f"{ranks[-1]}{suits[0]}, or an extra card; a copy past the first "
                    f"as 9S/2)")
            elif card in seen:
                yield (*path, i), f"{name!r} names card {card} again"
            seen.add(card or name)
        if len(seen) >= len(names):
            yield path, "every card of the pack is left out"


def _card_points(v: Variant) -> Iterator[Found]:
    """Each ``pack.card_points`` key names a suit of the pack or one of its cards, once."""
    ranks, suits = v.pack.ranks, v.pack.suits
    names = {f"{r}{s}".upper(): f"{r}{s}" for s in suits for r in ranks}
    names.update((name.upper(), name) for name in v.pack.extra_names)
    names.update((face.name.upper(), face.name) for face in v.pack.faces)
    seen: dict[str, str] = {}
    for key in v.pack.card_points:
        if key in suits:
            continue
        card = names.get(key.upper())
        if card is None:
            yield ("pack", "card_points", key), (
                f"{key!r} is neither a suit ({', '.join(suits)}) nor a card of the pack "
                f"(a rank then a suit, e.g. {ranks[-1]}{suits[0]}, or an extra card)")
        elif card in seen:
            yield ("pack", "card_points", key), f"{key!r} names card {card} again " \
                                                f"(as {seen[card]!r})"
        else:
            seen[card] = key


def _match(v: Variant) -> Iterator[Found]:
    spec = v.match
    if spec.goal is Goal.REACH_TARGET and spec.target <= 0:
        yield ("match", "target"), "goal reach_target needs a target above 0"
    if spec.mercy is not None and spec.goal is not Goal.REACH_TARGET:
        yield ("match", "mercy"), f"mercy ends a match of goal reach_target only, not " \
                                  f"{spec.goal.value}"
    for name in ("box_bonus", "game_bonus"):
        if getattr(spec, name) and spec.goal is not Goal.REACH_TARGET:
            yield ("match", name), f"{name} is added once a match of goal reach_target is " \
                                   f"won, not {spec.goal.value}"
    if spec.scoreless_deal is not None and spec.scoreless_deal.next_factor < 1:
        yield ("match", "scoreless_deal", "next_factor"), "next_factor must be 1 or more"
    if spec.goal is Goal.AVOID_LOSING_TOTAL and spec.losing_total <= 0:
        yield ("match", "losing_total"), "goal avoid_losing_total needs a losing_total above 0"
    if spec.goal is Goal.LOWEST_TOTAL and spec.target <= 0:
        yield ("match", "target"), "goal lowest_total needs a target above 0"
    if spec.goal in (Goal.FIXED_DEALS, Goal.LOWEST_AFTER_DEALS):
        yield from _fixed_deals(v)
        if spec.target and spec.deals:
            yield ("match", "target"), (
                f"goal {spec.goal.value} ends after its deals, not at a target, but a target "
                f"of {spec.target} is set too (from the file this one extends, or an option "
                f"that sets match.target, perhaps): drop it with 'target: null'")
        elif spec.target:
            yield ("match", "target"), (f"goal {spec.goal.value} ends after a number of "
                                        "deals, not at a target: give deals, not target")
    elif spec.deals:
        yield ("match", "deals"), (f"deals is the length of a match of goal fixed_deals "
                                   f"or lowest_after_deals, not {spec.goal.value}")
    if spec.pot is None:
        return
    if spec.goal is not Goal.AVOID_LOSING_TOTAL:
        yield ("match", "pot"), "a pot is shared by winners of goal avoid_losing_total only"
    for pattern, shares in spec.pot.split.items():
        path = ("match", "pot", "split", pattern)
        winners = sum(int(g) for g in pattern.split("+"))
        if len(shares) != winners:
            yield path, f"pattern {pattern} has {winners} winner(s) but {len(shares)} share(s)"
        total = sum(shares, Fraction(0))
        if total != 1:
            yield path, (f"shares of pattern {pattern} add up to {float(total) * 100:g}%, "
                         "not 100% (write thirds as \"1/3\")")
    for winners in range(1, v.players.max):
        for pattern in _patterns(winners):
            if pattern not in spec.pot.split:
                yield ("match", "pot", "split"), (
                    f"no shares for {winners} winner(s) finishing as {pattern}")


def _fixed_deals(v: Variant) -> Iterator[Found]:
    """The deals of a ``fixed_deals`` (or ``lowest_after_deals``) match: a number, or one
    pass through a schedule."""
    spec = v.match
    goal = spec.goal.value
    if spec.deals == SCHEDULE:
        if not v.deal.schedule:
            yield ("match", "deals"), ("deals: schedule plays one deal per entry of the "
                                       "hand-size schedule, but deal.hand is one number: "
                                       "give deal.hand a schedule or deals a number")
            return
        counts = {n: spec.deal_count(v.deal.sizes(n))
                  for n in range(v.players.min, v.players.max + 1)}
    else:
        counts = {0: spec.deal_count(())}
    for n, count in counts.items():
        players = f" with {n} players" if n else ""
        if count <= 0:
            yield ("match", "deals"), f"goal {goal} needs a number of deals above 0"
        elif count > spec.max_deals:
            yield ("match", "deals"), (f"goal {goal}: {count} deals{players} are more "
                                       f"than max_deals ({spec.max_deals})")
            return


def _patterns(winners: int) -> Iterator[str]:
    """Every tie pattern of ``winners`` players (compositions of the number)."""
    if winners == 0:
        yield ""
        return
    for first in range(1, winners + 1):
        for rest in _patterns(winners - first):
            yield str(first) + ("+" + rest if rest else "")


# Set-up checks: degenerate games refused at load ----------------------------------------

def check_players(v: Variant) -> Iterator[Found]:
    """Refuses ``players.min`` below 2: nobody to play against, and a deal never ends;
    unless the procedure's rules play the other side (a house), which allows 1."""
    procedure = _procedure(v)
    fewest = procedure.fewest_players if procedure is not None else 2
    if v.players.min < fewest:
        yield ("players", "min"), (f"a game needs at least {fewest} players; players.min "
                                   f"is {v.players.min}")


def check_hand_size(v: Variant) -> Iterator[Found]:
    """Refuses ``deal.hand: 0``: a deal of empty hands is over before anyone moves."""
    if v.deal.hand < 1:
        yield ("deal", "hand"), "every player must be dealt at least 1 card; deal.hand is 0"


def check_zones(v: Variant) -> Iterator[Found]:
    """Refuses a ``zones:`` entry that no zone of the game has (it would be ignored
    without a word), and a visibility the zone's owner does not honour (a hidden pile
    whose top card every view shows, say).  The zones, what each honours and who owns it
    come from the state declarations of the procedure and of the listed phases."""
    procedure = _procedure(v)
    if procedure is None:
        return
    allowed = dict(procedure.zones())
    owner = dict.fromkeys(allowed, f"the {v.play.procedure} procedure")
    for entry in v.phases:  # a listed phase's own zones may be declared too
        try:
            fields = find_phase(entry.name).fields
        except KeyError:
            continue  # check_phases names it
        if fields is not None:
            own = declarable_zones(fields)
            allowed.update(own)
            owner.update(dict.fromkeys(own, f"the {entry.name} phase"))
    phased = len(set(owner.values())) > 1
    for name, visibility in v.zones.items():
        if name not in allowed:
            yield ("zones", name), (
                f"the {v.play.procedure} procedure and its listed phases have no zone "
                f"{name!r}; their zones: {', '.join(allowed)}" if phased else
                f"the {v.play.procedure} procedure has no zone {name!r}; its zones: "
                f"{', '.join(allowed)}")
        elif visibility not in allowed[name]:
            yield ("zones", name), (
                f"{owner[name]} cannot keep its {name} {visibility.value}; allowed: "
                f"{', '.join(x.value for x in allowed[name])}")


def check_phases(v: Variant) -> Iterator[Found]:
    """Refuses a ``phases:`` entry that names no registered phase (listing the known ones),
    a section its phase's schema refuses, settings its phase's own checks refuse, a
    phase that runs before the deal (or between deals) listed after one that deals or
    runs after the deal, a second phase that deals in place of the procedure or one
    listed after a phase that runs after the deal, any of these in a game whose
    procedure deals before any phase, and a phase that runs at a point of play (between
    tricks) the game's procedure does not pause at."""
    after: str | None = None
    dealing: str | None = None
    for index, entry in enumerate(v.phases):
        try:
            phase = find_phase(entry.name)
        except KeyError as exc:
            yield ("phases", index), str(exc.args[0])
            continue
        refused = word_problems(phase)
        if refused is not None:
            yield ("phases", index, entry.name), refused
            continue
        errors = _section_problems(phase.schema, entry.section)
        when = When.BEFORE_DEAL if phase.before_deal else phase.when
        if not errors:
            settings = phase.settings(entry.section)
            when = phase.timing(settings)
        if when is When.INSTEAD_OF_DEAL and dealing is not None:
            yield ("phases", index), (
                f"{entry.name} deals the cards, but {dealing} already does: one listed "
                f"phase at most deals in place of the procedure")
        elif when is When.INSTEAD_OF_DEAL and after is not None:
            yield ("phases", index), (
                f"{entry.name} deals the cards, so it comes before {after}, which runs "
                f"after the deal")
        if when is When.INSTEAD_OF_DEAL:
            dealing = dealing or entry.name
        elif not when.undealt:
            after = after or entry.name
        elif after is not None or dealing is not None:
            yield ("phases", index), (
                f"{entry.name} runs {_before(when)}, so it comes before "
                f"{dealing or after}, which {'deals' if dealing else 'runs after the deal'}")
        if (when.undealt or when is When.INSTEAD_OF_DEAL) and not _deals_after_phases(v):
            yield ("phases", index), (
                f"{entry.name} runs {_before(when)}, but the "
                f"{v.play.procedure} procedure deals before any listed phase")
        if not when.before_play and not _pauses_at(v, when):
            yield ("phases", index), (
                f"{entry.name} runs {when.words}, but the {v.play.procedure} procedure "
                f"does not pause there")
        for path, message in errors:
            yield ("phases", index, entry.name, *path), message
        for zone in phase.zones:
            if zone not in _zones_to_work(v):
                yield ("phases", index), (
                    f"{entry.name} works on the {zone} zone, which the {v.play.procedure} "
                    f"procedure does not have (its zones: "
                    f"{', '.join(sorted(_zones_to_work(v))) or 'none'})")
        if not errors:
            for problem in phase.check(settings, v):
                yield ("phases", index, entry.name), problem
            bound = phase.action_bound(settings, v)
            if bound > MAX_LEGAL_ACTIONS:
                yield ("phases", index, entry.name), (
                    f"a state of this phase may offer up to {bound:,} legal actions, more "
                    f"than the limit of {MAX_LEGAL_ACTIONS:,}")


def _section_problems(schema: Mapping[str, Any], section: Any,
                      ) -> list[tuple[tuple[str | int, ...], str]]:
    """The path and message of each way a listed phase's ``section`` breaks the phase's
    JSON ``schema``, in order of path; none, without the check, for a section of a
    shipped file known valid (:mod:`cardrules.model.known_valid`).

    >>> _section_problems({"type": "object", "required": ["count"]}, {})
    [((), "'count' is a required property")]
    """
    try:
        text = json.dumps([schema, section], sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):  # not JSON data: the schema will say what is wrong
        text = None
    key = known_valid.digest("phase section", text) if text is not None else None
    if key is not None and known_valid.known(key):
        return []
    import jsonschema  # here: its import is costly, and a shipped game needs none

    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(section),
                    key=lambda e: list(e.path))
    if not errors and key is not None:
        known_valid.found_valid(key)
    return [(tuple(e.path), e.message) for e in errors]


def check_phase_fields(v: Variant) -> Iterator[Found]:
    """Refuses a listed phase whose state fields are named like a field of a phase listed
    before it (both are kept in one phase record, :mod:`cardrules.engine.phased`) or like
    a declared field of the procedure's state (the same name in JSON, views and
    ``setup``), or, in a game whose procedure's state keeps no phase record (a
    third-party family's may not) and so takes the phases' fields itself, like any
    attribute of that state (its methods, the attributes of its optional field groups):
    one would overwrite the other.  Rule files cannot cause this; a plug-in phase's
    author renames the field."""
    procedure = _procedure(v)
    taken: dict[str, str] = {}
    if any(not _known_phase(entry.name) for entry in v.phases):
        return  # check_phases names it (and a procedure's field mixins may look phases up)
    if procedure is not None:
        owner = f"the {v.play.procedure} procedure's state"
        classes = (procedure.state_class, *procedure.field_mixins(v))
        if keeps_record(procedure.state_class):  # only the declared fields' names meet
            names = {d.attribute for cls in classes for d in declared(cls)}  # in JSON
        else:
            names = {name for cls in classes for name in attribute_names(cls)}
        taken = dict.fromkeys(names, owner)
    for index, entry in enumerate(v.phases):
        fields = find_phase(entry.name).fields
        if fields is None:
            continue
        for item in attrs.fields(fields):
            if item.name in taken:
                yield ("phases", index), (
                    f"the {entry.name} phase keeps a field named {item.name}, like "
                    f"{taken[item.name]}: the phase's author must rename it")
        taken.update(dict.fromkeys((item.name for item in attrs.fields(fields)),
                                   f"the {entry.name} phase"))


def _known_phase(name: str) -> bool:
    try:
        find_phase(name)
    except KeyError:
        return False
    return True


def _before(when: When) -> str:
    """Where a phase runs before play, in words."""
    if when is When.INSTEAD_OF_DEAL:
        return "in place of the deal"
    if when is When.BETWEEN_DEALS:
        return "between deals, before the cards are dealt"
    return "before the cards are dealt"


def _zones_to_work(v: Variant) -> frozenset[str]:
    """The zones a listed phase may move cards in: the procedure's (with the field mixins
    it adds for ``v``); every zone when the procedure is unknown (refused by name)."""
    procedure = _procedure(v)
    if procedure is None:
        return frozenset(phase_zone for entry in v.phases for phase_zone in
                         _listed_zones(entry.name))
    found = set(zone_names(procedure.state_class))
    for mixin in procedure.field_mixins(v):
        found |= zone_names(mixin)
    return frozenset(found)


def _listed_zones(name: str) -> tuple[str, ...]:
    try:
        return find_phase(name).zones
    except KeyError:
        return ()


def _pauses_at(v: Variant, when: When) -> bool:
    procedure = _procedure(v)
    return procedure is None or when in procedure.pauses  # None: refused by name


def _deals_after_phases(v: Variant) -> bool:
    procedure = _procedure(v)
    return procedure is None or procedure.deals_after_phases  # None: refused by name


def check_card_names(v: Variant) -> Iterator[Found]:
    """Refuses rank (or suit) names that differ only in case, such as ``a`` and ``A``.

    Cards are read case-insensitively (``9h`` is ``9H``), so such names would make
    ``aS`` ambiguous.
    """
    for key, values in (("ranks", v.pack.ranks), ("suits", v.pack.suits)):
        seen: dict[str, str] = {}
        for i, value in enumerate(values):
            folded = value.upper()
            if folded in seen and seen[folded] != value:
                yield ("pack", key, i), (
                    f"{value!r} and {seen[folded]!r} differ only in case; cards are read "
                    "without regard to case, so give them different names")
            seen.setdefault(folded, value)


def check_action_bound(v: Variant) -> Iterator[Found]:
    """Refuses rules under which a state may offer more than ``MAX_LEGAL_ACTIONS`` legal
    actions (see :func:`cardrules.model.bounds.legal_action_bound`)."""
    procedure = _procedure(v)
    if procedure is None:
        return
    bound = legal_action_bound(v)
    if bound > MAX_LEGAL_ACTIONS:
        yield procedure.bound_path, (
            f"a state could offer up to {bound:,} legal actions (the limit is "
            f"{MAX_LEGAL_ACTIONS:,}): fewer cards per hand, shorter leads, smaller "
            "combinations or groups, or one answer mode keep the choice manageable")


SETUP_CHECKS: tuple[Callable[[Variant], Iterator[Found]], ...] = (
    check_players, check_hand_size, check_zones, check_card_names, check_action_bound, check_phases,
    check_phase_fields,
)
"""Checks of degenerate set-ups, run by :func:`check_variant` after the others."""
