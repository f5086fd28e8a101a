// The end of a hand: a panel over the table with the score breakdown per side, every hand
// revealed (when the server reveals them), the match's score sheet hand by hand (a FIBUR
// score card), the deal's check, and the next hand or the rematch.
import { cardText } from "../cards.js";
import { t, term } from "../i18n.js";
import { presentSides, scoreLabels, seatName, send, sideName, state } from "./connection.js";
import { burracoName, END, gameOf } from "./games.js";
import { cardNode } from "./view.js";

const $ = (id) => document.getElementById(id);
let shownFor = null;   // the hand whose panel was last opened (so it opens once)

function row(label, values, className = "") {
  const tr = document.createElement("tr");
  if (className) tr.className = className;
  const th = document.createElement("th");
  th.scope = "row";
  th.textContent = label;
  tr.append(th);
  for (const value of values) {
    const td = document.createElement("td");
    td.textContent = value;
    tr.append(td);
  }
  return tr;
}

function head(labels) {
  const tr = document.createElement("tr");
  for (const label of ["", ...labels]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = label;
    tr.append(th);
  }
  return tr;
}


function caption(r) {
  const node = document.createElement("caption");
  node.textContent = t("Fine della mano: {end}", { end: END()[r.end] || r.end }) +
    (r.closed_by !== null ? " " + t("(chiude {name})", { name: seatName(r.closed_by) }) : "");
  return node;
}

function burracoBreakdown(r) {
  const board = $("breakdown");
  const view = state.last.view;
  const b = r.breakdown;
  // Three players (§5.2): a column per side present at the end (the solo, the pair), the
  // pair's breakdown once, then what each of the pair scores: half its total, rounded up.
  const paired = view.players === 3 && presentSides(view).length === 2;
  const columns = paired
    ? presentSides(view).map((side) => view.sides.indexOf(side))
    : b.map((_, k) => k);
  const labels = view.players === 3 && columns.length < b.length
    ? presentSides(view).map(sideName) : scoreLabels(view);
  board.replaceChildren(caption(r), head(labels));
  const shown = columns.map((k) => b[k]);
  const kinds = columns.map((k) => r.burrachi[k]).map(
    (list) => (list.length ? " (" + list.map(burracoName).join(", ") + ")" : ""));
  board.append(row(term("Burraco"), shown.map((side, k) => `${side.burraco}${kinds[k]}`)));
  board.append(row(t("Carte in tavola"), shown.map((side) => side.table)));
  board.append(row(t("Chiusura"), shown.map((side) => side.closing)));
  board.append(row(t("Carte in mano"), shown.map((side) => side.hand)));
  board.append(row(term("Pozzetto non preso"), shown.map((side) => side.pozzetto)));
  if (columns.length < b.length) {
    board.append(row(t("Totale"), columns.map((k) => r.scores[k] - (b[k].split || 0))));
    board.append(row(t("A testa"), columns.map((k) => r.scores[k]), "total"));
  } else {
    board.append(row(t("Totale"), r.scores, "total"));
  }
  // Three players change partners from hand to hand: the sheet's columns are the players.
  sheet(view.players === 3 ? view.sides.map((_, seat) => seatName(seat)) : labels);
}

// The match hand by hand, as on a paper score card: one row per hand, the running totals.
function sheet(labels) {
  const m = state.last.match;
  const node = $("sheet");
  const hands = m.sheet || [];
  node.hidden = !(hands.length > 1 || m.target || (m.hands && m.hands > 1));
  if (node.hidden) return;
  const cap = document.createElement("caption");
  cap.textContent = t("Segnapunti della partita") +
    (m.target ? " · " + t("su {target}", { target: m.target }) : "") +
    (m.over ? " " + t("(finita)") : "");
  node.replaceChildren(cap, head(labels));
  hands.forEach((scores, k) => node.append(row(t("Mano {n}", { n: k + 1 }), scores)));
  node.append(row(t("Totale"), m.totals, "total"));
}

function sideOf(i) {
  const m = state.last.match;
  return m.sides ? m.sides[i] : i;
}

// Scala 40: each player's points left in hand, the hand's penalty points and the match's
// totals (§6.5); a player who reaches the limit is out.
function scala40Breakdown(r) {
  const last = state.last;
  const m = last.match;
  const board = $("breakdown");
  const cap = caption(r);
  cap.textContent += (r.chiusura_in_mano ? " · " + t("chiusura in mano") : "") +
    (m.over && m.limit ? " · " + (m.winner !== null
      ? t("vince la partita {name}", { name: last.seats.map((_, i) => i).filter((i) => sideOf(i) === m.winner).map(seatName).join(" + ") })
      : t("partita finita senza vincitore")) : "");
  board.replaceChildren(cap, head(last.seats.map((_, i) => seatName(i))));
  board.append(row(t("Punti in mano"), last.seats.map((_, i) => r.breakdown[i].hand ?? "—")));
  board.append(row(t("Penalità della mano"), last.seats.map((_, i) => (last.view.dealt[i] ? r.scores[sideOf(i)] : "—"))));
  board.append(row(t("Totale della partita"), last.seats.map((_, i) => m.totals[sideOf(i)] +
    (m.out && m.out[sideOf(i)] ? " · " + t("eliminato") : "") +
    (m.reentered && m.reentered[sideOf(i)] ? " · " + t("rientrato") : "")), "total"));
  const mine = state.mySeat === null ? null : sideOf(state.mySeat);
  $("reenter").hidden = !(mine !== null && m.can_reenter && m.can_reenter[mine]);
  $("sheet").hidden = true;
}

// Every hand as it was at the end (``result.hands``, when the server reveals them).
function revealed(r) {
  const box = $("revealed");
  box.replaceChildren();
  if (!r.hands) return;
  r.hands.forEach((hand, i) => {
    const line = document.createElement("div");
    line.className = "revealed-hand";
    const who = document.createElement("strong");
    who.textContent = seatName(i);
    const cards = document.createElement("span");
    cards.className = "revealed-cards";
    cards.setAttribute("aria-label", hand.length ? hand.map(cardText).join(" ") : t("nessuna carta"));
    cards.setAttribute("role", "img");
    for (const c of hand) cards.append(cardNode(c));
    if (!hand.length) cards.textContent = t("nessuna carta");
    line.append(who, cards);
    // A pozzetto taken but not yet played counts with the cards in hand where the rules say
    // so: name it beside the hand, or the breakdown's "cards in hand" would not add up.
    const waiting = state.last?.view?.pending_pozzetto_sizes?.[i];
    if (waiting) {
      const note = document.createElement("span");
      note.className = "small";
      note.textContent = " · " + term("pozzetto in arrivo ({n})", { n: waiting });
      line.append(note);
    }
    box.append(line);
  });
}

function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
  }
  return JSON.stringify(value);
}

async function verifyDeal(result, commitment) {
  if (!(window.crypto && crypto.subtle)) return "";
  const data = new TextEncoder().encode(`${result.salt}:${canonical(result.deal)}`);
  const digest = await crypto.subtle.digest("SHA-256", data);
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return hex === commitment
    ? t("Mazzo verificato: il mazzo rivelato corrisponde all'impegno dato prima della prima mossa.")
    : t("ATTENZIONE: il mazzo rivelato NON corrisponde all'impegno.");
}

export function renderResult() {
  const last = state.last;
  const r = last.result;
  const panel = $("result");
  const open = !!r || last.voided;
  panel.hidden = !open;
  document.body.classList.toggle("hand-over", open);
  $("reenter").hidden = true;
  const m = last.match;
  // A tournament table plays its turno's hands and no rematch (the frame says so).
  const rematchRefused = m.over && m.rematch === false;
  $("next-hand").hidden = state.mySeat === null || rematchRefused;
  $("next-hand").textContent = m.over ? t("Rivincita") : t("Mano successiva");
  if (!open) { shownFor = null; return; }
  if (shownFor !== last.hand_no) {
    shownFor = last.hand_no;
    fold(false);
    if (!$("next-hand").hidden) $("next-hand").focus();
  }
  if (last.voided && !r) {
    $("result-title").textContent = t("Mano annullata: non conta.");
    for (const id of ["breakdown", "revealed", "sheet"]) $(id).replaceChildren();
    $("sheet").hidden = true;
    $("record-link").hidden = $("replay-link").hidden = true;
    $("verify").textContent = "";
    return;
  }
  $("result-title").textContent = t("Punteggio della mano");
  // The links name this hand: they stay right once the next hand is dealt.
  const invite = state.invite ? `&invite=${encodeURIComponent(state.invite)}` : "";
  $("record-link").href = `/api/tables/${state.tableId}/record?hand=${last.hand_no}${invite}`;
  $("replay-link").href = `/replay?table=${state.tableId}&hand=${last.hand_no}${invite}`;
  panel.dataset.scores = r.scores.join(",");
  // A duplicate turno's deal stays hidden (no salt, no deal, no record: the record would
  // answer 409) until every table of the turno has played it; the next update brings it.
  const sealed = r.salt === null;
  $("record-link").hidden = sealed;
  $("replay-link").hidden = sealed;
  if (sealed) {
    $("verify").textContent = t("Smazzata duplicata: il mazzo e il record saranno pubblicati quando ogni tavolo del turno l'avrà giocata.");
  } else {
    verifyDeal(r, last.commitment).then((text) => { $("verify").textContent = text; });
  }
  revealed(r);
  if (gameOf(last.game).scala40) scala40Breakdown(r); else burracoBreakdown(r);
}

function fold(folded) {
  $("result").classList.toggle("folded", folded);
  $("result-body").hidden = folded;
  $("result-fold").setAttribute("aria-expanded", String(!folded));
  $("result-fold").textContent = folded ? t("Mostra il punteggio") : t("Guarda il tavolo");
}

export function wireResult() {
  $("result-fold").addEventListener("click", () => fold(!$("result").classList.contains("folded")));
  $("reenter").addEventListener("click", () => { if (state.last) send({ type: "reenter" }); });
  $("next-hand").addEventListener("click", () => {
    if (state.last) send({ type: "next", hand_no: state.last.hand_no });
  });
}
