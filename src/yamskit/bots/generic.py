"""The strong bot of a family that registers no strategy: one throw of exact lookahead through the protocol.

A family defined outside the package (or one whose `yamskit.adapters.EdgeAdapter`
leaves ``choose`` empty) is played by `choose_generic`, which reads only the game
protocol: the legal actions, ``apply``, ``chance_outcomes`` and ``result()``.

* An action that ends the turn (anything but a `yamskit.Roll`) is worth the score
  margin it leaves: the score the player's side has in ``result()`` after it, less the
  best other side's (solitaire: the score itself).
* A throw is worth the exact expectation, over its outcomes, of the best action that
  ends the turn after it (one throw ahead). When the legal throws have too many outcomes
  together (more than `MAX_OUTCOMES`), the bot keeps everything it may instead of searching.
* The bot throws when a throw is worth more than the best end, else it ends the turn;
  ties go to the first legal action, so games are reproducible.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("classic").new_game(seed=1)
    >>> choose_generic(g.apply(yamskit.Roll(outcome="66666")))
    Score(row='yams', column=None)
    >>> choose_generic(g.apply(yamskit.Roll(outcome="12346")))  # one throw for the large straight
    Roll(keep=Dice.parse('1234'), outcome=None)
"""

from __future__ import annotations

from ..actions import Action, Roll
from ..errors import YamskitError
from ..game import GameState

__all__ = ["MAX_OUTCOMES", "choose_generic", "margin"]

#: The most throw outcomes (all legal throws together) the generic bot looks through in one decision.
MAX_OUTCOMES = 2_000


def margin(state: GameState, seat: int) -> float:
    """What ``state`` is worth to ``seat``: its side's score less the best other side's (its own score alone).

    A state whose result cannot be read yet is worth 0.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(players=["A", "B"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="66666")).apply(yamskit.Score("yams"))
        >>> margin(g, 0), margin(g, 1)
        (50.0, -50.0)
    """
    try:
        result = state.result()
    except YamskitError:
        return 0.0
    side = next((set(team.seats) for team in result.teams if seat in team.seats), {seat})
    mine = next((team.score for team in result.teams if seat in team.seats), result.scores[seat])
    others = [
        next((team.score for team in result.teams if s in team.seats), result.scores[s])
        for s in range(len(result.scores))
        if s not in side
    ]
    return float(mine - max(others)) if others else float(mine)


def _best_end(state: GameState, seat: int) -> tuple[float, Action] | None:
    best: tuple[float, Action] | None = None
    for action in state.legal_actions():
        if isinstance(action, Roll):
            continue
        value = margin(state.apply(action), seat)
        if best is None or value > best[0] + 1e-9:
            best = (value, action)
    return best


def choose_generic(state: GameState, *, depth: int = 1) -> Action:
    """The generic strong bot's action in ``state`` (always legal): see the module docs.

    ``depth`` 0 ends the turn as soon as it may (no lookahead); any other depth looks
    one throw ahead.

    Raises:
        YamskitError: ``state`` has no legal action (the game is over).

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("classic").new_game(seed=3)
        >>> choose_generic(g)
        Roll(keep=Dice.parse(''), outcome=None)
    """
    actions = list(state.legal_actions())
    if not actions:
        raise YamskitError("no legal action to choose from: the game is over")
    seat = state.current_player
    rolls = [a for a in actions if isinstance(a, Roll)]
    best_end = _best_end(state, seat)
    if best_end is None:
        return rolls[0] if rolls else actions[0]
    if not rolls or depth <= 0:
        return best_end[1]
    throws = [(roll, state.chance_outcomes(roll.keep)) for roll in rolls]
    if sum(len(outcomes) for _, outcomes in throws) > MAX_OUTCOMES:
        return best_end[1]
    best = best_end
    for roll, outcomes in throws:
        value = 0.0
        for thrown, chance in outcomes:
            after = _best_end(state.apply(thrown), seat)
            value += float(chance) * (after[0] if after is not None else margin(state, seat))
        if value > best[0] + 1e-9:
            best = (value, roll)
    return best[1]
