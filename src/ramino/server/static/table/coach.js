// The coach at the table: on the player's own turn at a table that offers hints, "suggest a
// move" asks the server (never computed here: the page holds only the seat's own view); the
// answer lights the cards of the hand it plays and the meld it lays them on, with the move
// and its one-line reason in the player's language.  A hint belongs to the version it was
// asked at: once the table moves on it is taken down, and one that comes late is not shown.
import { t } from "../i18n.js";
import { myTurn, on, send, state } from "./connection.js";

const $ = (id) => document.getElementById(id);
// The refusals of a hint request: the button is offered again after one.
const REFUSALS = new Set(["hints-off", "not-seated", "not-your-turn", "stale", "hint-pending",
  "hint-budget", "coach-busy", "coach-off", "coach-failed", "hint-stale"]);

let shown = null;     // the hint on show: { version, hand_no, cards, meld, ... }
let asked = null;     // the version a hint was asked for, while it is being searched

function current(msg) {
  const last = state.last;
  return !!last && msg.version === last.version && msg.hand_no === last.hand_no;
}

// Light the hinted cards (as many of each as the hint names: two decks hold two of a card)
// and the target meld.  Called again whenever the hand or the melds are drawn anew.
function light() {
  document.querySelectorAll(".hinted").forEach((n) => n.classList.remove("hinted"));
  if (!shown) return;
  const wanted = new Map();
  for (const card of shown.cards) wanted.set(card, (wanted.get(card) || 0) + 1);
  for (const node of document.querySelectorAll("#hand [data-card]")) {
    const left = wanted.get(node.dataset.card) || 0;
    if (left > 0) {
      node.classList.add("hinted");
      wanted.set(node.dataset.card, left - 1);
    }
  }
  if (shown.meld !== null) {
    document.querySelector(`.meld[data-meld="${shown.meld}"]`)?.classList.add("hinted");
  }
  // A draw or a pick takes no card of the hand: the heap it takes from is lit.
  const verb = shown.action.split(/\s+/)[0];
  if (verb === "draw") $("stock").classList.add("hinted");
  if (verb === "pick") $("pile").classList.add("hinted");
}

function renderButton() {
  const button = $("ask-hint");
  const offered = !!state.last && state.last.hints && state.mySeat !== null;
  button.hidden = !offered;
  button.disabled = !myTurn() || asked !== null;
  button.textContent = asked !== null ? t("L'allenatore pensa…") : t("Suggerisci una mossa");
}

function show(msg) {
  shown = msg;
  $("coach-move").textContent = msg.action;
  $("coach-reason").textContent = msg.reason;
  $("coach-hint").hidden = false;
  $("table").dataset.hint = msg.action;  // for tests and scripts that watch the page
  light();
}

function takeDown() {
  shown = null;
  $("coach-hint").hidden = true;
  delete $("table").dataset.hint;
  light();
}

export function renderCoach(moved) {
  if (moved) {
    if (shown && !current(shown)) takeDown();
    if (asked !== null && state.last && asked !== state.last.version) asked = null;
  }
  renderButton();
  if (shown) light();
}

export function wireCoach() {
  $("ask-hint").addEventListener("click", () => {
    if (!myTurn() || asked !== null) return;
    asked = state.last.version;
    send({ type: "hint", version: asked });
    renderButton();
  });
  on("hint", (msg) => {
    asked = null;
    if (current(msg)) show(msg);
    renderButton();
  });
  on("error", (msg) => {
    if (!REFUSALS.has(msg.code)) return;
    asked = null;
    renderButton();
  });
  // The hand and the melds are drawn anew on a selection or a new frame: light them again.
  const observer = new MutationObserver(() => { if (shown) light(); });
  observer.observe($("hand"), { childList: true });
  observer.observe($("table-melds"), { childList: true, subtree: true });
}
