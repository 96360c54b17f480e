# Two entry points: `make play` and `make test`. Each builds .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench bundle clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python -m klaverjas_gui $(ARGS)

test: $(STAMP)
	$(BIN)/ruff check klaverjas_gui tests benchmarks tools packaging
	$(BIN)/ruff format --check klaverjas_gui tests benchmarks tools packaging
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) build dist *.egg-info

# A windowed one-folder bundle in dist/Klaverjas (PyInstaller), and its portable zip.
bundle: $(STAMP)
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
		packaging/pyinstaller/klaverjas.spec
	$(BIN)/python packaging/make_portable.py dist/Klaverjas dist/Klaverjas-portable.zip
