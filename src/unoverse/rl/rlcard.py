"""RLCard's UNO encoding on Classic with 2 players (docs/rl.md, "RLCard's encoding").

RLCard's UNO observation is four 4×15 planes (rows: red, green, blue, yellow; columns: 0-9,
skip, reverse, draw two, wild, wild draw four): whether the hand holds none, one or two of
each card (a wild of either kind is marked in all four rows), and the target (the top card
in its active colour). Its 61 actions are the 60 plays ``c-trait`` (a wild's ``c`` the
colour it declares) and ``draw``. ``encode`` and ``action_id`` write our engine's Classic in
those terms, ``raw_obs`` writes a seat's view as RLCard's raw state (its dictionary, cards
named as RLCard names them: ``r-7``, ``g-wild``), and ``RLCardEnv`` offers RLCard's
environment interface (``reset``, ``step``, ``run`` with ``set_agents``, ``num_actions``,
``state_shape``), so RLCard's agents, its rule agent and its human agent included, play the
exact rules without change. Where the exact rules ask more than RLCard's game has words
for, the environment answers for the agent, as documented: ``draw`` (id 60) also keeps a
drawn card (``pass``) and takes a penalty (``take``); a Wild Draw Four is never challenged;
UNO is always called; the first card's colour, when it is a Wild, is chosen as ``c-wild``.

Only Classic's cards fit those planes: a card RLCard's UNO does not have (another colour,
another kind), two-faced cards (RULES.md §8: a second side of colours and kinds, and the
backs every seat sees, §8.4) and a deck with kinds it has no column for (UNO Show 'Em No
Mercy's, §9.2: a coloured Draw Four, Skip Everyone, Discard All, its wild draw cards and
the Wild Color Roulette, whose victim names a colour RLCard has no action for) are refused
with ``Unsupported``, never written into a plane that means another card;
``unoverse.rl.aec_env`` and ``UnoEnv`` play every variant.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from ..core.actions import Action, Kind
from ..core.cards import (
    CARD_COLOR,
    CARD_KIND,
    CARD_TEXT,
    COLOR_NAMES,
    KIND_CODES,
    TWIN,
    color,
)
from ..core.errors import Unsupported
from ..core.game import Game
from ..core.view import View
from .runner import Runner

#: RLCard's colour rows: red, green, blue, yellow, as our colour indices.
ROWS: Final = tuple(color(c) for c in "RGBY")
#: RLCard's trait columns, as our kind codes.
TRAITS: Final = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2", "W", "W+4")
_TRAIT_NAMES: Final = (*"0123456789", "skip", "reverse", "draw_2", "wild", "wild_draw_4")
#: RLCard's 61 action names, by id.
ACTIONS: Final = (*(f"{c}-{t}" for c in "rgby" for t in _TRAIT_NAMES), "draw")
DRAW_ID: Final = 60
_COLUMN: Final = {KIND_CODES.index(code): i for i, code in enumerate(TRAITS)}
_ROW: Final = {c: i for i, c in enumerate(ROWS)}


def _column(card: int) -> int:
    """A card's trait column in RLCard's planes; ``Unsupported`` for a card RLCard's UNO does
    not have (see the module's docstring)."""
    column = _COLUMN.get(CARD_KIND[card], -1)
    if column < 0 or TWIN[card] != card:
        raise Unsupported(
            f"RLCard's UNO encoding has no card {CARD_TEXT[card]}: it knows Classic's cards "
            "only (unoverse.rl.aec_env and UnoEnv play every variant)"
        )
    return column


def _refuse_rules(view: View) -> None:
    """``Unsupported`` for a view of rules RLCard's planes cannot hold (see the module's
    docstring): two-faced cards (RULES.md §8), or a deck with kinds RLCard's UNO has no
    column for (No Mercy's, §9.2), whatever the seat holds now: a hand of numbers would
    encode, and mean a game RLCard does not play."""
    if view.rules.two_faced:
        raise Unsupported(
            f"RLCard's UNO encoding has one-faced cards: {view.variant}'s two-faced cards, "
            "their second side's colours and the backs every seat sees have no place in its "
            "(4, 4, 15) planes (unoverse.rl.aec_env and UnoEnv play every variant)"
        )
    foreign = sorted({KIND_CODES[CARD_KIND[c]] for c in view.rules.deck} - set(TRAITS))
    if foreign:
        raise Unsupported(
            f"RLCard's UNO encoding has Classic's cards only: {view.variant}'s deck has "
            f"{', '.join(foreign)}, which its (4, 4, 15) planes and 61 actions have no place "
            "for (unoverse.rl.aec_env and UnoEnv play every variant)"
        )


def _row(col: int) -> int:
    """A colour's row in RLCard's planes, red for none (a wild's colour not declared);
    ``Unsupported`` for a colour RLCard's UNO does not have."""
    if col < 0:
        return 0
    row = _ROW.get(col, -1)
    if row < 0:
        raise Unsupported(
            f"RLCard's UNO has no colour {COLOR_NAMES[col]}: red, green, blue and yellow only "
            "(unoverse.rl.aec_env and UnoEnv play every variant)"
        )
    return row


def _cell(card: int, declared: int = -1) -> tuple[int, int]:
    """A card's (row, column) in RLCard's planes; a wild's row is the colour it declares."""
    column = _column(card)
    return _row(CARD_COLOR[card] if CARD_COLOR[card] >= 0 else declared), column


def card_name(card: int, declared: int = -1) -> str:
    """RLCard's name of a card (``r-7``, ``y-draw_2``); a wild's colour is the one declared
    for it, red where none is (in a hand, or a first Wild whose colour is still to be
    chosen), the row ``encode`` gives it."""
    row, column = _cell(card, declared)
    return f"{'rgby'[row]}-{_TRAIT_NAMES[column]}"


def raw_obs(
    view: View, played: Sequence[int], legal: Sequence[str], current: int
) -> dict[str, Any]:
    """RLCard's raw state (``UnoGame.get_state``) of ``view``'s seat: its ``hand``, the
    ``target`` (the top card in the active colour), the ``played_cards`` (the discard pile,
    bottom first, each in the colour ``played`` says it was played in), its
    ``legal_actions`` (RLCard's names), ``num_cards`` per seat, ``num_players`` and the
    ``current_player``. ``Unsupported`` for a card RLCard's UNO does not have."""
    _refuse_rules(view)
    return {
        "hand": [card_name(c) for c in view.hand],
        "target": card_name(view.top, view.color),
        "played_cards": [card_name(c, col) for c, col in zip(view.discard, played, strict=True)],
        "legal_actions": list(legal),
        "num_cards": list(view.hand_sizes),
        "num_players": len(view.hand_sizes),
        "current_player": current,
    }


def encode(view: View) -> np.ndarray:
    """RLCard's (4, 4, 15) observation of ``view``'s seat (int planes, as RLCard's);
    ``Unsupported`` for a card RLCard's UNO does not have."""
    _refuse_rules(view)
    obs = np.zeros((4, 4, 15), dtype=int)
    obs[0] = 1
    counts: dict[tuple[int, int], int] = {}
    for card in view.hand:
        if CARD_COLOR[card] < 0:  # a wild: marked in every row, whatever the count
            column = _column(card)
            obs[0, :, column] = 0
            obs[1, :, column] = 1
            continue
        cell = _cell(card)
        counts[cell] = counts.get(cell, 0) + 1
    for (row, column), n in counts.items():
        obs[0, row, column] = 0
        obs[min(n, 2), row, column] = 1
    if view.discard and (view.color >= 0 or CARD_COLOR[view.discard[-1]] >= 0):
        row, column = _cell(view.discard[-1], view.color)
        obs[3, row, column] = 1
    return obs


def action_id(action: Action) -> int | None:
    """The RLCard id of an engine action, or None where RLCard has none (a challenge, a
    catch, an UNO call on its own); ``Unsupported`` for a play of a card RLCard's UNO does not
    have, or a colour it does not name."""
    kind = action.kind
    if kind in (Kind.DRAW, Kind.PASS, Kind.TAKE):
        return DRAW_ID
    if kind == Kind.PLAY:
        row, column = _cell(action.card, action.color)
        return row * 15 + column
    if kind == Kind.COLOR:
        return _row(action.color) * 15 + TRAITS.index("W")
    return None


def rlcard_actions(legal: Sequence[Action]) -> dict[int, Action]:
    """The RLCard ids of ``legal`` and the engine action each stands for: a play that may
    call UNO calls it."""
    out: dict[int, Action] = {}
    for a in legal:
        i = action_id(a)
        if i is not None and (i not in out or a.uno):
            out[i] = a
    return out


class RLCardEnv:
    """RLCard's environment interface on our Classic at 2 seats (see the module's
    docstring): states are ``{"obs", "legal_actions", "raw_obs", "raw_legal_actions",
    "action_record"}`` as RLCard's (``raw_obs``: RLCard's raw state, see ``raw_obs``;
    ``action_record``: every ``(player, action name)`` of the round so far, which RLCard's
    human agent shows), payoffs +1 / -1."""

    num_players = 2
    num_actions = len(ACTIONS)
    state_shape: Final = [[4, 4, 15], [4, 4, 15]]
    action_shape: Final = [None, None]

    def __init__(self, seed: int = 0) -> None:
        self.runner = Runner("classic", 2, reactions=False)
        self._seeds = np.random.default_rng(seed)
        self.agents: Sequence[Any] = ()
        self.timestep = 0
        self.action_recorder: list[tuple[int, str]] = []
        # the colour each card of the discard pile was played in (``raw_obs``'s
        # ``played_cards``): the engine keeps only the top card's
        self._played: list[int] = []

    def reset(self) -> tuple[dict[str, Any], int]:
        """A new round: the first state and the player to act."""
        self.runner.reset(int(self._seeds.integers(2**63)))
        self.action_recorder = []
        self._played = []
        self._follow_pile()
        return self._state(), self.get_player_id()

    def step(self, action: int, raw_action: bool = False) -> tuple[dict[str, Any], int]:
        """Play RLCard action id ``action`` (``KeyError`` for an id not legal now): the next
        state and player."""
        runner = self.runner
        if raw_action:
            action = ACTIONS.index(str(action))
        chosen = rlcard_actions(runner.legal())[action]
        self.action_recorder.append((self.get_player_id(), ACTIONS[action]))
        runner.act(runner.space.tokens(chosen, runner.current or 0, runner.legal())[0])
        self.timestep += 1
        self._follow_pile()
        return self._state(), self.get_player_id()

    def get_player_id(self) -> int:
        """The player to act (the last one once the round is over)."""
        current = self.runner.current
        return current if current is not None else self.runner.game.turn

    def is_over(self) -> bool:
        return self.runner.over

    def get_payoffs(self) -> np.ndarray:
        """+1 for the winner, -1 for the other (zeros for a round cut off)."""
        return np.array([self.runner.reward(s) for s in range(2)])

    def get_state(self, player_id: int) -> dict[str, Any]:
        """``player_id``'s state, as RLCard's."""
        return self._state(player_id)

    def set_agents(self, agents: Sequence[Any]) -> None:
        self.agents = agents

    def run(self, is_training: bool = False) -> tuple[list[list[Any]], np.ndarray]:
        """Play a round with ``agents``, as RLCard's ``Env.run``: each player's trajectory
        and the payoffs."""
        trajectories: list[list[Any]] = [[] for _ in range(2)]
        state, player = self.reset()
        trajectories[player].append(state)
        while not self.is_over():
            agent = self.agents[player]
            action = agent.step(state) if is_training else agent.eval_step(state)[0]
            trajectories[player].append(action)
            state, player = self.step(action, getattr(agent, "use_raw", False))
            if not self.is_over():
                trajectories[player].append(state)
        for p in range(2):
            trajectories[p].append(self.get_state(p))
        return trajectories, self.get_payoffs()

    def _follow_pile(self) -> None:
        """Note the colour of each card that has come onto the discard pile since the last
        action. An action adds one card at most, or reshuffles the pile down to its top
        card (P3): an agent answers every action of this 2-seat round but the UNO calls."""
        game: Game = self.runner.game
        played = self._played[-len(game.discard) :]
        played.extend(CARD_COLOR[c] for c in game.discard[len(played) :])
        played[-1] = game.color  # the active colour: a wild's declared one, once declared
        self._played = played

    def _state(self, seat: int | None = None) -> dict[str, Any]:
        runner = self.runner
        player = self.get_player_id()
        seat = player if seat is None else seat
        view = runner.game.view(seat)
        asked = runner.current == seat
        ids = sorted(rlcard_actions(runner.legal())) if asked else []
        names = [ACTIONS[i] for i in ids]
        return {
            "obs": encode(view),
            "legal_actions": OrderedDict((i, None) for i in ids),
            "raw_obs": raw_obs(view, self._played, names, player),
            "raw_legal_actions": names,
            "action_record": self.action_recorder,
        }
