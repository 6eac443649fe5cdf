// The table in play: the seats around it in play order (seats.js), the piles in the
// middle, the seat's own hand (hand.js) and every action the seat may take now (read from
// the view's `legal`), the log, the chat and the results. A move shows at once and snaps
// back, with the engine's reason, if it is refused; a card that cannot be played is asked
// about (sent, refused with the rule's reason, nothing changes). Cards move (motion.js) and
// sound (sound.js) as the game's events arrive; neither holds back the state.
import { html, useEffect, useLayoutEffect, useMemo, useRef, useState } from "./vendor/preact-htm.js";
import { Card, CardBack, ColorChip, cardName } from "./cards.js";
import { groupLegal, parseAction, playOptions, sortHand } from "./actions.js";
import { asks, challenged, colorName, rich, roulette, surfaced } from "./events.js";
import { seatName } from "./game.js";
import { byeText } from "./net.js";
import { Settings } from "./settings.js";
import { RulesPanel } from "./rules.js";
import { EmptyRing, Ring, TIMER_SECONDS, nextSeat } from "./seats.js";
import { Hand, keyed } from "./hand.js";
import { animateEvents, flipFrom, places, rectOf, settle } from "./motion.js";
import { sound, soundsFor } from "./sound.js";
import { both, ownPrompt } from "./prompt.js";
import { refusal } from "./refusal.js";
import { Log, MiniCard } from "./log.js";
import { Results } from "./results.js";
import { ColorChoice, Spectrum } from "./spectrum.js";
import { EmoteBar } from "./emotes.js";
import { has, t, tn } from "./words.js";

const MANDATORY = new Set(["turn", "drawn", "penalty", "challenge", "color", "blast", "live"]);
/** The keys panel: [key, what it does], in words when the page reads it. */
const KEYS = () => [
  ["← →", t("table.keys.arrows")],
  [t("table.keys.enter.key"), t("table.keys.enter")],
  ["U", t("table.keys.uno")],
  ["D", t("table.keys.draw")],
  ["P", t("table.keys.pass")],
  ["T", t("table.keys.take")],
  ["C", t("table.keys.challenge")],
  ["K", t("table.keys.catch")],
  ["H", t("table.keys.hold")],
  [t("table.keys.escape.key"), t("table.keys.escape")],
];
/** How long a toast stays, in ms (it goes with the round in any case). */
const TOAST_MS = 4500;

export function Table({ code, held, conn, state, settings, onLeave }) {
  const mine = held ? held.seat : null;
  const view = state.view;
  const [pending, setPending] = useState(null); // {action, card, version}
  const [toast, setToast] = useState(null);
  const [chooser, setChooser] = useState(null); // {card, options}
  const [callUno, setCallUno] = useState(false);
  const [picked, setPicked] = useState([]); // BLAST challenge: the keys of the chosen cards
  const [panel, setPanel] = useState(null); // "rules" | "keys" | "settings"
  const root = useRef(null);
  const name = (seat) => seatName(state, seat);

  const legal = view ? view.legal : [];
  const groups = useMemo(() => groupLegal(legal), [view]);
  const mandatory = view && view.windows.find((w) => MANDATORY.has(w.kind));
  const myTurn = mine != null && mandatory && (mandatory.seat === mine || (mandatory.kind === "live" && legal.length > 0));
  const blastOptions = groups.buttons.get("blast") || [];
  const hand = useMemo(() => keyed(view ? sortHand(view.hand) : []), [view]);

  useEffect(() => {
    if (pending && view && view.version > pending.version) setPending(null);
  }, [view]);
  // the BLAST pick lasts while the challenge is open and its cards are in the hand: other
  // seats' answers (new versions) leave it alone
  useEffect(() => {
    if (!blastOptions.length) setPicked((p) => (p.length ? [] : p));
    else {
      const keys = new Set(hand.map((c) => c.key));
      setPicked((p) => (p.every((k) => keys.has(k)) ? p : p.filter((k) => keys.has(k))));
    }
  }, [view]);
  useEffect(() => {
    if (!callUno || !view) return;
    if (view.hand.length > 2) setCallUno(false);
  }, [view]);
  useTurnAlert(myTurn && mandatory.kind !== "live", settings);
  const title = t("table.title", { variant: variantName(state.room.variant), code });
  useEffect(() => {
    document.title = title; // again in a language switched to
  }, [title]);

  const say = (text, kind = "info") => {
    setToast({ text, kind, id: Date.now() });
  };
  useEffect(() => {
    if (!toast) return undefined;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  // a toast ends with its round
  useEffect(() => setToast(null), [state.game, !!state.roundOver]);

  // -- motion and sound: the events each update brings, animated once the page shows it
  const fresh = useFresh(state.log);
  const ownFlight = useRef(null); // the card of the seat's own play, flown when it was made
  useLayoutEffect(() => {
    if (!fresh.length) return;
    settle(); // a newer state finishes whatever is still moving
    const own = ownFlight.current;
    ownFlight.current = null;
    animateEvents(root.current, fresh, { mine, ownPlay: own, eliminated: view ? view.eliminated : [] });
    if (settings.sound) for (const name of soundsFor(fresh, mine)) sound(name);
  }, [fresh]);
  const launched = useRef(null); // the box of the card the seat just played from its hand
  useLayoutEffect(() => {
    if (!pending || !pending.card || !launched.current || !root.current) return;
    settle();
    flipFrom(places(root.current).topCard(), launched.current, { turn: -8 });
    ownFlight.current = pending.card;
    launched.current = null;
    if (settings.sound) sound("play");
  }, [pending]);
  // the cards that arrive in the hand come from the pile, or from the seat the hand was
  // swapped with; a card that snaps back comes back from the pile
  const handFrom = useMemo(() => {
    for (const { event: e } of fresh) {
      if (e.kind === "swap" && (e.seat === mine || e.target === mine)) return e.seat === mine ? e.target : e.seat;
      if (e.kind === "rotate" && view) return nextSeat(mine, -e.direction, view.eliminated);
      if (e.kind === "turn_over") return "turned";
    }
    return fresh.length ? "draw" : "pile";
  }, [fresh]);
  const handSource = () => {
    if (!root.current) return null;
    const at = places(root.current);
    // a hand turned over holds the same cards, each with its other face up: none arrives
    if (handFrom === "turned") return null;
    return handFrom === "draw" ? at.draw() : handFrom === "pile" ? at.pile() : at.seatRect(handFrom);
  };

  // -- focus: it stays in the hand after a play and after a dialog closes
  const handFocus = useRef({ index: 0, wanted: false });
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (chooser || panel || mine == null || !handFocus.current.wanted) return;
    if (active && active !== document.body && document.contains(active)) return;
    focusHand(root.current, handFocus.current.index);
  });
  useEffect(() => {
    const el = root.current;
    if (!el) return undefined;
    const onFocusIn = (event) => {
      const slot = event.target.closest && event.target.closest(".hand-cards [data-card]");
      if (slot) {
        const buttons = [...el.querySelectorAll(".hand-cards [data-card] button")];
        handFocus.current.index = Math.max(0, buttons.indexOf(event.target));
      }
      // the person uses the table (not the log or the chat): keep the focus in play
      handFocus.current.wanted = !(event.target.closest && event.target.closest(".side"));
    };
    el.addEventListener("focusin", onFocusIn);
    return () => el.removeEventListener("focusin", onFocusIn);
  }, [!view]);

  const act = async (action, card = null) => {
    if (!conn || !view) return;
    setChooser(null);
    setPending({ action, card, version: view.version });
    const answer = await conn.act(action, view.version);
    setPending(null);
    if (answer.type === "error") say(refusal(action, answer, view, name), "error");
    else if (answer.type === "lost") say(t("table.toast.lost_move"), "error");
    else if (parseAction(action).uno || action === "uno") setCallUno(false);
  };
  /** Ask the engine why `card` cannot be played: it is sent, refused with the rule's
   * reason, and nothing changes (the card stays in the hand the whole time). */
  const probe = async (card) => {
    if (!conn || !view) return;
    const action = card.startsWith("W") ? `${card}:${view.color || "R"}` : card;
    const answer = await conn.act(action, view.version);
    if (answer.type === "error") say(refusal(action, answer, view, name), "error");
    else if (answer.type === "lost") say(t("table.toast.lost"), "error");
  };

  const playCard = (card, key) => {
    const actions = groups.byCard.get(card) || [];
    const options = playOptions(actions, callUno);
    if (options.length === 0) {
      if (actions.some((a) => a.kind === "arm")) return say(t("table.toast.pick_up_how"));
      return probe(card);
    }
    const slot = key && root.current && root.current.querySelector(`[data-key="${key}"] .card`);
    launched.current = rectOf(slot);
    if (options.length === 1) return act(options[0].text, card);
    setChooser({ card, options });
  };
  const pickUp = (card) => {
    const arm = (groups.byCard.get(card) || []).find((a) => a.kind === "arm");
    if (arm) act(arm.text, card);
    else say(t("table.toast.no_pick_up", { card: cardName(card) }));
  };

  const button = (kind) => (groups.buttons.get(kind) || [])[0];

  useKeys((key) => {
    if (key === "escape") return setChooser(null), setPanel(null);
    if (chooser || panel) return; // a choice or a panel has the keys
    const simple = { d: button("draw") || button("press"), p: button("pass"), t: button("take"), c: button("challenge") };
    if (simple[key]) return act(simple[key].text);
    if (key === "u") return unoPressed();
    if (key === "k") {
      const c = button("catch");
      if (c) act(c.text);
      return;
    }
    if (key === "h") {
      const slot = document.activeElement && document.activeElement.closest("[data-card]");
      if (slot) pickUp(slot.dataset.card);
    }
  });

  const unoPressed = () => {
    const uno = button("uno");
    if (uno) return act("uno");
    if (view && mine != null && view.hand.length <= 2) {
      setCallUno(!callUno);
      say(callUno ? t("table.toast.uno_cancelled") : t("table.toast.uno_armed"));
    } else say(t("table.toast.uno_when"));
  };

  if (!view) {
    // the table's places, empty, at their sizes: the log and the chat stay where they will be
    return html`<main class="table-page waiting-deal">
      <${TopBar} code=${code} state=${state} conn=${conn} onPanel=${setPanel} onLeave=${onLeave} />
      <${Results} code=${code} state=${state} held=${held} name=${name} />
      <section class="felt seats" aria-label=${t("table.felt")}>
        <${EmptyRing} players=${state.room.seats.length}>
          <p class="status" role="status">${state.matchOver ? "" : t("table.dealing")}</p>
        <//>
      </section>
      <p class="prompt" aria-hidden="true"> </p>
      ${mine != null && html`<section class="actions waiting" aria-hidden="true"></section>
        <section class="hand waiting" aria-hidden="true"></section>`}
      <${Side} state=${state} conn=${conn} settings=${settings} mine=${mine} name=${name} />
      <${Panel} panel=${panel} state=${state} onClose=${() => setPanel(null)} />
    </main>`;
  }

  const catchable = new Set((groups.buttons.get("catch") || []).map((a) => a.target));
  const pendingKey = pending && pending.card ? (hand.find((c) => c.card === pending.card) || {}).key : null;
  const shownHand = pendingKey ? hand.filter((c) => c.key !== pendingKey) : hand;
  const blocked = view.live && mine != null && view.live.blocked === mine;
  const out = mine != null && view.eliminated[mine] && view.winner == null;
  const acting = mandatory && mandatory.kind !== "live" ? mandatory.seat : null;
  const prompt = out
    ? t("table.out")
    : blocked
    ? t("table.blocked")
    : mandatory
      ? mine != null && (mandatory.seat === mine || (mandatory.kind === "live" && legal.length > 0))
        ? ownPrompt(mandatory, groups, view, state.rules) || asks(mandatory, name, mandatory.seat === mine, view)
        : asks(mandatory, name, false, view)
      : view.winner != null
        ? t("table.wins", { who: name(view.winner) })
        : "";
  const onDraw = () => {
    const b = button("draw") || button("press");
    if (b) act(b.text);
  };

  return html`<main class=${`table-page variant-${view.variant} phase-${view.phase} ${view.dark ? "dark-side" : ""}`} data-version=${view.version} ref=${root}>
    <${TopBar} code=${code} state=${state} conn=${conn} onPanel=${setPanel} onLeave=${onLeave} />
    <section class="felt seats" aria-label=${t("table.felt")}>
      <${Ring} view=${view} state=${state} mine=${mine} name=${name} acting=${acting} catchable=${catchable}
        onCatch=${(seat) => act(`catch:${seat}`)}>
        <${Center} view=${view} state=${state} pending=${pending} name=${name} onDraw=${onDraw}
          canDraw=${!!(button("draw") || button("press"))} />
      <//>
      ${toast && html`<div class=${`toast ${toast.kind}`} role=${toast.kind === "error" ? "alert" : "status"} key=${toast.id}>${toast.text}</div>`}
    </section>
    <p class=${`prompt ${mandatory && mandatory.seat === mine ? "mine" : ""}`} role="status">${prompt}
      ${mandatory && mandatory.seat === mine && html` <${Countdown} state=${state} />`}</p>
    ${mine != null && !out && html`<section class="actions" aria-label=${t("table.actions")}>
      <${Actions} groups=${groups} act=${act} button=${button} callUno=${callUno} onUno=${unoPressed}
        view=${view} name=${name} blastOptions=${blastOptions} picked=${picked} />
    </section>`}
    ${mine != null && !out && html`<section class="hand" aria-label=${tn("table.hand", view.hand.length)}>
      <${Hand} cards=${shownHand} groups=${groups} hints=${settings.hints} onPlay=${playCard} onPickUp=${pickUp}
        armed=${view.live && view.live.mine} blast=${blastOptions.length > 0} picked=${picked} source=${handSource}
        onPick=${(key) => setPicked(picked.includes(key) ? picked.filter((x) => x !== key) : [...picked, key])} />
    </section>`}
    <${Side} state=${state} conn=${conn} settings=${settings} mine=${mine} name=${name} />
    ${chooser && html`<${Chooser} chooser=${chooser} name=${name} sizes=${view.hand_sizes} onPick=${(a) => act(a.text, chooser.card)} onClose=${() => setChooser(null)} />`}
    <${Results} code=${code} state=${state} held=${held} name=${name} />
    <${Panel} panel=${panel} state=${state} onClose=${() => setPanel(null)} />
  </main>`;
}

/** The log's entries that came since the last drawing, oldest first (none on the first:
 * a page that opens mid-game shows the table as it is, without replaying its moves). */
function useFresh(log) {
  const last = useRef(null);
  return useMemo(() => {
    const newest = log.length ? log[0].id : 0;
    if (last.current === null || newest < last.current) {
      last.current = newest;
      return [];
    }
    const out = log.filter((entry) => entry.id > last.current).reverse();
    last.current = newest;
    return out;
  }, [log]);
}

/** Put the focus on the hand's card at `index` (or the last one). */
function focusHand(root, index) {
  if (!root) return;
  const buttons = root.querySelectorAll(".hand-cards [data-card] button");
  const target = buttons[Math.min(index, buttons.length - 1)];
  if (target) target.focus({ preventScroll: true });
}

// -- parts of the table -----------------------------------------------------------------------
/** A variant's name in words ("Classic", "Full Spectrum"); an unknown one as it came. */
function variantName(variant) {
  return has(`table.variant.${variant}`) ? t(`table.variant.${variant}`) : variant;
}

/** A panel's name: its button and its dialog's. */
function panelName(panel) {
  if (panel === "rules") return t("table.panel.rules");
  if (panel === "keys") return t("table.panel.keys");
  return t("table.panel.settings");
}

function TopBar({ code, state, conn, onPanel, onLeave }) {
  const status = state.status;
  return html`<header class="topbar">
    <a class="home" href="/" onClick=${(e) => { e.preventDefault(); onLeave(); }} aria-label=${t("table.home")}>unoverse</a>
    <span class="where">${rich("table.where", {
      variant: html`<strong>${variantName(state.room.variant)}</strong>`,
      code: html`<code>${code}</code>`,
      match: state.match + 1,
      round: state.round + 1,
    })}</span>
    <span class="bar-buttons">
      <button class="small" onClick=${() => onPanel("rules")}>${panelName("rules")}</button>
      <button class="small" onClick=${() => onPanel("keys")}>${panelName("keys")}</button>
      <button class="small" onClick=${() => onPanel("settings")}>${panelName("settings")}</button>
    </span>
    ${status !== "open" && html`<div class="connection" role="status">
      ${status === "reconnecting" || status === "connecting" ? t("table.connection.reconnecting") : status === "offline" ? t("table.connection.lost") : state.bye ? byeText(state.bye) : t("table.connection.closed")}
      ${!state.bye && conn && html` <button class="small" onClick=${() => conn.retry()}>${t("table.connection.retry")}</button>`}
    </div>`}
  </header>`;
}

/** The seat's own turn time, in seconds, next to its prompt. */
function Countdown({ state }) {
  const total = TIMER_SECONDS[state.room.timer];
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (!state.deadline || !total) return null;
  const left = Math.max(0, Math.min(total, Math.ceil((state.deadline - now) / 1000)));
  return html`<span class=${`countdown ${left <= 5 ? "low" : ""}`} role="timer" aria-label=${tn("table.countdown.label", left)}>${t("table.countdown", { n: left })}</span>`;
}

/** The piles in the middle of the table, who played the top card, the colour in force. */
function Center({ view, state, pending, name, onDraw, canDraw }) {
  const top = pending && pending.card ? pending.card : view.top;
  const last = state.log[0] && state.log[0].event;
  const launcher = view.launcher != null;
  const burst = last && last.kind === "press" ? (last.count > 0 ? "burst" : "click") : "";
  const mineOnTop = (pending && pending.card) || (view.top_by != null && view.top_by === view.seat);
  const standIn = !pending && view.top_by != null && (state.standIn || []).includes(view.top_by);
  const by = mineOnTop
    ? t("table.top_by.you")
    : view.top_by == null
      ? t("table.top_by.start")
      : standIn
        ? t("table.top_by.stand_in", { who: name(view.top_by) })
        : t("table.top_by", { who: name(view.top_by) });
  return html`<div class="center" aria-label=${t("table.piles")} role="group">
    <div class="pile">
      ${launcher
        ? html`<div class="launcher-wrap"><button class=${`launcher ${burst}`} key=${state.log[0] && state.log[0].id} disabled=${!canDraw} onClick=${onDraw}
            aria-label=${canDraw ? tn("table.launcher.label.press", view.launcher) : tn("table.launcher.label", view.launcher)}>
            <span class="launcher-body" aria-hidden="true"></span><span class="launcher-label">${t("table.launcher.press")}</span>
          </button>
          <span class="launcher-state" aria-hidden="true">${view.launcher === 0 ? t("table.launcher.fired") : tn("table.launcher.presses", view.launcher)}</span></div>`
        : html`<button class="draw-pile" disabled=${!canDraw} onClick=${onDraw}
            aria-label=${canDraw ? tn("table.draw_pile.draw", view.draw_count) : tn("table.draw_pile", view.draw_count)}>
            <${CardBack} count=${view.draw_count} face=${view.pile_back} />
          </button>`}
      <div class=${`top ${pending ? "pending" : ""}`} aria-live="polite">
        ${top ? html`<${Card} key=${`${top}-${view.discard ? view.discard.length : 0}`} text=${top} declared=${view.color} title=${cardName(top, view.color)} />` : html`<span class="muted">${t("table.no_card")}</span>`}
        ${view.pending && (view.pending.until_color
          ? html`<span class="plus" aria-label=${t("table.pending.until_color", { color: colorName(view.color) })}>+${view.color}</span>`
          : html`<span class="plus" aria-label=${tn("table.pending", view.pending.amount)}>+${view.pending.amount}</span>`)}
        ${top && html`<span class="top-by">${by}</span>`}
      </div>
    </div>
    <div class="state">
      ${view.two_faced && html`<span class=${`badge side ${view.dark ? "dark" : "light"}`}>${view.dark ? t("table.side.dark") : t("table.side.light")}</span>`}
      ${view.steps.length > 0
        ? html`<${Spectrum} color=${view.color} steps=${view.steps} />`
        : view.color && html`<span class="active-color">${rich("table.color", { chip: html`<${ColorChip} color=${view.color} />` })}</span>`}
      ${view.blast && html`<span class="badge warn" title=${cardName(view.blast)}>${blastBadge(view.blast)}</span>`}
      ${view.live && view.live.lock.length > 0 && html`<span class="badge warn">${t("table.locked", { colors: both(view.live.lock.map(colorName)) })}</span>`}
    </div>
  </div>`;
}

/** An open BLAST card in short ("BLAST: 3 same colour"); its title names it in full. */
function blastBadge(card) {
  return t("table.blast.badge", { n: card[1], what: t(`card.challenge.${card.slice(2)}`) });
}

/** The button that takes the pending penalty: its count, or the colour drawn to. */
function takeLabel(view) {
  if (!view.pending) return t("table.action.take");
  if (view.pending.until_color) return t("table.action.take_until_color", { color: colorName(view.color) });
  return t("table.action.take_n", { n: view.pending.amount });
}

function Actions({ act, button, groups, callUno, onUno, view, name, blastOptions, picked }) {
  const draw = button("draw");
  const press = button("press");
  return html`
    <button class=${`uno-button ${callUno ? "armed" : ""}`} onClick=${onUno} aria-pressed=${String(callUno)}>${t("table.uno")}</button>
    ${draw ? html`<button onClick=${() => act(draw.text)}>${t("table.action.draw")}</button>` : !press && !blastOptions.length && html`<button disabled>${view.launcher != null ? t("table.action.press") : t("table.action.draw")}</button>`}
    ${press && html`<button onClick=${() => act(press.text)}>${t("table.action.press")}</button>`}
    ${button("pass") && html`<button onClick=${() => act("pass")}>${t("table.action.pass")}</button>`}
    ${button("take") && html`<button class="warn" onClick=${() => act("take")}>${takeLabel(view)}</button>`}
    ${button("challenge") && html`<button class="warn" onClick=${() => act("challenge")}>${t("table.action.challenge", { card: challenged(view) })}</button>`}
    ${button("catch_illegal") && html`<button class="warn" onClick=${() => act("catch_illegal")}>${t("table.action.catch_illegal")}</button>`}
    ${button("disarm") && html`<button onClick=${() => act("disarm")}>${t("table.action.disarm")}</button>`}
    ${button("color") && html`<span class="choose-color" role="group" aria-label=${t(roulette(view) ? "table.roulette.color" : surfaced(view) ? "table.surfaced.color" : "table.first_color")}>
      ${t("table.first_color.choose")}
      ${groups.buttons.get("color").map((a) => html`<button class="chip-button" onClick=${() => act(a.text)}
        aria-label=${t("table.first_color.pick", { color: colorName(a.color) })}><${ColorChip} color=${a.color} /></button>`)}
    </span>`}
    ${blastOptions.length > 0 && html`<${BlastChoice} options=${blastOptions} picked=${picked} act=${act} />`}
  `;
}

function BlastChoice({ options, picked, act }) {
  const need = options[0].cards.length;
  const chosen = picked.map((key) => key.split("#")[0]).sort();
  const match = options.find((o) => [...o.cards].sort().join(",") === chosen.join(","));
  return html`<span class="blast-choice" role="group" aria-label=${t("table.blast")}>
    <button class="primary" disabled=${!match} onClick=${() => match && act(match.text)}>${t("table.blast.discard", { chosen: picked.length, n: need })}</button>
    ${options.length <= 3 && options.map((o) => html`<button class="blast-option" onClick=${() => act(o.text)}
      aria-label=${t("table.blast.option", { cards: both(o.cards.map((c) => cardName(c))) })}>${o.cards.map((c) => html`<${MiniCard} text=${c} />`)}</button>`)}
  </span>`;
}

function Chooser({ chooser, name, sizes, onPick, onClose }) {
  const ref = useRef(null);
  useEffect(() => {
    const first = ref.current && ref.current.querySelector("button, [role=button]");
    if (first) first.focus();
  }, []);
  return html`<div class="overlay" onClick=${(e) => e.target === e.currentTarget && onClose()}>
    <div class="dialog" role="dialog" aria-modal="true" aria-label=${t("table.chooser", { card: cardName(chooser.card) })} ref=${ref}>
      <h2>${t("table.chooser", { card: cardName(chooser.card) })}</h2>
      ${ColorChoice({ options: chooser.options, onPick }) || html`<div class="choices">
        ${chooser.options.map((a) => html`<button class="choice" onClick=${() => onPick(a)}>${optionLabel(a, chooser.card, name, sizes)}</button>`)}
      </div>`}
      <button class="small" onClick=${onClose}>${t("table.chooser.cancel")}</button>
    </div>
  </div>`;
}

/** An option of the chooser in words; a hand swapped with names its size (`sizes`, by seat). */
function optionLabel(a, card, name, sizes) {
  const parts = [];
  if (a.kind === "jump") parts.push(t("table.option.jump"));
  if (a.cards.length > 1) parts.push(t("table.option.with", { cards: both(a.cards.filter((c, i) => i > 0 || c !== card).map((c) => cardName(c))) }));
  if (a.color) {
    const chip = html`<${ColorChip} color=${a.color} />`;
    parts.push(html`<span class="declare">${rich("table.option.declare", { color: colorName(a.color), chip })}</span>`);
  }
  if (a.number != null) parts.push(t("table.option.number", { number: a.number }));
  if (a.target === "cw") parts.push(t("table.option.cw"));
  else if (a.target === "ccw") parts.push(t("table.option.ccw"));
  else if (a.target != null) parts.push(tn("table.option.swap", sizes[a.target], { who: name(a.target) }));
  if (a.keep) parts.push(t("table.option.keep"));
  if (a.uno) parts.push(t("table.option.uno"));
  if (!parts.length) parts.push(t("table.option.play"));
  return parts.map((p, i) => html`${i ? " · " : ""}${p}`);
}

function Side({ state, conn, settings, mine, name }) {
  return html`<aside class="side">
    <${Log} state=${state} name=${name} />
    <${EmoteBar} conn=${conn} state=${state} mine=${mine} />
    ${settings.chat && html`<${Chat} state=${state} conn=${conn} mine=${mine} name=${name} />`}
  </aside>`;
}

function Chat({ state, conn, mine, name }) {
  const [text, setText] = useState("");
  const [muted, setMuted] = useState(() => new Set());
  const send = async (event) => {
    event.preventDefault();
    const line = text.trim();
    if (!line || !conn) return;
    setText("");
    await conn.chat(line);
  };
  const others = state.presence.map((_, seat) => seat).filter((seat) => seat !== mine && state.presence[seat].kind === "player");
  const toggle = (seat) => {
    const next = new Set(muted);
    if (next.has(seat)) next.delete(seat);
    else next.add(seat);
    setMuted(next);
  };
  return html`<section class="chat" aria-label=${t("table.chat")}>
    <h2>${t("table.chat")}</h2>
    <ul>
      ${state.chat
        .slice(-30)
        .map((c, i) => html`<li key=${i}>${muted.has(c.seat) ? html`<em class="muted">${t("table.chat.muted")}</em>` : html`<strong>${c.name}:</strong> ${c.text}`}</li>`)}
    </ul>
    ${mine != null && html`<form onSubmit=${send} class="row">
      <input value=${text} maxlength="500" aria-label=${t("table.chat.message")} placeholder=${t("table.chat.placeholder")} onInput=${(e) => setText(e.target.value)} />
      <button type="submit">${t("table.chat.send")}</button>
    </form>`}
    ${others.length > 0 && html`<label class="field mute"><span>${t("table.chat.mute")}</span>
      <select onChange=${(e) => { if (e.target.value !== "") toggle(Number(e.target.value)); e.target.value = ""; }}>
        <option value="">${t("table.chat.choose")}</option>
        ${others.map((seat) => html`<option value=${seat}>${muted.has(seat) ? t("table.chat.unmute_who", { who: name(seat) }) : t("table.chat.mute_who", { who: name(seat) })}</option>`)}
      </select></label>`}
  </section>`;
}

function Panel({ panel, state, onClose }) {
  if (!panel) return null;
  return html`<${PanelDialog} panel=${panel} state=${state} onClose=${onClose} />`;
}

/** A panel over the table; the focus goes into it (and back to the hand when it closes). */
function PanelDialog({ panel, state, onClose }) {
  const close = useRef(null);
  useEffect(() => {
    if (close.current) close.current.focus({ preventScroll: true });
  }, []);
  return html`<div class="overlay" onClick=${(e) => e.target === e.currentTarget && onClose()}>
    <div class="dialog wide" role="dialog" aria-modal="true" aria-label=${panelName(panel)}>
      ${panel === "rules" && html`<${RulesPanel} variant=${state.room.variant} rules=${state.rules} />`}
      ${panel === "keys" && html`<h2>${panelName("keys")}</h2><dl class="keys">${KEYS().map(([k, what]) => html`<dt><kbd>${k}</kbd></dt><dd>${what}</dd>`)}</dl>`}
      ${panel === "settings" && html`<${Settings} />`}
      <button onClick=${onClose} ref=${close}>${t("table.panel.close")}</button>
    </div>
  </div>`;
}

// -- hooks -----------------------------------------------------------------------------------
function useKeys(handler) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const listener = (event) => {
      const target = event.target;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      ref.current(event.key.toLowerCase());
    };
    addEventListener("keydown", listener);
    return () => removeEventListener("keydown", listener);
  }, []);
}

/** A chime and a mark in the tab's title when the seat's turn comes (each can be off). */
function useTurnAlert(myTurn, settings) {
  useEffect(() => {
    if (!myTurn) return undefined;
    if (settings.sound) sound("turn");
    if (!settings.titleAlert) return undefined;
    const plain = document.title;
    if (document.hidden) document.title = t("table.title.turn", { title: plain });
    const back = () => {
      if (!document.hidden) document.title = plain;
    };
    document.addEventListener("visibilitychange", back);
    return () => {
      document.removeEventListener("visibilitychange", back);
      document.title = plain;
    };
  }, [myTurn]);
}
