// The connection to a room (docs/protocol.md): the websocket, its hello, the numbering of
// messages, their answers, and reconnection after a reload, a lost network or a sleeping
// phone. An action the server could not store just now (`unavailable`: its database away
// for a moment) is sent again with the same `seq` after each wait of RESEND_MS, as the
// terminal does; the refusal stands after the last. Nothing here knows the rules: frames
// go to `onFrame` as they come. A refusal is said in the player's language from its code (`page.refusal.<code>`, and for the codes
// that cover several cases, `page.refusal.<code>.<case>` told apart by the server's message).
import { has, t } from "./words.js";

const PROTOCOL = 1;
const RETRY_MS = [300, 1000, 2000, 4000, 8000];
const RESEND_MS = [500, 1000, 2000];

/** The seat a browser holds in each room: {seat, token, name}, kept across reloads. */
export const seats = {
  get(room) {
    try {
      return JSON.parse(localStorage.getItem(`unoverse.seat.${room}`));
    } catch {
      return null;
    }
  },
  set(room, seat) {
    localStorage.setItem(`unoverse.seat.${room}`, JSON.stringify(seat));
  },
  forget(room) {
    localStorage.removeItem(`unoverse.seat.${room}`);
    localStorage.removeItem(`unoverse.seq.${room}`);
  },
};

/** The signed-in session's token against cross-site forgery (docs/accounts.md), sent with
 * every request that changes something; null for a guest. */
let forgeryToken = null;
export function signedInWith(token) {
  forgeryToken = token;
}

/**
 * JSON over HTTP. A refusal throws an Error whose message says it in words, carrying the
 * server's `code`, its own message as `detail` and the HTTP `status` (`said` words it again
 * in the language spoken then); a server out of reach is the code "offline".
 */
export async function api(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (forgeryToken && method !== "GET") headers["X-CSRF-Token"] = forgeryToken;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw refused("offline", "", 0);
  }
  const data = await response.json().catch(() => ({}));
  // a 429 without a code is a front's limit per address (docs/deployment.md)
  const code = data.code || (response.status === 429 ? "rate_limited" : "http");
  if (!response.ok) throw refused(code, data.message || "", response.status);
  return data;
}

function refused(code, detail, status) {
  const error = new Error(refusalText(code, detail, status));
  Object.assign(error, { code, detail, status });
  return error;
}

/**
 * The cases a code covers, told apart by the server's message (its words are English and
 * for people: the page says them again from the catalogue). Each case: [pattern, name, the
 * fields its groups fill].
 */
const CASES = {
  bad_message: [
    [/^name: 2 to 24 letters/, "account_name"],
    [/^name: names beginning/, "reserved"],
    [/^password: (\d+) to (\d+) characters/, "password_length", (m) => ({ min: m[1], max: m[2] })],
    [/^password: not your name/, "password_name"],
    [/rated room seats bots by level/, "rated_bot"],
    [/^name: (['"])(.*)\1 is taken/, "name_taken", (m) => ({ name: m[2] })],
    [/^name: 1 to (\d+) characters/, "name_length", (m) => ({ max: m[1] })],
    [/^name: no control/, "name_hidden"],
    [/^name: text/, "name_length", () => ({ max: 24 })],
    [/^seat /, "seat"],
  ],
  not_found: [
    [/^no room (['"])(.*)\1/, "room", (m) => ({ code: m[2] })],
    [/has no game (\d+)/, "game", (m) => ({ game: m[1] })],
    [/has steps/, "step"],
  ],
  room_full: [[/^seat \d+/, "seat"]],
  rate_limited: [
    [/log-in attempts/, "logins"],
    [/new accounts a minute/, "signups"],
    [/new rooms a minute/, "rooms"],
    [/unknown rooms or games/, "misses"],
    [/requests a minute/, "requests"],
  ],
  too_many: [
    [/rooms of yours/, "rooms"],
    [/connections/, "sockets"],
  ],
  unauthorised: [
    [/wrong name or password/, "login"],
    [/wrong password/, "password"],
    [/rated room/, "rated"],
    [/holds a seat of this room/, "twice"],
    [/not signed in/, "signed_out"],
    [/only the host/, "host"],
    [/has no spectators/, "spectators"],
    [/spectator only watches/, "spectator"],
  ],
  not_ready: [
    [/seated at \d+ table/, "seated"],
    [/the match has started/, "started"],
    [/are open/, "open_seats"],
    [/is not over/, "not_over"],
    [/is being played/, "playing"],
  ],
  invalid_option_value: [[/^option ([\w.]+)=/, "option", (m) => ({ option: optionWords(m[1]) })]],
  unknown_option: [[/unknown option (['"])(.*?)\1/, "option", (m) => ({ option: m[2] })]],
  option_conflict: [[/^(?:option )?([a-z][\w.]*)(?:=\S*)?[: ]/, "option", (m) => ({ option: optionWords(m[1]) })]],
};

const optionWords = (name) => (has(`option.${name}.name`) ? t(`option.${name}.name`) : name);

/**
 * A refusal in words: the server's `code`, its English `detail` (which tells some cases
 * apart) and the HTTP `status`. A code the catalogue does not know keeps the server's words.
 */
export function refusalText(code, detail = "", status = 0) {
  for (const [pattern, name, fields = () => ({})] of CASES[code] || []) {
    const found = String(detail).match(pattern);
    if (found && has(`page.refusal.${code}.${name}`)) return t(`page.refusal.${code}.${name}`, fields(found));
  }
  if (has(`page.refusal.${code}`)) return t(`page.refusal.${code}`, { status });
  return detail || t("page.refusal.other", { code });
}

/** A problem to show in words, said in the language spoken now: a catalogue key, or a
 * refusal (`api`'s Error, or {code, detail} from a socket's error frame). */
export function said(problem) {
  if (!problem) return "";
  if (typeof problem === "string") return t(problem);
  if (problem.code) return refusalText(problem.code, problem.detail, problem.status);
  return String(problem.message || problem);
}

/**
 * One room's socket. `status` is "connecting", "open", "reconnecting", "offline" (gave up
 * retrying: call `retry()`), or "closed" (the server said bye, or the page closed it).
 */
export class Connection {
  constructor(room, token, { onFrame, onStatus }) {
    this.room = room;
    this.token = token;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.status = "connecting";
    this.game = null;
    this.version = null;
    this.waiting = new Map(); // seq -> {resolve}
    this.attempt = 0;
    this.ws = null;
    this.timer = null;
    this.wake = () => {
      if (document.visibilityState === "visible" && this.status !== "open") this.retry();
    };
    document.addEventListener("visibilitychange", this.wake);
    window.addEventListener("online", this.wake);
    this.open();
  }

  /** The next message number: it goes on across reloads, since the server keeps answers. */
  nextSeq() {
    const key = `unoverse.seq.${this.room}`;
    const seq = (Number(localStorage.getItem(key)) || 0) + 1;
    localStorage.setItem(key, String(seq));
    return seq;
  }

  setStatus(status) {
    this.status = status;
    this.onStatus(status);
  }

  open() {
    clearTimeout(this.timer);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: "hello", protocol: PROTOCOL, room: this.room };
      if (this.token) hello.token = this.token;
      if (this.game !== null && this.version !== null) {
        hello.game = this.game;
        hello.last_version = this.version;
      }
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (message) => {
      const frame = JSON.parse(message.data);
      if (frame.type === "welcome") {
        this.attempt = 0;
        this.setStatus("open");
      } else if (frame.type === "update") {
        this.game = frame.game;
        this.version = frame.version;
      } else if (frame.type === "deal") {
        if (frame.game !== this.game) this.version = null;
      } else if ((frame.type === "ack" || frame.type === "error") && frame.seq != null) {
        const waiting = this.waiting.get(frame.seq);
        this.waiting.delete(frame.seq);
        if (waiting) waiting.resolve(frame);
      } else if (frame.type === "bye") {
        this.closedBy = frame.reason;
      } else if (frame.type === "error" && this.status !== "open") {
        this.closedBy = frame.code; // the hello was refused: trying again would not help
      }
      this.onFrame(frame);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      for (const { resolve } of this.waiting.values()) resolve({ type: "lost" });
      this.waiting.clear();
      if (this.closedBy || this.status === "closed") {
        this.setStatus("closed");
        return;
      }
      if (this.attempt >= RETRY_MS.length) {
        this.setStatus("offline");
        return;
      }
      this.setStatus("reconnecting");
      this.timer = setTimeout(() => this.open(), RETRY_MS[this.attempt++]);
    };
  }

  /** Try again now (the retry button, a phone waking up, the network coming back). */
  retry() {
    if (this.status === "closed" && this.closedBy) return;
    this.attempt = 0;
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.setStatus("reconnecting");
    this.open();
  }

  send(frame) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** Send an action decided on `version`: resolves to its `ack` or `error` frame (or
   * `{type: "lost"}` if the socket went away first). Refused `unavailable`, it is sent
   * again, with the same `seq`, after each wait of RESEND_MS. */
  async act(action, version) {
    const message = { type: "act", seq: this.nextSeq(), based_on_version: version, action };
    let answer = await this.request(message);
    for (const wait of RESEND_MS) {
      if (answer.type !== "error" || answer.code !== "unavailable") break;
      await new Promise((done) => setTimeout(done, wait));
      answer = await this.request(message);
    }
    return answer;
  }

  chat(text) {
    return this.request({ type: "chat", seq: this.nextSeq(), text });
  }

  /** Send `message` (numbered) and resolve to its answer, or `{type: "lost"}`. */
  request(message) {
    return new Promise((resolve) => {
      this.waiting.set(message.seq, { resolve });
      if (!this.send(message)) {
        this.waiting.delete(message.seq);
        resolve({ type: "lost" });
      }
    });
  }

  close() {
    this.setStatus("closed");
    clearTimeout(this.timer);
    document.removeEventListener("visibilitychange", this.wake);
    window.removeEventListener("online", this.wake);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}

/** Why the server closed the socket, in words (a `bye` frame's reason). */
export function byeText(reason) {
  return has(`page.bye.${reason}`) ? t(`page.bye.${reason}`) : t("page.bye.other", { reason });
}
