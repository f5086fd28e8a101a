// The waiting room of a table with friends: who sits where, a seat for the reader, the
// invitation (link and QR code), and "fill with bots".  When every seat is taken the hand is
// dealt and the page becomes the table (the seat key is kept where the table page reads it).
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const room = $("waiting");
const tableId = room.dataset.table;
// Each seat's side where seats play as sides (partners share one), else null.
const sides = room.dataset.sides ? room.dataset.sides.split(",").map(Number) : null;
const players = Number(room.dataset.players);
const params = new URLSearchParams(location.search);
const invite = params.get("invite") || undefined;
const tokenKey = `ramino:${tableId}:token`;
const nameKey = "ramino:name";
let socket = null;
let mySeat = null;

$("player-name").value = localStorage.getItem(nameKey) || "";

function tablePage(watch) {
  const url = new URL(`/t/${tableId}`, location.href);
  if (invite) url.searchParams.set("invite", invite);
  if (watch) url.searchParams.set("watch", "1");
  return url.toString();
}

// A seat's place at the table, in words: seats are counted from 1; at Burraco and Buraco
// partners sit opposite (seats 1 and 3 at four, 1 and 4 at six).
function role(seat) {
  if (mySeat !== null && seat === mySeat) return t("tu");
  if (!sides || mySeat === null) return "";
  return sides[seat] === sides[mySeat] ? t("compagno") : t("avversario");
}

function connect(join) {
  if (socket) socket.close();
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  socket = ws;
  ws.addEventListener("open", () => ws.send(JSON.stringify(
    { type: "join", table: tableId, invite, lang: document.documentElement.lang, ...join })));
  ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
}

// The hand has started: go to the table page once.  The frames that follow (the bots' first
// moves) must not start a second navigation, which would abort the first.
let leaving = false;
function leave() {
  if (leaving) return;
  leaving = true;
  socket?.close();
  location.replace(tablePage(mySeat === null));
}

function receive(msg) {
  if (leaving) return;
  if (msg.type === "welcome") {
    if (msg.token) localStorage.setItem(tokenKey, msg.token);
    mySeat = msg.seat;
  } else if (msg.type === "update") {
    if (!msg.waiting) { leave(); return; }
    show(msg.seats);
  } else if (msg.type === "error") {
    if (msg.code === "bad-token") { localStorage.removeItem(tokenKey); connect({ spectate: true }); return; }
    $("waiting-error").textContent = msg.code === "seat-taken" ? t("Quel posto è stato appena preso: scegline un altro.")
      : `${t("Non riuscito")}: ${msg.message}`;
  }
}

function show(seats) {
  const list = $("seats");
  list.replaceChildren();
  const open = seats.filter((s) => s.kind === "open").length;
  for (const seat of seats) {
    const li = document.createElement("li");
    li.className = `seat-row ${seat.kind}`;
    const where = document.createElement("span");
    where.className = "where";
    const named = role(seat.seat);
    where.textContent = t("Posto {n}", { n: seat.seat + 1 }) + (named ? ` (${named})` : "");
    const who = document.createElement("span");
    who.className = "who";
    if (seat.kind === "open") {
      who.textContent = t("libero");
      if (mySeat === null) {
        const sit = document.createElement("button");
        sit.type = "button";
        sit.dataset.seat = seat.seat;
        sit.textContent = t("Siediti qui");
        sit.setAttribute("aria-label", t("Siediti al posto {n}", { n: seat.seat + 1 }));
        sit.addEventListener("click", () => take(seat.seat));
        who.append(" ", sit);
      }
    } else if (seat.kind === "bot") {
      who.textContent = t("{name} (bot)", { name: seat.name });
    } else {
      who.textContent = seat.name + (seat.connected ? "" : ` (${t("non collegato")})`);
    }
    li.append(where, who);
    list.append(li);
  }
  $("sit-form").hidden = mySeat !== null;
  $("fill").hidden = mySeat === null || open === 0;
  $("waiting-status").textContent = mySeat === null
    ? t("Scegli un posto libero per giocare.")
    : t("In attesa dei giocatori: la mano comincia quando tutti sono seduti.");
}

function take(seat) {
  const typed = $("player-name").value.trim();
  if (typed) localStorage.setItem(nameKey, typed);
  const name = typed || t("Giocatore {n}", { n: seat + 1 });
  $("waiting-error").textContent = "";
  connect({ seat, name });
}

$("fill").addEventListener("click", () => socket && socket.send(JSON.stringify({ type: "fill" })));

$("copy-link").addEventListener("click", async () => {
  const field = $("invite-link");
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    field.select();  // no clipboard (an insecure page): the link is selected to copy by hand
  }
  $("copied").textContent = t("Link copiato: mandalo a chi gioca con te.");
});

// Back with a seat key, or the creator's first visit (?sit=0), or a guest who chooses a seat.
const token = localStorage.getItem(tokenKey);
if (token) connect({ token });
else if (params.has("sit") && Number(params.get("sit")) < players) take(Number(params.get("sit")));
else connect({ spectate: true });
