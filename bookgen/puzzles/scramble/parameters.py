"""Word scramble's parameters: how each level shuffles, the word lists (the language's common
words, word search's themes, or the user's words), the options, the rules, and the forms a puzzle
is printed and compared in.

The common words are the fill-in's list (fillin/words/LANG.txt: the language's common words of
its own, names and other languages' words mostly left out, nothing blocked), each dealt to one
level (`generator._common_shares`); the themes are word search's own
files, read through its `theme_words` (the same words in the same spelling, one list to keep per
theme and language). A word's letters are the language's grid letters (`bookgen.core.letters`).
"""

from __future__ import annotations

from bookgen.api import JSON, Printed, Request, deal_seed_problem, form_key
from bookgen.core.letters import LANGUAGES, SPELLED, alphabet
from bookgen.core.options import Option, every_problem, language_name
from bookgen.i18n import N_, _
from bookgen.puzzles.fillin.parameters import POOL
from bookgen.puzzles.wordsearch.parameters import ALL_THEMES, THEME_SPELLINGS

MIN_WORD, MAX_WORD = 3, 14
MAX_WORDS = 30
LEAST_PER_LIST = 3  # the fewest scrambles a page takes (`word_count`)
WORDS_AT = {"easy": 8, "medium": 10, "hard": 10, "expert": 8}
LENGTHS_AT = {"easy": (3, 6), "medium": (4, 8), "hard": (4, MAX_WORD), "expert": (4, MAX_WORD)}
"""The lengths of the listed words each level draws from (a user's words are all taken)."""
COMMONEST_AT = {"medium": POOL}
"""How far down the common words (most common first) a level may draw: medium the fill-in's; each
such word goes to medium where its lengths take it (`generator._common_shares`), so hard and
expert draw the rarer words. Easy takes the themes' words instead (`children_words`), those a
child of 7 to 10 knows."""

SHUFFLES = ("first", "paired", "split", "scattered")
"""How each level shuffles a word's letters, easiest first (the grader's classes): `first` keeps
the first letter first (the page says so); `paired` moves it and keeps two neighbours of the word
side by side, in their order (a piece of the word shows); `split` keeps no two neighbours side
by side; `scattered` does not either, and leaves no letter where the word has it."""
SHUFFLE_AT = dict(zip(("easy", "medium", "hard", "expert"), SHUFFLES))
EMPTY = "."
"""A box the page leaves empty, in a puzzle's `shown` (each other character the letter the page
prints in that box)."""


def _word_problem(word: str) -> str | None:
    if not all(char.isalpha() for char in word):
        letters = "".join(char for char in word if char.isalpha())
        if len(letters) >= MIN_WORD:  # don't, ice cream, T-shirt: the letters alone would do
            return _("the word {word} holds a character that is not a letter, which a scramble's "
                     "boxes cannot take: write it as {letters}, or leave it out").format(
                word=repr(word), letters=repr(letters))
        return _("the word {word} holds a character that is not a letter (digits, spaces, "
                 "hyphens)").format(word=repr(word))
    if not MIN_WORD <= len(word) <= MAX_WORD:
        return _("the word {word} has {count} letters; scrambles take {least} to {most}").format(
            word=repr(word), count=len(word), least=MIN_WORD, most=MAX_WORD)
    return None


def _words_problem(words: tuple[str, ...]) -> str | None:
    if len(words) > MAX_WORDS:
        return _("{count} words are more than a list of scrambles takes (at most {most})").format(
            count=len(words), most=MAX_WORDS)
    return every_problem(words, _word_problem)


COMMON, ALL = "common", "all"
SCRAMBLE_THEMES = (COMMON, ALL, *ALL_THEMES)
"""The language's common words (the default), word search's 24 themes, and all of them together:
a book never prints a word twice, so one theme's 3 to 32 words a level fill up to three puzzles
of the default count (`generator.dealt`), the themes together 30 to 57, the common words 60 to
123."""
THEME_WORDS = {COMMON: N_("common words"), ALL: N_("all themes"), "animals": N_("animals"),
               "food": N_("food"), "school": N_("school"), "nature": N_("nature"),
               "seasons": N_("seasons"), "holidays": N_("holidays"), "jobs": N_("jobs"),
               "sports": N_("sports"), "countries": N_("countries"), "body": N_("the body"),
               "colours": N_("colours"), "music": N_("music"), "weather": N_("weather"),
               "transport": N_("transport"), "clothes": N_("clothes"), "home": N_("the home"),
               "fruit": N_("fruit"), "vegetables": N_("vegetables"), "sea": N_("the sea"),
               "space": N_("space"), "farm": N_("the farm"), "family": N_("family"),
               "toys": N_("toys"), "garden": N_("the garden")}
"""Each list's name in the language spoken: word search's words for its themes, written out here
too, as a type's own catalog holds the words its options show (a plug-in's contract)."""

EXAMPLE_WORDS = {"en": (("lamp", "kite", "drum"), ("sofa", "vase", "comb"), ("desk", "fork", "bell")),
                 "de": (("Hut", "Boot", "Kamm"), ("Topf", "Bett", "Ring"), ("Uhr", "Ball", "Korb")),
                 "fr": (("robe", "clef", "lampe"), ("table", "verre", "bague"), ("pomme", "train", "stylo")),
                 "es": (("mesa", "taza", "reloj"), ("cama", "plato", "gorro"), ("silla", "vaso", "nube")),
                 "it": (("barca", "tazza", "chiave"), ("borsa", "vaso", "libro"),
                        ("scarpa", "gonna", "zaino")),
                 "nl": (("lamp", "hoed", "boot"), ("stoel", "vork", "bord"), ("tas", "kopje", "fiets"))}
"""Three sets per language of three things for the section page's example at easy, which keeps
the first letter first, no word in two sets. The example is printed solved, so a word of it would
be given away wherever a puzzle of the book used it: the first set is left out of the common
words and the themes, and a section of the user's own words takes the first set none of whose
words it holds (`example_words`)."""
MOVED_EXAMPLE_WORDS = {
    "en": (("kite", "drum", "comb"), ("soap", "tent", "broom"), ("wagon", "ladder", "basket")),
    "de": (("Ring", "Tasse", "Stift"), ("Vase", "Dose", "Koffer"), ("Kiste", "Hammer", "Brille")),
    "fr": (("clef", "vase", "seau"), ("cube", "plume", "bonnet"), ("peigne", "nappe", "collier")),
    "es": (("reloj", "vaso", "peine"), ("balón", "escoba", "cubo"), ("lupa", "pincel", "cuchara")),
    "it": (("barca", "chiave", "borsa"), ("pettine", "secchio", "orsetto"),
           ("forbici", "tovaglia", "pupazzo")),
    "nl": (("hoed", "vork", "ring"), ("tent", "helm", "koffer"), ("kwast", "gieter", "borstel"))}
"""The same for the levels that move the first letter (medium and above), as those levels' own
words are: words whose letters make no other word, the first letter anywhere (LAMP would read
PALM too, and so print its L in a box, which those levels' rules do not speak of), with letters
enough for expert to scatter (not HUT, KAMM or BALL). Each first set is words no list holds or
`EXAMPLE_WORDS` leaves out already (KITE and DRUM, and COMB, in no theme nor the common words),
so that leaving it out of the lists too changes none of them."""


def example_sets(language: str, first: bool) -> tuple[tuple[str, ...], ...]:
    """The sets of words a section's example takes from: those of the levels that keep the first
    letter (`first`), or of those that move it."""
    return (EXAMPLE_WORDS if first else MOVED_EXAMPLE_WORDS)[language]

OPTIONS = (
    Option("words", "words", N_("the words to scramble (default: the theme's words)"),
           check=_words_problem, label=N_("Words")),
    Option("theme", "choice", N_("the built-in list of words when no words are given: the "
           "language's common words (the default), word search's themes, or all of them together"),
           choices=SCRAMBLE_THEMES, spellings=THEME_SPELLINGS, default=COMMON,
           words=THEME_WORDS, label=N_("Theme")),
    Option("word_count", "int", N_("scrambles on each page (default 8 at easy and expert, else 10; at "
           "most the words given)"), low=LEAST_PER_LIST, high=MAX_WORDS,
           default=lambda level, earlier: WORDS_AT[level], label=N_("Words on a page")),
    Option("deal", "int", N_("which list of the words this puzzle takes, 1 the first (default: "
           "with your own words, puzzle N of each version takes the Nth list; a theme's list is "
           "drawn)"), low=1, high=MAX_WORDS // LEAST_PER_LIST, label=N_("Which list")),
    Option("deal_seed", "text", N_("the seed that orders a book's deal of the words, so that "
           "another seed deals other shares (default: the book's seed)"), check=deal_seed_problem,
           label=N_("Seed of the deal")),
    Option("language", "choice", N_("the language of the words (default: the section's "
           "language)"), choices=LANGUAGES, default="en", words=language_name, label=N_("Language")),
)

RULES = N_("Each line is a word with its letters mixed up. Write the word in the boxes, using "
           "every letter once.")
FIRST_RULE = N_("The first letter of each word is already in its box.")
"""Easy's help: the kept first letter, printed in the first box (`printed_boxes`)."""
SHOWN_RULE = N_("A letter already written in a box is in the right place.")
"""The help where a user's word prints letters in its boxes (`generator.printed_letters`) that
tell it from the other words of its letters (FROM and FORM): the kept first letter too, at easy."""


def rules_text(request: Request | None, letters_printed: bool) -> str:
    """The rules a section prints: the letters its boxes print to help, where they print some
    (`letters_printed`; at easy, the first letter)."""
    if letters_printed:
        return f"{_(RULES)} {_(SHOWN_RULE)}"
    if request is not None and SHUFFLE_AT[request.level] == "first":
        return f"{_(RULES)} {_(FIRST_RULE)}"
    return _(RULES)


def printed(puzzle: JSON) -> Printed:
    """The page prints each scramble, numbered, and its row of boxes (the first box holding the
    first letter where it is kept, as the rules say, and any box its letter in `shown`)."""
    return Printed(dict(puzzle), tuple(puzzle["scrambles"]))


def written_scrambles(puzzle: JSON) -> list[str]:
    """The scrambles as the page prints them: with the marks their words are written with (CÀTIT
    for CITTÀ: the puzzle's "written"), else in the grid's letters."""
    return list(puzzle.get("written") or puzzle["scrambles"])


def written_boxes(puzzle: JSON) -> list[str]:
    """`printed_boxes` with the marks the page prints (`written_scrambles`): the kept first letter
    as its scramble writes it (É of ÉCOLE), a letter of `shown` with the mark every such letter of
    its scramble has (Ê of FORÊT, whose one E is Ê), else plain (an E of ÉLÈVE, whose Es differ)."""
    boxes = []
    for boxes_printed, plain, written in zip(printed_boxes(puzzle), puzzle["scrambles"],
                                             written_scrambles(puzzle)):
        marks = {letter: {mark for mark, each in zip(written, plain) if each == letter}
                 for letter in set(boxes_printed) - {EMPTY}}
        boxes.append("".join(written[0] if place == 0 and puzzle["first"] else
                             next(iter(marks[letter])) if letter != EMPTY and len(marks[letter]) == 1
                             else letter for place, letter in enumerate(boxes_printed)))
    return boxes


def printed_boxes(puzzle: JSON) -> list[str]:
    """Each word's boxes as the page prints them: `EMPTY`, or the letter printed there (the kept
    first letter, or one of `shown`)."""
    shown = puzzle.get("shown") or [EMPTY * len(s) for s in puzzle["scrambles"]]
    return [(s[0] if puzzle["first"] else boxes[0]) + boxes[1:]
            for s, boxes in zip(puzzle["scrambles"], shown)]


def canonical(puzzle: JSON) -> str:
    """The same words scrambled another way, or listed in another order, are the same puzzle:
    a scramble is known by its letters, and by the letters its boxes print where some print one."""
    first, shown = puzzle["first"], puzzle.get("shown")
    return form_key({"letters": sorted((s[0] if first else "") + ":" + "".join(sorted(s))
                                       + (":" + shown[index] if shown else "")
                                       for index, s in enumerate(puzzle["scrambles"])),
                     "language": puzzle["language"]})


def answer_form(puzzle: JSON, solution: JSON) -> str:
    """The words in any order: a book never prints one list of answers twice."""
    return form_key(sorted(solution["words"]))


def play_data(puzzle: JSON) -> JSON:
    """The letters the language writes and those it writes with two (œ as OE, ß as SS), for the
    game to read what a player types; the letters the boxes print, with their marks
    (`written_boxes`), where the scrambles have some."""
    return {"letters": "".join(sorted(alphabet(puzzle["language"]))), "spelled": SPELLED,
            **({"boxes": written_boxes(puzzle)} if "written" in puzzle else {})}
