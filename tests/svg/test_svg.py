"""Every picture is a well-formed standalone SVG that shows the numbers its state holds.

Random playouts of every variant; at sampled steps and at the end, the SVG is parsed
as XML and its ``data-*`` elements are compared with the state: each box written,
each column total, bonus and duel sum, each player's and team's total, each token,
each chip stack, and the dice of the turn (kept ones marked).
"""

from __future__ import annotations

import ast
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import attrs
import pytest

import yamskit
from yamskit import Dice, Pass, Place, RemoveToken, Roll, RuleConfigError, Score, Scratch, TakeChip
from yamskit.svg import DARK, LIGHT, Theme, board, dice, histogram, rack, result, sheet, svg
from yamskit.svg._canvas import MAX_WIDTH

from .geometry import problems

NS = "{http://www.w3.org/2000/svg}"

GAMES: dict[str, tuple[str, dict[str, Any], list[str]]] = {
    "classic-2": ("classic", {}, ["Ann", "Bob"]),
    "yahtzee-1": ("yahtzee", {}, ["Ann"]),
    "classic-joker-3": ("classic", {"joker": "free", "yams_bonus": 100}, ["Ann", "Bob", "Cy"]),
    "challenge-2": ("challenge", {}, ["Ann", "Bob"]),
    "competitive-1v1": ("competitive", {}, ["Ann", "Bob"]),
    "competitive-1v1v1": ("competitive", {"mode": "1v1v1"}, ["Ann", "Bob", "Cy"]),
    "competitive-2v2": ("competitive", {"mode": "2v2"}, ["Ann", "Bob", "Cy", "Dee"]),
    "yam-master": ("yam-master", {}, ["Ann", "Bob"]),
    "yam-master-out": ("yam-master", {"removed": "out", "max_turns": 120}, ["Ann", "Bob"]),
    "yamslam-3": ("yamslam", {}, ["Ann", "Bob", "Cy"]),
    "yamslam-solo": ("yamslam", {"mode": "solo"}, ["Ann"]),
    "yamslam-team": ("yamslam", {"mode": "team"}, ["Ann", "Bob", "Cy", "Dee"]),
    "yatzy-2": ("yatzy", {}, ["Ann", "Bob"]),
    "yacht-1": ("yacht", {}, ["Ann"]),
    "kniffel-2": ("kniffel", {}, ["Anna", "Ben"]),
    "generala-2": ("generala", {}, ["Ann", "Bob"]),
    "maxi-yatzy-2": ("maxi-yatzy", {}, ["Ann", "Bob"]),
    "balut-2": ("balut", {}, ["Ann", "Bob"]),
    "crag-2": ("crag", {}, ["Ann", "Bob"]),
}


def parse(picture: str) -> ET.Element:
    """The root of ``picture``, checked to be a standalone SVG with a whole-pixel size."""
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    width, height = int(root.attrib["width"]), int(root.attrib["height"])
    assert width > 0
    assert height > 0
    assert root.attrib["viewBox"] == f"0 0 {width} {height}"
    assert root.find(f"{NS}title") is not None
    return root


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.attrib.get("class", "").split()]


def text_of(element: ET.Element) -> str:
    return "".join(element.itertext())


def choose(state: Any, rng: random.Random) -> Any:
    """A random legal action, writing or ending the turn half the time when it can."""
    legal = list(state.legal_actions())
    ends = [a for a in legal if not isinstance(a, Roll)]
    if ends and rng.random() < 0.5:
        scoring = [a for a in ends if not isinstance(a, Pass)]
        return rng.choice(scoring or ends)
    return rng.choice(legal)


def playout(key: str, seed: int) -> list[Any]:
    name, options, players = GAMES[key]
    state = yamskit.variant(name, **options).new_game(players=players, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        state = state.apply(choose(state, rng))
        states.append(state)
    return states


def check_dice(root: ET.Element, state: Any) -> None:
    dies = by_class(root, "die")
    shown = sorted(int(d.attrib["data-face"]) for d in dies)
    assert shown == list(state.turn.dice.faces)
    kept = sorted(int(d.attrib["data-face"]) for d in dies if d.attrib["data-kept"] == "true")
    assert kept == list(state.turn.kept.faces)


def check_sheet(root: ET.Element, game: Any) -> None:
    rules = game.rules
    cells = {
        (int(e.attrib["data-player"]), e.attrib["data-row"], e.attrib["data-column"]): text_of(e)
        for e in by_class(root, "cell")
    }
    expected = {}
    for p, sheet_ in enumerate(game.sheets):
        for c, column in enumerate(rules.column_ids):
            for r, row in enumerate(rules.row_ids):
                cell = sheet_.cells[c][r]
                if not cell.is_empty:
                    expected[(p, row, column)] = "✗" if cell.scratched else str(cell.points)
    assert cells == expected
    boxes = {
        (int(e.attrib["data-player"]), e.attrib["data-row"], e.attrib["data-column"]): e.attrib["data-empty"]
        for e in by_class(root, "box")
    }
    assert len(by_class(root, "box")) == len(boxes)  # one box a cell, no more
    assert boxes == {
        (p, row, column): "false" if (p, row, column) in expected else "true"
        for p in range(len(game.players))
        for column in rules.column_ids
        for row in rules.row_ids
    }
    details = game.result().details
    for e in by_class(root, "column-total"):
        p, column = int(e.attrib["data-player"]), e.attrib["data-column"]
        c = rules.column_ids.index(column)
        boxes = sum(cell.value for cell in game.sheets[p].cells[c])
        bonus = rules.bonus.points(rules.upper_total(game.sheets[p], c)) if rules.bonus else 0
        assert int(text_of(e)) == boxes + bonus
        if isinstance(details, dict) and "columns" in details and isinstance(details["columns"], list):
            assert int(text_of(e)) == details["columns"][p][column]["raw"]
    assert len(by_class(root, "column-total")) == len(game.players) * len(rules.columns)
    if rules.bonus:
        for e in by_class(root, "upper"):
            upper, goal = (int(part) for part in text_of(e).split("/"))
            assert upper == game.upper_total(int(e.attrib["data-player"]), e.attrib["data-column"])
            thresholds = [threshold for threshold, _ in rules.bonus.tiers]
            assert goal == min([t for t in thresholds if t > upper] or [thresholds[-1]])
    totals = {int(e.attrib["data-player"]): int(text_of(e)) for e in by_class(root, "total")}
    result = game.result()
    assert totals == dict(enumerate(result.totals or result.scores))
    if result.totals:  # a game won on points (Balut): the points under the total
        points = {int(e.attrib["data-player"]): int(text_of(e)) for e in by_class(root, "points")}
        assert points == dict(enumerate(result.scores))
    if isinstance(details, dict) and "duels" in details:
        per = Counter()
        for duel in details["duels"]:
            for seat, points in zip(duel["pair"], duel["points"], strict=True):
                per[(seat, duel["column"])] += points
        shown = {
            (int(e.attrib["data-player"]), e.attrib["data-column"]): int(text_of(e)) for e in by_class(root, "duels")
        }
        assert shown == {(p, c): per[(p, c)] for p in range(len(game.players)) for c in rules.column_ids}
        assert sum(shown.values()) == 0
        for team in details["teams"]:
            for e in by_class(root, "team-total"):
                if int(e.attrib["data-player"]) in team["players"]:
                    assert int(text_of(e)) == team["score"]
    extra = {int(e.attrib["data-player"]): int(text_of(e)) for e in by_class(root, "extra")}
    assert extra == ({p: s.extra for p, s in enumerate(game.sheets)} if any(s.extra for s in game.sheets) else {})


def check_board(root: ET.Element, game: Any) -> None:
    tokens = {
        (int(e.attrib["data-row"]), int(e.attrib["data-col"])): int(e.attrib["data-player"])
        for e in by_class(root, "token")
    }
    expected = {
        (r, c): game.board.owner((r, c)) for r in range(5) for c in range(5) if game.board.owner((r, c)) is not None
    }
    assert tokens == expected
    assert len(by_class(root, "cell")) == 25
    points = {int(e.attrib["data-player"]): int(text_of(e).split()[0]) for e in by_class(root, "points")}
    assert points == dict(enumerate(game.result().scores))
    supply = {int(e.attrib["data-player"]): int(e.attrib["data-value"]) for e in by_class(root, "supply")}
    assert supply == dict(enumerate(game.supply))
    runs = by_class(root, "run")
    assert len(runs) == len(game.board.scoring_runs) + len(game.board.fives)


def check_rack(root: ET.Element, game: Any) -> None:
    from yamskit.variants.yamslam.chips import KINDS

    stacks = {
        (e.attrib["data-where"], e.attrib["data-kind"]): int(e.attrib["data-count"]) for e in by_class(root, "stack")
    }
    expected = {("rack", k.value): game.rack.count(k) for k in KINDS}
    expected |= {("discard", k.value): game.discard.count(k) for k in KINDS}
    for s, chips in enumerate(game.collections):
        expected |= {(f"side-{s}", k.value): chips.count(k) for k in KINDS}
    assert stacks == expected
    totals = {int(e.attrib["data-side"]): int(text_of(e)) for e in by_class(root, "total")}
    scores = game.result().scores
    for p in range(len(game.players)):
        assert totals[game.variant.side(p)] == scores[p]


def check_result(root: ET.Element, outcome: yamskit.game.Result) -> None:
    scores = {int(e.attrib["data-player"]): int(text_of(e)) for e in by_class(root, "score")}
    assert scores == dict(enumerate(outcome.scores))
    details = outcome.details
    if isinstance(details, dict) and "duels" in details:
        points = [int(text_of(e)) for e in by_class(root, "duel-points")]
        assert points == [d["points"][0] for d in details["duels"]]
    title = text_of(by_class(root, "title")[0])
    assert all(name in title for name in outcome.winner_names)


def check(state: Any) -> None:
    picture = svg(state)
    root = parse(picture)
    assert problems(picture) == []
    assert int(root.attrib["width"]) <= MAX_WIDTH
    check_dice(root, state)
    if isinstance(state, yamskit.ScorecardGame):
        check_sheet(root, state)
    elif state.variant.name == "yam-master":
        check_board(root, state)
    else:
        check_rack(root, state)
    outcome = svg(state.result())
    check_result(parse(outcome), state.result())
    assert problems(outcome) == []
    assert int(parse(outcome).attrib["width"]) <= MAX_WIDTH
    assert str(state) == state.render()


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_picture_of_a_random_game_holds_the_numbers_of_its_state(key: str, seed: int) -> None:
    states = playout(key, seed)
    assert states[-1].is_over
    step = max(1, len(states) // 12)
    for state in [*states[::step], states[-1]]:
        check(state)


def test_last_placement_is_highlighted_where_it_was_written() -> None:
    g = yamskit.variant("challenge").new_game(players=["Ann", "Bob"], seed=2)
    g = g.apply(Roll(outcome="66666")).apply(Score("yams", "disorder"))
    root = parse(sheet(g))
    (last,) = by_class(root, "last")
    (cell,) = [e for e in by_class(root, "cell") if e.attrib["data-row"] == "yams"]
    assert cell.attrib["data-column"] == "disorder"
    assert text_of(cell) == "40"
    assert float(last.attrib["y"]) < float(cell.attrib["y"]) < float(last.attrib["y"]) + float(last.attrib["height"])
    g = g.apply(Roll(outcome="12345")).apply(Scratch("yams", "disorder"))
    cells = [e for e in by_class(parse(sheet(g)), "cell") if e.attrib["data-player"] == "1"]
    assert [text_of(e) for e in cells] == ["✗"]


def test_yam_master_marks_the_last_token_and_the_cells_the_dice_allow() -> None:
    g = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
    g = g.apply(Roll(outcome="22255")).apply(Place((1, 3)))
    g = g.apply(Roll(outcome="11111"))
    picture = board(g)
    root = parse(picture)
    (token,) = by_class(root, "token")
    assert token.attrib["stroke"] == LIGHT.highlight
    lit = {
        (e.attrib["data-row"], e.attrib["data-col"])
        for e in by_class(root, "cell")
        if e.attrib["fill"] == LIGHT.highlight
    }
    assert ("2", "2") in lit
    assert ("0", "0") in lit
    assert ("1", "3") not in lit
    g = g.apply(RemoveToken((1, 3)))
    root = parse(board(g))
    assert not by_class(root, "token")
    assert len(by_class(root, "removed")) == 1


def test_yamslam_rack_counts_chips_taken_and_discarded() -> None:
    g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
    g = g.apply(Roll(outcome="22335")).apply(TakeChip("two_pairs"))
    root = parse(rack(g))
    stacks = {(e.attrib["data-where"], e.attrib["data-kind"]): e.attrib["data-count"] for e in by_class(root, "stack")}
    assert stacks[("rack", "two_pairs")] == "3"
    assert stacks[("side-0", "two_pairs")] == "1"
    assert {text_of(e) for e in by_class(root, "total") if e.attrib["data-side"] == "0"} == {"5"}


def test_dice_mark_the_kept_ones_and_refuse_dice_that_are_not_there() -> None:
    root = parse(dice("62616", kept="66"))
    faces = [(d.attrib["data-face"], d.attrib["data-kept"]) for d in by_class(root, "die")]
    assert faces == [("6", "true"), ("6", "true"), ("1", "false"), ("2", "false"), ("6", "false")]
    parse(dice(""))
    with pytest.raises(yamskit.InvalidDiceError):
        dice("123", kept="4")
    with pytest.raises(yamskit.InvalidDiceError):
        dice("123", size=0)
    assert Dice.parse("123")._repr_svg_() == dice("123")


def test_names_are_escaped_so_the_picture_stays_valid_xml() -> None:
    names = ['<Ann & "Co">', "Bob's"]
    g = yamskit.variant("classic").new_game(players=names, seed=3).apply(Roll())
    root = parse(svg(g))
    assert [text_of(e) for e in by_class(root, "player")] == names
    parse(svg(yamskit.variant("yam-master").new_game(players=names, seed=3)))
    parse(svg(yamskit.variant("yamslam").new_game(players=names, seed=3)))


def test_a_theme_recolours_every_picture_and_checks_its_colours() -> None:
    g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1)
    assert DARK.background in svg(g, theme=DARK)
    assert DARK.background not in svg(g)
    pink = attrs.evolve(LIGHT, background="pink")
    assert 'fill="pink"' in svg(Dice.parse("12"), theme=pink)
    with pytest.raises(RuleConfigError, match="colour"):
        attrs.evolve(LIGHT, ink='red" onload="x')
    with pytest.raises(RuleConfigError, match="two colours"):
        attrs.evolve(LIGHT, players=("red",))
    with pytest.raises(TypeError):
        Theme(background="red")  # every colour is required


def test_svg_refuses_what_it_cannot_draw() -> None:
    with pytest.raises(TypeError, match="cannot draw"):
        svg(42)


def test_a_user_defined_variant_is_drawn_as_a_sheet() -> None:
    from yamskit.categories import Category, total, upper
    from yamskit.scorecard import ScorecardVariant

    mini = ScorecardVariant.define("mini", rows=[upper(6), Category("chance", total)])
    g = mini.new_game(players=["Ann"], seed=1).apply(Roll(outcome="66612")).apply(Score("sixes"))
    root = parse(svg(g))
    assert [text_of(e) for e in by_class(root, "cell")] == ["18"]
    assert re.search(r"mini", text_of(by_class(root, "title")[0]))


def test_a_team_result_names_the_winning_team() -> None:
    g = yamskit.variant("competitive", mode="2v2").new_game(players=["A", "B", "C", "D"], seed=3)
    states = [g]
    rng = random.Random(0)
    while not g.is_over:
        g = g.apply(choose(g, rng))
        states.append(g)
    outcome = g.result()
    root = parse(result(outcome))
    title = text_of(by_class(root, "title")[0])
    assert title.startswith("Winning team: ") or title.startswith("Draw")
    teams = {int(e.attrib["data-team"]): int(text_of(e)) for e in by_class(root, "team-score")}
    assert teams == {t: team["score"] for t, team in enumerate(outcome.details["teams"])}


@pytest.mark.parametrize("key", ["classic-2", "competitive-2v2", "yam-master", "yamslam-team"])
def test_pictures_are_deterministic_and_repr_is_short_and_reads_back(key: str) -> None:
    state = playout(key, 3)[40]
    assert svg(state) == svg(state)
    assert state._repr_svg_() == svg(state)
    text = repr(state)
    assert text == f"<{type(state).__name__} {state.variant.name} {list(state.players)!r} {state.to_notation()!r}>"
    notation = ast.literal_eval(text[text.index("] ") + 2 : -1])
    back = yamskit.from_notation(notation)
    assert back.to_notation() == state.to_notation()
    assert repr(back) == text
    assert str(state) != repr(state)
    assert str(state) == state.render()


def test_a_histogram_labels_its_axes_and_keeps_its_text_apart() -> None:
    picture = histogram([(0, 99, 3), (100, 199, 50), (200, 299, 7)], title="classic, greedy")
    root = parse(picture)
    labels = {e.attrib["data-axis"]: text_of(e) for e in by_class(root, "axis-label")}
    assert labels == {"x": "Points", "y": "Games"}
    assert len(by_class(root, "axis")) == 2
    assert problems(picture) == []
    mine = parse(histogram([(1, 1, 1)], x_label="Chips per game", y_label="Matches"))
    assert sorted(text_of(e) for e in by_class(mine, "axis-label")) == ["Chips per game", "Matches"]


@pytest.mark.parametrize(
    ("name", "options", "players", "words"),
    [
        ("classic", {}, ["Ann"], "Classic Yams · 1 player"),
        ("classic", {"joker": "free", "yams_bonus": 100}, ["Ann", "Bob"], "Classic Yams (joker free, yams bonus 100)"),
        ("competitive", {"mode": "2v2"}, ["A", "B", "C", "D"], "Competitive Yams (mode 2v2) · 4 players"),
        ("challenge", {}, ["Ann", "Bob"], "Yams Challenge · 2 players"),
        ("yamslam", {"mode": "team"}, ["A", "B", "C", "D"], "Yamslam (mode team) · 4 players"),
    ],
)
def test_titles_name_the_variant_with_its_options(
    name: str, options: dict[str, Any], players: list[str], words: str
) -> None:
    root = parse(svg(yamskit.variant(name, **options).new_game(players=players, seed=1)))
    assert words in text_of(by_class(root, "title")[0])
    assert words.split(" · ")[0] in text_of(root.find(f"{NS}title"))  # type: ignore[arg-type]


def test_the_yam_master_picture_names_its_options() -> None:
    g = yamskit.variant("yam-master", removed="out").new_game(players=["Ann", "Bob"], seed=1)
    root = parse(svg(g))
    assert text_of(root.find(f"{NS}title")).startswith("Yam Master (removed out): ")  # type: ignore[arg-type]
    assert text_of(by_class(root, "title")[0]) == "Yam Master (removed out) · 2 players"


def test_wide_sheets_wrap_players_onto_rows_of_at_most_1000_px_and_label_teams() -> None:
    names = ["Ann", "Bob", "Cy", "Dee"]
    teams = yamskit.variant("competitive", mode="2v2").new_game(players=names, seed=1)
    picture = svg(teams)
    root = parse(picture)
    assert int(root.attrib["width"]) <= MAX_WIDTH
    labels = [(text_of(e), e.attrib["data-team"]) for e in by_class(root, "team")]
    assert labels == [("Team Ann + Cy", "0"), ("Team Bob + Dee", "1")]
    # each team's players share a row of the picture, under their team's label
    heads = {int(e.attrib["data-player"]): float(e.attrib["y"]) for e in by_class(root, "player")}
    assert heads[0] == heads[2] < heads[1] == heads[3]
    long = [f"Player number {i} with a long name" for i in range(8)]
    for name, count in (("classic", 8), ("challenge", 8), ("competitive", 3)):
        options = {"mode": "1v1v1"} if name == "competitive" else {}
        state = yamskit.variant(name, **options).new_game(players=long[:count], seed=1).apply(Roll())
        picture = svg(state)
        assert int(parse(picture).attrib["width"]) <= MAX_WIDTH, name
        assert problems(picture) == [], name
        shown = [text_of(e) for e in by_class(parse(picture), "player")]
        assert len(shown) == count
        assert all(text.endswith("…") or text in long for text in shown)


def test_a_duel_sheet_keeps_both_players_side_by_side() -> None:
    g = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
    heads = [float(e.attrib["y"]) for e in by_class(parse(svg(g)), "player")]
    assert len(heads) == 2
    assert heads[0] == heads[1]


def test_the_classic_sheet_shows_progress_to_the_upper_bonus() -> None:
    g = yamskit.variant("classic").new_game(players=["Ann"], seed=1)
    for faces, row in (("66612", "sixes"), ("55521", "fives"), ("44412", "fours")):
        g = g.apply(Roll(outcome=faces)).apply(Score(row))
    (upper,) = by_class(parse(svg(g)), "upper")
    assert text_of(upper) == "45/63"
    g = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1)
    g = g.apply(Roll(outcome="66666")).apply(Score("sixes", "free"))
    progress = {
        e.attrib["data-column"]: text_of(e) for e in by_class(parse(svg(g)), "upper") if e.attrib["data-player"] == "0"
    }
    assert progress["free"] == "30/60"
    assert progress["down"] == "0/60"


def test_long_names_are_shortened_in_every_picture() -> None:
    names = ["A" * 100, "B" * 100]
    for name in ("yam-master", "yamslam", "classic"):
        state = yamskit.variant(name).new_game(players=names, seed=2)
        for picture in (svg(state), svg(state.result())):
            assert int(parse(picture).attrib["width"]) <= MAX_WIDTH, name
            assert problems(picture) == [], name


def test_a_result_draws_itself_in_jupyter() -> None:
    outcome = yamskit.variant("competitive", mode="2v2").new_game(players=["A", "B", "C", "D"], seed=1).result()
    assert outcome._repr_svg_() == result(outcome)
    assert problems(outcome._repr_svg_()) == []
    plain = yamskit.game.Result.from_scores(("Ann", "Bob"), (5, 9))
    assert [text_of(e) for e in by_class(parse(plain._repr_svg_()), "score")] == ["9", "5"]
