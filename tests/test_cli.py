"""The command line in-process: generate, solve, types, and the JSON they speak."""

from __future__ import annotations

import json

from bookgen.making import regenerate


def test_generate_prints_verified_json_lines(run):
    status, out, _ = run("generate", "placement", "-d", "hard", "-n", "3", "-s", "9",
                         "--set", "size=9", "--set", "numbers=fraction")
    assert status == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 3 and len({line["id"] for line in lines}) == 3
    for line in lines:
        assert set(line) == {"type", "id", "difficulty", "rating", "puzzle", "solution"}
        assert line["type"] == "placement" and line["difficulty"] == "hard"
        assert len(line["puzzle"]["numbers"]) == 9 and all("/" in n for n in line["puzzle"]["numbers"])
        assert sorted(line["solution"]["order"]) == sorted(line["puzzle"]["numbers"])
        assert line["rating"]["level"] == "hard"


def test_same_seed_same_puzzles_and_ids_regenerate(run):
    first = run("generate", "placement", "-n", "2", "-s", "abc")[1]
    second = run("generate", "placement", "-n", "2", "-s", "abc")[1]
    other = run("generate", "placement", "-n", "2", "-s", "abd")[1]
    assert first == second and first != other
    record = json.loads(first.splitlines()[0])
    assert regenerate(record["id"]).to_json() == record
    status, out, _ = run("generate", "--id", record["id"])
    assert status == 0 and json.loads(out) == record


def test_solve_ignores_stored_solution_and_counts(run, tmp_path):
    puzzle = {"type": "placement", "id": "hand-1",
              "puzzle": {"signs": ["<", ">", "<"], "numbers": ["1", "2", "3", "4"], "givens": {}},
              "solution": {"order": ["4", "3", "2", "1"]}}
    pinned = {"type": "placement", "id": "hand-2",
              "puzzle": {"signs": ["<", ">"], "numbers": ["1", "2", "3"], "givens": {"1": "3"}}}
    impossible = {"type": "placement", "id": "hand-3",
                  "puzzle": {"signs": ["<", "<"], "numbers": ["1", "2", "3"], "givens": {"0": "3"}}}
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(json.dumps(p) for p in (puzzle, pinned, impossible)) + "\n")
    status, out, _ = run("solve", str(path))
    results = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert [r["id"] for r in results] == ["hand-1", "hand-2", "hand-3"]
    assert [r["solutions"] for r in results] == [2, 2, 0]
    assert results[0]["solution"]["order"] != ["4", "3", "2", "1"]
    assert results[2]["solution"] is None
    status, out, _ = run("solve", str(path), "--count")
    assert [json.loads(line)["solutions"] for line in out.splitlines()] == [5, 2, 0]


def test_solve_reads_stdin(run, monkeypatch):
    import io
    line = json.dumps({"type": "placement", "puzzle": {"signs": ["<"], "numbers": ["2", "1"]}})
    monkeypatch.setattr("sys.stdin", io.StringIO(line + "\n"))
    status, out, _ = run("solve", "-")
    assert status == 0 and json.loads(out)["solution"] == {"order": ["1", "2"]}


def test_types_lists_options_ranges_and_levels(run):
    status, out, _ = run("types")
    assert status == 0
    assert "placement: Number Placement" in out
    assert "difficulty: easy, medium, hard, expert" in out
    assert "size: how many boxes (a whole number from 3 to 12)" in out
    assert "numbers:" in out and "whole, signed, decimal, fraction, mixed" in out


def test_census_reports_the_ten_puzzle_facts(run):
    status, out, _ = run("census", "arithmetic", "--target", "10", "--size", "4", "--range", "0-9")
    result = json.loads(out)
    assert status == 0
    assert result["multisets"] == 715 and len(result["unsolvable"]) == 163
    assert result["solvable"] == len(result["ratings"]) == 552
    status, _, err = run("census", "arithmetic", "--size", "9")
    assert status == 2 and "size" in err
