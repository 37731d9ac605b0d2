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
>>> parse_action("trump none", pack).name
'none'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

import attrs

from cardrules.cards import Pack
from cardrules.errors import NotationError

__all__ = ["NO_TRUMP", "WORD_RULE", "WORD_TAKES", "Action", "Kind", "labelled", "malformed",
           "parse_action", "register_verb", "word_problem"]

NO_TRUMP = "none"
"""The name of the action ``trump none``: no trumps are chosen (suits are upper-case
letters, so it is never a suit's)."""


class Kind(enum.Enum):
    """What an action does; the values are the notation's first word."""

    PLAY = "play"
    """Lay cards on the pile (the last card written ends on top)."""
    DRAW = "draw"
    """Draw a card from the stock."""
    PASS = "pass"
    """Pass, or end the turn where stopping is allowed."""
    TRUMP = "trump"
    """Choose a trump suit (``trump H``), or no trumps (``trump none``) where the rules
    allow it."""
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
    EXCHANGE = "exchange"
    """Exchange a card of the hand for the turned-up trump card (``exchange 9S``)."""
    CLOSE = "close"
    """Close the stock: nobody draws from it for the rest of the deal."""
    ANNOUNCE = "announce"
    """Announce: in trick games, having reached the deal's target (the deal ends and is
    scored); in shedding games, one's last card (``last_card``)."""
    VERB = "verb"
    """An action a phase plug-in names with a word of its own (``give 9H``): the word is
    the action's ``name`` and the notation's first word (see :func:`register_verb`)."""

    # Hashed by identity (each member is its own only instance, and equal only to
    # itself): Enum's own __hash__ is a Python function, which tables keyed by an action's
    # kind would call at every move.
    __hash__ = object.__hash__


_KIND_VERB: Final = Kind.VERB
_KIND_WORDS: Final = {kind: kind.value for kind in Kind}
"""Each kind's word (``Kind.value`` is a Python descriptor: the notation of each action
a game makes reads these instead)."""

_WITH_CARDS = {Kind.PLAY, Kind.LEAD, Kind.ANSWER, Kind.THROW, Kind.DECLARE, Kind.EXCHANGE}


@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class Action:
    """One player decision."""

    kind: Kind
    """What the action does."""
    cards: tuple[int, ...] = ()
    """Cards involved, in the order they are laid (see :mod:`cardrules.cards`)."""
    name: str = ""
    """A suit letter (``trump``), a combination name (``declare``) or a phase's word."""
    amount: int = 0
    """The whole number of a phase's word that takes one (``bid 3``); 0 otherwise."""
    label: str = attrs.field(default="", eq=False, repr=False)
    """The notation, when the action was made by a game (not compared)."""

    def text(self, pack: Pack) -> str:
        """The notation of this action, for example ``play 9H`` or ``declare moscow AS AH AD``."""
        return _notation(self.kind, self.name, self.amount, self.cards, pack)

    def __repr__(self) -> str:
        return f"<Action {self}>"

    def __str__(self) -> str:
        if self.label:
            return self.label
        first = [] if self.kind is Kind.VERB else [self.kind.value]
        number = [str(self.amount)] if _takes_number(self.name, self.amount) else []
        return " ".join([*first, self.name, *number, *map(str, self.cards)]).replace("  ", " ")


def labelled(kind: Kind, pack: Pack, *, cards: tuple[int, ...] = (), name: str = "",
             amount: int = 0, written: tuple[int, ...] | None = None) -> Action:
    """An action with its notation as its label, as a game makes the actions it lists
    (made once: not made, then copied with the label); ``written``: its cards in the
    order the label writes them, when not as kept (a capture's played card first).

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("9", "A"), suits=("S",))
    >>> labelled(Kind.PLAY, pack, cards=(1,)).label
    'play AS'
    >>> labelled(Kind.PLAY, pack, cards=(1,)) == Action(kind=Kind.PLAY, cards=(1,))
    True
    >>> labelled(Kind.PLAY, pack, cards=(0, 1), written=(1, 0)).label
    'play AS 9S'
    """
    shown = cards if written is None else written
    return Action(kind=kind, cards=cards, name=name, amount=amount,
                  label=_notation(kind, name, amount, shown, pack))


def _notation(kind: Kind, name: str, amount: int, cards: tuple[int, ...], pack: Pack) -> str:
    """The notation of the action of these fields (:meth:`Action.text`)."""
    verb = kind is _KIND_VERB
    words = [] if verb else [_KIND_WORDS[kind]]
    if name:
        words.append(name)
    if verb and _takes_number(name, amount):
        words.append(str(amount))
    words.extend(map(pack.name, cards))
    return " ".join(words)


def _takes_number(name: str, amount: int) -> bool:
    """An action's word ``name`` takes a number: a phase's number word, or any word with
    a number other than 0 (a game's own word, such as a strain's, which the table of
    words every game knows may not hold or may hold with another meaning)."""
    return _VERBS.get(name) is _TAKES_NUMBER or amount != 0


def malformed(action: object, size: int) -> str | None:
    """Why ``action`` is not a well-formed action of a game whose pack has ``size`` cards
    (an object of another type, a kind that is not a :class:`Kind`, cards that are not
    whole numbers...), or None: the engine refuses such an action with this reason
    before any rule looks at it (the rules themselves refuse card numbers outside the
    pack).

    >>> malformed(Action(kind=Kind.PLAY, cards=(3,)), 36) is None
    True
    >>> malformed(Action(kind="play", cards=(3,)), 36)
    "an action's kind is a Kind such as Kind.PLAY, not 'play'"
    >>> print(malformed(Action(kind=Kind.PLAY, cards=("9H",)), 36))  # doctest: +ELLIPSIS
    an action's cards are a tuple of card numbers 0 to 35 (...), not ('9H',)
    """
    if not isinstance(action, Action):
        return f"an action is an Action or its text notation, not {type(action).__name__}"
    if not isinstance(action.kind, Kind):
        return f"an action's kind is a Kind such as Kind.PLAY, not {action.kind!r:.40}"
    cards = action.cards
    if not (isinstance(cards, tuple) and all(type(c) is int for c in cards)):
        return (f"an action's cards are a tuple of card numbers 0 to {size - 1} (write names "
                f"with parse_action), not {cards!r:.60}")
    if not isinstance(action.name, str):
        return f"an action's name is a string, not {action.name!r:.40}"
    if type(action.amount) is not int:
        return f"an action's amount is a whole number, not {action.amount!r:.40}"
    return None


class _Takes(enum.Enum):
    """What follows a phase's action word."""

    NOTHING = "nothing"
    CARDS = "cards"
    NUMBER = "number"
    SOME_NUMBER = "some number"
    """A whole number, or nothing (``bet`` in a fixed-limit game, ``bet 20`` in a
    no-limit one): the action's amount, 0 when none is written."""


_TAKES_NUMBER: Final = _Takes.NUMBER
"""Read by :func:`_takes_number` as a module constant (on Python 3.11 an enum class's
attribute is a slow look-up: EnumType has a __getattr__)."""

_VERBS: dict[str, _Takes] = {}
"""Action words phases add -> what follows them."""

MAX_AMOUNT = 999_999
"""The largest whole number an action word takes (six digits)."""


def register_verb(word: str, *, cards: bool, number: bool = False,
                  optional: bool = False) -> None:
    """Let the notation's first word ``word`` name a phase's action of kind
    :attr:`Kind.VERB` (``cards``: the action names one or more cards; ``number``: it
    takes one whole number from 0 instead, kept as its ``amount``; with ``optional`` the
    number may be left out, and the amount is then 0).  A built-in kind's word cannot be
    taken.

    >>> register_verb("give", cards=True)
    >>> from cardrules.cards import Pack
    >>> parse_action("give 9s", Pack(ranks=("9",), suits=("S",))).text(Pack(ranks=("9",),
    ...     suits=("S",)))
    'give 9S'
    >>> register_verb("bid", cards=False, number=True)
    >>> parse_action("bid 3", Pack(ranks=("9",), suits=("S",))).amount
    3
    >>> register_verb("wager", cards=False, number=True, optional=True)
    >>> [parse_action(t, Pack(ranks=("9",), suits=("S",))).amount for t in ("wager", "wager 20")]
    [0, 20]
    """
    problem = word_problem(word)
    if problem is not None:
        raise ValueError(problem)
    word = word.lower()
    if cards and number:
        raise ValueError(f"{word!r} cannot take both cards and a number")
    if optional and not number:
        raise ValueError(f"{word!r}: only a number may be optional")
    _VERBS[word] = (_Takes.CARDS if cards else _Takes.SOME_NUMBER if optional
                    else _Takes.NUMBER if number else _Takes.NOTHING)


WORD_RULE = ("an action word is one word of the letters a to z, without underscores, "
             "hyphens, digits or spaces (``give``, ``giveaway``), and not one of the "
             "notation's own words")
"""The rule for the action words a phase adds (the notation's first word)."""


def word_problem(word: str) -> str | None:
    """Why ``word`` cannot be a phase's action word (:data:`WORD_RULE`), or None.

    >>> word_problem("give") is None
    True
    >>> word_problem("give_card")  # doctest: +ELLIPSIS
    "'give_card' cannot be an action word: an action word is one word of the letters a to z, ..."
    """
    low = word.lower()
    if low.isascii() and low.isalpha() and low not in {k.value for k in Kind}:
        return None
    return (f"{word!r:.40} cannot be an action word: {WORD_RULE.replace('``', '')} "
            f"({', '.join(k.value for k in Kind)})")


MAX_NOTATION = 400
"""The longest action notation read (a hundred cards and more)."""


WORD_TAKES = ("nothing", "cards", "number")
"""What may follow a game's own action word (:func:`parse_action`'s ``words``)."""


def parse_action(text: str, pack: Pack, words: Mapping[str, str] | None = None) -> Action:
    """Parse the notation of an action.  ``words`` are a game's own action words, made
    from its rule file (a game type's name, a strain's word), each with what follows it
    (one of :data:`WORD_TAKES`): they are known to that game alone, before the words
    phases and families add for every game.

    >>> from cardrules.cards import Pack
    >>> parse_action("spades 4", Pack(ranks=("A",), suits=("S",)), {"spades": "number"})
    <Action spades 4>

    >>> from cardrules.cards import Pack
    >>> parse_action("jump", Pack(ranks=("A",), suits=("S",)))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: unknown action 'jump': start with one of play, draw, pass, ...
    """
    if len(text) > MAX_NOTATION:
        raise NotationError(f"an action's notation is at most {MAX_NOTATION} characters "
                            f"(this one has {len(text)})")
    text_words = text.strip().split()
    if not text_words:
        raise NotationError("empty action: write for example 'play 9H', 'draw' or 'pass'")
    first = text_words[0].lower()
    own = words or {}
    if first in own:
        return _parse_verb(first, text_words[1:], pack, _Takes(own[first]))
    if first in _VERBS:
        return _parse_verb(first, text_words[1:], pack, _VERBS[first])
    try:
        if first == Kind.VERB.value:
            raise ValueError(first)
        kind = Kind(first)
    except ValueError:
        known = ", ".join([*(k.value for k in Kind if k is not Kind.VERB),
                           *sorted({*_VERBS, *own})])
        raise NotationError(f"unknown action {text_words[0][:20]!r}: start with one of "
                            f"{known}") from None
    rest = text_words[1:]
    name = ""
    if kind is Kind.TRUMP or kind is Kind.NAME:
        if len(rest) != 1:
            raise NotationError(f"write '{kind.value}' and one suit letter, e.g. "
                                f"'{kind.value} S'")
        if kind is Kind.TRUMP and rest[0].lower() == NO_TRUMP:
            return Action(kind=kind, name=NO_TRUMP, label=f"{kind.value} {NO_TRUMP}")
        suit = rest[0].upper()
        if suit not in pack.suits:
            raise NotationError(f"unknown suit {rest[0]!r}: one of {', '.join(pack.suits)}")
        return Action(kind=kind, name=suit, label=f"{kind.value} {suit}")
    if kind is Kind.DECLARE:
        if not rest:
            raise NotationError("write 'declare', the combination's name, then its cards")
        name, rest = rest[0].lower(), rest[1:]
    elif kind is Kind.PLAY and rest and _combination_name(rest[0], pack):
        name, rest = rest[0].lower(), rest[1:]  # a play naming its combination
    cards = tuple(pack.parse(w) for w in rest)
    if kind in _WITH_CARDS and not cards:
        raise NotationError(f"'{kind.value}' needs at least one card, e.g. '{kind.value} 9H'")
    if kind not in _WITH_CARDS and cards:
        raise NotationError(f"'{kind.value}' takes no cards")
    return labelled(kind, pack, cards=cards, name=name)


def _combination_name(word: str, pack: Pack) -> bool:
    """Whether ``word``, first after ``play``, names a combination (``play airplane
    3C 3D 3H 4C 4D 4H``: cards that may be read as more than one play) rather than a
    card.

    >>> from cardrules.cards import Pack
    >>> pack = Pack(ranks=("3", "A"), suits=("S",))
    >>> _combination_name("airplane", pack), _combination_name("AS", pack)
    (True, False)
    """
    low = word.lower()
    if not (low.isascii() and low[:1].isalpha() and low.replace("_", "a").isalnum()):
        return False
    try:
        pack.parse(word)
    except NotationError:
        return True
    return False


def _parse_verb(word: str, rest: list[str], pack: Pack, takes: _Takes) -> Action:
    if takes is _Takes.SOME_NUMBER and not rest:
        return Action(kind=Kind.VERB, name=word, label=word)
    if takes in (_Takes.NUMBER, _Takes.SOME_NUMBER):
        digits = rest[0] if len(rest) == 1 else ""
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 6):
            raise NotationError(f"write '{word}' and one whole number from 0 to "
                                f"{MAX_AMOUNT}, e.g. '{word} 3'")
        return Action(kind=Kind.VERB, name=word, amount=int(digits),
                      label=f"{word} {int(digits)}")
    cards = tuple(pack.parse(w) for w in rest)
    if takes is _Takes.CARDS and not cards:
        raise NotationError(f"'{word}' needs at least one card, e.g. '{word} 9H'")
    if takes is not _Takes.CARDS and cards:
        raise NotationError(f"'{word}' takes no cards")
    return labelled(Kind.VERB, pack, cards=cards, name=word)
