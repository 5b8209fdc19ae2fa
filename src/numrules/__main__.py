"""`python -m numrules` runs the command line (see `numrules --help`)."""

from numrules.cli import main

main()
