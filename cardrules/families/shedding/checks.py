"""Cross-field checks of the shedding procedure's rules that its schema cannot express
(ranks and suits that exist, sizes that fit, effects that go together, a deal that ends).

>>> from cardrules.loader.load import load_variant
>>> list(check_shedding(load_variant("bank")[0]))
[]
"""

from __future__ import annotations

from collections.abc import Iterator

from cardrules.families.shedding.keys import unknown_key
from cardrules.families.shedding.model import (
    BonusWhen,
    DrawnWildName,
    ForcedDrawAnswer,
    GroupKind,
    HandPenaltyMode,
    RankClause,
    SheddingPlay,
    SheddingScoring,
    Then,
    TrumpMode,
    UpcardWish,
)
from cardrules.model.problems import Found, undealt, unknown
from cardrules.model.variant import Variant

__all__ = ["check_shedding", "effect_problems"]


def check_shedding(v: Variant) -> Iterator[Found]:
    """Every cross-field problem of a shedding game's play and scoring."""
    yield from _shedding(v)
    yield from _own_and_pick_up(v)
    yield from check_stuck_draw(v)
    yield from check_groups_unique(v)


def effect_problems(v: Variant) -> Iterator[Found]:
    """Forced draws naming ranks that exist and no other effect, and drawing that ends
    the turn with no further draws in it."""
    play = v.play
    if not isinstance(play, SheddingPlay):
        return
    then_of = {**play.again, **{w.rank: w.then for w in play.wild}}
    wild_ranks = {w.rank for w in play.wild}
    for key in play.again:
        if key in wild_ranks:
            yield ("play", "again", key), (
                f"{key} is a wild card: say what follows it with its wild entry's then, not "
                "with play.again")
    for rank in play.forced_draw.ranks:
        path: tuple[str | int, ...] = ("play", "forced_draw", "ranks", rank)
        problem = unknown_key(v.pack, rank)
        if problem is not None:
            yield path, problem
        elif play.after_turn.get(rank) is not None:
            yield path, (
                f"rank {rank} both forces a draw and has after_turn "
                f"{play.after_turn[rank].value}; give a rank one effect")
        elif then_of.get(rank) in (Then.OPTIONAL, Then.COMPULSORY):
            yield path, (
                f"rank {rank} forces a draw but is followed by a further move (then "
                f"{then_of[rank].value}): its player would move again facing their own "
                "draw; use then: none or name_suit, or drop it from play.again")
    forced = play.forced_draw
    if forced.at_once and forced.answer is not ForcedDrawAnswer.NONE:
        yield ("play", "forced_draw", "at_once"), (
            f"a draw made at once leaves no time to answer it: set answer to none (not "
            f"{forced.answer.value}) or drop at_once")
    draw = play.draw
    if draw.ends_turn and draw.at_will and draw.max_per_turn > 1:
        yield ("play", "draw", "max_per_turn"), (
            f"drawing ends the turn, so no second card is drawn in it: max_per_turn "
            f"{draw.max_per_turn} cannot be reached; set it to 1 or drop ends_turn")
    if draw.play_drawn and draw.ends_turn:
        yield ("play", "draw", "play_drawn"), (
            "play_drawn lets a player play the card they drew, but drawing ends the turn "
            "(draw.ends_turn); drop one of them")
    if draw.lay_drawn is not None:
        yield from _lay_drawn(play, v.pack.ranks)
    if draw.reshuffle_all and not draw.reshuffle:
        yield ("play", "draw", "reshuffle_all"), (
            "reshuffle_all says how the stock is remade, but draw.reshuffle is off; set "
            "reshuffle to true or drop reshuffle_all")
    upcard = play.upcard
    if upcard.wish is not UpcardWish.NONE and not any(
            w.then is Then.NAME_SUIT for w in play.wild):
        yield ("play", "upcard", "wish"), (
            f"upcard wish {upcard.wish.value} names a suit for a turned-up wild card, but no "
            "wild card names one (then: name_suit)")
    for key in upcard.effects:
        problem = unknown_key(v.pack, key)
        if problem is not None:
            yield ("play", "upcard", "effects", key), problem
    if (upcard.as_played or upcard.wish is not UpcardWish.NONE or upcard.effects) \
            and not v.deal.starter:
        yield ("play", "upcard"), (
            "the upcard rules say what the card turned up to start the pile does, but "
            "deal.starter turns none; set deal.starter to 1")
    if draw.ends_turn and not draw.at_will and play.stuck_draw > 1:
        yield ("play", "stuck_draw"), (
            f"drawing ends the turn, so no second card is drawn in it: stuck_draw "
            f"{play.stuck_draw} cannot be reached; set it to 1 or drop draw.ends_turn")


def _own_and_pick_up(v: Variant) -> Iterator[Found]:
    """Own trump suits given by seat, cards handed to their suit's owner, and picking the
    pile up: each with the rules it needs."""
    play = v.play
    assert isinstance(play, SheddingPlay)
    suits, trumps = v.pack.suits, play.trumps
    if trumps.seats and trumps.mode is not TrumpMode.OWN:
        yield ("play", "trumps", "seats"), (
            f"seats gives each seat its own trump suit, but trumps mode is "
            f"{trumps.mode.value}; set mode: own or drop seats")
    for i, suit in enumerate(trumps.seats):
        if suit not in suits:
            yield ("play", "trumps", "seats", i), (
                f"unknown suit {suit!r}; the pack has {', '.join(suits)}")
    if trumps.seats and len(trumps.seats) < v.players.max:
        yield ("play", "trumps", "seats"), (
            f"seats names {len(trumps.seats)} suit(s) but up to {v.players.max} players "
            "play: name one suit per seat")
    for i, key in enumerate(play.hand_to_owner):
        problem = unknown_key(v.pack, key)
        if problem is not None:
            yield ("play", "hand_to_owner", i), problem
    if play.hand_to_owner and trumps.mode is not TrumpMode.OWN:
        yield ("play", "hand_to_owner"), (
            f"hand_to_owner gives cards to the owner of their suit, but with trumps mode "
            f"{trumps.mode.value} nobody owns a suit; set trumps mode: own")
    if play.pick_up is None:
        return
    if play.draw.at_will:
        yield ("play", "pick_up"), ("a player who does not beat picks the pile up, and "
                                    "nobody draws; drop draw.at_will or pick_up")
    if play.forced_draw.ranks:
        yield ("play", "pick_up"), ("a player who does not beat picks the pile up, and "
                                    "nobody draws; drop forced_draw or pick_up")
    stock = undealt(v)
    if stock > 0:
        yield ("play", "pick_up"), (
            f"a player who does not beat picks the pile up, and nobody draws, but "
            f"{stock} card(s) stay in the stock after a deal to {v.players.min} players; "
            "deal every card (deal.hand by_players) or drop pick_up")


def _lay_drawn(play: SheddingPlay, ranks: tuple[str, ...]) -> Iterator[Found]:
    """``draw.lay_drawn`` names ranks that exist and ends the turn after one card drawn:
    nothing that needs more."""
    draw, path = play.draw, ("play", "draw", "lay_drawn")
    assert draw.lay_drawn is not None
    for i, clause in enumerate(draw.lay_drawn.matches):
        if isinstance(clause, RankClause) and clause.rank not in ranks:
            yield (*path, "matches", i, "rank"), unknown("rank", clause.rank, ranks)
    if draw.play_drawn or draw.ends_turn:
        yield path, ("lay_drawn lays or keeps the card drawn and ends the turn; drop "
                     "draw.play_drawn and draw.ends_turn")
    lay = draw.lay_drawn
    if (lay.name is DrawnWildName.RANDOM or not lay.wild_acts) and not lay.wild:
        yield path, ("name and wild_acts say what a wild card laid when drawn does, but "
                     "wild is false (no wild card drawn is laid); drop them or set wild to "
                     "true")
    elif lay.name is DrawnWildName.RANDOM and not any(
            w.then is Then.NAME_SUIT for w in play.wild):
        yield (*path, "name"), ("name: random draws a suit by lot for a wild card laid when "
                                "drawn, but no wild card names one (then: name_suit)")
    limit = draw.max_per_turn if draw.at_will else play.stuck_draw
    if limit > 1:
        yield path, (f"lay_drawn ends the turn after one card drawn, so {limit} draws a turn "
                     f"cannot be reached; set {'max_per_turn' if draw.at_will else 'stuck_draw'}"
                     " to 1")


def _shedding(v: Variant) -> Iterator[Found]:
    play = v.play
    assert isinstance(play, SheddingPlay)
    ranks, suits = v.pack.ranks, v.pack.suits
    for i, clause in enumerate(play.beats):
        if isinstance(clause, RankClause) and clause.rank not in ranks:
            yield ("play", "beats", i, "rank"), unknown("rank", clause.rank, ranks)
    keyed: list[tuple[tuple[str | int, ...], str]] = [
        *((("play", "wild", i, "rank"), w.rank) for i, w in enumerate(play.wild)),
        *((("play", "after_turn", rank), rank) for rank in play.after_turn),
        *((("play", "starter_redraw", i), r) for i, r in enumerate(play.starter_redraw)),
        *((("play", "again", key), key) for key in play.again),
        *((("play", "not_last", i), r) for i, r in enumerate(play.not_last)),
        *((("play", "any_on", i), r) for i, r in enumerate(play.any_on))]
    for path, key in keyed:
        problem = unknown_key(v.pack, key)
        if problem is not None:
            yield path, problem
    for i, rank in enumerate(play.cover_takes):
        if rank not in ranks:
            yield ("play", "cover_takes", i), unknown("rank", rank, ranks)
    if play.groups and (v.pack.copies > 1 or v.pack.faces):
        yield ("play", "groups"), ("groups of cards are made on a pack of one card of each "
                                   "rank x suit; remove play.groups, or pack.copies and "
                                   "pack.faces")
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
                yield ("scoring", "bonuses", i), unknown("rank", named, ranks)
        if bonus.when is BonusWhen.LAST_MOVE and bonus.group is None:
            yield ("scoring", "bonuses", i, "group"), "a last_move bonus needs a group kind"


def _shedding_additions(v: Variant, play: SheddingPlay) -> Iterator[Found]:
    """Starter redraws, suit-naming wild cards, card penalties and the trump card."""
    ranks = v.pack.ranks
    if play.starter_redraw and not v.deal.starter:
        yield ("play", "starter_redraw"), (
            "starter_redraw puts back a starter card, but deal.starter turns none; "
            "set deal.starter to 1")
    if play.redraw_shuffle and not play.starter_redraw:
        yield ("play", "redraw_shuffle"), (
            "redraw_shuffle shuffles back a starter card of starter_redraw, but "
            "starter_redraw lists none; list the ranks or faces, or drop redraw_shuffle")
    if play.groups and any(w.then is Then.NAME_SUIT for w in play.wild):
        yield ("play", "groups"), (
            "group moves cannot be combined with a wild card that names a suit (what a "
            "group may be laid on after a named suit is not defined); drop one of them")
    if play.groups and any(w.last_resort for w in play.wild):
        yield ("play", "groups"), (
            "group moves cannot be combined with a last_resort wild card (whether a group "
            "counts as another card that may be laid is not defined); drop one of them")
    if v.deal.trump_card:
        yield ("deal", "trump_card"), (
            "the shedding procedure does not use a turned trump card (trumps come from "
            "play.trumps); remove deal.trump_card")
    penalty = v.scoring.hand_penalty if isinstance(v.scoring, SheddingScoring) else None
    if penalty is None:
        return
    for rank in penalty.ranks:
        if rank not in ranks:
            yield ("scoring", "hand_penalty", "ranks", rank), unknown("rank", rank, ranks)
    names = {f"{r}{s}" for s in v.pack.suits for r in ranks} | set(v.pack.extra_names)
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
    stock = undealt(v)
    if stock > 0:
        yield ("play", "stuck_draw"), (
            f"stuck_draw 0 lets a player who cannot beat pass without drawing, but "
            f"{stock} card(s) stay in the stock after a deal to {v.players.min} players, "
            "and a deal only ends once the stock is empty: it would never end; "
            "use 1 or more")


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
