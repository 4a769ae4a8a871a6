// bookgen/html/language.js: gettext's plural expressions read without eval, and t, tn and tp.
// BOOKGEN_PLURAL_CASES names a JSON file of the plural expressions of Babel and of bookgen's
// catalogs with the form Python's gettext picks for each count (tests/test_scripts.py writes it).
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const {test} = require("node:test");
const {load} = require("./load.js");

const {pluralRule, pageLanguage} = load("bookgen/html/language.js", ["pluralRule", "pageLanguage"]);

const POLISH = "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)";

test("plural expressions pick the form gettext picks, in Babel's and bookgen's languages", (t) => {
  const file = process.env.BOOKGEN_PLURAL_CASES;
  if (!file) {
    t.skip("BOOKGEN_PLURAL_CASES is not set: tests/test_scripts.py computes the cases with Babel");
    return;
  }
  const cases = JSON.parse(fs.readFileSync(file, "utf8"));
  assert.ok(cases.length >= 6);
  for (const {language, source, expression, forms} of cases) {
    const rule = pluralRule(expression);
    const wrong = Object.entries(forms).filter(([n, form]) => rule(Number(n)) !== form);
    assert.deepEqual(wrong.slice(0, 5), [], `${language} (${source}): ${expression}`);
  }
});

test("C's meaning: comparisons give 0 or 1, '/' divides whole numbers, ?: groups to the right", () => {
  assert.equal(pluralRule("n > 1")(5), 1);
  assert.equal(pluralRule("n / 3")(8), 2);
  assert.equal(pluralRule("n % 10 + n / 10 * 2")(37), 13);
  assert.equal(pluralRule("n == 1 ? 0 : n == 2 ? 1 : 2")(2), 1);
  assert.equal(pluralRule("!(n == 1)")(1), 0);
  assert.equal(pluralRule("n || 0")(7), 1);
  assert.equal(pluralRule("1 + 2 * 3 == 7")(0), 1);
  assert.equal(pluralRule("0")(12), 0);
  const polish = pluralRule(POLISH);
  assert.deepEqual([1, 2, 4, 5, 12, 22, 25, 112, 122].map(polish), [0, 1, 1, 2, 2, 1, 2, 2, 1]);
});

test("an expression that is not one is refused, never run", () => {
  globalThis.ran = false;
  for (const bad of ["", "n +", "(n", "n)", "n ? 1", "x", "n n", "alert(1)", "globalThis.ran = true",
                     "n; ran = 1", "1 : 2", "(n != 1);", "n => 1"]) {
    assert.throws(() => pluralRule(bad), /plural expression/, JSON.stringify(bad));
  }
  assert.equal(globalThis.ran, false);
});

test("t and tp translate by id (and context), fill placeholders and fall back to the id", () => {
  const speech = pageLanguage({plural: "(n != 1)", messages: {
    "Undo": "Rückgängig", "Hint {number} of {count}": "Tipp {number} von {count}",
    "key\u0004Ctrl": "Strg", "Empty": "", "Odd": 5,
  }});
  assert.equal(speech.t("Undo"), "Rückgängig");
  assert.equal(speech.t("Redo"), "Redo");
  assert.equal(speech.t("Hint {number} of {count}", {number: 2, count: 9}), "Tipp 2 von 9");
  assert.equal(speech.t("Hint {number} of {count}", {number: 2}), "Tipp 2 von {count}");
  assert.equal(speech.t("{toString} {constructor}", {}), "{toString} {constructor}");
  assert.equal(speech.t("Empty"), "Empty");
  assert.equal(speech.t("Odd"), "Odd");
  assert.equal(speech.t("constructor"), "constructor");
  assert.equal(speech.tp("key", "Ctrl"), "Strg");
  assert.equal(speech.tp("other", "Ctrl"), "Ctrl");
  assert.equal(speech.t("Ctrl"), "Ctrl");
});

test("tn picks a catalog's form by the plural rule, a book's text by one or many", () => {
  const speech = pageLanguage({plural: POLISH, messages: {
    "{count} hint given": ["{count} wskazówka", "{count} wskazówki", "{count} wskazówek"],
    "{count} file": ["{count} plik"],
    "{count} entry": "{count} Eintrag|{count} Einträge",
    "{count} box": "{count} Kästchen",
  }});
  const hints = (n) => speech.tn("{count} hint given", "{count} hints given", n, {count: n});
  assert.deepEqual([1, 2, 5, 22].map(hints),
                   ["1 wskazówka", "2 wskazówki", "5 wskazówek", "22 wskazówki"]);
  assert.equal(speech.tn("{count} file", "{count} files", 5, {count: 5}), "5 plik");  // past the forms: the last
  assert.equal(speech.tn("{count} entry", "{count} entries", 1, {count: 1}), "1 Eintrag");
  assert.equal(speech.tn("{count} entry", "{count} entries", 3, {count: 3}), "3 Einträge");
  assert.equal(speech.tn("{count} box", "{count} boxes", 3, {count: 3}), "3 Kästchen");
  assert.equal(speech.tn("{count} tree", "{count} trees", 1, {count: 1}), "1 tree");
  assert.equal(speech.tn("{count} tree", "{count} trees", 0, {count: 0}), "0 trees");
});

test("a page without texts, or with an unreadable plural expression, speaks English's rule", () => {
  for (const data of [null, {}, {plural: "n +", messages: {"{count} cat": ["A", "B", "C"]}}]) {
    const speech = pageLanguage(data);
    assert.equal(speech.t("Undo"), "Undo");
    const cats = (n) => speech.tn("{count} cat", "{count} cats", n, {count: n});
    assert.deepEqual([1, 2].map(cats), data && data.messages ? ["A", "B"] : ["1 cat", "2 cats"]);
  }
});
