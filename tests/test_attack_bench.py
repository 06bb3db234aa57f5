"""The attack benchmark's judge of the join flood (benchmarks/attack_class.py ``attacker_pace``), on the real store.

The bound must hold for anything the room's join bucket lets a tab without the link do, and must not blame the
attacker for the class's own link joins that took the room's reserve after the attacker had emptied the bucket.
"""

from __future__ import annotations

import pytest

from benchmarks.attack_class import attacker_pace
from live.store import JOIN_BURST, JoinsPaced, Store


@pytest.fixture
def store(tmp_path):
    s = Store(f"sqlite:///{tmp_path / 'attack.sqlite3'}")
    yield s
    s.close()


def _flood(store: Store, code: str, start: float, seconds: float, step: float = 0.05) -> list[str]:
    """An attacker without the link joins every ``step`` seconds for ``seconds``; the ids it got in."""
    got, t, n = [], start, 0
    while t < start + seconds:
        n += 1
        try:
            got.append(store.join(code, f"bot{n}", now=t).id)
        except JoinsPaced:
            pass
        t += step
    return got


def test_the_greediest_flood_is_within_the_pace(store):
    """A flood that takes every token it can, with the class joining before it, is never above ``attacker_pace``."""
    code, _ = store.create_room(now=1000.0)
    token = store.join_token(code, now=1000.0)
    ours = {store.join(code, f"s{i}", now=1000.5, token=token).id for i in range(10)}
    bots = _flood(store, code, 1001.0, 12.0)
    pace = attacker_pace(store.url, code, ours)
    assert len(bots) <= pace
    assert len(bots) >= pace - 2  # the flood really took (about) all the bucket had: the bound is not loose


def test_class_link_joins_after_the_flood_do_not_count_against_it(store):
    """Students who come by the link once the flood has emptied the bucket take the reserve, and the bound allows
    the flood its whole burst (the old judge, burst + rate * life - class, called this a breach)."""
    code, _ = store.create_room(now=1000.0)
    token = store.join_token(code, now=1000.0)
    bots = _flood(store, code, 1000.0, 2.0, step=0.01)
    assert len(bots) >= JOIN_BURST
    ours = {store.join(code, f"s{i}", now=1002.5, token=token).id for i in range(30)}
    pace = attacker_pace(store.url, code, ours)
    assert len(bots) <= pace
    assert len(bots) > JOIN_BURST + 1.0 * 2.5 - len(ours)  # what the old judge allowed


def test_no_attacker_no_pace(store):
    """A class with no other joins leaves the attacker a pace of zero."""
    code, _ = store.create_room(now=1000.0)
    ours = {store.join(code, "s1", now=1001.0).id}
    assert attacker_pace(store.url, code, ours) == 0.0
