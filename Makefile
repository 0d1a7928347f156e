# SOTAVerified — every target sets up what it needs (virtualenv + pinned dependencies).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat requirements.txt requirements-dev.txt constraints.txt | sha256sum | cut -c1-12)
PYTEST_ARGS ?=

.PHONY: run test lint fmt typecheck bench clean help

help:
	@echo "make run    - the whole system locally on moto with sample data (http://127.0.0.1:8000)"
	@echo "make test   - lint, type-check and the full test suite"
	@echo "make bench  - benchmarks (bench/), printed as a table"
	@echo "make fmt    - format the code"

$(STAMP):
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements-dev.txt -c constraints.txt
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

run: $(STAMP)
	$(PY) -m chalicelib.local

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy

test: lint typecheck
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(PY) -m bench

fmt: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache test-artifacts
