"""The one exception hierarchy of cardrules.

Every error the library raises on purpose is a :class:`CardrulesError`, so an
embedding program can catch them all in one place.

>>> issubclass(IllegalActionError, CardrulesError)
True
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

__all__ = [
    "ArgumentError",
    "CardrulesError",
    "DealTooLongError",
    "HookError",
    "IllegalActionError",
    "NotationError",
    "Problem",
    "RecordError",
    "SeedError",
    "StateError",
    "VariantError",
    "did_you_mean",
]


def did_you_mean(given: object, names: Iterable[str]) -> str:
    """``"did you mean X? "`` naming the ``names`` nearest to ``given`` (at most three),
    to put before the list of every name in a message; empty if none is near.

    >>> did_you_mean("crazy-eight", ["bank", "crazy-eights", "hearts"])
    'did you mean crazy-eights? '
    >>> did_you_mean("zzz", ["bank"])
    ''
    """
    if not isinstance(given, str):
        return ""
    import difflib  # an error's words only: not imported by a load that goes well

    near = difflib.get_close_matches(given, list(names), n=3, cutoff=0.6)
    return f"did you mean {' or '.join(near)}? " if near else ""


class CardrulesError(Exception):
    """Base class of every error raised by cardrules."""


@attrs.frozen(kw_only=True)
class Problem:
    """One thing wrong in a rule file, located as precisely as the loader can."""

    message: str
    """What is wrong and, where it helps, what is allowed."""
    file: str = ""
    """The file the problem is in (empty for data given in memory)."""
    line: int = 0
    """1-based line, or 0 when unknown."""
    column: int = 0
    """1-based column, or 0 when unknown."""
    path: str = "$"
    """JSON path of the offending value, for example ``$.play.beats[2]``."""

    def __str__(self) -> str:
        where = self.file or "<data>"
        if self.line:
            where += f":{self.line}:{self.column}"
        return f"{where}: {self.path}: {self.message}"


class VariantError(CardrulesError):
    """A rule file (or the data behind it) is invalid.

    ``problems`` lists every problem found, each with file, line, column and JSON path.

    >>> err = VariantError([Problem(message="unknown key 'x'", file="a.yaml", line=3, column=1)])
    >>> print(err)
    a.yaml:3:1: $: unknown key 'x'
    """

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class IllegalActionError(CardrulesError):
    """An action was refused; the state it was applied to is unchanged.

    ``rule`` names the rule that forbids the action (for example ``"B17"`` or
    ``"must beat the top card"``).
    """

    def __init__(self, message: str, *, rule: str = "") -> None:
        self.rule = rule
        super().__init__(message if not rule else f"{message} [{rule}]")


class ArgumentError(CardrulesError, ValueError):
    """An argument names no player, seat or index of the game: out of range, or not an
    integer (for example player ``-1``, which ``current_player`` returns once a game is
    over)."""


class NotationError(CardrulesError, ValueError):
    """A card or action written in text could not be parsed."""


class RecordError(CardrulesError):
    """A game record or serialised state does not fit the game it is replayed in."""


class StateError(CardrulesError):
    """A serialised state is inconsistent (for example a card in two zones)."""


class SeedError(CardrulesError, ValueError):
    """A seed is not a whole number from 0 to 2**64-1."""


class DealTooLongError(CardrulesError):
    """A deal went on past the number of actions its rules allow (``game.move_limit``):
    the rule file describes a deal that may never end."""


class HookError(CardrulesError):
    """A hook function broke its contract (a legal-move filter that kept no action, a
    first mover who is not a seat...): the message names the hook."""
