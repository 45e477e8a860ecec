"""One channel for every message to the user: status-bar notes and error reports."""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from ..engine import EngineError, RefusedError
from . import language
from .words import QT_TR_NOOP, tr

_HINTS = {
    "find_fact": QT_TR_NOOP("It may have been forgotten (see the Archive tab) or renamed; press F5 to reload."),
    "archived_paths": QT_TR_NOOP("The Archive tab lists what can be recovered."),
    "revisions": QT_TR_NOOP("The History dialog lists the revisions this fact has."),
    "redact_secrets": QT_TR_NOOP("Remove the secret from the text; agents read facts, so keep secrets in a secret "
                                 "manager."),
    "diagnostics": QT_TR_NOOP("The file is listed under the facts table with what is wrong with it."),
    "suggestions": QT_TR_NOOP("Scan again to see the open suggestions."),
    "dismissed_suggestions": QT_TR_NOOP("The Dismissed list shows what can be restored."),
    "move": QT_TR_NOOP("Use Fact ▸ Move to another scope."),
    "set_up_sync": QT_TR_NOOP("Set it up once with Sync ▸ Set up sync… (a git repository you can push to)."),
    "review": QT_TR_NOOP("The Review tab shows the items as they are now."),
    "review_history": QT_TR_NOOP("The Review tab's history lists the decisions that can be undone."),
    "review_dismissed": QT_TR_NOOP("Undo, right after a dismissal, proposes the items again."),
    "align_source": QT_TR_NOOP("Choose the file whose text becomes AGENTS.md in Align agents…."),
}
# What each refusal or failure means, said by the window in its own language from the error's code
# (the engine's sentence, English, goes to the details): a code the window does not know is said
# as a failure of the engine's.
CODE_WORDS = {
    "NOT_FOUND": QT_TR_NOOP("It was not found."),
    "REVISION_CONFLICT": QT_TR_NOOP("It changed since it was shown; look at it again first."),
    "CHANGED_SINCE": QT_TR_NOOP("It changed since it was shown; look at it again first."),
    "CHANGED_MEANWHILE": QT_TR_NOOP("A file changed while this was being done; nothing was written."),
    "SUBJECT_CONFLICT": QT_TR_NOOP("Another fact already holds this subject key."),
    "NAME_CONFLICT": QT_TR_NOOP("Another fact already has this name."),
    "SCOPE_CONFLICT": QT_TR_NOOP("This is not possible in that scope."),
    "PINNED_BUDGET": QT_TR_NOOP("The pinned facts would go over their budget of characters."),
    "ALREADY_ACTIVE": QT_TR_NOOP("An active fact already has this id or name."),
    "INVALID_INPUT": QT_TR_NOOP("Something given is not valid."),
    "SENSITIVE_CONTENT": QT_TR_NOOP("The text holds a secret, so it was not saved."),
    "NOT_COMMITTED": QT_TR_NOOP("The team fact has changes not committed to git yet."),
    "STORAGE_ERROR": QT_TR_NOOP("A file could not be read or written."),
    "GIT_FAILED": QT_TR_NOOP("git failed."),
    "CONFIG_ERROR": QT_TR_NOOP("The configuration file could not be used."),
    "HOOK_CONFLICT": QT_TR_NOOP("Another pre-commit hook is in the way."),
    "INSECURE_KEYRING": QT_TR_NOOP("The system keyring is not safe to keep a key in."),
    "SYNC_NOT_SET_UP": QT_TR_NOOP("Sync is not set up yet."),
    "SYNC_TOO_LARGE": QT_TR_NOOP("The sync would carry more than it may at once."),
    "TEAM_CHECK_FAILED": QT_TR_NOOP("The pre-commit check refused a team fact file."),
    "TOKEN_EXISTS": QT_TR_NOOP("A token already exists."),
    "UNPARSEABLE": QT_TR_NOOP("A file could not be read as a fact."),
    "UNSAFE_TARGET": QT_TR_NOOP("That file may not be written: it is another user's, or a link to nothing."),
    "ENGINE_ERROR": QT_TR_NOOP("Context Center's engine failed."),
}


def describe(error: BaseException) -> str:
    """A one-paragraph explanation of ``error`` for a person, with what to do next: the engine's
    own sentence in English; in another language, what its code means and the hint in that
    language, the engine's sentence after them as the details."""
    if isinstance(error, EngineError):
        hint = tr(_HINTS[error.hint]) if error.hint in _HINTS else ""
        if language.current() != "en":
            words = tr(CODE_WORDS.get(error.code, CODE_WORDS["ENGINE_ERROR"]))
            return " ".join(part for part in (words, hint) if part) + "\n" + tr("Details: {message}").format(
                message=error.message)
        text = error.message[:1].upper() + error.message[1:]
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
            self.problem.emit(tr("Could not {doing}").format(doing=doing), describe(error))
        else:
            detail = getattr(error, "__traceback_text__", "")
            self.problem.emit(tr("Could not {doing}").format(doing=doing),
                              (describe(error) + "\n\n" + tr("This is not something you did wrong; the details "
                                                              "below help to report it.") + f"\n\n{detail}").rstrip())
