// The game's events in words for the table's log (the event vocabulary of
// unoverse.core.events, every kind of every variant), and what a mandatory window asks.
// A sentence names its cards through marks (`card(c)`): `describe` reads them as words
// (the replay, screen readers), `pieces` hands them to the log to draw as small cards.
import { cardName } from "./cards.js";

/** A card's mark inside a sentence: private-use characters round its notation. */
const OPEN = "\uE000";
const CLOSE = "\uE001";
const card = (c) => `${OPEN}${c}${CLOSE}`;
const MARKED = new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`, "g");

const COLOR_NAMES = {
  R: "red",
  O: "orange",
  Y: "yellow",
  G: "green",
  T: "turquoise",
  B: "blue",
  V: "purple",
  P: "pink",
};

export const colorName = (letter) => COLOR_NAMES[letter] || letter;

const list = (cards) => cards.map(card).join(", ");
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const DRAW_WHY = {
  penalty: " (penalty)",
  uno: " for not calling UNO",
  false_uno: " for a false UNO call",
  challenge: " (challenge lost)",
  illegal: " (illegal play caught)",
  penalize: " (referee's penalty)",
  all_draw: "",
  all_hit: "",
  zero: " (the 0's direction)",
  revealed: " more (revealed card)",
  blast: " (BLAST challenge not met)",
  holding: " for holding a card",
  round: " (draw round)",
};

/**
 * Each kind's sentence, given the event and `name(seat)`; the tag marks what the log
 * highlights (jump-ins, calls, catches, challenges, races, eliminations).
 */
const WORDING = {
  dealer_draw: (e, n) => [`${n(e.seat)} draws ${list(e.cards)} to choose the dealer`],
  dealer: (e, n) => [`${n(e.seat)} deals`],
  deal: (e, n) => [`${n(e.seat)} ${e.cards.length ? `is dealt ${list(e.cards)}` : `is dealt ${plural(e.count, "card")}`}`],
  starter: (e) => [`${list(e.cards)} is turned over to start`],
  starter_returned: (e) => [`${list(e.cards)} goes back; another card is turned`],
  color: (e, n) => [`${n(e.seat)} chooses ${colorName(e.color)}`],
  play: (e, n) => {
    const extra = [];
    if (e.color) extra.push(`declaring ${colorName(e.color)}`);
    if (e.number != null) extra.push(`as a ${e.number}`);
    const why = e.reason === "illegal" ? " (an illegal play)" : e.reason === "stack" ? " on the penalty" : "";
    return [`${n(e.seat)} plays ${list(e.cards)}${extra.length ? `, ${extra.join(", ")}` : ""}${why}`];
  },
  draw: (e, n) => {
    const what = e.cards.length ? list(e.cards) : plural(e.count, "card");
    return [`${n(e.seat)} draws ${what}${DRAW_WHY[e.reason] ?? ""}`];
  },
  press: (e, n) => {
    if (!e.count) return [`${n(e.seat)} presses the launcher: nothing`, "press"];
    const what = e.cards.length ? list(e.cards) : plural(e.count, "card");
    return [`${n(e.seat)} presses the launcher: it fires ${what}!`, "burst"];
  },
  reload: (e) => [`The launcher is reloaded with ${plural(e.count, "card")}`],
  reshuffle: (e) => [`The discard pile is shuffled into a new draw pile (${plural(e.count, "card")})`],
  draw_short: (e, n) => [`${n(e.seat)} cannot draw ${e.count} more: both piles are empty`],
  uno: (e, n) => [`${n(e.seat)} calls UNO!`, "call"],
  false_uno: (e, n) => [`${n(e.seat)} calls UNO falsely`, "call"],
  catch: (e, n) => [`${n(e.seat)} catches ${n(e.target)} without UNO: ${n(e.target)} draws ${e.count}`, "catch"],
  take: (e, n) => [e.until_fire ? `${n(e.seat)} presses until the launcher fires` : `${n(e.seat)} takes the penalty: ${plural(e.count, "card")}`],
  challenge: (e, n) => [
    e.guilty
      ? `${n(e.seat)} challenges ${n(e.target)}'s Wild Draw Four: guilty! ${n(e.target)} draws ${e.count}`
      : `${n(e.seat)} challenges ${n(e.target)}'s Wild Draw Four: it was legal; ${n(e.seat)} draws ${e.count}`,
    "challenge",
  ],
  reveal: (e, n) => [`${n(e.seat)} shows ${n(e.target)} the hand: ${list(e.cards)}`, "challenge"],
  skip: (e, n) => [`${n(e.seat)} is skipped`],
  reverse: (e, n) => [e.seat == null ? "The first card reverses play" : `${n(e.seat)} reverses play`],
  direction: (e, n) => [`${n(e.seat)} sends play ${e.direction === 1 ? "clockwise" : "counter-clockwise"}`],
  shuffle_hands: (e, n) => [`${n(e.seat)} shuffles every hand together and deals them out`],
  hand: (e, n) => [`${n(e.seat)} now holds ${e.cards.length ? list(e.cards) : plural(e.count, "card")}`],
  rotate: (e) => [`Every hand passes ${e.direction === 1 ? "clockwise" : "counter-clockwise"}`],
  swap: (e, n) => [`${n(e.seat)} swaps hands with ${n(e.target)}`],
  illegal_caught: (e, n) => [`${n(e.seat)} catches ${n(e.target)}'s illegal ${list(e.cards)}`, "catch"],
  penalize: (e, n) => [`The referee makes ${n(e.target)} draw ${e.count}`],
  revive: (e, n) => [`${n(e.seat)} is revived: the chain aims at them`],
  all_draw: (e, n) => [`Everyone but ${n(e.seat)} draws ${e.count}`],
  all_hit: (e, n) => [`Everyone but ${n(e.seat)} draws ${e.count} in turn`],
  boomerang: (e, n) => [`${n(e.seat)} sends the penalty of ${e.count} back to ${n(e.target)}`],
  jump: (e, n) => [`${n(e.seat)} jumps in with ${list(e.cards)}!`, "jump"],
  revealed: (e, n) => [`${n(e.seat)} draws ${list(e.cards)}, shown to all: ${e.count} more`],
  discard_all: (e, n) => [`${n(e.seat)} discards ${list(e.cards)}`],
  timeout: (e, n) => [e.seat == null ? "Time is up" : `${n(e.seat)} ran out of time (${e.action})`],
  stuck: (e, n) => [`The round cannot go on: ${n(e.seat)}, with the fewest cards, wins`],
  round_over: (e, n) => [`${n(e.seat)} wins the round${e.count ? ` (the other hands hold ${plural(e.count, "point")})` : ""}`, "win"],
  blast: (e, n) => [`${n(e.seat)} turns up a BLAST card: ${list(e.cards)}!`, "blast"],
  blast_choice: (e, n) => [`${n(e.seat)} chooses ${list(e.cards)} for the BLAST challenge`],
  blast_discard: (e, n) => [`${n(e.seat)} meets the BLAST challenge with ${list(e.cards)}`, "blast"],
  blast_penalty: (e, n) => [`${n(e.seat)} cannot meet the BLAST challenge and draws ${e.count}`, "blast"],
  blast_returned: (e, n) => [`${n(e.seat)} draws the BLAST card ${list(e.cards)}: it goes back`],
  eliminated: (e, n) => [`${n(e.seat)} is eliminated (${plural(e.count, "card")})`, "out"],
  arm: (e, n) => [`${n(e.seat)} picks up ${e.cards.length ? list(e.cards) : "a card"}`],
  disarm: (e, n) => [`${n(e.seat)} puts the card back`],
  simultaneous: (e, n) => [`${n(e.seat)}'s ${card(e.cards[0])} was too late: ${card(e.cards[1])} landed first`, "race"],
  holding: (e, n) => [`${n(e.seat)} was holding a card when ${list(e.cards)} landed: draws ${e.count}`, "race"],
  blocked: (e, n) => [`${n(e.seat)} is blocked, and ${colorName(e.color)} is locked`],
  unblocked: (e, n) => [`${n(e.seat)} is no longer blocked`],
  returned: (e, n) => [`${list(e.cards)} go back to ${n(e.seat)}'s hand`],
  draw_round: (e, n) => [`Nobody can play: a draw round starts with ${n(e.seat)}`],
  stall: (e, n) => [`Nobody played for too long: ${n(e.seat)} must play ${list(e.cards)}`],
};

/** Every kind the log words (a test checks it against the engine's vocabulary). */
export const KINDS = Object.keys(WORDING);

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
  const wording = WORDING[event.kind];
  if (!wording) return { marked: event.kind, tag: "" };
  // a name is the player's own text: it may not carry a card's mark
  const plain = (seat) => String(name(seat)).replace(/[\uE000\uE001]/g, "");
  const [marked, tag = ""] = wording(event, plain);
  return { marked, tag };
}

/** What the open mandatory window asks of its seat, in words. */
export function asks(window, name, mine) {
  const who = mine ? "Your" : `${name(window.seat)}'s`;
  switch (window.kind) {
    case "turn":
      return `${who} turn`;
    case "drawn":
      return mine ? "Play the card you drew, or keep it" : `${name(window.seat)} decides on the drawn card`;
    case "penalty":
      return mine ? "Take the penalty, or answer it" : `${name(window.seat)} faces a penalty`;
    case "challenge":
      return mine ? "A Wild Draw Four: take it, answer it or challenge" : `${name(window.seat)} faces a Wild Draw Four`;
    case "color":
      return mine ? "Choose the colour of the first card" : `${name(window.seat)} chooses the first colour`;
    case "blast":
      return "BLAST challenge!";
    case "live":
      return "Live play: anyone may play";
    default:
      return "";
  }
}
