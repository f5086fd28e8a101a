// What the score keeper shows: each side's (or player's) entry for the hand, the hand's
// breakdown, the running sheet, and a refusal in words naming its field.  The numbers all
// come from score.js over the engine's table; here they are only laid out.
import { t, term } from "../i18n.js";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "text") node.textContent = value;
    else if (key === "className") node.className = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

// A side by its players' names (as the core names it).
export function sideNames(table, players) {
  return table.sides.map((seats) => seats.map((seat) => players[seat]).join(" & "));
}

// The marks agree with the game's noun: "burraco pulito", "canastra limpa" (the game's context).
const TYPE_WORDS = () => ({ pulito: term("pulito"), semipulito: term("semipulito"), sporco: term("sporco") });
export function typeName(kind) { return `${term("burraco")} ${TYPE_WORDS()[kind] || kind}`; }

export const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

// The label of a field a refusal names (the last part of its path).
function fieldLabel(field) {
  if (field.startsWith("burrachi.")) return typeName(field.slice("burrachi.".length));
  return {
    melded: t("Punti delle carte in tavola"), in_hand: t("Punti delle carte in mano"),
    pozzetto_taken: term("Pozzetto preso"), closed: t("Ha chiuso"), opened: t("Ha aperto"),
    chiusura_in_mano: t("Chiusura in mano"), unplayed_pozzetto: term("Pozzetto preso"),
    end: t("Fine della mano"), solo: t("Chi gioca da solo"),
  }[field] || field;
}

// Where a refusal's path points: the entry (side or player), its field and the input's id.
export function locate(path, names) {
  const match = /^hand\.(sides|players)\[(\d+)\]\.(.+)$/.exec(path);
  if (!match) {
    const field = path.replace(/^hand\.?/, "");
    return { where: field ? fieldLabel(field) : t("La mano"), id: null };
  }
  const [, kind, index, field] = match;
  const who = names[Number(index)];
  const id = `f-${kind === "sides" ? "s" : "p"}${index}-${field.replace(".", "-")}`;
  return { where: `${who} · ${fieldLabel(field)}`, id };
}

// A refusal of the engine's checks in words, with the numbers of the rules in force.
export function problemText(problem, names) {
  const { where } = locate(problem.path, names);
  const p = { where, ...problem.params };
  if (p.type) p.type = typeName(p.type);
  if (p.first !== undefined) { p.first = names[p.first]; p.second = names[p.second]; }
  const texts = {
    shape: () => t("{where}: scrivi un numero intero da {min} a {max}.", p),
    "burraco-type": () => term("{where}: queste regole non hanno questo burraco.", p),
    "burrachi-points": () => t("{where}: {count} × {type} vogliono almeno {need} punti di carte in tavola, ne sono segnati {melded}.", p),
    "point-step": () => t("{where}: {value} non è un multiplo di {step}, come ogni valore delle carte.", p),
    "unplayed-not-taken": () => term("{where}: senza pozzetto preso non c'è un pozzetto da giocare.", p),
    "pozzetto-without-burraco": () => term("{where}: con queste regole il pozzetto si prende solo dopo un burraco.", p),
    "close-without-pozzetto": () => term("{where}: si chiude solo dopo aver preso il pozzetto.", p),
    "close-without-burraco": () => term("{where}: si chiude solo con un burraco in tavola.", p),
    "close-without-clean": () => term("{where}: con queste regole si chiude solo con un burraco pulito.", p),
    "two-closers": () => t("{where}: la mano la chiude uno solo, qui hanno chiuso {first} e {second}.", p),
    "pack-points": () => t("I punti segnati sono {total} in tutto, più di quanti ne abbia il mazzo ({limit}).", p),
    "closer-in-hand": () => t("{where}: chi chiude non ha più carte in mano.", p),
    "unopened-in-hand": () => t("{where}: chi non ha aperto tiene tutte le {cards} carte, da {low} a {high} punti, non {value}.", p),
    "in-hand-max": () => t("{where}: nessuno finisce con più di {cards} carte, al massimo {high} punti.", p),
    "in-mano-not-allowed": () => t("{where}: queste regole non hanno la chiusura in mano.", p),
    "in-mano-without-close": () => t("{where}: la chiusura in mano vuole chi ha chiuso.", p),
    "solo-all-alone": () => t("{where}: da quando un totale ha raggiunto {threshold} si gioca tutti da soli, senza coppia.", p),
    "solo-without-pozzetto": () => t("{where}: chi gioca da solo ha preso il pozzetto da 18.", p),
    "taken-without-solo": () => t("{where}: il primo che prende un pozzetto prende quello da 18 e gioca da solo: scegli chi.", p),
  };
  return (texts[problem.code] || (() => `${where}: ${problem.code}`))();
}

function numberField(id, label, value, step) {
  return el("label", { className: "field" }, el("span", { text: label }),
    el("input", { type: "number", id, inputmode: "numeric", min: 0, step, value: value ?? "",
                  autocomplete: "off" }));
}

function toggle(id, label, checked) {
  return el("label", { className: "toggle" },
    el("input", { type: "checkbox", id, checked: !!checked }), el("span", { text: label }));
}

// One side's count of a Burraco or Buraco hand: burrachi by type, card points, pozzetto, close.
export function burracoEntry(b, index, name, draft) {
  const box = el("fieldset", { className: "entry", id: `side-${index}` }, el("legend", { text: name }));
  for (const type of b.types) {
    const id = `f-s${index}-burrachi-${type.name}`;
    const count = draft.burrachi[type.name] || 0;
    box.append(el("div", { className: "stepper", id, role: "group", "aria-label": typeName(type.name) },
      el("span", { text: `${typeName(type.name)} (${signed(type.bonus)})` }),
      el("button", { type: "button", "data-step": "-1", "data-side": index, "data-kind": type.name,
                     "aria-label": t("Un {type} in meno", { type: typeName(type.name) }) }, "−"),
      el("output", { className: "count", id: `${id}-count`, text: String(count) }),
      el("button", { type: "button", "data-step": "1", "data-side": index, "data-kind": type.name,
                     "aria-label": t("Un {type} in più", { type: typeName(type.name) }) }, "+")));
  }
  box.append(numberField(`f-s${index}-melded`, t("Punti delle carte in tavola"), draft.melded, b.point_step),
    numberField(`f-s${index}-in_hand`, t("Punti delle carte in mano"), draft.in_hand, b.point_step),
    el("div", { className: "toggles" },
      toggle(`f-s${index}-pozzetto_taken`, term("Pozzetto preso"), draft.pozzetto_taken),
      toggle(`f-s${index}-closed`, t("Ha chiuso"), draft.closed)),
    el("p", { className: "hand-score", id: `score-s${index}` }));
  return box;
}

// One Scala 40 player's count: the points left in hand, opened or not, closed or not.
export function scala40Entry(index, name, draft) {
  return el("fieldset", { className: "entry", id: `player-${index}` }, el("legend", { text: name }),
    numberField(`f-p${index}-in_hand`, t("Punti delle carte in mano"), draft.in_hand, 1),
    el("div", { className: "toggles" },
      toggle(`f-p${index}-opened`, t("Ha aperto"), draft.opened),
      toggle(`f-p${index}-closed`, t("Ha chiuso"), draft.closed)),
    el("p", { className: "hand-score", id: `score-p${index}` }));
}

function row(label, cells, className = null) {
  return el("tr", { className }, el("th", { scope: "row", text: label }),
    ...cells.map((cell) => el("td", { text: cell === null ? "—" : String(cell) })));
}

// The hand's breakdown: each part of the score (§2.10) per side (``result.columns``), or each
// player's penalty.  Three players with a solo (§5.2): the solo and the pair, the pair's
// breakdown once, its total, then what each of its players scores (half, rounded up);
// ``labels`` name the columns where the sides' names do not.
export function breakdownTable(node, game, result, names, labels = null) {
  node.replaceChildren(el("caption", { text: t("Punteggio della mano") }));
  const columns = result.columns || [];
  const heads = labels || (game === "scala40" ? result.sides.map((side) => names[side])
    : columns.map((col) => col.sides.map((side) => names[side]).join(" & ")));
  node.append(el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "" }),
    ...heads.map((label) => el("th", { scope: "col", text: label })))));
  const body = el("tbody");
  if (game === "scala40") {
    body.append(row(t("Penalità della mano"), result.scores, "total"));
  } else {
    const parts = (key) => columns.map((col) => col.parts[key]);
    body.append(row(t("Carte in tavola"), parts("table")), row(term("Burraco"), parts("burraco")),
      row(t("Chiusura"), parts("closing")), row(t("Carte in mano"), parts("hand")),
      row(term("Pozzetto non preso"), parts("pozzetto")),
      row(t("Totale"), columns.map((col) => signed(col.total)), "total"));
    if (columns.some((col) => col.sides.length > 1)) {
      body.append(row(t("A testa"), columns.map((col) => signed(col.each)), "total"));
    }
  }
  node.append(body);
}

// The running sheet: each hand's score per side (— when not dealt in) and the totals.
export function runningTable(node, view, names) {
  node.replaceChildren(el("caption", { className: "sr-only", text: t("Foglio dei punti") }));
  const out = view.standing.eliminated || [];
  node.append(el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("Mano") }),
    ...names.map((name, s) => el("th", { scope: "col", className: out[s] ? "out" : null, text: name })))));
  const body = el("tbody");
  view.hands.forEach((hand, i) => {
    const cells = names.map(() => null);
    hand.sides.forEach((side, j) => { cells[side] = hand.scores[j]; });
    body.append(row(String(hand.number), cells, i === view.hands.length - 1 ? "last" : null));
  });
  node.append(body, el("tfoot", {}, row(t("Totale"), view.standing.totals, "total")));
}
