"""Yamslam saves: the ``"state"`` part of a state's JSON, written and read back (see `yamskit.serialization`).

Examples:
    >>> import yamskit
    >>> g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1)
    >>> sorted(state_to_data(g))[:4]
    ['collections', 'current_player', 'discard', 'first_player']
"""

from __future__ import annotations

from typing import Any

from ...errors import DeserializationError
from ...position.saves import origin_to_data
from ...serialization import expect, expect_int, shared_fields, shared_to_data
from .chips import CHIPS_PER_KIND, KINDS, ChipSet, is_yamslam
from .game import YamslamGame
from .rules import MAX_THROWS, ChipVariant

__all__ = ["state_fields", "state_to_data"]


def state_to_data(state: YamslamGame) -> dict[str, Any]:
    """The ``"state"`` part of ``state``'s JSON, as plain data.

    Examples:
        >>> import yamskit
        >>> state_to_data(yamskit.variant("yamslam", mode="solo").new_game(seed=1))["second_pick"]
        False
    """
    return {
        **shared_to_data(state),
        "rack": state.rack.to_data(),
        "discard": state.discard.to_data(),
        "collections": [chips.to_data() for chips in state.collections],
        "round_chip": state.round_chip,
        "second_pick": state.second_pick,
        "last_draw": state.last_draw,
        **origin_to_data(state, state_to_data),
    }


def state_fields(variant: ChipVariant, data: Any) -> dict[str, Any]:
    """The fields of the state the ``"state"`` part of a save describes, checked to be possible.

    `YamslamVariant.state_from_data` builds the state from them.

    Raises:
        DeserializationError: a missing or malformed field, or chips that do not add up.

    Examples:
        >>> import yamskit, json
        >>> g = yamskit.variant("yamslam").new_game(seed=1)
        >>> state_fields(g.variant, json.loads(g.to_json())["state"])["rack"] == g.rack
        True
    """
    where = "state"
    shared = shared_fields(data, players=variant.players, max_throws=MAX_THROWS, game=variant.name)
    players, turn = shared["players"], shared["turn"]
    sides = len(variant.side_names(players))
    raw = expect(data, "collections", list, where)
    if len(raw) != sides:
        raise DeserializationError(f"{where}.collections must have {sides} entries, not {len(raw)}")
    collections = tuple(ChipSet.from_data(c, f"{where}.collections[{i}]") for i, c in enumerate(raw))
    rack = ChipSet.from_data(expect(data, "rack", list, where), f"{where}.rack")
    discard = ChipSet.from_data(expect(data, "discard", list, where), f"{where}.discard")
    counts = [sum(chips.counts[i] for chips in (rack, discard, *collections)) for i in range(len(KINDS))]
    if counts != [CHIPS_PER_KIND] * len(KINDS):
        raise DeserializationError(
            f"{where}: rack, discard pile and collections must hold {CHIPS_PER_KIND} chips of each kind, "
            f"not {dict(zip(KINDS, counts, strict=True))}"
        )
    if "last_draw" not in data:
        raise DeserializationError(f"{where} is missing 'last_draw'")
    last_draw = data["last_draw"]
    if last_draw is not None:
        last_draw = expect_int(data, "last_draw", where, 0, sides - 1)
        if len(rack):
            raise DeserializationError(f"{where}.last_draw is set but the rack still holds chips")
    second_pick = expect(data, "second_pick", bool, where)
    if second_pick and (variant.mode != "solo" or not is_yamslam(turn.dice) or not len(rack) + len(discard)):
        raise DeserializationError(f"{where}.second_pick is only set in solo, after a Yamslam, with chips left")
    round_chip = expect(data, "round_chip", bool, where)
    if round_chip and variant.mode == "solo":
        raise DeserializationError(f"{where}.round_chip is not used in solo")
    return {
        "variant": variant,
        **shared,
        "rack": rack,
        "discard": discard,
        "collections": collections,
        "round_chip": round_chip,
        "second_pick": second_pick,
        "last_draw": last_draw,
    }
