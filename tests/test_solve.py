"""`bookgen solve` takes what people bring: a bad line is reported on its own and the rest are
still solved; a classic pyramid may leave out the max its rows fix."""

from __future__ import annotations

import json


def test_a_bad_line_gets_its_own_result_and_the_rest_are_solved(tmp_path, run):
    lines = [
        json.dumps({"type": "placement", "puzzle": {"signs": ["<"], "numbers": ["1", "2"]}}),
        "not json",
        json.dumps({"type": "sudoku", "puzzle": {}}),
        json.dumps({"type": "placement", "puzzle": {"signs": [">", ">"], "numbers": ["1", "2", "3"]}}),
    ]
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(lines) + "\n")
    status, out, err = run("solve", str(path))
    results = [json.loads(line) for line in out.splitlines()]
    assert [r.get("line") for r in results] == [1, 2, 3, 4]
    assert results[0]["solutions"] == 1 and results[3]["solution"] == {"order": ["3", "2", "1"]}
    assert f"{path}:2" in results[1]["error"] and "not valid JSON" in results[1]["error"]
    assert "unknown puzzle type 'sudoku'" in results[2]["error"]
    assert status == 2 and "2 puzzle line(s)" in err and f"{path}:3" in err


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
