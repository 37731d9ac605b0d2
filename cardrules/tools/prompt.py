"""What the terminal asks a player: the legal moves laid out compactly, a help line whose
example is one of those moves, and a move typed as its cards alone.

>>> move_lines(["play 9H", "play 10H", "draw"], width=30)
['  1 play 9H    2 play 10H', '  3 draw']
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.actions import Action, Kind
from cardrules.cards import Pack
from cardrules.engine.state import State
from cardrules.errors import NotationError
from cardrules.tools.render import SYMBOLS, TextRenderer

__all__ = ["explain_hand", "help_text", "move_lines", "typed_cards"]

_SUIT_LETTERS = {symbol: letter for letter, symbol in SYMBOLS.items()}
"""Suit symbol -> letter, for cards typed as they are shown."""


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
    order (left to right, then down), so that 20 moves take 4 or 5 lines, not 20."""
    if not labels:
        return []
    digits = len(str(len(labels)))
    cells = [f"{n:>{digits}} {label}" for n, label in enumerate(labels, start=1)]
    cell = max(len(c) for c in cells) + 3
    columns = max(1, (width - 2) // cell)
    lines = []
    for start in range(0, len(cells), columns):
        row = cells[start:start + columns]
        lines.append("  " + "".join(c.ljust(cell) for c in row[:-1]) + row[-1])
    return lines


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
    for symbol, letter in _SUIT_LETTERS.items():
        text = text.replace(symbol, letter)
    words = text.split()
    if not words:
        return None
    try:
        cards = sorted(pack.parse(w.upper()) for w in words)
    except NotationError:
        return None
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
    hands = state.view(seat).get("hands")
    hand = hands[seat] if isinstance(hands, list) and isinstance(hands[seat], list) else []
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
