"""The trick-taking procedure's rules in plain English, generated from the rule data.

:meth:`Tricks.describe <cardrules.engine.procedures.Procedure.describe>` gives
:func:`describe_tricks`, so ``cardrules rules`` prints these lines under "Play".  Every
sentence is built from a rule value, so a house rule changes the text:

>>> from cardrules.families.tricks.model import CardFilter, CombinationSpec, Partners
>>> describe_pattern(CombinationSpec(size=3, all=CardFilter(ranks=("A",)),
...                                  include=(CardFilter(ranks=("A",), trump=True),)))
'3 cards of rank A, at least one of them a trump of rank A'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from cardrules.families.tricks import describe_stock
from cardrules.families.tricks.model import (
    Announced,
    Band,
    CardFilter,
    CombinationSpec,
    Condition,
    DrawOrder,
    Duties,
    Effect,
    Follow,
    Holder,
    Partners,
    SetBeat,
    TrickScoring,
    TricksPlay,
    TrickTrump,
    TrumpSource,
)
from cardrules.families.tricks.trump_order import describe_trump_order, has_order
from cardrules.hooks import DEFAULTS, named_hooks
from cardrules.model import Variant
from cardrules.model.sentence import Sentence, sentence
from cardrules.phases import find as find_phase
from cardrules.primitives.beats import describe_clause

__all__ = ["describe_band", "describe_combination", "describe_pattern", "describe_terms",
           "describe_tricks"]

_SETS = {
    SetBeat.PAIRING: "A set of cards beats another set of the same size if the cards can be "
                     "paired one to one so that every card of the other set is beaten by its "
                     "partner; the order the cards are written in does not matter.",
}
"""What each way of comparing sets means."""

_HOLDERS = {
    Holder.LAST_BEATER: "The leader holds the trick until someone beats the lead; after that, "
                        "to take over the trick a player must beat the cards of the player "
                        "holding it. Whoever holds the trick when everyone has answered takes "
                        "all its cards and leads next.",
}
"""Who holds and takes the trick, per holder rule."""


def describe_tricks(variant: Variant) -> Iterator[Sentence]:
    """The play section of a trick-taking variant, one rule per sentence, each tied to
    the rule record it words."""
    way = variant.play_order.way  # the direction of play, in words
    play, scoring = variant.play, variant.scoring
    assert isinstance(play, TricksPlay) and isinstance(scoring, TrickScoring)
    hooked = named_hooks(variant.hooks)
    yield sentence(_lead(play), "play.lead", present=play.lead.max_cards > 1)
    yield from _lead_restrictions(play)
    yield sentence(_answer(play, refused="refusal" in hooked, way=way), "play.answer",
                   present=False)
    yield from _duties(play)
    if "refusal" in hooked:
        yield sentence(hooked["refusal"], "hooks.refusal")
    within = " or ".join(describe_clause(c) for c in play.beats) or "no other card"
    yield sentence(f"A card is beaten by {within}.", "play.beats", present=False,
                   hook="card_order")
    named = any(spec.sets_trump for spec in play.combinations.values())
    yield sentence(_trump(play.trump, play.draw, _trump_words(variant), declared=named),
                   "play.trump", present=play.trump.source is not TrumpSource.NONE,
                   joined=True)
    if has_order(play.trump):
        yield sentence(describe_trump_order(play.trump), "play.trump.ranks", "play.trump.above",
                       present=False, hook="card_order")
    if play.trump.points:
        worth = ", ".join(f"{rank} {points}" for rank, points in play.trump.points.items())
        yield sentence(f"In the trump suit the cards are worth: {worth} (the others as in "
                       "the other suits).", "play.trump.points")
    for name, said in play.announced.items():
        yield sentence(_announced(name, said), f"play.announced.{name}")
    if play.melds is not None:
        yield sentence(play.melds.describe(), "play.melds")
    if play.lead.max_cards > 1 or play.combinations:  # sets of one card need no pairing
        yield sentence(_SETS[play.sets], "play.sets", present=False)
    yield sentence(_HOLDERS[play.holder], "play.holder", present=False)
    yield sentence(_draw(play.draw, variant.deal.hand if not variant.deal.schedule else 0,
                         way),
                   "play.draw", present=play.draw is not DrawOrder.NONE)
    yield from describe_stock.stock_rules(play)
    if any(spec.effect is Effect.SCORE for spec in play.combinations.values()):
        yield sentence(describe_stock.declaring(next(iter(play.combinations)),
                                                scoring.target is not None),
                       "play.combinations")
        for name, spec in play.combinations.items():
            yield sentence(describe_combination(name, spec, scoring),
                           f"play.combinations.{name}", indent=1)
    elif play.combinations:
        yield sentence("Before each lead, every player is asked in turn, the player due to "
                       f"lead first and then {way}, whether to declare a combination or "
                       "pass (one holding none can only pass); a player is not asked while "
                       "the hand sizes rule out every combination they could declare. The "
                       "combinations:", "play.combinations")
        for name, spec in play.combinations.items():
            yield sentence(describe_combination(name, spec, scoring),
                           f"play.combinations.{name}", indent=1)
    if not _scores_replaced(variant):
        yield from _scoring(variant)
    elif scoring.last_trick:  # the phase scoring the deal counts the card points so
        yield sentence(f"Whoever takes the last trick of a deal played to its last card "
                       f"adds {scoring.last_trick} to their card points.", "scoring.last_trick")
    yield from _deal_end(play, variant.hooks.get("first_mover", DEFAULTS["first_mover"]),
                         scoring.target is not None, _sits_out(variant))


def _several(play: TricksPlay) -> bool:
    """Whether more than one card may be led (and so answered) at once."""
    return play.lead.max_cards > 1 or any(
        spec.effect is Effect.LEAD for spec in play.combinations.values())


def _lead(play: TricksPlay) -> str:
    most = play.lead.max_cards
    if most <= 1:
        return "Each trick starts with a lead of one card."
    suits = "of one suit" if play.lead.same_suit else "of any suits"
    return (f"Each trick starts with a lead of one card, or of up to {most} cards {suits}; "
            "never more cards than the smallest hand holds.")


def _answer(play: TricksPlay, *, refused: bool = False, way: str = "clockwise") -> str:
    """How players answer; that nobody has to follow suit or beat only when neither the
    duties nor a ``refusal`` hook (``refused``) say otherwise."""
    answer = play.answer
    ways = [w for w, allowed in (("face up (`answer`)", answer.face_up),
                                 ("face down (`throw`)", answer.face_down)) if allowed]
    free = play.duties == Duties() and not play.first_trick.no_cards and not refused
    many = "as many cards as were led" if _several(play) else "one card"
    text = (f"Then each other player in turn, {way}, answers with {many}, "
            f"{' or '.join(ways) or 'in no allowed way'}."
            + (" Nobody has to follow suit or to beat." if free else ""))
    if answer.face_down:
        text += (" Face-down cards never beat; only the player who laid them (and whoever "
                 "takes the trick) sees them.")
    return text


def _lead_restrictions(play: TricksPlay) -> Iterator[Sentence]:
    """The opening card and the suits that must be broken, one sentence each."""
    opening = play.opening
    if opening is not None:
        card = opening.card
        what = f"a card of {card}'s suit" if opening.any_of_suit else card
        lead = "may lead any card" if opening.lead_any else f"must lead {what}"
        yield sentence(f"The player holding {card} leads the first trick of every deal "
                       f"(whoever would lead otherwise) and {lead}.", "play.opening")
    if play.unbroken is not None and play.unbroken.never_broken:
        yield sentence(f"{_or(play.unbroken.suits)} may never be led unless the leader "
                       "holds nothing else.", "play.unbroken")
    elif play.unbroken is not None:
        suits = _or(play.unbroken.suits)
        by = f" or {_or(play.unbroken.broken_by)}" if play.unbroken.broken_by else ""
        yield sentence(f"{suits} may not be led until broken, that is until a card of "
                       f"{suits}{by} has been played in the deal, unless the leader holds "
                       "nothing else.", "play.unbroken")


def _duties(play: TricksPlay) -> Iterator[Sentence]:
    """The duties of answering and the first-trick restriction, one sentence each."""
    duties = play.duties
    when = {Condition.STOCK_EMPTY: " Once the stock is empty:",
            Condition.STOCK_CLOSED: " Once the stock is closed or empty:"}.get(duties.when, "")
    musts, rules = [], []
    if duties.follow is Follow.SUIT:
        musts.append("a player who can must follow suit, answering with cards of the led "
                     "suit (as many as they hold, up to the number led)" if _several(play)
                     else "a player who can must follow suit, answering with a card of the "
                     "led suit")
        rules.append("play.duties.follow")
    if duties.trump_when_void:
        musts.append("a player holding no card of the led suit must answer with trumps if "
                     "able")
        rules.append("play.duties.trump_when_void")
    if duties.head:
        musts.append("among the answers these duties allow, a player must beat the cards "
                     "holding the trick if able")
        rules.append("play.duties.head")
    if duties.overtrump:
        musts.append("a player who plays trumps to a trick a trump holds must beat it if "
                     "able")
        rules.append("play.duties.overtrump")
    if duties.partner_frees:
        musts.append("but a player holding no card of the led suit whose partner holds the "
                     "trick may play any card")
        rules.append("play.duties.partner_frees")
    if musts:
        text = "; ".join(musts)
        if when:
            rules.append("play.duties.when")
        yield sentence((when + " " + text if when else text[0].upper() + text[1:]).strip()
                       + ".", *rules)
    if play.first_trick.no_cards:
        yield sentence(f"A player holding no card of the led suit may not play "
                       f"{_or(play.first_trick.no_cards)} (cards of those suits, or those "
                       "cards) to the first trick of the deal, unless nothing else is "
                       "allowed.", "play.first_trick.no_cards")


def _announced(name: str, spec: Announced) -> str:
    """A set announced as it is played, in words.

    >>> print(_announced("belote", Announced(ranks=("K", "Q"), trump=True, points=20,
    ...                                      words=("belote", "rebelote"))))
    ... # doctest: +NORMALIZE_WHITESPACE
    Belote: a player who holds the K and Q of trumps says 'belote' on playing the first
    of them and 'rebelote' on playing the last, and then scores 20 (kept whatever the
    contract).
    """
    where = {True: " of trumps", False: " of a suit other than trumps",
             None: " of one suit"}[spec.trump]
    ranks = " and ".join((", ".join(spec.ranks[:-1]), spec.ranks[-1])) \
        if len(spec.ranks) > 1 else spec.ranks[0]
    first, last = spec.words[0], spec.words[-1]
    return (f"{name.capitalize()}: a player who holds the {ranks}{where} says '{first}' on "
            f"playing the first of them and '{last}' on playing the last, and then scores "
            f"{spec.points} (kept whatever the contract).")


def _sits_out(variant: Variant) -> bool:
    """Whether a listed phase may sit a seat out of the deal's play."""
    for entry in variant.phases:
        try:
            if find_phase(entry.name).sits_out:
                return True
        except KeyError:
            continue
    return False


def _trump_words(variant: Variant) -> str:
    """What trumps are in the words of the listed phase that names them (the default
    words when none is listed)."""
    for entry in variant.phases:
        try:
            phase = find_phase(entry.name)
        except KeyError:
            continue
        if phase.names_trump:
            return phase.trump_words
    return "the suit the highest bidder names after the bidding"


def _trump(trump: TrickTrump, draw: DrawOrder = DrawOrder.WINNER_FIRST,
           named: str = "the suit the highest bidder names after the bidding", *,
           declared: bool = False) -> str:
    """``declared``: a declared combination names trumps (``sets_trump``)."""
    beat = "a trump beats any card of another suit"
    if declared and trump.source is TrumpSource.NONE:
        return ("The deal begins with no trumps; a declared combination that names "
                f"trumps makes its suit trumps (see below); {beat}.")
    if trump.source is TrumpSource.TURNED_CARD:
        where = {DrawOrder.NONE: "for the whole deal",
                 DrawOrder.FACE_UP_TOP: "on top of the stock until it is taken; they stay "
                                        "trumps for the whole deal"}.get(
            draw, "under the stock and is drawn last")
        return (f"Trumps are the suit of the card turned up at the deal, which lies face up "
                f"{where}; {beat}.")
    if trump.source is TrumpSource.DEALER_CARD:
        return ("Trumps are the suit of the dealer's last dealt card, which everyone sees "
                f"and which stays in the dealer's hand; {beat}.")
    if trump.source is TrumpSource.FIXED:
        return f"Trumps are {trump.suit} in every deal; {beat}."
    if trump.source is TrumpSource.BIDDER:
        return f"Trumps are {named}; {beat}."
    return "There are no trumps."


def _draw(draw: DrawOrder, hand: int, way: str = "clockwise") -> str:
    """``hand``: the cards a hand is drawn up to (0: as many as this deal dealt)."""
    held = f"{hand} cards" if hand else "as many cards as were dealt"
    if draw is DrawOrder.WINNER_FIRST:
        return ("After each trick everyone draws from the stock one card at a time, the "
                f"trick's winner first and then {way}, until they hold {held} again "
                "or the stock is gone.")
    if draw is DrawOrder.FACE_UP_TOP:
        return ("The stock's top card lies face up. After each trick the trick's winner "
                f"takes it, the others then draw unseen one card at a time {way}, until "
                f"they hold {held} again or the stock is gone, and the next card is turned "
                "up.")
    return "Nobody draws after a trick."


def _filter(f: CardFilter, noun: str = "card") -> str:
    """``a trump of rank A or 10``, ``a plain card``, ``a card``."""
    text = {True: "a trump", False: f"a plain {noun}", None: f"a {noun}"}[f.trump]
    return text + (f" of rank {_or(f.ranks)}" if f.ranks else "")


def _or(words: Sequence[str]) -> str:
    return " or ".join(words)


def describe_pattern(spec: CombinationSpec) -> str:
    """The cards of a combination in words, from its size, filters and must-include.

    >>> from cardrules.families.tricks.model import CardFilter, CombinationSpec, Partners
    >>> describe_pattern(CombinationSpec(size=4, all=CardFilter(trump=False), same_suit=True))
    '4 plain cards of one suit'
    """
    noun = {True: "trumps", False: "plain cards", None: "cards"}[spec.all.trump]
    if spec.size == 1:
        noun = {True: "trump", False: "plain card", None: "card"}[spec.all.trump]
    text = f"{spec.size} {noun}"
    if spec.all.ranks:
        text += f" of rank {_or(spec.all.ranks)}"
    if spec.same_suit:
        text += " of one suit"
    if spec.include:
        text += ", at least one of them " + _or([_filter(f) for f in spec.include])
    return text


def _title(name: str) -> str:
    """``four_ends`` -> ``Four ends (`four_ends`)``."""
    return f"{name.replace('_', ' ').capitalize()} (`{name}`)"


def describe_combination(name: str, spec: CombinationSpec, scoring: TrickScoring) -> str:
    """One combination, its cards and what declaring it does.

    >>> from cardrules.families.tricks.model import CardFilter, CombinationSpec, Effect
    >>> describe_combination("bura", CombinationSpec(size=4, all=CardFilter(trump=True),
    ...                      effect=Effect.WIN_DEAL), TrickScoring(most_points=0))[:66]
    'Bura (`bura`): 4 trumps. Declaring it wins the deal at once: the d'
    """
    text = f"{_title(name)}: {describe_pattern(spec)}. "
    if spec.effect is Effect.SCORE:
        return text + describe_stock.scoring_combination(spec)
    if spec.effect is Effect.LEAD:
        return text + ("Declaring it leads its cards at once as one lead (of any suits); the "
                       "others answer with as many. It may be declared only while every hand "
                       f"holds at least {spec.size} cards.")
    declarer = "scores as the player with the most card points" \
        if scoring.most_points is not None else "scores by what they have taken"
    return text + ("Declaring it wins the deal at once: the deal is scored as it stands, the "
                   f"declarer {declarer}, and the declarer leads the next deal.")


def describe_band(name: str, band: Band) -> str:
    """A scoring band: its conditions and its score.

    >>> describe_band("some_tricks", Band(min_points=1, min_tricks=1, score=4))
    'at least 1 card point and at least 1 trick (`some_tricks`): 4'
    """
    wants = []
    if band.min_points:
        wants.append(f"at least {band.min_points} card point{'s' * (band.min_points != 1)}")
    if band.min_tricks:
        wants.append(f"at least {band.min_tricks} trick{'s' * (band.min_tricks != 1)}")
    return f"{' and '.join(wants) or 'anyone else'} (`{name}`): {band.score}"


def _scores_replaced(variant: Variant) -> bool:
    """Whether a listed phase scores the deal in place of the procedure (its sentence,
    under "After the deal", says how)."""
    for entry in variant.phases:
        phase = find_phase(entry.name)
        if phase.replaces_scores(phase.settings(entry.section)):
            return True
    return False


def _points_rules(variant: Variant) -> tuple[str, ...]:
    """The rules that make card points matter to a deal's scores (some card or the last
    trick is worth points, or a hook says what cards are worth); none: they do not."""
    pack, scoring = variant.pack, variant.scoring
    assert isinstance(scoring, TrickScoring)
    return tuple(path for path, worth in (
        ("pack.points", any(pack.points.values())),
        ("pack.card_points", any(pack.card_points.values())),
        ("scoring.last_trick", scoring.last_trick),
        ("hooks.card_points", "card_points" in variant.hooks)) if worth)


def _scoring(variant: Variant) -> Iterator[Sentence]:
    """How a deal is scored, tied to ``scoring`` (and to what the cards are worth)."""
    play, scoring = variant.play, variant.scoring
    assert isinstance(play, TricksPlay) and isinstance(scoring, TrickScoring)
    worth = _points_rules(variant)
    if worth:
        yield sentence("When the deal ends, everyone counts the card points in the tricks "
                       "they took.", *worth)
    if scoring.last_trick:
        yield sentence(f"Whoever takes the last trick of a deal played to its last card adds "
                       f"{scoring.last_trick} to their card points.", "scoring.last_trick")
    if scoring.partners is Partners.OPPOSITE:
        pooled = "card points and tricks" if worth else "tricks"
        yield sentence(f"Players sitting opposite are partners: they add up their {pooled}, "
                       "and both score what the pair scores.", "scoring.partners")
    if scoring.counted is not Condition.ALWAYS:
        yield describe_counted(scoring.counted)
    if scoring.target is not None:
        yield from describe_stock.target_rules(scoring.target, describe_band,
                                               closes=play.close is not None)
        return
    if scoring.scored_by_terms:
        yield from describe_terms(scoring)
        return
    if scoring.most_points is not None:
        yield sentence(f"The player with the most card points scores {scoring.most_points} "
                       "(tied leaders all do); every other player scores by the first of "
                       "these lines they reach:", "scoring.most_points", "scoring.bands",
                       present=False)
    else:
        yield sentence("Every player scores by the first of these lines they reach:",
                       "scoring.bands")
    for name, band in scoring.bands.items():
        yield sentence(describe_band(name, band), f"scoring.bands.{name}", indent=1,
                       present=False)
    if not any(b.min_points == b.min_tricks == 0 for b in scoring.bands.values()):
        yield sentence("anyone else: 0", "scoring.bands", indent=1)


def describe_terms(scoring: TrickScoring) -> Iterator[Sentence]:
    """The deal scores of the scoring vocabulary (``tricks_over``, ``points_taken``,
    ``all_points``), one rule per sentence.

    >>> from cardrules.families.tricks.model import AllPoints
    >>> from cardrules.model.sentence import lines
    >>> print("\\n".join(lines(describe_terms(TrickScoring(tricks_over=6, points_taken=-1)))))
    - Each player scores the sum of:
      - 1 for each trick they took beyond 6 (nothing for 6 or fewer);
      - minus 1 for each card point they took.
    """
    teams = scoring.partners is Partners.OPPOSITE
    side = "player (or partnership)" if teams else "player"
    scorer = "partnership (both partners alike)" if teams else "player"
    terms = []
    if scoring.tricks_over is not None:
        book = scoring.tricks_over
        terms.append((f"1 for each trick they took beyond {book} (nothing for {book} or "
                      "fewer)", "scoring.tricks_over"))
    factor = scoring.points_taken
    if factor:
        terms.append((f"{_each(factor)} for each card point they took",
                      "scoring.points_taken"))
    if scoring.tricks_ahead:
        ahead = scoring.tricks_ahead
        other = "other side" if teams else "other player"
        terms.append((f"{_each(ahead)} for each trick by which they took more than any "
                      f"{other} (nothing when not more)", "scoring.tricks_ahead"))
    if len(terms) == 1:
        yield sentence(f"Each {scorer} scores {terms[0][0]}.", terms[0][1])
    else:
        yield sentence(f"Each {scorer} scores the sum of:", *(rule for _, rule in terms))
        for i, (text, rule) in enumerate(terms):
            yield sentence(f"{text}{'.' if i == len(terms) - 1 else ';'}", rule, indent=1)
    if scoring.all_points.others_score:
        yield sentence(f"A {side} who took all the points of the deal (every card worth "
                       "points, and any points for the last trick) counts as having taken "
                       f"none, and every other {side} as having taken them all.",
                       "scoring.all_points.others_score")


def _each(factor: int) -> str:
    """A factor in words: ``2``, ``minus 1``."""
    return f"{factor}" if factor > 0 else f"minus {-factor}"


def describe_counted(counted: Condition) -> Sentence:
    """Which tricks count for the deal score (``scoring.counted``, not ``always``).

    >>> describe_counted(Condition.STOCK_EMPTY).text.split(";")[0]
    'Only the tricks played once the stock is empty count for the deal score'
    """
    once = "once the stock is empty" if counted is Condition.STOCK_EMPTY else \
        "once the stock is closed or empty"
    return sentence(f"Only the tricks played {once} count for the deal score; those taken "
                    "before are set aside and count nothing.", "scoring.counted")


def _deal_end(play: TricksPlay, first_mover: str,
              announce: bool = False, sits_out: bool = False) -> Iterator[Sentence]:
    """When a deal ends, and who leads the next one (by the ``first_mover`` hook)."""
    gone = "the stock is gone and " if play.draw is DrawOrder.WINNER_FIRST else ""
    rules = ["play.draw"]
    if gone and play.close is not None:
        gone = "the stock is gone (or closed) and "
        rules.append("play.close")
    who = "a player still in the deal" if sits_out else "a player"
    text = f"The deal ends when {gone}{who} has no cards left"
    wins = any(c.effect is Effect.WIN_DEAL for c in play.combinations.values())
    if wins:
        text += ", or when a combination that wins the deal is declared"
        rules.append("play.combinations")
    if announce:
        text += ", or when a player announces"
        rules.append("scoring.target")
    yield sentence(f"{text}.", *rules, present=False)
    if first_mover != "previous_deal_names":
        return
    leader = "the winner of the previous deal's last trick"
    if wins:
        leader += ", or by the player who won the previous deal by declaring a combination"
    yield sentence(f"From the second deal on, the first lead is made by {leader}.",
                   "hooks.first_mover", joined=True)
