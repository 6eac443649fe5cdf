// The page: the lobby (a name or an account, a room to create or join, the public rooms), a
// room's waiting table, the table in play (table.js), the replay of finished games
// (replay.js), and profiles and leaderboards (profile.js). The address says where you are:
// `/`, `/?room=CODE`, `/?room=CODE&game=ID`, `/?player=NAME`, `/?leaderboard=VARIANT`.
// Every word comes from the catalogue (words.js: `page.*`; options.js: `variant.*` / `option.*`
// for the variants and their options); switching the language in the settings re-renders the
// page in place.
import { html, render, useEffect, useMemo, useReducer, useState } from "./vendor/preact-htm.js";
import { initial, reduce, seatName } from "./game.js";
import { Connection, api, byeText, said, seats } from "./net.js";
import { Table } from "./table.js";
import { Replay } from "./replay.js";
import { AccountPanel, useAccount } from "./account.js";
import { Leaderboard, Profile } from "./profile.js";
import { YourGames } from "./games.js";
import { Settings, useLanguage, useSettings } from "./settings.js";
import { Walkthrough } from "./rules.js";
import { StoredResults } from "./results.js";
import { optionHelp, optionName, optionsSaid, optionValue, rulesSaid, variantName, variantTitle } from "./options.js";
import { has, loadWords, t, tn, useTitle } from "./words.js";

const TIMERS = ["off", "relaxed", "normal", "fast", "hour", "day", "three_days"];
const SPEEDS = ["relaxed", "normal", "fast"];
const BOTS = ["player", "easy", "normal", "hard"];

const params = () => new URLSearchParams(location.search);

/** The variants and their options (GET /api/variants), fetched once (again after a failure). */
let variantsLoad = null;
function variants() {
  variantsLoad ||= api("GET", "/api/variants").catch((e) => {
    variantsLoad = null;
    throw e;
  });
  return variantsLoad;
}

/** The lobby's quick starts, as the variants declare them (`quick_starts` of GET
 * /api/variants, in the variants' order): a preset and the catalogue's name for it
 * (`page.preset.<id>.title|line`). */
const quickStarts = (catalog) => catalog.flatMap((v) => v.quick_starts);

/** A room's line: its variant, its timer, its bots' pace, its house rules. */
function roomLine(room) {
  const parts = [t(`page.room.timer.${room.timer}`)];
  if (room.bot_speed) parts.push(t(`page.room.pace.${room.bot_speed}`));
  parts.push(optionsSaid(room.options));
  return parts.join(" · ");
}

/**
 * A message whose fields are elements: `rich("page.room.heading", {code: html`<code>…</code>`})`
 * (the catalogue places the field, the page draws it).
 */
function rich(key, fields) {
  const marks = Object.fromEntries(Object.keys(fields).map((name) => [name, `\uE010${name}\uE010`]));
  return t(key, marks)
    .split(/\uE010(\w+)\uE010/)
    .map((part, i) => (i % 2 ? fields[part] : part))
    .filter((part) => part !== "");
}

function go(query) {
  history.pushState(null, "", query ? `/?${query}` : "/");
  dispatchEvent(new PopStateEvent("popstate"));
}

function App() {
  const lang = useLanguage();
  const [query, setQuery] = useState(location.search);
  useEffect(() => {
    const changed = () => setQuery(location.search);
    addEventListener("popstate", changed);
    return () => removeEventListener("popstate", changed);
  }, []);
  useEffect(() => {
    const description = document.querySelector('meta[name="description"]');
    if (description) description.content = t("page.description");
  }, [lang]);
  const p = useMemo(() => new URLSearchParams(query), [query]);
  if (p.get("player")) return html`<${Profile} name=${p.get("player")} key=${p.get("player")} />`;
  if (p.get("leaderboard")) return html`<${Leaderboard} variant=${p.get("leaderboard")} />`;
  if (p.get("room") && p.get("game")) return html`<${Replay} room=${p.get("room").toUpperCase()} game=${Number(p.get("game"))} onLeave=${() => go("")} />`;
  if (p.get("room")) return html`<${Room} code=${p.get("room").toUpperCase()} key=${p.get("room")} />`;
  return html`<${Lobby} />`;
}

// -- the lobby -------------------------------------------------------------------------------
function useName() {
  const [name, setName] = useState(localStorage.getItem("unoverse.name") || "");
  const save = (value) => {
    setName(value);
    localStorage.setItem("unoverse.name", value);
  };
  return [name, save];
}

function Lobby() {
  const [name, setName] = useName();
  const me = useAccount();
  const [error, setError] = useState(null);
  const [code, setCode] = useState("");
  const [catalog, setCatalog] = useState(null);
  const [failed, setFailed] = useState(null);
  useTitle("page.title");
  useEffect(() => {
    variants().then(setCatalog, setFailed);
  }, []);
  const join = async (room) => {
    setError(null);
    const wanted = room.trim().toUpperCase();
    if (!wanted) return setError("page.join.no_code");
    go(`room=${encodeURIComponent(wanted)}`);
  };
  // the lobby shows once the variants are in: drawn in one go, nothing below it moves later
  if (!catalog && !failed) return html`<p class="status">${t("page.loading")}</p>`;
  return html`
    <main class="lobby">
      <header class="brand">
        <h1>unoverse</h1>
        <p>${t("page.tagline")}</p>
      </header>
      <${AccountPanel} name=${name} setName=${setName} />
      ${me && html`<${YourGames} go=${go} name=${me.name} />`}
      <${CreateRoom} name=${name} catalog=${catalog} failed=${failed} />
      <section class="panel" aria-labelledby="join">
        <h2 id="join">${t("page.join.heading")}</h2>
        <form class="row" onSubmit=${(e) => { e.preventDefault(); join(code); }}>
          <label class="field grow">
            <span>${t("page.join.code")}</span>
            <input value=${code} maxlength="16" autocapitalize="characters" placeholder="K7QPZ2MX"
              onInput=${(e) => setCode(e.target.value)} />
          </label>
          <button class="primary" type="submit">${t("page.join.open")}</button>
        </form>
      </section>
      ${error && html`<p class="error" role="alert">${said(error)}</p>`}
      <${PublicRooms} />
      <${Walkthrough} />
      <${Settings} />
    </main>
  `;
}

function CreateRoom({ name, catalog, failed }) {
  const [error, onError] = useState(failed);
  const [variant, setVariant] = useState("classic");
  const [values, setValues] = useState({});
  const [players, setPlayers] = useState(4);
  const [kinds, setKinds] = useState({ 1: "normal", 2: "normal", 3: "normal" });
  const [timer, setTimer] = useState("off");
  const [botSpeed, setBotSpeed] = useState("normal");
  const [isPublic, setPublic] = useState(false);
  const [spectators, setSpectators] = useState(true);
  const [rated, setRated] = useState(false);
  const [busy, setBusy] = useState(false);
  const me = useAccount();
  const spec = catalog && catalog.find((v) => v.name === variant);

  const choosePreset = (preset) => {
    const [name, ...parts] = preset.split("+");
    const chosen = {};
    for (const part of parts) {
      const [key, value] = part.split("=");
      chosen[key] = value === undefined ? true : value;
    }
    setVariant(name);
    setValues(chosen);
  };
  /** The options set off their defaults: [option, value] (its type's value, as the server lists them). */
  const chosen = () =>
    spec.options.flatMap((option) => {
      const given = values[option.short] ?? values[option.name];
      const value = given === undefined ? option.default : typed(option, given);
      return value === option.default ? [] : [[option, value]];
    });
  const preset = () =>
    [variant, ...chosen().map(([o, value]) => (value === true ? o.short : `${o.short}=${value ?? "none"}`))].join("+");
  const create = async (event) => {
    event.preventDefault();
    onError(null);
    if (!me && !name.trim()) return onError("page.create.no_name");
    const bots = {};
    for (let seat = 1; seat < players; seat++) {
      const kind = kinds[seat] || "player";
      if (kind !== "player") bots[seat] = kind;
    }
    setBusy(true);
    try {
      const joined = await api("POST", "/api/rooms", {
        ...(me ? {} : { name: name.trim() }),
        preset: preset(),
        seats: players,
        timer,
        bot_speed: botSpeed,
        public: isPublic,
        spectators,
        rated: Boolean(me && rated),
        bots,
      });
      seats.forget(joined.room);
      seats.set(joined.room, { seat: joined.seat, token: joined.token, name: me ? me.name : name.trim() });
      go(`room=${joined.room}`);
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  if (!catalog || !spec)
    return html`<section class="panel"><h2>${t("page.create.heading")}</h2><p>${error ? said(error) : t("page.loading")}</p></section>`;
  const set = (short, value) => setValues({ ...values, [short]: value });
  const first = ["scoring", "target_score"];
  const options = [...spec.options].sort((a, b) => first.indexOf(b.short) - first.indexOf(a.short));
  const title = variantTitle(spec.name, spec.title);
  return html`
    <section class="panel" aria-labelledby="create">
      <h2 id="create">${t("page.create.heading")}</h2>
      <div class="presets" role="group" aria-label=${t("page.create.presets")}>
        ${quickStarts(catalog).map(
          ({ preset: p, id }) => html`<button type="button" class="preset" onClick=${() => choosePreset(p)}
            aria-pressed=${String(samePreset(preset(), p))}><strong>${t(`page.preset.${id}.title`)}</strong><span>${t(`page.preset.${id}.line`)}</span></button>`,
        )}
      </div>
      <form onSubmit=${create}>
        <div class="grid">
          <label class="field">
            <span>${t("page.create.variant")}</span>
            <select value=${variant} onChange=${(e) => { setVariant(e.target.value); setValues({}); }}>
              ${catalog.map((v) => html`<option value=${v.name}>${has(`variant.${v.name}.name`) ? variantName(v.name) : v.title}</option>`)}
            </select>
          </label>
          <label class="field">
            <span>${t("page.create.seats")}</span>
            <select value=${players} onChange=${(e) => setPlayers(Number(e.target.value))}>
              ${range(spec.min_players, spec.max_players).map((n) => html`<option value=${n}>${n}</option>`)}
            </select>
          </label>
          <label class="field">
            <span>${t("page.create.timer")}</span>
            <select value=${timer} onChange=${(e) => setTimer(e.target.value)}>
              ${TIMERS.map((v) => html`<option value=${v}>${t(`page.timer.${v}`)}</option>`)}
            </select>
          </label>
          <label class="field">
            <span>${t("page.create.pace")}</span>
            <select value=${botSpeed} onChange=${(e) => setBotSpeed(e.target.value)}>
              ${SPEEDS.map((v) => html`<option value=${v}>${t(`page.pace.${v}`)}</option>`)}
            </select>
          </label>
        </div>
        <p class="variant-about"><strong>${title}</strong>
          ${has(`variant.${spec.name}.about`) && html`<br /><span>${t(`variant.${spec.name}.about`)}</span>`}</p>
        <fieldset class="seats-setup">
          <legend>${t("page.create.who_sits")}</legend>
          ${range(1, players - 1).map(
            (seat) => html`<label class="field">
              <span>${t("page.create.seat", { n: seat + 1 })}</span>
              <select value=${kinds[seat] || "player"} onChange=${(e) => setKinds({ ...kinds, [seat]: e.target.value })}>
                ${BOTS.map((v) => html`<option value=${v}>${t(`page.create.sitter.${v}`)}</option>`)}
              </select>
            </label>`,
          )}
        </fieldset>
        <details class="options">
          <summary>${t("page.create.rules", { variant: variantName(spec.name) })}</summary>
          ${options.map((o) => html`<${OptionField} option=${o} variant=${spec.name} value=${values[o.short] ?? values[o.name]} onChange=${(v) => set(o.short, v)} />`)}
        </details>
        <div class="row">
          <label class="check"><input type="checkbox" checked=${isPublic} onChange=${(e) => setPublic(e.target.checked)} /> ${t("page.create.public")}</label>
          <label class="check"><input type="checkbox" checked=${spectators} onChange=${(e) => setSpectators(e.target.checked)} /> ${t("page.create.spectators")}</label>
          <label class="check"><input type="checkbox" checked=${Boolean(me && rated)} disabled=${!me} aria-describedby="rated-help"
            onChange=${(e) => setRated(e.target.checked)} /> ${t("page.create.rated")}</label>
        </div>
        <p class="muted small" id="rated-help">${t(me ? "page.create.rated_help" : "page.create.rated_sign_in")}</p>
        <p class="preset-line">${t("page.create.preset", { rules: rulesSaid(variant, Object.fromEntries(chosen().map(([o, value]) => [o.name, value]))) })}</p>
        <button class="primary" type="submit" disabled=${busy}>${t("page.create.submit")}</button>
        ${error && html`<p class="error" role="alert">${said(error)}</p>`}
      </form>
    </section>
  `;
}

function OptionField({ option, variant, value, onChange }) {
  const current = value ?? option.default;
  const id = `opt-${option.name}`;
  const help = `${id}-help`;
  let input;
  if (option.type === "bool") {
    input = html`<input id=${id} type="checkbox" aria-describedby=${help} checked=${current === true || current === "true"}
      onChange=${(e) => onChange(e.target.checked)} />`;
  } else if (option.type === "choice") {
    input = html`<select id=${id} aria-describedby=${help} value=${current} onChange=${(e) => onChange(e.target.value)}>
      ${option.choices.map((c) => html`<option value=${c}>${optionValue(option.name, c)}</option>`)}
    </select>`;
  } else {
    input = html`<input id=${id} type="number" aria-describedby=${help} min=${option.minimum} max=${option.maximum}
      value=${current ?? ""} placeholder=${option.type === "optional_int" ? t("page.option.empty") : ""}
      onInput=${(e) => onChange(e.target.value === "" ? (option.type === "optional_int" ? "none" : option.default) : e.target.value)} />`;
  }
  return html`<div class=${`option ${option.type === "bool" ? "bool" : ""}`}>
    <label for=${id}>${optionName(option.name)}</label>
    ${input}
    <p class="help" id=${help}>${optionHelp(option, variant)}</p>
  </div>`;
}

function PublicRooms() {
  const [rooms, setRooms] = useState(null);
  useEffect(() => {
    let alive = true;
    const load = () => api("GET", "/api/rooms").then((r) => alive && setRooms(r.rooms), () => alive && setRooms([]));
    load();
    const timer = setInterval(load, 5000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, []);
  return html`
    <section class="panel" aria-labelledby="public">
      <h2 id="public">${t("page.public.heading")}</h2>
      ${rooms === null
        ? html`<p>${t("page.loading")}</p>`
        : rooms.length === 0
          ? html`<p>${t("page.public.none")}</p>`
          : html`<ul class="rooms">
              ${rooms.map(
                (r) => html`<li>
                  <div>
                    <strong>${variantName(r.variant)}</strong> <code>${r.code}</code>
                    <span class="muted"> · ${tn("page.room.free", r.free, { seats: r.seats.length })}${r.started ? ` · ${t("page.public.playing")}` : ""}</span>
                    <div class="muted small">${roomLine(r)}</div>
                  </div>
                  <div class="row">
                    ${r.free > 0 && !r.started && html`<button onClick=${() => go(`room=${r.code}`)}
                      aria-label=${t("page.public.join_room", { code: r.code })}>${t("page.public.join")}</button>`}
                    ${r.spectators && html`<button onClick=${() => go(`room=${r.code}&watch=1`)}
                      aria-label=${t("page.public.watch_room", { code: r.code })}>${t("page.public.watch")}</button>`}
                  </div>
                </li>`,
              )}
            </ul>`}
    </section>
  `;
}

// -- a room ----------------------------------------------------------------------------------
function Room({ code }) {
  const [held, setHeld] = useState(() => seats.get(code));
  const watch = params().get("watch") === "1";
  if (!held && !watch) return html`<${JoinRoom} code=${code} onJoined=${setHeld} />`;
  return html`<${Play} code=${code} held=${watch ? null : held} onLeft=${() => { seats.forget(code); go(""); }} />`;
}

function JoinRoom({ code, onJoined, refusal = null }) {
  const [name, setName] = useName();
  const me = useAccount();
  const [room, setRoom] = useState(null);
  const [error, setError] = useState(null);
  const [catalog, setCatalog] = useState(null);
  useEffect(() => {
    api("GET", `/api/rooms/${encodeURIComponent(code)}`).then(setRoom, setError);
  }, [code]);
  const finished = room && (room.ended || room.results);
  useEffect(() => {
    if (finished) variants().then(setCatalog, () => setCatalog([]));
  }, [finished]);
  useTitle("page.room.title", { code });
  const join = async (event) => {
    event.preventDefault();
    setError(null);
    try {
      const joined = await api("POST", `/api/rooms/${code}/join`, me ? {} : { name: name.trim() });
      const held = { seat: joined.seat, token: joined.token, name: me ? me.name : name.trim() };
      seats.forget(code);
      seats.set(code, held);
      onJoined(held);
    } catch (e) {
      setError(e);
    }
  };
  const seatsLine = room && (finished ? tn("page.room.seats", room.seats.length) : tn("page.room.free", room.free, { seats: room.seats.length }));
  return html`<main class="lobby">
    <header class="brand"><h1><a href="/">unoverse</a></h1></header>
    <section class="panel" aria-labelledby="joining">
      <h2 id="joining">${rich("page.room.heading", { code: html`<code>${code}</code>` })}</h2>
      ${room && room.ended && html`<p class="ended"><strong>${t("page.room.ended")}</strong></p>`}
      ${room && html`<p><strong>${variantName(room.variant)}</strong> · ${seatsLine} · ${optionsSaid(room.options)}${room.rated ? ` · ${t("page.room.rated")}` : ""}</p>`}
      ${room && room.results && catalog && html`<${StoredResults} code=${code} results=${room.results} seats=${room.seats} ...${rulesOf(room, catalog)} />`}
      ${room && room.ended && !room.results && html`<p>${t("page.room.never_played")}</p>`}
      ${room && room.ended
        ? null
        : room && room.free > 0 && !room.started
        ? html`<form class="row" onSubmit=${join}>
            ${me
              ? html`<p class="grow">${t("page.room.as_account", { name: me.name })}</p>`
              : html`<label class="field grow"><span>${t("page.name.heading")}</span>
                  <input value=${name} maxlength="24" autocomplete="nickname" onInput=${(e) => setName(e.target.value)} required /></label>`}
            <button class="primary" type="submit">${t("page.room.take_seat")}</button>
          </form>`
        : room && html`<p>${t(room.match_over || room.results ? "page.room.over" : room.started ? "page.room.started" : "page.room.no_seat")}</p>`}
      ${room && room.spectators && !room.ended && html`<p><button onClick=${() => go(`room=${code}&watch=1`)}>${t("page.room.watch")}</button></p>`}
      ${refusal && !(room && room.ended) && html`<p class="error" role="alert">${said(refusal)}</p>`}
      ${error && html`<p class="error" role="alert">${said(error)}</p>`}
      <p><a href="/">${t("page.back")}</a></p>
    </section>
    <${Settings} />
  </main>`;
}

/** A room over its socket: the waiting table before the match, the table after. */
function Play({ code, held, onLeft }) {
  const [state, dispatch] = useReducer(reduce, initial);
  const settings = useSettings();
  const [conn, setConn] = useState(null);
  useEffect(() => {
    const c = new Connection(code, held && held.token, {
      onFrame: dispatch,
      onStatus: (status) => dispatch({ type: "status", status }),
    });
    setConn(c);
    return () => c.close();
  }, [code]);
  if (state.refused && !state.welcome) {
    if (state.refused.code === "unauthorised" && held) seats.forget(code);
    // the room's page as a newcomer sees it: an ended room's results, or why not
    const refusal = { code: state.refused.code, detail: state.refused.message };
    return html`<${JoinRoom} code=${code} refusal=${refusal} onJoined=${() => location.reload()} />`;
  }
  if (!state.room) return html`<main class="lobby"><p class="status" role="status">${t("page.connecting", { code })}</p></main>`;
  if (!state.room.started && !state.matchOver)
    return html`<${Waiting} code=${code} held=${held} state=${state} onLeft=${onLeft} />`;
  return html`<${Table} code=${code} held=${held} conn=${conn} state=${state} settings=${settings}
    onLeave=${() => go("")} />`;
}

function Waiting({ code, held, state, onLeft }) {
  const { room, presence, host, status, bye } = state;
  const [error, setError] = useState(null);
  const [copied, setCopied] = useState(false);
  const link = `${location.origin}/?room=${code}`;
  const isHost = held && held.seat === host;
  const call = async (method, path, body) => {
    setError(null);
    try {
      await api(method, `/api/rooms/${code}${path}`, body, held && held.token);
    } catch (e) {
      setError(e);
    }
  };
  const leave = async () => {
    await call("POST", "/leave");
    onLeft();
  };
  const copy = () => {
    if (!navigator.clipboard) return;
    navigator.clipboard.writeText(link).then(() => setCopied(true), () => {});
  };
  useTitle("page.room.title", { code });
  const name = (i) => seatName({ room }, i);
  return html`<main class="lobby">
    <header class="brand"><h1><a href="/">unoverse</a></h1></header>
    <section class="panel" aria-labelledby="waiting">
      <h2 id="waiting">${rich("page.room.heading", { code: html`<code class="code">${code}</code>` })}</h2>
      <p><strong>${variantName(room.variant)}</strong> · ${roomLine(room)}${room.rated ? ` · ${t("page.room.rated")}` : ""}</p>
      <div class="row share">
        <label class="field grow"><span>${t("page.waiting.link")}</span><input readonly value=${link} onFocus=${(e) => e.target.select()} /></label>
        <button type="button" onClick=${copy}>${t(copied ? "page.waiting.copied" : "page.waiting.copy")}</button>
      </div>
      <h3>${t("page.waiting.seats")}</h3>
      <ol class="seat-list">
        ${room.seats.map((s, i) => html`<li>
          <span class="seat-name">${s.kind === "open" ? t("page.waiting.open_seat") : s.kind === "bot" ? name(i) : s.name}</span>
          ${s.kind === "bot" && html`<span class="badge">${t("page.waiting.bot")}</span>`}
          ${i === host && html`<span class="badge">${t("page.waiting.host")}</span>`}
          ${held && held.seat === i && html`<span class="badge you">${t("page.waiting.you")}</span>`}
          ${presence && presence[i] && s.kind === "player" && html`<span class=${presence[i].connected ? "dot on" : "dot"}
            aria-label=${t(presence[i].connected ? "page.waiting.here" : "page.waiting.away")} role="img"></span>`}
          ${isHost && s.kind === "open" && html`<span class="row">
            ${["easy", "normal", "hard"].map((level) => html`<button class="small" onClick=${() => call("POST", "/bots", { seat: i, spec: level })}
              aria-label=${t(`page.waiting.add_bot_at.${level}`, { n: i + 1 })}>${t(`page.waiting.add_bot.${level}`)}</button>`)}
          </span>`}
          ${isHost && s.kind === "bot" && html`<button class="small" onClick=${() => call("DELETE", `/bots/${i}`)}
            aria-label=${t("page.waiting.remove_at", { name: name(i) })}>${t("page.waiting.remove")}</button>`}
          ${isHost && s.kind === "player" && i !== held.seat && html`<button class="small" onClick=${() => call("POST", "/kick", { seat: i })}
              aria-label=${t("page.waiting.kick_at", { name: s.name })}>${t("page.waiting.kick")}</button>
            <button class="small" onClick=${() => call("POST", "/host", { seat: i })}
              aria-label=${t("page.waiting.make_host_at", { name: s.name })}>${t("page.waiting.make_host")}</button>`}
        </li>`)}
      </ol>
      ${!isHost && html`<p role="status">${room.free > 0 ? tn("page.waiting.waiting_for", room.free) : t("page.waiting.waiting_host")}</p>`}
      <div class="row waiting-actions">
        ${isHost && html`<button class="primary" disabled=${room.free > 0} onClick=${() => call("POST", "/start")}>
          ${room.free > 0 ? tn("page.waiting.missing", room.free) : t("page.waiting.start")}</button>`}
        ${held && html`<button onClick=${leave}>${t("page.waiting.leave")}</button>`}
      </div>
      ${!held && html`<p class="muted">${t("page.waiting.watching")}</p>`}
      ${status !== "open" && html`<p class="status" role="status">${t(`page.status.${status}`)}</p>`}
      ${bye && html`<p class="error" role="alert">${byeText(bye)}</p>`}
      ${error && html`<p class="error" role="alert">${said(error)}</p>`}
    </section>
    <${Settings} />
  </main>`;
}

/** A room's scoring and target: its options over its variant's defaults (the catalog). */
function rulesOf(room, catalog) {
  const spec = catalog && catalog.find((v) => v.name === room.variant);
  const fallback = (key, value) => {
    const option = spec && spec.options.find((o) => o.name === key || o.short === key);
    return option ? option.default : value;
  };
  const options = room.options || {};
  return {
    scoring: options.scoring ?? fallback("scoring", "winner_takes"),
    target: Number(options.target_score ?? fallback("target_score", 500)),
  };
}

/** A value the form holds (a checkbox's, a list's, a number field's text) as `option`'s type. */
function typed(option, value) {
  if (option.type === "bool") return value === true || value === "true";
  if (option.type === "choice") return String(value);
  if (option.type === "optional_int" && (value === null || value === "none" || value === "")) return null;
  return Number(value);
}

/** Whether two presets say the same (options in any order). */
function samePreset(a, b) {
  const parts = (p) => p.split("+").slice(1).sort().join("+") + p.split("+")[0];
  return parts(a) === parts(b);
}

function range(from, to) {
  const out = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

const root = document.getElementById("app");
try {
  await loadWords();
} catch {
  await loadWords("en").catch(() => {}); // the chosen language's catalogue failed: English, else keys
}
root.textContent = "";
render(html`<${App} />`, root);
