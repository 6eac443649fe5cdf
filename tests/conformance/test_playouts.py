"""Seeded playouts over presets x players x seeds, checked after every action (_playout.py).

Normal profile: every preset (Classic, Minecraft, Attack, Full Spectrum, Blast, Flip) at 2,
3, 4, 7 and 10 players, two seeds with bots and one with the uniform policy — Blast and Flip
one of the three per table size, in turn (``_runs``: Blast's rounds are long, Flip's presets
many); No Mercy's presets (2-6 players, RULES.md §9.4) one round each, the table size and the
policy in turn. Deep profile (``UNOVERSE_DEEP=1``): every preset at 2..10 players (No Mercy
2..6); official Classic's presets with 16 seeds with bots and 8 with the uniform policy,
Classic's house-rule presets with 6 and 3, No Mercy's with 2 and 2, the other variants' with
4 and 2; every combination of UNO Flip's switches (RULES.md §8) at 2..10 players
(``test_flip_switches``) and of No Mercy's (§9) at 2..6 (``test_no_mercy_switches``).
"""

from __future__ import annotations

import itertools
import runpy
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

import unoverse as uv
from unoverse import Kind
from unoverse.core.cards import CARD_IS_WILD, CARD_KIND, CARD_NUMBER, CARD_TEXT, KIND_INDEX, TWIN
from unoverse.sim.driver import RoundRecord, play_round

from ._blast import is_blast_card
from ._flip import ident
from ._playout import (
    ALL_PLAYERS,
    ATTACK_PRESETS,
    BLAST_PRESETS,
    CLASSIC_PRESETS,
    DEEP,
    FLIP_PRESETS,
    FULL_SPECTRUM_PRESETS,
    MINECRAFT_PRESETS,
    NO_MERCY_PLAYERS,
    NO_MERCY_PRESETS,
    NORMAL_PLAYERS,
    PRESETS,
    VARIANT_CHECKS,
    BotTable,
    Checks,
    ConformanceFailure,
    may_not_end,
    mixed_specs,
    playout,
)

NORMAL_RUNS = (("bots", 1), ("bots", 2), ("uniform", 3))
# Deep profile: 24 seeded runs per (preset, players) for official Classic's presets, 9 for
# each house-rule preset (there are many more of those, each also covered by its own rule
# tests), which keeps `make test-deep` near ten minutes on 2 cores.
DEEP_RUNS = tuple(("bots", s) for s in range(1, 17)) + tuple(
    ("uniform", s) for s in range(101, 109)
)
DEEP_HOUSE_RUNS = tuple(("bots", s) for s in range(1, 7)) + tuple(
    ("uniform", s) for s in range(101, 104)
)
HOUSE = {
    "stacking", "revive", "draw_until_playable", "seven_zero", "zero_chooses_direction",
    "jump_in", "play_duplicates", "zero_discard_color", "downpour", "bar_special",
    "boomerang", "friendly_swap", "friendly_count",
}  # fmt: skip


# Deep profile for Minecraft and Attack: 6 seeded runs per (preset, players), which keeps
# their part of `make test-deep` near 3 minutes on 2 cores (the normal profile already runs
# each preset at 5 table sizes; a launcher or Creeper rule is reached many times per round).
DEEP_VARIANT_RUNS = tuple(("bots", s) for s in range(1, 5)) + tuple(
    ("uniform", s) for s in range(101, 103)
)
# Deep profile for No Mercy's presets: 4 seeded runs per (preset, players); the switch matrix
# (``test_no_mercy_switches``) plays 960 more rounds.
DEEP_NO_MERCY_RUNS = (("bots", 1), ("bots", 2), ("uniform", 101), ("uniform", 102))


def _runs(preset: str, players: int = 0) -> tuple[tuple[str, int], ...]:
    """The (policy, seed) runs of ``preset`` at ``players`` seats. Normal profile, Blast and
    Flip: one of ``NORMAL_RUNS`` per table size, in turn from preset to preset (a checked
    Blast round of 10 seats is up to 1,700 actions, BLAST choices included; Flip has many
    presets, each of which a two-faced card makes slower to check), so every preset meets
    both policies and every table size both policies across the presets."""
    if preset in NO_MERCY_PRESETS:
        if DEEP:
            return DEEP_NO_MERCY_RUNS
        i = NO_MERCY_PRESETS.index(preset)
        on = NO_MERCY_PLAYERS[i % len(NO_MERCY_PLAYERS)] == players
        return (NORMAL_RUNS[i % len(NORMAL_RUNS)],) if on else ()
    if not DEEP:
        for presets in (BLAST_PRESETS, FLIP_PRESETS):
            if preset in presets:
                i = presets.index(preset) + NORMAL_PLAYERS.index(players)
                return (NORMAL_RUNS[i % len(NORMAL_RUNS)],)
        return NORMAL_RUNS
    if preset not in CLASSIC_PRESETS:
        return DEEP_VARIANT_RUNS
    names = {part.split("=")[0] for part in preset.split("+")[1:]}
    return DEEP_HOUSE_RUNS if names & HOUSE else DEEP_RUNS


def _short(preset: str) -> str:
    """A readable test id: Classic's presets without ``classic``, the others with their
    variant's name once (``attack+launcher=pattern``)."""
    variant = preset.split("+")[0]
    if variant == "classic":
        return preset.replace("classic+", "").replace("classic.", "") or "classic"
    return preset.replace(f"{variant}.", "")


def _players(preset: str) -> tuple[int, ...]:
    """The table sizes ``preset`` is played at: No Mercy's 2-6 (§9.4), the others' by
    profile."""
    if preset in NO_MERCY_PRESETS:
        return NO_MERCY_PLAYERS
    return ALL_PLAYERS if DEEP else NORMAL_PLAYERS


def _matrix() -> list[object]:
    deep = [pytest.mark.deep] if DEEP else []

    return [
        pytest.param(
            preset,
            n,
            policy,
            seed,
            marks=deep,
            id=f"{_short(preset)}-{n}p-{policy}-{seed}",
        )
        for preset in PRESETS
        for n in _players(preset)
        for policy, seed in _runs(preset, n)
    ]


#: How many actions a round without the Mercy rule may take to be played checked.
ENDING_CAP = 600


def ending_seed(preset: str, players: int, policy: str, seed: int) -> int:
    """``seed``, or for No Mercy without the Mercy rule (``no_mercy.mercy=false``) the first
    seed from it whose round ends within ``ENDING_CAP`` actions. Without knockouts hands can
    hold the whole deck and a round may never end (NM-12: E-6 guards termination; thousands
    of actions are common), so those rounds are found unchecked, then played checked."""
    if not may_not_end(preset):
        return seed
    for s in itertools.count(seed):
        try:
            playout(preset, players, s, policy, checks=Checks.only(), max_actions=ENDING_CAP)
        except ConformanceFailure:
            continue
        return s
    raise AssertionError("unreachable")  # pragma: no cover


@pytest.mark.parametrize(("preset", "players", "policy", "seed"), _matrix())
def test_playout(preset: str, players: int, policy: str, seed: int) -> None:
    """Conservation, legal and illegal actions, termination, save/load, replay and views
    after every action of one seeded round."""
    playout(preset, players, ending_seed(preset, players, policy, seed), policy)


# -- UNO Flip's switches, every combination (deep profile) ------------------------------------
#: The switches of RULES.md §8 and their values, the default first.
FLIP_SWITCHES = (
    ("flip.first_flip", ("apply", "ignore", "redraw")),
    ("flip.surfaced_wild_color", ("next_player", "flip_player")),
    ("flip.see_own_backs", ("false", "true")),
    ("flip.observer_tracking", ("multiset", "by_card")),
    ("flip.last_flip_flips", ("false", "true")),
)


def flip_switch_presets() -> list[str]:
    """Every combination of ``FLIP_SWITCHES``, each preset naming its values other than the
    defaults (48 presets, the first ``flip`` itself)."""
    out = []
    for values in itertools.product(*(v for _, v in FLIP_SWITCHES)):
        chosen = [
            f"+{name}={value}"
            for (name, choices), value in zip(FLIP_SWITCHES, values, strict=True)
            if value != choices[0]
        ]
        out.append("flip" + "".join(chosen))
    return out


def _flip_switch_matrix() -> list[object]:
    """Each combination at 2..10 players, one seeded run each, the policy and seed in turn
    (deep profile only: 432 rounds)."""
    if not DEEP:
        return []
    runs = DEEP_VARIANT_RUNS
    return [
        pytest.param(
            preset,
            n,
            *runs[(i + n) % len(runs)],
            marks=pytest.mark.deep,
            id=f"{_short(preset)}-{n}p",
        )
        for i, preset in enumerate(flip_switch_presets())
        for n in ALL_PLAYERS
    ]


@pytest.mark.parametrize(("preset", "players", "policy", "seed"), _flip_switch_matrix())
def test_flip_switches(preset: str, players: int, policy: str, seed: int) -> None:
    """UNO Flip under every combination of its switches (RULES.md §8.4, §8.5, §8.8, §8.11),
    checked like every playout."""
    playout(preset, players, seed, policy)


# -- No Mercy's switches, every combination (deep profile) ------------------------------------
#: The switches of RULES.md §9 that shape play with the Mercy rule on, and their values, the
#: default first: NM-0, NM-3, NM-4, NM-15, NM-16, NM-8, NM-11.
NO_MERCY_SWITCHES = (
    ("no_mercy.deck", ("fw_168", "rg_168", "om_168")),
    ("no_mercy.ignored_first_card", ("bury", "return")),
    ("no_mercy.voluntary_draw", ("false", "true")),
    ("no_mercy.last_card_effect", ("none", "resolve_draws")),
    ("no_mercy.uno_any_path", ("true", "false")),
    ("no_mercy.wr4_two_player", ("self", "opponent")),
    ("no_mercy.roulette_color", ("victim", "player")),
)
#: NM-12's switches, the Mercy rule itself: another threshold, and no Mercy (which changes
#: nothing the switches above do: no knockout, and draws that may come up short, §9.12),
#: each with every deck.
NO_MERCY_MERCY = ("no_mercy.mercy_threshold=15", "no_mercy.mercy=false")


def no_mercy_switch_presets() -> list[str]:
    """Every combination of ``NO_MERCY_SWITCHES`` (192 presets, the first ``no_mercy``
    itself), then each value of ``NO_MERCY_MERCY`` with each deck (6 more), each preset
    naming its values other than the defaults."""
    out = []
    for values in itertools.product(*(v for _, v in NO_MERCY_SWITCHES)):
        chosen = [
            f"+{name}={value}"
            for (name, choices), value in zip(NO_MERCY_SWITCHES, values, strict=True)
            if value != choices[0]
        ]
        out.append("no_mercy" + "".join(chosen))
    decks = NO_MERCY_SWITCHES[0][1]
    out.extend(
        "no_mercy" + (f"+no_mercy.deck={deck}" if deck != decks[0] else "") + f"+{mercy}"
        for mercy in NO_MERCY_MERCY
        for deck in decks
    )
    return out


def _no_mercy_switch_matrix() -> list[object]:
    """Each combination at 2..6 players, one seeded run each, the policy and seed in turn
    (deep profile only: 990 rounds)."""
    if not DEEP:
        return []
    runs = DEEP_NO_MERCY_RUNS
    return [
        pytest.param(
            preset,
            n,
            *runs[(i + n) % len(runs)],
            marks=pytest.mark.deep,
            id=f"{_short(preset)}-{n}p",
        )
        for i, preset in enumerate(no_mercy_switch_presets())
        for n in NO_MERCY_PLAYERS
    ]


@pytest.mark.parametrize(("preset", "players", "policy", "seed"), _no_mercy_switch_matrix())
def test_no_mercy_switches(preset: str, players: int, policy: str, seed: int) -> None:
    """No Mercy under every combination of its switches (RULES.md §9.2-§9.12), checked like
    every playout."""
    playout(preset, players, ending_seed(preset, players, policy, seed), policy)


def test_naive_bot_plays_a_card_whose_uno_call_follows_a_hand_move() -> None:
    """A Trade Hands' UNO call follows the hand it receives (U-H-14): with a hand of two and
    reneging off, the naive bot still finds its plays (this playout once left it none)."""
    playout(
        "attack+attack.trade_hands_can_go_out=false+attack.strict_first_color"
        "+attack.allow_renege=false",
        10,
        7,
        "bots",
    )


# -- the first card -------------------------------------------------------------------------
W = uv.card("W")
_STARTERS: dict[str, Callable[[int], bool]] = {
    "wild": lambda c: CARD_IS_WILD[c],
    "skip": lambda c: CARD_KIND[c] == KIND_INDEX["S"],
    "reverse": lambda c: CARD_KIND[c] == KIND_INDEX["R"],
    "draw_two": lambda c: CARD_KIND[c] in (KIND_INDEX["+2"], KIND_INDEX["H2"]),
    # UNO Attack's first-card table (RULES.md §3.2)
    "plain_wild": lambda c: c == W,
    "wild_all_hit": lambda c: CARD_KIND[c] == KIND_INDEX["WAH"],
    "wild_hit_fire": lambda c: CARD_KIND[c] == KIND_INDEX["WHF"],
    "discard_all": lambda c: CARD_KIND[c] == KIND_INDEX["DA"],
    # UNO Full Spectrum's (RULES.md §4.4, FS-2)
    "skip_all": lambda c: CARD_KIND[c] == KIND_INDEX["SA"],
    "draw_three": lambda c: CARD_KIND[c] == KIND_INDEX["+3"],
    # UNO Flip's (RULES.md §8.5, FL-11: the Flip whose dark face is a wild, too)
    "draw_one": lambda c: CARD_KIND[c] == KIND_INDEX["+1"],
    "flip": lambda c: CARD_KIND[c] == KIND_INDEX["F"],
    "flip_wild": lambda c: CARD_KIND[c] == KIND_INDEX["F"] and CARD_IS_WILD[TWIN[c]],
}
#: UNO Flip's first cards (§8.5): a Wild Draw Two is never one. The normal profile plays
#: every one on ``flip``, and the first Flips on each preset that sets a switch of §8 (FL-11
#: and what follows a first Flip: its surfaced wild, the hands turned, FL-3, FL-5); the deep
#: profile every one on every preset.
_FLIP_STARTERS = ("draw_one", "reverse", "skip", "wild", "flip", "flip_wild")
_FIRST_FLIPS = ("flip", "flip_wild")
_ATTACK_STARTERS = (
    "plain_wild", "wild_all_hit", "wild_hit_fire", "skip", "reverse", "draw_two", "discard_all",
)  # fmt: skip
#: Attack presets played on every starter of §3.2 in the normal profile (the second one's
#: first turn depends on the first card, A-7); the others on the two wilds that start with
#: presses (every starter in the deep profile).
_ATTACK_ALL_STARTERS = (
    "attack",
    "attack+attack.trade_hands_can_go_out=false+attack.strict_first_color+attack.allow_renege=false",
)


def _starter_seed(preset: str, players: int, kind: str, limit: int = 1000) -> int | None:
    """The first seed whose round starts on a card of ``kind`` (RULES.md §1.2 table; UNO
    Flip's §8.5, read light face up: a first Flip applied leaves its dark face up)."""
    for seed in range(limit):
        if _STARTERS[kind](ident(uv.new_game(preset, players, seed).discard[0])):
            return seed
    return None


def _never_starts(preset: str) -> str | None:
    """What never starts a round of ``preset``: Classic's mattel_old returns every wild
    (§1.2), Minecraft's number_only every card but a number (§2.2, M-5), and so does Blast
    (§5.4: a BLAST card too, which triggers nothing, B-13); No Mercy ignores every card but
    a number (§9.4, NM-3); UNO Flip's ``first_flip=redraw`` returns a Flip (FL-11)."""
    if "first_card=mattel_old" in preset:
        return "wild"
    if preset in MINECRAFT_PRESETS and "first_card=mattel_current" not in preset:
        return "number_only"
    if preset in BLAST_PRESETS or preset in NO_MERCY_PRESETS:
        return "number_only"
    if "first_flip=redraw" in preset:
        return "flip"
    return None


def _first_cards() -> list[object]:
    out: list[object] = []
    for preset in PRESETS:
        kinds: tuple[str, ...]
        if preset in ATTACK_PRESETS:
            kinds = (
                _ATTACK_STARTERS
                if DEEP or preset in _ATTACK_ALL_STARTERS
                else ("wild_all_hit", "wild_hit_fire")
            )
        elif _never_starts(preset) == "number_only":
            kinds = ()
        elif preset in FLIP_PRESETS:
            if DEEP or preset == "flip":
                kinds = _FLIP_STARTERS
            else:
                kinds = _FIRST_FLIPS if "flip." in preset else ()
        else:
            kinds = ("draw_two", "reverse", "skip", "wild")
        if preset in FULL_SPECTRUM_PRESETS:
            kinds += ("skip_all", "draw_three")
        out.extend(pytest.param(preset, k, id=f"{_short(preset)}-{k}") for k in kinds)
    return out


@pytest.mark.parametrize(("preset", "kind"), _first_cards())
def test_first_card(preset: str, kind: str) -> None:
    """Rounds that start on each special first card (rare in the matrix: a wild is 1 in 27)
    are played and checked like any other. ``mattel_old`` returns every wild to the deck, UNO
    Flip's ``first_flip=redraw`` every Flip."""
    never = _never_starts(preset)
    for players in (2, 3, 4, 10) if DEEP else (3,):
        seed = _starter_seed(preset, players, kind)
        if kind == never or (never == "flip" and kind in _FIRST_FLIPS):
            assert seed is None, f"§1.2, FL-11: seed {seed} of {preset} starts on a {kind}"
            continue
        assert seed is not None, f"no seed below 1000 starts {preset} on a {kind}"
        playout(preset, players, seed, "uniform" if seed % 2 else "bots")


@pytest.mark.parametrize("preset", PRESETS, ids=_short)
def test_returned_starters_never_start(preset: str) -> None:
    """§1.2: a Wild Draw Four turned first goes back into the deck, in every version; so
    does a Trade Hands in Attack (§3.2), and every card but a number in Minecraft's
    ``number_only`` (§2.2, M-5) and in Blast (§5.4), where no BLAST card is ever dealt; in
    UNO Flip a Wild Draw Two, and under ``first_flip=redraw`` a Flip (§8.5, FL-11). No
    Mercy's ignored action cards stay buried under the first number (NM-3), unless
    ``ignored_first_card=return``."""
    never = _never_starts(preset)
    buries = preset in NO_MERCY_PRESETS and "ignored_first_card=return" not in preset
    for seed in range(300 if DEEP else 100):
        game = uv.new_game(preset, 4, seed)
        first = game.discard[-1]
        assert CARD_KIND[first] != KIND_INDEX["W+4"], f"seed {seed}"
        assert CARD_KIND[ident(first)] != KIND_INDEX["W+2"], f"§8.5: seed {seed} starts on W+2"
        if never == "flip":
            assert CARD_KIND[ident(first)] != KIND_INDEX["F"], f"FL-11: seed {seed} on a Flip"
        assert CARD_KIND[first] != KIND_INDEX["TH"], f"§3.2: seed {seed} starts on a Trade Hands"
        if never == "number_only":
            assert CARD_NUMBER[first] >= 0, f"M-5: seed {seed} starts on {CARD_TEXT[first]}"
        dealt = [c for h in game.hands for c in h if is_blast_card(c)]
        assert not dealt, f"§5.4: seed {seed} deals BLAST cards {dealt}"
        if buries:
            assert all(CARD_NUMBER[c] < 0 for c in game.discard[:-1]), f"NM-3: seed {seed}"
        else:
            assert len(game.discard) == 1, f"seed {seed}: returned starters stay on the pile"


# -- the loop is the driver -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [
        ("classic", 4, 11),
        ("classic+permissive_illegal_plays", 3, 12),
        ("classic", 2, 13),
        ("minecraft", 4, 14),
        ("attack", 3, 15),
        ("attack+attack.discard_all_optional+false_uno_penalty=2", 5, 16),
        ("blast", 4, 17),
        ("blast+blast.uno_call+blast.blast_copies=3", 3, 18),
        ("flip", 4, 19),
        ("flip+flip.see_own_backs+stacking=same+permissive_illegal_plays", 3, 20),
        ("no_mercy", 4, 21),
        ("no_mercy+jump_in+play_duplicates+boomerang+false_uno_penalty=2", 5, 22),
    ],
)
def test_loop_matches_driver(preset: str, players: int, seed: int) -> None:
    """The checked loop chooses exactly what ``unoverse.sim.driver.play_round`` chooses, so
    the playouts test the games the simulator plays."""
    ours = playout(preset, players, seed, "bots", checks=Checks.only())
    game = uv.new_game(preset, players, seed)
    bots = BotTable(mixed_specs(players, seed), seed).table.bots
    record = play_round(game, bots, RoundRecord(seed, None))
    assert [(s, a) for s, a, _ in record.actions] == [(s, str(a)) for s, a in ours.actions]
    assert uv.to_json(game) == uv.to_json(ours.game)


# -- coverage: the suite reaches the rare rules ------------------------------------------------
def test_playouts_reach_every_rule() -> None:
    """A fixed set of playouts exercises every Classic action and penalty path, so the
    checks above are not vacuous."""
    seen: Counter[str] = Counter()
    for preset in (
        "classic",
        "classic+classic.deck=112_modern",
        "classic+classic.deck=112_blank+classic.blank_mode=copy_top",
        "classic+false_uno_penalty=2",
        "classic+permissive_illegal_plays",
    ):
        for players, seed in ((2, 5), (3, 6), (4, 7), (7, 8)):
            for policy in ("bots", "uniform"):
                seen += playout(preset, players, seed, policy, checks=Checks.only()).events
    wanted = (
        "play", "draw:turn", "take", "skip", "reverse", "uno", "catch", "draw:uno",
        "challenge:guilty", "challenge:innocent", "reveal", "false_uno", "draw:false_uno",
        "illegal_caught", "shuffle_hands", "reshuffle", "round_over",
    )  # fmt: skip
    missing = [k for k in wanted if not seen[k]]
    assert not missing, f"no playout reached {missing}; seen {dict(seen)}"


def test_variant_playouts_reach_every_rule() -> None:
    """A fixed set of Minecraft and Attack playouts exercises the Creeper (§2.4), every
    launcher path (§3.5, §3.6) and every Attack card (§3.4), so the event checks are not
    vacuous."""
    seen: Counter[str] = Counter()
    for preset in (
        "minecraft",
        "minecraft+minecraft.creeper_ends_turn",
        "attack",
        "attack+attack.discard_all_optional+false_uno_penalty=2",
        "attack+stacking=same+boomerang",
    ):
        for players, seed in ((2, 5), (3, 6), (4, 7), (7, 8)):
            for policy in ("bots", "uniform"):
                done = playout(preset, players, seed, policy, checks=Checks.only("events"))
                seen += done.events
                for _, a in done.actions:
                    if a.amount == 0:
                        seen["play:keep"] += 1
                    if a.kind == Kind.PLAY and a.target >= 0:
                        seen["play:trade"] += 1
    wanted = (
        "revealed", "draw:revealed", "challenge:guilty", "challenge:innocent",
        "press:turn", "press:penalty", "press:uno", "press:all_draw", "press:false_uno",
        "reload", "discard_all", "swap", "all_hit", "boomerang", "play:keep", "play:trade",
    )  # fmt: skip
    missing = [k for k in wanted if not seen[k]]
    assert not missing, f"no playout reached {missing}; seen {dict(seen)}"


#: What a fixed set of Blast playouts must reach (``Playout.paths``, counted by
#: ``_blast.BlastModel``, and event kinds): every card effect of §5.7, chain answers (B-19,
#: Reversa y Toma 4 with its option), BLAST events with and without a seat to meet them,
#: events interrupting a turn's draw, a penalty and Múltiple Roba's draws (§5.5 step 7),
#: a seat that holds a legal card once an event is over, the cards a BLAST penalty puts back
#: (B-14), eliminations that cancel the rest of a draw (B-12, B-21) and the round's end when
#: one active seat remains (B-27) or a hand empties.
BLAST_WANTED = (
    "numeral", "rev4", "descartar", "stack", "stack:rev4", "reversa:two_players", "event",
    "event:nobody_due", "interrupts:turn", "interrupts:penalty", "interrupts:all_draw",
    "until:legal_after_event", "eliminated", "eliminated:rest_cancelled", "over:last_active",
    "over:emptied", "ev:blast_returned", "ev:reshuffle", "ev:discard_all", "ev:skip",
    "ev:reverse", "ev:draw:turn", "ev:uno",
)  # fmt: skip


def test_blast_playouts_reach_every_rule() -> None:
    """A fixed set of Blast playouts (Normal mode) reaches every path of §5.5-§5.7 that the
    event model follows, so its checks are not vacuous."""
    seen: Counter[str] = Counter()
    # UNO calls are rare in Blast (a hand seldom gets down to one card): the last game is
    # one where they happen
    for preset, games in (
        ("blast+blast.rev4_stackable", ((2, 5), (3, 6), (4, 7), (7, 8))),
        ("blast+blast.uno_call", ((2, 5), (3, 6), (4, 7), (7, 8), (3, 21))),
    ):
        for players, seed in games:
            for policy in ("bots", "uniform"):
                done = playout(preset, players, seed, policy, checks=Checks.only("events"))
                seen += done.paths
                seen.update({f"ev:{k}": v for k, v in done.events.items()})
    missing = [k for k in BLAST_WANTED if not seen[k]]
    assert not missing, f"no playout reached {missing}; seen {dict(seen)}"


#: What a fixed set of UNO Flip playouts must reach (``Playout.paths``, counted by
#: ``_flip.FlipModel``, and event kinds): the table turned over (P9) by a Flip played and by
#: a first Flip applied (FL-11), a surfaced wild named (FL-8), a caught illegal Flip turned
#: back (§8.12), a last Flip that ends the round with and without turning the table (FL-12),
#: blind cards played by their face (§8.4), a Wild Draw Color taken and challenged (P10), and
#: the challenges, reshuffles and colour choices around them.
FLIP_WANTED = (
    "turn_over", "first_flip", "surfaced_wild", "flip_caught", "last_flip", "last_flip_turns",
    "blind_play", "p10:take", "p10:challenge", "ev:challenge:guilty", "ev:challenge:innocent",
    "ev:reshuffle", "ev:color", "ev:turn_over",
)  # fmt: skip


def test_flip_playouts_reach_every_rule() -> None:
    """UNO Flip's mutation games and two rounds that end on a Flip reach every path of §8
    that the event model follows, so its checks are not vacuous."""
    seen: Counter[str] = Counter()
    games = (
        *VARIANT_CHECKS["flip"].mutation_games,
        ("flip+permissive_illegal_plays", 3, 6, "bots"),
        ("flip+flip.last_flip_flips", 2, 13, "bots"),
    )
    for preset, players, seed, policy in games:
        done = playout(preset, players, seed, policy, checks=Checks.only("events"))
        seen += done.paths
        seen.update({f"ev:{k}": v for k, v in done.events.items()})
    missing = [k for k in FLIP_WANTED if not seen[k]]
    assert not missing, f"no playout reached {missing}; seen {dict(seen)}"


#: What a fixed set of No Mercy playouts must reach (``Playout.paths``, counted by
#: ``_no_mercy.NoMercyModel``, and event kinds): chains answered (by a Wild Reverse Draw 4
#: and a Boomerang too) and taken, the two-player Wild Reverse Draw 4 on its player (NM-8),
#: Roulettes named by their victim and by their player with a reveal past a wild, knockouts
#: in a take (the rest cancelled), a draw until playable and a reveal (NM-12), reshuffles
#: that take set-aside hands in (NM-24), swaps and passes that leave a hand one card
#: (NM-16), a Reverse and a Skip Everyone with two seats, wins by a last card with an effect
#: (NM-15), a last Draw Card taken (``resolve_draws``) and a last player standing, the
#: knockouts scored (NM-25), jump-ins, catches, Discard Alls, and draws short without Mercy.
NO_MERCY_WANTED = (
    "first:buried", "stack", "stack:wr4", "stack:boomerang", "take", "wr4", "wr4:self",
    "roulette", "roulette:player", "reveal", "reveal:past_wild", "knockout:take",
    "knockout:rest_cancelled", "knockout:draw", "knockout:reveal", "reshuffle:set_aside",
    "swap", "pass", "uno:moved", "reverse:two_players", "skip_all", "draw:until",
    "over:last_standing", "over:out", "over:out_on_effect", "out:resolve_draws", "over:out_taken",
    "scored:knockouts", "jump", "catch", "ev:discard_all", "ev:draw_short", "ev:false_uno",
)  # fmt: skip
#: The rounds beside the mutation games that reach them (no Mercy: a round that ends, found
#: as the matrix finds it).
_PLAYER_RESOLVES = "no_mercy+no_mercy.roulette_color=player+no_mercy.last_card_effect=resolve_draws"
_HOUSE_RULES = "no_mercy+jump_in+play_duplicates+boomerang+false_uno_penalty=2"
NO_MERCY_COVERAGE = (
    ("no_mercy", 2, 7, "bots"),
    (_PLAYER_RESOLVES, 2, 5, "uniform"),
    (_PLAYER_RESOLVES, 4, 7, "bots"),
    (_HOUSE_RULES, 3, 1, "uniform"),
    (_HOUSE_RULES, 4, 3, "uniform"),
    ("no_mercy+no_mercy.mercy=false", 3, 4, "bots"),
)


def test_no_mercy_playouts_reach_every_rule() -> None:
    """No Mercy's mutation games and a few more rounds reach every path of §9 that the event
    model follows, so its checks are not vacuous."""
    seen: Counter[str] = Counter()
    for preset, players, seed, policy in (
        *VARIANT_CHECKS["no_mercy"].mutation_games,
        *NO_MERCY_COVERAGE,
    ):
        seed = ending_seed(preset, players, policy, seed)
        done = playout(preset, players, seed, policy, checks=Checks.only("events"))
        seen += done.paths
        seen.update({f"ev:{k}": v for k, v in done.events.items()})
    missing = [k for k in NO_MERCY_WANTED if not seen[k]]
    assert not missing, f"no playout reached {missing}; seen {dict(seen)}"


# -- No Mercy: random rounds never draw short (NM-23) ----------------------------------------
_EXHAUSTION = Path(__file__).resolve().parents[2] / "benchmarks" / "no_mercy_exhaustion.py"


def test_no_mercy_random_rounds_never_draw_short() -> None:
    """RULES.md §9.12, §9.16.11 (NM-23): the rounds of ``benchmarks/no_mercy_exhaustion.py``
    (uniformly random actions, 2-6 players, its option mixes), a few hundred in this process
    (thousands in the deep profile), never log ``draw_short``, never hold a hand at the
    Mercy threshold, and end."""
    run = runpy.run_path(str(_EXHAUSTION))["run"]
    figures = run(3000 if DEEP else 300, 20230923, 1)
    assert figures.draw_short == 0, f"NM-23: {figures}"
    assert figures.unended == 0, f"E-6: {figures}"
    assert figures.stuck == 0, f"a round with no seat able to act: {figures}"
    # §9.12: no active hand over 24 cards, so a draw reaches at least 168 - 1 - 6 x 24 cards
    assert figures.max_hand < 25 and figures.min_supply >= 23, f"§9.12: {figures}"
