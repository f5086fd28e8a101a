// The replay viewer: every position of a finished hand, all cards face up, step by step.
import { cardLabel, cardSvg, handOrder } from "./cards.js";
import { setGame, t, term, translatePage } from "./i18n.js";

translatePage();

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let data = null;
let index = 0;

function cardNode(token) {
  const node = document.createElement("span");
  node.className = "card";
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", cardLabel(token));
  node.append(cardSvg(token));
  return node;
}

function show(i) {
  index = Math.max(0, Math.min(i, data.steps.length - 1));
  const step = data.steps[index];
  $("step").value = index;
  $("board-replay").dataset.step = index;
  $("where").textContent = index === 0
    ? t("Inizio della mano (mosse: {n})", { n: data.steps.length - 1 })
    : t("Mossa {i} di {n}:", { i: index, n: data.steps.length - 1 }) +
      ` ${data.players[step.seat]} — ${step.action}`;
  const hands = $("replay-hands");
  hands.replaceChildren();
  step.hands.forEach((cards, seat) => {
    const box = document.createElement("div");
    box.className = "seat" + (step.current === seat && !step.end ? " turn" : "");
    const title = document.createElement("strong");
    title.textContent = `${data.players[seat]} (` + t("{n} carte", { n: cards.length }) + ")";
    const row = document.createElement("div");
    row.className = "known";
    row.setAttribute("aria-label", t("Mano di {name}", { name: data.players[seat] }));
    for (const c of [...cards].sort(handOrder)) row.append(cardNode(c));
    box.append(title, row);
    if (step.pending[seat].length) {
      const wait = document.createElement("div");
      wait.className = "small";
      wait.textContent = term("pozzetto in attesa: {n} carte", { n: step.pending[seat].length });
      box.append(wait);
    }
    hands.append(box);
  });
  $("replay-stock").textContent = step.stock_size;
  const pile = $("replay-pile");
  pile.replaceChildren();
  for (const c of step.pile) pile.append(cardNode(c));
  $("replay-pozzetti").textContent =
    step.pozzetti_left.map((n) => t("{n} carte", { n })).join(" · ") || t("presi tutti");
  for (const team of [0, 1]) {
    const list = $(`replay-team-${team}`);
    list.replaceChildren();
    for (const m of step.melds.filter((x) => x.team === team)) {
      const li = document.createElement("li");
      li.className = "meld";
      const label = document.createElement("span");
      label.textContent = `#${m.number}`;
      const cards = document.createElement("div");
      cards.className = "meld-cards";
      for (const c of m.cards) cards.append(cardNode(c));
      li.append(label, cards);
      list.append(li);
    }
  }
  const r = data.result;
  $("replay-result").hidden = !(r && index === data.steps.length - 1);
  if (r) {
    $("replay-score").textContent = t("Fine: {end}.", { end: r.end }) + " " + r.scores.map((s, k) =>
      `${k === 0 ? t("posti 0 e 2") : t("posti 1 e 3")}: ${s}`).join(" · ");
  }
}

function start(answer) {
  data = answer;
  setGame(data.game);  // a Buraco hand speaks of morti, a Burraco hand of pozzetti
  $("replay-pozzetti-label").textContent = term("Pozzetti");
  $("upload").hidden = true;
  $("viewer").hidden = false;
  $("step").max = data.steps.length - 1;
  const side = (a, b) => t("Lato di {a} e {b}", { a: data.players[a], b: data.players[b] });
  $("replay-side-0").textContent = side(0, 2);
  $("replay-side-1").textContent = side(1, 3);
  show(0);
}

async function load(response) {
  const answer = await response.json();
  if (!response.ok) {
    $("replay-error").textContent = answer.detail || t("Record non valido");
    return;
  }
  $("replay-error").textContent = "";
  start(answer);
}

$("record-file").addEventListener("change", async () => {
  const file = $("record-file").files[0];
  if (!file) return;
  await load(await fetch("/api/replay", { method: "POST", body: await file.text(),
                                           headers: { "Content-Type": "application/json" } }));
});
$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(index - 1));
$("next").addEventListener("click", () => show(index + 1));
$("last").addEventListener("click", () => show(Infinity));
$("step").addEventListener("input", () => show(Number($("step").value)));
document.addEventListener("keydown", (event) => {
  if (!data || event.target.tagName === "INPUT" && event.target.type !== "range") return;
  if (event.key === "ArrowRight") { event.preventDefault(); show(index + 1); }
  if (event.key === "ArrowLeft") { event.preventDefault(); show(index - 1); }
});

if (params.get("table")) {
  const query = params.get("invite") ? `?invite=${encodeURIComponent(params.get("invite"))}` : "";
  fetch(`/api/tables/${encodeURIComponent(params.get("table"))}/replay${query}`).then(load);
}
