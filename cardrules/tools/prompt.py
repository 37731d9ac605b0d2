"""What the terminal asks a player: the legal moves laid out compactly, a help line whose
example is one of those moves, and a move typed as its cards alone.

>>> move_lines(["play 9H", "play 10H", "draw"], width=30)
['  1 play 9H    2 play 10H', '  3 draw']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardrules.actions import Action, Kind
from cardrules.cards import Pack
from cardrules.engine.action_space import Amounts, Listed
from cardrules.engine.state import State
from cardrules.errors import NotationError
from cardrules.tools.render import SYMBOLS, TextRenderer

if TYPE_CHECKING:
    from cardrules.engine.game import Game

__all__ = ["explain_hand", "game_verbs", "help_text", "move_lines", "typed_cards",
           "typed_move", "unknown_word"]

_SUIT_LETTERS = {symbol: letter for letter, symbol in SYMBOLS.items()}
"""Suit symbol -> letter, for cards typed as they are shown."""


def _runs(labels: Sequence[str]) -> list[tuple[int, int]]:
    """The labels as runs (first, last index): one label each, but for more than six of
    one word with amounts one apart in a row (``raise 4`` ... ``raise 400``)."""
    runs: list[tuple[int, int]] = []
    start = 0
    while start < len(labels):
        end = start
        word, _, amount = labels[start].rpartition(" ")
        if word and amount.isdigit():
            step = int(amount) - start
            while end + 1 < len(labels) and labels[end + 1] == f"{word} {step + end + 1}":
                end += 1
        if end - start < 6:
            end = start
        runs.append((start, end))
        start = end + 1
    return runs


def help_text(examples: Sequence[str]) -> str:
    """How to answer the prompt, with ``examples`` (the current legal moves' notation)
    as the examples.

    >>> help_text(["lead AS KS", "pass"])  # doctest: +ELLIPSIS
    "Type a move's number or its notation (e.g. 'lead AS KS' or 'pass'), or just its cards; ..."
    """
    picked = list(dict.fromkeys([*examples[:1], *examples[-1:]]))
    shown = " or ".join(f"'{e}'" for e in picked)
    example = f" (e.g. {shown})" if shown else ""
    return (f"Type a move's number or its notation{example}, or just its cards; "
            "'?' explains why cards cannot be played, '? ACTION' why that action is refused; "
            "'rules' for the rules; 'undo', 'save FILE', 'quit'.")


def move_lines(labels: Sequence[str], *, width: int = 80) -> list[str]:
    """The moves numbered from 1, in columns as many as fit in ``width``, in reading
    order (left to right, then down), so that 20 moves take 4 or 5 lines, not 20; a run
    of more than six moves of one word with amounts one apart (a no-limit raise) is one
    cell naming its first and last.

    >>> move_lines(["fold", "call", *(f"raise {n}" for n in range(4, 401))])
    ['    1 fold                        2 call', '  3-399 raise 4 ... raise 400']
    """
    if not labels:
        return []
    digits = len(str(len(labels)))
    cells = []
    for first, last in _runs(labels):
        number = f"{first + 1}" if first == last else f"{first + 1}-{last + 1}"
        label = labels[first] if first == last else f"{labels[first]} ... {labels[last]}"
        cells.append(f"{number:>{digits}} {label}")
    cell = max(len(c) for c in cells) + 3
    columns = max(1, (width - 2) // cell)
    lines = []
    for start in range(0, len(cells), columns):
        row = cells[start:start + columns]
        lines.append("  " + "".join(c.ljust(cell) for c in row[:-1]) + row[-1])
    return lines


def game_verbs(game: Game) -> list[str]:
    """The first words of the moves ``game`` can offer (its action space), in its order.

    >>> import cardrules
    >>> game_verbs(cardrules.load("bank", players=2))
    ['play', 'draw', 'pass', 'trump']
    """
    words: list[str] = []
    for family in game.action_space.families:
        if isinstance(family, Listed):
            kinds = [(a.kind, a.name) for a in family.actions]
        elif isinstance(family, Amounts):
            kinds = [(Kind.VERB, family.name)]
        else:
            kinds = [(family.kind, family.name)]
        words.extend(name if kind is Kind.VERB else kind.value for kind, name in kinds)
    return list(dict.fromkeys(words))


def unknown_word(game: Game, text: str) -> str:
    """What to say when ``text`` starts with a word that is not one of ``game``'s moves.

    >>> import cardrules
    >>> unknown_word(cardrules.load("bank", players=2), "jump 9H")  # doctest: +ELLIPSIS
    "unknown action 'jump': start with one of play, draw, pass, trump, or type a move's..."
    """
    word = text.split()[0][:20] if text.split() else text
    return (f"unknown action {word!r}: start with one of {', '.join(game_verbs(game))}, "
            "or type a move's number or its cards")


def _card_words(pack: Pack, text: str) -> list[int] | None:
    """The cards ``text`` names (suit symbols allowed), or None if it is not card names."""
    for symbol, letter in _SUIT_LETTERS.items():
        text = text.replace(symbol, letter)
    words = text.split()
    if not words:
        return None
    try:
        return [pack.parse(w.upper()) for w in words]
    except NotationError:
        return None


def typed_move(state: State, seat: int, text: str, labels: Sequence[str]) -> Action | str | None:
    """A move typed as its cards alone: the one legal move using exactly those cards; or
    what to tell the player (a card they do not hold, the numbered moves to choose from
    when several use those cards, why none does); None if ``text`` is not card names.
    ``labels``: the legal moves as shown, numbered from 1.

    >>> import cardrules
    >>> game = cardrules.load("bura", players=2)
    >>> state = game.position(hands=["AS KS", "7H 8H"], stock=["6C", "9C"], trump="H",
    ...     plays=[["QS"]], phase="answer", leader=0, current=1, holder=0,
    ...     discard="6S 7S 8S 9S JS 10S 6H 9H JH QH KH 10H AH 6D 7D 8D 9D JD QD KD 10D AD "
    ...     "7C 8C JC QC KC 10C AC")
    >>> labels = [str(a) for a in state.legal_actions()]
    >>> typed_move(state, 1, "7h", labels)
    '7H is more than one move: 1 answer 7H or 3 throw 7H; type its number'
    >>> typed_move(state, 1, "as", labels)
    'you do not hold AS'
    >>> typed_move(state, 1, "8h 7h", labels)  # doctest: +ELLIPSIS
    'no move uses just 8H 7H: answer with exactly 1 card(s)...'
    >>> typed_move(state, 1, "jump", labels) is None
    True
    """
    pack = state.game.pack
    cards = _card_words(pack, text)
    if cards is None:
        return None
    legal = state.legal_actions()
    hand = state.view(seat).hands[seat]
    hand = hand if isinstance(hand, list) else []
    usable = {c for a in legal for c in a.cards} | {pack.parse(name) for name in hand}
    missing = [pack.name(c) for c in cards if c not in usable]
    if missing:
        return f"you do not hold {' '.join(missing)}"
    found = [n for n, a in enumerate(legal) if sorted(a.cards) == sorted(cards)]
    named = " ".join(pack.name(c) for c in cards)
    if len(found) == 1:
        return legal[found[0]]
    if found:
        choices = [f"{n + 1} {labels[n] if n < len(labels) else legal[n]}" for n in found]
        listed = ", ".join(choices[:-1]) + f" or {choices[-1]}"
        return f"{named} is more than one move: {listed}; type its number"
    kind = next((k for k in (Kind.PLAY, Kind.LEAD, Kind.ANSWER, Kind.THROW)
                 if k in {a.kind for a in legal}), Kind.PLAY)
    reason = state.why_illegal(Action(kind=kind, cards=tuple(cards)))
    return f"no move uses just {named}" + (f": {reason}" if reason else
                                           ": type '?' to see why")


def typed_cards(pack: Pack, text: str, legal: Sequence[Action]) -> Action | None:
    """The one legal move whose cards are exactly the cards typed (in any order), if one
    move matches; None otherwise (no such move, several moves, or not card names).

    >>> import cardrules
    >>> game = cardrules.load("bank", players=2)
    >>> legal = [game.parse_action("play 9H"), game.parse_action("play 10S")]
    >>> str(typed_cards(game.pack, "10s", legal))
    'play 10S'
    >>> str(typed_cards(game.pack, "9♥", legal))
    'play 9H'
    """
    typed = _card_words(pack, text)
    if typed is None:
        return None
    cards = sorted(typed)
    found = [a for a in legal if sorted(a.cards) == cards]
    return found[0] if len(found) == 1 else None


def explain_hand(state: State, seat: int, kinds: set[Kind], table: TextRenderer) -> list[str]:
    """Why each card in ``seat``'s hand that no legal move uses cannot be played now."""
    game = state.game
    legal = state.legal_actions()
    usable = {c for a in legal for c in a.cards}
    card_kinds = [k for k in (Kind.PLAY, Kind.LEAD, Kind.ANSWER, Kind.THROW)
                  if k in {a.kind for a in legal}] or \
        [k for k in (Kind.PLAY, Kind.LEAD, Kind.ANSWER) if k in kinds] or [Kind.PLAY]
    hand = state.view(seat).hands[seat]
    hand = hand if isinstance(hand, list) else []
    lines = []
    for name in hand:
        card = game.pack.parse(name)
        if card in usable:
            continue
        reason = state.why_illegal(Action(kind=card_kinds[0], cards=(card,)))
        lines.append(f"  {table.card(name)}: {reason or 'legal only as part of another move'}")
    for kind in (Kind.DRAW, Kind.PASS):
        if kind in kinds and all(a.kind is not kind for a in legal):
            lines.append(f"  {kind.value}: {state.why_illegal(Action(kind=kind))}")
    if not lines:
        lines.append("  every card in your hand can be played now")
    return lines
