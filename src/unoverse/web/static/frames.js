// What the page keeps from the server's frames beyond game.js's reducer: each log entry's
// state version (a race names the version its first action made), which log lines a
// stand-in bot made for an absent player (an update's `stand_in` seats), and the room's
// recent emotes. Both are optional in the protocol: an older server sends neither, and the
// state is then exactly game.js's.

const EMOTES_KEPT = 20;

/** game.js's `reduce`, extended: the same state, with `standIn` marks and `emotes`. */
export function withExtras(reduce) {
  return (state, frame) => {
    const next = reduce(state, frame);
    if (frame.type === "update") return markEntries(state, next, frame);
    if (frame.type === "deal" && next !== state) return { ...next, emotes: [] };
    if (frame.type === "emote") return addEmote(next, frame);
    return next;
  };
}

/** The log entries this update added, with its `version`, and `standIn` on those whose
 * seat a stand-in played. */
function markEntries(before, after, frame) {
  if (after.log === before.log) return after;
  const seats = Array.isArray(frame.stand_in) ? frame.stand_in : [];
  const firstNew = before.nextId;
  const log = after.log.map((entry) =>
    entry.id >= firstNew
      ? { ...entry, version: frame.version, ...(seats.includes(entry.event.seat) ? { standIn: true } : {}) }
      : entry,
  );
  return { ...after, log };
}

function addEmote(state, frame) {
  if (typeof frame.emote !== "string" || typeof frame.seat !== "number") return state;
  const emote = { id: state.nextId, seat: frame.seat, name: frame.name, emote: frame.emote, shown: Date.now() };
  return { ...state, emotes: [emote, ...(state.emotes || [])].slice(0, EMOTES_KEPT), nextId: state.nextId + 1 };
}
