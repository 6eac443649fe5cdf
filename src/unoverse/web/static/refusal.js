// A refused move in words. The server's error frame carries the engine's reason: a catalogue
// key (`reason.no_match`) and its typed fields (docs/languages.md, "An engine's refusal"). A
// field's type is the last word of its name, and a plural is a list of them: `card`
// (`top_card`, `cards`) a card in the notation, `color` a colour letter, `seat` (`turn_seat`)
// a seat number, `kind` a kind code, `window` a window kind, `variant` a variant's name,
// `action` an action in the notation; anything else a number or a text. The page says the
// reason in the player's language with every field in words (core/reasons.py says it the
// same way for the terminal), and leads with the move, which it names itself (`refusal.*`).
//
// A frame without a reason (one of the server's own refusals) is its English message: its
// lead, the action, is dropped; the cards it mentions that the page can see (the hand, the
// top card, an open BLAST card, the move's own), the colours and the seats are named in
// words, and the rule book's section numbers are dropped.
import { cardName } from "./cards.js";
import { parseAction } from "./actions.js";
import { has, t } from "./words.js";

/** Marks a key chosen at run time, so the catalogue check finds it. */
const N_ = (key) => key;

/** Each move without cards by name, for the lead ("Drawing was refused: ..."). */
const MOVES = {
  draw: N_("refusal.move.draw"),
  press: N_("refusal.move.press"),
  pass: N_("refusal.move.pass"),
  take: N_("refusal.move.take"),
  challenge: N_("refusal.move.challenge"),
  uno: N_("refusal.move.uno"),
  catch: N_("refusal.move.catch"),
  catch_illegal: N_("refusal.move.catch_illegal"),
  disarm: N_("refusal.move.disarm"),
  color: N_("refusal.move.color"),
};

/** The types a field's name can end with (see the module's comment). */
const TYPES = new Set(["card", "color", "seat", "kind", "window", "variant", "action"]);

/** The type of the field `name`: its last word, singular, if that is a type; else "value". */
export function fieldType(name) {
  const last = String(name).split("_").pop();
  if (TYPES.has(last)) return last;
  if (last.endsWith("s") && TYPES.has(last.slice(0, -1))) return last.slice(0, -1);
  return "value";
}

/** A card of the notation by name, as a reason names it: a BLAST card by its challenge. */
export function cardWords(text) {
  const code = String(text);
  const blast = /^!([2-5])(SC|DC|CN|SN)$/.exec(code);
  if (blast) return t("reason.blast_card", { n: blast[1], what: t(`card.challenge.${blast[2]}`) });
  try {
    return cardName(code);
  } catch {
    return code; // not a card of the notation: as it is
  }
}

const keyed = (key, value) => (has(key) ? t(key) : String(value));

function word(type, value, name) {
  if (type === "card") return cardWords(value);
  if (type === "seat") return typeof value === "number" ? name(value) : String(value);
  if (type === "color") return keyed(`color.${value}`, value);
  if (type === "kind") {
    const code = String(value);
    return code.startsWith("!") ? cardWords(code) : keyed(`card.kind.${code}`, code);
  }
  if (type === "window" || type === "variant") return keyed(`reason.${type}.${value}`, value);
  return String(value);
}

/** A reason's fields in words (`name` names a seat); a list's words with commas between. */
export function fieldWords(fields, name) {
  const out = {};
  for (const [field, value] of Object.entries(fields || {})) {
    const type = fieldType(field);
    out[field] = Array.isArray(value)
      ? value.map((v) => word(type, v, name)).join(", ")
      : word(type, value, name);
  }
  return out;
}

/** The lead and the reason for `action`, refused by the server's `answer` (its error frame,
 * or its message alone): "red 5 was refused: <why>", in the page's language. */
export function refusal(action, answer, view, name) {
  const a = parseAction(action);
  const why = reasonWords(answer, action, view, name);
  if (a.cards.length) {
    const cards = a.cards.map((c) => cardWords(c)).join(", ");
    const lead = a.kind === "arm" ? N_("refusal.arm") : a.kind === "blast" ? N_("refusal.blast") : N_("refusal.play");
    return t(lead, { cards, why });
  }
  const move = a.kind in MOVES ? t(MOVES[a.kind]) : action;
  return t("refusal.move", { move, why });
}

/** Why the server refused `action`, in words: from the frame's reason when it has one (see
 * the module's comment); else from its English message. */
export function reasonWords(answer, action, view, name) {
  const frame = answer && typeof answer === "object" ? answer : { message: answer };
  if (frame.reason && has(frame.reason)) return t(frame.reason, fieldWords(frame.fields, name));
  return messageWords(frame.message, action, view, name);
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A refusal's English message without a reason, its notation in words (see above). */
export function messageWords(message, action, view, name) {
  let text = String(message || "");
  if (action && text.startsWith(`${action}: `)) text = text.slice(action.length + 2);
  text = text.replace(/\s*\(§[\d.]+\)/g, "");
  const known = new Set([...parseAction(action).cards, ...(view ? [...view.hand, view.top, view.blast] : [])].filter(Boolean));
  if (known.size) {
    const codes = [...known].sort((x, y) => y.length - x.length).map(escape).join("|");
    const cards = new RegExp(`(^|[\\s(])(${codes})(?=$|[\\s),:;.])`, "g");
    text = text.replace(cards, (_, before, code) => before + cardWords(code));
  }
  text = text.replace(/\bcolour ([ROYGTBVP])\b/g, (_, c) => `colour ${keyed(`color.${c}`, c)}`);
  return text.replace(/\bseat (\d+)/g, (_, seat) => name(Number(seat)));
}
