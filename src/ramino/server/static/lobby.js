// The lobby: quick play, the open tables (refreshed every few seconds), a table with friends,
// the player's profile and the leaderboards.
import { lang, t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const form = $("new-table");
const GAME_NAMES = { burraco: "Burraco", buraco: "Buraco", scala40: "Scala 40" };
let games = {};  // preset -> its game, players and bot levels (/api/options)

async function postJson(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  return [response, await response.json().catch(() => ({}))];
}

// The server's refusals are in English for programs; a person reads them in their language.
function problem(response, answer) {
  if (response.status === 429) return t("Troppe richieste: riprova tra qualche secondo.");
  return answer.detail ? `${t("Non riuscito")}: ${answer.detail}` : t("Non riuscito");
}

// Quick play: a table against bots, dealt now; the answer's address seats us.
for (const button of document.querySelectorAll(".quick-play")) {
  button.addEventListener("click", async () => {
    button.disabled = true;
    const level = document.querySelector("input[name=quick_level]:checked");
    const [response, answer] = await postJson("/api/quickplay", {
      game: button.dataset.game, pace: $("quick-fast").checked ? "fast" : "normal",
      name: localStorage.getItem("ramino:name") || t("Giocatore {n}", { n: 1 }),
      bot_level: level ? level.value : null,
      players: button.dataset.players ? Number(button.dataset.players) : null,
    });
    button.disabled = false;
    if (!response.ok) { $("quick-error").textContent = problem(response, answer); return; }
    location.href = answer.url;
  });
}

// Each seat's side at this many players (and partnership variant), as the server gives it,
// or null where each plays for himself.
function seatSides(info, players, variant) {
  const partnership = variant === "PAIRS_2V2" || variant === "TEAMS_3V3";
  return info.sides[partnership ? `${players}:${variant}` : String(players)] || null;
}

// The form follows the chosen rules: Scala 40 is played by 2 to 6, each for himself, to
// elimination (§6); Burraco by 2, 3, 4 or 6 and Buraco by 2, 4 or 6, partners opposite.
function applyPreset() {
  const preset = form.elements.preset;
  const info = games[preset.value];
  $("preset-text").textContent = preset.selectedOptions[0].dataset.text;
  $("rules-link").href = `/rules/${encodeURIComponent(preset.value)}`;
  if (!info) return;
  const many = info.players.length > 1;
  for (const option of form.elements.players.options) {
    option.disabled = option.hidden = !info.players.includes(Number(option.value));
  }
  if (form.elements.players.selectedOptions[0].disabled) form.elements.players.value = String(info.default_players);
  const players = many ? Number(form.elements.players.value) : info.default_players;
  // A Burraco preset says how four play; two, three and six are told here.
  if (info.game !== "scala40" && players !== 4) {
    $("preset-text").textContent += " " + (players === 2 ? t("In due: uno contro uno.")
      : players === 3 ? t("In tre: ognuno per sé finché il primo che finisce le carte prende il pozzetto da 18 e gioca da solo contro gli altri due in coppia; da 1000 punti tutti da soli, fino a 1505.")
      : t("In sei: tre coppie, ogni compagno di fronte all'altro."));
  }
  $("players-choice").hidden = !many;
  $("variant-choice").hidden = info.game !== "scala40";
  for (const option of form.elements.variant.options) {
    option.disabled = !!option.dataset.players && Number(option.dataset.players) !== players;
  }
  if (form.elements.variant.selectedOptions[0].disabled) form.elements.variant.value = "";
  const variant = $("variant-choice").hidden ? "" : form.elements.variant.value;
  const sides = seatSides(info, players, variant);
  for (const label of form.querySelectorAll(".seat-choice")) {
    const seat = Number(label.dataset.seat);
    label.hidden = seat >= players;
    const role = label.querySelector(".role");
    role.textContent = sides === null ? role.dataset.each
      : sides[seat] === sides[0] ? role.dataset.partner : role.dataset.opponent;
  }
  $("match-choice").hidden = info.game === "scala40";
  const match = form.elements.match_hands;
  for (const option of match.options) {
    option.hidden = (!!option.dataset.game && option.dataset.game !== info.game) ||
      (!!option.dataset.players && !option.dataset.players.split(",").includes(String(players)));
  }
  if (match.selectedOptions[0].hidden) match.value = "1";
  showLevels(info);
}

// The levels this game has, and how long those that think take over a move (the server's
// own setting, per game).
function showLevels(info) {
  for (const label of form.querySelectorAll(".bot-level")) {
    const level = label.dataset.level;
    label.hidden = !info.bot_levels.includes(level);
    const think = label.querySelector(".bot-level-think");
    const seconds = (info.think_seconds || {})[level];
    think.hidden = seconds === undefined;
    if (seconds !== undefined) {
      think.textContent = t("Pensa fino a {seconds} s a mossa.", { seconds: seconds.toLocaleString(lang) });
    }
  }
  const chosen = form.querySelector(".bot-level input:checked");
  if (!chosen || chosen.closest(".bot-level").hidden) form.elements.bot_level.value = info.default_level;
}

fetch("/api/options").then((response) => response.json()).then((options) => {
  games = options.games;
  applyPreset();
  form.dataset.ready = "true";  // each preset's counts, seats and levels now apply
});
for (const name of ["preset", "players", "variant"]) {
  form.elements[name].addEventListener("change", applyPreset);
}

function presetName(preset) {
  const option = [...form.elements.preset.options].find((o) => o.value === preset);
  return option ? option.textContent : preset;
}

function seatText(seat) {
  if (seat.kind === "open") return t("posto libero");
  if (seat.kind === "bot") return t("{name} (bot)", { name: seat.name });
  return seat.level ? t("{name} (liv. {level})", seat) : seat.name;
}

// A player's name linking to their profile, with their level beside it.
function playerLink(name, level) {
  const link = document.createElement("a");
  link.href = `/players/${encodeURIComponent(name)}`;
  link.textContent = name;
  const badge = document.createElement("span");
  badge.className = "level";
  badge.textContent = t("liv. {level}", { level });
  const out = document.createDocumentFragment();
  out.append(link, " ", badge);
  return out;
}

async function refresh() {
  const response = await fetch("/api/tables");
  if (!response.ok) return;
  const tables = await response.json();
  const list = $("tables");
  list.replaceChildren();
  if (!tables.length) {
    const li = document.createElement("li");
    li.textContent = t("Nessun tavolo aperto: crea il tuo qui sotto.");
    list.append(li);
  }
  for (const table of tables) {
    const li = document.createElement("li");
    const title = document.createElement("strong");
    // A table named by nobody is called by its id, in the reader's words.
    title.textContent = table.name === `Tavolo ${table.id}` ? t("Tavolo {id}", { id: table.id })
      : table.name;
    const what = document.createElement("span");
    what.className = "small";
    const open = table.seats.filter((s) => s.kind === "open").length;
    const state = table.waiting ? tn("in attesa: {n} posto libero", "in attesa: {n} posti liberi", open)
      : table.over ? t("mano finita") : t("in gioco");
    what.textContent = ` ${GAME_NAMES[table.game] || ""} · ${presetName(table.preset)} · ${state}`;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = table.seats.map(seatText).join(" · ");
    const go = document.createElement("a");
    go.href = `/t/${table.id}`;
    go.textContent = table.waiting ? t("siediti") : t("guarda");
    if (!table.waiting) go.href += "?watch=1";
    go.className = "go";
    li.append(title, what, who, go);
    list.append(li);
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const matchHidden = $("match-choice").hidden;
  const match = String(data.get("match_hands") || "1");
  const body = {
    name: data.get("name") || "",
    preset: data.get("preset"),
    seats: ["open", ...[...form.querySelectorAll(".seat-choice")].filter((label) => !label.hidden)
      .map((label) => data.get(`seat${label.dataset.seat}`))],
    private: data.get("private") === "on",
    bot_level: data.get("bot_level"),
    match_hands: matchHidden || match.startsWith("target-") ? 1 : Number(match),
    match_target: !matchHidden && match.startsWith("target-") ? Number(match.slice(7)) : null,
    spectator_delay: Number(data.get("spectator_delay") || 0),
    pace: data.get("pace"),
    hints: data.get("hints") === "on",
  };
  const variant = $("variant-choice").hidden ? "" : data.get("variant");
  if (variant === "reentry") body.options = { reentry: "ONCE_AT_HIGHEST_REMAINING" };
  else if (variant) body.options = { partnerships: variant };
  if (data.get("clock")) {
    const [bank, increment] = data.get("clock").split(",").map(Number);
    body.clock_seconds = bank;
    body.increment_seconds = increment;
  }
  const [response, answer] = await postJson("/api/tables", body);
  if (!response.ok) { $("create-error").textContent = problem(response, answer); return; }
  // The creator sits at seat 1 (seat 0 of the table) in the waiting room.
  location.href = answer.url + (answer.url.includes("?") ? "&" : "?") + "sit=0";
});

refresh();
setInterval(refresh, 4000);

// Account: sign in or up (a session cookie), the player's standing, the leaderboards.
const accountForm = $("account-form");

function accountProblem(response, signup) {
  if (response.status === 401) return t("Nome o password sbagliati.");
  if (response.status === 409) return t("Questo nome è già preso: scegline un altro.");
  if (response.status === 429) return t("Troppe richieste: riprova tra qualche secondo.");
  if (signup && response.status === 400) {
    return t("Il nome va da 3 a 24 lettere, cifre, '.', '-' o '_'; la password da 8 a 128 caratteri.");
  }
  return t("Non riuscito");
}

async function showMe() {
  // /api/session answers a guest too (no failed request on a guest's page).
  const response = await fetch("/api/session");
  const me = response.ok ? (await response.json()).account : null;
  $("account-box").hidden = !!me;
  $("logout").hidden = !me;
  if (!me) { $("profile").textContent = t("Puoi giocare come ospite, senza registrarti."); return; }
  const profile = $("profile");
  const parts = [
    tn("{n} punto esperienza", "{n} punti esperienza", me.xp),
    tn("{n} mano", "{n} mani", me.hands), tn("{n} vinta", "{n} vinte", me.wins),
    tn("{n} burraco", "{n} burrachi", me.burrachi), tn("{n} abbandonata", "{n} abbandonate", me.abandons),
  ];
  for (const [game, r] of Object.entries(me.ratings || {})) {
    parts.push(t("{game}: forza {rating}", { game: GAME_NAMES[game] || game, rating: r.rating }) +
      " (" + tn("{n} partita", "{n} partite", r.rated) + ")");
  }
  profile.replaceChildren(playerLink(me.name, me.level), ": " + parts.join(" · "));
}

accountForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(accountForm);
  const signup = event.submitter && event.submitter.name === "signup";
  const [response] = await postJson(signup ? "/api/accounts" : "/api/login",
    { name: data.get("name"), password: data.get("password") });
  $("account-error").textContent = response.ok ? "" : accountProblem(response, signup);
  if (response.ok) showMe();
});

$("logout").addEventListener("click", async () => {
  await fetch("/api/logout", { method: "POST" });
  showMe();
});

// A board with nobody on it says so, and how to get on it, rather than showing nothing.
async function showBoard(path, listId, line, empty) {
  const response = await fetch(path);
  if (!response.ok) return;
  const list = $(listId);
  list.replaceChildren();
  const rows = await response.json();
  list.classList.toggle("empty-board", rows.length === 0);
  if (rows.length === 0) {
    const li = document.createElement("li");
    li.textContent = empty();
    list.append(li);
  }
  for (const row of rows) {
    const li = document.createElement("li");
    li.append(playerLink(row.name, row.level), ` — ${line(row)}`);
    list.append(li);
  }
}

// One rating board per game (Burraco, Buraco, Scala 40): a rating means something within it.
const ratingGame = $("rating-game");
const showRatings = () => showBoard(`/api/leaderboard?by=rating&game=${encodeURIComponent(ratingGame.value)}`,
  "rating-board", (row) => t("forza {rating}", row) + " (" + tn("{n} partita", "{n} partite", row.rated) + ")",
  () => t("Ancora nessuno: la forza viene dalle partite di almeno 3 mani giocate con un profilo."));
ratingGame.addEventListener("change", showRatings);

showMe();
showBoard("/api/leaderboard", "leaderboard", (row) => [
  tn("{n} punto", "{n} punti", row.xp), tn("{n} mano", "{n} mani", row.hands),
  tn("{n} vinta", "{n} vinte", row.wins)].join(", "),
  () => t("Ancora nessuno: le mani giocate con un profilo danno punti esperienza."));
showRatings();
