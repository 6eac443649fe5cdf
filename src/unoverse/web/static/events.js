// The game's events in words for the table's log (the event vocabulary of
// unoverse.core.events, every kind of every variant), what a mandatory window asks, and a
// message whose fields are elements (`rich`).
// A sentence names its cards through marks (`card(c)`): `describe` reads them as words
// (the replay, screen readers), `pieces` hands them to the log to draw as small cards.
import { cardName, faceName, parseCard } from "./cards.js";
import { has, t, tn } from "./words.js";

/** A card's mark inside a sentence: private-use characters round its notation. */
const OPEN = "\uE000";
const CLOSE = "\uE001";
const card = (c) => `${OPEN}${c}${CLOSE}`;
const MARKED = new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`, "g");

export const colorName = (letter) => (has(`color.${letter}`) ? t(`color.${letter}`) : letter);

const list = (cards) => cards.map(card).join(", ");

/** Kinds whose sentence is `log.<kind>` with the common fields, nothing chosen. */
const PLAIN = new Set([
  "dealer_draw", "dealer", "deal", "starter", "starter_returned", "color", "draw_short", "uno",
  "false_uno", "catch", "reveal", "skip", "shuffle_hands", "hand", "swap", "illegal_caught",
  "penalize", "revive", "all_draw", "all_hit", "boomerang", "jump", "revealed", "shown", "discard_all",
  "blast", "blast_choice", "blast_discard", "blast_penalty", "blast_returned", "disarm", "holding",
  "blocked", "unblocked", "returned", "draw_round", "stall",
]);
/** Kinds counted in cards with one message of two forms. */
const COUNTED = new Set(["reload", "reshuffle", "eliminated"]);
/** What the log highlights, by kind. */
const TAGS = {
  uno: "call", false_uno: "call", catch: "catch", illegal_caught: "catch", challenge: "challenge",
  reveal: "challenge", jump: "jump", round_over: "win", blast: "blast", blast_discard: "blast",
  blast_penalty: "blast", eliminated: "out", simultaneous: "race", holding: "race",
};

/** What the event's reason adds to its sentence (`log.<family>.<reason>`), or nothing. */
const phrase = (family, e) => (e.reason && has(`log.${family}.${e.reason}`) ? t(`log.${family}.${e.reason}`) : "");

/**
 * An event's sentence, given `name(seat)`: the catalogue's `log.*` keys, chosen and filled as
 * the Python log does (unoverse.core.sentences; a test compares the two).
 */
function sentence(e, n) {
  const cards = e.cards && e.cards.length ? list(e.cards) : tn("log.n_cards", e.count || 0);
  const color = e.color ? colorName(e.color) : "";
  const f = { who: n(e.seat), target: n(e.target), cards, count: e.count || 0, color };
  const k = e.kind;
  if (PLAIN.has(k)) return t(`log.${k}`, f);
  if (COUNTED.has(k)) return tn(`log.${k}`, e.count || 0, f);
  switch (k) {
    case "play":
      return t("log.play", {
        ...f,
        declared: color ? t("log.play.declared", { color }) : "",
        number: e.number != null && e.number >= 0 ? t("log.play.number", { number: e.number }) : "",
        ground: phrase("ground", e),
      });
    case "draw":
      return t("log.draw", { ...f, why: phrase("why", e) });
    case "press":
      return t(e.count ? "log.press.fired" : "log.press", { ...f, why: phrase("why", e) });
    case "take":
      if (e.until_fire) return t("log.take.until_fire", f);
      return e.color ? t("log.take.until_color", f) : tn("log.take", e.count || 0, f);
    case "challenge": {
      const until = e.color ? ".until_color" : "";
      return t((e.guilty ? "log.challenge.guilty" : "log.challenge.innocent") + until, f);
    }
    case "reverse":
    case "turn_over":
      return t(e.seat == null ? `log.${k}.first` : `log.${k}`, f);
    case "direction":
    case "rotate":
      return t(`log.${k}`, { ...f, direction: t(e.direction === -1 ? "log.direction.ccw" : "log.direction.cw") });
    case "timeout":
      return e.action ? t("log.timeout", { ...f, action: e.action }) : t("log.timeout.blast", f);
    case "stuck":
      return t(`log.stuck.${e.reason}`, f);
    case "round_over":
      return e.count ? tn("log.round_over.points", e.count, f) : t("log.round_over", f);
    case "arm":
      return t(e.cards && e.cards.length ? "log.arm" : "log.arm.hidden", f);
    case "simultaneous":
      return t("log.simultaneous", { ...f, first: card(e.cards[0]), second: card(e.cards[1]) });
    default:
      return null;
  }
}

/** Every kind the log words (a test checks it against the engine's vocabulary). */
export const KINDS = [...PLAIN, ...COUNTED, "play", "draw", "press", "take", "challenge", "reverse", "direction", "rotate", "timeout", "stuck", "round_over", "arm", "simultaneous"];

/** An event in words: {text, tag}. */
export function describe(event, name) {
  const { marked, tag } = worded(event, name);
  return { text: marked.replace(MARKED, (_, c) => cardName(c)), tag };
}

/**
 * An event in pieces for the log: {pieces, tag, text}, where each piece is a string or a
 * card's notation as `{card}` (the log draws it), and `text` is the whole in words.
 */
export function pieces(event, name) {
  const { marked, tag } = worded(event, name);
  const out = marked.split(MARKED).map((part, i) => (i % 2 ? { card: part } : part)).filter((p) => p !== "");
  return { pieces: out, tag, text: marked.replace(MARKED, (_, c) => cardName(c)) };
}

function worded(event, name) {
  // a name is the player's own text: it may not carry a card's mark
  const plain = (seat) => String(name(seat)).replace(/[\uE000\uE001]/g, "");
  const marked = sentence(event, plain);
  if (marked == null) return { marked: event.kind, tag: "" };
  const tag = event.kind === "press" ? (event.count ? "burst" : "press") : TAGS[event.kind] || "";
  return { marked, tag };
}

/**
 * The message `key` with `fields` that may be elements (a colour chip, a card): its pieces in
 * order, strings and the fields' values, for a template to draw (`html\`${rich(...)}\``).
 */
export function rich(key, fields) {
  return t(key)
    .split(/\{(\w+)\}/)
    .map((piece, i) => (i % 2 ? (piece in fields ? fields[piece] : `{${piece}}`) : piece))
    .filter((piece) => piece !== "");
}

/** The card a challenge window is about, by the name of its face: the top card. */
export const challenged = (view) => (view.top ? faceName(view.top) : "");

/** Whether the colour window open is for the victim of the wild on top, who names its colour
 * and then suffers it (the view's `names_color`: No Mercy's Wild Color Roulette, §9.7). */
export const roulette = (view) => view.names_color != null;

/** Whether the colour window open is for a wild a Flip turned up (RULES.md §8.8, FL-8), not
 * for the first card: with two-faced cards, past the first card only turning the table over
 * brings up a wild nobody played (the terminal's `render.surfaced`). */
export const surfaced = (view) => view.two_faced && !roulette(view) && view.discard.length > 1;

/** What the open mandatory window asks of its seat, in words (`mine`: the page's own seat),
 * at the table `view` (a challenge names the card challenged: the top card). */
export function asks(window, name, mine, view) {
  const who = mine ? "" : name(window.seat);
  switch (window.kind) {
    case "turn":
      return mine ? t("table.asks.turn.mine") : t("table.asks.turn", { who });
    case "drawn":
      return mine ? t("table.asks.drawn.mine") : t("table.asks.drawn", { who });
    case "penalty":
      return mine ? t("table.asks.penalty.mine") : t("table.asks.penalty", { who });
    case "challenge":
      return mine ? t("table.asks.challenge.mine", { card: challenged(view) }) : t("table.asks.challenge", { who, card: challenged(view) });
    case "color":
      if (roulette(view)) return mine ? t("table.asks.roulette.mine") : t("table.asks.roulette", { who });
      if (surfaced(view)) return mine ? t("table.asks.surfaced.mine") : t("table.asks.surfaced", { who });
      return mine ? t("table.asks.color.mine") : t("table.asks.color", { who });
    case "blast":
      return t("table.asks.blast");
    case "live":
      return t("table.asks.live");
    default:
      return "";
  }
}
