"""Summaries a person reads between deals and at the end: what each player scored in the
deal, every hand as it ended, the match totals against the goal, and the final standing.

>>> import cardrules, random
>>> from cardrules.tools.render import TextRenderer
>>> game = cardrules.load("bura", players=2)
>>> state, rng = game.new_deal(seed=1), random.Random(1)
>>> while not state.is_over:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> deal_summary(state, TextRenderer(game.pack, ascii=True))[0]
'Deal over'
"""

from __future__ import annotations

from cardrules.engine.match import MatchState
from cardrules.engine.state import DealResult, MatchResult, State
from cardrules.engine.views import View
from cardrules.model.match import Goal
from cardrules.tools.render import TextRenderer
from cardrules.tools.table import ordinal, seat_figures

__all__ = ["deal_summary", "full_view", "goal_text", "match_summary", "result_lines"]


def goal_text(state: State) -> str:
    """The match goal in a few words (empty when the rules have no match section)."""
    spec = state.game.variant.match
    if spec.goal is Goal.REACH_TARGET:
        return f"first to {spec.target} wins"
    if spec.goal is Goal.LOWEST_TOTAL:
        return f"ends at {spec.target}; lowest total wins"
    if spec.goal is Goal.AVOID_LOSING_TOTAL:
        return f"{spec.losing_total} or more loses"
    if spec.goal is Goal.LOWEST_AFTER_DEALS:
        return f"{spec.deals} deals; lowest total wins"
    return f"{spec.deals} deals; highest total wins"


def deal_summary(deal: State, table: TextRenderer, *, match: MatchState | None = None,
                 number: int | None = None) -> list[str]:
    """The end of a deal: its scores, who won, every hand as it ended, and the match
    totals so far (``match``: the match after this deal; ``number``: the deal, from 1)."""
    result = deal.result
    head = f"Deal {number} over" if number else "Deal over"
    if not isinstance(result, DealResult):
        return [head]
    lines = [head]
    names = _winners(result.winners)
    scores = "  ".join(f"P{p} {_signed(s, match)}" for p, s in enumerate(result.scores))
    lines.append(f"  scores: {scores} · won by {names}")
    if len(result.finish) == deal.game.players:
        lines.append("  finishing order: " + " ".join(f"P{p}" for p in result.finish))
    view = full_view(deal)
    hands, entries = view.hands, view.to_json()
    for p in range(deal.game.players):
        hand = hands[p] if p < len(hands) else None
        figures = [f for f in seat_figures(entries, p) if not f.startswith("score ")]
        if isinstance(hand, list) and hand:
            figures.append("left " + "  ".join(table.hand_rows(hand, 200)))
        if figures:
            lines.append(f"    P{p}: " + " · ".join(figures))
    if match is not None:
        totals = "  ".join(f"P{p} {t}" for p, t in enumerate(match.totals))
        goal = goal_text(match)
        lines.append(f"  match totals: {totals}" + (f" ({goal})" if goal else ""))
    return lines


def match_summary(match: MatchState) -> list[str]:
    """The end of a match: deal-by-deal scores, totals, places, winners and pot shares."""
    result = match.result
    if not isinstance(result, MatchResult):
        return ["the match is not over"]
    players = match.game.players
    lines = [f"Match over after {result.deals} deal{'s' if result.deals != 1 else ''}"]
    width = max(5, *(len(str(t)) + 2 for t in result.totals))
    lines.append("  deal " + "".join(f"{f'P{p}':>{width}}" for p in range(players)))
    history = match.history
    shown = history if len(history) <= 12 else history[-12:]
    if len(history) > len(shown):
        lines.append(f"  ({len(history) - len(shown)} earlier deals)")
    first = len(history) - len(shown) + 1
    for number, scores in enumerate(shown, start=first):
        lines.append(f"  {number:>4} " + "".join(f"{s:>{width}}" for s in scores))
    lines.append("  total" + "".join(f"{t:>{width}}" for t in result.totals))
    lines.append("  place" + "".join(f"{ordinal(p):>{width}}" for p in result.places))
    if result.payouts:
        lines.append("  pot  " + "".join(f"{t:>{width}}" for t in result.payouts))
    lines.append(f"Winner: {_winners(result.winners)}")
    return lines


def full_view(state: State) -> View:
    """A view showing every hand and no legal actions (for replays and the end of a
    game), of the game's view class."""
    players = state.game.players
    view = state.view(max(state.current_player, 0))
    entries = view.to_json()
    if len(view.hands) == players:
        entries["hands"] = [state.view(p).hands[p] for p in range(players)]
    entries.pop("legal_actions", None)
    return type(view).of(entries)


def result_lines(state: State) -> list[str]:
    """How a finished deal or match ended, in one line each (the first line is the one
    ``cardrules replay`` prints last)."""
    result = getattr(state, "result", None)
    if result is None:
        return ["the game is not over"]
    if isinstance(state, MatchState):
        winners = ", ".join(f"P{p}" for p in result.winners) or "nobody"
        lines = [f"match over after {result.deals} deals: totals "
                 + "  ".join(f"P{p} {t}" for p, t in enumerate(result.totals))
                 + f"; winner {winners}"]
        if result.payouts:
            lines.append("pot shares: " + "  ".join(f"P{p} {t}" for p, t in
                                                    enumerate(result.payouts)))
        return lines
    scores = "  ".join(f"P{p} {s}" for p, s in enumerate(result.scores))
    finish = " ".join(f"P{p}" for p in result.finish)
    winners = ", ".join(f"P{p}" for p in result.winners) or "nobody"
    return [f"deal over: results {scores}; finishing order {finish}; won by {winners}"]


def _winners(winners: tuple[int, ...]) -> str:
    names = [f"P{p}" for p in winners]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else \
        (names[0] if names else "nobody")


def _signed(score: int, match: MatchState | None) -> str:
    return f"{score:+d}" if match is not None else str(score)
