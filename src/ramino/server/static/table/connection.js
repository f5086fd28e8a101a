// The table's socket and state: one WebSocket, the seat's own view only, actions sent in the
// record notation (docs/record.md §3).  The server and the engine decide; the page shows and asks.
import { lang, t } from "../i18n.js";

const params = new URLSearchParams(location.search);

export const state = {
  tableId: document.getElementById("table").dataset.table,
  invite: params.get("invite"),
  // ?watch=1 watches even in a browser that holds this table's seat key.
  watching: params.get("watch") === "1",
  mySeat: null,
  last: null,        // the latest update frame
  previous: null,    // the one before it (what a move changed)
  receivedAt: 0,     // when the latest update came: the running clock counts from there
  preset: null,      // the table's rules preset (its rules page: /rules/{preset})
};
export const tokenKey = `ramino:${state.tableId}:token`;

// A seat kept for this player (a tournament table's link): its key sits them there, and is
// taken out of the address so that it is not shared with the page.
if (params.get("key")) {
  localStorage.setItem(tokenKey, params.get("key"));
  params.delete("key");
  history.replaceState(null, "", location.pathname + (params.size ? `?${params}` : ""));
}

let ws = null;
let retries = 0;
const handlers = { welcome: [], update: [], error: [], chat: [], open: [], close: [], act: [], nudge: [], hint: [] };

export function on(type, handler) { handlers[type].push(handler); }
function emit(type, payload) { for (const handler of handlers[type]) handler(payload); }

export function send(message) {
  // A join names the page's language: the server explains refused moves in it.
  if (message.type === "join") message = { ...message, lang };
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

// An action at the version it was chosen at (a stale one is refused by the server).
export function act(text) {
  if (!state.last) return;
  emit("act", text);
  send({ type: "act", action: text, version: state.last.version });
}

export function joinAsSpectator() {
  state.watching = true;
  send({ type: "join", table: state.tableId, spectate: true, invite: state.invite });
}

export function joinSeat(seat, name) {
  send({ type: "join", table: state.tableId, seat, name, invite: state.invite });
}

export function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws`);
  ws.addEventListener("open", () => {
    retries = 0;
    const token = localStorage.getItem(tokenKey);
    if (state.watching) joinAsSpectator();
    else if (token) send({ type: "join", table: state.tableId, token, invite: state.invite });
    else emit("open", null);
  });
  ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  ws.addEventListener("close", () => {
    emit("close", null);
    retries += 1;
    if (retries < 30) setTimeout(connect, Math.min(5000, 300 * retries));
  });
}

function receive(msg) {
  if (msg.type === "welcome") {
    if (msg.token) localStorage.setItem(tokenKey, msg.token);
    state.mySeat = msg.seat;
  } else if (msg.type === "update") {
    state.previous = state.last;
    state.last = msg;
    if (msg.preset) state.preset = msg.preset;
    state.receivedAt = performance.now();
  } else if (msg.type === "error" && msg.code === "bad-token") {
    localStorage.removeItem(tokenKey);
  }
  if (handlers[msg.type]) emit(msg.type, msg);
}

// The table's public settings (seats, preset), as the lobby lists them.
export async function tableInfo() {
  const query = state.invite ? `?invite=${encodeURIComponent(state.invite)}` : "";
  const response = await fetch(`/api/tables/${state.tableId}${query}`);
  if (!response.ok) return null;
  const info = await response.json();
  state.preset = info.preset || state.preset;
  return info;
}

// Whether it is this player's turn to act now.
export function myTurn() {
  const last = state.last;
  return !!last && state.mySeat !== null && last.view.current === state.mySeat &&
    !last.result && !last.voided && last.legal.length > 0;
}

export function seatName(i) {
  const s = state.last.seats[i];
  return (s && s.name) || t("Posto {n}", { n: i });
}

// A side of a Burraco table (two at two and four players, three pairs at six; at three each
// alone, then the solo and the pair) as the viewer names it, with its players:
// "Noi (Anna + Bot 2)", "Loro (Bot 1 + Bot 3)"; a spectator reads "Squadra 1 (…)".
export function sideName(side) {
  const last = state.last;
  const sides = last.view.sides;
  const names = last.seats.map((_, i) => i).filter((i) => sides[i] === side).map(seatName).join(" + ");
  const who = state.mySeat === null ? t("Squadra {n}", { n: side + 1 })
    : sides[state.mySeat] === side ? t("Noi") : t("Loro");
  return `${who} (${names})`;
}

// The sides a Burraco view has players on, in order.  At three players (§5.2) each plays
// alone until the first to empty his hand takes the 18: he goes on alone, the other two
// become one side, and a side number is left with nobody on it.
export function presentSides(view) {
  return [...new Set(view.sides)].sort((a, b) => a - b);
}

// The columns of a Burraco hand's scores: one per side, or at three players one per seat
// (the pair's total is split between its two, §5.2), each named with where it plays.
export function scoreLabels(view) {
  if (view.players !== 3) {
    return Array.from({ length: Math.max(...view.sides) + 1 }, (_, side) => sideName(side));
  }
  return view.sides.map((side, seat) => {
    const alone = view.sides.filter((s) => s === side).length === 1;
    const name = seat === state.mySeat ? t("Tu") : seatName(seat);
    return alone ? name : t("{name} (in coppia)", { name });
  });
}
