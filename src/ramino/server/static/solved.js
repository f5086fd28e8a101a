// The puzzles solved in this browser: their ids, kept in localStorage (nothing is sent).
const KEY = "ramino.puzzles.solved";

export function solvedPuzzles() {
  try {
    const ids = JSON.parse(localStorage.getItem(KEY) || "[]");
    return new Set(Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : []);
  } catch {
    return new Set();  // storage off or a value this page did not write
  }
}

export function markSolved(id) {
  const ids = solvedPuzzles();
  ids.add(id);
  try {
    localStorage.setItem(KEY, JSON.stringify([...ids]));
  } catch {
    // storage off (a private window): the mark is only for this page
  }
}
