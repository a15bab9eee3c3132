"""Plain-text views of results and duels, for terminals, logs and docs.

`render_result` ranks the players (with their team, and team totals, where there
are teams); `render_duels` lists the duels of a Competitive Yams result. The sheets'
own view, `render_scorecard`, and the rule summary `describe_scorecard` live in
`yamskit.scorecard.text` and are exported here too.

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=1)
    >>> print(render_result(g.result()).splitlines()[-1])
    Draw: Ann, Bob
"""

from __future__ import annotations

from typing import Any

from .result import Result
from .scorecard.text import describe_scorecard, render_scorecard, table

__all__ = ["describe_scorecard", "render_duels", "render_result", "render_scorecard"]


def render_result(result: Result) -> str:
    """The ranking: place, player, team (where there are teams) and score, then the team totals and the winner.

    Examples:
        >>> import yamskit
        >>> from yamskit.game import Result
        >>> print(render_result(Result.from_scores(["Ann", "Bob", "Cy"], [120, 150, 120])))
        Place  Player  Score
        1      Bob       150
        2      Ann       120
        2      Cy        120
        Winner: Bob

        A game won on points (`Result.from_points`: Balut) shows the points, then the total that breaks ties:

        >>> print(render_result(Result.from_points(["Ann", "Bob"], [7, 7], [410, 455])).splitlines()[1])
        1      Bob          7    455
    """
    teams = result.teams
    team_of = {seat: team.name for team in teams for seat in team.seats}
    totals = result.totals
    rows = [
        [
            "Place",
            "Player",
            *(["Team"] if teams else []),
            "Points" if totals else "Score",
            *(["Total"] if totals else []),
        ]
    ]
    for place, group in enumerate(result.ranking, start=1):
        for seat in group:
            team = [team_of.get(seat, "")] if teams else []
            total = [str(totals[seat])] if totals else []
            rows.append([str(place), result.players[seat], *team, str(result.scores[seat]), *total])
    lines = table(rows, [False, False, *([False] if teams else []), True, *([True] if totals else [])])
    if teams:
        lines.append("Team totals: " + ", ".join(f"{team.name} {team.score}" for team in teams))
    lines.append(result.headline)
    return "\n".join(lines)


def render_duels(result: Result) -> str:
    """The duel table of a Competitive Yams result: one line per duel, then each player's duel score.

    Each line shows the column and its coefficient, both players with their raw
    score (boxes plus upper bonus) and clean bonus, the multiplier, the difference
    and the points the first player wins (the second loses as many).

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("competitive", coefficients={c: 10 for c in yamskit.variant("competitive").columns})
        >>> g = v.new_game(players=["Ann", "Bob"], seed=1)
        >>> g = g.apply(yamskit.Roll(outcome="66666")).apply(yamskit.Score("yams", "free"))
        >>> print(render_duels(g.result()).splitlines()[2])
        free       10  Ann    100         Bob      0         5         100    5000
        >>> render_duels(yamskit.variant("classic").new_game(seed=1).result())
        'No duels: this result is not from a Competitive Yams game.'
    """
    details: Any = result.details
    if not isinstance(details, dict) or not details.get("duels"):
        return "No duels: this result is not from a Competitive Yams game."
    rows = [["Column", "Coef", "Player", "Raw", "Clean", "Opponent", "Raw", "Clean", "x", "Difference", "Points"]]
    for duel in details["duels"]:
        a, b = duel["pair"]
        clean = ["+200" if c else "" for c in duel["clean"]]
        rows.append(
            [
                duel["column"],
                str(duel["coefficient"]),
                result.players[a],
                str(duel["raw"][0]),
                clean[0],
                result.players[b],
                str(duel["raw"][1]),
                clean[1],
                str(duel["multiplier"]),
                str(duel["difference"]),
                str(duel["points"][0]),
            ]
        )
    right = [False, True, False, True, True, False, True, True, True, True, True]
    lines = table(rows, right)
    lines.append("Duel scores: " + ", ".join(f"{n} {s}" for n, s in zip(result.players, result.scores, strict=True)))
    return "\n".join(lines)
