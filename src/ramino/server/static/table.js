// The browser table: one WebSocket, the seat's own view only, actions sent in the record
// notation (RECORD.md §3).  The server and the engine decide; this page only shows and asks.
import { backSvg, bareCard, cardLabel, cardSvg, handOrder } from "./cards.js";
import { lang, t, term, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const tableId = $("table").dataset.table;
// Scala 40 (RULES.md §6): each for himself, melds with their owner, penalty points.
const scala40 = document.documentElement.dataset.game === "scala40";
const params = new URLSearchParams(location.search);
const invite = params.get("invite");
const tokenKey = `ramino:${tableId}:token`;
// A seat kept for this player (a tournament table's link): its key sits them there, and is
// taken out of the address so that it is not shared with the page.
if (params.get("key")) {
  localStorage.setItem(tokenKey, params.get("key"));
  params.delete("key");
  history.replaceState(null, "", location.pathname + (params.size ? `?${params}` : ""));
}
translatePage();
const SIDE = [t("Squadra 0 e 2"), t("Squadra 1 e 3")];
const END = { closed: t("chiusura"), stock: t("tallone finito"), stallo: t("stallo"),
              timeout: t("tempo scaduto") };
const MARK = { pulito: t("pulito"), semipulito: t("semipulito"), sporco: t("sporco") };

let ws = null;
let last = null;        // the latest update frame
let mySeat = null;
let watching = params.get("watch") === "1";
let selected = new Set(); // indices into the shown (sorted) hand
let shownHand = [];
let target = null;      // meld number chosen for "attacca"
let retries = 0;
let receivedAt = 0;      // when the latest update came: the running clock counts from there

function send(message) {
  // A join names the page's language: the server explains refused moves in it.
  if (message.type === "join") message = { ...message, lang };
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

function setStatus(text) { $("status").textContent = text; }

function showError(text) {
  const node = $("error");
  node.textContent = text;
  node.hidden = !text;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws`);
  ws.addEventListener("open", () => {
    retries = 0;
    const token = localStorage.getItem(tokenKey);
    if (token) send({ type: "join", table: tableId, token, invite });
    else if (watching) send({ type: "join", table: tableId, spectate: true, invite });
    else showJoin();
  });
  ws.addEventListener("message", (event) => handle(JSON.parse(event.data)));
  ws.addEventListener("close", () => {
    setStatus(t("Connessione persa: mi ricollego…"));
    retries += 1;
    if (retries < 30) setTimeout(connect, Math.min(5000, 300 * retries));
  });
}

async function showJoin() {
  const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  const response = await fetch(`/api/tables/${tableId}${query}`);
  if (!response.ok) { showError(t("Tavolo non trovato (o privato: serve l'invito).")); return; }
  const info = await response.json();
  const box = $("open-seats");
  box.replaceChildren();
  for (const seat of info.seats) {
    if (seat.kind !== "open") continue;
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = scala40 ? t("Siediti al posto {seat}", { seat: seat.seat })
      : t("Siediti al posto {seat} (squadra {side})",
          { seat: seat.seat, side: seat.seat % 2 === 0 ? "0 e 2" : "1 e 3" });
    b.dataset.seat = seat.seat;
    b.addEventListener("click", () => send({
      type: "join", table: tableId, seat: seat.seat, name: $("player-name").value, invite,
    }));
    box.append(b);
  }
  $("join").hidden = false;
  setStatus(box.children.length ? t("Scegli un posto libero o guarda.")
    : t("Nessun posto libero: puoi guardare."));
}

$("spectate").addEventListener("click", () => {
  watching = true;
  send({ type: "join", table: tableId, spectate: true, invite });
});

function handle(msg) {
  if (msg.type === "welcome") {
    if (msg.token) localStorage.setItem(tokenKey, msg.token);
    mySeat = msg.seat;
    $("join").hidden = true;
    $("board").hidden = false;
    $("me").hidden = mySeat === null;
    $("chat-form").hidden = mySeat === null;
    $("chat-lines").replaceChildren();
    for (const line of msg.chat) addChat(line);
  } else if (msg.type === "update") {
    const moved = !last || last.version !== msg.version;
    last = msg;
    receivedAt = performance.now();
    if (moved) { selected.clear(); target = null; showError(""); }
    render();
    tickClocks();
  } else if (msg.type === "error") {
    if (msg.code === "bad-token") { localStorage.removeItem(tokenKey); showJoin(); }
    // An engine refusal already names its rule and RULES.md section in the message.
    const refused = msg.code === "illegal" || msg.code === "notation" || msg.code === "stale";
    showError((refused ? t("Mossa rifiutata: ") : "") + msg.message);
  } else if (msg.type === "chat") {
    addChat(msg);
  }
}

function seatName(i) {
  const s = last.seats[i];
  return s.name || t("Posto {n}", { n: i });
}

// Scala 40: a seat's side (itself, or its pair or team under partnerships, §6.7) and a side's
// name (its players' names).
function sideOf(i) { return last.match.sides ? last.match.sides[i] : i; }
function sideName(side) {
  return last.seats.map((_, i) => i).filter((i) => sideOf(i) === side).map(seatName).join(" + ");
}

function cardNode(token, tag = "span") {
  const node = document.createElement(tag);
  node.className = "card";
  node.append(cardSvg(token));
  node.setAttribute(tag === "span" ? "aria-label" : "aria-label", cardLabel(token));
  if (tag === "span") node.setAttribute("role", "img");
  return node;
}

function render() {
  const v = last.view;
  const myTurn = mySeat !== null && v.current === mySeat && !last.result;
  // seats
  const seats = $("seats");
  seats.replaceChildren();
  for (let i = 0; i < v.players; i++) {
    const s = last.seats[i];
    const box = document.createElement("div");
    box.className = "seat" + (v.current === i && !last.result ? " turn" : "") + (i === mySeat ? " mine" : "");
    const title = document.createElement("strong");
    title.textContent = `${seatName(i)}${s.kind === "bot" ? " (bot)" : ""}${i === mySeat ? t(" (tu)") : ""}`;
    const info = document.createElement("span");
    info.className = "small";
    const where = s.kind === "open" ? t("posto libero") : s.connected ? t("collegato") : t("non collegato");
    info.textContent = " " + t("{n} carte", { n: v.hand_sizes[i] }) + ` · ${where}` +
      (!scala40 && v.pending_pozzetto_sizes[i]
        ? " · " + term("pozzetto in arrivo ({n})", { n: v.pending_pozzetto_sizes[i] }) : "");
    box.append(title, info);
    if (scala40) box.append(standing40(i));
    if (last.clocks) {
      const clock = document.createElement("span");
      clock.className = "clock";
      clock.dataset.seat = i;
      box.append(" ", clock);
    }
    if (last.standin.includes(i)) {
      const stand = document.createElement("span");
      stand.className = "standin";
      stand.textContent = " · " + t("gioca un bot al suo posto");
      box.append(stand);
    }
    if (v.current === i && !last.result) box.setAttribute("aria-current", "true");
    if (!scala40 && v.known_cards[i].length) {
      const known = document.createElement("div");
      known.className = "known";
      known.setAttribute("aria-label", t("Carte note di {name}", { name: seatName(i) }));
      for (const c of v.known_cards[i]) known.append(cardNode(c));
      box.append(known);
    }
    if (mySeat !== null && i !== mySeat && s.kind === "human") {
      const mute = document.createElement("button");
      mute.type = "button";
      mute.className = "mute";
      const muted = muteState.has(i);
      mute.textContent = muted ? t("riattiva chat") : t("silenzia chat");
      mute.setAttribute("aria-pressed", muted ? "true" : "false");
      mute.addEventListener("click", () => {
        if (muteState.has(i)) muteState.delete(i); else muteState.add(i);
        send({ type: "mute", seat: i, muted: muteState.has(i) });
        render();
      });
      box.append(mute);
    }
    seats.append(box);
  }
  // stock, pile, pozzetti
  $("stock-count").textContent = v.stock_size;
  $("stock").setAttribute("aria-label", t("Tallone: {n} carte", { n: v.stock_size }) +
    (myTurn && last.legal.includes("draw") ? t(", premi per pescare") : ""));
  const back = $("stock").querySelector(".back");
  back.replaceChildren(backSvg());
  const pile = $("pile-cards");
  pile.replaceChildren();
  const discards = scala40 ? v.pozzo : v.pile;
  for (const c of discards) pile.append(cardNode(c));
  const shown = { cards: discards.length ? discards.map(cardLabel).join(", ") : t("vuoto") };
  $("pile").setAttribute("aria-label",
                         scala40 ? t("Pozzo: {cards}", shown) : t("Scarti: {cards}", shown));
  if (scala40) renderMelds40(); else renderSides(mySeat === null ? null : mySeat % 2);
  renderHand(myTurn);
  renderResult();
  renderStatus(myTurn);
}

// Burraco: the pozzetti and the melds of each side.
function renderSides(mine) {
  const v = last.view;
  const pz = $("pozzetti");
  pz.textContent = v.pozzetti_left.length
    ? v.pozzetti_left.map((n, k) => term("pozzetto {k}: {n} carte", { k: k + 1, n })).join(" · ")
    : t("presi tutti");
  pz.textContent += " · " + t("presi:") + " " +
    v.pozzetto_taken.map((taken, k) => `${SIDE[k]} ${taken ? t("sì") : t("no")}`).join(", ");
  // melds per side
  for (const team of [0, 1]) {
    const list = $(`team-${team}`);
    list.replaceChildren();
    for (const m of v.melds.filter((x) => x.team === team)) {
      const mark = last.marks[String(m.number)];
      const kind = mark ? `${term("burraco")} ${MARK[mark] || mark}` : "";
      const li = meldItem(m, `#${m.number}${kind ? ` · ${kind}` : ""}`,
                          t("Combinazione {n}", { n: m.number }) + (kind ? `, ${kind}` : ""));
      if (mark) li.classList.add("burraco", mark);
      list.append(li);
    }
  }
  $("melds-0").textContent = mine === 0 ? t("Noi (0 e 2)") : mine === 1 ? t("Loro (0 e 2)") : SIDE[0];
  $("melds-1").textContent = mine === 1 ? t("Noi (1 e 3)") : mine === 0 ? t("Loro (1 e 3)") : SIDE[1];
}

// One meld on the table: its head (press it to choose it for "attacca") and its cards.
function meldItem(m, title, label) {
  const li = document.createElement("li");
  li.className = "meld";
  const head = document.createElement("button");
  head.type = "button";
  head.className = "meld-target";
  head.textContent = title;
  head.setAttribute("aria-pressed", target === m.number ? "true" : "false");
  head.setAttribute("aria-label", label + ": " + m.cards.map(cardLabel).join(", ") +
    (mySeat !== null ? t(". Scegli per attaccare") : ""));
  head.addEventListener("click", () => { target = target === m.number ? null : m.number; render(); });
  const cards = document.createElement("div");
  cards.className = "meld-cards";
  for (const c of m.cards) cards.append(cardNode(c));
  li.append(head, cards);
  return li;
}

// Scala 40: a player's standing in the match (opened this hand, penalty points, out).
function standing40(i) {
  const v = last.view;
  const line = document.createElement("span");
  line.className = "small standing";
  const out = last.match.out && last.match.out[sideOf(i)];
  line.textContent = " · " + (out ? t("eliminato ({points} punti)", { points: last.match.totals[sideOf(i)] })
    : !v.dealt[i] ? t("non gioca questa mano")
    : (v.opened[i] ? t("ha aperto") : t("non ha aperto")) + " · " +
      (last.match.limit ? t("penalità {points} di {limit}", { points: v.penalties[i], limit: last.match.limit })
        : t("penalità {points}", { points: v.penalties[i] })));  // a tournament turno: nobody out
  return line;
}

// Scala 40: every meld on the table, each with its owner.
function renderMelds40() {
  const v = last.view;
  const list = $("melds-all");
  list.replaceChildren();
  for (const m of v.melds) {
    const li = meldItem(m, `#${m.number} · ${seatName(m.owner)}`,
                        t("Combinazione {n} di {name}", { n: m.number, name: seatName(m.owner) }));
    li.dataset.owner = m.owner;
    list.append(li);
  }
  // The apertura (§6.2): the new melds of this turn must reach the threshold; a picked card
  // or a swapped jolly must be used this turn.
  const me = mySeat !== null && v.current === mySeat && !last.result && v.phase !== "draw";
  const opening = $("opening");
  opening.hidden = !me;
  if (me) {
    opening.textContent = (v.opened[mySeat] ? t("Hai aperto.")
      : t("Apertura: {points} punti calati in questo turno, ne servono {needed}.",
          { points: v.opening_points, needed: last.match.opening })) +
      (v.must_use.length ? " " + t("Da usare in questo turno: {cards}.",
        { cards: v.must_use.map(cardLabel).join(", ") }) : "");
  }
}

function renderStatus(myTurn) {
  const v = last.view;
  const agreed = last.end_votes.includes(mySeat);
  $("end-vote").textContent = agreed ? t("Ritira la proposta di annullare")
    : t("Annulla la mano (d'accordo con tutti)");
  $("end-vote").setAttribute("aria-pressed", agreed ? "true" : "false");
  $("end-vote").disabled = !!last.result || last.voided;
  $("end-votes").textContent = last.voided ? t("Mano annullata: non conta.")
    : last.end_votes.length ? t("D'accordo per annullare: {names}",
      { names: last.end_votes.map(seatName).join(", ") }) : "";
  $("commitment").textContent = last.commitment;
  const who = last.voided ? t("Mano annullata: non conta.")
    : last.result ? t("Mano finita") : v.current === mySeat ? t("Tocca a te")
    : t("Tocca a {name}", { name: seatName(v.current) });
  const phase = last.result ? "" : v.phase === "draw" ? t(" — pesca o raccogli")
    : t(" — cala, attacca o scarta");
  const m = last.match;
  const match = m.limit ? " " + t("({hand}ª mano; eliminato a {limit} punti)", { hand: m.hand, limit: m.limit })
    : m.target ? " " + t("({hand}ª mano; totale {totals} su {target})",
    { hand: m.hand, totals: m.totals.join(" – "), target: m.target })
    : m.hands > 1 ? " " + t("({hand} di {hands}; totale {totals})",
      { hand: m.hand, hands: m.hands, totals: m.totals.join(" – ") }) : "";
  setStatus(`${who}${v.current === mySeat ? phase : ""} · ` +
    t("mano {n}", { n: last.hand_no + 1 }) + `${match}, ` +
    t("mazziere {name}", { name: seatName(last.dealer) }) + " · " +
    t("mossa {n}", { n: last.version }));
  // For scripts and tests that watch the page: the version shown and whether it is our turn.
  $("table").dataset.version = last.version;
  $("table").dataset.myTurn = myTurn ? "1" : "0";
}

const muteState = new Set();

function renderHand(myTurn) {
  if (mySeat === null) return;
  const v = last.view;
  shownHand = [...v.hand].sort(handOrder);
  const hand = $("hand");
  hand.replaceChildren();
  shownHand.forEach((c, i) => {
    const b = cardNode(c, "button");
    b.type = "button";
    b.dataset.card = c;
    b.setAttribute("aria-pressed", selected.has(i) ? "true" : "false");
    if (v.forbidden_discard === c) b.title = t("non puoi scartarla in questo turno");
    b.addEventListener("click", () => {
      if (selected.has(i)) selected.delete(i); else selected.add(i);
      b.setAttribute("aria-pressed", selected.has(i) ? "true" : "false");
    });
    hand.append(b);
  });
  const legal = last.legal;
  const select = $("legal");
  select.replaceChildren();
  for (const a of legal) {
    const o = document.createElement("option");
    o.value = a;
    o.textContent = a;
    select.append(o);
  }
  $("do-draw").disabled = !legal.includes("draw");
  $("do-pick").disabled = !legal.includes("pick");
  for (const id of ["do-meld", "do-attach", "do-discard", "play-legal"]) {
    $(id).disabled = !myTurn || !legal.length;
  }
  $("do-meld").disabled ||= !legal.some((a) => a.startsWith("meld "));
  $("do-attach").disabled ||= !legal.some((a) => a.startsWith("attach "));
  $("do-discard").disabled ||= !legal.some((a) => a.startsWith("discard "));
}

function act(text) {
  if (!last) return;
  showError("");
  send({ type: "act", action: text, version: last.version });
}

function selectedCards() {
  return [...selected].map((i) => shownHand[i]);
}

function sameCards(a, b) {
  const x = a.map(bareCard).sort().join(" ");
  const y = b.map(bareCard).sort().join(" ");
  return x === y;
}

// A move built from clicks: if the legal list holds exactly one move with these cards, play it
// (it carries the wild annotation the engine wants); several: let the player choose one in
// the list; none: send it anyway so that the engine says which rule forbids it.
function playBuilt(prefix, cards) {
  const matches = last.legal.filter((a) => a.startsWith(prefix) &&
    sameCards(a.slice(prefix.length).trim().split(/\s+/), cards));
  if (matches.length === 1) { act(matches[0]); return; }
  if (matches.length > 1) {
    const select = $("legal");
    select.replaceChildren();
    for (const a of matches) {
      const o = document.createElement("option");
      o.value = a;
      o.textContent = a;
      select.append(o);
    }
    select.focus();
    setStatus(t("Più modi di giocare queste carte: scegli nella lista e premi “Gioca la mossa”."));
    return;
  }
  act(prefix + cards.join(" "));
}

function doMeld() {
  const cards = selectedCards();
  if (cards.length < 3) { showError(t("Seleziona almeno tre carte per calare.")); return; }
  playBuilt("meld ", cards);
}

function doAttach() {
  const cards = selectedCards();
  if (!cards.length || target === null) {
    showError(t("Seleziona le carte e poi la combinazione (#numero) a cui attaccarle."));
    return;
  }
  playBuilt(`attach ${target} `, cards);
}

function doDiscard() {
  const cards = selectedCards();
  if (cards.length !== 1) { showError(t("Seleziona una sola carta da scartare.")); return; }
  act(`discard ${bareCard(cards[0])}`);
}

$("do-draw").addEventListener("click", () => act("draw"));
$("do-pick").addEventListener("click", () => act("pick"));
$("stock").addEventListener("click", () => { if (last && last.legal.includes("draw")) act("draw"); });
$("pile").addEventListener("click", () => { if (last && last.legal.includes("pick")) act("pick"); });
$("do-meld").addEventListener("click", doMeld);
$("do-attach").addEventListener("click", doAttach);
$("do-discard").addEventListener("click", doDiscard);
$("play-legal").addEventListener("click", () => { const a = $("legal").value; if (a) act(a); });
$("end-vote").addEventListener("click", () => {
  if (!last) return;
  send({ type: "end", agree: !last.end_votes.includes(mySeat) });
});
$("reenter").addEventListener("click", () => { if (last) send({ type: "reenter" }); });
$("next-hand").addEventListener("click", () => {
  if (last) send({ type: "next", hand_no: last.hand_no });
});

document.addEventListener("keydown", (event) => {
  const tag = (event.target && event.target.tagName) || "";
  if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) || event.ctrlKey || event.metaKey || event.altKey) return;
  const keys = { d: "do-draw", p: "do-pick", m: "do-meld", a: "do-attach", s: "do-discard" };
  const id = keys[event.key];
  if (id && !$(id).disabled) { event.preventDefault(); $(id).click(); }
});

function addChat(line) {
  const li = document.createElement("li");
  const who = document.createElement("strong");
  who.textContent = `${line.name}: `;
  li.append(who, document.createTextNode(line.text));
  $("chat-lines").append(li);
  while ($("chat-lines").children.length > 50) $("chat-lines").firstChild.remove();
}

$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (text) send({ type: "chat", text });
  $("chat-text").value = "";
});

function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
  }
  return JSON.stringify(value);
}

async function verifyDeal(result) {
  if (!(window.crypto && crypto.subtle)) return "";
  const data = new TextEncoder().encode(`${result.salt}:${canonical(result.deal)}`);
  const digest = await crypto.subtle.digest("SHA-256", data);
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return hex === last.commitment
    ? t("Mazzo verificato: il mazzo rivelato corrisponde all'impegno dato prima della prima mossa.")
    : t("ATTENZIONE: il mazzo rivelato NON corrisponde all'impegno.");
}

function renderResult() {
  const r = last.result;
  $("result").hidden = !r && !last.voided;
  $("reenter").hidden = true;  // shown by renderResult40 when the player's side may re-enter
  $("next-hand").hidden = mySeat === null;
  $("next-hand").textContent = last.match.over ? t("Rivincita") : t("Mano successiva");
  if (last.voided) $("breakdown").replaceChildren();
  if (!r) return;
  const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  $("record-link").href = `/api/tables/${tableId}/record${query}`;
  $("replay-link").href = `/replay?table=${tableId}` +
    (invite ? `&invite=${encodeURIComponent(invite)}` : "");
  $("result").dataset.scores = r.scores.join(",");
  // A duplicate turno's deal stays hidden (no salt, no deal, no record) until every table of
  // the turno has played it; the next update brings it.
  const sealed = r.salt === null;
  $("record-link").hidden = sealed;
  $("replay-link").hidden = sealed;
  if (sealed) {
    $("verify").textContent = t("Smazzata duplicata: il mazzo e il record saranno pubblicati quando ogni tavolo del turno l'avrà giocata.");
  } else {
    verifyDeal(r).then((text) => { $("verify").textContent = text; });
  }
  if (scala40) { renderResult40(r); return; }
  const rows = [[t("Carte in tavola"), "table"], [term("Burraco"), "burraco"], [t("Chiusura"), "closing"],
                [t("Carte in mano"), "hand"], [term("Pozzetto non preso"), "pozzetto"]];
  const board = $("breakdown");
  board.replaceChildren();
  const caption = document.createElement("caption");
  caption.textContent = t("Fine della mano: {end}", { end: END[r.end] || r.end }) +
    (r.closed_by !== null ? " " + t("(chiude {name})", { name: seatName(r.closed_by) }) : "");
  const head = document.createElement("tr");
  for (const h of ["", ...SIDE]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = h;
    head.append(th);
  }
  board.append(caption, head);
  for (const [label, key] of rows) board.append(scoreRow(label, r.breakdown.map((side) => side[key])));
  const total = document.createElement("tr");
  total.className = "total";
  const th = document.createElement("th");
  th.scope = "row";
  th.textContent = t("Totale");
  total.append(th);
  r.scores.forEach((s, k) => {
    const td = document.createElement("td");
    td.textContent = s + (r.burrachi[k].length
      ? ` (${term("burraco")}: ${r.burrachi[k].map((b) => MARK[b] || b).join(", ")})` : "");
    total.append(td);
  });
  board.append(total);
  if (last.match.hands > 1 || last.match.target) {
    caption.textContent += " · " + t("partita: {totals}", { totals: last.match.totals.join(" – ") }) +
      (last.match.over ? " " + t("(finita)")
        : last.match.target ? " " + t("su {target}", { target: last.match.target })
        : " " + t("dopo {hand} di {hands} mani", { hand: last.match.hand, hands: last.match.hands }));
  }
}

// A row of the score table: its label, then one cell per side (or per player).
function scoreRow(label, values) {
  const tr = document.createElement("tr");
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

// Scala 40: each player's cards left in hand, the hand's penalty points and the match totals
// (RULES.md §6.5); a player who reaches the limit is out.
function renderResult40(r) {
  const m = last.match;
  const board = $("breakdown");
  board.replaceChildren();
  const caption = document.createElement("caption");
  caption.textContent = t("Fine della mano: {end}", { end: END[r.end] || r.end }) +
    (r.closed_by !== null ? " " + t("(chiude {name})", { name: seatName(r.closed_by) }) : "") +
    (r.chiusura_in_mano ? " · " + t("chiusura in mano") : "") +
    (m.over && m.limit ? " · " + (m.winner !== null ? t("vince la partita {name}", { name: sideName(m.winner) })
      : t("partita finita senza vincitore")) : "");
  const head = document.createElement("tr");
  head.append(document.createElement("th"));
  for (let i = 0; i < last.seats.length; i++) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = seatName(i);
    head.append(th);
  }
  board.append(caption, head);
  // Per seat: its own hand; per side (the seat itself, or its pair or team): the hand's
  // penalty and the match total.
  const rows = [[t("Punti in mano"), (i) => r.breakdown[i].hand ?? "—"],
                [t("Penalità della mano"), (i) => (last.view.dealt[i] ? r.scores[sideOf(i)] : "—")],
                [t("Totale della partita"), (i) => m.totals[sideOf(i)] +
                  (m.out && m.out[sideOf(i)] ? " · " + t("eliminato") : "") +
                  (m.reentered && m.reentered[sideOf(i)] ? " · " + t("rientrato") : "")]];
  for (const [label, value] of rows) board.append(scoreRow(label, last.seats.map((_, i) => value(i))));
  board.lastChild.className = "total";
  const mine = mySeat === null ? null : sideOf(mySeat);
  $("reenter").hidden = !(mine !== null && m.can_reenter && m.can_reenter[mine]);
}

// The clocks count down locally between updates; the server's figures replace them at each.
function tickClocks() {
  if (!last || !last.clocks) return;
  const running = last.result ? null : last.view.current;
  for (const node of document.querySelectorAll(".clock")) {
    const seat = Number(node.dataset.seat);
    let ms = last.clocks[seat];
    if (seat === running) ms = Math.max(0, ms - (performance.now() - receivedAt));
    const s = Math.ceil(ms / 1000);
    node.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    node.setAttribute("aria-label", t("tempo rimasto {m} minuti e {s} secondi",
                                      { m: Math.floor(s / 60), s: s % 60 }));
    node.classList.toggle("low", seat === running && ms < 30000);
  }
}
setInterval(tickClocks, 500);

connect();
