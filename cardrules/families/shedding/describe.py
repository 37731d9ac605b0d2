"""The shedding procedure's rules of play and scoring in English (``cardrules rules``).

>>> import cardrules
>>> lines = list(describe_shedding(cardrules.load("bank").variant))
>>> lines[0].text.startswith("On your turn you must beat the top card")
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from cardrules.engine.standings import lower_is_better
from cardrules.families.shedding.model import (
    AfterTurn,
    Bonus,
    BonusWhen,
    DealEnd,
    DrawnWildName,
    ForcedDrawAnswer,
    ForcedDrawThen,
    GroupKind,
    HandPenalty,
    HandPenaltyMode,
    LaidOn,
    Leftover,
    PickUpWhen,
    SheddingPlay,
    SheddingScoring,
    Then,
    TrumpMode,
    TwoPlayerReverse,
    UpcardWish,
)
from cardrules.hooks import named_hooks
from cardrules.model.common import TrumpBeat
from cardrules.model.sentence import Sentence, sentence
from cardrules.model.variant import PhaseEntry, Variant
from cardrules.phases import find as find_phase
from cardrules.primitives.beats import describe_clause

__all__ = ["describe_shedding"]


def describe_shedding(v: Variant) -> Iterator[Sentence]:
    """The rules of play and scoring of shedding game ``v``, one rule per sentence, each
    tied to the rule record it words."""
    yield from _shedding(v)


def _ranks(names: Sequence[str]) -> str:
    return " ".join(str(n) for n in names)


def _a(rank: str) -> str:
    """``a 6``, ``an 8``, ``an A``."""
    return ("an " if rank[:1] in "8AEIOU" or rank in ("11", "18") else "a ") + rank


def _then(then: Then) -> str:
    return {Then.NONE: "",
            Then.OPTIONAL: "; you may then lay one more card that beats it, or end the turn",
            Then.COMPULSORY: "; you must then make one more move by the normal rules",
            Then.NAME_SUIT: "; you then name a suit (unless it was your last card), and the "
                            "next card laid must be of that suit or another wild card"}[then]


def _shedding(v: Variant) -> Iterator[Sentence]:
    play = v.play
    assert isinstance(play, SheddingPlay)
    pile = play.pile
    must = "may lay a card on" if play.draw.at_will or (
        play.pick_up is not None and play.pick_up.when is PickUpWhen.AT_WILL) else "must beat"
    yield sentence(f"On your turn you {must} the top card of the {pile} if you can.",
                   "play.draw.at_will", present=False)
    yield sentence("A card beats it if it is " + "; or ".join(describe_clause(c)
                                                               for c in play.beats) + ".",
                   "play.beats", present=False, hook="lay_on", joined=True)
    hooked = named_hooks(v.hooks)
    if "refusal" in hooked:
        yield sentence(hooked["refusal"], "hooks.refusal")
    if "upcard" in hooked:
        yield sentence(hooked["upcard"], "hooks.upcard")
    elif play.upcard.as_played and v.deal.starter:
        yield sentence("The card turned up to start the pile counts as if the dealer had just "
                       "played it: a card that makes the next player draw, miss a turn or "
                       "reverse the play does so to the first player.", "play.upcard.as_played")
    if v.deal.starter:
        yield from _upcard_effects(play)
    if play.upcard.wish is not UpcardWish.NONE and v.deal.starter:
        who = "the dealer names a suit before the first move" \
            if play.upcard.wish is UpcardWish.DEALER \
            else "a suit is drawn by lot, then the first player takes their turn" \
            if play.upcard.wish is UpcardWish.RANDOM \
            else "the first player names a suit, then takes their turn"
        yield sentence(f"When a wild card that names a suit is turned up to start the pile, "
                       f"{who}.", "play.upcard.wish")
    yield _trumps(play, v.phases)
    if play.hand_to_owner:
        yield sentence(f"Before play, each player gives every {_ranks(play.hand_to_owner)} "
                       "of another player's own trump suit to that player; one of a suit "
                       "nobody owns stays where it is.", "play.hand_to_owner")
    for i, wild in enumerate(play.wild):
        article = _a(wild.rank)
        never = "" if wild.on_itself else \
            f" but another {wild.rank}, even of a named suit (never {_a(wild.rank)} on " \
            f"{_a(wild.rank)})"
        only = ", but only when no other card you hold may be laid" \
            if wild.last_resort else ""
        yield sentence(f"{article[0].upper()}{article[1:]} may be laid on any top card"
                       f"{never}{only}{_then(wild.then)}.", f"play.wild[{i}]")
    for key, then in play.again.items():
        more = "you may then lay one more card that beats it, or end the turn" \
            if then is Then.OPTIONAL else \
            "you must then lay another card on it by the normal rules if you can; only " \
            "if you cannot do you draw"
        yield sentence(f"After laying {_a(key)}, {more}.", f"play.again.{key}")
    if play.any_on:
        yield sentence(f"Any card may be laid on {' or '.join(_a(k) for k in play.any_on)} "
                       "(once the draw it makes the next player face, if any, has been "
                       "taken).", "play.any_on")
    if play.not_last:
        yield sentence(f"You may not go out on {_ranks(play.not_last)}: while such a card "
                       "is the only one you hold, you may not lay it.", "play.not_last")
    for i, group in enumerate(play.groups):
        if group.kind is GroupKind.SAME_RANK:
            where = "on any top card" if group.laid_on is LaidOn.ANY else \
                "if the card chosen for the top beats the top card"
            yield sentence(f"You may lay {group.size} cards of one rank {where}, choosing "
                           f"which lies on top{_then(group.then)}.", f"play.groups[{i}]")
        else:
            where = "whatever the top card" if group.laid_on is LaidOn.ANY else \
                "if either end card beats the top card; that end goes first and the other " \
                "end becomes the new top"
            yield sentence(f"You may lay {group.size} cards of one suit in sequence on the "
                           f"ladder {where}{_then(group.then)}.", f"play.groups[{i}]")
    effects = {AfterTurn.SKIP: "the next player loses their turn; the player after them must "
                               "beat it",
               AfterTurn.DRAW_THEN_PLAY: "the next player draws one card, then takes a normal "
                                         "turn",
               AfterTurn.SKIP_AND_DRAW: "the next player draws one card and loses their turn",
               AfterTurn.REVERSE: "the direction of play turns round, so the player who "
                                  "moved before you moves next" + _two_player(play)}
    for rank, effect in play.after_turn.items():
        if effect is not None:
            yield sentence(f"When a turn ends with {_a(rank)} on top, {effects[effect]}.",
                           f"play.after_turn.{rank}", hook="after_play")
    yield from _forced_draw(play)
    if play.pick_up is not None:
        yield from _pick_up(play)
    elif play.draw.at_will and play.draw.ends_turn:
        yield sentence("Instead of playing you may draw one card from the stock, even when "
                       "you could play; drawing ends your turn. With an empty stock you play "
                       "or pass.", "play.draw.at_will", "play.draw.ends_turn")
    elif play.draw.at_will:
        most = play.draw.max_per_turn
        yield sentence(f"On your turn you may draw from the stock, even when you could play, "
                       f"up to {most} card{'s' if most != 1 else ''}; after that, or once the "
                       "stock is empty, you play or pass.", "play.draw.at_will",
                       "play.draw.max_per_turn")
    if play.pick_up is not None:
        pass  # nobody draws: a player who does not beat picks the pile up (said above)
    elif play.draw.lay_drawn is not None:
        yield _lay_drawn(play)
    elif play.draw.play_drawn:
        yield sentence("Once you have drawn, you may play only a card drawn in this turn, if "
                       "it may be laid on the top card; otherwise your turn ends.",
                       "play.draw.play_drawn")
    elif play.stuck_draw and play.draw.ends_turn:
        yield sentence("If you cannot beat the top card, draw a card; drawing ends your "
                       "turn. With an empty stock you pass. You may not draw while you can "
                       "beat.", "play.stuck_draw", "play.draw.ends_turn")
    elif play.stuck_draw:
        yield sentence(f"If you cannot beat the top card, draw a card (up to "
                       f"{play.stuck_draw}); if that gives you a move you must make it, "
                       "otherwise your turn passes. With an empty stock you pass. You may "
                       "not draw while you can beat.", "play.stuck_draw")
    else:
        yield sentence("If you cannot beat the top card, your turn passes.", "play.stuck_draw",
                       present=False)
    if play.draw.reshuffle and play.draw.reshuffle_all:
        yield sentence(f"When a card is to be drawn and the stock is empty, or cards are to "
                       f"be drawn at once and the stock holds fewer, the whole {pile}, its "
                       f"top card too, is shuffled with what is left of the stock to make a "
                       f"new stock; the top card stays the card to match (at most "
                       f"{play.draw.max_reshuffles} times a deal; after that an empty stock "
                       "stays empty).", "play.draw.reshuffle", "play.draw.reshuffle_all",
                       "play.draw.max_reshuffles")
    elif play.draw.reshuffle:
        yield sentence(f"When a card is to be drawn and the stock is empty, the {pile} but "
                       f"its top card is shuffled to make a new stock (at most "
                       f"{play.draw.max_reshuffles} times a deal; after that an empty stock "
                       "stays empty).", "play.draw.reshuffle", "play.draw.max_reshuffles")
    if play.last_card.penalty:
        n = play.last_card.penalty
        yield sentence(f"On a turn where a play you may make would leave you one card, you "
                       f"may 'announce' first; if your play leaves you one card and you did "
                       f"not announce in that turn, you draw {n} card{'s' * (n != 1)} from "
                       "the stock at once.", "play.last_card.penalty")
    if play.starter_redraw and v.deal.starter:
        kind = "rank" if all(r in v.pack.ranks for r in play.starter_redraw) else \
            "rank or face"
        where = "is shuffled back into the stock" if play.redraw_shuffle else \
            "is put under the stock"
        yield sentence(f"A starter card of {kind} {_ranks(play.starter_redraw)} {where} and "
                       "the next card is turned instead.", "play.starter_redraw",
                       *(("play.redraw_shuffle",) if play.redraw_shuffle else ()),
                       "deal.starter")
    if play.pick_up is not None:
        pass  # the pile goes into the hand of whoever picks it up (said above)
    elif play.take_min > max(v.pack.size_for(n) for n in range(v.players.min,
                                                               v.players.max + 1)):
        yield sentence(f"The {pile} is never taken.", "play.take_min")
    else:
        yield sentence(f"When the player who had to beat your card cannot, you take the "
                       f"{pile} and score its card points; a {pile} of fewer than "
                       f"{play.take_min} cards is never taken, and nobody takes their own "
                       f"card. After a take, the next player must beat the last top card; "
                       f"their card starts a new {pile}.", "play.take_min")
    for rank in play.cover_takes:
        yield sentence(f"Whoever lays a card on a group of {rank}s laid in one move takes "
                       f"the {pile} at once.", "play.cover_takes")
    yield from _shedding_scoring(v)


def _pick_up(play: SheddingPlay) -> Iterator[Sentence]:
    """Picking the pile up, the attack after a beat and the limit on pick-ups."""
    pick_up, pile = play.pick_up, play.pile
    assert pick_up is not None
    when = "even when you could beat it" if pick_up.when is PickUpWhen.AT_WILL else \
        "only when you cannot beat it"
    yield sentence(f"Instead of beating the top card you may pick the whole {pile} up into "
                   f"your hand ('take'), {when}; you must when you cannot beat it. Then the "
                   f"next player holding cards leads any card onto the empty {pile}. "
                   "Nobody draws or passes.", "play.pick_up.when")
    if play.attack:
        yield sentence("After beating the top card, if you still hold cards, you lay one "
                       "more card of your choice on top: the card the next player must "
                       "beat. If you beat with your last card, it stays on top.",
                       "play.attack")
    if pick_up.limit:
        yield sentence(f"A deal in which the {pile} has been picked up {pick_up.limit} times "
                       "ends drawn, with no loser (a safety net).", "play.pick_up.limit")


def _upcard_effects(play: SheddingPlay) -> Iterator[Sentence]:
    for key, effect in play.upcard.effects.items():
        first = "the dealer" if effect.reverse else "the first player"
        parts = ["the direction of play turns round and the dealer moves first"] \
            if effect.reverse else []
        if effect.draw:
            parts.append(f"{first} draws {effect.draw} card{'s' * (effect.draw != 1)}")
        if effect.skip:
            parts.append(f"{first} loses that turn and the next player moves first")
        what = ", then ".join(parts) if parts else "it does nothing"
        yield sentence(f"When {_a(key)} is turned up to start the pile, {what}.",
                       f"play.upcard.effects.{key}")


def _lay_drawn(play: SheddingPlay) -> Sentence:
    lay = play.draw.lay_drawn
    assert lay is not None
    ways = [describe_clause(c) for c in lay.matches] + (["a wild card"] if lay.wild else [])
    first = "" if play.draw.at_will else \
        "If you cannot lay a card, draw one (you may not draw while you can lay one); "
    wild = ""
    if lay.wild and (lay.name is DrawnWildName.RANDOM or not lay.wild_acts):
        has = [what for what, yes in (("its suit drawn by lot", lay.name is DrawnWildName.RANDOM),
                                      ("no effect on the next player", not lay.wild_acts))
               if yes]
        wild = f" A wild card laid so has {' and '.join(has)}."
    return sentence(f"{first}{'t' if first else 'T'}he card drawn is laid at once, without "
                    f"a choice, if it is {'; or '.join(ways)} (after a named suit: of that "
                    "suit), and acts as if you had played it; otherwise you keep it. Either "
                    f"way your turn ends.{wild} With an empty stock you pass.",
                    "play.draw.lay_drawn", "play.stuck_draw")


def _two_player(play: SheddingPlay) -> str:
    if play.two_player_reverse is TwoPlayerReverse.SKIP:
        return ("; with two players holding cards it acts as a skip: the player who laid it "
                "moves again")
    return "; with two players holding cards the other player simply moves next"


def _forced_draw(play: SheddingPlay) -> Iterator[Sentence]:
    forced = play.forced_draw
    for rank, count in forced.ranks.items():
        yield sentence(f"When a turn ends with {_a(rank)} on top, the next player must draw "
                       f"{count} card{'s' * (count != 1)}.", f"play.forced_draw.ranks.{rank}")
    if not forced.ranks:
        return
    if forced.at_once:
        then = "then loses their turn" if forced.then is ForcedDrawThen.TURN_ENDS else \
            "then takes a normal turn"
        yield sentence(f"The player made to draw draws at once, as the turn ends, and {then}. "
                       "If there is not enough to draw they draw what there is.",
                       "play.forced_draw.at_once", "play.forced_draw.then")
        return
    if forced.answer is ForcedDrawAnswer.SAME_RANK:
        answer = ("may instead lay a card of the top card's rank, which adds its own count "
                  "and passes the total to the player after them; otherwise they draw the "
                  "whole total")
    elif forced.answer is ForcedDrawAnswer.ANY_FORCED:
        answer = (f"may instead lay any card that makes a player draw "
                  f"({_ranks(list(forced.ranks))}), which adds its own count and passes the "
                  "total to the player after them; otherwise they draw the whole total")
    else:
        answer = "draws the whole total (it cannot be passed on)"
    then = "then their turn ends" if forced.then is ForcedDrawThen.TURN_ENDS else \
        "then they take a normal turn"
    yield sentence(f"A player made to draw {answer} in one move; {then}. Facing a draw they "
                   "may lay no other card. If there is not enough to draw they draw what "
                   "there is; with nothing to draw they pass and the draw lapses.",
                   "play.forced_draw.answer", "play.forced_draw.then", present=False)


def _trumps(play: SheddingPlay, play_phases: Sequence[PhaseEntry]) -> Sentence:
    t = play.trumps
    beat = "any card of a lower class" if t.beat is TrumpBeat.ANY_RANK else \
        "a card of a lower class only with the rank one rung lower"
    if t.mode is TrumpMode.NONE:
        return sentence("No trumps.", "play.trumps.mode", present=False)
    if t.mode is TrumpMode.SHARED:
        return sentence(f"Trump suits for everyone: {_ranks(t.shared)}; a trump beats {beat}.",
                        "play.trumps.mode", "play.trumps.shared", "play.trumps.beat")
    if t.mode is TrumpMode.RANKED:
        order = " below ".join(t.ranked)
        return sentence(f"Trump classes: {order}, all above the plain suits; a higher class "
                        f"beats {beat}.", "play.trumps.mode", "play.trumps.ranked",
                        "play.trumps.beat")
    chosen = any(find_phase(entry.name).before_deal for entry in play_phases)
    how = "chosen before the first deal" if chosen else "by seat: " + ", ".join(
        f"seat {p} {suit}" for p, suit in enumerate(t.seats)) if t.seats else \
        "by seat: the first suit to the first seat, the next to the next"
    return sentence(f"Every player has a trump suit of their own for the whole match ({how}); "
                    f"for them it beats {beat}.", "play.trumps.mode", "play.trumps.beat",
                    *(("play.trumps.seats",) if t.seats else ()))


def _bonus(b: Bonus, pile: str) -> str:
    what = []
    if b.when is BonusWhen.LAST_CARD:
        card = f"a {'trump ' if b.trump else ''}{b.rank or 'card'}" if b.trump else \
            (_a(b.rank) if b.rank else "any card")
        what.append(f"going out with {card}")
    else:
        kind = "cards of one rank" if b.group is GroupKind.SAME_RANK else "a run"
        what.append(f"going out with {kind}")
    if b.exclude_ranks:
        what.append(f"(not {', '.join(b.exclude_ranks)})")
    gains = []
    if b.amount:
        gains.append(f"{b.amount:+d}")
    if b.by_place:
        gains.append("by place " + ", ".join(f"{p:+d}" for p in b.by_place))
    if b.take_pile:
        gains.append(f"takes the {pile}")
    return " ".join(what) + ": " + "; ".join(gains)


def _shedding_scoring(v: Variant) -> Iterator[Sentence]:
    s = v.scoring
    assert isinstance(s, SheddingScoring)
    if s.places:
        yield sentence("Players who lay their last card go out; going out 1st, 2nd, 3rd... "
                       "scores " + ", ".join(f"{p:+d}" for p in s.places) + ".",
                       "scoring.places")
    for i, bonus in enumerate(s.bonuses):
        yield sentence(f"Bonus: {_bonus(bonus, getattr(v.play, 'pile', 'pile'))}.",
                       f"scoring.bonuses[{i}]")
    if s.loser:
        yield sentence(f"The player left holding cards loses the deal and scores {s.loser}; "
                       "everybody else scores 0.", "scoring.loser")
    first = "as soon as one player is out" if getattr(v.play, "ends", None) is \
        DealEnd.FIRST_OUT else "when only one player holds cards"
    extra = getattr(v.play, "blocked_extra_passes", 0)
    more = f" and {extra} more pass{'es' * (extra != 1)} followed" if extra else ""
    remade = isinstance(v.play, SheddingPlay) and v.play.draw.reshuffle
    empty = "there is nothing left to draw" if remade else "the stock is empty"
    if getattr(v.play, "pick_up", None) is not None:  # nobody passes
        yield sentence(f"The deal ends {first}.", "play.ends", present=False)
    else:
        yield sentence(f"The deal ends {first}, or when {empty} and every player holding "
                       f"cards has passed in a row{more}.", "play.ends",
                       "play.blocked_extra_passes", present=False)
    pile = getattr(v.play, "pile", "pile")
    yield sentence(f"Cards left on the {pile}: " + (
        "nobody scores them." if s.leftover is Leftover.DISCARD
        else "the owner of the top card takes them."), "scoring.leftover", present=False)
    p = s.hand_penalty
    penalty = {HandPenaltyMode.NONE: "cost nothing",
               HandPenaltyMode.POINTS: "cost their card points",
               HandPenaltyMode.POINTS_PLUS_FIXED: f"cost their card points plus {p.fixed}",
               HandPenaltyMode.POINTS_PLUS_PER_CARD:
                   f"cost their card points plus {p.per_card} per card",
               HandPenaltyMode.BY_CARD: "cost, each, " + _card_costs(p)}[p.mode]
    counted = " (penalty points, added to the holder's score)" \
        if p.mode is not HandPenaltyMode.NONE and lower_is_better(v.match.goal) else ""
    yield sentence(f"Cards still in hand at the end {penalty}{counted}.",
                   "scoring.hand_penalty", present=False)


def _card_costs(p: HandPenalty) -> str:
    """``8 50, KH 20, number cards their number, others 0``."""
    parts = [f"{k} {n}" for k, n in (*p.cards.items(), *p.ranks.items())]
    if p.face_value:
        parts.append("other number cards their number")
    return ", ".join([*parts, "others 0"])
