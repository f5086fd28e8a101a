// The puzzles list: the ones solved marked as such — those of the signed-in account (the
// server sends them with the page) and those solved in this browser (kept by puzzle.js).
import { t, tn } from "./i18n.js";
import { solvedPuzzles } from "./solved.js";

const list = document.querySelector(".puzzle-list");
const byAccount = list && list.dataset.accountSolved !== undefined
  ? JSON.parse(list.dataset.accountSolved) : null;
const solved = new Set([...solvedPuzzles(), ...(byAccount || [])]);
let count = 0;
for (const item of document.querySelectorAll("[data-puzzle]")) {
  if (!solved.has(item.dataset.puzzle)) continue;
  count += 1;
  item.classList.add("solved");
  const mark = document.createElement("span");
  mark.className = "solved-mark";
  mark.textContent = ` ✓ ${t("risolto")}`;
  item.append(mark);
}
const line = document.getElementById("solved-count");
if (count) {
  line.textContent = byAccount
    ? tn("{n} problema risolto.", "{n} problemi risolti.", count)
    : tn("{n} problema risolto su questo dispositivo.",
         "{n} problemi risolti su questo dispositivo.", count);
  line.hidden = false;
}
