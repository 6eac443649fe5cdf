"""Matches (rounds scored to a target), the real-time session that orders actions from many
seats, and replays."""

from .session import Ack, BadTime, Session, Ticket

__all__ = ["Ack", "BadTime", "Session", "Ticket"]
