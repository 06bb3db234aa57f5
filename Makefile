# make run: start the app.  make test: the whole suite, browser tests included.  make bench: benchmarks.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8501
CHROMIUM := /usr/bin/chromium
NGINX := /usr/sbin/nginx

.PHONY: run test bench lint browser nginx postgres clean

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

# Debian's PostgreSQL server for the live-class store's tests (tests/pg.py starts a throwaway cluster).
postgres:
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql; \
	else \
		echo "The live-class store's tests need Debian's PostgreSQL: sudo apt-get install -y postgresql"; exit 1; \
	fi

lint: $(VENV)/.dev
	$(VENV)/bin/ruff check .

test: $(VENV)/.dev browser nginx postgres lint
	$(PY) -m pytest -n 2

# Every benchmark runs; make bench fails if any of them printed a goal it missed.
bench: $(VENV)/.dev browser
	@status=0; for b in bench_batch bench_trec bench_pages bench_browser load_classroom load_room load_protocol load_churn; do \
		$(PY) benchmarks/$$b.py || { echo "benchmarks/$$b.py: a goal failed"; status=1; }; \
	done; exit $$status

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis test-artifacts
