"""Witnesses for scorecard positions: a game that writes every sheet exactly as it stands.

`witness_of` finds, for a `ScorecardGame`, a game of its variant that reaches it: a new
game (the same players, first player and column coefficients), then turn after turn a
throw and the placement of one box, in seat order, and last the throws of the turn under
way. The rules themselves decide what each placement writes: a turn is tried on the real
game and kept only when it writes the box's value (and points beside the boxes the sheet
has room for), so a user's placement rules take part without being known here (see
`yamskit.scorecard.witness_turns`).

What the builder needs to know of the placement rules it asks through optional hooks
(read with ``getattr``; see `yamskit.scorecard.placement`):

* ``witness_own_sheet`` (true): what the rule writes depends on the placing player's
  own sheet and the turn only (a joker, a Yams bonus, plus above minus). When every rule
  says so, each player's boxes are ordered alone and the players' turns interleave freely.
* ``witness_context(game, player, row, column)``: what of the sheet the rule's effect on
  that box depends on, so that what a turn writes is worked out once per context.
* ``witness_order(game)``: pairs ``(before, after, rule)`` of boxes ``(player, row,
  column)`` the position needs written in that order (the golden rule: the lower value
  first; a large sum before a small sum that is not below it). Turns across players are
  searched in seat order with the pairs as a guide, and a circle of pairs is refused.

One player's boxes are ordered by an exact search over the subsets of its boxes (sheets of
up to 16 boxes) or a depth-first search that remembers its dead ends; players together, by
a depth-first search over the turns in seat order. The searches give up after
`SEARCH_LIMIT` turns tried (rule ``search_limit``): a position is only accepted with a game.

Examples:
    >>> import yamskit
    >>> v = yamskit.variant("yahtzee")
    >>> state = v.position(["Ann"], sheets=[{"yams": 50, "sixes": 30}], extra=[100], seed=1)
    >>> [str(m.action) for m in witness_of(state).moves][-2:]
    ['roll 66666', 'score sixes']
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from ..actions import Roll
from ..history import Move
from ..position.errors import ImpossibleSheetError
from ..position.witness import Witness
from .state import ScorecardGame
from .witness_turns import SEARCH_LIMIT, Box, Plan, Recipe, Search

__all__ = ["SEARCH_LIMIT", "Box", "witness_of"]

#: A player's boxes are ordered by an exact search over their subsets up to this many boxes.
_EXACT_BOXES = 16


def _alone(search: Search, p: int) -> list[int]:
    """The masks of a search of ``p``'s boxes alone: the other players' sheets empty (their rules do not look)."""
    del p
    return [0] * len(search.boxes)


# ------------------------------------------------------------------ one player at a time
def _player_dfs(search: Search, p: int, goal: int, limit: int) -> Plan | None:
    """A depth-first search of an order of ``p``'s boxes (dead ends remembered); ``None`` if none within ``limit``."""
    full = (1 << len(search.boxes[p])) - 1
    masks = _alone(search, p)
    dead: set[tuple[int, int]] = set()
    path: Plan = []
    start = search.work

    def go(mask: int, extra: int) -> bool:
        if mask == full:
            return extra == goal
        if (mask, extra) in dead or search.work - start > limit:
            return False
        masks[p] = mask
        game = search.game(masks, p)
        needy = extra < goal
        for i in search.allowed(p, mask):
            gains = search.fill(game, p, i, every=needy)
            for gain in sorted(gains, reverse=needy):
                if extra + gain > goal:
                    continue
                path.append((i, gains[gain], gain))
                if go(mask | 1 << i, extra + gain):
                    return True
                path.pop()
                masks[p] = mask
        dead.add((mask, extra))
        return False

    return path if go(0, 0) else None


def _player_exact(search: Search, p: int, goal: int) -> Plan | set[int]:
    """Every order of ``p``'s boxes at once, by subsets: a plan, or the points beside the boxes the boxes allow."""
    k = len(search.boxes[p])
    masks = _alone(search, p)
    reach: dict[int, dict[int, tuple[int, int, Recipe, int] | None]] = {0: {0: None}}
    layer = [0]
    for _ in range(k):
        following: list[int] = []
        for mask in layer:
            extras = reach[mask]
            masks[p] = mask
            game = search.game(masks, p)
            for i in search.allowed(p, mask):
                gains = search.fill(game, p, i, every=True)
                if not gains:
                    continue
                new = mask | 1 << i
                entry = reach.get(new)
                if entry is None:
                    entry = reach[new] = {}
                    following.append(new)
                for extra in extras:
                    for gain, recipe in gains.items():
                        total = extra + gain
                        if total <= goal and total not in entry:
                            entry[total] = (mask, i, recipe, gain)
            search.spend()
        layer = following
    ends = reach.get((1 << k) - 1, {})
    if goal not in ends:
        return set(ends)
    path: Plan = []
    mask, extra = (1 << k) - 1, goal
    while mask:
        step = reach[mask][extra]
        assert step is not None
        mask, i, recipe, gain = step
        path.append((i, recipe, gain))
        extra -= gain
    path.reverse()
    return path


def _one_player(search: Search, p: int) -> Plan:
    goal = search.target.sheets[p].extra
    k = len(search.boxes[p])
    found = _player_dfs(search, p, goal, limit=50 * (k + 1))
    if found is not None:
        return found
    if k <= _EXACT_BOXES:
        exact = _player_exact(search, p, goal)
        if isinstance(exact, list):
            return exact
        _refuse_player(search, p, goal, exact)
    found = _player_dfs(search, p, goal, limit=SEARCH_LIMIT)
    if found is None:
        search.spend()
        _refuse_player(search, p, goal, set())
    assert found is not None
    return found


def _refuse_player(search: Search, p: int, goal: int, extras: set[int]) -> None:
    """Raise the error that names why ``p``'s sheet has no order of turns."""
    name = search.target.players[p]
    k = len(search.boxes[p])
    masks = _alone(search, p)
    for i, (r, c, cell) in enumerate(search.boxes[p]):
        writes = False
        for mask in (0, ((1 << k) - 1) & ~(1 << i)):
            masks[p] = mask
            writes = writes or bool(search.fill(search.game(masks, p), p, i, every=False))
        if not writes:
            raise ImpossibleSheetError(
                f"{search.where(p, r, c)}: no turn writes {cell} there, on an empty sheet or a full one",
                rule="placement_order",
            )
    if extras:
        allowed = ", ".join(str(e) for e in sorted(extras))
        raise ImpossibleSheetError(
            f"{name}'s points beside the boxes ({goal}): the boxes as written leave room for {allowed} only "
            "(a bonus is paid by a further five of a kind, written in a box it may fill as the sheet stands then)",
            rule="bonus_points",
        )
    raise ImpossibleSheetError(
        f"{name}'s sheet: no order of the turns writes every box as it stands with {goal} points beside the boxes",
        rule="placement_order",
    )


# ------------------------------------------------------------------ players together
def _pairs(search: Search) -> list[tuple[Box, Box, str]]:
    pairs: list[tuple[Box, Box, str]] = []
    for rule in search.rules.placement_rules:
        order = getattr(rule, "witness_order", None)
        if callable(order):
            pairs.extend(order(search.target))
    return pairs


def _edges(search: Search, pairs: Iterable[tuple[Box, Box, str]]) -> dict[Box, list[tuple[Box, str]]]:
    """The pairs, and each player's strict fill orders (``down``, ``up``), as edges ``before -> (after, rule)``."""
    after: dict[Box, list[tuple[Box, str]]] = {}
    for before, later, rule in pairs:
        after.setdefault(before, []).append((later, rule))
    for p, boxes in enumerate(search.boxes):
        for c, column in enumerate(search.rules.columns):
            if column.policy.kind not in ("down", "up"):
                continue
            rows = sorted((r for r, cc, _ in boxes if cc == c), reverse=column.policy.kind == "up")
            for a, b in itertools.pairwise(rows):
                after.setdefault((p, a, c), []).append(((p, b, c), "fill_order"))
    return after


def _check_circles(search: Search, after: dict[Box, list[tuple[Box, str]]]) -> None:
    """Refuse boxes that the pairs and the fill orders need written, in a circle, each before the next."""
    indegree: dict[Box, int] = {}
    for before, edges in after.items():
        indegree.setdefault(before, 0)
        for later, _ in edges:
            indegree[later] = indegree.get(later, 0) + 1
    ready = [box for box, d in indegree.items() if d == 0]
    while ready:
        box = ready.pop()
        for later, _ in after.get(box, ()):
            indegree[later] -= 1
            if indegree[later] == 0:
                ready.append(later)
    left = {box for box, d in indegree.items() if d > 0}
    if not left:
        return
    box = min(left)
    seen: list[Box] = []
    rules_on: list[str] = []
    while box not in seen:
        seen.append(box)
        box, rule = next((b, rl) for b, rl in after[box] if b in left)
        rules_on.append(rule)
    circle = seen[seen.index(box) :]
    rule = next((rl for rl in rules_on[seen.index(box) :] if rl != "fill_order"), "fill_order")
    names = " -> ".join(search.where(*b) for b in [*circle, circle[0]])
    raise ImpossibleSheetError(
        f"these boxes would each have to be written before the next ({names}), which no order of turns does",
        rule=rule,
    )


def _together(search: Search) -> list[tuple[int, int, Recipe, int]]:
    """The turns of every player in seat order, searched together (for rules that read other sheets)."""
    target = search.target
    pairs = _pairs(search)
    _check_circles(search, _edges(search, pairs))
    index = [{(r, c): i for i, (r, c, _) in enumerate(boxes)} for boxes in search.boxes]
    needs: dict[Box, list[tuple[Box, str]]] = {}
    waiting: dict[Box, int] = {}
    for before, later, rule in pairs:
        needs.setdefault(later, []).append((before, rule))
        waiting[before] = waiting.get(before, 0) + 1
    n = len(target.players)
    total = sum(len(b) for b in search.boxes)
    masks = [0] * n
    extras = [0] * n
    goals = [sheet.extra for sheet in target.sheets]
    dead: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    path: list[tuple[int, int, Recipe, int]] = []
    stuck: dict[str, Any] = {"turn": -1}
    rules = search.rules
    sheets = [search.sheet(p, 0) for p in range(n)]  # the sheets as the search stands, box by box
    columns = [[0] * len(rules.columns) for _ in range(n)]  # filled rows of each column, as bits
    start = search.start

    def allowed(p: int) -> list[int]:
        found = []
        for c, mask in enumerate(columns[p]):
            for r in rules.tables.open_boxes(c, mask)[0]:
                i = index[p].get((r, c))
                if i is not None:
                    found.append(i)
        return found

    def waits_for(p: int, i: int) -> tuple[Box, str] | None:
        r, c, _ = search.boxes[p][i]
        for (q, rr, cc), rule in needs.get((p, r, c), ()):
            j = index[q].get((rr, cc))
            if j is not None and not masks[q] >> j & 1:
                return (q, rr, cc), rule
        return None

    def go(t: int) -> bool:
        if t == total:
            return extras == goals
        key = (tuple(masks), tuple(extras))
        if key in dead:
            return False
        search.spend()
        p = search.order[t % n]
        game = type(target)(
            target.variant,
            target.players,
            tuple(sheets),
            p,
            start,
            target.stream,
            first_player=target.first_player,
            column_weights=target.column_weights,
        )
        needy = extras[p] < goals[p]
        candidates = []
        for i in allowed(p):
            blocker = waits_for(p, i)
            if blocker is not None:
                if t > stuck["turn"]:
                    stuck.update(turn=t, box=(p, *search.boxes[p][i][:2]), blocker=blocker)
                continue
            r, c, _ = search.boxes[p][i]
            candidates.append((-waiting.get((p, r, c), 0), i))
        candidates.sort()
        for _, i in candidates:
            gains = search.fill(game, p, i, every=needy)
            if not gains and t > stuck["turn"]:
                stuck.update(turn=t, box=(p, *search.boxes[p][i][:2]), blocker=None)
            r, c, cell = search.boxes[p][i]
            for gain in sorted(gains, reverse=needy):
                if extras[p] + gain > goals[p]:
                    continue
                before = sheets[p]
                masks[p] |= 1 << i
                extras[p] += gain
                sheets[p] = before.with_cell(r, c, cell)
                columns[p][c] |= 1 << r
                path.append((p, i, gains[gain], gain))
                if go(t + 1):
                    return True
                path.pop()
                masks[p] &= ~(1 << i)
                extras[p] -= gain
                sheets[p] = before
                columns[p][c] &= ~(1 << r)
        dead.add(key)
        return False

    if not go(0):
        _refuse_together(search, stuck)
    return path


def _refuse_together(search: Search, stuck: dict[str, Any]) -> None:
    target = search.target
    if stuck["turn"] >= 0:
        p, r, c = stuck["box"]
        cell = search.boxes[p][next(i for i, b in enumerate(search.boxes[p]) if b[:2] == (r, c))][2]
        blocker = stuck["blocker"]
        first = target.players[target.first_player]
        if blocker is not None:
            box, rule = blocker
            raise ImpossibleSheetError(
                f"{search.where(p, r, c)} ({cell}) must be written after {search.where(*box)}, but with one box a "
                f"turn in seat order ({first} first) no order of the turns does it (turn {stuck['turn'] + 1} at best)",
                rule=rule,
            )
        raise ImpossibleSheetError(
            f"{search.where(p, r, c)} ({cell}): with one box a turn in seat order ({first} first), the rules "
            f"write another value there whenever its turn can come (turn {stuck['turn'] + 1} at best)",
            rule="placement_order",
        )
    raise ImpossibleSheetError(  # pragma: no cover - a search always starts at turn 0
        "no order of the turns in seat order writes every box as it stands", rule="placement_order"
    )


# ------------------------------------------------------------------ saved throws
_Timeline = list[tuple[int, int, Recipe, int]]


def _with_stores(game: ScorecardGame, timeline: _Timeline) -> _Timeline:
    """``timeline`` with each player's turns thrown so that their unused throws add up to the player's store.

    A finished turn of ``t`` throws (1 to ``max_throws``, never spending the store) saves
    ``max_throws - t``; a store ``S`` after ``k`` turns needs ``max_throws * k - S`` throws in
    all. Turns are shortened to their last throw (the dice the box is written with, thrown
    whole) or lengthened by throwing those dice first, one player at a time.

    Raises:
        ImpossibleSheetError: a store larger than the player's finished turns could save (rule
            ``saved_throws``).
    """
    most = game.rules.max_throws
    turns: dict[int, list[int]] = {}
    for t, (p, *_rest) in enumerate(timeline):
        turns.setdefault(p, []).append(t)
    adjusted = list(timeline)
    for p, store in enumerate(game.saved_throws):
        mine = turns.get(p, [])
        if store > (most - 1) * len(mine):
            raise ImpossibleSheetError(
                f"{game.players[p]} has {store} saved throws, but {len(mine)} finished "
                f"{'turn' if len(mine) == 1 else 'turns'} of {most} throws save at most {(most - 1) * len(mine)}",
                rule="saved_throws",
            )
        left = most * len(mine) - store  # throws to share out, at least one a turn
        for n, t in enumerate(mine):
            who, i, recipe, gain = adjusted[t]
            share = max(1, min(most, left - (len(mine) - n - 1)))
            left -= share
            short = share - len(recipe.throws)
            throws = recipe.throws[-share:] if short <= 0 else (recipe.throws[-1],) * short + recipe.throws
            adjusted[t] = (who, i, Recipe(throws, recipe.scratch), gain)
    return adjusted


# ------------------------------------------------------------------ the witness
def witness_of(game: ScorecardGame) -> Witness:
    """A game of ``game``'s variant that reaches ``game`` (its dice stream and history aside).

    The position is assumed to have passed the checks of `yamskit.scorecard.position`
    (box values, fill shapes, seats): this finds the order of the turns and the dice of each.

    Raises:
        ImpossibleSheetError: no order of turns writes the sheets as they stand: rule
            ``placement_order``; ``bonus_points`` (points beside the boxes the boxes leave
            no room for); ``golden_rule``, ``sum_pair`` or ``fill_order`` (boxes across
            players that seat order cannot write in the order their values need); or
            ``search_limit``.

    Examples:
        >>> import yamskit
        >>> v = yamskit.variant("classic")
        >>> g = v.position(["Ann", "Bob"], sheets=[{"ones": 3}, {}], current_player=1, dice="12345", seed=2)
        >>> [str(m.action) for m in witness_of(g).moves][1:]
        ['score ones', 'roll 12345']
    """
    rules = game.rules
    n = len(game.players)
    boxes = [
        [(r, c, cell) for c, column in enumerate(sheet.cells) for r, cell in enumerate(column) if not cell.is_empty]
        for sheet in game.sheets
    ]
    order = [(game.first_player + i) % n for i in range(n)]
    contexts = all(callable(getattr(rule, "witness_context", None)) for rule in rules.placement_rules)
    search = Search(game, boxes, order, contexts)
    timeline: list[tuple[int, int, Recipe, int]]
    if all(getattr(rule, "witness_own_sheet", False) for rule in rules.placement_rules):
        plans = {p: _one_player(search, p) for p in range(n)}
        done = [0] * n
        timeline = []
        for t in range(sum(len(b) for b in boxes)):
            p = order[t % n]
            timeline.append((p, *plans[p][done[p]]))
            done[p] += 1
    else:
        timeline = _together(search)
    if rules.saved_throws:
        timeline = _with_stores(game, timeline)
    moves: list[Move] = []
    for p, i, recipe, _gain in timeline:
        r, c, _ = boxes[p][i]
        moves.extend(recipe.moves(p, rules.decision_row(r), rules.column_ids[c] if len(rules.columns) > 1 else None))
    moves.extend(Move(game.current_player, Roll(keep=t.kept, outcome=t.rolled)) for t in game.turn.throws)
    setup: dict[str, Any] = {"first_player": game.first_player}
    if rules.setup is not None:
        setup["column_weights"] = list(game.column_weights)
    return Witness(game.variant, game.players, game.stream.seed, setup, tuple(moves))
