# The two commands of the README: `make run` and `make test`. Each bootstraps .venv when
# it is missing or when pyproject.toml changed since the last install.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test

.PHONY: run test lint typecheck unit bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[app]'
	touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

run: $(STAMP_RUN)
	$(BIN)/ginrummy $(or $(ARGS),match)

test: $(STAMP_TEST)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy --strict src/ginrummy
	$(BIN)/python -m pytest

bench: $(STAMP_TEST)
	$(BIN)/python -m pip install -q -e '.[test,bench]'
	$(BIN)/python bench/deadwood.py
	$(BIN)/python bench/random_play.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
