// Cards that move on the table, with the Web Animations API. Every animation only plays
// between two places the page already shows (FLIP: the element is drawn where it ends, and
// animated from where it was), so it never holds back the state: a card is in the hand or
// on the pile the moment its update arrives, and a newer update finishes whatever is still
// in the air. A person who prefers reduced motion gets none of it.
//
// What moves: a card played from the hand or from a seat to the pile, cards drawn from the
// pile (or fired by the launcher) to a hand or a seat, cards turned up for all to see (No
// Mercy's Wild Color Roulette: face up, one after another), the deal, swaps, rotations and
// shuffles of whole hands (backs flying between seats), and a seat's elimination.
import { COLORS, miniLabel, parseCard } from "./cards.js";

/** How long one movement takes, in ms (every one is at most this long). */
export const MOVE_MS = 260;
/** How far apart the movements of one update start, in ms. */
const STAGGER_MS = 45;
/** How far apart the cards turned up one by one start, in ms: each is seen. */
const SHOWN_MS = 160;
/** At most this many cards turned up fly face up (the rest are in the log). */
const MAX_SHOWN = 8;
/** How long a card takes to turn over to its other face. */
const TURN_MS = 420;
/** At most this many new cards of the hand slide in from the pile at once. */
const MAX_ARRIVING = 12;
/** At most this many cards fly for one draw (a +10 needs no ten backs to say it). */
const MAX_FLYING = 4;

const running = new Set();

/** Whether the person asked for reduced motion (the system setting, read each time). */
export function reduced() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function track(animation, after) {
  running.add(animation);
  const done = () => {
    running.delete(animation);
    if (after) after();
  };
  animation.onfinish = done;
  animation.oncancel = done;
  return animation;
}

/** Finish every movement still in the air: the newest state is what the table shows. */
export function settle() {
  for (const animation of [...running]) {
    try {
      animation.finish();
    } catch {
      animation.cancel();
    }
  }
}

/** An element's box on the screen, or null when it is not there. */
export function rectOf(el) {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width || r.height ? r : null;
}

/**
 * Animate `el` from the box `from` (a DOMRect in viewport coordinates) to where it is
 * drawn now: moved, and scaled from the other box's width when `scale`.
 */
export function flipFrom(el, from, { delay = 0, scale = true, turn = 0 } = {}) {
  const to = rectOf(el);
  if (!to || !from || reduced() || !el.animate) return null;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return null;
  const s = scale ? Math.max(0.3, Math.min(2, from.width / to.width)) : 1;
  return track(
    el.animate(
      [
        { transform: `translate(${dx}px, ${dy}px) scale(${s}) rotate(${turn}deg)` },
        { transform: "none" },
      ],
      { duration: MOVE_MS, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
    ),
  );
}

/** The layer the flying cards are drawn in (made once, above the table, never clickable). */
function layer() {
  let el = document.getElementById("flyers");
  if (!el) {
    el = document.createElement("div");
    el.id = "flyers";
    el.className = "flyers";
    el.setAttribute("aria-hidden", "true");
    document.body.appendChild(el);
  }
  return el;
}

/** A card flying from box `from` to box `to` (gone when it lands): its back, or the face of
 * the card `face` (its colour and value, as the log draws it). */
export function fly(from, to, { delay = 0, spread = 0, face = null } = {}) {
  if (!from || !to || reduced() || !document.body.animate) return null;
  const ghost = document.createElement("div");
  ghost.className = "flyer";
  if (face) {
    const card = parseCard(face);
    const c = COLORS[card.color];
    ghost.className = "flyer face";
    ghost.textContent = miniLabel(card.kind);
    if (c) Object.assign(ghost.style, { background: c.fill, color: c.ink });
  }
  const w = 36;
  const h = 54;
  const x0 = from.left + from.width / 2 - w / 2;
  const y0 = from.top + from.height / 2 - h / 2;
  const dx = to.left + to.width / 2 - w / 2 - x0;
  const dy = to.top + to.height / 2 - h / 2 - y0;
  Object.assign(ghost.style, { left: `${x0}px`, top: `${y0}px`, width: `${w}px`, height: `${h}px` });
  layer().appendChild(ghost);
  // a burst fans out: the card swings off its straight line by `spread` px
  const mid = { transform: `translate(${dx / 2 + spread}px, ${dy / 2 - Math.abs(spread)}px) rotate(${spread / 2}deg)`, offset: 0.5 };
  return track(
    ghost.animate(
      [{ transform: "translate(0, 0) scale(0.9)", opacity: 0.9 }, ...(spread ? [mid] : []), { transform: `translate(${dx}px, ${dy}px) scale(1)`, opacity: 1 }],
      { duration: MOVE_MS, delay, easing: "cubic-bezier(.3,.6,.4,1)", fill: "both" },
    ),
    () => ghost.remove(),
  );
}

/** A seat's box leaving the game: it sinks and fades (the `out` style keeps it faded). */
function eliminate(el, delay) {
  if (!el || reduced() || !el.animate) return;
  track(
    el.animate(
      [
        { transform: "scale(1)", filter: "none" },
        { transform: "scale(1.08) rotate(-2deg)", offset: 0.3 },
        { transform: "scale(0.92)", filter: "grayscale(1)" },
      ],
      { duration: MOVE_MS, delay, easing: "ease-in" },
    ),
  );
}

/** The table turns over (two-faced cards, RULES.md §8.8): every card in sight turns from its
 * edge to the face now up, the piles first, then the hand and the seats' rows of backs. */
function turnOver(root, delay) {
  const cards = root.querySelectorAll(".center .card, .hand-cards .card, .seat-backs .mini-card");
  cards.forEach((el, i) => {
    if (!el.animate) return;
    track(
      el.animate(
        [{ transform: "perspective(600px) rotateY(90deg)" }, { transform: "perspective(600px) rotateY(0deg)" }],
        { duration: TURN_MS, delay: delay + Math.min(i, 12) * 25, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
      ),
    );
  });
}

/** A caught seat shakes. */
function shake(el, delay) {
  if (!el || reduced() || !el.animate) return;
  track(
    el.animate(
      [{ transform: "none" }, { transform: "translateX(-5px)" }, { transform: "translateX(5px)" }, { transform: "none" }],
      { duration: 240, delay },
    ),
  );
}

/** Where things are on the table: seat boxes, the piles, the hand. */
export function places(root) {
  const seat = (s) => root.querySelector(`[data-seat="${s}"]`);
  return {
    seat,
    seatRect: (s) => rectOf(seat(s)),
    pile: () => rectOf(root.querySelector(".top .card")) || rectOf(root.querySelector(".top")),
    topCard: () => root.querySelector(".top .card"),
    draw: () => rectOf(root.querySelector(".draw-pile .card")) || rectOf(root.querySelector(".launcher")),
    hand: () => rectOf(root.querySelector(".hand-cards")),
  };
}

/** The cards that go to or leave a seat's hand in one event, for the flying backs. */
function count(n) {
  return Math.max(1, Math.min(MAX_FLYING, n || 1));
}

/**
 * Animate the new events of one update (`events`, oldest first, as the log holds them:
 * {id, event}) on the table under `root`, for the seat `mine` (null: a spectator), with the
 * seats `eliminated` (true for each seat out: it takes no part in a rotation). The seat's own
 * hand animates itself (hand.js); `ownPlay` is the card of the seat's own move already shown
 * flying when it was made (its play is not flown twice).
 */
export function animateEvents(root, events, { mine, ownPlay, eliminated }) {
  if (!root || !events.length || reduced()) return;
  const at = places(root);
  const active = [...eliminated.keys()].filter((s) => !eliminated[s]);
  // the cards a seat turns up for all to see fly face up, not as the backs of its draws
  const showing = new Set(events.filter(({ event: e }) => e.kind === "shown").map(({ event: e }) => e.seat));
  const seatOrHand = (s) => (s === mine ? at.hand() : at.seatRect(s));
  let delay = 0;
  const next = () => {
    const d = delay;
    delay = Math.min(delay + STAGGER_MS, 4 * STAGGER_MS);
    return d;
  };
  const plays = events.filter(({ event: e }) => e.kind === "play" || e.kind === "jump");
  const lastPlay = plays.length ? plays[plays.length - 1].event : null;
  for (const { event: e } of events) {
    switch (e.kind) {
      case "play":
      case "jump":
        if (e.seat === mine && ownPlay && e.cards && e.cards[0] === ownPlay) break;
        if (e === lastPlay && at.topCard()) flipFrom(at.topCard(), seatOrHand(e.seat), { delay: next(), turn: -12 });
        else fly(seatOrHand(e.seat), at.pile(), { delay: next() });
        break;
      case "discard_all":
      case "blast_discard":
        for (let i = 0; i < count(e.cards && e.cards.length); i++) fly(seatOrHand(e.seat), at.pile(), { delay: next() });
        break;
      case "draw":
      case "deal":
      case "revealed":
        if (e.seat !== mine && !(e.kind === "draw" && showing.has(e.seat))) for (let i = 0; i < count(e.count || (e.cards && e.cards.length)); i++) fly(at.draw(), at.seatRect(e.seat), { delay: next() });
        break;
      case "press":
        if (e.count > 0) {
          const n = count(e.count + 2);
          for (let i = 0; i < n; i++) fly(at.draw(), seatOrHand(e.seat), { delay: i * 30, spread: (i - (n - 1) / 2) * 40 });
        }
        break;
      case "shown":
        if (e.seat !== mine) {
          const d = next();
          e.cards.slice(0, MAX_SHOWN).forEach((c, i) => fly(at.draw(), at.seatRect(e.seat), { delay: d + i * SHOWN_MS, face: c }));
        }
        break;
      case "swap":
        for (let i = 0; i < 3; i++) {
          const d = next();
          fly(seatOrHand(e.seat), seatOrHand(e.target), { delay: d });
          fly(seatOrHand(e.target), seatOrHand(e.seat), { delay: d });
        }
        break;
      case "rotate": {
        const d = next();
        active.forEach((s, i) => fly(seatOrHand(s), seatOrHand(active[(i + e.direction + active.length) % active.length]), { delay: d }));
        break;
      }
      case "shuffle_hands": {
        const d = next();
        for (const s of active) {
          fly(seatOrHand(s), at.pile(), { delay: d });
          fly(at.pile(), seatOrHand(s), { delay: d + MOVE_MS / 2 });
        }
        break;
      }
      case "eliminated":
        eliminate(at.seat(e.seat), next());
        break;
      case "turn_over":
        turnOver(root, next());
        break;
      case "catch":
        shake(at.seat(e.target), next());
        break;
      default:
    }
  }
}

/**
 * FLIP for a row of cards (the hand): `before` maps each card's key to its box (relative to
 * the container) in the last drawing; the cards that moved slide from there, the new ones
 * arrive from `source` (a DOMRect: the pile they came from). Returns the boxes now.
 */
export function flipChildren(container, before, source) {
  const now = new Map();
  if (!container) return now;
  const base = container.getBoundingClientRect();
  const slots = [...container.querySelectorAll("[data-key]")];
  for (const el of slots) {
    const r = el.getBoundingClientRect();
    now.set(el.dataset.key, { left: r.left - base.left, top: r.top - base.top, width: r.width, height: r.height });
  }
  if (!before || reduced()) return now;
  let fresh = 0;
  for (const el of slots) {
    const was = before.get(el.dataset.key);
    if (was) {
      const r = now.get(el.dataset.key);
      const dx = was.left - r.left;
      const dy = was.top - r.top;
      if (Math.abs(dx) > 1 || Math.abs(dy) > 1) {
        track(el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: MOVE_MS * 0.8, easing: "ease-out" }));
      }
    } else if (source && fresh < MAX_ARRIVING) {
      flipFrom(el, source, { delay: Math.min(fresh, 6) * STAGGER_MS });
      fresh++;
    }
  }
  return now;
}
