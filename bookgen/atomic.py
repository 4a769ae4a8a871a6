"""Every file bookgen writes goes through `write_files`: each whole or not at all, several as one.

Each file is first written to a dot-named temporary beside its target and flushed to disk; only when
all are written are they moved into place with `os.replace`. A failure part-way puts back the files
already replaced (kept as hard links until the end), removes every temporary, and becomes one
BookgenError naming the path. A symlink is written through (the link stays a link); a character
device or FIFO such as /dev/null is written directly, never replaced; the path '-' is standard
output. A new file gets mode 0o644 less the umask, a replaced file keeps its mode.

A build that is killed (`kill -9`, a power cut) leaves its temporaries (`.NAME.HEX.tmp`) and, if
it was moving files into place, the second names of the files it replaced (`.NAME.HEX.old`)
behind; every file it names is whole (the old one, or the new one once renamed), never half
written. The next write of the same file removes them. A temporary is locked (flock) from the
moment it is made until the write ends, and so is a second name while it is kept, so only those
whose writer is gone are removed: a concurrent build's are left alone.

Rejected: a temporary folder for the whole set, renamed at once. The outputs live in the user's
folder beside other files, and one rename cannot move several files; the per-file rename with a
roll-back is the most POSIX offers.
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import shutil
import stat
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TypeVar

from bookgen.errors import BookgenError
from bookgen.i18n import _
from bookgen.i18n.reasons import os_reason

try:
    import fcntl
except ImportError:  # Windows: no flock, so stale temporaries are left where they are
    fcntl = None  # type: ignore[assignment]

__all__ = ["STDOUT", "check_not_input", "check_target", "stdout_failure", "write_files"]

STDOUT = Path("-")
NEW_FILE_MODE = 0o644  # less the umask, as for any new file
_NAME_ROOM = 200  # of a target's name kept in its temporary's name (names end at 255 bytes)
_T = TypeVar("_T")


@dataclass
class _File:
    """One file to write, and how far the writing got."""

    target: Path  # as the caller named it: for messages and the result
    real: Path  # where the bytes go (a symlink's target)
    folder: Path  # the folder to name in messages: the caller's, unless a link leads elsewhere
    data: bytes
    direct: bool = False  # a device or FIFO: written in place, never replaced
    mode: int | None = None  # the replaced file's permission bits; None for a new file
    temporary: Path | None = None
    lock: int | None = None  # the temporary's open descriptor, locked until the write ends
    backup: Path | None = None
    backup_lock: int | None = None  # the backup's open descriptor, locked while it is kept
    replaced: bool = False


Inputs = Sequence[tuple[str, Path]]  # files a build reads, each with what it is, said ("the config")


def write_files(files: Sequence[tuple[Path, bytes]], stdout: BinaryIO | None = None,
                inputs: Inputs = ()) -> list[Path]:
    """Write every (path, bytes) or none of them; returns the paths written, in order. The path '-'
    writes to `stdout` (default: the process's standard output) and is then the only file. A path
    that is one of `inputs` (the same file, by any name) is refused before anything is written."""
    if any(Path(path) == STDOUT for path, _ in files):
        if len(files) != 1:
            raise BookgenError(_("cannot write to standard output ('-'): this build makes {count} files "
                                 "and only one can go there; name an output file instead").format(
                                     count=len(files)))
        _write_stream(files[0][1], stdout if stdout is not None else sys.stdout.buffer)
        return []
    plan = [_plan(Path(path), data) for path, data in files]
    for item in plan:
        check_not_input(item.target, inputs)
    seen: dict[Path, Path] = {}
    for item in plan:
        if item.real in seen and not item.direct:
            raise BookgenError(_("cannot write {target}: {other} is written there too").format(
                target=item.target, other=seen[item.real]))
        seen[item.real] = item.target
    for item in plan:
        if not item.direct:
            _remove_stale_temporaries(item.real)
    current = plan[0] if plan else None
    try:
        for current in plan:
            if not current.direct:
                _write_temporary(current)
        for current in plan:
            if not current.direct:
                _replace(current)
        for current in plan:
            if current.direct:
                _write_direct(current)
    except OSError as error:
        _roll_back(plan)
        assert current is not None
        raise _error(current, error) from None
    except BaseException:
        _roll_back(plan)
        raise
    finally:
        _discard(plan)
    return [item.target for item in plan]


def check_target(path: Path, inputs: Inputs = ()) -> None:
    """Refuse early, before any work, a path that cannot be written: a folder, a folder that is
    missing or read-only, one of the build's inputs."""
    if path == STDOUT:
        return
    check_not_input(path, inputs)
    item = _plan(path, b"")
    if not item.direct and not os.access(item.real.parent, os.W_OK):
        raise _error(item, OSError(errno.EACCES, os.strerror(errno.EACCES)))


def check_not_input(path: Path, inputs: Inputs) -> None:
    """Refuse to write over a file the build reads (its config, a bank): compared as files, so
    another name for it (a link, a relative path, ../x/c.yaml) is refused too."""
    for what, source in inputs:
        try:
            same = os.path.samefile(path, source)
        except (OSError, ValueError):  # one does not exist (or cannot: a NUL in its name)
            same = False
        if same:
            raise BookgenError(_("cannot write {target}: it is {what} ({source}), which this build "
                                 "reads; a build never overwrites its inputs, so name another "
                                 "output").format(target=path, what=what, source=source))


def stdout_failure(error: OSError) -> BookgenError:
    """The message for standard output that cannot be written (a full disk, /dev/full)."""
    return BookgenError(_("cannot write to standard output: {reason}").format(reason=os_reason(error)))


# --- the steps ------------------------------------------------------------------------------------


def _plan(target: Path, data: bytes) -> _File:
    """What writing `target` means: where the bytes go, whether in place, and the mode to keep."""
    real = Path(os.path.realpath(target))
    try:
        link = target.is_symlink()
    except OSError:  # a name too long, say: os.stat below names the trouble
        link = False
    item = _File(target, real, real.parent if link else target.parent, data)
    try:
        status = os.stat(real)
    except FileNotFoundError:
        status = None
    except OSError as error:
        raise _error(item, error) from None
    if status is not None:
        if stat.S_ISDIR(status.st_mode):
            raise BookgenError(_("cannot write {target}: it is a folder").format(target=target))
        if stat.S_ISCHR(status.st_mode) or stat.S_ISFIFO(status.st_mode):
            item.direct = True
            return item
        if not stat.S_ISREG(status.st_mode):
            raise BookgenError(_("cannot write {target}: it is not a regular file").format(target=target))
        item.mode = stat.S_IMODE(status.st_mode)
    if not real.parent.is_dir():
        raise _error(item, FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT)))
    return item


def _write_temporary(item: _File) -> None:
    descriptor = _new_temporary(item)
    if item.mode is not None:
        os.fchmod(descriptor, item.mode)
    _write_all(descriptor, item.data)
    os.fsync(descriptor)


def _new_temporary(item: _File) -> int:
    """A new temporary beside item.real, open and locked; kept in `item` for _discard to close."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    while True:
        descriptor, temporary = _beside(item.real, "tmp", lambda name: os.open(name, flags,
                                                                                NEW_FILE_MODE))
        item.lock, item.temporary = descriptor, temporary
        if _locked(descriptor, temporary):
            return descriptor
        os.close(descriptor)  # another build took it for stale in the instant before the lock
        item.lock = item.temporary = None


def _locked(descriptor: int, name: Path) -> bool:
    """Lock a new temporary for as long as it is open; False when, in the instant before the lock,
    another build took it for stale and removed it."""
    if fcntl is None:
        return True
    fcntl.flock(descriptor, fcntl.LOCK_EX)
    return _same(descriptor, name)


def _remove_stale_temporaries(real: Path) -> None:
    """Remove the temporaries and kept second names an earlier write of `real` left when it was
    killed: files of our own name patterns, ours, that no live process holds locked. Best effort:
    one that cannot be looked at is left."""
    if fcntl is None:
        return
    pattern = re.compile(re.escape(f".{real.name[:_NAME_ROOM]}.") + r"[0-9a-f]{8}\.(?:tmp|old)")
    try:
        names = [entry.name for entry in os.scandir(real.parent) if pattern.fullmatch(entry.name)]
    except OSError:
        return
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    for name in names:
        path = real.parent / name
        try:
            descriptor = os.open(path, flags)
        except OSError:
            continue
        try:
            status = os.fstat(descriptor)
            if not stat.S_ISREG(status.st_mode) or status.st_uid != os.getuid():
                continue
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)  # refused while its writer lives
            if os.path.samestat(status, os.stat(path, follow_symlinks=False)):
                os.unlink(path)
        except OSError:
            continue
        finally:
            os.close(descriptor)


def _replace(item: _File) -> None:
    assert item.temporary is not None
    if item.mode is not None:  # the file it replaces is kept, to put back if a later step fails
        item.backup, item.backup_lock = _keep(item.real)
    os.replace(item.temporary, item.real)
    item.temporary, item.replaced = None, True


def _write_direct(item: _File) -> None:
    descriptor = os.open(item.real, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        _write_all(descriptor, item.data)
    finally:
        os.close(descriptor)


def _write_stream(data: bytes, stream: BinaryIO) -> None:
    """Write to a stream; through its descriptor where it has one, since a buffered write can
    report a pipe whose reader left part-way as written in full."""
    try:
        stream.flush()
        try:
            descriptor = stream.fileno()
        except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is both
            stream.write(data)
            stream.flush()
        else:
            _write_all(descriptor, data)
    except BrokenPipeError:  # the reader left (`| head -c 100`): the caller ends quietly
        raise
    except OSError as error:
        raise stdout_failure(error) from None


def _roll_back(plan: list[_File]) -> None:
    """Put back what the replaced files replaced (or remove the new ones); best effort, since the
    error that brought us here is the one to report."""
    for item in reversed(plan):
        if not item.replaced:
            continue
        try:
            if item.backup is not None:
                os.replace(item.backup, item.real)
                item.backup = None
            else:
                os.unlink(item.real)
            item.replaced = False
        except OSError:
            pass


def _discard(plan: list[_File]) -> None:
    for item in plan:
        for descriptor in (item.lock, item.backup_lock):
            if descriptor is not None:
                os.close(descriptor)
        item.lock = item.backup_lock = None
        for leftover in (item.temporary, item.backup):
            if leftover is not None:
                try:
                    os.unlink(leftover)
                except OSError:
                    pass
        item.temporary = item.backup = None


# --- helpers --------------------------------------------------------------------------------------


def _beside(real: Path, suffix: str, make: Callable[[Path], _T]) -> tuple[_T, Path]:
    """`make` a new dot-file beside `real` under a name no other file has."""
    while True:
        name = real.parent / f".{real.name[:_NAME_ROOM]}.{secrets.token_hex(4)}.{suffix}"
        try:
            return make(name), name
        except FileExistsError:
            continue


def _keep(real: Path) -> tuple[Path, int | None]:
    """A second name for the file at `real` (a hard link, or a copy where links are refused), and
    its descriptor, locked where the lock is free at once (a link shares its lock with the file
    itself, which no one else should hold long): a build killed while it keeps one leaves it,
    and the next build takes it for stale only once no live build holds it."""
    def link(name: Path) -> None:
        try:
            os.link(real, name)
        except FileExistsError:
            raise
        except OSError:
            try:
                shutil.copy2(real, name)
            except BaseException:
                name.unlink(missing_ok=True)
                raise

    while True:
        name = _beside(real, "old", link)[1]
        try:
            descriptor = os.open(name, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:  # taken for stale in the instant after it was made
            continue
        except OSError:
            name.unlink(missing_ok=True)
            raise
        if fcntl is None:
            return name, descriptor
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # held elsewhere: kept unlocked, its roll-back is best effort anyway
            return name, descriptor
        if _same(descriptor, name):
            return name, descriptor
        os.close(descriptor)  # taken for stale in the instant before the lock


def _same(descriptor: int, name: Path) -> bool:
    """Whether `name` still names the file open at `descriptor`."""
    try:
        return os.path.samestat(os.fstat(descriptor), os.stat(name, follow_symlinks=False))
    except FileNotFoundError:
        return False


def _write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]


def _error(item: _File, error: OSError) -> BookgenError:
    """One line for the user: the file, and the folder where the folder is the trouble."""
    folder = str(item.folder)
    if item.direct or error.errno not in (errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT):
        reason = os_reason(error)
    elif error.errno == errno.EROFS:
        reason = _("the folder {folder} is on a read-only file system").format(folder=repr(folder))
    elif error.errno == errno.ENOENT:  # a folder that is there may still refuse new files so
        # (/proc): said as the system says it
        reason = (os_reason(error) if os.path.isdir(folder) else
                  _("the folder {folder} does not exist").format(folder=repr(folder)))
    else:
        reason = _("permission denied in the folder {folder}").format(folder=repr(folder))
    return BookgenError(_("cannot write {target}: {reason}").format(target=item.target, reason=reason))
