"""A benchmark's goals: each figure has a target and a baseline, and a run is red only when a figure regresses.

* ``target``: what the issue asks for (nDCG in the browser within 1.2× of a bare page, ...).
* ``baseline``: what this code measured when last recorded, the figure in the README's "Measured" section (the
  worst of a recorded range). Update it with the README when a change makes a figure better or worse on purpose.
* ``margin``: the noise allowed on the baseline, relative. Timings swing ±30% when the two cores are busy
  (README), so that is the default; a goal with a steadier or a noisier figure says so.

A measured figure is judged:

* ``pass``: the target is met;
* ``goal not yet met``: the target is missed, and was at the baseline too (an open goal), but the figure is no
  worse than the baseline beyond the margin;
* ``missed, within noise``: the target was met at the baseline, and the figure misses it by no more than the
  baseline's noise;
* ``REGRESSED``: the target is missed and the figure is worse than the baseline by more than the margin.

Every verdict but ``pass`` makes a benchmark exit 1 (issue 27: "exits non-zero on a missed goal"); the verdict
still says how far off it is, an open goal, noise, or a regression beyond the baseline's margin. Checks that are
not figures (0 errors, 0 leaks, the means agree) have no baseline: they are red whenever they fail. Each goal's
line carries the run's load average (``load_average``), since the machine is shared.

    >>> ratio = Goal(target=1.2, baseline=1.38, unit="x", margin=0.5)
    >>> ratio.judge(1.1), ratio.judge(1.5), ratio.judge(2.2)
    ('pass', 'goal not yet met', 'REGRESSED')
    >>> Goal(target=3.0, baseline=11.0, unit="x", higher_is_better=True).judge(2.9)
    'REGRESSED'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

NOISE = 0.30  # timings swing ±30% when the two cores are busy (README, "Measured")

PASS = "pass"
OPEN = "goal not yet met"
NOISY = "missed, within noise"
REGRESSED = "REGRESSED"


@dataclass(frozen=True)
class Goal:
    target: float
    baseline: float
    unit: str = ""
    higher_is_better: bool = False
    margin: float = NOISE

    def met(self, measured: float) -> bool:
        return measured >= self.target if self.higher_is_better else measured <= self.target

    @property
    def limit(self) -> float:
        """The worst figure that is not a regression: the baseline with its noise, or the target if looser."""
        if self.higher_is_better:
            return min(self.target, self.baseline / (1 + self.margin))
        return max(self.target, self.baseline * (1 + self.margin))

    def judge(self, measured: float) -> str:
        """``pass``, ``goal not yet met``, ``missed, within noise`` or ``REGRESSED`` (module docstring)."""
        if self.met(measured):
            return PASS
        within = measured >= self.limit if self.higher_is_better else measured <= self.limit
        if not within:
            return REGRESSED
        return NOISY if self.met(self.baseline) else OPEN

    def describe(self) -> str:
        """``<= 1.2x (baseline 1.38x, red beyond 2.07x)``: the target, the baseline and the red line."""
        sign = ">=" if self.higher_is_better else "<="
        return (
            f"{sign} {self.target:g}{self.unit} (baseline {self.baseline:g}{self.unit}, "
            f"red beyond {self.limit:.3g}{self.unit})"
        )


def exit_status(verdicts: Iterable[str | None]) -> int:
    """1 when any goal is missed (any verdict but ``pass``), else 0; None is a figure without a goal."""
    return 0 if set(verdicts) - {None} <= {PASS} else 1


def load_average() -> str:
    """``load average 1.23 (2 cores)``: the one-minute load now, for each goal's line."""
    import os

    return f"load average {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)"
