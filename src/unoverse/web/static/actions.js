// The seat's legal actions, read from their notation (docs/notation.md, "Actions"), and
// grouped the way a player reaches them: by the card in the hand they start from, and the
// buttons for the rest. The server sends exactly the legal actions, so the page offers
// nothing else and needs no rules of its own.

const WORDS = new Set([
  "draw",
  "press",
  "pass",
  "take",
  "challenge",
  "uno",
  "catch_illegal",
  "disarm",
]);

/** One action in parts: {text, kind, cards, color, number, target, jump, uno, keep}. */
export function parseAction(text) {
  const out = { text, kind: "play", cards: [], uno: false, keep: false };
  let body = text;
  for (;;) {
    if (body.endsWith(" uno")) {
      out.uno = true;
      body = body.slice(0, -4);
    } else if (body.endsWith(" keep")) {
      out.keep = true;
      body = body.slice(0, -5);
    } else break;
  }
  if (WORDS.has(body)) {
    out.kind = body;
    return out;
  }
  const [head, rest] = splitOnce(body, ":");
  if (head === "catch") return { ...out, kind: "catch", target: Number(rest) };
  if (head === "color") return { ...out, kind: "color", color: rest };
  if (head === "arm") return { ...out, kind: "arm", cards: [rest] };
  if (head === "blast") return { ...out, kind: "blast", cards: rest.split(",") };
  let play = body;
  const [beforeJump, jump] = splitOnce(play, "^");
  if (jump !== undefined) {
    out.kind = "jump";
    out.jump = Number(jump);
    play = beforeJump;
  }
  const [beforeTarget, target] = splitOnce(play, ">");
  if (target !== undefined) {
    out.target = /^\d+$/.test(target) ? Number(target) : target;
    play = beforeTarget;
  }
  for (const part of play.split(",")) {
    const [withColor, number] = splitOnce(part, "=");
    const [card, color] = splitOnce(withColor, ":");
    out.cards.push(card);
    if (color !== undefined) out.color = color;
    if (number !== undefined) out.number = Number(number);
  }
  return out;
}

function splitOnce(text, sep) {
  const i = text.indexOf(sep);
  return i < 0 ? [text, undefined] : [text.slice(0, i), text.slice(i + 1)];
}

/**
 * The legal actions of a view, grouped: `byCard` maps a card of the hand to the plays,
 * jump-ins and pick-ups that start from it; `buttons` holds the rest by kind (`draw`,
 * `catch`, `color`, `blast`...), each a list of parsed actions.
 */
export function groupLegal(legal) {
  const byCard = new Map();
  const buttons = new Map();
  for (const text of legal) {
    const action = parseAction(text);
    if (action.kind === "play" || action.kind === "jump" || action.kind === "arm") {
      const card = action.cards[0];
      if (!byCard.has(card)) byCard.set(card, []);
      byCard.get(card).push(action);
    } else {
      if (!buttons.has(action.kind)) buttons.set(action.kind, []);
      buttons.get(action.kind).push(action);
    }
  }
  return { byCard, buttons };
}

/**
 * The options a card's actions leave to choose, once the UNO call is settled: the actions
 * with `uno` when the player has called UNO in advance (and such actions exist), else those
 * without. Pick-ups (`arm`) are left out: they are a separate gesture.
 */
export function playOptions(actions, callUno) {
  const plays = actions.filter((a) => a.kind !== "arm");
  const withUno = plays.filter((a) => a.uno);
  const without = plays.filter((a) => !a.uno);
  if (callUno && withUno.length) return withUno;
  return without.length ? without : withUno;
}

/** A hand sorted for reading: by colour in the chromatic order, then kind; wilds last. */
export function sortHand(hand) {
  const colors = "ROYGTBVP";
  const rank = (card) => {
    const c = colors.indexOf(card[0]);
    if (card.startsWith("W") || card.startsWith("!") || c < 0) return [9, card];
    return [c, card.slice(1).padStart(3, " ")];
  };
  return [...hand].sort((a, b) => {
    const [ca, ka] = rank(a);
    const [cb, kb] = rank(b);
    return ca - cb || (ka < kb ? -1 : ka > kb ? 1 : 0);
  });
}
