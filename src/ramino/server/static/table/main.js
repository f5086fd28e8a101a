// The browser table: wires the socket (connection.js) to the table (view.js), the hand
// (hand.js), the move log (log.js) and the end-of-hand panel (endpanel.js).  Build-free ES
// modules: the browser loads them as they are.
import { t } from "../i18n.js";
import { fly, rectOf } from "./animate.js";
import { act, connect, joinAsSpectator, joinSeat, myTurn, on, send, state, tableInfo } from "./connection.js";
import {
  clearChoices, doAttach, doDiscard, doDraw, doMeld, doPick, handRects, pileTapped, renderHand,
  resetHand, wireHand,
} from "./hand.js";
import { logUpdate, wireLog } from "./log.js";
import { renderResult, wireResult } from "./endpanel.js";
import { renderTable } from "./view.js";
import { renderCoach, wireCoach } from "./coach.js";

const $ = (id) => document.getElementById(id);
const baseTitle = document.title;

function setStatus(text) { $("status").textContent = text; }

function showError(text, rule = null) {
  const node = $("error");
  node.replaceChildren(text);
  if (text && rule) {
    // Every refusal links to the rules of the table's preset.
    const link = document.createElement("a");
    link.href = `/rules/${encodeURIComponent(state.preset || "fibur")}#rule-${rule}`;
    link.textContent = t("Leggi la regola");
    node.append(" ", link);
  }
  node.hidden = !text;
}

async function showJoin() {
  const info = await tableInfo();
  if (!info) { showError(t("Tavolo non trovato (o privato: serve l'invito).")); return; }
  const box = $("open-seats");
  box.replaceChildren();
  for (const seat of info.seats) {
    if (seat.kind !== "open") continue;
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = t("Siediti al posto {n}", { n: seat.seat + 1 });  // seats counted from 1
    b.dataset.seat = seat.seat;
    b.addEventListener("click", () => joinSeat(seat.seat, $("player-name").value));
    box.append(b);
  }
  $("join").hidden = false;
  setStatus(box.children.length ? t("Scegli un posto libero o guarda.")
    : t("Nessun posto libero: puoi guardare."));
}

// --- The move just made, drawn: where its card was before the new frame, where it is after.

function seatRect(seat) {
  return rectOf(document.querySelector(`.slot .seat[data-seat="${seat}"]`));
}

function sourcesBefore(event) {
  if (!event) return null;
  const words = event.action.split(/\s+/);
  const mine = event.seat === state.mySeat;
  const from = { kind: words[0] };
  if (words[0] === "draw") from.rect = rectOf($("stock"));
  else if (words[0] === "pick") from.rect = rectOf($("pile-cards").lastElementChild || $("pile"));
  else if (mine) {
    const token = (words[0] === "discard" ? words[1] : words[words.length - 1]).split("=")[0];
    const card = handRects().find((c) => c.token === token);
    from.rect = card ? card.rect : seatRect(event.seat);
  } else from.rect = seatRect(event.seat);
  return from;
}

function animateMove(event, from) {
  if (!event || !from || !from.rect) return;
  const words = event.action.split(/\s+/);
  const mine = event.seat === state.mySeat;
  let to = null;
  let token = null;
  if (words[0] === "draw" || words[0] === "pick") {
    const drawn = mine ? document.querySelector("#hand .drawn") : null;
    to = drawn ? rectOf(drawn) : seatRect(event.seat);
    token = drawn && words[0] === "pick" ? drawn.dataset.card : null;
    if (drawn && words[0] === "draw") token = drawn.dataset.card;
  } else if (words[0] === "discard") {
    to = rectOf($("pile-cards").lastElementChild);
    token = words[1];
  } else if (words[0] === "meld" || words[0] === "attach" || words[0] === "swap") {
    const melds = [...document.querySelectorAll(".meld")];
    const number = words[0] === "meld" ? Math.max(0, ...melds.map((m) => Number(m.dataset.meld)))
      : Number(words[1]);
    to = rectOf(document.querySelector(`.meld[data-meld="${number}"]`));
    token = words[words.length - 1];
  }
  fly(from.rect, to, token);
}

function highlightOf(event) {
  const out = { melds: new Set(), pile: false };
  if (!event) return out;
  const words = event.action.split(/\s+/);
  if (words[0] === "discard") out.pile = true;
  if (words[0] === "attach" || words[0] === "swap") out.melds.add(Number(words[1]));
  if (words[0] === "meld") {
    const numbers = state.last.view.melds.map((m) => m.number);
    if (numbers.length) out.melds.add(Math.max(...numbers));
  }
  return out;
}

// --- "Your turn": in the page's title and, if the player turns it on, a short beep.

let audio = null;
let soundOn = localStorage.getItem("ramino:sound") === "1";
function beep() {
  if (!soundOn) return;
  audio ||= new AudioContext();
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = 660;
  gain.gain.setValueAtTime(0.08, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + 0.25);
}
function renderSound() {
  $("sound").setAttribute("aria-pressed", String(soundOn));
  $("sound").textContent = soundOn ? t("Suono: sì") : t("Suono: no");
}

let wasMyTurn = false;

function onUpdate(msg) {
  const t0 = performance.now();
  const before = state.previous;
  const moved = !before || before.version !== msg.version || before.hand_no !== msg.hand_no;
  if (before && before.hand_no !== msg.hand_no) resetHand();
  // Where the moved card was, read before the table is drawn again.
  const animate = moved && before && msg.event && before.hand_no === msg.hand_no &&
    msg.event.version === before.version + 1;
  const from = animate ? sourcesBefore(msg.event) : null;
  if (moved) { showError(""); clearChoices(); }
  renderTable(highlightOf(msg.event));
  renderHand(moved);
  renderResult();
  renderCoach(moved);
  logUpdate(msg, before);
  // Measured in the next frame, when the browser lays the table out anyway.
  if (animate) requestAnimationFrame(() => animateMove(msg.event, from));
  document.querySelectorAll(".seat.just-played").forEach((n) => n.classList.remove("just-played"));
  if (msg.event) document.querySelector(`.slot .seat[data-seat="${msg.event.seat}"]`)?.classList.add("just-played");
  $("commitment").textContent = msg.commitment;
  renderEndVote();
  const mine = myTurn();
  document.title = (mine ? "● " + t("Tocca a te") + " — " : "") + baseTitle;
  if (mine && !wasMyTurn) beep();
  wasMyTurn = mine;
  // For scripts and tests that watch the page: the version shown and whether it is our turn.
  $("table").dataset.version = msg.version;
  $("table").dataset.myTurn = mine ? "1" : "0";
  $("table").dataset.hand = msg.hand_no;
  tickClocks();
  // How long the frame took to show (tests read it to find what holds the main thread).
  performance.measure("ramino-update", { start: t0 });
}

function renderEndVote() {
  const last = state.last;
  const agreed = last.end_votes.includes(state.mySeat);
  const vote = $("end-vote");
  vote.hidden = state.mySeat === null;
  vote.textContent = agreed ? t("Ritira la proposta di annullare") : t("Annulla la mano (d'accordo con tutti)");
  vote.setAttribute("aria-pressed", agreed ? "true" : "false");
  vote.disabled = !!last.result || last.voided;
  $("end-votes").textContent = last.voided ? t("Mano annullata: non conta.")
    : last.end_votes.length ? t("D'accordo per annullare: {names}",
      { names: last.end_votes.map((i) => last.seats[i].name || i).join(", ") }) : "";
}

// The clocks count down locally between updates; the server's figures replace them at each.
function tickClocks() {
  const last = state.last;
  if (!last || !last.clocks) return;
  const running = last.result || last.voided ? null : last.view.current;
  for (const node of document.querySelectorAll(".clock")) {
    const seat = Number(node.dataset.seat);
    let ms = last.clocks[seat];
    if (seat === running) ms = Math.max(0, ms - (performance.now() - state.receivedAt));
    const s = Math.ceil(ms / 1000);
    const text = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    if (node.textContent !== text) node.textContent = text;
    node.setAttribute("aria-label", t("tempo rimasto {m} minuti e {s} secondi",
                                      { m: Math.floor(s / 60), s: s % 60 }));
    node.classList.toggle("low", seat === running && ms < 30000);
  }
}
setInterval(tickClocks, 500);

function addChat(line) {
  const li = document.createElement("li");
  const who = document.createElement("strong");
  who.textContent = `${line.name}: `;
  li.append(who, document.createTextNode(line.text));
  $("chat-lines").append(li);
  while ($("chat-lines").children.length > 50) $("chat-lines").firstChild.remove();
}

on("open", showJoin);
on("close", () => setStatus(t("Connessione persa: mi ricollego…")));
on("welcome", (msg) => {
  $("join").hidden = true;
  $("board").hidden = false;
  $("me").hidden = state.mySeat === null;
  document.body.classList.toggle("seated", state.mySeat !== null);
  $("chat-form").hidden = state.mySeat === null;
  $("chat-lines").replaceChildren();
  for (const line of msg.chat) addChat(line);
  if (!state.preset) tableInfo();
});
on("update", onUpdate);
on("act", () => showError(""));  // a new try: the last refusal goes
on("error", (msg) => {
  if (msg.code === "bad-token") { showJoin(); return; }
  // An engine refusal names its rule and docs/rules.md section in the message.
  const refused = msg.code === "illegal" || msg.code === "notation" || msg.code === "stale";
  showError((refused ? t("Mossa rifiutata: ") : "") + msg.message, msg.rule || null);
});
on("chat", addChat);
// Idle on one's turn at a casual table: the server's word (in the player's language) before a
// bot plays the turn, next to the hand where the player looks.
on("nudge", (msg) => showError(msg.message));

$("spectate").addEventListener("click", joinAsSpectator);
$("do-draw").addEventListener("click", doDraw);
$("do-pick").addEventListener("click", doPick);
$("do-meld").addEventListener("click", doMeld);
$("do-attach").addEventListener("click", doAttach);
$("do-discard").addEventListener("click", doDiscard);
$("stock").addEventListener("click", () => { if (myTurn() && state.last.legal.includes("draw")) doDraw(); });
$("pile").addEventListener("click", pileTapped);
$("play-legal").addEventListener("click", () => {
  const a = $("legal").value;
  if (a) act(a);
});
$("end-vote").addEventListener("click", () => {
  if (state.last) send({ type: "end", agree: !state.last.end_votes.includes(state.mySeat) });
});
$("sound").addEventListener("click", () => {
  soundOn = !soundOn;
  localStorage.setItem("ramino:sound", soundOn ? "1" : "0");
  renderSound();
  if (soundOn) beep();
});
renderSound();
document.addEventListener("keydown", (event) => {
  const tag = (event.target && event.target.tagName) || "";
  if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) || event.ctrlKey || event.metaKey || event.altKey) return;
  const keys = { d: doDraw, p: doPick, m: doMeld, a: doAttach, s: doDiscard };
  const run = keys[event.key];
  if (run && state.last && state.mySeat !== null) { event.preventDefault(); run(); }
});
$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (text) send({ type: "chat", text });
  $("chat-text").value = "";
});
wireHand();
wireLog();
wireResult();
wireCoach();
// The dock over the bottom of the screen: the page leaves room for it; on a phone on its side
// the table bar leaves room for the site header beside it (table.css).
const fitted = {};
const header = document.querySelector("body > .top");
function fit() {
  // Set only when changed: a new value restyles the whole page.
  const sizes = { "--dock-h": `${$("me").offsetHeight}px`,
                  "--felt-top": `${Math.round($("felt").getBoundingClientRect().top + window.scrollY)}px`,
                  "--top-w": `${header ? header.offsetWidth : 0}px` };
  for (const [name, value] of Object.entries(sizes)) {
    if (fitted[name] !== value) document.documentElement.style.setProperty(name, (fitted[name] = value));
  }
}
new ResizeObserver(fit).observe($("me"));
new ResizeObserver(fit).observe($("status"));
window.addEventListener("resize", fit);
connect();
