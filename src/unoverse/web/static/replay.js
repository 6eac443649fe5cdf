// The replay of a finished game, step by step (GET /api/rooms/{code}/games/{id}/steps/{n}: the public
// view after n actions and what that action did). Arrow keys step; Home and End jump.
// Words: the catalogue's `page.replay.*`, the game's rules in words (options.js).
import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { Card, CardBack } from "./cards.js";
import { describe } from "./events.js";
import { seatName } from "./game.js";
import { api, said } from "./net.js";
import { rulesSaid } from "./options.js";
import { t, tn } from "./words.js";

export function Replay({ room, game, onLeave }) {
  const at = `/api/rooms/${encodeURIComponent(room)}/games/${game}`;
  const [info, setInfo] = useState(null);
  const [step, setStep] = useState(0);
  const [shown, setShown] = useState(null);
  const [error, setError] = useState(null);
  const [names, setNames] = useState([]);
  useEffect(() => {
    api("GET", at).then(setInfo, setError);
  }, [at]);
  useEffect(() => {
    if (!info) return;
    api("GET", `/api/rooms/${encodeURIComponent(room)}`).then((room) => setNames(room.seats), () => {});
  }, [info]);
  useEffect(() => {
    if (!info || !info.finished) return;
    api("GET", `${at}/steps/${step}`).then(setShown, setError);
  }, [info, step]);
  const last = info && info.finished ? info.actions : 0;
  const go = (n) => setStep((now) => Math.max(0, Math.min(last, typeof n === "function" ? n(now) : n)));
  useEffect(() => {
    const keys = (e) => {
      if (e.key === "ArrowRight") go((now) => now + 1);
      else if (e.key === "ArrowLeft") go((now) => now - 1);
      else if (e.key === "Home") go(0);
      else if (e.key === "End") go(last);
      else return;
      e.preventDefault();
    };
    addEventListener("keydown", keys);
    return () => removeEventListener("keydown", keys);
  }, [last]);
  const title = t("page.replay.title", { game });
  useEffect(() => {
    document.title = t("page.replay.tab", { game });
  }, [title]);
  const name = (seat) => seatName({ presence: names }, seat);
  return html`<main class="lobby replay">
    <header class="brand"><h1><a href="/" onClick=${(e) => { e.preventDefault(); onLeave(); }}>unoverse</a></h1></header>
    <section class="panel" aria-labelledby="replay-title">
      <h2 id="replay-title">${title}</h2>
      ${error && html`<p class="error" role="alert">${said(error)}</p>`}
      ${info && !info.finished && html`<p>${t("page.replay.playing")}</p>`}
      ${info && info.finished && html`<p class="muted">${tn("page.replay.about", info.players, { rules: rulesSaid(info.variant, info.options), room: info.room, seed: info.seed })}</p>`}
      ${shown && html`<div class="replay-controls" role="group" aria-label=${t("page.replay.steps")}>
          <button onClick=${() => go(0)} aria-label=${t("page.replay.first_step")}>${t("page.replay.first")}</button>
          <button onClick=${() => go((now) => now - 1)} aria-label=${t("page.replay.previous_step")}>◀</button>
          <span role="status">${t("page.replay.step", { step, last })}</span>
          <button onClick=${() => go((now) => now + 1)} aria-label=${t("page.replay.next_step")}>▶</button>
          <button onClick=${() => go(last)} aria-label=${t("page.replay.last_step")}>${t("page.replay.last")}</button>
        </div>
        <p><strong>${shown.action ? t("page.replay.action", { who: name(shown.action.seat) }) : t("page.replay.deal")}</strong></p>
        <ul class="replay-events">${shown.events.map((e) => html`<li>${describe(e, name).text}</li>`)}</ul>
        <div class="replay-table">
          ${shown.view.hand_sizes.map((n, seat) => html`<div class="seat"><span class="seat-name">${name(seat)}</span><${CardBack} count=${n} small=${true} /></div>`)}
          <div class="top">${shown.view.top && html`<${Card} text=${shown.view.top} declared=${shown.view.color} />`}</div>
        </div>`}
    </section>
  </main>`;
}
