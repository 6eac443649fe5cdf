"""The app's dialogs: a choice among several actions, the rules of the variant, the keys,
the results of a round or a match, and leaving mid-round. Each closes with Escape. Their
words are the catalogue's (``tui.*``), read when a dialog is shown."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, ClassVar, Final

from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.keys import key_to_character
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from .. import i18n
from ..core import effects as fx
from ..core import registry
from ..core.actions import Kind
from ..core.errors import UnoverseError
from ..i18n import N_, t
from ..web import STATIC
from .cards import card_name
from .moves import AGAIN_KEY, KEYS, key_of
from .words import either


class Spoken:
    """A screen whose bindings' descriptions are catalogue keys (``tui.*``), shown in the
    current language: the language is chosen after the classes are made."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        active: dict[str, ActiveBinding] = super().active_bindings  # type: ignore[misc]
        return {
            key: bound._replace(
                binding=replace(bound.binding, description=t(bound.binding.description))
            )
            if bound.binding.description.startswith("tui.")
            else bound
            for key, bound in active.items()
        }


class Chooser(Spoken, ModalScreen[str | None]):
    """Choose one of several actions (a wild's colour, a swap's target, a BLAST set...):
    arrows and Enter, or the digit shown beside the option; Escape cancels. Returns the
    action's text."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", N_("tui.footer.cancel")),
        *(Binding(str(digit), f"pick('{digit}')", show=False) for digit in range(10)),
    ]

    def __init__(
        self,
        title: str,
        options: list[tuple[str, str]],
        keys: list[str] | None = None,
        note: str = "",
    ) -> None:
        """``options``: (action text, what it does in words). ``keys``: the digit of each
        option (a Numeral's number is its own); by default the first ten are numbered 1-9, 0
        in order. The digit shown beside an option is the one that takes it. ``note``: how
        the options differ, in words, under the title."""
        super().__init__()
        self.title_text = title
        self.note = note
        self.options = options
        if keys is None:
            keys = [str((i + 1) % 10) for i in range(min(len(options), 10))]
        self.keys = dict(zip(keys, range(len(options)), strict=False))

    def compose(self) -> ComposeResult:
        shown = {index: key for key, index in self.keys.items()}
        with Vertical(id="dialog"):
            yield Static(self.title_text, id="dialog-title")
            if self.note:
                yield Static(escape(self.note), id="dialog-note")
            yield OptionList(
                *(
                    Option(f"{shown.get(i, ' ')}  {words}", id=text)
                    for i, (text, words) in enumerate(self.options)
                ),
                id="choices",
            )
            yield Static(f"[dim]{escape(t('tui.chooser.hint'))}[/]")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_pick(self, key: str) -> None:
        index = self.keys.get(key)
        if index is not None:
            self.dismiss(self.options[index][0])


@cache
def rules_pages() -> dict[str, Any]:
    """The rules of every variant, as the browser's rules panel has them and as the terminal
    says them (``rules.json``, generated from docs/rules by tools/web_rules.py)."""
    pages: dict[str, Any] = json.loads((STATIC / "rules.json").read_text(encoding="utf-8"))
    return pages


#: Each action's keys at the table, by the action's name (``bound_keys``).
BoundKeys = Mapping[str, tuple[str, ...]]


def bound_keys(bindings: Iterable[BindingType]) -> dict[str, tuple[str, ...]]:
    """The keys of each action of ``bindings``, by the action's name without its arguments
    (``rules``, ``leave``), in the order they are bound: the keys and rules screens name a
    key from its binding, so a key changed there changes on them too."""
    found: dict[str, list[str]] = {}
    for binding in Binding.make_bindings(bindings):
        found.setdefault(binding.action.partition("(")[0], []).append(binding.key)
    return {action: tuple(keys) for action, keys in found.items()}


def shown_keys(keys: Iterable[str]) -> str:
    """Bound keys as a player reads them: ``d``, ``?``; the Ctrl ones together, after the
    others (``q, Ctrl+Q/C``)."""
    keys = list(keys)
    plain = [key_to_character(key) or key for key in keys if not key.startswith("ctrl+")]
    ctrl = [key.removeprefix("ctrl+").upper() for key in keys if key.startswith("ctrl+")]
    return ", ".join([*plain, *([f"Ctrl+{'/'.join(ctrl)}"] if ctrl else [])])


def key_names(bound: BoundKeys) -> dict[str, str]:
    """The keys the rules' terminal text names, by its fields' names: an action's kind in
    lower case (``draw``, ``press``), whose key is ``key_of``'s, and a bound action (``hold``,
    ``keys``), whose keys are its bindings' (``bound``)."""
    names = {action: shown_keys(keys) for action, keys in bound.items()}
    names.update((kind.name.lower(), key_of(kind, False).key) for kind in KEYS)
    return names


#: Above the rules: how their actions are done here (``keys``: the key of every key).
RULES_KEYS: Final = N_("tui.rules.keys")


def terminal_rules(text: str, bound: BoundKeys) -> str:
    """A variant's rules as the terminal says them: the terminal's text of its rules page
    (``rules.json``'s ``terminal``: the page's words, with keys where the page speaks of its
    pointer and buttons) with its keys filled in (``key_names``), under a line on how the
    terminal's keys work."""
    names = key_names(bound)
    return f"*{t(RULES_KEYS, keys=names['keys'])}*\n\n{text.format_map(names)}"


class RulesScreen(Spoken, ModalScreen[None]):
    """How to play the variant at the table, in the current language: the rules' page of
    that language (``rules.json``) as the terminal says it (``terminal_rules``: its keys are
    the table's, ``bound``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,r,q", "dismiss", N_("tui.footer.close"))
    ]

    def __init__(self, variant: str, bound: BoundKeys) -> None:
        super().__init__()
        self.variant = variant
        self.bound = bound

    def compose(self) -> ComposeResult:
        pages = rules_pages()
        language = i18n.current().language
        page = pages.get(language, pages[i18n.DEFAULT])["variants"].get(self.variant)
        with Vertical(id="dialog", classes="wide"):
            title = page["title"] if page else self.variant
            yield Static(f"[b]{escape(t('tui.rules.title', title=title))}[/]", id="dialog-title")
            with VerticalScroll():
                yield Markdown(
                    terminal_rules(page["terminal"], self.bound) if page else t("tui.rules.none")
                )
            yield Static(f"[dim]{escape(t('tui.rules.hint'))}[/]")


@dataclass(frozen=True)
class Bound:
    """A row's keys on the keys screen: the keys bound to these actions of the table or the
    app, by their names (``bound_keys``)."""

    actions: tuple[str, ...]


#: A row's keys on the keys screen: a key's own name or a catalogue key that names it (Enter,
#: Space, mouse), the keys of these kinds of action (``key_of``), or the keys bound to these
#: actions (``Bound``).
RowKeys = str | tuple[Kind, ...] | Bound

#: Every key of the table, for the keys screen: (its keys, a catalogue key of what it does).
#: The keys of an action are named where they are declared (``key_of``, the bindings), so
#: the screen says what the table does; the keys' own names (Enter, Space, mouse) are words.
KEY_HELP: Final[tuple[tuple[RowKeys, str], ...]] = (
    ("← →", N_("tui.help.arrows")),
    (N_("tui.help.enter.key"), N_("tui.help.enter")),
    ("1-9, 0, a…", N_("tui.help.card_keys")),
    (N_("tui.help.mouse.key"), N_("tui.help.mouse")),
    ((Kind.DRAW, Kind.PRESS), N_("tui.help.draw")),
    ((Kind.PASS,), N_("tui.help.pass")),
    ((Kind.TAKE,), N_("tui.help.take")),
    ((Kind.CHALLENGE,), N_("tui.help.challenge")),
    ((Kind.UNO,), N_("tui.help.uno")),
    ((Kind.CATCH,), N_("tui.help.catch")),
    ((Kind.CATCH_ILLEGAL,), N_("tui.help.catch_illegal")),
    ((Kind.COLOR,), N_("tui.help.color")),
    ((Kind.BLAST,), N_("tui.help.blast")),
    (Bound(("hold",)), N_("tui.help.hold")),
    ((Kind.DISARM,), N_("tui.help.disarm")),
    (Bound(("rules",)), N_("tui.help.rules")),
    (Bound(("bell",)), N_("tui.help.bell")),
    (Bound(("emote",)), N_("tui.help.emote")),
    (Bound(("again",)), N_("tui.help.again")),
    (Bound(("command_palette",)), N_("tui.help.palette")),
    (Bound(("leave", "copy_or_leave")), N_("tui.help.leave")),
)


@dataclass(frozen=True)
class Dealt:
    """What the keys screen says of the cards at the table: the kinds of card a challenge is
    about (RULES.md P5, ``fx.CHALLENGED``; none: nothing is challenged here), whether they
    are two-faced (then turning the table over may turn up a wild, whose colour is chosen,
    §8.8), and whether a wild's victim names its colour (No Mercy's Wild Color Roulette,
    §9.7: ``victim_names``)."""

    challenged: tuple[str, ...] = ("W+4",)
    two_faced: bool = False
    victim_names: bool = False


def challenged_kinds(variant: str, options: Mapping[str, Any]) -> tuple[str, ...]:
    """The kinds of card a challenge is about at a table of ``variant`` with ``options``
    (the room's), by their effects; none for a variant or options this version does not
    know."""
    try:
        known = registry.get(variant)
        effects = known.effects(known.options(options))
    except UnoverseError:
        return ()
    return tuple(kind for kind, (effect, _) in effects.items() if effect in fx.CHALLENGED)


def victim_names(variant: str, options: Mapping[str, Any]) -> bool:
    """Whether a wild of ``variant`` with ``options`` (the room's) is played without a colour
    and its victim names one (``Variant.named``: No Mercy's Wild Color Roulette, RULES.md
    §9.7, unless its player names it); False for a variant or options this version does not
    know."""
    try:
        known = registry.get(variant)
        effects = known.effects(known.options(options))
    except UnoverseError:
        return False
    return any(effect in known.named for effect, _ in effects.values())


class KeysScreen(Spoken, ModalScreen[None]):
    """Every key of the table (``KEY_HELP``), as bound there (``bound``), said of its cards
    (``dealt``): a row whose actions have no key at this table (the emote key at a local one)
    or nothing to act on (a challenge where no card is challenged) is left out."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss", N_("tui.footer.close"))
    ]

    def __init__(self, bound: BoundKeys, dealt: Dealt = Dealt()) -> None:
        super().__init__()
        self.bound = bound
        self.dealt = dealt

    def words(self, what: str) -> str:
        """What a row's keys do, in the current language, said of the table's cards: the
        challenge names the cards challenged ("" if none is); with two-faced cards, a colour
        is chosen for a wild turned up by the table turning over too; where a wild's victim
        names its colour, for that wild."""
        if what == "tui.help.challenge":
            cards = [t("tui.help.challenge.card", card=card_name(k)) for k in self.dealt.challenged]
            return t(what, cards=either(cards)) if cards else ""
        if what == "tui.help.color" and self.dealt.two_faced:
            return t("tui.help.color.surfaced")
        if what == "tui.help.color" and self.dealt.victim_names:
            return t("tui.help.color.roulette")
        return t(what)

    def keys_of(self, keys: RowKeys) -> str:
        """A row's keys, in the current language ("" for actions with no key here)."""
        if isinstance(keys, Bound):
            return shown_keys(key for action in keys.actions for key in self.bound.get(action, ()))
        if isinstance(keys, tuple):
            return ", ".join(dict.fromkeys(key_of(kind, False).key for kind in keys))
        return t(keys) if keys.startswith("tui.") else keys

    def compose(self) -> ComposeResult:
        rows = "\n".join(
            f"[b]{escape(shown):>12}[/]  {escape(words)}"
            for shown, words in ((self.keys_of(keys), self.words(what)) for keys, what in KEY_HELP)
            if shown and words
        )
        with Vertical(id="dialog"):
            yield Static(f"[b]{escape(t('tui.keys.title'))}[/]", id="dialog-title")
            with VerticalScroll():
                yield Static(rows)
            yield Static(f"[dim]{escape(t('tui.keys.hint'))}[/]")


#: The keys under the results: of a round, of a match at its host's seat, at another's.
#: (Markup: the keys in bold; the words are the catalogue's, filled in when shown.)
RESULTS_HINT: Final = {
    "round": "[dim]{round} · {enter}: {back}[/]",
    "host": "[b]n[/] {again} · [b]q[/] {leave} · [b]{enter}[/] {back}",
    "guest": "{guest} · [b]q[/] {leave} · [b]{enter}[/] {back}",
}


def results_hint(which: str) -> str:
    """The keys under the results (``RESULTS_HINT``), in the current language."""
    words = {
        "round": t("tui.results.next_round"),
        "again": t("tui.footer.again"),
        "leave": t("tui.footer.leave"),
        "enter": t("tui.key.enter"),
        "back": t("tui.results.back"),
        "guest": t("tui.results.guest"),
    }
    return RESULTS_HINT[which].format_map({k: escape(v) for k, v in words.items()})


class ResultsScreen(Spoken, ModalScreen[str | None]):
    """A round's or the match's result. Enter or Escape goes back to the table; after a
    match, ``n`` plays another (the host) and ``q`` leaves: those keys are written out, not
    dimmed, for they are what the player does next."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "dismiss(None)", N_("tui.results.back")),
        Binding(AGAIN_KEY, "dismiss('again')", N_("tui.footer.again"), show=False),
        Binding("q", "dismiss('quit')", N_("tui.footer.leave"), show=False),
    ]

    def __init__(self, text: str, match_over: bool, host: bool) -> None:
        super().__init__()
        self.text = text
        self.match_over = match_over
        self.host = host

    def compose(self) -> ComposeResult:
        hint = "round" if not self.match_over else "host" if self.host else "guest"
        with Vertical(id="dialog"):
            yield Static(f"[b]{escape(t('tui.results.title'))}[/]", id="dialog-title")
            yield Static(self.text, id="results")
            yield Static(results_hint(hint))


#: The question whether to leave: the key that leaves, and the one that stays (as Escape does).
LEAVE_KEY: Final = "y"
STAY_KEY: Final = "n"


class LeaveScreen(Spoken, ModalScreen[bool]):
    """Leave while a match is under way? ``y`` leaves; ``n`` or Escape stays. ``what``
    says what leaving does to the seat (a local table closes; a server keeps the seat)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(f"{LEAVE_KEY},q", "dismiss(True)", N_("tui.footer.leave")),
        Binding(f"{STAY_KEY},escape", "dismiss(False)", N_("tui.footer.stay")),
    ]

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(f"[b]{escape(t('tui.leave.title'))}[/]", id="dialog-title")
            yield Static(escape(self.what))
            yield Static(f"[dim]{escape(t('tui.leave.hint', leave=LEAVE_KEY, stay=STAY_KEY))}[/]")
