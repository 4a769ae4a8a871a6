"""`bookgen solve` takes what people bring: a bad line is reported on its own and the rest are
still solved; a classic pyramid may leave out the max its rows fix."""

from __future__ import annotations

import json


def test_a_bad_line_gets_its_own_result_and_the_rest_are_solved(tmp_path, run):
    lines = [
        json.dumps({"type": "placement", "puzzle": {"signs": ["<"], "numbers": ["1", "2"]}}),
        "not json",
        json.dumps({"type": "slitherlink", "puzzle": {}}),
        json.dumps({"type": "placement", "puzzle": {"signs": [">", ">"], "numbers": ["1", "2", "3"]}}),
    ]
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(lines) + "\n")
    status, out, err = run("solve", str(path))
    results = [json.loads(line) for line in out.splitlines()]
    assert [r.get("line") for r in results] == [1, 2, 3, 4]
    assert results[0]["solutions"] == 1 and results[3]["solution"] == {"order": ["3", "2", "1"]}
    assert f"{path}:2" in results[1]["error"] and "not valid JSON" in results[1]["error"]
    assert results[1]["id"] == "" and results[0]["id"] == ""  # every line has one, as it can
    assert "unknown puzzle type 'slitherlink'" in results[2]["error"]
    assert status == 2 and "2 puzzle lines" in err and f"{path}:3" in err


def test_an_empty_classic_pyramid_needs_no_max(tmp_path, run):
    path = tmp_path / "empty.jsonl"
    path.write_text(json.dumps({"type": "pyramid", "puzzle": {
        "variant": "classic", "rows": [[0, 0, 0, 0], [0, 0, 0], [0, 0], [0]]}}) + "\n")
    status, out, err = run("solve", str(path), "--count")
    assert status == 0, err
    result = json.loads(out)
    assert result["solutions"] == 8  # the four 4-row anti-Pascal triangles and their mirrors
    top = result["solution"]["rows"][0]
    assert sorted(v for row in result["solution"]["rows"] for v in row) == list(range(1, 11))
    assert len(top) == 4


def _long_hidato(rows: int = 3, cols: int = 50) -> dict:
    """A 3x50 Hidato (wider than any page): a column snake, every fifth number given."""
    path = [(r, c) for c in range(cols) for r in (range(rows) if c % 2 == 0 else reversed(range(rows)))]
    grid = [[0] * cols for _ in range(rows)]
    for number, (r, c) in enumerate(path, start=1):
        if number % 5 == 1 or number == len(path):
            grid[r][c] = number
    return {"type": "hidato", "puzzle": {"grid": grid}}


def test_solving_takes_grids_larger_than_a_page(tmp_path, run):
    from bookgen.puzzles import find_type

    path = tmp_path / "long.jsonl"
    small = {"type": "hidato", "puzzle": {"grid": [[1, 0], [0, 4]]}}
    path.write_text(json.dumps(_long_hidato()) + "\n" + json.dumps(small) + "\n")
    status, out, err = run("solve", str(path))
    assert status == 0, err
    long, other = [json.loads(line) for line in out.splitlines()]
    assert long["solutions"] >= 1 and other["solutions"] == 2
    assert find_type("hidato").check(_long_hidato()["puzzle"], long["solution"]) == []


def test_printing_keeps_its_cap_with_its_own_message(tmp_path, write_config, run):
    (tmp_path / "bank.jsonl").write_text(json.dumps(_long_hidato()) + "\n")
    path = write_config("title: T\nsections: [{type: hidato, count: 1, from: bank.jsonl}]\n")
    status, _, err = run("build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert status == 2 and "bank.jsonl:1" in err and "too large to print" in err


def test_givens_that_break_a_rule_are_named_not_solved_to_no_answer(tmp_path, run):
    """A fan's sudoku with two 5s in its first row came back as "solutions": 0 with status 0,
    which a script reading a bank takes for a puzzle like any other: the clash is named, in the
    one-line form and in JSON (a diagonal's diagonal too), and the run ends with status 2."""
    bank = tmp_path / "bank.txt"
    diagonal = {"type": "sudoku", "puzzle": {"variant": "diagonal", "givens": [
        [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 0]]}}
    bank.write_text("550070000600195000098000060800060003400803001700020006060000280000419005000080079\n"
                    + json.dumps(diagonal) + "\n", encoding="utf-8")
    status, out, err = run("solve", str(bank))
    first, second = (json.loads(line) for line in out.splitlines())
    assert status == 2 and "bank.txt:1" in err
    assert first["error"].endswith("5 stands twice in row 1 among the givens: the puzzle has no answer")
    assert "1 stands twice in the diagonal from the top left" in second["error"]


def test_a_futoshiki_whose_givens_clash_is_named_and_error_lines_keep_their_id(tmp_path, run):
    """A developer's futoshiki with two 3s in a row, or a sign two givens break, came back as
    "solutions": 0 while a sudoku's clash and a calcudoku's impossible cage were error lines:
    clues that contradict on their face are error lines for every type, and an error line
    carries the id its line named, so a script joins it back as it does a solved line."""
    def futoshiki(givens, signs, ident):
        return json.dumps({"type": "futoshiki", "id": ident,
                           "puzzle": {"size": 4, "givens": givens, "signs": signs}})

    empty = [[0] * 4 for _ in range(4)]
    twice = [[3, 0, 3, 0]] + empty[1:]
    signed = [[2, 1, 0, 0]] + empty[1:]
    least = [[1, 0, 0, 0]] + empty[1:]
    bank = tmp_path / "bank.jsonl"
    bank.write_text("\n".join([
        futoshiki(twice, [], "twice"),
        futoshiki(signed, [{"a": [0, 0], "b": [0, 1], "op": "<"}], "signed"),
        futoshiki(least, [{"a": [0, 0], "b": [0, 1], "op": ">"}], "least"),
        futoshiki(signed, [{"a": [0, 0], "b": [0, 1], "op": ">"}], "fine"),
    ]) + "\n", encoding="utf-8")
    status, out, err = run("solve", str(bank))
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 2 and [line["id"] for line in lines] == ["twice", "signed", "least", "fine"]
    assert lines[0]["error"].endswith("3 stands twice in row 1 among the givens: the puzzle has no answer")
    assert "sign 1 (row 1 column 1 < row 1 column 2) cannot hold with the givens" in lines[1]["error"]
    assert "sign 1 (row 1 column 1 > row 1 column 2) cannot hold" in lines[2]["error"]
    assert "error" not in lines[3] and lines[3]["solutions"] == 2


def test_a_crossword_without_an_entry_for_a_run_names_the_run(tmp_path, run):
    """A developer who dropped an entry was told "'entries' must be one a run of two or more
    squares ...", garbled and naming no run: the message names the run that has no entry."""
    status, out, _ = run("generate", "crossword", "-n", "1", "-q")
    line = json.loads(out.splitlines()[0])
    dropped = min(line["puzzle"]["entries"], key=lambda entry: (entry["row"], entry["col"]))
    line["puzzle"]["entries"].remove(dropped)
    (tmp_path / "cw.jsonl").write_text(json.dumps(line) + "\n")
    status, out, _ = run("solve", str(tmp_path / "cw.jsonl"))
    error = json.loads(out)["error"]
    assert status == 2 and "must be one a run" not in error
    assert (f"none is for {dropped['number']} {dropped['direction']} (row {dropped['row'] + 1} "
            f"column {dropped['col'] + 1}, {len(dropped['word'])} letters)") in error


def test_a_kakuro_square_is_quoted_as_json_not_as_python(tmp_path, run):
    cells = [[None, {"across": 23}]]
    (tmp_path / "k.jsonl").write_text(json.dumps({"type": "kakuro", "puzzle": {"cells": cells}}) + "\n")
    status, out, _ = run("solve", str(tmp_path / "k.jsonl"))
    assert status == 2 and 'not {"across": 23}' in json.loads(out)["error"]
