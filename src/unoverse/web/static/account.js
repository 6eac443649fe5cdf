// The signed-in account (docs/accounts.md): who the browser is signed in as (GET
// /api/session, asked once per page load), signing up, in and out, and the panel the lobby shows for it.
// The session itself is an HttpOnly cookie the page never sees; the page keeps only the
// session's token against forgery, which net.js sends with every request that changes
// something. A guest keeps playing under a name, as before.
import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { api, said, signedInWith } from "./net.js";
import { t } from "./words.js";

/** {name, shown, csrf} when signed in, null for a guest, undefined until known. */
let current;
const listeners = new Set();
let asking = null;

function set(me) {
  current = me;
  signedInWith(me ? me.csrf : null);
  for (const listener of listeners) listener(me);
}

/** The account the browser is signed in as (asked once), re-rendering on every change. */
export function useAccount() {
  const [me, setMe] = useState(current);
  useEffect(() => {
    listeners.add(setMe);
    setMe(current); // (the answer may have come between this render and this effect)
    if (current === undefined && !asking) {
      asking = api("GET", "/api/session").then((state) => set(state.signed_in ? state : null), () => set(null)).finally(() => {
        asking = null;
      });
    }
    return () => listeners.delete(setMe);
  }, []);
  return me;
}

export async function signUp(name, password) {
  set(await api("POST", "/api/accounts", { name, password }));
}

export async function logIn(name, password) {
  set(await api("POST", "/api/session", { name, password }));
}

export async function logOut() {
  await api("DELETE", "/api/session");
  set(null);
}

/** Where an account's profile is. */
export const profileLink = (name) => `/?player=${encodeURIComponent(name)}`;

/**
 * The lobby's "you" panel: the account signed in (its profile, a log-out), or for a guest
 * the name to play under and a form to sign in or make an account.
 */
export function AccountPanel({ name, setName }) {
  const me = useAccount();
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const act = (what) => async (event) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await what(account.trim(), password);
      setPassword("");
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  if (me)
    return html`<section class="panel" aria-labelledby="you">
      <h2 id="you">${t("page.account.heading")}</h2>
      <p class="row signed-in">
        <span>${t("page.account.signed_in_as")} <a href=${profileLink(me.name)}><strong>${me.name}</strong></a></span>
        <button type="button" onClick=${() => logOut().catch(setError)}>${t("page.account.log_out")}</button>
      </p>
      <p><a href="/?leaderboard=classic">${t("page.account.boards")}</a></p>
      ${error && html`<p class="error" role="alert">${said(error)}</p>`}
    </section>`;
  return html`<section class="panel" aria-labelledby="you">
    <h2 id="you">${t("page.name.heading")}</h2>
    <label class="field">
      <span>${t("page.name.label")}</span>
      <input value=${name} maxlength="24" autocomplete="nickname" placeholder=${t("page.name.placeholder")}
        onInput=${(e) => setName(e.target.value)} />
    </label>
    <details class="sign-in">
      <summary>${t("page.account.offer")}</summary>
      <form onSubmit=${act(logIn)}>
        <div class="grid">
          <label class="field"><span>${t("page.account.name")}</span>
            <input value=${account} maxlength="24" autocomplete="username" required onInput=${(e) => setAccount(e.target.value)} /></label>
          <label class="field"><span>${t("page.account.password")}</span>
            <input type="password" value=${password} minlength="8" maxlength="256" autocomplete="current-password" required
              onInput=${(e) => setPassword(e.target.value)} /></label>
        </div>
        <p class="muted small">${t("page.account.about")}</p>
        <div class="row">
          <button class="primary" type="submit" disabled=${busy}>${t("page.account.log_in")}</button>
          <button type="button" disabled=${busy} onClick=${(e) => e.target.form.reportValidity() && act(signUp)(e)}>${t("page.account.sign_up")}</button>
        </div>
        ${error && html`<p class="error" role="alert">${said(error)}</p>`}
      </form>
    </details>
    <p><a href="/?leaderboard=classic">${t("page.account.boards")}</a></p>
  </section>`;
}
