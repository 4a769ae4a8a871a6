// bookgen/html/hints.js: hints packed as the page holds them, put back together; which hint
// Hint gives next, from the game's hintState alone.
"use strict";

const assert = require("node:assert/strict");
const {test} = require("node:test");
const {load} = require("./load.js");

const {unpackHint, hintsReady, nearestHint} =
  load("bookgen/html/hints.js", ["unpackHint", "hintsReady", "nearestHint"]);

test("a packed hint is its phrase with the numbers back in, and its after", () => {
  const phrases = ["# is the only number left in row #.", "Only square next to #."];
  assert.deepEqual(unpackHint([[[3, 4]], 7, 0, 7, 4], phrases),
                   {cells: [[3, 4]], value: 7, why: "7 is the only number left in row 4."});
  assert.deepEqual(unpackHint([[[0, 0]], 16, 1, 15, 2], phrases),
                   {cells: [[0, 0]], value: 16, why: "Only square next to 15.", after: 2});
  assert.deepEqual(unpackHint([[5], "3/4", 1, "07"], phrases),
                   {cells: [5], value: "3/4", why: "Only square next to 07."});
  const loose = {cells: [], value: null, why: "Try the brackets first."};
  assert.equal(unpackHint(loose, phrases), loose);  // any other shape passes through
  assert.equal(unpackHint([[], 1, 9], phrases).why, "");  // a phrase the page lacks
});

test("a packed hint's steps, its last item when that is a list, come back as texts", () => {
  const phrases = ["Hidden single: in row #, # can only go in row #, column #",
                   "Trial: were # in row #, column #, following the singles, row # would hold # twice; so # is crossed out there."];
  assert.deepEqual(unpackHint([[[0, 8]], 9, 0, 1, 9, 1, 9, 3, [[1, 8, 1, 2, 4, 5, 8]]], phrases),
                   {cells: [[0, 8]], value: 9, why: "Hidden single: in row 1, 9 can only go in row 1, column 9",
                    after: 3, steps: ["Trial: were 8 in row 1, column 2, following the singles, row 4 would hold 5 twice; so 8 is crossed out there."]});
  assert.deepEqual(unpackHint([[[2, 2]], [4, 5], 1, 8, 1, 2, 4, 5, 8], phrases).value, [4, 5]);  // no steps
});

test("a packed step's squares, its last item when that is a list, come back as its stepCells", () => {
  const phrases = ["Naked single: row #, column # can only hold #",
                   "Cage digits: #+ in the cage at row #, column # can only be made with # and #.",
                   "Sign: row #, column # is less than row #, column #, so it holds at most #."];
  const packed = [[[1, 4]], 3, 0, 2, 5, 3,
                  [[1, 9, 2, 5, 1, 3, [1, 4, 1, 5, 2, 4]], [2, 2, 5, 2, 4, 2]]];
  assert.deepEqual(unpackHint(packed, phrases), {
    cells: [[1, 4]], value: 3, why: "Naked single: row 2, column 5 can only hold 3",
    steps: ["Cage digits: 9+ in the cage at row 2, column 5 can only be made with 1 and 3.",
            "Sign: row 2, column 5 is less than row 2, column 4, so it holds at most 2."],
    stepCells: [[[1, 4], [1, 5], [2, 4]], []]});  // a step packed without squares has none
  const loose = {cells: [[0, 0]], value: 1, why: "A # in the text.", steps: ["Look."], step_cells: [[[0, 1]]]};
  assert.deepEqual(unpackHint(loose, phrases).stepCells, [[[0, 1]]]);  // kept as it is, squares as stepCells
});

const hint = (cell, after) => (after === undefined ? {cells: [cell], value: 1} : {cells: [cell], value: 1, after});

test("the first hint not done is ready, and any later one its after allows", () => {
  const hints = [hint([0, 0]), hint([0, 1]), hint([0, 2], 0), hint([0, 3], 1), hint([0, 4], 2), hint([0, 5])];
  const states = {"0,0": "done", "0,1": "open", "0,2": "open", "0,3": "open", "0,4": "open", "0,5": "open"};
  const stateOf = (h) => states[h.cells[0].join()];
  assert.deepEqual(hintsReady(hints, stateOf), {first: 1, ready: [1, 2, 3]});
  states["0,1"] = "done";
  assert.deepEqual(hintsReady(hints, stateOf), {first: 2, ready: [2, 3, 4]});
  states["0,2"] = "done";
  states["0,4"] = "done";  // done out of turn: passed over
  assert.deepEqual(hintsReady(hints, stateOf), {first: 3, ready: [3]});
});

test("a first hint that cannot go in says why; all done is first -1; words are passed over", () => {
  const hints = [{cells: [], value: null, why: "Look at the corners."}, hint(2), hint(3)];
  assert.deepEqual(hintsReady(hints, (h) => (h.cells[0] === 2 ? "Check first." : "open")),
                   {blocked: "Check first."});
  assert.deepEqual(hintsReady(hints, (h) => (h.cells[0] === 2 ? "done" : "Box 3 is taken.")),
                   {blocked: "Box 3 is taken."});
  assert.deepEqual(hintsReady(hints, () => "done"), {first: -1, ready: []});
  // a later hint that cannot go in yet is not ready, and does not block
  assert.deepEqual(hintsReady(hints, (h) => (h.cells[0] === 2 ? "open" : "Box 3 is taken.")),
                   {first: 1, ready: [1]});
});

test("Hint gives the ready hint nearest the last change, within two squares", () => {
  const hints = [hint([0, 0]), hint([5, 5]), hint([6, 7]), hint([9, 9])];
  const ready = [0, 1, 2, 3];
  assert.equal(nearestHint(hints, ready, null), 0);
  assert.equal(nearestHint(hints, ready, [6, 6]), 1);  // one away from both: the first in order
  assert.equal(nearestHint(hints, ready, [7, 8]), 2);
  assert.equal(nearestHint(hints, ready, [9, 7]), 3);
  assert.equal(nearestHint(hints, ready, [2, 3]), 0);  // three away from each: none near
  const boxes = [hint(1), hint(8), hint(6)];
  assert.equal(nearestHint(boxes, [0, 1, 2], 7), 1);
  assert.equal(nearestHint(boxes, [0, 2], 7), 2);
  assert.equal(nearestHint(boxes, [0, 1, 2], 4), 2);
});
