"""What `python -m bookgen.i18n.catalogs check` holds every catalog to beyond its placeholders:
the puzzle words of each language's glossary (docs/glossary.md), where a word the glossary rejects
is named with the one to use ("énigme": a French book numbers grilles), and French typography, a
no-break space (U+00A0) before : ; ? ! and inside « », and its one register, "vous" (a rule that
says "tu" to its reader, once a children's word search's, stands out among rules that say "vous").
Nothing a book runs imports this module.
"""

from __future__ import annotations

import re

REJECTED: dict[str, dict[str, str]] = {
    "de": {"Zelle": "Feld", "Zellen": "Felder", "Puzzle": "Rätsel", "Puzzles": "Rätsel",
           "Rätseltyp": "Rätselart"},
    "fr": {"énigme": "jeu or grille", "énigmes": "jeux or grilles", "casse-tête": "jeu (one), jeux (a book "
           "of them)", "puzzle": "jeu (numbered) or grille (a grid)", "puzzles": "jeux or grilles",
           "cellule": "case", "cellules": "cases",
           "difficulté": "niveau (a level), note de difficulté (a rating)",
           "de gras": "d’un trait épais for a border (en gras only for given numbers)"},
    "es": {"rompecabezas": "pasatiempo", "acertijo": "pasatiempo", "acertijos": "pasatiempos",
           "puzle": "pasatiempo", "puzles": "pasatiempos", "celda": "casilla", "celdas": "casillas",
           "negrita": "borde grueso for a border (en negrita only for given numbers)"},
    "it": {"rompicapo": "gioco", "rompicapi": "giochi", "enigma": "gioco", "cella": "casella",
           "celle": "caselle", "sommano": "hanno somma / la somma è", "grassetto": "bordo spesso for a "
           "border (in grassetto only for given numbers)"},
    "nl": {"raadsel": "puzzel", "raadsels": "puzzels", "raster": "rooster", "rasters": "roosters",
           "hokje": "vakje", "hokjes": "vakjes", "cel": "vakje", "cellen": "vakjes", "hints": "tips "
           "(a hint), aanwijzingen (a clue)", "kijkt": "wijst (an arrow points)"},
}
"""Per language: a word its catalogs must not use, and what to say instead (docs/glossary.md)."""

ALLOWED: dict[str, tuple[str, ...]] = {
    "fr": ("note de difficulté", "notes de difficulté"),
    "es": ("en negrita ya vienen dados", "en negrita vienen dados"),
    "it": ("in grassetto sono già dati", "in grassetto sono dati"),
}
"""Phrases that hold a rejected word rightly (removed before the words are looked for)."""

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
FRENCH_SPACE = re.compile(r"(?:(?<= )|(?<=[^\W_]|[)\]}»]))[:;?!](?=\s|$)|« | »")
"""A French : ; ? ! after a plain space or straight after a word (a config's syntax
excepted: `CONFIG_SYNTAX`), or « » with a plain space inside."""
CONFIG_SYNTAX = re.compile(r"\b[A-Z]{2,}:|\b[a-z]+_[a-z_]+: |'[a-z_]+: ")
"""What a user writes in a config, colon and all: WORD: clue, a key such as per_page: 2 (its name
holding an underscore), or a key quoted ('profile: home')."""
FRENCH_TU = re.compile(
    r"(?i:(?<![\w’'-])(?:tu|te|toi|ton|ta|tes)(?![\w’'-])|(?<![\w’'-])t[’'](?=\w))"
    r"|(?:^|(?<=[.!?] ))(?:Aide|Barre|Cherche|Choisis|Clique|Coche|Colorie|Complète|Écris|Entoure|"
    r"Inscris|Mets|Noircis|Place|Relie|Remets|Remplis|Retrouve|Tape|Touche|Trace|Trouve)(?= )")
"""French that says "tu": its pronouns, or a sentence that opens with a verb of the rules in its
"tu" imperative ("Entoure chaque mot"), where the catalogs say "vous" ("Entourez")."""


def problems(code: str, text: str) -> list[str]:
    """What `text`, a translation into `code`, breaks of its glossary and typography."""
    found = []
    plain = PLACEHOLDER.sub("", text)
    for phrase in ALLOWED.get(code, ()):
        plain = re.sub(re.escape(phrase), "", plain, flags=re.IGNORECASE)
    for word, instead in REJECTED.get(code, {}).items():
        if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", plain, re.IGNORECASE):
            found.append(f"uses {word!r}, which the glossary rejects: say {instead} (docs/glossary.md)")
    if code == "fr":
        for bad in FRENCH_SPACE.finditer(CONFIG_SYNTAX.sub("", PLACEHOLDER.sub("x", text))):
            found.append(f"lacks the no-break space (U+00A0) at {bad.group(0).strip()!r}: French sets one "
                         "before : ; ? ! and inside « »")
            break
        if tu := FRENCH_TU.search(PLACEHOLDER.sub("x", text)):
            found.append(f"says {tu.group(0)!r}, the \"tu\" form: the French catalogs say \"vous\" to "
                         "every reader (docs/glossary.md)")
    return found
