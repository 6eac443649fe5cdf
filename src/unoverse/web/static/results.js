// The results of a round and of a match, in the variant's own terms: UNO Blast ranks the
// seats by elimination (the last one standing, or the first to empty the hand, wins; an
// eliminated hand went under the discard pile, so its "points" say nothing), No Mercy ranks
// the seats still in by their points and those the Mercy rule knocked out after them, by how
// long they lasted (their hands were set aside; the winner scores 250 for each), a one-round
// game (scoring "none": Blast, Full Spectrum and Minecraft by default) names its winner
// without a running score, and the points games say what each seat scored and how the
// match is won (RULES.md P6). Used by the table (live frames) and by an ended room's link
// (its stored results, GET /api/rooms/{code}). Words: the catalogue's `page.results.*` and
// `page.stored.*`.
import { html } from "./vendor/preact-htm.js";
import { api } from "./net.js";
import { seatName } from "./game.js";
import { language, t, tn } from "./words.js";

/** How each scoring mode scores, in words. */
const HOW = {
  winner_takes: "page.results.how.winner_takes",
  lowest_total: "page.results.how.lowest_total",
  none: "page.results.how.none",
};

/** How a variant ranks a round's seats: by the points left in each hand ("points"), by how
 * long each lasted (UNO Blast, "elimination"), or the seats still in by their points, then
 * those knocked out by how long they lasted (No Mercy, "mercy", RULES.md §9.8). */
const RANKING = { blast: "elimination", no_mercy: "mercy" };
/** What a round's winner scores for each seat knocked out (No Mercy, RULES.md §9.13). */
const KNOCKOUT_POINTS = { mercy: 250 };

/** The ranking of `variant`'s rounds. */
const rankingOf = (variant) => RANKING[variant] || "points";

/** "eliminated 2nd": the form for the ordinal's category in the language spoken. */
const eliminated = (n) => t(`page.results.eliminated.${new Intl.PluralRules(language(), { type: "ordinal" }).select(n)}`, { n });

/** Names joined as the language joins them: "Ana and Bo", "Ana y Bo". */
const together = (names) => new Intl.ListFormat(language(), { style: "long", type: "conjunction" }).format(names);

/**
 * The rows of a round's table, best first: {seat, place, outcome, left, scored} (`left` is
 * null for a hand the Mercy rule set aside: it counts for nothing).
 * `round`: {winner, leftovers, eliminated: [seat order of elimination] | null};
 * `scoring`: "winner_takes" | "lowest_total" | "none"; `ranking`: as RANKING says.
 */
export function roundRows(round, scoring, ranking) {
  const n = round.leftovers.length;
  const out = ranking === "points" ? [] : round.eliminated || [];
  const bonus = (KNOCKOUT_POINTS[ranking] || 0) * out.length;
  const rows = [];
  for (let seat = 0; seat < n; seat++) {
    const k = out.indexOf(seat);
    const left = ranking === "mercy" && k >= 0 ? null : round.leftovers[seat];
    let scored = null;
    if (scoring === "winner_takes")
      scored = seat === round.winner ? round.leftovers.reduce((sum, p, s) => sum + (s === round.winner ? 0 : p), bonus) : 0;
    else if (scoring === "lowest_total") scored = left;
    let place, outcome;
    if (seat === round.winner) {
      place = 1;
      outcome = t(ranking === "points" ? "page.results.outcome.first_out" : left === 0 ? "page.results.outcome.emptied" : "page.results.outcome.standing");
    } else if (k >= 0) {
      place = n - k;
      outcome = eliminated(k + 1);
    } else {
      place = 2;
      outcome = ranking === "points" ? "" : t("page.results.outcome.still_in");
    }
    rows.push({ seat, place, outcome, left, scored, out: k });
  }
  // points games rank the others by what they held; Blast by how long they lasted; No Mercy
  // the seats still in by what they held, then the knocked out by how long they lasted
  const key = (r) => {
    if (ranking === "elimination") return [r.place, 0];
    if (r.seat === round.winner) return [0, 0];
    return r.out >= 0 ? [2, -r.out] : [1, r.left];
  };
  rows.sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1] || a.seat - b.seat);
  if (ranking !== "elimination") {
    let place = 0;
    rows.forEach((r, i) => {
      const tied = i > 0 && r.out < 0 && rows[i - 1].out < 0 && r.left === rows[i - 1].left && r.seat !== round.winner;
      place = tied ? place : i + 1;
      r.place = place;
    });
  }
  return rows;
}

/** The order of elimination told by a round's log (oldest first), for a server that does
 * not send `eliminated` with the round's end; a seat the table shows out (`out`: true for
 * each) whose line the log no longer keeps went before. */
export function eliminationsFromLog(log, game, out) {
  const logged = log
    .filter((entry) => entry.event.kind === "eliminated" && (game == null || entry.game === game))
    .map((entry) => entry.event.seat)
    .reverse();
  return [...out.keys()].filter((s) => out[s] && !logged.includes(s)).concat(logged);
}

/**
 * A results table. `result`: {variant, scoring, target, winners (the match's, or null while
 * it goes on), scores, round (as roundRows takes, or null), roundNumber}; `name(seat)`.
 */
export function ResultsTable({ result, name }) {
  const { scoring, target, winners, scores, round } = result;
  const ranking = rankingOf(result.variant);
  const oneRound = scoring === "none";
  const rows = round ? roundRows(round, scoring, ranking) : scores.map((s, seat) => ({ seat, place: null, outcome: "", left: null, scored: null }));
  if (!round) rows.sort((a, b) => (scoring === "lowest_total" ? scores[a.seat] - scores[b.seat] : scores[b.seat] - scores[a.seat]));
  const showScores = !oneRound && scores && scores.length > 0;
  const showLeft = round && ranking !== "elimination";
  const showOutcome = round && ranking !== "points";
  return html`<table class="results-table">
    <caption>${HOW[scoring] ? t(HOW[scoring], { target }) : ""}</caption>
    <thead><tr>
      ${round && html`<th scope="col">${t("page.results.col.place")}</th>`}
      <th scope="col">${t("page.results.col.player")}</th>
      ${showOutcome && html`<th scope="col">${t("page.results.col.outcome")}</th>`}
      ${showLeft && html`<th scope="col">${t(oneRound ? "page.results.col.left_in_hand" : "page.results.col.left")}</th>`}
      ${round && !oneRound && html`<th scope="col">${t(scoring === "winner_takes" ? "page.results.col.scored" : "page.results.col.added")}</th>`}
      ${showScores && html`<th scope="col">${t(winners ? "page.results.col.final" : "page.results.col.match")}</th>`}
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
    const who = together(winners.map(name));
    return tn(scoring === "none" ? "page.results.wins_game" : "page.results.wins_match", winners.length, { who });
  }
  if (round) {
    const who = name(round.winner);
    return roundNumber != null ? t("page.results.wins_round_n", { who, round: roundNumber }) : t("page.results.wins_round", { who });
  }
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
    const shown = state.view ? state.view.eliminated : [];
    const eliminated = Array.isArray(over.eliminated) ? over.eliminated : rankingOf(variant) !== "points" ? eliminationsFromLog(state.log, over.game, shown) : null;
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
    ${over && html`<p><a href=${`/?room=${code}&game=${over.game}`}>${t(result.scoring === "none" ? "page.results.replay_game" : "page.results.replay_round")}</a></p>`}
    ${match
      ? isHost
        ? html`<button class="primary" onClick=${again}>${t("page.results.again")}</button>`
        : html`<p>${t("page.results.waiting_host")}</p>`
      : html`<p class="muted">${t("page.results.next_round")}</p>`}
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
    return results.names[seat] || t("page.seat", { n: seat + 1 });
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
  const heading = decided ? resultHeading(result, name) : t("page.stored.unfinished");
  const line = (r, i) => {
    const fields = { who: name(r.winner), round: i + 1 };
    const out = r.eliminated && r.eliminated.length ? r.eliminated.map(name).join(", ") : null;
    const key = `page.stored.${rounds.length > 1 ? "round_n" : "round"}${out ? "_out" : ""}`;
    return t(key, { ...fields, out });
  };
  return html`<section class="stored-results" aria-labelledby="stored-heading">
    <h3 id="stored-heading">${heading}</h3>
    ${!decided && last && html`<p>${t("page.stored.last_round", { result: resultHeading(result, name) })}</p>`}
    ${last ? html`<${ResultsTable} result=${result} name=${name} />` : html`<p>${t("page.stored.no_round")}</p>`}
    ${rounds.length > 1 && html`<h4>${t("page.stored.rounds")}</h4>`}
    <ol class="rounds">
      ${rounds.map((r, i) => html`<li>${line(r, i)}${" · "}<a href=${`/?room=${code}&game=${r.game}`}>${t("page.stored.replay")}</a></li>`)}
    </ol>
  </section>`;
}
