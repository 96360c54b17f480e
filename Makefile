# Two entry points: `make play` and `make test`. Each builds .venv on first use:
# `make play` installs the game alone, `make test` adds the test tools (pytest, ruff,
# PyInstaller, ...), each with its own stamp so a player never downloads them.
# `make test` lints, type-checks (mypy: strict on engine/, play/, store/, ai/, teach/,
# games/ and the top-level modules without pygame, not strict on most benchmarks;
# [tool.mypy] in pyproject.toml says which and why), runs the tests on two workers a core
# (pytest-xdist; tests/conftest.py says why), then those marked serial one at a time; exit
# code 5 ("no tests", e.g. PYTEST_ARGS=-k that picks none of one kind) is fine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: play test bench bundle clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP) $(TEST_STAMP)

play: $(STAMP)
	$(BIN)/python -m klaverjas_gui $(ARGS)

test: $(TEST_STAMP)
	$(BIN)/ruff check klaverjas_gui tests benchmarks tools packaging
	$(BIN)/ruff format --check klaverjas_gui tests benchmarks tools packaging
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -n auto --dist worksteal -m "not serial" $(PYTEST_ARGS) || [ $$? -eq 5 ]
	$(BIN)/python -m pytest -q -m serial $(PYTEST_ARGS) || [ $$? -eq 5 ]

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) build dist *.egg-info

# A windowed one-folder bundle in dist/Klaverjas (PyInstaller), and its portable zip.
bundle: $(TEST_STAMP)
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/pyinstaller/klaverjas.spec
	$(BIN)/python packaging/make_portable.py dist/Klaverjas dist/Klaverjas-portable.zip
