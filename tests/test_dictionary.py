"""Each language's words (bookgen.core.dictionary, from wordfreq) as word puzzles write them
(bookgen.core.letters): the same spelling in every type, ranked by how common they are."""

from __future__ import annotations

from importlib import metadata

import pytest

from bookgen.core.dictionary import blocked_words, common_words, is_word, rank, ranks
from bookgen.core.letters import LANGUAGES, _spelled, alphabet, grid_form


@pytest.mark.parametrize("word, language, form", [
    ("Straße", "de", "STRASSE"), ("Bär", "de", "BÄR"), ("cœur", "fr", "COEUR"), ("élève", "fr", "ELEVE"),
    ("montaña", "es", "MONTAÑA"), ("pingüino", "es", "PINGUINO"), ("città", "it", "CITTA"),
    ("ijs", "nl", "IJS"), ("café", "nl", "CAFE"), ("e\u0301te\u0301", "fr", "ETE"),  # marks apart
])
def test_a_word_is_written_as_the_languages_puzzles_write_it(word, language, form):
    assert grid_form(word, language) == form


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
