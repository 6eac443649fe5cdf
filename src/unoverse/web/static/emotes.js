// Emotes (docs/protocol.md, "emote"): a fixed set of six, a row of buttons to send one, and
// the latest one of a seat shown for a few seconds (on the seat and as a line under the row;
// the log keeps them too). The server rate-limits them with the chat's bucket; the row
// also rests a moment after each one, so a held-down key cannot flood it.
import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { has, t } from "./words.js";

/** The set, in the protocol's names. Words, not pictures: an emoji font is not on every
 * system (Debian's Chromium has none), and words read the same everywhere. Each one's words
 * are the catalogue's `emote.<name>`, which the terminal game shares. */
export const EMOTES = ["hello", "well_played", "wow", "oops", "hurry", "thanks"];

/** How long an emote stays on its seat, and how long the row rests after sending one. */
export const SHOWN_MS = 4000;
const REST_MS = 1500;

/** An emote in words ("Well played!"); an unknown name is shown as it came. */
export function emoteText(emote) {
  return EMOTES.includes(emote) && has(`emote.${emote}`) ? t(`emote.${emote}`) : String(emote);
}

/** Send one over the room's connection: resolves to the server's ack or error frame. */
export function sendEmote(conn, emote) {
  const seq = conn.nextSeq();
  return new Promise((resolve) => {
    conn.waiting.set(seq, { resolve });
    if (!conn.send({ type: "emote", seq, emote })) {
      conn.waiting.delete(seq);
      resolve({ type: "lost" });
    }
  });
}

/** The row of emote buttons for a seated player, and the room's latest emotes under it. */
export function EmoteBar({ conn, state, mine }) {
  const [resting, setResting] = useState(false);
  const [error, setError] = useState("");
  const send = async (emote) => {
    if (!conn || resting) return;
    setResting(true);
    setError("");
    setTimeout(() => setResting(false), REST_MS);
    const answer = await sendEmote(conn, emote);
    if (answer.type === "error")
      setError(answer.code === "rate_limited" ? t("table.emotes.rate_limited") : answer.message);
  };
  const recent = useRecent(state.emotes);
  return html`<section class="emotes" aria-label=${t("table.emotes")}>
    ${mine != null && html`<div class="emote-row" role="group" aria-label=${t("table.emotes.send")}>
      ${EMOTES.map((n) => html`<button type="button" class="emote" disabled=${resting}
        onClick=${() => send(n)}>${emoteText(n)}</button>`)}
    </div>`}
    <p class="emote-recent" role="status">${recent.map((e) => html`<span class="emote-said" key=${e.id}>${t("table.emotes.said", { who: e.name, emote: emoteText(e.emote) })}</span>`)}</p>
    ${error && html`<p class="error small" role="alert">${error}</p>`}
  </section>`;
}

/** The emote a seat sent in the last few seconds, as a bubble (nothing otherwise). */
export function SeatEmote({ state, seat }) {
  const recent = useRecent(state.emotes);
  const latest = recent.find((e) => e.seat === seat);
  if (!latest) return null;
  return html`<span class="seat-emote" key=${latest.id} aria-hidden="true">${emoteText(latest.emote)}</span>`;
}

/** The emotes shown less than SHOWN_MS ago, newest first; drawn again when the newest expires. */
function useRecent(emotes) {
  const [, setTick] = useState(0);
  const now = Date.now();
  const live = (emotes || []).filter((e) => now - e.shown < SHOWN_MS);
  const newest = live[0];
  useEffect(() => {
    if (!newest) return undefined;
    const timer = setTimeout(() => setTick((t) => t + 1), Math.max(0, newest.shown + SHOWN_MS - Date.now()) + 20);
    return () => clearTimeout(timer);
  }, [newest && newest.id]);
  return live;
}
