# Two commands matter:  `make book` (build and serve the book)  and  `make test` (every check).
# Each creates .venv and installs the pinned toolchain (constraints.txt) on first use.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8000
HTML   := _build/html
export MPLBACKEND := Agg
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: book build serve test lint unit nbval book-tests browser lab bench clean vendor epub pdf

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[book,dev,sweep]"
	$(BIN)/python -c "import matplotlib.pyplot"   # warm the font cache so no cell prints about it
	touch $@

## book: build the HTML book (every page executed) and serve it on http://127.0.0.1:$(PORT)
book: build serve

# The notebook cache is keyed on each page's code, not on the package it calls: when the package
# changes, the cache is dropped so no page shows output from older code.
build: $(STAMP)
	@mkdir -p _build; sum=$$(find ombre -type f -not -path '*/__pycache__/*' | sort | xargs cat | sha256sum); \
	  if [ "$$sum" != "$$(cat _build/.ombre-sum 2>/dev/null)" ]; then rm -rf _build/.jupyter_cache; fi; \
	  echo "$$sum" > _build/.ombre-sum
	rm -rf $(HTML) _build/.doctrees   # a full write every time (static files too)
	$(BIN)/jupyter-book build -W -n --keep-going .

serve:
	@echo "Serving the book on http://127.0.0.1:$(PORT)/ (Ctrl-C to stop)"
	$(BIN)/python -m http.server $(PORT) --bind 127.0.0.1 --directory $(HTML)

## epub: the book as an EPUB 3 (_build/epub/ombre.epub), after the HTML build (it reuses the executed pages)
epub: $(STAMP)
	rm -rf _build/epub
	$(BIN)/jupyter-book build -W -n --keep-going . --builder custom --custom-builder epub

## pdf: the book as one PDF for print (_build/pdf/ombre.pdf), Debian's Chromium printing the built pages
pdf: $(STAMP)
	$(BIN)/python tools/book_pdf.py $(HTML) _build/pdf/ombre.pdf

## test: lint, types, unit/property/doctests, notebooks (nbval), the book built with -W, the EPUB, browser tests
test: lint unit nbval build epub pdf book-tests

lint: $(STAMP)
	$(BIN)/ruff check ombre tests benchmarks tools book/_ext
	$(BIN)/mypy --strict ombre
	$(BIN)/lint-imports --no-cache

unit: $(STAMP)
	$(BIN)/pytest -q ombre tests -m "not book and not browser" -p no:cacheprovider -n 2

nbval: $(STAMP)
	$(BIN)/pytest -q -p no:cacheprovider --nbval --nbval-current-env \
	  --nbval-sanitize-with tests/nbval_sanitize.cfg notebooks -o addopts=""

book-tests: $(STAMP)
	$(BIN)/pytest -q -p no:cacheprovider tests -m "book or browser" --browser chromium \
	  -W ignore::pytest.PytestRemovedIn10Warning

## lab: open the notebooks in JupyterLab
lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 notebooks

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

## vendor: refresh the vendored widget JavaScript, fonts and axe-core at pinned versions (needs npm)
vendor:
	bash tools/vendor-js.sh

clean:
	rm -rf _build
