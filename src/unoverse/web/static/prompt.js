// What the table asks of the seat now, in words, built from the view's legal actions: it
// names only what the rules allow at this moment ("take 4 or challenge" when no stacking is
// allowed, "stack a draw card, take 4 or challenge" when it is).
import { cardName } from "./cards.js";

/** "a", "a or b", "a, b or c". */
function either(parts) {
  if (parts.length <= 1) return parts[0] || "";
  return `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1]}`;
}

/**
 * The prompt for the seat whose window is open (`window`), from the grouped legal actions
 * (actions.js `groupLegal`) and the view.
 */
export function ownPrompt(window, groups, view) {
  const { byCard, buttons } = groups;
  const has = (kind) => (buttons.get(kind) || []).length > 0;
  const plays = [...byCard.values()].flat().filter((a) => a.kind === "play" || a.kind === "jump");
  const penalty = view.pending;
  const parts = [];
  if (window.kind === "drawn" && view.drawn) {
    if (plays.length) parts.push(`play the ${cardName(view.drawn)}`);
    if (has("pass")) parts.push("keep it (P)");
  } else if (plays.length) {
    parts.push(penalty ? "stack a card on it" : plays.every((a) => a.kind === "jump") ? "jump in" : "play a card");
  }
  if (has("take") && penalty) parts.push(penalty.until_fire ? "press until the launcher fires (T)" : `take ${penalty.amount} (T)`);
  else if (has("take")) parts.push("take the penalty (T)");
  if (has("challenge")) parts.push("challenge it (C)");
  if (has("draw")) parts.push("draw (D)");
  if (has("press")) parts.push("press the launcher (D)");
  if (has("color")) parts.push("choose the first colour");
  if (has("blast")) parts.push(`discard ${buttons.get("blast")[0].cards.length} matching cards`);
  if ([...byCard.values()].flat().some((a) => a.kind === "arm")) parts.push("pick one up (H)");
  if (has("disarm")) parts.push("put the card back");
  const lead = {
    turn: "Your turn",
    drawn: view.drawn ? `You drew the ${cardName(view.drawn)}` : "You drew",
    penalty: penalty ? `+${penalty.amount} for you` : "A penalty for you",
    challenge: penalty ? `A Wild Draw Four, +${penalty.amount} for you` : "A Wild Draw Four for you",
    color: "Your deal",
    blast: "BLAST challenge",
    live: "Live play",
  }[window.kind];
  if (!lead) return "";
  return parts.length ? `${lead}: ${either(parts)}` : lead;
}
