// What the selected (or dragged) cards may do, read only from the legal actions the server
// sent: the page never decides a rule, it looks the cards up in that list.
import { bareCard } from "../cards.js";

function sameCards(tokens, cards) {
  if (tokens.length !== cards.length) return false;
  const x = tokens.map(bareCard).sort().join(" ");
  const y = cards.map(bareCard).sort().join(" ");
  return x === y;
}

// The legal actions that play exactly ``cards`` in the ``kind`` of move ("meld", "attach",
// "swap", "discard"), for ``meld`` when it names a meld: each as its record notation.
export function matching(legal, kind, cards, meld = null) {
  return legal.filter((a) => {
    const words = a.split(/\s+/);
    if (words[0] !== kind) return false;
    if (kind === "attach" || kind === "swap") {
      if (meld !== null && words[1] !== String(meld)) return false;
      return sameCards(words.slice(2), cards);
    }
    return sameCards(words.slice(1), cards);
  });
}

// Every drop target that accepts ``cards``: "table" (a new meld), "pile" (a discard), and
// "meld:N" (attach to, or swap in, meld N), each with the actions it would play.
export function targetsFor(legal, cards) {
  const out = new Map();
  if (!cards.length) return out;
  const melds = matching(legal, "meld", cards);
  if (melds.length) out.set("table", melds);
  const discards = matching(legal, "discard", cards);
  if (discards.length) out.set("pile", discards);
  for (const kind of ["attach", "swap"]) {
    for (const a of matching(legal, kind, cards)) {
      const key = `meld:${a.split(/\s+/)[1]}`;
      out.set(key, [...(out.get(key) || []), a]);
    }
  }
  return out;
}

export function hasKind(legal, kind) {
  return legal.some((a) => a === kind || a.startsWith(kind + " "));
}
