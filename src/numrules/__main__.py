"""`python -m numrules` runs the command line (see `numrules --help`)."""

from numrules.apps.cli import main

main()
