// ESLint as tests/test_scripts.py runs it, in one process (each start of ESLint costs a second
// on a busy machine): the files and folders named on the command line, then the frame as the
// page holds it, read from standard input and linted with inline comments off (its pieces'
// /* global */ comments would only hide what is checked: one scope, each name declared once and
// used). Prints ESLint's results as JSON, the frame's last. Run from the top of the checkout.
import {readFileSync} from "node:fs";
import {fileURLToPath} from "node:url";
import {ESLint} from "eslint";

const FRAME = "bookgen/html/frame-as-the-page-holds-it.js";

const overrideConfigFile = fileURLToPath(new URL("./eslint.config.mjs", import.meta.url));
const scripts = await new ESLint({overrideConfigFile}).lintFiles(process.argv.slice(2));
const frame = await new ESLint({overrideConfigFile, allowInlineConfig: false})
  .lintText(readFileSync(0, "utf8"), {filePath: FRAME});
process.stdout.write(JSON.stringify([...scripts, ...frame]));
