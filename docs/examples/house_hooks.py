"""House hooks: one small module of hooks, one per point (see docs/authoring.md).

Register them by importing this module, or through the entry-point group
``cardrules.hooks`` of an installed package."""
from cardrules.actions import Kind
from cardrules.families.shedding.hooks import AfterPlayInput
from cardrules.families.shedding.model import AfterTurn
from cardrules.hooks import (
    CardPointsInput,
    DealScoringInput,
    EndOfDealInput,
    FirstMoverInput,
    LegalFilterInput,
    NextDealerInput,
    hook,
)


@hook("first_mover", "house.dealer_leads")
def dealer_leads(position: FirstMoverInput) -> int:
    """The dealer makes the first move."""
    return position.dealer


@hook("card_points", "house.hearts_bonus")
def hearts_bonus(position: CardPointsInput) -> int:
    """A heart is worth one point more than its rank says."""
    pack, card = position.pack, position.card
    return pack.value(card) + (pack.suits[pack.suit(card)] == "H")


@hook("after_play", "house.aces_skip")
def aces_skip(position: AfterPlayInput) -> AfterTurn | None:
    """An ace on top makes the next player lose their turn; other ranks as written."""
    if position.pack.ranks[position.pack.rank(position.card)] == "A":
        return AfterTurn.SKIP
    return position.written


@hook("legal_filter", "house.no_throw_when_you_can_answer")
def no_throw(position: LegalFilterInput) -> tuple:
    """Face-down answers only when no face-up answer is allowed."""
    face_up = tuple(a for a in position.actions if a.kind is not Kind.THROW)
    return face_up or position.actions


@hook("end_of_deal", "house.first_out_ends")
def first_out_ends(position: EndOfDealInput) -> bool | None:
    """The deal ends as soon as one player has gone out."""
    return True if position.out else None


@hook("deal_scoring", "house.dealer_pays_double")
def dealer_pays_double(position: DealScoringInput) -> tuple[int, ...]:
    """The dealer's deal score counts twice."""
    return tuple(s * 2 if p == position.dealer else s for p, s in enumerate(position.scores))


@hook("next_dealer", "house.dealer_stays")
def dealer_stays(position: NextDealerInput) -> int:
    """The same player deals every deal."""
    return position.dealer
