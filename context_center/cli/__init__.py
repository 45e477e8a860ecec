"""The command line face: argparse over the engine facade, ``--json`` for machines."""
