// The bot levels in the reader's words: the same names as the lobby's level picker
// (templates/texts.html), and the think time of a bot that thinks (the server's setting,
// sent with each bot seat).
import { lang, t } from "./i18n.js";

const NAMES = {
  random: () => t("Casuale"),
  easy: () => t("Principiante"),
  greedy: () => t("Intermedio"),
  expert: () => t("Esperto"),
  search: () => t("Campione"),
};

export function levelName(level) {
  return NAMES[level] ? NAMES[level]() : level;
}

// "Campione, fino a 1 s a mossa": a bot seat's level and, if it thinks, for how long.
export function botLevelText(level, seconds) {
  if (!level) return "";
  if (!seconds) return levelName(level);
  return t("{level}, fino a {seconds} s a mossa",
    { level: levelName(level), seconds: seconds.toLocaleString(lang) });
}
