"""Cross-field checks of the tricks procedure's rules that its schema cannot express
(trumps that exist, leads and combinations a hand can hold, scoring that scores, duties
that can bind).

>>> from cardrules.loader.load import load_variant
>>> list(check_tricks(load_variant("bura")[0]))
[]
"""

from __future__ import annotations

from collections.abc import Iterator

from cardrules.errors import CardrulesError
from cardrules.families.tricks.checks_melds import check_melds
from cardrules.families.tricks.checks_stock import check_stock
from cardrules.families.tricks.counted import check_counted
from cardrules.families.tricks.model import (
    Condition,
    DrawOrder,
    Follow,
    Partners,
    TrickScoring,
    TricksPlay,
    TrumpSource,
)
from cardrules.families.tricks.trump_order import check_trump_order
from cardrules.model.problems import Found, is_card, undealt, unknown, unknown_card
from cardrules.model.variant import Variant
from cardrules.phases import dealing_phase
from cardrules.phases import find as find_phase
from cardrules.phases import known as known_phases

__all__ = ["check_tricks"]


def check_tricks(v: Variant) -> Iterator[Found]:
    """Every cross-field problem of a tricks game's play and scoring."""
    yield from _tricks(v)
    yield from _tricks_restrictions(v)
    yield from check_stock(v)
    yield from check_stock_duties(v)
    yield from check_partners(v)
    yield from check_counted(v)
    yield from check_trump_order(v)
    yield from check_melds(v)


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
                    yield (*where, "ranks"), unknown("rank", rank, ranks)
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
    most = v.pack.size // v.players.min
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
    if duties.partner_frees and not (duties.trump_when_void or duties.overtrump):
        yield ("play", "duties", "partner_frees"), (
            "partner_frees frees a player of the trump duties: it needs trump_when_void "
            "or overtrump")
    scoring = v.scoring
    if duties.partner_frees and (not isinstance(scoring, TrickScoring)
                                 or scoring.partners is not Partners.OPPOSITE):
        yield ("play", "duties", "partner_frees"), (
            "partner_frees looks at the partner holding the trick: it needs "
            "scoring.partners: opposite")
    for rank in play.trump.points:
        if rank not in ranks:
            yield ("play", "trump", "points", rank), unknown("rank", rank, ranks)
    for name, spec in play.announced.items():
        for i, rank in enumerate(spec.ranks):
            if rank not in ranks:
                yield ("play", "announced", name, "ranks", i), unknown("rank", rank, ranks)
        if len(set(spec.ranks)) != len(spec.ranks):
            yield ("play", "announced", name, "ranks"), "a rank is named twice"
        if spec.trump is not None and play.trump.source is TrumpSource.NONE:
            yield ("play", "announced", name, "trump"), (
                "the game has no trump suit (play.trump.source: none): drop trump")
    if play.trump.source is TrumpSource.DEALER_CARD and v.deal.trump_card:
        yield ("deal", "trump_card"), ("trump source dealer_card names trumps by the "
                                       "dealer's last card; deal.trump_card would turn up "
                                       "another: set it to false")
    if play.trump.source is TrumpSource.DEALER_CARD and (dealer := dealing_phase(v)):
        yield ("play", "trump", "source"), (
            f"trump source dealer_card shows the card the procedure deals the dealer last, "
            f"but {dealer} deals in its place: turn a trump card up instead "
            f"(source: turned_card)")
    if play.opening is not None and not is_card(play.opening.card, ranks, suits):
        yield ("play", "opening", "card"), unknown_card(play.opening.card, ranks, suits)
    if play.opening is not None and play.opening.lead_any and play.opening.any_of_suit:
        yield ("play", "opening", "lead_any"), "lead_any lets the first leader lead any " \
            "card: drop any_of_suit"
    if play.unbroken is not None:
        for i, suit in enumerate(play.unbroken.suits):
            if suit not in suits:
                yield ("play", "unbroken", "suits", i), unknown("suit", suit, suits)
        for i, card in enumerate(play.unbroken.broken_by):
            if not is_card(card, ranks, suits):
                yield ("play", "unbroken", "broken_by", i), unknown_card(card, ranks, suits)
    for i, name in enumerate(play.first_trick.no_cards):
        if name not in suits and not is_card(name, ranks, suits):
            yield ("play", "first_trick", "no_cards", i), (
                f"{name!r} is neither a suit ({', '.join(suits)}) nor a card of the pack")


def check_stock_duties(v: Variant) -> Iterator[Found]:
    """Refuses trick duties that wait for an empty stock (``when: stock_empty``) in a game
    without drawing that leaves cards in the stock: nothing ever empties it, so the
    duties would never bind."""
    play = v.play
    if not isinstance(play, TricksPlay) or play.draw is not DrawOrder.NONE:
        return
    duties = play.duties
    binding = duties.follow is not Follow.NONE or duties.trump_when_void or duties.head
    stock = undealt(v)
    if binding and duties.when is Condition.STOCK_EMPTY and stock > 0:
        yield ("play", "duties", "when"), (
            f"duties wait for an empty stock, but with play.draw: none the {stock} card(s) "
            "a deal leaves in the stock are never drawn: the duties would never apply; "
            "use when: always")


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
