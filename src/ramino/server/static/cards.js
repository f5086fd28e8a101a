// Cards drawn as SVG from their record notation (docs/record.md §1): "Th", "JK", "2c=8h".
import { currentGame, t, term } from "./i18n.js";
const SVG = "http://www.w3.org/2000/svg";
const SUIT_SIGN = { s: "♠", h: "♥", d: "♦", c: "♣" };
const SUIT_NAME = { s: t("picche"), h: t("cuori"), d: t("quadri"), c: t("fiori") };
const RANK_SIGN = { T: "10" };
const RANK_NAME = { A: t("Asso"), T: "10", J: t("Fante"), Q: t("Donna"), K: t("Re") };

export function parseToken(token) {
  const [card, stands] = token.split("=");
  if (card.toUpperCase() === "JK") return { card: "JK", rank: "JK", suit: null, stands };
  return { card, rank: card.slice(0, -1).toUpperCase(), suit: card.slice(-1).toLowerCase(), stands };
}

// The card without its wild annotation, in the canonical spelling: "2c=8h" -> "2c".
export function bareCard(token) {
  return parseToken(token).card;
}

function standsLabel(stands) {
  if (!stands) return "";
  const rank = stands.length > 1 && SUIT_NAME[stands.slice(-1)] ? stands.slice(0, -1) : stands;
  const suit = stands.length > 1 ? SUIT_NAME[stands.slice(-1)] : null;
  const name = RANK_NAME[rank] || rank;
  return ", " + (suit ? t("al posto di {rank} di {suit}", { rank: name, suit })
    : t("al posto di {rank}", { rank: name }));
}

export function cardLabel(token) {
  const c = parseToken(token);
  if (c.rank === "JK") return t("Jolly") + standsLabel(c.stands);
  const base = t("{rank} di {suit}", { rank: RANK_NAME[c.rank] || c.rank,
                                       suit: SUIT_NAME[c.suit] || c.suit });
  // A 2 is a wild card (pinella, curinga) in Burraco and Buraco, not in Scala 40 (§6.2).
  const wild2 = c.rank === "2" && currentGame() !== "scala40";
  return (wild2 ? base + " " + term("(pinella)") : base) + standsLabel(c.stands);
}

function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function cardSvg(token) {
  const c = parseToken(token);
  const red = c.suit === "h" || c.suit === "d";
  const color = c.rank === "JK" ? "#6b2fa0" : red ? "#c0212f" : "#1b1b1b";
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-svg", "aria-hidden": "true" });
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#fffdf7",
                          stroke: "#555", "stroke-width": 1.5 }));
  if (c.rank === "JK") {
    svg.append(el("text", { x: 6, y: 20, fill: color, "font-size": 15, "font-weight": 700 }, "JK"));
    svg.append(el("text", { x: 30, y: 58, fill: color, "font-size": 32, "text-anchor": "middle" }, "★"));
  } else {
    const rank = RANK_SIGN[c.rank] || c.rank;
    // Rank and suit side by side in the top strip: that strip stays readable where cards
    // overlap (a meld's column, the fanned pile).
    svg.append(el("text", { x: 4, y: 19, fill: color, "font-size": 18, "font-weight": 700 }, rank));
    svg.append(el("text", { x: rank.length > 1 ? 26 : 16, y: 19, fill: color, "font-size": 16 },
                  SUIT_SIGN[c.suit] || "?"));
    svg.append(el("text", { x: 36, y: 66, fill: color, "font-size": 30, "text-anchor": "middle" },
                  SUIT_SIGN[c.suit] || "?"));
  }
  if (c.stands) {
    svg.append(el("rect", { x: 4, y: 68, width: 52, height: 13, rx: 3, fill: "#ffe58a" }));
    const s = c.stands;
    const shown = s.length > 1 && SUIT_SIGN[s.slice(-1)]
      ? (RANK_SIGN[s.slice(0, -1)] || s.slice(0, -1)) + SUIT_SIGN[s.slice(-1)] : s;
    svg.append(el("text", { x: 30, y: 79, fill: "#222", "font-size": 11, "text-anchor": "middle" },
                  "= " + shown));
  }
  return svg;
}

export function backSvg() {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-svg", "aria-hidden": "true" });
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#1d4e89",
                          stroke: "#0d2c52", "stroke-width": 1.5 }));
  svg.append(el("rect", { x: 7, y: 7, width: 46, height: 70, rx: 4, fill: "none",
                          stroke: "#9cc3f0", "stroke-width": 2 }));
  return svg;
}

// A card as players write it: "10♥", "Q♠", "Jolly"; a wild with what it stands for:
// "2♣ (8♥)".
export function cardText(token) {
  // A rank alone (what a wild stands for in a group): "J", "10".
  if (token.toUpperCase() !== "JK" && !SUIT_SIGN[token.slice(-1).toLowerCase()]) {
    return RANK_SIGN[token.toUpperCase()] || token.toUpperCase();
  }
  const c = parseToken(token);
  const plain = (rank, suit) => (RANK_SIGN[rank] || rank) + (SUIT_SIGN[suit] || "");
  const base = c.rank === "JK" ? t("Jolly") : plain(c.rank, c.suit);
  if (!c.stands) return base;
  const s = c.stands;
  const shown = s.length > 1 && SUIT_SIGN[s.slice(-1)] ? plain(s.slice(0, -1), s.slice(-1)) : s;
  return `${base} (${shown})`;
}

// Hand order for people: suits together, ranks ascending, wilds at the end (a 2 is a wild
// unless ``twoIsWild`` is false: Scala 40's 2 is a natural card, §6.2).
const ORDER = "A23456789TJQK";
export function handOrder(a, b, twoIsWild = true) {
  const x = parseToken(a), y = parseToken(b);
  const key = (c) => c.rank === "JK" ? 1000 : twoIsWild && c.rank === "2" ? 900 + "shdc".indexOf(c.suit)
    : "shdc".indexOf(c.suit) * 20 + ORDER.indexOf(c.rank);
  return key(x) - key(y);
}

// By rank: equal ranks together (suits in a fixed order), wilds at the end.
export function rankOrder(a, b, twoIsWild = true) {
  const x = parseToken(a), y = parseToken(b);
  const key = (c) => c.rank === "JK" ? 1000 : twoIsWild && c.rank === "2" ? 900 + "shdc".indexOf(c.suit)
    : ORDER.indexOf(c.rank) * 4 + "shdc".indexOf(c.suit);
  return key(x) - key(y);
}

// A card as an <img> of its SVG (one data: URL per card, made once): the browser draws each
// card image once and reuses it, so a table of a hundred cards costs no text layout.
const URLS = new Map();
export function cardUrl(token) {
  let url = URLS.get(token);
  if (!url) {
    const svg = token === "back" ? backSvg() : cardSvg(token);
    url = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(svg));
    URLS.set(token, url);
  }
  return url;
}

export function cardImg(token) {
  const img = document.createElement("img");
  img.className = "card-svg";
  img.alt = "";
  img.draggable = false;
  img.src = cardUrl(token);
  return img;
}
