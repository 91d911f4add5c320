"""``python -m satdoku`` runs the command line."""

from satdoku.cli import main

main()
