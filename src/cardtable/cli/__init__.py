"""The command lines: ``cardtable`` (every game and table) and ``ginrummy`` (gin, as ever).

The top of the import layers: it parses arguments and calls the games, the simulator and the
tables; nothing imports it. Bad input exits with status 2 and one line on stderr.
"""
