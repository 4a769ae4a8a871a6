// Loads one of bookgen's browser scripts into this Node process as the page runs it: a plain
// script in strict mode (the page holds the frame's pieces inside one "use strict" function).
// Its top-level functions and variables become this process's globals; node --test runs each
// test file in a process of its own, so files do not see each other's. `names` are handed back.
// FakeStorage stands in for the browser's localStorage.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const ROOT = path.resolve(__dirname, "..", "..");

function load(file, names) {
  const source = fs.readFileSync(path.join(ROOT, file), "utf8");
  vm.runInThisContext(`"use strict"; ${source}`, {filename: path.join(ROOT, file)});
  return Object.fromEntries(names.map((name) => [name, vm.runInThisContext(name)]));
}

/* localStorage as a browser keeps it: strings under string keys. */
class FakeStorage {
  constructor(items = {}) { this.items = new Map(Object.entries(items)); }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.items.set(key, String(value)); }
  clear() { this.items.clear(); }
}

/* The part of IndexedDB that copies.js uses: one database of stores of values under keys, opened
 * (and made at its first open), transactions whose requests answer and which then complete, each
 * a moment later as in a browser; `refuse` makes every open fail. `stores` outlives a page. */
class FakeIndexedDB {
  constructor({refuse = false} = {}) { this.stores = new Map(); this.refuse = refuse; }
  open() {
    const request = {};
    setImmediate(() => {
      if (this.refuse) { request.onerror(); return; }
      const fresh = this.stores.size === 0;
      request.result = {
        createObjectStore: (name) => this.stores.set(name, new Map()),
        transaction: (name) => this.transaction(this.stores.get(name)),
      };
      if (fresh) request.onupgradeneeded();
      request.onsuccess();
    });
    return request;
  }
  transaction(store) {
    const done = {};
    const answers = [];
    const answer = (value) => { const request = {}; answers.push(() => request.onsuccess?.({target: {result: value}})); return request; };
    done.objectStore = () => ({
      put: (value, key) => { store.set(key, value); return answer(key); },
      getAll: () => answer([...store.values()]),
      getAllKeys: () => answer([...store.keys()]),
    });
    setImmediate(() => { answers.forEach((run) => run()); done.oncomplete(); });
    return done;
  }
}

module.exports = {load, FakeStorage, FakeIndexedDB};
