// The player's settings, kept in this browser: hints, sound, the tab-title alert, the chat.
import { html, useEffect, useState } from "./vendor/preact-htm.js";

const KEY = "unoverse.settings";
const DEFAULTS = { hints: true, sound: true, titleAlert: true, chat: true };
const LABELS = {
  hints: "Highlight the cards you can play",
  sound: "A sound when it is your turn",
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

/** A short two-note chime made on the spot (no sound file to load). */
export function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  const audio = (chime.audio ||= new Context());
  const now = audio.currentTime;
  [660, 880].forEach((frequency, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + i * 0.12);
    gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.2);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + i * 0.12);
    osc.stop(now + i * 0.12 + 0.22);
  });
}
