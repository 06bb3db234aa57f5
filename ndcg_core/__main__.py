"""``python -m ndcg_core [-q] [-c] [-J] [-m MEASURE]... QRELS RUN``: trec_eval's nDCG measures, its output format.

Measures: ``ndcg`` (no cut-off), ``ndcg_cut`` (cut-offs 5, 10, 15, 20, 30, 100, 200, 500, 1000)
and ``ndcg_cut.5,10`` (chosen cut-offs). By default every convention is trec_eval's, so the
output equals trec_eval's (see ``ndcg_core.trec``); ``--gain exponential`` (or any other gain
of the core's registry, ``ndcg_core._registry.GAINS``) and ``--ties average`` switch to the other
conventions. As in trec_eval, lines starting with ``#`` are skipped and each grade is read with
``atol``, cut to its integer part (2.7 counts as 2). Bad input exits with code 2 and one line
naming the file and line, never a traceback; a failure that is not the input's (out of memory,
a bug) exits with 3 and one line.
Installed (``pip install .``), the same command is ``ndcg-eval``.

Well-formed files are scored by ``ndcg_core.trec_fast`` (NumPy only, no pandas to import);
anything else, bad lines included, by the careful readers of ``ndcg_core.trec``.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import NoReturn

from ndcg_core._registry import gain_names
from ndcg_core.trec_fast import DEFAULT_CUTOFFS, fast_trec_eval, format_trec_eval, read_padded, unpadded


def _keep_freed_memory() -> None:
    """Ask glibc's malloc to keep freed memory for reuse (no trimming, no mmap below 32 MiB): this short-lived process
    then touches fresh pages far less often, which costs more than the computing here. Elsewhere nothing changes."""
    try:
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # not glibc
        return
    mallopt(-1, 1 << 30)  # M_TRIM_THRESHOLD
    mallopt(-3, 32 << 20)  # M_MMAP_THRESHOLD (glibc's largest)


def _exit_now(code: int) -> NoReturn:
    """End this process with ``code`` once its output is flushed, skipping the interpreter's teardown.

    The teardown frees every module and array one by one, a sizeable share of a short run over large files, and
    this process has nothing else to finish. If the output cannot be flushed (a closed pipe), the ordinary exit
    reports it as before.
    """
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:
        raise SystemExit(code) from None
    os._exit(code)


def _terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` finds it (COLUMNS, the terminal, else 80)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter, given the width it would find itself: its own way imports shutil (with bz2 and lzma,
    ~10 ms) on every run, since argparse formats each argument once when it is added."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _terminal_columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line and exit code 2, as for bad files
        self.exit(2, f"{self.prog}: {message}\n")


def parse_measures(measures: list[str] | None) -> tuple[bool, tuple[int, ...]]:
    """(whether plain ``ndcg`` is asked for, the sorted ndcg_cut cut-offs) from ``-m`` values."""
    full = False
    cutoffs: set[int] = set()
    for m in measures or ["ndcg"]:
        name, _, params = m.partition(".")
        if name == "ndcg" and not params:
            full = True
        elif name == "ndcg_cut":
            try:
                ks = [int(x) for x in params.split(",")] if params else list(DEFAULT_CUTOFFS)
            except ValueError:
                raise ValueError(f"measure {m!r}: cut-offs must be whole numbers, e.g. ndcg_cut.5,10") from None
            if any(k < 1 for k in ks) or len(set(ks)) != len(ks):
                raise ValueError(f"measure {m!r}: cut-offs must be positive and without duplicates")
            cutoffs.update(ks)
        else:
            raise ValueError(f"measure {m!r} is not one of ndcg, ndcg_cut, ndcg_cut.K[,K...]")
    return full, tuple(sorted(cutoffs))


def main(argv: list[str] | None = None, *, prog: str = "python -m ndcg_core") -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``); return the exit code (0, 2 bad input, 3 other).

    ``prog`` is the command's name in its usage and error lines.
    """
    ap = _Parser(prog=prog, description=__doc__, formatter_class=_Formatter)
    ap.add_argument("-q", action="store_true", help="print each query's values before the 'all' lines")
    ap.add_argument("-c", action="store_true", help="average over every qrels query (a missing one counts 0)")
    ap.add_argument("-J", action="store_true", help="score over judged documents only (nDCG', trec_eval -J)")
    ap.add_argument("-m", action="append", metavar="MEASURE", help="ndcg, ndcg_cut or ndcg_cut.K[,K...] (repeatable)")
    ap.add_argument(
        "--gain",
        choices=gain_names(),
        default="linear",  # every gain of the registry, read now
        help="linear: the grade (trec_eval); exponential: 2^grade - 1; or another registered gain",
    )
    ap.add_argument(
        "--ties",
        choices=("stable", "average"),
        default="stable",
        help="stable: ties broken by docno, descending (trec_eval); average: tied gains averaged",
    )
    ap.add_argument("qrels", metavar="QRELS")
    ap.add_argument("run", metavar="RUN")
    args = ap.parse_args(argv)
    try:
        full, cutoffs = parse_measures(args.m)
        options = {
            "cutoffs": cutoffs,
            "full": full,
            "complete": args.c,
            "judged_only": args.J,
            "gain": args.gain,
            "ties": args.ties,
        }
        qrels_data, run_data = read_padded(args.qrels), read_padded(args.run)
        result = fast_trec_eval(qrels_data, run_data, **options)
        if result is None:  # not the simple case: the careful readers, which name a bad line
            from ndcg_core.trec import read_qrels, read_run, trec_eval_ndcg

            qrels = read_qrels(unpadded(qrels_data), args.qrels)
            run = read_run(unpadded(run_data), args.run)
            result = trec_eval_ndcg(run, qrels, **options)
    except OSError as exc:
        print(f"{ap.prog}: cannot read {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"{ap.prog}: {exc}", file=sys.stderr)
        return 2
    except MemoryError:
        print(f"{ap.prog}: not enough memory to read {args.qrels} and {args.run}", file=sys.stderr)
        return 3
    except Exception as exc:  # a bug, not bad input: still one line, and a code of its own
        print(
            f"{ap.prog}: internal error ({type(exc).__name__}: {exc}); please report it with the files", file=sys.stderr
        )
        return 3
    sys.stdout.write(format_trec_eval(result, per_query=args.q))
    return 0


def console() -> NoReturn:
    """The installed ``ndcg-eval`` command: ``main`` in a process of its own, so its memory is kept for reuse."""
    _keep_freed_memory()  # this process only, not a caller of main()
    _exit_now(main(prog="ndcg-eval"))


if __name__ == "__main__":
    _keep_freed_memory()  # this process only, not a caller of main()
    _exit_now(main())
