"""The desktop face (PySide6). Talks to the engine only through :mod:`.engine_client`."""
