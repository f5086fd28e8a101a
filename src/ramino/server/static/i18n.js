// The page's texts in its language.  The server chose the language (?lang=, the cookie, or the
// browser's Accept-Language) and wrote it in <html lang>; the strings come from the same
// gettext catalogs as the templates, served as JSON (ramino/server/i18n.py): one source.
// Italian is the source language: a message id is the Italian text with its {placeholders}.
export const lang = document.documentElement.lang || "it";
const catalog = await fetch(`/i18n/${encodeURIComponent(lang)}.json`)
  .then((response) => (response.ok ? response.json() : { messages: {}, terms: {} }))
  .catch(() => ({ messages: {}, terms: {} }));

// Each game keeps its own words (pozzetto/morto, pinella/curinga): term() reads them under the
// game's context; a page learns its game from <html data-game> or, later, from setGame().
let game = document.documentElement.dataset.game || "burraco";
export function setGame(name) { if (name) game = name; }
export function currentGame() { return game; }

function fill(text, vars) {
  return text.replace(/\{(\w+)\}/g, (_, key) => (key in vars ? String(vars[key]) : `{${key}}`));
}

// t("Tocca a {name}", {name: "Anna"}): the translation, with its placeholders filled.
export function t(text, vars = {}) {
  return fill(catalog.messages[text] || text, vars);
}

// term("Pozzetti"): a game term in this game's words and the page's language.
export function term(text, vars = {}) {
  const words = catalog.terms[game] || catalog.terms.burraco || {};
  return fill(words[text] || text, vars);
}

// tn("{n} mano", "{n} mani", n): the plural form of the page's language, {n} filled with n.
// The catalog's forms are gettext's, in CLDR's order (Italian and Portuguese: one, many,
// other; English: one, other); Intl.PluralRules names the category of n.
const pluralRules = new Intl.PluralRules(lang);
const FORM_INDEX = { 2: { one: 0, other: 1 }, 3: { one: 0, many: 1, other: 2 } };
export function tn(singular, plural, n, vars = {}) {
  const category = pluralRules.select(n);
  const forms = (catalog.plurals || {})[singular] || [singular, plural];
  const index = (FORM_INDEX[forms.length] || {})[category];
  return fill(forms[index === undefined ? forms.length - 1 : index], { n, ...vars });
}
