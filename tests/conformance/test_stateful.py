"""A hypothesis state machine over a few presets (Classic, Minecraft, Attack, Blast): any
acting seat's legal action, or an illegal one, in any order hypothesis likes; invariants after
every step."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import unoverse as uv
from unoverse import Game, Kind, Phase, UnoverseError

from ._blast import is_blast, is_blast_card, limit
from ._playout import DEEP, STATE_MAX, illegal_candidates, presses

PRESETS = (
    "classic",
    "classic+false_uno_penalty=2",
    "classic+permissive_illegal_plays",
    "minecraft+false_uno_penalty=2",
    "attack+attack.discard_all_optional+false_uno_penalty=2",
    "attack+attack.trade_hands_can_go_out=false+attack.strict_first_color+attack.allow_renege=false",
    # UNO Blast, Normal mode (RULES.md §5): a low elimination threshold ends rounds sooner
    "blast+blast.elimination_threshold=15",
    "blast+blast.uno_call+blast.rev4_stackable+blast.blast_copies=3",
)


class EngineMachine(RuleBasedStateMachine):
    """One round at a time; a finished round is replaced by a new one."""

    game: Game

    def _new(self, preset: str, players: int, seed: int) -> None:
        self.preset, self.players, self.seed = preset, players, seed
        self.game = uv.new_game(preset, players, seed)
        self.deck = Counter(self.game.rules.deck)
        self.log: list[str] = []

    def _where(self) -> str:
        return f"[{self.preset} players={self.players} seed={self.seed}] after {self.log[-6:]}"

    @initialize(
        preset=st.sampled_from(PRESETS),
        players=st.integers(2, 10),
        seed=st.integers(0, 2**32 - 1),
    )
    def start(self, preset: str, players: int, seed: int) -> None:
        self._new(preset, players, seed)

    @precondition(lambda self: self.game.over)
    @rule(seed=st.integers(0, 2**32 - 1))
    def next_round(self, seed: int) -> None:
        self._new(self.preset, self.players, seed)

    @precondition(lambda self: not self.game.over)
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        """Any acting seat applies any of its legal actions (plays weighted up)."""
        game = self.game
        pairs = [(s, a) for s in game.acting_seats() for a in game.legal_actions(s)]
        plays = [p for p in pairs if p[1].kind == Kind.PLAY]
        pool = pairs
        if plays:
            prefer: bool = data.draw(st.booleans(), label="prefer a play")
            pool = plays if prefer else pairs
        seat, act = data.draw(st.sampled_from(pool), label="action")
        try:
            game.apply(seat, act)
        except UnoverseError as exc:
            raise AssertionError(f"{self._where()}: offered {seat}: {act} refused: {exc}") from None
        self.log.append(f"{seat}: {act}")

    @precondition(lambda self: not self.game.over)
    @rule(data=st.data())
    def illegal_action(self, data: st.DataObject) -> None:
        """An action RULES.md forbids now raises an UnoverseError and changes nothing."""
        game = self.game
        seat, act, why = data.draw(st.sampled_from(illegal_candidates(game)), label="illegal")
        before = uv.to_json(game)
        try:
            game.apply(seat, act)
        except UnoverseError:
            pass
        else:
            raise AssertionError(f"{self._where()}: illegal ({why}) {seat!r}: {act} accepted")
        assert uv.to_json(game) == before, f"{self._where()}: refused ({why}) {act} changed state"

    @invariant()
    def cards_are_conserved(self) -> None:
        have = Counter(self.game.all_cards())
        assert have == self.deck, f"{self._where()}: conservation: {have - self.deck}"

    @invariant()
    def turn_holder_can_act(self) -> None:
        game = self.game
        if game.over:
            assert not game.acting_seats()
            return
        if game.phase == Phase.BLAST:  # the seats able to meet it act, maybe not the drawer
            assert game.acting_seats(), f"{self._where()}: a BLAST event nobody answers"
        else:
            assert game.legal_actions(game.turn), f"{self._where()}: turn {game.turn} cannot act"
        for s in game.acting_seats():
            assert game.legal_actions(s), f"{self._where()}: acting seat {s} has no action"

    @invariant()
    def blast_hands(self) -> None:
        """RULES.md §5.5: no BLAST card in a hand; eliminated hands are empty (buried) and
        active ones below the elimination limit (B-12)."""
        game = self.game
        if not is_blast(game):
            return
        most = limit(game)
        for s, h in enumerate(game.hands):
            assert not any(is_blast_card(c) for c in h), f"{self._where()}: BLAST card in {s}"
            if game.eliminated[s]:
                assert not h, f"{self._where()}: eliminated seat {s} holds cards"
            else:
                assert len(h) < most, f"{self._where()}: seat {s} holds {len(h)} cards"

    @invariant()
    def launcher_state_in_range(self) -> None:
        """RULES.md §3.6: one launcher in Attack, none elsewhere; the hazard launcher counts
        at most 3 misses, the one_card launcher never misses."""
        game = self.game
        assert (game.launcher is not None) == presses(game), self._where()
        if game.launcher is not None:
            mode = str(game.rules.options["attack.launcher"])
            assert 0 <= game.launcher.state <= STATE_MAX.get(mode, game.launcher.state)

    @invariant()
    def views_are_deterministic(self) -> None:
        game = self.game
        loaded = uv.from_json(uv.to_json(game))
        for s in (*range(game.n), None):
            v = game.view(s)
            assert v == game.view(s) == game.copy().view(s) == loaded.view(s), self._where()


TestEngineMachine = EngineMachine.TestCase
TestEngineMachine.settings = settings(
    max_examples=300 if DEEP else 30,
    stateful_step_count=200 if DEEP else 60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
