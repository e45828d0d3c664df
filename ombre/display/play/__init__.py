"""Playing a hand against the computer in a notebook."""
