// The puzzles list: the ones solved in this browser marked as such (kept by puzzle.js).
import { t, tn } from "./i18n.js";
import { solvedPuzzles } from "./solved.js";

const solved = solvedPuzzles();
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
  line.textContent = tn("{n} problema risolto su questo dispositivo.",
                        "{n} problemi risolti su questo dispositivo.", count);
  line.hidden = false;
}
