"""The engine's reasons for refusing an action (``core.reasons``, docs/languages.md "An
engine's refusal"): every refusal the engine and the match session raise has a reason, a
key both catalogues hold, and typed fields that fill its template; it reads as an English
sentence in the notation (``str``) and, in words, in each language.
"""

from __future__ import annotations

import ast
import json
import pickle
import random
import string
from pathlib import Path

import pytest

import unoverse as uv
from unoverse import i18n
from unoverse.core import windows as win
from unoverse.core.cards import CARD_TEXT, COLOR_LETTERS
from unoverse.core.errors import IllegalAction, NotYourWindow, StaleAction, UnoverseError
from unoverse.core.reasons import card_words, field_type, message, reason_words
from unoverse.core.registry import variants
from unoverse.match.session import Session

pytestmark = pytest.mark.any_build

SRC = Path(__file__).resolve().parents[1] / "src" / "unoverse"
REFUSALS = {"IllegalAction", "NotYourWindow", "StaleAction"}
#: The errors of a table's settings (a preset, its options, the seats, the bots, the timer),
#: and the helper the variants refuse a combination of options with: those a player causes
#: by what they type have a reason too (``unoverse play`` says them in the player's language).
SETTINGS = {
    "UnknownVariant",
    "UnknownOption",
    "InvalidOptionValue",
    "OptionConflict",
    "BadPlayerCount",
    "BadBotSpec",
    "NotationError",
    "conflict",
}
#: The layers whose refusals a player reads: every one has a reason. (The RL and batched
#: environments' ``IllegalAction`` speaks to the program training an agent, in English.)
KEYED = ("core", "variants", "match", "server")
#: The reason keys chosen at run time, and the card names of the reasons (not raised).
CHOSEN = ("reason.window.", "reason.variant.", "reason.blast_card")


def english(key: str) -> str:
    return i18n.words("en").t(key)


def fields_of(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def reason_keys() -> set[str]:
    return {key for key in json.loads((SRC / "web/static/i18n/en.json").read_text())["messages"]}


# -- every raise has a reason whose template its fields fill ---------------------------------
def _n_keys(node: ast.AST) -> set[str]:
    """The keys ``N_("...")`` marks inside ``node``."""
    return {
        call.args[0].value
        for call in ast.walk(node)
        if isinstance(call, ast.Call)
        and _called(call) == "N_"
        and call.args
        and isinstance(call.args[0], ast.Constant)
        and isinstance(call.args[0].value, str)
    }


def _called(call: ast.Call) -> str:
    """The name of the function ``call`` calls (``N_``, ``IllegalAction``), or ""."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _refusals(
    path: Path, classes: set[str] = REFUSALS
) -> list[tuple[ast.Call, set[str], ast.FunctionDef | None]]:
    """Each refusal built in ``path`` (a call of one of ``classes``): the call, the reasons
    it may carry, its function."""
    tree = ast.parse(path.read_text())
    functions = {f.name: f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
    found = []
    for function in [*functions.values(), None]:
        scope: ast.AST = function if function is not None else tree
        for call in ast.walk(scope):
            if not (isinstance(call, ast.Call) and _called(call) in classes):
                continue
            reason = next((k.value for k in call.keywords if k.arg == "reason"), None)
            if reason is None and _called(call) == "conflict" and call.args:
                reason = call.args[0]  # (the helper takes the reason first)
            keys: set[str] = set()
            if reason is not None:
                keys = _n_keys(reason)
                if not keys and isinstance(reason, ast.Call):  # a method that chooses one
                    keys = _n_keys(functions.get(_called(reason), ast.Module(body=[])))
                if not keys and isinstance(reason, ast.Name) and function is not None:
                    for node in ast.walk(function):  # chosen in the function, or by a call
                        if isinstance(node, ast.Assign) and any(
                            isinstance(t, ast.Name) and t.id == reason.id for t in node.targets
                        ):
                            keys |= _n_keys(node.value)
                            if isinstance(node.value, ast.Call):
                                chooser = functions.get(_called(node.value), ast.Module(body=[]))
                                keys |= _n_keys(chooser)
            found.append((call, keys, function))
    return found


def raises() -> list[tuple[str, ast.Call, set[str]]]:
    """Every refusal built in the keyed layers, once: (where, the call, its reasons)."""
    out: dict[tuple[str, int, int], tuple[str, ast.Call, set[str]]] = {}
    for layer in KEYED:
        for path in sorted((SRC / layer).rglob("*.py")):
            for call, keys, _function in _refusals(path):
                where = f"{path.relative_to(SRC)}:{call.lineno}"
                out.setdefault((where, call.lineno, call.col_offset), (where, call, keys))
    return list(out.values())


def test_every_refusal_of_the_engine_and_the_session_has_a_reason() -> None:
    found = raises()
    assert len(found) > 100
    for where, call, keys in found:
        assert not call.args, f"{where}: a refusal in words, not a reason"
        assert keys, f"{where}: no reason (reason=N_('reason.…'))"


def test_every_raised_reason_is_in_both_catalogues_and_its_fields_fill_its_template() -> None:
    catalogue = reason_keys()
    for where, call, keys in raises():
        given = {k.arg for k in call.keywords if k.arg not in (None, "reason")}
        spread = any(k.arg is None for k in call.keywords)  # **fields: checked when raised
        for key in keys:
            assert key in catalogue, f"{where}: {key} is in no catalogue"
            for lang in i18n.LANGUAGES:
                wanted = fields_of(i18n.words(lang).t(key))
                assert spread or wanted <= given, (where, key, lang, wanted - given)


def test_every_setting_refused_with_a_reason_has_it_in_both_catalogues_with_its_fields() -> None:
    """The settings' errors that carry a reason (not those of the Python interface: a value
    of the wrong type, in English): its key in both catalogues, its fields given."""
    catalogue = reason_keys()
    keyed = 0
    for layer in (*KEYED, "bots"):
        for path in sorted((SRC / layer).rglob("*.py")):
            for call, keys, _function in _refusals(path, SETTINGS):
                where = f"{path.relative_to(SRC)}:{call.lineno}"
                given = {k.arg for k in call.keywords if k.arg not in (None, "reason")}
                if _called(call) == "conflict" and not keys and call.args:
                    keys = _n_keys(call.args[0])
                keyed += bool(keys)
                for key in keys:
                    assert key in catalogue, f"{where}: {key} is in no catalogue"
                    for lang in i18n.LANGUAGES:
                        wanted = fields_of(i18n.words(lang).t(key))
                        assert wanted <= given, (where, key, lang, wanted - given)
    assert keyed > 30


def test_every_reason_in_the_catalogue_is_raised() -> None:
    named = [
        _n_keys(ast.parse(p.read_text()))
        for layer in (*KEYED, "bots")
        for p in (SRC / layer).rglob("*.py")
    ]
    raised = set().union(*named)
    listed = {k for k in reason_keys() if k.startswith("reason.") and not k.startswith(CHOSEN)}
    assert listed <= raised, listed - raised


def test_the_keys_chosen_at_run_time_are_in_both_catalogues() -> None:
    kinds = {
        value for name, value in vars(win).items() if name.isupper() and isinstance(value, str)
    }
    assert {"turn", "drawn", "penalty", "live"} <= kinds
    for lang in i18n.LANGUAGES:
        words = i18n.words(lang)
        for kind in kinds:
            assert words.has(f"reason.window.{kind}"), (lang, kind)
        for variant in (v.name for v in variants()):
            assert words.has(f"reason.variant.{variant}"), (lang, variant)


# -- the field types ------------------------------------------------------------------------
def test_a_fields_type_is_the_last_word_of_its_name() -> None:
    assert [field_type(n) for n in ("card", "top_card", "cards", "drawn_card")] == ["card"] * 4
    assert [field_type(n) for n in ("seat", "turn_seat", "seats", "target_seat")] == ["seat"] * 4
    assert [field_type(n) for n in ("color", "colors", "kind", "window", "variant")] == [
        "color",
        "color",
        "kind",
        "window",
        "variant",
    ]
    assert [field_type(n) for n in ("action", "example_action", "actions")] == ["action"] * 3
    assert [field_type(n) for n in ("count", "numbers", "version", "given")] == ["value"] * 4


def test_the_message_is_english_in_the_notation_and_words_follow_the_language() -> None:
    fields = {"action": "R5 uno", "card": "R5", "seats": [1, 2], "colors": ["R", "G"]}
    assert message("reason.target_or_nobody", fields) == (
        "R5 uno: R5 may swap hands with one of 1 2, or nobody"
    )
    assert message("reason.color_choice", fields) == "R5 uno: colour must be one of R G"
    es = i18n.words("es")
    names = ["Ana", "Bo", "Cy"].__getitem__
    refused = IllegalAction(reason="reason.target_or_nobody", **fields)
    assert reason_words(refused, es, name=names) == (
        "5 rojo puede intercambiar la mano con uno de estos, o con nadie: Bo, Cy"
    )
    assert reason_words(refused, es, name=names, lead=True).startswith("R5 uno: 5 rojo ")
    assert reason_words(refused, i18n.words("en")) == (
        "red 5 may swap hands with one of seat 1, seat 2, or nobody"
    )


def test_cards_are_named_by_the_catalogue() -> None:
    es = i18n.words("es")
    assert card_words("G7", es) == "7 verde"
    assert card_words("W+4", es) == "Comodín Roba cuatro"
    assert card_words("RS", es) == "Salta rojo"
    assert card_words("W:G", es) == "Comodín, declarado verde"
    assert card_words("!3SC", i18n.words("en")) == "BLAST card, 3 same colour"
    assert card_words("none", es) == "none"


def test_an_error_without_a_reason_is_its_message() -> None:
    refused = IllegalAction("step before reset: call reset() first")
    assert str(refused) == refused.message == "step before reset: call reset() first"
    assert refused.reason == "" and refused.fields == {}
    assert reason_words(refused, i18n.words("es")) == refused.message
    assert reason_words({"code": "rate_limited", "message": "slow down"}) == "slow down"


def test_a_refusal_survives_pickling_with_its_reason_and_fields() -> None:
    refused = StaleAction(reason="reason.jump.covered", action="R5^3", covers=3, landed=4)
    back = pickle.loads(pickle.dumps(refused))
    assert type(back) is StaleAction and back.code == "stale"
    assert (back.reason, back.fields, str(back)) == (refused.reason, refused.fields, str(refused))


def test_a_refusal_writes_its_message_only_when_read() -> None:
    refused = NotYourWindow(reason="reason.round_over")
    assert refused._message == ""
    assert refused.message == "the round is over: no action is possible"


# -- refusals, end to end ---------------------------------------------------------------------
TURN = "hands: R3 G4 | R1 R2 | B1 B2; top: G5@2; turn: 0"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "red 3 does not match the top card green 5 (active colour green)"),
        ("es", "3 rojo no coincide con la carta de arriba, 5 verde (color en juego: verde)"),
    ],
)
def test_an_engine_refusal_reads_in_each_language(lang: str, said: str) -> None:
    game = uv.position(TURN)
    with pytest.raises(IllegalAction) as caught:
        game.apply(0, "R3")
    refused = caught.value
    assert str(refused) == "R3 does not match the top card G5 (active colour G)"
    assert refused.reason == "reason.no_match"
    assert refused.fields == {"card": "R3", "top_card": "G5", "color": "G"}
    assert reason_words(refused, i18n.words(lang)) == said


def test_a_sessions_refusal_reads_in_spanish_with_the_players_names() -> None:
    session = Session(uv.position(TURN), 0)
    ack = session.submit(1, "R1", 1.0)
    assert ack.code == "not_your_window" and ack.reason == "reason.not_your_turn"
    assert ack.message == "R1: it is seat 0's move, not seat 1's (turn window)"
    assert ack.fields == {"action": "R1", "seat": 1, "turn_seat": 0, "window": "turn"}
    names = ["Ana", "Bo", "Cy"].__getitem__
    es = i18n.words("es")
    assert reason_words(ack.error, es, name=names) == "le toca a Ana, no a Bo (ventana de turno)"
    stale = session.submit(0, "R3", 2.0, 5)
    assert stale.reason == "reason.version.future"
    assert (
        reason_words(stale.error, es)
        == "la versión 5 aún no existe (la partida va por la versión 0)"
    )


#: Presets whose rounds reach most of the engine's refusals.
PRESETS = (
    "classic",
    "classic+jump_in+stacking=progressive+seven_zero",
    "classic+play_duplicates+zero_discard_color",
    "classic+stacking=same+boomerang+false_uno_penalty=2",
    "classic+permissive_illegal_plays+zero_chooses_direction+friendly_swap",
    "attack+allow_renege=false+discard_all_optional",
    "blast",
    "blast+mode=blast",
    "minecraft+stacking=progressive",
    "full_spectrum+jump_in",
)


def candidates(game: uv.Game, seat: int) -> list[str]:
    """Actions a seat might send, most of them refused here."""
    hand = sorted({CARD_TEXT[c] for c in game.hands[seat]})
    top = CARD_TEXT[game.discard[-1]] if game.discard else "R1"
    color = COLOR_LETTERS[game.rules.colors[0]]
    words = ["draw", "press", "pass", "take", "challenge", "uno", "catch_illegal", "disarm"]
    acts = [*words, f"color:{color}", "color:P", f"catch:{seat}", f"catch:{(seat + 1) % game.n}"]
    for card in [*hand[:4], top]:
        body = card if not card.startswith("W") else f"{card}:{color}"
        acts += [card, f"{body} uno", f"{card}:{color}", f"{body}>1", f"{body}>cw", f"{card}=3"]
        acts += [f"{body} keep", f"arm:{card}", f"blast:{card}", f"{body}^{game.landed}"]
        acts += [
            f"{body}^{game.landed + 1}",
            f"{card},{hand[0] if hand else top}",
            f"{card},{card}",
        ]
    return acts


def test_every_refusal_a_round_meets_reads_in_every_language() -> None:
    """Rounds of each preset, played at random; at every few actions every seat tries a
    list of actions: each refusal has a reason both catalogues fill completely, and fields
    of JSON values."""
    rng = random.Random(7)
    seen: set[str] = set()
    readers = [i18n.words(lang) for lang in i18n.LANGUAGES]
    for preset in PRESETS:
        game = uv.new_game(preset, 3, rng.randrange(1000))
        for step in range(120):
            if game.over:
                break
            if step % 10 == 0:
                for seat in [*range(game.n), 7]:
                    for text in candidates(game, min(seat, game.n - 1)):
                        trial = game.copy()
                        try:
                            trial.apply(seat, text)
                        except uv.NotationError:
                            continue
                        except UnoverseError as refused:
                            assert refused.reason, (preset, text, refused)
                            seen.add(refused.reason)
                            json.dumps(refused.fields)
                            for said in [refused.message] + [
                                reason_words(refused, w) for w in readers
                            ]:
                                assert said and "{" not in said, (preset, text, said)
            movers = [s for s in range(game.n) if game.legal_actions(s)]
            seat = rng.choice(movers)
            game.apply(seat, rng.choice(list(game.legal_actions(seat))))
        for text in ("timeout", "stall", "penalize:0:2", "penalize:9:2", "penalize:0:999"):
            try:
                game.copy().apply(None, text)
            except uv.NotationError:
                continue
            except UnoverseError as refused:
                assert refused.reason and "{" not in refused.message
                seen.add(refused.reason)
    assert len(seen) >= 50, sorted(seen)


# -- a table's settings refused ----------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "players", "english", "spanish"),
    [
        (
            "klondike",
            4,
            "unknown variant 'klondike'; variants are: attack, blast, classic, flip, "
            "full_spectrum, minecraft, no_mercy",
            "variante desconocida: 'klondike'; las variantes son: attack, blast, classic, flip, "
            "full_spectrum, minecraft, no_mercy",
        ),
        (
            "classic+stacking=sideways",
            4,
            "option stacking='sideways': allowed off | same | progressive",
            "opción stacking='sideways': admite off | same | progressive",
        ),
        (
            "attack",
            11,
            "attack is played by 2 to 10 players, not 11",
            "UNO Attack se juega de 2 a 10 jugadores, no con 11",
        ),
        (
            "classic+seven_zero+zero_discard_color",
            4,
            "seven_zero and zero_discard_color each redefine the 0: choose one of them",
            "seven_zero y zero_discard_color redefinen el 0: elige una de ellas",
        ),
        (
            "attack+seven_zero",
            4,
            "seven_zero needs 0 and 7 cards: the Attack deck has no 0",
            "seven_zero necesita cartas 0 y 7: la baraja de Attack no tiene 0",
        ),
    ],
)
def test_a_settings_error_reads_in_each_language(
    preset: str, players: int, english: str, spanish: str
) -> None:
    """A preset, an option or a seat count refused: the English message as before, and the
    reason in Spanish, a variant by its name."""
    with pytest.raises(UnoverseError) as caught:
        uv.new_game(preset, players, 0)
    refused = caught.value
    assert str(refused) == english
    assert refused.reason.startswith("reason.")
    assert reason_words(refused, i18n.words("es")) == spanish


def test_a_bot_spec_refused_reads_in_spanish() -> None:
    from unoverse.bots.base import make_bot, parse_bot_specs

    es = i18n.words("es")
    with pytest.raises(UnoverseError) as caught:
        make_bot("naive:sigma=9", 0, 1)
    assert (
        str(caught.value) == "bot naive: sigma='9' is out of range: sigma is a number from 0 to 2"
    )
    assert reason_words(caught.value, es) == (
        "bot naive: sigma='9' está fuera de rango: sigma es un número de 0 a 2"
    )
    with pytest.raises(UnoverseError) as caught:
        parse_bot_specs("easy,easy", 3)
    assert reason_words(caught.value, es) == "2 bots para 3 asientos: indica 1 o 3"
