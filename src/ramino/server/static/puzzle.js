// A puzzle's page: the position as the solver's seat sees it (its observation only), the
// move tapped or typed, and the server's verdict (checked by the engine, in the page's language).
import { cardImg, cardLabel, handOrder } from "./cards.js";
import { t, translatePage } from "./i18n.js";

translatePage();

const $ = (id) => document.getElementById(id);
const data = JSON.parse($("puzzle-data").textContent);
const seen = data.observation;

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
  const others = seen.hand_sizes.map((n, seat) => ({ n, seat })).filter((s) => s.seat !== seen.seat)
    .map((s) => t("posto {n}: {count} carte", { n: s.seat + 1, count: s.n })).join(" · ");
  const facts = document.createElement("p");
  facts.className = "small";
  facts.textContent = `${t("Tallone: {n} carte", { n: seen.stock_size })} · ${others}`;
  table.append(facts);
  const pileRow = cards(pile);
  if (!pile.length) pileRow.textContent = "—";
  table.append(block(data.game === "scala40" ? t("Pozzo") : t("Scarti"), pileRow));
  const melds = document.createElement("div");
  melds.className = "melds";
  for (const meld of seen.melds) {
    const one = cards(meld.cards);
    one.classList.add("meld");
    one.dataset.meld = meld.number;
    const number = document.createElement("span");
    number.className = "meld-number";
    number.textContent = String(meld.number);  // the number an attach or a swap names
    one.prepend(number);
    melds.append(one);
  }
  table.append(block(t("Combinazioni in tavola"), melds));
  const hand = [...seen.hand].sort(handOrder);
  table.append(block(t("La tua mano"), cards(hand, (token) => { $("answer").value = `discard ${token}`; })));
}

document.querySelectorAll("[data-move]").forEach((button) => {
  button.addEventListener("click", () => { $("answer").value = button.dataset.move; });
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
});

render();
