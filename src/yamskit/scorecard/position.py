"""Positions of scorecard games (classic, Yahtzee, Challenge, Competitive and user variants).

`check_scorecard` raises unless some game can reach a `ScorecardGame`:

* ``row_values`` — every box holds a value its row's scorer gives for one of the rolls
  of the variant's dice (252 for five), or one a placement rule writes (a *sec* maximum); no plain 0 where every 0 is
  written as a cross (Competitive Yams);
* ``no_scratch`` — a crossed-out box only where boxes can be crossed out;
* ``bonus_points`` — points beside the boxes only as whole five-of-a-kind bonuses, with
  the five-of-a-kind box holding points and enough other boxes a five of a kind can fill;
* ``fill_order`` — the filled boxes of a column are a shape its fill order can make;
* ``box_order`` — the boxes of a category scored several times (Balut's) fill in order:
  a box is filled only when the one above it is;
* ``plus_above_minus`` and ``sum_pair`` — the constraints between boxes;
* ``column_weights`` — coefficients where the variant deals them;
* ``turn_order`` — each player has filled as many boxes as the seats say;
* ``throws``, ``kept``, ``challenge``, ``finished_game``, ``stranded`` — the turn;
* ``early_end`` — a game ended at once by a rule (`ScorecardGame.ended`): one of the
  variant's end reasons, the winner the seat before the one to play, and a last turn of
  the winner's that the rule ends the game on (the witness finds it).

The rules between boxes and the bonuses come from the placement rules' hooks (see
`yamskit.scorecard.placement`): ``box_values`` for ``row_values``, ``crosses_out`` for
``no_scratch``, ``extra_points`` and ``check_position`` for ``bonus_points``,
``plus_above_minus`` and ``sum_pair``. A variant with a placement rule that does not
say which values it writes is checked without ``row_values`` and ``bonus_points``.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("classic")
    >>> g = scorecard_position(v, ["Ann"], sheets=[{"yams": 50, "ones": 3}], dice="66612", throws=2, seed=1)
    >>> g.cell(0, "yams").points, g.turn.throws_used
    (50, 2)
    >>> [str(move.action) for move in check_scorecard(g).moves][:2]  # a game that reaches it
    ['roll 11122', 'score ones']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import Roll, Score
from ..dice import Dice, DiceStream, dice_tables
from ..errors import YamskitError, brief
from ..history import Move
from ..position.errors import ImpossibleSheetError, ImpossibleTurnError, PositionArgumentError
from ..position.turns import argument, build_turn, check_stream_of, check_turn, make_stream, players_of, seat
from ..position.witness import Witness, verify
from ..turn import MAX_SAVED
from .rules import EarlyEnd, ScorecardRules, SheetVariant
from .sheet import EMPTY, SCRATCHED, Cell, FillPolicy, Sheet
from .state import ScorecardGame
from .witness import witness_of

__all__ = ["check_scorecard", "describe_values", "row_values", "scorecard_position"]

CellValue = int | str | Cell | None


def describe_values(values: frozenset[int] | set[int]) -> str:
    """The values, sorted, with runs of three or more written as ranges.

    Examples:
        >>> describe_values({0, 5, 6, 7, 8, 30})
        '0, 5-8, 30'
    """
    ordered = sorted(values)
    parts: list[str] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{ordered[i]}-{ordered[j]}")
            i = j + 1
        else:
            parts.append(str(ordered[i]))
            i += 1
    return ", ".join(parts)


def row_values(rules: ScorecardRules) -> tuple[frozenset[int], ...] | None:
    """The points each row's box can hold (a cross aside), or ``None`` when a placement rule does not say.

    The same as ``rules.box_values``: the values the row's scorer gives over the rolls of
    the variant's dice (252 for five), as each placement rule's ``box_values`` hook changes them (a *sec* adds its
    values; Competitive Yams' zeros are crosses, so no plain 0).

    Examples:
        >>> import yamskit
        >>> describe_values(row_values(yamskit.variant("classic").rules)[0])
        '0-5'
        >>> describe_values(row_values(yamskit.variant("competitive").rules)[6])
        '20-30'
        >>> describe_values(row_values(yamskit.variant("crag").rules)[0])
        '0-3'
    """
    return rules.box_values


def _can_cross(rules: ScorecardRules) -> bool:
    return rules.allow_scratch or any(getattr(rule, "crosses_out", False) for rule in rules.placement_rules)


def _shape_ok(policy: FillPolicy, rows: tuple[str, ...], filled: tuple[bool, ...]) -> bool:
    taken = [i for i, f in enumerate(filled) if f]
    if not taken or policy.kind == "free":
        return True
    if policy.kind == "down":
        return taken == list(range(len(taken)))
    if policy.kind == "up":
        return taken == list(range(len(rows) - len(taken), len(rows)))
    block = taken == list(range(taken[0], taken[-1] + 1))
    if policy.kind == "mid":
        return block and any(taken[0] <= rows.index(r) <= taken[-1] for r in policy.first)
    return block


def _box(game: ScorecardGame, player: int, row: int, column: int) -> str:
    rules = game.rules
    where = f"{game.players[player]}'s box {rules.row_ids[row]!r}"
    return where if len(rules.columns) == 1 else f"{where} in column {rules.column_ids[column]!r}"


def _check_cells(game: ScorecardGame) -> None:
    rules = game.rules
    values, crossing = row_values(rules), _can_cross(rules)
    for p, sheet in enumerate(game.sheets):
        if len(sheet.cells) != len(rules.columns) or any(len(col) != len(rules.rows) for col in sheet.cells):
            raise ImpossibleSheetError(
                f"{game.players[p]}'s sheet must be {len(rules.columns)} columns of {len(rules.rows)} boxes",
                rule="row_values",
            )
        for c, column in enumerate(sheet.cells):
            for r, cell in enumerate(column):
                if cell.scratched and not crossing:
                    raise ImpossibleSheetError(
                        f"{_box(game, p, r, c)} is crossed out, but {game.variant.name} has no crossing out",
                        rule="no_scratch",
                    )
                if cell.points is not None and values is not None and cell.points not in values[r]:
                    row = rules.row_ids[r]
                    raise ImpossibleSheetError(
                        f"{_box(game, p, r, c)}: no roll gives {cell.points} in {row} "
                        f"(it can hold {describe_values(values[r])})",
                        rule="row_values",
                    )


def _check_extra(game: ScorecardGame) -> None:
    """Points beside the boxes: whole points, and only where a known rule pays some (its hook checks how many)."""
    rules = game.rules
    if row_values(rules) is None:
        return
    pays = any(getattr(rule, "extra_points", 0) for rule in rules.placement_rules)
    for p, sheet in enumerate(game.sheets):
        who = f"{game.players[p]}'s points beside the boxes ({sheet.extra})"
        if type(sheet.extra) is not int or sheet.extra < 0:
            raise ImpossibleSheetError(f"{who} must be whole points from 0", rule="bonus_points")
        if sheet.extra and not pays:
            raise ImpossibleSheetError(
                f"{who}: {game.variant.name} pays no bonus beside the boxes", rule="bonus_points"
            )


def _check_shapes(game: ScorecardGame) -> None:
    rules = game.rules
    for p, sheet in enumerate(game.sheets):
        for c, column in enumerate(rules.columns):
            if not _shape_ok(column.policy, rules.row_ids, sheet.filled(c)):
                filled = ", ".join(rules.row_ids[r] for r, f in enumerate(sheet.filled(c)) if f)
                raise ImpossibleSheetError(
                    f"{game.players[p]}'s column {brief(column.id)} fills {column.policy.describe()}, "
                    f"so it cannot have exactly these boxes filled: {filled}",
                    rule="fill_order",
                )


def _check_box_order(game: ScorecardGame) -> None:
    """A category's later box is filled only after the box above it (``Score(id)`` fills the first free one)."""
    rules = game.rules
    previous: dict[str, int] = {}  # each category's box met last, top to bottom
    above = []
    for r, row in enumerate(rules.rows):
        above.append(previous.get(row.head, -1))
        previous[row.head] = r
    for p, sheet in enumerate(game.sheets):
        for c in range(len(rules.columns)):
            filled = sheet.filled(c)
            for r, row in enumerate(rules.rows):
                if filled[r] and above[r] >= 0 and not filled[above[r]]:
                    raise ImpossibleSheetError(
                        f"{_box(game, p, r, c)} is filled but {rules.row_ids[above[r]]!r} above it is empty: "
                        f"the boxes of {row.head!r} fill in order, each Score({row.head!r}) the first free one",
                        rule="box_order",
                    )


def _check_rules(game: ScorecardGame) -> None:
    """What each placement rule forbids on the sheets (its ``check_position`` hook)."""
    for rule in game.rules.placement_rules:
        check = getattr(rule, "check_position", None)
        if check is not None:
            check(game)


def _check_weights(game: ScorecardGame) -> None:
    rules, weights = game.rules, game.column_weights
    size = len(rules.columns)
    if rules.setup is None:
        if weights:
            raise ImpossibleSheetError(
                f"{game.variant.name} has no column coefficients, not {list(weights)}", rule="column_weights"
            )
        return
    if len(weights) != size or any(type(w) is not int or not 0 <= w <= 10**6 for w in weights):
        raise ImpossibleSheetError(
            f"column weights must be {size} whole numbers, one per column, not {list(weights)}", rule="column_weights"
        )
    check = getattr(rules.setup, "check_weights", None)  # a setup may say which weights it deals
    if check is not None:
        try:
            check(weights)
        except YamskitError as error:
            raise ImpossibleSheetError(str(error), rule="column_weights") from None


def _check_seats(game: ScorecardGame) -> None:
    n, players = len(game.players), game.players
    if len(game.sheets) != n:
        raise ImpossibleTurnError(f"{n} players need {n} sheets, not {len(game.sheets)}", rule="turn_order")
    for value, what in ((game.current_player, "current_player"), (game.first_player, "first_player")):
        if type(value) is not int or not 0 <= value < n:
            raise ImpossibleTurnError(f"{what} must be a seat from 0 to {n - 1}, not {brief(value)}", rule="seats")
    empties = [sheet.empty_count for sheet in game.sheets]
    current, first = game.current_player, game.first_player
    if game.ended is not None:
        _check_ended(game, game.ended)
    elif game.is_over:
        if current != first:
            raise ImpossibleTurnError(
                f"every box is filled, so the last turn was the seat before {players[first]} and "
                f"{players[first]} would be next, not {players[current]}",
                rule="turn_order",
            )
        return
    order = [(first + i) % n for i in range(n)]
    now = order.index(current)
    for i, p in enumerate(order):
        expected = empties[current] - (1 if i < now else 0)
        if empties[p] != expected:
            raise ImpossibleTurnError(
                f"{players[current]} is to play and {players[first]} played first, so {players[p]} should have "
                f"{expected} empty boxes, not {empties[p]} (one box is filled per turn)",
                rule="turn_order",
            )


def _check_ended(game: ScorecardGame, ended: EarlyEnd) -> None:
    """A game ended at once: by one of the variant's rules, on the turn of the seat before the one to play."""
    n, players = len(game.players), game.players
    reasons = game.rules.end_reasons
    if ended.reason not in reasons:
        known = ", ".join(repr(r) for r in reasons) or "none: no rule of it ends a game at once"
        raise ImpossibleTurnError(
            f"{game.variant.name} does not end at once for {brief(ended.reason)} (reasons: {known})", rule="early_end"
        )
    if type(ended.player) is not int or not 0 <= ended.player < n:
        raise ImpossibleTurnError(
            f"the winner must be a seat from 0 to {n - 1}, not {brief(ended.player)}", rule="seats"
        )
    if (ended.player + 1) % n != game.current_player:
        raise ImpossibleTurnError(
            f"the game ended on {players[ended.player]}'s turn, so {players[(ended.player + 1) % n]} would be next, "
            f"not {players[game.current_player]}",
            rule="early_end",
        )
    if game.sheets[ended.player].empty_count == sum(len(column) for column in game.sheets[ended.player].cells):
        raise ImpossibleTurnError(
            f"the game ended on {players[ended.player]}'s turn, but {players[ended.player]}'s sheet is empty",
            rule="early_end",
        )


def _ended_witness(game: ScorecardGame, ended: EarlyEnd) -> Witness:
    """A game reaching ``game``, which a rule ended at once: a game to the winner's last turn, then that turn.

    Each box the winner has filled is tried as the last: the position without it (the winner
    to throw) must be reachable, and some roll thrown once and scored there must write the box
    as it stands and end the game for ``ended.reason``.
    """
    rules = game.rules
    p = ended.player
    sheet = game.sheets[p]
    refusals: list[str] = []
    for c, column in enumerate(sheet.cells):
        for r, cell in enumerate(column):
            if cell.points is None:
                continue
            before = ScorecardGame(
                variant=game.variant,
                players=game.players,
                sheets=(*game.sheets[:p], sheet.with_cell(r, c, EMPTY), *game.sheets[p + 1 :]),
                current_player=p,
                turn=build_turn(dice=None, throws=None, kept="", max_throws=rules.max_throws, dice_count=rules.dice),
                stream=game.stream,
                first_player=game.first_player,
                column_weights=game.column_weights,
            )
            score = Score(rules.decision_row(r), rules.column_ids[c] if len(rules.columns) > 1 else None)
            for roll in dice_tables(rules.dice).rolls:
                try:
                    after = before.apply(Roll(outcome=roll)).apply(score)
                except YamskitError:
                    continue
                if after.ended == ended and after.sheets == game.sheets:
                    break
            else:
                continue
            try:
                reached = check_scorecard(before)
            except YamskitError as error:
                refusals.append(str(error))
                continue
            moves = (*reached.moves, Move(p, Roll(outcome=roll)), Move(p, score))
            return Witness(game.variant, game.players, game.stream.seed, reached.setup, moves)
    why = f": {refusals[0]}" if refusals else ""
    raise ImpossibleSheetError(
        f"no last turn of {game.players[p]}'s writes a box as it stands and ends the game ({ended.reason}){why}",
        rule="early_end",
    )


def check_scorecard(game: ScorecardGame) -> Witness:
    """Raise a `PositionError` subclass unless some game of its variant can reach ``game``; return that game.

    The rules checked are listed in the module docs; then a game reaching ``game`` is
    built (`yamskit.scorecard.witness`) and replayed. ``game.history`` is not looked at.

    Examples:
        >>> import attrs, yamskit
        >>> from yamskit import Cell
        >>> g = yamskit.variant("classic").new_game(seed=1)
        >>> bad = attrs.evolve(g, sheets=(g.sheets[0].with_cell(0, 0, Cell(points=99)),))
        >>> check_scorecard(bad)  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        ImpossibleSheetError: Player 1's box 'ones': no roll gives 99 in ones (it can hold 0-5)
    """
    rules = game.rules
    players_of(list(game.players), rules.players[0], rules.players[1])
    _check_seats(game)
    _check_cells(game)
    _check_extra(game)
    _check_shapes(game)
    _check_box_order(game)
    _check_rules(game)
    _check_weights(game)
    check_turn(game.turn, max_throws=rules.max_throws, dice_count=rules.dice, game=game.variant.name)
    check_stream_of(game.stream)
    if game.turn.has_thrown and game.is_over:
        why = f"the game ended at once ({game.ended.reason})" if game.ended else "every box is filled"
        raise ImpossibleTurnError(f"{why}: no turn is under way", rule="finished_game")
    if game.turn.has_thrown and not game.legal_actions():
        raise ImpossibleTurnError(
            f"{game.players[game.current_player]} would have no legal action with dice {game.turn.dice} "
            f"after {game.turn.throws_used} throws",
            rule="stranded",
        )
    witness = witness_of(game) if game.ended is None else _ended_witness(game, game.ended)
    verify(witness, game)
    return witness


# ------------------------------------------------------------------ building
def _cell(value: CellValue, where: str) -> Cell:
    if isinstance(value, Cell):
        return value
    if value is None:
        return EMPTY
    if isinstance(value, str) and value.lower() == "x":
        return SCRATCHED
    if type(value) is int and 0 <= value < 10**6:
        return Cell(points=value)
    raise ImpossibleSheetError(
        f"{where}: a box holds whole points from 0, 'x' or None, not {brief(value)}", rule="row_values"
    )


def _by_seat(value: Any, players: tuple[str, ...], what: str) -> list[Any]:
    """A per-player argument given by seat (a sequence) or by name (a mapping); missing -> None."""
    if value is None:
        return [None] * len(players)
    if isinstance(value, Mapping):
        out: list[Any] = [None] * len(players)
        for key, item in value.items():
            out[seat(players, key, what)] = item
        return out
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) > len(players):
        raise ImpossibleTurnError(
            f"{what} must be one entry per player (a list by seat or a dict by name), not {brief(value)}", rule="seats"
        )
    return [*value, *([None] * (len(players) - len(value)))]


def _sheet(variant: SheetVariant, spec: Any, extra: Any, name: str) -> Sheet:
    rules = variant.rules
    cells = [[EMPTY] * len(rules.rows) for _ in rules.columns]
    if spec is not None and not isinstance(spec, Mapping):
        raise ImpossibleSheetError(f"{name}'s sheet must be a dict of boxes, not {brief(spec)}", rule="row_values")
    for key, value in (spec or {}).items():
        if isinstance(key, tuple) and len(key) == 2:
            entries = [(key[0], key[1], value)]
        elif isinstance(value, Mapping):
            entries = [(row, key, v) for row, v in value.items()]
        else:
            entries = [(key, None, value)]
        for row, column, v in entries:
            r, c = rules.row_index(row), rules.column_index(column)
            where = f"{name}'s box {rules.row_ids[r]!r}" + (
                f" in column {rules.column_ids[c]!r}" if len(rules.columns) > 1 else ""
            )
            cells[c][r] = _cell(v, where)
    if extra is not None and (type(extra) is not int or extra < 0):
        raise ImpossibleSheetError(
            f"{name}'s points beside the boxes must be whole points from 0, not {brief(extra)}", rule="bonus_points"
        )
    return Sheet(tuple(tuple(col) for col in cells), extra or 0)


def _first_player(sheets: Sequence[Sheet], current: int) -> int:
    n = len(sheets)
    empties = [s.empty_count for s in sheets]
    for step in range(1, n):
        p = (current + step) % n
        if empties[p] == empties[current] - 1:
            return p
    return current


def scorecard_position(
    variant: SheetVariant,
    players: Sequence[str] | None = None,
    *,
    sheets: Sequence[Mapping[Any, Any] | None] | Mapping[str, Mapping[Any, Any]] | None = None,
    extra: Sequence[int] | Mapping[str, int] | None = None,
    current_player: int | str | None = None,
    first_player: int | str | None = None,
    dice: Dice | str | Sequence[int] | None = None,
    throws: int | None = None,
    kept: Dice | str | Sequence[int] = "",
    seed: int | None = None,
    draws: int | None = None,
    column_weights: Sequence[int] | Mapping[str, int] | None = None,
    totals: Sequence[int | None] | Mapping[str, int] | None = None,
    ended: int | str | EarlyEnd | None = None,
    saved_throws: Sequence[int] | Mapping[str, int] | None = None,
) -> ScorecardGame:
    """A position set up from paper, checked against what a game can reach; its history is empty.

    Args:
        players: names in seat order (default ``Player 1``... for the fewest players).
        sheets: each player's boxes, by seat (a list) or by name (a dict). A sheet is
            ``{row: value}`` for one-column variants, ``{column: {row: value}}`` or
            ``{(row, column): value}`` otherwise; a value is points, ``"x"`` (crossed
            out) or ``None`` (empty). Boxes not named are empty.
        extra: each player's points beside the boxes (classic's Yams bonuses).
        current_player: the player to act, by index or name (default seat 0; after a game
            that ended at once, the seat after the winner).
        first_player: who played first (default: the seat the filled boxes point to).
        dice: the dice showing (as many as the variant throws), if the player has thrown this turn.
        throws: throws used this turn (default 1 with dice, else 0).
        kept: the dice held back in the last throw (default none: all the dice thrown).
        seed: the dice stream's seed (default a fresh random one).
        draws: faces already drawn from the stream (default: what a new game's setup draws).
        column_weights: per-column coefficients, a list or ``{column: weight}``
            (default: dealt from the seed, as a new game does).
        totals: the totals written on paper, to check: each player's score as
            ``result()`` counts it (boxes, bonuses and extra points; duel points in
            Competitive Yams). ``None`` for a player skips the check.
        ended: for a game a rule ended at once, the winner (by index or name: the
            variant's first end reason), or the `EarlyEnd` itself.
        saved_throws: in a game with saved throws (Maxi Yatzy), each player's store, by
            seat or by name (default none saved); the player to act's is the store the turn
            began with, which its throws past ``max_throws`` spend.

    Raises:
        PositionError: a value no game can reach; the message names the box and the
            rule, ``error.rule`` its id (see `yamskit.position`).
        UnknownActionError: an unknown row or column id.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("generala").position(["Ann", "Bob"], sheets=[{"generala": 50}, {}], ended="Ann")
        >>> g.is_over, g.result().winner_names, g.players[g.current_player]
        (True, ('Ann',), 'Bob')
        >>> v = yamskit.variant("challenge")
        >>> g = v.position(["Ann"], sheets=[{"descending": {"ones": 3, "twos": 4}}], dice="12345")
        >>> g.cell(0, "twos", "descending").points, g.is_legal(yamskit.Score("threes", "descending"))
        (4, True)
    """
    rules = variant.rules
    names = players_of(
        players if players is not None else [f"Player {i + 1}" for i in range(rules.players[0])],
        rules.players[0],
        rules.players[1],
    )
    with argument("sheets"):
        specs = _by_seat(sheets, names, "sheets")
    with argument("extra"):
        extras = _by_seat(extra, names, "extra")
    with argument("sheets"):
        built = tuple(_sheet(variant, s, e, name) for s, e, name in zip(specs, extras, names, strict=True))
    early: EarlyEnd | None = None
    if ended is not None:
        with argument("ended"):
            if isinstance(ended, EarlyEnd):
                early = ended
            elif not rules.end_reasons:
                raise ImpossibleTurnError(f"{variant.name} has no rule that ends a game at once", rule="early_end")
            else:
                early = EarlyEnd(seat(names, ended, "ended"), rules.end_reasons[0])
    if current_player is None:
        current = 0 if early is None or not 0 <= early.player < len(names) else (early.player + 1) % len(names)
    else:
        current = seat(names, current_player)
    first = _first_player(built, current) if first_player is None else seat(names, first_player, "first_player")
    start = DiceStream(seed=make_stream(seed, 0).seed)
    weights: tuple[int, ...] = ()
    with argument("column_weights"):
        if isinstance(column_weights, Mapping):
            weights = tuple(column_weights.get(c, -1) for c in rules.column_ids)
            for key in column_weights:
                rules.column_index(key)
        elif column_weights is not None:
            if isinstance(column_weights, (str, bytes)):
                raise TypeError(f"give one whole number per column, not {brief(column_weights)}")
            weights = tuple(column_weights)
        elif rules.setup is not None:
            weights, start = rules.setup(start, len(names))
    if draws is not None and type(draws) is not int:
        raise PositionArgumentError(f"draws must be a whole number, not {brief(draws)}", rule="argument")
    stream = make_stream(start.seed, start.draws if draws is None else draws)
    with argument("saved_throws"):
        stores = _stores(variant, saved_throws, names)
    turn = build_turn(
        dice=dice,
        throws=throws,
        kept=kept,
        max_throws=rules.max_throws,
        dice_count=rules.dice,
        game=variant.name,
        saved=stores[current] if stores else 0,
    )
    game = ScorecardGame(
        variant=variant,
        players=names,
        sheets=built,
        current_player=current,
        turn=turn,
        stream=stream,
        first_player=first,
        column_weights=weights,
        ended=early,
        saved_throws=stores,
    )
    check_scorecard(game)
    with argument("totals"):
        _check_totals(game, _by_seat(totals, names, "totals"))
    return game


def _stores(
    variant: SheetVariant, saved_throws: Sequence[int] | Mapping[str, int] | None, names: tuple[str, ...]
) -> tuple[int, ...]:
    """Each player's store of saved throws (none without the option); whole numbers 0 to `MAX_SAVED`."""
    if not variant.rules.saved_throws:
        if saved_throws is not None:
            raise PositionArgumentError(f"{variant.name} keeps no saved throws", rule="argument")
        return ()
    stores = [0] * len(names) if saved_throws is None else _by_seat(saved_throws, names, "saved_throws")
    if isinstance(saved_throws, Mapping):  # a player not named saved none
        stores = [0 if store is None else store for store in stores]
    for name, store in zip(names, stores, strict=True):
        if type(store) is not int or not 0 <= store <= MAX_SAVED:
            raise PositionArgumentError(
                f"{name}'s saved throws must be a whole number 0 to {MAX_SAVED}, not {brief(store)}", rule="argument"
            )
    return tuple(stores)


def _check_totals(game: ScorecardGame, totals: list[Any]) -> None:
    scores = game.result().scores
    for name, written, score in zip(game.players, totals, scores, strict=True):
        if written is not None and written != score:
            raise ImpossibleSheetError(
                f"{name}'s total is written as {brief(written)}, but the boxes and bonuses make {score}", rule="totals"
            )
