// bookgen/studio/static/studio.js, the parts that need no page: its words (t, tn, tp), the
// controls the schema asks for, a new section's seed, and the books kept in localStorage.
"use strict";

const assert = require("node:assert/strict");
const {test, beforeEach} = require("node:test");
const {load, FakeStorage} = require("./load.js");

globalThis.document = {addEventListener() {}};  // the script starts itself once the page is read
globalThis.localStorage = null;  // each test sets its own
const {studio, t, tn, tp, enumOf, listEnumOf, kindOf, sectionSpec, newSectionSeed, storedBooks, keepBook,
       othersKept, BOOKS_KEY, RECENT_MOST} = load("bookgen/studio/static/studio.js", [
  "studio", "t", "tn", "tp", "enumOf", "listEnumOf", "kindOf", "sectionSpec", "newSectionSeed", "storedBooks",
  "keepBook", "othersKept", "BOOKS_KEY", "RECENT_MOST"]);

beforeEach(() => {
  studio.texts = {messages: {}, plural: [], languages: []};
  globalThis.localStorage = new FakeStorage();
});

test("t and tp translate by id (and context) and fill placeholders; tn counts by the server's table", () => {
  studio.texts = {
    messages: {"Build": "Erstellen", "{count} page": ["{count} Seite", "{count} Seiten"],
               "level\u0004Easy": "Leicht", "{n} of {m}": "{n} von {m}"},
    plural: [1, 0, 1, 1, 1], languages: [],
  };
  studio.texts.plural[101] = 0;  // as if 101 took the singular: n past the table reads 100 + n % 100
  assert.equal(t("Build"), "Erstellen");
  assert.equal(t("Cancel"), "Cancel");
  assert.equal(t("{n} of {m}", {n: 1}), "1 von {m}");
  assert.equal(tp("level", "Easy"), "Leicht");
  assert.equal(tp("other", "Easy"), "Easy");
  const pages = (n) => tn("{count} page", "{count} pages", n, {count: n});
  assert.deepEqual([0, 1, 2, 4].map(pages), ["0 Seiten", "1 Seite", "2 Seiten", "4 Seiten"]);
  assert.equal(pages(1001), "1001 Seite");
  studio.texts.messages["{count} page"] = ["{count} Seite", ""];  // a form missing: English
  assert.equal(pages(2), "2 pages");
});

test("each option gets the control its schema asks for", () => {
  assert.equal(kindOf({type: "boolean"}), "checkbox");
  assert.equal(kindOf({type: "integer", minimum: 1}), "number");
  assert.equal(kindOf({type: "number"}), "number");
  assert.equal(kindOf({type: "string"}), "text");
  assert.equal(kindOf({type: "string", maxLength: 2000}), "textarea");
  assert.equal(kindOf({enum: ["easy", "hard"]}), "select");
  assert.equal(kindOf({anyOf: [{type: "null"}, {enum: ["a", "b"]}]}), "select");
  const list = {anyOf: [{enum: ["x"]}, {type: "array", items: {enum: ["+", "-"]}}]};
  assert.equal(kindOf(list), "checkboxes");
  assert.deepEqual(listEnumOf(list), ["+", "-"]);
  assert.deepEqual(enumOf(list), ["x"]);
  assert.equal(kindOf({type: "object"}), null);  // kept, not edited here
  assert.equal(enumOf({type: "string"}), null);
});

test("a section's option narrowed by its type's branch of the schema", () => {
  studio.schema = {section: {
    properties: {difficulty: {enum: ["easy", "medium", "hard", "expert", "master"], description: "any level"},
                 count: {type: "integer"}},
    allOf: [{if: {properties: {type: {const: "sudoku"}}},
             then: {properties: {difficulty: {enum: ["easy", "master"]}, count: {}}}}],
  }};
  assert.deepEqual(sectionSpec({name: "sudoku"}, "difficulty"), {enum: ["easy", "master"], description: "any level"});
  assert.deepEqual(sectionSpec({name: "sudoku"}, "count"), {type: "integer"});  // an empty branch: the shared
  assert.deepEqual(sectionSpec({name: "numbrix"}, "difficulty").enum.length, 5);
  assert.deepEqual(sectionSpec(null, "count"), {type: "integer"});
});

test("a new section's seed: none while no section has one, else one past the largest", () => {
  const seeds = (sections) => { studio.book = {sections}; return newSectionSeed(); };
  assert.equal(seeds([]), undefined);
  assert.equal(seeds([{type: "numbrix"}, {type: "sudoku"}]), undefined);
  assert.equal(seeds([{type: "numbrix", seed: 7}, {type: "sudoku"}]), 8);
  assert.equal(seeds([{type: "numbrix", seed: 1}, {type: "sudoku"}, {type: "pyramid"}]), 4);  // unseeded: their place
  assert.equal(seeds([{seed: "x"}, "numbrix", null, {seed: 2}]), 4);  // "x" counts for nothing
  assert.equal(seeds([{seed: -5}]), 1);
});

test("the books kept in this browser: a damaged store, or one that refuses, holds none", () => {
  const none = {current: null, books: []};
  for (const text of [null, "", "{", "null", "[]", '{"books": 3}', '"text"']) {
    globalThis.localStorage = new FakeStorage(text === null ? {} : {[BOOKS_KEY]: text});
    assert.deepEqual(storedBooks(), none, String(text));
  }
  globalThis.localStorage = {getItem() { throw new Error("SecurityError"); }};
  assert.deepEqual(storedBooks(), none);
  const kept = {current: "a", books: [{id: "a", book: {title: "Mine"}}]};
  globalThis.localStorage = new FakeStorage({[BOOKS_KEY]: JSON.stringify(kept)});
  assert.deepEqual(storedBooks(), kept);
});

function editing(id, title, {saved = true, fresh = false} = {}) {
  studio.book = {title, sections: []};
  studio.bookId = id;
  studio.savedAs = saved ? JSON.stringify(studio.book) : null;
  studio.fresh = fresh;
  keepBook();
}

test("the book being edited is kept first, with the others edited before it", () => {
  editing("one", "First");
  editing("two", "Second", {saved: false});
  editing("three", "Third");
  const stored = JSON.parse(localStorage.getItem(BOOKS_KEY));
  assert.equal(stored.current, "three");
  assert.deepEqual(stored.books.map((book) => book.title), ["Third", "Second", "First"]);
  assert.ok(stored.books.every((book) => !Number.isNaN(Date.parse(book.when))));
});

test("books started new and left untouched are not kept beside another", () => {
  editing("blank", "", {fresh: true});
  editing("work", "Work");
  assert.deepEqual(storedBooks().books.map((book) => book.id), ["work"]);
});

test("past the most kept, the oldest books saved to a file go first; unsaved ones stay", () => {
  const books = [];  // the most recent first
  for (let i = 0; i < RECENT_MOST + 2; i++) {
    const book = {title: `Book ${i}`};
    books.push({id: `b${i}`, book, saved: i === RECENT_MOST + 1 ? null : JSON.stringify(book)});
  }
  studio.bookId = "current";
  const kept = othersKept(books).map((book) => book.id);
  assert.deepEqual(kept, [...books.slice(0, RECENT_MOST - 1), books[RECENT_MOST + 1]].map((book) => book.id));
  studio.bookId = "b0";  // the book being edited is not among the others
  assert.ok(!othersKept(books).some((book) => book.id === "b0"));
});

test("when the store is full, this book alone is kept; when it refuses, the page goes on", () => {
  editing("old", "Old");
  const full = globalThis.localStorage;
  const setItem = full.setItem.bind(full);
  full.setItem = (key, value) => {
    if (JSON.parse(value).books.length > 1) throw new Error("QuotaExceededError");
    setItem(key, value);
  };
  editing("new", "New");
  assert.deepEqual(storedBooks().books.map((book) => book.id), ["new"]);
  full.setItem = () => { throw new Error("SecurityError"); };
  editing("later", "Later");
  assert.deepEqual(storedBooks().books.map((book) => book.id), ["new"]);
});
