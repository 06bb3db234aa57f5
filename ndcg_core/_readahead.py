"""Files read into the padded buffers of ``trec_fast``, without NumPy: the command line reads its two files on a
thread of its own while NumPy is imported (the read lets go of the GIL), so neither waits for the other.
"""

from __future__ import annotations

import os
import stat
import threading

PAD = 8  # zero bytes before the data: a window ending in the first field still starts in the buffer
TAIL = 32  # zero bytes after it: a window starting in the last field still ends in the buffer


def read_raw(path: str | os.PathLike[str]) -> bytearray:
    """``PAD`` zero bytes, the file's bytes, ``TAIL`` zero bytes; OSError when it cannot be read."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        buf = bytearray(PAD + size + 1 + TAIL)  # one byte more shows the file grew
        got = f.readinto(memoryview(buf)[PAD : PAD + size + 1])
        if got > size:  # it grew while being read
            return bytearray(PAD) + buf[PAD : PAD + got] + f.read() + bytearray(TAIL)
    del buf[PAD + got + TAIL :]
    return buf


class ReadAhead:
    """Regular files read on a daemon thread from now on; ``take(path)`` waits for one and hands it over once.

    Anything else (a pipe, a missing file) is not read ahead: ``take`` then gives None and the caller reads it
    as usual, so errors and pipes behave as without this.
    """

    def __init__(self, paths: list[str]) -> None:
        self._paths = [p for p in dict.fromkeys(paths) if _regular(p)]
        self._got: dict[str, bytearray] = {}
        self._thread = threading.Thread(target=self._read, name="read-ahead", daemon=True)
        if self._paths:
            self._thread.start()

    def _read(self) -> None:
        for path in self._paths:
            try:
                self._got[path] = read_raw(path)
            except (OSError, MemoryError):  # read again by the caller, which reports it
                pass

    def take(self, path: str) -> bytearray | None:
        """The file's padded bytes if it was read ahead, else None."""
        if path not in self._paths:
            return None
        self._thread.join()
        return self._got.pop(path, None)


def _regular(path: str) -> bool:
    """Whether ``path`` names a regular file (never a pipe, which reading ahead would consume)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False
