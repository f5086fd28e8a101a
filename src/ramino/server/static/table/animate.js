// Every move drawn from where the card was to where it went: a copy of the card flies over
// the table with the Web Animations API, moving only by transform and opacity (the
// compositor's work: the main thread stays free), then goes away.
import { cardImg } from "../cards.js";

const DURATION = 420;
const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export function fly(from, to, token = null) {
  if (reduced || !from || !to || !document.body.animate) return;
  const node = document.createElement("div");
  node.className = "flying card";
  node.setAttribute("aria-hidden", "true");
  node.append(cardImg(token || "back"));
  const width = Math.max(24, Math.min(56, to.width || 40));
  node.style.width = `${width}px`;
  document.body.append(node);
  const x0 = from.left + from.width / 2 - width / 2, y0 = from.top + from.height / 2 - width * 0.7;
  const x1 = to.left + to.width / 2 - width / 2, y1 = to.top + to.height / 2 - width * 0.7;
  const animation = node.animate([
    { transform: `translate3d(${x0}px, ${y0}px, 0) scale(.9)`, opacity: 0.6 },
    { transform: `translate3d(${x1}px, ${y1}px, 0) scale(1)`, opacity: 1 },
  ], { duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)" });
  animation.onfinish = () => node.remove();
  animation.oncancel = () => node.remove();
}

export function rectOf(node) {
  return node ? node.getBoundingClientRect() : null;
}
