# One script that humans and CI share. Every target installs what is missing first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
INSPECTOR := tests/e2e/inspector
INSPECTOR_STAMP := $(INSPECTOR)/node_modules/.installed

.PHONY: run test lint bench docs install clean

$(STAMP): pyproject.toml requirements.lock
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c requirements.lock -e '.[dev]'
	@touch $(STAMP)

# The MCP Inspector CLI for the tool server's end-to-end test (needs npm; skipped without it).
$(INSPECTOR_STAMP): $(INSPECTOR)/package.json $(INSPECTOR)/package-lock.json
	@if command -v npm >/dev/null; then \
		npm ci --prefix $(INSPECTOR) --no-audit --no-fund --ignore-scripts --loglevel=error \
		&& touch $(INSPECTOR_STAMP); \
	else echo "npm not found: the MCP Inspector test will be skipped"; fi

install: $(STAMP)

run: $(STAMP)
	$(BIN)/trichome dev

test: $(STAMP) $(INSPECTOR_STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/ruff format --check src tests bench scripts
	$(BIN)/mypy

docs: $(STAMP)
	$(BIN)/python scripts/sync_docs.py

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .venv-litellm var .pytest_cache .mypy_cache .ruff_cache $(INSPECTOR)/node_modules
