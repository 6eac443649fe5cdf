"""A vectorised Gymnasium environment on the batched engine: ``unoverse.rl.vector_env``.

``FastVectorEnv`` runs ``n_envs`` rounds of a preset side by side, one learning seat in each
(``seat``) and the batch's own ``random`` or ``naive`` policy at every other seat, as
``unoverse.rl.UnoEnv`` does one round with bots: the same observation vector, the same
action space and mask, the same asking order (the learning seat is asked out of turn too,
and may ``wait``, unless ``reactions=False``), +1 when the seat wins a round and -1 when
another does. A whole step — the learner's actions applied, the other seats played until
each learner is asked again, observations and masks written — runs in numba over all
environments at once, shared out among threads (``threads``, one per core by default:
each environment is stepped by one thread, so the results do not depend on how many).

A round that ends is dealt anew on the next call (Gymnasium's ``NEXT_STEP`` autoreset:
that call's action for it is ignored, and it returns the new round's first observation with
reward 0). Round seeds come from one stream per environment, seeded by ``reset(seed=S)``.
An action outside an environment's mask raises ``IllegalAction`` naming the environment and
the action, before any environment moves.
"""

from __future__ import annotations

import itertools
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from numba import njit

from ..core.errors import IllegalAction, Unsupported
from ..sim.driver import MAX_ACTIONS
from . import engine, policies, rng
from .borrow import borrowed
from .observe import observe
from .play import advance
from .state import PH_OVER, PHASE, WINNER, State, new_state
from .tables import PLAYERS, TOKENS, Config, config

#: Rewards at the end of a round (``unoverse.rl.round``'s): the seat won, another did.
WIN, LOSS = 1.0, -1.0
_GAMMA: Final = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, inline="always")
def _show(
    S: np.ndarray,
    C: np.ndarray,
    T: np.ndarray,
    g: int,
    agent: int,
    asked: int,
    obs: np.ndarray,
    masks: np.ndarray,
    masks_out: np.ndarray,
) -> None:
    """Write environment ``g``'s observation and mask for its learning seat (the mask in
    the environment's own ``masks`` and in ``masks_out``, which may be the same array)."""
    reaction = asked >= T[PLAYERS]
    observe(S, C, T, g, agent, reaction, obs[g])
    masks[g, :] = 0
    if asked >= 0:
        engine.legal(S, C, T, g, agent, reaction, masks[g])
    masks_out[g, :] = masks[g, :]


@njit(cache=True)
def first_illegal(actions: np.ndarray, masks: np.ndarray, done: np.ndarray) -> int:
    """The first environment whose action is not in its mask (a round that ended takes any
    action), or -1."""
    size = masks.shape[1]
    for g in range(actions.shape[0]):
        a = actions[g]
        if not done[g] and (a < 0 or a >= size or masks[g, a] != 1):
            return g
    return -1


@njit(cache=True)
def _deal(
    S: np.ndarray,
    C: np.ndarray,
    R: np.ndarray,
    T: np.ndarray,
    LOG: np.ndarray,
    SEED: np.ndarray,
    streams: np.ndarray,
    g: int,
    agent: int,
    seat_policy: np.ndarray,
    reactions: bool,
    cap: int,
    mask: np.ndarray,
    counts: np.ndarray,
) -> int:
    """Deal environment ``g`` its next round (its seed kept in ``SEED``) and play up to the
    learner's first question."""
    seed = rng.next64(streams, g)
    SEED[g] = seed
    engine.deal(S, C, R, T, g, seed)
    return advance(S, C, R, T, LOG, g, -1, agent, seat_policy, reactions, cap, mask, counts)


@njit(cache=True, nogil=True)
def step_all(
    S0: np.ndarray,
    C0: np.ndarray,
    R0: np.ndarray,
    T0: np.ndarray,
    LOG0: np.ndarray,
    SEED0: np.ndarray,
    streams0: np.ndarray,
    actions: np.ndarray,
    agent: int,
    seat_policy: np.ndarray,
    reactions: bool,
    cap: int,
    obs0: np.ndarray,
    masks0: np.ndarray,
    masks_out0: np.ndarray,
    rewards0: np.ndarray,
    terminated0: np.ndarray,
    truncated0: np.ndarray,
    done0: np.ndarray,
    deal: bool,
    scratch0: np.ndarray,
    tallies0: np.ndarray,
) -> None:
    """One step of every environment (see the module's docstring; ``actions`` were checked
    against the masks), or with ``deal`` a new round for every one: the learner's first
    observation and mask, written straight into the arrays the step returns (``obs``,
    ``masks_out``, ``rewards``, ``terminated``, ``truncated``). (One kernel for both: numba
    compiles the engine into each.) It releases the GIL: threads each step their own rows
    of the arrays (``scratch`` and ``tallies``: scratch rows for each environment's bots),
    so results do not depend on how many threads share the environments out."""
    S, C, R, T, LOG = borrowed(S0), borrowed(C0), borrowed(R0), borrowed(T0), borrowed(LOG0)
    streams, obs, masks, masks_out, done = (
        borrowed(streams0),
        borrowed(obs0),
        borrowed(masks0),
        borrowed(masks_out0),
        borrowed(done0),
    )
    rewards, terminated, truncated = borrowed(rewards0), borrowed(terminated0), borrowed(truncated0)
    scratch, tallies, SEED = borrowed(scratch0), borrowed(tallies0), borrowed(SEED0)
    for g in range(S.shape[0]):
        mask, counts = scratch[g], tallies[g]
        reward, ended, cut = 0.0, 0, 0
        if done[g] or deal:
            asked = _deal(
                S, C, R, T, LOG, SEED, streams, g, agent, seat_policy, reactions, cap, mask,
                counts,
            )  # fmt: skip
            done[g] = 0
        else:
            asked = advance(
                S, C, R, T, LOG, g, actions[g], agent, seat_policy, reactions, cap, mask, counts
            )
            if S[g, PHASE] == PH_OVER:
                ended = 1
                reward = WIN if S[g, WINNER] == agent else LOSS
                done[g] = 1
            elif asked < 0:
                cut = 1
                done[g] = 1
        rewards[g] = reward
        terminated[g] = ended
        truncated[g] = cut
        _show(S, C, T, g, agent, asked, obs, masks, masks_out)


class FastVectorEnv(VectorEnv):
    """``n_envs`` rounds of ``preset`` at ``players`` seats, seat ``seat`` learning in each
    against ``opponents`` (``"random"`` or ``"naive"``, every other seat); see the module's
    docstring. ``seed`` seeds the round streams until ``reset(seed=...)`` gives another;
    ``copy=False`` returns the environment's own observation buffer (overwritten by the next
    call) instead of a copy; ``record=N`` keeps each round's first N actions (``rounds``);
    ``threads`` steps the environments on that many threads (default: one per core)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        preset: str = "classic",
        n_envs: int = 1,
        players: int = 2,
        *,
        seat: int = 0,
        opponents: str = "random",
        reactions: bool = True,
        seed: int | None = None,
        copy: bool = True,
        record: int = 0,
        threads: int | None = None,
    ) -> None:
        if isinstance(n_envs, bool) or not isinstance(n_envs, int) or n_envs < 1:
            raise ValueError(f"n_envs is {n_envs!r}: give a number of environments, 1 or more")
        self.cfg: Config = config(preset, players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise Unsupported(f"seat {seat!r} is not a seat of a {players}-seat table")
        if opponents not in policies.POLICIES:
            raise Unsupported(
                f"opponents {opponents!r}: the batched environment plays "
                f"{' or '.join(policies.POLICIES)} at the other seats (the reference "
                "environments, unoverse.rl.UnoEnv, play every bot)"
            )
        self.num_envs = n_envs
        self.seat = seat
        self.reactions = bool(reactions)
        self.copy = copy
        self._policy = np.full(players, policies.POLICIES.index(opponents), np.int64)
        T = self.cfg.T
        obs = self.cfg.observation
        self.single_observation_space = spaces.Box(0.0, obs.high, (obs.size,), dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.cfg.space.size)
        self.observation_space = batch_space(self.single_observation_space, n_envs)
        self.action_space = batch_space(self.single_action_space, n_envs)
        self._state = new_state(T, n_envs, record)
        # each environment's round stream, then the seed of its round now
        self._streams = np.zeros(n_envs, np.uint64)
        # the observations and masks returned when ``copy`` is false (else each step's new
        # arrays), and the masks the next actions are checked against
        self._obs = np.zeros((n_envs, obs.size), np.float32)
        self._masks = np.zeros((n_envs, int(T[TOKENS])), np.int8)
        self._done = np.zeros(n_envs, np.uint8)
        self._scratch = np.zeros((n_envs, policies.scratch_width(T)), np.uint8)
        self._tallies = np.zeros((n_envs, policies.GROUPS), np.int64)
        self._seeds = np.random.default_rng(seed)
        self._ready = False
        if threads is None:
            threads = len(os.sched_getaffinity(0))
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise ValueError(f"threads is {threads!r}: give a number of threads, 1 or more")
        threads = min(threads, n_envs)
        #: where each thread's environments start, and the end
        self._parts = [round(i * n_envs / threads) for i in range(threads + 1)]
        self._pool = ThreadPoolExecutor(threads - 1) if threads > 1 else None

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the threads."""
        if self._pool is not None:
            self._pool.shutdown()

    @property
    def space(self) -> Any:
        """The action space's tokens (``space.names[i]`` says action ``i`` in words)."""
        return self.cfg.space

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal every environment a new round (``seed``: restart the round streams)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        base = np.uint64(self._seeds.integers(2**63))
        self._streams[:] = base + np.arange(self.num_envs, dtype=np.uint64) * _GAMMA
        out = self._step(np.zeros(self.num_envs, np.int64), deal=True)
        self._ready = True
        return out[0], {"action_mask": out[4]}

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Apply one action per environment, play on to each learner's next question."""
        if not self._ready:
            raise IllegalAction("step before reset: call reset() first")
        obs, rewards, terminated, truncated, masks = self._step(self._check(actions), deal=False)
        return obs, rewards, terminated, truncated, {"action_mask": masks}

    def rounds(self) -> State:
        """The rounds being played, as the batched engine's state (with ``record``, each
        round's actions: ``unoverse.fast.check`` exports and replays them in the reference
        engine). Its seeds are current."""
        return self._state

    def action_masks(self) -> np.ndarray:
        """Each environment's mask of its learner's legal actions now (all zeros for a round
        that has ended: the next step deals it anew, whatever its action)."""
        return self._masks.copy()

    def _check(self, actions: Any) -> np.ndarray:
        """``actions`` as an int64 array, each in its environment's mask (a round that ended
        takes any action); else ``IllegalAction`` for the first one that is not."""
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,) or not np.issubdtype(acts.dtype, np.integer):
            raise IllegalAction(
                f"actions: give {self.num_envs} integer actions (one per environment), "
                f"not an array of shape {acts.shape} and type {acts.dtype}"
            )
        acts = acts.astype(np.int64)
        i = first_illegal(acts, self._masks, self._done)
        if i >= 0:
            space = self.cfg.space
            why = space.refused(int(acts[i]), "not a legal action of its learner now")
            raise space.refusal(f"environment {i}: {why}", self._masks[i])
        return acts

    def _step(
        self, actions: np.ndarray, *, deal: bool
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Step every environment, in ``threads`` parts of consecutive environments (the
        first on this thread); the observations, rewards, terminations, truncations and
        masks, written by the kernel into new arrays (the environment's own buffers for the
        observations and masks when ``copy`` is false)."""
        st = self._state
        n = self.cfg.players + 1  # R's entries per environment
        k = self.num_envs
        obs = np.empty_like(self._obs) if self.copy else self._obs
        masks = np.empty_like(self._masks) if self.copy else self._masks
        rewards = np.empty(k, np.float32)
        terminated = np.empty(k, np.bool_)
        truncated = np.empty(k, np.bool_)
        # (numba writes the flags as bytes through a borrowed pointer)
        ended, cut = terminated.view(np.uint8), truncated.view(np.uint8)

        def part(a: int, b: int) -> None:
            step_all(
                st.S[a:b], st.C[a:b], st.R[a * n : b * n], self.cfg.T, st.LOG[a:b],
                st.SEED[a:b], self._streams[a:b], actions[a:b], self.seat, self._policy,
                self.reactions, MAX_ACTIONS, obs[a:b], self._masks[a:b], masks[a:b],
                rewards[a:b], ended[a:b], cut[a:b], self._done[a:b], deal,
                self._scratch[a:b], self._tallies[a:b],
            )  # fmt: skip

        first, *rest = itertools.pairwise(self._parts)
        others = [self._pool.submit(part, a, b) for a, b in rest] if self._pool else []
        part(*first)
        for job in others:
            job.result()
        return obs, rewards, terminated, truncated, masks
