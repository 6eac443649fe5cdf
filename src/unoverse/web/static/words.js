// Every word the page shows, in the player's language: the catalogue the server serves
// (/static/i18n/<language>.json, compiled from the same gettext catalogues the terminal game
// and the Python log read: unoverse.i18n). A message is named by its key and filled by name
// (`t("log.uno", { who })`); a message with a count has the forms one and other (`tn`).
// The language is the one the player chose in the settings, else the browser's first one we
// speak, else English.
import { useEffect } from "./vendor/preact-htm.js";

/** The languages the catalogues are complete in, each named in itself. */
export const LANGUAGES = { en: "English", es: "Español" };
const STORED = "unoverse.language";

let catalogue = { language: "en", messages: {} };
let plural = new Intl.PluralRules("en");

/** The language to speak: the stored choice, else the browser's, else English. */
export function chosenLanguage() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORED);
  } catch {
    // storage refused (a private window): the browser's language decides
  }
  if (stored in LANGUAGES) return stored;
  for (const tag of navigator.languages || [navigator.language]) {
    const code = String(tag).split("-")[0].toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return "en";
}

/** Remember `language` as the player's choice (the page reloads to speak it). */
export function storeLanguage(language) {
  try {
    localStorage.setItem(STORED, language);
  } catch {
    // not kept: this page still switches
  }
}

/** Fetch `language`'s catalogue and speak it from now on. */
export async function loadWords(language = chosenLanguage()) {
  const response = await fetch(`/static/i18n/${language}.json`);
  if (!response.ok) throw new Error(`no catalogue for ${language}`);
  catalogue = await response.json();
  plural = new Intl.PluralRules(catalogue.language);
  document.documentElement.lang = catalogue.language;
  return catalogue.language;
}

/** The language the page speaks now. */
export const language = () => catalogue.language;

/** Whether the catalogue has `key`. */
export const has = (key) => key in catalogue.messages;

const fill = (text, fields) =>
  text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));

/** The message `key` with `fields` filled in (the key itself if the catalogue lacks it). */
export function t(key, fields = {}) {
  const text = catalogue.messages[key];
  if (text === undefined) return key;
  return fill(Array.isArray(text) ? text[1] : text, fields);
}

/** The message `key` in the form for `n` (`{n}` is the count). */
export function tn(key, n, fields = {}) {
  const forms = catalogue.messages[key];
  if (forms === undefined) return key;
  const text = Array.isArray(forms) ? forms[plural.select(n) === "one" ? 0 : 1] : forms;
  return fill(text, { n, ...fields });
}

/** The tab's title: message `key` filled with `fields`, in the language spoken. */
export function useTitle(key, fields = {}) {
  const text = t(key, fields);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
