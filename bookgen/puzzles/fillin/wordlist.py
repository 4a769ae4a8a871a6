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
  TROVANO stayed in the list), es_ES lists many as entries of their own (PODRÁS, HABÍA), and
  fr_FR, nl_NL and de_DE list participles as adjectives (VENDU, SOUMIS; GEZORGD; GESCHAFFT), so
  a candidate that ends as a tense or a participle does (`VERB_ENDINGS`) and whose stem with an
  infinitive's ending is a known word (`bookgen.core.known_words`: SAPEVA -> SAPERE, PODRÁS ->
  PODER), that ends as only a verb's form does (`ALWAYS_VERB`: DICIAMO, DOVREMMO, PUDIERA), or
  that is a Dutch or German participle or Dutch weak past (`_participle_or_past`: GEMAAKT,
  GESCHAFFT, WERKTE), is left out, but for the nouns, adjectives and infinitives those endings
  make (`NOT_VERB_FORMS`: CAPITANO, PARETE, SIQUIERA, GEBIED, LIEFDE, GEDANKEN);
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
VOWELS = "AEIOUYÄÖÜ"
ALWAYS_VERB = {
    "it": ("IAMO", "EMMO", "REBBE", "REBBERO", "ASSERO", "ESSERO", "ISSERO", "AVANO", "EVANO", "AVAMO",
           "EVAMO", "IVAMO", "ERANNO", "IRANNO", "ERETE", "IRETE", "ERESTE", "IRESTE", "ARESTI", "EREMO",
           "IREMO", "ARONO", "ERONO", "IRONO", "NNERO"),
    "es": ("IERA", "IERAS", "IERAN", "IERAMOS", "IESE", "IESEN", "ERON", "IENDO", "ABAMOS", "IAMOS", "AREMOS",
           "EREMOS", "IREMOS", "ASTEIS", "ISTEIS", "ABAIS", "IAIS", "AREIS", "EREIS", "IREIS"),
}
"""Endings only a verb's form has (of a candidate of six letters or more): Spanish's past
subjunctive and preterite (PUDIERA, HUBIESE, DIJERON), gerund (HABIENDO) and the persons no noun
ends as (ESTÁBAMOS, PODRÍAMOS)."""
_SPANISH_FUTURES = tuple((vowel + "R" + person, (vowel + "R",)) for vowel in "AEI"
                         for person in ("IA", "IAS", "IAN", "A", "AS", "AN", "E", "EMOS"))
"""Spanish's conditional and future (and the past subjunctive -ARA): the infinitive plus the
person's ending (GUSTARÍA, ESTARÁN, PERDERÍA; stem GUST, infinitive GUSTAR)."""
VERB_ENDINGS = {
    "it": (("AVA", ("ARE",)), ("EVA", ("ERE",)), ("IVA", ("IRE",)), ("IVANO", ("IRE",)),
           ("ANO", ("ARE",)), ("ONO", ("ERE", "IRE")), ("ATE", ("ARE",)), ("ETE", ("ERE",)),
           ("ITE", ("IRE",)), ("EREI", ("ARE", "ERE")), ("IREI", ("IRE",)),
           ("ERAI", ("ARE", "ERE")), ("IRAI", ("IRE",)), ("ANDO", ("ARE",)),
           ("ENDO", ("ERE", "IRE")), ("UTO", ("ERE",)), ("UTA", ("ERE",)), ("UTI", ("ERE",)),
           ("UTE", ("ERE",)), ("ERA", ("ARE", "ENDO")), ("IRA", ("IRE",)), ("ERO", ("ARE", "ENDO")),
           ("IRO", ("IRE",)), ("ASSE", ("ARE",)), ("ESSE", ("ERE",)), ("ISSE", ("IRE",)),
           ("ASSI", ("ARE",)), ("ESSI", ("ERE",)), ("ISSI", ("IRE",)), ("ASSIMO", ("ARE",)),
           ("ESSIMO", ("ERE",)), ("ISSIMO", ("IRE",))),
    "fr": (("U", ("RE",)), ("US", ("RE",)), ("UE", ("RE",)), ("UES", ("RE",)), ("IS", ("ETTRE",)),
           ("ISE", ("ETTRE",)), ("ISES", ("ETTRE",))),
    "es": (("ABA", ("AR",)), ("ABAS", ("AR",)), ("ABAN", ("AR",)), ("IA", ("ER", "IR")),
           ("IAS", ("ER", "IR")), ("IAN", ("ER", "IR")), *_SPANISH_FUTURES, ("ASE", ("AR",)),
           ("ASEN", ("AR",)), ("ARON", ("AR",)), ("ASTE", ("AR",)), ("ISTE", ("ER", "IR")),
           ("AMOS", ("AR", "ER", "IR")), ("EMOS", ("AR", "ER")), ("IMOS", ("IR",)),
           ("ANDO", ("AR",)), ("RIA", ("ER",)), ("RIAS", ("ER",)), ("RIAN", ("ER",)),
           ("RA", ("ER",)), ("RAS", ("ER",)), ("RAN", ("ER",)), ("REMOS", ("ER",)),
           ("DRIA", ("ER", "IR")), ("DRIAS", ("ER", "IR")), ("DRIAN", ("ER", "IR")),
           ("DRA", ("ER", "IR")), ("DRAS", ("ER", "IR")), ("DRAN", ("ER", "IR")),
           ("DREMOS", ("ER", "IR"))),
}
"""Endings of a tense or a participle, each with the infinitive endings its stem takes: a
candidate whose stem (three letters or more; French's ending in a consonant, so that CHOU and
BOUE stay) with one of them is a known word is a verb's form (SAPEVA: SAPERE; VENDU: VENDRE;
HABÍA: HABER; PODRÁS, TENDRÍA: PODER, TENER). An Italian future of an -ERE verb is known by its
gerund (PRENDERÀ: PRENDENDO), since the stem with -ERE is also a noun's plural (MANIERA: MANIERE).
Spanish's present tense and participles are left alone: CAMINO, PASO, COMIDA, SALIDA, PESCADO are
nouns as often as not."""
SHORTEST_STEM = {"es": 2}
"""Spanish stems of two letters make verbs' forms too (OLÍA, REÍA, UNIRÍA, USARÍA: OLER, REÍR)."""
SEPARABLE = {
    "nl": ("AAN", "AF", "BIJ", "DOOR", "IN", "MEE", "NA", "OM", "OP", "OVER", "TERUG", "TOE", "UIT", "VOOR",
           "WEG", "SAMEN", "VAST", "THUIS", "TEGEN", "OPEN", "KWIJT", "LOS", "NEER", "DOOD"),
    "de": ("AB", "AN", "AUF", "AUS", "BEI", "EIN", "MIT", "NACH", "VOR", "ZU", "ZURÜCK", "WEG", "FEST", "HER",
           "HIN", "HERAUS", "HINAUS", "HEREIN", "HINEIN", "VORBEI", "WEITER", "DURCH", "UM", "ÜBER",
           "ZUSAMMEN", "FERN", "STATT", "TEIL", "FREI", "LOS", "HOCH", "FORT", "HERUM", "DAZU", "NIEDER"),
}
"""Dutch and German separable prefixes, which go before a participle's GE- (OPGELOST: OPLOSSEN;
ANGEFANGEN: ANFANGEN)."""
INSEPARABLE = {"nl": ("BE", "VER", "ONT", "HER", "GE", "MIS"),
               "de": ("BE", "ER", "VER", "ZER", "ENT", "EMP", "MISS", "GE")}
"""Prefixes of a verb whose participle takes no GE- and is its present third person too
(VERWACHT: VERWACHTEN; GEBRUIKT: GEBRUIKEN; ERWARTET: ERWARTEN)."""
NOT_VERB_FORMS = {
    "it": frozenset({"CAPITANO", "PARETE", "PARTITE", "TESSUTO", "USCITE", "DIVANO", "INTERO", "INTERA",
                     "LEGGERO", "LEGGERA", "TENERO", "TENERA", "COLLERA", "PREMESSE"}),
    "es": frozenset({"SIQUIERA", "INGENIERA", "VIDRIERAS", "ARRIENDO", "PAGARE", "NOTARIA"}),
    "nl": frozenset({
        "GEBIED", "GEBIEDEN", "GEBED", "GEBOD", "GEBOORTE", "GELAAT", "GELOFTE", "GELUID", "GENOOT", "GENOT",
        "GESCHRIFT", "GESLACHT", "GESTICHT", "GEUREN", "GEWAAD", "GEWEST", "GEWETEN", "GEZANT", "GELEDEREN",
        "BEDIENDE", "BEGEERTE", "BEHOEFTE", "BELOFTE", "DIEPTE", "DROOGTE", "DRUKTE", "GEKTE", "GROENTE",
        "GROOTTE", "LEEGTE", "LIEFDE", "RONDTE", "RUIMTE", "SCHAAMTE", "SCHERPTE", "STERFTE", "STERKTE",
        "VEREISTE", "VLAKTE", "WAARDE", "WARMTE", "ZONDE", "ZWAKTE", "WEDDE", "WONDE", "HOOFDE", "SLOTTE",
        "VOORDE", "DERDE", "VIERDE", "VIJFDE", "ZESDE", "ELFDE", "WITTE", "BONTE", "VLOTTE", "BEKENDE",
        "GEBEUREN", "GELOVEN", "GELIJKEN", "GERAKEN", "GEDRAGEN",
        "BEKEND", "BEDANKT", "BELEEFD", "BEGAAFD", "BEPAALD", "BESLIST", "BEZORGD", "GEBAARD", "GEDEGEN",
        "GELEDEN", "GELEERD", "GELIEFD", "GEMEEN", "GEMIDDELD", "GEPAST", "GEREED", "GERUST", "GESCHIKT",
        "GESPIERD", "GEVAT", "GEWEND", "GEZIND", "GEZOND", "GEKRUID", "VERENIGD", "VERKEERD"}),
    "de": frozenset({"GEDANKEN", "GEWISSEN", "GEZEITEN", "GEBIETEN", "GEHÖREN", "ANGEHÖREN", "GEFALLEN",
                     "GELANGEN", "GEWÄHREN", "GESTEHEN", "GESTATTEN", "GEBÄREN", "GEDULDEN", "BESTIMMT",
                     "BEDINGT", "BEGABT", "BELIEBT", "BESORGT", "GEEIGNET", "GELASSEN", "GELAUNT",
                     "GERISSEN", "GESAMT", "GESONDERT", "GESPANNT", "GEWILLT", "GEWOHNT", "GEZIELT",
                     "VERGNÜGT", "VERKEHRT", "VERTRAUT", "ZERSTREUT"}),
}
"""Nouns, adjectives, adverbs and infinitives the rules above take for a verb's form: Italian
captain, wall, games, fabric, exits, sofa, whole, light, tender, anger, premises; Spanish even,
engineer, stained glass, rent, promissory note, notary's office; Dutch nouns made with GE- (area,
prayer, birth, face, sound, sex, conscience), nouns in -te and -de (love, room, warmth, depth,
sin, value), ordinals, adjectives' forms, verbs in GE- (GEBEUREN, GELOVEN) and adjectives
(known, thanks, polite, gifted, certain, worried, ago, mean, average, ready, suitable, healthy,
wrong); German nouns (thoughts, conscience, tides, areas), verbs in GE- (GEHÖREN, GEFALLEN) and
adjectives (certain, gifted, popular, worried, suitable, calm, total, curious, willing, used to,
cheerful, wrong, familiar, absent-minded)."""
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
    """Whether the candidate `form` is a verb's form (see `VERB_ENDINGS`; Dutch and German:
    `_participle_or_past`), not a headword."""
    if form in NOT_VERB_FORMS.get(language, ()):
        return False
    if len(form) >= 6 and form.endswith(ALWAYS_VERB.get(language, ())):
        return True
    known = known_words(language)
    if language in SEPARABLE:
        return _participle_or_past(form, language, known)
    for ending, infinitives in VERB_ENDINGS.get(language, ()):
        stem = form[:-len(ending)]
        if form.endswith(ending) and len(stem) >= SHORTEST_STEM.get(language, 3) \
                and (language != "fr" or stem[-1] not in "AEIOUY") \
                and any(stem + infinitive in known for infinitive in infinitives):
            return True
    return False


def _participle_or_past(form: str, language: str, known: frozenset[str]) -> bool:
    """Whether the Dutch or German `form` is a participle (GEZORGD, GEMAAKT, GESCHAFFT, GEGEVEN,
    OPGELOST; VERWACHT, ERWARTET, MARKIERT), or a Dutch weak past (WERKTE, ZORGDE): a stem of three
    letters or more whose infinitive (`_infinitives`) is a known word."""
    endings = ("D", "T") if language == "nl" else ("T", "ET")
    for prefix in ("", *SEPARABLE[language]):
        if not form.startswith(prefix + "GE"):
            continue
        rest = form[len(prefix) + 2:]
        stems = [rest[:-len(ending)] for ending in endings if rest.endswith(ending)]
        if language == "nl" and rest.endswith(("D", "T")):
            stems.append(rest)  # a stem in -d or -t takes no second one: GEZET, GELEID
        if any(len(stem) >= 3 and any(prefix + infinitive in known
                                      for infinitive in _infinitives(stem, language)) for stem in stems):
            return True
        if rest.endswith("EN") and len(rest) >= 4 and prefix + rest in known:
            return True  # a strong verb's: GEKOMEN, GEGEVEN, ABGESEHEN
    stems = [form[:-len(ending)] for ending in endings if form.endswith(ending)]
    if any(stem.startswith(prefix) and len(stem) - len(prefix) >= 3
           and any(infinitive in known for infinitive in _infinitives(stem, language))
           for stem in stems for prefix in INSEPARABLE[language]):
        return True
    if language == "de":
        return form.endswith("IERT") and form[:-1] + "EN" in known
    stem = form[:-2]
    return form.endswith(("DE", "TE")) and len(stem) >= 3 and stem[-1] not in VOWELS \
        and any(infinitive in known for infinitive in _infinitives(stem, language))


def _infinitives(stem: str, language: str) -> set[str]:
    """The infinitives a Dutch or German verb's stem may have: German -EN (-N after -EL, -ER:
    SAMMELN); Dutch -EN, with the spelling's changes (MAAK: MAKEN, ZET: ZETTEN, GELOOF: GELOVEN,
    REIS: REIZEN), -N after a long vowel (BESTAA: BESTAAN)."""
    if language == "de":
        return {stem + "EN"} | ({stem + "N"} if stem.endswith(("EL", "ER")) else set())
    found = {stem + "EN"}
    last = stem[-1]
    voiced = {"F": "V", "S": "Z"}.get(last, last)
    if last in VOWELS:
        return {stem + "N"} if stem[-2:-1] == last or stem.endswith(("OE", "IE")) else set()
    if len(stem) >= 3 and stem[-2] == stem[-3] and stem[-2] in "AEOU" and stem[-4:-3] not in VOWELS:
        found.add(stem[:-2] + voiced + "EN")  # MAAK: MAKEN, GELOOF: GELOVEN
    elif stem[-2] in VOWELS and stem[-3:-2] not in VOWELS and stem[-3:-2] != "":
        found.add(stem + last + "EN")  # ZET: ZETTEN
    found.add(stem[:-1] + voiced + "EN")  # REIS: REIZEN, DURF: DURVEN
    return found


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
