"""Yamslam matches: N games, scores summed, standings after each game."""

from __future__ import annotations

import pytest

import yamskit
from yamskit import DeserializationError, Pass, Roll, RuleConfigError
from yamskit.bots import RandomPlayer, play
from yamskit.variants.yamslam.match import Match, MatchError, play_match

STANDARD = yamskit.variant("yamslam")


def test_a_match_sums_the_scores_of_its_games() -> None:
    match = play_match(STANDARD, [RandomPlayer(1), RandomPlayer(2)], names=["Ann", "Bob"], games=3, seed=4)
    assert match.is_over
    assert match.played == 3
    assert len(match.scores) == 3
    assert match.totals == tuple(sum(game[p] for game in match.scores) for p in range(2))
    assert match.result().scores == match.totals
    assert match.result().winners == match.standings[-1].leaders


def test_standings_after_each_game_are_running_totals() -> None:
    match = Match(STANDARD, ("Ann", "Bob", "Cy"), 3, scores=((30, 50, 50), (60, 10, 20), (0, 0, 0)))
    standings = match.standings
    assert [s.game for s in standings] == [1, 2, 3]
    assert [s.scores for s in standings] == list(match.scores)
    assert [s.totals for s in standings] == [(30, 50, 50), (90, 60, 70), (90, 60, 70)]
    assert standings[0].ranking == ((1, 2), (0,))
    assert standings[1].leaders == (0,)
    assert match.result().details["standings"][1]["totals"] == [90, 60, 70]


def test_each_game_has_its_own_seed_and_the_first_seat_moves_on() -> None:
    match = Match.start(STANDARD, ["Ann", "Bob"], games=3, seed=9)
    first = match.new_game()
    done = play(first, [RandomPlayer(1), RandomPlayer(2)])
    second = match.record(done).new_game()
    assert (first.first_player, second.first_player) == (0, 1)
    assert first.stream.seed != second.stream.seed
    assert Match.start(STANDARD, ["Ann", "Bob"], games=3, seed=9).new_game() == first


def test_only_finished_games_of_the_same_match_are_recorded() -> None:
    match = Match.start(STANDARD, ["Ann", "Bob"], games=1, seed=2)
    with pytest.raises(MatchError, match="only a finished game"):
        match.record(match.new_game())
    solo = yamskit.variant("yamslam", mode="solo").new_game(players=["Ann"], seed=1)
    with pytest.raises(MatchError, match="this match plays"):
        match.record(solo)
    other = STANDARD.new_game(players=["Ann", "Cy"], seed=1)
    with pytest.raises(MatchError, match="between"):
        match.record(play(other, [RandomPlayer(1), RandomPlayer(2)]).result())
    done = match.record(play(match.new_game(), [RandomPlayer(1), RandomPlayer(2)]))
    assert done.is_over
    with pytest.raises(MatchError, match="is over"):
        done.new_game()
    with pytest.raises(MatchError, match="is over"):
        done.record(play(match.new_game(), [RandomPlayer(3), RandomPlayer(4)]))


def test_match_options_are_checked() -> None:
    with pytest.raises(RuleConfigError, match="1 to 1000 games"):
        Match.start(STANDARD, ["Ann", "Bob"], games=0)
    with pytest.raises(RuleConfigError, match="takes 4 players"):
        Match.start(yamskit.variant("yamslam", mode="team"), ["Ann", "Bob"], games=2)


def test_team_and_solo_matches() -> None:
    team = play_match(yamskit.variant("yamslam", mode="team"), [RandomPlayer(i) for i in range(4)], games=2, seed=1)
    assert all(game[0] == game[2] and game[1] == game[3] for game in team.scores)
    solo = play_match(yamskit.variant("yamslam", mode="solo"), [RandomPlayer(7)], games=2, seed=1)
    assert solo.result().winners == (0,)
    assert len(solo.standings) == 2


def test_a_match_of_hand_played_games() -> None:
    """Physical dice: every game's faces given explicitly; the match only adds up the results."""
    match = Match.start(STANDARD, ["Ann", "Bob"], games=2, seed=1)
    for _ in range(2):
        game = match.new_game()
        while not game.is_over:
            game = game.apply(Roll(outcome="12356")).apply(Pass())
        match = match.record(game)
    assert match.totals == (0, 0)
    assert match.result().is_draw
    assert [s.totals for s in match.standings] == [(0, 0), (0, 0)]


def test_match_data_round_trip_and_validation() -> None:
    match = Match(STANDARD, ("Ann", "Bob"), 3, seed=5, scores=((30, 50),))
    assert Match.from_data(match.to_data()) == match
    bad = {**match.to_data(), "scores": [[1, 2, 3]]}
    with pytest.raises(DeserializationError, match="2 scores"):
        Match.from_data(bad)
    with pytest.raises(DeserializationError, match="match"):
        Match.from_data({**match.to_data(), "variant": {"mode": "duel"}})
