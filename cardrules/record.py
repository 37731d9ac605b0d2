"""Game records: (variant, fingerprint, options, players, seed, actions) -> the same game.

>>> import cardrules
>>> game = cardrules.load("bank", players=2, options={"trumps": "none"})
>>> state = game.new_deal(seed=3)
>>> actions = []
>>> while not state.is_over:
...     action = state.legal_actions()[0]
...     actions.append(action)
...     state = state.apply(action)
>>> record = GameRecord.of(game, seed=3, actions=actions)
>>> again = GameRecord.from_json(record.to_json())
>>> replay(game, again)[-1] == state
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.actions import Action
from cardrules.errors import RecordError

if TYPE_CHECKING:
    from cardrules.game import Game
    from cardrules.state import State

__all__ = ["FORMAT", "GameRecord", "game_of", "replay"]

FORMAT = 2
"""Version of the record's JSON layout and of what a seed deals (2: the shuffle of
:func:`cardrules.cards.shuffled`; records of format 1 were dealt by an earlier shuffle
and would replay to other deals)."""


@attrs.frozen(kw_only=True)
class GameRecord:
    """Everything needed to play a game again, action for action."""

    variant: str
    """The variant's registered name or the rule file it was loaded from."""
    fingerprint: str
    """Fingerprint of the resolved rules; replaying under other rules is refused."""
    options: Mapping[str, Any]
    """Every option's value in force."""
    players: int
    """Number of players."""
    seed: int
    """The seed of the deal or match."""
    match: bool = False
    """A whole match (True) or a single deal."""
    dealer: int | None = None
    """The dealer of a single deal when it was not drawn by lot."""
    actions: tuple[str, ...] = ()
    """The actions in notation, in order."""

    @classmethod
    def of(cls, game: Game, *, seed: int, actions: Iterable[Action | str], match: bool = False,
           dealer: int | None = None) -> GameRecord:
        """A record of ``actions`` played in ``game`` from ``seed``."""
        texts = tuple(a if isinstance(a, str) else a.label or a.text(game.pack)
                      for a in actions)
        return cls(variant=game.source, fingerprint=game.fingerprint,
                   options=dict(game.options), players=game.players, seed=seed,
                   match=match, dealer=dealer, actions=texts)

    def with_actions(self, actions: Iterable[str]) -> GameRecord:
        """The same game with another action list (for shrinking failures)."""
        return attrs.evolve(self, actions=tuple(actions))

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"format": FORMAT, "variant": self.variant, "fingerprint": self.fingerprint,
                "options": dict(self.options), "players": self.players, "seed": self.seed,
                "match": self.match, "dealer": self.dealer, "actions": list(self.actions)}

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read back :meth:`to_json`; a :class:`RecordError` says what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if data.get("format") == 1:
            raise RecordError("this record is of format 1, from a cardrules version that "
                              "shuffled differently; its seed deals other cards now")
        if data.get("format") != FORMAT:
            raise RecordError(f"unknown record format {data.get('format')!r}; expected {FORMAT}")
        try:
            record = cls(
                variant=_typed(data, "variant", str), fingerprint=_typed(data, "fingerprint", str),
                options=_typed(data, "options", dict), players=_typed(data, "players", int),
                seed=_typed(data, "seed", int), match=_typed(data, "match", bool),
                dealer=data.get("dealer"),
                actions=tuple(_typed(data, "actions", list)))
        except KeyError as exc:
            raise RecordError(f"the record has no {exc.args[0]!r}") from None
        if not all(isinstance(a, str) for a in record.actions):
            raise RecordError("every action of a record must be a string")
        if record.dealer is not None and not isinstance(record.dealer, int):
            raise RecordError("'dealer' must be an integer or null")
        return record

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record as JSON."""
        with open(path, "w", encoding="utf-8") as out:
            json.dump(self.to_json(), out, indent=1)
            out.write("\n")

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> GameRecord:
        """Read a record written by :meth:`save`."""
        try:
            with open(path, encoding="utf-8") as src:
                return cls.from_json(json.load(src))
        except (OSError, ValueError) as exc:
            raise RecordError(f"cannot read record {os.fspath(path)}: {exc}") from None


def _typed(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"record field {key!r} must be {kind.__name__}, not {value!r}")
    return value


def game_of(record: GameRecord) -> Game:
    """Load the game a record was made in, refusing rules that have changed since."""
    from cardrules.loader import load

    game = load(record.variant, players=record.players, options=record.options)
    if game.fingerprint != record.fingerprint:
        raise RecordError(
            f"the rules of {record.variant} have changed since the record was made "
            f"(fingerprint {game.fingerprint}, record {record.fingerprint})")
    return game


def replay(game: Game, record: GameRecord) -> list[State]:
    """Every state of the recorded game (:meth:`Game.replay`)."""
    return game.replay(record)
