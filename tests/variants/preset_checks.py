"""Checks shared by the playout tests of the one-column presets (Yatzy, Yacht, Generala, Crag): every step of a game.

`play_and_check` plays a game to its end through ``legal_actions()``/``apply()`` and, at
every step, checks what the design asks of every variant (`tests.playout.check_step`: every
legal action applies, illegal probes raise and change nothing, the wrong player is refused,
the JSON save reads back), plus what a one-column sheet promises: each player fills one box
per turn and the game ends after as many rounds as the sheet has boxes (or at once, on a
rule's event: `check_turns` names the only way), the total is the sum
of the boxes plus the upper bonus, the notation reads back to the same position (and both
go on alike), and the witness game of the position reaches it. The probes throw and keep
the variant's own dice (three for Crag), and one more or one fewer.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

import yamskit
from tests.playout import check_step
from yamskit import Roll, Score, Scratch
from yamskit.dice import MAX_DICE, dice_tables
from yamskit.position.witness import difference
from yamskit.scorecard import ScorecardGame, ScorecardVariant


def placements(game: ScorecardGame, player: int) -> int:
    """How many boxes ``player`` has filled (Score or Scratch moves in the history)."""
    return sum(1 for m in game.history if m.player == player and isinstance(m.action, (Score, Scratch)))


def check_totals(game: ScorecardGame, bonus: tuple[int, int] | None, *, paid: int = 0) -> None:
    """Each total is the sum of the boxes plus ``bonus`` (threshold, points) when the number boxes reach it.

    ``paid``: the points a further five of a kind may earn beside the boxes (0: the sheet pays none);
    what a player holds beside the boxes is a whole number of them.
    """
    for p, sheet in enumerate(game.sheets):
        boxes = sum(cell.value for cell in sheet.cells[0])
        upper = sum(cell.value for cell in sheet.cells[0][:6])
        extra = bonus[1] if bonus is not None and upper >= bonus[0] else 0
        assert game.result().scores[p] == boxes + extra + sheet.extra
        assert sheet.extra == 0 if not paid else sheet.extra % paid == 0


def ended_at_once(game: ScorecardGame) -> bool:
    """Whether the last move wrote a box that ends the game at once (a rule's ``ends_game`` says so)."""
    moves = list(game.history)
    if not moves or not isinstance(moves[-1].action, Score):
        return False
    return game.ended is not None and game.ended.player == moves[-1].player


def check_turns(game: ScorecardGame) -> None:
    """Players fill boxes in turn, one a turn; the game ends when every box is filled, or at once on a rule's event.

    An early end names the player of the last move, which scored a box, and one of the
    variant's end reasons; the winner is that player alone.
    """
    boxes = len(game.variant.rows)
    counts = [placements(game, p) for p in range(len(game.players))]
    assert max(counts) - min(counts) <= 1
    assert max(counts) <= boxes
    if game.ended is not None:
        assert game.is_over
        assert ended_at_once(game)
        assert game.ended.reason in game.rules.end_reasons
        assert game.result().winners == (game.ended.player,)
        return
    assert game.is_over == (min(counts) == boxes)
    if game.is_over:
        assert all(not c.is_empty for sheet in game.sheets for c in sheet.cells[0])


def candidates(game: ScorecardGame) -> list[Any]:
    """Plausible actions, legal or not, to probe every rule: throws of the variant's dice, one die more or less."""
    rng = random.Random(len(game.history))
    rows = game.variant.rows
    count = game.rules.dice
    tables = dice_tables(count)  # the five-dice tables are KEEPS and ROLLS: the same probes as before
    probes = [
        Roll(),
        Roll(keep=rng.choice(tables.keeps)),
        Roll(keep=game.dice, outcome=""),
        Roll(outcome=str(rng.choice(tables.rolls))),
        Score(rng.choice(rows)),
        Scratch(rng.choice(rows)),
        Score("chance", "other"),
        Score("yams"),
    ]
    if count != 5:  # a throw of one die too many or too few: refused, naming the count
        probes.append(Roll(outcome="6" * min(count + 1, MAX_DICE)))
        if count > 1:
            probes.append(Roll(outcome="6" * (count - 1)))
    return probes


def _same_position(a: Any, b: Any) -> bool:
    return type(a) is type(b) and all(
        getattr(a, f.name) == getattr(b, f.name) for f in attrs.fields(type(a)) if f.eq and "history" not in f.name
    )


def check_notation(variant: ScorecardVariant, state: ScorecardGame) -> ScorecardGame:
    """The notation reads back to the same position, which writes the same text; returns the position read."""
    text = state.to_notation()
    back = variant.from_notation(text)
    assert _same_position(back, state), text
    assert back.to_notation() == text
    assert yamskit.from_notation(text).variant == variant
    return back


def check_witness(variant: ScorecardVariant, state: ScorecardGame) -> None:
    """The witness game of the position reaches it (in every field but the dice stream and the history)."""
    reached = variant.witness(state).to_game(variant=variant)
    assert difference(reached, state) is None
    assert reached == attrs.evolve(state, stream=reached.stream, history=reached.history)


def play_and_check(
    variant: ScorecardVariant,
    players: int,
    rng: random.Random,
    *,
    bonus: tuple[int, int] | None,
    every: int = 1,
    witness_every: int = 7,
    paid: int = 0,
    choose: Any = None,
) -> tuple[ScorecardGame, ScorecardGame, list[Any]]:
    """Play one random game, checking the invariants every ``every``-th step: the first and last states, the actions.

    ``bonus`` is the sheet's upper bonus as its rule page states it: (threshold, points), or ``None``;
    ``paid`` the points of a further five of a kind beside the boxes (`check_totals`); ``choose(state,
    rng)`` picks each action (a uniformly random legal one by default).
    """
    names = [f"P{i}" for i in range(players)]
    state = start = variant.new_game(players=names, seed=rng.randrange(2**32), first_player=rng.randrange(players))
    chosen: list[Any] = []
    for step in range(10_000):
        check_totals(state, bonus, paid=paid)
        check_turns(state)
        if step % every == 0 or state.is_over:
            check_step(state, candidates(state), apply_all=players == 1)
            back = check_notation(variant, state)
            if not state.is_over:
                action = rng.choice(list(state.legal_actions()))
                assert _same_position(back.apply(action), state.apply(action))
        if step % witness_every == 0 or state.is_over:
            check_witness(variant, state)
        if state.is_over:
            assert list(state.legal_actions()) == []
            if state.ended is None:
                assert sum(placements(state, p) for p in range(players)) == players * len(variant.rows)
            return start, state, chosen
        action = rng.choice(list(state.legal_actions())) if choose is None else choose(state, rng)
        chosen.append(action)
        state = state.apply(action)
    raise AssertionError("the game did not end")
