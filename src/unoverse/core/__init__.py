"""The rules engine: cards, state, actions, events, views, codec and errors.

Pure standard library: no I/O, no clock, no global randomness. Every other layer of the
project builds on this one and nothing here imports from them.
"""
