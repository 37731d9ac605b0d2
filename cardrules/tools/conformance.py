"""Conformance checks any variant must pass, used by the tests and ``cardrules check``.

Each check raises :class:`ConformanceError` saying what broke.  :func:`check_playout`
plays one seeded random game and runs every check after every action.

>>> import cardrules
>>> report = check_playout(cardrules.load("bank", players=3), seed=1)
>>> report.actions > 0
True
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.actions import Action, Kind
from cardrules.cards import Pack
from cardrules.engine.game import Game, derive_seed
from cardrules.engine.phased import declared_of, own
from cardrules.engine.record import GameRecord, replay
from cardrules.engine.state import State
from cardrules.engine.views import View
from cardrules.errors import CardrulesError, IllegalActionError

__all__ = [
    "ConformanceError",
    "PlayoutFailure",
    "PlayoutReport",
    "Policy",
    "check_absences",
    "check_cards",
    "check_counterfactual",
    "check_indices",
    "check_json",
    "check_legal",
    "check_playout",
    "check_refusals",
    "check_resamples",
    "check_state",
    "check_view_entries",
    "check_views",
    "random_policy",
    "visible_cards",
]

class ConformanceError(CardrulesError):
    """A variant broke the engine's contract."""


class PlayoutFailure(ConformanceError):
    """A checked playout failed; ``record`` replays the game up to the failure."""

    def __init__(self, message: str, *, record: GameRecord,
                 cause: BaseException | None = None) -> None:
        super().__init__(message)
        self.record = record
        self.cause = cause


@attrs.frozen(kw_only=True)
class PlayoutReport:
    """Figures of one checked playout."""

    actions: int
    """Actions applied."""
    deals: int
    """Deals finished."""
    record: GameRecord
    """The game record, ready for ``cardrules replay``."""


def check_cards(state: State) -> None:
    """Every card of the pack lies in exactly one zone."""
    seen = 0
    for name, mask in state.zones().items():
        if seen & mask:
            raise ConformanceError(f"a card is in zone {name} and another zone at once")
        seen |= mask
    if seen != state.game.pack.full:
        lost = state.game.pack.full & ~seen
        raise ConformanceError(f"{lost.bit_count()} card(s) are in no zone")


def check_absences(state: State, rng: random.Random, *,
                   players: Sequence[int] | None = None) -> None:
    """What play has shown a seat not to hold (see :mod:`cardrules.engine.absences`) is true of
    its hand, and the re-dealing of the hidden cards for each of ``players`` (default:
    every player) agrees with it."""
    deal = getattr(state, "deal", state)
    missing: tuple[int, ...] | None = getattr(deal, "_missing", None)
    if not missing or not any(missing):
        return
    spare: tuple[int, ...] = getattr(deal, "_spare")  # noqa: B009
    hands: tuple[int, ...] = getattr(deal, "_hands")  # noqa: B009
    pack = state.game.pack
    for seat, hand in enumerate(hands):
        if (hand & missing[seat]).bit_count() > spare[seat]:
            wrong = " ".join(pack.names(pack.cards_of(hand & missing[seat])))
            raise ConformanceError(f"player {seat} holds {wrong}, which play showed them "
                                   f"not to hold ({spare[seat]} card(s) came in since)")
    for player in range(state.game.players) if players is None else players:
        hidden = deal.hidden_cards(player)
        other: tuple[int, ...] = getattr(deal.resample(player, rng), "_hands")  # noqa: B009
        for seat, hand in enumerate(other):
            if seat != player and (hand & hidden & missing[seat]).bit_count() > spare[seat]:
                raise ConformanceError(f"re-dealt for player {player}, player {seat}'s hand "
                                       f"holds cards play showed them not to hold")


def visible_cards(state: State, player: int) -> int:
    """Bit set of the cards ``player`` may see now, from the zones' declared visibility,
    and of those it was shown before wherever they lie now."""
    return state.game.pack.full & ~state.hidden_cards(player) | state.shown_cards(player)


def _card_names(value: Any, names: set[str], out: set[str]) -> None:
    if isinstance(value, str):
        if value in names:
            out.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _card_names(item, names, out)
    elif isinstance(value, list):
        for item in value:
            _card_names(item, names, out)


def check_view_entries(view: View) -> None:
    """``view`` holds the entries its class declares (:attr:`View.names`), in that
    order, each but those only some views show (:attr:`View.sometimes`): a procedure or
    phase that puts an entry in its views under another name than it declares fails."""
    declared = type(view).names
    if declared is None:
        return
    held = list(view.to_json())
    unknown = [name for name in held if name not in declared]
    if unknown:
        raise ConformanceError(f"a view of {view.variant} holds undeclared entries "
                               f"{', '.join(unknown)} (declared: {', '.join(declared)})")
    missing = [name for name in declared
               if name not in held and name not in type(view).sometimes]
    if missing:
        raise ConformanceError(f"a view of {view.variant} lacks the declared entries "
                               f"{', '.join(missing)}")
    if held != [name for name in declared if name in held]:
        raise ConformanceError(f"a view of {view.variant} holds its entries out of their "
                               f"declared order: {', '.join(held)}")


def check_views(state: State, rng: random.Random, previous: State | None = None) -> None:
    """Views hold the entries their game declares (:func:`check_view_entries`), are JSON,
    show no card the player may not know, and do not change when the cards the player
    cannot see are re-dealt."""
    pack = state.game.pack
    names = {pack.name(c) for c in range(pack.size)}
    for player in range(state.game.players):
        view = state.view(player)
        check_view_entries(view)
        data = view.to_json()
        json.dumps(data)
        known = visible_cards(state, player)
        if previous is not None:
            known |= visible_cards(previous, player)
        for event in state.events:
            if event.player == player or not event.private:
                for card in event.cards:
                    known |= 1 << card
        shown: set[str] = set()
        rules = type(view).rule_entries  # cards named by the rules, not seen
        _card_names({k: v for k, v in data.items() if k != "events" and k not in rules},
                    names, shown)
        leaked = [n for n in shown if not known & pack.copies_mask(pack.parse(n))]
        if leaked:
            raise ConformanceError(f"view of player {player} shows hidden card(s) "
                                   f"{', '.join(sorted(leaked))}")
        shown_events = view.events
        if len(shown_events) != len(state.events):
            raise ConformanceError(f"view of player {player} lists {len(shown_events)} "
                                   f"events, the state has {len(state.events)}")
        for event, shown_event in zip(state.events, shown_events):
            if event.private and event.player != player and event.cards \
                    and not isinstance(shown_event.get("cards"), int):
                raise ConformanceError(f"view of player {player} shows the cards of "
                                       f"player {event.player}'s private {event.kind}")
        other = state.resample(player, rng)
        check_cards(other)
        other_view = other.view(player)
        if other_view != view:
            raise ConformanceError(f"view of player {player} changes when hidden cards move")
        observation = state.game.observation
        encoded = observation.encode(state, player)
        if len(encoded) != observation.size:
            raise ConformanceError(f"observation of player {player} has {len(encoded)} "
                                   f"values, not {observation.size}")
        if observation.encode_view(other_view, player) != encoded:
            raise ConformanceError(f"observation of player {player} changes when hidden "
                                   f"cards move")


def check_counterfactual(state: State, rng: random.Random, *, actions: int = 2) -> None:
    """Nothing a player is shown depends on cards they cannot see.

    For each player, two cards hidden from them (``state.hidden_cards``) that lie in
    different zones are swapped through the state's JSON; the player's view, observation,
    the player to act, the phase, whether the player is to act and (if so) their legal
    actions must all stay the same.  So must they after each of up to ``actions`` sampled
    actions legal in both states, while the two cards stay hidden from the player: that
    catches what an action would reveal (who is asked next, whether the deal ends) though
    the state itself stores it.  Once a deal ends its result is public (points reveal what
    the won cards are worth), so then only its ending is compared.
    """
    where = _zone_of_each_card(state)
    for player in range(state.game.players):
        pair = _hidden_pair(state.hidden_cards(player), where, rng,
                            state.shown_cards(player))
        if pair is None:
            continue
        other = _swapped(state, *pair)
        told = _told_apart(state, other, player)
        if told:
            raise _leak(state, player, pair, told, "")
        if state.is_over:
            continue
        legal, legal_there = state.legal_actions(), set(other.legal_actions())
        for action in rng.sample(legal, min(actions, len(legal))):
            if action not in legal_there:
                continue
            after, after_there = state.apply(action), other.apply(action)
            still = after.hidden_cards(player) & after_there.hidden_cards(player)
            if not (still >> pair[0]) & (still >> pair[1]) & 1:
                continue
            told = _told_apart(after, after_there, player)
            if told:
                raise _leak(state, player, pair, told, f" after {state.describe(action)}")


def _zone_of_each_card(state: State) -> dict[int, str]:
    """Card -> the name of the zone it lies in."""
    return {card: name for name, mask in state.zones().items()
            for card in range(mask.bit_length()) if (mask >> card) & 1}


def _hidden_pair(hidden: int, where: dict[int, str], rng: random.Random,
                 shown: int = 0) -> tuple[int, int] | None:
    """Two random cards of ``hidden`` lying in different zones (None if there are none),
    both of ``shown`` or neither: a card the player was once shown (a widow's) and one
    it never saw are told apart by what it was shown, wherever they lie."""
    cards = [c for c in range(hidden.bit_length()) if (hidden >> c) & 1]
    if len({where[c] for c in cards}) < 2:
        return None
    first = rng.choice(cards)
    alike = [c for c in cards if where[c] != where[first]
             and (shown >> c & 1) == (shown >> first & 1)]
    return (first, rng.choice(alike)) if alike else None


def _swapped(state: State, first: int, second: int) -> State:
    """``state`` with cards ``first`` and ``second`` trading places, through its JSON."""
    pack = state.game.pack
    names = {pack.label(first): pack.label(second), pack.label(second): pack.label(first)}

    def swap(value: Any) -> Any:
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, dict):
            return {k: swap(v) for k, v in value.items()}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return value

    try:
        return state.game.state_from_json(swap(state.to_json()))
    except CardrulesError as exc:
        raise ConformanceError(f"swapping the hidden cards {', '.join(names)} gives a state "
                               f"that does not load: {exc}") from exc


def _told_apart(state: State, other: State, player: int) -> str:
    """What ``player`` is shown differently in the two states ('' if nothing).  Once a
    deal has ended in both, nothing more is compared: its scores, and what follows from
    them (the next deal, the end of a match), are public."""
    if _deal_ended(state) or _deal_ended(other):
        return "" if _deal_ended(state) and _deal_ended(other) else "whether the deal ends"
    if state.current_player != other.current_player:
        return "the player to act"
    if getattr(state, "phase", None) != getattr(other, "phase", None):
        return "the phase"
    if state.is_over != other.is_over:
        return "whether the game is over"
    if state.is_over:
        return ""
    if state.current_player == player and state.legal_actions() != other.legal_actions():
        return "their legal actions"
    view, other_view = state.view(player), other.view(player)
    if view != other_view:
        return "their view"
    observation = state.game.observation
    if observation.encode_view(view, player) != observation.encode_view(other_view, player):
        return "their observation"
    return ""


def _deal_ended(state: State) -> bool:
    return any(e.kind == "deal_end" for e in state.events)


def _leak(state: State, player: int, pair: tuple[int, int], what: str,
          when: str) -> ConformanceError:
    pack = state.game.pack
    return ConformanceError(
        f"player {player} can tell where hidden cards lie: swapping {pack.label(pair[0])} "
        f"and {pack.label(pair[1])} changes {what}{when}")


# -- re-sampling depends only on what the player knows -----------------------------------


def check_resamples(state: State, rng: random.Random) -> None:
    """Re-dealing what a player cannot see depends only on what they know.

    For each player, two cards that re-sampling re-deals for them (hidden, and not kept
    by :meth:`~cardrules.engine.procedures.Procedure.kept_cards`), lying in different
    zones, trade places (every field that names them follows, what play has shown the
    seats not to hold stays, and a pair that contradicts it is skipped); the player's
    view must not change, and the two states re-sampled for the player from the same
    seed must be equal, every field of them (hands, stock, other seats' private events,
    the cards other seats passed).
    """
    deal: State = getattr(state, "deal", state)
    where = _zone_of_each_card(deal)
    for player in range(deal.game.players):
        kept = deal.game.procedure.kept_cards(deal, player)
        pair = _hidden_pair(deal.hidden_cards(player) & ~kept, where, rng)
        if pair is None:
            continue
        other = _places_swapped(deal, *pair)
        if other is None or other.view(player) != deal.view(player) \
                or other.hidden_cards(player) != deal.hidden_cards(player):
            # not a state play allows (a seat holding a card play has shown elsewhere:
            # the opening card with a seat that did not lead it), or a leak the view
            # checks report
            continue
        seed = rng.getrandbits(64)
        ours = deal.resample(player, random.Random(seed)).to_json()
        theirs = other.resample(player, random.Random(seed)).to_json()
        if ours != theirs:
            fields = sorted(k for k in ours if ours[k] != theirs.get(k))
            pack = deal.game.pack
            raise ConformanceError(
                f"re-dealing for player {player} depends on where hidden cards lie: "
                f"swapping {pack.label(pair[0])} and {pack.label(pair[1])} changes the "
                f"sample's {', '.join(fields)}")


def _places_swapped(state: State, first: int, second: int) -> State | None:
    """``state`` with cards ``first`` and ``second`` trading places in every declared
    field but the knowledge of what seats lack; None when a seat would then hold a card
    play has shown it not to hold."""
    def move(card: int) -> int:
        return second if card == first else first if card == second else card

    new: State = getattr(state, "_clone")()  # noqa: B009  (a declared-field copy)
    own(new)
    for d in declared_of(state):
        d.put(new, d.kind.remap(d.value(state), move))
    missing: tuple[int, ...] = getattr(new, "_missing", ())
    if any(missing):
        spare: tuple[int, ...] = getattr(new, "_spare")  # noqa: B009
        hands: tuple[int, ...] = getattr(new, "_hands")  # noqa: B009
        if any((hand & missing[seat]).bit_count() > spare[seat]
               for seat, hand in enumerate(hands)):
            return None
    return new


def check_json(state: State, data: dict[str, Any] | None = None) -> None:
    """JSON round-trip is exact (``data``: ``state.to_json()``, when already made)."""
    if data is None:
        data = state.to_json()
    back = state.game.state_from_json(json.loads(json.dumps(data)))
    if back != state or back.to_json() != data:
        raise ConformanceError("state JSON round-trip is not exact")


def check_legal(state: State) -> None:
    """Legal actions exist unless the game is over, and each is accepted."""
    legal = state.legal_actions()
    if state.is_over:
        if legal:
            raise ConformanceError("a finished game offers actions")
        return
    if not legal:
        raise ConformanceError("the game is not over but offers no action")
    if len(set(legal)) != len(legal):
        raise ConformanceError("legal_actions() lists an action twice")
    for action in legal:
        if state.why_illegal(action) is not None:
            raise ConformanceError(f"legal action {state.describe(action)} is called illegal")


def check_indices(state: State) -> None:
    """Every legal action has its own index in the game's action space, which maps back
    to it."""
    space = state.game.action_space
    legal = state.legal_actions()
    try:
        indices = space.legal_indices(state)
    except CardrulesError as exc:
        raise ConformanceError(f"a legal action has no index: {exc}") from exc
    if len(set(indices)) != len(legal):
        raise ConformanceError("two legal actions share an index")
    for action, index in zip(legal, indices):
        if space.action(index) != action:
            raise ConformanceError(f"index {index} of {state.describe(action)} maps back to "
                                   f"{space.action(index)}")


def _candidates(state: State) -> tuple[Action, ...]:
    return _pack_candidates(state.game.pack)


@functools.lru_cache(maxsize=64)
def _pack_candidates(pack: Pack) -> tuple[Action, ...]:
    """Actions to try refusing in a game of ``pack``: drawing, passing, naming or choosing
    each suit, each card by each card kind (each face once: a copy's action is its
    face's)."""
    out = [Action(kind=Kind.DRAW), Action(kind=Kind.PASS)]
    out += [Action(kind=k, name=s) for s in pack.suits for k in (Kind.TRUMP, Kind.NAME)]
    faces = sorted({pack.face(c) for c in range(pack.size)})
    for kind in (Kind.PLAY, Kind.LEAD, Kind.ANSWER, Kind.THROW):
        out += [Action(kind=kind, cards=(c,)) for c in faces]
    return tuple(out)


def check_refusals(state: State, rng: random.Random, samples: int = 6,
                   data: dict[str, Any] | None = None) -> None:
    """Actions outside ``legal_actions()`` raise IllegalActionError and change nothing
    (``data``: ``state.to_json()``, when already made).  The actions tried are drawn
    uniformly from the candidates that are not legal."""
    legal = set(state.legal_actions())
    candidates = _candidates(state)
    tried: list[Action] = []
    for _ in range(8 * samples):  # most candidates are illegal: a few draws find them
        action = candidates[rng.randrange(len(candidates))]
        if action not in legal and action not in tried:
            tried.append(action)
            if len(tried) == samples:
                break
    else:
        illegal = [a for a in candidates if a not in legal]
        tried = rng.sample(illegal, min(samples, len(illegal)))
    before = state.to_json() if data is None else data
    for action in tried:
        try:
            state.apply(action)
        except IllegalActionError as exc:
            if not str(exc):
                raise ConformanceError("an illegal action was refused without a reason") from exc
        else:
            raise ConformanceError(f"illegal action {state.describe(action)} was accepted")
    if state.to_json() != before:
        raise ConformanceError("a refused action changed the state")


Policy = Callable[[State, random.Random], Action]
"""Chooses the action of the player to move."""


def random_policy(state: State, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


def check_state(state: State, rng: random.Random, previous: State | None = None, *,
                views: bool = True) -> None:
    """Every per-state check."""
    check_cards(state)
    check_legal(state)
    check_indices(state)
    data = state.to_json()
    check_json(state, data)
    # the re-dealing for one player drawn by lot: re-dealing for every player on every
    # state was a third of a long check's time (seven players of Pesten, eight re-deals a
    # state), and every player's comes up many times a deal
    check_absences(state, rng, players=(rng.randrange(state.game.players),))
    if views:
        check_views(state, rng, previous)
        check_counterfactual(state, rng)
        # a generator of its own, so the other checks draw what they drew before
        check_resamples(state, random.Random(hash(rng.getstate())))
    if not state.is_over:
        check_refusals(state, rng, samples=2, data=data)


def check_playout(game: Game, seed: int, *, match: bool = False, max_actions: int = 20000,
                  views: bool = True, policy: Policy = random_policy,
                  leak_share: float = 1.0) -> PlayoutReport:
    """Play one game from ``seed`` checking every invariant after every action.

    ``max_actions`` bounds each deal; a match is bounded by its rules' ``max_deals``.
    The leak searches (:func:`check_views`, :func:`check_counterfactual`), the costly
    part, run on every state, or with ``leak_share`` below 1 on that share of the states
    drawn by lot; the checks draw from a generator of their own, so the game the policy
    plays is the same whatever is searched; every other
    check runs on every state.

    Raises :class:`PlayoutFailure` (a :class:`ConformanceError`) carrying the record of
    the game up to the failure.
    """
    if not 0.0 <= leak_share <= 1.0:
        raise ValueError(f"leak_share is a share between 0 and 1, not {leak_share!r}")
    rng = random.Random(derive_seed(seed, "check"))  # the policy's
    probes = random.Random(derive_seed(seed, "check-probes"))  # the checks'
    lots = random.Random(derive_seed(seed, "check-leaks"))
    state = game.new_match(seed) if match else game.new_deal(seed)
    states = [state]
    actions: list[Action] = []
    deals = in_deal = 0

    def fail(message: str, cause: BaseException | None = None) -> PlayoutFailure:
        record = GameRecord.of(game, seed=seed, actions=actions, match=match)
        return PlayoutFailure(message, record=record, cause=cause)

    while True:
        try:
            searched = views and (leak_share >= 1.0 or lots.random() < leak_share)
            check_state(state, probes, states[-2] if len(states) > 1 else None,
                        views=searched)
        except ConformanceError as exc:
            raise fail(str(exc), exc) from exc
        except Exception as exc:
            raise fail(f"{type(exc).__name__}: {exc}", exc) from exc
        if state.is_over:
            break
        if in_deal >= max_actions:
            raise fail(f"a deal did not end within {max_actions} actions")
        try:
            action = policy(state, rng)
            actions.append(action)
            state = state.apply(action)
        except Exception as exc:
            raise fail(f"{type(exc).__name__}: {exc}", exc) from exc
        ended = sum(1 for e in state.events if e.kind == "deal_end")
        deals += ended
        in_deal = 0 if ended else in_deal + 1
        states.append(state)
    record = GameRecord.of(game, seed=seed, actions=actions, match=match)
    replayed = replay(game, GameRecord.from_json(json.loads(json.dumps(record.to_json()))))
    if replayed != states:
        raise ConformanceError("replaying the record does not give the same states")
    return PlayoutReport(actions=len(actions), deals=deals, record=record)
