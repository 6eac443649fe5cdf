// The table's sounds, synthesised on the spot with WebAudio (nothing is fetched): a card
// played, a card drawn, an UNO call, a catch, your turn, a win. One setting mutes them all
// (settings.js, "sound"). A browser keeps audio asleep until the page is touched: the
// context is made lazily and woken on the first press of a key or a pointer.

let audio = null;

function context() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!audio) {
    audio = new Context();
    const wake = () => audio.state === "suspended" && audio.resume();
    addEventListener("pointerdown", wake, { capture: true });
    addEventListener("keydown", wake, { capture: true });
  }
  return audio;
}

/** A tone: `frequency` Hz (or [from, to] for a glide), starting `at` s from now, `length` s. */
function tone(a, frequency, at, length, { type = "sine", volume = 0.14 } = {}) {
  const start = a.currentTime + at;
  const osc = a.createOscillator();
  const gain = a.createGain();
  osc.type = type;
  const [from, to] = Array.isArray(frequency) ? frequency : [frequency, frequency];
  osc.frequency.setValueAtTime(from, start);
  if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, start + length);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + Math.min(0.015, length / 4));
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(a.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** A short burst of filtered noise: the rustle of a card sliding off a pile. */
function rustle(a, at, length, { volume = 0.12, frequency = 2400 } = {}) {
  const start = a.currentTime + at;
  const samples = Math.max(1, Math.floor(a.sampleRate * length));
  const buffer = a.createBuffer(1, samples, a.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < samples; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / samples);
  const source = a.createBufferSource();
  source.buffer = buffer;
  const filter = a.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = frequency;
  const gain = a.createGain();
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(a.destination);
  source.start(start);
}

/** Each sound's recipe. */
const SOUNDS = {
  play: (a) => {
    rustle(a, 0, 0.06, { volume: 0.16, frequency: 1800 });
    tone(a, [220, 140], 0.01, 0.08, { type: "triangle", volume: 0.18 });
  },
  draw: (a) => rustle(a, 0, 0.14, { volume: 0.1, frequency: 3200 }),
  uno: (a) => {
    tone(a, 784, 0, 0.12, { type: "square", volume: 0.06 });
    tone(a, 1175, 0.1, 0.22, { type: "square", volume: 0.06 });
  },
  catch: (a) => {
    tone(a, [520, 260], 0, 0.22, { type: "sawtooth", volume: 0.06 });
    tone(a, [390, 195], 0.12, 0.22, { type: "sawtooth", volume: 0.05 });
  },
  turn: (a) => {
    tone(a, 660, 0, 0.2);
    tone(a, 880, 0.12, 0.22);
  },
  win: (a) => [523, 659, 784, 1047].forEach((f, i) => tone(a, f, i * 0.11, i === 3 ? 0.45 : 0.16, { type: "triangle", volume: 0.12 })),
};

/** The names of the sounds there are. */
export const SOUND_NAMES = Object.keys(SOUNDS);

/** Play sound `name` now (nothing if the browser has no WebAudio). */
export function sound(name) {
  // before the page's first touch a browser keeps audio off (and says so): no sound to make
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  const a = context();
  if (!a || !SOUNDS[name]) return;
  try {
    SOUNDS[name](a);
  } catch {
    // a sound is never worth an error on the table
  }
  sound.played.push(name);
  if (sound.played.length > 50) sound.played.shift();
}
/** The last sounds played, newest last (what a test reads; at most 50). */
sound.played = [];

/** The sounds that the game's new events make, at most one of each kind, in `mine`'s ears. */
export function soundsFor(events, mine) {
  const out = new Set();
  for (const { event: e } of events) {
    if (e.kind === "play" || e.kind === "jump" || e.kind === "discard_all" || e.kind === "blast_discard") out.add("play");
    else if ((e.kind === "draw" && e.seat === mine) || (e.kind === "press" && e.count > 0)) out.add("draw");
    else if (e.kind === "uno") out.add("uno");
    else if (e.kind === "catch" || e.kind === "illegal_caught") out.add("catch");
    else if (e.kind === "round_over") out.add("win");
  }
  return [...out];
}
