"""The applications built on the library.

The command line, terminal play, the record viewer, simulations, tournaments, reports,
parallel runs and the server. The library (`numrules.core`, the game packages and
`numrules.testing`) never imports from here.
"""
