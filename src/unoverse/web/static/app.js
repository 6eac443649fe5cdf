// The page: the lobby (a name, a room to create or join, the public rooms), a room's
// waiting table, the table in play (table.js), and the replay of finished games (replay.js).
// The address says where you are: `/`, `/?room=CODE`, `/?room=CODE&game=ID`.
import { html, render, useEffect, useMemo, useReducer, useState } from "./vendor/preact-htm.js";
import { initial, reduce } from "./game.js";
import { Connection, api, byeText, seats } from "./net.js";
import { Table } from "./table.js";
import { Replay } from "./replay.js";
import { Settings, useSettings } from "./settings.js";
import { Walkthrough } from "./rules.js";
import { StoredResults } from "./results.js";
import { loadWords } from "./words.js";


const TIMERS = [
  ["off", "No timer"],
  ["relaxed", "Relaxed (60 s)"],
  ["normal", "Normal (30 s)"],
  ["fast", "Fast (15 s)"],
];
const SPEEDS = [
  ["relaxed", "Relaxed"],
  ["normal", "Normal"],
  ["fast", "Fast"],
];
const BOTS = [
  ["player", "Player"],
  ["easy", "Bot: easy"],
  ["normal", "Bot: normal"],
  ["hard", "Bot: hard"],
];
/** Quick starts: a preset and a line on what it is. */
const PRESETS = [
  ["classic", "Classic", "The official rules: match colour or number, call UNO, 500 points."],
  ["classic+stacking=progressive+seven_zero", "Classic, house rules", "Stack draw cards, and 7s swap / 0s pass hands."],
  ["classic+jump_in", "Classic with jump-in", "Play an identical card out of turn."],
  ["full_spectrum", "Full Spectrum", "Eight colours and chromatic steps."],
  ["attack", "Attack", "Press the card launcher instead of drawing."],
  ["minecraft", "Minecraft", "Creepers and Minecraft cards."],
  ["blast", "Blast", "BLAST challenges and elimination."],
  ["blast+mode=blast", "Blast: real time", "No turns: everyone plays at once."],
];

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

function go(query) {
  history.pushState(null, "", query ? `/?${query}` : "/");
  dispatchEvent(new PopStateEvent("popstate"));
}

function App() {
  const [query, setQuery] = useState(location.search);
  useEffect(() => {
    const changed = () => setQuery(location.search);
    addEventListener("popstate", changed);
    return () => removeEventListener("popstate", changed);
  }, []);
  const p = useMemo(() => new URLSearchParams(query), [query]);
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
  const [error, setError] = useState("");
  const [code, setCode] = useState("");
  const [catalog, setCatalog] = useState(null);
  const [failed, setFailed] = useState("");
  useEffect(() => {
    document.title = "unoverse";
    variants().then(setCatalog, (e) => setFailed(e.message));
  }, []);
  const join = async (room) => {
    setError("");
    const wanted = room.trim().toUpperCase();
    if (!wanted) return setError("Give the room's code.");
    go(`room=${encodeURIComponent(wanted)}`);
  };
  // the lobby shows once the variants are in: drawn in one go, nothing below it moves later
  if (!catalog && !failed) return html`<p class="status">Loading…</p>`;
  return html`
    <main class="lobby">
      <header class="brand">
        <h1>unoverse</h1>
        <p>The whole UNO family, played by the rules: with friends, with bots, in your browser.</p>
      </header>
      <section class="panel" aria-labelledby="you">
        <h2 id="you">Your name</h2>
        <label class="field">
          <span>Name shown at the table</span>
          <input value=${name} maxlength="24" autocomplete="nickname" placeholder="e.g. Ana"
            onInput=${(e) => setName(e.target.value)} />
        </label>
      </section>
      <${CreateRoom} name=${name} catalog=${catalog} failed=${failed} />
      <section class="panel" aria-labelledby="join">
        <h2 id="join">Join a room</h2>
        <form class="row" onSubmit=${(e) => { e.preventDefault(); join(code); }}>
          <label class="field grow">
            <span>Room code</span>
            <input value=${code} maxlength="16" autocapitalize="characters" placeholder="K7QPZ2MX"
              onInput=${(e) => setCode(e.target.value)} />
          </label>
          <button class="primary" type="submit">Open</button>
        </form>
      </section>
      ${error && html`<p class="error" role="alert">${error}</p>`}
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
  const [busy, setBusy] = useState(false);
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
  const preset = () => {
    const parts = [variant];
    for (const option of spec.options) {
      const value = values[option.short] ?? values[option.name];
      if (value === undefined || String(value) === String(option.default)) continue;
      parts.push(option.type === "bool" && value === true ? option.short : `${option.short}=${value}`);
    }
    return parts.join("+");
  };
  const create = async (event) => {
    event.preventDefault();
    onError("");
    if (!name.trim()) return onError("Choose a name first.");
    const bots = {};
    for (let seat = 1; seat < players; seat++) {
      const kind = kinds[seat] || "player";
      if (kind !== "player") bots[seat] = kind;
    }
    setBusy(true);
    try {
      const joined = await api("POST", "/api/rooms", {
        name: name.trim(),
        preset: preset(),
        seats: players,
        timer,
        bot_speed: botSpeed,
        public: isPublic,
        spectators,
        bots,
      });
      seats.forget(joined.room);
      seats.set(joined.room, { seat: joined.seat, token: joined.token, name: name.trim() });
      go(`room=${joined.room}`);
    } catch (e) {
      onError(e.message);
    } finally {
      setBusy(false);
    }
  };
  if (!catalog || !spec)
    return html`<section class="panel"><h2>Create a room</h2><p>${error || "Loading…"}</p></section>`;
  const set = (short, value) => setValues({ ...values, [short]: value });
  const first = ["scoring", "target_score"];
  const options = [...spec.options].sort((a, b) => first.indexOf(b.short) - first.indexOf(a.short));
  return html`
    <section class="panel" aria-labelledby="create">
      <h2 id="create">Create a room</h2>
      <div class="presets" role="group" aria-label="Quick starts">
        ${PRESETS.map(
          ([p, title, line]) => html`<button type="button" class="preset" onClick=${() => choosePreset(p)}
            aria-pressed=${String(samePreset(preset(), p))}><strong>${title}</strong><span>${line}</span></button>`,
        )}
      </div>
      <form onSubmit=${create}>
        <div class="grid">
          <label class="field">
            <span>Variant</span>
            <select value=${variant} onChange=${(e) => { setVariant(e.target.value); setValues({}); }}>
              ${catalog.map((v) => html`<option value=${v.name}>${v.title}</option>`)}
            </select>
          </label>
          <label class="field">
            <span>Seats</span>
            <select value=${players} onChange=${(e) => setPlayers(Number(e.target.value))}>
              ${range(spec.min_players, spec.max_players).map((n) => html`<option value=${n}>${n}</option>`)}
            </select>
          </label>
          <label class="field">
            <span>Turn timer</span>
            <select value=${timer} onChange=${(e) => setTimer(e.target.value)}>
              ${TIMERS.map(([v, t]) => html`<option value=${v}>${t}</option>`)}
            </select>
          </label>
          <label class="field">
            <span>Bots' pace</span>
            <select value=${botSpeed} onChange=${(e) => setBotSpeed(e.target.value)}>
              ${SPEEDS.map(([v, t]) => html`<option value=${v}>${t}</option>`)}
            </select>
          </label>
        </div>
        <fieldset class="seats-setup">
          <legend>Who sits where (you take seat 1)</legend>
          ${range(1, players - 1).map(
            (seat) => html`<label class="field">
              <span>Seat ${seat + 1}</span>
              <select value=${kinds[seat] || "player"} onChange=${(e) => setKinds({ ...kinds, [seat]: e.target.value })}>
                ${BOTS.map(([v, t]) => html`<option value=${v}>${t}</option>`)}
              </select>
            </label>`,
          )}
        </fieldset>
        <details class="options">
          <summary>Rules and house rules (${spec.title})</summary>
          ${options.map((o) => html`<${OptionField} option=${o} value=${values[o.short] ?? values[o.name]} onChange=${(v) => set(o.short, v)} />`)}
        </details>
        <div class="row">
          <label class="check"><input type="checkbox" checked=${isPublic} onChange=${(e) => setPublic(e.target.checked)} /> List it publicly</label>
          <label class="check"><input type="checkbox" checked=${spectators} onChange=${(e) => setSpectators(e.target.checked)} /> Spectators may watch</label>
        </div>
        <p class="preset-line">Rules: <code>${preset()}</code></p>
        <button class="primary" type="submit" disabled=${busy}>Create the room</button>
        ${error && html`<p class="error" role="alert">${error}</p>`}
      </form>
    </section>
  `;
}

function OptionField({ option, value, onChange }) {
  const current = value ?? option.default;
  const id = `opt-${option.name}`;
  let input;
  if (option.type === "bool") {
    input = html`<input id=${id} type="checkbox" checked=${current === true || current === "true"}
      onChange=${(e) => onChange(e.target.checked)} />`;
  } else if (option.type === "choice") {
    input = html`<select id=${id} value=${current} onChange=${(e) => onChange(e.target.value)}>
      ${option.choices.map((c) => html`<option value=${c}>${c.replaceAll("_", " ")}</option>`)}
    </select>`;
  } else {
    input = html`<input id=${id} type="number" min=${option.minimum} max=${option.maximum}
      value=${current ?? ""} placeholder=${option.type === "optional_int" ? "none" : ""}
      onInput=${(e) => onChange(e.target.value === "" ? (option.type === "optional_int" ? "none" : option.default) : e.target.value)} />`;
  }
  return html`<div class=${`option ${option.type === "bool" ? "bool" : ""}`}>
    <label for=${id}><code>${option.short.replaceAll("_", " ")}</code></label>
    ${input}
    <p class="help">${option.help}</p>
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
      <h2 id="public">Public rooms</h2>
      ${rooms === null
        ? html`<p>Loading…</p>`
        : rooms.length === 0
          ? html`<p>No public room right now: create one.</p>`
          : html`<ul class="rooms">
              ${rooms.map(
                (r) => html`<li>
                  <div>
                    <strong>${r.variant}</strong> <code>${r.code}</code>
                    <span class="muted"> · ${r.free} free of ${r.seats.length} · timer ${r.timer}${r.started ? " · playing" : ""}</span>
                    ${Object.keys(r.options).length
                      ? html`<div class="muted small">${Object.entries(r.options).map(([k, v]) => `${k}=${v}`).join(", ")}</div>`
                      : html`<div class="muted small">official rules</div>`}
                  </div>
                  <div class="row">
                    ${r.free > 0 && !r.started && html`<button onClick=${() => go(`room=${r.code}`)}>Join</button>`}
                    ${r.spectators && html`<button onClick=${() => go(`room=${r.code}&watch=1`)}>Watch</button>`}
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

function JoinRoom({ code, onJoined, refusal = "" }) {
  const [name, setName] = useName();
  const [room, setRoom] = useState(null);
  const [error, setError] = useState("");
  const [catalog, setCatalog] = useState(null);
  useEffect(() => {
    api("GET", `/api/rooms/${encodeURIComponent(code)}`).then(setRoom, (e) => setError(e.message));
  }, [code]);
  const finished = room && (room.ended || room.results);
  useEffect(() => {
    if (finished) variants().then(setCatalog, () => setCatalog([]));
  }, [finished]);
  useEffect(() => {
    document.title = `Room ${code} · unoverse`;
  }, [code]);
  const join = async (event) => {
    event.preventDefault();
    setError("");
    try {
      const joined = await api("POST", `/api/rooms/${code}/join`, { name: name.trim() });
      const held = { seat: joined.seat, token: joined.token, name: name.trim() };
      seats.forget(code);
      seats.set(code, held);
      onJoined(held);
    } catch (e) {
      setError(e.message);
    }
  };
  return html`<main class="lobby">
    <header class="brand"><h1><a href="/">unoverse</a></h1></header>
    <section class="panel" aria-labelledby="joining">
      <h2 id="joining">Room <code>${code}</code></h2>
      ${room && room.ended && html`<p class="ended"><strong>This room has ended: nobody can join it now.</strong></p>`}
      ${room && html`<p><strong>${room.variant}</strong> · ${room.ended || room.results ? `${room.seats.length} seats` : `${room.free} free seat${room.free === 1 ? "" : "s"} of ${room.seats.length}`}
        ${Object.keys(room.options).length ? html` · ${Object.entries(room.options).map(([k, v]) => `${k}=${v}`).join(", ")}` : " · official rules"}</p>`}
      ${room && room.results && catalog && html`<${StoredResults} code=${code} results=${room.results} seats=${room.seats} ...${rulesOf(room, catalog)} />`}
      ${room && room.ended && !room.results && html`<p>This room has ended; its match was never played.</p>`}
      ${room && room.ended
        ? null
        : room && room.free > 0 && !room.started
        ? html`<form class="row" onSubmit=${join}>
            <label class="field grow"><span>Your name</span>
              <input value=${name} maxlength="24" onInput=${(e) => setName(e.target.value)} required /></label>
            <button class="primary" type="submit">Take a seat</button>
          </form>`
        : room && html`<p>${room.match_over || room.results ? "The match here is over; the host may start another." : room.started ? "The match has started and every seat is taken." : "No seat is free here."}</p>`}
      ${room && room.spectators && !room.ended && html`<p><button onClick=${() => go(`room=${code}&watch=1`)}>Watch as a spectator</button></p>`}
      ${refusal && !(room && room.ended) && html`<p class="error" role="alert">${refusal}</p>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <p><a href="/">Back to the lobby</a></p>
    </section>
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
    return html`<${JoinRoom} code=${code} refusal=${state.refused.message} onJoined=${() => location.reload()} />`;
  }
  if (!state.room) return html`<main class="lobby"><p class="status" role="status">Connecting to ${code}…</p></main>`;
  if (!state.room.started && !state.matchOver)
    return html`<${Waiting} code=${code} held=${held} state=${state} onLeft=${onLeft} />`;
  return html`<${Table} code=${code} held=${held} conn=${conn} state=${state} settings=${settings}
    onLeave=${() => go("")} />`;
}

function Waiting({ code, held, state, onLeft }) {
  const { room, presence, host, status, bye } = state;
  const [error, setError] = useState("");
  const link = `${location.origin}/?room=${code}`;
  const isHost = held && held.seat === host;
  const call = async (method, path, body) => {
    setError("");
    try {
      await api(method, `/api/rooms/${code}${path}`, body, held && held.token);
    } catch (e) {
      setError(e.message);
    }
  };
  const leave = async () => {
    await call("POST", "/leave");
    onLeft();
  };
  const copy = () => navigator.clipboard && navigator.clipboard.writeText(link);
  useEffect(() => {
    document.title = `Room ${code} · unoverse`;
  }, [code]);
  return html`<main class="lobby">
    <header class="brand"><h1><a href="/">unoverse</a></h1></header>
    <section class="panel" aria-labelledby="waiting">
      <h2 id="waiting">Room <code class="code">${code}</code></h2>
      <p><strong>${room.variant}</strong> · timer ${room.timer}${room.bot_speed ? ` · bots' pace ${room.bot_speed}` : ""}
        ${Object.keys(room.options).length ? html` · ${Object.entries(room.options).map(([k, v]) => `${k}=${v}`).join(", ")}` : " · official rules"}</p>
      <div class="row share">
        <label class="field grow"><span>Invite with this link</span><input readonly value=${link} onFocus=${(e) => e.target.select()} /></label>
        <button type="button" onClick=${copy}>Copy link</button>
      </div>
      <h3>Seats</h3>
      <ol class="seat-list">
        ${room.seats.map((s, i) => html`<li>
          <span class="seat-name">${s.kind === "open" ? "Open seat" : s.name}</span>
          ${s.kind === "bot" && html`<span class="badge">bot</span>`}
          ${i === host && html`<span class="badge">host</span>`}
          ${held && held.seat === i && html`<span class="badge you">you</span>`}
          ${presence && presence[i] && s.kind === "player" && html`<span class=${presence[i].connected ? "dot on" : "dot"}
            aria-label=${presence[i].connected ? "here" : "away"} role="img"></span>`}
          ${isHost && s.kind === "open" && html`<span class="row">
            ${["easy", "normal", "hard"].map((level) => html`<button class="small" onClick=${() => call("POST", "/bots", { seat: i, spec: level })}>+ ${level} bot</button>`)}
          </span>`}
          ${isHost && s.kind === "bot" && html`<button class="small" onClick=${() => call("DELETE", `/bots/${i}`)}>Remove</button>`}
          ${isHost && s.kind === "player" && i !== held.seat && html`<button class="small" onClick=${() => call("POST", "/kick", { seat: i })}>Kick</button>
            <button class="small" onClick=${() => call("POST", "/host", { seat: i })}>Make host</button>`}
        </li>`)}
      </ol>
      ${isHost
        ? html`<button class="primary" disabled=${room.free > 0} onClick=${() => call("POST", "/start")}>
            ${room.free > 0 ? `Waiting for ${room.free} more` : "Start the match"}</button>`
        : html`<p role="status">${room.free > 0 ? `Waiting for ${room.free} more…` : "Waiting for the host to start…"}</p>`}
      ${held && html` <button onClick=${leave}>Leave the room</button>`}
      ${!held && html`<p class="muted">You are watching.</p>`}
      ${status !== "open" && html`<p class="status" role="status">${status}…</p>`}
      ${bye && html`<p class="error" role="alert">${byeText(bye)}</p>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
    </section>
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
await loadWords();
root.textContent = "";
render(html`<${App} />`, root);
