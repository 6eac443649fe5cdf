// An account's profile (`/?player=NAME`: its ratings per variant, each with its history
// plotted, the rounds it played and won, its finished games to replay) and a variant's
// leaderboard (`/?leaderboard=VARIANT`). docs/accounts.md says what the server gives.
import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { api, said } from "./net.js";
import { profileLink } from "./account.js";
import { variantName } from "./options.js";
import { Settings } from "./settings.js";
import { t, tn, useTitle } from "./words.js";

/** The variants a leaderboard can be asked for, in the lobby's order. */
const BOARDS = ["classic", "minecraft", "attack", "full_spectrum", "blast"];

/** A rating's history as a line: the rating after each rated round, oldest first. */
function HistoryPlot({ points, label }) {
  if (points.length < 2) return null;
  const width = 320;
  const height = 96;
  const pad = 6;
  const values = points.map((p) => p.rating);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = Math.max(1, high - low);
  const x = (i) => pad + (i * (width - 2 * pad)) / (points.length - 1);
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / span;
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  return html`<figure class="rating-plot">
    <svg viewBox="0 0 ${width} ${height}" role="img" aria-label=${label} preserveAspectRatio="none">
      <path d=${line} fill="none" stroke="currentColor" stroke-width="2" vector-effect="non-scaling-stroke" />
    </svg>
    <figcaption class="muted small">${t("page.profile.range", { low, high, n: points.length })}</figcaption>
  </figure>`;
}

export function Profile({ name }) {
  const [found, setFound] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    setFound(null);
    api("GET", `/api/players/${encodeURIComponent(name)}`).then(setFound, setError);
  }, [name]);
  useTitle("page.profile.title", { name });
  return html`<main class="lobby">
    <header class="brand"><h1><a href="/">unoverse</a></h1></header>
    <section class="panel" aria-labelledby="profile">
      <h2 id="profile">${found ? found.name : name} ${found && found.kind === "bot" && html`<span class="badge">${t("page.waiting.bot")}</span>`}</h2>
      ${error && html`<p class="error" role="alert">${said(error)}</p>`}
      ${!found && !error && html`<p>${t("page.loading")}</p>`}
      ${found && html`<p>${tn("page.profile.played", found.played, { won: found.won })}</p>`}
      ${found && found.ratings.length === 0 && html`<p class="muted">${t("page.profile.unrated")}</p>`}
      ${found && found.ratings.map((r) => html`<section class="rating" aria-label=${variantName(r.variant)}>
        <h3>${variantName(r.variant)}: <span class="rating-value">${r.rating}</span></h3>
        <p class="muted small">${`${tn("page.profile.rated_rounds", r.games, { wins: r.wins })} · `}<a href=${`/?leaderboard=${r.variant}`}>${t("page.profile.board")}</a></p>
        <${HistoryPlot} points=${r.history} label=${t("page.profile.plot", { variant: variantName(r.variant) })} />
      </section>`)}
    </section>
    ${found && html`<section class="panel" aria-labelledby="games">
      <h2 id="games">${t("page.profile.games")}</h2>
      ${found.games.length === 0
        ? html`<p class="muted">${t("page.profile.no_games")}</p>`
        : html`<ul class="rooms">${found.games.map((g) => html`<li>
            <div><strong>${variantName(g.variant)}</strong> <code>${g.room}</code>
              <span class="muted"> · ${tn("page.profile.players", g.players)} · ${t(g.won ? "page.profile.won" : "page.profile.lost")}${g.rated ? ` · ${t("page.profile.rated")}` : ""}</span></div>
            <a class="button" href=${`/?room=${g.room}&game=${g.game}`}>${t("page.profile.replay")}</a>
          </li>`)}</ul>`}
    </section>`}
    <p><a href="/">${t("page.back")}</a></p>
    <${Settings} />
  </main>`;
}

export function Leaderboard({ variant }) {
  const [board, setBoard] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    setBoard(null);
    setError(null);
    api("GET", `/api/leaderboard/${encodeURIComponent(variant)}`).then(setBoard, setError);
  }, [variant]);
  useTitle("page.board.title", { variant: variantName(variant) });
  return html`<main class="lobby">
    <header class="brand"><h1><a href="/">unoverse</a></h1></header>
    <section class="panel" aria-labelledby="board">
      <h2 id="board">${t("page.board.heading", { variant: variantName(variant) })}</h2>
      <nav class="row" aria-label=${t("page.board.variants")}>
        ${BOARDS.map((v) => html`<a href=${`/?leaderboard=${v}`} aria-current=${v === variant ? "page" : undefined}>${variantName(v)}</a>`)}
      </nav>
      ${error && html`<p class="error" role="alert">${said(error)}</p>`}
      ${!board && !error && html`<p>${t("page.loading")}</p>`}
      ${board && board.players.length === 0 && html`<p class="muted">${t("page.board.empty")}</p>`}
      ${board && board.players.length > 0 && html`<div class="board-wrap"><table class="board">
        <thead><tr><th scope="col">#</th><th scope="col">${t("page.board.player")}</th>
          <th scope="col">${t("page.board.rating")}</th><th scope="col" class="board-count">${t("page.board.rounds")}</th><th scope="col" class="board-count">${t("page.board.wins")}</th></tr></thead>
        <tbody>${board.players.map((p) => html`<tr>
          <td>${p.rank}</td><td><a href=${profileLink(p.name)}>${p.name}</a>${p.kind === "bot" ? ` (${t("page.waiting.bot")})` : ""}
            <span class="board-record muted small">${tn("page.profile.rated_rounds", p.games, { wins: p.wins })}</span></td>
          <td>${p.rating}</td><td class="board-count">${p.games}</td><td class="board-count">${p.wins}</td></tr>`)}</tbody>
      </table></div>`}
    </section>
    <p><a href="/">${t("page.back")}</a></p>
    <${Settings} />
  </main>`;
}
