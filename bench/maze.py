"""Maze figures for bookgen/puzzles/maze/README.md.

1. The bands: the levels' bands of the score, then for each grid at each level's default size the
   measured score (the mean of the steps the person of bookgen/puzzles/maze/grader.py takes with
   the right hand and with the left hand on the wall) of freshly grown mazes, before any is kept
   or passed over: its least, 10th percentile, median, 90th percentile and most, the share that
   falls in the level's band (the generator keeps only those) and the mean steps per cell;
   squares also with loops (braid 0.25, 0.5 and 1), at the larger default size loops get.
2. The time to make one maze at each level at the default options (square grid), kept mazes only.
3. The time to make, rate and draw (PDF pen) one 40x40 maze, and to build a book of 100 mazes
   (medium, 6x9, puzzles and answers) with one worker and with two.
4. The page auditor's findings (bookgen.audit) on a book of every showcase request of the type
   and an expert square (two mazes each) in every built-in trim, in standard and in large print.

Run: python bench/maze.py [--mazes 40] [--skip-book] [--skip-audit]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from bookgen.atomic import write_files
from bookgen.book import make_book
from bookgen.config import load_config
from bookgen.core.grading import LEVELS
from bookgen.errors import BookgenError
from bookgen.formats import render_formats
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.maze.generator import braided, perfect_maze
from bookgen.puzzles.maze.grader import BANDS, rating
from bookgen.puzzles.maze.grids import KINDS
from bookgen.puzzles.maze.parameters import default_size, request_board

BOOK = """title: A Hundred Mazes
layout: 6x9
seed: bench
sections:
  - {type: maze, count: 100, difficulty: medium}
"""


def bands(mazes: int) -> None:
    print("bands of the score (the person's steps, the mean of either hand on the wall): "
          + ", ".join(f"{level} {low:.0f}-{'' if high > 10**8 else f'{high:.0f}'}"
                      for level in LEVELS for low, high in [BANDS.span(level)]))
    print(f"scores of {mazes} fresh mazes per row; band: what the level keeps")
    print("grid      braid level   size    cells  least   p10 median   p90  most  band       in band  /cell")
    for kind in KINDS:
        for share in ((0.0, 0.25, 0.5, 1.0) if kind == "square" else (0.0,)):
            for level in LEVELS:
                size = default_size(kind, level, share, "square")
                grid = request_board(kind, size, "square")
                scores = []
                for n in range(mazes):
                    rng = random.Random(f"bench/{kind}/{level}/{n}")
                    maze = perfect_maze(rng, grid)
                    scores.append(rating(braided(rng, maze, share) if share else maze)["score"])
                scores.sort()
                low, high = BANDS.span(level)
                inside = sum(low <= s <= high for s in scores) / mazes
                tenth, ninetieth = scores[mazes // 10], scores[mazes * 9 // 10]
                shown = f"{size[0]}" if kind == "theta" else f"{size[0]}x{size[1]}"
                top = "" if high > 10**8 else f"{high:.0f}"
                print(f"{kind:9} {share:5.2f} {level:7} {shown:7} {grid.cells:5} {scores[0]:6} {tenth:5} "
                      f"{statistics.median(scores):6.0f} {ninetieth:5} {scores[-1]:5}  "
                      f"{low:.0f}-{top:6} {inside:7.0%}  {statistics.mean(scores) / grid.cells:5.2f}")


def timings(mazes: int) -> None:
    maze = find_type("maze")
    print("\nms to make one kept maze (square grid, default options), mean over", mazes)
    for level in LEVELS:
        request = Request.make(maze, level, {})
        started = time.perf_counter()
        for n in range(mazes):
            maze.generate(random.Random(f"bench/time/{n}"), request)
        print(f"  {level:7} {(time.perf_counter() - started) * 1000 / mazes:7.0f}")


def large() -> None:
    from reportlab.pdfgen.canvas import Canvas

    from bookgen.render.fonts import register_fonts
    from bookgen.render.pdfpen import CanvasPen

    maze = find_type("maze")
    request = Request.make(maze, "expert", {"size": "40"})
    started = time.perf_counter()
    made = maze.generate(random.Random("bench/40x40"), request)
    generated = time.perf_counter()
    maze.rate(made.puzzle)
    rated = time.perf_counter()
    canvas = Canvas(os.devnull)
    width, height = maze.measure(made.puzzle)
    pen = CanvasPen(canvas, 0, 800, 1.0,
                    register_fonts("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf"))
    maze.draw_puzzle(pen, made.puzzle)
    maze.draw_solution(pen, made.puzzle, made.solution)
    drawn = time.perf_counter()
    print(f"\n40x40 maze ({made.rating['cells']} cells, score {made.rating['score']}, "
          f"{width:.0f}x{height:.0f} mm): make {generated - started:.2f} s (tries included), "
          f"rate {rated - generated:.2f} s, draw puzzle and answer {drawn - rated:.2f} s")


def book() -> None:
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "mazes.yaml"
        config.write_text(BOOK)
        for workers in (1, 2):
            started = time.perf_counter()
            made = make_book(load_config(config), workers=workers)
            generated = time.perf_counter()
            write_files(render_formats(made, Path(folder) / "mazes.pdf", ["pdf"]))
            print(f"100-maze book, {workers} worker{'s' if workers > 1 else ''}: make "
                  f"{generated - started:.1f} s, whole book {time.perf_counter() - started:.1f} s")


def audits() -> None:
    from bookgen.audit import audit, counts
    from bookgen.config import available_layouts, read_config_text
    from bookgen.render.pdf import render_pdf

    maze = find_type("maze")
    books = {"showcase": [(entry.level, entry.options) for entry in maze.showcase],
             "expert": [("expert", {})]}
    print("\npage auditor: a book of every showcase request, and one of expert squares (2 mazes a "
          "section)")
    made: dict[str, object] = {}
    for layout in available_layouts():
        for large in (False, True):
            said = []
            for name, asked in books.items():
                sections = "".join(f"  - {{type: maze, count: 2, difficulty: {level}"
                                   + "".join(f", {key}: {value}" for key, value in options.items())
                                   + "}\n" for level, options in asked)
                text = (f"title: Mazes\nlayout: {layout}\nlarge_print: {str(large).lower()}\n"
                        f"seed: audit\nsections:\n{sections}")
                config = read_config_text(text, Path("audit.yaml"))
                kept = made.setdefault(name, make_book(config))
                try:
                    pdf = render_pdf(type(kept)(config, kept.sections))[0]  # type: ignore[attr-defined]
                except BookgenError as error:  # a refusal is reported, not hidden
                    said.append(f"{name} refused ({str(error).split(': ', 2)[-1][:60]}...)")
                    continue
                found = audit(pdf, large_print=large)
                said.append(f"{name} {len(found)} findings{' ' + str(counts(found)) if found else ''}")
            print(f"  {layout:8} {'large' if large else 'standard':8} {'; '.join(said)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mazes", type=int, default=40)
    parser.add_argument("--skip-book", action="store_true")
    parser.add_argument("--skip-audit", action="store_true")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} "
          f"on {os.cpu_count()} cores")
    bands(args.mazes)
    timings(max(5, args.mazes // 4))
    large()
    if not args.skip_book:
        book()
    if not args.skip_audit:
        audits()


if __name__ == "__main__":
    main()
