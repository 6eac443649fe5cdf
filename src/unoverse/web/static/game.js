// What the page knows of a room, folded from the server's frames one at a time
// (docs/protocol.md, "From the server"): the room, who is here, the round's view and the
// events so far, the chat, the emotes, the results. A pure reducer: the same frames give the
// same state (but for the time an emote was shown, which it keeps to fade it).
import { has, t } from "./words.js";

const LOG_KEPT = 300;
const CHAT_KEPT = 200;
const EMOTES_KEPT = 20;

export const initial = {
  status: "connecting",
  welcome: null,
  room: null,
  rules: {},
  presence: [],
  host: 0,
  chat: [],
  log: [], // {id, event, game, version, standIn?}, newest first
  game: null,
  match: 0,
  round: 0,
  commitment: null,
  view: null,
  deadline: null,
  thinking: null, // the last `thinking` frame: a bot thinking about a state version
  standIn: [], // the seats whose moves in the last update a stand-in bot made
  races: [], // newest first
  emotes: [], // {id, seat, name, emote, shown}, newest first; the round's
  roundOver: null,
  matchOver: null,
  scores: null, // the match's scores after its last round
  bye: null,
  refused: null,
  nextId: 1,
};

export function reduce(state, frame) {
  switch (frame.type) {
    case "status":
      return { ...state, status: frame.status };
    case "welcome":
      return {
        ...state,
        welcome: frame,
        room: frame.room,
        rules: frame.rules,
        presence: frame.presence,
        chat: frame.chat,
        refused: null,
      };
    case "lobby":
      return frame.room.started
        ? { ...state, room: frame.room }
        : { ...state, room: frame.room, matchOver: null, roundOver: null, scores: null, view: null, game: null };
    case "presence":
      return { ...state, presence: frame.seats, host: frame.host };
    case "deal":
      if (frame.game === state.game) return state; // a reconnection: the same round
      return { ...state, game: frame.game, match: frame.match, round: frame.round, commitment: frame.commitment, roundOver: null, matchOver: null, view: null, log: [], races: [], emotes: [] };
    case "update": {
      // each entry keeps its state version (a race names the version its first action
      // made) and whether a stand-in bot made it (`stand_in`: an older server sends none)
      const standIn = Array.isArray(frame.stand_in) ? frame.stand_in : [];
      let { log, nextId } = state;
      if (frame.events.length) {
        const entry = (event) => ({ id: nextId++, event, game: frame.game, version: frame.version, ...(standIn.includes(event.seat) ? { standIn: true } : {}) });
        log = [...frame.events.map(entry).reverse(), ...log].slice(0, LOG_KEPT);
      }
      return { ...state, game: frame.game, view: frame.view, deadline: frame.deadline, standIn, log, nextId };
    }
    case "thinking":
      return { ...state, thinking: frame };
    case "race":
      return { ...state, races: [{ ...frame, id: state.nextId }, ...state.races].slice(0, 20), nextId: state.nextId + 1 };
    case "emote":
      return addEmote(state, frame);
    case "chat_line":
      return { ...state, chat: [...state.chat, frame].slice(-CHAT_KEPT) };
    case "round_over":
      return { ...state, roundOver: frame, scores: frame.scores };
    case "match_over":
      return { ...state, matchOver: frame, scores: frame.scores };
    case "bye":
      return { ...state, bye: frame.reason };
    case "error":
      return frame.seq == null ? { ...state, refused: frame } : state;
    default:
      return state;
  }
}

function addEmote(state, frame) {
  if (typeof frame.emote !== "string" || typeof frame.seat !== "number") return state;
  const emote = { id: state.nextId, seat: frame.seat, name: frame.name, emote: frame.emote, shown: Date.now() };
  return { ...state, emotes: [emote, ...state.emotes].slice(0, EMOTES_KEPT), nextId: state.nextId + 1 };
}

/**
 * A seat's name as the table shows it, in parts: {name, level}. A bot is named by its seat
 * ("Bot 2") and its level in words ("normal"; a bot given by another spec, by that spec:
 * "ismcts"); a player by the name they chose.
 */
export function seatParts(state, seat) {
  if (seat == null) return { name: t("table.seat.referee"), level: "" };
  const s = (state.presence && state.presence[seat]) || (state.room && state.room.seats[seat]);
  if (s && s.kind === "bot") {
    // bots are named by their spec ("bot normal", "bot easy:median_ms=5"): give each its seat
    const spec = (s.name || "").replace(/^bot /, "").split(":")[0];
    const level = has(`table.bot.${spec}`) ? t(`table.bot.${spec}`) : spec;
    return { name: t("table.seat.bot", { n: seat + 1 }), level };
  }
  return { name: (s && s.name) || t("table.seat.n", { n: seat + 1 }), level: "" };
}

/** A seat's name as the table shows it: "Ana", "Bot 2 (normal)", "Seat 3". */
export function seatName(state, seat) {
  const { name, level } = seatParts(state, seat);
  return level ? t("table.seat.with_level", { name, level }) : name;
}
