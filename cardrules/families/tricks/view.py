"""Views, JSON and explicit positions for tricks states."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.cards import count
from cardrules.engine.arguments import checked_player
from cardrules.engine.events import records_json
from cardrules.engine.native import mypyc_attr
from cardrules.engine.observation import (
    Card,
    Cards,
    CardsBySeat,
    Field,
    Number,
    NumbersBySeat,
    OneOf,
    Seat,
    Trick,
)
from cardrules.engine.table import seatwise_sum
from cardrules.engine.views import HEAD, CardNames, CardRow, View, seen_by, visibility
from cardrules.families.tricks.counted import set_aside
from cardrules.families.tricks.model import (
    ANSWER,
    DECLARE,
    LEAD,
    OVER,
    Condition,
    DrawOrder,
    TrickScoring,
)
from cardrules.families.tricks.state import VIEWS, TricksState
from cardrules.families.tricks.view_info import ViewInfo
from cardrules.model.common import Visibility

if TYPE_CHECKING:

    from cardrules.engine.state import GameContext

__all__ = ["TricksView", "ViewInfo", "observation_fields", "view", "view_entries", "view_info"]


@mypyc_attr(native_class=False)  # a record class over the interpreted View
class TricksView(View):
    """What a seat may know of a tricks state: the common entries of :class:`View` and
    these (``face_up``, ``broken``, ``closed``, ``declared``, ``pending``, ``shown``,
    ``announced``, ``called``, ``melded``, ``meld_cards``, ``set_aside`` and
    ``trump_order`` only in games whose rules have them; ``scores`` once the deal is
    over)."""

    __slots__ = ()
    sometimes = View.sometimes | {"scores"}
    rule_entries = frozenset({"trump_order"})

    trump: str | None
    """The trump suit's letter (None: no trumps, or not named yet)."""
    trump_card: str | None
    """The turned-up trump card while it lies in view, else None."""
    trump_order: CardRow
    """In games whose trump order places cards otherwise than their printed suit and
    rank (``play.trump``'s ``ranks`` or ``above``, a ``card_order`` hook), the cards that
    count as trumps in this deal, highest first (empty while no trump suit is named): a
    public fact of the rules, so that a heuristic reading the view knows a left bower or
    a permanent trump for a trump.  Every other card counts in its printed suit."""
    stock: list[str] | int
    """The stock's cards where public, else their number."""
    leader: int
    """Who led the trick in progress."""
    holder: int
    """Who holds the trick in progress so far (-1: nobody yet)."""
    combination: str | None
    """The combination led, in games that lead combinations."""
    trick: list[dict[str, Any]]
    """The trick in progress: per card laid, ``player``, ``face_down`` and ``cards``
    (names, or their number when face down to this seat)."""
    tricks: list[int]
    """Tricks won per seat."""
    won: list[list[str] | int]
    """Per seat, the cards won where this seat may see them, else their number."""
    points: list[int | None]
    """Per seat, the card points won (None where hidden from this seat)."""
    face_up: str | None
    """The stock's top card, face up for all."""
    broken: bool
    """Whether the suit that must be broken has been."""
    closed: int | None
    """Who closed the stock, if anyone."""
    declared: list[int]
    """Points declared per seat."""
    pending: list[int]
    """Declared points waiting for a trick per seat."""
    shown: CardRow
    """Cards shown in declarations."""
    announced: list[int]
    """Per seat, points of the sets it announced and played in full
    (``play.announced``)."""
    called: CardRow
    """Cards of announced sets not yet played (their announcer holds them)."""
    melded: list[int]
    """Per seat, the points of its declarations that score (``play.melds``; set when
    they are compared, at the end of the first trick)."""
    meld_cards: CardRow
    """Declared cards shown to everyone (``play.melds``), played or not."""
    set_aside: list[int]
    """Per seat, the tricks taken that count nothing (``scoring.counted``)."""
    scores: list[int] | None
    """The deal's scores, once it is over (None before)."""


def view_entries(game: GameContext) -> tuple[str, ...]:
    """The entries of a tricks view in ``game``, in order."""
    tables = game.tables
    return (*HEAD, "trump", "trump_card", "hands", "stock", "leader", "holder", "combination",
            "trick", "tricks", "won", "points", "events",
            *(("face_up",) if tables.play.draw is DrawOrder.FACE_UP_TOP else ()),
            *(("broken",) if tables.unbroken else ()),
            *(("closed",) if tables.close else ()),
            *(("declared", "pending", "shown") if tables.scores else ()),
            *(("announced", "called") if tables.announced else ()),
            *(("melded", "meld_cards") if tables.melds is not None else ()),
            *(("set_aside",) if _counts_some(tables.scoring) else ()),
            *(("trump_order",) if tables.trump_ranking or tables.alternatives else ()),
            "scores", "legal_actions")


def _counts_some(scoring: TrickScoring) -> bool:
    """Some tricks may count nothing (``scoring.counted``)."""
    return scoring.counted is not Condition.ALWAYS


def view_info(game: GameContext) -> ViewInfo:
    """The game's :class:`ViewInfo`, made on first use."""
    tables = game.tables
    info: ViewInfo | None = tables.view_info
    if info is None:
        pack, zones, n = game.pack, game.variant.zones, game.players
        cards = CardNames.of(pack)
        names = cards.names

        def seen(zone: str, default: Visibility) -> tuple[tuple[bool, ...], ...]:
            return seen_by(visibility(zones, zone, default), n)

        info = tables.view_info = ViewInfo(
            variant=game.variant.name, names=names, suits=pack.suits,
            cards=cards,
            hand_seen=seen("hand", Visibility.OWNER), won_seen=seen("won", Visibility.OWNER),
            up_seen=seen("trick", Visibility.PUBLIC),
            stock_seen=visibility(zones, "stock", Visibility.HIDDEN) is Visibility.PUBLIC,
            players=n, pack=pack, rounds=game.turns.rounds,
            face_up=tables.play.draw is DrawOrder.FACE_UP_TOP,
            counts_some=_counts_some(tables.scoring), chooses_order=bool(tables.alternatives))
    return info


def observation_fields(game: GameContext) -> tuple[Field, ...]:
    """The fields of a view that a learning agent's observation encodes, in order (with
    ``broken`` only when some suits must be broken before they are led, ``closed`` when
    the stock may be closed, ``declared``, ``pending`` and ``shown`` when combinations
    score, ``set_aside`` when some tricks count nothing, ``trump_order`` when a trump order
    places cards otherwise than their printed suit and rank)."""
    combinations = tuple(p.name for p in game.tables.patterns[0])
    return (Seat(key="current_player"), Seat(key="dealer"),
            OneOf(key="phase", values=(DECLARE, LEAD, ANSWER, OVER)),
            OneOf(key="trump", values=game.pack.suits), Card(key="trump_card"),
            CardsBySeat(key="hands"), Cards(key="stock"), Seat(key="leader"),
            Seat(key="holder"), OneOf(key="combination", values=combinations),
            Trick(key="trick"), NumbersBySeat(key="tricks"), CardsBySeat(key="won"),
            NumbersBySeat(key="points"), NumbersBySeat(key="scores"),
            *([Number(key="broken")] if game.tables.unbroken else []),
            *([Seat(key="closed")] if game.tables.close else []),
            *([NumbersBySeat(key="declared"), NumbersBySeat(key="pending"),
               Cards(key="shown")] if game.tables.scores else []),
            *([NumbersBySeat(key="announced"), Cards(key="called")]
              if game.tables.announced else []),
            *([NumbersBySeat(key="melded"), Cards(key="meld_cards")]
              if game.tables.melds is not None else []),
            *([NumbersBySeat(key="set_aside")] if _counts_some(game.tables.scoring)
              else []),
            *([Cards(key="trump_order")]
              if game.tables.trump_ranking or game.tables.alternatives else []))


def view(state: TricksState, player: int) -> dict[str, Any]:
    """What ``player`` may know of ``state``: face-down cards only to the one who laid them."""
    game = state._game
    info = view_info(game)
    if type(player) is not int or not 0 <= player < info.players:
        checked_player(player, info.players)
    names, n, seats = info.names, len(state._hands), info.rounds[state._leader]
    down, won = state._down, state._won
    trick = []
    up_seen = info.up_seen[player]
    for i, mask in enumerate(state._plays):
        if not mask:  # a seat sitting the deal out laid nothing
            continue
        p = seats[i]
        face_down = bool(mask & down)
        seen = p == player if face_down else up_seen[p]
        trick.append({"player": p, "face_down": face_down,
                      "cards": info.cards.sorted_names(mask) if seen else count(mask)})
    won_seen = info.won_seen[player]
    tables = state._tables
    declared = state._declared if tables.scores else (0,) * n
    if tables.announced:
        declared = seatwise_sum(declared, state._announced)
    if tables.melds is not None:
        declared = seatwise_sum(declared, state._melded)
    turned, stock, trump = state._trump_card, state._stock, state._trump
    current = state.current_player
    out: dict[str, Any] = {
        "variant": info.variant,
        "player": player,
        "players": n,
        "dealer": state._dealer,
        "phase": state._phase,
        "current_player": current,
        "trump": info.suits[trump] if trump >= 0 else None,
        "trump_card": names[turned] if turned >= 0 and (
            (stock and stock[0] == turned)
            or (state._tables.trump_in_hand and (state._hands[state._dealer] >> turned) & 1))
        else None,
        "hands": info.cards.shown(_hands_seen(state, info.hand_seen[player]), state._hands),
        "stock": [names[c] for c in stock] if info.stock_seen else len(stock),
        "leader": state._leader,
        "holder": state._holder,
        "combination": state._combo or None,
        "trick": trick,
        "tricks": list(state._tricks),
        "won": info.cards.shown(won_seen, won),
        "points": [tables.card_points(w, trump) + d if seen else None  # a native call
                   for seen, w, d in zip(won_seen, won, declared)],
        "events": records_json(state._events, info.pack, player),
    }
    if info.face_up:  # everyone sees the stock's top card
        out["face_up"] = names[stock[-1]] if stock else None
    if tables.unbroken:
        out["broken"] = state._broken
    if tables.close:
        out["closed"] = state._closed if state._closed >= 0 else None
    if tables.scores:
        out["declared"], out["pending"] = list(state._declared), list(state._pending)
        out["shown"] = info.cards.sorted_names(state._shown[0])
    if tables.announced:
        out["announced"] = list(state._announced)
        out["called"] = info.cards.sorted_names(state._calling[0])
    if tables.melds is not None:
        out["melded"] = list(state._melded)
        out["meld_cards"] = info.cards.sorted_names(state._meld_shown[0])
    if info.counts_some:
        out["set_aside"] = list(set_aside(state))
    if tables.trump_ranking:  # trump -1 (none named): the last entry, no trumps
        out["trump_order"] = [names[c] for c in tables.trump_ranking[trump]]
    elif info.chooses_order:  # no card order chosen yet: no trumps
        out["trump_order"] = []
    if current < 0:
        out["scores"] = list(state._scores)
        out["points"] = [tables.card_points(w, trump) + d for w, d in zip(won, declared)]
    if current == player:
        out["legal_actions"] = [a.label or state.describe(a) for a in state.legal_actions()]
    return out


def _hands_seen(state: TricksState, seen: tuple[bool, ...]) -> tuple[bool, ...]:
    """Which hands a seat sees: ``seen`` as the zones declare, and the dummy's once it
    lies face up."""
    if not state._dummy or (dummy := state.dummy_shown()) < 0:
        return seen
    return seen[:dummy] + (True,) + seen[dummy + 1:]


VIEWS.append(view)
