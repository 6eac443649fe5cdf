"""The game server: rooms, seats and the websocket protocol (docs/protocol.md), built on the
match session (``unoverse.match``) and the bots."""
