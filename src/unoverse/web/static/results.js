// The results of a round and of a match, in the variant's own terms: UNO Blast ranks the
// seats by elimination (the last one standing, or the first to empty the hand, wins; an
// eliminated hand went under the discard pile, so its "points" say nothing), a one-round
// game (scoring "none": Blast, Full Spectrum and Minecraft by default) names its winner
// without a running score, and the points games say what each seat scored and how the
// match is won (RULES.md P6). Used by the table (live frames) and by an ended room's link
// (its stored results, GET /api/rooms/{code}).
import { html } from "./vendor/preact-htm.js";
import { api } from "./net.js";
import { seatName } from "./game.js";

/** How each scoring mode scores, in words. */
const HOW = {
  winner_takes: (target) => `The round's winner scores the points left in the other hands; the first to ${target} wins the match.`,
  lowest_total: (target) => `Everyone adds the points left in their own hand; once someone reaches ${target}, the lowest total wins.`,
  none: () => "One round decides the game: no points are kept.",
};

const ordinal = (n) => `${n}${["th", "st", "nd", "rd"][n % 100 > 10 && n % 100 < 14 ? 0 : n % 10 < 4 ? n % 10 : 0] || "th"}`;

/**
 * The rows of a round's table, best first: {seat, place, outcome, left, scored}.
 * `round`: {winner, leftovers, eliminated: [seat order of elimination] | null};
 * `scoring`: "winner_takes" | "lowest_total" | "none".
 */
export function roundRows(round, scoring, blast) {
  const n = round.leftovers.length;
  const out = blast ? round.eliminated || [] : [];
  const rows = [];
  for (let seat = 0; seat < n; seat++) {
    const k = out.indexOf(seat);
    const left = round.leftovers[seat];
    let scored = null;
    if (scoring === "winner_takes")
      scored = seat === round.winner ? round.leftovers.reduce((sum, p, s) => sum + (s === round.winner ? 0 : p), 0) : 0;
    else if (scoring === "lowest_total") scored = left;
    let place, outcome;
    if (seat === round.winner) {
      place = 1;
      outcome = !blast ? "went out first" : left === 0 ? "emptied the hand" : "last one standing";
    } else if (k >= 0) {
      place = n - k;
      outcome = `eliminated ${ordinal(k + 1)}`;
    } else {
      place = 2;
      outcome = blast ? "still in" : "";
    }
    rows.push({ seat, place, outcome, left, scored });
  }
  // points games rank the others by what they held; Blast by how long they lasted
  const key = (r) => (blast ? [r.place, 0] : [r.seat === round.winner ? 0 : 1, r.left]);
  rows.sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1] || a.seat - b.seat);
  if (!blast) {
    let place = 0;
    rows.forEach((r, i) => {
      place = i > 0 && r.left === rows[i - 1].left && r.seat !== round.winner ? place : i + 1;
      r.place = place;
    });
  }
  return rows;
}

/** The order of elimination told by a round's log (oldest first), for a server that does
 * not send `eliminated` with the round's end. */
export function eliminationsFromLog(log, game) {
  return log
    .filter((entry) => entry.event.kind === "eliminated" && (game == null || entry.game === game))
    .map((entry) => entry.event.seat)
    .reverse();
}

/**
 * A results table. `result`: {variant, scoring, target, winners (the match's, or null while
 * it goes on), scores, round (as roundRows takes, or null), roundNumber}; `name(seat)`.
 */
export function ResultsTable({ result, name }) {
  const { scoring, target, winners, scores, round } = result;
  const blast = result.variant === "blast";
  const oneRound = scoring === "none";
  const rows = round ? roundRows(round, scoring, blast) : scores.map((s, seat) => ({ seat, place: null, outcome: "", left: null, scored: null }));
  if (!round) rows.sort((a, b) => (scoring === "lowest_total" ? scores[a.seat] - scores[b.seat] : scores[b.seat] - scores[a.seat]));
  const showScores = !oneRound && scores && scores.length > 0;
  const showLeft = round && !blast;
  const showOutcome = round && blast;
  return html`<table class="results-table">
    <caption>${HOW[scoring] ? HOW[scoring](target) : ""}</caption>
    <thead><tr>
      ${round && html`<th scope="col">Place</th>`}
      <th scope="col">Player</th>
      ${showOutcome && html`<th scope="col">Outcome</th>`}
      ${showLeft && html`<th scope="col">${oneRound ? "Points left in hand" : "Points left"}</th>`}
      ${round && !oneRound && html`<th scope="col">${scoring === "winner_takes" ? "Scored" : "Added"}</th>`}
      ${showScores && html`<th scope="col">${winners ? "Final score" : "Match score"}</th>`}
    </tr></thead>
    <tbody>
      ${rows.map((r) => html`<tr class=${(winners ? winners.includes(r.seat) : round && r.seat === round.winner) ? "winner" : ""}>
        ${round && html`<td>${r.place}</td>`}
        <th scope="row">${name(r.seat)}</th>
        ${showOutcome && html`<td>${r.outcome}</td>`}
        ${showLeft && html`<td>${r.left}</td>`}
        ${round && !oneRound && html`<td>${r.scored}</td>`}
        ${showScores && html`<td>${scores[r.seat]}</td>`}
      </tr>`)}
    </tbody>
  </table>`;
}

/** The heading of a result: who won what. */
export function resultHeading(result, name) {
  const { winners, round, scoring, roundNumber } = result;
  if (winners && winners.length) {
    const who = winners.map(name).join(" and ");
    const what = scoring === "none" ? "the game" : "the match";
    return `${who} ${winners.length > 1 ? "share" : "wins"} ${what}!`;
  }
  if (round) return `${name(round.winner)} wins ${roundNumber != null ? `round ${roundNumber}` : "the round"}`;
  return "";
}

/** A live table's results from its frames: round_over and match_over. */
export function liveResult(state) {
  const over = state.roundOver;
  const match = state.matchOver;
  const rules = state.rules || {};
  const variant = (state.room && state.room.variant) || "";
  let round = null;
  if (over) {
    const eliminated = Array.isArray(over.eliminated) ? over.eliminated : variant === "blast" ? eliminationsFromLog(state.log, over.game) : null;
    round = { game: over.game, winner: over.winner, leftovers: over.leftovers, eliminated };
  }
  return {
    variant,
    scoring: rules.scoring || "winner_takes",
    target: rules.target_score || 500,
    winners: match ? match.winners : null,
    scores: (match && match.scores) || (over && over.scores) || [],
    round,
    roundNumber: state.round + 1,
  };
}

/** The results panel over the table, after a round and after the match. */
export function Results({ code, state, held, name }) {
  const over = state.roundOver;
  const match = state.matchOver;
  if (!over && !match) return null;
  const result = liveResult(state);
  const isHost = held && held.seat === state.host;
  const again = async () => {
    await api("POST", `/api/rooms/${code}/again`, {}, held.token).catch(() => {});
  };
  return html`<section class="results" aria-labelledby="results-heading" role="region">
    <h2 id="results-heading">${resultHeading(result, name)}</h2>
    <${ResultsTable} result=${result} name=${name} />
    ${over && html`<p><a href=${`/?room=${code}&game=${over.game}`}>Replay this ${result.scoring === "none" ? "game" : "round"}</a></p>`}
    ${match ? (isHost ? html`<button class="primary" onClick=${again}>Play again</button>` : html`<p>Waiting for the host…</p>`) : html`<p class="muted">The next round is dealt in a moment…</p>`}
  </section>`;
}

/**
 * An ended (or decided) room's stored results, as GET /api/rooms/{code} gives them:
 * {variant, names, winners, scores, rounds: [{game, winner, leftovers, eliminated}]};
 * `scoring` and `target` come from the room's rules.
 */
export function StoredResults({ code, results, scoring, target, seats = [] }) {
  // a bot still in its seat is named as the table named it ("Bot 2 (normal)"), not by its spec
  const name = (seat) => {
    const s = seats[seat];
    if (s && s.kind === "bot" && s.name === results.names[seat]) return seatName({ room: { seats } }, seat);
    return results.names[seat] || `Seat ${seat + 1}`;
  };
  const rounds = results.rounds || [];
  const last = rounds[rounds.length - 1] || null;
  const decided = results.winners && results.winners.length > 0;
  const result = {
    variant: results.variant,
    scoring,
    target,
    winners: decided ? results.winners : null,
    scores: results.scores,
    round: last,
    roundNumber: rounds.length,
  };
  const heading = decided ? resultHeading(result, name) : "The match was not finished";
  return html`<section class="stored-results" aria-labelledby="stored-heading">
    <h3 id="stored-heading">${heading}</h3>
    ${!decided && last && html`<p>The last round played: ${resultHeading(result, name)}.</p>`}
    ${last ? html`<${ResultsTable} result=${result} name=${name} />` : html`<p>No round was finished.</p>`}
    ${rounds.length > 1 && html`<h4>Every round</h4>`}
    <ol class="rounds">
      ${rounds.map((r, i) => html`<li>${rounds.length > 1 ? `Round ${i + 1}: ` : ""}${name(r.winner)} won${r.eliminated && r.eliminated.length ? ` (eliminated in turn: ${r.eliminated.map(name).join(", ")})` : ""}${" · "}<a href=${`/?room=${code}&game=${r.game}`}>replay</a></li>`)}
    </ol>
  </section>`;
}
