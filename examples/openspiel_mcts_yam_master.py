"""OpenSpiel's MCTS against yamskit's greedy bot in Yam Master: the win rate over a few games.

Needs the extras: pip install 'yamskit[rl,openspiel]'. The MCTS bot searches the game
through the adapter's explicit chance nodes (every throw's exact outcomes); the greedy
bot places a token whenever the dice allow one. Games are capped at ``--max-turns``
turns so that the example runs in seconds; raise it and ``--simulations`` for a fair fight.

    python examples/openspiel_mcts_yam_master.py --games 20 --simulations 200 --max-turns 200
"""

from __future__ import annotations

import argparse
import sys

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError:
    print("This example needs OpenSpiel: pip install 'yamskit[rl,openspiel]'")
    sys.exit(0)

from yamskit.bots import GreedyPlayer
from yamskit.rl.openspiel import register


class GreedyRollouts(mcts.Evaluator):  # type: ignore[misc]
    """Values a leaf by playing it out once with greedy bots on both sides (better than random moves)."""

    def __init__(self, game: pyspiel.Game, rng: np.random.Generator) -> None:
        self.game, self.rng, self.greedy = game, rng, GreedyPlayer()

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        state = state.clone()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes(), strict=True)
                action = ids[self.rng.choice(len(ids), p=np.array(probs) / sum(probs))]
            else:
                action = self.game.space.index(self.greedy.choose(state.game_state))
            state.apply_action(int(action))
        return np.array(state.returns())

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()  # type: ignore[no-any-return]
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


def play(game: pyspiel.Game, bot: mcts.MCTSBot, mcts_seat: int, rng: np.random.Generator) -> float:
    """One game; MCTS's return (+1 win, 0 draw, -1 loss)."""
    greedy = GreedyPlayer()
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            action = ids[rng.choice(len(ids), p=np.array(probs) / sum(probs))]
        elif state.current_player() == mcts_seat:
            action = bot.step(state)
        else:
            action = game.space.index(greedy.choose(state.game_state))
        state.apply_action(int(action))
    return float(state.returns()[mcts_seat])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=8)
    parser.add_argument("--max-turns", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    register()
    game = pyspiel.load_game("python_yamskit_yam_master", {"max_turns": args.max_turns})
    rng = np.random.default_rng(args.seed)
    evaluator = GreedyRollouts(game, np.random.default_rng(args.seed))
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=args.simulations,
        evaluator=evaluator,
        random_state=np.random.RandomState(args.seed),
    )
    results = [play(game, bot, mcts_seat=g % 2, rng=rng) for g in range(args.games)]
    wins, draws = results.count(1.0), results.count(0.0)
    print(f"MCTS ({args.simulations} simulations a move) vs greedy, Yam Master capped at {args.max_turns} turns:")
    print(f"  {args.games} games: {wins} won, {draws} drawn, {args.games - wins - draws} lost")
    print(f"  win rate {wins / args.games:.0%}")


if __name__ == "__main__":
    main()
