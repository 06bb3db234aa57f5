"""trec_eval's nDCG straight from the files' bytes, with NumPy alone: the command line's fast path.

``fast_trec_eval`` gives what ``trec.read_qrels``, ``trec.read_run`` and ``trec.trec_eval_ndcg``
give together, number for number, without pandas or pyarrow (whose imports alone cost more than
the whole computation). It takes only the common case and returns None for anything else, which
the careful readers then handle (and name the bad line of): every line exactly its 6 (run) or 4
(qrels) fields, one space or tab apart; UTF-8 text without other whitespace; each query's lines
together in one block; numbers written as plain decimals (other scores are checked one by one,
other grades left to the careful reader); no document twice in a query; ``ties="stable"``. As in
trec_eval, lines starting with ``#`` are skipped and a grade is cut to its integer part (``atol``).

How: the separators' positions give every field's span; numbers are read from the digits in
bulk (a mantissa of at most 15 digits over a power of ten is exact, so the division rounds as
``float()`` does); ids become 8-byte words read in place. Each query is one line of a matrix:
sorting the lines of (doc hash | file | position) keys finds the judged documents of the run and
any repeated document, every match then checked on the ids' bytes; sorting the lines of (score
as a 32-bit float, descending | position) keys ranks each query, tied scores then ordered by
docno, descending. DCG and IDCG are running sums along the lines.

The upload page uses the same reader and kernels: ``read_lines`` gives ``files.load`` one file's
rows (None for a doc twice in a query too), and ``collection_ndcg`` gives ``score_collection``
its numbers from tables that ``table_of`` builds over a frame's Arrow text buffers.
"""

from __future__ import annotations

import itertools
import os
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from ndcg_core._kernels import ndcg_ratio
from ndcg_core._registry import GAINS, MAX_GRADE, discount_weights, gain_names, gain_values

DEFAULT_CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)  # trec_eval's ndcg_cut defaults
NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")  # a score or grade, as the careful reader takes it


@dataclass(frozen=True)
class TrecResult:
    """trec_eval's numbers: ``per_query`` maps each measure to {qid: value} in qid order; ``mean`` to its average."""

    measures: tuple[str, ...]
    per_query: dict[str, dict[str, float]]
    mean: dict[str, float]
    num_q: int


def trec_result(measures: tuple[str, ...], per_query: dict[str, dict[str, float]], denominator: int) -> TrecResult:
    """The result with each measure's mean: the sum of its per-query values, in qid order, over ``denominator``."""
    mean = {m: (sum(per_query[m].values()) / denominator if denominator else 0.0) for m in measures}
    return TrecResult(measures, per_query, mean, denominator)


def with_missing(per_query: dict[str, dict[str, float]], judged: list[str]) -> dict[str, dict[str, float]]:
    """trec_eval ``-c``: a judged query the run missed is scored on an empty ranking (trec_eval 10's "bogus"
    one-document ranking), so it has its own lines with ``-q``, every nDCG measure 0, as it counts 0 in the mean."""
    for values in per_query.values():
        for q in judged:
            values.setdefault(q, 0.0)
    return per_query


def format_trec_eval(result: TrecResult, *, per_query: bool = False) -> str:
    """trec_eval's output: ``%-22s\\t%s\\t%6.4f`` lines, each query's first (with ``-q``), then ``all``."""
    lines = []
    if per_query:
        queries = sorted({q for m in result.measures for q in result.per_query[m]})
        for q in queries:
            lines += [f"{m:<22}\t{q}\t{result.per_query[m][q]:6.4f}" for m in result.measures]
    lines += [f"{m:<22}\tall\t{result.mean[m]:6.4f}" for m in result.measures]
    return "\n".join(lines) + "\n"


_PAD = 8  # zero bytes before the data: a window ending in the first field still starts in the buffer
_TAIL = 32  # zero bytes after it: a window starting in the last field still ends in the buffer
#: _KEEP_HIGH[j] keeps the j high bytes of a uint64: the last j bytes of a little-endian window,
#: the first j of a big-endian one.
_KEEP_HIGH = np.array([((1 << (8 * j)) - 1) << (64 - 8 * j) for j in range(9)], dtype=np.uint64)
_KEEP_LOW = np.array([(1 << (8 * j)) - 1 for j in range(9)], dtype=np.uint64)  # the j low bytes
_POW10 = 10.0 ** np.arange(23)  # exact powers of ten
_SIMPLE_DIGITS = 15  # a mantissa of up to 15 digits is exact in a float64
_MAX_ODD_NUMBERS = 50_000  # numbers read one by one in Python before the careful reader is cheaper
_UNICODE_SPACES = (
    "\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029"
    "\u202f\u205f\u3000"
)  # str.split() splits on these too
_SLICE = 1 << 20  # bytes scanned at a time
_ALL = np.uint64(0xFFFFFFFFFFFFFFFF)  # padding of the matrices: sorts after every key
_LOW32 = np.uint64(0xFFFFFFFF)


@dataclass(frozen=True)
class _Table:
    """One file read: its bytes (padded), each line's docno span, docno hash and number, and the query blocks."""

    buf: np.ndarray
    doc: tuple[np.ndarray, np.ndarray]  # start and end (exclusive) of each line's docno in ``buf``
    doc_hash: np.ndarray
    number: np.ndarray
    starts: np.ndarray  # first line of each query block
    lengths: np.ndarray
    qids: list[str]  # the query id of each block
    doc_words: int  # the longest docno's length in 8-byte words
    n_odd: int = 0  # numbers that were not plain decimals (an exponent, or over 15 digits), read one by one


def _windows(buf: np.ndarray, dtype: str) -> np.ndarray:
    """Every 8-byte window of ``buf`` as one uint64 (window i is bytes i .. i + 7): a view, nothing copied."""
    return np.ndarray(shape=(len(buf) - 7,), dtype=dtype, buffer=buf, strides=(1,))


def _word(windows: np.ndarray, start: np.ndarray, end: np.ndarray, k: int) -> np.ndarray:
    """Word k of each field counted from its end (bytes end - 8k - 8 .. end - 8k), other fields' bytes zeroed.

    The words of a field spell it exactly: no id holds a zero byte, so zeros mark where it starts.
    """
    width = end - start  # >= 0
    if k:
        width -= 8 * k
        np.clip(width, 0, 8, out=width)
        word: np.ndarray = windows[np.maximum(end - 8 * (k + 1), 0)]
    else:  # a field ends at least _PAD bytes into its buffer, so its last window starts in it
        np.minimum(width, 8, out=width)
        word = windows[end - 8]
    word &= _KEEP_HIGH[width]
    return word


def _order_word(windows_be: np.ndarray, start: np.ndarray, end: np.ndarray, k: int) -> np.ndarray:
    """Word k of each field from its start, big-endian and zero-padded: the words compare as the bytes do."""
    keep = _KEEP_HIGH[np.clip(end - start - 8 * k, 0, 8)]
    word: np.ndarray = windows_be[np.minimum(start + 8 * k, len(windows_be) - 1)] & keep
    return word


def _hash(windows: np.ndarray, start: np.ndarray, end: np.ndarray, n_words: int) -> np.ndarray:
    """A 64-bit hash of each field: equal fields hash alike; for fields of up to 8 bytes it is one to one.

    Every step (multiplying by an odd number, xor with a right shift) can be undone, so a single
    word's hash tells it apart from every other word's.
    """
    h = np.zeros(len(start), dtype=np.uint64)
    for k in range(n_words):  # words past a field's end leave its hash alone, whatever n_words is
        mixed = _word(windows, start, end, k)
        if k:
            mixed ^= h
        mixed *= np.uint64(0x9E3779B97F4A7C15)
        mixed ^= mixed >> np.uint64(29)
        h = mixed if k == 0 else np.where(end - start > 8 * k, mixed, h)
    h *= np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(32)
    return h


def padded(data: bytes) -> np.ndarray:
    """A file's bytes as the fast path reads them: _PAD zero bytes, the bytes, _TAIL zero bytes."""
    buf = np.zeros(_PAD + len(data) + _TAIL, dtype=np.uint8)
    buf[_PAD : _PAD + len(data)] = np.frombuffer(data, dtype=np.uint8)
    return buf


def read_padded(path: str | os.PathLike[str]) -> np.ndarray:
    """A file read straight into a padded buffer (see ``padded``); OSError when it cannot be read."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        buf = np.empty(_PAD + size + 1 + _TAIL, dtype=np.uint8)  # one byte more shows the file grew
        got = f.readinto(buf.data[_PAD : _PAD + size + 1])  # .data: the array's memoryview
        if got > size:  # it grew while being read
            return padded(buf[_PAD : _PAD + got].tobytes() + f.read())
    buf[:_PAD] = 0
    buf[_PAD + got :] = 0
    return buf[: _PAD + got + _TAIL]


def unpadded(buf: np.ndarray) -> bytes:
    """The file's bytes back from a padded buffer."""
    return buf[_PAD : len(buf) - _TAIL].tobytes()


def _line_end_before(text: np.ndarray, lo: int, hi: int) -> int | None:
    """Just past the last line end in ``text[lo:hi]``; None when there is none."""
    step = 256
    while True:
        a = max(lo, hi - step)
        found = np.flatnonzero(text[a:hi] == 10)
        if len(found):
            return a + int(found[-1]) + 1
        if a == lo:
            return None
        step *= 16


def _fixed(buf: np.ndarray, comments: bool = False) -> np.ndarray | None:
    """The bytes without a byte-order mark, CRs before line ends, blank lines and (with ``comments``) lines that
    start with ``#``; None when that changes nothing."""
    data = unpadded(buf)
    fixed = data.removeprefix(b"\xef\xbb\xbf").replace(b"\r\n", b"\n")
    if comments:  # trec_eval skips them
        fixed = _without_comments(fixed)
    fixed = fixed.lstrip(b"\n")
    while b"\n\n" in fixed:  # blank lines are skipped
        fixed = fixed.replace(b"\n\n", b"\n")
    return padded(fixed) if fixed and fixed != data else None


def _without_comments(data: bytes) -> bytes:
    """The bytes without their lines that start with # (found with ``bytes.find``: few, in a large file)."""
    parts, at = [], 0  # at: the start of a line not yet copied
    while True:
        if data.startswith(b"#", at):
            comment = at
        else:
            comment = data.find(b"\n#", at) + 1
            if not comment:
                break
        parts.append(data[at:comment])
        end = data.find(b"\n", comment)
        at = len(data) if end < 0 else end + 1
    return b"".join([*parts, data[at:]]) if parts else data


def _eight_digits(digits: np.ndarray, dots: np.ndarray, width: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The integer spelled by each field of at most 8 bytes, and the place of its dot (its width when none).

    ``digits`` holds each field's bytes as digit values (0 for the sign, the dot and the padding), one
    little-endian word per field; ``dots`` has byte 1 where the dot is. The dot's byte is cut out,
    the digits moved to the word's end (the bytes before them read as leading zeros), and the
    8-digit integer assembled in three multiplications (as simdjson does).
    """
    dot_at = np.uint64(8) - ((dots * np.uint64(0x0807060504030201)) >> np.uint64(56))  # 8: no dot
    keep = _KEEP_LOW[dot_at]
    x = digits & keep
    x |= (digits >> np.uint64(8)) & ~keep
    used = width - (dot_at < 8)
    x <<= (np.uint64(8) - np.clip(used, 1, 8).astype(np.uint64)) * np.uint64(8)
    x = ((x & np.uint64(0x0F0F0F0F0F0F0F0F)) * np.uint64(2561)) >> np.uint64(8)
    x = ((x & np.uint64(0x00FF00FF00FF00FF)) * np.uint64(6553601)) >> np.uint64(16)
    x = ((x & np.uint64(0x0000FFFF0000FFFF)) * np.uint64(42949672960001)) >> np.uint64(32)
    return x.astype(np.float64), np.minimum(dot_at.astype(np.int64), width)


def _row_counts(mask: np.ndarray) -> np.ndarray:
    """How many True each line of a C-contiguous bool matrix (width a multiple of 8) holds."""
    words = mask.view(np.uint64)
    out = np.bitwise_count(words[:, 0]).astype(np.int64)  # a True is one set bit
    for k in range(1, words.shape[1]):
        out += np.bitwise_count(words[:, k])
    return out


def _numbers(buf: np.ndarray, start: np.ndarray, end: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each field as a float64, as ``float()`` reads it, and the fields that are not plain decimals (left unread).

    Plain decimals of up to 15 digits are read in bulk: the digits' integer over a power of ten is
    one correctly rounded division. Longer ones go to NumPy's ``float()``-based cast.
    """
    width = end - start
    n_words = min(-(-int(width.max()) // 8), 3)
    cols = 8 * n_words
    windows = _windows(buf, "<u8")
    words = np.empty((len(start), n_words), dtype=np.uint64)
    for k in range(n_words):  # each field's bytes, zeros after its end
        at, keep = (start, np.minimum(width, 8)) if k == 0 else (start + 8 * k, np.clip(width - 8 * k, 0, 8))
        np.bitwise_and(windows[at], _KEEP_LOW[keep], out=words[:, k])
    chars = words.view(np.uint8)
    digit = chars - np.uint8(48)
    is_digit = digit < 10
    is_dot = chars == 46
    negative = chars[:, 0] == 45
    signed = negative | (chars[:, 0] == 43)
    other = ~(is_digit | is_dot | (chars == 0))
    other[:, 0] &= ~signed
    n_digits, n_dots = _row_counts(is_digit), _row_counts(is_dot)
    plain = (_row_counts(other) == 0) & (n_dots <= 1) & (n_digits >= 1) & (width <= cols)
    fast = plain & (n_digits <= _SIMPLE_DIGITS)
    digit *= is_digit  # the sign, the dot and the padding read as 0
    if n_words == 1:
        mantissa, dot_at = _eight_digits(digit.view(np.uint64).ravel(), is_dot.view(np.uint64).ravel(), width)
    else:
        ten = is_digit.view(np.uint8) * np.uint8(9)
        ten += np.uint8(1)
        mantissa = np.zeros(len(start))
        for j in range(min(int(width.max()), cols)):  # wider fields are not plain: read one by one below
            mantissa *= ten[:, j]
            mantissa += digit[:, j]
        del ten
        dot_at = np.where(n_dots > 0, np.argmax(is_dot, axis=1), width)
    fraction = np.maximum(width - 1 - dot_at, 0)  # every character after the dot is a digit
    values = mantissa / _POW10[np.where(fast, fraction, 0)]
    np.negative(values, out=values, where=negative)
    long_plain = np.flatnonzero(plain & ~fast)
    if len(long_plain):  # validated plain decimals: NumPy's cast reads them as float() does
        values[long_plain] = chars[long_plain].view(f"S{cols}").ravel().astype(np.float64)
    return values, np.flatnonzero(~plain)


_FIX = "fix"  # what a slice says when its bytes need fixing first (see _fixed)


def _plan(buf: np.ndarray) -> list[tuple[int, int]] | str | None:
    """The slices of whole lines to read (byte ranges of the text), or _FIX, or None for a line longer than a slice."""
    size = len(buf) - _PAD - _TAIL
    if size and buf[_PAD + size - 1] != 10:  # a last line without its line end: add one
        buf[_PAD + size] = 10
        size += 1
    text = buf[_PAD : _PAD + size]
    if size < 2 or text[:3].tobytes() == b"\xef\xbb\xbf":
        return _FIX
    slices, lo = [], 0
    while lo < size:
        hi = size if size - lo <= _SLICE else _line_end_before(text, lo, lo + _SLICE)
        if hi is None:
            return None
        slices.append((lo, hi))
        lo = hi
    return slices


@dataclass(frozen=True)
class _Columns:
    """A file's per-line results, allocated once: each slice writes its own lines' rows."""

    doc_start: np.ndarray
    doc_end: np.ndarray
    doc_hash: np.ndarray
    number: np.ndarray

    @classmethod
    def empty(cls, n: int) -> _Columns:
        """Columns for ``n`` lines."""
        return cls(np.empty(n, np.int64), np.empty(n, np.int64), np.empty(n, np.uint64), np.empty(n))


@dataclass(frozen=True)
class _Slice:
    """What one slice of lines holds besides its rows in the columns: its odd numbers and query blocks."""

    n_lines: int
    odd: np.ndarray  # lines whose number is not a plain decimal, and that number's span
    odd_start: np.ndarray
    odd_end: np.ndarray
    heads: np.ndarray  # lines after the first that start a new query id
    qids: list[str]  # the first line's query id, then each head's
    last_qid: str
    doc_words: int  # the longest docno's length in 8-byte words


def _read_slice(
    buf: np.ndarray, lo: int, hi: int, n_fields: int, number_at: int, cols: _Columns, row0: int
) -> _Slice | str | None:
    """Text bytes lo .. hi (whole lines) read in bulk into rows ``row0`` on of ``cols``; _FIX when the bytes need
    fixing, None unless the simple case."""
    chunk = buf[_PAD + lo : _PAD + hi]
    sep = chunk <= 32
    where = np.flatnonzero(sep)
    seps = chunk[where]
    n_lines = np.count_nonzero(seps == 10)
    n_inner = np.count_nonzero(seps == 32) + np.count_nonzero(seps == 9)
    # another control character or CR; a leading separator, a blank line or an empty field
    if n_lines + n_inner != len(where) or sep[0] or (sep[1:] & sep[:-1]).any():
        return _FIX
    if n_inner != (n_fields - 1) * n_lines:
        return _FIX if _has_comment(chunk, where, seps) else None
    if chunk.max() >= 0x80:  # UTF-8 without Unicode spaces (str.split() would split on them)
        try:
            decoded = chunk.tobytes().decode("utf-8")
        except UnicodeDecodeError:
            return None
        if any(c in decoded for c in _UNICODE_SPACES):
            return None
    where += _PAD + lo
    ends = where.reshape(-1, n_fields)
    if not (buf[ends[:, -1]] == 10).all():  # then no line has more or fewer fields
        return _FIX if _has_comment(chunk, where - (_PAD + lo), seps) else None
    windows = _windows(buf, "<u8")
    qs = np.empty(len(ends), dtype=np.int64)
    qs[0] = _PAD + lo
    qs[1:] = ends[:-1, -1] + 1
    if (buf[qs] == 35).any():  # a line starting with # (with as many fields as a line needs)
        return _FIX
    rows = slice(row0, row0 + len(ends))
    qe, ds, de = ends[:, 0], cols.doc_start[rows], cols.doc_end[rows]
    np.add(ends[:, 1], 1, out=ds)
    de[:] = ends[:, 2]
    ns, ne = ends[:, number_at - 1] + 1, ends[:, number_at]
    values, odd = _numbers(buf, ns, ne)
    cols.number[rows] = values
    change = np.zeros(len(ends), dtype=bool)
    for k in range(-(-int((qe - qs).max()) // 8)):
        w = _word(windows, qs, qe, k)
        change[1:] |= w[1:] != w[:-1]
    heads = np.flatnonzero(change)
    qids = _texts(buf, qs[[0, *heads]], qe[[0, *heads]])
    last_qid = buf[qs[-1] : qe[-1]].tobytes().decode("utf-8")
    doc_words = -(-int((de - ds).max()) // 8)
    cols.doc_hash[rows] = _hash(windows, ds, de, doc_words)
    return _Slice(len(ends), odd, ns[odd], ne[odd], heads, qids, last_qid, doc_words)


def _texts(buf: np.ndarray, start: np.ndarray, end: np.ndarray) -> list[str]:
    """The UTF-8 text of each field (bytes start .. end, each followed by its separator), decoded at once.

    Each field's bytes and the separator after it are gathered into one string, the separators made line ends,
    then split: one decode instead of one per field. No field holds a line end.
    """
    size = end - start + 1  # with the separator
    stop = np.cumsum(size)
    at = np.arange(int(stop[-1]), dtype=np.int64)  # byte j of the result is byte j + (start - offset) of its field
    at += np.repeat(start - (stop - size), size)
    joined = buf[at]
    joined[stop - 1] = 10
    return joined.tobytes().decode("utf-8").split("\n")[:-1]


def _has_comment(chunk: np.ndarray, where: np.ndarray, seps: np.ndarray) -> bool:
    """Whether a line of ``chunk`` (whole lines; ``where``: its separators' places, ``seps``: their bytes) starts
    with #."""
    return bool(chunk[0] == 35 or (chunk[where[seps == 10][:-1] + 1] == 35).any())


def _refixed(buf: np.ndarray, n_fields: int, number_at: int, comments: bool = False) -> _Table | None:
    """The file read again once its bytes are fixed (see ``_fixed``); None when fixing changes nothing."""
    fixed = _fixed(buf, comments)
    return None if fixed is None else _read(fixed, n_fields, number_at, comments)


def _finish(
    buf: np.ndarray,
    slices: list[_Slice | str | None],
    cols: _Columns,
    n_fields: int,
    number_at: int,
    comments: bool = False,
) -> _Table | None:
    """The file's table from its slices, read in order; None unless every slice is the simple case."""
    if any(part is None for part in slices):
        return None
    if _FIX in slices:
        return _refixed(buf, n_fields, number_at, comments)
    parts = [part for part in slices if isinstance(part, _Slice)]  # every slice, now
    qids: list[str] = []
    heads: list[np.ndarray] = []
    odd: list[np.ndarray] = []
    row0, last = 0, None
    for part in parts:
        if part.qids[0] != last:  # the slice starts a new query
            heads.append(np.array([row0]))
            qids.append(part.qids[0])
        heads.append(part.heads + row0)
        qids += part.qids[1:]
        odd.append(part.odd + row0)
        row0 += part.n_lines
        last = part.last_qid
    if len(set(qids)) != len(qids):  # some query's lines are not together
        return None
    number = cols.number
    odd_rows = np.concatenate(odd)
    if len(odd_rows) > _MAX_ODD_NUMBERS:
        return None
    odd_start = np.concatenate([part.odd_start for part in parts])
    odd_end = np.concatenate([part.odd_end for part in parts])
    for i, a, b in zip(odd_rows.tolist(), odd_start.tolist(), odd_end.tolist(), strict=True):  # checked one by one
        raw = buf[a:b].tobytes().decode("utf-8", errors="replace")
        if not NUMBER.fullmatch(raw):
            return None
        number[i] = float(raw)
    if len(odd_rows) and not np.isfinite(number).all():
        return None
    starts = np.concatenate(heads)
    return _Table(
        buf,
        (cols.doc_start, cols.doc_end),
        cols.doc_hash,
        number,
        starts,
        np.diff(starts, append=len(number)),
        qids,
        max(part.doc_words for part in parts),
        len(odd_rows),
    )


def _read(buf: np.ndarray, n_fields: int, number_at: int, comments: bool = False) -> _Table | None:
    """One TREC file (a padded buffer) read in bulk; None unless it is the simple case (see the module docstring).

    The bytes are read a slice of whole lines at a time, so that the temporaries stay in cache and
    nothing file-sized is allocated but the results.
    """
    return _read_files([(buf, n_fields, number_at)], threads=1, comments=comments)[0]


def _read_both(qrels: np.ndarray, run: np.ndarray) -> tuple[_Table | None, _Table | None]:
    """Both files read at once (see ``_read_files``), lines starting with # skipped as trec_eval skips them."""
    q, r = _read_files([(qrels, 4, 3), (run, 6, 4)], comments=True)
    return q, r


def _read_files(
    files: list[tuple[np.ndarray, int, int]], threads: int = 2, *, comments: bool = False
) -> list[_Table | None]:
    """Files (buffer, fields, number's field) read by two threads taking slices in turn (see ``_shared``).

    The slices' lines are counted first, in turn too; each file's columns are then allocated once, and each slice
    fills its own rows. A line starting with # is skipped with ``comments``, else the file is not the simple case
    (None).
    """
    # a file starting with a comment is read once, without its comments (see _fixed), not twice
    plans = [_FIX if comments and buf[_PAD] == 35 else _plan(buf) for buf, _, _ in files]
    spans = [(f, lo, hi) for f, plan in enumerate(plans) if isinstance(plan, list) for lo, hi in plan]

    def count(i: int) -> int:
        f, lo, hi = spans[i]
        return int(np.count_nonzero(files[f][0][_PAD + lo : _PAD + hi] == 10))

    counts = iter(_shared(len(spans), count, threads))
    cols: list[_Columns | None] = []  # per file: its columns, None when it has no slices to read (see _plan)
    tasks: list[tuple[int, int, int, int, _Columns]] = []  # per slice: file, bytes lo .. hi, first row, columns
    for f, plan in enumerate(plans):
        if not isinstance(plan, list):
            cols.append(None)
            continue
        first = [0, *itertools.accumulate(next(counts) for _ in plan)]  # each slice's first line, then all lines
        file_cols = _Columns.empty(first[-1])
        cols.append(file_cols)
        tasks += [(f, lo, hi, first[i], file_cols) for i, (lo, hi) in enumerate(plan)]

    def read(i: int) -> _Slice | str | None:
        f, lo, hi, row0, file_cols = tasks[i]
        return _read_slice(files[f][0], lo, hi, *files[f][1:], file_cols, row0)

    done = _shared(len(tasks), read, threads)
    out: list[_Table | None] = []
    for f, ((buf, n_fields, number_at), plan) in enumerate(zip(files, plans, strict=True)):
        columns = cols[f]
        if columns is None:  # no slices: a line longer than a slice (None), or bytes to fix first (_FIX)
            out.append(None if plan is None else _refixed(buf, n_fields, number_at, comments))
        else:
            slices = [done[i] for i, task in enumerate(tasks) if task[0] == f]
            out.append(_finish(buf, slices, columns, n_fields, number_at, comments))
    return out


_T = TypeVar("_T")


def _shared(n: int, do: Callable[[int], _T], threads: int) -> list[_T]:
    """``[do(0), ..., do(n - 1)]``, the calls taken in turn by this thread and, with ``threads`` > 1, one helper
    (NumPy lets go of the GIL while it works); an exception raised in either is raised here."""
    done: dict[int, _T] = {}
    failed: list[BaseException] = []
    taken = itertools.count()

    def work() -> None:
        try:
            for i in iter(taken.__next__, None):  # next() on a count is atomic under the GIL
                if i >= n or failed:
                    return
                done[i] = do(i)
        except BaseException as exc:  # handed to the main thread
            failed.append(exc)

    helper = threading.Thread(target=work, name="read-slices", daemon=True) if threads > 1 and n > 1 else None
    if helper is not None:
        helper.start()
    work()
    if helper is not None:
        helper.join()
    if failed:
        raise failed[0]
    return [done[i] for i in range(n)]


def _rows_and_positions(codes: np.ndarray, table: _Table) -> tuple[np.ndarray, np.ndarray]:
    """Each line's query code and its place in its query's block, as int32 (half the memory of int64)."""
    rows = np.repeat(codes.astype(np.int32), table.lengths)
    pos = np.arange(len(rows), dtype=np.int32)
    pos -= np.repeat(table.starts.astype(np.int32), table.lengths)
    return rows, pos


def _put(
    matrix: np.ndarray,
    values: np.ndarray,
    table: _Table,
    codes: np.ndarray,
    rows: np.ndarray,
    pos: np.ndarray,
    offset: int = 0,
) -> None:
    """``matrix[rows, pos + offset] = values``: each query block's values into its query's line from column
    ``offset``; when every block is equally long, as whole lines (several times faster than element by element)."""
    width = int(table.lengths[0]) if len(table.lengths) else 0
    if width and width * len(table.lengths) == len(values) and (table.lengths == width).all():
        matrix[codes, offset : offset + width] = values.reshape(-1, width)
    else:
        matrix[rows, pos + offset] = values


def _order32(scores: np.ndarray) -> np.ndarray | None:
    """A uint64 per score that sorts as the scores, compared as 32-bit floats, sort descending.

    None when a score is too large for a 32-bit float (the careful path refuses it).
    """
    with np.errstate(over="ignore"):
        bits = (scores.astype(np.float32) + np.float32(0.0)).view(np.uint32)  # + 0.0: -0.0 ties with 0.0
    if ((bits & np.uint32(0x7F800000)) == np.uint32(0x7F800000)).any():
        return None
    negative = bits >> np.uint32(31) == 1
    bits |= np.uint32(0x80000000)
    np.invert(bits, out=bits, where=~negative)  # descending: positive scores flipped below the sign bit
    return bits.astype(np.uint64)


@dataclass(frozen=True)
class _Joined:
    """Both files' rows matched: query codes (qid order), each line's query and place, each run line's grade."""

    queries: list[str]
    r_code: np.ndarray  # per run block, its query code
    r_first: np.ndarray  # per query code, the first line of its block in each file (-1: none)
    q_first: np.ndarray
    d_run: int  # the longest block in each file
    d_qrels: int
    r_row: np.ndarray  # per line, its query code and its place in its block
    r_pos: np.ndarray
    q_row: np.ndarray
    q_pos: np.ndarray
    grade: np.ndarray  # per run line, its judged grade (0 when unjudged)
    judged: np.ndarray  # per run line, whether it is judged
    q_hit: np.ndarray  # the qrels lines whose document the run retrieved


def _query_codes(run: list[str], qrels: list[str]) -> tuple[list[str], np.ndarray, np.ndarray]:
    """The query ids of both files in qid order, and each block's place in it (its code) in the run and the qrels.

    A file's blocks have distinct ids. When both files list the same queries in the same order (the common case),
    one sort of the run's gives both, without a dict.
    """
    if run == qrels:
        order = sorted(range(len(run)), key=run.__getitem__)
        codes = np.empty(len(run), dtype=np.int64)
        codes[order] = np.arange(len(run))
        return [run[i] for i in order], codes, codes
    queries = sorted(set(run) | set(qrels))
    code = {q: i for i, q in enumerate(queries)}
    return (
        queries,
        np.array([code[q] for q in run], dtype=np.int64),
        np.array([code[q] for q in qrels], dtype=np.int64),
    )


def _join(run: _Table, qrels: _Table) -> _Joined | None:
    """Each run line's grade from the qrels; None for a doc twice in a query or blocks too uneven for matrices."""
    grades = qrels.number
    # Query codes in qid order; per code, the first row of its block in each file (-1: none).
    queries, r_code, q_code = _query_codes(run.qids, qrels.qids)
    nq = len(queries)
    r_first = np.full(nq, -1, dtype=np.int64)
    r_first[r_code] = run.starts
    q_first = np.full(nq, -1, dtype=np.int64)
    q_first[q_code] = qrels.starts
    d_run, d_qrels = int(run.lengths.max()), int(qrels.lengths.max())
    if nq * (d_run + d_qrels) > 4 * (len(run.number) + len(grades)) + (1 << 16):
        return None  # a few very long queries: the matrices would be mostly padding
    r_row, r_pos = _rows_and_positions(r_code, run)
    q_row, q_pos = _rows_and_positions(q_code, qrels)

    # Join: per query, the doc hashes of its run and qrels rows sorted together. A qrels key
    # (file bit 0) sorts right before the run key of the same doc; any other equal pair repeats a doc.
    n_words = max(run.doc_words, qrels.doc_words)
    pos_bits = max(d_run, d_qrels, 2).bit_length()
    low = np.uint64(pos_bits + 1)
    r_win, q_win = _windows(run.buf, "<u8"), _windows(qrels.buf, "<u8")
    keys = np.full((nq, d_run + d_qrels), _ALL, dtype=np.uint64)
    for table, codes, rows, pos, offset, file_bit in (
        (run, r_code, r_row, r_pos, 0, 1),
        (qrels, q_code, q_row, q_pos, d_run, 0),
    ):
        h = table.doc_hash >> (low + np.uint64(1))  # top bit clear: below the padding
        h <<= low
        h |= np.uint64(file_bit << pos_bits)
        np.bitwise_or(h, pos, out=h, dtype=np.uint64, casting="unsafe")  # pos >= 0
        _put(keys, h, table, codes, rows, pos, offset)
    keys.sort(axis=1)
    flat = keys.reshape(-1)
    same = np.empty(len(flat) - 1, dtype=bool)  # neighbours with one hash: they differ only below bit ``low``
    step = max(_SLICE // 8, 1)  # keys a slice at a time: the temporaries stay in cache, reused
    for lo in range(0, len(same), step):
        hi = min(lo + step, len(same))
        np.less(flat[lo:hi] ^ flat[lo + 1 : hi + 1], np.uint64(1) << low, out=same[lo:hi])
        same[lo:hi] &= flat[lo + 1 : hi + 1] != _ALL
    same[keys.shape[1] - 1 :: keys.shape[1]] = False  # a line's last key and the next line's first
    at = np.flatnonzero(same)
    first, second, row = flat[at], flat[at + 1], at // keys.shape[1]
    pos_mask = np.uint64((1 << pos_bits) - 1)
    if ((first ^ second) >> np.uint64(pos_bits) & np.uint64(1)).min(initial=1) == 0:
        return None  # a doc twice in a query (or two docs with one hash): the careful reader decides
    r_hit = r_first[row] + (second & pos_mask).astype(np.int64)
    q_hit = q_first[row] + (first & pos_mask).astype(np.int64)
    del keys, flat, same, at, row, first, second
    if not np.array_equal(run.doc_hash[r_hit], qrels.doc_hash[q_hit]):
        return None  # two docs whose hashes differ only in bits the keys leave out
    for k in range(n_words if n_words > 1 else 0):  # a docno of one word is its hash, one to one
        if not np.array_equal(
            _word(r_win, run.doc[0][r_hit], run.doc[1][r_hit], k),
            _word(q_win, qrels.doc[0][q_hit], qrels.doc[1][q_hit], k),
        ):
            return None  # two docs with one hash
    grade = np.zeros(len(r_row))
    grade[r_hit] = grades[q_hit]
    judged = np.zeros(len(r_row), dtype=bool)
    judged[r_hit] = True

    return _Joined(queries, r_code, r_first, q_first, d_run, d_qrels, r_row, r_pos, q_row, q_pos, grade, judged, q_hit)


def fast_trec_eval(
    qrels_data: bytes | np.ndarray,
    run_data: bytes | np.ndarray,
    *,
    cutoffs: tuple[int, ...] = (),
    full: bool = True,
    complete: bool = False,
    judged_only: bool = False,
    gain: str = "linear",
    ties: str = "stable",
) -> TrecResult | None:
    """``trec_eval_ndcg(read_run(run), read_qrels(qrels), ...)`` from the files' bytes; None outside the simple case.

    Each file is its bytes or its ``read_padded`` buffer (which this may write a line end into).
    """
    if ties != "stable" or gain not in GAINS:  # any registered gain: its function runs on the grades below
        return None
    qrels, run = _read_both(
        padded(qrels_data) if isinstance(qrels_data, bytes) else qrels_data,
        padded(run_data) if isinstance(run_data, bytes) else run_data,
    )
    if qrels is None or run is None or qrels.n_odd:  # a grade with an exponent: the careful path refuses it
        return None
    grades = np.trunc(qrels.number, out=qrels.number)  # trec_eval reads a grade with atol: 2.7 is 2, -1.5 is -1
    if gain in MAX_GRADE and (grades > MAX_GRADE[gain]).any():
        return None  # the careful path names the grade too large for the gain

    j = _join(run, qrels)
    if j is None:
        return None
    queries, nq, r_code, r_first, q_first = j.queries, len(j.queries), j.r_code, j.r_first, j.q_first
    d_run, d_qrels, r_row, r_pos, q_row, q_pos = j.d_run, j.d_qrels, j.r_row, j.r_pos, j.q_row, j.q_pos
    grade, judged = j.grade, j.judged

    # Ranking: per query, keys of (score as a 32-bit float, descending | position), sorted.
    score_key = _order32(run.number)
    if score_key is None:
        return None
    score_key <<= np.uint64(32)
    np.bitwise_or(score_key, r_pos, out=score_key, dtype=np.uint64, casting="unsafe")  # r_pos >= 0
    if judged_only:  # trec_eval marks unjudged documents with a negative grade, so these count as unjudged
        score_key[~judged | (grade < 0)] = _ALL
    ranked = np.full((nq, d_run), _ALL, dtype=np.uint64)
    _put(ranked, score_key, run, r_code, r_row, r_pos)
    del score_key
    ranked.sort(axis=1)
    both = np.flatnonzero((r_first >= 0) & (q_first >= 0))
    if not len(both):
        measures = (("ndcg",) if full else ()) + tuple(f"ndcg_cut_{k}" for k in sorted(cutoffs))
        empty: dict[str, dict[str, float]] = {m: {} for m in measures}
        if complete:
            with_missing(empty, qrels.qids)
        return trec_result(measures, empty, len(qrels.qids) if complete else 0)
    if judged_only:
        retrieved = np.count_nonzero(ranked[both] != _ALL, axis=1)
    else:
        retrieved = np.zeros(nq, dtype=np.int64)
        retrieved[r_code] = run.lengths
        retrieved = retrieved[both]
    width = d_run if full or not cutoffs else min(d_run, max(cutoffs))
    ranked = _ranked_top(ranked, width, run, r_first)[both]
    kept = ranked != _ALL
    rows_of = r_first[both][:, None] + (ranked & _LOW32).astype(np.int64)
    gains = gain_values(np.maximum(grade[np.where(kept, rows_of, 0)], 0.0), gain)
    gains[~kept] = 0.0
    ideal = np.zeros((nq, d_qrels))
    ideal[q_row, q_pos] = gain_values(np.maximum(grades, 0.0), gain)
    ideal = -np.sort(-ideal[both], axis=1)

    depth = max(int(retrieved.max()), int(qrels.lengths.max()), 1)
    disc = np.zeros(max(depth, width, d_qrels))
    disc[:depth] = discount_weights(depth)
    dcg_run = np.cumsum(gains * disc[:width], axis=1)
    i_width = d_qrels if full or not cutoffs else min(d_qrels, max(cutoffs))
    idcg_run = np.cumsum(ideal[:, :i_width] * disc[:i_width], axis=1)
    names = [queries[i] for i in both.tolist()]
    per_query = {}
    for k in ((None,) if full else ()) + tuple(sorted(cutoffs)):
        dcg = dcg_run[:, (width if k is None else min(k, width)) - 1]
        idcg = idcg_run[:, (i_width if k is None else min(k, i_width)) - 1]
        per_query["ndcg" if k is None else f"ndcg_cut_{k}"] = dict(
            zip(names, ndcg_ratio(dcg, idcg).tolist(), strict=True)
        )
    if complete:
        with_missing(per_query, qrels.qids)
    return trec_result(tuple(per_query), per_query, len(qrels.qids) if complete else len(names))


def _ranked_top(ranked: np.ndarray, width: int, run: _Table, r_first: np.ndarray) -> np.ndarray:
    """The first ``width`` columns of the sorted keys, tied scores ordered by docno (descending) where it matters.

    Only tie groups that reach into those columns are ordered: the columns up to where the group at
    the last kept column ends (in the line where it ends last).
    """
    if width < ranked.shape[1]:  # reach: the longest run of one score from the last kept column on
        last = ranked[:, width - 1]
        score = last >> np.uint64(32)
        rows, reach = np.flatnonzero(last != _ALL), 1  # rows whose run is still going: few, often none
        while len(rows) and width - 1 + reach < ranked.shape[1]:
            after = ranked[rows, width - 1 + reach]
            rows = rows[(after >> np.uint64(32) == score[rows]) & (after != _ALL)]
            reach += 1 if len(rows) else 0
        ranked = np.ascontiguousarray(ranked[:, : width - 1 + reach])
    _break_ties(ranked, run, r_first)
    return ranked[:, :width]


def _break_ties(ranked: np.ndarray, run: _Table, r_first: np.ndarray) -> None:
    """Within each line of sorted (score | position) keys, order equal scores by docno, descending, in place."""
    flat = ranked.reshape(-1)
    depth = ranked.shape[1]
    if depth < 2:
        return
    high = flat >> np.uint64(32)
    tie = high[1:] == high[:-1]
    del high
    tie &= flat[1:] != _ALL
    tie[depth - 1 :: depth] = False  # the last key of a line and the first of the next
    if not tie.any():
        return
    member = np.zeros(len(flat), dtype=bool)
    member[:-1] = tie
    member[1:] |= tie
    at = np.flatnonzero(member)
    group = np.cumsum(~np.concatenate([[False], tie])[at])
    rows = r_first[at // depth] + (flat[at] & _LOW32).astype(np.int64)
    windows_be = _windows(run.buf, ">u8")
    start, end = run.doc[0][rows], run.doc[1][rows]
    n_words = -(-int((end - start).max()) // 8)
    sort_keys = [~_order_word(windows_be, start, end, k) for k in reversed(range(n_words))]
    flat[at] = flat[at][np.lexsort([*sort_keys, group])]


# The upload page's fast path (``files.load`` and ``collection.score_collection``) uses what follows.


def read_lines(data: bytes, what: str) -> _Table | None:
    """A run (``what="run"``) or qrels file read in bulk; None unless the simple case with no doc twice in a query."""
    table = _read_files([(padded(data), *((6, 4) if what == "run" else (4, 3)))])[0]
    if table is None or _doc_twice(table):
        return None
    return table


def _doc_twice(table: _Table) -> bool:
    """Whether some query may list a doc twice (equal 63-bit hashes: the careful reader then decides)."""
    nq, depth = len(table.qids), int(table.lengths.max())
    if nq * depth > 4 * len(table.number) + (1 << 16):
        return True  # a few very long queries: leave the file to the careful reader
    keys = table.doc_hash >> np.uint64(1)  # top bit clear: below the padding
    if len(keys) != nq * depth:  # uneven blocks: each one a line of a padded matrix
        at = np.repeat(np.arange(nq, dtype=np.int64) * depth - table.starts, table.lengths)
        at += np.arange(len(keys))
        keys, lines = np.full(nq * depth, _ALL, dtype=np.uint64), keys
        keys[at] = lines
    keys = keys.reshape(nq, depth)
    keys.sort(axis=1)
    same = keys[:, 1:] == keys[:, :-1]
    same &= keys[:, 1:] != _ALL
    return bool(same.any())


def span_bytes(table: _Table) -> tuple[np.ndarray, np.ndarray]:
    """Each line's docno bytes end to end and the offsets of each (Arrow's layout of text), int64.

    Each docno's words are gathered into a matrix, its bytes then picked out by a mask; docnos of very
    uneven lengths (a matrix mostly padding) are copied byte by byte instead.
    """
    start, end = table.doc
    size = end - start
    offsets = np.zeros(len(size) + 1, dtype=np.int64)
    np.cumsum(size, out=offsets[1:])
    n_words = -(-int(size.max(initial=0)) // 8)
    if 8 * n_words * len(size) <= 2 * int(offsets[-1]) + (1 << 16):
        windows = _windows(table.buf, "<u8")
        words = np.empty((len(size), n_words), dtype=np.uint64)
        for k in range(n_words):  # bytes past a docno's end are left out by the mask
            words[:, k] = windows[np.minimum(start + 8 * k, len(windows) - 1)]
        mask = np.arange(8 * n_words) < size[:, None]
        return words.view(np.uint8)[mask], offsets
    index_type = np.int32 if len(table.buf) < 2**31 else np.int64
    at = np.arange(offsets[-1], dtype=index_type)  # byte j of the result is byte j + (start - offset) of its line
    at += np.repeat((start - offsets[:-1]).astype(index_type), size)
    return table.buf[at], offsets


def table_of(
    doc_bytes: np.ndarray, doc_offsets: np.ndarray, starts: np.ndarray, qids: list[str], number: np.ndarray
) -> _Table | None:
    """A table from columns: docnos as Arrow lays text out, each query's first row and id; None unless each
    query is one block and every docno is non-empty without a zero byte."""
    sizes = np.diff(doc_offsets)
    if not len(sizes) or sizes.min() < 1 or len(set(qids)) != len(qids) or (doc_bytes == 0).any():
        return None
    buf = np.zeros(_PAD + len(doc_bytes) + _TAIL, dtype=np.uint8)
    buf[_PAD : _PAD + len(doc_bytes)] = doc_bytes
    ds = doc_offsets[:-1].astype(np.int64) + _PAD
    de = doc_offsets[1:].astype(np.int64) + _PAD
    doc_words = -(-int(sizes.max()) // 8)
    doc_hash = _hash(_windows(buf, "<u8"), ds, de, doc_words)
    starts = np.asarray(starts, dtype=np.int64)
    return _Table(
        buf,
        (ds, de),
        doc_hash,
        np.asarray(number, dtype=np.float64),
        starts,
        np.diff(starts, append=len(sizes)),
        list(qids),
        doc_words,
    )


@dataclass(frozen=True)
class CollectionNdcg:
    """Per query in both tables (qid order): its id, run lines, linear IDCG and nDCG under each gain."""

    queries: list[str]
    n_retrieved: np.ndarray
    idcg: np.ndarray
    ndcg: dict[str, np.ndarray]


def collection_ndcg(
    run: _Table, qrels: _Table, *, k: int | None, retrieved_ideal: bool, gains: tuple[str, ...] | None = None
) -> CollectionNdcg | None:
    """``score_collection``'s numbers (trec_eval's order, negative grades gain 0); None outside the simple case.

    ``retrieved_ideal`` builds each ideal from the judged documents the run retrieved only; ``gains`` names the
    gains to score (None: every registered gain).
    """
    if gains is None:
        gains = gain_names()
    grades = qrels.number
    if not (np.isfinite(grades).all() and np.isfinite(run.number).all()):
        return None
    if any(g in MAX_GRADE and (grades > MAX_GRADE[g]).any() for g in gains):
        return None  # the careful path names the grade too large for the gain
    j = _join(run, qrels)
    if j is None:
        return None
    score_key = _order32(run.number)
    if score_key is None:
        return None
    score_key <<= np.uint64(32)
    np.bitwise_or(score_key, j.r_pos, out=score_key, dtype=np.uint64, casting="unsafe")  # r_pos >= 0
    ranked = np.full((len(j.queries), j.d_run), _ALL, dtype=np.uint64)
    _put(ranked, score_key, run, j.r_code, j.r_row, j.r_pos)
    del score_key
    ranked.sort(axis=1)
    both = np.flatnonzero((j.r_first >= 0) & (j.q_first >= 0))
    retrieved = np.zeros(len(j.queries), dtype=np.int64)
    retrieved[j.r_code] = run.lengths
    if not len(both):
        return CollectionNdcg([], retrieved[both], np.zeros(0), {g: np.zeros(0) for g in gains})
    width = j.d_run if k is None else min(j.d_run, k)
    ranked = _ranked_top(ranked, width, run, j.r_first)[both]
    kept = ranked != _ALL
    rows_of = j.r_first[both][:, None] + (ranked & _LOW32).astype(np.int64)
    grade = np.maximum(j.grade[np.where(kept, rows_of, 0)], 0.0)
    grade[~kept] = 0.0
    ideal_grade = np.maximum(grades, 0.0)
    if retrieved_ideal:  # only the judged documents the run retrieved
        hit = np.zeros(len(grades), dtype=bool)
        hit[j.q_hit] = True
        ideal_grade[~hit] = 0.0
    ideal = np.zeros((len(j.queries), j.d_qrels))
    ideal[j.q_row, j.q_pos] = ideal_grade
    ideal = -np.sort(-ideal[both], axis=1)
    i_width = j.d_qrels if k is None else min(j.d_qrels, k)
    disc = discount_weights(max(width, i_width, 1))
    ndcg, idcg_linear = {}, None
    for gain in gains:  # running sums: the careful path adds each query's terms in rank order too
        dcg = np.cumsum(gain_values(grade, gain) * disc[:width], axis=1)[:, -1]
        idcg = np.cumsum(gain_values(ideal[:, :i_width], gain) * disc[:i_width], axis=1)[:, -1]
        ndcg[gain] = ndcg_ratio(dcg, idcg)
        if gain == "linear":
            idcg_linear = idcg
    if idcg_linear is None:
        idcg_linear = np.cumsum(ideal[:, :i_width] * disc[:i_width], axis=1)[:, -1]
    return CollectionNdcg([j.queries[i] for i in both.tolist()], retrieved[both], idcg_linear, ndcg)
