"""The game engine: cards, rules, payments, game state, records, the solver and computer players.

Everything here uses only the Python standard library (it runs in Pyodide too) and imports
nothing from the rest of the package but :mod:`ombre.errors`.
"""
