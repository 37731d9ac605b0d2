"""Packs with several copies of a face (two packs in one) and custom faces outside
rank x suit with their own name, count, suit and rank (issue 26): the pack's numbering
and notation, the rule file's ``pack.copies`` and ``pack.faces``, and the engine's
actions by face (one legal action per face, the lowest-numbered copy held laid), saved
states, replays and observations with copies."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.actions import Action, Kind
from cardrules.cards import NONE, Face, Pack, bits, mask_of
from cardrules.errors import NotationError, VariantError
from cardrules.families.tricks.trump_order import TrumpOrder

TWO_PACKS = {"extends": "crazy_eights",
             "patch": {"pack": {"copies": 2, "faces": [{"name": "W", "count": 3}]}}}


def _two_packs(players: int = 3) -> cardrules.Game:
    return cardrules.load(TWO_PACKS, players=players)


# -- the pack ----------------------------------------------------------------------------


def test_copies_are_numbered_after_the_grid_and_the_jokers_and_share_a_name() -> None:
    pack = Pack(ranks=("9", "A"), suits=("S", "H"), extra=("JK",), copies=2,
                custom=(Face(name="W", count=2), Face(name="X", suit=1, rank=0)))
    assert pack.size == 4 + 1 + 4 + 2 + 1 and pack.grid == 4
    assert pack.names(range(pack.size)) == ("9S", "AS", "9H", "AH", "JK", "9S", "AS", "9H",
                                            "AH", "W", "W", "X")
    assert pack.labels(range(5, 12)) == ("9S/2", "AS/2", "9H/2", "AH/2", "W", "W/2", "X")
    assert [pack.face(c) for c in (5, 6, 10, 11)] == [0, 1, 9, 11]
    assert (pack.suit(6), pack.rank(6)) == (0, 1)
    assert (pack.suit(9), pack.rank(9), pack.suit(11), pack.rank(11)) == (NONE, NONE, 1, 0)
    assert pack.suit_mask(1) == mask_of([2, 3, 7, 8, 11])
    assert pack.rank_mask(0) == mask_of([0, 2, 5, 7, 11])
    assert pack.copies_mask(7) == mask_of([2, 7]) and pack.copies_mask(4) == 1 << 4
    assert pack.has_copies and not Pack(ranks=("9",), suits=("S",)).has_copies


def test_a_players_sort_keeps_copies_together() -> None:
    pack = Pack(ranks=("9", "A"), suits=("S", "H"), copies=2,
                custom=(Face(name="W", count=2), Face(name="X", suit=0)))
    assert pack.labels(pack.cards_of(pack.full)) == (
        "AS", "AS/2", "9S", "9S/2", "X", "AH", "AH/2", "9H", "9H/2", "W", "W/2")


def test_a_name_reads_as_the_first_copy_and_a_label_as_its_own_card() -> None:
    pack = Pack(ranks=("9",), suits=("S",), copies=3)
    assert [pack.parse(t) for t in ("9s", "9S/2", "9s/3")] == [0, 1, 2]
    with pytest.raises(NotationError, match="unknown card '9S/4'"):
        pack.parse("9S/4")
    with pytest.raises(ValueError, match="ambiguous"):
        Pack(ranks=("9",), suits=("S",), custom=(Face(name="9s"),))
    with pytest.raises(ValueError, match="1 to 8 copies"):
        Pack(ranks=("9",), suits=("S",), copies=0)
    with pytest.raises(ValueError, match="face 'W'"):
        Pack(ranks=("9",), suits=("S",), custom=(Face(name="W", suit=3),))


def test_a_pack_of_distinct_faces_is_unchanged() -> None:
    """Every existing variant's pack: labels are names, nothing is rewritten, and the sort
    is the old one (suit by suit, rank high to low, jokers last)."""
    pack = Pack(ranks=("6", "7", "8", "9", "J", "Q", "K", "10", "A"),
                suits=("S", "H", "D", "C"), extra=("RJ", "BJ"))
    cards = range(pack.size)
    assert pack.labels(cards) == pack.names(cards)
    assert pack.canonical((5, 3, 5)) == (5, 3, 5) and pack.canonical_mask(0b1011) == 0b1011
    assert pack.spread(0b101) == 0b101 and [pack.face(c) for c in cards] == list(cards)
    n = len(pack.ranks)
    old = sorted(cards, key=lambda c: c - c % n + n - 1 - c % n if c < pack.grid else c)
    assert list(pack.cards_of(pack.full)) == old


@st.composite
def packs(draw: st.DrawFn) -> Pack:
    ranks = draw(st.lists(st.sampled_from(["2", "3", "9", "10", "J", "A"]), min_size=1,
                          max_size=4, unique=True))
    suits = draw(st.lists(st.sampled_from(["S", "H", "D", "C"]), min_size=1, max_size=4,
                          unique=True))
    names = draw(st.lists(st.sampled_from(["W", "WD", "SK", "RV", "P"]), max_size=3,
                          unique=True))
    faces = tuple(Face(name=name, count=draw(st.integers(1, 4)),
                       suit=draw(st.integers(-1, len(suits) - 1)),
                       rank=draw(st.integers(-1, len(ranks) - 1))) for name in names)
    return Pack(ranks=tuple(ranks), suits=tuple(suits), copies=draw(st.integers(1, 3)),
                extra=tuple(draw(st.lists(st.sampled_from(["JK", "RJ"]), max_size=2,
                                          unique=True))), custom=faces)


@settings(max_examples=60, deadline=None)
@given(pack=packs(), data=st.data())
def test_notation_round_trips_by_label_and_by_face(pack: Pack, data: st.DataObject) -> None:
    for card in range(pack.size):
        assert pack.parse(pack.label(card)) == card
        assert pack.parse(pack.label(card).lower()) == card
        first = pack.parse(pack.name(card))
        assert first == pack.face(card) and pack.name(first) == pack.name(card)
        assert (pack.suit(first), pack.rank(first)) == (pack.suit(card), pack.rank(card))
    cards = data.draw(st.lists(st.integers(0, pack.size - 1), max_size=6, unique=True))
    same = pack.canonical(cards)
    assert pack.names(same) == pack.names(cards) and len(set(same)) == len(same)
    assert pack.canonical(same) == same
    mask = mask_of(cards)
    canon = pack.canonical_mask(mask)
    assert sorted(pack.names(bits(canon))) == sorted(pack.names(bits(mask)))
    assert pack.canonical_mask(canon) == canon


# -- the rule file -----------------------------------------------------------------------


def test_the_rule_file_declares_copies_and_custom_faces() -> None:
    pack = _two_packs().pack
    assert pack.copies == 2 and pack.size == 52 * 2 + 3
    assert pack.names(range(104, 107)) == ("W",) * 3
    colours = cardrules.load({"extends": "crazy_eights", "patch": {"pack": {
        "faces": [{"name": "X", "count": 2, "suit": "H", "rank": 5}],
        "left_out": ["X/2", "2C"], "card_points": {"X": 7}}}}, players=2)
    x = colours.pack.parse("X")
    assert (colours.pack.suit(x), colours.pack.ranks[colours.pack.rank(x)]) == (2, "5")
    assert colours.pack.count == 52 and colours.pack.value(x + 1) == 7


@pytest.mark.parametrize(("patch", "message"), [
    ({"copies": 0}, r"pack\.copies"),
    ({"copies": 9}, r"pack\.copies"),
    ({"faces": [{"name": "W", "count": 0}]}, r"pack\.faces"),
    ({"faces": [{"name": "W/2"}]}, r"pack\.faces"),
    ({"faces": [{"name": "W", "colour": "R"}]}, r"pack\.faces"),
    ({"faces": [{"name": "W", "suit": "R"}]}, r"face 'W' has suit 'R'.*C, D, H, S"),
    ({"faces": [{"name": "W", "rank": "Z"}]}, r"face 'W' has rank 'Z'"),
    ({"faces": [{"name": "as"}]}, r"custom face 'as' has the name of card 'AS'"),
    ({"faces": [{"name": "W"}, {"name": "w"}]}, r"custom face 'w' has the name of card 'W'"),
    ({"copies": 2, "left_out": ["2C/3"]}, r"'2C/3' is no card of the pack"),
])
def test_bad_copies_and_faces_are_refused_with_their_path(patch: dict[str, object],
                                                         message: str) -> None:
    with pytest.raises(VariantError, match=message):
        cardrules.load({"extends": "crazy_eights", "patch": {"pack": patch}}, players=2)


@pytest.mark.parametrize(("base", "message"), [
    ("gin-rummy", "the rummy procedure melds by rank and suit"),
    ("casino", "the fishing procedure captures by rank and value"),
    ("cribbage", "the adding procedure counts cards by rank"),
    ("bank", "groups of cards are made on a pack of one card of each rank x suit"),
])
def test_families_that_need_one_card_per_face_refuse_copies(base: str, message: str) -> None:
    with pytest.raises(VariantError, match=message):
        cardrules.load({"extends": base, "patch": {"pack": {"copies": 2}}}, players=2)


def test_a_trump_order_of_named_cards_places_every_copy() -> None:
    """Euchre's bowers: both copies of the jack of the trump suit and of its partner
    rank above the ace."""
    game = cardrules.load({"extends": "euchre", "patch": {"pack": {"copies": 2}}},
                          players=4)
    pack = game.pack
    order = TrumpOrder.compile(pack, game.variant.play.trump)  # type: ignore[attr-defined]
    jacks = pack.rank_mask(pack.ranks.index("J"))
    for suit in range(len(pack.suits)):
        placed = order.placed[suit]
        assert all(placed[card] == placed[pack.face(card)] for card in range(pack.size))
        assert sum(placed[c].order >= len(pack.ranks) for c in bits(jacks)) == 4


# -- the engine: actions by face ---------------------------------------------------------


def test_two_copies_in_hand_give_one_action_and_the_lowest_copy_is_laid() -> None:
    game = _two_packs(2)
    pack = game.pack
    state = game.setup(hands=["9S/2 9S W/3 W/2 2D", "3C 4C"], pile="9H", current=0)
    labels = [a.label for a in state.legal_actions()]
    assert labels.count("play 9S") == 1 and "play W" not in labels  # W is no wild here
    action = next(a for a in state.legal_actions() if a.label == "play 9S")
    assert action.cards == (pack.parse("9S"),)
    after = state.apply("play 9S")
    assert after.to_json()["pile"][-1] == "9S" and "9S/2" in after.to_json()["hands"][0]
    only_second = game.setup(hands=["9S/2 2D", "3C 4C"], pile="9H", current=0)
    assert only_second.can_apply(Action(kind=Kind.PLAY, cards=(pack.parse("9S/2"),)))
    moved = only_second.apply(Action(kind=Kind.PLAY, cards=(pack.parse("9S/2"),)))
    assert moved.to_json()["pile"][-1] == "9S/2"
    assert moved.view(1).to_json()["pile"][-1] == "9S"  # views show faces


def test_an_action_by_face_keeps_every_field_but_its_cards() -> None:
    # faces.canonical_action and faces.in_hand build the action by its constructor, field
    # by field (cheaper than attrs.evolve): a field added to Action must be added there
    import attrs

    from cardrules.engine.faces import canonical_action, in_hand
    assert [f.name for f in attrs.fields(Action)] == ["kind", "cards", "name", "amount",
                                                       "label"]
    pack = Pack(ranks=("9",), suits=("S",), copies=3)
    held = Action(kind=Kind.PLAY, cards=(2, 1), name="pair", amount=4, label="lay 9S 9S")
    face = canonical_action(held, pack)
    assert face == attrs.evolve(held, cards=(0, 1)) and face.label == "lay 9S 9S"
    back = in_hand(face, 0b110, pack)
    assert back == attrs.evolve(held, cards=(1, 2)) and back.label == "lay 9S 9S"


def test_a_refused_face_is_judged_on_the_copy_held() -> None:
    game = _two_packs(2)
    state = game.setup(hands=["9S/2 2D", "3C 4C"], pile="7H", current=0)
    with pytest.raises(cardrules.IllegalActionError, match="9S does not beat 7H"):
        state.apply("play 9S")
    assert state.why_illegal(state.game.parse_action("play 2d")) == "2D does not beat 7H (C5-C6)"


def test_which_copy_is_held_changes_no_observation() -> None:
    game = _two_packs(2)
    one = game.setup(hands=["9S W 2D", "3C 4C"], pile="9H", current=0)
    other = game.setup(hands=["9S/2 W/3 2D", "3C 4C"], pile="9H", current=0)
    assert one.view(0).to_json()["hands"] == other.view(0).to_json()["hands"]
    assert game.observation.encode(one, 0) == game.observation.encode(other, 0)
    both = game.setup(hands=["9S/2 9S 2D", "3C 4C"], pile="9H", current=0)
    encoded = dict(zip(game.observation.labels, game.observation.encode(both, 0)))
    assert encoded["hands[0]:9S"] == encoded["hands[0]:9S/2"] == 1


def test_of_two_equal_cards_in_a_trick_the_first_played_wins() -> None:
    game = cardrules.load({"extends": "whist", "patch": {"pack": {"copies": 2}}}, players=4)
    state = game.setup(hands=["9S 2H", "9S/2 3H", "2S 4H", "3S 5H"], leader=0, trump="H")
    for text in ("lead 9S", "answer 9S", "answer 2S", "answer 3S"):
        state = state.apply(text)
    assert state.to_json()["tricks"] == [1, 0, 0, 0]


def _random_walk(game: cardrules.Game, seed: int) -> tuple[list[cardrules.State], list[str]]:
    rng = random.Random(seed)
    state = game.new_deal(seed)
    states, actions = [state], []
    while not state.is_over:
        legal = state.legal_actions()
        texts = [a.text(game.pack) for a in legal]
        assert len(set(texts)) == len(texts), texts
        action = rng.choice(legal)
        actions.append(texts[legal.index(action)])
        state = state.apply(action)
        states.append(state)
    return states, actions


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2 ** 32))
def test_a_deal_with_copies_round_trips_through_json_and_replays(seed: int) -> None:
    game = _two_packs(3)
    states, actions = _random_walk(game, seed)
    for state in states[::7] + states[-1:]:
        assert game.state_from_json(state.to_json()) == state
        zones = state.zones()
        assert sum(map(int.bit_count, zones.values())) == game.pack.count
    record = cardrules.GameRecord.of(game, seed=seed, actions=actions)
    assert game.replay(record)[-1] == states[-1]
    again = states[0]
    for text in actions:
        again = again.apply(text)
    assert again == states[-1]


def test_an_apply_lays_the_same_copies_whether_its_actions_were_listed_or_not() -> None:
    """A state's apply reads the actions with the cards held that its legal actions were
    worked out from (kept in the state), and works them out itself on a state never
    asked: the same copies are laid either way, whichever state was asked last."""
    game = cardrules.load("uno")
    rng = random.Random(11)
    state = game.new_deal(11)
    other = game.new_deal(12)
    for _ in range(60):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())  # the last state asked
        fresh = game.state_from_json(state.to_json())  # never asked
        expected = fresh.apply(action).to_json()
        assert state.apply(action).to_json() == expected
        other.legal_actions()  # another state asked last
        assert state.apply(action).to_json() == expected
        state = state.apply(action)


def test_the_adapters_play_a_pack_with_copies(tmp_path: Path) -> None:
    """OpenSpiel's random simulation checks (each copy dealt is a chance outcome of its
    own name) and a Gymnasium episode by the legal mask, on a pack with copies."""
    pyspiel = pytest.importorskip("pyspiel")
    np = pytest.importorskip("numpy")
    pytest.importorskip("gymnasium")
    import cardrules.adapters.openspiel  # noqa: F401  (registers python_cardrules)
    from cardrules.adapters.gymnasium import CardrulesGymEnv

    rule_file = tmp_path / "two-pack-eights.yaml"
    rule_file.write_text(yaml.safe_dump({**TWO_PACKS, "name": "two-pack-eights"}))
    game = pyspiel.load_game("python_cardrules", {"variant": str(rule_file), "players": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    env = CardrulesGymEnv(_two_packs(2))
    _, info = env.reset(seed=3)
    rng, done, reward = np.random.default_rng(0), False, 0.0
    while not done:
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        _, reward, term, trunc, info = env.step(action)
        done = term or trunc
    assert reward in (-1.0, 0.0, 1.0)


def _lowest_by_face(action: Action, held: tuple[Action, ...], pack: Pack) -> Action:
    """``faces.held_action`` written plainly: of the held actions with ``action``'s faces
    and other fields, the one with the lowest cards (``action`` when none)."""
    same = [a for a in held if a.kind is action.kind and a.name == action.name
            and a.amount == action.amount and len(a.cards) == len(action.cards)
            and pack.canonical(a.cards) == action.cards]
    return min(same, key=lambda a: a.cards) if same else action


@pytest.mark.parametrize("variant", ["uno", "pesten"])
def test_the_held_action_is_the_lowest_copies_of_the_faces_offered(variant: str) -> None:
    """For every action a player is offered by face, ``held_action`` gives the held action
    a plain search finds: the one with the lowest copies, the offered object itself when
    it is held as offered (its faces' first copies)."""
    from cardrules.engine.faces import held_action

    game = cardrules.load(variant)
    rng, checked = random.Random(4), 0
    for deal in range(6):
        state = game.new_deal(deal)
        while not state.is_over:
            held = state._held_legal()
            for offered in state.legal_actions():
                found = held_action(offered, held, game.pack)
                assert found == _lowest_by_face(offered, held, game.pack)
                if any(a is offered for a in held):
                    assert found is offered
                checked += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 100
