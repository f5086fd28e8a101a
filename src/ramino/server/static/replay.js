// The replay viewer: every position of a finished hand, all cards face up, step by step.
import { cardLabel, cardSvg, handOrder } from "./cards.js";
import { setGame, t, term, tn } from "./i18n.js";


const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let data = null;
let index = 0;
let scala40 = false;  // a Scala 40 hand: the pozzo, melds by owner, no pozzetti
const END = { closed: t("chiusura"), stock: t("tallone finito"), stallo: t("stallo"),
              timeout: t("tempo scaduto") };

// A player by name and table seat (counted from 1); seats in the data are the record's,
// numbered from the hand's first player, so the table seat comes from data.table_seats.
function playerName(seat) {
  const table = (data.table_seats || [])[seat];
  return table === undefined ? data.players[seat]
    : t("{name} (posto {n})", { name: data.players[seat], n: table + 1 });
}

// The sides of a Burraco position that have players (two, three pairs at six; at three
// players each alone until two of them pair up, §5.2), in order.
function burracoSides(sides) {
  return [...new Set(sides)].sort((a, b) => a - b);
}

// A side (a Burraco pair, or a Scala 40 player, pair or team) by its players' names, with
// the sides of a position (the hand's last by default).
function sideName(side, sides = data.sides) {
  return data.players.map((_, seat) => seat).filter((seat) => sides[seat] === side)
    .map(playerName).join(" + ");
}

// One section of melds per side of the position shown, rebuilt when the sides change.
let shownSides = "";
function meldSections(sides) {
  const key = sides.join(",");
  if (key === shownSides) return;
  shownSides = key;
  const melds = $("replay-melds");
  melds.replaceChildren();
  for (const side of burracoSides(sides)) {
    const section = document.createElement("section");
    const title = document.createElement("h2");
    title.id = `replay-side-${side}`;
    title.textContent = t("Lato di {names}", { names: sideName(side, sides) });
    const list = document.createElement("ol");
    list.id = `replay-team-${side}`;
    list.className = "meld-list";
    section.append(title, list);
    melds.append(section);
  }
}

function endText(r) {
  return t("Fine: {end}.", { end: END[r.end] || r.end });
}

function cardNode(token) {
  const node = document.createElement("span");
  node.className = "card";
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", cardLabel(token));
  node.append(cardSvg(token));
  return node;
}

function meldNode(m) {
  const li = document.createElement("li");
  li.className = "meld";
  const label = document.createElement("span");
  label.textContent = `#${m.number}`;
  const cards = document.createElement("div");
  cards.className = "meld-cards";
  for (const c of m.cards) cards.append(cardNode(c));
  li.append(label, cards);
  return li;
}

function show(i) {
  index = Math.max(0, Math.min(i, data.steps.length - 1));
  if (index !== shownDecision) $("review-better").hidden = true;
  const step = data.steps[index];
  $("step").value = index;
  $("board-replay").dataset.step = index;
  $("where").textContent = index === 0
    ? t("Inizio della mano (mosse: {n})", { n: data.steps.length - 1 })
    : t("Mossa {i} di {n}:", { i: index, n: data.steps.length - 1 }) +
      ` ${playerName(step.seat)} — ${step.action}`;
  const hands = $("replay-hands");
  hands.replaceChildren();
  step.hands.forEach((cards, seat) => {
    const box = document.createElement("div");
    box.className = "seat" + (step.current === seat && !step.end ? " turn" : "");
    const title = document.createElement("strong");
    title.textContent = `${playerName(seat)} — ` + tn("{n} carta", "{n} carte", cards.length);
    const row = document.createElement("div");
    row.className = "known";
    row.setAttribute("aria-label", t("Mano di {name}", { name: data.players[seat] }));
    for (const c of [...cards].sort(handOrder)) row.append(cardNode(c));
    box.append(title, row);
    if (scala40) {
      const line = document.createElement("div");
      line.className = "small";
      line.textContent = step.opened[seat] ? t("ha aperto") : t("non ha aperto");
      box.append(line);
    } else if (step.pending[seat].length) {
      const wait = document.createElement("div");
      wait.className = "small";
      wait.textContent = term("pozzetto in attesa: {n} carte", { n: step.pending[seat].length });
      box.append(wait);
    }
    hands.append(box);
  });
  $("replay-stock").textContent = step.stock_size;
  const pile = $("replay-pile");
  pile.replaceChildren();
  for (const c of step.pile) pile.append(cardNode(c));
  const r = data.result;
  $("replay-result").hidden = !(r && index === data.steps.length - 1);
  if (scala40) { showMelds40(step); if (r) showResult40(r); return; }
  $("replay-pozzetti").textContent =
    step.pozzetti_left.map((n) => tn("{n} carta", "{n} carte", n)).join(" · ") || t("presi tutti");
  const sides = step.sides || data.sides;
  meldSections(sides);
  for (const team of burracoSides(sides)) {
    const list = $(`replay-team-${team}`);
    list.replaceChildren();
    for (const m of step.melds.filter((x) => x.team === team)) {
      list.append(meldNode(m));
    }
  }
  if (r) {
    $("replay-score").textContent = endText(r) + " " +
      // Three players score each seat (the pair splits its total, §5.2).
      r.scores.map((s, k) => `${data.players.length === 3 ? playerName(k) : sideName(k)}: ${s}`)
        .join(" · ");
  }
}

// Scala 40 (§6): every meld on the table under its owner's name.
function showMelds40(step) {
  const box = $("replay-melds40");
  box.replaceChildren();
  data.players.forEach((_name, seat) => {
    const melds = step.melds.filter((m) => m.owner === seat);
    if (!melds.length) return;
    const section = document.createElement("section");
    const title = document.createElement("h2");
    title.textContent = t("Combinazioni di {name}", { name: playerName(seat) });
    const list = document.createElement("ol");
    list.className = "meld-list";
    for (const m of melds) {
      list.append(meldNode(m));
    }
    section.append(title, list);
    box.append(section);
  });
}

// Scala 40: the hand's penalty points (§6.5), per player or, with partnerships, per side.
function showResult40(r) {
  $("replay-score").textContent = endText(r) +
    (r.closed_by !== null ? " " + t("(chiude {name})", { name: playerName(r.closed_by) }) : "") +
    (r.chiusura_in_mano ? " · " + t("chiusura in mano") : "") + " " +
    r.scores.map((s, side) => t("{name}: {points} punti di penalità",
                                { name: sideName(side), points: s })).join(" · ");
}

function start(answer) {
  data = answer;
  scala40 = data.game === "scala40";
  $("replay-pozzetti-heap").hidden = scala40;
  $("replay-melds").hidden = scala40;
  $("replay-melds40").hidden = !scala40;
  $("replay-pile-label").textContent = scala40 ? t("Pozzo") : t("Scarti");
  setGame(data.game);  // a Buraco hand speaks of morti, a Burraco hand of pozzetti
  $("replay-pozzetti-label").textContent = term("Pozzetti");
  $("upload").hidden = true;
  $("viewer").hidden = false;
  $("step").max = data.steps.length - 1;
  $("replay-melds").replaceChildren();
  shownSides = "";
  show(0);
  offerReview();
}

// --- The coach's review of a hand of a table: one seat's three costliest decisions, each a
// link to its position with the better move.  Offered for a table's hand (an uploaded record
// has no table to ask about); the server answers only whoever may see the replay.

let shownDecision = null;  // the step whose better move is on show

function offerReview() {
  if (!params.get("table")) return;
  const select = $("review-seat");
  select.replaceChildren();
  data.players.forEach((_name, seat) => {
    const option = document.createElement("option");
    option.value = seat;
    option.textContent = playerName(seat);
    select.append(option);
  });
  $("review").hidden = false;
}

// The position before the decision: the replay's step n is the position after action n.
function stepOf(decision) { return decision.number - 1; }

function jumpTo(decision) {
  const step = stepOf(decision);
  show(step);
  shownDecision = index;
  const better = $("review-better");
  better.textContent = t("Giocata: {played}. Meglio: {best} — {reason}",
                         { played: decision.played, best: decision.best, reason: decision.reason });
  better.hidden = false;
  $("board-replay").dataset.review = String(decision.number);
}

function decisionItem(decision) {
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "review-decision";
  button.dataset.step = stepOf(decision);
  button.textContent = t("Mossa {n}: {verdict}", { n: decision.number, verdict: decision.verdict });
  const reason = document.createElement("span");
  reason.className = "small review-reason";
  reason.textContent = decision.reason;
  button.addEventListener("click", () => jumpTo(decision));
  li.append(button, reason);
  return li;
}

async function askReview(event) {
  event.preventDefault();
  const query = new URLSearchParams({ seat: $("review-seat").value });
  for (const key of ["invite", "hand"]) if (params.get(key)) query.set(key, params.get(key));
  $("review-ask").disabled = true;
  $("review-status").textContent = t("L'allenatore sta rivedendo la mano…");
  $("review-list").replaceChildren();
  try {
    const response = await fetch(
      `/api/tables/${encodeURIComponent(params.get("table"))}/review?${query}`);
    const answer = await response.json();
    if (!response.ok) {
      $("review-status").textContent = answer.detail || t("Revisione non disponibile");
      return;
    }
    $("review-status").textContent = answer.explained.length
      ? t("Le scelte che sono costate di più:") : t("Nessuna scelta da rivedere: ben giocato.");
    for (const decision of answer.explained) $("review-list").append(decisionItem(decision));
  } finally {
    $("review-ask").disabled = false;
  }
}
$("review-form").addEventListener("submit", askReview);

async function load(response) {
  const answer = await response.json();
  if (!response.ok) {
    $("replay-error").textContent = answer.detail || t("Record non valido");
    return;
  }
  $("replay-error").textContent = "";
  start(answer);
}

$("record-file").addEventListener("change", async () => {
  const file = $("record-file").files[0];
  if (!file) return;
  await load(await fetch("/api/replay", { method: "POST", body: await file.text(),
                                           headers: { "Content-Type": "application/json" } }));
});
$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(index - 1));
$("next").addEventListener("click", () => show(index + 1));
$("last").addEventListener("click", () => show(Infinity));
$("step").addEventListener("input", () => show(Number($("step").value)));
document.addEventListener("keydown", (event) => {
  if (!data || event.target.tagName === "INPUT" && event.target.type !== "range") return;
  if (event.key === "ArrowRight") { event.preventDefault(); show(index + 1); }
  if (event.key === "ArrowLeft") { event.preventDefault(); show(index - 1); }
});

if (params.get("table")) {
  const query = new URLSearchParams();
  for (const key of ["invite", "hand"]) if (params.get(key)) query.set(key, params.get(key));
  const search = query.toString() ? `?${query}` : "";
  fetch(`/api/tables/${encodeURIComponent(params.get("table"))}/replay${search}`).then(load);
}
