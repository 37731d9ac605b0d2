"""The view a seat gets is a typed record: one class per game, made from the entries its
procedure and listed phases declare; attributes, ``to_json()``, equality, and errors for
an entry declared under one name and shown under another."""

from __future__ import annotations

import ast
import json
import pickle
from pathlib import Path

import attrs
import pytest

import cardrules
from cardrules.engine.observation import Number
from cardrules.engine.views import View
from cardrules.errors import CardrulesError
from cardrules.tools.conformance import ConformanceError, check_view_entries

PACKAGE = Path(cardrules.__file__).parent


def test_a_view_is_a_frozen_record_of_its_games_class() -> None:
    game = cardrules.load("hearts", players=4)
    state = game.new_deal(seed=1)
    view = state.view(0)
    assert type(view) is game.view_type and isinstance(view, View)
    assert type(game.new_deal(seed=2).view(1)) is type(view)  # made once per game
    assert view.player == 0 and view.players == 4 and view.variant == "hearts"
    assert view.phase == "pass_cards" and view.pass_direction == "left"
    assert view.broken is False and view.trick == []
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.player = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        view.hands = []  # type: ignore[misc]
    assert view == state.view(0) and view != state.view(1)
    assert repr(view).startswith("HeartsView(variant='hearts', player=0, players=4, ")


def test_the_json_form_is_the_entries_in_their_declared_order() -> None:
    game = cardrules.load("hearts", players=4)
    state = game.new_deal(seed=1)
    me = state.current_player
    data = state.view(me).to_json()
    names = game.view_type.names
    assert names is not None
    assert list(data) == [n for n in names if n in data]
    assert list(data)[:6] == ["variant", "player", "players", "dealer", "phase",
                              "current_player"]
    assert "legal_actions" in data and "match" not in data
    other = state.view((me + 1) % 4)
    assert other.legal_actions is None and "legal_actions" not in other.to_json()
    assert json.loads(json.dumps(data)) == data
    match = game.new_match(seed=1).view(0)
    assert match.match is not None and list(match.to_json())[-1] == "match"


def test_entries_are_attributes_only_where_the_game_has_them() -> None:
    whist = cardrules.load("whist", players=4).new_deal(seed=1).view(0)
    with pytest.raises(AttributeError, match="no entry 'closed'"):
        _ = whist.closed
    with pytest.raises(AttributeError):
        _ = whist.not_an_entry
    assert whist.scores is None  # shown once the deal is over


def test_every_view_holds_what_its_class_declares() -> None:
    for name, players in (("hearts", 4), ("bura", 2), ("durak", 3), ("scopa", 2),
                          ("switch", 3), ("oh-hell", 4),
                          ("sixty-six", 2)):
        game = cardrules.load(name, players=players)
        state = game.new_deal(seed=3)
        for _ in range(30):
            for p in range(players):
                check_view_entries(state.view(p))
            if state.is_over:
                break
            state = state.apply(state.legal_actions()[0])


def test_an_entry_shown_under_another_name_fails_the_check() -> None:
    view = cardrules.load("bura", players=2).new_deal(seed=1).view(0)
    data = view.to_json()
    data["hand"] = data.pop("hands")
    with pytest.raises(ConformanceError, match="undeclared entries hand"):
        check_view_entries(type(view).of(data))
    del data["hand"]
    with pytest.raises(ConformanceError, match="lacks the declared entries hands"):
        check_view_entries(type(view).of(data))


def test_an_observation_field_naming_no_entry_is_refused_at_load(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cardrules.engine.procedures import find

    tricks = find("tricks")
    fields = tricks.observation_fields

    def renamed(game: object) -> tuple[object, ...]:
        return (*fields(game), Number(key="trumps_broken"))  # type: ignore[arg-type]

    monkeypatch.setattr(tricks, "observation_fields", renamed)
    with pytest.raises(CardrulesError, match="'trumps_broken' of bura names no entry"):
        cardrules.load("bura", players=2)


def test_reading_by_json_name_is_kept_for_older_callers() -> None:
    view = cardrules.load("bura", players=2).new_deal(seed=1).view(0)
    assert view["hands"] == view.hands and view.get("nothing", 3) == 3
    assert "trump" in view and "legal_actions" not in view


def test_a_pickled_view_keeps_its_entries() -> None:
    view = cardrules.load("bura", players=2).new_deal(seed=1).view(0)
    assert pickle.loads(pickle.dumps(view)).to_json() == view.to_json()


def _reads_a_view_by_name(node: ast.AST) -> bool:
    """``view[...]``, ``view.get(...)``, ``... in view`` or ``x.view(...)[...]``."""
    def is_view(expr: ast.AST) -> bool:
        if isinstance(expr, ast.Name):
            return expr.id == "view" or expr.id.endswith("_view")
        if isinstance(expr, ast.Attribute):
            return expr.attr == "view"
        if isinstance(expr, ast.Call):
            return isinstance(expr.func, ast.Attribute) and expr.func.attr == "view"
        return False
    if isinstance(node, ast.Subscript):
        return is_view(node.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr in {"get", "items", "keys", "values"} and is_view(node.func.value)
    if isinstance(node, ast.Compare):
        return any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) and \
            any(is_view(c) for c in node.comparators)
    return False


def test_the_package_reads_views_by_attribute() -> None:
    """Inside the package a view is read by attribute; its JSON form (``to_json()``) is
    where entries are read by name (the table, the JSON outputs)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "views.py" and path.parent.name == "engine":
            continue  # the record itself
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(PACKAGE)}:{node.lineno}" for node in ast.walk(tree)
                  if _reads_a_view_by_name(node)]
    assert not found, f"views read by string key at {', '.join(found)}"


def test_a_plug_in_that_declares_no_entries_still_gets_records() -> None:
    """An older procedure (the foreign fishing plug-in) returns its views as mappings and
    a phase may show entries without declaring them (the toy cut): the engine makes
    records of them, every entry they hold an attribute."""
    import toy_phase  # noqa: F401  (registers the toy phases)
    from plugins.fishing import FISHING, GAME

    from cardrules.engine.procedures import REGISTRY, register

    register(FISHING)
    try:
        game = cardrules.load(str(GAME), players=2)
        view = game.new_deal(seed=1).view(1)
        assert isinstance(view, View) and type(game).__name__ == "Game"
        assert type(view).names is None and view.table == view.to_json()["table"]
        with pytest.raises(AttributeError, match="no entry 'tabel'"):
            _ = view.tabel
    finally:
        REGISTRY._items.pop("foreign_fishing", None)
    cut = cardrules.load({"extends": "bura", "patch": {"phases": ["toy_cut"]}}, players=2)
    view = cut.new_deal(seed=1).view(0)
    assert type(view).names is None and view.phase == "toy_cut" and view.cut == 0
    given = cardrules.load({"extends": "bura", "patch": {"phases": ["toy_pass_left"]}},
                           players=2)
    assert given.view_type.names is not None and "given" in given.view_type.names


def test_a_copied_view_keeps_its_class() -> None:
    import copy

    view = cardrules.load("bura", players=2).new_deal(seed=1).view(0)
    assert copy.copy(view) is view
    deep = copy.deepcopy(view)
    assert type(deep) is type(view) and deep == view and deep.hands is not view.hands


def test_an_annotated_name_the_class_gives_a_value_stays_a_class_attribute() -> None:
    # compiled, a class body's annotations also name its class attributes (``sometimes``)
    class ScoredView(View):
        __slots__ = ()
        sometimes: frozenset[str] = View.sometimes | {"score"}  # type: ignore[misc]
        score: int

    assert ScoredView.sometimes == {"legal_actions", "match", "score"}
    view = ScoredView.of({"score": 3})
    assert view.score == 3 and ScoredView.of({}).score is None
