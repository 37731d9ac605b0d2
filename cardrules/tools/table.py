"""The table as a person sees it: a view laid out in a few short lines for an 80×24 screen.

Driven only by the entries a view has (its JSON form), never by a game's name: every
procedure and phase puts its entries in the view (:meth:`cardrules.engine.state.State.view`
and its ``to_json()``), and each entry the
layout knows gets a readable place — the centre of the table (trump, stock, pile, the
trick with who played what, the passing direction), one row per seat (hand or card count,
tricks, points, bids, scores), and a status line saying whose turn it is.  An entry the
layout does not know still appears, as a compact ``name: value`` line or as a per-seat
figure, so a new phase is shown without special code and no raw data structure reaches
the screen.

>>> import cardrules
>>> from cardrules.tools.render import TextRenderer
>>> game = cardrules.load("bura", players=2)
>>> state = game.new_deal(seed=3)
>>> lines = TextRenderer(game.pack, ascii=True, title="Bura").view(state.view(0), me=0)
>>> lines[0]
'Bura · dealer P0 · trump C (KC turned up) · stock 28'
>>> lines[-1]
'P1 to play (declare)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from cardrules.engine.views import CardRow, View

__all__ = ["HAND_WIDTH", "MAX_PILE_SHOWN", "layout", "ordinal", "seat_figures", "wrap"]

HAND_WIDTH = 58
"""Most characters of a hand on one row; longer hands continue on the next row."""
MAX_PILE_SHOWN = 8
"""Cards of a face-up pile shown (the newest); the rest are counted."""

_HIDDEN = frozenset({"variant", "player", "players", "events", "legal_actions", "pack",
                     "pile_name", "top_owner", "leader", "holder", "combination", "bidders",
                     "title", "won", "called"})
"""Entries never shown as such (internal, or shown as part of another entry)."""
_SEAT_KEYS = frozenset({"hands", "tricks", "points", "scores", "bids", "out", "taken"})
"""Entries shown in the seats' rows."""
_ROWS = frozenset({"widow"})
"""Entries of listed phases that are one row of cards (a widow of three cards in a game
of three is not one card per seat)."""


class TextRenderer(Protocol):
    """What the layout asks of the renderer that draws cards and suits
    (:class:`cardrules.tools.render.TextRenderer`)."""

    ascii: bool
    """Suits as letters instead of symbols."""
    title: str
    """The game's title, for the head line."""
    unbroken: tuple[str, ...]
    """The suits that may not be led until broken (named when they are)."""

    def card(self, name: str) -> str:
        """One card as shown."""

    def cards(self, names: Sequence[str], *, sort: bool = False) -> str:
        """Cards as shown, in a row."""

    def suit(self, suit: str) -> str:
        """A suit as shown."""

    def suit_names(self, suits: Sequence[str]) -> str:
        """Suits in words (``hearts``)."""

    def hand_rows(self, names: Sequence[str], width: int) -> list[str]:
        """A hand sorted by suit, in rows of at most ``width`` characters."""


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``...

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '22nd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def wrap(words: Sequence[str], width: int, *, sep: str = " ") -> list[str]:
    """``words`` joined by ``sep`` into lines of at most ``width`` characters.

    >>> wrap(["aa", "bb", "cc"], 5)
    ['aa bb', 'cc']
    """
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + len(sep) + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line}{sep}{word}" if line else word
    return [*lines, line] if line or not lines else lines


def layout(table: TextRenderer, view: View | Mapping[str, Any], me: int | None) -> list[str]:
    """The lines of ``view`` as ``me`` sees it (``me`` None: an onlooker, e.g. a replay).
    The layout reads the view's JSON form (:meth:`View.to_json`, or a mapping of the
    same entries), since every entry it does not know is shown by its name."""
    entries = view.to_json() if isinstance(view, View) else dict(view)
    rows = _ROWS | (_card_rows(type(view)) if isinstance(view, View) else frozenset())
    players = _players(entries)
    used = set(_HIDDEN)
    lines = [_header(table, entries, used)]
    used.update(_SEAT_KEYS)
    if isinstance(entries.get("match"), dict):
        lines.append(_match(entries["match"]))
    used.add("match")
    for section in _CENTRE:
        lines.extend(line for line in section(table, entries, used) if line)
    extra: dict[int, list[str]] = {}
    for key, value in entries.items():
        if key in used:
            continue
        if key not in rows and _per_seat(value, players):
            for p, v in enumerate(value):
                if v:  # a seat with nothing to show (0, none, no cards) is left quiet
                    extra.setdefault(p, []).append(f"{key.replace('_', ' ')} "
                                                   f"{_scalar(table, v)}")
        else:
            lines.append(f"{key.replace('_', ' ')}: {_plain(table, value)}")
    lines.extend(_seats(table, entries, me, players, extra))
    lines.append(_status(entries, me))
    return lines


# -- header and status ----------------------------------------------------------------------

def _header(table: TextRenderer, entries: Mapping[str, Any], used: set[str]) -> str:
    parts = [table.title or str(entries.get("variant", ""))]
    if isinstance(entries.get("dealer"), int):
        parts.append(f"dealer P{entries['dealer']}")
    trump = entries.get("trump")
    namer = entries.get("trump_namer")
    by = f" by P{namer}" if isinstance(namer, int) else ""
    if entries.get("trump_pending"):
        parts.append(f"trump to be named{by}")
    elif "trump" in entries:
        turned = entries.get("trump_card")
        parts.append(("no trump" if trump is None else f"trump {table.suit(str(trump))}")
                     + (f" ({table.card(str(turned))} turned up)" if turned else "")
                     + (f" (named{by})" if by else ""))
    if "stock" in entries:
        stock = entries["stock"]
        parts.append(f"stock {len(stock) if isinstance(stock, list) else stock}")
    used.update(("dealer", "trump", "trump_card", "trump_namer", "trump_pending", "stock",
                 "phase", "current_player"))
    return " · ".join(p for p in parts if p)


def _status(entries: Mapping[str, Any], me: int | None) -> str:
    """Whose turn it is and what they are doing; while a defender takes the table (a
    bout's ``taking``), the others' turns are to throw in more cards, not to take."""
    turn = entries.get("current_player")
    step = entries.get("phase")
    phase = str(getattr(step, "value", step) or "").replace("_", " ")
    doing = f" ({phase})" if phase and phase not in ("over", "turn") else ""
    if not isinstance(turn, int) or turn < 0:
        return "Deal over"
    taker = entries.get("defender")
    if phase == "taking" and isinstance(taker, int) and taker != turn:
        doing = f" (throw in: P{taker} is taking the table)" if taker != me else \
            " (throw in: you are taking the table)"
    dummy, leader, trick = entries.get("dummy"), entries.get("leader"), entries.get("trick")
    if isinstance(dummy, int) and isinstance(leader, int) and isinstance(trick, list) \
            and phase in ("lead", "answer") \
            and (leader + len(trick)) % _players(entries) == dummy:
        doing = f" ({phase}, from the dummy P{dummy}'s hand)"
    return f"Your turn{doing}" if turn == me else f"P{turn} to play{doing}"


def _match(info: dict[str, Any]) -> str:
    parts = [f"Match: deal {int(info.get('deal', 0)) + 1}"]
    totals = info.get("totals")
    if isinstance(totals, list):
        parts.append("totals " + "  ".join(f"P{p} {t}" for p, t in enumerate(totals)))
    if "pot" in info:
        parts.append(f"pot {info['pot']}")
    if isinstance(info.get("payouts"), list):
        parts.append("shares " + "  ".join(f"P{p} {t}" for p, t in
                                            enumerate(info["payouts"])))
    return " · ".join(parts)


# -- the centre of the table ------------------------------------------------------------------

Section = Callable[[TextRenderer, dict[str, Any], set[str]], list[str]]


def _trump_order(table: TextRenderer, entries: Mapping[str, Any],
                 used: set[str]) -> list[str]:
    """The cards counting as trumps, highest first, in a game whose trump order moves
    cards out of their printed suit (nothing while no trump suit is made)."""
    if "trump_order" not in entries:
        return []
    used.add("trump_order")
    order = entries["trump_order"]
    return [f"Trumps, high to low: {table.cards(order)}"] if order else []


_MAKING = {"bid": "", "discard": "the dealer to discard", "alone": "alone or not?",
           "defend": "a defender may go alone"}
"""What the step of making trumps (``making``) waits for, in words."""


def _auction(table: TextRenderer, entries: Mapping[str, Any], used: set[str]) -> list[str]:
    """Trumps made by ordering up an upcard or naming a suit: the upcard while nobody
    has made trumps, then the maker and the suit, who goes alone, who sits out, and what
    the making waits for."""
    if "upcard" not in entries or "maker" not in entries:
        return []
    used.update(("upcard", "maker", "alone", "lone_defender", "making", "sitting_out",
                 "bidding_round"))
    upcard, maker = entries.get("upcard"), entries.get("maker")
    shown = table.card(str(upcard)) if upcard else ""
    taken = "bidding_round" in entries  # the maker takes the upcard, whatever the round
    if not isinstance(maker, int):
        if entries.get("bidding_round") == 2:
            return [f"Upcard {shown}: nobody took it; second round, naming another suit"]
        return [f"Upcard {shown}: nobody has made trumps yet"] if upcard else []
    trump = entries.get("trump")
    suit = table.suit(str(trump)) if trump else "?"
    ordered = trump is not None and upcard and str(upcard).endswith(str(trump))
    parts = [f"P{maker} made {suit} trumps"
             + (f" (took the upcard {shown})" if taken and upcard else
                f" (ordered up {shown})" if ordered else f" (upcard {shown} turned down)"
                if upcard else "")
             + (", alone" if entries.get("alone") else "")]
    defender = entries.get("lone_defender")
    if isinstance(defender, int):
        parts.append(f"P{defender} defends alone")
    out = entries.get("sitting_out")
    if isinstance(out, list) and out:
        parts.append(" and ".join(f"P{p}" for p in out)
                     + (" sits out" if len(out) == 1 else " sit out"))
    waiting = _MAKING.get(str(entries.get("making") or ""), "")
    if waiting:
        parts.append(waiting)
    rows = wrap(parts, 76, sep=" · ")
    return rows[:1] + [f"  {row}" for row in rows[1:]]


def _contract(table: TextRenderer, entries: Mapping[str, Any], used: set[str]) -> list[str]:
    """A contract auction's calls, then the contract with its declarer, the dummy and
    who is vulnerable.

    >>> class Plain:
    ...     def suit(self, suit: str) -> str:
    ...         return suit
    >>> for line in _contract(Plain(), {  # type: ignore[arg-type]
    ...         "calls": [{"player": 0, "call": "spades 1"}, {"player": 1, "call": "double"},
    ...                   {"player": 2, "call": "pass"}],
    ...         "contract": "1 S X", "contract_level": 1, "contract_strain": "S",
    ...         "doubled": 1, "declarer": None, "dummy": None, "vulnerable": [1, 3]},
    ...         set()):
    ...     print(line)
    Calls: P0 spades 1 · P1 double · P2 pass
    Contract so far 1S doubled · vulnerable P1 P3
    """
    if "calls" not in entries or "contract_level" not in entries:
        return []
    used.update(("calls", "contract", "contract_level", "contract_strain", "doubled",
                 "declarer", "dummy", "vulnerable"))
    calls = entries.get("calls") or []
    said = [f"P{c.get('player')} {c.get('call')}" for c in calls if isinstance(c, dict)]
    lines = wrap(["Calls:", *(f"{w} ·" for w in said[:-1]), *said[-1:]], 76) \
        if said else ["Calls: none yet"]
    level, strain = entries.get("contract_level"), entries.get("contract_strain")
    vulnerable = entries.get("vulnerable") or []
    vul = "vulnerable " + " ".join(f"P{p}" for p in vulnerable) if vulnerable \
        else "nobody vulnerable"
    if not level:
        return [*lines, f"No contract yet · {vul}"]
    name = "NT" if strain == "NT" else table.suit(str(strain))
    doubling = {1: " doubled", 2: " redoubled"}.get(int(entries.get("doubled") or 0), "")
    declarer, dummy = entries.get("declarer"), entries.get("dummy")
    if not isinstance(declarer, int):
        return [*lines, f"Contract so far {level}{name}{doubling} · {vul}"]
    parts = [f"Contract {level}{name}{doubling} by P{declarer}"]
    if isinstance(dummy, int):
        parts.append(f"dummy P{dummy}, played by P{declarer}")
    return [*lines, " · ".join([*parts, vul])]


def _bids(table: TextRenderer, entries: Mapping[str, Any], used: set[str]) -> list[str]:
    """An auction for a contract in points (no strain): the highest bid so far and its
    bidder, who passed, then the contract and its declarer; the cards shown with
    declarations.

    >>> for line in _bids(None, {"phase": "auction", "contract": 120,  # type: ignore[arg-type]
    ...                          "declarer": 2, "auction_passed": [0], "shown": []}, set()):
    ...     print(line)
    Auction: highest bid 120 by P2 · passed P0
    """
    if "auction_passed" not in entries or "contract_level" in entries:
        return []
    used.update(("auction_passed", "contract", "declarer", "shown"))
    contract, declarer = entries.get("contract"), entries.get("declarer")
    passed = entries.get("auction_passed") or []
    if entries.get("phase") == "auction":
        line = (f"Auction: highest bid {contract} by P{declarer}"
                if isinstance(declarer, int) else "Auction: no bid yet")
        if passed:
            line += " · passed " + " ".join(f"P{p}" for p in passed)
    else:
        line = (f"Contract {contract} by P{declarer}" if isinstance(declarer, int)
                else "No contract")
    shown = entries.get("shown") or []
    if shown:
        line += f" · shown {table.cards(shown)}"
    return [line]


def _game_type(table: TextRenderer, entries: Mapping[str, Any], used: set[str]) -> list[str]:
    """A game type chosen by its declarer (Skat's game), or how many have passed so far.

    >>> _game_type(None, {"game_type": None, "game_declarer": None,  # type: ignore[arg-type]
    ...                   "game_passes": 1}, set())
    ['Game: not chosen yet · 1 passed']
    >>> _game_type(None, {"game_type": "grand", "game_declarer": 0,  # type: ignore[arg-type]
    ...                   "game_passes": 0}, set())
    ['Game: grand, declared by P0']
    """
    if "game_type" not in entries:
        return []
    used.update(("game_type", "game_declarer", "game_passes", "game_announced"))
    kind, declarer = entries.get("game_type"), entries.get("game_declarer")
    if kind is None or not isinstance(declarer, int):
        passes = int(entries.get("game_passes") or 0)
        return ["Game: not chosen yet" + (f" · {passes} passed" if passes else "")]
    announced = entries.get("game_announced")
    return [f"Game: {kind}, declared by P{declarer}"
            + (f" · {announced} announced" if announced else "")]


def _widow(table: TextRenderer, entries: Mapping[str, Any], used: set[str]) -> list[str]:
    """The widow (talon, kitty): its cards where this seat has seen them, else how many
    lie face down; what the declarer discarded (face down: a count to the others) or
    gave away.

    >>> class Plain:
    ...     def cards(self, names: list[str]) -> str:
    ...         return " ".join(names)
    >>> _widow(Plain(), {"widow": 2, "game_declarer": 2,  # type: ignore[arg-type]
    ...                  "widow_discard": [[], 0, 2]}, set())
    ['Widow: 2 cards, taken by P2, unseen · P2 discarded 2 cards face down']
    >>> _widow(Plain(), {"widow": ["QS", "10S", "QH"], "declarer": 2,  # type: ignore[arg-type]
    ...                  "widow_given": ["QS"]}, set())
    ['Widow: QS 10S QH, taken by P2 · P2 gave QS']
    >>> _widow(Plain(), {"widow": 0, "stock": 2, "declarer": 1,  # type: ignore[arg-type]
    ...                  "widow_hand": True}, set())
    ['Widow: face down, left by P1 (a game from the hand)']
    """
    if "widow" not in entries:
        return []
    used.update(("widow", "widow_discard", "widow_given", "widow_hand"))
    widow = entries.get("widow")
    declarer = next((entries[k] for k in ("declarer", "game_declarer")
                     if isinstance(entries.get(k), int)), None)
    by = f"P{declarer}" if declarer is not None else "the declarer"
    taken = f", taken by {by}" if declarer is not None and not entries.get("stock") else ""
    if isinstance(widow, list):
        parts = [f"Widow: {table.cards(widow)}{taken}" if widow else "Widow: none"]
    elif widow:
        parts = [f"Widow: {widow} card{'s' if widow != 1 else ''}{taken or ' face down'}"
                 + (", unseen" if taken else "")]
    elif not entries.get("stock"):
        return []
    elif entries.get("widow_hand"):
        parts = [f"Widow: face down, left by {by} (a game from the hand)"]
    else:
        parts = ["Widow: face down, not taken yet"]
    discard = entries.get("widow_discard")
    mine = discard[declarer] if isinstance(discard, list) and declarer is not None \
        and 0 <= declarer < len(discard) else None
    if isinstance(mine, list) and mine:
        parts.append(f"{by} discarded {table.cards(mine)}")
    elif isinstance(mine, int) and mine:
        parts.append(f"{by} discarded {mine} card{'s' if mine != 1 else ''} face down")
    given = entries.get("widow_given")
    if isinstance(given, list) and given:
        parts.append(f"{by} gave {table.cards(given)}")
    return [" · ".join(parts)]


def _trumps(table: TextRenderer, entries: Mapping[str, Any], used: set[str]) -> list[str]:
    value = entries.get("trumps")
    if not isinstance(value, dict):
        return []
    used.add("trumps")
    classes = value.get("classes") or []
    suits = [" ".join(table.suit(s) for s in sorted(c, key=lambda s: -c[s])) or "none"
             for c in classes]
    mode = str(value.get("mode", "")).replace("_", " ")
    if not suits or mode == "none":
        return []
    if len(set(suits)) == 1:
        return [f"Trumps ({mode}): {suits[0]}"]
    return [f"Trumps ({mode}): " + "  ".join(f"P{p} {s}" for p, s in enumerate(suits))]


def _pile(table: TextRenderer, entries: Mapping[str, Any], used: set[str]) -> list[str]:
    if "pile" not in entries:
        return []
    used.update(("pile", "top", "named_suit"))
    name = str(entries.get("pile_name") or "pile")
    pile, top, owner = entries["pile"], entries.get("top"), entries.get("top_owner")
    if isinstance(pile, list):
        shown = pile[-MAX_PILE_SHOWN:]
        more = f"{len(pile) - len(shown)} more … " if len(pile) > len(shown) else ""
        cards = f"{more}{table.cards(shown)}" if pile else "empty"
        count = f" ({len(pile)})" if pile else ""
    else:
        cards, count = f"{pile} cards", ""
    line = f"{name[:1].upper()}{name[1:]}{count}: {cards}"
    by = f" by P{owner}" if isinstance(owner, int) and owner >= 0 else ""
    if top and pile:
        line += f"  · top {table.card(str(top))}{by}"
    elif top:  # the pile was taken: its last top card is still the card to beat
        line += f"  · to beat: {table.card(str(top))}{by}"
    if entries.get("named_suit"):
        line += f"  · suit named {table.suit(str(entries['named_suit']))}"
    return [line]


def _trick(table: TextRenderer, entries: Mapping[str, Any], used: set[str]) -> list[str]:
    trick = entries.get("trick")
    if not isinstance(trick, list):
        return []
    used.add("trick")
    if not trick:
        return []
    plays = []
    for play in trick:
        if not isinstance(play, dict):
            plays.append(_plain(table, play))
            continue
        cards = play.get("cards")
        shown = table.cards(cards) if isinstance(cards, list) else \
            f"{cards} card{'s' if cards != 1 else ''}"
        plays.append(f"P{play.get('player')} {shown}"
                     + (" face down" if play.get("face_down") else ""))
    led = trick[0].get("player") if isinstance(trick[0], dict) else None
    combination = entries.get("combination")
    head = f"Trick, led by P{led}" + (f" ({combination})" if combination else "")
    holder = entries.get("holder")
    tail = f" — P{holder} is winning" if isinstance(holder, int) and holder >= 0 \
        and len(trick) > 1 else ""
    rows = wrap([f"{head}: {plays[0]}", *plays[1:]], 76 - len(tail), sep=" · ")
    rows[-1] += tail
    return rows[:1] + [f"  {row}" for row in rows[1:]]


def _passing(table: TextRenderer, entries: Mapping[str, Any], used: set[str]) -> list[str]:
    if "pass_direction" not in entries:
        return []
    used.update(("pass_direction", "passing", "passed"))
    direction = str(entries["pass_direction"]).replace("_", " ")
    if direction == "none":
        return ["No passing this deal"]
    parts = [f"Passing to the {direction}" if direction in ("left", "right")
             else f"Passing {direction}"]
    passing = entries.get("passing")
    if isinstance(passing, list):
        for p, cards in enumerate(passing):
            if isinstance(cards, list) and cards:
                parts.append(f"P{p} set aside {table.cards(cards)}")
            elif isinstance(cards, int) and cards:
                parts.append(f"P{p} set aside {cards}")
    if entries.get("passed"):
        parts.append(f"passed {table.cards(entries['passed'])}")
    return wrap(parts, 78, sep=" · ")


def _broken(table: TextRenderer, entries: Mapping[str, Any], used: set[str]) -> list[str]:
    if "broken" not in entries:
        return []
    used.add("broken")
    if not entries["broken"]:
        return []
    suits = table.unbroken
    named = table.suit_names(suits) if suits else "the suits kept from leads"
    return [f"{named[:1].upper()}{named[1:]} are broken: they may be led now"]


def _bout(table: TextRenderer, entries: Mapping[str, Any], used: set[str]) -> list[str]:
    """A bout of attack and defence: who attacks whom, the table in pairs (each attacking
    card, then the card that beat it), the cards beaten off, the deal's loser."""
    if "covers" not in entries or not isinstance(entries.get("table"), list):
        return []
    used.update(("table", "attacks", "covers", "attacker", "defender", "bout_limit",
                 "discard", "loser"))
    lines = []
    attacker, limit = entries.get("attacker"), entries.get("bout_limit")
    if isinstance(attacker, int) and attacker >= 0:
        pairs = ["/".join(table.card(str(c)) for c in pair) for pair in entries["table"]]
        head = f"Bout: P{attacker} attacks P{entries.get('defender')}" \
            + (f" (at most {limit} cards)" if limit else "")
        lines.extend(wrap([f"{head}:" if pairs else head, *pairs], 76, sep="  "))
    discard = entries.get("discard")
    count = len(discard) if isinstance(discard, list) else discard
    if count:
        lines.append(f"Beaten off: {count} card{'s' if count != 1 else ''}")
    loser = entries.get("loser")
    if isinstance(loser, int) and loser >= 0:
        lines.append(f"P{loser} was left holding cards and loses the deal")
    return lines


def _climb(table: TextRenderer, entries: Mapping[str, Any], used: set[str]) -> list[str]:
    """A climbing table: the combination to beat and who played it, who has passed since,
    and how many cards were played before it.

    >>> class Plain:
    ...     def card(self, name: str) -> str:
    ...         return name
    >>> _climb(Plain(), {"table": ["7S", "7H"], "combination": "pair", "last": 2,
    ...                  "played": ["3C"], "passed": [0, 1, 0]}, set())
    ['To beat: pair 7S 7H by P2 · passed: P1', 'Played before: 1 card']
    """
    if "passed" not in entries or not isinstance(entries.get("table"), list):
        return []
    used.update(("table", "last", "played", "passed"))
    cards, last = entries["table"], entries.get("last")
    if cards:
        line = f"To beat: {entries.get('combination') or ''} " \
               f"{' '.join(table.card(str(c)) for c in cards)} by P{last}".replace("  ", " ")
    else:
        line = "The table is clear"
    passed = [f"P{p}" for p, flag in enumerate(entries["passed"]) if flag]
    lines = [line + (f" · passed: {' '.join(passed)}" if passed else "")]
    played = entries.get("played")
    count = len(played) if isinstance(played, list) else played
    if count:
        lines.append(f"Played before: {count} card{'s' if count != 1 else ''}")
    return lines


_CENTRE: tuple[Section, ...] = (_auction, _contract, _bids, _game_type, _widow, _trump_order,
                                _trumps, _pile, _passing, _trick, _bout, _climb, _broken)


# -- seats ---------------------------------------------------------------------------------

def _seats(table: TextRenderer, entries: Mapping[str, Any], me: int | None, players: int,
           extra: dict[int, list[str]]) -> list[str]:
    hands = entries.get("hands")
    turn = entries.get("current_player")
    lines = []
    marker = "*" if table.ascii else "▶"
    for p in range(players):
        mark = marker if p == turn else " "
        who = f"P{p}" + (" you" if p == me else "")
        hand = hands[p] if isinstance(hands, list) and p < len(hands) else None
        if isinstance(hand, list):
            rows = table.hand_rows(hand, HAND_WIDTH) if hand else ["(no cards)"]
        else:
            rows = [f"{hand} card{'s' if hand != 1 else ''}" if hand is not None else ""]
        dummy = [f"dummy, played by P{entries.get('declarer')}"] \
            if entries.get("dummy") == p else []
        stats = "  " + " · ".join(dummy + seat_figures(entries, p) + extra.get(p, []))
        lines.append(f"{mark} {who:<8}{rows[0]}" + (stats if stats.strip() else ""))
        lines.extend(f"  {'':<8}{row}" for row in rows[1:])
    return [line.rstrip() for line in lines]


def seat_figures(entries: Mapping[str, Any], p: int) -> list[str]:
    """Seat ``p``'s figures in ``entries``: place out, bid, tricks, points, cards taken, score.

    >>> seat_figures({"tricks": [2, 1], "bids": [None, 1]}, 0)
    ['no bid yet', 'tricks 2']
    """
    out: list[str] = []

    def at(key: str) -> Any:
        value = entries.get(key)
        return value[p] if isinstance(value, list) and p < len(value) else None

    if (finished := entries.get("out")) and isinstance(finished, list) and p in finished:
        out.append(f"out {ordinal(finished.index(p) + 1)}")
    if (bid := at("bids")) is not None or "bids" in entries:
        out.append(f"bid {bid}" if bid is not None else "no bid yet")
    if (tricks := at("tricks")) is not None:
        out.append(f"tricks {tricks}")
    if (points := at("points")) is not None:
        out.append(f"{points} pts")
    taken = at("taken")
    if taken:
        out.append(f"took {len(taken) if isinstance(taken, list) else taken}")
    if (score := at("scores")) is not None:
        out.append(f"score {score}")
    return out


# -- values ---------------------------------------------------------------------------------

def _players(entries: Mapping[str, Any]) -> int:
    players = entries.get("players")
    if isinstance(players, int):
        return players
    hands = entries.get("hands")
    return len(hands) if isinstance(hands, list) else 0


def _card_rows(view_type: type) -> frozenset[str]:
    """The entries a view class types as one row of cards (:data:`CardRow`, or in an
    interpreted class ``list[str]``), which a list as long as the number of players would
    otherwise pass for one card per seat.

    >>> from cardrules.engine.views import CardRow, View
    >>> class Laid(View):
    ...     laid: CardRow
    ...     board: list[str]
    ...     scores: list[int]
    >>> sorted(_card_rows(Laid))
    ['board', 'laid']
    """
    return frozenset(key for cls in view_type.__mro__
                     for key, kind in getattr(cls, "__annotations__", {}).items()
                     if kind in _CARD_ROW_TYPES)


_CARD_ROW_TYPES = ("CardRow", CardRow, "list[str]", list[str])
"""How a view class's annotations name a row of cards: :data:`CardRow` (its text in an
interpreted module postponing annotations, the type itself in a compiled one), or
``list[str]`` in an interpreted class."""


def _per_seat(value: Any, players: int) -> bool:
    return (isinstance(value, list) and len(value) == players > 1
            and all(v is None or isinstance(v, (int, str, bool))
                    or (isinstance(v, list) and all(isinstance(c, str) for c in v))
                    for v in value))


def _scalar(table: TextRenderer, value: Any) -> str:
    if isinstance(value, list):
        return table.cards(value) if value else "none"
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return table.card(value) if isinstance(value, str) else str(value)


def _plain(table: TextRenderer, value: Any) -> str:
    """Any value in words: no brackets, braces or quotes."""
    if isinstance(value, list):
        if value and all(isinstance(v, str) for v in value):
            return table.cards(value)
        return " · ".join(_plain(table, v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{str(k).replace('_', ' ')} {_plain(table, v)}"
                         for k, v in value.items()) or "none"
    return _scalar(table, value)
