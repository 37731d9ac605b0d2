"""Records shared by every procedure: pack, players, zones, deal, options."""

from __future__ import annotations

import enum
import random
from typing import Any

import attrs

from cardrules.cards import NONE, Face, Pack
from cardrules.engine.seeding import derive_seed

__all__ = [
    "BeatClause",
    "DealSpec",
    "ExtraCardSpec",
    "FaceSpec",
    "LeftOut",
    "OptionSpec",
    "PackSpec",
    "PlayerRange",
    "RankBeat",
    "RankClause",
    "Spelling",
    "TrickTrump",
    "TrumpBeat",
    "TrumpSource",
    "Visibility",
]


class Spelling(str, enum.Enum):
    """Base of a closed vocabulary whose members are also their spellings (the
    ``enum.StrEnum`` of Python 3.11, for 3.10): a member equals, hashes, prints and
    encodes to JSON as its value, so ``state.phase == "turn"`` holds.

    >>> class Light(Spelling):
    ...     RED = "red"
    >>> Light.RED == "red", f"{Light.RED}", Light("red") is Light.RED
    (True, 'red', True)
    """

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, format_spec: str) -> str:
        return str.__format__(self, format_spec)


class Visibility(enum.Enum):
    """Who may see the cards of a zone."""

    HIDDEN = "hidden"
    """Nobody (the stock)."""
    OWNER = "owner"
    """Only the player the zone belongs to (a hand)."""
    PUBLIC = "public"
    """Everybody (the pile on the table)."""


class BeatClause(enum.Enum):
    """A named clause saying which card beats another of the same trump class (every
    procedure's ``play.beats``)."""

    STEP_DOWN = "step_down"
    """A card of the same suit exactly one rung lower."""
    STEP_UP = "step_up"
    """A card of the same suit exactly one rung higher."""
    SAME_RANK = "same_rank"
    """A card of the same rank in any suit."""
    HIGHER_SAME_SUIT = "higher_same_suit"
    """Any higher card of the same suit."""
    LOWER_SAME_SUIT = "lower_same_suit"
    """Any lower card of the same suit."""
    SAME_SUIT = "same_suit"
    """Any other card of the same suit (with ``same_rank``: matching, as in Crazy Eights)."""


class TrumpSource(enum.Enum):
    """Where a deal's trump suit comes from."""

    TURNED_CARD = "turned_card"
    """The suit of the card turned up after the deal (``deal.trump_card``)."""
    FIXED = "fixed"
    """Always the suit named in ``suit``."""
    DEALER_CARD = "dealer_card"
    """The suit of the dealer's last dealt card, turned up for all to see; it stays in the
    dealer's hand (as in Whist)."""
    NONE = "none"
    """No trumps."""
    BIDDER = "bidder"
    """Named after the bidding by the highest bidder (the first to make the highest bid,
    in bidding order), through a listed phase that names trumps
    (a listed phase that names trumps); no trumps until then."""


@attrs.frozen(kw_only=True)
class TrickTrump:
    """The trump suit of a deal; a trump beats any plain card."""

    source: TrumpSource = TrumpSource.NONE
    """Where the trump suit comes from."""
    suit: str | None = None
    """The trump suit of ``source: fixed``."""


class TrumpBeat(enum.Enum):
    """What a card of a higher class may beat."""

    ANY_RANK = "any_rank"
    """Any card of a lower class, whatever its rank."""
    STEP_ONLY = "step_only"
    """Only a card of a lower class whose rank is exactly one rung higher."""


class RankBeat(enum.Enum):
    """What a card of a :class:`RankClause` rank beats."""

    SAME_SUIT = "same_suit"
    """Any card of its own suit."""
    ANY = "any"
    """Any card at all."""


@attrs.frozen(kw_only=True)
class RankClause:
    """A card of ``rank`` beats ``beats``: ``same_suit`` (any card of its suit) or ``any``."""

    rank: str
    """The rank that gets the power."""
    beats: RankBeat = RankBeat.SAME_SUIT
    """Any card of its suit, or any card."""


@attrs.frozen(kw_only=True)
class PlayerRange:
    """How many players the variant supports."""

    min: int
    """Fewest players."""
    max: int
    """Most players."""


@attrs.frozen(kw_only=True)
class ExtraCardSpec:
    """Extra cards of the pack, outside rank x suit (jokers), as written in the rule file:
    ``JK`` or ``{name: JK, count: 2}``.

    >>> ExtraCardSpec(name="JK", count=2).names, ExtraCardSpec(name="RJ").names
    (('JK1', 'JK2'), ('RJ',))
    """

    name: str
    """The card's name in the notation (``play JK``)."""
    count: int = 1
    """How many such cards the pack holds: more than one are named ``JK1``, ``JK2``...
    so that each card has a name of its own."""

    @property
    def names(self) -> tuple[str, ...]:
        """The names of these cards, one per card."""
        if self.count == 1:
            return (self.name,)
        return tuple(f"{self.name}{i}" for i in range(1, self.count + 1))


@attrs.frozen(kw_only=True)
class FaceSpec:
    """A custom face of the pack, outside rank x suit, as written in the rule file:
    ``{name: W, count: 4}``, with a ``suit`` (a colour) and a ``rank`` (a symbol) of the
    pack's where it has them (``{name: 0R, suit: R, rank: "0"}``).  Its ``count`` copies
    share the name: they are one face (``play W`` lays any of them), each a card of its
    own (saved as ``W``, ``W/2``...).

    >>> FaceSpec(name="W", count=4).count
    4
    """

    name: str
    """The face's name in the notation."""
    count: int = 1
    """How many copies the pack holds."""
    suit: str = ""
    """Its suit letter, or empty for none."""
    rank: str = ""
    """Its rank name, or empty for none."""


@attrs.frozen(kw_only=True)
class LeftOut:
    """Cards left out of the pack, as written in the rule file: card names (``[2C]``), or
    ``{by_players: {3: [2C], 5: [2C, 2D]}}``, the cards left out per number of players.

    >>> spec = LeftOut.read({"by_players": {"3": ["2C"], "5": ["2C", "2D"]}})
    >>> spec.names_for(3), spec.names_for(4), spec.names_for(5)
    (('2C',), (), ('2C', '2D'))
    >>> LeftOut.read(["2C"]).names_for(7)
    ('2C',)
    """

    by_players: dict[int, tuple[str, ...]] = attrs.field(factory=dict)
    """Number of players (0: any number) -> names of the cards left out; a number of
    players not listed leaves out none."""

    @classmethod
    def read(cls, data: Any) -> LeftOut:
        """The record of a (schema-valid) ``pack.left_out`` entry."""
        if isinstance(data, dict):
            return cls(by_players={int(n): tuple(map(str, names))
                                   for n, names in data["by_players"].items()})
        return cls(by_players={0: tuple(map(str, data))})

    def names_for(self, players: int) -> tuple[str, ...]:
        """The names of the cards left out with ``players`` players."""
        return self.by_players.get(players, self.by_players.get(0, ()))


@attrs.frozen(kw_only=True)
class PackSpec:
    """The pack as written in the rule file."""

    ranks: tuple[str, ...]
    """Rank names in ladder order, lowest first."""
    suits: tuple[str, ...]
    """Suit letters."""
    points: dict[str, int] = attrs.field(factory=dict)
    """Card points per rank name; ranks not listed are worth 0."""
    card_points: dict[str, int] = attrs.field(factory=dict)
    """Card points per card name (``QS``) or per suit letter (``H``: every card of the
    suit).  A card's entry wins over its suit's, which wins over its rank's in
    ``points``."""
    extra: tuple[ExtraCardSpec, ...] = ()
    """Cards outside rank x suit (jokers): no suit and no rank, numbered after the grid."""
    left_out: LeftOut = LeftOut()
    """Cards of the above that are never dealt, by number of players."""
    copies: int = 1
    """How many copies of every card of rank x suit (2: two packs in one)."""
    faces: tuple[FaceSpec, ...] = ()
    """Custom faces outside rank x suit, each with its count, suit and rank."""
    packs_by_players: dict[int, int] = attrs.field(factory=dict)
    """Number of players -> how many times over the pack as written is used (2: two such
    packs, every copy of rank x suit and every custom face twice as many); one for a
    number of players not listed."""

    def packs(self, players: int) -> int:
        """How many times over the pack is used with ``players`` players.

        >>> PackSpec(ranks=("9",), suits=("S",), packs_by_players={6: 2}).packs(6)
        2
        """
        return self.packs_by_players.get(players, 1)

    @property
    def size(self) -> int:
        """Number of cards of one pack as written: every rank of every suit (each copy),
        the extra cards, then the custom faces' copies (those left out included)."""
        return self.size_for(0)

    def size_for(self, players: int) -> int:
        """Number of cards with ``players`` players (0: one pack as written).

        >>> spec = PackSpec(ranks=("9", "A"), suits=("S",), packs_by_players={3: 2},
        ...                 faces=(FaceSpec(name="W", count=1),))
        >>> spec.size_for(2), spec.size_for(3)
        (3, 6)
        """
        k = self.packs(players)
        return len(self.ranks) * len(self.suits) * self.copies * k \
            + len(self.extra_names) + sum(f.count * k for f in self.faces)

    @property
    def face_names(self) -> tuple[str, ...]:
        """Every face's name once: rank x suit, the extra cards, the custom faces."""
        return (tuple(f"{r}{s}" for s in self.suits for r in self.ranks)
                + self.extra_names + tuple(f.name for f in self.faces))

    @property
    def labels(self) -> tuple[str, ...]:
        """Every card's own name (:meth:`~cardrules.cards.Pack.label`), in number order.

        >>> PackSpec(ranks=("9",), suits=("S",), copies=2,
        ...          faces=(FaceSpec(name="W", count=2),)).labels
        ('9S', '9S/2', 'W', 'W/2')
        """
        return self.build().labels(range(self.size))

    def count(self, players: int) -> int:
        """Number of cards dealt from with ``players`` players (those left out not
        counted).

        >>> PackSpec(ranks=("2", "A"), suits=("C", "D"),
        ...          left_out=LeftOut(by_players={3: ("2C",)})).count(3)
        3
        """
        return self.size_for(players) - len(set(self.left_out.names_for(players)))

    @property
    def extra_names(self) -> tuple[str, ...]:
        """The names of the extra cards, one per card, in card-number order."""
        return tuple(name for spec in self.extra for name in spec.names)

    def build(self, players: int = 0) -> Pack:
        """The runtime :class:`~cardrules.cards.Pack` for ``players`` players (with points
        per card when ``card_points`` gives any, without the cards ``left_out`` names for
        that many players; 0: the cards left out with any number).

        >>> spec = PackSpec(ranks=("Q", "A"), suits=("S", "H"), points={"A": 11},
        ...                 card_points={"QS": 13, "H": 1, "AH": 5})
        >>> spec.build().values
        (13, 11, 1, 5)
        >>> attrs.evolve(spec, left_out=LeftOut.read(["QS"])).build(2).count
        3
        """
        k = self.packs(players)
        pack = Pack(ranks=self.ranks, suits=self.suits, extra=self.extra_names,
                    points=tuple(self.points.get(r, 0) for r in self.ranks),
                    copies=self.copies * k, custom=tuple(
                        Face(name=f.name, count=f.count * k,
                             suit=self.suits.index(f.suit) if f.suit else NONE,
                             rank=self.ranks.index(f.rank) if f.rank else NONE)
                        for f in self.faces))
        left = 0
        for name in self.left_out.names_for(players):
            left |= 1 << pack.parse(name)
        if left:
            pack = attrs.evolve(pack, left_out=left)
        if not self.card_points:
            return pack
        by_suit = {s: self.card_points[s] for s in self.suits if s in self.card_points}
        by_card = {pack.parse(k): v for k, v in self.card_points.items()
                   if k not in self.suits}
        values = tuple(
            by_card.get(pack.face(c), by_suit.get(self.suits[pack.suit(c)], pack.value(c))
                        if pack.suit(c) >= 0 else pack.value(c))
            for c in range(pack.size))
        return attrs.evolve(pack, values=values)


@attrs.frozen(kw_only=True)
class DealSpec:
    """How the cards are dealt at the start of a deal.

    A hand size may vary by the deal's number in the match and by the number of players
    (``hand: {by_players: {3: [1, 2, 3, 2, 1], 4: 8}}``); :attr:`hand` is then the largest,
    which bounds everything sized by a hand (legal actions, tables, move limits).

    >>> spec = DealSpec.read({"hand": {"by_players": {"3": [1, 2, 3], "4": 8}}})
    >>> spec.hand, [spec.hand_for(3, deal) for deal in range(5)], spec.hand_for(4, 7)
    (8, [1, 2, 3, 1, 2], 8)
    >>> DealSpec.read({"hand": 4}).hand_for(2, 9)
    4
    """

    hand: int
    """Cards dealt to each player: the most any deal deals, for any number of players."""
    starter: int = 0
    """Cards turned face up to start the pile (shedding games)."""
    trump_card: bool = False
    """Turn up the next card to fix the trump suit; it lies under the stock, drawn last."""
    schedule: dict[int, tuple[int, ...]] = attrs.field(factory=dict)
    """Number of players (0: any) -> hand sizes of deals 0, 1, 2... in turn, starting over
    after the last; empty: every deal deals :attr:`hand`."""
    by_lot: bool = False
    """Each deal's hand size is drawn by lot among the entries of the schedule for the
    number of players, each entry as likely, instead of taken in turn (a size listed
    twice is twice as likely); see :meth:`drawn`."""

    @classmethod
    def read(cls, data: dict[str, Any]) -> DealSpec:
        """The record of a (schema-valid) ``deal:`` section."""
        raw, rest = data["hand"], {k: v for k, v in data.items() if k != "hand"}
        if isinstance(raw, int):
            return cls(hand=raw, **rest)
        tables = {0: raw["schedule"]} if "schedule" in raw else raw["by_players"]
        schedule = {int(n): tuple(sizes) if isinstance(sizes, list) else (int(sizes),)
                    for n, sizes in tables.items()}
        return cls(hand=max(max(s) for s in schedule.values()), schedule=schedule,
                   by_lot=bool(raw.get("by_lot", False)), **rest)

    def sizes(self, players: int) -> tuple[int, ...]:
        """The hand sizes of deals 0, 1, 2... in turn for ``players`` players."""
        return self.schedule.get(players) or self.schedule.get(0) or (self.hand,)

    def hand_for(self, players: int, deal: int) -> int:
        """Cards dealt to each of ``players`` in the match's deal number ``deal`` (from 0)."""
        sizes = self.sizes(players)
        return sizes[deal % len(sizes)]

    def drawn(self, players: int, deal: int, seed: int) -> int:
        """Cards dealt to each of ``players`` in the match's deal number ``deal``, shuffled
        from ``seed``: with :attr:`by_lot`, an entry of the schedule drawn by lot from a
        seed derived from ``seed`` (so a deal is still reproduced by its seed), else
        :meth:`hand_for`.

        >>> spec = DealSpec.read({"hand": {"schedule": [1, 2, 3], "by_lot": True}})
        >>> sorted({spec.drawn(3, 0, seed) for seed in range(40)})
        [1, 2, 3]
        """
        if not self.by_lot:
            return self.hand_for(players, deal)
        sizes = self.sizes(players)
        return sizes[random.Random(derive_seed(seed, "hand size")).randrange(len(sizes))]

    def largest(self, players: int) -> int:
        """The most cards a hand is dealt with ``players`` players."""
        return max(self.sizes(players))


@attrs.frozen(kw_only=True)
class OptionSpec:
    """A declared house-rule option and the value in force."""

    name: str
    """The option's name, as written under ``options:``."""
    description: str
    """One line saying what the option changes."""
    default: Any
    """The value in force for this loaded variant."""
    values: tuple[str, ...] = ()
    """Allowed values of an enumerated option (empty for a typed option)."""
    type: str = ""
    """``integer``, ``boolean``, ``string`` or ``string_list`` for a typed option."""
    enum: tuple[Any, ...] = ()
    """Allowed values of a typed option, when restricted to a list."""
    minimum: int | None = None
    """Smallest allowed integer."""
    maximum: int | None = None
    """Largest allowed integer."""
    path: str = ""
    """Dotted path in the rules that a typed option sets."""
    descriptions: dict[str, str] = attrs.field(factory=dict)
    """One line per enumerated value saying what it does (may be partial)."""
    applies_when: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    """Enumerated option -> its values under which this option changes anything (empty:
    always)."""

    def in_force(self, options: tuple[OptionSpec, ...]) -> bool:
        """Whether the option changes anything under the values ``options`` hold.

        >>> mode = OptionSpec(name="mode", description="", default="a", values=("a", "b"))
        >>> OptionSpec(name="n", description="", default=1, applies_when={"mode": ("b",)},
        ...            type="integer").in_force((mode,))
        False
        """
        values = {o.name: str(o.default) for o in options}
        return all(values.get(name) in allowed for name, allowed in self.applies_when.items())

    def allowed(self) -> str:
        """The allowed values, in words.

        >>> OptionSpec(name="n", description="", default=1, type="integer", minimum=1).allowed()
        'an integer >= 1'
        """
        if self.values:
            return ", ".join(self.values)
        if self.enum:
            return ", ".join(str(v) for v in self.enum)
        if self.type == "integer":
            low = "" if self.minimum is None else f" >= {self.minimum}"
            high = "" if self.maximum is None else f" <= {self.maximum}"
            return "an integer" + (low + ("," if low and high else "") + high)
        return {"boolean": "true or false", "string_list": "a list of names"}.get(
            self.type, "a string")
