"""The lanes: make test-fast leaves out every test that starts Chromium, an app server, PostgreSQL or a cluster.

tests/lanes.py marks the tests by following what they call. These tests check its result another way, from
source text: no collected test may use a fixture whose source starts a lane's resource, or start one in its own
body, without that lane's marker; and make test-fast's -m leaves out every test with any of the four markers.
In make test and make test-fast the check reads this run's own collected tests; run alone, it collects the whole
suite in a subprocess.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import lanes

ROOT = Path(__file__).resolve().parent.parent

# What starts each lane, read from source text (deliberately not lanes.py's way: its bytecode walk).
STARTS = {
    "browser": r"\bchromium_path\(|\bsync_playwright\(",
    "server": r"\bServer\(|\brun_(?:load|room|class|churn)\b",
    "db": r"\bpostgres_cluster\(|getfixturevalue\(\s*[\"']pg_cluster[\"']",
    "cluster": r"\bLocalCluster\(|\bScaleOut\(",
}


def _source(func) -> str:
    func = getattr(getattr(func, "hypothesis", None), "inner_test", None) or func  # under @given
    try:
        return inspect.getsource(inspect.unwrap(func))
    except (OSError, TypeError):
        return ""


def lane_report(items) -> dict[str, dict[str, list[str]]]:
    """Per test: its lane markers, and the lanes whose resource its body or a fixture's source starts (and where)."""
    report = {}
    for item in items:
        if getattr(item, "function", None) is None:  # a doctest
            continue
        params = item.callspec.params if hasattr(item, "callspec") else {}
        sources = {"the test": _source(item.function)}
        for name in item.fixturenames:
            defs = item._fixtureinfo.name2fixturedefs.get(name)
            if defs:
                sources[f"fixture {name}"] = _source(defs[-1].func)
        starts = []
        for where, text in sources.items():
            name = where.removeprefix("fixture ")
            for lane, pattern in STARTS.items():
                if not re.search(pattern, text):
                    continue
                if (
                    lane == "db"
                    and name in params
                    and "postgres" not in str(params[name])
                    and "getfixturevalue" in text
                ):
                    continue  # a fixture that asks for PostgreSQL for its postgresql params only
                starts.append(f"{lane}: {where}")
        marks = sorted(lane for lane in lanes.LANES if item.get_closest_marker(lane))
        report[item.nodeid] = {"marks": marks, "starts": starts}
    return report


PROBE = """
import importlib.util, json, os

def pytest_collection_finish(session):
    spec = importlib.util.spec_from_file_location("lane_check", os.environ["LANE_CHECK"])
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    with open(os.environ["LANE_PROBE_OUT"], "w") as out:
        json.dump(check.lane_report(session.items), out)
"""


def fast_expression() -> str:
    """The -m expression of the Makefile's test-fast target."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    target = re.search(r"^test-fast:.*?(?=^\S)", makefile, re.MULTILINE | re.DOTALL)
    assert target, "the Makefile has no test-fast target"
    expression = re.search(r'-m "([^"]+)"', target.group(0))
    assert expression, "make test-fast selects no lane with -m"
    return expression.group(1)


def test_the_fast_lane_leaves_out_each_of_the_four_lanes():
    """make test-fast's expression is `not browser and not server and not db and not cluster`, in any order."""
    words = set(re.split(r"\s+and\s+", fast_expression().strip()))
    assert words == {f"not {lane}" for lane in lanes.LANES}, words


def _whole_suite(request) -> dict[str, dict[str, list[str]]]:
    """The lane report of every test: this run's own when it is make test or make test-fast, else a subprocess's."""
    items = request.session.items
    if (
        request.config.args_source == pytest.Config.ArgsSource.TESTPATHS
        and not request.config.option.keyword
        and len(items) > 1000
    ):
        return lane_report(items)
    probe = Path(request.getfixturevalue("tmp_path"))
    (probe / "lane_probe.py").write_text(textwrap.dedent(PROBE), encoding="utf-8")
    out = probe / "lanes.json"
    env = {**os.environ, "PYTHONPATH": str(probe), "LANE_PROBE_OUT": str(out), "LANE_CHECK": __file__}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "-p", "lane_probe"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return json.loads(out.read_text(encoding="utf-8"))


def test_every_test_that_starts_a_browser_server_database_or_cluster_has_its_marker(request):
    """No test's body or fixture starts a lane's resource without the lane's marker (so make test-fast skips it)."""
    report = _whole_suite(request)
    unmarked = [
        f"{node}: {start}"
        for node, seen in sorted(report.items())
        for start in seen["starts"]
        if start.split(":")[0] not in seen["marks"]
    ]
    assert not unmarked, (
        "tests that start a lane's resource without its marker (tests/lanes.py missed them):\n" + "\n".join(unmarked)
    )
    assert len(report) > 1000, f"only {len(report)} tests collected"
    # Spot checks: a module's tests split by what each one starts, and PostgreSQL by the param that asks for it.
    # (make test-fast has deselected the marked ones: absent is fine for those.)
    for node in (
        "tests/test_live_store.py::test_join_is_idempotent[sqlite]",
        "tests/test_dask.py::test_pandas_frame_refused",
        "tests/test_load_protocol.py::test_the_leak_check_names_another_students_items_and_a_wrong_headline",
    ):
        assert report.get(node, {}).get("marks") == [], f"{node} should be in the fast lane"
    for node, lane in (
        ("tests/test_live_store.py::test_join_is_idempotent[postgresql]", "db"),
        ("tests/test_dask.py::test_lazy_result_matches_evaluate_run", "cluster"),
        (
            "tests/test_load_protocol.py::test_five_students_on_the_websocket_protocol_finish_every_run_"
            "with_their_own_example",
            "server",
        ),
        ("tests/test_reconnect.py::test_a_fresh_page_load_is_not_replayed", "server"),
    ):
        assert node not in report or lane in report[node]["marks"], f"{node} starts {lane}, yet is not marked so"


# Stand-ins named as the starters (lanes.py matches names), reached through helpers as a new test might.
class Server:
    pass


def postgres_cluster():
    raise NotImplementedError


def _start_two_servers():
    return Server(), Server()


def _a_driver_that_starts_a_server():
    return _start_two_servers()


def _a_database_room():
    with postgres_cluster() as url:
        return url


def _case_server():
    return _a_driver_that_starts_a_server()


def _case_db():
    return _a_database_room()


def _case_pure():
    return sorted([3, 1, 2])


@given(st.integers(0, 3))
def _case_given(n):
    return _start_two_servers()[:n]


def _case_db_url(request):
    if request.param == "sqlite":
        return "sqlite://"
    return request.getfixturevalue("pg_cluster")


# Looked up by name, so that the tests below are not themselves in those lanes.
CASES = {name: globals()[f"_case_{name}"] for name in ("server", "db", "pure", "given", "db_url")}


def test_a_starter_is_found_however_deep_the_call_and_nothing_else_is():
    """A test calling a helper that calls a helper that starts a Server is in the server lane; a pure one in none."""
    assert lanes.reach(CASES["server"]) == {"server"}
    assert lanes.reach(CASES["db"]) == {"db"}
    assert lanes.reach(CASES["pure"]) == set()
    assert lanes.reach(CASES["given"]) == {"server"}  # a Hypothesis property: its own test function is read


def test_a_fixture_asking_for_postgresql_by_name_passes_the_lane_to_its_postgresql_param_only():
    """A fixture asking for pg_cluster by name is followed; only a param naming the lane gets it, unless none does."""
    assert lanes._getfixturevalue_names(CASES["db_url"]) == ["pg_cluster"]
    assert lanes._param_has_lane(["sqlite", "postgresql"], "postgresql", "db")
    assert not lanes._param_has_lane(["sqlite", "postgresql"], "sqlite", "db")
    assert lanes._param_has_lane(["a", "b"], "a", "db")  # no param names the lane: every param gets it
