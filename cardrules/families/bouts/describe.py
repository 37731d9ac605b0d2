"""English rules of the bouts procedure's ``play`` and ``scoring`` sections.

:meth:`Bouts.describe <cardrules.engine.procedures.Procedure.describe>` gives
:func:`describe_bouts`, so ``cardrules rules`` prints these lines under "Play".

>>> import cardrules
>>> lines = list(describe_bouts(cardrules.load("durak", options={"transfer": "on"}).variant))
>>> any("transfer" in line.text for line in lines)
True
"""

from __future__ import annotations

from collections.abc import Iterator

from cardrules.families.bouts.model import BoutsPlay, BoutsScoring, FirstAttack, ThrowIn
from cardrules.model import Variant
from cardrules.model.common import TrumpSource
from cardrules.model.sentence import Sentence, sentence
from cardrules.primitives.beats import describe_clause

__all__ = ["describe_bouts"]

_TRUMPS = {
    TrumpSource.TURNED_CARD: "After the deal the next card is turned face up: its suit is "
                             "trumps, and it lies under the stock, drawn last. When no card "
                             "is left to turn, the dealer's last card is shown instead and "
                             "fixes trumps.",
    TrumpSource.DEALER_CARD: "The dealer's last card is shown: its suit is trumps.",
    TrumpSource.NONE: "There are no trumps.",
}
"""Where trumps come from, in words (a fixed suit is worded with its letter)."""


def describe_bouts(variant: Variant) -> Iterator[Sentence]:
    """The play and scoring sections of a bouts variant, one rule per sentence, each tied
    to the rule record it words."""
    way = variant.play_order.way  # the direction of play, in words
    play, scoring = variant.play, variant.scoring
    assert isinstance(play, BoutsPlay) and isinstance(scoring, BoutsScoring)
    trump = play.trump
    yield sentence(_TRUMPS[trump.source] if trump.source is not TrumpSource.FIXED
                   else f"{trump.suit} is always trumps.", "play.trump",
                   present=trump.source is not TrumpSource.NONE)
    clauses = " or ".join(describe_clause(c) for c in play.beats) or "no card of its class"
    trumps = "; a trump beats any card that is not a trump" \
        if trump.source is not TrumpSource.NONE else ""
    yield sentence(f"A card is beaten by {clauses}{trumps}.", "play.beats", present=False)
    if play.first_attack is FirstAttack.LOWEST_TRUMP and trump.source is not TrumpSource.NONE:
        yield sentence("The player holding the lowest trump shows it and opens the first "
                       "bout (nobody holding a trump: the first mover above opens it).",
                       "play.first_attack")
    else:
        yield sentence("The first mover above opens the first bout.", "play.first_attack",
                       present=False)
    yield sentence("A bout: the attacker lays one card (`attack 7H`); the defender, the "
                   "next player holding cards, beats each attacking card with a card of "
                   "their hand (`beat 7H KH`) or takes the table (`take`), even when able "
                   "to beat.", "play.procedure")
    if play.throw_in is ThrowIn.ANY_TIME:
        transfer = " after a transfer," if play.transfer else ""
        yield sentence("The others holding cards may throw in cards of a rank on the table "
                       "(`throw 7S`) or `pass` even while the defender is beating: after the "
                       f"attack,{transfer} after each card beaten and after the defender has "
                       f"said take, they are asked in turn from the attacker, {way}, "
                       "passing over the defender; after a card thrown in everyone is asked "
                       "again. Once everyone asked has passed in a row, the defender answers "
                       "the unbeaten cards, which may be several at once; with none "
                       "unbeaten, or after take, the bout ends.", "play.throw_in")
    else:
        yield sentence("Once every attacking card is beaten, or the defender has said take, "
                       "the others holding cards may throw in cards of a rank on the table "
                       f"(`throw 7S`) or `pass`, asked in turn from the attacker, {way}, "
                       "passing over the defender; after a card thrown in (and beaten) "
                       "everyone is asked again. Throwing in ends when everyone asked has "
                       "passed in a row.", "play.throw_in")
    yield sentence(_limits(play), "play.bout_limit", "play.first_bout_limit", present=False)
    if play.transfer:
        yield sentence("Before beating any card the defender may `transfer` the bout with a "
                       "card of the attacked rank: the next player holding cards defends "
                       "against every card, if they hold at least as many, and the "
                       "transferring player attacks.", "play.transfer")
    yield sentence("A bout that is all beaten goes out of play and the defender attacks "
                   "next; a bout taken goes into the defender's hand and the player after "
                   "them attacks next. Then everyone draws up to the deal's hand size from "
                   f"the stock, the bout's opener first, {way}, the defender last.",
                   "deal.hand")
    yield sentence("With the stock empty, a player with no cards is out. The deal ends when "
                   "at most one player holds cards: that player loses the deal; if nobody "
                   "holds cards, the deal is a draw.", "play.procedure")
    if play.takes_limit:
        yield sentence(f"A deal in which {play.takes_limit} bouts in a row end in a take (no "
                       "card leaves play) ends drawn: nobody loses it.", "play.takes_limit")
    yield sentence(f"The loser scores {scoring.loser}; everybody else scores 0 (a draw: all "
                   "0).", "scoring.loser", present=False)


def _limits(play: BoutsPlay) -> str:
    limit, first = play.bout_limit, play.first_bout_limit
    if not limit:
        text = "A bout has no fixed limit of attacking cards"
        if first:
            text = (f"A deal's first bout has at most {first} attacking cards, later bouts "
                    "no fixed limit")
    else:
        text = f"A bout has at most {limit} attacking cards"
        if first and first != limit:
            text += f" ({first} in a deal's first bout)"
    return text + ", and never more unbeaten ones than the defender holds."
