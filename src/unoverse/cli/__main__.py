"""``python -m unoverse.cli``."""

from .app import main

main()
