"""Rules in plain English, generated from the rule data.

Every primitive says in a sentence what it does, so a house-rule file documents itself:
``cardrules rules bank --option seven=nothing`` prints the rules as configured.

>>> import cardrules
>>> text = "\\n".join(describe(cardrules.load("bank", options={"seven": "nothing"}).variant))
>>> "loses their turn" in text
False
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from cardrules.engine.procedures import find as find_procedure
from cardrules.engine.turns import DEALERS_LEFT, When
from cardrules.hooks import POINTS, known, named_hooks
from cardrules.model import DealSpec, Variant
from cardrules.model.match import SCHEDULE, Goal, NextDealer, Remainder
from cardrules.model.sentence import Sentence, sentence
from cardrules.model.sentence import lines as printed
from cardrules.phases import find as find_phase
from cardrules.phases import first_leader_phase

__all__ = ["describe", "hand_sizes", "hook_sentences", "play_sentences"]


def describe(variant: Variant) -> list[str]:
    """The rules of ``variant`` as lines of text: headings start with ``#``."""
    lines = [f"# {variant.title}", ""]
    if variant.description:
        lines += [variant.description, ""]
    lines += ["## Cards and players", *_setup(variant), ""]
    for heading, when in (("## Between deals", When.BETWEEN_DEALS),
                          ("## Before the deal", When.BEFORE_DEAL),
                          ("## The deal", When.INSTEAD_OF_DEAL),
                          ("## After the deal", When.AFTER_DEAL)):
        phases = list(_phases(variant, when))
        if phases:
            lines += [heading, *phases, ""]
    play = play_sentences(variant)
    if play:
        lines += ["## Play", *_lines(play), ""]
    during = list(_phases(variant, *(when for when in When if not when.before_play)))
    if during:
        lines += ["## During play", *during, ""]
    lines += ["## The match", *_match(variant), ""]
    others = hook_sentences(variant)
    if others:
        lines += ["## Hooks in force", *_lines(others), ""]
    if variant.options:
        lines += ["## Options in force", *_options(variant)]
    return lines


def play_sentences(variant: Variant) -> list[Sentence | str]:
    """The rules of play and scoring of ``variant`` as its procedure words them, each
    sentence tied to the rule it words (a procedure of another package may give bare
    lines); a sentence wording the default of a hook point the variant names another
    hook for gives way to that hook's sentence (its docstring's first sentence), the
    first in place of the default's wording, the others dropped.

    >>> import cardrules
    >>> [s.rules for s in play_sentences(cardrules.load("hearts").variant)][:2]
    [('play.lead',), ('play.opening',)]
    """
    hooked = named_hooks(variant.hooks)
    out: list[Sentence | str] = []
    placed: set[str] = set()
    for s in find_procedure(variant.play.procedure).describe(variant):
        if isinstance(s, str) or s.hook not in hooked:
            out.append(s)
        elif s.hook not in placed:
            placed.add(s.hook)
            out.append(attrs.evolve(s, text=hooked[s.hook], rules=(f"hooks.{s.hook}",),
                                    present=True, hook="", indent=0))
    return out


def hook_sentences(variant: Variant) -> list[Sentence]:
    """The named hooks not worded in place (their sentence under "Play", or among the
    cards and players), each in a sentence of its own: what the point decides, then the
    hook's docstring's first sentence."""
    said = {s if isinstance(s, str) else s.text for s in play_sentences(variant)}
    return [sentence(f"{POINTS[p][:1].upper()}{POINTS[p][1:]}: {text}", f"hooks.{p}")
            for p, text in named_hooks(variant.hooks).items()
            if p not in ("first_mover", "pack") and text not in said]


def _lines(sentences: Sequence[Sentence | str]) -> list[str]:
    """Sentences as printed lines (a bare line as it is)."""
    out: list[str] = []
    for s in sentences:
        if isinstance(s, str):
            out.append(s)
        elif s.joined and out:
            out[-1] += " " + s.text
        else:
            out += printed([s])
    return out


def _phases(v: Variant, *whens: When) -> Iterator[str]:
    """One line per listed phase in force that runs at one of ``whens`` (before the deal,
    after it, between tricks...), in the words of the phase itself; a phase the engine
    skips in every deal of ``v`` is not described."""
    for entry in v.phases:
        phase = find_phase(entry.name)
        settings = phase.settings(entry.section)
        if phase.timing(settings) in whens and phase.in_force(settings, v):
            yield f"- {phase.describe(settings)}"


def _ranks(names: Any) -> str:
    return " ".join(str(n) for n in names)


def _setup(v: Variant) -> Iterator[str]:
    pack = v.pack
    count = str(v.players.min) if v.players.min == v.players.max else \
        f"{v.players.min} to {v.players.max}"
    side = "left" if v.play_order.step > 0 else "right (counter-clockwise)"
    if v.players.max == 1:
        yield "- 1 player."
    else:
        yield f"- {count} players, seated clockwise; play passes to the {side}."
    hooked = named_hooks(v.hooks)
    if "pack" in hooked:
        yield (f"- Cards: ranks {_ranks(pack.ranks)} (low to high) in suits "
               f"{_ranks(pack.suits)}. {hooked['pack']}")
    else:
        jokers = f", and {_ranks(pack.extra_names)} (no suit, no rank)" if pack.extra else ""
        yield (f"- {pack.size} cards: ranks {_ranks(pack.ranks)} "
               f"(low to high) in suits {_ranks(pack.suits)}{jokers}{_left_out(v)}"
               f"{_packs(v)}.")
    if pack.points:
        worth = ", ".join(f"{r} {p}" for r, p in pack.points.items())
        others = "" if pack.card_points else "; other cards 0"
        yield f"- Card points: {worth}{others}."
    if pack.card_points:
        worth = ", ".join(f"{'every ' if k in pack.suits else ''}{k} {p}"
                          for k, p in pack.card_points.items())
        yield (f"- Card points by card or suit: {worth}; other cards 0 (a card's own "
               "entry wins over its suit's, which wins over its rank's).")
    once = v.match.goal in (Goal.FIXED_DEALS, Goal.LOWEST_AFTER_DEALS) and \
        v.match.deals == SCHEDULE
    deal = f"- Each player is dealt {hand_sizes(v.deal, starts_over=not once)}"
    procedure = find_procedure(v.play.procedure)
    if v.deal.starter:
        deal += (f"; {v.deal.starter} more is turned face up to start the "
                 f"{procedure.starter_place(v)}")
    drawn = procedure.draws_stock(v)
    if v.deal.trump_card:
        deal += "; the next card is turned up: its suit is trump"
        deal += f" and {procedure.trump_card_fate(v)}"
    if "pack" in hooked:  # the hook's sentence says which cards the pack holds
        deal += "."
    elif not _cards_left(v):
        deal += "; no card is left over."
    else:
        deal += ("; the rest is the stock." if drawn else
                 "; the rest of the pack is not used in the deal.")
    yield procedure.deal_words(v, deal)
    mover = v.hooks.get("first_mover", "dealer_left")
    doc = (known("first_mover")[mover].__doc__ or mover).split("\n\n")[0]
    doc = " ".join(doc.split()).rstrip(".")
    if v.play_order != DEALERS_LEFT and mover == "dealer_left":
        doc = f"The first player of the turn order ({v.play_order.describe()}) moves first"
    move = procedure.first_move(v, doc)
    leader = first_leader_phase(v)
    if leader is not None:
        yield (f"- First move: the {leader} phase after the deal (below) comes first and names "
               "who leads to the first trick.")
        return
    yield f"- First move: {move[:1].lower()}{move[1:]}."


def _left_out(v: Variant) -> str:
    """The cards ``pack.left_out`` leaves out, as the end of the pack's sentence ('' when
    none).

    >>> import cardrules
    >>> from cardrules.model.common import LeftOut
    >>> v = cardrules.load("hearts").variant
    >>> pack = attrs.evolve(v.pack, left_out=LeftOut.read(
    ...     {"by_players": {"3": ["2C"], "5": ["2C", "2D"]}}))
    >>> _left_out(attrs.evolve(v, pack=pack))
    '; with 3 players 2C is left out (51 cards), with 5 players 2C 2D are left out (50 cards)'
    """
    by_players = v.pack.left_out.by_players

    def words(names: tuple[str, ...]) -> str:
        return f"{_ranks(names)} {'is' if len(names) == 1 else 'are'} left out"

    if set(by_players) == {0}:
        return f"; {words(by_players[0])}, which leaves {v.pack.count(0)} cards"
    return "".join(f"{', ' if i else '; '}with {n} players {words(names)} "
                   f"({v.pack.count(n)} cards)"
                   for i, (n, names) in enumerate(sorted(by_players.items())))


def _cards_left(v: Variant) -> bool:
    """Whether some deal, for some number of players, leaves cards in the stock."""
    return any(min(v.deal.sizes(n)) * n + v.deal.starter + v.deal.trump_card
               < v.pack.count(n)
               for n in range(v.players.min, v.players.max + 1))


def _match(v: Variant) -> Iterator[str]:
    m = v.match
    teams = find_procedure(v.play.procedure).in_partnerships(v)
    who = "a partnership" if teams else "a player"
    if m.goal is Goal.REACH_TARGET:
        yield (f"- Deals are played until {who} has {m.target} or more at the end of a deal. "
               "The highest total wins; if the highest totals tie, another deal is played.")
        if m.mercy is not None:
            yield (f"- The match also ends when {who} has {m.mercy} or less at the end of a "
                   "deal, fewer than another; the highest total then wins.")
        if m.box_bonus or m.game_bonus:
            parts = ([f"{m.box_bonus} points for each deal they won"] if m.box_bonus else []) \
                + ([f"the winner {m.game_bonus} points"] if m.game_bonus else [])
            yield (f"- Once the match is won, each player's total gains {' and '.join(parts)} "
                   "(bonuses that change no result).")
        if teams:
            yield "- Partners score alike and win or lose the match together."
        yield (f"- After {m.max_deals} deals the match ends anyway and the highest total wins "
               "(a tie is a draw).")
    elif m.goal is Goal.LOWEST_TOTAL:
        yield (f"- Deals are played until a player has {m.target} or more at the end of a deal. "
               "The lowest total wins; tied lowest totals share the win.")
        yield (f"- After {m.max_deals} deals the match ends anyway and the lowest total wins.")
    elif m.goal is Goal.FIXED_DEALS and m.deals == 1:
        yield "- The match is one deal, won as the deal is."
    elif m.goal is Goal.FIXED_DEALS:
        yield f"- The match lasts {_deals(v)}. The highest total wins; tied highest totals " \
            "share the win."
    elif m.goal is Goal.LOWEST_AFTER_DEALS:
        yield f"- The match lasts {_deals(v)}. The lowest total wins; tied lowest totals " \
            "share the win."
    else:
        yield (f"- Deals are played until a player has {m.losing_total} or more points; they "
               "lose and the others win.")
        if teams:
            yield "- Partners score alike and lose the match together."
    if m.scoreless_deal is not None:
        factor, compound = m.scoreless_deal.next_factor, m.scoreless_deal.compound
        again = f", {factor} times more for each further one in a row" if compound else \
            ", however many such deals came in a row"
        yield (f"- After a deal that adds nothing to any total, the next deal that does "
               f"counts {factor} times{again}.")
    after = "left" if v.play_order.step > 0 else "right"
    dealer = {NextDealer.CLOCKWISE: f"the player on the dealer's {after}",
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
        rest = {Remainder.LOWEST_TOTAL: "goes to the winner with the fewest points",
                Remainder.KEPT: "stays in the pot",
                Remainder.ONE_EACH: "goes one unit each to the winners, the best placed "
                                    "first"}[m.pot.remainder]
        yield f"- A remainder that cannot be split evenly {rest}."


def _packs(v: Variant) -> str:
    """``; two such packs (108 cards) with 6 to 8 players``, or nothing."""
    by_count: dict[int, list[int]] = {}
    for n, k in sorted(v.pack.packs_by_players.items()):
        if k > 1:
            by_count.setdefault(k, []).append(n)
    words = {2: "two", 3: "three", 4: "four"}
    parts = []
    for k, counts in by_count.items():
        who = f"{counts[0]} to {counts[-1]}" if counts == list(range(counts[0], counts[-1] + 1)) \
            and len(counts) > 1 else ", ".join(map(str, counts))
        parts.append(f"{words.get(k, str(k))} such packs ({v.pack.size_for(counts[0])} cards) "
                     f"with {who} players")
    return "; " + "; ".join(parts) if parts else ""


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
    """The value of each option in force (one that changes nothing under the other
    options' values, see ``applies_when``, is left out)."""
    for option in v.options:
        if not option.in_force(v.options):
            continue
        value = option.default
        meaning = option.descriptions.get(str(value), "")
        yield f"- {option.name} = {_value(value)}" + (f": {meaning}" if meaning else "") + \
            f" ({option.description})"


def _value(value: Any) -> str:
    """An option's value as a rule file would write it (``S D``; ``not set``)."""
    if value is None:
        return "not set"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value) or "none"
    return str(value)


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
    >>> print(hand_sizes(DealSpec.read({"hand": {"by_players": {"3": [1, 2, 3, 4, 5]},
    ...                                          "by_lot": True}})))
    1 to 5 cards with 3 players, a number drawn by lot each deal, each as likely
    """
    def words(sizes: tuple[int, ...]) -> str:
        if len(sizes) == 1:
            return f"{sizes[0]} card{'s' if sizes[0] != 1 else ''}"
        return f"{_runs(sizes)} cards"
    if not deal.schedule:
        return words((deal.hand,))
    text = ", ".join(words(sizes) + (f" with {n} players" if n else "")
                     for n, sizes in sorted(deal.schedule.items()))
    if deal.by_lot and any(len(sizes) > 1 for sizes in deal.schedule.values()):
        return text + ", a number drawn by lot each deal, each as likely"
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
