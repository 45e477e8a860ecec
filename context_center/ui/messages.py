"""One channel for every message to the user: status-bar notes and error reports."""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from ..engine import EngineError, RefusedError

_HINTS = {
    "find_fact": "It may have been forgotten (see the Archive tab) or renamed; press F5 to reload.",
    "archived_paths": "The Archive tab lists what can be recovered.",
    "revisions": "The History dialog lists the revisions this fact has.",
    "redact_secrets": "Remove the secret from the text; agents read facts, so keep secrets in a secret manager.",
    "diagnostics": "The file is listed under the facts table with what is wrong with it.",
    "suggestions": "Scan again to see the open suggestions.",
    "dismissed_suggestions": "The Dismissed list shows what can be restored.",
    "move": "Use Fact ▸ Move to another scope.",
    "set_up_sync": "Set it up once with `context-center sync init --remote URL` (a git repository you can push to).",
    "review": "The Review tab shows the items as they are now.",
    "review_history": "The Review tab's history lists the decisions that can be undone.",
    "align_source": "Choose the file whose text becomes AGENTS.md in Align agents….",
}


def describe(error: BaseException) -> str:
    """A one-paragraph explanation of ``error`` for a person, with what to do next."""
    if isinstance(error, EngineError):
        text = error.message[:1].upper() + error.message[1:]
        hint = _HINTS.get(error.hint or "")
        return f"{text}. {hint}" if hint and not text.endswith(".") else f"{text} {hint}" if hint else text
    return f"{type(error).__name__}: {error}"


class Messages(QObject):
    """Tabs report here; the main window decides how to show it."""

    note = Signal(str)                # an action's result: the status bar, until the next one
    aside = Signal(str)               # what happened in the background: never over an action's result
    problem = Signal(str, str)        # title, text: needs the user's attention

    def info(self, text: str) -> None:
        self.note.emit(text)

    undo_offered = Signal(str, object)   # an action's result, and what takes it back (for a few seconds)

    def background(self, text: str) -> None:
        self.aside.emit(text)

    def undoable(self, text: str, undo: object) -> None:
        """An action's result with an Undo beside it for a few seconds (``undo()`` takes it back)."""
        self.undo_offered.emit(text, undo)

    def failure(self, doing: str, error: BaseException) -> None:
        """Report an error that has no place in a form. Refusals are the user's to fix;
        anything else is the environment or a bug, and says so."""
        if isinstance(error, RefusedError):
            self.problem.emit(f"Could not {doing}", describe(error))
        else:
            detail = getattr(error, "__traceback_text__", "")
            self.problem.emit(f"Could not {doing}",
                              f"{describe(error)}\n\nThis is not something you did wrong; the details "
                              f"below help to report it.\n\n{detail}".rstrip())
