"""Simon Tatham's generators (MIT licence), the anchors of several benches, built from his C source
in a temporary folder: none of his code is kept in this repository.

The source is a checkout of github.com/sgtatham/puzzles, or an Android port's app/src/main/jni
(whose games name arrow modes its puzzles.h defines only for Android: given here alike).
`build_standalone` builds a game's own stand-alone main (-DSTANDALONE_SOLVER: Signpost's
generates, Pattern's solves); `build_generator` builds a game with our driver, DRIVER, which
bench/data/tatham.md describes: `GAME-gen PARAMS COUNT SEED` prints, for each of COUNT puzzles
made from one `random_new(SEED)`, `PARAMS:DESC SOLUTION SECONDS` (the generator's own answer, "-"
where it gives none, and the processor seconds its `new_desc` took).

    python bench/tatham.py GAME FOLDER [--source SOURCE]   (builds FOLDER/GAME-gen, for --keen etc.)
"""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

PLACES = [Path("/tmp/logic/sgt"), Path("/tmp/sgt/app/src/main/jni")]  # where earlier benches put it
SUPPORT = ["random.c", "misc.c", "malloc.c", "nullfe.c"]
GAME_SOURCES = {"pattern": [], "signpost": ["dsf.c", "tree234.c", "sort.c"],
                "keen": ["latin.c", "matching.c", "tree234.c", "dsf.c"],
                "unequal": ["latin.c", "matching.c", "tree234.c", "dsf.c"]}
"""Each game's files beyond its own and SUPPORT (an older tree without sort.c: drop it)."""
FLAGS = ["-O2", "-w", "-DANDROID_ARROWS_LEFT=2", "-DANDROID_ARROWS_LEFT_RIGHT=3"]
DRIVER = r"""
/* bookgen's bench driver (not Tatham's): PARAMS COUNT SEED; times the game's new_desc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "puzzles.h"
extern const game thegame;
static double processor_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return now.tv_sec + now.tv_nsec / 1e9;
}
int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s PARAMS COUNT SEED\n", argv[0]);
        return 2;
    }
    game_params *params = thegame.default_params();
    thegame.decode_params(params, argv[1]);
    char *name = thegame.encode_params(params, true);
    int count = atoi(argv[2]);
    random_state *rs = random_new(argv[3], strlen(argv[3]));
    for (int i = 0; i < count; i++) {
        char *aux = NULL;
        double began = processor_seconds();
        char *desc = thegame.new_desc(params, rs, &aux, false);
        double took = processor_seconds() - began;
        printf("%s:%s %s %.6f\n", name, desc, aux ? aux : "-", took);
        sfree(desc);
        sfree(aux);
    }
    return 0;
}
"""


def find_source(given: Path | None, game: str) -> Path | None:
    """The folder holding GAME.c: the one given, else the first of PLACES that has it."""
    return given or next((place for place in PLACES if (place / f"{game}.c").exists()), None)


def _compile(source: Path, game: str, binary: Path, first: list[str]) -> Path:
    files = [f"{game}.c", *SUPPORT, *GAME_SOURCES[game]]
    missing = [name for name in files if not (source / name).exists()]
    if missing:
        raise SystemExit(f"{source} lacks {', '.join(missing)}")
    subprocess.run(["cc", *FLAGS, f"-I{source}", "-o", str(binary), *first,
                    *(str(source / name) for name in files), "-lm"], check=True)
    return binary


def build_standalone(source: Path, game: str, folder: Path) -> Path:
    """The game's own stand-alone main, built in `folder`."""
    return _compile(source, game, folder / f"{game}-standalone", ["-DSTANDALONE_SOLVER"])


def build_generator(source: Path, game: str, folder: Path) -> Path:
    """The game's generator behind DRIVER, built in `folder` as GAME-gen."""
    driver = folder / "tatham-driver.c"
    driver.write_text(DRIVER)
    return _compile(source, game, folder / f"{game}-gen", [str(driver)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAME_SOURCES))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--source", type=Path, help="the folder holding GAME.c and its support files")
    args = parser.parse_args()
    source = find_source(args.source, args.game)
    if source is None:
        raise SystemExit(f"no {args.game}.c in {', '.join(map(str, PLACES))}: give --source FOLDER")
    print(build_generator(source, args.game, args.folder))


if __name__ == "__main__":
    main()
