// The rules panel: how to play the room's variant (written in docs/rules/, turned into
// rules.json by tools/web_rules.py), the rules in force at this table, and the walkthrough
// of a first game. rules.json holds one entry per language ({"en": ..., "es": ...}, each
// {variants, first_game}); the page's language (<html lang>) picks one, English otherwise.
import { html, useEffect, useState } from "./vendor/preact-htm.js";

/** The panel's own words, per language (English for any other). */
const WORDS = {
  en: {
    failed: "The rules could not be loaded.",
    loadingRules: "Loading the rules…",
    loading: "Loading…",
    inForce: "The rules in force at this table",
    newHere: "New here? Your first game, step by step",
  },
  es: {
    failed: "No se han podido cargar las reglas.",
    loadingRules: "Cargando las reglas…",
    loading: "Cargando…",
    inForce: "Las reglas que rigen en esta mesa",
    newHere: "¿Eres nuevo? Tu primera partida, paso a paso",
  },
};

/** The page's language ("es-ES" reads as "es"), or "en" when it has none. */
function language() {
  const lang = (document.documentElement.lang || "en").toLowerCase().split("-")[0];
  return lang || "en";
}

function words() {
  return WORDS[language()] || WORDS.en;
}

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
  const say = words();
  useEffect(() => {
    load().then((all) => setData(pagesOf(all)), () => setError(words().failed));
  }, []);
  if (error) return html`<p class="error">${error}</p>`;
  if (!data) return html`<p>${say.loadingRules}</p>`;
  const page = data.variants[variant];
  const inForce = Object.entries(rules || {});
  return html`<article class="rules">
    <h2>${page ? page.title : variant}</h2>
    ${page && html`<div class="rules-text" dangerouslySetInnerHTML=${{ __html: page.html }}></div>`}
    ${inForce.length > 0 && html`<details><summary>${say.inForce}</summary>
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
  const say = words();
  useEffect(() => {
    load().then((all) => setData(pagesOf(all)), () => setData(null));
  }, []);
  return html`<details class="panel walkthrough">
    <summary>${say.newHere}</summary>
    ${data
      ? html`<div class="rules-text" dangerouslySetInnerHTML=${{ __html: data.first_game.html }}></div>`
      : html`<p>${say.loading}</p>`}
  </details>`;
}
