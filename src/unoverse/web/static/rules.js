// The rules panel: how to play the room's variant (written in docs/rules/, turned into
// rules.json by tools/web_rules.py), the rules in force at this table, and the walkthrough
// of a first game. rules.json holds one entry per language ({"en": ..., "es": ...}, each
// {variants, first_game}); the page's language (words.js) picks one, English otherwise.
import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { language, t } from "./words.js";

let loaded = null;
function load() {
  loaded ||= fetch("/static/rules.json").then((r) => r.json());
  return loaded;
}

/** The pages in the page's language, the English ones where rules.json has no such entry. */
function pagesOf(data) {
  return data[language()] || data.en;
}

export function RulesPanel({ variant, rules }) {
  const [data, setData] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => {
    load().then((all) => setData(pagesOf(all)), () => setError(t("rules.failed")));
  }, []);
  if (error) return html`<p class="error">${error}</p>`;
  if (!data) return html`<p>${t("rules.loading_rules")}</p>`;
  const page = data.variants[variant];
  const inForce = Object.entries(rules || {});
  return html`<article class="rules">
    <h2>${page ? page.title : variant}</h2>
    ${page && html`<div class="rules-text" dangerouslySetInnerHTML=${{ __html: page.html }}></div>`}
    ${inForce.length > 0 && html`<details><summary>${t("rules.in_force")}</summary>
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
    load().then((all) => setData(pagesOf(all)), () => setData(null));
  }, []);
  return html`<details class="panel walkthrough">
    <summary>${t("rules.new_here")}</summary>
    ${data
      ? html`<div class="rules-text" dangerouslySetInnerHTML=${{ __html: data.first_game.html }}></div>`
      : html`<p>${t("rules.loading")}</p>`}
  </details>`;
}
