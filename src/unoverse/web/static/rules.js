// The rules panel: how to play the room's variant (written in docs/rules/, turned into
// rules.json by tools/web_rules.py), the rules in force at this table, and the walkthrough
// of a first game.
import { html, useEffect, useState } from "./vendor/preact-htm.js";

let loaded = null;
function load() {
  loaded ||= fetch("/static/rules.json").then((r) => r.json());
  return loaded;
}

export function RulesPanel({ variant, rules }) {
  const [data, setData] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => {
    load().then(setData, () => setError("The rules could not be loaded."));
  }, []);
  if (error) return html`<p class="error">${error}</p>`;
  if (!data) return html`<p>Loading the rules…</p>`;
  const page = data.variants[variant];
  const inForce = Object.entries(rules || {});
  return html`<article class="rules">
    <h2>${page ? page.title : variant}</h2>
    ${page && html`<div class="rules-text" dangerouslySetInnerHTML=${{ __html: page.html }}></div>`}
    ${inForce.length > 0 && html`<details><summary>The rules in force at this table</summary>
      <dl class="in-force">${inForce.map(([k, v]) => html`<dt><code>${k}</code></dt><dd>${String(v)}</dd>`)}</dl>
    </details>`}
    <details><summary>${data.first_game.title}</summary>
      <div class="rules-text" dangerouslySetInnerHTML=${{ __html: data.first_game.html }}></div>
    </details>
  </article>`;
}

/** The first-game walkthrough, for the lobby. */
export function Walkthrough() {
  const [data, setData] = useState(null);
  useEffect(() => {
    load().then(setData, () => setData(null));
  }, []);
  return html`<details class="panel walkthrough">
    <summary>New here? Your first game, step by step</summary>
    ${data
      ? html`<div class="rules-text" dangerouslySetInnerHTML=${{ __html: data.first_game.html }}></div>`
      : html`<p>Loading…</p>`}
  </details>`;
}
