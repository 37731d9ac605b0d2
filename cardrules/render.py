"""Text rendering of views and events for the terminal, driven only by the view's keys.

Keys every procedure shares (hands, pile, trick, trumps, scores, match...) get a
readable line each; any other key gets a compact generic line, so a new procedure is
shown without special code.

>>> import cardrules
>>> game = cardrules.load("bank", players=2)
>>> table = TextRenderer(game.pack, ascii=True)
>>> table.card("10H")
'10h'
>>> table.event({"kind": "take", "player": 1, "cards": ["9S", "9H"], "amount": 0})
'P1 takes 9s 9h'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.cards import Pack
from cardrules.errors import NotationError

__all__ = ["SYMBOLS", "TextRenderer", "can_encode_symbols"]

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
"""Suit letter -> symbol."""

_QUIET = {"variant", "player", "players", "events", "legal_actions", "current_player",
          "pack", "phase", "dealer", "pile_name", "top_owner", "attacks", "covers",
          "defender", "seen"}
_VERBS = {"play": "plays", "draw": "draws", "pass": "passes", "take": "takes",
          "out": "goes out", "bonus": "scores a bonus of", "skip": "is skipped",
          "trump": "chooses trumps", "lead": "leads", "answer": "answers", "throw": "throws",
          "declare": "declares", "penalty": "loses", "first_mover": "moves first",
          "deal": "deals", "win": "wins the trick", "attack": "attacks with",
          "beat": "beats", "transfer": "transfers with", "take_up": "will take the table",
          "discard": "beaten off:"}


def can_encode_symbols(encoding: str | None) -> bool:
    """True if text in ``encoding`` can carry the suit symbols."""
    try:
        "".join(SYMBOLS.values()).encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class TextRenderer:
    """Renders views of one game's cards, with suit symbols or plain ASCII."""

    def __init__(self, pack: Pack, *, ascii: bool = False) -> None:
        self.pack = pack
        self.ascii = ascii

    # -- cards ---------------------------------------------------------------------

    def card(self, name: str) -> str:
        """A card name with its suit as a symbol (ASCII: lower-case suit letter)."""
        try:
            card = self.pack.parse(name)
        except NotationError:
            return name
        rank = self.pack.ranks[self.pack.rank(card)]
        suit = self.pack.suits[self.pack.suit(card)]
        return rank + (suit.lower() if self.ascii else SYMBOLS.get(suit, suit))

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
        return self.pack.suit(card), -self.pack.rank(card)

    def text(self, text: str) -> str:
        """Action notation with its card names symbolised."""
        return " ".join(self.card(w) for w in text.split())

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

    def view(self, view: dict[str, Any], *, me: int | None = None) -> list[str]:
        """Lines showing a view (``me``: the seat to mark as "you")."""
        lines: list[str] = []
        turn = view.get("current_player", -1)
        head = [view.get("title") or str(view.get("variant", ""))]
        if "phase" in view:
            head.append(f"phase {view['phase']}")
        if "dealer" in view:
            head.append(f"dealer P{view['dealer']}")
        head.append("game over" if turn is None or turn < 0 else
                    "your turn" if turn == me else f"P{turn} to play")
        lines.append(" · ".join(h for h in head if h))
        if "match" in view:
            lines.append(self._match(view["match"]))
        for key, value in view.items():
            if key in _QUIET or key == "match":
                continue
            line = self._known(key, value, view, me)
            if line != "":
                lines.append(line if line is not None else f"{key}: {self.value(value)}")
        return lines

    def _known(self, key: str, value: Any, view: dict[str, Any], me: int | None) -> str | None:
        if key == "hands" and isinstance(value, list):
            return "\n".join(self._hand(p, h, view, me) for p, h in enumerate(value))
        if key == "pile":
            name = view.get("pile_name") or "pile"
            owner = view.get("top_owner")
            top = view.get("top")
            by = f" (laid by P{owner})" if isinstance(owner, int) and owner >= 0 else ""
            top_text = f"  top {self.card(top)}{by}" if top else ""
            pile = self.cards(value) if isinstance(value, list) else f"{value} cards"
            return f"{name}: {pile}{top_text}"
        if key == "top":
            return "" if "pile" in view else f"top: {self.value(value)}"
        if key == "stock":
            count = len(value) if isinstance(value, list) else value
            return f"stock: {count} cards"
        if key == "trumps" and isinstance(value, dict):
            return self._trumps(value)
        if key in ("scores", "out") and isinstance(value, list):
            shown = "  ".join(f"P{p} {v}" for p, v in enumerate(value)) if key == "scores" \
                else " ".join(f"P{p}" for p in value) or "nobody"
            return f"{key}: {shown}"
        if key == "taken" and isinstance(value, list):
            counts = [len(t) if isinstance(t, list) else t for t in value]
            return "taken: " + "  ".join(f"P{p} {c} cards" for p, c in enumerate(counts))
        if key == "trick":
            return f"trick: {self.value(value)}"
        if key == "table" and isinstance(value, list):
            pairs = ["/".join(self.card(str(c)) for c in pair) for pair in value]
            return "table: " + ("  ".join(pairs) or "empty")
        if key == "attacker" and isinstance(value, int):
            defender = view.get("defender", -1)
            return f"bout: P{value} attacks P{defender}" if value >= 0 else ""
        if key == "discard" and isinstance(value, list):
            return f"out of play: {len(value)} cards"
        if key == "loser" and isinstance(value, int):
            return f"loser: P{value}" if value >= 0 else ""
        if key == "trump":
            return f"trump: {self.value(value)}"
        return None

    def _hand(self, seat: int, hand: Any, view: dict[str, Any], me: int | None) -> str:
        who = f"P{seat}" + (" (you)" if seat == me else "")
        turn = " <" if view.get("current_player") == seat else ""
        if isinstance(hand, list):
            return f"  {who}: {self.cards(hand, sort=True)}  [{len(hand)}]{turn}"
        return f"  {who}: {hand} cards{turn}"

    def _trumps(self, value: dict[str, Any]) -> str:
        classes = value.get("classes") or []
        mode = value.get("mode", "")
        suits = [" ".join(self._suit(s) for s in sorted(c, key=lambda s: -c[s])) or "-"
                 for c in classes]
        if suits and len(set(suits)) == 1:
            return f"trumps ({mode}): {suits[0]}"
        return f"trumps ({mode}): " + "  ".join(f"P{p} {s}" for p, s in enumerate(suits))

    def _suit(self, suit: str) -> str:
        return suit.lower() if self.ascii else SYMBOLS.get(suit, suit)

    def _match(self, info: dict[str, Any]) -> str:
        parts = [f"deal {int(info.get('deal', 0)) + 1}"]
        if "totals" in info:
            parts.append("totals " + "  ".join(f"P{p} {t}" for p, t in
                                                enumerate(info["totals"])))
        if "pot" in info:
            parts.append(f"pot {info['pot']}")
        if "payouts" in info:
            parts.append("shares " + "  ".join(f"P{p} {t}" for p, t in
                                                enumerate(info["payouts"])))
        return "match: " + " · ".join(parts)

    # -- events ----------------------------------------------------------------------

    def event(self, event: dict[str, Any]) -> str:
        """One event as a sentence."""
        kind = str(event.get("kind", ""))
        words = [f"P{event['player']}"] if "player" in event else []
        words.append(_VERBS.get(kind, kind.replace("_", " ")))
        cards = event.get("cards")
        if isinstance(cards, list):
            words.append(self.cards(cards))
        elif isinstance(cards, int):
            words.append(f"{cards} card" + ("s" if cards != 1 else ""))
        amount = event.get("amount")
        if amount:
            words.append(f"(place {amount})" if kind == "out" else
                         f"(deal {amount})" if kind in ("deal_scored", "match_end") else
                         f"({amount} points)" if kind != "bonus" else str(amount))
        if event.get("note"):
            words.append(f"[{self.card(str(event['note']))}]")
        return " ".join(words)
