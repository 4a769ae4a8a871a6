// ESLint for bookgen's scripts: the playable page's frame (bookgen/html/*.js) and games
// (bookgen/puzzles/*/play.js, the example type's), the studio's script, and these tests.
// Run from the top of the repository with this file as --config (tests/js/README.md): patterns
// here are relative to the folder ESLint runs in. tests/test_scripts.py runs it in the suite.
import js from "@eslint/js";
import globals from "globals";

// Beyond the recommended rules: no loose equality, and no string turned into code (the page
// promises to run under a Content-Security-Policy without 'unsafe-eval').
const STRICTER = {
  eqeqeq: "error",
  "no-eval": "error",
  "no-implied-eval": "error",
  "no-new-func": "error",
};

export default [
  {ignores: ["**/node_modules/", "tests/vendor/"]},
  js.configs.recommended,
  {
    // Scripts of a browser page, plain scripts (not modules), in the language of ES2022.
    files: ["bookgen/**/*.js", "tests/example_type/**/*.js"],
    languageOptions: {ecmaVersion: 2022, sourceType: "script", globals: globals.browser},
    rules: STRICTER,
  },
  {
    // The frame's pieces share one scope in the page: a name must not hide another's.
    files: ["bookgen/html/*.js"],
    rules: {"no-shadow": "error"},
  },
  {
    // The unit tests, run by Node's own test runner, and the tools here (ES modules).
    files: ["tests/js/**/*.js", "tests/js/**/*.mjs"],
    languageOptions: {ecmaVersion: 2022, sourceType: "commonjs", globals: globals.node},
    rules: STRICTER,
  },
  {
    files: ["tests/js/**/*.mjs"],
    languageOptions: {sourceType: "module"},
  },
];
