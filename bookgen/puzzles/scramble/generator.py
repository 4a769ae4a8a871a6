"""Making a word scramble: take the words (the user's, or the listed words of the level's
lengths whose letters make no other word: the level's share of the language's common words, or a
theme's), shuffle each as the level shuffles until the scramble is no word, holds no blocked word
and makes only its own word, and keep the list when its measured level is the one asked for.
A user's word whose letters also make another (FROM and FORM) has letters printed in its boxes
that tell it from the others (`printed_letters`), as puzzle books print them.

A book never prints a word twice (`answer_parts`): the request's words are dealt into lists that
share none (`dealt`: its pool in an order drawn from the request alone, which names the book's
seed (`deal_seed`), so the same for every puzzle of a section, cut into lists of `word_count`,
the user's rest a list of its own where it fills a page, else dealt in turn to the lists after
the first), and each puzzle takes one of them: a theme's puzzle draws one by its seed (two that
draw the same list are twins, and the book draws again for the later one); a user's list is
dealt (`deal`), puzzle N the Nth list, so that version B's puzzle N tests the words A's does.
`answers` counts the lists, so a section asking for more puzzles than its words fill is refused
up front, saying how many there are.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from importlib import resources
from itertools import combinations

from bookgen import i18n
from bookgen.api import JSON, Generated, Request, _, next_turn, ngettext, seeded_deal
from bookgen.core.dictionary import blocked_words, is_blocked, is_word
from bookgen.core.grading import level_word, make_at_level
from bookgen.core.known_words import known_words
from bookgen.core.letters import alphabet, grid_form, marked_forms
from bookgen.core.options import language_name
from bookgen.errors import BookgenError
from bookgen.puzzles.fillin.parameters import own_written
from bookgen.puzzles.scramble.grader import in_place, pairs_kept, rate
from bookgen.puzzles.scramble.parameters import (
    ALL,
    COMMON,
    COMMONEST_AT,
    EMPTY,
    LEAST_PER_LIST,
    LENGTHS_AT,
    SHUFFLE_AT,
    example_sets,
)
from bookgen.puzzles.scramble.solver import answers, dictionary_index, known_index, letters_key
from bookgen.puzzles.wordsearch.parameters import (
    ALL_THEMES,
    children_marked,
    children_words,
    theme_marked,
    theme_words,
)

ATTEMPTS = 40
SHUFFLES = 300  # random orders tried for one word before it is left out
COMMON_SHUFFLES = 40
"""Random orders the common words' pool tries for a word (a theme's tries `SHUFFLES`): a common
word that needs more is left out. At expert a fifth of the words tried are words few orders or
none shuffle as it does (repeated letters: BETTER, BUSINESS), and trying each 300 times tripled
the pool's cost."""


def others(word: str, first: bool, language: str) -> list[str]:
    """The other words a scramble of `word` could be read as (its first letter kept, or not): known
    words, and where `word` is none (a user's rare word) the dictionary's forms too, which the
    solver reads it among."""
    key = letters_key(word)
    found = known_index(language).get(key, ())
    if word not in found:
        found += dictionary_index(language).get(key, ())
    return sorted({other for other in found if other != word and (not first or other[0] == word[0])})


def printed_letters(word: str, first: bool, language: str) -> str:
    """The letters the page prints in `word`'s boxes (`EMPTY` a box left empty) so that its
    scramble has one answer: the fewest that tell it from every other word its letters make
    (`others`), in the earliest boxes, the first aside where it holds the kept first letter. Only
    a user's word has any: the built-in lists leave out words whose letters make another."""
    rivals = others(word, first, language)
    places = next(places for count in range(len(word) + 1)
                  for places in combinations(range(int(first), len(word)), count)
                  if all(any(rival[place] != word[place] for place in places) for rival in rivals))
    return "".join(letter if place in places else EMPTY for place, letter in enumerate(word))


def word_pool(request: Request) -> tuple[str, ...]:
    """The words a request scrambles, in grid form: the user's, or the listed known words of the
    level's lengths whose letters make no other word and can be shuffled as the level shuffles."""
    language, level = request.settings["language"], request.level
    given = request.settings["words"]
    if given:
        return tuple(grid_form(word, language) for word in given)
    return _listed_pool(language, request.settings["theme"], level)


def written_words(request: Request) -> dict[str, str]:
    """The words the answers print with marks the grid drops, by their grid form (PAPA -> PAPÀ,
    a letter for each of the scramble's): the user's as written, else the common words' or the
    theme's."""
    language, theme = request.settings["language"], request.settings["theme"]
    if request.settings["words"]:
        return marked_forms(request.settings["words"], language)
    if theme == COMMON:
        return children_marked(language) if request.level == "easy" else own_written(language)
    names = ALL_THEMES if theme == ALL else (theme,)
    return {word: term for name in names for word, term in theme_marked(language, name).items()}


@cache
def _common_shares(language: str) -> dict[str, tuple[str, ...]]:
    """The language's built-in words dealt out to the levels, each word to one: easy the themes'
    (`children_words`: concrete words a child of 7 to 10 knows; the common words' first 1,500 gave
    a child DIREI, SAPETE and TASSO), the others the fill-in's whole list (its `own_words` are the
    first 2,500), most common first, but the themes' words; the example's words left out and
    nothing blocked (should the blocklist have grown since the list was made). A word within
    medium's `COMMONEST_AT` whose lengths medium takes goes to medium; any other to the level, of
    those whose lengths take it, that holds the fewest so far (the easier on a tie), so that
    sections of two levels never share a word and hard and expert draw the rarer words."""
    text = resources.files("bookgen.puzzles.fillin").joinpath(f"words/{language}.txt").read_text("utf-8")
    shown = _example_words(language)
    children = set(children_words(language))
    shares: dict[str, list[str]] = {level: [] for level in LENGTHS_AT}
    shares["easy"] = [word for word in sorted(children - shown) if not is_blocked(word, language)]
    listed = [word for word in text.splitlines() if word and not word.startswith("#")]
    for place, word in enumerate(listed):
        if word in shown or word in children or is_blocked(word, language):
            continue
        levels = [level for level, (low, high) in LENGTHS_AT.items() if level != "easy"
                  and low <= len(word) <= high and place < COMMONEST_AT.get(level, len(listed))]
        if levels:
            easiest = next((level for level in levels if level in COMMONEST_AT), None)
            shares[easiest or min(levels, key=lambda level: len(shares[level]))].append(word)
    return {level: tuple(words) for level, words in shares.items()}


def _example_words(language: str) -> set[str]:
    """The solved examples' words at every level (the first set of each of `example_sets`), in
    grid form: no puzzle of any level takes them (an easy section's example would give a medium
    section's word away), though a theme lists them (DRUM in music and toys, BOOT in transport)."""
    return {grid_form(word, language) for first in (True, False)
            for word in example_sets(language, first)[0]}


def example_words(request: Request | None) -> tuple[str, ...] | None:
    """The example's words: the first set of the level's `example_sets` none of whose words the
    section's own words hold (a teacher's spelling list with LAMP gave it away beside the solved
    LAMP); None where they hold a word of every set. The built-in lists leave the first sets out."""
    language = request.settings["language"] if request is not None else "en"
    first = request is None or SHUFFLE_AT[request.level] == "first"
    taken = {grid_form(word, language) for word in (request.settings["words"] or ())} if request else set()
    return next((words for words in example_sets(language, first)
                 if not taken & {grid_form(word, language) for word in words}), None)


def _listed(language: str, theme: str, level: str) -> tuple[str, ...]:
    """A list's words: the level's share of the language's common words, all the themes
    together, or one theme."""
    if theme == COMMON:
        return _common_shares(language)[level]
    names = ALL_THEMES if theme == ALL else (theme,)
    shown = _example_words(language)
    return tuple(sorted({word for name in names for word in theme_words(language, name)} - shown))


@cache
def _listed_pool(language: str, theme: str, level: str) -> tuple[str, ...]:
    low, high = LENGTHS_AT[level]
    first = SHUFFLE_AT[level] == "first"
    known = known_words(language)
    listed = _listed(language, theme, level)
    tries = COMMON_SHUFFLES if theme == COMMON else SHUFFLES
    return tuple(word for word in listed
                 if low <= len(word) <= high and word in known and not others(word, first, language)
                 and scrambled(random.Random(word), word, level, language, tries) is not None)


def marked_scramble(scramble: str, word: str, written: str) -> str:
    """`scramble` with the marks `written` (its word `word` as the language writes it, a letter
    for a letter) gives its letters: CITTÀ's CATIT as CÀTIT, so the letters given are the letters
    the answer asks for. A letter in its word's place (the kept first letter) takes its own mark;
    each other takes the mark of the first of its word's places of that letter not yet taken."""
    taken = [False] * len(word)
    source = [-1] * len(scramble)
    for place, letter in enumerate(scramble):
        if word[place] == letter:
            source[place], taken[place] = place, True
    for place, letter in enumerate(scramble):
        if source[place] < 0:
            source[place] = next(at for at in range(len(word)) if not taken[at] and word[at] == letter)
            taken[source[place]] = True
    return "".join(written[at] for at in source)


def _count(request: Request, pool: tuple[str, ...]) -> int:
    count = request.settings["word_count"]
    return min(count, len(pool)) if request.settings["words"] else count


def fits(scramble: str, word: str, shuffle: str) -> bool:
    """Whether `scramble` shuffles `word` as `shuffle` says (`parameters.SHUFFLES`)."""
    if shuffle == "first":
        return scramble[0] == word[0]
    if scramble[0] == word[0] or (pairs_kept(scramble, word) > 0) != (shuffle == "paired"):
        return False
    return shuffle == "paired" or (in_place(scramble, word) > 0) == (shuffle == "split")


def scrambled(rng: random.Random, word: str, level: str, language: str, tries: int = SHUFFLES,
              shown: str = "") -> str | None:
    """`word` shuffled as `level` shuffles, no word itself, holding no blocked word, whose one
    answer, its boxes printing the letters `shown`, is `word`; None where no order tried is."""
    shuffle, first = SHUFFLE_AT[level], SHUFFLE_AT[level] == "first"
    blocked, known = blocked_words(language), known_words(language)
    letters = list(word[first:])
    for _try in range(tries):
        rng.shuffle(letters)
        scramble = word[:first] + "".join(letters)
        if scramble == word or scramble in known or not fits(scramble, word, shuffle) \
                or any(bad in scramble for bad in blocked):
            continue
        if answers(scramble, first, language, shown) == [word]:
            return scramble
    return None


def _word_problem(original: str, word: str, level: str, language: str) -> str | None:
    """Why a scramble of `level` cannot take the user's word (`original`, as grids write it
    `word`), or None where it can."""
    first = SHUFFLE_AT[level] == "first"
    strange = sorted(set(word) - alphabet(language))
    if strange:
        return i18n._("the word {word} holds {letters}, which {language} words are not written "
                      "in").format(word=repr(original), letters="".join(strange),
                                   language=language_name(language))
    if is_blocked(word, language):
        return i18n._("{word} is a word no page prints (see bookgen/core/blocked/)").format(
            word=repr(original))
    if word not in known_words(language) and not is_word(word, language):
        return i18n._("{word} is no word of the {language} dictionary").format(
            word=repr(original), language=language_name(language))
    shown = printed_letters(word, first, language)
    if scrambled(random.Random(word), word, level, language, shown=shown) is None:
        return i18n._("{word} cannot be shuffled as {level} scrambles are (see the type's levels): "
                      "too few different letters").format(word=repr(original), level=level_word(level))
    return None


def check_request(request: Request) -> None:
    """Refuse words no scramble can take at the level, before any work: every such word of the
    user's at once."""
    language, level = request.settings["language"], request.level
    pool = word_pool(request)
    problems = [problem for original, word in zip(request.settings["words"] or (), pool)
                if (problem := _word_problem(original, word, level, language)) is not None]
    if problems:  # all at once: a teacher's list of twenty was refused one word a build
        raise BookgenError("; ".join(problems), key="words")
    if len(set(pool)) != len(pool):
        twice = next(word for index, word in enumerate(pool) if word in pool[:index])
        raise BookgenError(i18n._("the word {word} is listed twice (as grids write it)").format(
            word=twice), key="words")
    count = _count(request, pool)
    if count > len(pool):
        theme = request.settings["theme"]
        listed = (ngettext("{count} words are asked for and the themes together have {listed} that "
                           "{level} scrambles can take",
                           "{count} words are asked for and the themes together have {listed} "
                           "that {level} scrambles can take", len(pool)) if theme == ALL else
                  ngettext("{count} words are asked for and the {theme} list has {listed} that "
                           "{level} scrambles can take",
                           "{count} words are asked for and the {theme} list has {listed} that "
                           "{level} scrambles can take", len(pool)))
        raise BookgenError(listed.format(count=count, theme=theme, listed=len(pool),
                                         level=level_word(level)), key="word_count")
    lists, named = len(dealt(request)), request.settings["deal"]
    if named is not None and named > lists:
        raise BookgenError(ngettext("the words fill {lists} list of {count}, so there is no list "
                                    "{deal}",
                                    "the words fill {lists} lists of {count}, so there is no list "
                                    "{deal}", lists).format(lists=lists, count=count, deal=named),
                           key="deal")


def dealt(request: Request) -> tuple[tuple[str, ...], ...]:
    """The request's words in lists that share none: its pool in an order drawn from the request
    alone (its `deal_seed` the book's), whichever list it names (every puzzle of a section deals
    the same), cut in turn into lists of `word_count`. A theme's words left over fill no list;
    the user's fill one more where they are enough for a page (`LEAST_PER_LIST`): a teacher's
    twelve at eight a page make a second puzzle of the other four, which the sheet printed
    nowhere, saying nothing. Fewer go one each to the lists after the first (`_spread`)."""
    pool = sorted(word_pool(request))
    count = _count(request, tuple(pool))
    order = random.Random(f"{_undealt(request).id('')}/dealt").sample(pool, len(pool))
    lists = [tuple(order[start:start + count]) for start in range(0, len(order) - count + 1, count)]
    rest = order[len(lists) * count:]
    if request.settings["words"] and len(rest) >= LEAST_PER_LIST:
        lists.append(tuple(rest))
    elif request.settings["words"]:
        lists = _spread(lists, rest)
    return tuple(lists)


def _spread(lists: list[tuple[str, ...]], rest: list[str]) -> list[tuple[str, ...]]:
    """The user's words too few for a list of their own (1 or 2) added in turn to the lists after
    the first: two sheets of eight of a teacher's seventeen words printed sixteen, the other left
    out, saying nothing. The first list stays as it was, so a section of one puzzle (which takes
    it, its note counting the words `word_count` takes and the rest left out) prints as before;
    with one list only there is no other to take them, and that section's note counts them."""
    if len(lists) < 2:
        return lists
    grown = [list(words) for words in lists]
    for index, word in enumerate(rest):
        grown[1 + index % (len(grown) - 1)].append(word)
    return [tuple(words) for words in grown]


def _undealt(request: Request) -> Request:
    """The request without the list it names (`deal`): the section's, whose id orders the words."""
    if request.settings["deal"] is None:
        return request
    return Request(request.type, request.level,
                   {key: value for key, value in request.options.items() if key != "deal"})


def taken_lists(request: Request) -> tuple[tuple[str, ...], ...]:
    """The lists the request's puzzles take: the one it names (`deal`), else every list."""
    lists, named = dealt(request), request.settings["deal"]
    return lists if named is None else lists[named - 1:named]


def deal(request: Request, turns: Counter[str], seed: str) -> Request:
    """The request of the next puzzle of a section of the user's words: the next of its lists
    (`turns` counts the lists a version has dealt of each request), unless the user named the
    list. A theme's puzzles draw their lists, as they always have. The words are cut into lists
    in the order the book's `seed` gives (`deal_seed`), where more than one list's worth is
    given: volume 2 of a book, the same config with another seed, drew its scrambles from the
    lists volume 1 drew from, about five of 25 medium scrambles the same words again."""
    pool = word_pool(request)
    if len(pool) > _count(request, pool):
        request = seeded_deal(request, seed)
    if not request.settings["words"] or request.settings["deal"] is not None:
        return request
    return next_turn(request, turns, request.id(""))


def prints_letters(request: Request) -> bool:
    """Whether a puzzle of the request can print a letter in a box: a user's word its lists take
    makes another word (`printed_letters`)."""
    first, language = SHUFFLE_AT[request.level] == "first", request.settings["language"]
    return bool(request.settings["words"]) and any(
        set(printed_letters(word, first, language)) != {EMPTY}
        for words in dealt(request) for word in words)


def generate(rng: random.Random, request: Request) -> Generated:
    level, language = request.level, request.settings["language"]
    words = rng.choice(taken_lists(request))
    first = SHUFFLE_AT[level] == "first"
    shown = {word: printed_letters(word, first, language) for word in words}

    def fill() -> tuple[list[str], list[str]] | None:
        chosen = rng.sample(words, len(words))
        scrambles = [scrambled(rng, word, level, language, shown=shown[word]) for word in chosen]
        return None if None in scrambles else (chosen, [s for s in scrambles if s is not None])

    def puzzle(made: tuple[list[str], list[str]]) -> JSON:
        """The page: `shown` only where a box prints a letter (a puzzle of none keeps the JSON
        it always had)."""
        boxes = [shown[word] for word in made[0]]
        return {"scrambles": made[1], "language": language, "first": first,
                **({"shown": boxes} if any(set(box) != {EMPTY} for box in boxes) else {})}

    failure = _("no {level} scramble came out of {tries} tries for {request}").format(
        level=level_word(level), tries=ATTEMPTS, request=request.describe())
    made = make_at_level(level, ATTEMPTS, fill, puzzle, rate, failure=failure)
    marked = written_words(request)
    written = {word: marked[word] for word in sorted(made.answer[0]) if word in marked}
    letters = [marked_scramble(scramble, word, written.get(word, word))
               for scramble, word in zip(made.puzzle["scrambles"], made.answer[0])]
    page = {**made.puzzle, **({"written": letters} if written else {})}
    return Generated(page, {"words": made.answer[0], **({"written": written} if written else {})},
                     made.rating)
