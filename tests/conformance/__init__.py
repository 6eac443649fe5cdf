"""The conformance suite: seeded playouts checked after every action, mutation tests that
prove the checks can fail, a hypothesis state machine, determinism and size figures.

``_playout.py`` holds the checked playout loop and each variant's part of the suite
(``VARIANT_CHECKS``: presets, P1 oracle, mutation games), which ``test_variants.py`` requires
of every variant the engine lists; ``UNOVERSE_DEEP=1`` (``make test-deep``) runs the full
matrix.
"""
