"""The ``unoverse`` command line (Typer + Rich)."""
