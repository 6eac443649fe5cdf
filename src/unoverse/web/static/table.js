// The table in play: the seats around it, the piles, the seat's own hand and every action
// the seat may take now (read from the view's `legal`), the log, the chat and the results.
// A move shows at once and snaps back, with the server's reason, if it is refused.
import { html, useEffect, useMemo, useRef, useState } from "./vendor/preact-htm.js";
import { Card, CardBack, ColorChip, cardName } from "./cards.js";
import { groupLegal, parseAction, playOptions, sortHand } from "./actions.js";
import { asks, colorName } from "./events.js";
import { seatName } from "./game.js";
import { byeText } from "./net.js";
import { chime, Settings } from "./settings.js";
import { RulesPanel } from "./rules.js";
import { Log } from "./log.js";
import { Results } from "./results.js";
import { ColorChoice, Spectrum } from "./spectrum.js";
import { EmoteBar, SeatEmote } from "./emotes.js";

const MANDATORY = new Set(["turn", "drawn", "penalty", "challenge", "color", "blast", "live"]);
const TIMER_SECONDS = { off: null, relaxed: 60, normal: 30, fast: 15 };
const KEYS = [
  ["← →", "move along your hand"],
  ["Enter", "play the card in focus"],
  ["U", "call UNO"],
  ["D", "draw (or press the launcher)"],
  ["P", "keep the drawn card (pass)"],
  ["T", "take the penalty"],
  ["C", "challenge a Wild Draw Four"],
  ["K", "catch a player who did not call UNO"],
  ["H", "BLAST mode: pick up the card in focus (hold it)"],
  ["Esc", "close a choice"],
];

export function Table({ code, held, conn, state, settings, onLeave }) {
  const mine = held ? held.seat : null;
  const view = state.view;
  const [pending, setPending] = useState(null); // {action, card, version}
  const [toast, setToast] = useState(null);
  const [chooser, setChooser] = useState(null); // {card, options}
  const [callUno, setCallUno] = useState(false);
  const [picked, setPicked] = useState([]); // BLAST challenge: chosen card indexes
  const [panel, setPanel] = useState(null); // "rules" | "keys" | "settings"
  const name = (seat) => seatName(state, seat);

  const legal = view ? view.legal : [];
  const groups = useMemo(() => groupLegal(legal), [view]);
  const mandatory = view && view.windows.find((w) => MANDATORY.has(w.kind));
  const myTurn = mine != null && mandatory && (mandatory.seat === mine || (mandatory.kind === "live" && legal.length > 0));

  useEffect(() => {
    if (pending && view && view.version > pending.version) setPending(null);
  }, [view]);
  useEffect(() => setPicked([]), [view && view.version]);
  useEffect(() => {
    if (!callUno || !view) return;
    if (view.hand.length > 2) setCallUno(false);
  }, [view]);
  useTurnAlert(myTurn && mandatory.kind !== "live", settings);
  useEffect(() => {
    document.title = `${state.room.variant} · ${code} · unoverse`;
  }, [code]);

  const say = (text, kind = "info") => {
    setToast({ text, kind, id: Date.now() });
  };
  useEffect(() => {
    if (!toast) return undefined;
    const timer = setTimeout(() => setToast(null), 4500);
    return () => clearTimeout(timer);
  }, [toast]);

  const act = async (action, card = null) => {
    if (!conn || !view) return;
    setChooser(null);
    setPending({ action, card, version: view.version });
    const answer = await conn.act(action, view.version);
    setPending(null);
    if (answer.type === "error") say(`${refusedText(action)}: ${answer.message}`, "error");
    else if (answer.type === "lost") say("The connection dropped before an answer: your move may not have arrived.", "error");
    else if (parseAction(action).uno || action === "uno") setCallUno(false);
  };

  const playCard = (card) => {
    const actions = groups.byCard.get(card) || [];
    const options = playOptions(actions, callUno);
    if (options.length === 0) {
      if (actions.some((a) => a.kind === "arm")) return say("Pick it up with H, or drag it up, to hold it.");
      if (!settings.hints) return act(card, card); // no hints: the server says why not
      return say(`${cardName(card)} cannot be played now.`);
    }
    if (options.length === 1) return act(options[0].text, card);
    setChooser({ card, options });
  };
  const pickUp = (card) => {
    const arm = (groups.byCard.get(card) || []).find((a) => a.kind === "arm");
    if (arm) act(arm.text, card);
    else say(`${cardName(card)} cannot be picked up now.`);
  };

  const button = (kind) => (groups.buttons.get(kind) || [])[0];
  const blastOptions = groups.buttons.get("blast") || [];
  const hand = view ? sortHand(view.hand) : [];

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
      say(callUno ? "UNO call cancelled." : "UNO! It goes with your next card.");
    } else say("UNO is called with your second-to-last card.");
  };

  if (!view) {
    return html`<main class="table-page waiting-deal">
      <${TopBar} code=${code} state=${state} conn=${conn} onPanel=${setPanel} onLeave=${onLeave} />
      <${Results} code=${code} state=${state} held=${held} name=${name} />
      <p class="status" role="status">${state.matchOver ? "" : "Dealing…"}</p>
      <${Side} state=${state} conn=${conn} settings=${settings} mine=${mine} name=${name} />
      <${Panel} panel=${panel} state=${state} onClose=${() => setPanel(null)} />
    </main>`;
  }

  const order = [];
  for (let i = 1; i <= view.players; i++) {
    const seat = mine == null ? i - 1 : (mine + i) % view.players;
    if (seat !== mine) order.push(seat);
  }
  const catchable = new Set((groups.buttons.get("catch") || []).map((a) => a.target));
  const shownHand = pending && pending.card ? removeOnce(hand, pending.card) : hand;
  const blocked = view.live && mine != null && view.live.blocked === mine;
  const prompt = blocked
    ? "You are blocked until someone else plays"
    : mandatory
      ? asks(mandatory, name, mandatory.seat === mine)
      : view.winner != null
        ? `${name(view.winner)} wins the round`
        : "";

  return html`<main class=${`table-page variant-${view.variant} phase-${view.phase}`} data-version=${view.version}>
    <${TopBar} code=${code} state=${state} conn=${conn} onPanel=${setPanel} onLeave=${onLeave} />
    <section class="seats" aria-label="Players">
      ${order.map((seat) => html`<${Seat} seat=${seat} view=${view} state=${state} name=${name}
        acting=${mandatory && mandatory.seat === seat && mandatory.kind !== "live"}
        catchable=${catchable.has(seat)} onCatch=${() => act(`catch:${seat}`)} />`)}
    </section>
    <${Center} view=${view} state=${state} pending=${pending} prompt=${prompt} mine=${mine} name=${name}
      mandatory=${mandatory} onDraw=${() => { const b = button("draw") || button("press"); if (b) act(b.text); }}
      canDraw=${!!(button("draw") || button("press"))} />
    ${mine != null && html`<section class="actions" aria-label="Actions">
      <${Actions} groups=${groups} act=${act} button=${button} callUno=${callUno} onUno=${unoPressed}
        view=${view} name=${name} blastOptions=${blastOptions} picked=${picked} hand=${shownHand} />
    </section>`}
    ${mine != null && html`<section class="hand" aria-label=${`Your hand, ${view.hand.length} cards`}>
      <${Hand} hand=${shownHand} groups=${groups} hints=${settings.hints} onPlay=${playCard} onPickUp=${pickUp}
        armed=${view.live && view.live.mine} blast=${blastOptions.length > 0} picked=${picked}
        onPick=${(i) => setPicked(picked.includes(i) ? picked.filter((x) => x !== i) : [...picked, i])} />
    </section>`}
    <${Side} state=${state} conn=${conn} settings=${settings} mine=${mine} name=${name} />
    ${chooser && html`<${Chooser} chooser=${chooser} name=${name} onPick=${(a) => act(a.text, chooser.card)} onClose=${() => setChooser(null)} />`}
    <${Results} code=${code} state=${state} held=${held} name=${name} />
    <${Panel} panel=${panel} state=${state} onClose=${() => setPanel(null)} />
    ${toast && html`<div class=${`toast ${toast.kind}`} role=${toast.kind === "error" ? "alert" : "status"} key=${toast.id}>${toast.text}</div>`}
  </main>`;
}

function refusedText(action) {
  const a = parseAction(action);
  if (a.cards.length) return `${a.cards.map((c) => cardName(c)).join(", ")} was refused`;
  return `${action} was refused`;
}

function removeOnce(hand, card) {
  const i = hand.indexOf(card);
  return i < 0 ? hand : [...hand.slice(0, i), ...hand.slice(i + 1)];
}

// -- parts of the table -----------------------------------------------------------------------
function TopBar({ code, state, conn, onPanel, onLeave }) {
  const status = state.status;
  return html`<header class="topbar">
    <a class="home" href="/" onClick=${(e) => { e.preventDefault(); onLeave(); }} aria-label="Back to the lobby">unoverse</a>
    <span class="where"><strong>${state.room.variant}</strong> · room <code>${code}</code> · match ${state.match + 1}, round ${state.round + 1}</span>
    <span class="bar-buttons">
      <button class="small" onClick=${() => onPanel("rules")}>Rules</button>
      <button class="small" onClick=${() => onPanel("keys")}>Keys</button>
      <button class="small" onClick=${() => onPanel("settings")}>Settings</button>
    </span>
    ${status !== "open" && html`<div class="connection" role="status">
      ${status === "reconnecting" || status === "connecting" ? "Reconnecting…" : status === "offline" ? "Connection lost." : state.bye ? byeText(state.bye) : "Disconnected."}
      ${!state.bye && conn && html` <button class="small" onClick=${() => conn.retry()}>Retry now</button>`}
    </div>`}
  </header>`;
}

function Seat({ seat, view, state, name, acting, catchable, onCatch }) {
  const presence = state.presence[seat] || {};
  const count = view.hand_sizes[seat];
  const out = view.eliminated[seat];
  const unoOpen = view.uno_open.includes(seat);
  const saidUno = count === 1 && !unoOpen && !out;
  const score = state.scores && state.rules.scoring !== "none" ? state.scores[seat] : null;
  const label = `${name(seat)}: ${count} card${count === 1 ? "" : "s"}${acting ? ", to act" : ""}${out ? ", eliminated" : ""}${saidUno ? ", called UNO" : ""}`;
  return html`<div class=${`seat ${acting ? "acting" : ""} ${out ? "out" : ""}`} aria-label=${label} role="group">
    <div class="seat-head">
      <span class=${presence.kind === "bot" || presence.connected ? "dot on" : "dot"} role="img"
        aria-label=${presence.kind === "bot" ? "bot" : presence.connected ? "here" : "away"}></span>
      <span class="seat-name">${name(seat)}</span>
      ${presence.kind === "bot" && html`<span class="badge">bot</span>`}
      ${presence.stand_in && html`<span class="badge standin" title="A bot plays for this player until they are back">bot covering</span>`}
      ${view.dealer === seat && html`<span class="badge" title="dealer">D</span>`}
      <${SeatEmote} state=${state} seat=${seat} />
    </div>
    <${CardBack} count=${count} small=${true} />
    <div class="seat-foot">
      ${saidUno && html`<span class="badge uno">UNO!</span>`}
      ${unoOpen && html`<span class="badge warn">one card, no UNO</span>`}
      ${out && html`<span class="badge">out</span>`}
      ${view.live && view.live.armed.includes(seat) && html`<span class="badge warn">holding a card</span>`}
      ${view.live && view.live.blocked === seat && html`<span class="badge warn">blocked</span>`}
      ${score != null && html`<span class="muted small">${score} pts</span>`}
      ${acting && html`<${Countdown} state=${state} />`}
    </div>
    ${catchable && html`<button class="catch" onClick=${onCatch}>Catch ${name(seat)}!</button>`}
  </div>`;
}

function Countdown({ state }) {
  const total = TIMER_SECONDS[state.room.timer];
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (!state.deadline || !total) return null;
  const left = Math.max(0, Math.min(total, Math.ceil((state.deadline - now) / 1000)));
  return html`<span class=${`countdown ${left <= 5 ? "low" : ""}`} role="timer" aria-label=${`${left} seconds left`}>${left}s</span>`;
}

function Center({ view, state, pending, prompt, mine, name, mandatory, onDraw, canDraw }) {
  const top = pending && pending.card ? pending.card : view.top;
  const last = state.log[0] && state.log[0].event;
  const launcher = view.launcher != null;
  const burst = last && last.kind === "press" ? (last.count > 0 ? "burst" : "click") : "";
  return html`<section class="center" aria-label="The piles">
    <div class="pile">
      ${launcher
        ? html`<div class="launcher-wrap"><button class=${`launcher ${burst}`} key=${state.log[0] && state.log[0].id} disabled=${!canDraw} onClick=${onDraw}
            aria-label=${`Launcher: ${view.launcher} presses since it last fired${canDraw ? ". Press it" : ""}`}>
            <span class="launcher-body" aria-hidden="true"></span><span class="launcher-label">Press</span>
          </button>
          <span class="launcher-state" aria-hidden="true">${view.launcher === 0 ? "just fired or reset" : `${view.launcher} press${view.launcher === 1 ? "" : "es"} since it fired`}</span></div>`
        : html`<button class="draw-pile" disabled=${!canDraw} onClick=${onDraw}
            aria-label=${`Draw pile, ${view.draw_count} cards${canDraw ? ". Draw a card" : ""}`}>
            <${CardBack} count=${view.draw_count} />
          </button>`}
      <div class=${`top ${pending ? "pending" : ""}`} aria-live="polite">
        ${top ? html`<${Card} text=${top} declared=${view.color} title=${cardName(top, view.color)} />` : html`<span class="muted">no card</span>`}
        ${view.pending && html`<span class="plus" aria-label=${`pending penalty: ${view.pending.amount} cards`}>+${view.pending.amount}</span>`}
      </div>
    </div>
    <div class="state">
      ${view.color && html`<span class="active-color">Colour <${ColorChip} color=${view.color} /></span>`}
      <span class="direction" aria-label=${view.direction === 1 ? "play goes clockwise" : "play goes counter-clockwise"}>
        ${view.direction === 1 ? "↻ clockwise" : "↺ counter-clockwise"}</span>
      ${view.steps.length > 0 && html`<${Spectrum} color=${view.color} steps=${view.steps} />`}
      ${view.blast && html`<span class="badge warn">${cardName(view.blast)}</span>`}
      ${view.live && view.live.lock.length > 0 && html`<span class="badge warn">locked: ${view.live.lock.map(colorName).join(", ")}</span>`}
    </div>
    <p class=${`prompt ${mandatory && mandatory.seat === mine ? "mine" : ""}`} role="status">${prompt}
      ${mandatory && mandatory.seat === mine && html` <${Countdown} state=${state} />`}</p>
  </section>`;
}

function Actions({ act, button, groups, callUno, onUno, view, name, blastOptions, picked, hand }) {
  const draw = button("draw");
  const press = button("press");
  return html`
    <button class=${`uno-button ${callUno ? "armed" : ""}`} onClick=${onUno} aria-pressed=${String(callUno)}>UNO!</button>
    ${draw ? html`<button onClick=${() => act(draw.text)}>Draw</button>` : !press && html`<button disabled>Draw</button>`}
    ${press && html`<button onClick=${() => act(press.text)}>Press the launcher</button>`}
    ${button("pass") && html`<button onClick=${() => act("pass")}>Keep it (pass)</button>`}
    ${button("take") && html`<button class="warn" onClick=${() => act("take")}>Take ${view.pending ? `+${view.pending.amount}` : "the penalty"}</button>`}
    ${button("challenge") && html`<button class="warn" onClick=${() => act("challenge")}>Challenge the Wild Draw Four</button>`}
    ${button("catch_illegal") && html`<button class="warn" onClick=${() => act("catch_illegal")}>Catch the illegal play</button>`}
    ${button("disarm") && html`<button onClick=${() => act("disarm")}>Put the card back</button>`}
    ${button("color") && html`<span class="choose-color" role="group" aria-label="Choose the first colour">
      Choose a colour:
      ${groups.buttons.get("color").map((a) => html`<button class="chip-button" onClick=${() => act(a.text)}
        aria-label=${`Choose ${colorName(a.color)}`}><${ColorChip} color=${a.color} /></button>`)}
    </span>`}
    ${blastOptions.length > 0 && html`<${BlastChoice} options=${blastOptions} picked=${picked} hand=${hand} act=${act} />`}
  `;
}

function BlastChoice({ options, picked, hand, act }) {
  const need = options[0].cards.length;
  const chosen = picked.map((i) => hand[i]).sort();
  const match = options.find((o) => [...o.cards].sort().join(",") === chosen.join(","));
  return html`<span class="blast-choice" role="group" aria-label="BLAST challenge">
    <strong>BLAST challenge:</strong> choose ${need} card${need === 1 ? "" : "s"} from your hand (${picked.length} chosen).
    <button class="primary" disabled=${!match} onClick=${() => match && act(match.text)}>Discard them</button>
    ${options.length <= 3 && options.map((o) => html`<button onClick=${() => act(o.text)}>${o.cards.map((c) => cardName(c)).join(" + ")}</button>`)}
  </span>`;
}

function Hand({ hand, groups, hints, onPlay, onPickUp, armed, blast, picked, onPick }) {
  const ref = useRef(null);
  const move = (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const buttons = [...ref.current.querySelectorAll("[data-card] button")];
    const i = buttons.indexOf(document.activeElement);
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, i + (event.key === "ArrowRight" ? 1 : -1)))];
    if (next) next.focus();
    event.preventDefault();
  };
  // BLAST mode's pick-up: a card dragged upwards is held, and that drag is not a tap
  const dragged = useRef(false);
  const drag = (card) => ({
    onPointerDown: (down) => {
      dragged.current = false;
      // the finger may be lifted anywhere: listen on the window for this one release
      addEventListener(
        "pointerup",
        (up) => {
          if (down.clientY - up.clientY > 40) {
            dragged.current = true;
            onPickUp(card);
          }
        },
        { once: true },
      );
    },
  });
  const tap = (action) => () => {
    if (dragged.current) dragged.current = false;
    else action();
  };
  return html`<div class="hand-cards" ref=${ref} onKeyDown=${move}>
    ${hand.map((card, i) => {
      const playable = (groups.byCard.get(card) || []).some((a) => a.kind !== "arm");
      const isArmed = armed === card;
      return html`<span class=${`hand-slot ${isArmed ? "armed" : ""}`} key=${`${card}-${i}`} data-card=${card}
        data-playable=${String(playable)} ...${drag(card)}>
        <${Card} text=${card} playable=${hints && playable} dimmed=${hints && !playable && !blast}
          selected=${blast ? picked.includes(i) : undefined}
          onClick=${tap(() => (blast ? onPick(i) : onPlay(card)))} />
        ${isArmed && html`<span class="badge warn">held</span>`}
      </span>`;
    })}
  </div>`;
}

function Chooser({ chooser, name, onPick, onClose }) {
  const ref = useRef(null);
  useEffect(() => {
    const first = ref.current && ref.current.querySelector("button, [role=button]");
    if (first) first.focus();
  }, []);
  return html`<div class="overlay" onClick=${(e) => e.target === e.currentTarget && onClose()}>
    <div class="dialog" role="dialog" aria-modal="true" aria-label=${`Play ${cardName(chooser.card)}`} ref=${ref}>
      <h2>Play ${cardName(chooser.card)}</h2>
      ${ColorChoice({ options: chooser.options, onPick }) || html`<div class="choices">
        ${chooser.options.map((a) => html`<button class="choice" onClick=${() => onPick(a)}>${optionLabel(a, chooser.card, name)}</button>`)}
      </div>`}
      <button class="small" onClick=${onClose}>Cancel</button>
    </div>
  </div>`;
}

function optionLabel(a, card, name) {
  const parts = [];
  if (a.kind === "jump") parts.push("Jump in");
  if (a.cards.length > 1) parts.push(`with ${a.cards.filter((c, i) => i > 0 || c !== card).map((c) => cardName(c)).join(", ")}`);
  if (a.color) parts.push(html`<span class="declare">Declare ${colorName(a.color)} <${ColorChip} color=${a.color} /></span>`);
  if (a.number != null) parts.push(`as a ${a.number}`);
  if (a.target === "cw") parts.push("play goes clockwise");
  else if (a.target === "ccw") parts.push("play goes counter-clockwise");
  else if (a.target != null) parts.push(`swap with ${name(a.target)}`);
  if (a.keep) parts.push("keep the cards of its colour");
  if (a.uno) parts.push("and call UNO");
  if (!parts.length) parts.push("Play it");
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
  return html`<section class="chat" aria-label="Chat">
    <h2>Chat</h2>
    <ul>
      ${state.chat
        .slice(-30)
        .map((c, i) => html`<li key=${i}>${muted.has(c.seat) ? html`<em class="muted">(muted)</em>` : html`<strong>${c.name}:</strong> ${c.text}`}</li>`)}
    </ul>
    ${mine != null && html`<form onSubmit=${send} class="row">
      <input value=${text} maxlength="500" aria-label="Message" placeholder="Say something" onInput=${(e) => setText(e.target.value)} />
      <button type="submit">Send</button>
    </form>`}
    ${others.length > 0 && html`<label class="field mute"><span>Mute a player</span>
      <select onChange=${(e) => { if (e.target.value !== "") toggle(Number(e.target.value)); e.target.value = ""; }}>
        <option value="">Choose…</option>
        ${others.map((seat) => html`<option value=${seat}>${muted.has(seat) ? "Unmute" : "Mute"} ${name(seat)}</option>`)}
      </select></label>`}
  </section>`;
}

function Panel({ panel, state, onClose }) {
  if (!panel) return null;
  return html`<div class="overlay" onClick=${(e) => e.target === e.currentTarget && onClose()}>
    <div class="dialog wide" role="dialog" aria-modal="true" aria-label=${panel}>
      ${panel === "rules" && html`<${RulesPanel} variant=${state.room.variant} rules=${state.rules} />`}
      ${panel === "keys" && html`<h2>Keys</h2><dl class="keys">${KEYS.map(([k, what]) => html`<dt><kbd>${k}</kbd></dt><dd>${what}</dd>`)}</dl>`}
      ${panel === "settings" && html`<${Settings} />`}
      <button onClick=${onClose}>Close</button>
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
    if (settings.sound) chime();
    if (!settings.titleAlert) return undefined;
    const plain = document.title;
    if (document.hidden) document.title = `● Your turn · ${plain}`;
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
