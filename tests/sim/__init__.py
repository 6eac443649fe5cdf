"""Simulation results and their reports: ``unoverse report`` and ``unoverse compare``."""
