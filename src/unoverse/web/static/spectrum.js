// Full Spectrum's colour circle (RULES.md §4.5): the eight colours in their chromatic order,
// each wedge named in words and marked with its colour's symbol. On the table it shows the
// active colour and the colours one chromatic step away (`Spectrum`); in a choice it is the
// chooser (`ColorCircle` with `onPick`): each offered wedge is a button named for its
// colour, reached with Tab or the arrow keys and chosen with Enter or Space.
import { html, useRef } from "./vendor/preact-htm.js";
import { COLORS } from "./cards.js";
import { both } from "./prompt.js";
import { t } from "./words.js";

const ORDER = "ROYGTBVP".split("");
const R = 96; // the circle's radius in the SVG's units (a 200 × 200 box)
const HUB = 24; // the hub's radius, where the table's circle names the active colour

const polar = (r, a) => `${(r * Math.cos(a)).toFixed(2)} ${(r * Math.sin(a)).toFixed(2)}`;
const angle = (i) => (i / 8) * 2 * Math.PI - Math.PI / 2;

function wedge(i, r) {
  const a0 = angle(i - 0.5);
  const a1 = angle(i + 0.5);
  return `M0 0 L${polar(r, a0)} A${r} ${r} 0 0 1 ${polar(r, a1)} Z`;
}

/** The colour's name along the middle of its wedge (of radius `r`, from `inner` out), upright
 * on either side: a long name is set smaller, then squeezed, never out of its wedge. */
function label(i, c, size, r, inner) {
  const a = angle(i);
  const deg = (a * 180) / Math.PI;
  const flip = Math.cos(a) < -0.01;
  const room = r - inner - 6;
  const middle = (r + inner) / 2;
  const x = middle * Math.cos(a);
  const y = middle * Math.sin(a);
  const name = c.name;
  const fontSize = Math.max(size * 0.7, Math.min(size, room / (name.length * 0.62)));
  const fit = name.length * fontSize * 0.62 > room ? room : undefined;
  return html`<text x=${x.toFixed(2)} y=${y.toFixed(2)} dy="0.35em" text-anchor="middle" fill=${c.ink}
    font-size=${fontSize.toFixed(2)} font-weight="700" textLength=${fit && fit.toFixed(2)} lengthAdjust=${fit && "spacingAndGlyphs"}
    transform=${`rotate(${flip ? deg + 180 : deg} ${x.toFixed(2)} ${y.toFixed(2)})`}>${name}</text>`;
}

/**
 * The circle. `active`: the active colour's letter (or null); `steps`: the letters playable
 * by a chromatic step; `offered`: the letters that may be picked (with `onPick(letter)`),
 * `pickLabel(letter)`: a wedge button's accessible name.
 */
export function ColorCircle({ active = null, steps = [], offered = null, onPick = null, pickLabel = null, className = "" }) {
  const ref = useRef(null);
  const choosing = Boolean(onPick && offered);
  const move = (event, i) => {
    const forward = event.key === "ArrowRight" || event.key === "ArrowDown";
    const back = event.key === "ArrowLeft" || event.key === "ArrowUp";
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      onPick(ORDER[i]);
    } else if (forward || back) {
      event.preventDefault();
      const buttons = [...ref.current.querySelectorAll("[data-color][tabindex='0']")];
      const at = buttons.findIndex((b) => b.dataset.color === ORDER[i]);
      const next = buttons[(at + (forward ? 1 : -1) + buttons.length) % buttons.length];
      if (next) next.focus();
    }
  };
  const shown = active ? COLORS[active].name : t("table.circle.no_color");
  const described = choosing
    ? t("table.circle.choose")
    : steps.length
      ? t("table.circle.steps", { color: shown, colors: both(steps.map((s) => COLORS[s].name)) })
      : t("table.circle", { color: shown });
  return html`<svg class=${`fs-circle ${choosing ? "choosing" : ""} ${className}`} viewBox="-100 -100 200 200" ref=${ref}
    role=${choosing ? "group" : "img"} aria-label=${described}>
    ${ORDER.map((letter, i) => {
      const c = COLORS[letter];
      const on = letter === active;
      const step = steps.includes(letter);
      const can = choosing && offered.includes(letter);
      const r = choosing ? R : on ? R : step ? R * 0.9 : R * 0.78;
      const cls = `wedge ${on ? "on" : ""} ${step ? "step" : ""} ${choosing && !can ? "off" : ""}`;
      const body = html`<path d=${wedge(i, r)} fill=${c.fill} class="wedge-fill" />${label(i, c, 16, r, choosing ? 8 : HUB + 2)}`;
      if (!choosing) return html`<g class=${cls} data-color=${letter}>${body}</g>`;
      if (!can) return html`<g class=${cls} data-color=${letter} aria-hidden="true">${body}</g>`;
      return html`<g class=${`${cls} choice`} data-color=${letter} role="button" tabindex="0"
        aria-label=${pickLabel ? pickLabel(letter) : c.name} onClick=${() => onPick(letter)} onKeyDown=${(e) => move(e, i)}>${body}</g>`;
    })}
    ${!choosing && active && html`<circle r=${HUB} class="hub" /><text class="hub-text" dy="0.35em" text-anchor="middle" font-size="13" font-weight="800"
      textLength=${COLORS[active].name.length > 6 ? 42 : undefined} lengthAdjust="spacingAndGlyphs">${COLORS[active].name}</text>`}
  </svg>`;
}

/** The table's circle: the active colour and its chromatic steps, named. */
export function Spectrum({ color, steps }) {
  return html`<${ColorCircle} active=${color} steps=${steps} />`;
}

/**
 * A choice among plays that differ only in the colour they declare (a wild in Full
 * Spectrum: eight colours) drawn as the circle; null when the options differ otherwise
 * (then the chooser lists them). `options`: parsed actions; `onPick(action)`.
 */
export function ColorChoice({ options, onPick }) {
  const byColor = new Map();
  for (const option of options) {
    if (!option.color || byColor.has(option.color)) return null;
    byColor.set(option.color, option);
  }
  if (byColor.size < 5) return null;
  const shape = (o) => JSON.stringify({ ...o, text: "", color: "" });
  const first = shape(options[0]);
  if (!options.every((o) => shape(o) === first)) return null;
  return html`<${ColorCircle} offered=${[...byColor.keys()]} onPick=${(letter) => onPick(byColor.get(letter))}
    pickLabel=${(letter) => declareLabel(options[0], COLORS[letter].name)}
    className="chooser-circle" />`;
}

/** A wedge's name in the chooser: "Declare red", "Jump in, declare red, and call UNO". */
function declareLabel(option, color) {
  const declare = option.kind === "jump" ? t("table.circle.jump_declare", { color }) : t("table.circle.declare", { color });
  return option.uno ? t("table.circle.with_uno", { label: declare }) : declare;
}
