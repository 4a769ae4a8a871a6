// bookgen/html/numbers.js: rationals over BigInt, exact, in lowest terms, read as Python's
// Fraction reads a number and written with a typographic minus.
"use strict";

const assert = require("node:assert/strict");
const {test} = require("node:test");
const {load} = require("./load.js");

const {rat, parseRational, R, MINUS} = load("bookgen/html/numbers.js", ["rat", "parseRational", "R", "MINUS"]);

test("a rational is kept in lowest terms with a positive denominator", () => {
  assert.deepEqual(rat(6n, -4n), {n: -3n, d: 2n});
  assert.deepEqual(rat(-6n, -4n), {n: 3n, d: 2n});
  assert.deepEqual(rat(0n, -7n), {n: 0n, d: 1n});
  assert.deepEqual(rat(5n), {n: 5n, d: 1n});
  assert.throws(() => rat(1n, 0n), /division by zero/);
});

test("numbers are read as Python's Fraction reads them, or not at all", () => {
  const read = {
    "12": [12n, 1n], "-3": [-3n, 1n], "+2": [2n, 1n], "0.75": [3n, 4n], "-3/4": [-3n, 4n],
    "6/8": [3n, 4n], ".5": [1n, 2n], "2.": [2n, 1n], "1e3": [1000n, 1n], "1E-3": [1n, 1000n],
    "-0.5e1": [-5n, 1n], "2.5e-1": [1n, 4n], "1_000": [1000n, 1n], " 7 ": [7n, 1n],
    [`${MINUS}1/2`]: [-1n, 2n], "0,75": [3n, 4n], "-0,5": [-1n, 2n], "0": [0n, 1n],
    "123456789012345678901234567890/3": [41152263004115226300411522630n, 1n],
  };
  for (const [text, [n, d]] of Object.entries(read)) {
    assert.deepEqual(parseRational(text), {n, d}, text);
  }
  for (const text of ["", " ", "abc", "1/0", "1/-2", "--1", "1.2.3", ".", "e3", "1e", "1/2/3", "0x10",
                      "1_", "_1", "1__0", "½", "1 2", "NaN", "Infinity"]) {
    assert.equal(parseRational(text), null, JSON.stringify(text));
  }
});

test("sums, differences, products and quotients are exact", () => {
  const tenth = parseRational("0.1"), fifth = parseRational("0.2");
  assert.deepEqual(R.add(tenth, fifth), {n: 3n, d: 10n});  // not 0.30000000000000004
  assert.deepEqual(R.sub(tenth, fifth), {n: -1n, d: 10n});
  assert.deepEqual(R.mul(parseRational("-2/3"), parseRational("9/4")), {n: -3n, d: 2n});
  assert.deepEqual(R.div(parseRational("1/2"), parseRational("-1/4")), {n: -2n, d: 1n});
  assert.throws(() => R.div(tenth, rat(0n)), /division by zero/);
  const big = rat(2n ** 200n + 1n, 3n);  // far past a double's 53 bits
  assert.deepEqual(R.sub(R.add(big, tenth), tenth), big);
});

test("operations undo each other and compare by cross-multiplying", () => {
  const values = ["-7/3", "-1", "-1/2", "0", "1/3", "0.25", "1", "5/4", "22/7", "100"].map(parseRational);
  for (const a of values) {
    for (const b of values) {
      assert.deepEqual(R.sub(R.add(a, b), b), a);
      if (b.n !== 0n) assert.deepEqual(R.mul(R.div(a, b), b), a);
      const order = a.n * b.d < b.n * a.d ? -1 : a.n * b.d > b.n * a.d ? 1 : 0;
      assert.equal(R.cmp(a, b), order);
      assert.equal(R.cmp(b, a), order === 0 ? 0 : -order);
    }
  }
  assert.equal(R.cmp(parseRational("0.5"), parseRational("1/2")), 0);
});

test("a rational is written as the book prints it, and read back", () => {
  assert.equal(R.text(rat(-3n, 4n)), `${MINUS}3/4`);
  assert.equal(R.text(rat(5n)), "5");
  assert.equal(R.text(rat(-10n, 2n)), `${MINUS}5`);
  assert.equal(R.text(rat(0n)), "0");
  for (const text of ["-3/4", "5", "0", "7/2", "-1"]) {
    const value = parseRational(text);
    assert.deepEqual(parseRational(R.text(value)), value);
  }
});
