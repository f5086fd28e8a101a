// Translations of the page: Italian is the source language; English and Portuguese catalogs
// map each Italian text to its translation, with each game's own words (pozzetto → morto,
// pinella → curinga in Portuguese).  No build step: the catalogs are plain JS modules.
import en from "./i18n/en.js";
import pt from "./i18n/pt.js";

export const LANGUAGES = { it: "Italiano", en: "English", pt: "Português" };
const CATALOGS = { it: {}, en, pt };

function chooseLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && CATALOGS[asked]) {
    localStorage.setItem("ramino:lang", asked);
    return asked;
  }
  const kept = localStorage.getItem("ramino:lang");
  if (kept && CATALOGS[kept]) return kept;
  const browser = (navigator.language || "it").slice(0, 2);
  return CATALOGS[browser] ? browser : "it";
}

export const lang = chooseLanguage();
const catalog = CATALOGS[lang];

// t("Tocca a {name}", {name: "Anna"}): the translation, with its placeholders filled.
export function t(text, vars = {}) {
  const out = catalog[text] ?? text;
  return out.replace(/\{(\w+)\}/g, (_, key) => (key in vars ? String(vars[key]) : `{${key}}`));
}

// Elements marked data-i18n get their text translated; data-i18n-label their aria-label,
// data-i18n-placeholder their placeholder.
export function translatePage() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-i18n]")) {
    node.textContent = t(node.textContent.trim());
  }
  for (const node of document.querySelectorAll("[data-i18n-label]")) {
    node.setAttribute("aria-label", t(node.getAttribute("aria-label")));
  }
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) {
    node.setAttribute("placeholder", t(node.getAttribute("placeholder")));
  }
  const picker = document.getElementById("language");
  if (picker) {
    picker.replaceChildren();
    for (const [code, name] of Object.entries(LANGUAGES)) {
      const option = document.createElement("option");
      option.value = code;
      option.textContent = name;
      option.selected = code === lang;
      picker.append(option);
    }
    picker.addEventListener("change", () => {
      const url = new URL(location.href);
      url.searchParams.set("lang", picker.value);
      location.href = url.toString();
    });
  }
}
