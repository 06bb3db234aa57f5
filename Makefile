# make run: start the app.  make test: the whole suite, browser tests included.  make bench: benchmarks.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8501
CHROMIUM := /usr/bin/chromium
NGINX := /usr/sbin/nginx

.PHONY: run test test-fast fuzz bench lint browser nginx postgres clean

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.runtime: $(PY) requirements.txt constraints.txt
	$(PY) -m pip install -q -r requirements.txt -c constraints.txt
	@touch $@

$(VENV)/.dev: $(VENV)/.runtime requirements-dev.txt constraints.txt
	$(PY) -m pip install -q -r requirements-dev.txt -c constraints.txt
	@touch $@

run: $(VENV)/.runtime
	@echo "nDCG app: open http://localhost:$(PORT)"
	$(PY) -m streamlit run app.py --server.headless true --server.port $(PORT)

# Debian's Chromium (never Playwright's own download), and a CJK font so Korean renders in screenshots.
browser:
	@missing=""; \
	[ -x $(CHROMIUM) ] || missing="chromium"; \
	dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing="$$missing fonts-noto-cjk"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	elif [ ! -x $(CHROMIUM) ]; then \
		echo "Browser tests need Debian's Chromium: sudo apt-get install -y chromium fonts-noto-cjk"; exit 1; \
	else \
		echo "Korean text needs a CJK font for readable screenshots: sudo apt-get install -y fonts-noto-cjk"; \
	fi

# Debian's nginx for the scale-out test (tests/test_scale_out.py, deploy/scale_out.py).
nginx:
	@if [ -x $(NGINX) ] || command -v nginx >/dev/null; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx; \
	else \
		echo "The scale-out test needs Debian's nginx: sudo apt-get install -y nginx"; exit 1; \
	fi

# Debian's PostgreSQL server for the live-class store's tests (deploy/pg.py starts a throwaway cluster).
postgres:
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql; \
	else \
		echo "The live-class store's tests need Debian's PostgreSQL: sudo apt-get install -y postgresql"; exit 1; \
	fi

# ruff's checks (complexity included), the formatter's check, and mypy: strict on ndcg_core; teach, live and ui
# with its defaults ([tool.mypy] in pyproject.toml).
lint: $(VENV)/.dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

test: $(VENV)/.dev browser nginx postgres lint
	$(PY) -m pytest -n 2

# Every test but those that start Chromium, an app server, PostgreSQL or a cluster (no lint: make lint): no browser,
# nginx or PostgreSQL needed. The markers come from what each test starts (tests/lanes.py); make test runs them all.
test-fast: $(VENV)/.dev
	$(PY) -m pytest -n 2 -m "not browser and not server and not db and not cluster"

# The property tests with fresh random examples (make test derandomizes them; tests/conftest.py), run
# FUZZ_RUNS times over: before a release, never in CI. make fuzz FUZZ_RUNS=50 FUZZ_TESTS=tests/test_x.py
FUZZ_RUNS ?= 5
FUZZ_TESTS ?= tests
fuzz: $(VENV)/.dev
	@for i in $$(seq $(FUZZ_RUNS)); do \
		echo "fuzz run $$i of $(FUZZ_RUNS)"; \
		HYPOTHESIS_PROFILE=fuzz $(PY) -m pytest -q -p no:cacheprovider -m hypothesis $(FUZZ_TESTS) || exit 1; \
	done

# Every benchmark runs; make bench is red when a goal is missed. Each figure has a target (the issue's goal) and a
# baseline (the README's "Measured" figure), both in the benchmark (benchmarks/goals.py). It prints both, the run's
# load average and its verdict: pass; "goal not yet met" (an open goal); "missed, within noise" (within the
# baseline's margin, ±30% for timings); or REGRESSED, worse than the baseline beyond that margin. Every verdict but
# pass exits 1 (benchmarks/goals.py exit_status), as do failed checks (0 errors, 0 leaks, the means agree).
bench: $(VENV)/.dev browser nginx
	@status=0; for b in bench_batch bench_trec bench_pages bench_browser bench_clicks bench_static bench_tuning load_classroom load_room load_protocol load_churn attack_class; do \
		$(PY) benchmarks/$$b.py || { echo "benchmarks/$$b.py: a goal was missed or a check failed"; status=1; }; \
	done; exit $$status

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis test-artifacts
