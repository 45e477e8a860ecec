"""Where bytes live and how they are kept safe: the layout of a state root (paths), atomic writes, the
inter-process lock, the SQLite catalog, watching files (watchdog) and secrets (keyring). Knows nothing
of facts or instructions."""
