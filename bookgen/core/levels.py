"""All difficulty names, in order: menus, configs, solvers and graders read this one list."""

from __future__ import annotations

from bookgen.errors import BookgenError

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")


def level_index(name: str) -> int:
    """Position of a level in LEVELS; a clear error for an unknown name."""
    try:
        return LEVELS.index(name)
    except ValueError:
        raise BookgenError(
            f"unknown difficulty {name!r}; choose one of {', '.join(LEVELS)}", key="difficulty"
        ) from None
