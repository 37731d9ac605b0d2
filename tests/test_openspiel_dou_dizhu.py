"""Dou Dizhu against OpenSpiel's ``dou_dizhu``: the same game in two engines.

OpenSpiel's C++ game (it has no parameters) is the oracle for ``variants/dou-dizhu.yaml``
(rules DD1-DD13 of ``docs/rules/dou-dizhu.md``).  Each game below draws OpenSpiel's
chance outcomes at random (the position of the face-up card, then the 51 cards dealt,
card ``k`` to player ``k mod 3``; the three left are the kitty) and deals the same hands
and kitty in our engine, the first bidder (the face-up card's holder) on our dealer's
left.  Then at every decision it demands the same player to move and the same set of
legal actions, applies one chosen at random to both, and at the end demands equal
returns.

Mapping.  Seats and card numbers are the same: OpenSpiel numbers a card suit * 13 + rank
(ranks 3 ... A 2, suits C D H S), the black joker 52 and the red joker 53, as our pack
does.  OpenSpiel's actions name ranks only, and so do ours (suits never matter, DD6);
both are compared in OpenSpiel's action words: ``Pass``, ``Bid 2``, and a play's ranks
from the lowest (``33344455``), an airplane with attachments written as its chain, a
dash and the attached ranks (``333444-59``), as OpenSpiel writes them.
"""

from __future__ import annotations

import os
import random
import time
from functools import cache

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

import cardrules  # noqa: E402
from cardrules.actions import Action, Kind  # noqa: E402
from cardrules.engine.state import State  # noqa: E402

RANKS = "3456789TJQKA2"
"""OpenSpiel's rank letters, lowest first; then ``(BWJ)`` and ``(CJ)``."""
GAMES = int(os.environ.get("CARDRULES_DOU_DIZHU_GAMES", "2000"))
"""Random games in the slow run (set ``CARDRULES_DOU_DIZHU_GAMES`` for more or fewer)."""
QUICK_GAMES = 200
"""Random games in the default run."""


def rank_word(place: int) -> str:
    """OpenSpiel's word for a ladder place."""
    return RANKS[place] if place < len(RANKS) else ("(BWJ)", "(CJ)")[place - len(RANKS)]


def spiel_word(state: State, action: Action) -> str:
    """OpenSpiel's word for our ``action`` in ``state``."""
    if action.kind is Kind.PASS:
        return "Pass"
    if action.kind is Kind.VERB:
        assert action.name == "bid", action
        return f"Bid {action.amount}"
    tables = state.game.tables
    play = tables.identify(action.cards, action.name)
    assert play is not None, action
    kind = tables.combinations[play.combination]
    places = [tables.rank(c) for c in play.cards]
    if kind.attach is not None and kind.shape.value == "chain":
        core = kind.size * play.length
        return "".join(map(rank_word, places[:core])) + "-" + \
            "".join(map(rank_word, sorted(places[core:])))
    return "".join(map(rank_word, sorted(places)))


@cache
def _game() -> cardrules.Game:
    """The game, loaded once."""
    return cardrules.load("dou-dizhu")


@attrs.frozen(kw_only=True)
class Tally:
    """What some games compared."""

    decisions: int = 0
    """Decisions whose legal action sets were compared."""
    thrown_in: int = 0
    """Deals everyone passed (DD3)."""
    landlord_won: int = 0
    """Deals the landlord won."""
    doubled: int = 0
    """Deals whose stake a bomb, the rocket or a spring doubled (DD12)."""
    named: int = 0
    """Decisions offering a play whose cards may be read more than one way."""
    seconds_ours: float = 0.0
    """Time our engine took (legal actions and applying)."""
    seconds_theirs: float = 0.0
    """Time OpenSpiel took."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(**{f.name: getattr(self, f.name) + getattr(other, f.name)
                        for f in attrs.fields(Tally)})


def play_both(seed: int, cards: list[int] | None = None, face_up: int = -1,
              script: tuple[str, ...] = ()) -> Tally:
    """Play one random game in both engines, asserting they agree at every step (the
    deal drawn from ``seed`` unless ``cards`` and ``face_up`` give it; the first
    decisions as ``script`` words them)."""
    rng = random.Random(seed)
    game = _game()
    theirs = pyspiel.load_game("dou_dizhu").new_initial_state()
    if cards is None:
        face_up = rng.randrange(51)
        cards = list(range(54))
        rng.shuffle(cards)
    theirs.apply_action(face_up)
    for card in cards[:51]:  # card k goes to player k mod 3
        theirs.apply_action(51 + card)
    first = face_up % 3
    hands: list[list[int]] = [cards[p:51:3] for p in range(3)]
    dealt = [hands[(first + j) % 3][j // 3] for j in range(51)]
    order = cards[51:] + dealt[::-1]  # the kitty at the bottom; dealt from the top
    ours = game.new_deal(seed, dealer=(first - 1) % 3, order=order)
    tally = Tally()
    named = decisions = 0
    t_ours = t_theirs = 0.0
    while not ours.is_over:
        assert not theirs.is_terminal() and not theirs.is_chance_node()
        assert theirs.current_player() == ours.current_player
        t0 = time.perf_counter()
        legal = ours.legal_actions()
        t1 = time.perf_counter()
        spiel_legal = theirs.legal_actions()
        t2 = time.perf_counter()
        words = {spiel_word(ours, a): a for a in legal}
        assert len(words) == len(legal)
        wanted = {theirs.action_to_string(theirs.current_player(), a): a
                  for a in spiel_legal}
        assert sorted(words) == sorted(wanted), (
            sorted(set(words) - set(wanted)), sorted(set(wanted) - set(words)), str(theirs))
        named += any(a.name for a in legal if a.kind is Kind.PLAY)
        word = script[decisions] if decisions < len(script) else rng.choice(sorted(words))
        t3 = time.perf_counter()
        ours = ours.apply(words[word])
        t4 = time.perf_counter()
        theirs.apply_action(wanted[word])
        t5 = time.perf_counter()
        t_ours += (t1 - t0) + (t4 - t3)
        t_theirs += (t2 - t1) + (t5 - t4)
        decisions += 1
    assert theirs.is_terminal()
    result = ours.result
    assert result is not None
    assert [float(s) for s in result.scores] == list(theirs.returns())
    seen = ours.view(0)
    declarer = seen.declarer if seen.declarer is not None else -1
    bid = seen.contract or 0
    return attrs.evolve(tally, decisions=decisions, thrown_in=int(declarer < 0),
                        landlord_won=int(declarer >= 0 and result.scores[declarer] > 0),
                        doubled=int(declarer >= 0 and abs(result.scores[declarer]) > 2 * bid),
                        named=named, seconds_ours=t_ours, seconds_theirs=t_theirs)


@cache
def tally(games: int) -> Tally:
    """Play ``games`` games in both engines (once per run)."""
    total = Tally()
    for seed in range(games):
        total += play_both(seed)
    return total


@pytest.mark.parametrize("games", [QUICK_GAMES, pytest.param(GAMES, marks=pytest.mark.slow)])
def test_dou_dizhu_plays_exactly_as_openspiel(games: int) -> None:
    total = tally(games)
    assert total.decisions > games * 10
    assert total.thrown_in > 0 and total.landlord_won > 0 and total.doubled > 0


@pytest.mark.parametrize("lead", ["333444555666", "333444555-666", "444555666-333"])
def test_cards_read_more_than_one_way_as_openspiel(lead: str) -> None:
    """Random deals almost never give a hand of four trios in a row; these give one to
    the landlord, who leads each of its three readings (DD7), the rest played at random
    in both engines."""
    trios = [suit * 13 + rank for rank in range(4) for suit in range(3)]  # 3s to 6s
    rest = [c for c in range(54) if c not in trios]
    for seed in range(5):
        random.Random(seed).shuffle(rest)
        cards = [0] * 51
        cards[0:36:3] = trios  # player 0 gets cards 0, 3, 6...
        others = iter(rest)
        cards = [c if i % 3 == 0 and i < 36 else next(others) for i, c in enumerate(cards)]
        cards += list(others)
        total = play_both(seed, cards=cards, face_up=0, script=("Bid 3", lead))
        assert total.named > 0
