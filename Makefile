# The commands of the README: `make run`, `make check` and `make test`. Each bootstraps .venv
# when it is missing or when pyproject.toml changed since the last install.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test

.PHONY: run check test lint typecheck unit bench clean browser postgres

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[app]'
	touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

# The web table on http://$(HOST):$(PORT)/ (make run PORT=8080 HOST=0.0.0.0).
HOST ?= 127.0.0.1
PORT ?= 8000
run: $(STAMP_RUN)
	$(BIN)/cardtable serve --host $(HOST) --port $(PORT) $(ARGS)

# The browser tests drive Debian's chromium (headless); CI runs as root and installs it.
CHROMIUM := /usr/bin/chromium
$(CHROMIUM):
	apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

browser: $(CHROMIUM)

# The store, table and multi-process tests start a PostgreSQL server of their own (a
# throwaway cluster on 127.0.0.1, run as the postgres user when the tests run as root).
PG_INITDB := $(firstword $(wildcard /usr/lib/postgresql/*/bin/initdb))
postgres:
ifeq ($(PG_INITDB),)
	apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
endif

# Bytecode, pytest's cache and Hypothesis's files go outside the checkout: the suite
# writes nothing into the source tree, and tests/tree_check.py checks that it did not.
TMP ?= $(or $(TMPDIR),/tmp)
# One record per checkout: two checkouts tested at once must not compare against each other's.
TREE_RECORD := $(TMP)/cardtable-tree-$(shell printf %s "$(CURDIR)" | cksum | cut -d" " -f1).json
export PYTHONPYCACHEPREFIX := $(TMP)/cardtable-pycache
export HYPOTHESIS_STORAGE_DIRECTORY := $(TMP)/cardtable-artifacts/hypothesis

# The tests run spread over the cores (pytest-xdist): WORKERS=1 runs them in this process.
# Each worker is a pytest session of its own: its own PostgreSQL cluster on a free port, its
# own Chromium, its own temporary folders.
WORKERS ?= auto
PYTEST := $(BIN)/python -m pytest $(if $(filter 1,$(WORKERS)),,-n $(WORKERS))
# The tiers (tests/tiers.py): what `make check` leaves out.
TIERS := browser or postgres or ray or slow

lint: $(STAMP_TEST)
	$(BIN)/ruff check src tests bench examples
	$(BIN)/mypy --strict src/cardtable
	$(BIN)/lint-imports --no-cache

# The quick check before a commit: lint, types, import contracts and every test that needs
# neither Chromium, PostgreSQL nor Ray and is not slow (a few minutes).
check: lint
	$(PYTEST) -m "not ($(TIERS))"

# Everything, as CI runs it (.ci/run).
test: $(STAMP_TEST) $(CHROMIUM) postgres lint
	$(BIN)/python -m tests.tree_check record $(TREE_RECORD)
	$(PYTEST) --dist loadscope
	$(BIN)/python -m tests.tree_check compare $(TREE_RECORD)

bench: $(STAMP_TEST)
	$(BIN)/python -m pip install -q -e '.[test,bench]'
	$(BIN)/python bench/deadwood.py
	$(BIN)/python bench/random_play.py
	$(BIN)/python bench/env_speed.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
