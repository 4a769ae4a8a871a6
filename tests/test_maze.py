"""Mazes: the facts of the type beyond the every-type tests (tests/test_contract.py and the rest).

Uniform spanning trees (every spanning tree of a small grid drawn equally often), the same maze
from the same seed on any run, the checker (networkx) catching what breaks the rules, loops that
keep the shortest way the only one, the walking person's two hands against their exact sum, the
grids' geometry, the drawing's walls, doors and pictures, the compact answer, the hints, the JSON
Schema, shapes from masks and pictures, bad requests refused with the key named, a large-print
expert book's cells and answer key, and the game in a browser (on a phone too).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import random
from collections import Counter

import networkx as nx
import pytest
import test_html

from bookgen.book import make_book
from bookgen.config import load_config
from bookgen.core.grading import LEVELS
from bookgen.core.pen import RecordingPen
from bookgen.errors import BookgenError, PuzzleFormatError
from bookgen.formats.html import page_record
from bookgen.html import write_html
from bookgen.making import make_puzzle
from bookgen.puzzles import find_type
from bookgen.puzzles.base import Request
from bookgen.puzzles.maze.drawing import UNIT, layout, play_data, unit_of
from bookgen.puzzles.maze.generator import braided, perfect_maze, spanning_tree
from bookgen.puzzles.maze.grader import BANDS, GLANCE, LEFT, RIGHT, hand_walk, rating, worth_trying
from bookgen.puzzles.maze.grids import KINDS, SPLIT, board, openings, sector_counts
from bookgen.puzzles.maze.hints import forks
from bookgen.puzzles.maze.parameters import SIZE_AT, Maze, maze_of, puzzle_of, request_board
from bookgen.puzzles.maze.solver import shortest_ways
from bookgen.render.document import BookDocument

MAZE = find_type("maze")


def _made(level: str = "easy", seed: str = "t", **options: str):
    return MAZE.generate(random.Random(f"maze/{seed}"), Request.make(MAZE, level, options))


def _tree_maze(grid, links: list[list[int]], entrance: int, exit_: int) -> Maze:
    return Maze(grid, tuple(tuple(sorted(near)) for near in links), entrance, exit_)


# --- growing ---------------------------------------------------------------------------------------

def test_wilson_draws_every_spanning_tree_of_a_small_grid_equally_often():
    grid = board("square", (3, 3))
    edges = sorted({(a, b) for a, near in enumerate(grid.neighbours) for b in near if a < b})
    trees = sum(nx.is_tree(nx.Graph(chosen)) and len(nx.Graph(chosen)) == grid.cells
                for chosen in itertools.combinations(edges, grid.cells - 1))  # 192, by brute force
    draws = 40 * trees
    rng = random.Random("uniform")
    seen = Counter(frozenset(frozenset((a, b)) for a, near in enumerate(spanning_tree(rng, grid.neighbours))
                             for b in near) for _ in range(draws))
    assert len(seen) == trees
    assert all(len(tree) == grid.cells - 1 for tree in seen)
    assert all(12 <= count <= 68 for count in seen.values())  # 40 expected, 6.3 either way
    chi = sum((count - 40) ** 2 / 40 for count in seen.values())
    assert chi < trees + 5 * math.sqrt(2 * trees)  # chi-squared with 191 degrees of freedom


def test_the_same_seed_makes_the_same_maze_on_any_run_and_python():
    """Pinned: Random's choices from a string seed and the neighbour lists in a fixed order make
    these exact mazes; a change here changes every book's mazes."""
    first, again = _made(seed="golden"), _made(seed="golden")
    assert first == again
    digests = {kind: hashlib.sha256(json.dumps(_made(seed="golden", grid=kind).puzzle,
                                               sort_keys=True).encode()).hexdigest()[:12]
               for kind in KINDS}
    assert digests == GOLDEN
    assert _made(seed="other").puzzle != first.puzzle


GOLDEN = {"square": "0062fc810a7f", "hex": "f595c1e5ae26", "triangle": "8851af69a981",
          "theta": "8f60c7747a2b"}


@pytest.mark.parametrize("kind", KINDS)
def test_every_grid_makes_a_perfect_maze_its_checker_proves(kind):
    made = _made(grid=kind)
    puzzle, path = made.puzzle, made.solution["path"]
    MAZE.validate(puzzle)
    assert MAZE.check(puzzle, made.solution) == []
    assert len(puzzle["passages"]) == len(puzzle["cells"]) - 1 and made.rating["loops"] == 0
    assert nx.is_tree(nx.Graph([tuple(p) for p in puzzle["passages"]]))
    assert MAZE.solve(puzzle, 2).count == 1 and MAZE.solve(puzzle, 2).solution == {"path": path}
    assert path[0] == puzzle["entrance"] and path[-1] == puzzle["exit"]


@pytest.mark.parametrize("kind", KINDS)
def test_loops_keep_the_way_and_its_shortest_the_only_one(kind):
    grid = request_board(kind, SIZE_AT[kind]["easy"], "square")
    for seed in range(6):
        rng = random.Random(f"loops/{seed}")
        tree = perfect_maze(rng, grid)
        loopy = braided(rng, tree, 1.0)
        graph = nx.Graph((a, b) for a, near in enumerate(loopy.links) for b in near)
        assert graph.number_of_edges() > grid.cells - 1
        ways = list(nx.all_shortest_paths(graph, loopy.entrance, loopy.exit))
        assert ways == [shortest_ways(tree)[1]]
        assert MAZE.check(puzzle_of(loopy), {"path": ways[0]}) == []


def test_half_the_dead_ends_open_into_loops_at_braid_one_half():
    grid = request_board("square", (12, 12), "square")
    rng = random.Random("half")
    tree = perfect_maze(rng, grid)
    ends = rating(tree)["dead_ends"]
    after = rating(braided(rng, tree, 0.5))
    assert ends * 0.3 <= after["dead_ends"] <= ends * 0.6 and after["loops"] > 0


# --- the checker ---------------------------------------------------------------------------------

def _ring_maze() -> dict:
    """A 3x3 maze whose two sides are equally short ways from the top middle to the bottom
    middle; the centre hangs off the left."""
    grid = board("square", (3, 3))
    number = grid.number()
    pairs = [((0, 1), (0, 0)), ((0, 0), (1, 0)), ((1, 0), (2, 0)), ((2, 0), (2, 1)),
             ((0, 1), (0, 2)), ((0, 2), (1, 2)), ((1, 2), (2, 2)), ((2, 2), (2, 1)), ((1, 0), (1, 1))]
    links: list[list[int]] = [[] for _ in range(grid.cells)]
    for a, b in pairs:
        links[number[a]].append(number[b])
        links[number[b]].append(number[a])
    return puzzle_of(_tree_maze(grid, links, number[(0, 1)], number[(2, 1)]))


def test_the_checker_finds_two_equally_short_ways_a_wall_crossed_and_a_maze_in_pieces():
    puzzle = _ring_maze()
    MAZE.validate(puzzle)
    left = [1, 0, 3, 6, 7]
    assert MAZE.solve(puzzle, 5).count == 2
    assert MAZE.check(puzzle, {"path": left}) == ["two ways from the entrance to the exit are equally short"]
    one_way = dict(puzzle, passages=[p for p in puzzle["passages"] if p != [1, 2]])
    assert MAZE.check(one_way, {"path": left}) == []
    longer = dict(one_way, passages=one_way["passages"] + [[4, 5]])  # the centre to the right side
    assert MAZE.check(longer, {"path": [1, 0, 3, 4, 5, 8, 7]}) == [
        "the path takes 6 steps where the shortest way takes 4"]
    assert MAZE.check(one_way, {"path": [1, 0, 3, 4, 7]}) == ["the path crosses a wall between cells 4 and 7"]
    apart = dict(one_way, passages=[p for p in one_way["passages"] if p != [3, 4]])
    assert MAZE.check(apart, {"path": left}) == [
        "the maze falls apart into 2 pieces: some cells cannot be reached"]


@pytest.mark.parametrize(("change", "said"), [
    (lambda p: p.pop("exit"), "a maze has exactly"),
    (lambda p: p.update(grid="star"), "'grid' must be one of"),
    (lambda p: p.update(size=[2, 8]), "'size' of a square maze"),
    (lambda p: p["passages"].append([0, 9]), "a passage is a pair of ids of cells that share a side"),
    (lambda p: p["passages"].append(list(p["passages"][0])), "twice"),
    (lambda p: p["cells"][3].update(x=9.5), "cell 3 is drawn at (9.5"),
    (lambda p: p.update(entrance=27), "'entrance' is the id of a cell with a side open to the top"),
    (lambda p: p.update(exit=p["entrance"]), "'exit' is the id of a cell with a side open to the bottom"),
    (lambda p: p.update(pictures="cat"), "'pictures' is one of mouse, bee"),
    (lambda p: p.update(colour="red"), "and may have pictures"),
])
def test_puzzle_json_that_breaks_the_format_is_refused(change, said):
    puzzle = json.loads(json.dumps(_made().puzzle))
    change(puzzle)
    with pytest.raises(PuzzleFormatError, match=said.replace("(", r"\(")):
        MAZE.validate(puzzle)


# --- grading -------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_the_two_hands_take_the_path_plus_the_ways_worth_trying_between_them(kind):
    """In a perfect maze each way off the path that cannot be seen to end lies on one hand's side
    of the path: that hand's walk goes into all of it and out again, the other's never, so the
    two walks' mean is the path plus the cells of those ways, exactly."""
    grid = request_board(kind, SIZE_AT[kind]["easy"], "square")
    for seed in range(3):
        maze = perfect_maze(random.Random(f"exact/{seed}"), grid)
        ways = worth_trying(maze)
        path = shortest_ways(maze)[1]
        on_path = set(path)
        exact = len(path) - 1 + sum(_cells_beyond(ways, way, cell) for cell in path[:-1]
                                    for way in ways[cell] if way not in on_path)
        rated = rating(maze)
        assert (rated["right_hand_steps"], rated["left_hand_steps"]) == (
            hand_walk(maze, ways, RIGHT), hand_walk(maze, ways, LEFT))
        assert rated["person_steps"] == exact and rated["score"] == round(exact)
        assert rating(maze) == rated  # no chance in it: the same maze rates the same


def _cells_beyond(ways: list[list[int]], cell: int, parent: int) -> int:
    """The cells a walk into `cell` from `parent` can reach by ways worth trying."""
    count, todo = 0, [(cell, parent)]
    while todo:
        here, before = todo.pop()
        count += 1
        todo += [(way, here) for way in ways[here] if way != before]
    return count


def test_a_way_that_ends_within_a_glance_is_never_tried():
    grid = board("square", (3, 5))
    number = grid.number()
    corridor = [(0, c) for c in range(5)] + [(1, 4), (2, 4)]
    stub = [(0, 2), (1, 2), (2, 2)][:GLANCE]  # a dead end of GLANCE - 1 cells below the corridor
    links: list[list[int]] = [[] for _ in range(grid.cells)]
    for a, b in list(zip(corridor, corridor[1:])) + list(zip(stub, stub[1:])):
        links[number[a]].append(number[b])
        links[number[b]].append(number[a])
    maze = _tree_maze(grid, links, number[(0, 0)], number[(2, 4)])
    ways = worth_trying(maze)
    assert number[(1, 2)] not in ways[number[(0, 2)]]
    assert hand_walk(maze, ways, RIGHT) == hand_walk(maze, ways, LEFT) == len(corridor) - 1


@pytest.mark.parametrize("kind", KINDS)
def test_a_harder_level_is_a_larger_maze_and_its_score_lies_in_its_band(kind):
    sizes = [SIZE_AT[kind][level] for level in LEVELS]
    assert sizes == sorted(sizes) and len(set(sizes)) == len(LEVELS)
    for level in ("easy", "medium"):
        rated = _made(level, grid=kind).rating
        low, high = BANDS.span(level)
        assert rated["level"] == level and low <= rated["score"] <= high
        assert rated["score"] == round(rated["person_steps"]) and rated["path"] >= 2


def test_a_size_that_can_never_be_the_level_is_refused_before_any_work():
    with pytest.raises(BookgenError, match="1600 cells is never easy") as caught:
        Request.make(MAZE, "easy", {"size": "40"})
    assert caught.value.key == "size"
    with pytest.raises(BookgenError, match="choose a larger size"):
        Request.make(MAZE, "expert", {"size": "10"})


# --- grids ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("kind", "size", "most"), [
    ("square", (5, 6), 4), ("hex", (6, 5), 6), ("triangle", (4, 9), 3), ("theta", (9,), 12)])
def test_every_side_between_two_cells_is_theirs_both_ways(kind, size, most):
    grid = board(kind, size)
    for cell, sides in enumerate(grid.sides):
        for side in sides:
            if side.across is not None:
                back = [s for s in grid.sides[side.across] if s.across == cell]
                assert len(back) == 1
                assert {_rounded(side.start), _rounded(side.end)} == {_rounded(back[0].start),
                                                                     _rounded(back[0].end)}
        assert len(grid.neighbours[cell]) <= most
    assert openings(grid, True) and openings(grid, False)


def _rounded(point) -> tuple[float, float]:
    return round(point[0], 6), round(point[1], 6)


def test_a_theta_rings_cells_stay_about_as_wide_as_a_ring():
    counts = sector_counts(20)
    assert counts[:4] == (1, 6, 12, 24)
    for ring in range(2, 20):
        width = 2 * math.pi * (ring + 0.5) / counts[ring]
        assert 0.8 <= width <= SPLIT and counts[ring] in (counts[ring - 1], 2 * counts[ring - 1])


# --- twins ---------------------------------------------------------------------------------------

def _moved(puzzle: dict, move) -> dict:
    """The puzzle with every cell moved to `move(place)` on the same board, renumbered."""
    grid = maze_of(puzzle).board
    number = grid.number()
    new = {old: number[move(place)] for old, place in enumerate(grid.places)}
    links: list[list[int]] = [[] for _ in range(grid.cells)]
    for a, b in puzzle["passages"]:
        links[new[a]].append(new[b])
        links[new[b]].append(new[a])
    return puzzle_of(_tree_maze(grid, links, new[puzzle["entrance"]], new[puzzle["exit"]]))


def test_a_maze_turned_or_mirrored_is_a_twin():
    square = _made(size="6").puzzle
    turned = _moved(square, lambda place: (place[1], 5 - place[0]))
    mirrored = _moved(square, lambda place: (place[0], 5 - place[1]))
    assert MAZE.canonical(turned) == MAZE.canonical(square) == MAZE.canonical(mirrored)
    assert turned != square
    theta = _made(grid="theta").puzzle
    counts = sector_counts(theta["size"][0])
    spun = _moved(theta, lambda p: (p[0], (p[1] + counts[p[0]] // 6 * 2) % counts[p[0]]))
    flipped = _moved(theta, lambda p: (p[0], counts[p[0]] - 1 - p[1]))
    assert MAZE.canonical(spun) == MAZE.canonical(theta) == MAZE.canonical(flipped)
    assert MAZE.canonical(_made(grid="theta", seed="u").puzzle) != MAZE.canonical(theta)
    assert MAZE.answer_form(square, {"path": []}) == MAZE.canonical(square)


# --- drawing -------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_every_closed_side_is_drawn_and_every_passage_and_door_is_open(kind):
    made = _made(grid=kind)
    maze = maze_of(made.puzzle)
    plan = layout(maze)
    pen = RecordingPen()
    MAZE.draw_puzzle(pen, made.puzzle)
    segments = [(a, b) for name, kw in pen.calls if name == "polyline"
                for a, b in zip(kw["points"], kw["points"][1:])]
    arcs = [kw for name, kw in pen.calls if name in ("arc", "circle")]
    grid = maze.board
    doors = {(maze.entrance, openings(grid, True)[maze.entrance]),
             (maze.exit, openings(grid, False)[maze.exit])}
    for cell, sides in enumerate(grid.sides):
        for index, side in enumerate(sides):
            middle = plan.at(side.middle(grid.origin))
            drawn = (any(_on_segment(middle, a, b) for a, b in segments)
                     or any(_on_arc(middle, kw) for kw in arcs))
            open_ = (cell, index) in doors or (side.across is not None and side.across in maze.links[cell])
            assert drawn != open_, (cell, index)
    assert pen.texts() == ["Start", "Finish"]
    assert all(kw["width"] >= 0.5 for name, kw in pen.calls if name in ("polyline", "arc", "circle"))


@pytest.mark.parametrize(("kind", "choice"), [("square", "mouse"), ("theta", "bee"), ("triangle", "bee")])
def test_pictures_stand_beside_the_arrows_off_the_cells_in_the_puzzle_and_its_answer(kind, choice):
    plain, made = _made(grid=kind), _made(grid=kind, pictures=choice)
    assert made.puzzle == plain.puzzle | {"pictures": choice}  # the same maze, pictures aside
    assert MAZE.canonical(made.puzzle) == MAZE.canonical(plain.puzzle)
    MAZE.validate(made.puzzle)
    maze = maze_of(made.puzzle)
    for answer in (False, True):
        plan = layout(maze, choice, answer)
        top, bottom = plan.offset[1], plan.offset[1] + maze.board.extent[1] * plan.unit
        assert [p.choice for p in plan.pictures] == [choice, choice]
        for picture, arrow, above in zip(plan.pictures, plan.arrows, (True, False)):
            xs = [x for x, _ in arrow]
            box = (picture.x, picture.y, picture.x + picture.size, picture.y + picture.size)
            assert 0 <= box[0] and box[2] <= plan.size[0]  # inside the drawing
            assert box[3] < top if above else box[1] > bottom  # off the cells and their walls
            assert box[2] < min(xs) or box[0] > max(xs)  # beside its arrow
            assert picture.mirrored == (box[0] > max(xs))  # facing it
    plain_pen, puzzle_pen, answer_pen = RecordingPen(), RecordingPen(), RecordingPen()
    MAZE.draw_puzzle(plain_pen, plain.puzzle)
    MAZE.draw_puzzle(puzzle_pen, made.puzzle)
    MAZE.draw_solution(answer_pen, made.puzzle, made.solution)
    assert len(puzzle_pen.calls) > len(plain_pen.calls) and puzzle_pen.texts() == ["Start", "Finish"]
    assert answer_pen.texts() == []  # the answer's arrows and pictures mark its ends
    drawn = play_data(made.puzzle)["pictures"]
    assert drawn["choice"] == choice and len(drawn["shapes"]) == 2
    assert "pictures" not in play_data(plain.puzzle)
    story = {"mouse": "Help the mouse find its way to the cheese.",
             "bee": "Help the bee find its way to the flower."}
    assert MAZE.rules(Request.make(MAZE, "easy", {"grid": kind, "pictures": choice})).endswith(story[choice])


def test_an_answer_is_its_puzzle_without_words_drawn_at_their_floor_scale(write_config):
    """The key draws a maze's answer (the puzzle's drawing without its words, two thirds as
    large) as every answer without text, at the scale at which its puzzle's words reach the
    floor: 7 of their 12 pt. At the puzzle's own size an expert maze's answer took a 6x9 page;
    now two stand side by side there. The solved example beside its puzzle keeps the puzzle's
    size."""
    made = _made("expert")
    (width, height), (puzzle_width, puzzle_height) = MAZE.answer_size(made.puzzle), MAZE.measure(made.puzzle)
    filled_width, filled_height = MAZE.example_answer_size(made.puzzle)
    assert (width, height) == pytest.approx((filled_width * 2 / 3, filled_height * 2 / 3))
    assert filled_width <= puzzle_width and filled_height < puzzle_height
    assert layout(maze_of(made.puzzle), answer=True).unit == unit_of(maze_of(made.puzzle).board)
    path = write_config("""
        title: Mazes
        layout: 6x9
        seed: answers
        sections:
          - {type: maze, count: 2, difficulty: expert}
        """)
    book = make_book(load_config(path))
    document = BookDocument(book)
    assert document.answer_scale(book.sections[0]) == pytest.approx(7 / 12)
    from reportlab.lib.units import mm

    from bookgen.render.geometry import make_geometry

    frame_width = make_geometry(document.layout, document.config, 24).frame_size[0]
    assert 2 * width * mm * 7 / 12 < frame_width - 6 * mm  # two, and a gap between them


def _on_segment(point, a, b) -> bool:
    (px, py), (ax, ay), (bx, by) = point, a, b
    length = math.hypot(bx - ax, by - ay)
    cross = abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / length
    along = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length
    return cross < 0.01 and 0 < along < length


def _on_arc(point, kw) -> bool:
    dx, dy = point[0] - kw["cx"], point[1] - kw["cy"]
    if abs(math.hypot(dx, dy) - kw["r"]) > 0.01:
        return False
    if "start" not in kw:
        return True  # a whole circle
    angle = math.degrees(math.atan2(dy, dx))
    return any(kw["start"] < angle + turn < kw["end"] for turn in (-360, 0, 360))


def test_a_round_mazes_print_copy_draws_its_arcs_as_the_book_does():
    """The playable page's no-script board (the SVG pen) holds an SVG arc for each of the pen's
    arcs, in order, among the same shapes as the book's drawing."""
    import xml.etree.ElementTree as ElementTree

    from bookgen.render.svgpen import ELEMENT, SvgPen, drawn_shapes

    made = _made(grid="theta")
    recording, svg_pen = RecordingPen(), SvgPen()
    MAZE.draw_puzzle(recording, made.puzzle)
    MAZE.draw_puzzle(svg_pen, made.puzzle)
    shapes = drawn_shapes(ElementTree.fromstring(svg_pen.svg(*MAZE.measure(made.puzzle), "Maze")))
    names = [name for name, _ in recording.calls]
    assert "arc" in names and [shape.tag for shape in shapes] == [ELEMENT.get(name, name) for name in names]
    arcs = [shape for shape, name in zip(shapes, names) if name == "arc"]
    assert all(" A" in arc.get("d", "") for arc in arcs)


def test_a_large_print_expert_book_has_5_mm_cells_and_its_answer_key_keeps_its_heading(write_config):
    """The lead's 8x10 large-print book of 30x30 mazes: their cells are 5 mm or more, and the
    answer key's heading stands above an answer, not alone on a page (the auditor reads the key
    from the page where its first answer is: a heading alone there reads as no key at all)."""
    from bookgen.audit import audit

    assert unit_of(request_board("square", (5, 5), "square")) == 8.0
    assert unit_of(request_board("square", (30, 30), "square")) == UNIT
    path = write_config("""
        title: Large mazes
        layout: 8x10
        large_print: true
        seed: large
        sections:
          - {type: maze, count: 2, difficulty: expert}
          - {type: maze, count: 1, difficulty: medium, grid: theta, pictures: bee}
        """)
    book = make_book(load_config(path))
    document = BookDocument(book)
    pdf, _pages = document.render("book", {})
    assert document.puzzle_scales is not None
    for section, scale in zip(book.sections, document.puzzle_scales):
        unit = unit_of(maze_of(section.records[0].puzzle).board)
        assert unit * scale >= 5.0, (section.config.request.describe(), unit * scale)
    assert audit(pdf, large_print=True) == []


# --- hints, JSON, the page -----------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_a_hint_from_each_cell_of_the_way_lights_it_on_to_the_next_fork(kind):
    made = _made(grid=kind, braid="0.5")
    maze, path = maze_of(made.puzzle), made.solution["path"]
    hints = MAZE.hints(made.puzzle, made.solution)
    cuts = forks(maze, path)
    assert [h["value"] for h in hints] == list(range(len(path) - 1))
    for index, hint in enumerate(hints):
        end = next(cut for cut in cuts if cut > index)
        assert hint["cells"] == path[index:end + 1]
        assert end == len(path) - 1 or len(maze.links[path[end]]) >= 3  # it ends at a fork or the exit
        steps = end - index
        onto = "the exit" if end == len(path) - 1 else "the next fork"
        told = f"{steps} step{'s' if steps > 1 else ''} on to {onto}"
        assert hint["why"] == f"Follow the lit cells: part {cuts.index(end)} of {len(cuts) - 1}, {told}"


def test_a_puzzle_line_follows_the_types_json_schema():
    from test_schemas import validator_of  # skips where jsonschema is not installed

    for options in ({}, {"grid": "theta"}, {"braid": "1", "grid": "hex"}, {"shape": "diamond", "size": "9"}):
        line = make_puzzle(Request.make(MAZE, "easy", options), "schema").to_json()
        validator_of("maze").validate(line)
    assert MAZE.json_schema == "schema.json"


def test_play_data_places_the_walls_and_cells_as_the_book_draws_them():
    made = _made(grid="hex")
    data, plan = play_data(made.puzzle), layout(maze_of(made.puzzle))
    assert data["size"] == [round(v, 2) for v in plan.size] and data["unit"] == plan.unit
    assert len(data["strokes"]) == len(plan.strokes) and data["arcs"] == []
    cell, (left, top), unit = made.puzzle["cells"][5], data["offset"], data["unit"]
    assert plan.at((cell["x"], cell["y"])) == pytest.approx(
        (left + cell["x"] * unit, top + cell["y"] * unit), abs=0.01)


# --- shapes --------------------------------------------------------------------------------------

def test_a_shape_from_a_name_a_mask_and_a_picture(write_config, tmp_path):
    heart = _made(shape="heart", size="12").puzzle
    assert {(c["row"], c["col"]) for c in heart["cells"]} < {(r, c) for r in range(12) for c in range(12)}
    mask = ".##./####/####/.##."
    drawn = _made(shape=mask).puzzle
    assert sorted((c["row"], c["col"]) for c in drawn["cells"]) == [
        (r, c) for r, row in enumerate(mask.split("/")) for c, ch in enumerate(row) if ch == "#"]
    from PIL import Image, ImageDraw

    picture = Image.new("RGB", (200, 200), "white")
    ImageDraw.Draw(picture).ellipse((10, 10, 190, 190), fill="black")
    picture.save(tmp_path / "disc.png")
    path = write_config("""
        title: Round
        seed: disc
        sections:
          - {type: maze, count: 1, difficulty: easy, shape: disc.png, size: 9}
        """)
    (section,) = load_config(path).sections
    shape = section.request.options["shape"]
    assert shape.count("/") == 8 and shape.startswith(".") and "#########" in shape  # a disc, 9 across
    record = make_book(load_config(path)).sections[0].records[0]
    assert len(record.puzzle["cells"]) == shape.count("#")


@pytest.mark.parametrize(("options", "key", "said"), [
    ({"grid": "hex", "shape": "heart"}, "shape", "a shape is cut from a square grid"),
    ({"grid": "theta", "size": "8x9"}, "size", "a theta maze's size is its number of rings"),
    ({"shape": "##../##../..##/..##"}, "shape", "fall into 2 pieces"),
    ({"shape": "star"}, "shape", "is not a built-in shape"),
    ({"braid": "2"}, "braid", "is not allowed"),
    ({"shape": "####/####", "size": "3"}, "size", "larger than the size 3x3"),
])
def test_a_request_a_maze_cannot_meet_is_one_clear_error(options, key, said):
    with pytest.raises(BookgenError, match=said) as caught:
        Request.make(MAZE, "easy", options)
    assert caught.value.key == key


# --- in the browser ------------------------------------------------------------------------------

def _arrow(a, b) -> str:
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) > abs(dy):
        return "ArrowRight" if dx > 0 else "ArrowLeft"
    return "ArrowDown" if dy > 0 else "ArrowUp"


@pytest.fixture(scope="module")
def maze_page(tmp_path_factory):
    records = []
    for number, (level, options) in enumerate((("easy", {}), ("easy", {"grid": "theta"}),
                                               ("expert", {"pictures": "mouse"})), 1):
        made = make_puzzle(Request.make(MAZE, level, options), f"page-{number}")
        records.append(page_record(MAZE, made.to_json(), number))
    path = tmp_path_factory.mktemp("maze") / "book.html"
    write_html(path, "Mazes", None, [{"title": "Maze", "type": "maze", "rules": "Play.", "level": "easy",
                                      "puzzles": records}])
    return path, records


def test_a_maze_is_walked_by_keys_stopped_by_walls_and_hinted_from_the_lines_end(browser, maze_page):
    """Hint lights the way on from the end of the line, and once the line has left the way it
    rings the square where it left and says so in a maze's words (not a row and column), as Check
    does (not "1 wrong entry")."""
    path, records = maze_page
    record = records[0]
    data = play_data(record["puzzle"])
    answer = record["solution"]["path"]
    cells = record["puzzle"]["cells"]
    centres = [(c["x"], c["y"]) for c in cells]
    links: dict[int, set[int]] = {a: set() for a in range(len(centres))}
    for a, b in record["puzzle"]["passages"]:
        links[a] |= {b}
        links[b] |= {a}
    with test_html._opener(browser, path) as open_:
        tab = open_()
        board = tab.locator("#puzzle-1 .maze svg")
        status = tab.locator("#puzzle-1 .status")
        hint = tab.locator("#puzzle-1 button[data-action='hint']")
        check = tab.locator("#puzzle-1 button[data-action='check']")

        def walk(way: list[int]) -> None:
            board.focus()
            for a, b in zip(way, way[1:]):
                tab.keyboard.press(_arrow(centres[a], centres[b]))

        def lit() -> int:
            return tab.locator("#puzzle-1 .hint-way").get_attribute("points").count(",")

        board.focus()
        here = answer[0]
        walled = next(key for key in ("ArrowUp", "ArrowLeft", "ArrowRight", "ArrowDown")
                      if all(_arrow(centres[here], centres[n]) != key for n in links[here]))
        tab.keyboard.press(walled)
        assert status.text_content() == "A wall is in the way."
        hint.click()
        first = record["hints"][0]
        assert status.text_content() == f"{first['why']}." and lit() == len(first["cells"])
        walk(answer[:3])
        hint.click()
        third = record["hints"][2]
        assert status.text_content() == f"{third['why']}." and lit() == len(third["cells"])
        board.focus()
        tab.keyboard.press("Backspace")  # back over the last step: the line is one cell shorter
        assert tab.locator("#puzzle-1 .way").get_attribute("points").count(" ") == 2
        fork = next(i for i in range(1, len(answer) - 1) if links[answer[i]] - set(answer))
        astray = min(links[answer[fork]] - set(answer))
        walk(answer[1:fork + 1] + [astray])
        hint.click()
        assert status.text_content() == ("Your line leaves the path at the circle: go back to it along "
                                          "the lit part of your line.")
        assert tab.locator("#puzzle-1 .hint-ring").get_attribute("visibility") == "visible" and lit() == 2
        ring = tab.locator("#puzzle-1 .hint-ring")
        assert (float(ring.get_attribute("cx")), float(ring.get_attribute("cy"))) == pytest.approx(
            (data["offset"][0] + cells[answer[fork]]["x"] * data["unit"],
             data["offset"][1] + cells[answer[fork]]["y"] * data["unit"]), abs=0.01)
        board.focus()
        tab.keyboard.press("Backspace")  # a move takes the ring away
        assert ring.get_attribute("visibility") == "hidden"
        walk([answer[fork], astray])
        check.click()  # Check says it in a maze's words, and rings where the line left the way too
        assert status.text_content() == "Your line leaves the path at the circle: go back to it."
        assert ring.get_attribute("visibility") == "visible"
        assert (float(ring.get_attribute("cx")), float(ring.get_attribute("cy"))) == pytest.approx(
            (data["offset"][0] + cells[answer[fork]]["x"] * data["unit"],
             data["offset"][1] + cells[answer[fork]]["y"] * data["unit"]), abs=0.01)
        board.focus()
        tab.keyboard.press("Backspace")
        check.click()
        assert status.text_content() == "Right so far: go on to the exit."
        assert ring.get_attribute("visibility") == "hidden"
        walk(answer[fork:])
        assert status.text_content() == "Solved!"
        assert tab.locator("#puzzle-1.solved").count() == 1
        tab.locator("#puzzle-1 button[data-action='undo']").click()
        assert status.text_content() != "Solved!"


@pytest.mark.parametrize("pointer", ["mouse", "finger"])
def test_a_round_maze_is_drawn_by_dragging_and_backing_up_rubs_the_line_out(browser, maze_page, pointer):
    """By mouse on a desktop, by finger on a phone (where the board fits the screen's width)."""
    path, records = maze_page
    record = records[1]
    answer = record["solution"]["path"]
    data = play_data(record["puzzle"])
    cells = record["puzzle"]["cells"]
    with test_html._opener(browser, path) as open_:
        tab = open_(width=360, height=700, touch=True) if pointer == "finger" else open_()
        board = tab.locator("#puzzle-2 .maze svg")
        board.scroll_into_view_if_needed()
        box = board.bounding_box()
        assert box["width"] <= 360 or pointer == "mouse"
        scale = box["width"] / (data["size"][0] + 2)

        def screen(cell: int) -> tuple[float, float]:
            x = data["offset"][0] + cells[cell]["x"] * data["unit"] + 1
            y = data["offset"][1] + cells[cell]["y"] * data["unit"] + 1
            return box["x"] + x * scale, box["y"] + y * scale

        def drag(way: list[int]) -> None:
            points = [screen(way[0])]
            for a, b in zip(way, way[1:]):
                (x0, y0), (x1, y1) = screen(a), screen(b)
                points += [(x0 + (x1 - x0) * step / 2, y0 + (y1 - y0) * step / 2) for step in (1, 2)]
            if pointer == "finger":
                test_html._swipe(tab.context.new_cdp_session(tab), points)
                return
            tab.mouse.move(*points[0])
            tab.mouse.down()
            for point in points[1:]:
                tab.mouse.move(*point)
            tab.mouse.up()

        drag(answer)
        assert tab.locator("#puzzle-2 .status").text_content() == "Solved!"
        drag(list(reversed(answer[2:])))
        drawn = tab.locator("#puzzle-2 .way").get_attribute("points").split(" ")
        assert len(drawn) == 1 + 3  # the door, then the first three cells of the way
        tab.locator("#puzzle-2 button[data-action='check']").click()
        assert tab.locator("#puzzle-2 .status").text_content() == "Right so far: go on to the exit."


def test_an_easy_maze_of_every_grid_and_a_medium_one_of_squares_fit_a_phone(browser, tmp_path):
    """On a 390x844 phone an easy maze of every grid (with loops too, the most cells an easy maze
    takes by default) and a medium one of squares or hexagons show whole, with no sideways scroll
    nor its cue, their cells of 24 px (a child's maze) and 20 px at least, what a finger steers a
    line across (a word search's letters); a medium round maze, whose rings would be thinner,
    scrolls. Before, cells of 32 px at least cut an easy round maze at the left edge."""
    shown = [("easy", {"grid": kind}) for kind in KINDS] + [("easy", {"grid": "theta", "braid": "1"}),
                                                              ("medium", {}), ("medium", {"grid": "hex"}),
                                                              ("medium", {"grid": "theta"})]
    made = [make_puzzle(Request.make(MAZE, level, options), f"fit-{number}")
            for number, (level, options) in enumerate(shown, 1)]
    records = [page_record(MAZE, puzzle.to_json(), number) for number, puzzle in enumerate(made, 1)]
    path = tmp_path / "book.html"
    write_html(path, "Mazes", None, [{"title": "Maze", "type": "maze", "rules": "Play.", "level": "easy",
                                      "puzzles": records}])
    with test_html._opener(browser, path) as open_:
        tab = open_(width=390, height=844, touch=True)
        for number, ((level, options), record) in enumerate(zip(shown, records), 1):
            data = play_data(record["puzzle"])
            board = tab.locator(f"#puzzle-{number} .maze svg")
            board.scroll_into_view_if_needed()
            cell = board.bounding_box()["width"] / (data["size"][0] + 2) * data["unit"]
            fits = tab.locator(f"#puzzle-{number} .scroll-box").evaluate(
                "box => box.scrollWidth <= box.clientWidth")
            cued = tab.locator(f"#puzzle-{number} .scroll-view").evaluate(
                "view => view.classList.contains('more-left') || view.classList.contains('more-right')")
            if options.get("grid") == "theta" and level == "medium":
                assert not fits and cued and cell == pytest.approx(20, abs=0.5), number
            else:
                assert fits and not cued and cell >= (24 if level == "easy" else 20), (number, options, cell)


def test_a_large_maze_on_a_phone_keeps_finger_sized_cells_and_scrolls_in_its_board(browser, maze_page):
    """A 30x30 maze on a 360 px phone: cells of 20 px or more, the maze scrolls sideways in its box
    (the page does not), which opens on Start; a swipe away from the line's end scrolls and draws
    nothing, a finger from the line's end draws, and the arrow keys keep the line's end in view;
    the pictures are drawn."""
    path, records = maze_page
    record = records[2]
    answer, data = record["solution"]["path"], play_data(record["puzzle"])
    cells = record["puzzle"]["cells"]
    with test_html._opener(browser, path) as open_:
        tab = open_(width=360, height=700, touch=True)
        board = tab.locator("#puzzle-3 .maze svg")
        board.scroll_into_view_if_needed()
        scroller = tab.locator("#puzzle-3 .scroll-box")
        box = board.bounding_box()
        scale = box["width"] / (data["size"][0] + 2)  # px per mm
        assert scale * data["unit"] >= 20
        assert scroller.evaluate("node => node.scrollWidth > node.clientWidth + 300")
        assert tab.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert tab.locator("#puzzle-3 .picture title").all_text_contents() == ["a mouse", "cheese"]
        cdp = tab.context.new_cdp_session(tab)
        view, start = scroller.bounding_box(), tab.locator("#puzzle-3 .grip").bounding_box()
        assert view["x"] <= start["x"] + start["width"] / 2 <= view["x"] + view["width"]  # it opens on Start
        scroller.evaluate("node => { node.scrollLeft = 0; }")
        x, y = view["x"] + view["width"] / 2, tab.evaluate("innerHeight") / 2
        before = scroller.evaluate("node => node.scrollLeft")
        test_html._swipe(cdp, [(x - 12 * step, y) for step in range(12)])
        tab.wait_for_function(f"document.querySelector('#puzzle-3 .scroll-box').scrollLeft > {before + 40}",
                              timeout=2000)
        assert tab.locator("#puzzle-3 .way").get_attribute("points").count(" ") == 1  # the door, the entrance

        def screen(cell: int) -> tuple[float, float]:
            now = board.bounding_box()
            return (now["x"] + (data["offset"][0] + cells[cell]["x"] * data["unit"] + 1) * scale,
                    now["y"] + (data["offset"][1] + cells[cell]["y"] * data["unit"] + 1) * scale)

        grip = tab.locator("#puzzle-3 .grip")
        grip.scroll_into_view_if_needed()
        points = [screen(answer[0])]
        for a, b in zip(answer[:3], answer[1:3]):
            (x0, y0), (x1, y1) = screen(a), screen(b)
            points += [(x0 + (x1 - x0) * step / 3, y0 + (y1 - y0) * step / 3) for step in (1, 2, 3)]
        test_html._swipe(cdp, points)
        assert tab.locator("#puzzle-3 .way").get_attribute("points").count(" ") == 3
        board.focus()
        for a, b in zip(answer[2:40], answer[3:40]):
            tab.keyboard.press(_arrow((cells[a]["x"], cells[a]["y"]), (cells[b]["x"], cells[b]["y"])))
        end, seen = grip.bounding_box(), scroller.bounding_box()
        middle = (end["x"] + end["width"] / 2, end["y"] + end["height"] / 2)
        assert seen["x"] <= middle[0] <= seen["x"] + seen["width"]
        assert 0 <= middle[1] <= tab.evaluate("innerHeight")
        assert tab.locator("#puzzle-3 .way").get_attribute("points").count(" ") == 40


def test_a_finger_resting_near_the_screens_edge_scrolls_a_cell_on_and_draws_nothing(browser, maze_page):
    """On a 390x844 phone a finger rests on the line's end 30 px above the screen's bottom, with a
    tremor of a few pixels: the page scrolls most of a cell on, so the next cell shows, and stops;
    the line stays (it ran on into whatever cell slid under the finger, while the page scrolled on
    to the maze's foot). The finger moved back onto the line's end and into the next cell of the
    way draws that cell."""
    path, records = maze_page
    record = records[2]
    answer, data = record["solution"]["path"], play_data(record["puzzle"])
    cells = record["puzzle"]["cells"]
    with test_html._opener(browser, path) as open_:
        tab = open_(width=390, height=844, touch=True)
        grip, line = tab.locator("#puzzle-3 .grip"), tab.locator("#puzzle-3 .way")
        grip.scroll_into_view_if_needed()
        end = grip.bounding_box()
        tab.evaluate(f"window.scrollBy(0, {end['y'] + end['height'] / 2 - (844 - 30)})")
        end = grip.bounding_box()
        x, y = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
        assert 0 < x < 390 and y == pytest.approx(844 - 30, abs=1)
        board = tab.locator("#puzzle-3 .maze svg").bounding_box()
        cell = board["width"] / (data["size"][0] + 2) * data["unit"]  # px
        drawn, before = line.get_attribute("points"), tab.evaluate("scrollY")
        cdp = tab.context.new_cdp_session(tab)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for tremor in range(12):
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x + tremor % 3, "y": y - tremor % 2}]})
            tab.wait_for_timeout(100)
        scrolled = tab.evaluate("scrollY") - before
        assert 0.8 * cell <= scrolled <= 0.8 * cell + 14  # and a scroll step (14 px at most)
        assert line.get_attribute("points") == drawn
        now = tab.locator("#puzzle-3 .maze svg").bounding_box()
        scale = now["width"] / (data["size"][0] + 2)

        def screen(cell: int) -> tuple[float, float]:
            return (now["x"] + (data["offset"][0] + cells[cell]["x"] * data["unit"] + 1) * scale,
                    now["y"] + (data["offset"][1] + cells[cell]["y"] * data["unit"] + 1) * scale)

        (x0, y0), (x1, y1) = screen(answer[0]), screen(answer[1])
        for point in ((x0, y0), (x1, y1)):  # back onto the line's end, then into the next cell
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": point[0], "y": point[1]}]})
            tab.wait_for_timeout(50)  # a move a frame, not two coalesced into one
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        assert line.get_attribute("points").count(" ") == drawn.count(" ") + 1


def test_a_sheet_of_four_hex_mazes_prints_them_all_below_its_opening(tmp_path):
    """Four medium hex mazes on US Letter printed two below the example's two drawings and two on
    a second page, though the sheet asks for all four on one (per_page: 4) and the page left room
    for them below the example solved alone: the opening now keeps every row of the sheet's page
    below it where some way of drawing its example does."""
    from pypdf import PdfReader

    from bookgen.audit import audit
    from bookgen.cli import main

    target = tmp_path / "sheet.pdf"
    assert main(["worksheet", "maze", "-d", "medium", "-n", "4", "--set", "grid=hex", "--set",
                 "pictures=bee", "--answers", "page", "-o", str(target), "-q", "-j", "1"]) == 0
    pages = [page.extract_text() for page in PdfReader(target).pages]
    assert "Answers" in pages[1] and all(f"\n{n}\n" in f"\n{pages[0]}\n" for n in "234")
    assert audit(target.read_bytes()) == []
