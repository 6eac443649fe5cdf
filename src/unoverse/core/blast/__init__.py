"""UNO Blast's home in the engine: its machinery, Normal and BLAST mode (``machinery``),
what meets a BLAST card (``challenges``) and the owed draws' markers (``owed``)."""
