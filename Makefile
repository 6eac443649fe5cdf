# The two set-up commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-deep test-compiled compile lint typecheck bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/unoverse demo --players 4 --seed 7

test: $(STAMP)
	$(BIN)/python -m pytest -n 2 -q

test-deep: $(STAMP)
	UNOVERSE_DEEP=1 $(BIN)/python -m pytest -n 2 -q

# The engine compiled by mypyc into build/compiled (src/ stays plain Python); skipped when
# the sources have not changed since the last build.
compile: $(STAMP)
	$(BIN)/python tools/build_compiled.py

# The whole suite again on the compiled engine; subprocesses inherit PYTHONPATH, and
# tests/test_compiled.py fails if the engine modules are not the compiled ones.
test-compiled: compile
	PYTHONPATH=$(CURDIR)/build/compiled UNOVERSE_EXPECT_COMPILED=1 $(BIN)/python -m pytest -n 2 -q

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy

bench: compile
	$(BIN)/python -m pip install -q -e '.[bench]'
	$(BIN)/python benchmarks/bench_engine.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
