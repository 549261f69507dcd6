# cribkit: everything starts from a fresh clone with `make serve` or `make check`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LOCALE := src/cribkit/web/site/locale
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install serve check test test-all lint bench ladder i18n i18n-extract i18n-update i18n-compile i18n-check winprob pegging pegging-exact leads keeps realized clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

## serve: migrate the database (SQLite file by default) and serve http://127.0.0.1:8000
serve: $(STAMP)
	$(BIN)/cribkit serve --host $(HOST) --port $(PORT)

# The test tiers: markers in pyproject.toml say what each test needs; `make check` leaves
# out every marked test, `make test` only the `slow` ones. Pytest's exit 5 (no test
# selected, e.g. a tier emptied by -k) is not a failure.
CHECK_MARKERS := not (slow or heavy or browser or server or postgres or redis or fuzz)
PYTEST := $(BIN)/pytest
PYTEST_OK := status=$$?; [ $$status -eq 0 ] || [ $$status -eq 5 ] || exit $$status

## check: after every change (< 1 min): ruff, then unit, property (small Hypothesis profile), CLI and TestClient web tests
check: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/ruff format --check src tests bench scripts
	$(PYTEST) -p no:schemathesis -n 2 -q -m "$(CHECK_MARKERS)" --hypothesis-profile check; $(PYTEST_OK)

## test: CI (<= 10 min on two cores): all but the `slow` tests (browsers, PostgreSQL, Redis, fuzz, servers too); the 15 slowest printed
test: $(STAMP)
	$(PYTEST) -n auto -q -m "not slow" --durations=15; $(PYTEST_OK)

## test-all: everything, the long random runs and every digest chunk (nightly, before a release)
test-all: $(STAMP)
	$(PYTEST) -n auto -q --durations=30; $(PYTEST_OK)

## lint: ruff (lint + format check) and mypy --strict on the package
lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/ruff format --check src tests bench scripts
	$(BIN)/mypy

## bench: speed and strength figures (python -m bench NAME runs one module; quick ladder)
bench: $(STAMP)
	$(BIN)/python -m bench

## ladder: the full strength ladder, 8,000 games a rung (about 40 minutes on two cores)
ladder: $(STAMP)
	CRIBKIT_BENCH_LADDER=full nice -n 10 $(BIN)/python -m bench strength

## i18n: re-extract translatable strings, merge them into the catalogues, compile
i18n-extract: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg --no-location --sort-output --project cribkit \
		-o $(LOCALE)/messages.pot src/cribkit/web
i18n-update: i18n-extract
	$(BIN)/pybabel update -i $(LOCALE)/messages.pot -d $(LOCALE) --ignore-obsolete -N -w 100
i18n-compile: $(STAMP)
	$(BIN)/pybabel compile -d $(LOCALE) --statistics
i18n: i18n-update i18n-compile

## i18n-check: fail if any string is untranslated in zh_CN or the catalogue is stale
i18n-check: $(STAMP)
	$(BIN)/pytest -q tests/web/test_web_catalogue.py

## winprob: rebuild the win-probability table shipped in src/cribkit/data
winprob: $(STAMP)
	nice -n 10 $(BIN)/python scripts/build_winprob.py --players expert --hands 32000 --seed 1 --jobs 2
	nice -n 10 $(BIN)/python scripts/build_winprob.py --players expert-2026 --hands 8000 --seed 1 --jobs 2

## keeps: rebuild the keep model (which four ranks the expert keeps, by role) in src/cribkit/data
keeps: $(STAMP)
	nice -n 10 $(BIN)/python scripts/build_keeps.py --chunks 300 --seed 1 --jobs 2

## pegging: rebuild the pegging-value table of kept hands shipped in src/cribkit/data
pegging: $(STAMP)
	nice -n 10 $(BIN)/python scripts/build_pegging.py --samples 400 --seed 1 --jobs 2

## leads: rebuild the pone's lead table shipped in src/cribkit/data (every dealer keep weighed)
leads: $(STAMP)
	nice -n 10 $(BIN)/python scripts/build_leads.py --jobs 2

## realized: rebuild the realized pegging table (what kept ranks net in the expert's own play, ~30 min)
realized: $(STAMP)
	nice -n 10 $(BIN)/python scripts/build_realized.py --deals 80000 --seed 11 --jobs 2

## pegging-exact: rebuild the exact pegging-value table (every opponent keep weighed)
pegging-exact: $(STAMP)
	nice -n 10 $(BIN)/python scripts/build_pegging.py --samples 0 --jobs 2 \
		--output src/cribkit/data/pegging-exact.npz

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
