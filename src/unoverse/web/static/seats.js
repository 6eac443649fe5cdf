// The seats around the table, in play order: the seat that holds this page at the bottom,
// the next seat (clockwise) on its left, and so on round the table. Round it runs
// the direction of play, drawn as arrows; the acting seat has a ring that empties with its
// turn's time; the seat that plays after it is marked "next". A seat shows its cards (a
// count; near the hand size that knocks it out, the count against it; once out, its hand
// set aside), who sits there (a player, a bot, a stand-in for an absent player), an absent
// player's grace time counting down, and "thinking…" while its bot thinks. The seats are
// spaced evenly along a rounded rectangle, which uses the table's corners.
import { html, useEffect, useLayoutEffect, useRef, useState } from "./vendor/preact-htm.js";
import { CardBack } from "./cards.js";
import { SeatEmote } from "./emotes.js";
import { seatParts } from "./game.js";
import { MiniCard } from "./log.js";
import { t, tn } from "./words.js";

/** Each room timer's length in seconds (docs/protocol.md, room settings). */
export const TIMER_SECONDS = { off: null, relaxed: 60, normal: 30, fast: 15 };

/** The boxes' sizes [width, height]: a narrow table (a phone) has smaller seats, and
 * smaller still when there are many; taller by a row where the seats show their cards'
 * backs (`backs`: a deck of two-faced cards). */
function seatSize(n, compact, backs) {
  const row = backs ? (compact ? 16 : 20) : 0;
  if (!compact) return [136, 78 + row];
  return n >= 7 ? [78, 58 + row] : [92, 62 + row];
}

/** How many cards short of a knockout a seat shows its count against the limit (NEAR), and
 * shows it as a danger (DANGER). */
const NEAR = 8;
const DANGER = 4;

/** The hand size that puts a seat out of the round by the room's rules, or null: No Mercy's
 * Mercy rule (RULES.md §9.8), UNO Blast's elimination (§5.5). */
function knockoutAt(rules) {
  if (rules["no_mercy.mercy"]) return rules["no_mercy.mercy_threshold"];
  const blast = rules["blast.elimination_threshold"];
  if (blast) return rules["blast.elimination_inclusive"] ? blast : blast + 1;
  return null;
}

/** A seat's badge of its count against the knockout's limit ("18/25"), once it comes near. */
function Mercy({ count, limit }) {
  if (limit == null || count < limit - NEAR) return null;
  return html`<span class=${`badge mercy ${count >= limit - DANGER ? "danger" : ""}`} role="img"
    aria-label=${tn("table.seat.mercy.label", limit - count, { limit })}>${t("table.seat.mercy", { n: count, limit })}</span>`;
}

/** How many backs a seat's row shows before "+n": as many as its width holds. */
const backsShown = (seatW) => Math.floor((seatW - 26) / 15);

/** The faces a seat shows of its cards from behind (two-faced cards' inactive faces, which
 * every other seat sees, RULES.md §8.4), as small cards; the rest as a count. */
function SeatBacks({ cards, who, room }) {
  const shown = cards.length > room ? cards.slice(0, room - 1) : cards;
  const more = cards.length - shown.length;
  return html`<span class="seat-backs" role="group" aria-label=${t("table.seat.backs", { who })}>
    ${shown.map((card, i) => html`<${MiniCard} key=${i} text=${card} />`)}
    ${more > 0 && html`<span class="seat-backs-more" aria-label=${tn("table.seat.backs.more", more)}>+${more}</span>`}
  </span>`;
}

/** The table's least height for `n` seats at a width, on a screen that is `short` or not
 * (a short phone keeps room below the table for a big hand). */
function ringHeight(n, compact, short) {
  if (compact) return n <= 3 ? 236 : n <= 6 ? (short ? 250 : 276) : short ? 296 : 330;
  return n <= 3 ? 300 : n <= 6 ? 340 : 380;
}

/** The empty table a page shows before the round's first view: as tall as the table will be,
 * so that nothing below it moves when the seats arrive. */
export function EmptyRing({ players, children }) {
  const ref = useRef(null);
  const { w, short } = useSize(ref);
  const h = ringHeight(players, w === 0 || w < 620, short);
  return html`<div class="ring" ref=${ref} style=${{ height: `${h}px` }}>
    <div class="ring-center">${children}</div>
  </div>`;
}

/**
 * The seats' track: a rounded rectangle of `a` × `b` px centred on (cx, cy), walked from
 * its bottom middle clockwise on the screen (left, up, right, down). `at(t)`, for t from 0
 * to 1 of the way round, is the point there and the heading of the walk, in degrees.
 */
export function track(cx, cy, a, b, r) {
  const A = a / 2;
  const B = b / 2;
  const line = (x, y, dx, dy, len) => ({ len, at: (s) => [x + dx * s, y + dy * s, (Math.atan2(dy, dx) * 180) / Math.PI] });
  const arc = (x, y, from) => ({
    len: (Math.PI * r) / 2,
    at: (s) => {
      const phi = from + s / r;
      return [x + r * Math.cos(phi), y + r * Math.sin(phi), (phi * 180) / Math.PI + 90];
    },
  });
  const parts = [
    line(cx, cy + B, -1, 0, A - r),
    arc(cx - A + r, cy + B - r, Math.PI / 2),
    line(cx - A, cy + B - r, 0, -1, b - 2 * r),
    arc(cx - A + r, cy - B + r, Math.PI),
    line(cx - A + r, cy - B, 1, 0, a - 2 * r),
    arc(cx + A - r, cy - B + r, (3 * Math.PI) / 2),
    line(cx + A, cy - B + r, 0, 1, b - 2 * r),
    arc(cx + A - r, cy + B - r, 0),
    line(cx + A - r, cy + B, -1, 0, A - r),
  ];
  const total = parts.reduce((sum, p) => sum + p.len, 0);
  return (t) => {
    let s = (((t % 1) + 1) % 1) * total;
    for (const p of parts) {
      if (s <= p.len) return p.at(s);
      s -= p.len;
    }
    return parts[parts.length - 1].at(parts[parts.length - 1].len);
  };
}

/** The seat that acts after `seat` in `direction`, passing over eliminated seats. */
export function nextSeat(seat, direction, eliminated) {
  const n = eliminated.length;
  for (let i = 1; i <= n; i++) {
    const s = (((seat + i * direction) % n) + n) % n;
    if (!eliminated[s]) return s;
  }
  return seat;
}

/** The element's width (0 until it is laid out), and whether the window is short. */
function useSize(ref) {
  const [size, setSize] = useState({ w: 0, short: false });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => {
      const w = el.clientWidth;
      const short = innerHeight < 720;
      setSize((old) => (old.w === w && old.short === short ? old : { w, short }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      removeEventListener("resize", measure);
    };
  }, []);
  return size;
}

/** The element's height, kept up to date. */
function useHeight(ref) {
  const [h, setH] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => setH(el.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return h;
}

/** The time now, ticking every `ms` while `on`. */
function useNow(on, ms = 200) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!on) return undefined;
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/**
 * The seats round the table, with `children` (the piles) in the middle. `acting` is the
 * seat the open mandatory window waits for (null: none, or anyone in BLAST mode).
 */
export function Ring({ view, state, mine, name, acting, catchable, onCatch, children }) {
  const ref = useRef(null);
  const middle = useRef(null);
  const { w, short } = useSize(ref);
  const inner = useHeight(middle);
  const n = view.players;
  const compact = w > 0 && w < 620;
  const twoFaced = view.two_faced;
  const [seatW, seatH] = seatSize(n, compact || w === 0, twoFaced);
  // tall enough for the piles between the top seat and the bottom one
  const h = Math.max(ringHeight(n, compact || w === 0, short), 2 * seatH + inner + 12);
  const bottom = mine == null ? 0 : mine;
  const a = Math.max(0, w - seatW);
  const b = h - seatH;
  const radius = Math.min(a, b) * 0.42;
  const walk = track(w / 2, h / 2, a, b, radius);
  const next = acting == null ? null : nextSeat(acting, view.direction, view.eliminated);
  const clockwise = view.direction === 1;
  const arrows = [];
  for (let k = 0; k < n; k++) {
    const [x, y, heading] = walk((k + 0.5) / n);
    arrows.push(html`<span class="arrow" style=${{ left: `${x}px`, top: `${y}px`, transform: `translate(-50%, -50%) rotate(${heading + (clockwise ? 0 : 180)}deg)` }}></span>`);
  }
  const seats = [];
  for (let k = 0; k < n; k++) {
    const seat = (bottom + k) % n;
    const [x, y] = walk(k / n);
    const style = { left: `${x - seatW / 2}px`, top: `${y - seatH / 2}px`, width: `${seatW}px`, height: `${seatH}px` };
    seats.push(html`<${Seat} key=${seat} seat=${seat} me=${seat === mine} style=${style} view=${view} state=${state}
      name=${name} acting=${acting === seat} next=${next === seat && next !== acting}
      catchable=${catchable.has(seat)} onCatch=${() => onCatch(seat)} compact=${compact} tight=${compact}
      backsRoom=${backsShown(seatW)} />`);
  }
  const turning = clockwise ? "clockwise" : "counter-clockwise";
  const order = clockwise ? t("table.ring.cw") : t("table.ring.ccw");
  return html`<div class=${`ring ${compact ? "compact" : ""} ${clockwise ? "cw" : "ccw"}`} ref=${ref} style=${{ height: `${h}px` }}
    role="group" aria-label=${order}>
    ${w > 0 && html`<div class="track" aria-hidden="true" style=${{ left: `${seatW / 2}px`, right: `${seatW / 2}px`, top: `${seatH / 2}px`, bottom: `${seatH / 2}px`, borderRadius: `${radius}px` }}></div>
      <div class="arrows" aria-hidden="true" key=${turning}>${arrows}</div>`}
    <div class="ring-center" ref=${middle}>${children}</div>
    ${w > 0 && seats}
  </div>`;
}

function Seat({ seat, me, style, view, state, name, acting, next, catchable, onCatch, compact, tight, backsRoom }) {
  const presence = state.presence[seat] || {};
  const count = view.hand_sizes[seat];
  const out = view.eliminated[seat];
  const unoOpen = view.uno_open.includes(seat);
  const saidUno = count === 1 && view.said_uno.includes(seat) && !out;
  const score = state.scores && state.rules.scoring !== "none" ? state.scores[seat] : null;
  const limit = knockoutAt(state.rules);
  const thinking = state.thinking && state.thinking.seat === seat && state.thinking.game === state.game && state.thinking.version >= view.version;
  const grace = presence.grace || null;
  const away = presence.kind === "player" && !presence.connected && !presence.stand_in;
  const bot = presence.kind === "bot";
  const { name: shown, level } = seatParts(state, seat);
  const who = me ? t("table.seat.you") : bot ? level || t("table.seat.bot_plain") : presence.stand_in ? t("table.seat.stand_in_bot") : away ? t("table.seat.away") : "";
  const label = [
    me ? tn("table.seat.label.mine", count, { who: name(seat) }) : tn("table.seat.label", count, { who: name(seat) }),
    acting && t("table.seat.acting"),
    next && t("table.seat.next"),
    out && t("table.seat.out"),
    saidUno && t("table.seat.said_uno"),
    thinking && t("table.seat.thinking"),
    presence.stand_in && t("table.seat.stand_in_plays"),
  ].filter(Boolean).join(", ");
  const cls = [me ? "place me-seat" : "place seat", acting ? "acting" : "", next ? "next" : "", out ? "out" : "", thinking ? "thinking" : ""].join(" ");
  const avatar = html`<span class="avatar" aria-hidden="true">
    ${acting && html`<${TimerRing} state=${state} />`}
    ${grace && !acting && html`<${GraceRing} grace=${grace} />`}
    <span class=${bot || presence.stand_in ? "face bot" : presence.connected || me ? "face on" : "face"}>${shown.trim().slice(0, 1).toUpperCase() || "?"}</span>
  </span>`;
  return html`<div class=${cls} style=${style} data-seat=${seat} role="group" aria-label=${label}>
    <div class="seat-head">
      ${!compact && avatar}
      <span class="seat-name" title=${name(seat)}>${shown}</span>
      <${SeatEmote} state=${state} seat=${seat} />
    </div>
    ${view.backs[seat] && view.backs[seat].length > 0 && html`<${SeatBacks} cards=${view.backs[seat]} who=${name(seat)} room=${backsRoom} />`}
    <div class="seat-foot">
      ${compact && avatar}
      ${out ? html`<span class="set-aside">${t("table.seat.set_aside")}</span>` : (!me || compact) && html`<${CardBack} count=${count} small=${true} />`}
      ${me && !compact && !out && html`<span class="seat-you">${tn("table.seat.cards", count)}</span>`}
      <span class="seat-status">
        ${thinking ? html`<span class="thinking">${tight ? "" : t("table.seat.thinking")}<span class="dots">…</span></span>`
          : grace ? html`<${Grace} grace=${grace} short=${tight} />`
          : who && !tight && html`<span class="muted-ish">${who}</span>`}
        ${score != null && html` <span class="pts" role="img" aria-label=${tn("table.seat.points", score)} title=${tight ? tn("table.seat.points", score) : null}>${tight ? t("table.seat.points.short", { n: score }) : tn("table.seat.points", score)}</span>`}
      </span>
    </div>
    <span class="seat-badges">
      ${saidUno && html`<span class="badge uno">${t("table.uno")}</span>`}
      ${unoOpen && html`<span class="badge warn" title=${t("table.badge.no_uno.title")}>${t("table.badge.no_uno")}</span>`}
      ${out ? html`<span class="badge">${t("table.badge.out")}</span>` : html`<${Mercy} count=${count} limit=${limit} />`}
      ${presence.stand_in && html`<span class="badge standin" title=${t("table.badge.stand_in.title")}>${t("table.badge.stand_in")}</span>`}
      ${view.dealer === seat && html`<span class="badge" title=${t("table.badge.dealer.title")}>${t("table.badge.dealer")}</span>`}
      ${next && html`<span class="badge next-badge">${t("table.badge.next")}</span>`}
      ${view.live && view.live.armed.includes(seat) && html`<span class="badge warn">${t("table.badge.holding")}</span>`}
      ${view.live && view.live.blocked === seat && html`<span class="badge warn">${t("table.badge.blocked")}</span>`}
    </span>
    ${catchable && html`<button class="catch" aria-label=${t("table.catch.label", { who: name(seat) })} onClick=${onCatch}>${t("table.catch")}</button>`}
  </div>`;
}

/** The acting seat's ring, emptying as its time runs out (full, and still, with no timer). */
function TimerRing({ state }) {
  const total = TIMER_SECONDS[state.room.timer];
  const timed = !!(total && state.deadline);
  const now = useNow(timed);
  const left = timed ? Math.max(0, Math.min(1, (state.deadline - now) / (total * 1000))) : 1;
  return html`<svg class=${`timer-ring ${timed && left * total <= 5 ? "low" : ""}`} viewBox="0 0 40 40">
    <circle cx="20" cy="20" r="18" class="ring-back" />
    <circle cx="20" cy="20" r="18" class="ring-left" pathLength="100" stroke-dasharray=${`${left * 100} 100`} transform="rotate(-90 20 20)" />
  </svg>`;
}

/** The time an absent player has left, in ms, counted down here from the presence frame's
 * arrival while the server says it runs. */
function useGraceLeft(grace) {
  const seen = useRef({ grace: null, at: 0, first: 0 });
  if (seen.current.grace !== grace) {
    seen.current = { grace, at: Date.now(), first: Math.max(seen.current.first, grace.left_ms) };
  }
  const now = useNow(grace.running, 250);
  const elapsed = grace.running ? Math.max(0, now - seen.current.at) : 0;
  return [Math.max(0, grace.left_ms - elapsed), seen.current.first];
}

function Grace({ grace, short }) {
  const [left] = useGraceLeft(grace);
  const s = Math.ceil(left / 1000);
  const time = s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` : t("table.grace.seconds", { n: s });
  const label = grace.running ? tn("table.grace.label", s) : tn("table.grace.label.paused", s);
  return html`<span class=${`grace ${grace.running ? "running" : ""}`} role="timer"
    aria-label=${label}>${short ? time : t("table.grace.away", { time })}</span>`;
}

function GraceRing({ grace }) {
  const [left, first] = useGraceLeft(grace);
  const part = first > 0 ? left / first : 0;
  return html`<svg class="timer-ring grace-ring" viewBox="0 0 40 40">
    <circle cx="20" cy="20" r="18" class="ring-back" />
    <circle cx="20" cy="20" r="18" class="ring-left" pathLength="100" stroke-dasharray=${`${part * 100} 100`} transform="rotate(-90 20 20)" />
  </svg>`;
}
