"""Draw the pictures of the documentation from real positions played by the library.

Run ``python docs/pictures.py`` after changing the drawings or the rules: it writes
``docs/pictures/*.svg``. ``python docs/pictures.py --check`` writes nothing and
exits 1 if a committed picture differs from what the library draws now (the tests
run the same check).

Every position comes from a seeded game and a fixed, simple way of choosing moves
(keep the most common face, write the best-paying box, take the best chip, place a
token where the dice allow), so the pictures are the same on every machine.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yamskit
from yamskit import Dice, Pass, Place, Roll, Score, Scratch, TakeChip
from yamskit.svg import svg

HERE = Path(__file__).resolve().parent / "pictures"


def _keep_most(state: Any, legal: list[Any]) -> Any | None:
    dice = state.turn.dice
    if not dice:
        return next((a for a in legal if isinstance(a, Roll) and not len(a.keep)), None)
    face = max(range(1, 7), key=lambda f: (dice.count(f), f))
    keep = Dice.of(*[face] * dice.count(face))
    return next((a for a in legal if isinstance(a, Roll) and a.keep == keep), None)


def _scorecard_move(state: Any, rng: random.Random) -> Any:
    legal = sorted(state.legal_actions(), key=repr)
    writes = [a for a in legal if isinstance(a, (Score, Scratch))]
    throws = rng.choice((1, 2, 3, 3))
    roll = _keep_most(state, legal)
    if roll is not None and (not writes or state.turn.throws_used < throws):
        return roll
    return max(writes, key=lambda a: (state.placement(a).points, isinstance(a, Score), repr(a)))


def _yam_master_move(state: Any, rng: random.Random) -> Any:
    legal = sorted(state.legal_actions(), key=repr)
    places = [a for a in legal if isinstance(a, Place)]
    if places:
        return rng.choice(places)
    roll = _keep_most(state, legal)
    return roll if roll is not None else next(a for a in legal if isinstance(a, Pass))


def _yamslam_move(state: Any, rng: random.Random) -> Any:
    legal = sorted(state.legal_actions(), key=repr)
    takes = [a for a in legal if isinstance(a, TakeChip)]
    roll = _keep_most(state, legal)
    if takes and (roll is None or rng.random() < 0.6):
        return max(takes, key=lambda a: (yamskit.variant("yamslam").options and _points(a.kind), repr(a)))
    if roll is not None:
        return roll
    return next(a for a in legal if isinstance(a, Pass))


def _points(kind: str) -> int:
    from yamskit.variants.yamslam.chips import Chip

    return Chip(kind).points


def play(state: Any, move: Callable[[Any, random.Random], Any], *, seed: int, actions: int) -> Any:
    """``state`` after up to ``actions`` moves chosen by ``move`` with a ``random.Random(seed)``."""
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        state = state.apply(move(state, rng))
    return state


def _mid_turn(state: Any) -> Any:
    """Throw once more keeping the most common face, so the picture shows kept dice."""
    state = state.apply(Roll()) if not state.turn.has_thrown else state
    roll = _keep_most(state, sorted(state.legal_actions(), key=repr))
    return state.apply(roll) if roll is not None and len(roll.keep) else state


def _served_generala(state: Any, rng: random.Random) -> Any:
    """Play on to the start of a turn of a player whose generala box is open, then a generala on the first throw."""
    while state.turn.has_thrown or not state.cell(state.current_player, "generala").is_empty:
        state = state.apply(_scorecard_move(state, rng))
    return state.apply(Roll(outcome="44444")).apply(Score("generala"))


def pictures() -> dict[str, str]:
    """Every picture of the docs: file name -> SVG text."""
    classic = yamskit.variant("classic").new_game(players=["Ann", "Bob"], seed=11)
    classic = _mid_turn(play(classic, _scorecard_move, seed=1, actions=40))
    yahtzee = play(yamskit.variant("yahtzee").new_game(players=["Ann"], seed=5), _scorecard_move, seed=2, actions=200)
    challenge = yamskit.variant("challenge").new_game(players=["Ann", "Bob"], seed=3)
    challenge = _mid_turn(play(challenge, _scorecard_move, seed=3, actions=60))
    duel = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=4)
    duel = _mid_turn(play(duel, _scorecard_move, seed=4, actions=90))
    teams = yamskit.variant("competitive", mode="2v2").new_game(players=["Ann", "Bob", "Cy", "Dee"], seed=6)
    teams = play(teams, _scorecard_move, seed=6, actions=10_000)
    master = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=7)
    master = play(master, _yam_master_move, seed=7, actions=120)
    master = master.apply(Roll()) if not master.is_over and not master.turn.has_thrown else master
    slam = yamskit.variant("yamslam").new_game(players=["Ann", "Bob", "Cy"], seed=8)
    slam = _mid_turn(play(slam, _yamslam_move, seed=8, actions=45))
    yatzy = yamskit.variant("yatzy").new_game(players=["Ann", "Bob"], seed=9)
    yatzy = _mid_turn(play(yatzy, _scorecard_move, seed=9, actions=50))
    yacht = play(yamskit.variant("yacht").new_game(players=["Ann"], seed=10), _scorecard_move, seed=10, actions=200)
    kniffel = yamskit.variant("kniffel").new_game(players=["Anna", "Ben"], seed=11)
    kniffel = _mid_turn(play(kniffel, _scorecard_move, seed=11, actions=50))
    generala = yamskit.variant("generala").new_game(players=["Ana", "Beto"], seed=12)
    generala = _served_generala(play(generala, _scorecard_move, seed=12, actions=30), random.Random(12))
    maxi = yamskit.variant("maxi-yatzy").new_game(players=["Ann", "Bob"], seed=13)
    maxi = _mid_turn(play(maxi, _scorecard_move, seed=13, actions=50))
    balut = yamskit.variant("balut").new_game(players=["Ann", "Bob"], seed=13)
    balut = play(balut, _scorecard_move, seed=13, actions=10_000)
    crag = yamskit.variant("crag").new_game(players=["Ann", "Bob"], seed=13)
    crag = _mid_turn(play(crag, _scorecard_move, seed=13, actions=40))
    return {
        "dice.svg": svg(Dice.parse("33325")),
        "classic.svg": svg(classic),
        "yahtzee-final.svg": svg(yahtzee),
        "challenge.svg": svg(challenge),
        "competitive.svg": svg(duel),
        "competitive-2v2-result.svg": svg(teams.result()),
        "yam-master.svg": svg(master),
        "yamslam.svg": svg(slam),
        "yatzy.svg": svg(yatzy),
        "yacht-final.svg": svg(yacht),
        "kniffel.svg": svg(kniffel),
        "generala.svg": svg(generala),
        "maxi-yatzy.svg": svg(maxi),
        "balut.svg": svg(balut),
        "crag.svg": svg(crag),
    }


def stale(folder: Path = HERE) -> list[str]:
    """Names of the pictures in ``folder`` that are missing or differ from what the library draws now."""
    out = []
    for name, text in pictures().items():
        path = folder / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            out.append(name)
    return out


def main(argv: list[str]) -> int:
    """Write the pictures (or, with ``--check``, report the stale ones)."""
    if "--check" in argv:
        names = stale()
        if names:
            print("stale pictures (run python docs/pictures.py):", ", ".join(names))
            return 1
        return 0
    HERE.mkdir(exist_ok=True)
    for name, text in pictures().items():
        (HERE / name).write_text(text, encoding="utf-8")
        print("wrote", HERE / name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
