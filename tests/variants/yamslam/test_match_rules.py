"""Yamslam match rules, exactly: the number of games, seeds and first seats, what may be recorded,
the running standings, and the saved form with the message for each malformed field.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import yamskit
from yamskit import DeserializationError, Pass, Roll, RuleConfigError
from yamskit.variants.yamslam.match import Match

STANDARD = yamskit.variant("yamslam")


def _finished(game: Any, dice: str = "12356") -> Any:
    while not game.is_over:
        game = game.apply(Roll(outcome=dice)).apply(Pass())
    return game


@pytest.mark.parametrize("games", [1, 2, 1000])
def test_a_match_has_1_to_1000_games(games: int) -> None:
    match = Match.start(STANDARD, ["Ann", "Bob"], games=games, seed=1)
    assert (match.games, match.played, match.is_over) == (games, 0, False)


@pytest.mark.parametrize("games", [0, 1001, -1, 2.0, True, "3"])
def test_any_other_number_of_games_is_refused(games: object) -> None:
    with pytest.raises(RuleConfigError, match=re.escape(f"a match has 1 to 1000 games, not {games!r}") + "$"):
        Match.start(STANDARD, ["Ann", "Bob"], games=games, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [["Ann", "Bob"], ["Ann", "Bob", "Cy"]])
def test_the_first_seat_moves_one_place_per_game_and_each_game_has_its_own_seed(players: list[str]) -> None:
    match = Match.start(STANDARD, players, games=5, seed=11)
    seen, seeds = [], []
    for number in range(1, 6):
        game = match.new_game()
        assert game.players == tuple(players)
        assert game.first_player == game.current_player == (number - 1) % len(players)
        assert game == STANDARD.new_game(
            players, seed=match.game_seed(number), first_player=(number - 1) % len(players)
        )
        seeds.append(match.game_seed(number))
        seen.append(game.first_player)
        match = match.record(_finished(game))
    assert len(set(seeds)) == 5
    assert match.game_seed(1) == Match.start(STANDARD, players, games=5, seed=11).game_seed(1)
    assert match.game_seed(1) != Match.start(STANDARD, players, games=5, seed=12).game_seed(1)
    assert match.is_over
    with pytest.raises(yamskit.IllegalActionError, match=r"^the match of 5 games is over$"):
        match.new_game()


def test_recording_refuses_with_a_message_naming_what_differs() -> None:
    match = Match.start(STANDARD, ["Ann", "Bob"], games=1, seed=2)
    with pytest.raises(yamskit.IllegalActionError, match=r"^only a finished game can be recorded: the rack still"):
        match.record(match.new_game())
    team = yamskit.variant("yamslam", mode="team")
    with pytest.raises(
        yamskit.IllegalActionError, match=re.escape(f"this match plays yamslam {STANDARD.options}, not")
    ):
        match.record(_finished(team.new_game(["A", "B", "C", "D"], seed=1)))
    other = _finished(STANDARD.new_game(["Ann", "Cy"], seed=1)).result()
    with pytest.raises(
        yamskit.IllegalActionError, match=re.escape("this match is between ['Ann', 'Bob'], not ['Ann', 'Cy']")
    ):
        match.record(other)
    done = match.record(_finished(match.new_game()).result())
    assert done.scores == ((0, 0),)
    with pytest.raises(yamskit.IllegalActionError, match=r"^the match of 1 games is over: no game can be recorded$"):
        done.record(_finished(match.new_game()))


def test_standings_rank_the_running_totals_and_the_result_gives_them() -> None:
    match = Match(STANDARD, ("Ann", "Bob", "Cy"), 4, seed=3, scores=((30, 50, 50), (60, 10, 20), (5, 0, 0)))
    assert match.totals == (95, 60, 70)
    assert [s.to_data() for s in match.standings] == [
        {"game": 1, "scores": [30, 50, 50], "totals": [30, 50, 50], "ranking": [[1, 2], [0]]},
        {"game": 2, "scores": [60, 10, 20], "totals": [90, 60, 70], "ranking": [[0], [2], [1]]},
        {"game": 3, "scores": [5, 0, 0], "totals": [95, 60, 70], "ranking": [[0], [2], [1]]},
    ]
    result = match.result()
    assert (result.scores, result.winners) == ((95, 60, 70), (0,))
    assert result.details == {
        "games": 4,
        "played": 3,
        "standings": [s.to_data() for s in match.standings],
    }
    assert not match.is_over
    assert Match(STANDARD, ("Ann", "Bob"), 1).standings == ()


GOOD = {"variant": {"mode": "standard"}, "players": ["Ann", "Bob"], "games": 3, "seed": 5, "scores": [[30, 50]]}


def test_a_saved_match_reads_back_equal() -> None:
    match = Match.from_data(GOOD)
    assert match == Match(STANDARD, ("Ann", "Bob"), 3, seed=5, scores=((30, 50),))
    assert match.to_data() == GOOD
    full = {**GOOD, "games": 1, "seed": 2**64 - 1, "scores": [[0, 10**6]]}
    assert Match.from_data(full).to_data() == full


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"variant": {"mode": "duel"}}, "match: mode must be"),
        ({"variant": "standard"}, "match.variant must be dict, not str"),
        ({"players": ["Ann"]}, "match: this game takes 2 to 8 players, not 1"),
        ({"players": [f"P{i}" for i in range(9)]}, "match: this game takes 2 to 8 players, not 9"),
        ({"players": "Ann"}, "match.players must be list, not str"),
        (
            {"variant": {"mode": "team"}, "players": ["A", "B", "C", "D", "E"]},
            "match: this game takes 4 players, not 5",
        ),
        ({"variant": {"mode": "solo"}}, "match: this game takes 1 players, not 2"),
        ({"games": 0}, "match.games must be from 1 to 1000, not 0"),
        ({"games": 1001}, "match.games must be from 1 to 1000, not 1001"),
        ({"seed": -1}, f"match.seed must be from 0 to {2**64 - 1}, not -1"),
        ({"scores": [[1, 2], [3, 4], [5, 6], [7, 8]]}, "match.scores lists 4 games, more than 3"),
        ({"scores": [[1, 2, 3]]}, "match.scores[0] must list 2 scores from 0"),
        ({"scores": [[1, 2], [1]]}, "match.scores[1] must list 2 scores from 0"),
        ({"scores": [[1, -2]]}, "match.scores[0] must list 2 scores from 0"),
        ({"scores": [[1, 10**6 + 1]]}, "match.scores[0] must list 2 scores from 0"),
        ({"scores": [[1, 2.0]]}, "match.scores[0] must list 2 scores from 0"),
        ({"scores": [[1, True]]}, "match.scores[0] must list 2 scores from 0"),
        ({"scores": ["12"]}, "match.scores[0] must list 2 scores from 0"),
        ({"scores": {"0": [1, 2]}}, "match.scores must be list, not dict"),
    ],
)
def test_a_malformed_saved_match_is_refused_naming_the_field(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(DeserializationError, match="^" + re.escape(message)):
        Match.from_data({**GOOD, **changes})


def test_a_match_without_a_seed_draws_one_of_63_bits_and_keeps_a_given_one() -> None:
    seeds = [Match.start(STANDARD, ["Ann", "Bob"], games=1).seed for _ in range(64)]
    assert all(type(seed) is int and 0 <= seed < 2**63 for seed in seeds)
    assert len(set(seeds)) > 1
    assert Match.start(STANDARD, ["Ann", "Bob"], games=1, seed=0).seed == 0
    assert Match.start(STANDARD, ["Ann", "Bob"], games=1, seed=2**63 + 5).seed == 2**63 + 5


def test_a_played_match_keeps_its_seed_and_names_unnamed_seats_from_1() -> None:
    from yamskit.bots import RandomPlayer
    from yamskit.variants.yamslam.match import play_match

    bots = [RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)]
    first = play_match(STANDARD, bots, games=2, seed=77)
    assert first.seed == 77
    assert first.players == ("Player 1", "Player 2", "Player 3")
    again = play_match(STANDARD, [RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)], games=2, seed=77)
    assert again == first
    named = play_match(STANDARD, [RandomPlayer(1), RandomPlayer(2)], names=["Ann", "Bob"], games=1, seed=1)
    assert named.players == ("Ann", "Bob")
