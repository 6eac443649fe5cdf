// The player's settings, kept in this browser: the language, hints, sound (every sound of the
// table, one switch: sound.js), the tab-title alert, the chat. A new language is stored
// (words.js), its catalogue loaded, and the page re-rendered in it where it stands: a
// table, a form half filled in and a connection survive the switch.
import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { LANGUAGES, language, loadWords, storeLanguage, t } from "./words.js";

const KEY = "unoverse.settings";
const DEFAULTS = { hints: true, sound: true, titleAlert: true, chat: true };
/** Each switch's words in the catalogue. */
const LABELS = {
  hints: "page.settings.hints",
  sound: "page.settings.sound",
  titleAlert: "page.settings.title_alert",
  chat: "page.settings.chat",
};

const listeners = new Set();
let current = load();

function load() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

export function setSetting(name, value) {
  current = { ...current, [name]: value };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // not kept: this page still follows it
  }
  for (const listener of listeners) listener(current);
}

/** The settings, re-rendering the component when they change. */
export function useSettings() {
  const [settings, set] = useState(current);
  useEffect(() => {
    listeners.add(set);
    return () => listeners.delete(set);
  }, []);
  return settings;
}

const speakers = new Set();

/** Speak `lang` from now on: remembered, its catalogue loaded, every `useLanguage` re-rendered. */
export async function switchLanguage(lang) {
  storeLanguage(lang);
  const spoken = await loadWords(lang);
  for (const listener of speakers) listener(spoken);
  return spoken;
}

/** The language spoken, re-rendering the component when it changes (the page's root uses it,
 * so the whole page is drawn again in the new words). */
export function useLanguage() {
  const [spoken, set] = useState(language());
  useEffect(() => {
    speakers.add(set);
    return () => speakers.delete(set);
  }, []);
  return spoken;
}

/** The settings: the language, then the switches. */
export function Settings() {
  const settings = useSettings();
  const spoken = useLanguage();
  const [failed, setFailed] = useState(false);
  const choose = (lang) => {
    setFailed(false);
    switchLanguage(lang).catch(() => setFailed(true));
  };
  return html`<details class="panel settings">
    <summary>${t("page.settings.heading")}</summary>
    <label class="field language">
      <span>${t("page.settings.language")}</span>
      <select value=${spoken} onChange=${(e) => choose(e.target.value)}>
        ${Object.entries(LANGUAGES).map(([code, name]) => html`<option value=${code} lang=${code}>${name}</option>`)}
      </select>
    </label>
    ${failed && html`<p class="error" role="alert">${t("page.settings.language_failed")}</p>`}
    ${Object.keys(DEFAULTS).map(
      (name) => html`<label class="check">
        <input type="checkbox" checked=${settings[name]} onChange=${(e) => setSetting(name, e.target.checked)} />
        ${t(LABELS[name])}
      </label>`,
    )}
  </details>`;
}
