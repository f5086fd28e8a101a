// The table: seats around the felt (you at the bottom, your partner opposite, the others left
// and right), the stock and the discard pile in the middle with the pozzetti beside them, and
// each side's melds in compact columns.
import { cardImg, cardLabel, cardText } from "../cards.js";
import { t, term, tn } from "../i18n.js";
import { botLevelText } from "../levels.js";
import { myTurn, presentSides, seatName, send, sideName, state } from "./connection.js";
import { burracoName, gameOf } from "./games.js";

const $ = (id) => document.getElementById(id);
const muted = new Set();
const drawn = new Map();   // region -> the data it was last drawn from

// Whether a region must be drawn again: only when what it shows has changed (a bot's move
// redraws the few parts it touched, not the whole table).
function changed(region, data) {
  const key = JSON.stringify(data);
  if (drawn.get(region) === key) return false;
  drawn.set(region, key);
  return true;
}

// A card as an image with its name (``stand``: a wild's stand-in drawn as a badge on the
// card's top strip, which stays visible where cards overlap).
export function cardNode(token, { tag = "span", badge = false } = {}) {
  const node = document.createElement(tag);
  node.className = "card";
  const [bare, stands] = token.split("=");
  node.append(cardImg(badge ? bare : token));
  if (badge && stands) {
    const b = document.createElement("span");
    b.className = "stands";
    b.setAttribute("aria-hidden", "true");
    b.textContent = "=" + cardText(stands).replace(/^10/, "10");
    node.append(b);
  }
  node.setAttribute("aria-label", cardLabel(token));
  if (tag === "span") node.setAttribute("role", "img");
  return node;
}

function backs(count, max = 10) {
  const fan = document.createElement("span");
  fan.className = "fan";
  fan.setAttribute("aria-hidden", "true");
  const shown = Math.min(count, max);
  for (let k = 0; k < shown; k++) {
    const back = document.createElement("span");
    back.className = "card back-card";
    back.style.setProperty("--k", String(k - (shown - 1) / 2));
    back.append(cardImg("back"));
    fan.append(back);
  }
  return fan;
}

// Where each seat sits, seen from ``me`` (a spectator sees from seat 0): the partner (the
// seat on the viewer's side in the frame's ``sides``) opposite, the others in turn order
// from the left round to the right.
export function placements(view, me) {
  const n = view.players;
  const base = me ?? 0;
  const others = [];
  for (let k = 1; k < n; k++) others.push((base + k) % n);
  const slots = { bottom: [base], top: [], left: [], right: [] };
  const sides = view.sides || null;
  const partners = sides ? others.filter((s) => sides[s] === sides[base]) : [];
  if (n === 4 && partners.length === 1) {
    const opponents = others.filter((s) => s !== partners[0]);
    slots.left = [opponents[0]];
    slots.top = partners;
    slots.right = [opponents[1]];
  } else if (others.length === 1) {
    slots.top = others;
  } else {
    slots.left = [others[0]];
    slots.right = [others[others.length - 1]];
    slots.top = others.slice(1, -1);
  }
  return slots;
}

function sideOf(i) {
  const m = state.last.match;
  return m.sides ? m.sides[i] : i;
}

function seatBox(i) {
  const last = state.last;
  const v = last.view;
  const game = gameOf(last.game);
  const s = last.seats[i];
  const box = document.createElement("div");
  const turn = v.current === i && !last.result && !last.voided;
  box.className = "seat" + (turn ? " turn" : "") + (i === state.mySeat ? " mine" : "");
  box.dataset.seat = i;
  if (turn) box.setAttribute("aria-current", "true");
  const title = document.createElement("strong");
  title.className = "seat-name";
  // The name alone (a bot says so on its plate's second line): on a phone three plates share
  // the top edge, and every character of the name counts.
  title.textContent = seatName(i) + (i === state.mySeat ? t(" (tu)") : "");
  const head = document.createElement("div");
  head.className = "seat-head";
  const where = s.kind === "open" ? t("posto libero") : s.connected ? t("collegato") : t("non collegato");
  const conn = document.createElement("span");
  conn.className = "conn " + (s.connected ? "on" : "off");
  conn.setAttribute("role", "img");
  conn.setAttribute("aria-label", where);
  head.append(conn, title);
  if (s.kind === "human" && s.level) {
    // A registered player's level, linking to their profile (in another tab: the game goes on).
    const level = document.createElement("a");
    level.className = "level";
    level.href = `/players/${encodeURIComponent(s.name)}`;
    level.target = "_blank";
    level.rel = "noopener";
    level.textContent = t("liv. {level}", { level: s.level });
    level.setAttribute("aria-label", t("{name}, livello {level}: il profilo", { name: s.name, level: s.level }));
    head.append(level);
  }
  if (last.clocks) {
    const clock = document.createElement("span");
    clock.className = "clock";
    clock.dataset.seat = i;
    head.append(clock);
  }
  box.append(head);
  const info = document.createElement("div");
  info.className = "small seat-info";
  // A bot is always there: its plate tells its level instead.
  const status = s.kind !== "bot" ? where
    : s.bot_level ? t("bot {level}", { level: botLevelText(s.bot_level, s.think_seconds) })
      : t("bot");
  // Your partner's plate says so (the melds' headers name the sides' seats; a Burraco view
  // has its sides, a Scala 40 match its own).
  const sides = v.sides || last.match.sides || null;
  const partner = sides !== null && state.mySeat !== null && i !== state.mySeat
    && sides[i] === sides[state.mySeat];
  info.textContent = (partner ? t("compagno") + " · " : "") +
    tn("{n} carta", "{n} carte", v.hand_sizes[i]) + ` · ${status}` +
    (game.hasPozzetti && v.pending_pozzetto_sizes[i]
      ? " · " + term("pozzetto in arrivo ({n})", { n: v.pending_pozzetto_sizes[i] }) : "");
  if (i !== state.mySeat) box.append(backs(v.hand_sizes[i]));
  box.append(info);
  if (game.scala40) box.append(standing40(i));
  if (last.standin.includes(i)) {
    const stand = document.createElement("span");
    stand.className = "standin";
    stand.textContent = t("gioca un bot al suo posto");
    box.append(stand);
  }
  if (game.hasPozzetti && v.known_cards[i].length) {
    const known = document.createElement("div");
    known.className = "known";
    known.setAttribute("aria-label", t("Carte note di {name}", { name: seatName(i) }));
    for (const c of v.known_cards[i]) known.append(cardNode(c));
    box.append(known);
  }
  if (state.mySeat !== null && i !== state.mySeat && s.kind === "human") {
    const mute = document.createElement("button");
    mute.type = "button";
    mute.className = "mute";
    mute.textContent = muted.has(i) ? t("riattiva chat") : t("silenzia chat");
    mute.setAttribute("aria-pressed", muted.has(i) ? "true" : "false");
    mute.addEventListener("click", () => {
      if (muted.has(i)) muted.delete(i); else muted.add(i);
      send({ type: "mute", seat: i, muted: muted.has(i) });
      renderSeats(true);
    });
    box.append(mute);
  }
  return box;
}

// Scala 40: a player's standing in the match (opened this hand, penalty points, out); once
// the hand is over, the match's totals (this hand counted).
function standing40(i) {
  const last = state.last;
  const v = last.view;
  const line = document.createElement("span");
  line.className = "small standing";
  const side = sideOf(i);
  const out = last.match.out && last.match.out[side];
  const points = last.result || last.voided ? last.match.totals[side] : v.penalties[i];
  line.textContent = out ? t("eliminato ({points} punti)", { points: last.match.totals[side] })
    : !v.dealt[i] ? t("non gioca questa mano")
    : (v.opened[i] ? t("ha aperto") : t("non ha aperto")) + " · " +
      (last.match.limit ? t("penalità {points} di {limit}", { points, limit: last.match.limit })
        : t("penalità {points}", { points }));  // a tournament turno: nobody out
  return line;
}

const seatNodes = new Map();  // seat -> [the data it was drawn from, its box]

// Each seat's box is drawn again only when what it shows has changed (a bot's move touches
// one or two seats).
export function renderSeats(force = false) {
  const last = state.last;
  const v = last.view;
  const m = last.match;
  const over = !!last.result || last.voided;
  const slots = placements(v, state.mySeat);
  $("felt").dataset.players = v.players;
  for (const [where, seats] of Object.entries(slots)) {
    const boxes = seats.map((i) => {
      const side = m.sides ? m.sides[i] : i;
      const key = JSON.stringify([state.mySeat, last.seats[i], v.hand_sizes[i], v.current === i, over,
                                  last.standin.includes(i), v.known_cards?.[i], v.pending_pozzetto_sizes?.[i],
                                  v.penalties?.[i], v.opened?.[i], v.dealt?.[i], m.totals[side], m.out?.[side],
                                  !!last.clocks, muted.has(i), m.limit]);
      const kept = seatNodes.get(i);
      if (kept && kept[0] === key && !force) return kept[1];
      const box = seatBox(i);
      seatNodes.set(i, [key, box]);
      return box;
    });
    const slot = $(`slot-${where}`);
    if (boxes.length !== slot.children.length || boxes.some((b, k) => slot.children[k] !== b)) {
      slot.replaceChildren(...boxes);
    }
    slot.hidden = seats.length === 0;
  }
}

function renderCentre(highlight) {
  const last = state.last;
  const v = last.view;
  const game = gameOf(last.game);
  const drawable = myTurn() && last.legal.includes("draw");
  $("stock-count").textContent = v.stock_size;
  $("stock").setAttribute("aria-label", tn("Tallone: {n} carta", "Tallone: {n} carte", v.stock_size) +
    (drawable ? t(", premi per pescare") : ""));
  const back = $("stock").querySelector(".back");
  if (!back.firstChild) back.append(cardImg("back"));
  const pile = $("pile-cards");
  const discards = game.scala40 ? v.pozzo : v.pile;
  if (changed("pile", [discards, highlight.pile])) {
    pile.replaceChildren(...discards.map((c) => cardNode(c)));
    if (highlight.pile && pile.lastChild) pile.lastChild.classList.add("last-move");
    const shown = { cards: discards.length ? discards.map(cardLabel).join(", ") : t("vuoto") };
    $("pile").setAttribute("aria-label",
                           game.scala40 ? t("Pozzo: {cards}", shown) : t("Scarti: {cards}", shown));
  }
  if (!game.hasPozzetti || !changed("pozzetti", [v.pozzetti_left, v.pozzetto_taken, state.mySeat])) return;
  const pz = $("pozzetti");
  pz.replaceChildren();
  const words = [];
  v.pozzetti_left.forEach((n, k) => {
    const stack = document.createElement("span");
    stack.className = "pozzetto";
    stack.append(backs(3, 3));
    const label = document.createElement("span");
    label.className = "pz-count";
    label.textContent = term("pozzetto {k}: {n} carte", { k: k + 1, n });
    stack.append(label);
    pz.append(stack);
    words.push(label.textContent);
  });
  if (!v.pozzetti_left.length) {
    pz.append(t("presi tutti"));
    words.push(t("presi tutti"));
  }
  pz.setAttribute("aria-label", words.join(" · ") + " · " + t("presi:") + " " +
    presentSides(v).map((k) => `${sideName(k)} ${v.pozzetto_taken[k] ? t("sì") : t("no")}`).join(", "));
}

// One section of melds per side with players (two, three pairs at six, three players alone
// until two of them pair up), made the first time a view with that side is shown; the
// new-meld button stays last.
function sideSections(sides) {
  const area = $("table-melds");
  area.dataset.sides = sides.length;
  for (const side of sides) {
    if ($(`side-${side}`)) continue;
    const section = document.createElement("section");
    section.id = `side-${side}`;
    section.className = "side";
    section.setAttribute("aria-labelledby", `melds-${side}`);
    const title = document.createElement("h2");
    title.id = `melds-${side}`;
    title.className = "side-title";
    const list = document.createElement("ol");
    list.id = `team-${side}`;
    list.className = "meld-list";
    section.append(title, list);
    area.insertBefore(section, $("new-meld"));
  }
  for (const section of area.querySelectorAll("section.side[id^='side-']")) {
    if (!sides.includes(Number(section.id.slice(5)))) section.remove();
  }
}

// One meld on the table as a column of cards, each card's top strip showing (a wild's
// stand-in badge sits there too); the whole column is a drop target for "attacca".
function meldColumn(m, label, head, highlight) {
  const li = document.createElement("li");
  li.className = "meld-item";
  const b = document.createElement("button");
  b.type = "button";
  b.className = "meld";
  b.dataset.drop = `meld:${m.number}`;
  b.dataset.meld = m.number;
  b.setAttribute("aria-label", label + ": " + m.cards.map(cardLabel).join(", "));
  const top = document.createElement("span");
  top.className = "meld-head";
  top.textContent = head;
  const cards = document.createElement("span");
  cards.className = "meld-cards";
  for (const c of m.cards) cards.append(cardNode(c, { badge: true }));
  b.append(top, cards);
  if (highlight.melds.has(m.number)) b.classList.add("last-move");
  li.append(b);
  return li;
}

function renderMelds(highlight) {
  const last = state.last;
  const v = last.view;
  if (!changed("melds", [v.melds, last.marks, [...highlight.melds], state.mySeat, v.sides,
                         last.seats.map((s) => s.name)])) return;
  if (gameOf(last.game).scala40) {
    const list = $("melds-all");
    list.replaceChildren();
    for (const m of v.melds) {
      const li = meldColumn(m, t("Combinazione {n} di {name}", { n: m.number, name: seatName(m.owner) }),
                            `${m.number} · ${seatName(m.owner)}`, highlight);
      li.dataset.owner = m.owner;
      list.append(li);
    }
    return;
  }
  const sides = presentSides(v);
  sideSections(sides);
  for (const team of sides) {
    const list = $(`team-${team}`);
    list.replaceChildren();
    for (const m of v.melds.filter((x) => x.team === team)) {
      const mark = last.marks[String(m.number)];
      const kind = mark ? burracoName(mark) : "";
      const li = meldColumn(m, t("Combinazione {n}", { n: m.number }) + (kind ? `, ${kind}` : ""),
                            `${m.number}${mark ? " ★" : ""}`, highlight);
      if (mark) {
        li.firstChild.classList.add("burraco", mark);
        const word = document.createElement("span");
        word.className = "meld-mark";
        word.textContent = kind;
        li.firstChild.append(word);
      }
      list.append(li);
    }
  }
  // The viewer's own side lies nearer the hand.
  const mine = state.mySeat === null ? 0 : v.sides[state.mySeat];
  for (const team of sides) {
    $(`melds-${team}`).textContent = sideName(team);
    $(`side-${team}`).classList.toggle("ours", team === mine);
  }
}

// The line over the table: whose turn and what to do, then the hand and the match.
function renderStatus() {
  const last = state.last;
  const v = last.view;
  const over = !!last.result || last.voided;
  const mine = v.current === state.mySeat && !over;
  const who = last.voided ? t("Mano annullata: non conta.")
    : last.result ? t("Mano finita") : mine ? t("Tocca a te")
    : t("Tocca a {name}", { name: seatName(v.current) });
  const phase = !mine ? "" : v.phase === "draw" ? gameOf(last.game).drawPhase()
    : t(" — cala, attacca o scarta");
  const m = last.match;
  // The hand's number once: a match to a target or to elimination counts its own hands.
  const match = m.limit ? t("{hand}ª mano; eliminato a {limit} punti", { hand: m.hand, limit: m.limit })
    : m.target ? t("{hand}ª mano; totale {totals} su {target}",
                   { hand: m.hand, totals: m.totals.join(" – "), target: m.target })
    : m.hands > 1 ? t("mano {n}", { n: last.hand_no + 1 }) + " · " +
      t("{hand} di {hands}; totale {totals}", { hand: m.hand, hands: m.hands, totals: m.totals.join(" – ") })
    : t("mano {n}", { n: last.hand_no + 1 });
  $("status").textContent = `${who}${phase} · ${match} · ` +
    t("mazziere {name}", { name: seatName(last.dealer) });
  $("status").dataset.turn = mine ? "1" : "0";
}

// Scala 40's apertura (§6.2), by the hand while it is made: the points laid down
// this turn against the threshold, and a picked card or a swapped jolly still to use.
function renderOpening() {
  const last = state.last;
  const v = last.view;
  const node = $("opening");
  const making = gameOf(last.game).scala40 && state.mySeat !== null && v.current === state.mySeat &&
    !last.result && !last.voided && v.phase !== "draw";
  node.hidden = !making;
  if (!making) return;
  node.textContent = (v.opened[state.mySeat] ? t("Hai aperto.")
    : t("Apertura: {points} punti calati in questo turno, ne servono {needed}.",
        { points: v.opening_points, needed: last.match.opening })) +
    (v.must_use.length ? " " + t("Da usare in questo turno: {cards}.",
      { cards: v.must_use.map(cardText).join(" ") }) : "");
}

export function renderTable(highlight) {
  renderSeats();
  renderCentre(highlight);
  renderMelds(highlight);
  renderStatus();
  renderOpening();
}
