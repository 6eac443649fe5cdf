"""The conformance suite: seeded playouts checked after every action, mutation tests that
prove the checks can fail, a hypothesis state machine, determinism and size figures.

``_playout.py`` holds the checked playout loop; ``UNOVERSE_DEEP=1`` (``make test-deep``)
runs the full matrix.
"""
