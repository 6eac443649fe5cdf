"""Train a small policy that beats the ``random`` and ``naive`` bots at Classic, 2 players.

A softmax policy over the masked action space (one linear layer on the observation vector,
numpy only), trained with REINFORCE and a running-mean baseline on ``unoverse/Uno-v0``: seat
0 learns, seat 1 is the ``--opponent`` bot (``naive`` by default: it plays a card whenever
it can, where ``random``, uniform over kinds of action, draws half its turns — so even an
untrained policy beats ``random``), one round per episode, +1 for a win and -1 for a loss.
Every ``--every`` episodes the policy plays ``--eval`` rounds against each of ``random`` and
the opponent (seeds no training round uses, its own seeded choices), and the win rates go
on the learning curve, saved as a PNG.

    .venv/bin/python examples/train_classic.py                      # docs/rl.md's run
    .venv/bin/python examples/train_classic.py --episodes 200 --out /tmp/curve.png

Needs the ``rl`` extra, and matplotlib for the PNG (the ``examples`` extra has both).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import gymnasium as gym
import numpy as np

import unoverse.rl  # noqa: F401  (registers unoverse/Uno-v0)

#: Seeds of the evaluation rounds start here: no training round is dealt from them.
EVAL_SEEDS = 1_000_000


class Policy:
    """Logits = W · observation + b over the action tokens; the mask sets the rest to -inf."""

    def __init__(self, features: int, actions: int, rng: np.random.Generator) -> None:
        self.w = rng.normal(0.0, 0.01, (actions, features))
        self.b = np.zeros(actions)

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.w @ obs + self.b
        logits[mask == 0] = -np.inf
        logits -= logits[mask == 1].max()
        p = np.exp(logits)
        return p / p.sum()


def features(obs: np.ndarray) -> np.ndarray:
    """The observation, counts squashed to [0, 1) so one step size suits every entry."""
    return obs / (1.0 + obs)


def play(
    env: gym.Env,  # type: ignore[type-arg]
    policy: Policy,
    seed: int,
    rng: np.random.Generator,
) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One round, each move drawn from the policy: the reward, and the (features, mask,
    token) of every move."""
    obs, info = env.reset(seed=seed)
    moves = []
    while True:
        x, mask = features(obs), info["action_mask"]
        p = policy.probabilities(x, mask)
        token = int(rng.choice(len(p), p=p))
        moves.append((x, mask, token))
        obs, reward, terminated, truncated, info = env.step(token)
        if terminated or truncated:
            return float(reward), moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--every", type=int, default=300, help="episodes between evaluations")
    parser.add_argument("--eval", type=int, default=200, help="rounds per evaluation")
    parser.add_argument("--opponent", default="naive", help="the bot it trains against")
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots/rl-classic-curve.png"))
    args = parser.parse_args()

    def table(opponent: str) -> gym.Env:  # type: ignore[type-arg]
        return gym.make("unoverse/Uno-v0", preset="classic", players=2, opponents=opponent,
                        reactions=False)  # fmt: skip

    env = table(args.opponent)
    judged = {name: table(name) for name in dict.fromkeys(("random", args.opponent))}
    rng = np.random.default_rng(args.seed)
    obs_size = env.observation_space.shape[0]  # type: ignore[index]
    policy = Policy(obs_size, int(env.action_space.n), rng)  # type: ignore[attr-defined]
    baseline = 0.0
    curve: dict[str, list[tuple[int, float]]] = {name: [] for name in judged}
    start = time.perf_counter()

    def evaluate(done: int) -> None:
        rates = []
        for name, against in judged.items():
            judge = np.random.default_rng(EVAL_SEEDS)  # the same stream at every evaluation
            wins = sum(
                play(against, policy, EVAL_SEEDS + i, judge)[0] > 0 for i in range(args.eval)
            )
            curve[name].append((done, wins / args.eval))
            rates.append(f"{wins / args.eval:.3f} against {name}")
        print(f"{done:>6} episodes  {time.perf_counter() - start:6.1f} s  win rate "
              + ", ".join(rates))  # fmt: skip

    evaluate(0)
    for episode in range(1, args.episodes + 1):
        reward, moves = play(env, policy, args.seed * 10_000_000 + episode, rng)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for x, mask, token in moves:  # the policy gradient of log p(token)
            grad = -policy.probabilities(x, mask)
            grad[token] += 1.0
            grad *= args.lr * advantage / len(moves)
            policy.w += np.outer(grad, x)
            policy.b += grad
        if episode % args.every == 0:
            evaluate(episode)

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    for name, points in curve.items():
        ax.plot([e for e, _ in points], [w for _, w in points], marker="o", label=name)
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.legend(title="against")
    ax.set(xlabel="training rounds", ylabel="win rate",
           title="Classic, 2 players: a linear policy (REINFORCE)", ylim=(0, 1))  # fmt: skip
    fig.tight_layout()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(args.out, dpi=100)
    print(f"learning curve: {args.out}")


if __name__ == "__main__":
    main()
