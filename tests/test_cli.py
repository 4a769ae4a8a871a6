"""The command line in-process: generate, solve, types, and the JSON they speak."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

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


@pytest.mark.parametrize(("extra", "said"), [
    (["--set", "size=15"], "so --set cannot change it; leave it out, or for a puzzle with those "
                           "options give --id 'wordsearch:expert:size=15x15:1.1'"),
    (["--set", "size=12"], "so --set cannot change it; leave it out (and size: expert grids have "
                           "at least 196 squares)"),
    (["-d", "easy", "-s", "2"], "so --difficulty and --seed cannot change it; leave them out, or "
                                "for a puzzle with those options give --id 'wordsearch:easy::1.1'"),
    (["-n", "3"], "so --count cannot change it; leave it out"),
])
def test_generate_by_id_refuses_options_the_id_fixes(run, extra, said):
    """An id's options, level and seed make its randomness: --set beside it was ignored, and a
    reader took the puzzle for one with those options."""
    status, out, err = run("generate", "--id", "wordsearch:expert::1.1", *extra)
    assert status == 2 and out == "" and "Traceback" not in err
    assert "--id: 'wordsearch:expert::1.1' names one whole puzzle" in err and said in err
    status, out, _ = run("generate", "--id", "wordsearch:expert:size=15x15:1.1")
    assert status == 0 and len(json.loads(out)["puzzle"]["grid"]) == 15


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
    levels = dict(re.findall(r"^(\w+): .*\n  difficulty: (.+)$", out, re.M))
    assert len(levels) > 8 and levels["placement"] == "easy, medium, hard, expert"
    assert levels["sudoku"] == "easy, medium, hard, expert, master"
    assert [name for name, line in levels.items() if "master" in line] == ["sudoku"]
    assert "size (Number of boxes): how many boxes (a whole number from 3 to 12)" in out
    assert "numbers:" in out and "whole, signed, decimal, fraction, mixed" in out
    assert "\n  rules:" not in out and "    whole: whole numbers" not in out


def test_types_of_one_type_gives_its_rules_labels_and_choice_words(run):
    """`bookgen types NAME` reads the type's own metadata: its rules, each option's label (where
    it says more than the key) and the words each choice is named by; `bookgen census TYPE
    --help` lists the options a census takes."""
    status, out, _ = run("types", "placement")
    assert status == 0 and out.startswith("placement: Number Placement\n  difficulty: easy,")
    assert "\n  rules: Write each number from the pool" in out
    assert "\n  size (Number of boxes): how many boxes" in out
    assert "\n  numbers: what kind" in out  # "Numbers" says no more than the key
    assert "\n    whole: whole numbers\n    signed: with negatives\n" in out
    assert "arithmetic" not in out
    status, out, err = run("types", "placemnet")
    assert status == 2 and out == "" and "did you mean 'placement'" in err
    status, out, _ = run("census", "arithmetic", "--help")
    assert status == 0 and "arithmetic's options (--KEY VALUE):\n  target (Target number):" in out


def test_census_reports_the_ten_puzzle_facts(run):
    status, out, _ = run("census", "arithmetic", "--target", "10", "--size", "4", "--range", "0-9")
    result = json.loads(out)
    assert status == 0
    assert result["multisets"] == 715 and len(result["unsolvable"]) == 163
    assert result["solvable"] == len(result["ratings"]) == 552
    status, _, err = run("census", "arithmetic", "--size", "9")
    assert status == 2 and "size" in err
    status, out, err = run("census", "pyramid")  # the types with a census are the registry's
    assert status == 2 and out == "" and "pyramid has no census; the types with one: arithmetic" in err


def test_census_takes_a_types_options_as_set_or_in_their_own_spelling(run):
    """The census names no option of its own: --set KEY=VALUE, --KEY VALUE and a yes/no --KEY
    alone all mean the type's option, and the type's specs refuse what it does not have."""
    status, by_set, _ = run("census", "arithmetic", "--set", "target=24", "--set", "range=1-6",
                            "--set", "distinct=yes")
    assert status == 0
    status, spelled, _ = run("census", "arithmetic", "--target", "24", "--range=1-6", "--distinct")
    assert status == 0 and json.loads(spelled) == json.loads(by_set)
    result = json.loads(by_set)
    assert (result["target"], result["range"], result["distinct"]) == (24, [1, 6], True)
    assert result["multisets"] == 15  # 4 of 1-6, no repeats: C(6, 4)
    assert result["operators"] == "+-*/" and result["size"] == 4  # the type's defaults
    status, out, err = run("census", "arithmetic", "--tagret", "24")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "unknown option of arithmetic 'tagret'; did you mean 'target'?" in err
    status, out, err = run("census", "arithmetic", "--target")
    assert status == 2 and out == "" and "--target: needs a value" in err
    status, out, err = run("census", "arithmetic", "--set", "target")
    assert status == 2 and out == "" and "'target' is not KEY=VALUE" in err
    status, out, _ = run("census", "arithmetic", "--help")
    assert status == 0 and out.startswith("usage: bookgen census")


# --- packaging: built-in data, layout files, stdin, schema, completion -------------------------------

LAYOUT = """\
title: Pocket
page: {width: 5.5in, height: 8.5in}
margins: {top: 0.5in, bottom: 0.5in, inside: 0.6in, outside: 0.5in}
fonts: {regular: DejaVuSans.ttf, bold: DejaVuSans-Bold.ttf, italic: DejaVuSans-Oblique.ttf}
grids: [[2, 2], [1, 1]]
"""
BOOK = """\
title: Small
layout: {layout}
title_page: false
sections:
  - {{type: placement, count: 2, difficulty: easy}}
"""


def test_a_layout_is_a_built_in_name_or_a_file_beside_the_config(write_config, tmp_path, monkeypatch):
    from bookgen.config import load_config, load_layout

    (tmp_path / "trims").mkdir()
    (tmp_path / "trims" / "pocket.yaml").write_text(LAYOUT)
    config = load_config(write_config(BOOK.format(layout="trims/pocket.yaml")))
    assert config.layout.name == "pocket" and round(config.layout.width / 25.4, 2) == 5.5
    assert load_config(write_config(BOOK.format(layout="a5"))).layout.name == "a5"
    monkeypatch.chdir(tmp_path / "trims")  # --layout FILE is relative to the current folder
    assert load_layout("./pocket.yaml").title == "Pocket"
    assert load_layout(str(tmp_path / "trims" / "pocket.yaml")).name == "pocket"


def test_layout_mistakes_name_the_config_line(run, write_config, tmp_path):
    status, _, err = run("build", str(write_config(BOOK.format(layout="lettr"))))
    assert status == 2 and "book.yaml:2: layout: unknown layout 'lettr'; did you mean 'letter'?" in err
    assert "a layout file such as ./my-trim.yaml" in err
    status, _, err = run("build", str(write_config(BOOK.format(layout="./gone.yaml"))))
    assert status == 2 and "book.yaml:2: layout: no layout file" in err and "gone.yaml" in err
    (tmp_path / "bad.yaml").write_text(LAYOUT.replace("page: {width: 5.5in, height: 8.5in}", "page: 5"))
    status, _, err = run("build", str(write_config(BOOK.format(layout="bad.yaml"))))
    assert status == 2 and "bad.yaml:2: page:" in err and "a mapping with width and height" in err
    status, _, err = run("worksheet", "placement", "--layout", "nowhere.yaml")
    assert status == 2 and "layout: no layout file 'nowhere.yaml'" in err


def test_a_list_or_mapping_key_given_a_number_is_a_message_not_a_crash(run, write_config):
    status, _, err = run("build", str(write_config("title: x\nsections: 5\n")))
    assert status == 2 and "book.yaml:2: sections: 5 is not allowed; 'sections' takes a list" in err


def test_build_reads_the_config_from_stdin(run, tmp_path, monkeypatch):
    import io

    monkeypatch.chdir(tmp_path)
    (tmp_path / "pocket.yaml").write_text(LAYOUT)
    monkeypatch.setattr("sys.stdin", io.StringIO(BOOK.format(layout="./pocket.yaml")))
    status, out, err = run("build", "-", "-q")
    assert status == 0, err
    assert out.split() == [str(Path("output") / "book.pdf")]
    assert (tmp_path / "output" / "book.pdf").read_bytes().startswith(b"%PDF")
    monkeypatch.setattr("sys.stdin", io.StringIO("title: x\nsections: []\n"))
    status, _, err = run("build", "-")
    assert status == 2 and "stdin:2: sections: a book needs at least one section" in err


def test_a_config_without_a_seed_says_which_it_uses(run, tmp_path, monkeypatch):
    """A config without `seed:` made the same puzzles as every other, a copied 'volume 2' those of
    volume 1, and said nothing: a note names the seed used and how to change it; not with -q, nor
    where `seed:` or --seed gives one."""
    import io

    book = "title: Volume 2\nsections:\n  - {type: placement, count: 2, difficulty: easy}\n"
    config = tmp_path / "noseed.yaml"
    config.write_text(book, encoding="utf-8")
    note = ("bookgen: note: no seed given: using seed 1, as every config without one does; set "
            "'seed:' to another number or word for a new set of puzzles\n")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "a.pdf"), "-j", "1")
    assert status == 0 and err == note, err
    monkeypatch.setattr("sys.stdin", io.StringIO(book))
    assert run("build", "-", "-o", str(tmp_path / "b.pdf"), "-j", "1")[2] == note
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    for args in (["-q"], ["--seed", "1"]):
        status, _, err = run("build", str(config), "-o", str(tmp_path / "c.pdf"), "-j", "1", *args)
        assert status == 0 and err == "", err
    config.write_text(book.replace("sections:", "seed: 1\nsections:"), encoding="utf-8")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "c.pdf"), "-j", "1")
    assert status == 0 and err == "", err
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "c.pdf").read_bytes()


def test_a_worksheet_without_a_seed_says_which_it_uses(run, tmp_path):
    """`bookgen worksheet` without --seed made last week's sheet again, saying nothing: once the
    sheet is written a note names the seed used and --seed; not with -q, nor with --seed, and a
    refused sheet says only its refusal."""
    note = ("bookgen: note: no seed given: using seed 1, as every worksheet without --seed does; "
            "give --seed another number or word for a new set of puzzles\n")
    status, _, err = run("worksheet", "placement", "-n", "2", "-o", str(tmp_path / "a.pdf"), "-j", "1")
    assert status == 0 and err == note, err
    for args, name in ((["-q"], "b.pdf"), (["--seed", "1"], "c.pdf")):
        status, _, err = run("worksheet", "placement", "-n", "2", "-o", str(tmp_path / name), "-j", "1",
                             *args)
        assert status == 0 and err == "", err
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "c.pdf").read_bytes()
    status, _, err = run("worksheet", "placement", "--set", "size=99", "-o", str(tmp_path / "d.pdf"))
    assert status == 2 and "note:" not in err, err


def test_build_with_no_config_makes_the_sample_book_here(run, tmp_path, monkeypatch):
    from bookgen.config import ROOT, sample_config
    from bookgen.errors import BookgenError

    assert Path(str(sample_config())).read_text() == (ROOT / "config" / "sampler.yaml").read_text()
    monkeypatch.chdir(tmp_path)  # not the checkout: the sample comes from bookgen itself
    made = []

    def make(config, args, size_check=False):  # the whole book: test_book and the wheel test
        made.append(config)
        raise BookgenError("enough")

    monkeypatch.setattr("bookgen.cli._make", make)
    assert run("build")[0] == 2
    assert made[0].name == "sampler" and made[0].title == "The bookgen Sampler"
    assert not (tmp_path / "output").exists()  # made only when files go in, not for a refusal


def test_difficulty_is_a_choice(run, capsys):
    status, _, err = run("worksheet", "placement", "-d", "fiendish")
    assert status == 2 and "'fiendish' is not a level; use one of easy, medium, hard, expert, master" in err
    text = " ".join(run("generate", "--help")[1].split())
    assert "[--difficulty LEVEL]" in text
    assert "LEVEL easy, medium, hard, expert, master (default medium)" in text


@pytest.mark.parametrize("args", [("worksheet", "numbrix", "-d", "master"),
                                  ("generate", "wordsearch", "-d", "master"),
                                  ("generate", "--id", "arrows:master::1")])
def test_master_on_a_type_without_it_is_one_message_naming_the_types_with_it(run, tmp_path,
                                                                              monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(*args)
    name = args[1] if args[1] != "--id" else "arrows"
    assert status == 2 and out == "" and err == (
        f"bookgen: error: difficulty: {name} puzzles are never master: their levels go up to "
        "expert (easy, medium, hard, expert); the types with master: sudoku\n")
    assert list(tmp_path.iterdir()) == []


def test_help_states_the_books_time_budget(run):
    from bookgen.book import DEFAULT_BUDGET
    from bookgen.cli import DEFAULT_BUDGET as CLI_BUDGET

    assert CLI_BUDGET == DEFAULT_BUDGET
    assert f"(default {DEFAULT_BUDGET:.0f})" in run("build", "--help")[1]


def test_preview_without_its_extra_says_what_to_install(run, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None if name == "pypdfium2" else real(name))
    status, _, err = run("preview")
    assert status == 2
    assert err == ("bookgen: error: previews need pypdfium2: pip install 'puzzle-bookgen[preview]' "
                   "(in a checkout: pip install -e '.[preview]')\n")
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert "(in einer Arbeitskopie des Quellcodes: pip install -e '.[preview]')" in run("preview")[2]


def test_completion_scripts_know_commands_types_levels_and_layouts(run):
    status, out, _ = run("completion", "bash")
    assert status == 0 and "_shtab_bookgen" in out
    for word in ("worksheet", "schema", "numbrix", "expert", "letter", "--difficulty"):
        assert word in out
    assert run("completion", "zsh")[0] == 0


def test_a_mistyped_command_option_or_choice_gets_the_nearest_one(run):
    option = "unknown option '{}' for 'bookgen{}'; did you mean '{}'?"
    for argv, said in [
            ("buld", "invalid choice: 'buld'; did you mean 'build'?"),
            ("completion bsh", "invalid choice: 'bsh'; did you mean 'bash'?"),
            ("build --seeed 3 book.yaml", option.format("--seeed", " build", "--seed")),
            ("build book.yaml --seeed=3", option.format("--seeed", " build", "--seed")),
            ("worksheet placement --cout 3", option.format("--cout", " worksheet", "--count")),
            ("--verison", option.format("--verison", "", "--version")),
            ("worksheet placement -d esay", "'esay' is not a level; did you mean 'easy'?"),
            ("worksheet maze --set grid=hexx", "grid: 'hexx' is not allowed; did you mean 'hex'? "
                                               "use one of square, hex, triangle, theta"),
            ("worksheet sudoku --set symmetry=Mirror", "'Mirror' is not allowed; did you mean 'mirror'?"),
            ("build book.yaml --layout a4", "unknown option '--layout' for 'bookgen build'; "
                                            "'bookgen build --help' lists its options")]:
        status, out, err = run(*argv.split())
        assert status == 2 and out == "" and said in err and "Traceback" not in err, argv
        assert "book.yaml" not in err.splitlines()[-1]  # the file is not blamed for the option


def test_a_config_word_in_capitals_or_misspelt_gets_the_choice_it_nearly_is(run, tmp_path):
    """A teacher types capitals: `difficulty: Easy` was refused without the word it nearly is,
    though `-d Easy` had it, and `-L DE` was refused though `language: DE` is read as de."""
    config = tmp_path / "book.yaml"
    config.write_text("title: T\nanswers: Back\nsections:\n"
                      "  - {type: sudoku, count: 1, difficulty: Easy}\n"
                      "  - {type: sudoku, count: 1, difficulty: medum}\n"
                      "  - {type: sudoku, count: 1, difficulty: 3}\n", encoding="utf-8")
    status, _, err = run("build", str(config), "-o", str(tmp_path / "book.pdf"))
    assert status == 2 and "Traceback" not in err
    assert "answers: 'Back' is not allowed; did you mean 'back'? 'answers' takes one of" in err
    assert "difficulty: 'Easy' is not allowed; did you mean 'easy'? 'difficulty' takes one of" in err
    assert "difficulty: 'medum' is not allowed; did you mean 'medium'?" in err
    assert "difficulty: 3 is not allowed; 'difficulty' takes one of" in err  # a number is no slip
    status, _, err = run("worksheet", "sudoku", "-L", "DE", "-n", "1", "-q",
                         "-o", str(tmp_path / "sheet.pdf"))
    assert status == 0, err


def test_an_output_named_as_a_picture_is_refused_before_any_work(run, tmp_path):
    """`-o sheet.png` wrote a PDF named sheet.png, which no picture viewer opens."""
    from bookgen.config import ROOT

    for argv in (["worksheet", "sudoku", "-n", "1"], ["build", str(ROOT / "config" / "sampler.yaml")]):
        target = tmp_path / "sheet.png"
        status, out, err = run(*argv, "-o", str(target))
        assert status == 2 and out == "" and "Traceback" not in err, err
        assert f"--output: {target} ends in .png, but the book is written as a PDF" in err
        assert list(tmp_path.iterdir()) == []


def test_guide_prints_the_publishing_guide(run):
    from bookgen.config import ROOT

    assert run("guide") == (0, (ROOT / "docs" / "publishing.md").read_text(encoding="utf-8"), "")


def test_guide_prints_the_developers_guides_and_a_types_readme(run):
    """A developer who installed the wheel found none of the documentation the JSON contract
    and the plug-in contract are written in: `bookgen guide` prints them, and a type's notes."""
    from bookgen.config import ROOT

    assert run("guide", "format") == (0, (ROOT / "docs" / "format.md").read_text(encoding="utf-8"), "")
    assert run("guide", "adding")[1] == (ROOT / "docs" / "types" / "adding.md").read_text(encoding="utf-8")
    assert run("guide", "kakuro")[1] == (ROOT / "bookgen" / "puzzles" / "kakuro" / "README.md").read_text(
        encoding="utf-8")
    status, out, err = run("guide", "formats")
    assert status == 2 and out == "" and "'formats' is no guide: give publishing, format, adding" in err


def test_every_commands_help_ends_with_examples_that_parse(run):
    import shlex

    from bookgen.cli import _parser

    parser = _parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    for name in commands:
        status, out, _ = run(name, "--help")
        assert status == 0
        examples = out.rstrip("\n").split("\nexamples:\n")[1].splitlines()
        assert 2 <= len(examples) <= 3, name
        for line in examples:
            words = shlex.split(re.split(r" [#>|<] ", line)[0], comments=True)
            assert words[:2] == ["bookgen", name], line
            assert parser.parse_args(words[1:]).command == name  # argparse exits on a bad one


def test_fish_completion_offers_commands_options_levels_types_and_files(run, tmp_path):
    import os
    import shutil
    import subprocess

    status, script, _ = run("completion", "fish")
    assert status == 0
    assert "complete -c bookgen -n __fish_use_subcommand -a init -d " in script
    fish = shutil.which("fish")
    if fish is None:
        if os.environ.get("CI"):
            pytest.fail("no fish here (apt-get install -y fish)")
        pytest.skip("no fish here (apt-get install -y fish)")
    (tmp_path / "script.fish").write_text(script)
    (tmp_path / "pod.yaml").write_text("")

    def offered(line: str) -> list[str]:
        done = subprocess.run([fish, "--no-config", "-c", f"source script.fish; complete -C '{line}'"],
                              cwd=tmp_path, capture_output=True, text=True, check=True)
        return [entry.split("\t")[0] for entry in done.stdout.splitlines()]

    assert offered("bookgen wor") == ["worksheet"]
    assert offered("bookgen worksheet --difficulty ") == ["easy", "expert", "hard", "master", "medium"]
    assert offered("bookgen worksheet num") == ["numberwall", "numbrix"]
    assert offered("bookgen init x --kind ") == ["large-print", "pod", "worksheet"]
    assert offered("bookgen build po") == ["pod.yaml"]
    assert offered("bookgen completion ") == ["bash", "fish", "tcsh", "zsh"]


def schema_validator():
    jsonschema = pytest.importorskip("jsonschema", reason="pip install -e '.[test]' installs it")
    from bookgen.schema import book_schema

    schema = book_schema()
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def shipped_configs() -> dict[str, object]:
    """Every config the repository shows: config/*.yaml and the README's example."""
    import re

    import yaml

    from bookgen.config import ROOT

    configs = {p.name: yaml.safe_load(p.read_text()) for p in (ROOT / "config").glob("*.yaml")}
    readme = re.findall(r"```yaml\n(.+?)```", (ROOT / "README.md").read_text(), re.S)
    configs["README.md"] = yaml.safe_load(readme[0])
    return configs


def test_schema_accepts_every_shipped_config_and_the_loader_agrees(run, tmp_path):
    import yaml

    from bookgen.config import load_config

    validator = schema_validator()
    for name, config in shipped_configs().items():
        assert not list(validator.iter_errors(config)), name
        (tmp_path / "book.yaml").write_text(yaml.safe_dump(config))
        load_config(tmp_path / "book.yaml")  # and the loader takes it too
    status, out, _ = run("schema")
    assert status == 0 and json.loads(out)["$schema"].startswith("http://json-schema.org/draft-07")


@pytest.mark.parametrize("change", [
    lambda c: c.update(colour="red"),                           # unknown book key
    lambda c: c["sections"][0].update(colour="red"),            # unknown section key
    lambda c: c["sections"][0].update(variant="sum"),           # another type's option
    lambda c: c["sections"][0].update(type="chess"),            # unknown type
    lambda c: c["sections"][0].update(difficulty="fiendish"),   # unknown level
    lambda c: c["sections"][0].update(difficulty="master"),     # a level numbrix lacks (sudoku's)
    lambda c: c["sections"][0].update(count=0),                 # out of range
    lambda c: c["sections"][0].pop("difficulty"),               # neither difficulty nor from
    lambda c: c.update(answers="front"),                        # not a choice
    lambda c: c.update(formats=["pdf", "epub"]),                # not a format
    lambda c: c.pop("title"),                                   # required
])
def test_schema_rejects_what_the_loader_rejects(change, write_config):
    import yaml

    from bookgen.config import load_config
    from bookgen.errors import BookgenError

    config = shipped_configs()["sampler.yaml"]
    assert isinstance(config, dict)
    change(config)
    assert list(schema_validator().iter_errors(config))
    with pytest.raises(BookgenError):
        load_config(write_config(yaml.safe_dump(config)))


def test_layout_schema_accepts_every_built_in_layout():
    import yaml

    jsonschema = pytest.importorskip("jsonschema")
    from bookgen.config import ROOT
    from bookgen.schema import layout_schema

    validator = jsonschema.Draft7Validator(layout_schema())
    for path in (ROOT / "layouts").glob("*.yaml"):
        assert not list(validator.iter_errors(yaml.safe_load(path.read_text()))), path.name
    assert list(validator.iter_errors(yaml.safe_load(LAYOUT.replace("title", "name"))))
