"""The shared game protocol pieces: results, ranking, the legal-action view, players, roll-off."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import yamskit
from yamskit import DiceStream, GameState, NotYourTurnError, Result, Roll, RuleConfigError, Score
from yamskit.result import rank
from yamskit.seats import check_players, resolve_player, roll_off


@given(st.lists(st.integers(min_value=-50, max_value=50), min_size=1, max_size=6))
def test_ranking_groups_players_by_score_best_first(scores: list[int]) -> None:
    groups = rank(scores)
    assert sorted(i for g in groups for i in g) == list(range(len(scores)))
    group_scores = [scores[g[0]] for g in groups]
    assert group_scores == sorted(set(scores), reverse=True)
    assert all(scores[i] == scores[g[0]] for g in groups for i in g)
    result = Result.from_scores([f"P{i}" for i in range(len(scores))], scores)
    assert all(scores[w] == max(scores) for w in result.winners)
    assert result.is_draw == (scores.count(max(scores)) > 1)


def test_result_data_is_json_ready() -> None:
    data = Result.from_scores(("A", "B"), (3, 7), details={"x": 1}).to_data()
    assert data == {"players": ["A", "B"], "scores": [3, 7], "ranking": [[1], [0]], "winners": [1], "details": {"x": 1}}


def test_every_variant_follows_the_protocol() -> None:
    for name in yamskit.variant_names():
        v = yamskit.variant(name)
        players = [f"P{i}" for i in range(4)]
        for count in range(1, 5):
            try:
                game = v.new_game(players=players[:count], seed=1)
            except RuleConfigError:
                continue
            assert isinstance(game, GameState), name
            assert game.variant == yamskit.variant(name)
            assert v.describe().startswith(f"{name}"), name
            assert all(p in game.render() for p in players[:count]), name
            assert not game.is_over
            assert game.current_player in range(count)
            assert game.legal_actions(), name
            assert yamskit.load_game(game.to_json()) == game
            break
        else:
            pytest.fail(f"{name} accepts no player count from 1 to 4")


def test_legal_actions_is_a_lazy_sequence_view() -> None:
    game = yamskit.variant("classic").new_game(seed=1).apply(Roll(outcome="12345"))
    view = game.legal_actions()
    assert Score("chance") in view
    assert Score("bonus") not in view
    assert "not an action" not in view
    assert Roll(keep="12", outcome="666") in view  # explicit faces are legal too
    assert len(view) == len(list(view)) == 32 + 26
    assert view[0] == Roll()
    assert bool(view)
    assert "LegalActions" in repr(view)


@pytest.mark.parametrize(
    "players", [[], ["A"] * 2, ["A", ""], "AB", ["A", 3], [f"P{i}" for i in range(9)], ["x" * 101]]
)
def test_bad_player_lists_are_refused(players: object) -> None:
    with pytest.raises(RuleConfigError):
        check_players(players)  # type: ignore[arg-type]
    with pytest.raises(RuleConfigError):
        yamskit.variant("classic").new_game(players=players)  # type: ignore[arg-type]


def test_acting_for_another_player_is_refused() -> None:
    for right in (None, 0, "A"):
        resolve_player(("A", "B"), 0, right)  # the player to move (or nobody named) passes
    resolve_player(("A", "B"), 1, "B")
    for wrong in (1, "B", "Zed", 5, -1, True):
        with pytest.raises(NotYourTurnError):
            resolve_player(("A", "B"), 0, wrong)  # type: ignore[arg-type]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=6))
def test_roll_off_picks_a_player_reproducibly(seed: int, players: int) -> None:
    first, after = roll_off(DiceStream(seed=seed), players)
    assert 0 <= first < players
    assert (first, after) == roll_off(DiceStream(seed=seed), players)
    assert after.draws >= (5 * players if players > 1 else 0)
