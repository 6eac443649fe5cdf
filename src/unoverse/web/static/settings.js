// The player's settings, kept in this browser: hints, sound (every sound of the table, one
// switch: sound.js), the tab-title alert, the chat.
import { html, useEffect, useState } from "./vendor/preact-htm.js";

const KEY = "unoverse.settings";
const DEFAULTS = { hints: true, sound: true, titleAlert: true, chat: true };
const LABELS = {
  hints: "Highlight the cards you can play",
  sound: "Sounds: cards played and drawn, UNO, a catch, your turn, a win",
  titleAlert: "Show it in the tab's title when it is your turn",
  chat: "Show the chat",
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
  localStorage.setItem(KEY, JSON.stringify(current));
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

/** The settings as checkboxes. */
export function Settings() {
  const settings = useSettings();
  return html`<details class="panel settings">
    <summary>Settings</summary>
    ${Object.keys(DEFAULTS).map(
      (name) => html`<label class="check">
        <input type="checkbox" checked=${settings[name]} onChange=${(e) => setSetting(name, e.target.checked)} />
        ${LABELS[name]}
      </label>`,
    )}
  </details>`;
}
