// Every move drawn from where the card was to where it went: a copy of the card flies over
// the table with the Web Animations API, moving only by transform and opacity (the
// compositor's work: the main thread stays free), then goes away.
import { cardImg } from "../cards.js";

const DURATION = 420;
const WIDTH = 44;
const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// The cards in flight live in one fixed layer of their own (``contain: strict``): adding one
// lays out only that layer, never the table.
let flights = null;
function layer() {
  if (!flights) {
    flights = document.createElement("div");
    flights.className = "flights";
    flights.setAttribute("aria-hidden", "true");
    document.body.append(flights);
  }
  return flights;
}

export function fly(from, to, token = null) {
  if (reduced || !from || !to || !document.body.animate) return;
  const node = document.createElement("div");
  node.className = "flying card";
  node.setAttribute("aria-hidden", "true");
  node.append(cardImg(token || "back"));
  // One size for every card in flight: its image is drawn once, then only moved.
  const width = WIDTH;
  layer().append(node);
  const x0 = from.left + from.width / 2 - width / 2, y0 = from.top + from.height / 2 - width * 0.7;
  const x1 = to.left + to.width / 2 - width / 2, y1 = to.top + to.height / 2 - width * 0.7;
  const animation = node.animate([
    { transform: `translate3d(${x0}px, ${y0}px, 0)`, opacity: 0.7 },
    { transform: `translate3d(${x1}px, ${y1}px, 0)`, opacity: 1 },
  ], { duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)" });
  animation.onfinish = () => node.remove();
  animation.oncancel = () => node.remove();
}

export function rectOf(node) {
  return node ? node.getBoundingClientRect() : null;
}
