// A puzzle's page: the position as the solver's seat sees it (its observation only), the
// move tapped or typed, and the server's verdict (checked by the engine, in the page's language).
import { cardImg, cardLabel, handOrder } from "./cards.js";
import { t, tn } from "./i18n.js";
import { markSolved } from "./solved.js";


const $ = (id) => document.getElementById(id);
const data = JSON.parse($("puzzle-data").textContent);
const seen = data.observation;
const legal = new Set(data.legal);
// A move chosen by a tap, a button or the list shows in the answer and in the list alike.
const choose = (move) => {
  $("answer").value = move;
  $("moves").value = legal.has(move) ? move : "";
};

function cards(tokens, onTap) {
  const row = document.createElement("div");
  row.className = "cards";
  for (const token of tokens) {
    const card = document.createElement(onTap ? "button" : "span");
    card.className = "card";
    card.setAttribute("aria-label", cardLabel(token));
    card.dataset.card = token;
    card.append(cardImg(token));
    if (onTap) {
      card.type = "button";
      card.addEventListener("click", () => onTap(token));
    } else {
      card.setAttribute("role", "img");  // a label on a span needs a role that takes one
    }
    row.append(card);
  }
  return row;
}

function block(title, content) {
  const part = document.createElement("div");
  part.className = "part";
  const heading = document.createElement("h2");
  heading.textContent = title;
  part.append(heading, content);
  return part;
}

function render() {
  const table = $("table");
  const pile = seen.pile || seen.pozzo || [];
  const sides = seen.sides || null;  // Burraco: each seat's side (a partner shares yours)
  const partner = (seat) => sides !== null && sides[seat] === sides[seen.seat];
  const others = seen.hand_sizes.map((n, seat) => ({ n, seat })).filter((s) => s.seat !== seen.seat)
    .map((s) => tn("posto {seat}: {n} carta", "posto {seat}: {n} carte", s.n, { seat: s.seat + 1 })
      + (partner(s.seat) ? ` (${t("compagno")})` : "")).join(" · ");
  const facts = document.createElement("p");
  facts.className = "small";
  facts.textContent = `${tn("Tallone: {n} carta", "Tallone: {n} carte", seen.stock_size)} · ${others}`;
  table.append(facts);
  const pileRow = cards(pile);
  if (!pile.length) pileRow.textContent = "—";
  table.append(block(data.game === "scala40" ? t("Pozzo") : t("Scarti"), pileRow));
  const meldRow = (list) => {
    const melds = document.createElement("div");
    melds.className = "melds";
    for (const meld of list) {
      const one = cards(meld.cards);
      one.classList.add("meld");
      one.dataset.meld = meld.number;
      const number = document.createElement("span");
      number.className = "meld-number";
      number.textContent = String(meld.number);  // the number an attach or a swap names
      one.prepend(number);
      melds.append(one);
    }
    if (!list.length) melds.textContent = "—";
    return melds;
  };
  if (sides !== null && data.game !== "scala40") {  // Burraco: your side's melds, then theirs
    const ours = seen.melds.filter((meld) => meld.team === sides[seen.seat]);
    table.append(block(t("Le vostre combinazioni"), meldRow(ours)));
    table.append(block(t("Combinazioni degli avversari"),
                       meldRow(seen.melds.filter((meld) => !ours.includes(meld)))));
  } else {
    table.append(block(t("Combinazioni in tavola"), meldRow(seen.melds)));
  }
  // A card of the hand is a button only when discarding it is one of the legal moves.
  const hand = [...seen.hand].sort(handOrder);
  const discardable = hand.some((token) => legal.has(`discard ${token}`));
  table.append(block(t("La tua mano"), cards(hand, discardable ? (token) => {
    if (legal.has(`discard ${token}`)) choose(`discard ${token}`);
  } : null)));
  const moves = $("moves");
  for (const move of data.legal) {
    const option = document.createElement("option");
    option.value = option.textContent = move;
    moves.append(option);
  }
  moves.addEventListener("change", () => { if (moves.value) choose(moves.value); });
}

// The quick buttons stand only for moves the engine allows here.
document.querySelectorAll("[data-move]").forEach((button) => {
  button.hidden = !legal.has(button.dataset.move);
  button.addEventListener("click", () => choose(button.dataset.move));
});

$("answer-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const verdict = $("verdict");
  const response = await fetch(`/api/puzzles/${encodeURIComponent(data.id)}/answer`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ answer: $("answer").value.trim() }),
  });
  const body = await response.json().catch(() => ({}));
  verdict.className = `verdict ${body.status || "refused"}`;
  verdict.textContent = response.ok ? body.message : String(body.detail || response.status);
  if (response.ok && body.status === "right") markSolved(data.id);
  if (response.ok && body.status !== "refused") $("next-puzzle")?.focus();
});

render();
