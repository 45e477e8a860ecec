"""The Facts tab: the listing (made on the worker), the table model, the detail pane, the fact form
and the history dialog."""
