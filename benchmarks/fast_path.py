"""What each part of ``yamskit._fast`` saves: each part against the plain way of doing the same thing.

Usage::

    python benchmarks/fast_path.py [--repeat 7] [--number 200000]

Each line times one operation two ways with ``timeit`` (the median of ``--repeat`` runs of
``--number`` calls, in microseconds a call, the cost of the call itself included), on the
values a classic step makes, and prints their ratio: the plain way against
``yamskit._fast``, and, for the look-ups yamskit did by identity before 0.2.0, a look-up by
``id()`` against the look-up by value it does now. The figures in the module's docstring
come from this script.
"""

from __future__ import annotations

import argparse
import statistics
import timeit
from collections.abc import Callable

import attrs

import yamskit
from yamskit import Roll, Score
from yamskit._fast import memo_slot, replacer
from yamskit.dice import Dice, interned
from yamskit.turn import Throw, thrown_parts


def per_call(run: Callable[[], object], *, number: int, repeat: int) -> float:
    """Microseconds a call: the median of ``repeat`` runs of ``number`` calls."""
    times = timeit.repeat(run, number=number, repeat=repeat)
    return statistics.median(times) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--number", type=int, default=200_000)
    args = parser.parse_args()
    time = lambda run: per_call(run, number=args.number, repeat=args.repeat)  # noqa: E731

    variant = yamskit.variant("classic")
    state = variant.new_game(players=["Ann", "Bob"], seed=1).apply(Roll(outcome="12345"))
    cls = type(state)
    turn, stream, history = state.turn, state.stream, state.history
    fields = len(attrs.fields(cls))
    replace = replacer(cls, "turn", "stream", "history", fresh=["_legal"])
    rows: list[tuple[str, float, float]] = [
        (
            f"a state of {fields} fields a throw later: attrs.evolve | replacer",
            time(lambda: attrs.evolve(state, turn=turn, stream=stream, history=history)),
            time(lambda: replace(state, turn, stream, history)),
        )
    ]

    set_legal = memo_slot(cls, "_legal")
    ids = state.legal_action_ids()
    rows.append(
        (
            "a state's memo of its legal ids: object.__setattr__ | memo_slot",
            time(lambda: object.__setattr__(state, "_legal", ids)),
            time(lambda: set_legal(state, ids)),
        )
    )

    # Look-ups by value where identity was used before 0.2.0: values keep their hash, so
    # a dictionary finds one of its own keys as quickly as an ``id()`` key would.
    space = variant.actions
    own = space[space.index(Score("full_house"))]
    by_id = {id(action): i for i, action in enumerate(space)}
    rows.append(
        (
            "the id of one of the space's own actions: by id() | space.find (by value)",
            time(lambda: by_id.get(id(own))),
            time(lambda: space.find(own)),
        )
    )

    keep, rolled = interned((5, 5)), interned((1, 2, 3))
    rows.append(
        (
            "the shared Roll and Throw of a throw: build both | thrown_parts (cached)",
            time(lambda: (Roll(keep, rolled), Throw(keep, rolled))),
            time(lambda: thrown_parts(keep, rolled)),
        )
    )
    assert thrown_parts(keep, rolled) is thrown_parts(Dice.parse("55"), Dice.parse("123"))

    width = max(len(name) for name, _, _ in rows)
    print(f"{'operation (one way | the other)':{width}}  1st µs  2nd µs  1st ÷ 2nd")
    for name, plain, fast in rows:
        print(f"{name:{width}}  {plain:6.3f}  {fast:6.3f}  {plain / fast:9.2f}")


if __name__ == "__main__":
    main()
