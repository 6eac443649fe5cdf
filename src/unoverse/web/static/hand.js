// The seat's own hand: its cards overlap as a hand of cards does, so that a big hand (30
// cards) fits the width without scrolling sideways, each card keeping a strip of at least
// MIN_STRIP px to tap; when even that does not fit, the hand takes more rows, each lower
// row covering the bottom of the one above (every card's corner, with its colour and value,
// stays in sight). The arrow keys move along the cards; a card that moves or arrives slides
// there (motion.js).
import { html, useLayoutEffect, useRef, useState } from "./vendor/preact-htm.js";
import { Card } from "./cards.js";
import { flipChildren } from "./motion.js";
import { t } from "./words.js";

/** The narrowest strip of a covered card left to tap, in px (a finger's width is ~40). */
export const MIN_STRIP = 30;
/** Card widths: a narrow hand (a phone) and a wide one. */
const CARD_W = { narrow: 54, wide: 76 };
/** The part of a card's height a lower row leaves in sight. */
const ROW_SHOWN = 0.42;
/** Room around the cards for the lift of a playable card and the focus ring. */
const PAD = 8;

/** Each card of a hand with a key that stays with it while the hand changes ("R5#1"). */
export function keyed(hand) {
  const seen = new Map();
  return hand.map((card) => {
    const n = seen.get(card) || 0;
    seen.set(card, n + 1);
    return { card, key: `${card}#${n}` };
  });
}

/** How `n` cards of width `w` lie in `width` px: rows, cards per row and the step between
 * two cards' left edges (a full card and a gap when there is room). */
export function handLayout(n, width, w) {
  const room = Math.max(w, width - 2 * PAD);
  const perRow = Math.max(1, Math.floor((room - w) / MIN_STRIP) + 1);
  const rows = Math.max(1, Math.ceil(n / perRow));
  const across = Math.ceil(n / rows);
  const step = across <= 1 ? w + 6 : Math.min(w + 6, (room - w) / (across - 1));
  return { rows, across, step };
}

function useWidth(ref) {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return width;
}

/**
 * The hand. `cards` is [{card, key}] in the order shown; `source()` is the box new cards
 * come from (the pile, or the seat a hand was swapped with); `picked` the keys chosen for
 * a BLAST challenge.
 */
export function Hand({ cards, groups, hints, onPlay, onPickUp, armed, blast, picked, onPick, source }) {
  const ref = useRef(null);
  const outer = useRef(null);
  const width = useWidth(outer);
  const w = width > 0 && width < 560 ? CARD_W.narrow : CARD_W.wide;
  const { rows, across, step } = handLayout(cards.length, width || 1000, w);
  const h = w * 1.5;
  const boxes = useRef(null);
  useLayoutEffect(() => {
    boxes.current = flipChildren(ref.current, boxes.current, source ? source() : null);
  });

  const move = (event) => {
    const keys = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -across, ArrowDown: across, Home: -999, End: 999 };
    if (!(event.key in keys)) return;
    const buttons = [...ref.current.querySelectorAll("[data-card] button")];
    const i = buttons.indexOf(document.activeElement);
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, i + keys[event.key]))];
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
  const lines = [];
  for (let r = 0; r < rows; r++) lines.push(cards.slice(r * across, (r + 1) * across));
  return html`<div class="hand-fit" ref=${outer} style=${{ "--card-w": `${w}px` }}>
    <div class="hand-cards" ref=${ref} onKeyDown=${move} data-rows=${rows}>
      ${lines.map((line, r) => html`<div class="hand-row" key=${r}
        style=${{ marginTop: r ? `${-(h * (1 - ROW_SHOWN))}px` : undefined, width: `${w + step * (line.length - 1)}px` }}>
        ${line.map(({ card, key }, i) => {
          const playable = (groups.byCard.get(card) || []).some((a) => a.kind !== "arm");
          const isArmed = armed === card;
          return html`<span class=${`hand-slot ${isArmed ? "armed" : ""}`} key=${key} data-key=${key} data-card=${card}
            data-playable=${String(playable)} style=${{ left: `${i * step}px`, zIndex: r * 100 + i }} ...${drag(card)}>
            <${Card} text=${card} playable=${hints && playable} dimmed=${hints && !playable && !blast}
              selected=${blast ? picked.includes(key) : undefined}
              onClick=${tap(() => (blast ? onPick(key) : onPlay(card, key)))} />
            ${isArmed && html`<span class="badge warn held">${t("table.hand.held")}</span>`}
          </span>`;
        })}
      </div>`)}
    </div>
  </div>`;
}
