# cribkit: everything starts from a fresh clone with `make serve` or `make check`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LOCK := requirements/lock.txt
LOCK_VENV := .venv-lock
UV_VERSION := 0.13.9
LOCALE := src/cribkit/web/site/locale
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install lock serve cluster cluster-down check test test-all lint docs bench ladder i18n i18n-extract i18n-update i18n-compile i18n-check winprob pegging pegging-exact leads answers answers-unread leads-answered keeps keeps-shipped openings-shipped realized clean

# Every test starts Python processes (workers, servers, the command line): without bytecode
# caches each compiles its imports again (3.9 s of CPU for the web app's, 1.5 s with them), so
# a machine's PYTHONDONTWRITEBYTECODE is not passed on; the caches stay in .venv and
# __pycache__ folders (ignored by git).
unexport PYTHONDONTWRITEBYTECODE

## install: a fresh venv holding exactly the lock's pinned, hashed packages, then cribkit
## itself (editable, built with the lock's setuptools); `make lock` after changing pyproject's
## dependencies. uv (the version `make lock` resolves with) installs and byte-compiles them:
## 7 s where pip took 37 s on the same lock
$(STAMP): pyproject.toml $(LOCK)
	$(PYTHON) -m venv --clear $(VENV)
	$(BIN)/pip install --quiet uv==$(UV_VERSION)
	$(BIN)/uv pip install --quiet --python $(BIN)/python --require-hashes --compile-bytecode -r $(LOCK)
	$(BIN)/uv pip install --quiet --python $(BIN)/python --no-deps --no-build-isolation -e .
	touch $(STAMP)

install: $(STAMP)

## lock: re-resolve the lock (the test extra and the build tools, Python 3.11 on Linux)
lock:
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/pip install --quiet uv==$(UV_VERSION)
	$(PYTHON) -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"], sep="\n")' \
		| $(LOCK_VENV)/bin/uv pip compile pyproject.toml - --extra test --generate-hashes \
			--python-version 3.11 --python-platform x86_64-unknown-linux-gnu \
			--custom-compile-command 'make lock' --output-file $(LOCK)

## serve: migrate the database (SQLite file by default) and serve http://127.0.0.1:8000
serve: $(STAMP)
	$(BIN)/cribkit serve --host $(HOST) --port $(PORT)

## cluster: HOSTS app hosts (network namespaces, `cribkit serve --workers 2` each) behind
## HAProxy on 127.0.0.1:8800, on PostgreSQL and Redis (root; see docs/deployment.md)
HOSTS ?= 2
cluster: $(STAMP)
	$(BIN)/python scripts/cluster.py up --hosts $(HOSTS)

## cluster-down: stop the cluster and remove its namespaces, links and database
cluster-down: $(STAMP)
	$(BIN)/python scripts/cluster.py down

# The test tiers: markers in pyproject.toml say what each test needs; `make check` leaves
# out every marked test, `make test` only the `slow` ones. Pytest's exit 5 (no test
# selected, e.g. a tier emptied by -k) is not a failure.
CHECK_MARKERS := not (slow or heavy or browser or server or postgres or redis or fuzz or cluster)
PYTEST := $(BIN)/pytest
PYTEST_OK := status=$$?; [ $$status -eq 0 ] || [ $$status -eq 5 ] || exit $$status

## check: after every change (< 1 min): ruff, then unit, property (small Hypothesis profile), CLI and TestClient web tests
check: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/ruff format --check src tests bench scripts
	$(PYTEST) -p no:schemathesis -n 2 -q -m "$(CHECK_MARKERS)" --hypothesis-profile check; $(PYTEST_OK)

# Three workers for two cores: the browser and server tests spend much of their time
# waiting on a page, a socket or a timer (the suite keeps the two cores 140% busy), so a
# core runs one test's Python while another's page waits; four workers made the browser
# tests contend (on 2 cores, session 26: 682 s with three, 734-765 s in three runs with
# four). Work stealing keeps the long tests from queueing behind each other at the end.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc) * 3 / 2 )))

## test: CI (<= 10 min on two cores): all but the `slow` tests (browsers, PostgreSQL, Redis, fuzz, servers too); the 15 slowest printed
test: $(STAMP)
	$(PYTEST) -n $(TEST_WORKERS) --dist worksteal -q -m "not slow" --durations=15; $(PYTEST_OK)

## test-all: everything, the long random runs and every digest chunk (nightly, before a release)
test-all: $(STAMP)
	$(PYTEST) -n auto -q --durations=30; $(PYTEST_OK)

## lint: ruff (lint + format check), mypy --strict on the package, the import contracts
lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts docs/hooks
	$(BIN)/ruff format --check src tests bench scripts docs/hooks
	$(BIN)/mypy
	$(BIN)/lint-imports --no-logo

## docs: build the docs site into site/ (MkDocs, strict: a broken link or docstring fails it)
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict -d site

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

## The shipped tables, each a file target with what it is built from: its script, the
## helpers the builds share, the analysis code, and the tables it reads (pegging -> keeps ->
## leads -> realized -> winprob; leads -> answers, answers-unread -> leads-answered). Each build
## takes from minutes to hours on two cores, and each table records the command and commit
## that built it (its "provenance" entry).
## Make compares file times: after a fresh clone, `make -t TARGET` marks tables current.
DATA := src/cribkit/data
TABLE_CODE := scripts/table_build.py $(wildcard src/cribkit/analysis/*.py src/cribkit/analysis/*/*.py)
PLAY_CODE := $(wildcard src/cribkit/players/*.py)
BUILD := nice -n 10 $(BIN)/python

## pegging: the pegging-value table of kept hands (400 sampled opponent hands an entry)
$(DATA)/pegging.npz: scripts/build_pegging.py $(TABLE_CODE) | $(STAMP)
	$(BUILD) scripts/build_pegging.py --samples 400 --seed 1 --jobs 2

## pegging-exact: the exact pegging-value table (every opponent keep weighed)
$(DATA)/pegging-exact.npz: scripts/build_pegging.py $(TABLE_CODE) | $(STAMP)
	$(BUILD) scripts/build_pegging.py --samples 0 --jobs 2 --output $@

## keeps: the keep model (which four ranks the expert keeps, by role), pinned to pegging.npz
$(DATA)/keeps.npz: scripts/build_keeps.py $(TABLE_CODE) $(DATA)/pegging.npz | $(STAMP)
	$(BUILD) scripts/build_keeps.py --chunks 300 --seed 1 --jobs 2

## keeps-shipped: today's expert's keeps (the play reads its opponent by them), on keeps.npz's deals
$(DATA)/keeps-shipped.npz: scripts/build_keeps.py $(TABLE_CODE) $(DATA)/keeps.npz \
		$(DATA)/pegging-realized.npz | $(STAMP)
	$(BUILD) scripts/build_keeps.py --shipped-expert --chunks 300 --seed 1 --jobs 2

## openings-shipped: the four opening tables again, every keep weighed by keeps-shipped (~30 min)
OPENINGS_SHIPPED := $(DATA)/leads-shipped.npz $(DATA)/answers-unread-shipped.npz \
	$(DATA)/leads-answered-shipped.npz $(DATA)/answers-shipped.npz
$(DATA)/leads-shipped.npz: scripts/build_leads.py $(TABLE_CODE) $(DATA)/keeps-shipped.npz | $(STAMP)
	$(BUILD) scripts/build_leads.py --jobs 2 --keep-table keeps-shipped --output $@
$(DATA)/answers-unread-shipped.npz: scripts/build_answers.py $(TABLE_CODE) \
		$(DATA)/keeps-shipped.npz | $(STAMP)
	$(BUILD) scripts/build_answers.py --jobs 2 --lead-reading 0 --keep-table keeps-shipped --output $@
$(DATA)/leads-answered-shipped.npz: scripts/build_leads.py $(TABLE_CODE) $(DATA)/keeps-shipped.npz \
		$(DATA)/answers-unread-shipped.npz | $(STAMP)
	$(BUILD) scripts/build_leads.py --jobs 2 --answers answers-unread-shipped \
		--keep-table keeps-shipped --output $@
$(DATA)/answers-shipped.npz: scripts/build_answers.py $(TABLE_CODE) $(DATA)/keeps-shipped.npz \
		$(DATA)/leads-shipped.npz | $(STAMP)
	$(BUILD) scripts/build_answers.py --jobs 2 --lead-table leads-shipped \
		--keep-table keeps-shipped --output $@

## leads: the pone's lead table (every dealer keep weighed by the keep model)
$(DATA)/leads.npz: scripts/build_leads.py $(TABLE_CODE) $(DATA)/keeps.npz | $(STAMP)
	$(BUILD) scripts/build_leads.py --jobs 2

## answers: the dealer's answer table (every pone keep weighed by the keep model and its lead)
$(DATA)/answers.npz: scripts/build_answers.py $(TABLE_CODE) $(DATA)/keeps.npz $(DATA)/leads.npz | $(STAMP)
	$(BUILD) scripts/build_answers.py --jobs 2

## answers-unread: the same against pone keeps not weighed by their lead (a dealer who does not read it)
$(DATA)/answers-unread.npz: scripts/build_answers.py $(TABLE_CODE) $(DATA)/keeps.npz $(DATA)/leads.npz | $(STAMP)
	$(BUILD) scripts/build_answers.py --jobs 2 --lead-reading 0 --output $@

## leads-answered: the pone's lead table against a dealer who answers by answers-unread
$(DATA)/leads-answered.npz: scripts/build_leads.py $(TABLE_CODE) $(DATA)/keeps.npz \
		$(DATA)/answers-unread.npz | $(STAMP)
	$(BUILD) scripts/build_leads.py --jobs 2 --answers answers-unread --output $@

## realized: the realized pegging table (what kept ranks net in the expert's own play, ~30 min)
$(DATA)/pegging-realized.npz: scripts/build_realized.py $(TABLE_CODE) $(PLAY_CODE) \
		$(DATA)/pegging.npz $(DATA)/keeps.npz $(DATA)/leads.npz | $(STAMP)
	$(BUILD) scripts/build_realized.py --deals 80000 --seed 11 --jobs 2

## winprob: the win-probability tables, from expert-2026-12's self-play and expert-2026's
$(DATA)/winprob.npz: scripts/build_winprob.py $(TABLE_CODE) $(PLAY_CODE) \
		$(DATA)/keeps.npz $(DATA)/leads.npz $(DATA)/pegging-realized.npz | $(STAMP)
	$(BUILD) scripts/build_winprob.py --players expert-2026-12 --hands 32000 --seed 1 --jobs 2

$(DATA)/winprob-2026.npz: scripts/build_winprob.py $(TABLE_CODE) $(PLAY_CODE) | $(STAMP)
	$(BUILD) scripts/build_winprob.py --players expert-2026 --hands 8000 --seed 1 --jobs 2

pegging: $(DATA)/pegging.npz
pegging-exact: $(DATA)/pegging-exact.npz
keeps: $(DATA)/keeps.npz
keeps-shipped: $(DATA)/keeps-shipped.npz
openings-shipped: $(OPENINGS_SHIPPED)
leads: $(DATA)/leads.npz
answers: $(DATA)/answers.npz
answers-unread: $(DATA)/answers-unread.npz
leads-answered: $(DATA)/leads-answered.npz
realized: $(DATA)/pegging-realized.npz
winprob: $(DATA)/winprob.npz $(DATA)/winprob-2026.npz

clean:
	rm -rf $(VENV) $(LOCK_VENV) build site *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
