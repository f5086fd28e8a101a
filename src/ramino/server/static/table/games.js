// Each game's own words and details at the table: Burraco (FIBUR), Brazilian Buraco and
// Scala 40 share one table; what differs in what it says and shows is here, and only that
// (what is legal always comes from the server).
import { t, term, tn } from "../i18n.js";

const BURRACO_FAMILY = {
  scala40: false,
  hasPozzetti: true,
  twoIsWild: true,          // the pinella (curinga) is a wild card
  pileLabel: () => t("Scarti"),
  pickButton: () => t("Raccogli gli scarti (p)"),
  // What a turn that has not drawn yet says: the stock or the pile (taken whole).
  drawNow: () => t("Tocca a te: pesca dal tallone o raccogli."),
  drawFirst: () => t("Prima pesca dal tallone o raccogli."),
  drawPhase: () => t(" — pesca o raccogli"),
  noPick: () => t("Non puoi prendere dagli scarti ora."),
  // "Bot 1 raccoglie 6 carte dagli scarti"
  pickLog: (name, cards) => cards.length
    ? tn("{name} raccoglie {n} carta dagli scarti", "{name} raccoglie {n} carte dagli scarti",
         cards.length, { name })
    : t("{name} raccoglie gli scarti", { name }),
};

const GAMES = {
  burraco: BURRACO_FAMILY,
  buraco: BURRACO_FAMILY,
  scala40: {
    scala40: true,
    hasPozzetti: false,
    twoIsWild: false,       // §6.2: only the jolly is wild
    pileLabel: () => t("Pozzo"),
    pickButton: () => t("Prendi dal pozzo (p)"),
    // The pozzo's top card only (§6.3), never "the pile".
    drawNow: () => t("Tocca a te: pesca dal tallone o prendi dal pozzo."),
    drawFirst: () => t("Prima pesca dal tallone o prendi dal pozzo."),
    drawPhase: () => t(" — pesca o prendi dal pozzo"),
    noPick: () => t("Non puoi prendere dal pozzo ora."),
    pickLog: (name, cards) => cards.length
      ? t("{name} prende {card} dal pozzo", { name, card: cards[cards.length - 1] })
      : t("{name} prende dal pozzo", { name }),
  },
};

export function gameOf(name) { return GAMES[name] || GAMES.burraco; }

export const END = () => ({ closed: t("chiusura"), stock: t("tallone finito"), stallo: t("stallo"),
                            timeout: t("tempo scaduto") });
// The marks agree with the game's noun: "burraco pulito", "canastra limpa" (the game's context).
export const MARK = () => ({ pulito: term("pulito"), semipulito: term("semipulito"),
                             sporco: term("sporco") });

// A burraco's type in the game's words: "burraco pulito" (Buraco: "canastra limpa").
export function burracoName(kind) {
  return `${term("burraco")} ${MARK()[kind] || kind}`;
}
