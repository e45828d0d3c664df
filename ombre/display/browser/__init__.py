"""The engine's answers to the book's pages, in JSON: what runs in the reader's browser.

The book's ``ombre-live.js`` starts Pyodide in a Web Worker on first use, unpacks this package's
wheel and sends each request to :func:`ombre.display.browser.api.call` as a method name
(``"module.function"``) and JSON parameters; the answer goes back as JSON. Each subject is one
module here, naming what it offers in ``METHODS``: :mod:`~ombre.display.browser.records` (a
pasted game record checked and replayed), :mod:`~ombre.display.browser.whatif` (another card
at any step of a replay), :mod:`~ombre.display.browser.deals` (a deal that fits Pope's poem,
drawn and solved), :mod:`~ombre.display.browser.solve` (the benchmark's seeded deals solved).

Only the standard library and the ``ombre`` engine are imported: Pyodide has no ipywidgets,
IPython, matplotlib or numpy here.
"""
