# The two set-up commands of the README: `make run` and `make test`. Both run the engine
# compiled by mypyc (build/compiled, made by `make compile`), or the plain source where this
# machine has no C compiler or mypyc (`make compile` then says so in one line). Each step
# prints one line; pip's output goes to .venv/pip.log, shown when pip fails.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What `make run` needs (the server, the terminal game, and mypyc to build the engine, whose
# RL modules import their extra), and everything (`make test` and the rest), each with its
# own stamp.
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed
COMPILED := $(CURDIR)/build/compiled
PIP := $(BIN)/python -m pip install -q --disable-pip-version-check

.PHONY: run test test-plain test-deep test-compiled compile jit lint typecheck bench bench-rl bench-fast bench-sim bench-start bench-cluster reports clean

$(BIN)/python:
	@echo "make: creating the virtual environment in $(VENV)"
	@$(PYTHON) -m venv $(VENV)
	@$(PIP) --upgrade pip >$(VENV)/pip.log 2>&1 || { cat $(VENV)/pip.log; exit 1; }

# Editable installs: src/ stays plain Python (setup.py compiles nothing for them).
$(RUN_STAMP): pyproject.toml setup.py | $(BIN)/python
	@echo "make: installing the server's packages into $(VENV) (pip)"
	@$(PIP) -e '.[server,tui,rl,build]' >$(VENV)/pip.log 2>&1 || { cat $(VENV)/pip.log; exit 1; }
	@touch $(RUN_STAMP)

$(STAMP): pyproject.toml setup.py | $(BIN)/python
	@echo "make: installing every package the tests use into $(VENV) (pip)"
	@$(PIP) -e '.[dev,server,tui,build,postgres,cluster,rl,examples,ray,parquet,report,fast]' \
		>$(VENV)/pip.log 2>&1 || { cat $(VENV)/pip.log; exit 1; }
	@# rlcard unpacks a data archive on its first import: done once here, because two test
	@# workers importing it first at the same moment race on the unpacking and one fails.
	@$(BIN)/python -c 'import rlcard.models'
	@touch $(STAMP) $(RUN_STAMP)

# Runs what follows on the compiled engine when `make compile` built it: PYTHONPATH puts the
# build first (subprocesses inherit it), and UNOVERSE_EXPECT_COMPILED makes the suite fail
# if the plain source is loaded all the same (tests/test_compiled.py).
ENGINE := if [ -f $(COMPILED)/unoverse.stamp.json ]; then \
	export PYTHONPATH=$(COMPILED) UNOVERSE_EXPECT_COMPILED=1; \
	echo "engine: compiled (PYTHONPATH=$(COMPILED) UNOVERSE_EXPECT_COMPILED=1)"; else \
	unset PYTHONPATH UNOVERSE_EXPECT_COMPILED; echo "engine: plain source (src/)"; fi;

# The game server on http://127.0.0.1:8000 with its data in ./unoverse.db (SQLite): no
# other service needed. HOST, PORT and UNOVERSE_DATABASE_URL change where.
HOST ?= 127.0.0.1
PORT ?= 8000
run: compile
	@$(ENGINE) $(BIN)/unoverse --version; exec $(BIN)/unoverse serve --host $(HOST) --port $(PORT)

# Extra pytest arguments, e.g. PYTEST_ARGS=--durations=30 (CI) or PYTEST_ARGS='-k blast'.
PYTEST_ARGS ?=

# The whole suite on the engine users get: compiled where it can be. The builds first: the
# mypyc build and numba's (`jit`), side by side.
test: $(STAMP)
	@$(MAKE) --no-print-directory -j2 compile jit
	@$(ENGINE) set -x; $(BIN)/python -m pytest -n 2 -q $(PYTEST_ARGS)

# The tests whose outcome depends on the engine's build (marked engine_build: tests/conftest.py
# says which) again, on the plain source in src/ (no mypyc build).
test-plain: jit
	env -u PYTHONPATH -u UNOVERSE_EXPECT_COMPILED \
		$(BIN)/python -m pytest -n 2 -q -m engine_build $(PYTEST_ARGS)

# Every test, at the deep profile's size (every test marked deep too), on the compiled engine.
test-deep: $(STAMP)
	@$(MAKE) --no-print-directory -j2 compile jit
	@$(ENGINE) set -x; UNOVERSE_DEEP=1 $(BIN)/python -m pytest -n 2 -q $(PYTEST_ARGS)

# The engine compiled by mypyc into build/compiled (src/ stays plain Python); skipped when
# the sources have not changed since the last build. Without mypyc or a C compiler: one
# line, and build/compiled is removed (the plain source runs).
compile: $(RUN_STAMP)
	@$(BIN)/python tools/build_compiled.py --or-plain

# The batched engine (unoverse.fast) compiled by numba into its cache, shared by both builds
# (tools/compile_fast.py): a few seconds when it is current.
jit: $(STAMP)
	@$(BIN)/python tools/compile_fast.py

# The suite on the compiled engine, which must build (no falling back to the plain source).
test-compiled: $(STAMP) jit
	$(BIN)/python tools/build_compiled.py
	PYTHONPATH=$(COMPILED) UNOVERSE_EXPECT_COMPILED=1 $(BIN)/python -m pytest -n 2 -q $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools examples setup.py
	$(BIN)/ruff format --check src tests benchmarks tools examples setup.py

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP) compile
	$(BIN)/python -m pip install -q -e '.[bench]'
	$(BIN)/python benchmarks/bench_engine.py

# The RL environments beside RLCard's env.run, on the compiled engine.
bench-rl: $(STAMP) compile
	$(BIN)/python -m pip install -q -e '.[bench]'
	@$(ENGINE) set -x; $(BIN)/python benchmarks/bench_rl.py

# The batched engine (unoverse.fast) beside RLCard's rules core and the compiled reference
# engine, one core, and the vector environment; BENCH_FAST_ARGS=--simulate adds a million
# games of `simulate --engine fast` on 2 workers.
bench-fast: $(STAMP) compile jit
	$(BIN)/python -m pip install -q -e '.[bench]'
	@$(ENGINE) set -x; $(BIN)/python benchmarks/bench_fast.py $(BENCH_FAST_ARGS)

# Simulation at scale: simulate on 1 and 2 workers, Ray, memory, and a million games.
bench-sim: $(STAMP) compile jit
	@$(ENGINE) set -x; $(BIN)/python benchmarks/bench_sim.py

# The server as a set of processes behind nginx (PostgreSQL and Redis): scale, a thousand
# rooms, failover (docs/performance.md, "The server as a set of processes").
bench-cluster: $(STAMP) compile
	$(BIN)/python benchmarks/bench_cluster.py

# `unoverse play` to its first table in an 80x24 pseudo-terminal, 10 runs a row, beside
# `python -c pass` and a bare Textual app: the plain source and the compiled engine (each
# row picks its build).
bench-start: $(RUN_STAMP) compile
	$(BIN)/python benchmarks/bench_start.py

# docs/reports/: a report per variant and the house rules against Classic (heuristic bots).
reports: $(STAMP) compile
	@$(ENGINE) set -x; $(BIN)/python tools/make_reports.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
