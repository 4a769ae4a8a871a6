"""Why the operating system refused a file or folder, in the user's words: Python's reason
("Permission denied") is the C library's English whatever the language, so a refusal that quotes
it says it by its errno from the catalogs, and says one bookgen does not know as the system does."""

from __future__ import annotations

import errno

from bookgen.i18n import N_, _

REASONS = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.ENOENT: N_("no such file or directory"),
    errno.ENOTDIR: N_("not a directory"),
    errno.EISDIR: N_("it is a folder"),
    errno.EROFS: N_("read-only file system"),
    errno.ENOSPC: N_("no space left on device"),
    errno.EDQUOT: N_("disk quota exceeded"),
    errno.EFBIG: N_("the file is too large"),
    errno.ENAMETOOLONG: N_("file name too long"),
    errno.ELOOP: N_("too many levels of symbolic links"),
    errno.EEXIST: N_("file exists"),
    errno.ENOTEMPTY: N_("directory not empty"),
    errno.EBUSY: N_("device or resource busy"),
    errno.EIO: N_("input/output error"),
    errno.EMFILE: N_("too many open files"),
    errno.EPIPE: N_("broken pipe"),
    errno.EADDRINUSE: N_("address already in use"),
    errno.EADDRNOTAVAIL: N_("cannot assign requested address"),
}
"""The reasons a person meets writing a book, reading its files or starting the studio."""


def os_reason(error: OSError) -> str:
    """Why `error` happened, in the current language: by its errno where bookgen knows it, else
    as the system words it (lower case, as it reads inside a sentence)."""
    if error.errno in REASONS:
        return _(REASONS[error.errno])
    return (error.strerror or str(error)).lower()
