"""The 1665 edition as HTML: the text, its apparatus and the engine's figures."""
