// bookgen/html/saving.js and copies.js: what a puzzle's progress is written as and under which
// key, what is read back (a damaged or foreign value starts the puzzle fresh), the second copy
// that comes back when localStorage lost a value, a browser that refuses storage, and the undo
// history.
"use strict";

const assert = require("node:assert/strict");
const {test} = require("node:test");
const {load, FakeStorage, FakeIndexedDB} = require("./load.js");

const {secondCopy, turnOf} = load("bookgen/html/copies.js", ["secondCopy", "turnOf"]);
const {progressStore, readProgress, timeline} =
  load("bookgen/html/saving.js", ["progressStore", "readProgress", "timeline"]);


const FRESH = {state: null, revealed: false, solved: false, time: 0, autocheck: false, hinted: [], steps: {},
               settings: {}};
const PROGRESS = {revealed: false, solved: true, state: {entries: [["1", ""]], notes: {"0,1": [2, 3]}}, time: 75,
                  autocheck: true, hinted: [0, 2], steps: {3: 2}, settings: {candidates: true}};

test("progress is written as JSON under bookgen: and the puzzle's id, and read back whole", async () => {
  const storage = new FakeStorage();
  const store = progressStore(() => storage, null);
  assert.equal(await store.save("numbrix-e-1234", PROGRESS), true);
  assert.deepEqual([...storage.items.keys()], ["bookgen:numbrix-e-1234"]);
  assert.equal(storage.getItem("bookgen:numbrix-e-1234"),
               '{"version":1,"turn":1,"revealed":false,"solved":true,"state":{"entries":[["1",""]],"notes":{"0,1":[2,3]}},' +
               '"time":75,"autocheck":true,"hinted":[0,2],"steps":{"3":2},"settings":{"candidates":true}}');
  assert.deepEqual(store.load("numbrix-e-1234"), {...PROGRESS});
  assert.deepEqual(store.load("another-puzzle"), FRESH);
  await store.saveTheme("dark");
  assert.equal(storage.getItem("bookgen:theme"), "dark");
  // a page opened later counts on from the turn it read
  const later = progressStore(() => storage, null);
  later.load("numbrix-e-1234");
  await later.save("numbrix-e-1234", PROGRESS);
  assert.equal(turnOf(storage.getItem("bookgen:numbrix-e-1234")), 2);
});

test("what localStorage lost comes back from the copy; an earlier copy never replaces a later save",
     async () => {
  const database = new FakeIndexedDB();
  const storage = new FakeStorage();
  const page = progressStore(() => storage, secondCopy(() => database));
  assert.deepEqual(await page.recover(), {});  // nothing kept yet
  page.load("a");
  page.load("b");
  for (const time of [10, 20]) assert.equal(await page.save("a", {...PROGRESS, time}), true);
  await page.save("b", {...PROGRESS, time: 5});
  await page.saveTheme("dark");
  // the browser lost every key, as Chromium did between a page and its reload
  storage.clear();
  const reloaded = progressStore(() => storage, secondCopy(() => database));
  const newer = await reloaded.recover();
  assert.deepEqual(Object.keys(newer).sort(), ["bookgen:a", "bookgen:b", "bookgen:theme"]);
  assert.equal(newer["bookgen:theme"], "dark");
  assert.equal(reloaded.load("a").time, 20);
  assert.equal(storage.getItem("bookgen:a"), newer["bookgen:a"]);  // written back
  // a save the copy missed (the page closed first) is later than the copy: localStorage's stays
  storage.setItem("bookgen:b", JSON.stringify({turn: 9, state: {a: 1}, time: 99}));
  const again = progressStore(() => storage, secondCopy(() => database));
  assert.deepEqual(Object.keys(await again.recover()), []);
  assert.equal(again.load("b").time, 99);
  // with localStorage refused, the copy alone brings the progress back
  const refused = progressStore(() => { throw new Error("SecurityError"); }, secondCopy(() => database));
  await refused.recover();
  assert.equal(refused.load("a").time, 20);
  assert.equal(await refused.save("a", PROGRESS), true);  // the copy holds it
});

test("a save that neither store keeps says so; a browser without IndexedDB keeps localStorage's", async () => {
  const full = new FakeStorage();
  full.setItem = () => { throw new Error("QuotaExceededError"); };
  const nowhere = progressStore(() => full, secondCopy(() => new FakeIndexedDB({refuse: true})));
  assert.deepEqual(await nowhere.recover(), {});
  assert.equal(await nowhere.save("a", PROGRESS), false);
  const storage = new FakeStorage();
  const noDatabase = progressStore(() => storage, secondCopy(() => { throw new Error("no indexedDB"); }));
  assert.deepEqual(await noDatabase.recover(), {});
  assert.equal(await noDatabase.save("a", PROGRESS), true);
  // a value that changes as it is written (a browser that keeps nothing) is not kept
  const forgetful = new FakeStorage();
  forgetful.setItem = () => {};
  assert.equal(await progressStore(() => forgetful, null).save("a", PROGRESS), false);
});

test("a damaged or foreign value starts the puzzle fresh", () => {
  for (const text of [null, "", "not json", "{", "null", "5", '"text"', "[1, 2]", "true", "{}",
                      '{"state": 0}', '{"state": ""}', '{"foo": "an app of its own"}']) {
    assert.deepEqual(readProgress(text), FRESH, String(text));
  }
});

test("each field is taken only as the frame can use it", () => {
  const odd = readProgress(JSON.stringify({state: {entries: []}, revealed: "yes", time: -4, autocheck: 1,
                                           hinted: "0,1", steps: {0: 2, 1: "3", 2: 1.5, 3: 0, x: 1, 4: -1},
                                           settings: {candidates: 1, other: true}}));
  assert.deepEqual(odd, {state: {entries: []}, revealed: true, solved: null, time: 0, autocheck: true, hinted: [],
                         steps: {0: 2}, settings: {other: true}});
  assert.deepEqual(readProgress('{"state": {"a": 1}, "steps": [1, 2]}').steps, {});
  assert.equal(readProgress('{"state": {"a": 1}, "solved": false}').solved, false);
  assert.equal(readProgress('{"state": {"a": 1}, "solved": "yes"}').solved, null);  // unsaid: the board tells
  assert.equal(readProgress('{"state": {"a": 1}, "time": 2.5}').time, 0);
  assert.equal(readProgress('{"state": {"a": 1}, "time": "75"}').time, 0);
  assert.deepEqual(readProgress('{"state": {"a": 1}, "settings": ["x"]}').settings, {});
  // With no board kept, the hints given, the steps said and the settings still are; the rest is fresh.
  assert.deepEqual(readProgress('{"revealed": true, "time": 60, "hinted": [1], "steps": {"1": 3}, "settings": {"x": true}}'),
                   {...FRESH, hinted: [1], steps: {1: 3}, settings: {x: true}});
});

test("a browser that refuses storage, or a full store, keeps nothing and the page plays on", () => {
  const refused = progressStore(() => { throw new Error("SecurityError: storage is off"); }, null);
  assert.deepEqual(refused.load("numbrix-e-1234"), FRESH);
  refused.save("numbrix-e-1234", PROGRESS);
  refused.saveTheme("light");
  const full = new FakeStorage({"bookgen:numbrix-e-1234": '{"state": {"a": 1}, "time": 9}'});
  full.setItem = () => { throw new Error("QuotaExceededError"); };
  const store = progressStore(() => full, null);
  store.save("numbrix-e-1234", PROGRESS);
  assert.equal(store.load("numbrix-e-1234").time, 9);
  const broken = new FakeStorage();
  broken.getItem = () => { throw new Error("storage broke"); };
  assert.deepEqual(progressStore(() => broken, null).load("x"), FRESH);
});

test("undo and redo step through snapshots, each with the cell that made it", () => {
  const history = timeline(500);
  history.start("s0");
  assert.equal(history.canUndo(), false);
  assert.equal(history.undo(), null);
  assert.equal(history.commit("s0", [0, 0]), false);  // nothing changed: no step
  assert.equal(history.commit("s1", [0, 1]), true);
  assert.equal(history.commit("s2", [2, 2]), true);
  assert.deepEqual(history.undo(), {snapshot: "s1", at: [0, 1]});
  assert.deepEqual(history.undo(), {snapshot: "s0", at: null});
  assert.equal(history.undo(), null);
  assert.deepEqual(history.redo(), {snapshot: "s1", at: [0, 1]});
  assert.equal(history.canRedo(), true);
  assert.equal(history.commit("s3", 4), true);  // a new move ends the redo steps
  assert.equal(history.canRedo(), false);
  assert.equal(history.redo(), null);
  assert.deepEqual(history.undo(), {snapshot: "s1", at: [0, 1]});
  assert.deepEqual(history.redo(), {snapshot: "s3", at: 4});
});

test("the history keeps the latest steps only", () => {
  const history = timeline(3);
  history.start("s0");
  for (let i = 1; i <= 5; i++) history.commit(`s${i}`, i);
  const back = [];
  for (let step = history.undo(); step; step = history.undo()) back.push(step.snapshot);
  assert.deepEqual(back, ["s4", "s3", "s2"]);
});
