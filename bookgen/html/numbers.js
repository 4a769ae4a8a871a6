/* bookgen playable edition, exact numbers (one piece of the frame: see frame.js).
 *
 * Values that may be non-integers (fractions in a pool, the value of an expression) are rationals
 * {n, d} over BigInt, always in lowest terms with d > 0, so 0.1 + 0.2 is 3/10 and comparing two is
 * exact. Nothing here touches the page, so tests run it in Node.
 */
/* exported MINUS, rat, parseRational, R */

var MINUS = "\u2212";  // the typographic minus, as the book prints it

function gcd(a, b) {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b) { var rest = a % b; a = b; b = rest; }
  return a;
}

/* n/d in lowest terms (d defaults to 1n); a zero denominator throws. */
function rat(n, d) {
  if (d === undefined) d = 1n;
  if (d === 0n) throw new Error("division by zero");
  if (d < 0n) { n = -n; d = -d; }
  var g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

/* The exact value of a number written as Python's Fraction reads it ('12', '-3', '0.75', '-3/4',
 * '.5', '1e3', also with a typographic minus, and '0,75' with a decimal comma), or null. */
function parseRational(text) {
  var s = String(text).trim().replace(/\u2212/g, "-").replace(/(\d)_(?=\d)/g, "$1")
    .replace(/^([-+]?\d*),(?=\d)/, "$1.");
  var m = /^([-+]?)(?=\d|\.\d)(\d*)(?:\/(\d+)|(?:\.(\d*))?(?:[eE]([-+]?\d+))?)$/.exec(s);
  if (!m) return null;
  var whole = m[2] || "0", value;
  if (m[3] !== undefined) {
    if (BigInt(m[3]) === 0n) return null;
    value = rat(BigInt(whole), BigInt(m[3]));
  } else {
    var decimals = m[4] || "", shift = BigInt(m[5] || 0) - BigInt(decimals.length);
    value = shift >= 0n ? rat(BigInt(whole + decimals) * 10n ** shift)
      : rat(BigInt(whole + decimals), 10n ** -shift);
  }
  return m[1] === "-" ? rat(-value.n, value.d) : value;
}

/* Sums, differences, products and quotients of rationals; cmp gives -1, 0 or 1; text writes one as "−3/4" (a typographic minus). */
var R = {
  add: function (a, b) { return rat(a.n * b.d + b.n * a.d, a.d * b.d); },
  sub: function (a, b) { return rat(a.n * b.d - b.n * a.d, a.d * b.d); },
  mul: function (a, b) { return rat(a.n * b.n, a.d * b.d); },
  div: function (a, b) { return rat(a.n * b.d, a.d * b.n); },
  cmp: function (a, b) { var l = a.n * b.d, r = b.n * a.d; return l < r ? -1 : l > r ? 1 : 0; },
  text: function (a) { return (a.n < 0n ? MINUS : "") + (a.n < 0n ? -a.n : a.n) + (a.d === 1n ? "" : "/" + a.d); }
};
