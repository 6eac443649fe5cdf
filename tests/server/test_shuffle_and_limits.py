"""The verifiable shuffle (a round's seed committed before the deal, revealed after it) and
the per-seat flood limit (docs/protocol.md)."""

from __future__ import annotations

import hashlib
import re

import unoverse as uv
from unoverse.core.seeding import derive
from unoverse.server.limits import PERIOD, RATE, Bucket
from unoverse.server.shuffle import Deal, digest, verify


def test_the_commitment_is_the_documented_hash() -> None:
    # the format docs/protocol.md gives, computed here by hand
    text = "unoverse-deal-v1:12345:" + "ab" * 32
    assert digest(12345, "ab" * 32) == hashlib.sha256(text.encode()).hexdigest()


def test_a_revealed_seed_and_salt_verify_and_anything_else_does_not() -> None:
    deal = Deal.new(derive(7, "round", 0))
    assert re.fullmatch(r"[0-9a-f]{64}", deal.salt)  # 256 bits
    assert re.fullmatch(r"[0-9a-f]{64}", deal.commitment)
    assert verify(deal.commitment, deal.seed, deal.salt)
    assert verify(deal.commitment.upper(), deal.seed, deal.salt.upper())
    assert not verify(deal.commitment, deal.seed + 1, deal.salt)
    other = "0" * 64 if deal.salt != "0" * 64 else "1" * 64
    assert not verify(deal.commitment, deal.seed, other)
    assert Deal.new(deal.seed).commitment != deal.commitment  # a new salt every round


def played_round(
    preset: str, players: int, seed: int
) -> tuple[uv.Game, list[tuple[int, str]], set[str]]:
    """A round played to its end by taking each acting seat's first offered action: the game,
    its log and the kinds of events it had."""
    game = uv.new_game(preset, players, seed)
    log, kinds = [], set()
    while not game.over:
        seat = game.acting_seats()[0]
        action = game.legal_actions(seat)[0]
        kinds.update(e.kind for e in game.apply(seat, action))
        log.append((seat, str(action)))
    return game, log, kinds


def test_the_revealed_seed_re_deals_and_replays_the_round_reshuffles_included() -> None:
    """Everything random in a round comes from its seed: the deal, and every reshuffle."""
    preset, players = "classic", 2
    for r in range(50):  # a round long enough to reshuffle the discards
        deal = Deal.new(derive(99, "round", r))
        played, log, kinds = played_round(preset, players, deal.seed)
        if "reshuffle" in kinds:
            break
    assert "reshuffle" in kinds, "no round of 50 reshuffled"
    assert verify(deal.commitment, deal.seed, deal.salt)
    again = uv.new_game(preset, players, deal.seed)
    for seat, action in log:
        again.apply(seat, action)
    assert uv.to_json(again) == uv.to_json(played)


def test_a_steady_sender_is_never_slowed() -> None:
    bucket = Bucket(0.0)
    step = PERIOD / RATE
    assert all(bucket.take(i * step) == "ok" for i in range(10 * RATE))


def test_a_burst_passes_then_a_flood_is_slowed_then_cut() -> None:
    bucket = Bucket(0.0)
    assert [bucket.take(0.0) for _ in range(RATE)] == ["ok"] * RATE
    assert bucket.take(0.0) == "slow"
    assert bucket.take(PERIOD / RATE) == "ok"  # one token back
    verdicts = [bucket.take(PERIOD / RATE) for _ in range(RATE + 5)]
    assert verdicts[: RATE - 1] == ["slow"] * (RATE - 1)
    assert "cut" in verdicts


def test_a_slowed_sender_that_waits_is_served_again() -> None:
    bucket = Bucket(0.0)
    for _ in range(RATE + 10):
        bucket.take(0.0)
    assert bucket.take(0.0) == "slow"
    assert [bucket.take(PERIOD) for _ in range(RATE)] == ["ok"] * RATE  # a full bucket again
    assert bucket.take(PERIOD - 5.0) == "slow"  # a clock going back brings no tokens
