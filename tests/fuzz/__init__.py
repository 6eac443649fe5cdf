"""Property-based and fuzz tests of every entry point that takes outside input: the match
session, saved states, positions, replay files, option and bot-spec parsing. Their size
comes from the hypothesis profile (tests/conftest.py): bounded in ``make test``, longer in
``make test-deep``."""
