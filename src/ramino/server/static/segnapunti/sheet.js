// The sheet kept on this device (localStorage): the ramino-scoresheet/1 document the core
// reads (ramino.scoresheet), so that publishing sends it as it is, plus the hand being
// entered and the last published link.  Only counts are kept: every score is computed.
const SHEET = "ramino:segnapunti:sheet";
const DRAFT = "ramino:segnapunti:draft";
const PUBLISHED = "ramino:segnapunti:published";
export const FORMAT = "ramino-scoresheet/1";

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

export function loadSheet() {
  const sheet = read(SHEET);
  return sheet && sheet.format === FORMAT && Array.isArray(sheet.hands) ? sheet : null;
}

export function saveSheet(sheet) { localStorage.setItem(SHEET, JSON.stringify(sheet)); }

// A setup's options written as the server keys them: compact JSON, keys sorted.
export function setupKey(options) {
  const sorted = {};
  for (const key of Object.keys(options).sort()) sorted[key] = options[key];
  return JSON.stringify(sorted);
}

export function newSheet(preset, options, players, target) {
  const sheet = { format: FORMAT, rules: { preset, options }, players, hands: [] };
  if (target) sheet.match = { target };
  return sheet;
}

// The score table of a sheet's setup, from the tables the server sent (null if unknown).
export function tableOf(tables, sheet) {
  const setups = tables[sheet.rules.preset] || {};
  return setups[setupKey(sheet.rules.options || {})] || null;
}

// Take back the last hand, and any re-entry noted after it (as the core's remove_last).
export function removeLast(sheet) {
  const hand = sheet.hands[sheet.hands.length - 1];
  if (sheet.reentries) {
    sheet.reentries = sheet.reentries.filter((r) => r.before < sheet.hands.length);
    if (!sheet.reentries.length) delete sheet.reentries;
  }
  sheet.hands.pop();
  return hand;
}

export function loadDraft() { return read(DRAFT); }
export function saveDraft(draft) { localStorage.setItem(DRAFT, JSON.stringify(draft)); }
export function clearDraft() { localStorage.removeItem(DRAFT); }

// The link of the sheet as last published, with how many hands it held then.
export function loadPublished() { return read(PUBLISHED); }
export function savePublished(link) { localStorage.setItem(PUBLISHED, JSON.stringify(link)); }
export function clearPublished() { localStorage.removeItem(PUBLISHED); }
