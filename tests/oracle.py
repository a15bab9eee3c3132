"""The reference definition of the legal moves: generate every candidate, keep those ``is_legal`` accepts.

This is how yamskit listed legal moves before it computed them from tables. It is slow
and obviously right (every candidate goes through the full ``check`` that ``apply`` uses
for its error messages), so the tests compare the fast ``legal_action_ids()`` with it.

Also here: the two user-defined variants the equivalence tests use, declared the way a
user would, at module level (so they pickle too).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from yamskit import (
    Action,
    DeclareChallenge,
    Dice,
    IllegalActionError,
    Pass,
    Place,
    RemoveToken,
    Roll,
    Score,
    ScorecardGame,
    ScorecardVariant,
    Scratch,
    TakeChip,
)
from yamskit.categories import Category, is_five_of_a_kind, is_full_house, n_of_a_kind, total, upper, when
from yamskit.scorecard import Column, FillPolicy, TurnCondition, UpperBonus
from yamskit.scorecard.house_rules import FiveOfAKindBonus, Joker
from yamskit.scorecard.placement import Placement
from yamskit.turn import Turn
from yamskit.variants.yam_master import YamMasterGame
from yamskit.variants.yam_master.board import LABELS
from yamskit.variants.yamslam import YamslamGame
from yamskit.variants.yamslam.chips import KINDS


def _keeps(state: Any) -> tuple[Dice, ...]:
    turn = state.turn
    return turn.dice.sub_multisets() if turn.has_thrown else (Dice(),)


def _scorecard(state: ScorecardGame) -> Iterator[Action]:
    if state.is_over:
        return
    turn = state.turn
    if turn.throws_left > 0:
        yield from (Roll(keep=k) for k in _keeps(state) if state.is_legal(Roll(keep=k)))
    if not turn.has_thrown:
        return
    rules = state.rules
    single = len(rules.columns) == 1
    sheet = state.sheets[state.current_player]
    for c, column in enumerate(rules.columns):
        # a box of a category of several boxes is named by its category (Balut): each category once
        rows = dict.fromkeys(rules.decision_row(r) for r in column.policy.allowed(rules.row_ids, sheet.filled(c)))
        for row in rows:
            col = None if single else column.id
            for action in (Score(row, col), Scratch(row, col)):
                if state.is_legal(action):
                    yield action


def _yam_master(state: YamMasterGame) -> Iterator[Action]:
    if state.is_over:
        return
    turn = state.turn
    if turn.throws_left > 0:
        must_throw = turn.challenge and turn.is_first_throw
        yield from (Roll(keep=k) for k in _keeps(state) if not (must_throw and len(k) == len(turn.dice)))
    if not turn.has_thrown:
        return
    if turn.is_first_throw and not turn.challenge:
        yield DeclareChallenge()
    if turn.challenge and turn.is_first_throw:
        return
    labels = state.labels
    yield from (Place(cell) for cell in state.board.free_cells() if LABELS[cell[0]][cell[1]] in labels)
    if "yams" in labels:
        yield from (RemoveToken(cell) for cell in state.board.cells_of(1 - state.current_player))
    yield Pass()


def _yamslam(state: YamslamGame) -> Iterator[Action]:
    if state.is_over:
        return
    kinds = [k.value for k in KINDS]
    candidates: list[Action] = [TakeChip(k) for k in kinds] + [TakeChip(k, from_discard=True) for k in kinds]
    if state.turn.throws_left > 0 and not state.second_pick:
        candidates = [Roll(keep=k) for k in _keeps(state)] + candidates
    candidates.append(Pass())
    yield from (a for a in candidates if state.is_legal(a))


def reference_actions(state: Any) -> list[Action]:
    """Every legal decision of ``state``, found by trying each candidate with ``is_legal``."""
    if isinstance(state, ScorecardGame):
        return list(_scorecard(state))
    if isinstance(state, YamMasterGame):
        return [a for a in _yam_master(state) if state.is_legal(a)]
    if isinstance(state, YamslamGame):
        return list(_yamslam(state))
    raise TypeError(f"no reference for {type(state).__name__}")


def reference_ids(state: Any) -> tuple[int, ...]:
    """The ids of `reference_actions`, ascending."""
    space = state.variant.actions
    return tuple(sorted(space.index(a) for a in reference_actions(state)))


#: (name, options, players) of every built-in variant and mode.
MODES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("classic", {}, ["Ann", "Bob"]),
    ("classic", {"joker": "free", "yams_bonus": 100}, ["Ann"]),
    ("classic", {"joker": "seed"}, ["Ann"]),
    ("yahtzee", {}, ["Ann"]),
    ("challenge", {}, ["Ann", "Bob"]),
    ("competitive", {"mode": "1v1"}, ["A", "B"]),
    ("competitive", {"mode": "1v1v1", "four_of_a_kind": "all_dice"}, ["A", "B", "C"]),
    ("competitive", {"mode": "2v2"}, ["A", "B", "C", "D"]),
    ("yam-master", {}, ["Ann", "Bob"]),
    ("yam-master", {"removed": "out", "max_turns": 60}, ["Ann", "Bob"]),
    ("yamslam", {}, ["Ann", "Bob", "Cy"]),
    ("yamslam", {"mode": "solo"}, ["Ann"]),
    ("yamslam", {"mode": "team"}, ["A", "B", "C", "D"]),
    ("yatzy", {}, ["Ann", "Bob"]),
    ("yacht", {"four_of_a_kind": "all_dice", "full_house_from_five": True}, ["Ann"]),
    ("kniffel", {}, ["Anna", "Ben"]),
    ("generala", {}, ["Ann", "Bob"]),
    ("balut", {}, ["Ann", "Bob"]),
    ("crag", {}, ["Ann", "Bob"]),
]


def mode_id(name: str, options: dict[str, Any]) -> str:
    """A readable test id for a variant and its options."""
    return "-".join([name, *(f"{k}={v}" for k, v in options.items())])


# ---------------------------------------------------------------- user-defined variants
def exactly_two_throws(turn: Turn) -> bool:
    """A custom column condition: the turn used exactly two throws (so a third throw may strand)."""
    return turn.throws_used == 2


class NoZeroInBonusError(IllegalActionError):
    """The house rule of `NoZeroInBonus`."""


@attrs.frozen
class NoZeroInBonus:
    """A user's placement rule without ``refusable_rows``: no Score of 0 in the ``bonus`` row."""

    row: str = "bonus"

    def __call__(self, game: ScorecardGame, p: Placement) -> Placement:
        if p.row == self.row and not p.crossed and p.points == 0:
            raise NoZeroInBonusError(f"house rule: {self.row!r} takes no 0 (cross it out instead)")
        return p


def kniffel() -> ScorecardVariant:
    """A Kniffel-like sheet with the free joker, a five-of-a-kind bonus and an extra row."""
    return ScorecardVariant.define(
        "kniffel-test",
        rows=[
            *(upper(face) for face in range(1, 7)),
            Category("three_of_a_kind", when(n_of_a_kind(3), total)),
            Category("full_house", when(is_full_house, 25)),
            Category("yams", when(is_five_of_a_kind, 50)),
            Category("chance", total),
        ],
        bonus=UpperBonus.single(63, 35),
        rules=[Joker("free"), FiveOfAKindBonus(50)],
    )


def two_columns() -> ScorecardVariant:
    """Three columns, one open only on the second throw, and a rule that cannot say what it refuses."""
    return ScorecardVariant.define(
        "columns-test",
        rows=[upper(1), upper(6), Category("bonus", when(n_of_a_kind(3), total)), Category("chance", total)],
        columns=[
            Column("up", FillPolicy.up()),
            Column(
                "patient", FillPolicy.connected(), TurnCondition("patient", "exactly two throws", exactly_two_throws)
            ),
            Column("mid", FillPolicy.mid("sixes")),
        ],
        rules=[NoZeroInBonus()],
        players=(1, 3),
    )
