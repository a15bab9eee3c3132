"""A Yamslam game as plain text: the rack, the discard pile, each collection with its score, and the turn.

Examples:
    >>> import yamskit
    >>> print(yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1).render().splitlines()[1])
    Rack:    two_pairs x4, three_of_a_kind x4, ...
"""

from __future__ import annotations

from .chips import KINDS, ChipSet, is_yamslam, qualifying_kinds
from .game import YamslamGame
from .rules import MAX_THROWS

__all__ = ["render_yamslam"]


def _listing(chips: ChipSet) -> str:
    return ", ".join(f"{k.value} x{chips.count(k)}" for k in chips.kinds) or "-"


def render_yamslam(game: YamslamGame) -> str:
    """The rack, the discard pile, each collection with its score, and the turn, as plain text.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam", mode="solo").new_game(players=["Ann"], seed=1)
        >>> print(render_yamslam(g).splitlines()[-1])
        Ann to throw
    """

    scores = game.result().details["players"]
    lines = [
        f"Yamslam ({game.variant.mode})",
        f"Rack:    {_listing(game.rack)}",
        f"Discard: {_listing(game.discard)}",
    ]
    current = game.variant.side(game.current_player)
    for s, (name, chips) in enumerate(zip(game.side_names, game.collections, strict=True)):
        t = next(entry for entry in scores if entry["name"] == name)
        marker = "  <- to play" if s == current and not game.is_over else ""
        lines.append(f"{name}: {_listing(chips)} = {t['chip_points']} + bonuses {t['bonuses']} = {t['total']}{marker}")
    if game.is_over:
        winners = game.result().winner_names
        lines.append(f"Game over; {'winner' if len(winners) == 1 else 'winners'}: {', '.join(winners)}")
    elif game.second_pick:
        lines.append(f"{game.players[game.current_player]} takes the Yamslam's second chip")
    elif game.turn.has_thrown:
        dice = game.turn.dice
        fits = [k.value for k in (KINDS if is_yamslam(dice) else qualifying_kinds(dice)) if k in game.rack]
        lines.append(
            f"{game.players[game.current_player]}: throw {game.turn.throws_used} of {MAX_THROWS}, dice {dice}"
            + (" (Yamslam!)" if is_yamslam(dice) else "")
            + f"; may take: {', '.join(fits) or 'nothing'}"
        )
    else:
        lines.append(f"{game.players[game.current_player]} to throw")
    return "\n".join(lines)
