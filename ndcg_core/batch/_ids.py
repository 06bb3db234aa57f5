"""Id encoding for evaluate_run: query and doc ids as integer codes, and cheap fingerprints of text ids."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd


def runs_of_equal(text: pd.Series) -> tuple[pd.Series, np.ndarray | None]:
    """The first value of each run of equal neighbours, and the run lengths.

    Runs and qrels list a query's rows together, so factorizing one value per run is far
    cheaper than factorizing every row. Only Arrow-backed text compares fast enough for this.
    """
    dtype = text.dtype
    if len(text) < 2 or not (isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow") or text.hasnans:
        return text, None
    import pyarrow as pa  # present whenever pandas stores text in Arrow
    import pyarrow.compute as pc

    # Row i + 1 starts a run when it differs from row i; Arrow lists those rows without a
    # row-sized boolean array on the NumPy side.
    arr = pa.array(text.array)
    changes = pc.indices_nonzero(pc.not_equal(arr[1:], arr[:-1])).to_numpy().astype(np.int64)
    if len(changes) >= len(text) // 4:  # not grouped: gathering the heads would cost more than it saves
        return text, None
    heads = np.concatenate([[0], changes + 1])
    return text.iloc[heads], np.diff(heads, append=len(text))


@dataclass(frozen=True)
class Codes:
    """Integer codes of an id column, one per run of equal neighbouring ids.

    ``values[j]`` stands for ``lengths[j]`` consecutive rows; ``lengths`` is None when every
    value is one row. Runs are as long as possible: neighbouring runs hold different ids.
    """

    values: np.ndarray
    lengths: np.ndarray | None

    def per_row(self) -> np.ndarray:
        """One code per row."""
        return self.values if self.lengths is None else np.repeat(self.values, self.lengths)

    def counts(self, size: int) -> np.ndarray:
        """How many rows have each code 0 .. size - 1."""
        if self.lengths is None:
            return np.bincount(self.values, minlength=size)
        return np.bincount(self.values, weights=self.lengths, minlength=size).astype(np.int64)


def encode_ids(column: str, run: pd.DataFrame, qrels: pd.DataFrame, *, grouped: bool) -> tuple[Codes, Codes, pd.Index]:
    """Codes of one id column of the run and of the qrels over a shared vocabulary, and the vocabulary.

    Ids are compared as text, so 7 and "7" are the same id. A missing id is refused.
    ``grouped`` says the column usually lists equal ids together (query ids do, doc ids do
    not), so that factorizing one value per run of equal ids is worth trying.
    """
    parts = [
        runs_of_equal(text) if grouped else (text, None) for text in (df[column].astype(str) for df in (run, qrels))
    ]
    codes, uniques = pd.factorize(pd.concat([p[0] for p in parts], ignore_index=True), sort=False)
    out, start = [], 0
    for (heads, lengths), (df, name) in zip(parts, ((run, "run"), (qrels, "qrels")), strict=True):
        c = codes[start : start + len(heads)]
        start += len(heads)
        out.append(Codes(c, lengths))
        if len(c) and c.min() < 0:  # only uncompressed columns can hold a missing id
            i = int(np.argmax(c < 0))
            where = "" if column == "query_id" else f" (query {df['query_id'].iloc[i]!r})"
            raise ValueError(f"{name} row {i} has no {column}{where}")
    return out[0], out[1], uniques


#: _KEEP_LAST[j] masks the j highest bytes of a little-endian uint64: the last j of the 8 bytes it was read from.
_KEEP_LAST = np.array([((1 << (8 * j)) - 1) << (64 - 8 * j) for j in range(9)], dtype=np.uint64)

#: Ids fingerprinted per slice: the slice's temporaries stay in cache and are reused, not fresh memory.
_FINGERPRINT_SLICE = 1 << 16


def text_fingerprints(text: pd.Series) -> np.ndarray | None:
    """One uint32 per id: equal ids get equal values, different ids almost always different ones.

    The value is the id's last 8 bytes (its distinctive part in typical doc ids, which end in
    numbers) mixed with its length, read straight from the Arrow buffers: a few vectorized
    passes, several times cheaper than hashing every id. Ids that share their length and
    last 8 bytes collide, so equal values are only a hint, to be confirmed on the text.
    None unless ``text`` is Arrow-backed text without missing values.
    """
    dtype = text.dtype
    if not (isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow") or text.hasnans or len(text) == 0:
        return None
    import pyarrow as pa  # present whenever pandas stores text in Arrow

    arr = pa.array(text.array)  # the column's Arrow data, no copy for a single chunk
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    if arr.type not in (pa.string(), pa.large_string()):
        return None
    _, offset_buffer, data_buffer = arr.buffers()
    offset_type = np.dtype(np.int64 if arr.type == pa.large_string() else np.int32)
    # Id i is bytes offsets[i]:offsets[i + 1] of the data buffer (a sliced array starts at arr.offset).
    offsets = np.frombuffer(
        offset_buffer, dtype=offset_type, count=len(arr) + 1, offset=arr.offset * offset_type.itemsize
    )
    first, last = int(offsets[0]), int(offsets[-1])

    # Step 1: the ids' bytes, behind 8 zero bytes so that a window ending inside the first id starts in the array.
    data = np.zeros(8 + last - first, dtype=np.uint8)
    if last > first:
        data[8:] = np.frombuffer(data_buffer, dtype=np.uint8, count=last - first, offset=first)

    # Step 2: every 8-byte window of ``data`` as one uint64, window w being bytes w .. w + 7: a view
    # with a stride of one byte, nothing copied.
    windows = np.ndarray(shape=(len(data) - 7,), dtype="<u8", buffer=data, strides=(1,))

    fingerprints = np.empty(len(arr), dtype=np.uint32)
    for lo in range(0, len(arr), _FINGERPRINT_SLICE):
        hi = min(lo + _FINGERPRINT_SLICE, len(arr))
        # Step 3: the window ending where each id ends. An id ending at buffer byte e ends at
        # byte e - first + 8 of ``data``, so its window starts at e - first.
        ends = offsets[lo + 1 : hi + 1] if first == 0 else offsets[lo + 1 : hi + 1] - first
        length = np.diff(offsets[lo : hi + 1])
        window = windows[ends]

        # Step 4: a short id's window also holds bytes of the id before it (or padding): keep
        # only its own last min(length, 8) bytes. Then mix in the length ("123456789" and
        # "23456789" share their last 8 bytes), spread over the bits by a large odd multiplier.
        window &= _KEEP_LAST[np.minimum(length, 8)]
        window ^= length.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)

        # Step 5: fold to 32 bits, which sort twice as fast: multiplying by a large odd constant
        # carries every bit upwards, so the high half depends on all 64. On a little-endian
        # machine the high halves are the odd uint32 (elsewhere the low ones: still a fingerprint).
        window *= np.uint64(0xC2B2AE3D27D4EB4F)
        fingerprints[lo:hi] = window.view(np.uint32)[1::2]
    return fingerprints
