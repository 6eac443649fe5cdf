/* Cards for the browser client: the eight colours (fill, ink, symbol), the card notation of
 * docs/notation.md read into parts and spoken names, and the Preact components that draw a
 * card face (Card), a card back (CardBack) and a colour swatch (ColorChip) as inline SVG.
 * Styles are in cards.css. Colour is never the only cue: every colour also has its own shape
 * and letter, and every card an accessible name. Names and the words on a BLAST card's face
 * come from the catalogue (cards.po: `color.*`, `card.*`).
 */
import { html } from "./vendor/preact-htm.js";
import { t, tn } from "./words.js";

/* WCAG 2 contrast of ink on fill (relative luminance, (L1 + 0.05) / (L2 + 0.05)):
 *   R red        #B3202A  ink #FFFFFF   6.65
 *   O orange     #F98015  ink #1A1A1A   6.74
 *   Y yellow     #FDD535  ink #1A1A1A  12.22
 *   G green      #5CC46A  ink #1A1A1A   7.92
 *   T turquoise  #1D7E87  ink #FFFFFF   4.79
 *   B blue       #2563C9  ink #FFFFFF   5.67
 *   V purple     #5A2385  ink #FFFFFF  10.43
 *   P pink       #F49AC1  ink #1A1A1A   8.49
 *   wild/back    #1A1A1A  ink #FFFFFF  17.40
 * Lightness alternates (dark R T B V, light O Y G P) so pairs that collapse under protanopia,
 * deuteranopia or tritanopia (red/green, blue/purple, blue/turquoise) still differ in lightness.
 */
const DARK = "#1A1A1A";
const WHITE = "#FFFFFF";

/** Colour symbols, SVG paths in a 20×20 box. */
const SHAPES = {
  circle: "M1 10a9 9 0 1 0 18 0a9 9 0 1 0-18 0z",
  diamond: "M10 .5 19.5 10 10 19.5 .5 10z",
  star: "M10 .8 12.5 7.4 19.5 7.7 14 12.1 15.9 18.9 10 15 4.1 18.9 6 12.1 .5 7.7 7.5 7.4z",
  triangle: "M10 1.5 19.5 18H.5z",
  cross: "M7 1h6v6h6v6h-6v6H7v-6H1V7h6z",
  square: "M2 2h16v16H2z",
  crescent: "M9.1 .8A9.2 9.2 0 1 0 18.9 12.4A7.6 7.6 0 0 1 9.1 .8z",
  heart: "M10 18.5 2 10.5A5 5 0 0 1 10 4a5 5 0 0 1 8 6.5z",
};

/** The colours by letter, in the chromatic order of Full Spectrum: {letter, name, symbol,
 * fill, ink}; `name` is the colour's name in the page's language (`color.<letter>`). */
export const COLORS = Object.fromEntries(
  [
    ["R", "circle", "#B3202A", WHITE],
    ["O", "diamond", "#F98015", DARK],
    ["Y", "star", "#FDD535", DARK],
    ["G", "triangle", "#5CC46A", DARK],
    ["T", "cross", "#1D7E87", WHITE],
    ["B", "square", "#2563C9", WHITE],
    ["V", "crescent", "#5A2385", WHITE],
    ["P", "heart", "#F49AC1", DARK],
  ].map(([letter, symbol, fill, ink]) => [letter, {
    letter, symbol, fill, ink,
    get name() {
      return t(`color.${letter}`);
    },
  }]),
);

/** Face icons, in a 40×40 box: `s` is stroked, `f` filled (even-odd), both in the ink. */
const ICONS = {
  skip: { glyph: "⊘", s: "M34 20a14 14 0 1 1-28 0a14 14 0 1 1 28 0zM10 30 30 10" },
  skipall: { glyph: "⊘⊘", s: "M27 11a7 7 0 1 1-14 0a7 7 0 1 1 14 0zM15 16 25 6M18 28a7 7 0 1 1-14 0a7 7 0 1 1 14 0zM6 33l10-10M36 28a7 7 0 1 1-14 0a7 7 0 1 1 14 0zM24 33l10-10" },
  reverse: { glyph: "⇄", s: "M7.7 17.8A12.5 12.5 0 0 1 29.6 12M32.3 22.2A12.5 12.5 0 0 1 10.4 28", f: "M34.1 17.3 33.5 7.3 24.3 15.1zM5.9 22.7 6.5 32.7 15.7 24.9z" },
  swap: { glyph: "⇆", s: "M6 14h26M26 8l6 6-6 6M34 27H8M14 21l-6 6 6 6" },
  shuffle: { glyph: "⤮", s: "M5 12h7l14 16h8M5 28h7l14-16h8M30 7l5 5-5 5M30 23l5 5-5 5" },
  discard: { glyph: "DA", s: "M20 5v19M12 16l8 8 8-8M6 25v8h28v-8" },
  lock: { glyph: "BL", s: "M13 18v-5a7 7 0 0 1 14 0v5", f: "M8 18h24v16H8zM18 23h4v6h-4z" },
  creeper: { glyph: "C", f: "M6 6h28v28H6zM10 11h7v7h-7zM23 11h7v7h-7zM17 18h6v4h3v9h-3v-3h-6v3h-3v-9h3z" },
  pencil: { glyph: "✎", s: "M9 31l2-8L26 8l6 6-15 15zM23 11l6 6" },
  rain: { glyph: "☂", s: "M12 21a6 6 0 0 1 1-12 8 8 0 0 1 15 2 5 5 0 0 1 0 10zM14 27l-2 5M21 27l-2 5M28 27l-2 5" },
  glass: { glyph: "BAR", s: "M7 7h26L20 21zM20 21v11M13 33h14M12 12h16" },
  boomerang: { glyph: "BO", f: "M35 12C23 5 12 3 7 7S4 22 11 36C13 38 17 37 17 34C13 25 12 18 14 15S23 14 32 19C35 20 37 14 35 12z" },
  friends: { glyph: "F", s: "M18 13a5 5 0 1 1-10 0a5 5 0 1 1 10 0zM4 33a9 9 0 0 1 18 0M32 13a5 5 0 1 1-10 0a5 5 0 1 1 10 0zM18 33a9 9 0 0 1 18 0" },
  all: { glyph: "ALL", s: "M20 34V7M14 13l6-6 6 6M17 31 7 21M7 28v-7h7M23 31l10-10M26 21h7v7" },
  hit: { glyph: "HIT", f: "M20 1 23.7 8.6 31.2 4.6 29.7 12.9 38.1 14.1 32 20 38.1 25.9 29.7 27.1 31.2 35.4 23.7 31.4 20 39 16.3 31.4 8.8 35.4 10.3 27.1 1.9 25.9 8 20 1.9 14.1 10.3 12.9 8.8 4.6 16.3 8.6z" },
  flip: { glyph: "⟳", s: "M14 11h12v22H14zM5 24A15 15 0 0 1 30 9", f: "M35 4 34 15 25 11z" },
  wheel: { glyph: "+?", s: "M20 6a14 14 0 1 1 0 28a14 14 0 1 1 0-28zM20 6v28M6 20h28" },
  roulette: { glyph: "◎", s: "M33 24a13 13 0 1 1-26 0a13 13 0 1 1 26 0zM10.8 14.8l18.4 18.4M29.2 14.8 10.8 33.2", f: "M13 1h14l-7 10z" },
  fire: { glyph: "FIRE", f: "M20 3c2 7 11 11 11 20a11 11 0 0 1-22 0c0-5 3-9 6-11 0 4 2 7 4 7-1-6 0-11 1-16z" },
};

/** Each kind: [face text, icon] (its spoken name is `card.kind.<kind>`). The face shows the
 * icon above the text; the text is the card's printed mark, the same in every language. */
const KINDS = {
  S: ["", "skip"], R: ["", "reverse"],
  "+1": ["+1"], "+2": ["+2"], "+3": ["+3"], "+4": ["+4"],
  H2: ["H2", "hit"], SA: ["", "skipall"], DA: ["", "discard"],
  TH: ["", "swap"], N: ["#"], BL: ["", "lock"],
  W: ["W"], "W+4": ["+4"], WC: ["", "creeper"],
  WSH: ["", "shuffle"], WSW: ["", "swap"],
  WCU: ["", "pencil"], WBK: [""],
  WD1: ["+1", "rain"], WD2: ["+2", "rain"],
  WBS: ["+2", "glass"], WBO: ["", "boomerang"],
  WF: ["", "friends"], WAH: ["HIT", "all"], WHF: ["", "fire"],
  WR4: ["+4", "reverse"], "W+6": ["+6"],
  "W+10": ["+10"], WM2: ["+2", "all"],
  WM4: ["+4", "all"],
  "+5": ["+5"], F: ["", "flip"], "W+2": ["+2"], WDC: ["+?", "wheel"],
  WCR: ["", "roulette"],
};
for (let n = 0; n <= 9; n++) KINDS[n] = [String(n)];

/** A kind's spoken name ("7", "draw two", "wild"). */
const kindName = (kind) => (/^\d$/.test(kind) ? kind : t(`card.kind.${kind}`));

/** The two lines of the face of a BLAST challenge (RULES.md §5.5: SC, DC, CN, SN): "SAME",
 * "COLOUR". */
const faceLines = (code) => {
  const [top, bottom = ""] = t(`card.challenge.${code}.face`).split("|");
  return [top, bottom];
};

/** A card of the notation ("R7", "W+4", "!3SC") in parts; throws on an unknown card. A
 * two-faced card (RULES.md §8, "R1|P3": the face up, then its back) is its face up's parts with
 * `back`, the back's text (`null` for every other card). */
export function parseCard(text) {
  const bar = text.indexOf("|");
  if (bar > 0) {
    const back = text.slice(bar + 1);
    parseCard(back);
    return { ...parseCard(text.slice(0, bar)), text, back };
  }
  return { ...parseOneFace(text), back: null };
}

function parseOneFace(text) {
  if (/^![2-5](SC|DC|CN|SN)$/.test(text)) return { text, color: null, kind: text, wild: false, blast: true, number: null };
  if (text[0] === "W" && KINDS[text]) return { text, color: null, kind: text, wild: true, blast: false, number: null };
  const color = text[0], kind = text.slice(1);
  if (!COLORS[color] || !KINDS[kind] || kind[0] === "W") throw new Error(`unknown card ${JSON.stringify(text)}`);
  return { text, color, kind, wild: false, blast: false, number: /^\d$/.test(kind) ? Number(kind) : null };
}

/** The spoken name, in the page's language: "red 7", "wild draw four, declared green". */
export function cardName(text, declared) {
  const card = parseCard(text);
  if (card.back) return t("card.two_faced", { face: cardName(text.slice(0, text.indexOf("|")), declared), back: cardName(card.back) });
  if (card.blast) {
    const n = text[1], code = text.slice(2);
    return t("card.blast", { n, what: t(`card.challenge.${code}`), which: t(`card.challenge.${code}.which`) });
  }
  if (!card.wild) return t("card.colored", { color: COLORS[card.color].name, kind: kindName(card.kind) });
  const name = kindName(card.kind);
  return declared ? t("card.declared", { card: name, color: COLORS[declared].name }) : name;
}

/** The name of the face a card shows, in the page's language, without its back: "wild draw
 * two" for "W+2|O4". */
export function faceName(text) {
  const bar = text.indexOf("|");
  return cardName(bar > 0 ? text.slice(0, bar) : text);
}

/** The short text of a kind's face ("7", "+2", "W"; a glyph or mark for kinds drawn as icons). */
export function kindLabel(kind) {
  if (kind[0] === "!") return `${kind[1]} ${faceLines(kind.slice(2)).join(" ")}`;
  const [text, icon] = KINDS[kind];
  return text || (icon ? ICONS[icon].glyph : "");
}

/** A kind's text on a card the size of a word (the log's, a flight's): its face text led by
 * its icon's glyph where that is one sign, so that a Wild Reverse Draw Four ("⇄+4") or a
 * Downpour ("☂+2") does not read as a plain "+4" or "+2". */
export function miniLabel(kind) {
  const label = kindLabel(kind);
  const icon = kind[0] === "!" ? undefined : KINDS[kind][1];
  const glyph = icon && ICONS[icon].glyph;
  return glyph && glyph.length === 1 && label !== glyph ? glyph + label : label;
}

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Centred text, its size shrunk for long labels. */
function labelSvg(x, y, text, size, ink) {
  const s = size * Math.min(1, 1.5 / text.length);
  return html`<text x=${x} y=${y} dy="0.36em" font-size=${s} fill=${ink} font-family=${FONT}
    font-weight="800" text-anchor="middle" text-decoration=${/^[69]$/.test(text) ? "underline" : null}>${text}</text>`;
}

function iconSvg(name, x, y, size, ink) {
  const { s, f } = ICONS[name];
  return html`<g transform=${`translate(${x - size / 2} ${y - size / 2}) scale(${size / 40})`}>
    ${f && html`<path d=${f} fill=${ink} fill-rule="evenodd" />`}
    ${s && html`<path d=${s} fill="none" stroke=${ink} stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round" />`}
  </g>`;
}

/** A colour's symbol and letter, centred on (x, y). */
function markSvg(c, x, y, size, ink) {
  return html`<g>
    <path d=${SHAPES[c.symbol]} fill=${ink} transform=${`translate(${x - size / 2} ${y - size}) scale(${size / 20})`} />
    <text x=${x} y=${y + size * 0.62} dy="0.36em" font-size=${size * 0.95} font-weight="800" fill=${ink}
      font-family=${FONT} text-anchor="middle">${c.letter}</text>
  </g>`;
}

/** The eight colour sectors of the ellipse centred on (50, 75). */
const wheel = () => Object.values(COLORS).map((c, i) => {
  const p = (k) => { const a = ((k - 2.5) * Math.PI) / 4; return `${(50 + 36 * Math.cos(a)).toFixed(2)} ${(75 + 52 * Math.sin(a)).toFixed(2)}`; };
  return html`<path d=${`M50 75L${p(i)}A36 52 0 0 1 ${p(i + 1)}Z`} fill=${c.fill} />`;
});

/** The Wild Color Roulette's centre (RULES.md §9.7): a wheel of the four colours, two
 * sectors each, under a pointer, centred on (x, y) with radius r; it spins for nobody, so
 * its colours are the same whatever colour is named. */
function rouletteSvg(x, y, r) {
  const four = ["R", "Y", "G", "B"];
  const p = (k) => { const a = ((k - 0.5) * Math.PI) / 4; return `${(x + r * Math.sin(a)).toFixed(2)} ${(y - r * Math.cos(a)).toFixed(2)}`; };
  return html`<g>
    <circle cx=${x} cy=${y} r=${r + 2.5} fill=${WHITE} />
    ${four.concat(four).map((letter, i) => html`<path d=${`M${x} ${y}L${p(i)}A${r} ${r} 0 0 1 ${p(i + 1)}Z`} fill=${COLORS[letter].fill}
      stroke=${WHITE} stroke-width="1" />`)}
    <circle cx=${x} cy=${y} r=${r * 0.3} fill=${DARK} stroke=${WHITE} stroke-width="1.5" />
    <path d=${`M${x - 6} ${y - r - 7}h12l-6 ${r * 0.45 + 7}z`} fill=${WHITE} stroke=${DARK} stroke-width="1.5" stroke-linejoin="round" />
  </g>`;
}

/** The centre: the icon above the text, or whichever there is, scaled by k. */
function faceSvg(text, icon, ink, k) {
  if (icon && text) return html`${iconSvg(icon, 50, 75 - 17 * k, 32 * k, ink)}${labelSvg(50, 75 + 20 * k, text, 30 * k, ink)}`;
  if (icon) return iconSvg(icon, 50, 75, 46 * k, ink);
  return labelSvg(50, 75, text, 52 * k, ink);
}

/** Text of `size` that fits `width` units: squeezed (never overflowing the card) when long. */
const fitted = (text, size, width) => (text.length * size * 0.62 > width ? width : undefined);

function blastFace(text) {
  const [top, bottom] = faceLines(text.slice(2));
  const title = t("card.blast.title");
  const line = (words) => fitted(words, 11.5, 84);
  return html`
    <rect x="5" y="5" width="90" height="140" rx="6" fill=${DARK} />
    <text x="50" y="24" font-size="15" font-weight="900" letter-spacing="2" fill=${COLORS.Y.fill} font-family=${FONT} text-anchor="middle"
      textLength=${fitted(title, 17, 84)} lengthAdjust="spacingAndGlyphs">${title}</text>
    <g transform="translate(12 37) scale(1.9)"><path d=${ICONS.hit.f} fill=${COLORS.Y.fill} /></g>
    ${labelSvg(50, 75, text[1], 46, DARK)}
    <text y="122" font-size="11.5" font-weight="800" fill=${WHITE} font-family=${FONT} text-anchor="middle">
      <tspan x="50" textLength=${line(top)} lengthAdjust="spacingAndGlyphs">${top}</tspan><tspan x="50" dy="13"
        textLength=${line(bottom)} lengthAdjust="spacingAndGlyphs">${bottom}</tspan>
    </text>`;
}

function cardFace(text, declared) {
  const card = parseCard(text);
  if (card.blast) return blastFace(text);
  const [label, icon] = KINDS[card.kind];
  const c = COLORS[card.color || declared];
  const ink = card.wild ? WHITE : c.ink;
  const corner = (x, y, size) => (label ? labelSvg(x, y, label, size, ink) : icon ? iconSvg(icon, x, y, size, ink) : null);
  const mark = (x, y) => c
    ? html`${card.wild && html`<rect x=${x - 11} y=${y - 16} width="22" height="32" rx="5" fill=${c.fill} />`}${markSvg(c, x, y, 13, c.ink)}`
    : label && icon ? iconSvg(icon, x, y, 16, ink) : null;
  return html`
    <rect x="5" y="5" width="90" height="140" rx="6" fill=${card.wild ? DARK : c.fill}
      stroke=${card.wild && c ? c.fill : "none"} stroke-width="6" />
    ${card.wild ? wheel() : html`<ellipse cx="50" cy="75" rx="36" ry="52" fill=${ink === WHITE ? "#000" : WHITE} fill-opacity=${ink === WHITE ? 0.2 : 0.4} stroke=${ink} stroke-width="2.5" />`}
    ${card.wild && html`<ellipse cx="50" cy="75" rx="25" ry="39" fill=${c ? c.fill : card.kind === "WBK" ? WHITE : DARK} stroke=${WHITE} stroke-width="2" />`}
    ${card.kind === "WCR" ? rouletteSvg(50, 78, 21) : faceSvg(label, icon, c ? c.ink : WHITE, card.wild ? 0.7 : 1)}
    ${corner(19, 22, 20)}
    <g transform="rotate(180 50 75)">${corner(19, 22, 20)}</g>
    ${mark(81, 25)}${mark(19, 125)}
    ${card.back && backTab(card.back)}`;
}

/** The back of a two-faced card, which its holder knows, as a tab at the foot of its face:
 * the back's colour and value. */
function backTab(text) {
  const back = parseCard(text);
  const c = back.color ? COLORS[back.color] : null;
  const [label, icon] = KINDS[back.kind];
  const value = label || ICONS[icon].glyph;
  return html`<g class="back-tab">
    <rect x="30" y="130" width="40" height="15" rx="4" fill=${c ? c.fill : DARK} stroke=${WHITE} stroke-width="1.5" />
    <text x="50" y="137.5" dy="0.36em" font-size="10" font-weight="800" fill=${c ? c.ink : WHITE} font-family=${FONT}
      text-anchor="middle">${c ? `${c.letter}${value}` : value}</text>
  </g>`;
}

/** The card's outline: a white frame with a dark hairline, so it shows on any background. */
const frame = () => html`<rect x="1" y="1" width="98" height="148" rx="9" fill=${WHITE} stroke=${DARK} stroke-opacity="0.6" stroke-width="1.5" />`;

/** A card face: a button when onClick is given (aria-pressed when selected is defined), else an image. */
export function Card({ text, declared, playable, dimmed, selected, small, onClick, title }) {
  const name = cardName(text, declared);
  const label = playable ? t("card.playable", { card: name }) : name;
  const cls = ["card", small && "card--small", playable && "card--playable", dimmed && "card--dimmed",
    selected && "card--selected"].filter(Boolean).join(" ");
  const svg = html`<svg class="card-svg" viewBox="0 0 100 150" aria-hidden="true" focusable="false">
    ${frame()}${cardFace(text, declared)}</svg>`;
  if (onClick) {
    return html`<button type="button" class=${cls} aria-label=${label} title=${title ?? name} onClick=${onClick}
      aria-pressed=${selected === undefined ? undefined : String(Boolean(selected))}>${svg}</button>`;
  }
  return html`<span class=${cls} role="img" aria-label=${label} title=${title ?? name}>${svg}</span>`;
}

/** The back of a card, with an optional count badge. `face`: the card's other face, when the
 * back is one (with two-faced cards, RULES.md §8, the draw pile shows its top card's inactive
 * face to every seat). */
export function CardBack({ count, small, face }) {
  const counted = count === undefined ? t("card.back") : tn("card.count", count);
  const label = face ? t("card.back.face", { cards: counted, card: cardName(face) }) : counted;
  return html`<span class=${small ? "card card--small card-back" : "card card-back"} role="img" aria-label=${label}>
    <svg class="card-svg" viewBox="0 0 100 150" aria-hidden="true" focusable="false">
      ${frame()}${face ? cardFace(face) : html`<rect x="5" y="5" width="90" height="140" rx="6" fill=${DARK} />
      ${wheel()}<ellipse cx="50" cy="75" rx="29" ry="45" fill=${DARK} />
      <text x="50" y="75" dy="0.36em" font-size="15.5" font-weight="900" fill=${WHITE} font-family=${FONT}
        text-anchor="middle" transform="rotate(-60 50 75)">unoverse</text>`}
    </svg>
    ${count !== undefined && html`<span class="card-count" aria-hidden="true">${count}</span>`}
  </span>`;
}

/** A colour swatch: fill, symbol and letter, named for screen readers. */
export function ColorChip({ color }) {
  const c = COLORS[color];
  return html`<span class="chip" role="img" aria-label=${c.name} title=${c.name} style=${{ background: c.fill, color: c.ink }}>
    <svg class="chip-symbol" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path d=${SHAPES[c.symbol]} fill="currentColor" /></svg>
    <span class="chip-letter" aria-hidden="true">${c.letter}</span>
  </span>`;
}
