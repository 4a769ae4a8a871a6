// bookgen/html/navigation.js: which square an arrow key goes to, from the squares' boxes alone.
"use strict";

const assert = require("node:assert/strict");
const {test} = require("node:test");
const {load} = require("./load.js");

const {nearestInDirection} = load("bookgen/html/navigation.js", ["nearestInDirection"]);

const LEFT = [-1, 0], RIGHT = [1, 0], UP = [0, -1], DOWN = [0, 1];

/* squares of `size` px named "r,c", with `missing` left out (a shape with holes) */
function grid(rows, cols, missing = [], size = 40) {
  const squares = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!missing.includes(`${r},${c}`)) squares.push({name: `${r},${c}`, box: {left: c * size, top: r * size, width: size, height: size}});
    }
  }
  return squares;
}

function go(squares, from, direction) {
  const start = squares.find((square) => square.name === from);
  const best = nearestInDirection(start.box, squares.filter((square) => square !== start), direction);
  return best && best.name;
}

test("in a square grid an arrow goes to the next square that way, and nowhere past the edge", () => {
  const squares = grid(3, 3);
  assert.equal(go(squares, "1,1", LEFT), "1,0");
  assert.equal(go(squares, "1,1", RIGHT), "1,2");
  assert.equal(go(squares, "1,1", UP), "0,1");
  assert.equal(go(squares, "1,1", DOWN), "2,1");
  assert.equal(go(squares, "0,0", UP), null);
  assert.equal(go(squares, "2,2", RIGHT), null);
});

test("over a hole an arrow goes on in line; with nothing in line, to the nearest", () => {
  const squares = grid(3, 4, ["1,1", "1,2"]);
  assert.equal(go(squares, "1,0", RIGHT), "1,3");
  const corner = grid(3, 3, ["0,1", "0,2"]);
  assert.equal(go(corner, "0,0", RIGHT), "1,1");
});

test("in a wall of bricks up and down go to a brick half a brick aside", () => {
  const bricks = [];
  const row = (r, count, shift) => {
    for (let c = 0; c < count; c++) bricks.push({name: `${r},${c}`, box: {left: shift + c * 60, top: r * 30, width: 60, height: 30}});
  };
  row(0, 2, 30);  // the narrow row on top, half a brick in
  row(1, 3, 0);
  assert.equal(go(bricks, "1,0", UP), "0,0");
  assert.equal(go(bricks, "1,1", UP), "0,0");  // half a brick either way: the first
  assert.equal(go(bricks, "1,2", UP), "0,1");
  assert.equal(go(bricks, "0,1", DOWN), "1,1");
});

test("a square that is not shown (no width) is passed over", () => {
  const squares = grid(1, 3);
  squares[1].box = {...squares[1].box, width: 0};
  assert.equal(go(squares, "0,0", RIGHT), "0,2");
});

test("what shows already stays put; what does not is centred, or shown from its top when taller", () => {
  const {scrollToShow} = load("bookgen/html/navigation.js", ["scrollToShow"]);
  assert.equal(scrollToShow(100, 200, 800, 16), 0);
  assert.equal(scrollToShow(-500, -400, 800, 16), -850);  // above: its middle to the window's
  assert.equal(scrollToShow(900, 1000, 800, 16), 550);
  assert.equal(scrollToShow(-500, 900, 800, 16), -516);  // taller than the window: its top, clear of the edge
});
