"""The terminal game: a Textual app at a table of the websocket protocol (docs/terminal.md).

The app knows no rules. It shows what the server's frames say (``TableState``) and offers
exactly the view's legal actions (``moves``). Against bots on this machine the room runs in
this process (``LocalLink``: the server's own room logic on a temporary SQLite file); at a
server's table it speaks the protocol over a websocket (``RemoteLink``), as the browser does.
"""
