# SOTAVerified — every target sets up what it needs (virtualenv + pinned dependencies).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat requirements.txt requirements-dev.txt constraints.txt sdk/pyproject.toml | sha256sum | cut -c1-12)
PYTEST_ARGS ?= -n 2 --dist loadfile

.PHONY: run test lint fmt typecheck bench clean help browser-deps

help:
	@echo "make run    - the whole system locally on moto with sample data (http://127.0.0.1:8000);"
	@echo "              data kept in .local-data/ between runs, FRESH=1 starts over"
	@echo "make test   - lint, type-check and the full test suite"
	@echo "make bench  - benchmarks (bench/), printed as a table"
	@echo "make fmt    - format the code"

$(STAMP):
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q "pip==26.2.1"  # chalice 1.34 needs pip < 26.3
	$(PY) -m pip install -q -r requirements-dev.txt -c constraints.txt
	@rm -f $(VENV)/.installed-*
	@touch $(STAMP)

# The local stack keeps its data in $(DATA) (git-ignored); FRESH=1 starts empty (sample reloaded).
DATA ?= .local-data
run: $(STAMP)
	$(PY) -m chalicelib.local --data-dir $(DATA) $(if $(filter 1 yes true,$(FRESH)),--fresh)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy

# Headless Chromium for tests/browser (Playwright cannot download browsers here): Debian's package.
browser-deps:
	@command -v chromium >/dev/null 2>&1 || { echo "Installing Debian's chromium for the browser tests..."; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null; }

test: lint typecheck browser-deps
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(PY) -m bench

fmt: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache test-artifacts

# --- Deployment (infra/): see README "Deployment" ---------------------------------------------
STAGE ?= dev
ARTIFACT_BUCKET ?=
ALARM_EMAIL ?=
STACK_NAME ?= sotav-$(STAGE)

.PHONY: package deploy

package: $(STAMP)
	$(PY) -m infra.build --stage $(STAGE) --out build/$(STAGE)

deploy:
	@command -v aws >/dev/null 2>&1 || { \
	  echo "make deploy: the AWS CLI ('aws') is not installed. Install it, configure credentials"; \
	  echo "for the target account, then run: make deploy STAGE=$(STAGE) ARTIFACT_BUCKET=<s3 bucket>"; \
	  echo "('make package STAGE=$(STAGE)' builds and checks the template without AWS.)"; \
	  exit 1; }
	@test -n "$(ARTIFACT_BUCKET)" || { \
	  echo "make deploy: set ARTIFACT_BUCKET=<an S3 bucket you own> for the code package"; exit 1; }
	$(MAKE) package STAGE=$(STAGE)
	aws cloudformation package --template-file build/$(STAGE)/sam.json \
	  --s3-bucket $(ARTIFACT_BUCKET) --s3-prefix $(STACK_NAME) \
	  --output-template-file build/$(STAGE)/packaged.yaml
	aws cloudformation deploy --template-file build/$(STAGE)/packaged.yaml \
	  --stack-name $(STACK_NAME) --capabilities CAPABILITY_IAM CAPABILITY_AUTO_EXPAND \
	  --parameter-overrides AlarmEmail=$(ALARM_EMAIL) --no-fail-on-empty-changeset
	aws cloudformation describe-stacks --stack-name $(STACK_NAME) \
	  --query 'Stacks[0].Outputs' --output table
