# cribkit: everything starts from a fresh clone with `make serve` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LOCALE := src/cribkit/web/locale
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install serve test test-fast lint bench catalogs compile-catalogs winprob clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

## serve: migrate the database (SQLite file by default) and serve http://127.0.0.1:8000
serve: $(STAMP)
	$(BIN)/cribkit serve --host $(HOST) --port $(PORT)

## test: the whole suite (unit, property, CLI, API, browser), on all cores
test: $(STAMP)
	$(BIN)/pytest -n auto -q

## test-fast: everything but the slow and browser tests
test-fast: $(STAMP)
	$(BIN)/pytest -n auto -q -m "not slow and not browser"

## lint: ruff (lint + format check) and mypy --strict on the package
lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/ruff format --check src tests bench scripts
	$(BIN)/mypy

## bench: speed and strength figures (python -m bench NAME runs one module)
bench: $(STAMP)
	$(BIN)/python -m bench

## catalogs: re-extract translatable strings and merge them into the catalogues
catalogs: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -o $(LOCALE)/messages.pot src/cribkit/web
	$(BIN)/pybabel update -i $(LOCALE)/messages.pot -d $(LOCALE)

## compile-catalogs: compile the .po catalogues to the .mo files the app loads
compile-catalogs: $(STAMP)
	$(BIN)/pybabel compile -d $(LOCALE)

## winprob: rebuild the win-probability table shipped in src/cribkit/data
winprob: $(STAMP)
	$(BIN)/python scripts/build_winprob.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
