"""Deciphering by word patterns, as a solver with the whole dictionary at hand would: every reading
of the page in which each word is a word the language's readers know.

Vocabulary first: a cipher letter's *domain* is the set of plain letters it may still stand for, a
bitmask over the language's alphabet (bit i for its i-th letter); a cipher word's *candidates* are
the known words of its length and letter pattern (`words.readings`) its letters' domains still
allow, a bitmask over that list of words. For each pattern, each place in the word and each plain
letter, `Readings.having` holds the words with that letter there, so that narrowing a word's
candidates or a letter's domain is a few operations on whole sets. Two rules narrow them, as
`revise` applies them until nothing changes:

- a word keeps only the candidates its letters' domains allow, and each of its letters keeps only
  the plain letters some remaining candidate puts there;
- a letter whose domain is one plain letter takes it from every other letter's domain (two
  cipher letters never stand for one plain letter).

Domains start as the page says: a given letter's plain letter, every other letter any letter but
itself (no letter stands for itself) and but the given ones. A word whose letters are all given
(a name the dictionary lacks, given whole) needs no candidates. Search then takes the word with
the fewest candidates left and tries each, stopping at the cap: uniqueness is "exactly one
reading", found by the same search that deciphers.

Rejected: candidates as lists of words, filtered letter by letter. "FORTUNE FAVOURS THE BRAVE"
with no letter given took 1.5 s to find its second reading (LEMON for DEMON): each step filtered
thousands of seven-letter words.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache

from bookgen.api import JSON, Solved
from bookgen.core.letters import alphabet
from bookgen.puzzles.cryptogram.words import readings, runs

Domains = list[int]  # by cipher letter's place in `Board.letters`: a bitmask of plain letters
Candidates = list[int]  # by word: a bitmask over its `Readings.words`


@dataclass(frozen=True)
class Readings:
    """The words a cipher word of one pattern may be, and by place and plain letter (its place in
    the alphabet) the bitmask of those words with that letter there."""

    words: tuple[str, ...]
    having: tuple[tuple[int, ...], ...]


@cache
def _readings(word_pattern: str, joined: bool, language: str) -> Readings:
    """The readings of every word of `word_pattern`'s length and pattern (cached by a word that
    has it: the pattern is all that counts)."""
    plain = sorted(alphabet(language))
    found = readings(word_pattern, joined, language)
    having = []
    for position in range(len(word_pattern)):
        masks = [0] * len(plain)
        for index, word in enumerate(found):
            masks[plain.index(word[position])] |= 1 << index
        having.append(tuple(masks))
    return Readings(found, tuple(having))


def _canonical(word: str) -> str:
    """A word of the same pattern made of the first letters (BOOK -> ABBC): one cache entry each."""
    seen: dict[str, str] = {}
    return "".join(seen.setdefault(letter, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[len(seen)]) for letter in word)


@dataclass(frozen=True)
class Board:
    """A ciphertext's structure, worked out once: its alphabet, its cipher letters, and each
    different word to read as the places of its letters."""

    plain: tuple[str, ...]          # the language's letters, in order: bit i is plain[i]
    letters: tuple[str, ...]        # the cipher letters the text holds
    words: tuple[str, ...]          # each different cipher word that is not given whole
    spelled: tuple[tuple[int, ...], ...]  # each word's letters, as places in `letters`
    readings: tuple[Readings, ...]  # each word's readings
    holding: tuple[tuple[int, ...], ...]  # by cipher letter: the words that hold it

    @property
    def place(self) -> dict[str, int]:
        """Each plain letter's place in the alphabet (its bit)."""
        return _places(self.plain)


@cache
def _places(plain: tuple[str, ...]) -> dict[str, int]:
    return {letter: index for index, letter in enumerate(plain)}


def board_for(text: str, given: Mapping[str, str], language: str) -> Board:
    plain = tuple(sorted(alphabet(language)))
    letters = tuple(sorted({char for char in text if char in plain}))
    where = {letter: index for index, letter in enumerate(letters)}
    found: dict[str, bool] = {}
    for run in runs(text, language):
        word = text[run.start:run.end]
        if not all(letter in given for letter in word):
            found[word] = found.get(word, False) or run.joined
    words = tuple(sorted(found))
    holding = tuple(tuple(index for index, word in enumerate(words) if letter in word)
                    for letter in letters)
    return Board(plain, letters, words, tuple(tuple(where[c] for c in w) for w in words),
                 tuple(_readings(_canonical(w), found[w], language) for w in words), holding)


def start(board: Board, given: Mapping[str, str]) -> tuple[Domains, Candidates] | None:
    """The domains and candidates the page allows, revised; None when no reading is left."""
    bit = {letter: 1 << index for index, letter in enumerate(board.plain)}
    taken = sum(bit[plain] for plain in set(given.values()))
    everything = (1 << len(board.plain)) - 1
    domains = [bit[given[letter]] if letter in given else everything & ~taken & ~bit[letter]
               for letter in board.letters]
    candidates = [(1 << len(found.words)) - 1 for found in board.readings]
    return (domains, candidates) if revise(board, domains, candidates) else None


def revise(board: Board, domains: Domains, candidates: Candidates,
           changed: set[int] | None = None) -> bool:
    """Apply the two rules until nothing changes (domains and candidates in place), looking again
    only at the words whose letters' domains narrowed (`changed`: letters; None, every word);
    False on a contradiction (a word with no candidate, a letter with no plain letter)."""
    todo = set(range(len(board.words))) if changed is None else \
        {word for letter in changed for word in board.holding[letter]}
    while todo:
        narrowed: set[int] = set()
        for word in sorted(todo):
            having = board.readings[word].having
            kept = candidates[word]
            for position, letter in enumerate(board.spelled[word]):
                allowed, domain, masks = 0, domains[letter], having[position]
                while domain:
                    low = domain & -domain
                    allowed |= masks[low.bit_length() - 1]
                    domain ^= low
                kept &= allowed
            if not kept:
                return False
            candidates[word] = kept
            for position, letter in enumerate(board.spelled[word]):
                domain, masks, still = domains[letter], having[position], 0
                rest = domain
                while rest:
                    low = rest & -rest
                    if masks[low.bit_length() - 1] & kept:
                        still |= low
                    rest ^= low
                if still != domain:
                    domains[letter] = still
                    narrowed.add(letter)
        taken = 0
        for domain in domains:
            if domain & (domain - 1) == 0:
                if not domain or taken & domain:
                    return False
                taken |= domain
        for letter, domain in enumerate(domains):
            if domain & (domain - 1) and domain & taken:
                domains[letter] = domain & ~taken
                narrowed.add(letter)
        todo = {word for letter in narrowed for word in board.holding[letter]}
    return True


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def full_readings(board: Board, domains: Domains, candidates: Candidates) -> Iterator[Domains]:
    """Every full reading below this point (domains all single letters), depth first."""
    open_words = [word for word, found in enumerate(candidates) if found & (found - 1)]
    if not open_words:
        yield domains
        return
    word = min(open_words, key=lambda w: (candidates[w].bit_count(), w))
    spelled, words, place = board.spelled[word], board.readings[word].words, board.place
    for index in _bits(candidates[word]):
        trial, choices = list(domains), list(candidates)
        for letter, plain in zip(spelled, words[index]):
            trial[letter] = 1 << place[plain]
        choices[word] = 1 << index
        if revise(board, trial, choices, set(spelled)):
            yield from full_readings(board, trial, choices)


def decipherments(text: str, given: Mapping[str, str], language: str) -> Iterator[dict[str, str]]:
    """Every reading of `text` with the letters `given`, as cipher letter -> plain letter."""
    board = board_for(text, given, language)
    started = start(board, given)
    if started is None:
        return
    for domains in full_readings(board, *started):
        yield {letter: board.plain[domain.bit_length() - 1]
               for letter, domain in zip(board.letters, domains)}

def deciphered(text: str, key: Mapping[str, str]) -> str:
    """`text` with each cipher letter replaced by its plain letter (everything else as it is)."""
    return "".join(key.get(char, char) for char in text)


def solve(puzzle: JSON, cap: int | None = None) -> Solved:
    count, first = 0, None
    for key in decipherments(puzzle["text"], puzzle["given"], puzzle["language"]):
        count += 1
        if first is None:
            first = {"text": deciphered(puzzle["text"], key), "key": key}
        if cap is not None and count >= cap:
            break
    return Solved(count, first)
