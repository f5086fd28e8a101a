// The score keeper's setup: the rules (a preset and the options the page offers), the
// players' names and a house target.  Each choice names one of the engine's score tables
// (/api/segnapunti/tables, keyed by preset and options); nothing here applies a rule.
import { setGame, t } from "../i18n.js";
import { newSheet, setupKey } from "./sheet.js";
import { el } from "./view.js";

const $ = (id) => document.getElementById(id);
let tables = {};

export function setTables(found) { tables = found; }

const form = $("setup-form");

// The options of the setup chosen in the form, as the server keys its tables: only what
// differs from the preset's own setup (the table keyed "{}").
function chosenOptions() {
  const setups = tables[form.elements.preset.value] || {};
  const base = setups["{}"];
  const options = {};
  if (!base) return options;
  const players = Number(form.elements.players.value);
  if (players && players !== base.players) options.players = players;
  if (base.game === "scala40") {
    if ($("variant").value) options.partnerships = $("variant").value;
    const limit = Number(form.elements.limit.value);
    if (limit && limit !== base.scala40.elimination_limit) options.elimination_limit = limit;
    if (form.elements.reentry.checked) options.reentry = "ONCE_AT_HIGHEST_REMAINING";
  }
  return options;
}

function setupTable() {
  return (tables[form.elements.preset.value] || {})[setupKey(chosenOptions())] || null;
}

export function fillSetup() {
  const preset = form.elements.preset;
  $("preset-text").textContent = preset.selectedOptions[0]?.dataset.text || "";
  const setups = Object.values(tables[preset.value] || {});
  const scala = setups[0]?.game === "scala40";
  setGame(setups[0]?.game);
  const counts = [...new Set(setups.map((s) => s.players))].sort((a, b) => a - b);
  const players = form.elements.players;
  const own = tables[preset.value]?.["{}"]?.players ?? counts[0];
  const was = Number(players.value) || own;
  players.replaceChildren(...counts.map((n) => el("option", { value: n, text: String(n) })));
  players.value = String(counts.includes(was) ? was : own);
  $("limit-field").hidden = !scala;
  $("reentry-field").hidden = !scala;
  $("variant-field").hidden = !scala;
  $("target-field").hidden = scala;
  const limits = [...new Set(setups.filter((s) => s.scala40).map((s) => s.scala40.elimination_limit))];
  if (scala && form.elements.limit.options.length !== limits.length) {
    form.elements.limit.replaceChildren(...limits.map((n) => el("option", { value: n, text: String(n) })));
  }
  const n = Number(players.value);
  for (const option of $("variant").options) {
    option.disabled = !!option.value && !setups.some((s) => s.players === n
      && s.scala40 && s.scala40.partnerships === option.value);
  }
  if ($("variant").selectedOptions[0]?.disabled) $("variant").value = "";
  const chosen = setupTable();
  if (chosen && chosen.burraco) {
    form.elements.target.placeholder = String(chosen.burraco.match.value);
  }
  const names = $("names");
  const kept = Object.fromEntries([...names.querySelectorAll("input")]
    .map((input) => [input.name, input.value]));
  names.replaceChildren(...(chosen ? chosen.sides : []).map((seats, side) =>
    el("fieldset", { className: "side-names" },
      el("legend", { text: seats.length > 1 ? t("Squadra {n}", { n: side + 1 }) : "" }),
      ...seats.map((seat) => el("label", { className: "field" },
        el("span", { text: t("Giocatore {n}", { n: seat + 1 }) }),
        el("input", { type: "text", name: `name${seat}`, maxlength: 60, autocomplete: "off",
                      value: kept[`name${seat}`] || "", placeholder: t("Giocatore {n}", { n: seat + 1 }) }))))));
  $("start").disabled = !chosen;
}

form.addEventListener("change", (event) => {
  if (event.target.name !== "target" && !event.target.name?.startsWith("name")) fillSetup();
});
// "Inizia la partita": a new sheet of the chosen setup, handed to ``start``.
export function onStart(start) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = setupTable();
    if (!chosen) return;
    const players = [];
    for (let seat = 0; seat < chosen.players; seat++) {
      const value = (form.elements[`name${seat}`]?.value || "").trim();
      players.push(value || t("Giocatore {n}", { n: seat + 1 }));
    }
    const target = form.elements.target.value.trim();
    if (chosen.burraco && target && !(Number.isInteger(Number(target)) && Number(target) > 0)) {
      $("setup-error").textContent = t("Punti per vincere: scrivi un numero intero maggiore di zero.");
      form.elements.target.focus();
      return;
    }
    $("setup-error").textContent = "";
    start(newSheet(form.elements.preset.value, chosenOptions(), players,
                   chosen.burraco && target ? Number(target) : null));
  });
}
