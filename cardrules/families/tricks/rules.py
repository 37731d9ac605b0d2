"""The rules of the tricks procedure, one function each: the one place that knows why a
move is illegal.

Each rule looks at an action in a state and answers None (this rule allows it) or the
reason it forbids it, in words; :func:`refusal` asks them in order and adds the variant's
reference for the rule (``game.rule_ref(key)``, as `` (U5)``).  An action is legal exactly
when no rule refuses it.  :meth:`TricksState.legal_actions` keeps its fast generators in
:class:`~cardrules.families.tricks.tables.TricksTables` (the hot path); the property
tests check, over every shipped variant, that they list exactly the actions no rule
refuses, and :meth:`TricksState.why_illegal` asks the rules only about actions the
generators did not list, so a listed action is never called illegal.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING

from cardrules.actions import Action, Kind
from cardrules.cards import Pack, bits, count, mask_of
from cardrules.engine import flow
from cardrules.engine.refusals import Rule, first_refusal, refusal_of
from cardrules.families.tricks import stock as tricks_stock
from cardrules.families.tricks.model import ANSWER, DECLARE, LEAD, OVER

if TYPE_CHECKING:
    from cardrules.families.tricks.context import TricksContext

__all__ = ["RULES", "Rule", "refusal", "refusing_rule"]

_CARD_KINDS = (Kind.LEAD, Kind.ANSWER, Kind.THROW, Kind.DECLARE)


def _names(state: TricksContext, cards: tuple[int, ...] | int) -> str:
    if isinstance(cards, int):
        cards = state.game.pack.cards_of(cards)
    return " ".join(state.game.pack.names(cards))


def _shown(state: TricksContext) -> int:
    """The cards of a combination that scores, declared by the player on lead who has not
    led yet (0: none)."""
    return state._shown[0] if state._tables.scores else 0


# -- the rules, in the order they are asked ------------------------------------------------


def _deal_over(state: TricksContext, action: Action) -> str | None:
    return "the deal is over" if state._phase is OVER else None


def _known_action(state: TricksContext, action: Action) -> str | None:
    kind = action.kind
    if kind is Kind.PASS:
        return None if not action.cards and not action.name else "'pass' is written alone"
    if kind in tricks_stock.KINDS:
        return _stock_form(state, action)
    if kind not in _CARD_KINDS:
        word = action.name if kind is Kind.VERB else kind.value
        return flow.over(state, action) or f"'{word}' is not an action of this game"
    if kind is Kind.DECLARE:
        well_formed = bool(action.cards) and bool(action.name)
        return None if well_formed else "'declare' names the combination, then its cards"
    return None if action.cards and not action.name else f"'{kind.value}' names only the " \
        f"cards laid"


def _stock_form(state: TricksContext, action: Action) -> str | None:
    """An exchange names one card; ``close`` and ``announce`` are written alone; each only
    in a game that has it."""
    tables, kind = state._tables, action.kind
    offered = {Kind.EXCHANGE: bool(tables.exchanges), Kind.CLOSE: tables.close is not None,
               Kind.ANNOUNCE: tables.announce is not None}
    if not offered[kind]:
        return f"'{kind.value}' is not an action of this game"
    if action.name or action.amount:
        return f"'{kind.value}' takes no name"
    if kind is Kind.EXCHANGE:
        return None if len(action.cards) == 1 else "'exchange' names one card of the hand"
    return None if not action.cards else f"'{kind.value}' is written alone"


def _stock(kind: Kind) -> Callable[[TricksContext, Action], str | None]:
    """The rule of one action of the player on lead besides leading (an exchange,
    ``close`` or ``announce``), as :mod:`.tricks_stock` states it."""

    def check(state: TricksContext, action: Action) -> str | None:
        return tricks_stock.refusal(state, action) if action.kind is kind else None

    check.__doc__ = f"The player on lead may, before leading, {kind.value} as the rules " \
                    f"allow."
    return check


def _cards_held(state: TricksContext, action: Action) -> str | None:
    """A player lays only cards of their own hand, each once."""
    cards, pack = action.cards, state.game.pack
    if any(not 0 <= c < pack.size for c in cards):
        return f"the action names a card that is not in the pack (cards are numbered 0 to " \
               f"{pack.size - 1})"
    p = state._current
    missing = [c for c in cards if not (state._hands[p] >> c) & 1]
    if missing:
        return f"player {p} does not hold {_names(state, tuple(missing))}"
    if len(set(cards)) != len(cards):
        return "a card is written twice"
    return None


def _declare_window(state: TricksContext, action: Action) -> str | None:
    """U11: before a lead, each player asked declares a combination or passes."""
    if state._phase is DECLARE and action.kind not in (Kind.DECLARE, Kind.PASS):
        return f"player {state._current} is asked first whether to declare a combination: " \
               f"declare or pass"
    return None


def _declaration(state: TricksContext, action: Action) -> str | None:
    """U11: a combination held is declared before a lead, when asked (or, when nobody
    else could declare, by the leader instead of leading), and only if every hand could
    answer it."""
    if action.kind is not Kind.DECLARE or state._tables.melds is not None:
        return None
    names = list(state._tables.play.combinations)
    if action.name not in names:
        return f"no combination named {action.name!r}; this game has " \
               f"{', '.join(names) or 'none'}"
    if state._phase is ANSWER:
        return "a combination is declared before a lead, not during a trick"
    wanted = mask_of(action.cards)
    held = state._tables.declarations(state._hands[state._current], state._trump)
    found = next((d for d in held if mask_of(d.action.cards) == wanted
                  and d.action.name == action.name), None)
    if found is None:
        return f"{_names(state, action.cards)} is not a {action.name}"
    if state._phase is LEAD and _shown(state):
        return f"player {state._current} has declared {_names(state, _shown(state))} and " \
               f"now leads one of those cards"
    if state._phase is LEAD and not state._offer:
        return "declarations were asked before this lead and passed"
    if found.after_a_trick and not state._tricks[state._current]:
        return f"player {state._current} has taken no trick yet and may not declare a " \
               f"{action.name}"
    if found not in state.declarations(state._current):
        return f"a combination of {found.size} cards cannot be led while a hand holds fewer"
    return None


def _meld(state: TricksContext, action: Action) -> str | None:
    """Declarations compared between the sides: each player may declare, on their turn in
    the first trick before laying their card, the longest sequences and the sets they
    hold, each once."""
    melds = state._tables.melds
    if action.kind is not Kind.DECLARE or melds is None:
        return None
    if action.name not in melds.names:
        return f"no declaration named {action.name!r}; this game has " \
               f"{', '.join(melds.names)}"
    p = state._current
    if any(state._tricks):
        return "declarations are made during the first trick only"
    wanted = mask_of(action.cards)
    held = melds.find(state._hands[p], state._trump)
    found = next((m for m in held if m.mask == wanted), None)
    if found is None:
        longer = [m for m in held if m.sequence and wanted & m.mask == wanted]
        if longer:
            return f"{_names(state, action.cards)} is part of a longer sequence: declare " \
                   f"{_names(state, longer[0].mask)} as a {longer[0].name}"
        return f"{_names(state, action.cards)} is not a declaration (no {action.name})"
    if found.name != action.name:
        return f"{_names(state, action.cards)} is a {found.name}, not a {action.name}"
    record = state._meld_runs[p] if found.sequence else state._meld_sets[p]
    if wanted & record == wanted:
        return f"player {p} has declared {_names(state, action.cards)} already"
    return None


def _after_declaring(state: TricksContext, action: Action) -> str | None:
    """A player on lead who declared a combination that scores leads one of its cards
    next (or announces)."""
    shown = _shown(state)
    if state._phase is LEAD and shown and action.kind is Kind.LEAD \
            and mask_of(action.cards) & ~shown:
        return f"player {state._current} declared {_names(state, shown)}: lead one of " \
               f"those cards"
    return None


def _lead(state: TricksContext, action: Action) -> str | None:
    """U5: the leader leads 1 card or, as the rules allow, several of one suit, never more
    than the smallest hand holds."""
    kind, p = action.kind, state._current
    if state._phase is not LEAD:
        return None
    if kind is Kind.DECLARE or kind in tricks_stock.KINDS:
        return None
    if kind is not Kind.LEAD:
        return f"player {p} must lead"
    rule, size = state._tables.play.lead, len(action.cards)
    if size > rule.max_cards:
        return f"a lead is at most {rule.max_cards} card(s)"
    smallest = state._smallest()
    if size > smallest:
        return f"a lead may not have more cards than the smallest hand ({smallest})"
    pack = state.game.pack
    if rule.same_suit and len({pack.suit(c) for c in action.cards}) > 1:
        return "a lead of several cards must be of one suit"
    return None


def _answer(state: TricksContext, action: Action) -> str | None:
    """U5: each other player answers with as many cards as were led, face up or face down
    as the rules allow."""
    if state._phase is not ANSWER:
        return None
    size = count(state._plays[0])
    kind, rule = action.kind, state._tables.play.answer
    if kind is Kind.DECLARE and state._tables.melds is not None:
        return None  # a declaration before the card (``play.melds``)
    if kind not in (Kind.ANSWER, Kind.THROW):
        return f"player {state._current} must answer the lead with {size} card(s)"
    if kind is Kind.THROW and not rule.face_down:
        return "answers are laid face up in this game"
    if kind is Kind.ANSWER and not rule.face_up:
        return "answers are laid face down in this game"
    if len(action.cards) != size:
        return f"answer with exactly {size} card(s), as many as were led"
    return None


def _opening(state: TricksContext, action: Action) -> str | None:
    """The holder of the opening card leads it (or, as the rules allow, cards of its
    suit) to the first trick of the deal."""
    tables, p = state._tables, state._current
    card = tables.opening_card
    if (card < 0 or not tables.opening_led or action.kind is not Kind.LEAD
            or state._phase is not LEAD or not state.first_trick
            or not (state._hands[p] >> card) & 1):
        return None
    pack = state.game.pack
    if tables.opening_suit:
        if mask_of(action.cards) & ~tables.opening_suit:
            return f"the first lead of the deal must be of the opening card's suit " \
                   f"({_suit_letter(pack, card)})"
        return None
    if card not in action.cards:
        return f"player {p} holds {pack.name(card)}, which opens the deal: lead it"
    return None


def _unbroken(state: TricksContext, action: Action) -> str | None:
    """Cards of the suits that must first be broken may not be led until a card of them
    (or a card that breaks them) has been played, unless the leader holds nothing else
    that may be led."""
    tables, p = state._tables, state._current
    if (not tables.unbroken or state._broken or action.kind is not Kind.LEAD
            or state._phase is not LEAD or not mask_of(action.cards) & tables.unbroken):
        return None
    hand, card = state._hands[p], tables.opening_card
    if state.first_trick and card >= 0 and tables.opening_led and (hand >> card) & 1:
        others = hand & tables.opening_suit & ~tables.unbroken if tables.opening_suit \
            else (1 << card) & ~tables.unbroken
    else:
        others = hand & ~tables.unbroken
    if not others:
        return None
    pack = state.game.pack
    suits = sorted({_suit_letter(pack, c) for c in bits(tables.unbroken)})
    if not tables.breakers:
        return f"{'/'.join(suits)} may never be led while player {p} holds other cards to lead"
    breakers = [pack.name(c) for c in bits(tables.breakers & ~tables.unbroken)]
    by = f" or {' '.join(breakers)}" if breakers else ""
    return f"{'/'.join(suits)} may not be led until broken (by a card of {'/'.join(suits)}" \
           f"{by} played) while player {p} holds other cards to lead"


# The duties of answering, asked one after another: each keeps, of the answers the ones
# before it allow, those that meet it (when some do).

_STEPS = ("follow", "trump_when_void", "first_trick", "head", "overtrump")


def _led(state: TricksContext) -> int:
    """The cards of the suits led (a card counts in the suit the ``card_order`` hook puts
    it in)."""
    tables = state._tables
    groups = tables.groups[tables.trump_index(state._trump)]
    out = 0
    for card in bits(state._plays[0]):
        out |= groups[card]
    return out


def _step(state: TricksContext, step: str, answers: list[int]) -> list[int]:
    """The ``answers`` (bit sets) that meet ``step``, or all of them when none does or the
    step does not bind now."""
    tables, hand = state._tables, state._hands[state._current]
    led, trump = _led(state), state._trump
    duties = state.duties_apply
    scores: list[int]
    if step == "follow" and tables.follow and duties:
        scores = [count(m & led) for m in answers]
    elif step == "trump_when_void" and tables.trump_duty and duties and trump >= 0 \
            and not _freed(state):
        trumps = tables.trump_groups[tables.trump_index(trump)] & ~led
        scores = [count(m & trumps) for m in answers]
    elif step == "first_trick" and tables.first_trick and state.first_trick \
            and not hand & led:
        scores = [-count(m & tables.first_trick) for m in answers]
    elif step == "head" and tables.head and duties:
        held = state._plays[state._game.turns.places[state._leader][state._holder]]
        scores = [int(tables.beats_set(m, held, trump)) for m in answers]
    elif step == "overtrump" and tables.overtrump and duties and not _freed(state):
        held = state._plays[state._game.turns.places[state._leader][state._holder]]
        return tables.overtrumping(answers, held, trump)
    else:
        return answers
    best = max(scores, default=0)
    return [m for m, score in zip(answers, scores) if score == best]


def _freed(state: TricksContext) -> bool:
    """The player to answer holds no card of the led suit and their partner holds the
    trick, which frees them of the trump duties (``partner_frees``)."""
    p = state._current
    return state._tables.partner_frees and not state._hands[p] & _led(state) \
        and state.partner_holds(p)


def _allowed_before(state: TricksContext, step: str) -> list[int]:
    """The answers (bit sets) the steps before ``step`` allow."""
    size = count(state._plays[0])
    answers = [mask_of(c) for c in combinations(bits(state._hands[state._current]), size)]
    for earlier in _STEPS[:_STEPS.index(step)]:
        answers = _step(state, earlier, answers)
    return answers


def _duty(step: str) -> Callable[[TricksContext, Action], str | None]:
    """The rule of one step of the duties of answering."""

    def check(state: TricksContext, action: Action) -> str | None:
        if action.kind is not Kind.ANSWER or state._phase is not ANSWER \
                or len(action.cards) != count(state._plays[0]):
            return None
        mask = mask_of(action.cards)
        if mask in _step(state, step, _allowed_before(state, step)):
            return None
        return _DUTY_REASONS[step](state)

    check.__doc__ = _DUTY_DOCS[step]
    return check


def _suit_names(state: TricksContext, mask: int) -> str:
    """The letters of the suits of ``mask``, or ``trumps`` for the trump suit."""
    pack, tables = state.game.pack, state._tables
    trumps = tables.trump_groups[tables.trump_index(state._trump)]
    if mask and mask & trumps == mask:
        return "trumps"
    return "/".join(sorted({_suit_letter(pack, c) for c in bits(mask)}))


def _suit_letter(pack: Pack, card: int) -> str:
    """The letter of ``card``'s suit, or its own name for an extra card (no suit)."""
    suit = pack.suit(card)
    return pack.suits[suit] if suit >= 0 else pack.name(card)


def _several_led(state: TricksContext) -> bool:
    """Whether more than one card was led to the trick (one to answer is said so)."""
    return bin(state._plays[0]).count("1") > 1


def _restricted(state: TricksContext) -> str:
    """The first-trick restriction's cards, the whole suits by their letters."""
    pack, mask = state.game.pack, state._tables.first_trick
    words = []
    for s, suit in enumerate(state._tables.suit_masks):
        if mask & suit == suit:
            words.append(pack.suits[s])
            mask &= ~suit
    return "/".join(words + list(pack.names(pack.cards_of(mask))))


_DUTY_REASONS: dict[str, Callable[[TricksContext], str]] = {
    "follow": lambda state: f"player {state._current} must follow suit: answer with "
                            + (f"as many cards of the led suit ({_suit_names(state, _led(state))})"
                               " as they can" if _several_led(state) else
                               f"a card of the led suit ({_suit_names(state, _led(state))})"),
    "trump_when_void": lambda state: f"player {state._current} holds no card of the led "
                                     f"suit and must play trumps ("
                                     f"{state.game.pack.suits[state._trump]})",
    "first_trick": lambda state: f"{_restricted(state)} may not be played to the first "
                                 f"trick while player {state._current} may play other cards",
    "head": lambda state: f"player {state._current} must beat the cards holding the trick "
                          f"(player {state._holder}'s) if able",
    "overtrump": lambda state: f"player {state._current} plays trumps to a trick a trump "
                               f"holds (player {state._holder}'s) and must beat it if able",
}

_DUTY_DOCS = {
    "follow": "A player who can answers with cards of the led suit (as many as they hold, "
              "up to the number led).",
    "trump_when_void": "A player holding no card of the led suit answers with trumps, if "
                       "able.",
    "first_trick": "A player holding no card of the led suit may not answer the first "
                   "trick with the restricted cards unless nothing else is allowed.",
    "head": "Among the answers the other duties allow, a player must beat the cards "
            "holding the trick if able.",
    "overtrump": "A player answering with trumps to a trick a trump holds must beat it "
                 "if able.",
}


def _written_order(state: TricksContext, action: Action) -> str | None:
    """Cards are written in a player's sort (by suit, then rank from high to low)."""
    sort = state.game.pack.cards_of(mask_of(action.cards))
    if action.cards != sort:
        return f"write the cards in a player's sort: {_names(state, sort)}"
    return None


RULES: tuple[Rule[TricksContext], ...] = (
    Rule(key=None, check=_deal_over),
    Rule(key=None, check=_known_action),
    Rule(key=None, check=_cards_held),
    Rule(key="declare", check=_declare_window),
    Rule(key="declare", check=_declaration),
    Rule(key="melds", check=_meld),
    *(Rule(key=kind.value, check=_stock(kind)) for kind in tricks_stock.KINDS),
    Rule(key="declare", check=_after_declaring),
    Rule(key="lead", check=_lead),
    Rule(key="opening", check=_opening),
    Rule(key="broken", check=_unbroken),
    Rule(key="answer", check=_answer),
    *(Rule(key=step, check=_duty(step)) for step in _STEPS),
    Rule(key=None, check=_written_order),
)
"""Every rule, in the order they are asked (the first refusal is the reason given)."""


def refusing_rule(state: TricksContext, action: Action) -> tuple[Rule[TricksContext], str] | None:
    """The first rule that refuses ``action`` in ``state``, with its reason (naming the
    variant's reference for the rule); None when every rule allows it."""
    return first_refusal(RULES, state, action)


def refusal(state: TricksContext, action: Action) -> str | None:
    """Why ``action`` is refused in ``state`` (naming the rule), or None if no rule
    refuses it."""
    return refusal_of(RULES, state, action)
