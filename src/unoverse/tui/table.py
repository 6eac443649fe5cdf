"""The table screen: the seats, the centre, what is asked of whom, the hand, the keys that
act now, and the log of what happened in words. Every action is a key (shown on screen) or
a click; a key that does nothing now says why. At a server's table, ``e`` sends an emote."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Key, Resize
from textual.geometry import Size
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..core.actions import Kind
from ..core.cards import COLOR_LETTERS
from ..core.events import Event
from ..i18n import N_, t, tn
from . import render
from .cards import card_name, sort_hand
from .dialogs import (
    Chooser,
    Dealt,
    KeysScreen,
    LeaveScreen,
    RulesScreen,
    bound_keys,
    challenged_kinds,
    victim_names,
)
from .hand import CARD_KEYS, HandKeys, HandView
from .logview import LogView
from .moves import (
    AGAIN_KEY,
    HOLD_KEY,
    KEYS,
    Move,
    Moves,
    describe,
    digits,
    group,
    key_label,
    key_of,
)
from .refusals import refusal_words
from .state import LOG_KEPT
from .words import (
    EMOTES,
    bot_failed_line,
    chat_line,
    emote_line,
    emote_words,
    jump_line,
    race_line,
    say,
    turn_over_line,
)

if TYPE_CHECKING:
    from .app import PlayApp

#: The keys that reach an action by its kind (the rest are the table's own).
ACTION_KEYS = frozenset(k.key for k in KEYS.values())
#: The smallest terminal that shows the hand of a table of four (up to 20 cards) and the keys
#: under it (measured: docs/terminal.md, "The table").
MIN_SIZE = (80, 20)
#: A card key with no card beside it now.
NO_CARD_ON_KEY = N_("tui.say.no_card_on_key")


def stressed(text: str) -> str:
    """A notice as markup, its words up to the first colon in bold ("**Refused:** ...")."""
    head, colon, rest = text.partition(": ")
    return f"[b]{escape(head)}:[/] {escape(rest)}" if colon else escape(text)


class TableScreen(Screen[None]):
    """The table (see the module's docstring)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "card", show=False),
        Binding("right", "cursor(1)", "card", show=False),
        Binding("enter,space", "play", "play", show=False),
        *(Binding(k, f"card('{k}')", show=False) for k in CARD_KEYS),
        *(Binding(k, f"key('{k}')", show=False) for k in sorted(ACTION_KEYS)),
        Binding(HOLD_KEY, "hold", show=False),  # BLAST mode: the card under the cursor
        # (the footer's words are the catalogue's, read when shown: ``active_bindings``)
        Binding("r", "rules", N_("tui.footer.rules")),
        Binding("question_mark", "keys", N_("tui.footer.keys")),
        Binding("b", "bell", N_("tui.footer.bell")),
        Binding("e", "emote", N_("tui.footer.emote")),
        # in the footer once the host may start another match
        Binding(AGAIN_KEY, "again", N_("tui.footer.again")),
        Binding("q", "leave", N_("tui.footer.leave")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.moves = Moves()
        self.cursor = 0
        self.hand: list[str] = []
        self.keys: list[str] = []  # the key of each card of ``hand``
        self.hand_keys = HandKeys()
        self.keys_game: int | None = None  # the round the keys were given out in
        self.call_uno = False
        self.notice = ""
        self.logged = 0  # entries of the state's log written to the log widget
        self.emoting = False  # whether the seats were last drawn with an emote on one
        self.again = False  # whether the footer offers another match

    @property
    def play_app(self) -> PlayApp:
        from .app import PlayApp

        app = self.app
        assert isinstance(app, PlayApp)
        return app

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="too-small")
        with Horizontal(id="main"):
            with Vertical(id="table"):
                yield Static(id="seats")
                yield Static(id="centre")
                yield Static(id="prompt")
                yield Static(id="notice")
                yield HandView(id="hand")
                yield Static(id="keys")
            yield LogView(id="log", wrap=True, markup=True, max_lines=LOG_KEPT, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.set_interval(0.5, self.tick)
        self.show()
        self.fit(self.app.size)

    def on_resize(self, event: Resize) -> None:
        self.fit(event.size)

    def fit(self, size: Size) -> None:
        """Below ``MIN_SIZE`` the hand may fall out of sight: say so, with both sizes."""
        small = self.query_one("#too-small", Static)
        wanted = Size(*MIN_SIZE)
        small.display = size.width < wanted.width or size.height < wanted.height
        small.update(
            escape(
                t(
                    render.TOO_SMALL,
                    width=size.width,
                    height=size.height,
                    need_width=wanted.width,
                    need_height=wanted.height,
                )
            )
        )

    # -- showing -----------------------------------------------------------------------------
    def changed(self) -> None:
        """The state moved on: regroup the legal actions and show everything again."""
        state = self.play_app.state
        self.moves = group(state.legal)
        if self.call_uno and (state.view is None or len(state.view["hand"]) > 2):
            self.call_uno = False
        if self.again != self.play_app.may_play_again():
            self.again = not self.again
            self.refresh_bindings()
        self.show()

    def show(self) -> None:
        state = self.play_app.state
        moment = self.play_app.clock()
        self.query_one("#title", Static).update(self.play_app.title_line())
        self.draw_seats(moment)
        self.query_one("#centre", Static).update(render.centre(state))
        self.query_one("#prompt", Static).update(render.prompt(state, moment))
        self.query_one("#notice", Static).update(self.notice)
        self.deal_keys()
        title = tn("tui.hand", len(self.hand))
        self.query_one(HandView).show(
            title if state.seat is not None and state.view is not None else "",
            render.hand(state, self.hand, self.keys, self.moves, self.cursor),
        )
        focus = self.hand[self.cursor] if self.hand else None
        held = list(zip(self.keys, self.hand, strict=True))
        self.query_one("#keys", Static).update(
            render.keys(state, self.moves, self.call_uno, focus, held)
        )
        new = state.logged - self.logged
        if new > 0:
            log = self.query_one(LogView)
            for kind, item in list(state.log)[-new:]:
                log.write(self.log_line(kind, item))
            self.logged = state.logged

    def deal_keys(self) -> None:
        """The hand as shown now and each card's key (``HandKeys``: in BLAST mode a card
        keeps its key); the cursor stays on its card as the hand changes around it."""
        state = self.play_app.state
        focus = (self.hand[self.cursor], self.keys[self.cursor]) if self.hand else None
        if state.game != self.keys_game:
            self.hand_keys, self.keys_game = HandKeys(), state.game
        self.hand = sort_hand(list(state.view["hand"])) if state.view else []
        self.keys = self.hand_keys.deal(self.hand, state.realtime)
        shown = list(zip(self.hand, self.keys, strict=True))
        if focus in shown:
            self.cursor = shown.index(focus)
        elif focus is not None and focus[0] in self.hand:
            self.cursor = self.hand.index(focus[0])
        self.cursor = min(self.cursor, max(0, len(self.hand) - 1))

    def on_log_view_rewrap(self) -> None:
        """Write the kept log again, at the log's new width."""
        log = self.query_one(LogView)
        log.clear()
        for kind, item in self.play_app.state.log:
            log.write(self.log_line(kind, item))
        self.logged = self.play_app.state.logged

    def log_line(self, kind: str, item: dict[str, Any]) -> str:
        state = self.play_app.state
        if kind == "event":
            return say(Event.from_dict(item), state.name)
        if kind == "jump":
            return jump_line(item["jump"], item["play"], state.name)
        if kind == "race":
            return race_line(item, state.name)
        if kind == "bot_failed":
            return bot_failed_line(item, state.name)
        if kind == "turn_over":
            return turn_over_line(item["event"], item["dark"], state.name)
        if kind == "emote":
            return emote_line(item, state.name)
        return chat_line(item, state.name)

    def draw_seats(self, moment: float) -> None:
        """The seats' lines at ``moment`` (the app's clock)."""
        state = self.play_app.state
        self.query_one("#seats", Static).update(render.seats(state, self.moves, moment))
        self.emoting = bool(state.shown_emotes(moment))

    def tick(self) -> None:
        """The countdown moves on; an emote's time on its seat runs out."""
        state = self.play_app.state
        moment = self.play_app.clock()
        if state.deadline is not None or self.emoting:
            self.draw_seats(moment)
        if state.deadline is not None:
            self.query_one("#prompt", Static).update(render.prompt(state, moment))

    def say(self, text: str) -> None:
        """A line under the prompt: why a key did nothing, a refusal, the UNO call..."""
        self.notice = text
        self.query_one("#notice", Static).update(text)

    # -- acting ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The emote key only where there is someone to read one: hidden, and no key at all,
        at a local table. ``n`` starts another match once the host may, else says why not."""
        if action == "emote":
            return self.play_app.link.emotes
        return True

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys active now, as the footer shows them: ``n`` is always bound (its action
        starts another match or says why not) but named only once the host may start one."""
        active = {
            key: bound._replace(
                binding=replace(bound.binding, description=t(bound.binding.description))
            )
            if bound.binding.description.startswith("tui.")
            else bound
            for key, bound in super().active_bindings.items()
        }
        again = active.get(AGAIN_KEY)
        if again is not None and not self.again:
            active[AGAIN_KEY] = again._replace(binding=replace(again.binding, show=False))
        return active

    @work(group="act")
    async def send(self, text: str) -> None:
        """Send an action; say why if the server refuses it."""
        state = self.play_app.state
        if state.view is None:
            return
        sending = f"[dim]{text}…[/]"
        self.say(sending)
        answer = await self.play_app.link.act(text, state.view["version"])
        if self.notice == sending:  # (else a newer line, a race the move lost, stays)
            if answer["type"] == "error":
                why = refusal_words(answer, name=state.name)
                self.say(f"[b]{escape(t('tui.say.refused'))}[/] {escape(why)}")
            elif answer["type"] == "lost":
                self.say(stressed(t("table.toast.lost_move")))
            else:
                self.say("")
        if answer["type"] not in ("error", "lost") and (text == "uno" or text.endswith(" uno")):
            self.call_uno = False

    def choose(self, title: str, moves: list[Move], note: str = "") -> None:
        """Send the one move, or let the player choose among several. The note under the
        title says how they differ: ``note``, else whether a card jumps in or is played, or
        whose hand a swap brings (``render.SWAP``)."""
        if len(moves) == 1:
            self.send(moves[0].text)
            return
        state = self.play_app.state
        sizes = state.view["hand_sizes"] if state.view else []
        options = [(m.text, describe(m, state.name, sizes)) for m in moves]
        kinds = {m.action.kind for m in moves}
        if not note and {Kind.PLAY, Kind.JUMP} <= kinds:
            note = t(render.JUMP_OR_PLAY)
        elif not note and any(m.action.target >= 0 and m.action.kind == Kind.PLAY for m in moves):
            note = t(render.SWAP)
        self.app.push_screen(Chooser(title, options, digits(moves), note), self._chosen)

    def _chosen(self, text: str | None) -> None:
        if text:
            self.send(text)

    def action_cursor(self, step: int) -> None:
        if self.hand:
            self.cursor = (self.cursor + step) % len(self.hand)
            self.show()

    def action_play(self) -> None:
        self.action_play_at(self.cursor)

    def action_card(self, key: str) -> None:
        """The card the key ``key`` is shown beside (``HandKeys``)."""
        if key in self.keys:
            self.action_play_at(self.keys.index(key))
        elif self.hand:
            self.say(escape(t(NO_CARD_ON_KEY, key=key)))
        else:
            self.say(t("tui.say.no_card", why=self.why_not()))

    def action_play_at(self, index: int) -> None:
        """Play the card at ``index`` of the hand shown (the cursor's, a key's, a click's)."""
        self.cursor = index
        card = self.hand[index]
        options = self.moves.plays(card, self.call_uno)
        if options:
            self.choose(escape(t("tui.chooser.play", card=card, name=card_name(card))), options)
        elif self.moves.pick_up(card):
            self.say(escape(t("tui.say.only_hold", card=card, key=HOLD_KEY)))
            self.show()
        elif self.play_app.state.my_move():
            self.send(self.probe(card))  # the engine says why not, and nothing changes
        else:
            self.say(t("tui.say.cannot_play", card=card, why=self.why_not()))
            self.show()

    def probe(self, card: str) -> str:
        """The action that asks the engine why ``card`` cannot be played (it is refused)."""
        if card.startswith("W"):
            view = self.play_app.state.view
            return f"{card}:{(view or {}).get('color') or COLOR_LETTERS[0]}"
        return card

    def why_not(self) -> str:
        """Why nothing is open to the player now: what the table waits for, in words
        (escaped, for ``say``)."""
        state = self.play_app.state
        if state.view is None:
            return escape(t("tui.why.no_round"))
        if state.seat is None:
            return escape(t("tui.why.watching"))
        text, _, left = render.asked(state, self.play_app.clock())
        text = f"{text} ({t('tui.left', time=left)})" if text and left else text
        return escape(text or t("tui.why.nothing"))

    def action_key(self, key: str) -> None:
        launcher = self.play_app.state.launcher
        moves = self.moves.keyed(key, launcher)
        if key == key_of(Kind.UNO, launcher).key:
            self.uno()
            return
        if not moves:
            cannot = t("tui.say.cannot", key=key, what=key_label(key, launcher))
            self.say(f"{escape(cannot)} ({self.why_not()})")
            return
        kind = moves[0].action.kind
        state = self.play_app.state
        view = state.view
        roulette = kind == Kind.COLOR and render.roulette_victim(state) is not None
        titles = {
            Kind.CATCH: N_("tui.chooser.catch"),
            Kind.COLOR: N_("tui.chooser.color.roulette")
            if roulette
            else N_("tui.chooser.color.surfaced")
            if view is not None and render.surfaced(view)
            else N_("tui.chooser.color"),
            Kind.BLAST: N_("tui.chooser.blast"),
        }
        title = t(titles[kind]) if kind in titles else key_of(kind, launcher).label
        self.choose(escape(title), moves, t(render.ROULETTE_NOTE) if roulette else "")

    def action_hold(self) -> None:
        """BLAST mode: hold the card under the cursor up, if it may be."""
        card = self.hand[self.cursor] if self.hand else None
        move = self.moves.pick_up(card) if card else None
        if move is None:
            self.say(escape(t("tui.say.no_hold", key=HOLD_KEY)) + f" ({self.why_not()})")
        else:
            self.send(move.text)

    def uno(self) -> None:
        """UNO now if the seat may declare it, else armed for the next card."""
        state = self.play_app.state
        declare = self.moves.first(Kind.UNO)
        if declare is not None:
            self.send(declare.text)
            return
        with_call = any(m.action.uno for ms in self.moves.by_card.values() for m in ms)
        if state.view is not None and len(state.view["hand"]) <= 2 and with_call:
            self.call_uno = not self.call_uno
            armed = "table.toast.uno_armed" if self.call_uno else "table.toast.uno_cancelled"
            self.say(escape(t(armed)))
            self.show()
        else:
            self.say(escape(t("tui.say.uno_when")))

    def on_hand_view_picked(self, message: HandView.Picked) -> None:
        self.action_play_at(message.index)

    def action_catch(self, seat: int) -> None:
        for move in self.moves.by_kind.get(Kind.CATCH, []):
            if move.action.target == seat:
                self.send(move.text)
                return
        self.say(escape(t("tui.say.no_catch", who=self.play_app.state.name(seat))))

    def bound_keys(self) -> dict[str, tuple[str, ...]]:
        """The keys of the table's actions and the app's, by action (``bound_keys``), for the
        keys and rules screens: only the actions the table has (``check_action``: no emote
        key at a local table)."""
        bound = bound_keys([*self.BINDINGS, *self.play_app.BINDINGS])
        return {action: keys for action, keys in bound.items() if self.check_action(action, ())}

    def variant(self) -> str:
        """The variant the table plays (the round's, else the room's)."""
        room = self.play_app.state.room
        return str((self.play_app.state.view or {}).get("variant") or (room or {}).get("variant"))

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.variant(), self.bound_keys()))

    def action_keys(self) -> None:
        """The keys screen, said of this table's cards (``Dealt``)."""
        state = self.play_app.state
        dealt = Dealt(
            challenged_kinds(self.variant(), state.rules),
            state.view is not None and render.two_faced(state.view),
            victim_names(self.variant(), state.rules),
        )
        self.app.push_screen(KeysScreen(self.bound_keys(), dealt))

    def action_emote(self) -> None:
        """Choose an emote for the table (digits pick, Escape cancels), and send it."""
        options = [(emote, emote_words(emote)) for emote in EMOTES]
        self.app.push_screen(Chooser(escape(t("tui.chooser.emote")), options), self._emote_chosen)

    def _emote_chosen(self, emote: str | None) -> None:
        if emote:
            self.send_emote(emote)

    @work(group="emote")
    async def send_emote(self, emote: str) -> None:
        """Send an emote; say why if the server refuses it. It shows on the seat when the
        server shows it to the room."""
        answer = await self.play_app.link.emote(emote)
        if answer["type"] == "error":
            if answer.get("code") == "rate_limited":
                self.say(stressed(t("tui.say.emote_rate")))
            else:
                refused = escape(t("tui.say.emote_refused"))
                self.say(f"[b]{refused}[/] {escape(refusal_words(answer))}")
        elif answer["type"] == "lost":
            self.say(stressed(t("tui.say.emote_lost")))

    def action_bell(self) -> None:
        self.play_app.bell_on = not self.play_app.bell_on
        bell = t("tui.say.bell_on") if self.play_app.bell_on else t("tui.say.bell_off")
        self.notice = escape(bell)
        self.show()

    def action_leave(self) -> None:
        """Leave: after a confirmation while a match is under way (between its rounds too:
        a local table's match ends with it); at once before the deal, once the match is over,
        or watching."""
        state = self.play_app.state
        if state.view is None or state.match_over is not None or state.seat is None:
            self.app.exit()
            return
        self.app.push_screen(
            LeaveScreen(t(self.play_app.link.leaving)),
            lambda leave: self.app.exit() if leave else None,
        )

    def action_again(self) -> None:
        """Another match once this one is over (the host's); until then, why not."""
        self.play_app.play_again()

    def on_key(self, event: Key) -> None:
        """A key that is nobody's: say so. (Every key gets here before the bindings do: one
        bound to an action open now is theirs.)"""
        if event.is_printable and event.character and event.key not in self.active_bindings:
            self.say(escape(t("tui.say.no_key", key=event.character)))
