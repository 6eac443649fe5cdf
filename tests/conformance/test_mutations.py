"""Mutation tests: break one rule with monkeypatch and show the conformance checks fail.

Each test runs the check on a few seeded games under the patch, with only the check that
should catch the mutation switched on, and expects an ``AssertionError`` naming it. The games
are each variant's mutation games (``_playout.VARIANT_CHECKS``), which the unpatched engine
passes with every check, variant by variant of the engine's list
(``test_checks_pass_unpatched``). The shared rules' mutations run on Classic's games and on
UNO Flip's, whose two-faced cards go through the same checks (§8).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import unoverse as uv
import unoverse.core.setup as game_setup
import unoverse.core.variant as variant_module
from unoverse import Game, Phase
from unoverse.core.blast.machinery import eliminate
from unoverse.core.cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND, DARK_UP, FACE, TWIN
from unoverse.core.events import Event
from unoverse.core.p1 import P1_PLAIN, Steps, p1_rows
from unoverse.core.rules import ANSWER_STACK, Rules
from unoverse.core.turn_over import turn_over
from unoverse.core.view import VIEW_FIELDS, View

from ._flip import DARK_COLORS, LIGHT_COLORS
from ._playout import VARIANT_CHECKS, Checks, check_wd4_scenarios, playout
from ._variants import Run

#: Classic's games: the mutations of the shared rules run on them.
GAMES = VARIANT_CHECKS["classic"].mutation_games
#: UNO Flip's games: the shared rules' mutations run on them too, and Flip's own.
FLIP_GAMES = VARIANT_CHECKS["flip"].mutation_games
#: The shared rules' mutations, on Classic's games and on UNO Flip's.
SHARED = pytest.mark.parametrize("games", [GAMES, FLIP_GAMES], ids=["classic", "flip"])


def run_games(checks: Checks, games: tuple[Run, ...] = GAMES) -> None:
    for preset, players, seed, policy in games:
        playout(preset, players, seed, policy, checks=checks)


# -- (a) any card legal on any card -----------------------------------------------------------
@pytest.fixture
def any_card_matches(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Classic's P1 table says 1 everywhere (games compiled under the patch only)."""
    every_card = tuple(bytes([1]) * len(row) for row in P1_PLAIN)
    monkeypatch.setattr(variant_module, "p1_rows", lambda steps: every_card)
    game_setup._COMPILED.clear()
    yield
    game_setup._COMPILED.clear()


@pytest.mark.usefixtures("any_card_matches")
@SHARED
@pytest.mark.parametrize(
    ("check", "message"),
    [
        ("illegal", r"illegal action (offered|accepted) \(does not match \(P1\)\)"),
        ("p1", r"P1: accepted play"),
        ("offers", r"P1/§1.3: offered plays differ"),
    ],
)
def test_any_card_legal_is_caught(check: str, message: str, games: tuple[Run, ...]) -> None:
    """The P1 table says every card matches (validation reads it too): the generated
    non-matching plays are accepted, a bot's accepted play breaks P1, and the offered plays
    are no longer the P1 ones — each check alone catches it."""
    with pytest.raises(AssertionError, match=message):
        run_games(Checks.only(check), games)


# -- (b) one card lost ---------------------------------------------------------------------------
@pytest.fixture
def lossy_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fifth card drawn in an action vanishes from the hand it went to.

    Mutations wrap ``Game.apply``, the method the checks call: compiled code calls the
    engine's internal methods directly, so a patched ``Table.draw`` would go unseen there."""
    original = Game.apply
    count = [0]

    def apply(self: Game, seat: int | None, act: Any) -> list[Any]:
        events = original(self, seat, act)
        for e in events:
            if e.kind != "draw":
                continue
            for c in e.cards:
                count[0] += 1
                if count[0] % 5 == 0 and e.seat is not None:
                    self.hands[e.seat].remove(c)
        return events

    monkeypatch.setattr(Game, "apply", apply)


@pytest.fixture
def lossy_reshuffle(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reshuffle leaves one discard behind (it is in no pile and no hand)."""
    original = Game.apply

    def apply(self: Game, seat: int | None, act: Any) -> list[Any]:
        events = original(self, seat, act)
        if any(e.kind == "reshuffle" for e in events):
            self.draw_pile.pop(0)
        return events

    monkeypatch.setattr(Game, "apply", apply)


@SHARED
@pytest.mark.parametrize("mutation", ["lossy_draw", "lossy_reshuffle"])
def test_lost_card_is_caught(
    mutation: str, games: tuple[Run, ...], request: pytest.FixtureRequest
) -> None:
    """A card dropped while drawing or reshuffling breaks card conservation."""
    request.getfixturevalue(mutation)
    with pytest.raises(AssertionError, match=r"card conservation: lost \S+; extra -"):
        run_games(Checks.only("conservation"), games)


# -- (c) an opponent's card leaked into a view --------------------------------------------------
@pytest.fixture
def leaky_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seat's view 'knows' the whole hand of the seat to its left.

    ``Game.view`` is patched, the method the checks call: compiled code calls the module's
    ``view`` function directly, so a patched module attribute would go unseen there."""
    original = Game.view

    def view(game: Game, seat: int | None) -> Any:
        v = original(game, seat)
        if seat is None:
            return v
        known = list(v.known)
        left = (seat + 1) % game.n
        known[left] = tuple(sorted(game.hands[left]))
        values = dict(zip(VIEW_FIELDS, v.fields(), strict=True))
        values["known"] = tuple(known)
        return View(**values)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "view", view)


@pytest.mark.usefixtures("leaky_view")
@SHARED
def test_leaked_view_is_caught(games: tuple[Run, ...]) -> None:
    """Shuffling the leaked hand's hidden cards changes the view (UNO Flip: exchanging them
    for cards of the same back)."""
    with pytest.raises(AssertionError, match=r"view of seat \d+ leaks hidden cards: .*known"):
        run_games(Checks.only("views"), games)


# -- (d) the Wild Draw Four legality check removed ----------------------------------------------
@pytest.fixture
def wd4_always_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Wild Draw Four is judged legal when played (its challenge finds it innocent)."""
    original = Game.apply

    def apply(self: Game, seat: int | None, act: Any) -> list[Any]:
        events = original(self, seat, act)
        if self.phase == Phase.PENALTY and self.pen_challenge:
            self.pen_legal = True
        return events

    monkeypatch.setattr(Game, "apply", apply)


@pytest.mark.usefixtures("wd4_always_legal")
def test_wd4_legality_removed_is_caught_by_scenarios() -> None:
    """RULES.md §7.3 scenario 1: the guilty verdict becomes innocent."""
    with pytest.raises(AssertionError, match=r"§7\.3/1"):
        check_wd4_scenarios()


@pytest.mark.usefixtures("wd4_always_legal")
@SHARED
def test_wd4_legality_removed_is_caught_in_playouts(games: tuple[Run, ...]) -> None:
    """The P5 check on every challenge in a playout sees an illegal WD4 (UNO Flip: a Wild
    Draw Two or Wild Draw Color, §8.9) judged innocent."""
    with pytest.raises(AssertionError, match=r"P5: challenge .* gave \['innocent'\]"):
        run_games(Checks.only("p5"), games)


# -- (e) Minecraft and Attack: the event checks --------------------------------------------------
#: Games with revealed Creepers (minecraft), Discard Alls and a reload (attack).
VARIANT_GAMES = VARIANT_CHECKS["minecraft"].mutation_games + VARIANT_CHECKS["attack"].mutation_games


def _after_apply(monkeypatch: pytest.MonkeyPatch, change: Any) -> None:
    """Wrap ``Game.apply``: ``change(game, events)`` runs after each accepted action."""
    original = Game.apply

    def apply(self: Game, seat: int | None, act: Any) -> list[Any]:
        events = original(self, seat, act)
        change(self, events)
        return events

    monkeypatch.setattr(Game, "apply", apply)


@pytest.fixture
def creeper_kept_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    """A revealed Creeper is forgotten at once by the seats that saw it (RULES.md §2.4)."""

    def change(game: Game, events: list[Any]) -> None:
        for e in events:
            if e.kind == "revealed":
                for o in range(game.n):
                    if o != e.seat and e.cards[0] in game.known[o][e.seat]:
                        game.known[o][e.seat].remove(e.cards[0])

    _after_apply(monkeypatch, change)


@pytest.fixture
def launcher_not_reset(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reloading the launcher does not reset it (A-6, A-12): it keeps counting."""

    def change(game: Game, events: list[Any]) -> None:
        if game.launcher is not None and any(e.kind == "reload" for e in events):
            game.launcher.state += 1

    _after_apply(monkeypatch, change)


@pytest.fixture
def discard_all_keeps_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Discard All leaves the last card of its colour in the hand (§3.4), unreported."""

    def change(game: Game, events: list[Any]) -> None:
        for e in events:
            if e.kind == "discard_all" and e.seat is not None:
                c = e.cards[-1]
                game.discard.remove(c)
                game.hands[e.seat].append(c)

    _after_apply(monkeypatch, change)


@pytest.mark.parametrize(
    ("mutation", "message"),
    [
        ("creeper_kept_secret", r"§2\.4: seat \d+ does not know the Creeper revealed"),
        ("launcher_not_reset", r"§3\.6: the launcher's state is \d+; its presses make it"),
        ("discard_all_keeps_one", r"seat \d+'s hand changed other than its events say"),
    ],
)
def test_variant_mutation_is_caught(
    mutation: str, message: str, request: pytest.FixtureRequest
) -> None:
    """The event checks alone catch a Creeper kept secret, a launcher that a reload does not
    reset and a Discard All that keeps a card."""
    request.getfixturevalue(mutation)
    with pytest.raises(AssertionError, match=message):
        run_games(Checks.only("events"), VARIANT_GAMES)


# -- the same checks pass on the real engine ------------------------------------------------------
CHECKS = ("illegal", "p1", "offers", "conservation", "views", "p5", "events")


@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("variant", [v.name for v in uv.variants()])
def test_checks_pass_unpatched(variant: str, check: str) -> None:
    """Without a mutation every variant's mutation games pass every check, so the failures
    here come from the mutations."""
    run_games(Checks.only(check), VARIANT_CHECKS[variant].mutation_games)


def test_wd4_scenarios_pass_unpatched() -> None:
    check_wd4_scenarios()


# -- (f) UNO Full Spectrum: the chromatic step turned round ---------------------------------------
FULL_SPECTRUM_GAMES = VARIANT_CHECKS["full_spectrum"].mutation_games


def _turned_round(steps: Steps) -> Steps:
    """The steps taken the other way: colour ``b`` steps to ``a`` where ``a`` stepped to
    ``b`` (one-way steps run backwards; two-way steps are unchanged)."""
    return tuple(tuple(a for a, to in enumerate(steps) if b in to) for b in range(len(steps)))


@pytest.fixture
def chromatic_step_backwards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The chromatic step goes to the colour before the active one, not the one after
    (RULES.md §4.3: red to orange, not red to pink), in the P1 table of every game compiled
    under the patch."""
    monkeypatch.setattr(variant_module, "p1_rows", lambda steps: p1_rows(_turned_round(steps)))
    game_setup._COMPILED.clear()
    yield
    game_setup._COMPILED.clear()


@pytest.mark.usefixtures("chromatic_step_backwards")
@pytest.mark.parametrize(
    ("check", "message"),
    [
        ("illegal", r"illegal action (offered|accepted) \(does not match \(P1\)\)"),
        ("p1", r"P1: accepted play"),
        ("offers", r"P1/§1.3: offered plays differ"),
    ],
)
def test_chromatic_step_backwards_is_caught(check: str, message: str) -> None:
    """Full Spectrum's P1 oracle sees plays a step the wrong way round offered and accepted,
    and the plays a step the right way missing: each check alone."""
    with pytest.raises(AssertionError, match=message):
        run_games(Checks.only(check), FULL_SPECTRUM_GAMES)


# -- (g) UNO Blast: a BLAST card counted as drawn; a blast_ge chain without its floor ----------
BLAST_GAMES = VARIANT_CHECKS["blast"].mutation_games


@pytest.fixture
def blast_card_counts_as_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """A BLAST card that interrupts a draw of N cards counts as one of them (§5.5 step 1:
    it does not): the draw resumes after the event one card short."""

    def change(game: Game, events: list[Any]) -> None:
        if game.phase == Phase.BLAST and any(e.kind == "blast" for e in events) and game.blast.owed:
            seat, n, reason = game.blast.owed[0]
            if n > 0:
                game.blast.owed[0] = (seat, n - 1, reason)

    _after_apply(monkeypatch, change)


@pytest.mark.usefixtures("blast_card_counts_as_drawn")
def test_blast_card_counted_as_drawn_is_caught() -> None:
    """The event model follows every owed draw across the event and sees it stop short."""
    message = r"seat \d+ owes \d+ more cards \((penalty|all_draw)\).*a BLAST card is no drawn"
    with pytest.raises(AssertionError, match=message):
        run_games(Checks.only("events"), BLAST_GAMES)


@pytest.fixture
def blast_ge_without_floor(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``stacking=blast_ge`` compiled as ``progressive``: any +1, +2 or +4 answers any chain,
    one worth less than the chain's last card included (B-19 forbids it), and +1 too."""
    stacking = {**variant_module.STACKING, "blast_ge": variant_module.STACKING["progressive"]}
    monkeypatch.setattr(variant_module, "STACKING", stacking)
    game_setup._COMPILED.clear()
    yield
    game_setup._COMPILED.clear()


@pytest.mark.usefixtures("blast_ge_without_floor")
@pytest.mark.parametrize(
    ("check", "message"),
    [
        ("offers", r"P1/§5\.5-§5\.7: seat \d+'s offered actions differ from the rules: extra"),
        ("p1", r"§1\.8: accepted answer \d+: \S+ may not answer this penalty"),
        (
            "illegal",
            r"illegal action (offered|accepted) \((not a chain answer worth at least the last "
            r"card \(B-19\)|not an answer to the penalty \(§1\.8\))\)",
        ),
    ],
)
def test_blast_ge_answer_below_the_last_value_is_caught(check: str, message: str) -> None:
    """A +2 offered and played on a +4 (or a +1 on anything): each check alone sees it."""
    with pytest.raises(AssertionError, match=message):
        run_games(Checks.only(check), BLAST_GAMES)


@pytest.fixture
def eliminated_hand_face_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """An eliminated hand goes face up onto the bottom of the discard pile (§5.5: face down,
    ``game.buried``), where every view shows it."""

    def change(game: Game, events: list[Any]) -> None:
        if any(e.kind == "eliminated" for e in events) and game.buried:
            game.discard[:0] = game.buried
            game.discard_by[:0] = [-1] * len(game.buried)
            game.buried = []

    _after_apply(monkeypatch, change)


@pytest.mark.usefixtures("eliminated_hand_face_up")
def test_eliminated_hand_face_up_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"buried hands, spent BLAST cards hold"):
        run_games(Checks.only("events"), BLAST_GAMES)


# -- (h) UNO Flip: the table turning over, blind cards, P10 ---------------------------------------
@pytest.fixture
def flip_turns_only_its_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Flip turns only itself over (the error FL-7 warns of): the piles and the hands stay
    as they were, and the Flip just played, on its other face, is the top card (a wild face
    with the first colour of the new side)."""

    def change(game: Game, events: list[Any]) -> None:
        if not any(e.kind == "turn_over" for e in events):
            return
        turn_over(game)  # P9 undone (it is its own inverse): the Flip is on top again
        flip = TWIN[game.discard[-1]]
        game.discard[-1] = flip
        game.top_kind = CARD_KIND[flip]
        side = DARK_COLORS if DARK_UP[flip] else LIGHT_COLORS
        game.color = side[0] if CARD_IS_WILD[flip] else CARD_COLOR[flip]

    _after_apply(monkeypatch, change)


@pytest.fixture
def draw_pile_not_turned(monkeypatch: pytest.MonkeyPatch) -> None:
    """P9 turns the draw pile's cards over but leaves it in its order (FL-6: turning a pile
    over reverses it)."""

    def change(game: Game, events: list[Any]) -> None:
        if any(e.kind == "turn_over" for e in events) and len(set(game.draw_pile)) > 1:
            game.draw_pile.reverse()

    _after_apply(monkeypatch, change)


@pytest.fixture
def drawn_card_stays_blind(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card drawn light side up stays blind to its drawer, as if it had not shown its dark
    face on the pile (FL-2)."""

    def change(game: Game, events: list[Any]) -> None:
        for e in events:
            if e.kind == "draw" and e.seat is not None:
                mine = game.known[e.seat][e.seat]
                mine.extend(c for c in e.cards if c in game.hands[e.seat] and c not in mine)

    _after_apply(monkeypatch, change)


@pytest.fixture
def blind_card_told_by_id(monkeypatch: pytest.MonkeyPatch) -> None:
    """A play event names the card by its id even when its player has seen only its face
    (§8.4): the event shows it the back."""

    def change(game: Game, events: list[Any]) -> None:
        for i, e in enumerate(events):
            if e.kind == "play" and len(e.cards) == 1 and FACE[e.cards[0]] == e.cards[0]:
                laid = game.discard[-1]
                if FACE[laid] == e.cards[0]:  # (not a Flip: the table turned under it)
                    events[i] = Event("play", e.seat, (laid,), e.count, e.color, reason=e.reason)

    _after_apply(monkeypatch, change)


@pytest.fixture
def draw_past_the_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """P10 goes on one card past the first card of its colour (§8.9: it stops there), and
    says so with a draw event."""

    def change(game: Game, events: list[Any]) -> None:
        takes = [e for e in events if e.kind == "take" and e.color >= 0]
        if takes and takes[0].seat is not None and game.draw_pile:
            seat, c = takes[0].seat, game.draw_pile.pop()
            game.hands[seat].append(c)
            events.append(Event("draw", seat, (c,), 1, reason="penalty"))

    _after_apply(monkeypatch, change)


@pytest.mark.usefixtures("flip_turns_only_its_card")
@pytest.mark.parametrize(
    ("check", "message"),
    [
        ("conservation", r"card conservation: lost .*\(the dark side is in play\)"),
        ("events", r"seat \d+'s hand changed other than its events say"),
        ("offers", r"P1/§1.3: offered plays differ from the rules: extra"),
    ],
)
def test_a_flip_that_turns_only_itself_is_caught(check: str, message: str) -> None:
    """The issue's mutation: card conservation sees the Flip on its dark face above a table
    still light side up, the event model the hands not turned with the table (P9), and the
    P1 oracle light cards offered on a dark top (each check alone)."""
    with pytest.raises(AssertionError, match=message):
        run_games(Checks.only(check), FLIP_GAMES)


@pytest.mark.parametrize(
    ("mutation", "check", "message"),
    [
        ("draw_pile_not_turned", "events", r"P9 step 2, FL-6: the draw pile is not reversed"),
        ("drawn_card_stays_blind", "events", r"FL-2-FL-4: after .*, seat \d+ is blind to"),
        ("blind_card_told_by_id", "events", r"§8\.4: a play event tells seat \d+ \S+: no card"),
        ("draw_past_the_colour", "events", r"P10: a take until [PTOV] .*after the first of"),
        ("draw_past_the_colour", "p5", r"P10: take on a Wild Draw Color of [PTOV]: drew"),
    ],
)
def test_flip_mutation_is_caught(
    mutation: str, check: str, message: str, request: pytest.FixtureRequest
) -> None:
    """UNO Flip's rules broken one at a time, each caught by one check alone: a draw pile
    turned over in place (FL-6), a drawn card still blind to its drawer (FL-2), a blind card's
    back told in its play (§8.4), and a Wild Draw Color's draw that goes on past its colour
    (P10)."""
    request.getfixturevalue(mutation)
    with pytest.raises(AssertionError, match=message):
        run_games(Checks.only(check), FLIP_GAMES)


@pytest.fixture
def own_backs_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seat's view shows its own hand by card ids, the backs of the cards it has seen
    only by their face included (FL-3)."""
    original = Game.view

    def view(game: Game, seat: int | None) -> Any:
        v = original(game, seat)
        if seat is None:
            return v
        values = dict(zip(VIEW_FIELDS, v.fields(), strict=True))
        values["hand"] = tuple(game.hands[seat])
        return View(**values)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "view", view)


@pytest.mark.usefixtures("own_backs_shown")
def test_a_flip_view_showing_own_backs_is_caught() -> None:
    """The view check sees a hand shown by the cards' ids, not as its seat sees them."""
    with pytest.raises(AssertionError, match=r"§8\.4, FL-3: seat \d+'s view shows its hand"):
        run_games(Checks.only("views"), FLIP_GAMES)


# -- (i) UNO Show 'Em No Mercy: the chain's floor, Mercy card by card, the two-player WR4 -------
NO_MERCY_GAMES = VARIANT_CHECKS["no_mercy"].mutation_games


def _no_mercy_rules(monkeypatch: pytest.MonkeyPatch, change: Any) -> Iterator[None]:
    """Build No Mercy's rules under the patch with ``change(keywords)`` applied to the
    engine settings they are made from (``core.variant`` calls ``Rules`` by keyword), then
    ``change`` the rules built too if it returns a function for them."""
    real = Rules

    def rules(**kw: Any) -> Any:
        after = change(kw) if kw["variant"].name == "no_mercy" else None
        built = real(**kw)
        if after is not None:
            after(built)
        return built

    monkeypatch.setattr(variant_module, "Rules", rules)
    game_setup._COMPILED.clear()
    yield
    game_setup._COMPILED.clear()


@pytest.fixture
def stack_below_the_last_value(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every Draw Card answers a chain, one worth less than the chain's last card too
    (§9.6, NM-5: at least its value): the rules' answer rows, built once per top kind, are
    filled in ahead with every stackable card allowed."""

    def change(kw: dict[str, Any]) -> Any:
        def rows(built: Any) -> None:
            for top in built.stackable:
                row = bytearray(built.answer_row(top))
                for c, k in enumerate(CARD_KIND):
                    if k in built.stackable:
                        row[c] = ANSWER_STACK
                built._answer_rows[top] = bytes(row)

        return rows

    yield from _no_mercy_rules(monkeypatch, change)


@pytest.mark.usefixtures("stack_below_the_last_value")
@pytest.mark.parametrize(
    ("check", "message"),
    [
        ("offers", r"P1/§1\.3: offered plays differ from the rules: extra"),
        ("p1", r"§1\.8: accepted answer \d+: \S+ may not answer this penalty"),
        (
            "illegal",
            r"illegal action (offered|accepted) \((a Draw Card worth less than the chain's last "
            r"card \(NM-5\)|not an answer to the penalty \(§1\.8\))\)",
        ),
    ],
)
def test_no_mercy_stack_below_the_last_value_is_caught(check: str, message: str) -> None:
    """A +2 offered and played on a +4 (or a +4 on a Wild Draw 6): each check alone sees an
    answer worth less than the chain's last card."""
    with pytest.raises(AssertionError, match=message):
        run_games(Checks.only(check), NO_MERCY_GAMES)


@pytest.fixture
def mercy_after_the_whole_draw(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The Mercy check moved from every single card to the end of the action (NM-12: after
    every card): the rules are built with no threshold the draws reach, and after each
    action every active hand at or over the threshold is knocked out with the engine's own
    knockout (the rest of a take drawn, a draw until playable run on to its playable card)."""
    limit: list[int] = []

    def change(kw: dict[str, Any]) -> None:
        limit[:] = [kw["elimination"]]
        kw["elimination"] = 10 * len(kw["deck"])

    def knock_out(game: Game, events: list[Any]) -> None:
        for s, hand in enumerate(game.hands):
            if not limit or game.over or game.eliminated[s] or len(hand) < limit[0]:
                continue
            eliminate(game, s, events)
            if not game.over and game.turn == s:
                game.clear_penalty()
                game.set_turn(game.next_seat(s))

    _after_apply(monkeypatch, knock_out)
    yield from _no_mercy_rules(monkeypatch, change)


@pytest.mark.usefixtures("mercy_after_the_whole_draw")
def test_no_mercy_mercy_checked_only_at_the_end_of_a_draw_is_caught() -> None:
    """The event model follows every card into its hand and sees one drawn past the
    threshold."""
    message = r"NM-12: seat \d+ reached \d+ cards and drew \d+ more"
    with pytest.raises(AssertionError, match=message):
        run_games(Checks.only("events"), NO_MERCY_GAMES)


@pytest.fixture
def wr4_two_players_on_the_opponent(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """With two active seats a Wild Reverse Draw 4 targets the opponent (NM-8: its own
    player, under the default ``no_mercy.wr4_two_player=self``)."""

    def change(kw: dict[str, Any]) -> None:
        kw["reverse_draw_self"] = False

    yield from _no_mercy_rules(monkeypatch, change)


@pytest.mark.usefixtures("wr4_two_players_on_the_opponent")
def test_no_mercy_wr4_two_players_on_the_opponent_is_caught() -> None:
    """The event model sees the chain open on the other seat."""
    message = (
        r"§9\.6: after WR4:\S+( uno)? seat (\d+) faces a \d+-card chain; got PENALTY, turn (?!\2)"
    )
    with pytest.raises(AssertionError, match=message):
        run_games(Checks.only("events"), NO_MERCY_GAMES)


@pytest.fixture
def reveal_stops_on_a_wild(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Roulette's reveal stops at the first wild (§9.7: "Wild Cards do NOT count"; it
    goes on to a card of the named colour): the cards turned after it go back on top of the
    draw pile, unseen, and its events end there."""

    def change(game: Game, events: list[Any]) -> None:
        at = next((i for i, e in enumerate(events) if e.kind == "shown"), -1)
        if at < 0 or game.eliminated[events[at].seat]:
            return
        shown = events[at]
        v, cards = shown.seat, list(shown.cards)
        wild = next((i for i, c in enumerate(cards[:-1]) if CARD_IS_WILD[c]), -1)
        if wild < 0:
            return
        back = cards[wild + 1 :]
        for c in back:
            game.hands[v].remove(c)
            for row in game.known:
                if c in row[v]:
                    row[v].remove(c)
        game.draw_pile.extend(reversed(back))  # (the top is the end: the first one on top)
        drawn = [i for i, e in enumerate(events[:at]) if e.kind == "draw" and e.seat == v]
        for i in reversed(drawn[-len(back) :]):  # (the reveal draws one card at a time)
            del events[i]
        at -= len(back)
        events[at] = Event("shown", v, tuple(cards[: wild + 1]), color=shown.color)

    _after_apply(monkeypatch, change)


@pytest.mark.usefixtures("reveal_stops_on_a_wild")
def test_no_mercy_reveal_stopping_on_a_wild_is_caught() -> None:
    """The event model sees the reveal end on a wild, not on the colour named."""
    message = r"P10: seat \d+'s reveal stopped on \[\d+\], not colour \d"
    with pytest.raises(AssertionError, match=message):
        run_games(Checks.only("events"), NO_MERCY_GAMES)
