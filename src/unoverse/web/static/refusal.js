// A refused move in words. The server answers with the engine's reason, in RULES.md's terms
// but written for the log: it leads with the action in the notation, names cards by their
// codes, colours by their letters and seats by their numbers from 0, and cites the rule
// book's sections. The page already names the move, so the reason loses its lead; the cards
// it mentions that the page can see (the hand, the top card, an open BLAST card, the move's
// own) are named in words, as are colours and seats, and the section numbers are dropped.
import { COLORS, cardName } from "./cards.js";
import { parseAction } from "./actions.js";

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** "red 5 was refused: <why>" for `action` refused with the server's `message`. */
export function refusal(action, message, view, name) {
  const a = parseAction(action);
  const what = a.cards.length ? a.cards.map((c) => cardName(c)).join(", ") : action;
  return `${what} was refused: ${reasonWords(message, action, view, name)}`;
}

/** The engine's reason for refusing `action`, in words (see the module's comment). */
export function reasonWords(message, action, view, name) {
  let text = String(message || "");
  if (action && text.startsWith(`${action}: `)) text = text.slice(action.length + 2);
  text = text.replace(/\s*\(§[\d.]+\)/g, "");
  const known = new Set([...parseAction(action).cards, ...(view ? [...view.hand, view.top, view.blast] : [])].filter(Boolean));
  if (known.size) {
    const codes = [...known].sort((x, y) => y.length - x.length).map(escape).join("|");
    const cards = new RegExp(`(^|[\\s(])(${codes})(?=$|[\\s),:;.])`, "g");
    text = text.replace(cards, (_, before, code) => before + cardName(code).split(":")[0]);
  }
  text = text.replace(/\bcolour ([ROYGTBVP])\b/g, (_, c) => `colour ${COLORS[c].name}`);
  return text.replace(/\bseat (\d+)/g, (_, seat) => name(Number(seat)));
}
