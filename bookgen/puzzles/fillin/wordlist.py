"""Writes words/LANG.txt, the words a fill-in takes from the language when the config gives none:
`python -m bookgen.puzzles.fillin.wordlist` (needs wordfreq, pinned in pyproject.toml; takes
about a minute). The lists are kept in the repository, so that a build reads a small file
instead of ranking a whole dictionary, and stays byte-identical.

wordfreq ranks every form its corpora show, names and other languages' words among them, all
lower-cased; a fill-in prints the words it picks, so they are filtered here:

- common: among the language's `MOST` most common forms (3-letter words among the `MOST_SHORT`
  most common, where abbreviations crowd in), letters only, as grids write them;
- 3 to 9 letters: a slot of a printed grid, and a word a reader of any age knows;
- not blocked: no word of the blocklist (bookgen/core/blocked/) nor one of its forms
  (`bookgen.core.dictionary.is_blocked`: BITCHES, SHITTY), nor a word that begins with one of
  four letters or more (the blocklists hold stems: FUCK catches FUCKFACE);
- suitable for any reader: none of bookgen/core/unsuitable/LANG.txt
  (`bookgen.core.dictionary.unsuitable_words`), since the fill-in and the scramble of these
  words may be a child's worksheet;
- the language's own: at least `OWN_GAP` (zipf, a factor of ten per unit) more common in its
  language than in any other of the six and of `COMPARED` (wordfreq's other large lists in Latin
  letters). Names (MICHAEL, GIORGIO, MARTINEZ, PARIS), brands and the English that other
  languages' corpora quote are about as common in many languages, so this drops most of them;
  it also drops words languages share (HOTEL, PIANO), which a fill-in can do without;
- an ordinary word: none of notwords/LANG.txt, the names of people and places, abbreviations,
  forms no dictionary knows and inflected forms (GROSSEM, WICHTIGE, KRIEGT, YEARS) that names.py
  found with the language's hunspell dictionary (wordfreq has no capitals to tell JOHANN from a
  word, and gives every form its corpora show);
- no function word or slang: none of grammar/LANG.txt (written by hand), the language's articles,
  pronouns, determiners, prepositions and their contractions (INS, DURCHS, AUX), conjunctions,
  the forms of its auxiliary and modal verbs, grammar's adverbs, and slang (GONNA, WANNA): a
  puzzle book lists headwords a reader can picture, and notwords/ drops the other inflected forms;
- no verb's form: Italian's it_IT stems too little to tell a conjugated form (DOVREMMO, SAPEVA,
  TROVANO stayed in the list), and French's fr_FR lists participles as adjectives (VENDU, SOUMIS),
  so a candidate that ends as a tense or a participle does (`VERB_ENDINGS`) and whose stem with
  an infinitive's ending is a known word (`bookgen.core.known_words`: SAPEVA -> SAPERE), or that
  ends as only a verb's form does (`ALWAYS_VERB`: DICIAMO, DOVREMMO), is left out, but for the
  nouns those endings make (`NOT_VERB_FORMS`: CAPITANO, PARETE);
- no name: none of bookgen/core/propernames/LANG.txt, the names of places and people (POTOSI,
  FULDA, TOSCANA) that hunspell also takes in small letters, found by a person among the
  candidates `python -m bookgen.core.propernames` prints.

Beside each list, written/LANG.txt holds the words of it that the language writes with a mark
the grid drops, as "FORM WRITTEN" (PERCHE PERCHÉ, DRIEEN DRIEËN): wordfreq's own spelling of the
form, in capitals (`bookgen.core.letters.marked_form`), which the fill-in's list and the
scramble's answers print.

What this leaves and drops is measured in the type's README (figures from this script's report).
"""

from __future__ import annotations

import sys
from pathlib import Path

from bookgen.atomic import write_files
from bookgen.core.dictionary import WORDLIST, blocked_words, is_blocked, unsuitable_words
from bookgen.core.known_words import known_words, proper_names
from bookgen.core.letters import LANGUAGES, alphabet, grid_form, marked_form

MOST = 40000
MOST_SHORT = 2000
SHORTEST, LONGEST = 3, 9
OWN_GAP = 1.0
COMPARED = ("ca", "cs", "fi", "nb", "pl", "pt", "sv")
STEM = 4
ALWAYS_VERB = {"it": ("IAMO", "EMMO", "REBBE", "REBBERO", "ASSERO", "ESSERO", "ISSERO", "AVANO", "EVANO",
                      "AVAMO", "EVAMO", "IVAMO", "ERANNO", "IRANNO", "ERETE", "IRETE", "ERESTE", "IRESTE")}
"""Endings only a verb's form has (of a candidate of six letters or more)."""
VERB_ENDINGS = {
    "it": (("AVA", ("ARE",)), ("EVA", ("ERE",)), ("IVA", ("IRE",)), ("IVANO", ("IRE",)), ("ANO", ("ARE",)),
           ("ONO", ("ERE", "IRE")), ("ATE", ("ARE",)), ("ETE", ("ERE",)), ("ITE", ("IRE",)),
           ("EREI", ("ARE", "ERE")), ("IREI", ("IRE",)), ("ERAI", ("ARE", "ERE")), ("IRAI", ("IRE",)),
           ("ANDO", ("ARE",)), ("ENDO", ("ERE", "IRE")), ("UTO", ("ERE",)), ("UTA", ("ERE",)),
           ("UTI", ("ERE",)), ("UTE", ("ERE",))),
    "fr": (("U", ("RE",)), ("US", ("RE",)), ("UE", ("RE",)), ("UES", ("RE",)), ("IS", ("ETTRE",)),
           ("ISE", ("ETTRE",)), ("ISES", ("ETTRE",))),
}
"""Endings of a tense or a participle, each with the infinitive endings its stem takes: a
candidate whose stem (three letters or more; French's ending in a consonant, so that CHOU and
BOUE stay) with one of them is a known word is a verb's form (SAPEVA: SAPERE; VENDU: VENDRE)."""
NOT_VERB_FORMS = {"it": frozenset({"CAPITANO", "PARETE", "PARTITE", "TESSUTO", "USCITE", "DIVANO"})}
"""Nouns the endings above take for a verb's form (captain, wall, games, fabric, exits, sofa)."""
FOLDER = Path(__file__).parent / "words"
WRITTEN = Path(__file__).parent / "written"


def left_out(language: str) -> frozenset[str]:
    """The grid forms notwords/LANG.txt says are no ordinary word of the language."""
    text = (FOLDER.parent / "notwords" / f"{language}.txt").read_text("utf-8")
    return frozenset(line.split()[0] for line in text.splitlines() if line and not line.startswith("#"))


def grammar_words(language: str) -> frozenset[str]:
    """The grid forms of grammar/LANG.txt: the language's function words and slang."""
    text = (FOLDER.parent / "grammar" / f"{language}.txt").read_text("utf-8")
    return frozenset(grid_form(word, language) for line in text.splitlines() if not line.startswith("#")
                     for word in line.split())


def verb_form(form: str, language: str) -> bool:
    """Whether the candidate `form` is a verb's form (see `VERB_ENDINGS`), not a headword."""
    if form in NOT_VERB_FORMS.get(language, ()):
        return False
    if len(form) >= 6 and form.endswith(ALWAYS_VERB.get(language, ())):
        return True
    known = known_words(language)
    for ending, infinitives in VERB_ENDINGS.get(language, ()):
        stem = form[:-len(ending)]
        if form.endswith(ending) and len(stem) >= 3 and (language != "fr" or stem[-1] not in "AEIOUY") \
                and any(stem + infinitive in known for infinitive in infinitives):
            return True
    return False


def own_words(language: str, not_words: frozenset[str]) -> tuple[list[tuple[str, str]], dict[str, int]]:
    """The language's fill-in words (wordfreq's word, its grid form), most common first, leaving
    out `not_words`, and how many each filter dropped."""
    from wordfreq import top_n_list, zipf_frequency

    letters = alphabet(language)
    blocked = set(blocked_words(language))
    stems = tuple(word for word in blocked if len(word) >= STEM)
    unsuitable = unsuitable_words(language)
    kept: list[tuple[str, str]] = []
    seen: set[str] = set()
    names = proper_names(language)
    grammar = grammar_words(language)
    dropped = {"blocked": 0, "unsuitable": 0, "function word or slang": 0, "a verb's form": 0,
               "shared with another language": 0, "no ordinary word": 0, "a name": 0}
    for rank, word in enumerate(top_n_list(language, MOST, wordlist=WORDLIST), 1):
        if not word.isalpha():
            continue
        form = grid_form(word, language)
        if form in seen or not letters.issuperset(form) or not SHORTEST <= len(form) <= LONGEST \
                or (len(form) == SHORTEST and rank > MOST_SHORT):
            continue
        seen.add(form)
        if is_blocked(form, language) or form.startswith(stems):
            dropped["blocked"] += 1
            continue
        if form in unsuitable:
            dropped["unsuitable"] += 1
            continue
        if form in grammar:
            dropped["function word or slang"] += 1
            continue
        if verb_form(form, language):
            dropped["a verb's form"] += 1
            continue
        own = zipf_frequency(word, language, wordlist=WORDLIST)
        other = max(zipf_frequency(word, o, wordlist=WORDLIST) for o in LANGUAGES + COMPARED if o != language)
        if own - other < OWN_GAP:
            dropped["shared with another language"] += 1
            continue
        if form in not_words:
            dropped["no ordinary word"] += 1
            continue
        if form in names:
            dropped["a name"] += 1
            continue
        kept.append((word, form))
    return kept, dropped


def main() -> None:
    for language in LANGUAGES:
        words, dropped = own_words(language, left_out(language))
        header = (f"# The fill-in's own words in {language}: made by bookgen/puzzles/fillin/wordlist.py "
                  "from wordfreq (see there); most common first.\n")
        text = header + "".join(f"{form}\n" for _, form in words)
        written_header = (f"# The words of words/{language}.txt written with a mark the grid drops: "
                          "FORM WRITTEN, made by bookgen/puzzles/fillin/wordlist.py.\n")
        written = written_header + "".join(f"{form} {marked_form(word, language)}\n" for word, form in words
                                           if marked_form(word, language) != form)
        write_files([(FOLDER / f"{language}.txt", text.encode("utf-8")),
                     (WRITTEN / f"{language}.txt", written.encode("utf-8"))])
        print(language, len(words), "kept;", "; ".join(f"{n} {why}" for why, n in dropped.items()),
              file=sys.stderr)


if __name__ == "__main__":
    main()
