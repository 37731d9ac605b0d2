"""Cross-field checks the JSON Schema cannot express (ranks that exist, sizes that fit)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from cardrules.model.match import Goal
from cardrules.model.shedding import GroupKind, SheddingPlay, SheddingScoring, TrumpMode
from cardrules.model.tricks import TrickScoring, TricksPlay, TrumpSource
from cardrules.model.variant import Variant

__all__ = ["check_variant"]

Found = tuple[tuple[str | int, ...], str]
"""A problem: JSON path and message."""


def check_variant(variant: Variant) -> list[Found]:
    """Every cross-field problem of ``variant`` (an empty list when it is sound)."""
    found = list(_common(variant))
    if isinstance(variant.play, SheddingPlay):
        found.extend(_shedding(variant))
    elif isinstance(variant.play, TricksPlay):
        found.extend(_tricks(variant))
    found.extend(_match(variant))
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
    if v.players.min > v.players.max:
        yield ("players",), f"players.min ({v.players.min}) is above players.max ({v.players.max})"
    size = len(ranks) * len(suits)
    needed = v.deal.hand * v.players.max + v.deal.starter + int(v.deal.trump_card)
    if needed > size:
        yield ("deal",), (f"{v.players.max} players need {needed} cards to deal but the pack "
                          f"has {size}")


def _unknown(kind: str, value: str, allowed: tuple[str, ...]) -> str:
    return f"unknown {kind} {value!r}; the pack has {', '.join(allowed)}"


def _shedding(v: Variant) -> Iterator[Found]:
    play = v.play
    assert isinstance(play, SheddingPlay)
    ranks, suits = v.pack.ranks, v.pack.suits
    for i, clause in enumerate(play.beats):
        if not isinstance(clause, str) and clause.rank not in ranks:
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
        if bonus.when.value == "last_move" and bonus.group is None:
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
    total = sum(max(0, p) for p in v.pack.points.values()) * len(suits)
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
    if scoring.most_points is None and not scoring.bands:
        yield ("scoring",), "give most_points or at least one band, or no deal scores anything"


def _match(v: Variant) -> Iterator[Found]:
    spec = v.match
    if spec.goal is Goal.REACH_TARGET and spec.target <= 0:
        yield ("match", "target"), "goal reach_target needs a target above 0"
    if spec.goal is Goal.AVOID_LOSING_TOTAL and spec.losing_total <= 0:
        yield ("match", "losing_total"), "goal avoid_losing_total needs a losing_total above 0"
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


def _patterns(winners: int) -> Iterator[str]:
    """Every tie pattern of ``winners`` players (compositions of the number)."""
    if winners == 0:
        yield ""
        return
    for first in range(1, winners + 1):
        for rest in _patterns(winners - first):
            yield str(first) + ("+" + rest if rest else "")


