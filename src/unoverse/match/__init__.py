"""Matches (rounds scored to a target) and replays."""
