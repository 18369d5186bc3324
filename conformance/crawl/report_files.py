"""report_files.py - a report file is whole or it is not there; never an earlier run's.

write() writes a report to a temporary file beside its path (same folder, so the
rename cannot cross file systems), then renames it into place: a reader sees the
old file or the new one, never half of one. The temporary file is listed with the
watchdog while it exists, so that no signal, SIGKILL included, leaves one behind.

At the start of a run every requested report path gets a placeholder in its own
format saying the run is in progress (robots-crawl renders it): a report left by
an earlier run can then not be read as this run's, and a run killed before its
reports leaves a report that says so.

A path that exists and is not a regular file (/dev/stdout, a FIFO) is written
directly: there is nothing to rename over.
"""
import os
import stat
import tempfile

import watchdog

_UMASK = os.umask(0)
os.umask(_UMASK)


def _target(path):
    """The file a rename must replace (a symbolic link's target, so that the link
    stays), and whether the path is one to rename over at all."""
    real = os.path.realpath(path)
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        return real, True
    return real, stat.S_ISREG(mode)


def write(path, text, before_rename=None):
    """Writes text (str, UTF-8) to path as a whole. before_rename(): called when the
    temporary file is complete, before it is renamed (the test hook's place).
    Raises OSError as open() would."""
    target, renamable = _target(path)
    if not renamable:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return
    folder, name = os.path.split(target)
    guard = watchdog.guard()
    fd, temporary = tempfile.mkstemp(dir=folder or ".", prefix="." + name + ".", suffix=".part")
    if guard:
        guard.track("file", temporary)
    try:
        # mkstemp makes it 0600; a report is as readable as any file the user makes.
        os.fchmod(fd, 0o666 & ~_UMASK)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        if before_rename:
            before_rename()
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    finally:
        if guard:
            guard.untrack("file", temporary)
