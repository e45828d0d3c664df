"""The exercises as static HTML and as notebook widgets."""
