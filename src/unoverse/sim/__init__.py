"""Simulation: the driver on a virtual clock, and bulk runs with reports."""
