"""The contract of a puzzle type, stated once: what a type must provide, what it may, and the
checks that hold it to both.

A type is a `PuzzleType` record (bookgen.api). `REQUIRED` and `OPTIONAL` say what each part is
for; `CHECKS` are the promises a type keeps, each a function that raises `Broken` with what it
found. A check that reads an optional part (hints, the curve, a playable page, a schema, other
languages) applies only to a type that offers it (`applies`), so a plug-in that leaves them out
keeps the contract. bookgen's own suite runs every check against every registered type
(tests/test_contract.py); `bookgen check-type NAME` runs them against one, a plug-in's included.

The puzzles the checks read are made once per process (`made`) and shared: the suite's other
every-type tests ask for the same ones, so adding a check costs no new generation.
"""

from __future__ import annotations

import copy
import functools
import itertools
import json
import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from bookgen.core.grading import ALL_LEVELS, LEVELS
from bookgen.core.pen import THICK, RecordingPen
from bookgen.errors import BookgenError
from bookgen.i18n import language, speaking
from bookgen.making import PuzzleRecord, make_puzzle, record_from_json, regenerate, verify
from bookgen.puzzles.base import JSON, PuzzleType, Request, find_type, type_file, type_languages

REQUIRED = {
    "name, title": "what the type is called in configs (a lower-case word) and on its pages (a message)",
    "levels": "the four levels easy..expert, or all five with master; any other is refused up front",
    "options": "what a section may ask for, each with its help, label and choice words as messages",
    "rules": "the rules printed on the section's first page, for a request or for none (a message)",
    "generate": "a puzzle at the requested level, from the one random.Random it is handed",
    "solve, check": "the solver (counts answers up to a cap) and the rule checker, written apart",
    "rate": "the measured level of a puzzle, from the puzzle alone: what generate was asked for",
    "printed": "the puzzle as its page shows it, and the texts the page prints",
    "measure, draw_puzzle, answer_size, draw_solution": "the drawings, inside their measured boxes",
    "canonical": "one form for a puzzle and all its twins, so a book never prints one twice",
    "example": "a small solved puzzle for the section's first page",
    "showcase": "the requests that show the type at its fullest; one marked `audit` for the page audit",
}
"""What every type provides, and what for (the fields of `PuzzleType`)."""

OPTIONAL = {
    "hints": "hints that point: the next step of a person's solving path and why (hints, given_answer)",
    "curve": "a fixed size (a showcase entry's `curve_seeds`) at which harder levels print no more "
             "givens, for a type whose ratings count them (`givens` and `cells` or `boxes`)",
    "play": "a playable page: play_script (and play_style) beside the type's code",
    "schema": "json_schema: a JSON Schema (draft 2020-12) of one whole puzzle line",
    "languages": "catalogs locale/LANG.po beside the type's code for each language besides English",
}
"""What a type may leave out; a check of one of these applies only to a type that offers it."""

SEED = "contract"
TWIN_SEEDS = "abcdefg"
PAGE_TRIMS = ("5x8", "8.5x11")
"""The trims the page audit builds by default, each also in large print: the smallest page and
the largest common one. `bookgen check-type --every-trim` builds every layout bookgen has."""
RUN_ON = THICK / 2 + 0.01
"""How far a line's end may run past its drawing's box (mm): half the thickest pen, as a wall's
end does to close a corner; a line's ink reaches that far past the box at any edge."""


class Broken(AssertionError):
    """A promise of the contract the type does not keep; the message says where and what."""


class Missing(Exception):
    """A check needs a package this install lacks (the audit extra's): skipped, not broken."""


AUDIT_EXTRA = "pip install 'puzzle-bookgen[audit]'"
OPTIONAL_MODULES = ("pypdf", "jsonschema", "referencing")
"""The packages of the audit extra some checks read pages and schemas with."""


def offers(puzzle_type: PuzzleType, feature: str) -> bool:
    """Whether the type provides an optional part of `OPTIONAL`."""
    if feature == "hints":
        return puzzle_type.hints is not None
    if feature == "curve":
        return any(entry.curve_seeds for entry in puzzle_type.showcase)
    if feature == "play":
        return bool(puzzle_type.play_script)
    if feature == "schema":
        return bool(puzzle_type.json_schema)
    if feature == "languages":
        return len(type_languages(puzzle_type)) > 1
    raise ValueError(f"no optional feature {feature!r}: {', '.join(OPTIONAL)}")


# --- the puzzles the checks read, made once per process ------------------------------------------

def requests(puzzle_type: PuzzleType) -> list[tuple[str, JSON]]:
    """Every level the type offers at its default options, then each request of its showcase."""
    return ([(level, {}) for level in puzzle_type.levels]
            + [(entry.level, dict(entry.options)) for entry in puzzle_type.showcase])


def made(puzzle_type: PuzzleType, level: str, options: JSON | None = None, seed: str = SEED) -> PuzzleRecord:
    """The puzzle the type makes for the request and seed (as `make_puzzle`, so verified), made
    once per process; each caller gets its own copy to change."""
    record = _made(puzzle_type.name, level, json.dumps(options or {}, sort_keys=True), seed)
    if record.puzzle_type is not puzzle_type:  # a type of that name registered anew
        _made.cache_clear()
        record = _made(puzzle_type.name, level, json.dumps(options or {}, sort_keys=True), seed)
    return copy.deepcopy(record)


@functools.cache
def _made(name: str, level: str, options: str, seed: str) -> PuzzleRecord:
    return make_puzzle(Request.make(find_type(name), level, json.loads(options)), seed)


# --- the checks -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Check:
    name: str
    promise: str
    run: Callable[[PuzzleType], str | None]
    """Raises Broken with what it found; may return a note on what it could not try."""
    feature: str = ""  # the OPTIONAL part it reads; "" for a check every type meets


def applies(check: Check, puzzle_type: PuzzleType) -> bool:
    return not check.feature or offers(puzzle_type, check.feature)


def _expect(condition: object, message: str) -> None:
    if not condition:
        raise Broken(message)


def _describes_itself(puzzle_type: PuzzleType) -> None:
    _expect(puzzle_type.title, "the type has no title")
    _expect(len(puzzle_type.rules(None)) > 40, "its rules for no request are under 40 characters")
    for option in puzzle_type.options:
        _expect(option.help, f"option {option.name!r} has no help")
    variants: list[JSON] = [{}] + [{option.name: choice} for option in puzzle_type.options
                       if option.kind == "choice" for choice in option.choices]
    for options in variants:
        request = Request(puzzle_type, puzzle_type.levels[0], options)
        _expect(len(puzzle_type.rules(request)) > 40, f"its rules for {options} are under 40 characters")
        example = puzzle_type.example(request)
        if example is not None:
            problems = puzzle_type.check(example.puzzle, example.solution)
            _expect(not problems, f"its example for {options} breaks its rules: {problems}")


def _offers_its_levels(puzzle_type: PuzzleType) -> None:
    _expect(puzzle_type.levels in (LEVELS, ALL_LEVELS),
            f"levels {puzzle_type.levels} are neither {LEVELS} nor {ALL_LEVELS}")
    for level in ALL_LEVELS[len(puzzle_type.levels):]:
        try:
            Request.make(puzzle_type, level, {})
        except BookgenError as refused:
            _expect(refused.key == "difficulty" and refused.message.startswith(
                f"{puzzle_type.name} puzzles are never {level}: "),
                f"{level} is refused as {refused.key}: {refused.message!r}")
        else:
            raise Broken(f"a request for {level} is taken, though the type does not offer it")


def _showcase_it_can_meet(puzzle_type: PuzzleType) -> None:
    _expect(puzzle_type.showcase, "the showcase is empty")
    for entry in puzzle_type.showcase:
        _expect(entry.level in puzzle_type.levels and entry.curve_seeds >= 0, f"showcase entry {entry}")
        puzzle_type.check_request(Request.make(puzzle_type, entry.level, entry.options))
    audited = [entry for entry in puzzle_type.showcase if entry.audit]
    _expect(len(audited) <= 1, f"{len(audited)} showcase entries are marked audit; one at most")


def _made_puzzles_keep_the_rules(puzzle_type: PuzzleType) -> None:
    for level in puzzle_type.levels:
        record = made(puzzle_type, level)
        where = f"{record.id}:"
        _expect(record.level == level and record.rating["level"] == level,
                f"{where} filed {record.level}, rated {record.rating.get('level')}")
        problems = puzzle_type.check(record.puzzle, record.solution)
        _expect(not problems, f"{where} its answer breaks the rules: {problems}")
        solved = puzzle_type.solve(record.puzzle, 2)
        if solved.count < 1 or solved.solution is None:
            raise Broken(f"{where} the solver finds no answer")
        _expect(not puzzle_type.check(record.puzzle, solved.solution),
                f"{where} the solver's answer breaks the rules")
        if puzzle_type.expects_unique(record.puzzle):
            _expect(solved.count == 1, f"{where} promised one answer, the solver finds {solved.count}")
        rated = puzzle_type.rate(record.puzzle)["level"]
        _expect(rated == level, f"{where} rated again from the puzzle alone it is {rated}")
        again = record_from_json(json.loads(json.dumps(record.to_json())), "contract")
        _expect(again == record, f"{where} its JSON line reads back as another puzzle")
        verify(again)
        _expect(regenerate(record.id) == record, f"{where} its id makes another puzzle")
    level = puzzle_type.levels[0]
    with speaking("de"):  # a worker makes a book's puzzles in the user's language (generate_one)
        spoken = make_puzzle(Request.make(puzzle_type, level, {}), SEED)
    _expect(spoken == made(puzzle_type, level), f"{spoken.id}: made speaking German it is another puzzle")


def _inside(pen: RecordingPen, size: tuple[float, float], what: str) -> None:
    _expect(pen.calls, f"{what} draws nothing")
    x0, y0, x1, y1 = pen.bounds()
    _expect(x0 >= -RUN_ON and y0 >= -RUN_ON and x1 <= size[0] + RUN_ON and y1 <= size[1] + RUN_ON,
            f"{what} reaches ({x0:.2f}, {y0:.2f})-({x1:.2f}, {y1:.2f}) mm, outside its "
            f"{size[0]:.2f} x {size[1]:.2f} mm box")


def _drawings_stay_inside(puzzle_type: PuzzleType) -> None:
    for level, options in requests(puzzle_type):
        record = made(puzzle_type, level, options)
        pen = RecordingPen()
        puzzle_type.draw_puzzle(pen, record.puzzle)
        _inside(pen, puzzle_type.measure(record.puzzle), f"{record.id}'s puzzle")
        pen = RecordingPen()
        puzzle_type.draw_solution(pen, record.puzzle, record.solution)
        _inside(pen, puzzle_type.answer_size(record.puzzle), f"{record.id}'s answer")
        if puzzle_type.draw_filled:
            pen = RecordingPen()
            puzzle_type.draw_example_answer(pen, record.puzzle, record.solution)
            _inside(pen, puzzle_type.example_answer_size(record.puzzle), f"{record.id} filled in")


def _print_copy_is_the_drawing(puzzle_type: PuzzleType) -> None:
    """The playable page's no-script board is the type's draw_puzzle on the SVG pen."""
    import xml.etree.ElementTree as ElementTree

    from bookgen.render.svgpen import ELEMENT, SvgPen, drawn_shapes

    for level, options in requests(puzzle_type):
        record = made(puzzle_type, level, options)
        recording, svg_pen = RecordingPen(), SvgPen()
        puzzle_type.draw_puzzle(recording, record.puzzle)
        puzzle_type.draw_puzzle(svg_pen, record.puzzle)
        width, height = puzzle_type.measure(record.puzzle)
        root = ElementTree.fromstring(svg_pen.svg(width, height, "Puzzle"))
        shapes = drawn_shapes(root)
        _expect([shape.tag for shape in shapes] == [ELEMENT.get(name, name) for name, _ in recording.calls],
                f"{record.id}: the SVG draws other shapes than the pen was asked for")
        _expect([shape.text for shape in shapes if shape.tag == "text"] == recording.texts(),
                f"{record.id}: the SVG prints other texts than the pen was asked for")
        box = [float(v) for v in root.get("viewBox", "").split()]
        left, top, right, bottom = recording.bounds()
        _expect(box[0] <= left and box[1] <= top and right <= box[0] + box[2] and bottom <= box[1] + box[3],
                f"{record.id}: the SVG's view box cuts the drawing")


def _twins_share_a_form(puzzle_type: PuzzleType) -> None:
    first = made(puzzle_type, puzzle_type.levels[0], seed=TWIN_SEEDS[0]).puzzle
    forms = {puzzle_type.canonical(first)}
    for seed in TWIN_SEEDS[1:]:
        other = made(puzzle_type, puzzle_type.levels[0], seed=seed).puzzle
        if other != first:
            forms.add(puzzle_type.canonical(other))
    _expect(len(forms) > 1, f"{len(TWIN_SEEDS)} different puzzles all have one canonical form")


def _builds_from_a_bank(puzzle_type: PuzzleType) -> None:
    """A section `from:` a bank of one puzzle line, as `bookgen generate` writes it, reads and
    takes that puzzle (the loader once refused a type whose options it fills in itself)."""
    import tempfile

    from bookgen.atomic import write_files
    from bookgen.book import make_book
    from bookgen.config import read_config_text

    record = made(puzzle_type, puzzle_type.levels[0])
    with tempfile.TemporaryDirectory() as folder:
        write_files([(Path(folder) / "bank.jsonl", (json.dumps(record.to_json()) + "\n").encode())])
        config = read_config_text(f"title: A bank of {puzzle_type.name}\nsections:\n"
                                  f"  - {{type: {puzzle_type.name}, count: 1, from: bank.jsonl}}\n",
                                  Path(folder) / "bank.yaml")
        (taken,) = make_book(config).sections[0].records
    _expect((taken.id, taken.level, taken.puzzle, taken.solution)
            == (record.id, record.level, record.puzzle, record.solution),
            f"{record.id}: the book takes {taken.id} from a bank holding only it, as another puzzle")


def _put(board: Any, cell: Any, value: Any, said: str) -> Any:
    """`board` with `value` at `cell`: [row, column] in a grid of rows, an index in a list, a key
    in a mapping (a cryptogram's code letter); a row written as text (a scramble's word) has a
    space where a letter is to find. Broken (`said`) at a cell given or filled already."""
    head, *rest = cell if isinstance(cell, list) else [cell]
    if rest:
        board[head] = _put(board[head], rest if len(rest) > 1 else rest[0], value, said)
        return board
    if isinstance(board, str):
        _expect(board[head] == " ", said)
        return board[:head] + str(value) + board[head + 1:]
    _expect(board[head] in (0, None), said)
    board[head] = value
    return board


def replayed(puzzle_type: PuzzleType, puzzle: JSON, hints: list[JSON], where: str = "") -> JSON:
    """The type's given answer with every hint's value put in at its cells (`_put`): the one field
    of the solution the hints fill (a cryptogram's key: its text follows from it)."""
    assert puzzle_type.given_answer is not None
    ((name, board),) = puzzle_type.given_answer(puzzle).items()
    for hint in hints:
        for cell in hint["cells"]:
            board = _put(board, cell, hint["value"], f"{where} hint {hint} fills a given or a cell twice")
    return {name: board}


def _hints_point(puzzle_type: PuzzleType) -> None:
    assert puzzle_type.hints is not None
    for level, options in requests(puzzle_type):
        record = made(puzzle_type, level, options)
        where = f"{record.id}:"
        hints = puzzle_type.hints(record.puzzle, record.solution)
        _expect(hints, f"{where} no hints")
        for index, hint in enumerate(hints):
            _expect(set(hint) - {"after", "steps", "step_cells"} == {"cells", "value", "why"},
                    f"{where} hint {hint} has other keys")
            _expect("step_cells" not in hint or (len(hint["step_cells"]) == len(hint.get("steps", []))
                                                   and all(hint["step_cells"])),
                    f"{where} hint {index}'s step_cells are not one list of squares a step")
            _expect("after" not in hint or 0 <= hint["after"] < index,
                    f"{where} hint {index} comes after itself or a later one")
            for text in [hint["why"], *hint.get("steps", [])]:
                _expect(text.strip() and "\n" not in text,
                        f"{where} hint {index}'s why or a step is not one line")
        if puzzle_type.given_answer is not None:
            filling = [hint for hint in hints if hint["value"] is not None]
            answer = replayed(puzzle_type, record.puzzle, filling, where)  # its one field
            _expect(answer == {name: record.solution[name] for name in answer},
                    f"{where} the hints do not replay to the answer")


def _given_share(rating: JSON) -> float:
    """Givens over all the cells (boxes, for a type that counts boxes)."""
    return rating["givens"] / rating.get("cells", rating.get("boxes"))


def _curve_falls(puzzle_type: PuzzleType) -> None:
    for entry in [entry for entry in puzzle_type.showcase if entry.curve_seeds]:
        means = []
        for level in puzzle_type.levels[:len(LEVELS)]:
            try:
                Request.make(puzzle_type, level, entry.options)
            except BookgenError:
                continue  # the size does not reach this level
            shares = [_given_share(made(puzzle_type, level, dict(entry.options), f"curve{seed}").rating)
                      for seed in range(entry.curve_seeds)]
            means.append((level, statistics.mean(shares)))
        _expect(len(means) >= 3, f"at {dict(entry.options)} fewer than three levels can be made")
        for (easier, more), (harder, fewer) in itertools.pairwise(means):
            _expect(fewer <= more + 1e-9, f"at {dict(entry.options)} {harder} prints {fewer:.0%} of "
                                          f"the cells as givens, {easier} {more:.0%}")


def _speaks_its_languages(puzzle_type: PuzzleType) -> None:
    for code in type_languages(puzzle_type)[1:]:
        said = language(code)
        _expect(said.messages.get(puzzle_type.title), f"its title {puzzle_type.title!r} has no {code} text")
        for level, options in [(None, None), *requests(puzzle_type)]:
            request = None if level is None else Request.make(puzzle_type, level, options or {})
            english = puzzle_type.rules(request)
            with speaking(code):
                spoken = puzzle_type.rules(request)
            _expect("{" not in spoken and "}" not in spoken, f"{code} rules keep a placeholder: {spoken!r}")
            _expect(spoken != english, f"its rules for {level or 'no request'} {options or ''} are "
                                       f"English in the {code} book")


ENVELOPE = "envelope.schema.json"
"""The fields every puzzle line holds, a JSON Schema in bookgen/puzzles/ that each type's
`json_schema` refers to by its $id (docs/format.md)."""


def line_validator(puzzle_type: PuzzleType, closed: bool = False) -> Any:
    """A jsonschema validator of the type's puzzle lines, its schema checked and its $ref to the
    envelope resolved; `closed`: with every object the schema defines closed (`closed_objects`)."""
    try:
        from jsonschema import Draft202012Validator
        from referencing import Registry, Resource
    except ImportError:
        raise Missing(f"needs jsonschema: {AUDIT_EXTRA}") from None
    envelope = json.loads(resources.files("bookgen.puzzles").joinpath(ENVELOPE).read_text(encoding="utf-8"))
    schema = json.loads(type_file(puzzle_type, puzzle_type.json_schema))
    Draft202012Validator.check_schema(schema)
    registry = Registry().with_resource(envelope["$id"], Resource.from_contents(envelope))
    return Draft202012Validator(closed_objects(schema) if closed else schema, registry=registry)


def closed_objects(schema: Any) -> Any:
    """The schema with every object it defines (a subschema with "type": "object" and
    "properties") closed to fields it does not name: a line that keeps this form holds no field
    its schema leaves out. The schemas stay open, as later versions add fields; this is how a
    check holds a type to naming every field it writes. Overlays (the `then` of an `if`, which
    add to an object defined beside them) state no type and stay open; maps keep their
    `additionalProperties`; the envelope's fields count as named (`unevaluatedProperties` sees
    through its $ref)."""
    if isinstance(schema, list):
        return [closed_objects(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    shut = {key: value if key in ("enum", "const") else closed_objects(value)
            for key, value in schema.items()}
    if (shut.get("type") == "object" and "properties" in shut
            and "additionalProperties" not in shut and "unevaluatedProperties" not in shut):
        shut["unevaluatedProperties"] = False
    return shut


def _follows_its_schema(puzzle_type: PuzzleType) -> None:
    validator = line_validator(puzzle_type, closed=True)
    for level, options in requests(puzzle_type):
        line = made(puzzle_type, level, options).to_json()
        errors = sorted(validator.iter_errors(line), key=str)
        _expect(not errors, f"{line['id']}: {errors[0].message if errors else ''} at "
                            f"{'/'.join(map(str, errors[0].absolute_path)) if errors else ''}")


def _plays_on_its_page(puzzle_type: PuzzleType) -> None:
    from bookgen.formats.html import page_record

    script = type_file(puzzle_type, puzzle_type.play_script)
    _expect(f'register("{puzzle_type.name}"' in script or f"register('{puzzle_type.name}'" in script,
            f"{puzzle_type.play_script} never calls register({puzzle_type.name!r}, ...)")
    for level, options in requests(puzzle_type):
        record = made(puzzle_type, level, options)
        page = page_record(puzzle_type, record.to_json(), 1)
        json.dumps(page)  # what the page embeds is JSON
        if puzzle_type.hints is not None:
            _expect(page.get("hints"), f"{record.id}: the page's record carries no hints")


def _pages_pass_the_audit(puzzle_type: PuzzleType, trims: tuple[str, ...] = PAGE_TRIMS) -> str:
    """Nothing found on any trim that prints the request; the trims that refuse it up front
    (a size that does not fit the page at the type floor) are named, and one must print it."""
    from bookgen.audit import audit
    from bookgen.book import Book, make_book
    from bookgen.config import read_config_text
    from bookgen.render.pdf import render_pdf

    entry = next((e for e in puzzle_type.showcase if e.audit), puzzle_type.showcase[0])
    asked = "".join(f", {key}: {json.dumps(value)}" for key, value in entry.options.items())

    def config(trim: str, large: bool) -> str:
        return (f"title: The {puzzle_type.name} contract\nlayout: {trim}\nseed: contract\n"
                f"large_print: {str(large).lower()}\nsections:\n"
                f"  - {{type: {puzzle_type.name}, count: 4, difficulty: {entry.level}{asked}}}\n")

    puzzles = make_book(read_config_text(config("6x9", False), Path("contract.yaml")))
    refused = []
    for trim, large in itertools.product(trims, (False, True)):
        where = f"{trim}{' large print' if large else ''}"
        try:
            book = Book(read_config_text(config(trim, large), Path("contract.yaml")), puzzles.sections)
            pdf = render_pdf(book)[0]
        except BookgenError as error:
            refused.append(f"{where} ({error.message})")
            continue
        findings = audit(pdf, large_print=large)
        _expect(not findings, f"{where}: {'; '.join(str(f) for f in findings[:3])}")
    _expect(len(refused) < 2 * len(trims), f"every trim refuses it: {'; '.join(refused)}")
    return f"refused up front on {'; '.join(refused)}" if refused else ""


CHECKS = (
    Check("describes-itself", "a title, rules of some length for any request, help for every "
          "option, and examples that keep the rules", _describes_itself),
    Check("offers-its-levels", "easy..expert or all five, and any other level refused up front "
          "naming the type", _offers_its_levels),
    Check("shows-itself", "a showcase of requests the type accepts, one marked for the page audit "
          "at most", _showcase_it_can_meet),
    Check("keeps-the-rules", "at every level: the answer keeps the rules, the solver agrees, one "
          "answer where promised, the rating comes back from the puzzle, the JSON line and the id "
          "make the same puzzle, and so does a user who speaks another language",
          _made_puzzles_keep_the_rules),
    Check("draws-inside-its-box", "every puzzle and answer drawn inside the size it measures",
          _drawings_stay_inside),
    Check("draws-the-print-copy", "the playable page's board without its script is the same "
          "drawing on the SVG pen: the same shapes and texts, inside its view box",
          _print_copy_is_the_drawing),
    Check("tells-twins-apart", "different puzzles get different canonical forms", _twins_share_a_form),
    Check("builds-from-a-bank", "a section takes its puzzle from a bank of one line as generate "
          "writes it", _builds_from_a_bank),
    Check("passes-the-page-audit", "a book of its audit request in the smallest and the largest "
          "trim, each also in large print, with nothing the page auditor finds", _pages_pass_the_audit),
    Check("gives-hints-that-point", "hints at every request, each one line saying why, and those "
          "that fill cells replay to the answer", _hints_point, "hints"),
    Check("falls-in-givens", "at each fixed size, a harder level prints no more givens",
          _curve_falls, "curve"),
    Check("plays-on-its-page", "its script registers the type and the page's record of every "
          "request is JSON with its hints", _plays_on_its_page, "play"),
    Check("follows-its-schema", "every made puzzle line is valid under its JSON Schema, which "
          "names every field the line holds", _follows_its_schema, "schema"),
    Check("speaks-its-languages", "title and rules from the catalog in each language it claims",
          _speaks_its_languages, "languages"),
)


def find_check(name: str) -> Check:
    for check in CHECKS:
        if check.name == name:
            return check
    raise BookgenError(f"no check {name!r}: {', '.join(c.name for c in CHECKS)}", key="check")


@dataclass(frozen=True)
class Outcome:
    check: Check
    kept: bool | None  # None: the check reads a part the type does not offer, or is skipped
    found: str = ""
    skipped: bool = False  # it needs a package this install lacks (`Missing`)


def check_type(puzzle_type: PuzzleType, names: tuple[str, ...] = (),
               every_trim: bool = False) -> Iterator[Outcome]:
    """Each check's outcome for the type, in `CHECKS` order (those named, if any)."""
    for check in (find_check(name) for name in names) if names else CHECKS:
        if not applies(check, puzzle_type):
            yield Outcome(check, None, f"offers no {check.feature}")
            continue
        note: str | None
        try:
            if check.run is _pages_pass_the_audit and every_trim:
                note = _pages_pass_the_audit(puzzle_type, _every_trim())
            else:
                note = check.run(puzzle_type)
        except Missing as missing:
            yield Outcome(check, None, str(missing), skipped=True)
        except (Broken, BookgenError) as error:
            yield Outcome(check, False, str(error))
        except Exception as error:  # the type's own code failed: a finding, with its kind
            if isinstance(error, ModuleNotFoundError) and error.name in OPTIONAL_MODULES:
                yield Outcome(check, None, f"needs {error.name}: {AUDIT_EXTRA}", skipped=True)
            else:
                yield Outcome(check, False, f"{type(error).__name__}: {error}")
        else:
            yield Outcome(check, True, note or "")


def _every_trim() -> tuple[str, ...]:
    from bookgen.config import available_layouts

    return tuple(available_layouts())
