// The hand's moves in the player's language ("Bot 1 raccoglie 6 carte dagli scarti", "Anna
// cala 7♥ 8♥ 9♥"), built from each update's event; the panel opens at any time.
import { cardText } from "../cards.js";
import { t } from "../i18n.js";
import { seatName, state } from "./connection.js";
import { gameOf } from "./games.js";

const $ = (id) => document.getElementById(id);
let lines = [];
let handNo = null;
let lastVersion = 0;

// One event in words; ``before`` is the frame before it (what the pile held).
export function describe(event, frame, before) {
  const name = seatName(event.seat);
  const words = event.action.trim().split(/\s+/);
  const cards = (list) => list.map(cardText).join(" ");
  const game = gameOf(frame.game);
  switch (words[0]) {
    case "draw": return t("{name} pesca dal tallone", { name });
    case "pick": {
      const view = before && before.version === event.version - 1 ? before.view : null;
      const pile = view ? (game.scala40 ? view.pozzo : view.pile) : [];
      return game.pickLog(name, pile.map(cardText));
    }
    case "meld": return t("{name} cala {cards}", { name, cards: cards(words.slice(1)) });
    case "attach": return t("{name} attacca {cards} alla combinazione {n}",
                            { name, cards: cards(words.slice(2)), n: words[1] });
    case "swap": return t("{name} scambia {card} con il jolly della combinazione {n}",
                          { name, card: cards(words.slice(2)), n: words[1] });
    case "discard": return t("{name} scarta {card}", { name, card: cards(words.slice(1)) });
    default: return `${name}: ${event.action}`;
  }
}

// The log after a new frame: a new hand starts it again; a frame that skipped versions (a
// reconnection) notes the gap rather than inventing the moves.
export function logUpdate(frame, before) {
  const list = $("log-lines");
  if (handNo !== frame.hand_no) {
    lines = [];
    handNo = frame.hand_no;
    lastVersion = 0;
    list.replaceChildren();
  }
  const event = frame.event;
  let line = null;
  const added = [];
  if (event && event.version > lastVersion) {
    if (event.version > lastVersion + 1 && lines.length) added.push("…");
    line = describe(event, frame, before);
    added.push(line);
    lastVersion = event.version;
  }
  if (frame.voided && lines[lines.length - 1] !== t("Mano annullata: non conta.")) {
    added.push(t("Mano annullata: non conta."));
  }
  // Only the new lines are added (the log of a long hand is not drawn again at each move).
  for (const text of added) {
    lines.push(text);
    const li = document.createElement("li");
    li.textContent = text;
    list.append(li);
  }
  if (added.length && !$("log").hidden) list.scrollTop = list.scrollHeight;
  if (line) $("last-move").textContent = line;
  else if (!event) $("last-move").textContent = "";
  return line;
}

export function wireLog() {
  const toggle = $("log-toggle");
  const panel = $("log");
  const show = (open) => {
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    if (open) {
      $("log-lines").scrollTop = $("log-lines").scrollHeight;
      $("log-close").focus();
    } else toggle.focus();
  };
  toggle.addEventListener("click", () => show(panel.hidden));
  $("log-close").addEventListener("click", () => show(false));
  panel.addEventListener("keydown", (event) => { if (event.key === "Escape") show(false); });
}


