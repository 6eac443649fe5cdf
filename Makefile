# The two set-up commands of the README: `make run` and `make test`. Both run the engine
# compiled by mypyc (build/compiled, made by `make compile`), or the plain source where this
# machine has no C compiler or mypyc (`make compile` then says so in one line).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
COMPILED := $(CURDIR)/build/compiled

.PHONY: run test test-plain test-deep test-compiled compile lint typecheck bench bench-rl bench-fast bench-sim reports clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# An editable install: src/ stays plain Python (setup.py compiles nothing for it).
$(STAMP): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev,server,tui,postgres,rl,examples,ray,parquet,report,fast]'
	touch $(STAMP)

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
	@$(ENGINE) set -x; $(BIN)/unoverse --version; $(BIN)/unoverse serve --host $(HOST) --port $(PORT)

# The whole suite on the engine users get: compiled where it can be.
test: compile
	@$(ENGINE) set -x; $(BIN)/python -m pytest -n 2 -q

# The whole suite on the plain source in src/ (no build).
test-plain: $(STAMP)
	env -u PYTHONPATH -u UNOVERSE_EXPECT_COMPILED $(BIN)/python -m pytest -n 2 -q

test-deep: compile
	@$(ENGINE) set -x; UNOVERSE_DEEP=1 $(BIN)/python -m pytest -n 2 -q

# The engine compiled by mypyc into build/compiled (src/ stays plain Python); skipped when
# the sources have not changed since the last build. Without mypyc or a C compiler: one
# line, and build/compiled is removed (the plain source runs).
compile: $(STAMP)
	$(BIN)/python tools/build_compiled.py --or-plain

# The suite on the compiled engine, which must build (no falling back to the plain source).
test-compiled: $(STAMP)
	$(BIN)/python tools/build_compiled.py
	PYTHONPATH=$(COMPILED) UNOVERSE_EXPECT_COMPILED=1 $(BIN)/python -m pytest -n 2 -q

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools examples setup.py
	$(BIN)/ruff format --check src tests benchmarks tools examples setup.py

typecheck: $(STAMP)
	$(BIN)/mypy

bench: compile
	$(BIN)/python -m pip install -q -e '.[bench]'
	$(BIN)/python benchmarks/bench_engine.py

# The RL environments beside RLCard's env.run, on the compiled engine.
bench-rl: compile
	$(BIN)/python -m pip install -q -e '.[bench]'
	@$(ENGINE) set -x; $(BIN)/python benchmarks/bench_rl.py

# The batched engine (unoverse.fast) beside RLCard's rules core and the compiled reference
# engine, one core, and the vector environment; BENCH_FAST_ARGS=--simulate adds a million
# games of `simulate --engine fast` on 2 workers.
bench-fast: compile
	$(BIN)/python -m pip install -q -e '.[bench]'
	@$(ENGINE) set -x; $(BIN)/python benchmarks/bench_fast.py $(BENCH_FAST_ARGS)

# Simulation at scale: simulate on 1 and 2 workers, Ray, memory, and a million games.
bench-sim: compile
	@$(ENGINE) set -x; $(BIN)/python benchmarks/bench_sim.py

# docs/reports/: a report per variant and the house rules against Classic (heuristic bots).
reports: compile
	@$(ENGINE) set -x; $(BIN)/python tools/make_reports.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
