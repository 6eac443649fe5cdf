"""The game state's field table (``unoverse.core.state``) held against the places that
list the fields by hand, and determinisation (``unoverse.core.determinise``), on real
states of every variant and mode."""
