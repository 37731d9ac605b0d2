"""Legality in one place: the fast legal-move generators list exactly the actions the
rule functions allow, and every refusal names its rule.

Over every shipped variant and option value, states are taken from random playouts and
asked about random candidate actions: every action of ``game.action_space``, and every set
of 1 to 4 cards the player to move holds, for every kind of card action (in the game's
order and in pack order, so groups written in another order are asked about too).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import FIXTURE_VARIANTS, games

import cardrules
from cardrules.actions import Action, Kind, malformed
from cardrules.cards import bits
from cardrules.engine import faces
from cardrules.families.bouts import rules as bouts_rules
from cardrules.families.shedding import rules as shedding_rules
from cardrules.families.tricks import rules as tricks_rules
from cardrules.families.tricks.state import TricksState
from cardrules.loader.resources import builtin_variants
from cardrules.tools.option_space import option_values

CARD_KINDS = (Kind.PLAY, Kind.LEAD, Kind.ANSWER, Kind.THROW)

MAX_SETS = 3000
"""Card sets asked about in one state (a sample beyond that: long hands hold thousands)."""


def _card_sets(state: Any, rng: random.Random) -> Iterator[Action]:
    """Every set of 1 to 4 cards the player to move holds, as each card action, in the
    game's order and in pack order."""
    game = state.game
    pack = game.pack
    hand = state.hands[state.current_player]
    held = sorted(bits(hand))
    sets = [c for size in range(1, 5) for c in combinations(held, size)]
    if len(sets) > MAX_SETS:
        sets = rng.sample(sets, MAX_SETS)
    names = [""]
    if isinstance(state, TricksState):
        names += list(state.tables.play.combinations)
    for chosen in sets:
        orders = {chosen, pack.cards_of(sum(1 << c for c in chosen)), chosen[::-1]}
        for cards in orders:
            for kind in CARD_KINDS:
                yield Action(kind=kind, cards=cards)
            for name in names[1:]:
                yield Action(kind=Kind.DECLARE, cards=cards, name=name)


def _others(game: cardrules.Game) -> list[Action]:
    pack = game.pack
    return [Action(kind=Kind.DRAW), Action(kind=Kind.PASS), Action(kind=Kind.PLAY),
            Action(kind=Kind.PASS, cards=(0,)), Action(kind=Kind.DECLARE, name="nothing"),
            Action(kind=Kind.TRUMP, name="Z"), Action(kind=Kind.VERB, name="give"),
            Action(kind=Kind.VERB, name="take"), Action(kind=Kind.VERB, name="take", cards=(0,)),
            Action(kind=Kind.VERB, name="beat", cards=(0, 0)),
            Action(kind=Kind.VERB, name="beat", cards=(0, 1)),
            *(Action(kind=Kind.VERB, name=word, cards=(c,)) for c in range(pack.size)
              for word in ("attack", "transfer")),
            *(Action(kind=Kind.THROW, cards=(c,)) for c in range(pack.size)),
            *(Action(kind=Kind.TRUMP, name=s) for s in (*pack.suits, "none")),
            *(Action(kind=Kind.NAME, name=s) for s in pack.suits),
            Action(kind=Kind.NAME, name="Z"), Action(kind=Kind.NAME, cards=(0,)),
            Action(kind=Kind.PLAY, cards=(0, 0)), Action(kind=Kind.LEAD, cards=(pack.size,))]


def _check(state: Any, actions: Iterator[Action] | list[Action]) -> int:
    """Assert the contract for each of ``actions``; the number asked."""
    game = state.game
    references = game.variant.references
    # every built-in procedure keeps its rule list, with refusing_rule, in the rules
    # module beside its procedure module (a family may hold more than one procedure)
    rules: Any = importlib.import_module(
        type(game.procedure).__module__.rpartition(".")[0] + ".rules")
    legal = set(state.legal_actions())
    staged = state._stage >= 0
    ruled = legal if staged else set(state._compute_legal())
    pack = game.pack
    hand = state.zones().get(f"hand{state.current_player}", 0)
    # faces.held_action of each face, worked out once (asked of every action, it cost
    # more than the rules' answers in a pack with copies)
    laid_by_face: dict[Any, Any] = {}
    if pack.has_copies:
        for a in sorted(ruled, key=lambda a: a.cards, reverse=True):
            laid_by_face[faces.canonical_action(a, pack)] = a
    asked = 0
    for action in actions:
        asked += 1
        listed = judged = action
        if pack.has_copies and malformed(action, pack.size) is None \
                and all(0 <= c < pack.size for c in action.cards):
            # a pack with copies: an action stands for its faces (listed once, by the
            # first copies), and the rules judge the copies the player holds: those a
            # legal action lays (a card just drawn, with its twin held since), else the
            # lowest-numbered held
            listed = faces.canonical_action(action, pack)
            laid = laid_by_face.get(listed, listed)
            judged = laid if laid in ruled else faces.in_hand(action, hand, pack)
        why = state.why_illegal(action)
        assert (why is None) == (listed in legal), (state.describe(action), why)
        if why is not None:
            assert why, state.describe(action)
        if staged:
            continue
        found = rules.refusing_rule(state, judged)
        assert (found is None) == (judged in ruled), (state.describe(action), found)
        if found is not None:
            rule, reason = found
            if rule.key is not None and references:
                assert rule.key in references, rule.key
                assert f"({references[rule.key]})" in reason, reason
            if judged not in ruled:
                assert why == reason or game.legal_filter is not None, (why, reason)
    return asked


def _playout(game: cardrules.Game, seed: int, rng: random.Random) -> list[Any]:
    """The states of one random deal."""
    state = game.new_deal(seed)
    states = [state]
    while not state.is_over and len(states) < 2000:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


WHOLE_SPACE = 20_000
"""The largest action space whose every action is asked of a state; of a larger one this
many actions drawn by lot, and every legal one."""


@settings(max_examples=14, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(), seed=st.integers(0, 2**32))
def test_refusals_and_legal_actions_agree(game: tuple[str, dict[str, Any], int],
                                          seed: int) -> None:
    name, options, players = game
    _check_deal(cardrules.load(name, players=players, options=options), seed)


def _check_deal(loaded: cardrules.Game, seed: int, *, whole: int | None = None) -> None:
    """The contract over one random deal: every action of the space in one of its states
    (a sample of a space larger than ``whole``, :data:`WHOLE_SPACE` unless given), every
    card set in eight others."""
    rng = random.Random(seed)
    states = _playout(loaded, seed, rng)
    space = loaded.action_space
    full = rng.choice(states)
    whole = WHOLE_SPACE if whole is None else whole
    if space.size <= whole:
        indices: Any = range(space.size)
    else:  # a space of millions (Casino's captures and builds): a sample, and every legal one
        indices = sorted({*rng.sample(range(space.size), whole),
                          *(space.index(a) for a in full.legal_actions())})
    _check(full, [space.action(i) for i in indices] + _others(loaded))
    for state in [states[0], states[-1], *rng.sample(states, min(6, len(states)))]:
        _check(state, [*_card_sets(state, rng), *_others(loaded)])


SWEEP_SETTINGS = 4
"""Option settings drawn for each variant in the slow sweep."""

SWEEP_SPACE = 5_000
"""The largest action space whose every action the slow sweep asks of a state (it checks
dozens of deals per variant; Big Two's 18,879 actions asked whole of each took minutes)."""


@pytest.mark.slow
@pytest.mark.parametrize("name", [*sorted(builtin_variants()), *FIXTURE_VARIANTS])
def test_refusals_and_legal_actions_agree_in_every_variant_and_player_count(name: str) -> None:
    """The property above, not left to chance: every variant, each number of players it
    allows, under a few option settings drawn by lot (the default run's Hypothesis draws
    fourteen games in all)."""
    space = option_values(cardrules.load(name).variant)
    rng = random.Random(name)
    for _ in range(SWEEP_SETTINGS):
        options = {key: rng.choice(values) for key, values in space.items()}
        try:
            players = cardrules.load(name, options=options).variant.players
        except cardrules.VariantError:  # a combination the rule file refuses
            continue
        for count in range(players.min, players.max + 1):
            _check_deal(cardrules.load(name, players=count, options=options),
                        rng.randrange(2**32), whole=SWEEP_SPACE)


def test_every_rule_with_a_key_is_numbered_in_the_shipped_variants() -> None:
    """Every rule key is numbered by a variant that uses the rule: Bank, Switch (forced
    draws, the last card), Pesten (no going out on a special card) and Svoi kozyri
    (picking the pile up, the attack after a beat) for the shedding rules, Bura for the
    rules it plays by, the test-only duties variant for the duties and lead restrictions,
    Sixty-six for the
    exchange, closing the stock and announcing, Belote for overtrumping, Durak for
    bouts."""
    rule_sets: tuple[tuple[Any, tuple[str, ...]], ...] = (
        (shedding_rules, ("bank", "switch", "pesten", "svoi-kozyri")),
        (tricks_rules, ("bura", "sixty-six", "belote", *FIXTURE_VARIANTS)),
        (bouts_rules, ("durak",)))
    for module, variants in rule_sets:
        references: set[str] = set()
        for variant in variants:
            references |= set(cardrules.load(variant).variant.references)
        for rule in module.RULES:
            assert rule.key is None or rule.key in references, (variants, rule.key)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(), seed=st.integers(0, 2**32))
def test_refusals_and_legal_actions_agree_with_uneven_hands(
        game: tuple[str, dict[str, Any], int], seed: int) -> None:
    """Hands of different sizes (a playout seldom makes them: every trick takes as many
    cards from each hand), where the smallest hand limits leads and declarations."""
    name, options, players = game
    loaded = cardrules.load(name, players=players, options=options)
    if loaded.variant.play.procedure != "tricks":
        return
    rng = random.Random(seed)
    for _ in range(POSITIONS):
        state = _uneven(loaded, rng)
        for _ in range(rng.randint(0, 3)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        _check(state, [*_card_sets(state, rng), *_others(loaded)])


POSITIONS = 8
"""Positions with uneven hands asked about per example."""


def _uneven(game: cardrules.Game, rng: random.Random) -> Any:
    """A position whose hands hold 1 to the most cards a hand is dealt for this number of
    players, random cards each, the stock empty."""
    pack, players = game.pack, game.players
    cards = list(pack.cards)  # the cards in play (a pack may leave some out)
    rng.shuffle(cards)
    hands = []
    for _ in range(players):
        size = rng.randint(1, game.variant.deal.largest(players))
        hands.append(" ".join(pack.names(cards[:size])))
        del cards[:size]
    trump = rng.choice(pack.suits)
    if game.variant.play.trump.source.value == "none":  # setup refuses trumps here
        trump = ""
    return game.setup(hands=hands, trump=trump, leader=rng.randrange(players))


SHEDDING_FIXTURE = Path(__file__).parent / "fixtures" / "variants" / "crazy-eights-like.yaml"
"""A test-only variant using the shedding keys no shipped variant uses (matching, wild
cards naming a suit, drawing at will, first out ends the deal)."""


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), end=st.sampled_from(["first_out", "last_holder"]),
       limit=st.integers(1, 5), seed=st.integers(0, 2**32))
def test_refusals_and_legal_actions_agree_in_the_shedding_fixture(
        players: int, end: str, limit: int, seed: int) -> None:
    loaded = cardrules.load(SHEDDING_FIXTURE, players=players,
                            options={"end": end, "draw_limit": limit})
    rng = random.Random(seed)
    states = _playout(loaded, seed, rng)
    space = loaded.action_space
    everything = [space.action(i) for i in range(space.size)]
    naming = [s for s in states if s.phase == "name_suit"]
    for state in [states[0], states[-1], *naming[:2], *rng.sample(states, min(6, len(states)))]:
        _check(state, [*_card_sets(state, rng), *_others(loaded), *everything])

