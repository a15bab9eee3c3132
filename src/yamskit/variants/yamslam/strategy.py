"""How the strong bot values a Yamslam rack: chip values, bonuses within reach, the discard rule.

Taking a chip is worth its points plus the change it makes to the *bonus
potential* of the collection:

* **different kinds** (golden 7: 50, silver 6: 20): a potential by the number of
  kinds held (`KINDS_POTENTIAL`), counted only up to the kinds the collection can still
  reach (kinds left in the rack, or in the discard pile for a Yamslam);
* **full stacks** (30 per four of a kind): a potential by the chips of that kind held
  (`STACK_POTENTIAL`), counted only while enough of them are left in the rack;
* **last draw** (20): taking the last chip of the rack.

A Yamslam takes the best chip of the rack or the discard pile and is worth an extra
turn (`EXTRA_TURN`); a solo Yamslam takes two chips. Passing is worth 0 in a
game for several players (the round's discard hits everyone) and costs the
highest chip's potential in solo, where it is discarded at once. Keeps are then chosen
by the exact expectimax over the throws left (`yamskit.bots.lookahead`).

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("yamslam").new_game(players=["A", "B"], seed=1).apply(yamskit.Roll(outcome="12345"))
    >>> choose_chip_action(g)
    TakeChip(kind='large_straight', from_discard=False)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ...actions import Action, Pass, Roll, TakeChip
from ...adapters import keep_search
from ...dice import ROLLS, keep_index
from ...turn import Turn
from .chips import CHIP_CATEGORIES, CHIPS_PER_KIND, KINDS, LAST_DRAW_BONUS, ChipSet, is_yamslam
from .game import YamslamGame

__all__ = ["EXTRA_TURN", "KINDS_POTENTIAL", "STACK_POTENTIAL", "better_keep", "chip_value", "choose_chip_action"]


#: Bonus potential of a collection holding 0..7 different kinds (golden 7 = 50, silver 6 = 20).
KINDS_POTENTIAL: tuple[float, ...] = (0.0, 1.0, 3.0, 6.0, 10.0, 16.0, 30.0, 50.0)
#: Bonus potential of 0..4 chips of one kind (a full stack pays 30).
STACK_POTENTIAL: tuple[float, ...] = (0.0, 1.0, 5.0, 13.0, 30.0)
#: Share of the rack's mean chip value added to any chip taken with several players (denial, tempo).
TEMPO = 0.5
#: What the extra turn of a Yamslam is worth.
EXTRA_TURN = 22.0
_NEG = -1e18


#: Arrays of the strategy's tables.
FloatArray = npt.NDArray[np.float64]


def keep_values_after(stop: Any, *, used: int, max_throws: int, depth: int = 10) -> FloatArray:
    """The bots' `yamskit.bots.lookahead.keep_values_after`, through the search hook."""
    values: FloatArray = keep_search().keep_values_after(stop, used=used, max_throws=max_throws, depth=depth)
    return values


def better_keep(turn: Turn, table: FloatArray, *, depth: int = 10) -> Roll | None:
    """The keep to throw again with, if one is worth more than stopping now; else ``None``.

    ``table`` is what ending the turn is worth after each roll (252 of five dice), whatever
    the throw. Keeps are valued by the exact expectimax over the throws left
    (`keep_values_after`, ``depth`` throws ahead); on a tie the longer keep. Every Yamslam
    player of this package (hard, the solo solve, the endgame) chooses its keeps here.

    Examples:
        >>> from yamskit import Dice, Turn
        >>> from yamskit.dice import ROLLS
        >>> sixes = np.array([float(r.count(6)) for r in ROLLS])
        >>> turn = Turn.start().throw(Dice(), Dice.parse("66612"))
        >>> better_keep(turn, sixes)
        Roll(keep=Dice.parse('666'), outcome=None)
        >>> better_keep(turn.throw(Dice.parse("666"), Dice.parse("66")), sixes) is None  # five sixes: nothing to gain
        True
    """
    if turn.throws_left <= 0:
        return None
    keeps = keep_values_after(
        lambda _used, _fresh: table, used=turn.throws_used, max_throws=turn.max_throws, depth=depth
    )
    keep = max(turn.dice.sub_multisets(), key=lambda k: (keeps[keep_index(k.faces)], len(k)))
    if float(keeps[keep_index(keep.faces)]) > float(table[turn.dice.index]) + 1e-9:
        return Roll(keep=keep)
    return None


_QUALIFY = np.array([[CHIP_CATEGORIES[k].table[r] > 0 for k in KINDS] for r in range(len(ROLLS))], dtype=np.bool_)
_YAMSLAM = np.array([is_yamslam(r) for r in ROLLS], dtype=np.bool_)


def _potential(chips: ChipSet, reach: ChipSet) -> float:
    """The bonus potential of ``chips`` when the kinds of ``reach`` may still be taken."""
    held = len(chips.kinds)
    reachable = held + sum(1 for k in KINDS if chips.count(k) == 0 and reach.count(k) > 0)
    kinds = KINDS_POTENTIAL[held] if reachable >= len(KINDS) or held >= 6 else min(KINDS_POTENTIAL[held], 20.0)
    if reachable < len(KINDS) - 1 and held < 6:
        kinds = KINDS_POTENTIAL[held] * 0.5
    stacks = 0.0
    for k in KINDS:
        n = chips.count(k)
        if n >= CHIPS_PER_KIND or n + reach.count(k) >= CHIPS_PER_KIND:
            stacks += STACK_POTENTIAL[min(n, CHIPS_PER_KIND)]
    return kinds + stacks


def chip_value(chips: ChipSet, rack: ChipSet, kind: str, *, from_discard: bool = False, plain: bool = False) -> float:
    """What taking one chip of ``kind`` adds to a collection: points and bonus potential.

    ``plain`` counts the chip's points (and the last-draw bonus) only, without the bonus
    potential: the cruder view of the ``"medium"`` level.

    Examples:
        >>> from yamskit.variants.yamslam.chips import ChipSet
        >>> chip_value(ChipSet(), ChipSet.full(), "flush")  # 25 points and a first kind
        27.0
        >>> chip_value(ChipSet(), ChipSet.full(), "flush", plain=True)
        25.0
    """
    after_rack = rack if from_discard else rack.remove(kind)
    gain = float(ChipSet.of(kind).points)
    if not plain:
        gain += _potential(chips.add(kind), after_rack) - _potential(chips, rack)
    if not from_discard and not len(after_rack):
        gain += LAST_DRAW_BONUS
    return gain


def _values(game: YamslamGame, plain: bool) -> tuple[FloatArray, float]:
    """The value of each kind taken from the rack (-inf if none left), and the best Yamslam take."""
    chips = game.chips(game.current_player)
    rack, discard = game.rack, game.discard
    values = np.full(len(KINDS), _NEG)
    for i, kind in enumerate(KINDS):
        if rack.count(kind):
            values[i] = chip_value(chips, rack, kind, plain=plain)
    best_any = float(values.max()) if len(rack) else _NEG
    for kind in discard.kinds:
        best_any = max(best_any, chip_value(chips, rack, kind, from_discard=True, plain=plain))
    if best_any <= _NEG / 2:
        best_any = 0.0
    if game.variant.mode != "solo" and len(rack) and not plain:
        # a chip taken is one the others cannot take: worth a share of the rack's mean chip
        denial = TEMPO * rack.points / len(rack)
        values = np.where(values > _NEG / 2, values + denial, values)
        best_any += denial
    extra = EXTRA_TURN if game.variant.mode != "solo" else float(np.sort(values)[-2]) if len(rack) > 1 else 0.0
    return values, best_any + max(extra, 0.0)


def _pass_value(game: YamslamGame, values: FloatArray) -> float:
    if game.variant.mode != "solo":
        return 0.0
    highest = game.rack.highest
    if highest is None:
        return 0.0
    return -0.25 * float(values[KINDS.index(highest)])


def choose_chip_action(game: YamslamGame, *, depth: int = 10, plain: bool | None = None) -> Action:
    """The strong bot's action in Yamslam: the best chip now, or the keep that promises most.

    ``depth`` is how many throws ahead keeps look. ``plain`` is the cruder play of the
    ``"medium"`` level (by default when ``depth`` is 1): a chip is worth its points alone
    (no bonus potential, no denial of the others' chips; see `chip_value`), and a throw that
    qualifies for a chip is taken at once; it throws again only when nothing qualifies.

    Examples:
        >>> import yamskit
        >>> g = yamskit.variant("yamslam").new_game(players=["A", "B"], seed=1).apply(yamskit.Roll(outcome="66666"))
        >>> choose_chip_action(g)  # a Yamslam: the best chip, and another turn
        TakeChip(kind='large_straight', from_discard=False)
    """
    plain = depth <= 1 if plain is None else plain
    chips = game.chips(game.current_player)
    if game.second_pick:
        options = [(chip_value(chips, game.rack, k, plain=plain), TakeChip(k.value)) for k in game.rack.kinds]
        options += [
            (chip_value(chips, game.rack, k, from_discard=True, plain=plain), TakeChip(k.value, True))
            for k in game.discard.kinds
        ]
        return max(options, key=lambda vo: vo[0])[1]
    turn = game.turn
    if not turn.has_thrown:
        return Roll()
    values, yamslam_value = _values(game, plain)
    pass_value = _pass_value(game, values)
    taken = np.where(_QUALIFY, values[None, :], _NEG).max(axis=1)
    stop_table: FloatArray = np.maximum(taken, pass_value).astype(np.float64)
    stop_table[_YAMSLAM] = yamslam_value

    dice = turn.dice
    roll_index = dice.index
    best_now = float(stop_table[roll_index])
    settle = plain and best_now > max(pass_value, 0.0)  # plain: takes what it has, throws again only for nothing
    again = None if settle else better_keep(turn, stop_table, depth=max(depth, 1))
    if again is not None:
        return again
    if is_yamslam(dice):
        options = [(chip_value(chips, game.rack, k, plain=plain), TakeChip(k.value)) for k in game.rack.kinds]
        options += [
            (chip_value(chips, game.rack, k, from_discard=True, plain=plain), TakeChip(k.value, True))
            for k in game.discard.kinds
        ]
        if options:
            return max(options, key=lambda vo: vo[0])[1]
    choices = [
        (float(values[KINDS.index(k)]), TakeChip(k.value))
        for k in KINDS
        if _QUALIFY[roll_index, KINDS.index(k)] and game.rack.count(k)
    ]
    best = max(choices, key=lambda vo: vo[0], default=None)
    if best is not None and best[0] >= pass_value:
        return best[1]
    return Pass()
