"""The trials expert calcudoku, futoshiki and kakuro puzzles need, and how their scores sort: the
figures their READMEs state about `core.grading.most_trials` (one trial for every three squares
at most) and `tapered` (scores that keep growing past the old cap). bench/calcudoku.py,
bench/futoshiki.py and bench/kakuro.py print a line per size of the expert puzzles they make."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from bookgen.core.grading import most_trials


def expert_trials(label: str, ratings: Sequence[dict[str, Any]]) -> str:
    """One line: the trials of `ratings` (least-most, median), how many exceed their puzzle's
    limit, and how many different scores they have (ties cannot be sorted by rating)."""
    trials = sorted(rating["techniques"].get("trial", 0) for rating in ratings)
    over = sum(rating["techniques"].get("trial", 0) > most_trials(rating["cells"]) for rating in ratings)
    scores = sorted({rating["score"] for rating in ratings})
    return (f"  {label}: trials {trials[0]}-{trials[-1]} (median {statistics.median(trials):g}), "
            f"{over} over the limit; {len(scores)} different scores of {len(ratings)} "
            f"({scores[0]:.2f}-{scores[-1]:.2f})")
