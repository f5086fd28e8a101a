// The player's hand: select cards by click or tap (arrow keys move within the hand, one Tab
// stop), drag them onto a meld, the table or the pile, draw by dragging from the stock or the
// pile, reorder by dragging, sort by suit or rank.  What lights up comes from targets.js.
import { bareCard, cardText, handOrder, rankOrder } from "../cards.js";
import { t } from "../i18n.js";
import { act, myTurn, state } from "./connection.js";
import { gameOf } from "./games.js";
import { hasKind, matching, targetsFor } from "./targets.js";
import { cardNode } from "./view.js";

const $ = (id) => document.getElementById(id);

let cards = [];          // [{id, token}] in the order shown
let nextId = 1;
let mode = "suit";       // suit, rank or custom (after a drag)
const selected = new Set();
let focusId = null;
let fresh = new Set();   // ids of the cards just drawn or picked
let target = null;       // a meld chosen by tapping it with no card selected

export function selectedTokens() {
  return cards.filter((c) => selected.has(c.id)).map((c) => c.token);
}

function twoIsWild() { return gameOf(state.last.game).twoIsWild; }

function sortCards() {
  if (mode === "custom") return;
  const order = mode === "rank" ? rankOrder : handOrder;
  cards.sort((a, b) => order(a.token, b.token, twoIsWild()));
}

// The hand from a new frame: cards kept keep their place (and selection); new ones are marked.
function takeHand(tokens, newTurn) {
  const pool = [...cards];
  const next = [];
  const added = [];
  for (const token of tokens) {
    const k = pool.findIndex((c) => c.token === token);
    if (k >= 0) next.push(pool.splice(k, 1)[0]);
    else { const card = { id: nextId++, token }; next.push(card); added.push(card.id); }
  }
  // Keep the shown order of the cards kept, then the new ones.
  const kept = cards.filter((c) => next.includes(c));
  cards = [...kept, ...next.filter((c) => !kept.includes(c))];
  for (const id of [...selected]) if (!cards.some((c) => c.id === id)) selected.delete(id);
  if (added.length && cards.length > added.length) fresh = new Set(added);
  else if (newTurn) fresh = new Set();
  sortCards();
}

export function resetHand() { cards = []; selected.clear(); fresh = new Set(); }

export function renderHand(moved) {
  if (state.mySeat === null) return;
  const last = state.last;
  const v = last.view;
  if (moved) { selected.clear(); target = null; }
  takeHand(v.hand || [], moved && myTurn() && v.phase === "draw");
  const hand = $("hand");
  if (!cards.some((c) => c.id === focusId)) focusId = cards.length ? cards[0].id : null;
  // Drawn again only when the cards, their order or their marks have changed.
  const key = JSON.stringify([cards, [...selected], [...fresh], focusId, v.forbidden_discard, mode]);
  if (key !== shownKey) {
    shownKey = key;
    drawCards(hand, v);
  }
  $("sort").textContent = mode === "rank" ? t("Ordina per seme") : t("Ordina per valore");
  renderLegalList();
  refresh();
}

let shownKey = null;

function drawCards(hand, v) {
  const focused = document.activeElement && hand.contains(document.activeElement);
  hand.replaceChildren();
  for (const c of cards) {
    const b = cardNode(c.token, { tag: "button" });
    b.type = "button";
    b.dataset.card = c.token;
    b.dataset.id = c.id;
    b.tabIndex = c.id === focusId ? 0 : -1;
    b.setAttribute("aria-pressed", selected.has(c.id) ? "true" : "false");
    if (fresh.has(c.id)) {
      b.classList.add("drawn");
      b.setAttribute("aria-label", b.getAttribute("aria-label") + ", " + t("appena presa"));
    }
    if (v.forbidden_discard === c.token) {
      b.setAttribute("aria-description", t("non puoi scartarla in questo turno"));
    }
    hand.append(b);
  }
  // Focus stays in the hand where play continues.
  if (focused) hand.querySelector('[tabindex="0"]')?.focus();
}

let listed = null;
function renderLegalList() {
  $("play-legal").disabled = !myTurn();
  const key = state.last.legal.join("|");
  if (key === listed) return;
  listed = key;
  const select = $("legal");
  select.replaceChildren();
  for (const a of state.last.legal) {
    const o = document.createElement("option");
    o.value = a;
    o.textContent = a;
    select.append(o);
  }
}

// Light the targets that accept ``tokens`` (and only those), and set each action's state
// with the reason it cannot be used now, in words.
function light(tokens, dragging = false) {
  const legal = myTurn() ? state.last.legal : [];
  const found = targetsFor(legal, tokens);
  for (const node of document.querySelectorAll("[data-drop]")) {
    const key = node.dataset.drop;
    node.classList.toggle("accepts", found.has(key));
  }
  const drawing = myTurn() && (legal.includes("draw") || legal.includes("pick"));
  $("stock").classList.toggle("accepts", drawing && legal.includes("draw") && !dragging);
  $("pile").classList.toggle("accepts", found.has("pile") || (drawing && legal.includes("pick") && !dragging));
  $("new-meld").hidden = !found.has("table");
  return found;
}

function reasons(tokens) {
  const last = state.last;
  const legal = last.legal;
  const turn = myTurn();
  const notTurn = last.result || last.voided ? t("La mano è finita.") : t("Non è il tuo turno.");
  const game = gameOf(last.game);
  const drawFirst = game.drawFirst();
  const n = tokens.length;
  return {
    "do-draw": !turn ? notTurn : legal.includes("draw") ? "" : t("Hai già pescato in questo turno."),
    "do-pick": !turn ? notTurn : legal.includes("pick") ? ""
      : legal.includes("draw") ? game.noPick() : t("Hai già pescato in questo turno."),
    "do-meld": !turn ? notTurn : !hasKind(legal, "meld") ? (legal.includes("draw") ? drawFirst : t("Nessuna combinazione da calare ora."))
      : n === 0 ? t("Seleziona le carte da calare.") : "",
    "do-attach": !turn ? notTurn : !hasKind(legal, "attach") && !hasKind(legal, "swap")
      ? (legal.includes("draw") ? drawFirst : t("Nessuna carta da attaccare ora."))
      : n === 0 ? t("Seleziona le carte da attaccare.") : "",
    "do-discard": !turn ? notTurn : !hasKind(legal, "discard") ? drawFirst
      : n !== 1 ? t("Seleziona una sola carta da scartare.") : "",
  };
}

// The hint under the hand: what the selection can do, or what to do now.
function hintFor(tokens, found) {
  const last = state.last;
  if (!myTurn()) return "";
  if (!tokens.length) {
    return last.legal.includes("draw") ? gameOf(last.game).drawNow()
      : t("Seleziona le carte: si illumina dove puoi giocarle.");
  }
  if (!found.size) return t("Queste carte non si possono giocare così ora.");
  const where = [];
  if (found.has("table")) where.push(t("calarle"));
  if ([...found.keys()].some((k) => k.startsWith("meld:"))) where.push(t("attaccarle a una combinazione illuminata"));
  if (found.has("pile")) where.push(t("scartarla"));
  return t("Puoi: {what}.", { what: where.join(", ") });
}

export function refresh() {
  if (!state.last || state.mySeat === null) return;
  const tokens = selectedTokens();
  const found = light(tokens);
  const why = reasons(tokens);
  for (const [id, reason] of Object.entries(why)) {
    const b = $(id);
    b.setAttribute("aria-disabled", reason ? "true" : "false");
    b.dataset.why = reason;
    if (reason) b.setAttribute("aria-description", reason); else b.removeAttribute("aria-description");
  }
  for (const b of document.querySelectorAll(".meld")) {
    b.setAttribute("aria-pressed", String(target === Number(b.dataset.meld)));
  }
  const hint = hintFor(tokens, found);
  if (hint !== null) $("hint").textContent = hint;
}

export function showHint(text) { $("hint").textContent = text; }

// A move from the chosen cards: one legal action, play it (it carries the wild annotation the
// engine wants); several, let the player choose; none, send it anyway so that the engine says
// which rule forbids it.
function play(kind, tokens, meld = null) {
  const found = matching(state.last.legal, kind, tokens, meld);
  if (found.length === 1) { act(found[0]); return; }
  if (found.length > 1) { offer(found); return; }
  const bare = tokens.map(bareCard).join(" ");
  act(meld === null ? `${kind} ${bare}` : `${kind} ${meld} ${bare}`);
}

// Several ways to play the cards (a wild standing in for different cards): one button each.
function offer(actions) {
  const box = $("choices");
  box.replaceChildren();
  const title = document.createElement("p");
  title.textContent = t("Più modi di giocare queste carte: scegli.");
  box.append(title);
  for (const a of actions) {
    const b = document.createElement("button");
    b.type = "button";
    const words = a.split(/\s+/);
    const shown = words.filter((w) => /[A-Za-z]/.test(w) && w !== words[0]).map(cardText).join(" ");
    b.textContent = (words[0] === "swap" ? t("Scambia il jolly: ") : "") + shown;
    b.dataset.action = a;
    b.addEventListener("click", () => { box.hidden = true; act(a); });
    box.append(b);
  }
  box.hidden = false;
  box.querySelector("button").focus();
  // The record notation's list holds the same choices.
  const select = $("legal");
  select.value = actions[0];
}

export function clearChoices() { $("choices").hidden = true; $("choices").replaceChildren(); }

function why(id) {
  const reason = $(id).dataset.why;
  if (reason) { showHint(reason); return true; }
  return false;
}

export function doMeld() {
  if (why("do-meld")) return;
  play("meld", selectedTokens());
}

export function doAttach() {
  if (why("do-attach")) return;
  const tokens = selectedTokens();
  if (target !== null) { attachTo(target, tokens); return; }
  const found = [...targetsFor(state.last.legal, tokens).keys()].filter((k) => k.startsWith("meld:"));
  if (found.length === 1) { attachTo(Number(found[0].slice(5)), tokens); return; }
  showHint(found.length ? t("Tocca la combinazione illuminata a cui attaccarle.")
    : t("Tocca la combinazione a cui attaccarle."));
}

function attachTo(meld, tokens) {
  const legal = state.last.legal;
  const both = [...matching(legal, "attach", tokens, meld), ...matching(legal, "swap", tokens, meld)];
  if (both.length === 1) act(both[0]);
  else if (both.length > 1) offer(both);
  else play("attach", tokens, meld);
}

export function doDiscard() {
  if (why("do-discard")) return;
  play("discard", selectedTokens());
}

export function doDraw() { if (!why("do-draw")) act("draw"); }
export function doPick() { if (!why("do-pick")) act("pick"); }

// A tap on a meld: with cards selected, attach them there; with none, choose it for "Attacca".
export function meldTapped(number) {
  if (state.mySeat === null) return;
  const tokens = selectedTokens();
  if (tokens.length && myTurn()) { attachTo(number, tokens); return; }
  target = target === number ? null : number;
  refresh();
}

export function pileTapped() {
  if (!myTurn()) return;
  const tokens = selectedTokens();
  if (tokens.length === 1 && hasKind(state.last.legal, "discard")) { play("discard", tokens); return; }
  if (state.last.legal.includes("pick")) act("pick");
}

export function toggleSort() {
  mode = mode === "rank" ? "suit" : "rank";
  sortCards();
  renderHand(false);
}

function toggle(id) {
  if (selected.has(id)) selected.delete(id); else selected.add(id);
  clearChoices();
  const b = $("hand").querySelector(`[data-id="${id}"]`);
  if (b) b.setAttribute("aria-pressed", selected.has(id) ? "true" : "false");
  refresh();
}

function focusCard(id) {
  focusId = id;
  for (const b of $("hand").children) b.tabIndex = Number(b.dataset.id) === id ? 0 : -1;
  const b = $("hand").querySelector(`[data-id="${id}"]`);
  if (b) b.focus();
}

// Where each card of the hand is now (for the animations), by token.
export function handRects() {
  return [...$("hand").children].map((b) => ({ token: b.dataset.card, rect: b.getBoundingClientRect(),
                                               fresh: b.classList.contains("drawn") }));
}

// --- Dragging: pointer events, for the mouse and for touch alike. ---------------------------

let drag = null;
let swallowClick = false;

function startDrag(source, event) {
  if (event.button !== 0 || state.mySeat === null) return;
  drag = { source, x0: event.clientX, y0: event.clientY, started: false, ghost: null };
}

function beginDrag(event) {
  const { source } = drag;
  let tokens = [];
  if (source.kind === "hand") {
    if (!selected.has(source.id)) { selected.clear(); selected.add(source.id); }
    tokens = selectedTokens();
    for (const b of $("hand").children) b.setAttribute("aria-pressed", String(selected.has(Number(b.dataset.id))));
  } else if (!myTurn() || !state.last.legal.includes(source.kind === "stock" ? "draw" : "pick")) {
    drag = null;
    return;
  }
  drag.started = true;
  drag.tokens = tokens;
  const ghost = document.createElement("div");
  ghost.className = "drag-ghost";
  ghost.setAttribute("aria-hidden", "true");
  if (source.kind === "hand") {
    for (const token of tokens) ghost.append(cardNode(token));
  } else {
    ghost.append(source.node.cloneNode(true));
  }
  document.body.append(ghost);
  drag.ghost = ghost;
  document.body.classList.add("dragging");
  if (source.kind === "hand") light(tokens, true);
  else $("hand").classList.add("accepts");
  moveGhost(event);
}

function moveGhost(event) {
  drag.ghost.style.transform = `translate3d(${event.clientX - 20}px, ${event.clientY - 30}px, 0)`;
  const over = dropAt(event.clientX, event.clientY);
  for (const node of document.querySelectorAll(".drop-over")) node.classList.remove("drop-over");
  if (over && over.classList.contains("accepts")) over.classList.add("drop-over");
}

function dropAt(x, y) {
  const node = document.elementFromPoint(x, y);
  return node ? node.closest("[data-drop]") : null;
}

function endDrag(event) {
  const current = drag;
  drag = null;
  if (!current || !current.started) return;
  swallowClick = true;
  setTimeout(() => { swallowClick = false; }, 0);
  current.ghost.remove();
  document.body.classList.remove("dragging");
  $("hand").classList.remove("accepts");
  for (const node of document.querySelectorAll(".drop-over")) node.classList.remove("drop-over");
  const over = event.type === "pointerup" ? dropAt(event.clientX, event.clientY) : null;
  const where = over ? over.dataset.drop : null;
  if (current.source.kind !== "hand") {
    if (where === "hand") act(current.source.kind === "stock" ? "draw" : "pick");
    refresh();
    return;
  }
  const tokens = current.tokens;
  if (where === "hand") reorder(event.clientX, event.clientY);
  else if (where === "table") play("meld", tokens);
  else if (where === "pile") play("discard", tokens);
  else if (where && where.startsWith("meld:")) attachTo(Number(where.slice(5)), tokens);
  refresh();
}

// Put the dragged cards where they were dropped in the hand: before the card under the
// pointer (or at the end).
function reorder(x, y) {
  const moving = cards.filter((c) => selected.has(c.id));
  const rest = cards.filter((c) => !selected.has(c.id));
  let at = rest.length;
  for (let k = 0; k < rest.length; k++) {
    const b = $("hand").querySelector(`[data-id="${rest[k].id}"]`);
    const r = b.getBoundingClientRect();
    if (y < r.bottom && (y < r.top || x < r.left + r.width / 2)) { at = k; break; }
  }
  cards = [...rest.slice(0, at), ...moving, ...rest.slice(at)];
  mode = "custom";
  selected.clear();
  renderHand(false);
}

export function wireHand() {
  const hand = $("hand");
  hand.addEventListener("click", (event) => {
    const b = event.target.closest("button.card");
    if (!b || swallowClick) return;
    focusId = Number(b.dataset.id);
    toggle(Number(b.dataset.id));
  });
  hand.addEventListener("keydown", (event) => {
    const ids = cards.map((c) => c.id);
    const k = ids.indexOf(focusId);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step !== undefined && k >= 0) {
      event.preventDefault();
      focusCard(ids[Math.max(0, Math.min(ids.length - 1, k + step))]);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      focusCard(event.key === "Home" ? ids[0] : ids[ids.length - 1]);
    }
  });
  hand.addEventListener("pointerdown", (event) => {
    const b = event.target.closest("button.card");
    if (b) startDrag({ kind: "hand", id: Number(b.dataset.id) }, event);
  });
  for (const id of ["stock", "pile"]) {
    $(id).addEventListener("pointerdown", (event) => {
      const node = id === "stock" ? $("stock").querySelector(".back")
        : $("pile-cards").lastElementChild || $("pile");
      startDrag({ kind: id, node }, event);
    });
  }
  document.addEventListener("pointermove", (event) => {
    if (!drag) return;
    if (!drag.started && Math.hypot(event.clientX - drag.x0, event.clientY - drag.y0) > 8) beginDrag(event);
    if (drag && drag.started) { event.preventDefault(); moveGhost(event); }
  });
  document.addEventListener("pointerup", endDrag);
  document.addEventListener("pointercancel", endDrag);
  // A click that ends a drag is not a tap.
  document.addEventListener("click", (event) => {
    if (swallowClick) { event.stopPropagation(); event.preventDefault(); }
  }, true);
  $("table-melds").addEventListener("click", (event) => {
    const meld = event.target.closest(".meld");
    if (meld) meldTapped(Number(meld.dataset.meld));
  });
  $("new-meld").addEventListener("click", () => play("meld", selectedTokens()));
  $("sort").addEventListener("click", toggleSort);
}

