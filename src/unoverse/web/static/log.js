// The table's log, newest first: the game's events in words with their cards drawn small
// (as Board Game Arena's log does), the races of one state grouped into one line, the cards
// a seat turns up for all to see in one line (not one a draw), the moves a stand-in bot
// made for an absent player labelled, and the room's emotes.
import { html } from "./vendor/preact-htm.js";
import { COLORS, cardName, miniLabel, parseCard } from "./cards.js";
import { pieces } from "./events.js";
import { emoteText } from "./emotes.js";
import { has, t } from "./words.js";

/** The log's marks for what stands out (`table.log.tag.<tag>`). */
const TAGS = new Set(["jump", "call", "catch", "challenge", "race", "blast", "burst", "out", "win", "emote"]);
/** How many lines the log shows. */
const SHOWN = 60;

/** The action kinds a race line names (`table.race.<kind>`; another kind as it came). */
const RACED = new Set(["play", "jump", "uno", "catch", "catch_illegal", "challenge", "arm", "blast", "take", "draw", "press"]);
const raced = (kind) => (RACED.has(kind) && has(`table.race.${kind}`) ? t(`table.race.${kind}`) : kind);

/** How much later a race's answer came, in whole milliseconds. */
export function raceGap(ms) {
  if (ms === 0) return t("table.race.same_instant");
  return ms >= 1 ? t("table.race.later", { ms: Math.round(ms) }) : t("table.race.under_1ms");
}

/**
 * The races of one state (the same game and version) in one line each: who was first, and
 * each later answer with how late it came and whether it was refused or applied after.
 * {id, game, version, first, text, tag}.
 */
export function raceLines(races, name) {
  const groups = new Map();
  for (const race of races) {
    const key = `${race.game}:${race.version}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(race);
  }
  return [...groups.values()].map((group) => {
    const byTime = [...group].sort((a, b) => a.by_ms - b.by_ms);
    const first = byTime[0];
    const late = byTime.map((r) => {
      const fields = { who: name(r.late), gap: raceGap(r.by_ms) };
      return r.accepted ? t("table.race.applied", fields) : t("table.race.refused", fields);
    });
    return {
      id: Math.min(...group.map((r) => r.id)),
      game: first.game,
      version: first.version,
      first: first.first,
      text: t("table.race.first", { who: name(first.first), action: raced(first.kind), late: late.join("; ") }),
      pieces: null,
      tag: "race",
    };
  });
}

/**
 * The lines the log shows, newest first (at most SHOWN). A race joins the line of the move
 * that won it (the first seat's event of the update that made the race's version), so one
 * race is one line; a race whose move is not in the log has a line of its own.
 */
export function logLines(state, name) {
  const races = raceLines(state.races, name);
  const winning = new Map(); // log entry id -> its race
  for (const race of races) {
    const moves = state.log.filter((e) => e.game === race.game && e.version === race.version && e.event.seat === race.first);
    if (moves.length) winning.set(moves[moves.length - 1].id, race); // the update's first such event
  }
  // the cards a seat turns up for all to see (No Mercy's Wild Color Roulette) are one line,
  // its `shown` event's: not a line for each of its draws besides
  const turnedUp = (entry) => `${entry.game}:${entry.version}:${entry.event.seat}`;
  const shown = new Set(state.log.filter((entry) => entry.event.kind === "shown").map(turnedUp));
  const lines = [];
  for (const entry of state.log) {
    if (entry.event.kind === "draw" && shown.has(turnedUp(entry))) continue;
    const said = pieces(entry.event, name);
    // a wild shown is drawn undeclared: the colour of its line is the one looked for
    const declared = entry.event.kind === "shown" ? undefined : entry.event.color;
    const line = { id: entry.id, ...said, standIn: Boolean(entry.standIn), declared };
    const race = winning.get(entry.id);
    if (race) {
      line.race = race.text;
      line.tag = "race";
    }
    const previous = lines[lines.length - 1];
    // what one race did to several seats (each holding a card, each too late) is one line
    if (
      line.tag === "race" && previous && previous.tag === "race" && previous.game === entry.game &&
      previous.version === entry.version && previous.id === entry.id + 1
    ) {
      previous.rest = [...(previous.rest || []), line];
      previous.race = previous.race || line.race;
      previous.id = entry.id;
      continue;
    }
    lines.push({ ...line, game: entry.game, version: entry.version });
  }
  const joined = new Set(winning.values());
  lines.push(...races.filter((race) => !joined.has(race)));
  for (const e of state.emotes || []) lines.push({ id: e.id, text: t("table.emotes.said", { who: e.name, emote: emoteText(e.emote) }), pieces: null, tag: "emote" });
  return lines.sort((a, b) => b.id - a.id).slice(0, SHOWN);
}

/** A line's words with its cards drawn (a card between two cards needs no comma). */
function Said({ line }) {
  if (!line.pieces) return line.text;
  const parts = line.pieces;
  return parts.map((p, i) => {
    if (typeof p === "string") {
      const between = p === ", " && parts[i - 1] && parts[i - 1].card && parts[i + 1] && parts[i + 1].card;
      return between ? " " : p;
    }
    return html`<${MiniCard} text=${p.card} declared=${line.declared} />`;
  });
}

/**
 * A card as the log draws it: its colour, its face's value and its colour's letter (colour
 * is never the only cue), named in words for screen readers. A few elements, not a whole
 * card face: the log holds dozens of them, and a face's detail does not read at this size.
 */
export function MiniCard({ text, declared }) {
  let card;
  try {
    card = parseCard(text);
  } catch {
    return text;
  }
  const shown = card.wild && declared && COLORS[declared] ? declared : card.color;
  const c = shown ? COLORS[shown] : null;
  const value = card.blast ? `!${text[1]}` : miniLabel(card.kind);
  const cls = `mini-card ${card.wild ? "wild" : ""} ${card.blast ? "blast" : ""}`;
  const style = c ? { "--mini-fill": c.fill, "--mini-ink": card.wild ? "#fff" : c.ink } : null;
  const name = cardName(text, card.wild ? declared : undefined);
  return html`<span class=${cls} style=${style} role="img" aria-label=${name} title=${name}>
    <span class="mini-value" aria-hidden="true">${value}</span>${c && html`<span class="mini-color" aria-hidden="true">${c.letter}</span>`}
  </span>`;
}

export function Log({ state, name }) {
  const lines = logLines(state, name);
  // focusable: the log scrolls, and a keyboard must be able to scroll it (axe: scrollable-region-focusable)
  return html`<section class="log" aria-label=${t("table.log.label")} tabindex="0">
    <h2>${t("table.log")}</h2>
    <ol reversed class="log-lines">
      ${lines.map(
        (line) => html`<li key=${line.id} class=${line.tag} data-tag=${line.tag}>
          ${TAGS.has(line.tag) && html`<span class="tag">${t(`table.log.tag.${line.tag}`)}</span>`}
          <${Said} line=${line} />
          ${(line.rest || []).map((more) => html`; <${Said} line=${more} />`)}
          ${line.race && html` — ${line.race}`}
          ${line.standIn && html` <span class="standin-mark">${t("table.log.stand_in")}</span>`}
        </li>`,
      )}
    </ol>
  </section>`;
}
