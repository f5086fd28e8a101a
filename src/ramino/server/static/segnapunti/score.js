// The score keeper's arithmetic over an engine score table (ramino-score-table/1, made by
// ramino.scoresheet.table.score_table and served at /api/segnapunti/tables).  Nothing here is a
// rule of its own: every number and every switch comes from the table, and the steps are the
// ones the table's documentation lists.  tests/server/test_browser_segnapunti_score.py runs
// these functions in Chromium over many counts and compares them with the Python core.
// No DOM: the functions take and return plain data (a sheet as ramino-scoresheet/1 stores it).

const MAX_POINTS = 100000;  // a count's largest value (ramino.scoresheet.entries.MAX_POINTS)
const MAX_BURRACHI = 100;

// A refusal: the field's path in the sheet (as the core names it), its code and the numbers
// the message needs.
function refuse(path, code, params = {}) { return { path, code, params }; }

// A key in a field's path, as the core writes it: ``.name``, or ``["as-a-as"]``.
const key = (name) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`);
const sum = (values) => values.reduce((a, b) => a + b, 0);
const neg = (value) => 0 - value;  // never -0 (it would print as "-0")

// Which side each seat plays for, from the table's list of each side's seats.
export function seatSides(table) {
  const out = [];
  table.sides.forEach((seats, side) => { for (const seat of seats) out[seat] = side; });
  return out;
}

// The hand's end: given, else "closed" when someone closed, else "stock".
function ending(hand, entries) {
  if (hand.end) return hand.end;
  return entries.some((e) => e && e.closed) ? "closed" : "stock";
}

// --- checking a hand's counts ----------------------------------------------------------------

function checkNumber(value, path, max = MAX_POINTS) {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    return refuse(path, "shape", { min: 0, max });
  }
  return null;
}

function checkEnd(hand, closed, path) {
  if (!hand.end) return null;
  if (hand.end === "closed" && !closed) return refuse(`${path}.end`, "end-closed");
  if (hand.end !== "closed" && closed) return refuse(`${path}.end`, "end-not-closed");
  return null;
}

// What a count must be before any rule is asked: whole numbers in their range.
function checkSideShape(side, path) {
  for (const [kind, count] of Object.entries(side.burrachi || {})) {
    const bad = checkNumber(count, `${path}.burrachi${key(kind)}`, MAX_BURRACHI);
    if (bad) return bad;
  }
  for (const name of ["melded", "in_hand", "unplayed_pozzetto"]) {
    const bad = checkNumber(side[name] || 0, `${path}.${name}`);
    if (bad) return bad;
  }
  return null;
}

function checkSide(b, side, path) {
  const counts = side.burrachi || {};
  const names = b.types.map((t) => t.name);
  for (const [kind, count] of Object.entries(counts)) {
    if (count && !names.includes(kind)) return refuse(`${path}.burrachi${key(kind)}`, "burraco-type");
  }
  let need = 0;
  for (const type of b.types) {
    const count = counts[type.name] || 0;
    need += count * type.min_points;
    if (count && need > (side.melded || 0)) {
      return refuse(`${path}.burrachi${key(type.name)}`, "burrachi-points",
        { count, type: type.name, need, melded: side.melded || 0, cards: type.min_cards });
    }
  }
  for (const name of ["melded", "in_hand", "unplayed_pozzetto"]) {
    const value = side[name] || 0;
    if (value % b.point_step) {
      return refuse(`${path}.${name}`, "point-step", { value, step: b.point_step });
    }
  }
  if (side.unplayed_pozzetto && !side.pozzetto_taken) {
    return refuse(`${path}.unplayed_pozzetto`, "unplayed-not-taken");
  }
  const hasBurraco = Object.values(counts).some((n) => n > 0);
  if (side.pozzetto_taken && b.pozzetto_requires_burraco && !hasBurraco) {
    return refuse(`${path}.pozzetto_taken`, "pozzetto-without-burraco");
  }
  if (side.closed) {
    if (!side.pozzetto_taken && b.closing_needs_pozzetto) {
      return refuse(`${path}.closed`, "close-without-pozzetto");
    }
    if (!hasBurraco) return refuse(`${path}.closed`, "close-without-burraco");
    const clean = b.types.some((t) => t.clean && (counts[t.name] || 0) > 0);
    if (b.closing_needs_clean && !clean) return refuse(`${path}.closed`, "close-without-clean");
  }
  return null;
}

// Three players (table.burraco.three_players): may the hand after these totals pair, a solo
// taking the 18 (false once a total has reached the switch threshold: everyone alone).
export function pairsForm(table, totals = []) {
  const three = table.burraco && table.burraco.three_players;
  return !!three && three.pairs_form && !totals.some((total) => total >= three.switch_threshold);
}

const hasSolo = (hand) => hand.solo !== undefined && hand.solo !== null;

// A three-player hand's solo and number of counts (two with a solo, three without).
function checkSoloShape(table, hand, path) {
  if (!hasSolo(hand)) return hand.sides.length === table.sides.length ? null
    : refuse(`${path}.sides`, "shape", { count: table.sides.length });
  if (table.players !== 3) return refuse(`${path}.solo`, "shape", {});
  if (!Number.isInteger(hand.solo) || hand.solo < 0 || hand.solo > 2) {
    return refuse(`${path}.solo`, "shape", { min: 0, max: 2 });
  }
  return hand.sides.length === 2 ? null : refuse(`${path}.sides`, "shape", { count: 2 });
}

// The §5.2 checks of a three-player hand, after the shape and before each side's.
function checkThree(table, hand, path, totals) {
  if (!pairsForm(table, totals)) {
    return hasSolo(hand) ? refuse(`${path}.solo`, "solo-all-alone",
      { threshold: table.burraco.three_players.switch_threshold }) : null;
  }
  if (hasSolo(hand)) {
    return hand.sides[0].pozzetto_taken ? null
      : refuse(`${path}.sides[0].pozzetto_taken`, "solo-without-pozzetto");
  }
  const taker = hand.sides.findIndex((side) => side.pozzetto_taken);
  return taker < 0 ? null : refuse(`${path}.sides[${taker}].pozzetto_taken`, "taken-without-solo");
}

// The first problem of a Burraco or Buraco hand's counts, or null (ramino.scoresheet.validate);
// ``totals`` the match's before the hand (three players: the switch to all alone).
export function checkBurraco(table, hand, path = "hand", totals = []) {
  const b = table.burraco;
  const shaped = checkSoloShape(table, hand, path);
  if (shaped) return shaped;
  for (let s = 0; s < hand.sides.length; s++) {
    const bad = checkSideShape(hand.sides[s], `${path}.sides[${s}]`);
    if (bad) return bad;
  }
  if (table.players === 3) {
    const bad = checkThree(table, hand, path, totals);
    if (bad) return bad;
  }
  for (let s = 0; s < hand.sides.length; s++) {
    const bad = checkSide(b, hand.sides[s], `${path}.sides[${s}]`);
    if (bad) return bad;
  }
  const closers = hand.sides.map((side, s) => (side.closed ? s : -1)).filter((s) => s >= 0);
  if (closers.length > 1) {
    return refuse(`${path}.sides[${closers[1]}].closed`, "two-closers",
      { first: closers[0], second: closers[1] });
  }
  const total = sum(hand.sides.map((s) => (s.melded || 0) + (s.in_hand || 0)
                                          + (s.unplayed_pozzetto || 0)));
  if (total > b.pack_points) {
    return refuse(`${path}.sides`, "pack-points", { total, limit: b.pack_points });
  }
  return checkEnd(hand, closers.length > 0, path);
}

// The first problem of a Scala 40 hand's counts, or null.
export function checkScala40(table, hand, path = "hand") {
  const r = table.scala40;
  for (let seat = 0; seat < hand.players.length; seat++) {
    const player = hand.players[seat];
    const bad = player && checkNumber(player.in_hand || 0, `${path}.players[${seat}].in_hand`);
    if (bad) return bad;
  }
  const closers = [];
  for (let seat = 0; seat < hand.players.length; seat++) {
    const player = hand.players[seat];
    if (!player) continue;
    const here = `${path}.players[${seat}]`;
    const inHand = player.in_hand || 0;
    const opened = player.opened !== false;
    if (player.closed) {
      closers.push(seat);
      if (closers.length > 1) {
        return refuse(`${here}.closed`, "two-closers", { first: closers[0], second: seat });
      }
      if (inHand) return refuse(`${here}.in_hand`, "closer-in-hand");
    } else if (!opened && !(r.unopened_min <= inHand && inHand <= r.hand_max)) {
      return refuse(`${here}.in_hand`, "unopened-in-hand",
        { cards: r.hand_size, low: r.unopened_min, high: r.hand_max, value: inHand });
    } else if (inHand > r.hand_max) {
      return refuse(`${here}.in_hand`, "in-hand-max",
        { cards: r.hand_size, high: r.hand_max, value: inHand });
    }
  }
  if (hand.chiusura_in_mano) {
    if (!r.chiusura_in_mano_allowed) return refuse(`${path}.chiusura_in_mano`, "in-mano-not-allowed");
    if (!closers.length) return refuse(`${path}.chiusura_in_mano`, "in-mano-without-close");
  }
  return checkEnd(hand, closers.length > 0, path);
}

export function checkHand(table, hand, path = "hand", totals = []) {
  return table.game === "scala40" ? checkScala40(table, hand, path)
    : checkBurraco(table, hand, path, totals);
}

// --- scoring a hand --------------------------------------------------------------------------

// A Burraco or Buraco hand: {end, scores, breakdown, sides, columns} as
// ramino.scoresheet.HandScore.
export function scoreBurraco(table, hand) {
  const b = table.burraco;
  const end = ending(hand, hand.sides);
  const anyoneTook = hand.sides.some((s) => s.pozzetto_taken);
  const voided = b.void_on_stock && end === "stock";
  const breakdown = hand.sides.map((side) => {
    if (voided) return { table: 0, burraco: 0, closing: 0, hand: 0, pozzetto: 0 };
    const counts = side.burrachi || {};
    const clean = b.types.some((t) => t.clean && (counts[t.name] || 0) > 0);
    const melded = side.melded || 0;
    const unplayed = b.unplayed_pozzetto_counts_in_hand ? side.unplayed_pozzetto || 0 : 0;
    return {
      table: b.melds_negative_without_clean && !clean ? neg(melded) : melded,
      burraco: sum(b.types.map((t) => (counts[t.name] || 0) * t.bonus)),
      closing: end === "closed" && side.closed ? b.closing_bonus : 0,
      hand: neg((side.in_hand || 0) + unplayed),
      pozzetto: !side.pozzetto_taken && (anyoneTook || b.pozzetto_penalty_if_neither_took)
        ? neg(b.pozzetto_penalty) : 0,
    };
  });
  const paired = table.players === 3 && hasSolo(hand);
  const seats = paired ? soloSeats(hand, breakdown) : breakdown;
  const scores = seats.map((parts) => sum(Object.values(parts)));
  // The hand by side (HandScore.columns): a three-player pair once, with what each scores.
  const groups = paired ? [[hand.solo], [0, 1, 2].filter((seat) => seat !== hand.solo)]
    : breakdown.map((_, k) => [k]);
  const columns = groups.map((group, k) => ({
    sides: group, parts: { ...breakdown[k] }, total: sum(Object.values(breakdown[k])),
    each: scores[group[0]] }));
  return { end, scores, breakdown: seats, sides: seats.map((_, s) => s), columns };
}

// Three players with a solo (§5.2): the solo's seat scores his count's parts; each pair seat
// the pair's parts and ``split``, so that it scores half the pair's score, rounded up.
function soloSeats(hand, [solo, pair]) {
  const total = sum(Object.values(pair));
  const split = Math.ceil(total / 2) - total;
  const half = split ? { ...pair, split } : pair;
  return [0, 1, 2].map((seat) => (seat === hand.solo ? solo : { ...half }));
}

// A Scala 40 hand: the penalty points per side dealt in (per seat without partnerships).
export function scoreScala40(table, hand) {
  const r = table.scala40;
  const sideOf = seatSides(table);
  const seats = hand.players.map((p, seat) => (p ? seat : -1)).filter((seat) => seat >= 0);
  const closerAt = seats.findIndex((seat) => hand.players[seat].closed);
  const inMano = !!hand.chiusura_in_mano && closerAt >= 0;
  const costs = seats.map((seat) => {
    const player = hand.players[seat];
    if (player.closed) return 0;
    if (player.opened === false && r.unopened_flat_penalty) return r.unopened_flat_penalty;
    return (player.in_hand || 0) * (inMano ? r.chiusura_in_mano_multiplier : 1);
  });
  const dealt = [...new Set(seats.map((seat) => sideOf[seat]))].sort((a, b) => a - b);
  let scores = costs;
  if (r.partnerships !== "NONE") {
    const local = seats.map((seat) => dealt.indexOf(sideOf[seat]));
    const winner = closerAt >= 0 ? local[closerAt] : null;
    scores = dealt.map(() => 0);
    costs.forEach((cost, i) => { if (local[i] !== winner) scores[local[i]] += cost; });
  }
  const seatScores = hand.players.map(() => null);
  seats.forEach((seat, i) => { seatScores[seat] = costs[i]; });
  return { end: ending(hand, hand.players), scores,
           breakdown: scores.map((penalty) => ({ penalty })), sides: dealt,
           seat_scores: seatScores };
}

export function scoreHand(table, hand) {
  return table.game === "scala40" ? scoreScala40(table, hand) : scoreBurraco(table, hand);
}

// --- the match -------------------------------------------------------------------------------

// Burraco and Buraco: the match format, the sheet's house target first.
export function matchFormat(table, sheet) {
  const own = table.burraco.match;
  const target = sheet.match && sheet.match.target;
  return target ? { mode: "TARGET", value: target, tie_break: own.tie_break } : own;
}

function firstDealer(table, sheet) {
  return Number.isInteger(sheet.dealer) ? sheet.dealer : table.players - 1;
}

function higherTotal(totals) {
  const best = Math.max(...totals);
  const leaders = totals.map((t, s) => (t === best ? s : -1)).filter((s) => s >= 0);
  return leaders.length === 1 ? leaders[0] : null;
}

// The Burraco match after the given hand scores (ramino.games.burraco.match.standing).
export function burracoStanding(table, sheet, handScores) {
  const fmt = matchFormat(table, sheet);
  const sides = table.sides.length;
  const starting = seatSides(table)[(firstDealer(table, sheet) + 1) % table.players];
  const totals = new Array(sides).fill(0);
  let extra = false;
  let k = 0;
  for (const scores of handScores) {
    scores.forEach((points, s) => { totals[s] += points; });
    k += 1;
    let winner = null;
    let how = "";
    if (fmt.mode === "TARGET") {
      const reached = totals.map((t, s) => (t >= fmt.value ? s : -1)).filter((s) => s >= 0);
      if (!reached.length) continue;
      if (reached.length === 1) {
        [winner, how] = [reached[0], "target"];
      } else {
        winner = higherTotal(totals);
        how = "higher-total";
        if (winner === null) {
          if (fmt.tie_break === "STARTING_TEAM") {
            [winner, how] = [starting, "starting-side"];
          } else {
            extra = true;
            continue;
          }
        }
      }
    } else if (fmt.mode === "SINGLE_HAND") {
      winner = higherTotal(totals);
      how = "higher-total";
      if (winner === null) [winner, how] = [starting, "starting-side"];
    } else if (k >= fmt.value) {
      winner = higherTotal(totals);
      how = winner === null ? "draw" : "fixed-hands";
    } else {
      continue;
    }
    return { totals: [...totals], hands: k, over: true, winner, decided_by: how,
             extra_hand: false };
  }
  return { totals, hands: k, over: false, winner: null, decided_by: "", extra_hand: extra };
}

// The Scala 40 match (ramino.games.scala40.match.standing): ``played`` lists each hand's
// seats dealt in and its scores; ``reentries`` the sheet's {before, side}.
export function scala40Standing(table, played, reentries = []) {
  const r = table.scala40;
  const sideOf = seatSides(table);
  const k = table.sides.length;
  const totals = new Array(k).fill(0);
  const out = new Array(k).fill(false);
  const back = new Array(k).fill(false);
  const fell = new Array(k).fill(-1);
  const rejoin = (index) => {
    for (const entry of reentries) {
      if (entry.before !== index) continue;
      const alive = totals.filter((_, s) => !out[s]);
      if (alive.length) totals[entry.side] = Math.max(...alive);
      out[entry.side] = false;
      back[entry.side] = true;
    }
  };
  const dealtSides = (seats) => [...new Set(seats.map((seat) => sideOf[seat]))]
    .sort((a, b) => a - b);
  played.forEach(({ seats, scores }, i) => {
    rejoin(i);
    const dealt = dealtSides(seats);
    dealt.forEach((side, j) => { totals[side] += scores[j]; });
    for (const side of dealt) {
      if (totals[side] >= r.elimination_limit) { out[side] = true; fell[side] = i; }
    }
  });
  rejoin(played.length);
  const alive = totals.map((_, s) => s).filter((s) => !out[s]);
  let winner = alive.length === 1 ? alive[0] : null;
  if (!alive.length && played.length) {
    const last = dealtSides(played[played.length - 1].seats);
    const best = Math.min(...last.map((s) => totals[s]));
    const leaders = last.filter((s) => totals[s] === best);
    winner = leaders.length === 1 ? leaders[0] : null;
  }
  const allowed = r.reentry === "ONCE_AT_HIGHEST_REMAINING" && alive.length >= 2;
  const canReenter = out.map((gone, s) => allowed && gone && !back[s]
                                          && fell[s] === played.length - 1);
  return { totals, eliminated: out, hands: played.length, over: alive.length <= 1, winner,
           reentered: back, can_reenter: canReenter, limit: r.elimination_limit,
           in_play: sideOf.map((side) => !out[side]) };
}

// The next dealer: to the left (Burraco), or the next seat in play (Scala 40).
function nextDealer(dealer, inPlay) {
  const n = inPlay.length;
  for (let step = 1; step <= n; step++) {
    const seat = (dealer + step) % n;
    if (inPlay[seat]) return seat;
  }
  return dealer;
}

// Everything the page shows, computed from the sheet's counts (as ramino.scoresheet's
// Sheet.view): each hand's score and the totals after it, each hand's dealer, the standing.
export function sheetView(table, sheet) {
  const scala = table.game === "scala40";
  const results = sheet.hands.map((hand) => scoreHand(table, hand));
  const standingAfter = (count) => {
    if (scala) {
      const played = sheet.hands.slice(0, count).map((hand, i) => ({
        seats: hand.players.map((p, seat) => (p ? seat : -1)).filter((seat) => seat >= 0),
        scores: results[i].scores }));
      return scala40Standing(table, played,
        (sheet.reentries || []).filter((entry) => entry.before <= count));
    }
    const standing = burracoStanding(table, sheet, results.slice(0, count).map((r) => r.scores));
    const fmt = matchFormat(table, sheet);
    return { ...standing, target: fmt.mode === "TARGET" ? fmt.value : null, mode: fmt.mode };
  };
  const dealers = [firstDealer(table, sheet)];
  const hands = results.map((result, i) => {
    const now = standingAfter(i + 1);
    const inPlay = scala ? now.in_play : new Array(table.players).fill(true);
    dealers.push(nextDealer(dealers[i], inPlay));
    return { number: i + 1, dealer: dealers[i], ...result, totals: [...now.totals] };
  });
  return { game: table.game, hands, next_dealer: dealers[dealers.length - 1],
           standing: standingAfter(sheet.hands.length) };
}
