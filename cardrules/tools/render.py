"""Text rendering of views and events for the terminal, driven only by the view's keys.

Keys every procedure shares (hands, pile, trick, trumps, scores, match...) get a
readable line each; any other key gets a compact generic line, so a new procedure is
shown without special code.

>>> import cardrules
>>> game = cardrules.load("bank", players=2)
>>> table = TextRenderer(game.pack, ascii=True)
>>> table.card("10H")
'10H'
>>> table.event({"kind": "take", "player": 1, "cards": ["9S", "9H"], "amount": 0})
'P1 takes 9S 9H'

One card notation everywhere: a card is its rank then its suit, ``7S``, ``10H``, ``AS`` (as
it is typed and as actions, records and explanations write it); with symbols the suit
letter is drawn as its symbol, ``7♠``, in the table, the moves and every message alike
(:meth:`TextRenderer.message`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from cardrules.actions import NO_TRUMP
from cardrules.cards import Pack
from cardrules.engine.views import View
from cardrules.errors import NotationError
from cardrules.tools.table import layout, wrap

__all__ = ["SYMBOLS", "TextRenderer", "can_encode_symbols"]

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
"""Suit letter -> symbol."""

_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
"""Suit letter -> its name in words."""

_PASSES = {"declare": "declares nothing", "throw_in": "throws in nothing more",
           "taking": "adds nothing more", "turn": "ends the turn",
           "follow_up": "ends the turn"}
"""What ``pass`` means, by the phase it is made in (Bura's offer to declare, Durak's
throwing in, a shedding turn); elsewhere simply ``passes``."""

_VERBS = {"play": "plays", "draw": "draws", "pass": "passes", "take": "takes",
          "out": "goes out", "bonus": "scores a bonus of", "skip": "is skipped",
          "trump": "chooses trumps", "lead": "leads", "answer": "answers", "throw": "throws",
          "declare": "declares", "penalty": "loses", "first_mover": "moves first",
          "deal": "deals", "win": "wins the trick", "bid": "bids", "give": "gives",
          "receive": "receives", "deal_scored": "deal scored", "match_end": "match over",
          "attack": "attacks with", "beat": "beats", "transfer": "transfers with",
          "take_up": "will take the table", "discard": "beaten off:",
          "loser": "loses the deal", "hand": "plays from the hand, leaving the widow",
          "meld": "scores the declaration"}


def can_encode_symbols(encoding: str | None) -> bool:
    """True if text in ``encoding`` can carry the suit symbols."""
    try:
        "".join(SYMBOLS.values()).encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class TextRenderer:
    """Renders views of one game's cards, with suit symbols or plain ASCII."""

    def __init__(self, pack: Pack, *, ascii: bool = False, title: str = "",
                 unbroken: Sequence[str] = ()) -> None:
        self.pack = pack
        self.ascii = ascii
        self.title = title
        """The game's name, for the head of the table."""
        self.unbroken = tuple(unbroken)
        """The suits that may not be led until broken (the variant's lead limit), named
        when the view says they are broken."""

    @classmethod
    def of(cls, game: Any, *, ascii: bool = False, title: str | None = None) -> TextRenderer:
        """The renderer of ``game``'s cards, titled by the game and naming the suits its
        lead limit keeps back until broken (hearts, say)."""
        variant = game.variant
        unbroken = getattr(getattr(variant.play, "unbroken", None), "suits", ())
        return cls(game.pack, ascii=ascii, unbroken=unbroken,
                   title=(variant.title or variant.name) if title is None else title)

    # -- cards ---------------------------------------------------------------------

    def card(self, name: str) -> str:
        """A card name with its suit as a symbol (ASCII: its notation, ``7S``); an extra
        card (a joker) by its name."""
        try:
            card = self.pack.parse(name)
        except NotationError:
            return name
        if card >= self.pack.grid:
            return self.pack.name(card)
        rank = self.pack.ranks[self.pack.rank(card)]
        suit = self.pack.suits[self.pack.suit(card)]
        return rank + (suit if self.ascii else SYMBOLS.get(suit, suit))

    def cards(self, names: Sequence[str], *, sort: bool = False) -> str:
        """Several cards, optionally sorted by suit then rank high to low."""
        shown = list(names)
        if sort:
            shown.sort(key=self._order)
        return " ".join(self.card(n) for n in shown) or "-"

    def _order(self, name: str) -> tuple[int, int]:
        try:
            card = self.pack.parse(name)
        except NotationError:
            return (99, 0)
        if card >= self.pack.grid:  # extra cards (jokers) after the suits
            return len(self.pack.suits), card
        return self.pack.suit(card), -self.pack.rank(card)

    def text(self, text: str) -> str:
        """Action notation with its card names symbolised."""
        return " ".join(self.card(w) for w in text.split())

    def message(self, text: str) -> str:
        """A sentence (an explanation, a refusal) with the cards it names, and the suits it
        names by their letter, written as the table writes them.

        >>> import cardrules
        >>> table = TextRenderer(cardrules.load("bank", players=2).pack)
        >>> table.message("you do not hold 9H, 10S: as many as you can (S/H)")
        'you do not hold 9♥, 10♠: as many as you can (♠/♥)'
        >>> table.message("H may not be led until broken (H7)")
        '♥ may not be led until broken (H7)'
        """
        if self.ascii:
            return text

        def card(match: re.Match[str]) -> str:
            word = match.group(0)
            if word in self.pack.suits:  # a suit named by its letter alone
                return self.suit(word)
            try:  # only a card's own notation: "as" in a sentence is not the ace
                named = self.pack.name(self.pack.parse(word)) == word
            except NotationError:
                named = False
            return self.card(word) if named else word

        def suits(match: re.Match[str]) -> str:
            return "(" + "/".join(self.suit(s) for s in match.group(1).split("/")) + ")"

        letters = "".join(re.escape(s) for s in self.pack.suits)
        text = re.sub(r"(?<![\w'])\w+(?![\w'])", card, text)
        return re.sub(rf"\(([{letters}](?:/[{letters}])*)\)", suits, text) if letters else text

    def suit_names(self, suits: Sequence[str]) -> str:
        """Suits in words (``hearts``; ``spades and hearts``), a suit without an English
        name by its letter."""
        words = [_SUIT_NAMES.get(s, self.suit(s)) for s in suits]
        return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)

    def value(self, value: Any) -> str:
        """A compact rendering of any view value."""
        if isinstance(value, str):
            return self.card(value)
        if isinstance(value, list):
            if value and all(isinstance(v, str) for v in value):
                return self.cards(value)
            return "[" + ", ".join(self.value(v) for v in value) + "]"
        if isinstance(value, dict):
            return ", ".join(f"{k} {self.value(v)}" for k, v in value.items())
        return "-" if value is None else str(value)

    # -- views ---------------------------------------------------------------------

    def view(self, view: View | Mapping[str, Any], *, me: int | None = None) -> list[str]:
        """Lines showing a view (``me``: the seat to mark as "you"); see
        :func:`cardrules.tools.table.layout`."""
        return layout(self, view, me)

    def hand_rows(self, names: Sequence[str], width: int) -> list[str]:
        """A hand sorted by suit then rank high to low, suits set apart by two spaces,
        in rows of at most ``width`` characters.

        >>> import cardrules
        >>> TextRenderer(cardrules.load("bank", players=2).pack, ascii=True).hand_rows(
        ...     ["9H", "AS", "10H", "6C"], 40)
        ['AS  10H 9H  6C']
        """
        groups: dict[int, list[str]] = {}
        for name in sorted(names, key=self._order):
            groups.setdefault(self._order(name)[0], []).append(self.card(name))
        words = [" ".join(cards) for cards in groups.values()]
        return wrap(words, width, sep="  ") if all(len(w) <= width for w in words) else \
            wrap([self.card(n) for n in sorted(names, key=self._order)], width)

    def suit(self, suit: str) -> str:
        """A suit letter as a symbol (ASCII: the letter itself)."""
        return suit if self.ascii else SYMBOLS.get(suit, suit)

    # -- events ----------------------------------------------------------------------

    def event(self, event: dict[str, Any], *, phase: str = "") -> str:
        """One event as a sentence (``phase``: the phase the action causing it was made in,
        which says what a ``pass`` was).

        >>> import cardrules
        >>> table = TextRenderer(cardrules.load("bura", players=2).pack, ascii=True)
        >>> table.event({"kind": "trump", "cards": ["9S"], "note": "S"})
        '9S turned up: trumps S'
        >>> table.event({"kind": "trump", "player": 1, "note": "none"})
        'P1 chooses no trumps'
        >>> table.event({"kind": "bid", "player": 2, "amount": 0})
        'P2 bids 0'
        >>> table.event({"kind": "hold", "player": 0, "amount": 18})
        'P0 holds 18'
        >>> table.event({"kind": "value", "player": 0, "amount": 4})
        'P0 names the value 4'
        >>> table.event({"kind": "pass", "player": 1}, phase="declare")
        'P1 declares nothing'
        """
        kind = str(event.get("kind", ""))
        who = f"P{event['player']}" if "player" in event else ""
        cards = event.get("cards")
        amount = event.get("amount")
        if kind == "trump":
            note = str(event.get("note", ""))
            if who:
                return f"{who} chooses no trumps" if note == NO_TRUMP else \
                    f"{who} chooses trumps {self.suit(note)}"
            suit = self.suit(note)
            return f"{self.cards(cards) if isinstance(cards, list) else ''} turned up: " \
                   f"trumps {suit}".strip()
        if kind == "bid":
            return f"{who} bids {amount or 0}"
        if kind == "hold":
            return f"{who} holds {amount or 0}"
        if kind == "announcement":
            return f"{who} announces {event.get('note') or 'nothing'}"
        if kind == "call":  # a set announced as its cards are played (belote, rebelote)
            said = f"{who} says {event.get('note') or ''}".strip()
            return said + (f" ({amount} points)" if amount else "")
        if kind == "value":
            return f"{who} names the value {amount or 0}"
        words = [who] if who else []
        verb = _PASSES.get(phase, "passes") if kind == "pass" else \
            _VERBS.get(kind, kind.replace("_", " "))
        words.append(verb)
        if isinstance(cards, list) and cards:
            words.append(self.cards(cards))
        elif isinstance(cards, int):
            words.append(f"{cards} card" + ("s" if cards != 1 else ""))
        elif kind == "take":
            words.append("the trick")
        if amount:
            words.append(f"(place {amount})" if kind == "out" else
                         f"(deal {amount})" if kind in ("deal_scored", "match_end") else
                         f"({amount} point{'s' if amount != 1 else ''})" if kind != "bonus"
                         else str(amount))
        if event.get("note"):
            words.append(f"[{self.card(str(event['note']))}]")
        return " ".join(words)
