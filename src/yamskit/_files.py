"""Files written whole or not at all.

`write_atomic` writes to a temporary file in the target's folder, flushes it and
fsyncs it, then renames it over the target (``os.replace``): a reader sees the old
file or the new one, never a part of either. A write that fails (a full disk, a file
size limit, Ctrl-C) removes the temporary file and leaves the old file as it was.

Examples:
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as name:
    ...     folder = Path(name)
    ...     write_atomic(folder / "note.txt", "first\\n")
    ...     write_atomic(folder / "note.txt", "second\\n")
    ...     (folder / "note.txt").read_text(), [p.name for p in folder.iterdir()]
    ('second\\n', ['note.txt'])
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

__all__ = ["write_atomic"]


def write_atomic(path: str | os.PathLike[str], content: str | bytes | Callable[[BinaryIO], None]) -> None:
    """Replace the file at ``path`` with ``content`` (text is written as UTF-8), whole or not at all.

    ``content`` may also be a function that writes into the binary file it is given.
    The new file keeps the permissions of the one it replaces (a new file gets the
    usual ones, under the umask).

    Raises:
        OSError: the folder cannot be written, or writing failed (the old file is untouched
            and no temporary file is left).
    """
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as out:
            if isinstance(content, str):
                out.write(content.encode("utf-8"))
            elif isinstance(content, bytes):
                out.write(content)
            else:
                content(out)
            out.flush()
            os.fsync(out.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temporary, target.stat().st_mode & 0o7777)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows opening a folder)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - systems that cannot open folders
        return
    try:
        os.fsync(descriptor)
    except OSError:  # pragma: no cover - file systems that refuse it
        pass
    finally:
        os.close(descriptor)
