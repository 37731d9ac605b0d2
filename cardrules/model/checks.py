"""Cross-field checks the JSON Schema cannot express (ranks that exist, sizes that fit).

Each check in :data:`SETUP_CHECKS` is a self-contained function of the variant that
yields ``(JSON path, message)`` for what it refuses, so that it can move, as a unit, to
the module of the phase it belongs to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction

import jsonschema

from cardrules.engine.procedures import find as find_procedure
from cardrules.engine.state_codec import declarable_zones
from cardrules.errors import CardrulesError
from cardrules.families.bouts.checks import check_bouts
from cardrules.families.bouts.model import BoutsPlay
from cardrules.families.shedding.checks import effect_problems
from cardrules.families.shedding.model import (
    BonusWhen,
    GroupKind,
    HandPenaltyMode,
    RankClause,
    SheddingPlay,
    SheddingScoring,
    Then,
    TrumpMode,
)
from cardrules.families.tricks.checks_stock import check_stock
from cardrules.families.tricks.model import (
    Condition,
    DrawOrder,
    Follow,
    Partners,
    TrickScoring,
    TricksPlay,
    TrumpSource,
)
from cardrules.model.bounds import MAX_LEGAL_ACTIONS, legal_action_bound
from cardrules.model.match import SCHEDULE, Goal
from cardrules.model.variant import Variant
from cardrules.phases import find as find_phase
from cardrules.phases import known as known_phases

__all__ = ["SETUP_CHECKS", "check_variant"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""


def check_variant(variant: Variant) -> list[Found]:
    """Every cross-field problem of ``variant`` (an empty list when it is sound)."""
    found = list(_common(variant))
    if isinstance(variant.play, SheddingPlay):
        found.extend(_shedding(variant))
    elif isinstance(variant.play, TricksPlay):
        found.extend(_tricks(variant))
        found.extend(_tricks_restrictions(variant))
        found.extend(check_stock(variant))
    elif isinstance(variant.play, BoutsPlay):
        found.extend(check_bouts(variant))
    found.extend(_match(variant))
    for check in SETUP_CHECKS:
        found.extend(check(variant))
    return found


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
            yield ("pack", "points", rank), _unknown("rank", rank, ranks)
    yield from _card_points(v)
    if v.players.min > v.players.max:
        yield ("players",), f"players.min ({v.players.min}) is above players.max ({v.players.max})"
    size = len(ranks) * len(suits)
    for n in range(v.players.max, v.players.min - 1, -1):
        needed = v.deal.largest(n) * n + v.deal.starter + int(v.deal.trump_card)
        if needed > size:
            yield ("deal",), (f"{n} players need {needed} cards to deal but the pack "
                              f"has {size}")
            break
    missing = [n for n in range(v.players.min, v.players.max + 1)
               if v.deal.schedule and 0 not in v.deal.schedule and n not in v.deal.schedule]
    if missing:
        yield ("deal", "hand", "by_players"), (
            f"no hand size for {', '.join(map(str, missing))} players; the game is for "
            f"{v.players.min} to {v.players.max}")


def _card_points(v: Variant) -> Iterator[Found]:
    """Each ``pack.card_points`` key names a suit of the pack or one of its cards, once."""
    ranks, suits = v.pack.ranks, v.pack.suits
    names = {f"{r}{s}".upper(): f"{r}{s}" for s in suits for r in ranks}
    seen: dict[str, str] = {}
    for key in v.pack.card_points:
        if key in suits:
            continue
        card = names.get(key.upper())
        if card is None:
            yield ("pack", "card_points", key), (
                f"{key!r} is neither a suit ({', '.join(suits)}) nor a card of the pack "
                f"(a rank then a suit, e.g. {ranks[-1]}{suits[0]})")
        elif card in seen:
            yield ("pack", "card_points", key), f"{key!r} names card {card} again " \
                                                f"(as {seen[card]!r})"
        else:
            seen[card] = key


def _unknown(kind: str, value: str, allowed: tuple[str, ...]) -> str:
    return f"unknown {kind} {value!r}; the pack has {', '.join(allowed)}"


def _shedding(v: Variant) -> Iterator[Found]:
    play = v.play
    assert isinstance(play, SheddingPlay)
    ranks, suits = v.pack.ranks, v.pack.suits
    for i, clause in enumerate(play.beats):
        if isinstance(clause, RankClause) and clause.rank not in ranks:
            yield ("play", "beats", i, "rank"), _unknown("rank", clause.rank, ranks)
    for i, wild in enumerate(play.wild):
        if wild.rank not in ranks:
            yield ("play", "wild", i, "rank"), _unknown("rank", wild.rank, ranks)
    for rank in play.after_turn:
        if rank not in ranks:
            yield ("play", "after_turn", rank), _unknown("rank", rank, ranks)
    for i, rank in enumerate(play.cover_takes):
        if rank not in ranks:
            yield ("play", "cover_takes", i), _unknown("rank", rank, ranks)
    for i, group in enumerate(play.groups):
        limit = len(suits) if group.kind is GroupKind.SAME_RANK else len(ranks)
        if group.size > limit:
            yield ("play", "groups", i, "size"), (
                f"a {group.kind.value} group of {group.size} cannot be made from this pack "
                f"(at most {limit})")
    yield from _shedding_additions(v, play)
    yield from effect_problems(v)
    trumps = play.trumps
    for key, listed in (("shared", trumps.shared), ("ranked", trumps.ranked)):
        for i, suit in enumerate(listed):
            if suit not in suits:
                yield ("play", "trumps", key, i), f"unknown suit {suit!r}; the pack has " \
                                                  f"{', '.join(suits)}"
    if trumps.mode is TrumpMode.SHARED and not trumps.shared:
        yield ("play", "trumps", "shared"), "trumps mode 'shared' needs at least one suit"
    if trumps.mode is TrumpMode.RANKED and not trumps.ranked:
        yield ("play", "trumps", "ranked"), "trumps mode 'ranked' needs at least one suit"
    if trumps.mode is TrumpMode.OWN and v.players.max > len(suits):
        yield ("play", "trumps", "mode"), (
            f"own trumps need a suit per player: {v.players.max} players, {len(suits)} suits")
    scoring = v.scoring
    assert isinstance(scoring, SheddingScoring)
    for i, bonus in enumerate(scoring.bonuses):
        for named in (bonus.rank, *bonus.exclude_ranks):
            if named is not None and named not in ranks:
                yield ("scoring", "bonuses", i), _unknown("rank", named, ranks)
        if bonus.when is BonusWhen.LAST_MOVE and bonus.group is None:
            yield ("scoring", "bonuses", i, "group"), "a last_move bonus needs a group kind"


def _tricks(v: Variant) -> Iterator[Found]:
    play, scoring = v.play, v.scoring
    assert isinstance(play, TricksPlay) and isinstance(scoring, TrickScoring)
    ranks, suits, hand = v.pack.ranks, v.pack.suits, v.deal.hand
    trump = play.trump
    if trump.source is TrumpSource.FIXED and trump.suit not in suits:
        yield ("play", "trump", "suit"), (f"trump source 'fixed' needs a suit of the pack "
                                          f"({', '.join(suits)}), not {trump.suit!r}")
    if trump.source is not TrumpSource.FIXED and trump.suit is not None:
        yield ("play", "trump", "suit"), "a trump suit is given only with source 'fixed'"
    if trump.source is TrumpSource.TURNED_CARD and not v.deal.trump_card:
        yield ("play", "trump", "source"), "trump source 'turned_card' needs deal.trump_card"
    if trump.source is TrumpSource.BIDDER:
        yield from _named_trump(v)
    if play.lead.max_cards > hand:
        yield ("play", "lead", "max_cards"), (
            f"a lead of {play.lead.max_cards} cards cannot come from a hand of {hand}")
    if not (play.answer.face_up or play.answer.face_down):
        yield ("play", "answer"), "answers must be allowed face up, face down or both"
    for name, combo in play.combinations.items():
        at = ("play", "combinations", name)
        for i, card_filter in enumerate((combo.all, *combo.include)):
            where = (*at, "all") if i == 0 else (*at, "include", i - 1)
            for rank in card_filter.ranks:
                if rank not in ranks:
                    yield (*where, "ranks"), _unknown("rank", rank, ranks)
        if combo.size > hand:
            yield (*at, "size"), (f"combination {name} has {combo.size} cards but a hand "
                                  f"holds {hand}")
        limit = len(ranks) if combo.same_suit else len(ranks) * len(suits)
        if combo.all.ranks:
            per_rank = 1 if combo.same_suit else len(suits)
            limit = min(limit, len(set(combo.all.ranks)) * per_rank)
        if combo.size > limit:
            yield (*at, "size"), f"combination {name} of {combo.size} cards cannot be made"
    total = _most_points(v)
    catch_all = ""
    for name, band in scoring.bands.items():
        at = ("scoring", "bands", name)
        if catch_all:
            yield at, f"band {name} is never reached: band {catch_all} catches everyone first"
        elif band.min_points > total:
            yield (*at, "min_points"), (f"band {name} needs {band.min_points} points; the "
                                        f"pack holds {total}")
        if band.min_points <= 0 and band.min_tricks <= 0:
            catch_all = catch_all or name
    yield from _trick_scoring(v)


def _named_trump(v: Variant) -> Iterator[Found]:
    """Trumps named by the highest bidder need a listed phase that names them, and no
    turned-up card (it would name nothing)."""
    if not any(_names_trump(entry.name) for entry in v.phases):
        namers = sorted(name for name, phase in known_phases().items() if phase.names_trump)
        yield ("play", "trump", "source"), (
            f"trump source 'bidder' needs a phase that names trumps listed under phases: "
            f"after the bidding ({', '.join(namers) or 'none is registered'})")
    if v.deal.trump_card:
        yield ("deal", "trump_card"), ("trump source bidder leaves trumps to the highest "
                                       "bidder; deal.trump_card would turn up a card that "
                                       "names nothing: set it to false")


def _names_trump(name: str) -> bool:
    """True when the phase registered as ``name`` names the trump suit (False for an
    unknown name, which :func:`check_phases` refuses)."""
    try:
        return find_phase(name).names_trump
    except KeyError:
        return False


def _most_points(v: Variant) -> int:
    """The most points a player can take in a deal (every card worth points, and the last
    trick's)."""
    try:
        pack = v.pack.build()
    except (CardrulesError, ValueError):  # refused by _common already
        values = [max(0, p) for p in v.pack.points.values()] * len(v.pack.suits)
    else:
        values = [max(0, pack.value(c)) for c in range(pack.size)]
    scoring = v.scoring
    assert isinstance(scoring, TrickScoring)
    return sum(values) + max(0, scoring.last_trick)


def _trick_scoring(v: Variant) -> Iterator[Found]:
    """The scoring section scores something, and its terms fit together."""
    scoring = v.scoring
    assert isinstance(scoring, TrickScoring)
    by_rank = scoring.most_points is not None or scoring.bands
    if scoring.scored_by_terms and by_rank:
        yield ("scoring",), ("most_points and bands rank the players by card points; they do "
                             "not add up with tricks_over or points_taken: give one or the other")
    elif not scoring.scored_by_terms and not by_rank and scoring.target is None:
        yield ("scoring",), ("give most_points or at least one band, or tricks_over or "
                             "points_taken, or a target, or no deal scores anything")
    if scoring.all_points.others_score:
        if not scoring.points_taken:
            yield ("scoring", "all_points"), ("all_points.others_score moves card points "
                                              "between players: it needs points_taken")
        if not any((*v.pack.points.values(), *v.pack.card_points.values(),
                    scoring.last_trick, "card_points" in v.hooks)):
            yield ("scoring", "all_points"), ("all_points.others_score needs cards worth "
                                              "points (pack.points, pack.card_points or a "
                                              "card_points hook)")
    most = (len(v.pack.ranks) * len(v.pack.suits)) // v.players.min
    if scoring.tricks_over is not None and scoring.tricks_over >= most:
        yield ("scoring", "tricks_over"), (
            f"a deal has at most {most} tricks with {v.players.min} players, so tricks over "
            f"{scoring.tricks_over} never score")


def _tricks_restrictions(v: Variant) -> Iterator[Found]:
    """Duties, lead and first-trick restrictions and the dealer's trump card."""
    play = v.play
    assert isinstance(play, TricksPlay)
    ranks, suits = v.pack.ranks, v.pack.suits
    duties = play.duties
    if play.answer.face_down and (duties.follow is not Follow.NONE or duties.head
                                  or play.first_trick.no_cards):
        yield ("play", "answer", "face_down"), (
            "duties and first-trick restrictions cannot bind face-down answers (a card laid "
            "face down could not be checked): set answer.face_down to false or drop them")
    if duties.trump_when_void and duties.follow is not Follow.SUIT:
        yield ("play", "duties", "trump_when_void"), (
            "trump_when_void applies to a player unable to follow suit: it needs "
            "follow: suit")
    if play.trump.source is TrumpSource.DEALER_CARD and v.deal.trump_card:
        yield ("deal", "trump_card"), ("trump source dealer_card names trumps by the "
                                       "dealer's last card; deal.trump_card would turn up "
                                       "another: set it to false")
    if play.opening is not None and not _is_card(play.opening.card, ranks, suits):
        yield ("play", "opening", "card"), _unknown_card(play.opening.card, ranks, suits)
    if play.unbroken is not None:
        for i, suit in enumerate(play.unbroken.suits):
            if suit not in suits:
                yield ("play", "unbroken", "suits", i), _unknown("suit", suit, suits)
        for i, card in enumerate(play.unbroken.broken_by):
            if not _is_card(card, ranks, suits):
                yield ("play", "unbroken", "broken_by", i), _unknown_card(card, ranks, suits)
    for i, name in enumerate(play.first_trick.no_cards):
        if name not in suits and not _is_card(name, ranks, suits):
            yield ("play", "first_trick", "no_cards", i), (
                f"{name!r} is neither a suit ({', '.join(suits)}) nor a card of the pack")


def _is_card(name: str, ranks: tuple[str, ...], suits: tuple[str, ...]) -> bool:
    """Whether ``name`` is a card of the pack: a rank then a suit (any case)."""
    folded = name.upper()
    return any(folded == (r + s).upper() for r in ranks for s in suits)


def _unknown_card(name: str, ranks: tuple[str, ...], suits: tuple[str, ...]) -> str:
    return (f"unknown card {name!r}; a card is a rank ({', '.join(ranks)}) then a suit "
            f"({', '.join(suits)})")


def _match(v: Variant) -> Iterator[Found]:
    spec = v.match
    if spec.goal is Goal.REACH_TARGET and spec.target <= 0:
        yield ("match", "target"), "goal reach_target needs a target above 0"
    if spec.goal is Goal.AVOID_LOSING_TOTAL and spec.losing_total <= 0:
        yield ("match", "losing_total"), "goal avoid_losing_total needs a losing_total above 0"
    if spec.goal is Goal.LOWEST_TOTAL and spec.target <= 0:
        yield ("match", "target"), "goal lowest_total needs a target above 0"
    if spec.goal is Goal.FIXED_DEALS:
        yield from _fixed_deals(v)
        if spec.target:
            yield ("match", "target"), ("goal fixed_deals ends after a number of deals, not "
                                        "at a target: give deals, not target")
    elif spec.deals:
        yield ("match", "deals"), (f"deals is the length of a match of goal fixed_deals, "
                                   f"not {spec.goal.value}")
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
    """The deals of a ``fixed_deals`` match: a number, or one pass through a schedule."""
    spec = v.match
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
            yield ("match", "deals"), "goal fixed_deals needs a number of deals above 0"
        elif count > spec.max_deals:
            yield ("match", "deals"), (f"goal fixed_deals: {count} deals{players} are more "
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
    """Refuses ``players.min`` below 2: nobody to play against, and a deal never ends."""
    if v.players.min < 2:
        yield ("players", "min"), (f"a game needs at least 2 players; players.min is "
                                   f"{v.players.min}")


def _shedding_additions(v: Variant, play: SheddingPlay) -> Iterator[Found]:
    """Starter redraws, suit-naming wild cards, card penalties and the trump card."""
    ranks = v.pack.ranks
    for i, rank in enumerate(play.starter_redraw):
        if rank not in ranks:
            yield ("play", "starter_redraw", i), _unknown("rank", rank, ranks)
    if play.starter_redraw and not v.deal.starter:
        yield ("play", "starter_redraw"), (
            "starter_redraw puts back a starter card, but deal.starter turns none; "
            "set deal.starter to 1")
    if play.groups and any(w.then is Then.NAME_SUIT for w in play.wild):
        yield ("play", "groups"), (
            "group moves cannot be combined with a wild card that names a suit (what a "
            "group may be laid on after a named suit is not defined); drop one of them")
    if v.deal.trump_card:
        yield ("deal", "trump_card"), (
            "the shedding procedure does not use a turned trump card (trumps come from "
            "play.trumps); remove deal.trump_card")
    penalty = v.scoring.hand_penalty if isinstance(v.scoring, SheddingScoring) else None
    if penalty is None:
        return
    for rank in penalty.ranks:
        if rank not in ranks:
            yield ("scoring", "hand_penalty", "ranks", rank), _unknown("rank", rank, ranks)
    names = {f"{r}{s}" for s in v.pack.suits for r in ranks}
    for name in penalty.cards:
        if name not in names:
            yield ("scoring", "hand_penalty", "cards", name), (
                f"unknown card {name!r}; write a rank then a suit, as "
                f"{ranks[0]}{v.pack.suits[0]}")
    if penalty.mode is not HandPenaltyMode.BY_CARD and (
            penalty.ranks or penalty.cards or penalty.face_value):
        yield ("scoring", "hand_penalty", "mode"), (
            "ranks, cards and face_value are read only by the by_card mode; set "
            "mode: by_card or remove them")


def check_hand_size(v: Variant) -> Iterator[Found]:
    """Refuses ``deal.hand: 0``: a deal of empty hands is over before anyone moves."""
    if v.deal.hand < 1:
        yield ("deal", "hand"), "every player must be dealt at least 1 card; deal.hand is 0"


def check_stuck_draw(v: Variant) -> Iterator[Found]:
    """Refuses shedding ``play.stuck_draw: 0`` while a deal leaves cards in the stock.

    A stuck player who may not draw passes; passes only end a deal once the stock is
    empty, and nothing else empties it, so every stuck player passes for ever.  With no
    stock left after the deal (for every player count) 0 is harmless: there is nothing
    to draw anyway.
    """
    play = v.play
    if not isinstance(play, SheddingPlay) or play.stuck_draw > 0 or play.draw.at_will:
        return  # drawing at will (max_per_turn >= 1) empties the stock; stuck_draw is unread
    stock = _undealt(v)
    if stock > 0:
        yield ("play", "stuck_draw"), (
            f"stuck_draw 0 lets a player who cannot beat pass without drawing, but "
            f"{stock} card(s) stay in the stock after a deal to {v.players.min} players, "
            "and a deal only ends once the stock is empty: it would never end; "
            "use 1 or more")


def _undealt(v: Variant) -> int:
    """The most cards a deal leaves in the stock, over the deals and player counts (a
    turned trump card lies in the stock, a starter does not)."""
    size = len(v.pack.ranks) * len(v.pack.suits)
    return max(size - min(v.deal.sizes(n)) * n - v.deal.starter
               for n in range(v.players.min, v.players.max + 1))


def check_stock_duties(v: Variant) -> Iterator[Found]:
    """Refuses trick duties that wait for an empty stock (``when: stock_empty``) in a game
    without drawing that leaves cards in the stock: nothing ever empties it, so the
    duties would never bind."""
    play = v.play
    if not isinstance(play, TricksPlay) or play.draw is not DrawOrder.NONE:
        return
    duties = play.duties
    binding = duties.follow is not Follow.NONE or duties.trump_when_void or duties.head
    stock = _undealt(v)
    if binding and duties.when is Condition.STOCK_EMPTY and stock > 0:
        yield ("play", "duties", "when"), (
            f"duties wait for an empty stock, but with play.draw: none the {stock} card(s) "
            "a deal leaves in the stock are never drawn: the duties would never apply; "
            "use when: always")


def check_groups_unique(v: Variant) -> Iterator[Found]:
    """Refuses two shedding ``play.groups`` of the same kind and size (one move, twice)."""
    play = v.play
    if not isinstance(play, SheddingPlay):
        return
    first: dict[tuple[GroupKind, int], int] = {}
    for i, group in enumerate(play.groups):
        key = (group.kind, group.size)
        if key in first:
            yield ("play", "groups", i), (
                f"a {group.kind.value} group of {group.size} is already listed as "
                f"play.groups[{first[key]}]; list each kind and size once")
        else:
            first[key] = i


def check_partners(v: Variant) -> Iterator[Found]:
    """Refuses tricks ``scoring.partners: opposite`` unless the game is for exactly 4.

    Opposite partners pair seats 0 and 2 against 1 and 3: two partnerships of two, which
    only four players sitting round a table make.
    """
    scoring = v.scoring
    if not isinstance(scoring, TrickScoring) or scoring.partners is not Partners.OPPOSITE:
        return
    if (v.players.min, v.players.max) != (4, 4):
        yield ("scoring", "partners"), (
            "partners 'opposite' needs exactly 4 players (seats 0 and 2 against 1 and 3); "
            f"players allows {v.players.min} to {v.players.max}: set players to "
            "{min: 4, max: 4}")


def check_zones(v: Variant) -> Iterator[Found]:
    """Refuses a ``zones:`` entry that no zone of the game has (it would be ignored
    without a word), and a visibility the zone's owner does not honour (a hidden pile
    whose top card every view shows, say).  The zones, what each honours and who owns it
    come from the state declarations of the procedure and of the listed phases."""
    try:
        procedure = find_procedure(v.play.procedure)
    except KeyError:
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
    a section its phase's schema refuses, settings its phase's own checks refuse, and a
    phase that runs before the deal listed after one that runs after it or in a game
    whose procedure deals before any phase."""
    after: str | None = None
    for index, entry in enumerate(v.phases):
        try:
            phase = find_phase(entry.name)
        except KeyError as exc:
            yield ("phases", index), str(exc.args[0])
            continue
        if not phase.before_deal:
            after = after or entry.name
        elif after is not None:
            yield ("phases", index), (
                f"{entry.name} runs before the cards are dealt, so it comes before "
                f"{after}, which runs after the deal")
        elif not _deals_after_phases(v.play.procedure):
            yield ("phases", index), (
                f"{entry.name} runs before the cards are dealt, but the "
                f"{v.play.procedure} procedure deals before any listed phase")
        validator = jsonschema.Draft202012Validator(phase.schema)
        errors = sorted(validator.iter_errors(entry.section), key=lambda e: list(e.path))
        for error in errors:
            yield ("phases", index, entry.name, *error.path), error.message
        if not errors:
            settings = phase.settings(entry.section)
            for problem in phase.check(settings, v):
                yield ("phases", index, entry.name), problem
            bound = phase.action_bound(settings, v)
            if bound > MAX_LEGAL_ACTIONS:
                yield ("phases", index, entry.name), (
                    f"a state of this phase may offer up to {bound:,} legal actions, more "
                    f"than the limit of {MAX_LEGAL_ACTIONS:,}")


def _deals_after_phases(procedure: str) -> bool:
    try:
        return find_procedure(procedure).deals_after_phases
    except KeyError:
        return True  # the unknown procedure is refused by name elsewhere


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
    bound = legal_action_bound(v)
    if bound > MAX_LEGAL_ACTIONS:
        at: tuple[str | int, ...] = ("play", "lead") if isinstance(v.play, TricksPlay) \
            else ("play", "groups")
        yield at, (
            f"a state could offer up to {bound:,} legal actions (the limit is "
            f"{MAX_LEGAL_ACTIONS:,}): fewer cards per hand, shorter leads, smaller "
            "combinations or groups, or one answer mode keep the choice manageable")


SETUP_CHECKS: tuple[Callable[[Variant], Iterator[Found]], ...] = (
    check_players, check_hand_size, check_stuck_draw, check_stock_duties,
    check_groups_unique, check_partners,
    check_zones, check_card_names, check_action_bound, check_phases,
)
"""Checks of degenerate set-ups, run by :func:`check_variant` after the others."""
