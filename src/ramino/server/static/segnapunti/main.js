// The score keeper (segnapunti): choose the rules and the players, enter each hand as the
// players count it, and read the hand's score, the running sheet and the end of the match.
// Scores are the arithmetic of the engine's score table (score.js); the sheet stays on this
// device (sheet.js) and a service worker keeps the page working with no network.  Publishing
// sends the counts to the server, which scores them again and gives a read-only link.
import { setGame, t, tn } from "../i18n.js";
import { checkHand, pairsForm, scoreHand, sheetView } from "./score.js";
import { fillSetup, onStart, setTables } from "./setup.js";
import {
  clearDraft, clearPublished, loadDraft, loadPublished, loadSheet, removeLast, saveDraft,
  savePublished, saveSheet, tableOf,
} from "./sheet.js";
import {
  breakdownTable, burracoEntry, el, locate, problemText, runningTable, scala40Entry, sideNames,
  signed,
} from "./view.js";

const $ = (id) => document.getElementById(id);
const keeper = $("keeper");
let tables = {};
let sheet = loadSheet();
let table = null;
let draft = null;
let checking = false;  // after a refused "Segna": the message follows every change
let totals = [];  // the match's totals before the hand being entered
let lastView = null;

// --- offline -----------------------------------------------------------------------------

function offlineStatus() {
  const ready = !!navigator.serviceWorker?.controller;
  $("offline").textContent = !navigator.onLine
    ? t("Senza rete: il foglio resta su questo telefono.")
    : ready ? t("Pronto anche senza rete.") : "";
  keeper.dataset.offline = ready ? "ready" : "";
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/segnapunti/sw.js", { scope: "/segnapunti" })
    .catch(() => {});
  navigator.serviceWorker.addEventListener("controllerchange", offlineStatus);
  navigator.serviceWorker.ready.then(offlineStatus);
}
addEventListener("online", offlineStatus);
addEventListener("offline", offlineStatus);

// --- setup ---------------------------------------------------------------------------------

onStart((fresh) => {
  sheet = fresh;
  saveSheet(sheet);
  clearDraft();
  clearPublished();
  draft = null;
  show();
});

// --- the hand being entered ----------------------------------------------------------------

const emptySide = () => ({ burrachi: {}, melded: "", in_hand: "", pozzetto_taken: false,
                           closed: false });

// Three-player Burraco (§5.2): a hand that may pair first asks who took the 18 and played
// solo (``solo`` undefined until answered, null for nobody); the solo's and the pair's
// counts follow, or each player's.
const threePlayers = () => table.game !== "scala40" && table.players === 3;
const mayPair = () => threePlayers() && pairsForm(table, totals);
const hasSolo = (d) => d.solo !== undefined && d.solo !== null;

function emptyDraft(view) {
  if (table.game === "scala40") {
    return { chiusura_in_mano: false, players: view.standing.in_play.map((inPlay) =>
      (inPlay ? { in_hand: "", opened: true, closed: false } : null)) };
  }
  if (mayPair()) return { solo: undefined, sides: [] };
  return { sides: table.sides.map(emptySide) };
}

// The counts a solo's answer asks for: two (the solo, the pair) or three (each player).
function setSolo(d, solo) {
  const count = solo === null ? 3 : 2;
  if (d.solo === undefined || hasSolo(d) !== (solo !== null)) {
    d.sides = Array.from({ length: count }, emptySide);
  }
  d.solo = solo;
}

const number = (text) => (String(text).trim() === "" ? 0 : Number(text));

// The hand's counts as the core reads them, from what is typed.
function entryOf(d) {
  if (table.game === "scala40") {
    return { chiusura_in_mano: !!d.chiusura_in_mano, players: d.players.map((p) => (p
      ? { in_hand: number(p.in_hand), opened: !!p.opened, closed: !!p.closed } : null)) };
  }
  const entry = hasSolo(d) ? { solo: d.solo } : {};
  entry.sides = d.sides.map((s) => {
    const burrachi = {};
    for (const [kind, count] of Object.entries(s.burrachi)) if (count) burrachi[kind] = count;
    return { burrachi, melded: number(s.melded), in_hand: number(s.in_hand),
             pozzetto_taken: !!s.pozzetto_taken, closed: !!s.closed };
  });
  return entry;
}

// Who enters a count: each player at Scala 40, each side at Burraco and Buraco; three
// players with a solo: the solo, then the pair.
function entityNames() {
  if (table.game === "scala40") return sheet.players;
  if (threePlayers() && draft && hasSolo(draft)) {
    const pair = [0, 1, 2].filter((seat) => seat !== draft.solo);
    return [t("{name} (da solo)", { name: sheet.players[draft.solo] }),
            t("{name} (in coppia)", { name: pair.map((seat) => sheet.players[seat]).join(" & ") })];
  }
  return sideNames(table, sheet.players);
}

// The seat whose score an entry shows: the solo's, a pair's first seat, or the side's own.
function entrySeat(i) {
  if (!threePlayers() || !hasSolo(draft)) return i;
  return i === 0 ? draft.solo : [0, 1, 2].find((seat) => seat !== draft.solo);
}

// Three players: who took the 18 (a hand that may pair), or the note that everyone is alone.
function buildSoloChoice() {
  const box = $("solo-choice");
  const pairing = mayPair();
  box.hidden = !pairing;
  $("all-alone").hidden = !threePlayers() || pairing;
  if (threePlayers() && !pairing) {
    $("all-alone").textContent = t("Tutti da soli fino alla fine: tre pozzetti da 11 (un totale ha raggiunto {n}).",
      { n: table.burraco.three_players.switch_threshold });
  }
  if (!pairing) { box.replaceChildren(); return; }
  const choice = (value, label) => el("label", {},
    el("input", { type: "radio", name: "solo", id: `f-solo-${value}`, value,
                  checked: draft.solo !== undefined && String(draft.solo) === value }),
    el("span", { text: label }));
  box.replaceChildren(el("legend", { text: t("Chi ha preso il pozzetto da 18 (gioca da solo)?") }),
    ...sheet.players.map((name, seat) => choice(String(seat), name)),
    choice("null", t("Nessuno")));
}

// Who scores: each side (a player at Scala 40 unless in pairs or teams).
function sideLabels() {
  return table.game === "scala40" && table.scala40.partnerships === "NONE"
    ? sheet.players : sideNames(table, sheet.players);
}

function buildHandForm(view) {
  const box = $("hand-sides");
  const names = entityNames();
  buildSoloChoice();  // hidden but at three-player Burraco
  if (table.game === "scala40") {
    box.replaceChildren(...draft.players.map((p, seat) => (p ? scala40Entry(seat, names[seat], p) : null))
      .filter(Boolean));
    const mano = table.scala40.chiusura_in_mano_allowed;
    $("closers").replaceChildren(...(mano ? [el("label", { className: "toggle" },
      el("input", { type: "checkbox", id: "f-chiusura_in_mano", checked: draft.chiusura_in_mano }),
      el("span", { text: t("Chiusura in mano") }))] : []));
    $("closers").hidden = !mano;
  } else {
    box.replaceChildren(...draft.sides.map((s, i) => burracoEntry(table.burraco, i, names[i], s)));
    $("closers").hidden = true;
  }
  const dealer = sheet.players[view.next_dealer];
  $("hand-title").textContent = `${t("Mano {n}", { n: view.hands.length + 1 })} · ${t("dà le carte {name}", { name: dealer })}`;
}

function readForm() {
  if (table.game === "scala40") {
    draft.players.forEach((p, seat) => {
      if (!p) return;
      p.in_hand = $(`f-p${seat}-in_hand`).value;
      p.opened = $(`f-p${seat}-opened`).checked;
      p.closed = $(`f-p${seat}-closed`).checked;
    });
    const mano = $("f-chiusura_in_mano");
    draft.chiusura_in_mano = !!mano && mano.checked;
  } else {
    draft.sides.forEach((s, i) => {
      s.melded = $(`f-s${i}-melded`).value;
      s.in_hand = $(`f-s${i}-in_hand`).value;
      s.pozzetto_taken = $(`f-s${i}-pozzetto_taken`).checked;
      s.closed = $(`f-s${i}-closed`).checked;
    });
  }
  saveDraft({ hands: sheet.hands.length, draft });
}

// The live score of what is typed, and (after a refused "Segna") the first problem.
function refresh() {
  const entry = entryOf(draft);
  const names = entityNames();
  const problem = mayPair() && draft.solo === undefined ? null : checkHand(table, entry, "hand", totals);
  for (const node of document.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
  for (const node of document.querySelectorAll(".entry.bad")) node.classList.remove("bad");
  $("hand-error").textContent = "";
  if (problem && checking) {
    $("hand-error").textContent = problemText(problem, names);
    const { id } = locate(problem.path, names);
    const field = id && $(id);
    if (field) {
      field.setAttribute("aria-invalid", "true");
      field.closest(".entry")?.classList.add("bad");
    }
  }
  const unasked = mayPair() && draft.solo === undefined;
  const result = unasked || (problem && problem.code === "shape") ? null : scoreHand(table, entry);
  const labels = threePlayers() && hasSolo(draft) ? entityNames() : null;
  if (result) breakdownTable($("breakdown"), table.game, result, sideLabels(), labels);
  $("breakdown").hidden = !result;
  if (result && table.game !== "scala40") {
    entry.sides.forEach((_, i) => {
      const node = $(`score-s${i}`);
      const score = result.scores[entrySeat(i)];
      node.textContent = threePlayers() && hasSolo(draft) && i === 1
        ? t("Punti della mano: {n} a testa", { n: signed(score) })
        : t("Punti della mano: {n}", { n: signed(score) });
      node.classList.toggle("negative", score < 0);
    });
  } else if (result) {
    entry.players.forEach((p, seat) => {
      if (p) $(`score-p${seat}`).textContent = t("Penalità: {n}", { n: result.seat_scores[seat] });
    });
  }
  return problem;
}

$("hand-form").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-step]");
  if (!button) return;
  const side = draft.sides[Number(button.dataset.side)];
  const kind = button.dataset.kind;
  side.burrachi[kind] = Math.max(0, (side.burrachi[kind] || 0) + Number(button.dataset.step));
  $(`f-s${button.dataset.side}-burrachi-${kind}-count`).textContent = String(side.burrachi[kind]);
  readForm();
  refresh();
});
$("hand-form").addEventListener("input", (event) => {
  if (event.target.name === "solo") {
    readForm();
    setSolo(draft, event.target.value === "null" ? null : Number(event.target.value));
    saveDraft({ hands: sheet.hands.length, draft });
    buildHandForm(lastView);
    refresh();
    return;
  }
  readForm();
  refresh();
});
$("hand-form").addEventListener("submit", (event) => {
  event.preventDefault();
  readForm();
  if (mayPair() && draft.solo === undefined) {
    $("hand-error").textContent = t("Prima di tutto: chi ha preso il pozzetto da 18?");
    $("f-solo-0")?.focus();
    return;
  }
  checking = true;
  const problem = refresh();
  if (problem) {
    const { id } = locate(problem.path, entityNames());
    const field = id && $(id);
    (field?.matches("input") ? field : field?.querySelector("button"))?.focus();
    return;
  }
  sheet.hands.push(entryOf(draft));
  saveSheet(sheet);
  clearDraft();
  draft = null;
  checking = false;
  show();
  $("sheet").scrollIntoView({ block: "start" });
});

// --- the sheet -----------------------------------------------------------------------------

function showSheet(view) {
  const names = sideLabels();
  runningTable($("running"), view, names);
  const s = view.standing;
  $("totals-line").textContent = names.map((name, side) => `${name} ${s.totals[side]}`).join(" · ");
  $("sheet-goal").textContent = table.game === "scala40"
    ? t("Eliminato chi arriva a {n} punti.", { n: s.limit })
    : s.target ? t("Vince chi arriva a {n} punti.", { n: s.target }) : "";
  const end = $("match-end");
  end.hidden = !s.over && !s.extra_hand;
  end.textContent = s.over
    ? (s.winner === null ? t("Partita finita: pari.") : t("Partita finita: vince {name}.", { name: names[s.winner] }))
    : s.extra_hand ? t("Pari oltre il traguardo: si gioca un'altra mano.") : "";
  keeper.dataset.over = s.over ? "1" : "";
  const back = $("reentries");
  back.replaceChildren(...(s.can_reenter || []).map((may, side) => (may
    ? el("button", { type: "button", className: "wide", "data-reenter": side,
                     text: t("{name} rientra in partita", { name: names[side] }) }) : null))
    .filter(Boolean));
  $("undo").disabled = !sheet.hands.length;
  $("publish").disabled = !sheet.hands.length;
  const link = loadPublished();
  const status = $("publish-status");
  status.replaceChildren();
  if (link) {
    status.append(link.hands === sheet.hands.length
      ? t("Pubblicato: ") : t("Pubblicato con {count}: ", { count: tn("{n} mano", "{n} mani", link.hands) }),
    el("a", { href: link.url, id: "published-link", text: new URL(link.url, location.href).href }));
  }
}

$("reentries").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-reenter]");
  if (!button) return;
  sheet.reentries = [...(sheet.reentries || []),
                     { before: sheet.hands.length, side: Number(button.dataset.reenter) }];
  saveSheet(sheet);
  draft = null;
  show();
});

$("undo").addEventListener("click", () => {
  if (!sheet.hands.length) return;
  const hand = removeLast(sheet);
  saveSheet(sheet);
  // The hand taken back is in the form again: press "Segna" to put it back as it was.
  draft = table.game === "scala40"
    ? { chiusura_in_mano: hand.chiusura_in_mano, players: hand.players.map((p) => (p
      ? { in_hand: String(p.in_hand), opened: p.opened, closed: p.closed } : null)) }
    : { sides: hand.sides.map((s) => ({ burrachi: { ...s.burrachi }, melded: String(s.melded),
        in_hand: String(s.in_hand), pozzetto_taken: s.pozzetto_taken, closed: s.closed })) };
  if (table.players === 3 && table.game !== "scala40") draft.solo = hand.solo ?? null;
  saveDraft({ hands: sheet.hands.length, draft });
  show();
});

$("new-sheet").addEventListener("click", () => {
  $("setup").hidden = false;
  $("back-to-sheet").hidden = !sheet;
  $("hand").hidden = true;
  $("sheet").hidden = true;
  fillSetup();
  $("setup").scrollIntoView({ block: "start" });
});
$("back-to-sheet").addEventListener("click", () => show());

$("publish").addEventListener("click", async () => {
  $("publish-error").textContent = "";
  $("publish").disabled = true;
  let response;
  try {
    response = await fetch("/api/segnapunti", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(sheet) });
  } catch {
    $("publish-error").textContent = t("Senza rete non si pubblica: riprova quando torna la connessione.");
    $("publish").disabled = false;
    return;
  }
  const answer = await response.json().catch(() => ({}));
  $("publish").disabled = false;
  if (!response.ok) {
    $("publish-error").textContent = response.status === 429
      ? t("Troppe richieste: riprova tra qualche secondo.")
      : `${t("Non riuscito")}: ${answer.detail || response.status}`;
    return;
  }
  savePublished({ url: answer.url, hands: sheet.hands.length });
  show();
});

// --- the page ------------------------------------------------------------------------------

function show() {
  table = sheet && tableOf(tables, sheet);
  if (!table) {
    $("setup").hidden = false;
    $("back-to-sheet").hidden = true;
    $("hand").hidden = true;
    $("sheet").hidden = true;
    fillSetup();
    keeper.dataset.state = "setup";
    return;
  }
  setGame(table.game);
  const view = sheetView(table, sheet);
  lastView = view;
  totals = view.standing.totals;
  $("setup").hidden = true;
  $("sheet").hidden = false;
  showSheet(view);
  $("hand").hidden = view.standing.over;
  if (!view.standing.over) {
    const kept = loadDraft();
    if (!draft && kept && kept.hands === sheet.hands.length) draft = kept.draft;
    if (!draft || (table.game === "scala40") !== !!draft.players) draft = emptyDraft(view);
    buildHandForm(view);
    refresh();
  }
  keeper.dataset.state = "sheet";
  keeper.dataset.hands = String(sheet.hands.length);
}

fetch("/api/segnapunti/tables").then((response) => response.json()).then((found) => {
  tables = found;
  setTables(found);
  show();
  offlineStatus();
}).catch(() => {
  $("offline").textContent = t("Le regole non sono arrivate: apri la pagina con la rete una volta.");
});
