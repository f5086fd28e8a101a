"""Train a linear policy on the ramino PettingZoo environment with REINFORCE (CPU, minutes).

The learner plays seats 0 and 2 (one side, shared weights) against two random-legal bots;
every hand is one episode and the reward is the side's point difference / 100 (§2.10).
The policy is a masked softmax over the action ids of ``ramino.env.encoding``.

    pip install -e ".[env]"
    python examples/train_reinforce.py --hands 300
"""

from __future__ import annotations

import argparse

import numpy as np

from ramino.bots.random_bot import RandomBot
from ramino.env.aec import env
from ramino.env.encoding import ACTIONS, OBS_SIZE, action_ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    weights = np.zeros((OBS_SIZE, ACTIONS))
    baseline = 0.0
    returns: list[float] = []
    game = env()
    opponents = {"player_1": RandomBot(1), "player_3": RandomBot(3)}
    for hand in range(args.hands):
        game.reset(seed=args.seed * 100_000 + hand)
        trajectory: list[tuple[np.ndarray, np.ndarray, int]] = []
        final = 0.0
        for agent in game.agent_iter(max_iter=20_000):
            obs, reward, terminated, truncated, _ = game.last()
            if terminated or truncated:
                if agent == "player_0":
                    final = float(reward)
                game.step(None)
                continue
            if agent in opponents:
                state = game.state_
                assert state is not None
                legal = state.legal_actions()
                choice = opponents[agent].choose(state.observation(state.current), legal)
                game.step(next(i for i, a in action_ids(legal).items() if a == choice))
                continue
            x, mask = obs["observation"], obs["action_mask"].astype(bool)
            logits = x @ weights
            logits[~mask] = -np.inf
            p = np.exp(logits - logits[mask].max())
            p /= p.sum()
            action = int(rng.choice(ACTIONS, p=p))
            trajectory.append((x, p, action))
            game.step(action)
        advantage = final - baseline
        baseline += 0.05 * (final - baseline)
        for x, p, action in trajectory:
            grad = -p
            grad[action] += 1.0
            weights += args.lr * advantage * np.outer(x, grad) / max(1, len(trajectory))
        returns.append(final)
        if (hand + 1) % 50 == 0:
            print(f"hands {hand + 1}: mean reward of the last 50 = "
                  f"{np.mean(returns[-50:]):+.2f} (hundreds of points per hand)")
    last = returns[-50:]
    print(f"trained on {len(returns)} hands; mean reward of the last {len(last)} = "
          f"{np.mean(last):+.2f}")


if __name__ == "__main__":
    main()
