"""The rules of combinations that score, the stock actions and a target to announce, in
plain English (for :mod:`cardrules.families.tricks.describe`), generated from the rule data.

>>> from cardrules.families.tricks.model import Close, Exchange, TricksPlay
>>> lines = list(stock_rules(TricksPlay(procedure="tricks", exchange=Exchange(rank="9"),
...                                     close=Close())))
>>> [line.text[:60] for line in lines]  # doctest: +NORMALIZE_WHITESPACE
['The player on lead holding the trump of rank 9 may, before l',
 'The player on lead may, before leading or declaring, close t']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from cardrules.families.tricks.model import (
    Band,
    CombinationSpec,
    Counts,
    Target,
    TricksPlay,
    Unannounced,
)
from cardrules.model.sentence import Sentence, sentence

__all__ = ["declaring", "scoring_combination", "stock_rules", "target_rules"]


def declaring(name: str, announce: bool = False) -> str:
    """How combinations that score are declared (``name``: the first, for the example;
    ``announce``: a player may announce instead of leading).

    >>> declaring("marriage")[-36:]
    ' one of its cards. The combinations:'
    >>> declaring("marriage", announce=True)[-52:]
    'ad one of its cards (or announce). The combinations:'
    """
    instead = " (or announce)" if announce else ""
    return ("The player on lead may, before leading, declare one combination they hold by "
            f"showing its cards (`declare {name} KH QH`, say); they must then lead one of "
            f"its cards{instead}. The combinations:")


def scoring_combination(spec: CombinationSpec) -> str:
    """What a combination of effect ``score`` scores, and when it counts.

    >>> scoring_combination(CombinationSpec(size=2, points=20, trump_points=40))
    "It scores 20 points (40 in trumps), added to its declarer's card points."
    >>> scoring_combination(CombinationSpec(size=2, suit_points={"H": 100, "S": 40},
    ...                                     after_a_trick=True, sets_trump=True))[:90]
    'Only a player who has taken a trick this deal may declare it. It scores 100 in H, 40 in S,'
    """
    trumps = spec.points if spec.trump_points is None else spec.trump_points
    extra = f" ({trumps} in trumps)" if trumps != spec.points else ""
    worth = f"{spec.points} points{extra}"
    if spec.suit_points:
        worth = ", ".join(f"{points} in {suit}" for suit, points in spec.suit_points.items())
    who = "Only a player who has taken a trick this deal may declare it. " \
        if spec.after_a_trick else ""
    text = f"{who}It scores {worth}, added to its declarer's card points"
    if spec.sets_trump:
        text += ("; its suit becomes trumps at once (so the card led is already a trump) "
                 "and stays trumps until another is declared")
    if spec.counts is Counts.AFTER_A_TRICK:
        text += (" once they have taken a trick (until then the points wait, and count as "
                 "soon as they take one)")
    return text + "."


def stock_rules(play: TricksPlay) -> Iterator[Sentence]:
    """The exchange and closing the stock, one sentence each."""
    exchange, close = play.exchange, play.close
    if exchange is not None:
        who = " only a player who has taken a trick, and" if exchange.after_a_trick else ""
        yield sentence(f"The player on lead holding the trump of rank {exchange.rank} may, "
                       f"before leading or declaring, exchange it for the turned-up card "
                       f"(`exchange {exchange.rank}S`), which it replaces under the stock;"
                       f"{who} only while the stock is open and holds at least "
                       f"{exchange.min_stock} cards, the turned-up card included.",
                       "play.exchange")
    if close is not None:
        yield sentence("The player on lead may, before leading or declaring, close the stock "
                       f"(`close`) while it is open and holds at least {close.min_stock} "
                       f"card{'s' * (close.min_stock != 1)}: nobody draws again this deal, "
                       "the cards left in it are out of play, and the last trick earns no "
                       "points for being last.", "play.close")


def target_rules(target: Target, band: Callable[[str, Band], str], *,
                 closes: bool = True) -> Iterator[Sentence]:
    """How a deal with a target to announce is scored, one rule per sentence (``band``
    words a band, as :func:`cardrules.families.tricks.describe.describe_band` does;
    ``closes``: the stock may be closed, ``play.close``)."""
    yield sentence(f"The player on lead may, at any of their leads, announce that they "
                   f"have {target.points} points (`announce`), counting their tricks' card "
                   "points and the declared combinations that count; the deal ends at once.",
                   "scoring.target.points")
    yield sentence(f"An announcer with {target.points} or more scores by the first of "
                   "these lines the other player reaches (their points and tricks); the "
                   "other scores 0:", "scoring.target.bands")
    for name, spec in target.bands.items():
        yield sentence(band(name, spec), f"scoring.target.bands.{name}", indent=1,
                       present=False)
    yield sentence(f"An announcer with fewer than {target.points} scores 0 and every other "
                   f"player scores {target.wrong}.", "scoring.target.wrong", present=False)
    if closes:
        yield sentence(f"Whoever closed the stock must reach {target.points} first: if another "
                       f"player announces correctly, that player scores at least "
                       f"{target.failed_close}; if the hands are played out, the closer "
                       f"scores as if announcing, and a closer short of {target.points} "
                       f"gives every other player {target.failed_close}.", "play.close",
                       "scoring.target.failed_close")
    no_close = " and no close" if closes else ""
    if target.unannounced is Unannounced.BY_POINTS:
        yield sentence(f"A deal played out with no announcement{no_close}: the player "
                       f"with the most points scores as if announcing, if they have "
                       f"{target.points} or more; otherwise nobody scores.",
                       "scoring.target.unannounced", present=False)
    else:
        yield sentence(f"A deal played out with no announcement{no_close}: the winner of "
                       "the last trick scores as if announcing, whatever their points.",
                       "scoring.target.unannounced", present=False)
