// The lobby: open tables (refreshed every few seconds) and the form that creates a table.
import { t, translatePage } from "./i18n.js";

translatePage();
const list = document.getElementById("tables");
const form = document.getElementById("new-table");
const errorLine = document.getElementById("create-error");
let games = {};  // preset -> its game, players and bot levels (/api/options)

// The form follows the chosen rules: Scala 40 is played by 2 to 6, each for himself, to
// elimination (RULES.md §6); Burraco by two sides.
function applyPreset() {
  const info = games[form.elements.preset.value];
  if (!info) return;
  const many = info.players.length > 1;
  document.getElementById("players-choice").hidden = !many;
  document.getElementById("legend-sides").hidden = many;
  document.getElementById("legend-each").hidden = !many;
  document.getElementById("match-choice").hidden = info.game === "scala40";
  const players = many ? Number(form.elements.players.value) : info.default_players;
  // Scala 40's §6.7 variants: pairs need four players, teams of three six; re-entry (§6.5).
  document.getElementById("variant-choice").hidden = info.game !== "scala40";
  for (const option of form.elements.variant.options) {
    option.disabled = !!option.dataset.players && Number(option.dataset.players) !== players;
  }
  if (form.elements.variant.selectedOptions[0].disabled) form.elements.variant.value = "";
  for (const label of form.querySelectorAll(".seat-choice")) {
    label.hidden = Number(label.dataset.seat) >= players;
  }
  const level = form.elements.bot_level;
  const kept = level.value;
  level.replaceChildren();
  for (const name of info.bot_levels) {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = name;
    option.selected = info.bot_levels.includes(kept) ? name === kept : name === info.default_level;
    level.append(option);
  }
}

fetch("/api/options").then((response) => response.json()).then((options) => {
  games = options.games;
  applyPreset();
});
form.elements.preset.addEventListener("change", applyPreset);
form.elements.players.addEventListener("change", applyPreset);

async function refresh() {
  const response = await fetch("/api/tables");
  if (!response.ok) return;
  const tables = await response.json();
  list.replaceChildren();
  if (!tables.length) {
    const li = document.createElement("li");
    li.textContent = t("Nessun tavolo aperto: creane uno.");
    list.append(li);
  }
  for (const table of tables) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/t/${table.id}`;
    a.textContent = table.name;
    const open = table.seats.filter((s) => s.kind === "open").length;
    const info = document.createElement("span");
    info.className = "small";
    info.textContent = ` — ${table.preset}, ` + t("{n} posti liberi", { n: open }) + ", " +
      (table.over ? t("mano finita") : t("mossa {n}", { n: table.version }));
    const watch = document.createElement("a");
    watch.href = `/t/${table.id}?watch=1`;
    watch.textContent = t("guarda");
    watch.className = "watch";
    li.append(a, info, " ", watch);
    list.append(li);
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const body = {
    name: data.get("name") || "",
    preset: data.get("preset"),
    seats: [...form.querySelectorAll(".seat-choice")].filter((label) => !label.hidden)
      .map((label) => data.get(`seat${label.dataset.seat}`)),
    private: data.get("private") === "on",
    bot_level: data.get("bot_level"),
    match_hands: document.getElementById("match-choice").hidden ? 1
      : String(data.get("match_hands")).startsWith("target-") ? 1
      : Number(data.get("match_hands") || 1),
    match_target: !document.getElementById("match-choice").hidden &&
      String(data.get("match_hands")).startsWith("target-")
      ? Number(String(data.get("match_hands")).slice(7)) : null,
    spectator_delay: Number(data.get("spectator_delay") || 0),
  };
  const variant = document.getElementById("variant-choice").hidden ? "" : data.get("variant");
  if (variant === "reentry") body.options = { reentry: "ONCE_AT_HIGHEST_REMAINING" };
  else if (variant) body.options = { partnerships: variant };
  if (data.get("clock")) {
    const [bank, increment] = data.get("clock").split(",").map(Number);
    body.clock_seconds = bank;
    body.increment_seconds = increment;
  }
  const response = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    errorLine.textContent = answer.detail || t("Tavolo non creato");
    return;
  }
  location.href = answer.url;
});

refresh();
setInterval(refresh, 4000);

// Account: sign in or up (a session cookie), the player's standing, the leaderboard.
const accountForm = document.getElementById("account-form");
const accountError = document.getElementById("account-error");
const meLine = document.getElementById("me");
const logout = document.getElementById("logout");

const GAME_NAMES = { burraco: "Burraco", buraco: "Buraco", scala40: "Scala 40" };

async function showMe() {
  const response = await fetch("/api/me");
  if (!response.ok) {
    accountForm.hidden = false;
    logout.hidden = true;
    meLine.textContent = t("Puoi giocare come ospite, senza registrarti.");
    return;
  }
  const me = await response.json();
  accountForm.hidden = true;
  logout.hidden = false;
  meLine.textContent = `${me.name}: ` + t(
    "{xp} punti esperienza · {hands} mani · {wins} vinte · {burrachi} burraco · {abandons} abbandonate",
    me);
  for (const [game, r] of Object.entries(me.ratings || {})) {
    meLine.textContent += " · " + t("{game}: forza {rating} ({rated} partite)",
                                    { game: GAME_NAMES[game] || game, ...r });
  }
}

accountForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(accountForm);
  const path = event.submitter && event.submitter.name === "signup" ? "/api/accounts" : "/api/login";
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: data.get("name"), password: data.get("password") }),
  });
  if (!response.ok) {
    const answer = await response.json();
    accountError.textContent = answer.detail || t("Non riuscito");
    return;
  }
  accountError.textContent = "";
  showMe();
});

logout.addEventListener("click", async () => {
  await fetch("/api/logout", { method: "POST" });
  showMe();
});

async function showLeaderboard() {
  const response = await fetch("/api/leaderboard");
  if (!response.ok) return;
  const list = document.getElementById("leaderboard");
  list.replaceChildren();
  for (const row of await response.json()) {
    const li = document.createElement("li");
    li.textContent = `${row.name} — ` + t("{xp} punti, {hands} mani, {wins} vinte", row);
    list.append(li);
  }
}

// One board per game (Burraco, Buraco, Scala 40): a rating means something within its game.
const ratingGame = document.getElementById("rating-game");
ratingGame.addEventListener("change", () => showRatings());

async function showRatings() {
  const response = await fetch("/api/leaderboard?by=rating&game=" + encodeURIComponent(ratingGame.value));
  if (!response.ok) return;
  const list = document.getElementById("rating-board");
  list.replaceChildren();
  for (const row of await response.json()) {
    const li = document.createElement("li");
    li.textContent = `${row.name} — ` + t("forza {rating} ({rated} partite)", row);
    list.append(li);
  }
}

showMe();
showLeaderboard();
showRatings();
