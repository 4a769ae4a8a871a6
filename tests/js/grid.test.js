// bookgen/html/grid.js: the pencil marks' bookkeeping (noteBook), which touches no page.
"use strict";

const assert = require("node:assert/strict");
const {test} = require("node:test");
const {load} = require("./load.js");

const {noteBook} = load("bookgen/html/grid.js", ["noteBook"]);

test("a digit toggles a mark; the marks of a square stay sorted", () => {
  const notes = noteBook(9);
  assert.equal(notes.type("0,0", 5), true);
  notes.stop();
  notes.type("0,0", 2);
  notes.stop();
  assert.deepEqual(notes.list("0,0"), [2, 5]);
  notes.type("0,0", 5);
  assert.deepEqual(notes.list("0,0"), [2]);
  assert.equal(notes.type("0,0", 0), false);  // no mark of 0
  assert.deepEqual(notes.list("1,1"), []);
});

test("two digits in a row make one mark when the numbers go that high", () => {
  const notes = noteBook(25);
  notes.type("a", 1);
  notes.type("a", 2);
  assert.deepEqual(notes.list("a"), [12]);
  notes.type("a", 3);  // 123 is past 25: a mark of its own
  assert.deepEqual(notes.list("a"), [3, 12]);
  notes.stop();
  notes.type("a", 1);
  notes.type("a", 2);  // 12 again: taken away
  assert.deepEqual(notes.list("a"), [3]);
  const small = noteBook(9);
  small.type("b", 1);
  small.type("b", 2);
  assert.deepEqual(small.list("b"), [1, 2]);
});

test("erase, clear, and a saved state read back only as far as it is valid", () => {
  const notes = noteBook(9);
  notes.type("0,0", 3);
  assert.equal(notes.erase("0,0"), true);
  assert.equal(notes.erase("0,0"), false);
  notes.restore({"0,0": [4, 4, 2, 11, 0, "5", 1.5], "9,9": [1], "0,1": "12", "0,2": []},
                (key) => key !== "9,9");
  assert.deepEqual(notes.state(), {"0,0": [2, 4]});
  notes.restore(null, () => true);
  assert.deepEqual(notes.state(), {});
  notes.type("0,0", 1);
  notes.clear();
  assert.deepEqual(notes.state(), {});
});
