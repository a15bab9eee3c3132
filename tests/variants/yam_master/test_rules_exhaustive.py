"""Yam Master turn rules on every roll, in every moment of a turn, as the rule sheet states them.

For each of the 252 rolls, shown after the first throw, after a later throw with or without a
challenge declared, after the third throw, and right after declaring a challenge, on a board
holding tokens of both players: which cells take a token, whether an opponent's token may be
removed, whether the turn may end or a challenge be declared, and which throws are left.
The expectations are restated below from the rule sheet (the printed board, the labels, the
Sec and Défi cells); the legal moves listed, each action's own check and what an applied
action writes must all agree with them.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest

import yamskit
from yamskit import DeclareChallenge, Dice, IllegalActionError, Pass, Place, RemoveToken, Roll
from yamskit.dice import ROLLS

V = yamskit.variant("yam-master")

#: The board as printed (rule sheet), top row first.
PRINTED = (
    ("1", "3", "Défi", "4", "6"),
    ("2", "Carré", "Sec", "Full", "5"),
    ("≤8", "Full", "Yam", "Défi", "Suite"),
    ("6", "Sec", "Suite", "≤8", "1"),
    ("3", "2", "Carré", "5", "4"),
)
CELLS = [(r, c) for r in range(5) for c in range(5)]
#: Tokens on the board in every position of these tests: player 0 (X, to play) and player 1 (O).
BOARD = "X...O / ...X. / O..O. / .X... / ....."
MINE = {(0, 0), (1, 3), (3, 1)}
THEIRS = {(0, 4), (2, 0), (2, 3)}
OTHER = "12346"  # a roll that is no figure and no three of a kind


def _figures(dice: Dice) -> set[str]:
    """The figures the dice make by the rule sheet: Full, Carré, Yam, Suite, ≤8."""
    counts = sorted(Counter(dice.faces).values())
    found = set()
    if counts in ([2, 3], [5]):
        found.add("Full")
    if counts[-1] >= 4:
        found.add("Carré")
    if counts[-1] == 5:
        found.add("Yam")
    if sorted(dice.faces) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]):
        found.add("Suite")
    if sum(dice.faces) <= 8:
        found.add("≤8")
    return found


def _labels(dice: Dice, moment: str) -> set[str]:
    """The printed labels the dice satisfy at that moment of the turn."""
    labels = {str(face) for face, n in Counter(dice.faces).items() if n >= 3} | _figures(dice)
    if _figures(dice) and moment == "first":
        labels.add("Sec")
    if _figures(dice) and moment in ("challenge_second", "challenge_third"):
        labels.add("Défi")
    return labels


#: Moments of a turn: the actions that lead there, ending with the throw that shows ``dice``.
MOMENTS = {
    "first": lambda dice: [Roll(outcome=dice)],
    "second": lambda dice: [Roll(outcome=OTHER), Roll(outcome=dice)],
    "third": lambda dice: [Roll(outcome=OTHER), Roll(outcome=OTHER), Roll(outcome=dice)],
    "challenge_second": lambda dice: [Roll(outcome=OTHER), DeclareChallenge(), Roll(outcome=dice)],
    "challenge_third": lambda dice: [Roll(outcome=OTHER), DeclareChallenge(), Roll(outcome=OTHER), Roll(outcome=dice)],
    "declared": lambda dice: [Roll(outcome=dice), DeclareChallenge()],
}
START = V.position(["Ann", "Bob"], board=BOARD, current_player=0, seed=1)
NON_ROLLS = [a for a in V.actions if not isinstance(a, Roll)]


def _play(moment: str, dice: Dice) -> yamskit.GameState:
    game = START
    for action in MOMENTS[moment](dice):
        game = game.apply(action)
    return game


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_every_roll_takes_exactly_the_cells_moves_and_throws_the_rule_sheet_gives(moment: str) -> None:
    throws_used = {"first": 1, "second": 2, "third": 3, "challenge_second": 2, "challenge_third": 3, "declared": 1}
    for dice in ROLLS:
        game = _play(moment, dice)
        committed = moment == "declared"
        labels = set() if committed else _labels(dice, moment)
        places = {cell for cell in CELLS if cell not in MINE | THEIRS and PRINTED[cell[0]][cell[1]] in labels}
        removals = THEIRS if "Yam" in labels else set()
        expected = {Place(cell) for cell in places} | {RemoveToken(cell) for cell in removals}
        if not committed:
            expected.add(Pass())
        if moment == "first":
            expected.add(DeclareChallenge())

        listed = list(game.legal_actions())
        assert {a for a in listed if not isinstance(a, Roll)} == expected, (moment, dice)
        assert {a for a in NON_ROLLS if game.is_legal(a)} == expected, (moment, dice)
        assert game.legal_action_ids() == tuple(sorted(V.actions.index(a) for a in listed))

        keeps = {a.keep for a in listed if isinstance(a, Roll)}
        if throws_used[moment] == 3:
            assert keeps == set()
        else:
            subsets = {Dice(kept) for n in range(6) for kept in itertools.combinations(dice.faces, n)}
            assert keeps == (subsets - {dice} if committed else subsets), (moment, dice)
            assert game.is_legal(Roll(keep=dice)) is not committed


@pytest.mark.parametrize("dice", ["22255", "11111", "66665", "12345", "11123"])
def test_a_placed_token_is_written_and_the_turn_passes(dice: str) -> None:
    game = _play("first", Dice.parse(dice))
    for action in game.legal_actions():
        if isinstance(action, Place):
            after = game.apply(action)
            assert after.board.owner(action.cell) == 0
            assert after.supply == (START.supply[0] - 1, START.supply[1])
            assert (after.current_player, after.turn.throws_used, after.turns) == (1, 0, START.turns + 1)


@pytest.mark.parametrize("removed", ["supply", "out"])
def test_a_yam_removes_exactly_the_named_opponent_token(removed: str) -> None:
    start = yamskit.variant("yam-master", removed=removed).position(["Ann", "Bob"], board=BOARD, seed=1)
    game = start.apply(Roll(outcome="44444"))
    for cell in sorted(THEIRS):
        after = game.apply(RemoveToken(cell))
        assert after.board.owner(cell) is None
        assert [after.board.owner(other) for other in sorted(THEIRS - {cell})] == [1, 1]
        assert [after.board.owner(mine) for mine in sorted(MINE)] == [0, 0, 0]
        back = 1 if removed == "supply" else 0
        assert after.supply == (start.supply[0], start.supply[1] + back)
        assert after.out == (0, 1 - back)
        assert after.current_player == 1
    for cell in [*sorted(MINE), (4, 4)]:
        with pytest.raises(IllegalActionError):
            game.apply(RemoveToken(cell))


def test_a_declared_challenge_must_be_thrown_for_before_anything_else() -> None:
    game = _play("declared", Dice.parse("22255"))
    for action in (Pass(), Place((1, 3)), Place((1, 2)), DeclareChallenge(), Roll(keep="22255")):
        with pytest.raises(IllegalActionError):
            game.apply(action)
    after = game.apply(Roll(keep="2225", outcome="2"))
    assert after.is_legal(Place((0, 2)))  # Défi: a Yam after the challenge
    assert not after.is_legal(Place((1, 2)))  # Sec is for the first throw only


@pytest.mark.parametrize(
    ("dice", "action", "message"),
    [
        (None, RemoveToken((0, 4)), "Ann must throw the dice before ending the turn"),
        (None, Place((1, 1)), "Ann must throw the dice before ending the turn"),
        ("12346", RemoveToken((0, 4)), "removing a token needs five of a kind, not 12346"),
        ("44444", RemoveToken((4, 4)), "cell (4, 4) is free: there is no token to remove"),
        ("44444", RemoveToken((0, 0)), "cell (0, 0) holds your own token: only an opponent's token may be removed"),
        ("44444", Place((5, 0)), "no cell (5, 0) on the 5x5 board: rows and columns are 0 to 4"),
        ("44444", RemoveToken((0, -1)), "no cell (0, -1) on the 5x5 board: rows and columns are 0 to 4"),
    ],
)
def test_a_refused_placement_or_removal_names_the_rule(dice: str | None, action: object, message: str) -> None:
    game = START if dice is None else START.apply(Roll(outcome=dice))
    with pytest.raises(IllegalActionError, match="^" + re.escape(message) + "$"):
        game.apply(action)  # type: ignore[arg-type]


def test_the_second_player_removes_the_first_players_tokens_with_a_yam() -> None:
    game = V.position(["Ann", "Bob"], board=BOARD, current_player=1, seed=1).apply(Roll(outcome="33333"))
    removals = {a.cell for a in game.legal_actions() if isinstance(a, RemoveToken)}
    assert removals == MINE
    assert {a.cell for a in NON_ROLLS if isinstance(a, RemoveToken) and game.is_legal(a)} == MINE
    after = game.apply(RemoveToken((1, 3)))
    assert after.board.owner((1, 3)) is None
    assert after.supply == (game.supply[0] + 1, game.supply[1])
    with pytest.raises(IllegalActionError, match=re.escape("cell (0, 4) holds your own token")):
        game.apply(RemoveToken((0, 4)))


@pytest.mark.parametrize(
    ("before", "action", "message"),
    [
        ([], Roll(outcome="1234"), "the throw shows 4 dice (1234) but 5 were thrown (keeping 0)"),
        ([], DeclareChallenge(), "a challenge is declared after the first throw, not before it"),
        (["12346"], Place((0, 0)), "cell (0, 0) is taken by Ann's token"),
        (["12346"], Place((0, 4)), "cell (0, 4) is taken by Bob's token"),
        (
            ["12346"],
            Place((1, 1)),
            "cell (1, 1) is 'four_of_a_kind': it needs four of a kind or more; dice 12346 after throw 1 make no "
            "combination",
        ),
        (
            ["22255"],
            Place((0, 1)),
            "cell (0, 1) is '3': it needs three 3s or more; dice 22255 after throw 1 make 2, full_house, one_shot",
        ),
        (["12346", "declare"], DeclareChallenge(), "a challenge is already declared this turn"),
        (["12346", "declare"], Pass(), "a declared challenge must be played: throw again before ending the turn"),
        (
            ["12346", "declare"],
            Roll(keep="12346"),
            "a challenge is met by throwing dice: keeping all of 12346 throws none; throw one die or more",
        ),
        (
            ["12346", "12346"],
            DeclareChallenge(),
            "a challenge is declared between the first and second throw, not after throw 2",
        ),
    ],
)
def test_a_refused_throw_placement_or_challenge_names_the_rule(before: list[str], action: object, message: str) -> None:
    game = START
    for step in before:
        game = game.apply(DeclareChallenge() if step == "declare" else Roll(outcome=step))
    assert not game.is_legal(action)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="^" + re.escape(message) + "$"):
        game.apply(action)  # type: ignore[arg-type]
