"""Rules in plain English, generated from the rule data.

Every primitive says in a sentence what it does, so a house-rule file documents itself:
``cardrules rules bank --option seven=nothing`` prints the rules as configured.

>>> import cardrules
>>> text = "\\n".join(describe(cardrules.load("bank", options={"seven": "nothing"}).variant))
>>> "loses their turn" in text
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cardrules.families.bouts.describe import describe_bouts
from cardrules.families.bouts.model import BoutsPlay
from cardrules.families.shedding.model import (
    AfterTurn,
    Bonus,
    BonusWhen,
    DealEnd,
    ForcedDrawAnswer,
    ForcedDrawThen,
    GroupKind,
    HandPenalty,
    HandPenaltyMode,
    LaidOn,
    Leftover,
    SheddingPlay,
    SheddingScoring,
    Then,
    TrumpBeat,
    TrumpMode,
    TwoPlayerReverse,
)
from cardrules.families.tricks.describe import describe_tricks
from cardrules.families.tricks.model import DrawOrder, Partners, TricksPlay
from cardrules.hooks import POINTS, known, named_hooks
from cardrules.model import DealSpec, Variant
from cardrules.model.match import SCHEDULE, Goal, NextDealer, Remainder
from cardrules.model.variant import PhaseEntry
from cardrules.phases import find as find_phase
from cardrules.primitives.beats import describe_clause

__all__ = ["describe", "hand_sizes", "register_describer"]

Describer = Callable[[Variant], Iterator[str]]
_PROCEDURE_DESCRIBERS: dict[type, Describer] = {TricksPlay: describe_tricks,
                                                 BoutsPlay: describe_bouts}
"""Play record type -> its describer (the shedding procedure's is built in below)."""

_HOOKS_IN_PLACE: dict[type, frozenset[str]] = {
    TricksPlay: frozenset({"card_order", "refusal"}),
    SheddingPlay: frozenset({"upcard", "refusal"})}
"""Play record type -> the hook points its describer describes in place of their rule."""


def register_describer(play_type: type, describer: Describer,
                       hooks_in_place: frozenset[str] = frozenset()) -> None:
    """Teach :func:`describe` the play section of another procedure (and the hook points
    it describes in place of the rules they replace)."""
    _PROCEDURE_DESCRIBERS[play_type] = describer
    _HOOKS_IN_PLACE[play_type] = hooks_in_place


def describe(variant: Variant) -> list[str]:
    """The rules of ``variant`` as lines of text: headings start with ``#``."""
    lines = [f"# {variant.title}", ""]
    if variant.description:
        lines += [variant.description, ""]
    lines += ["## Cards and players", *_setup(variant), ""]
    if variant.phases:
        lines += ["## After the deal", *_phases(variant), ""]
    describer = _PROCEDURE_DESCRIBERS.get(type(variant.play))
    if describer is None and isinstance(variant.play, SheddingPlay):
        describer = _shedding
    if describer is not None:
        lines += ["## Play", *describer(variant), ""]
    lines += ["## The match", *_match(variant), ""]
    in_place = {"first_mover", "pack", *_HOOKS_IN_PLACE.get(type(variant.play), ())}
    others = {p: text for p, text in named_hooks(variant.hooks).items() if p not in in_place}
    if others:
        lines += ["## Hooks in force",
                  *(f"- {POINTS[p][:1].upper()}{POINTS[p][1:]}: {text}"
                    for p, text in others.items()), ""]
    if variant.options:
        lines += ["## Options in force", *_options(variant)]
    return lines


def _phases(v: Variant) -> Iterator[str]:
    """One line per listed phase, in the words of the phase itself."""
    for entry in v.phases:
        phase = find_phase(entry.name)
        yield f"- {phase.describe(phase.settings(entry.section))}"


def _ranks(names: Any) -> str:
    return " ".join(str(n) for n in names)


def _setup(v: Variant) -> Iterator[str]:
    pack = v.pack
    count = str(v.players.min) if v.players.min == v.players.max else \
        f"{v.players.min} to {v.players.max}"
    yield f"- {count} players, seated clockwise; play passes to the left."
    hooked = named_hooks(v.hooks)
    if "pack" in hooked:
        yield (f"- Cards: ranks {_ranks(pack.ranks)} (low to high) in suits "
               f"{_ranks(pack.suits)}. {hooked['pack']}")
    else:
        yield (f"- {len(pack.ranks) * len(pack.suits)} cards: ranks {_ranks(pack.ranks)} "
               f"(low to high) in suits {_ranks(pack.suits)}.")
    if pack.points:
        worth = ", ".join(f"{r} {p}" for r, p in pack.points.items())
        others = "" if pack.card_points else "; other cards 0"
        yield f"- Card points: {worth}{others}."
    if pack.card_points:
        worth = ", ".join(f"{'every ' if k in pack.suits else ''}{k} {p}"
                          for k, p in pack.card_points.items())
        yield (f"- Card points by card or suit: {worth}; other cards 0 (a card's own "
               "entry wins over its suit's, which wins over its rank's).")
    once = v.match.goal is Goal.FIXED_DEALS and v.match.deals == SCHEDULE
    deal = f"- Each player is dealt {hand_sizes(v.deal, starts_over=not once)}"
    if v.deal.starter:
        pile = getattr(v.play, "pile", "pile")
        deal += f"; {v.deal.starter} more is turned face up to start the {pile}"
    drawn = not (isinstance(v.play, TricksPlay) and v.play.draw is DrawOrder.NONE)
    if v.deal.trump_card:
        deal += "; the next card is turned up: its suit is trump"
        face_up = isinstance(v.play, TricksPlay) and v.play.draw is DrawOrder.FACE_UP_TOP
        deal += " and it is drawn last" if drawn and not face_up else \
            " and it stays face up on the pack"
    if "pack" in hooked:  # the hook's sentence says which cards the pack holds
        yield deal + "."
    elif not _cards_left(v):
        yield deal + "; no card is left over."
    else:
        yield deal + ("; the rest is the stock." if drawn else
                      "; the rest of the pack is not used in the deal.")
    mover = v.hooks.get("first_mover", "dealer_left")
    doc = (known("first_mover")[mover].__doc__ or mover).split("\n\n")[0]
    doc = " ".join(doc.split()).rstrip(".")
    opening = getattr(v.play, "opening", None)
    if opening is None:
        yield f"- First move: {doc}."
    elif _all_dealt(v):
        yield f"- First move: the player holding {opening.card} leads the first trick."
    else:
        yield (f"- First move: the player holding {opening.card} leads the first trick; "
               f"when nobody was dealt it, {doc[:1].lower()}{doc[1:]}.")


def _all_dealt(v: Variant) -> bool:
    """Whether every deal deals the whole pack, for every number of players."""
    size = len(v.pack.ranks) * len(v.pack.suits)
    return all(n * hand == size for n in range(v.players.min, v.players.max + 1)
               for hand in v.deal.sizes(n))


def _cards_left(v: Variant) -> bool:
    """Whether some deal, for some number of players, leaves cards in the stock."""
    size = len(v.pack.ranks) * len(v.pack.suits)
    return any(min(v.deal.sizes(n)) * n + v.deal.starter + v.deal.trump_card < size
               for n in range(v.players.min, v.players.max + 1))


def _a(rank: str) -> str:
    """``a 6``, ``an 8``, ``an A``."""
    return ("an " if rank[:1] in "8AEIOU" or rank in ("11", "18") else "a ") + rank


def _then(then: Then) -> str:
    return {Then.NONE: "",
            Then.OPTIONAL: "; you may then lay one more card that beats it, or end the turn",
            Then.COMPULSORY: "; you must then make one more move by the normal rules",
            Then.NAME_SUIT: "; you then name a suit (unless it was your last card), and the "
                            "next card laid must be of that suit or another wild card"}[then]


def _shedding(v: Variant) -> Iterator[str]:
    play = v.play
    assert isinstance(play, SheddingPlay)
    pile = play.pile
    must = "may lay a card on" if play.draw.at_will else "must beat"
    yield (f"- On your turn you {must} the top card of the {pile} if you can. A card beats "
           "it if it is " + "; or ".join(describe_clause(c) for c in play.beats) + ".")
    hooked = named_hooks(v.hooks)
    if "refusal" in hooked:
        yield "- " + hooked["refusal"]
    if "upcard" in hooked:
        yield "- " + hooked["upcard"]
    yield "- " + _trumps(play, v.phases)
    for wild in play.wild:
        article = _a(wild.rank)
        yield f"- {article[0].upper()}{article[1:]} may be laid on any top card" \
              f"{_then(wild.then)}."
    for group in play.groups:
        if group.kind is GroupKind.SAME_RANK:
            where = "on any top card" if group.laid_on is LaidOn.ANY else \
                "if the card chosen for the top beats the top card"
            yield (f"- You may lay {group.size} cards of one rank {where}, choosing which lies "
                   f"on top{_then(group.then)}.")
        else:
            where = "whatever the top card" if group.laid_on is LaidOn.ANY else \
                "if either end card beats the top card; that end goes first and the other " \
                "end becomes the new top"
            yield (f"- You may lay {group.size} cards of one suit in sequence on the ladder "
                   f"{where}{_then(group.then)}.")
    effects = {AfterTurn.SKIP: "the next player loses their turn; the player after them must "
                               "beat it",
               AfterTurn.DRAW_THEN_PLAY: "the next player draws one card, then takes a normal "
                                         "turn",
               AfterTurn.SKIP_AND_DRAW: "the next player draws one card and loses their turn",
               AfterTurn.REVERSE: "the direction of play turns round, so the player who "
                                  "moved before you moves next" + _two_player(play)}
    for rank, effect in play.after_turn.items():
        if effect is not None:
            yield f"- When a turn ends with {_a(rank)} on top, {effects[effect]}."
    yield from _forced_draw(play)
    if play.draw.at_will and play.draw.ends_turn:
        yield ("- Instead of playing you may draw one card from the stock, even when you "
               "could play; drawing ends your turn. With an empty stock you play or pass.")
    elif play.draw.at_will:
        most = play.draw.max_per_turn
        yield (f"- On your turn you may draw from the stock, even when you could play, up to "
               f"{most} card{'s' if most != 1 else ''}; after that, or once the stock is "
               "empty, you play or pass.")
    elif play.stuck_draw and play.draw.ends_turn:
        yield ("- If you cannot beat the top card, draw a card; drawing ends your turn. With "
               "an empty stock you pass. You may not draw while you can beat.")
    elif play.stuck_draw:
        yield (f"- If you cannot beat the top card, draw a card (up to {play.stuck_draw}); if "
               "that gives you a move you must make it, otherwise your turn passes. With an "
               "empty stock you pass. You may not draw while you can beat.")
    else:
        yield "- If you cannot beat the top card, your turn passes."
    if play.draw.reshuffle:
        yield (f"- When a card is to be drawn and the stock is empty, the {pile} but its top "
               f"card is shuffled to make a new stock (at most {play.draw.max_reshuffles} "
               "times a deal; after that an empty stock stays empty).")
    if play.last_card.penalty:
        n = play.last_card.penalty
        yield (f"- On a turn where a play you may make would leave you one card, you may "
               f"'announce' first; if your play leaves you one card and you did not announce "
               f"in that turn, you draw {n} card{'s' * (n != 1)} from the stock at once.")
    if play.starter_redraw and v.deal.starter:
        yield (f"- A starter card of rank {_ranks(play.starter_redraw)} is put under the "
               "stock and the next card is turned instead.")
    if play.take_min > len(v.pack.ranks) * len(v.pack.suits):
        yield f"- The {pile} is never taken."
    else:
        yield (f"- When the player who had to beat your card cannot, you take the {pile} and "
               f"score its card points; a {pile} of fewer than {play.take_min} cards is never "
               "taken, and nobody takes their own card. After a take, the next player must "
               f"beat the last top card; their card starts a new {pile}.")
    for rank in play.cover_takes:
        yield (f"- Whoever lays a card on a group of {rank}s laid in one move takes the {pile} "
               "at once.")
    yield from _shedding_scoring(v)


def _two_player(play: SheddingPlay) -> str:
    if play.two_player_reverse is TwoPlayerReverse.SKIP:
        return ("; with two players holding cards it acts as a skip: the player who laid it "
                "moves again")
    return "; with two players holding cards the other player simply moves next"


def _forced_draw(play: SheddingPlay) -> Iterator[str]:
    forced = play.forced_draw
    for rank, count in forced.ranks.items():
        yield (f"- When a turn ends with {_a(rank)} on top, the next player must draw {count} "
               f"card{'s' * (count != 1)}.")
    if not forced.ranks:
        return
    if forced.answer is ForcedDrawAnswer.SAME_RANK:
        answer = ("may instead lay a card of the top card's rank, which adds its own count "
                  "and passes the total to the player after them; otherwise they draw the "
                  "whole total")
    else:
        answer = "draws the whole total (it cannot be passed on)"
    then = "then their turn ends" if forced.then is ForcedDrawThen.TURN_ENDS else \
        "then they take a normal turn"
    yield (f"- A player made to draw {answer} in one move; {then}. Facing a draw they may lay "
           "no other card. If there is not enough to draw they draw what there is; with "
           "nothing to draw they pass and the draw lapses.")


def _trumps(play: SheddingPlay, play_phases: Sequence[PhaseEntry]) -> str:
    t = play.trumps
    beat = "any card of a lower class" if t.beat is TrumpBeat.ANY_RANK else \
        "a card of a lower class only with the rank one rung lower"
    if t.mode is TrumpMode.NONE:
        return "No trumps."
    if t.mode is TrumpMode.SHARED:
        return f"Trump suits for everyone: {_ranks(t.shared)}; a trump beats {beat}."
    if t.mode is TrumpMode.RANKED:
        order = " below ".join(t.ranked)
        return f"Trump classes: {order}, all above the plain suits; a higher class beats {beat}."
    chosen = any(find_phase(entry.name).before_deal for entry in play_phases)
    how = "chosen before the first deal" if chosen else "by seat: the first suit to the " \
        "first seat, the next to the next"
    return (f"Every player has a trump suit of their own for the whole match ({how}); for "
            f"them it beats {beat}.")


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


def _shedding_scoring(v: Variant) -> Iterator[str]:
    s = v.scoring
    assert isinstance(s, SheddingScoring)
    if s.places:
        yield ("- Players who lay their last card go out; going out 1st, 2nd, 3rd... scores "
               + ", ".join(f"{p:+d}" for p in s.places) + ".")
    for bonus in s.bonuses:
        yield f"- Bonus: {_bonus(bonus, getattr(v.play, 'pile', 'pile'))}."
    first = "as soon as one player is out" if getattr(v.play, "ends", None) is \
        DealEnd.FIRST_OUT else "when only one player holds cards"
    extra = getattr(v.play, "blocked_extra_passes", 0)
    more = f" and {extra} more pass{'es' * (extra != 1)} followed" if extra else ""
    remade = isinstance(v.play, SheddingPlay) and v.play.draw.reshuffle
    empty = "there is nothing left to draw" if remade else "the stock is empty"
    yield (f"- The deal ends {first}, or when {empty} and every player holding "
           f"cards has passed in a row{more}.")
    pile = getattr(v.play, "pile", "pile")
    yield f"- Cards left on the {pile}: " + ("nobody scores them." if s.leftover is Leftover.DISCARD
                                          else "the owner of the top card takes them.")
    p = s.hand_penalty
    penalty = {HandPenaltyMode.NONE: "cost nothing",
               HandPenaltyMode.POINTS: "cost their card points",
               HandPenaltyMode.POINTS_PLUS_FIXED: f"cost their card points plus {p.fixed}",
               HandPenaltyMode.POINTS_PLUS_PER_CARD:
                   f"cost their card points plus {p.per_card} per card",
               HandPenaltyMode.BY_CARD: "cost, each, " + _card_costs(p)}[p.mode]
    yield f"- Cards still in hand at the end {penalty}."


def _card_costs(p: HandPenalty) -> str:
    """``8 50, KH 20, number cards their number, others 0``."""
    parts = [f"{k} {n}" for k, n in (*p.cards.items(), *p.ranks.items())]
    if p.face_value:
        parts.append("other number cards their number")
    return ", ".join([*parts, "others 0"])


def _match(v: Variant) -> Iterator[str]:
    m = v.match
    teams = getattr(v.scoring, "partners", Partners.NONE) is not Partners.NONE
    who = "a partnership" if teams else "a player"
    if m.goal is Goal.REACH_TARGET:
        yield (f"- Deals are played until {who} has {m.target} or more at the end of a deal. "
               "The highest total wins; if the highest totals tie, another deal is played.")
        if teams:
            yield "- Partners score alike and win or lose the match together."
        yield (f"- After {m.max_deals} deals the match ends anyway and the highest total wins "
               "(a tie is a draw).")
    elif m.goal is Goal.LOWEST_TOTAL:
        yield (f"- Deals are played until a player has {m.target} or more at the end of a deal. "
               "The lowest total wins; tied lowest totals share the win.")
        yield (f"- After {m.max_deals} deals the match ends anyway and the lowest total wins.")
    elif m.goal is Goal.FIXED_DEALS:
        yield f"- The match lasts {_deals(v)}. The highest total wins; tied highest totals " \
            "share the win."
    else:
        yield (f"- Deals are played until a player has {m.losing_total} or more points; they "
               "lose and the others win.")
    dealer = {NextDealer.CLOCKWISE: "the player on the dealer's left",
              NextDealer.LOSER: "the player with the lowest deal result",
              NextDealer.LAST_OUT: "the player who finished the deal last",
              NextDealer.DEAL_STARTER: "the player who made the deal's first move",
              NextDealer.SCORE_LEADER: "the player with the highest total",
              NextDealer.SCORE_TRAILER: "the player with the lowest total"}[m.next_dealer]
    yield f"- The first dealer is drawn by lot; the next dealer is {dealer}."
    if m.pot is not None:
        yield (f"- Each player stakes {m.pot.stake}; the winners share the pot, fewer points "
               "taking a larger share:")
        for pattern, shares in m.pot.split.items():
            text = ", ".join(f"{float(s) * 100:g}%" for s in shares)
            yield f"  - winners finishing {pattern}: {text}"
        rest = "goes to the winner with the fewest points" \
            if m.pot.remainder is Remainder.LOWEST_TOTAL else "stays in the pot"
        yield f"- A remainder that cannot be split evenly {rest}."


def _deals(v: Variant) -> str:
    """``8 deals``, or one pass through the schedule: ``one deal per hand size above (33
    deals with 3 players, 23 with 4)``."""
    m = v.match
    if m.deals != SCHEDULE:
        return f"{m.deals} deal{'s' * (m.deals != 1)}"
    counts = [(n, m.deal_count(v.deal.sizes(n)))
              for n in range(v.players.min, v.players.max + 1)]
    if len({c for _, c in counts}) == 1:
        return f"one deal per hand size above ({counts[0][1]} deals)"
    return "one deal per hand size above (" + ", ".join(
        f"{c} deals with {n} players" if i == 0 else f"{c} with {n}"
        for i, (n, c) in enumerate(counts)) + ")"


def _options(v: Variant) -> Iterator[str]:
    for option in v.options:
        value = option.default
        meaning = option.descriptions.get(str(value), "")
        shown = "null" if value is None else value
        yield f"- {option.name} = {shown}" + (f": {meaning}" if meaning else "") + \
            f" ({option.description})"


def hand_sizes(deal: DealSpec, *, starts_over: bool = True) -> str:
    """The cards each player is dealt, in words; a long climb or fall by one card a deal
    is written as a range (``1 to 17, then 16 to 1``).  ``starts_over``: the schedule
    starts over after its last entry (false when the match ends with it).

    >>> print(hand_sizes(DealSpec.read({"hand": {"by_players": {"3": [1, 2], "4": 5}}})))
    ... # doctest: +ELLIPSIS
    1, 2 cards with 3 players, 5 cards with 4 players, in turn from deal to deal (then ...
    >>> print(hand_sizes(DealSpec.read({"hand": {"schedule": [1, 2, 3, 4, 5, 6, 5, 4, 3]}}),
    ...                  starts_over=False))
    1 to 6, then 5, 4, 3 cards, in turn from deal to deal
    """
    def words(sizes: tuple[int, ...]) -> str:
        if len(sizes) == 1:
            return f"{sizes[0]} card{'s' if sizes[0] != 1 else ''}"
        return f"{_runs(sizes)} cards"
    if not deal.schedule:
        return words((deal.hand,))
    text = ", ".join(words(sizes) + (f" with {n} players" if n else "")
                     for n, sizes in sorted(deal.schedule.items()))
    if any(len(sizes) > 1 for sizes in deal.schedule.values()):
        text += ", in turn from deal to deal"
        if starts_over:
            text += " (then again from the first)"
    return text


def _runs(sizes: tuple[int, ...]) -> str:
    """Sizes in words, a run of five or more climbing or falling by one as ``a to b``."""
    parts: list[str] = []
    i = 0
    while i < len(sizes):
        j = i + 1
        step = sizes[j] - sizes[i] if j < len(sizes) else 0
        while step in (1, -1) and j < len(sizes) and sizes[j] - sizes[j - 1] == step:
            j += 1
        if j - i >= 5:
            parts.append(f"{sizes[i]} to {sizes[j - 1]}")
            i = j
        else:
            parts.append(str(sizes[i]))
            i += 1
    return "".join(part if k == 0 else (", then " if " to " in parts[k - 1] else ", ") + part
                   for k, part in enumerate(parts))
