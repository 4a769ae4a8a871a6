"""Each language's words (bookgen.core.dictionary, from wordfreq) as word puzzles write them
(bookgen.core.letters): the same spelling in every type, ranked by how common they are."""

from __future__ import annotations

import hashlib
from importlib import metadata, resources

import pytest

from bookgen.core import dictionary
from bookgen.core.dictionary import (
    blocked_forms,
    blocked_words,
    common_words,
    is_blocked,
    is_word,
    rank,
    ranks,
)
from bookgen.core.letters import LANGUAGES, _spelled, alphabet, grid_form, grid_forms
from bookgen.errors import BookgenError


@pytest.mark.parametrize("word, language, form", [
    ("Straße", "de", "STRASSE"), ("Bär", "de", "BÄR"), ("cœur", "fr", "COEUR"), ("élève", "fr", "ELEVE"),
    ("montaña", "es", "MONTAÑA"), ("pingüino", "es", "PINGUINO"), ("città", "it", "CITTA"),
    ("ijs", "nl", "IJS"), ("café", "nl", "CAFE"), ("e\u0301te\u0301", "fr", "ETE"),  # marks apart
])
def test_a_word_is_written_as_the_languages_puzzles_write_it(word, language, form):
    assert grid_form(word, language) == form
    assert grid_forms(["the", word, "Straße"], language)[1] == form  # a whole list at once, alike


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_quick_table_spells_every_marked_capital_as_the_letter_by_letter_way(language):
    """Wherever spelling a letter at a time gives letters of the alphabet (what word search
    always did), the table gives the same."""
    for code in range(0xC0, 0x250):
        capital = chr(code).upper()
        if alphabet(language).issuperset(_spelled(capital, language)):
            assert grid_form(capital, language) == _spelled(capital, language), hex(code)


@pytest.mark.parametrize("language", ["en", "de", "es"])  # the plain, the marked, the ñ alphabet
def test_every_dictionary_word_is_letters_of_its_alphabet_ranked_from_one(language):
    words = ranks(language)
    assert len(words) > 250_000
    assert alphabet(language).issuperset("".join(list(words)[:50_000]))
    assert min(words.values()) == 1 and all(len(word) >= 2 for word in words)
    common = common_words(language, 5000)
    assert 4000 < len(common) <= 5000 and not set(common) & set(blocked_words(language))
    assert [words[word] for word in common] == sorted(words[word] for word in common)


def test_the_pinned_release_ranks_known_words_where_it_did():
    """A different wordfreq would change the words puzzles pick, and so a book's bytes."""
    assert metadata.version("wordfreq") == "3.1.1"
    assert (rank("the", "en"), rank("cat", "en"), rank("Straße", "de")) == (1, 1713, 462)
    assert is_word("montaña", "es") and grid_form("montaña", "es") != "MONTANA"
    assert not is_word("xqzt", "en") and rank("xqzt", "en") is None


def test_an_unknown_language_is_named():
    with pytest.raises(ValueError, match="no dictionary for language 'pt'"):
        ranks("pt")


FAKE_LIST = ["the", "Straße", "don't", "ÉTÉ", "été", "a", "x1"]
FAKE_ENTRIES = ("THE", "STRASSE", "", "ETE", "", "", "")


@pytest.fixture
def fake_wordfreq(monkeypatch, tmp_path):
    """English as a seven-entry list, its digest pinned, the cache in `tmp_path`: what the cache
    does with a list, without a second's work to make one. Returns the calls to wordfreq."""
    import wordfreq

    calls = []

    def top_n_list(language, n, wordlist):
        calls.append(language)
        return list(FAKE_LIST)

    monkeypatch.setattr(wordfreq, "top_n_list", top_n_list)
    digest = hashlib.sha256("\n".join(FAKE_ENTRIES).encode()).hexdigest()
    monkeypatch.setitem(dictionary.DIGESTS, "en", digest)
    monkeypatch.setenv(dictionary.CACHE_VARIABLE, str(tmp_path / "cache"))
    clear = (dictionary._entries.cache_clear, dictionary.ranks.cache_clear,
             dictionary.common_words.cache_clear)
    for done in clear:
        done()
    yield calls
    for done in clear:  # the real words again for the tests after
        done()


def test_the_words_are_cached_read_back_and_made_again_when_the_file_is_not_theirs(fake_wordfreq, tmp_path):
    cached = tmp_path / "cache" / "dictionary" / "en.txt"
    assert dictionary._entries("en") == FAKE_ENTRIES and fake_wordfreq == ["en"]
    made = cached.read_bytes()
    assert made.startswith(b"# bookgen's en words")
    assert made.endswith(b"\n".join(entry.encode() for entry in FAKE_ENTRIES))
    dictionary._entries.cache_clear()
    assert dictionary.ranks("en") == {"THE": 1, "STRASSE": 2, "ETE": 4} and fake_wordfreq == ["en"]  # read
    assert common_words("en", 3) == ("THE", "STRASSE")
    for spoiled in (made[:-1] + b"X", made[:-3], made.replace(b"sha256 ", b"sha256 0"), b"", b"\xff\n"):
        cached.write_bytes(spoiled)  # a bit wrong, cut short, another list's, empty, not text
        dictionary._entries.cache_clear()
        assert dictionary._entries("en") == FAKE_ENTRIES and cached.read_bytes() == made
    assert len(fake_wordfreq) == 6


def test_a_cache_folder_that_cannot_be_written_costs_only_time(fake_wordfreq, tmp_path, monkeypatch):
    (tmp_path / "cache").write_text("a file where the folder would be")
    assert dictionary._entries("en") == FAKE_ENTRIES
    dictionary._entries.cache_clear()
    assert dictionary._entries("en") == FAKE_ENTRIES and fake_wordfreq == ["en", "en"]
    monkeypatch.delenv(dictionary.CACHE_VARIABLE)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert dictionary.cache_folder() == tmp_path / "xdg" / "bookgen"


def test_another_wordfreq_with_other_words_is_refused_not_used(fake_wordfreq, monkeypatch):
    monkeypatch.setitem(dictionary.DIGESTS, "en", "0" * 64)
    monkeypatch.setattr(dictionary.metadata, "version", lambda name: "3.2.0")
    with pytest.raises(BookgenError, match=r"wordfreq 3\.2\.0 has other en words than wordfreq 3\.1\.1.*"
                                           r"install wordfreq==3\.1\.1"):
        dictionary.ranks("en")
    monkeypatch.setattr(dictionary.metadata, "version", lambda name: "3.1.1")
    with pytest.raises(BookgenError, match="the en words spelled for grids are not those pinned"):
        dictionary.ranks("en")


FORMS = {  # per language: forms of blocked words (and words past the endings: ASSHOLE, GEFICKT, KUTJE),
    # then words the endings make that are other words
    "en": ("FUCKING BITCHES SHITTY CRAPPY RAPING RAPIST WHORES ORGIES ASSES ASSHOLE ASSHOLES GODDAMN",
           "ANALYSIS ASSIST CLASSES SEXTANT COCKTAIL SPICY HORNED RAPPER CONE"),
    "de": ("FICKEN FICKT HUREN VÖGELT BUMST PISST TITTEN WICHSERN GEFICKT",
           "FICHTE HURRA PISTE NEGATIV KACHEL"),
    "fr": ("ENCULE ENCULES CONNARDS SALOPES PUTES CHIANT EMMERDE", "CONE CONTE CULOTTE BAISER"),
    "es": ("PUTAS CABRONES JODIDO FOLLANDO COÑOS PELOTUDO PELOTUDOS", "POLLO ZORRO CULTURA PENSAR PUÑETAZO"),
    "it": ("STRONZI PUTTANE FOTTUTO CAZZI NEGRI", "PORCI TETTI CULTURA PENNA CRUCCI"),
    "nl": ("HOEREN KUTTEN SLETTEN KANKEREN NEUKT KUTJE KUTJES GELUL", "KUNST PIKANT SLETEN KAKEN"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_blocklist_through_the_dictionary_keeps_every_form_of_its_words_out(language):
    """Each blocklist word is a word of the dictionary (a misspelt one would block nothing), its
    forms are blocked with it, other words the endings make are not, and no built-in list a
    page prints from holds one: fill-in words, themes, crossword answers, quotations."""
    from bookgen.puzzles.crossword.parameters import own_clues
    from bookgen.puzzles.cryptogram.parameters import collection
    from bookgen.puzzles.cryptogram.words import runs
    from bookgen.puzzles.wordsearch.parameters import ALL_THEMES, theme_words

    forms, innocent = (words.split() for words in FORMS[language])
    blocked = blocked_forms(language)
    assert set(blocked_words(language)) <= blocked and set(forms) <= blocked
    assert all(is_blocked(word.lower(), language) for word in forms)
    assert not any(is_blocked(word, language) for word in innocent) and not blocked & set(innocent)
    fillin = resources.files("bookgen.puzzles.fillin").joinpath(f"words/{language}.txt").read_text("utf-8")
    listed = {line for line in fillin.splitlines() if not line.startswith("#")}
    listed.update(word for theme in ALL_THEMES for word in theme_words(language, theme))
    listed.update(grid_form(pair[0], language) for pair in own_clues(language))
    for quote in collection(language):
        text = grid_form(quote.text, language)
        listed.update(text[run.start:run.end] for run in runs(text, language))
    assert sorted(word for word in listed if is_blocked(word, language)) == []
