"""The printed book: NAME.pdf and, with `answers: separate`, NAME-answers.pdf beside it."""

from __future__ import annotations

from pathlib import Path

from bookgen.book import Book


def pdf_files(book: Book, target: Path) -> list[tuple[Path, bytes]]:
    from bookgen.render.pdf import render_pdf  # reportlab loads only when a PDF is made

    data, answers = render_pdf(book)
    files = [(target, data)]
    if answers is not None:
        files.append((answers_path(target), answers))
    return files


def joined_pdf_files(book: Book, target: Path) -> list[tuple[Path, bytes]]:
    """A book of versions in one PDF at target: each version's sheets as its own file prints them,
    one version after another, and their answers after them all (`answers: back`) or in
    NAME-answers.pdf; each version's answers under its "Version B" heading, as its own file's."""
    from dataclasses import replace

    from bookgen.bookconfig import version_words
    from bookgen.formats.joined import join_pdfs
    from bookgen.i18n import _, speaking
    from bookgen.render.pdf import render_pdf

    answers = book.config.answers
    apart = replace(book.config, answers="separate" if answers == "back" else answers)
    sheets, keys = [], []
    with speaking(book.config.speech()):
        for edition in book.editions():
            data, key = render_pdf(Book(apart, edition.sections, edition.version))
            named = version_words(edition.version or "")
            sheets.append((named, data))
            if key is not None:
                # Translators: an answer key's entry in a PDF's bookmarks: "Answers · Version B"
                keys.append((_("Answers \u00b7 {version}").format(version=named), key))
    if answers == "back":
        return [(target, join_pdfs(sheets + keys))]
    return [(target, join_pdfs(sheets))] + ([(answers_path(target), join_pdfs(keys))] if keys else [])


def answers_path(target: Path) -> Path:
    """NAME-answers.pdf beside NAME.pdf."""
    return target.with_name(target.stem + "-answers" + target.suffix)
