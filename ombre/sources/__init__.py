"""The texts: the 1665 pamphlet (from its braille transcription) and its edition, Pope and Morley.

The texts and their edition data are package data in ``ombre/sources/data/``; this layer imports
nothing from the package but :mod:`ombre.errors`.
"""
