// What the table asks of the seat now, in words, built from the view's legal actions: it
// names only what the rules allow at this moment ("take 4 or challenge" when no stacking is
// allowed, "stack a draw card, take 4 or challenge" when it is). Every part is a catalogue
// message (`table.prompt.*`), joined as the page's language joins a list (Intl.ListFormat).
import { cardName, kindLabel, parseCard } from "./cards.js";
import { challenged, colorName, roulette, surfaced } from "./events.js";
import { language, t, tn } from "./words.js";

/** The locale a list is joined in: the page's English is British ("colour", "a, b or c"). */
const LIST_LOCALES = { en: "en-GB" };
const lists = (type) => new Intl.ListFormat(LIST_LOCALES[language()] || language(), { type });

/** "a", "a or b", "a, b or c", in the page's language. */
export function either(parts) {
  return lists("disjunction").format(parts);
}

/** "a", "a and b", "a, b and c", in the page's language. */
export function both(parts) {
  return lists("conjunction").format(parts);
}

/**
 * The prompt for the seat whose window is open (`window`), from the grouped legal actions
 * (actions.js `groupLegal`), the view and the room's `rules`.
 */
export function ownPrompt(window, groups, view, rules) {
  const { byCard, buttons } = groups;
  const has = (kind) => (buttons.get(kind) || []).length > 0;
  const plays = [...byCard.values()].flat().filter((a) => a.kind === "play" || a.kind === "jump");
  const penalty = view.pending;
  const parts = [];
  if (window.kind === "drawn" && view.drawn) {
    if (plays.length) parts.push(t("table.prompt.play_drawn", { card: cardName(view.drawn) }));
    if (has("pass")) parts.push(t("table.prompt.keep"));
  } else if (plays.length) {
    if (penalty) parts.push(stackWords(penalty, view, rules));
    else parts.push(plays.every((a) => a.kind === "jump") ? t("table.prompt.jump") : t("table.prompt.play"));
  }
  if (has("take") && penalty) {
    parts.push(takeWords(penalty, view));
  } else if (has("take")) parts.push(t("table.prompt.take"));
  if (has("challenge")) parts.push(t("table.prompt.challenge"));
  if (has("draw")) parts.push(t("table.prompt.draw"));
  if (has("press")) parts.push(t("table.prompt.press"));
  if (has("color")) parts.push(t(roulette(view) ? "table.prompt.roulette" : surfaced(view) ? "table.prompt.surfaced" : "table.prompt.color"));
  if (has("blast")) parts.push(tn("table.prompt.blast", buttons.get("blast")[0].cards.length));
  if ([...byCard.values()].flat().some((a) => a.kind === "arm")) parts.push(t("table.prompt.pick_up"));
  if (has("disarm")) parts.push(t("table.prompt.disarm"));
  const lead = leads(window.kind, view);
  if (!lead) return "";
  return parts.length ? t("table.prompt.with", { lead, parts: either(parts) }) : lead;
}

/** Stacking on the pending penalty, in words: with stacking by value (UNO Blast, No Mercy,
 * RULES.md §9.6) the least value an answer needs, the top card's; else any card that stacks. */
function stackWords(penalty, view, rules) {
  const value = rules.stacking === "blast_ge" && !penalty.until_color && view.top && /^\+(\d+)$/.exec(kindLabel(parseCard(view.top).kind));
  return value ? t("table.prompt.stack_from", { n: value[1] }) : t("table.prompt.stack");
}

/** Taking the pending penalty, in words: a count, or drawing until something. */
function takeWords(penalty, view) {
  if (penalty.until_fire) return t("table.prompt.take_until_fire");
  if (penalty.until_color) return t("table.prompt.take_until_color", { color: colorName(view.color) });
  return t("table.prompt.take_n", { n: penalty.amount });
}

/** What the prompt starts with, by the open window's kind ("" for another kind). */
function leads(kind, view) {
  const penalty = view.pending;
  switch (kind) {
    case "turn":
      return t("table.prompt.lead.turn");
    case "drawn":
      return view.drawn ? t("table.prompt.lead.drawn", { card: cardName(view.drawn) }) : t("table.prompt.lead.drawn_unseen");
    case "penalty":
      return penalty && !penalty.until_color ? t("table.prompt.lead.penalty", { n: penalty.amount }) : t("table.prompt.lead.penalty_unknown");
    case "challenge":
      return penalty && !penalty.until_color
        ? t("table.prompt.lead.challenge", { n: penalty.amount, card: challenged(view) })
        : t("table.prompt.lead.challenge_unknown", { card: challenged(view) });
    case "color":
      return t(roulette(view) ? "table.prompt.lead.roulette" : surfaced(view) ? "table.prompt.lead.surfaced" : "table.prompt.lead.color");
    case "blast":
      return t("table.prompt.lead.blast");
    case "live":
      return t("table.prompt.lead.live");
    default:
      return "";
  }
}
