// A signed-in player's tables (GET /api/me/games, asked every 30 s while the lobby is open):
// those waiting for their move first, with the move's deadline. The tab's title counts them
// ("(2) unoverse"), and, if the player allows it, the browser's Notification API says when a
// table starts waiting for them while the page is in the background.
import { html, useEffect, useRef, useState } from "./vendor/preact-htm.js";
import { api, said, seats } from "./net.js";
import { variantName } from "./options.js";
import { t, tn } from "./words.js";

const EVERY_MS = 30_000;

/** A deadline (ms since the epoch) as the player's clock says it. */
function when(ms) {
  return new Date(ms).toLocaleString(document.documentElement.lang || undefined, {
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
}

function notify(game) {
  if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) return;
  new Notification(t("page.games.notify_title"), {
    body: t("page.games.notify", { variant: variantName(game.variant), code: game.room }),
    tag: `unoverse-${game.room}`,
  });
}

/** Open a table of the account's: its seat as this browser holds it, or taken up here. */
async function open(game, name, go) {
  if (!seats.get(game.room)) {
    const joined = await api("POST", `/api/rooms/${game.room}/reclaim`);
    seats.set(game.room, { seat: joined.seat, token: joined.token, name });
  }
  go(`room=${game.room}`);
}

export function YourGames({ go, name }) {
  const [games, setGames] = useState(null);
  const [error, setError] = useState(null);
  const [allowed, setAllowed] = useState(() => ("Notification" in window ? Notification.permission : "unsupported"));
  const waiting = useRef(null);
  useEffect(() => {
    let alive = true;
    const load = () =>
      api("GET", "/api/me/games").then(
        (answer) => {
          if (!alive) return;
          const now = new Set(answer.games.filter((g) => g.your_turn).map((g) => g.room));
          if (waiting.current) for (const g of answer.games) if (g.your_turn && !waiting.current.has(g.room)) notify(g);
          waiting.current = now;
          setGames(answer.games);
        },
        () => alive && setGames([]),
      );
    load();
    const timer = setInterval(load, EVERY_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, []);
  const mine = games ? games.filter((g) => g.your_turn).length : 0;
  useEffect(() => {
    const base = t("page.title");
    document.title = mine ? `(${mine}) ${base}` : base;
    return () => {
      document.title = base;
    };
  }, [mine]);
  if (!games || games.length === 0) return null;
  const ask = () => Notification.requestPermission().then(setAllowed);
  return html`<section class="panel" aria-labelledby="your-games">
    <h2 id="your-games">${t("page.games.heading")}</h2>
    <p role="status">${mine ? tn("page.games.waiting", mine) : t("page.games.none_waiting")}</p>
    <ul class="rooms">${games.map((g) => html`<li>
      <div><strong>${variantName(g.variant)}</strong> <code>${g.room}</code>
        ${g.your_turn && html` <span class="badge you">${t("page.games.your_turn")}</span>`}
        <div class="muted small">${t(`page.room.timer.${g.timer}`)}${g.deadline ? ` · ${t("page.games.until", { when: when(g.deadline) })}` : ""}${g.started ? "" : ` · ${t("page.games.not_started")}`}</div></div>
      <button onClick=${() => open(g, name, go).catch(setError)} aria-label=${t("page.games.open_room", { code: g.room })}>${t("page.games.open")}</button>
    </li>`)}</ul>
    ${error && html`<p class="error" role="alert">${said(error)}</p>`}
    ${allowed === "default" && html`<p><button type="button" onClick=${ask}>${t("page.games.allow")}</button></p>`}
  </section>`;
}
