"""``unoverse play``'s own lines in the player's language: its errors, before the app opens,
and the line it prints when the app closes (its help stays English, as every command's)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from unoverse import i18n
from unoverse.cli.app import app as cli
from unoverse.tui import launch
from unoverse.tui.app import PlayApp


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """``play`` chooses the process's language: English again after each test."""
    yield
    i18n.use(i18n.DEFAULT)


def _error(*args: str) -> str:
    """The one line ``unoverse play ARGS`` prints on stderr, refusing them."""
    done = CliRunner().invoke(cli, ["play", *args])
    assert done.exit_code == 2, done.output
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0].removeprefix("error: ")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--room", "K7QPZ2MX"], "--room: solo con --connect, el servidor de la sala"),
        (
            ["--room", "K7QPZ2MX", "--token", "abc"],
            "--room, --token: solo con --connect, el servidor de la sala",
        ),
        (
            ["--connect", "http://127.0.0.1:9", "--players", "3", "--bot-speed", "fast"],
            "--players, --bot-speed: para una mesa en este ordenador; con --connect, el juego "
            "lo fija la sala del servidor",
        ),
        (["--option", "jump_in"], "--option 'jump_in': escribe nombre=valor"),
        (["--option", "jump_in=true+seven_zero"], "--option 'jump_in=true+seven_zero': una "),
        (["--players", "1"], "--players 1: una mesa necesita al menos 2 asientos"),
        (["--connect", "http://127.0.0.1:9"], "--connect necesita --room CÓDIGO"),
        (
            ["--connect", "ftp://x", "--room", "ABC", "--name", "Ana"],
            "'ftp://x' no es la dirección",
        ),
    ],
)
def test_its_errors_are_in_the_players_language(args: list[str], said: str) -> None:
    assert _error("--lang", "es", *args).startswith(said)


def test_its_errors_follow_the_environment_without_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert _error("--room", "K7QPZ2MX").endswith("solo con --connect, el servidor de la sala")
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert _error("--room", "K7QPZ2MX") == "--room: only with --connect, the server of the room"


def test_without_its_extra_it_says_so_in_the_players_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "unoverse.tui.app", None)  # (importing it fails)
    said = _error("--lang", "es")
    assert said.startswith("el juego de terminal necesita sus paquetes opcionales: ")
    assert "pip install 'unoverse[tui]'" in said


def test_on_leaving_a_servers_table_it_says_how_to_come_back_in_the_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    place = SimpleNamespace(url="http://host:8000", room="K7QPZ2MX", token="t0k3n")
    seat = SimpleNamespace(place=place)
    monkeypatch.setattr(launch, "remote", lambda *args: seat)
    monkeypatch.setattr(PlayApp, "__init__", lambda self, link, bell: None)
    monkeypatch.setattr(PlayApp, "run", lambda self: None)
    args = ["play", "--lang", "es", "--connect", "http://host:8000", "--room", "K7QPZ2MX"]
    done = CliRunner().invoke(cli, [*args, "--name", "Ana"])
    assert done.exit_code == 0, done.output
    assert done.stdout == (
        "Tu asiento en la sala K7QPZ2MX sigue guardado. Para volver: unoverse play --connect "
        "http://host:8000 --room K7QPZ2MX --token t0k3n\n"
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--variant", "clasic"], "variante desconocida: 'clasic'; las variantes son: attack, "),
        (["--option", "stacking=sideways"], "opción stacking='sideways': admite off | same"),
        (["--option", "nonsense=1"], "opción desconocida para el UNO clásico: 'nonsense'; "),
        (["--variant", "classic+scoring"], "la opción scoring necesita un valor (scoring=...)"),
        (
            ["--variant", "attack", "--option", "seven_zero=true"],
            "seven_zero necesita cartas 0 y 7: la baraja de Attack no tiene 0",
        ),
        (["--players", "11"], "el UNO clásico se juega de 2 a 10 jugadores, no con 11"),
        (["--bots", "grandmaster"], "bot desconocido: 'grandmaster'; los bots son: "),
        (["--bots", "easy,easy"], "2 bots para 3 asientos: indica 1 o 3"),
        (["--bots", "naive:sigma=9"], "bot naive: sigma='9' está fuera de rango"),
        (
            ["--timer", "slow"],
            "timer: uno de off, relaxed, normal, fast, hour, day, three_days, no 'slow'",
        ),
        (["--bot-speed", "warp"], "bot_speed: uno de relaxed, normal, fast, no 'warp'"),
    ],
)
def test_a_table_it_cannot_set_is_refused_in_the_players_language(
    args: list[str], said: str
) -> None:
    """The engine's and the room's refusals of the settings, by their reasons."""
    assert _error("--lang", "es", *args).startswith(said)
