"""Actions: typed, hashable values with a text notation that parses back.

>>> from cardrules.cards import Pack
>>> pack = Pack(ranks=("6", "7", "8", "9", "J", "Q", "K", "10", "A"), suits=("S", "H", "D", "C"))
>>> action = parse_action("play 9h", pack)
>>> action.text(pack)
'play 9H'
>>> parse_action(action.text(pack), pack) == action
True
>>> parse_action("draw", pack).kind
<Kind.DRAW: 'draw'>
>>> parse_action("name h", pack).text(pack)
'name H'
"""

from __future__ import annotations

import enum

import attrs

from cardrules.cards import Pack
from cardrules.errors import NotationError

__all__ = ["Action", "Kind", "parse_action", "register_verb"]


class Kind(enum.Enum):
    """What an action does; the values are the notation's first word."""

    PLAY = "play"
    """Lay cards on the pile (the last card written ends on top)."""
    DRAW = "draw"
    """Draw a card from the stock."""
    PASS = "pass"
    """Pass, or end the turn where stopping is allowed."""
    TRUMP = "trump"
    """Choose a trump suit."""
    NAME = "name"
    """Name the suit to match next (``name H``, after a suit-naming wild card)."""
    LEAD = "lead"
    """Lead cards to a trick."""
    ANSWER = "answer"
    """Answer a lead face up."""
    THROW = "throw"
    """Answer a lead face down (the cards cannot beat)."""
    DECLARE = "declare"
    """Declare a combination (``declare moscow AS AH AD``)."""
    VERB = "verb"
    """An action a phase plug-in names with a word of its own (``give 9H``): the word is
    the action's ``name`` and the notation's first word (see :func:`register_verb`)."""


_WITH_CARDS = {Kind.PLAY, Kind.LEAD, Kind.ANSWER, Kind.THROW, Kind.DECLARE}


@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class Action:
    """One player decision."""

    kind: Kind
    """What the action does."""
    cards: tuple[int, ...] = ()
    """Cards involved, in the order they are laid (see :mod:`cardrules.cards`)."""
    name: str = ""
    """A suit letter (``trump``) or a combination name (``declare``)."""
    label: str = attrs.field(default="", eq=False, repr=False)
    """The notation, when the action was made by a game (not compared)."""

    def text(self, pack: Pack) -> str:
        """The notation of this action, for example ``play 9H`` or ``declare moscow AS AH AD``."""
        words = [] if self.kind is Kind.VERB else [self.kind.value]
        if self.name:
            words.append(self.name)
        words.extend(pack.name(c) for c in self.cards)
        return " ".join(words)

    def __repr__(self) -> str:
        return f"<Action {self}>"

    def __str__(self) -> str:
        if self.label:
            return self.label
        first = [] if self.kind is Kind.VERB else [self.kind.value]
        return " ".join([*first, self.name, *map(str, self.cards)]).replace("  ", " ")


_VERBS: dict[str, bool] = {}
"""Action words phases add -> whether the action names cards."""


def register_verb(word: str, *, cards: bool) -> None:
    """Let the notation's first word ``word`` name a phase's action of kind
    :attr:`Kind.VERB` (``cards``: the action names one or more cards).  A built-in kind's
    word cannot be taken.

    >>> register_verb("give", cards=True)
    >>> from cardrules.cards import Pack
    >>> parse_action("give 9s", Pack(ranks=("9",), suits=("S",))).text(Pack(ranks=("9",),
    ...     suits=("S",)))
    'give 9S'
    """
    word = word.lower()
    if not word.isascii() or not word.isalpha() or word in {k.value for k in Kind}:
        raise ValueError(f"{word!r} cannot be an action word (a word of letters that is not "
                         f"one of {', '.join(k.value for k in Kind)})")
    _VERBS[word] = cards


MAX_NOTATION = 400
"""The longest action notation read (a hundred cards and more)."""


def parse_action(text: str, pack: Pack) -> Action:
    """Parse the notation of an action.

    >>> from cardrules.cards import Pack
    >>> parse_action("jump", Pack(ranks=("A",), suits=("S",)))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: unknown action 'jump': start with one of play, draw, pass, ...
    """
    if len(text) > MAX_NOTATION:
        raise NotationError(f"an action's notation is at most {MAX_NOTATION} characters "
                            f"(this one has {len(text)})")
    words = text.strip().split()
    if not words:
        raise NotationError("empty action: write for example 'play 9H', 'draw' or 'pass'")
    first = words[0].lower()
    if first in _VERBS:
        return _parse_verb(first, words[1:], pack)
    try:
        if first == Kind.VERB.value:
            raise ValueError(first)
        kind = Kind(first)
    except ValueError:
        known = ", ".join([*(k.value for k in Kind if k is not Kind.VERB), *sorted(_VERBS)])
        raise NotationError(f"unknown action {words[0][:20]!r}: start with one of {known}") \
            from None
    rest = words[1:]
    name = ""
    if kind is Kind.TRUMP or kind is Kind.NAME:
        if len(rest) != 1:
            raise NotationError(f"write '{kind.value}' and one suit letter, e.g. "
                                f"'{kind.value} S'")
        suit = rest[0].upper()
        if suit not in pack.suits:
            raise NotationError(f"unknown suit {rest[0]!r}: one of {', '.join(pack.suits)}")
        return Action(kind=kind, name=suit, label=f"{kind.value} {suit}")
    if kind is Kind.DECLARE:
        if not rest:
            raise NotationError("write 'declare', the combination's name, then its cards")
        name, rest = rest[0].lower(), rest[1:]
    cards = tuple(pack.parse(w) for w in rest)
    if kind in _WITH_CARDS and not cards:
        raise NotationError(f"'{kind.value}' needs at least one card, e.g. '{kind.value} 9H'")
    if kind not in _WITH_CARDS and cards:
        raise NotationError(f"'{kind.value}' takes no cards")
    action = Action(kind=kind, cards=cards, name=name)
    return attrs.evolve(action, label=action.text(pack))


def _parse_verb(word: str, rest: list[str], pack: Pack) -> Action:
    cards = tuple(pack.parse(w) for w in rest)
    if _VERBS[word] and not cards:
        raise NotationError(f"'{word}' needs at least one card, e.g. '{word} 9H'")
    if not _VERBS[word] and cards:
        raise NotationError(f"'{word}' takes no cards")
    action = Action(kind=Kind.VERB, name=word, cards=cards)
    return attrs.evolve(action, label=action.text(pack))
