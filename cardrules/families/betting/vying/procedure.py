"""The vying procedure as a plug-in (see :mod:`cardrules.engine.procedures`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardrules.actions import Action
from cardrules.cards import mask_of
from cardrules.engine import state_codec
from cardrules.engine.procedures import Procedure, own_state, register
from cardrules.engine.state_codec import check_cards, read_fields
from cardrules.errors import HookError, StateError
from cardrules.families.betting.model import OVER, Showdown
from cardrules.families.betting.vying import view as vying_io
from cardrules.families.betting.vying.checks import check_vying
from cardrules.families.betting.vying.describe import describe_vying
from cardrules.families.betting.vying.heuristics import vying_scorer
from cardrules.families.betting.vying.model import VyingPlay
from cardrules.families.betting.vying.state import VyingState
from cardrules.families.betting.vying.tables import VyingTables
from cardrules.model.problems import Found
from cardrules.model.sentence import Sentence

if TYPE_CHECKING:
    from cardrules.engine.observation import Field
    from cardrules.engine.state import DealContext, GameContext, State
    from cardrules.engine.views import View

__all__ = ["Vying", "from_json", "setup"]


def from_json(game: GameContext, data: dict[str, Any]) -> VyingState:
    """Read back ``VyingState.to_json()``: a :class:`StateError` naming what is wrong
    (cards that do not add up, chips that do not, a stake past the rules)."""
    fields = read_fields(game.state_class, game, data)
    play: VyingPlay = game.tables.play
    n = game.players
    for key in ("chips", "staked", "won", "folded", "blind", "scores"):
        if len(fields[key]) != n:
            raise StateError(f"{key}: give one number per player")
    for key in ("folded", "blind"):
        if any(v > 1 for v in fields[key]):
            raise StateError(f"{key}: 1 or 0 per player")
    if any(fields["blind"]) and not play.blind:
        raise StateError("blind: nobody plays blind in this game (play.blind: false)")
    if fields["choosing"] > 1:
        raise StateError("choosing: 1 or 0")
    if (fields["carried"] or fields["mucked"] or any(fields["kept"])) \
            and not play.carries_pot:
        raise StateError("kept: nobody keeps a blind hand or a pot into the next deal in "
                         "this game (play.blind_alone: take)")
    if play.carry_chips:
        total = sum(fields["chips"]) + fields["carried"] + sum(fields["staked"]) \
            - sum(fields["won"])
        if total != play.chips * n:
            raise StateError(f"chips: the players' chips and the pot hold {total} chips; "
                             f"the players hold {play.chips * n} in all")
    else:
        for p in range(n):
            if fields["chips"][p] != play.chips - fields["staked"][p] + fields["won"][p]:
                raise StateError(f"chips: player {p} has {fields['chips'][p]} chips, but "
                                 f"started with {play.chips}, staked "
                                 f"{fields['staked'][p]} and won {fields['won'][p]}")
    if sum(fields["won"]) > sum(fields["staked"]) + fields["carried"]:
        raise StateError("won: the players won more chips than the pot held")
    if fields["stake"] and fields["stake"] not in play.open_stakes():
        raise StateError(f"stake: {fields['stake']} is no open stake (0 before the first, "
                         f"else {play.least} to {play.most} in steps of {play.step})")
    if fields["phase"] is not OVER:
        if fields["folded"][fields["current"]]:
            raise StateError(f"current: player {fields['current']} has folded")
        if sum(1 for f in fields["folded"] if not f) < 2 - fields["choosing"]:
            raise StateError("folded: a deal in play has two players still in or more "
                             "(or one, keeping one of two hands)")
        if fields["seer"] >= 0 and not fields["choosing"]:
            raise StateError("seer: a deal in play has had no see")
        if fields["choosing"] and not fields["kept"][fields["current"]]:
            raise StateError(f"choosing: player {fields['current']} holds one hand")
    state = VyingState._make(game, **fields)
    check_cards(state.zones(), game.pack)
    return state


def setup(game: GameContext, *, hands: Sequence[str], stock: str = "", dealer: int = 0,
          line: str = "", chips: Sequence[int] | None = None,
          kept: Sequence[str] | None = None, pot: int = 0) -> VyingState:
    """A position for tests and puzzles: each player's ``hands`` (the ``stock`` in dealing
    order follows; cards given nowhere lie under it), the antes posted and the player on
    the dealer's left to act, then the actions of ``line`` applied, apart by commas
    (``look,stake 4,fold``).  Where chips carry from deal to deal (``play.carry_chips``),
    ``chips`` gives each player's chips before the antes (a player with fewer than the
    ante sits the deal out: write ``""`` for their hand); where a blind player's pot is
    carried, ``pot`` gives the chips carried into this deal (taken from the chips the
    players hold in all) and ``kept`` the blind hand each player kept from the last deal
    (``""``: none).

    >>> import cardrules
    >>> game = cardrules.load("three-card-brag", players=3)
    >>> state = game.setup(hands=["3S 3H 3D", "AS KS QS", "2C 5D 9H"], line="stake 2")
    >>> state.view(0).stake, state.view(0).staked, state.current_player
    (4, [1, 3, 1], 2)
    """
    pack, n = game.pack, game.players
    if len(hands) != n:
        raise StateError(f"give {n} hands, one per player (got {len(hands)})")
    masks = [mask_of(pack.parse_many(h)) for h in hands]
    tables: VyingTables = game.tables
    play = tables.play
    kept_masks = [mask_of(pack.parse_many(h)) for h in (kept or [""] * n)]
    if (kept or pot) and not play.carries_pot:
        raise StateError("kept, pot: nobody keeps a blind hand or a pot into the next deal "
                         "in this game (play.blind_alone: take)")
    if len(kept_masks) != n or sum(1 for m in kept_masks if m) > 1:
        raise StateError(f"kept: give {n} hands, one per player, at most one of them not "
                         "empty")
    start = (play.chips,) * n
    if chips is not None:
        if not play.carry_chips:
            raise StateError(f"chips: every player starts each deal with {play.chips} "
                             "(play.chips) unless chips carry from deal to deal "
                             "(play.carry_chips)")
        if len(chips) != n or any(type(c) is not int or c < 0 for c in chips) \
                or type(pot) is not int or pot < 0:
            raise StateError(f"chips: give {n} whole numbers from 0, one per player")
        if sum(chips) + pot != play.chips * n:
            raise StateError(f"chips: the players and the pot hold {play.chips * n} chips "
                             f"in all, not {sum(chips) + pot}")
        start = tuple(chips)
    elif pot:
        raise StateError("pot: give the players' chips too (chips)")
    later = list(pack.parse_many(stock))
    used = 0
    for m in (*masks, *kept_masks, mask_of(later)):
        if used & m:
            raise StateError("a card is given twice in the position")
        used |= m
    if len(set(later)) != len(later):
        raise StateError("a card is given twice in the position")
    for p, m in enumerate(masks):
        size = tables.hand if start[p] >= play.ante else 0
        if m.bit_count() != size:
            raise StateError(f"hands: give player {p} {size} cards")
        if kept_masks[p] and (kept_masks[p].bit_count() != tables.hand or not size):
            raise StateError(f"kept: give player {p} {tables.hand} cards, or none")
    rest = [c for c in pack.cards if not (used >> c) & 1]
    state = VyingState.fresh(game, stock=(*rest, *reversed(later)), dealer=dealer,
                             chips=start, kept=tuple(kept_masks), carried=pot)
    state._folded = tuple(int(c < play.ante) for c in start)
    live = [s for s in game.turns.round_from(state.opener) if not state._folded[s]]
    if len(live) < 2:
        raise StateError("chips: two players or more have the chips for the ante")
    for seat in live:
        state._put(seat, play.ante, "ante")
    state._hands = tuple(masks)
    state._current = live[0]
    for text in (t.strip() for t in line.split(",")):
        if text:
            state = own_state(VyingState, state.apply(game.parse_action(text)))
    return state


class Vying(Procedure):
    """Ante, stake in turn at least the previous player's stake (half, blind), and see."""

    name = "vying"
    state_class = VyingState
    view_type = vying_io.VyingView
    play_rules = VyingPlay
    scoring_rules = Showdown
    play_schema: Mapping[str, Any] | None = {"$ref": "vying.schema.json#/$defs/play"}
    scoring_schema: Mapping[str, Any] | None = {"$ref": "betting.schema.json#/$defs/scoring"}

    def view_entries(self, game: GameContext) -> tuple[str, ...]:
        return vying_io.view_entries(game)

    def compile(self, game: GameContext) -> VyingTables:
        if game.pack.extra:  # added by a pack hook (the rule file's are refused)
            raise HookError("the hands are compared by rank, which an extra card (a "
                            "joker) lacks: a pack hook may not add one")
        return VyingTables.compile(game)

    def new_deal(self, game: GameContext, context: DealContext) -> VyingState:
        return VyingState.new(game, context)

    def from_json(self, game: GameContext, data: dict[str, Any]) -> VyingState:
        return from_json(game, data)

    def arrange(self, game: GameContext, **position: Any) -> VyingState:
        return setup(game, **position)

    def resample(self, state: State, player: int, rng: random.Random) -> VyingState:
        """The cards ``player`` cannot see (the others' hands, the stock, and their own
        hand while they play blind) re-dealt at random among those places, each keeping
        its size."""
        new: VyingState = state_codec.resample(own_state(VyingState, state), player, rng)
        return new

    def observation_fields(self, game: GameContext) -> tuple[Field, ...]:
        return vying_io.observation_fields(game)

    def move_limit(self, game: GameContext) -> int:
        """Each player stakes at most as often as their chips pay the least stake, looks
        once and folds once; one see ends the deal."""
        play: VyingPlay = game.tables.play
        cheapest = max(play.cost(play.least, blind=play.blind), 1)
        chips = play.chips * game.players if play.carry_chips else play.chips
        return game.players * (chips // cheapest + 2) + 4

    def check(self, variant: Any) -> Iterator[Found]:
        return check_vying(variant)

    def action_bound(self, variant: Any) -> int:
        """Fold, look, see and a stake of each amount (and, where a blind player's pot
        is carried, look 1 and 2, keep, keep 1 and 2, and drop)."""
        play = variant.play
        assert isinstance(play, VyingPlay)
        return 3 + len(play.amounts()) + (6 if play.carries_pot else 0)

    def describe(self, variant: Any) -> Iterator[Sentence]:
        return describe_vying(variant)

    def draws_stock(self, variant: Any) -> bool:
        """Nobody draws: the cards left after the deal stay in the pack."""
        return False

    def score_bounds(self, game: GameContext) -> tuple[int, int] | None:
        """Chips won or lost add up to 0: a player loses at most their chips, and wins at
        most as much from each other player (where chips carry from deal to deal, at most
        all the chips at the table)."""
        play: VyingPlay = game.tables.play
        if play.carry_chips:
            return -play.chips * game.players, play.chips * game.players
        return -play.chips, play.chips * (game.players - 1)

    def move_scorer(self, view: View,
                    legal: Sequence[Action]) -> Callable[[Action], float]:
        hands = view.hands
        own = hands[view.player] if isinstance(hands[view.player], list) else []
        return vying_scorer(own, view.card_facts)


register(Vying())
