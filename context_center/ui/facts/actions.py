"""Every write on the Facts tab's selected fact, and the forms and dialogs that make one: new, edit,
pin, verify, move, share, forget (with Undo), history, a proposed subject key, lost keys restored.
Each result is said through the window's messages and reloaded through the tab's ``written``."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QObject, Slot

from ...engine import Engine, Fact, FactInput, PurgeReport, WriteResult
from .. import dialogs
from ..words import tr
from .form import FactForm
from .history import HistoryDialog
from .model import FactRow

if TYPE_CHECKING:
    from .tab import FactsTab


def other_scope(scope: str) -> str:
    """Where Move takes a fact: between the personal scopes; a team fact back to the project's."""
    return "global" if scope == "project" else "project"


class FactActions(QObject):
    """The writes of the Facts tab ``tab``, on its selected fact."""

    def __init__(self, tab: FactsTab) -> None:
        super().__init__(tab)
        self.tab = tab
        self.client, self.messages = tab.client, tab.messages
        self.history_dialog: HistoryDialog | None = None   # the last one opened

    @Slot()
    def use_proposed_subject(self) -> None:
        """Set the selected fact's subject key to the one proposed: from then, a second active fact
        giving that subject another value is refused (SUBJECT_CONFLICT)."""
        key = self.tab.detail.proposed
        if not key:
            return
        self._write_selected(lambda e, f: e.edit(f.ref, FactInput(subject_key=key), f.scope),
                             tr("Set the subject key of {ref} (revision {revision})"), tr("set the subject key"))

    @Slot()
    def restore_lost_keys_selected(self) -> None:
        self._write_selected(lambda e, f: e.restore_lost_keys(f.id, f.scope),
                             tr("Restored the keys of {ref} (revision {revision})"), tr("restore the lost keys"))

    def _write_selected(self, write: Callable[[Engine, Fact], WriteResult], said: str, doing: str,
                        select_result: bool = False) -> None:
        """Run ``write(engine, fact)`` on the selected fact; say ``said`` (its ``{ref}`` and
        ``{revision}`` the written fact's), or the refusal ("Could not ``doing``"). ``select_result``
        keeps the written fact selected."""
        row = self.tab.current_row()
        if row is None:
            return
        fact = row.fact

        def done(result: WriteResult) -> None:
            self.messages.info(said.format(ref=result.fact.ref, revision=result.fact.revision))
            self.tab.written.emit(result.change, (result.fact.scope, result.fact.id) if select_result else None)

        self.client.submit(lambda e: write(e, fact), done, lambda e: self.messages.failure(doing, e))

    @Slot()
    def new_fact(self) -> FactForm:
        form = FactForm(self.client, None, self.tab)
        form.saved.connect(self._saved)
        form.open_holder = self._open_holder
        form.set_pinned_others(self.tab.pinned_total)
        form.open()
        return form

    @Slot()
    def edit_selected(self) -> FactForm | None:
        row = self.tab.current_row()
        if row is None:
            return None
        form = FactForm(self.client, row.fact, self.tab)
        fact = row.fact
        form.saved.connect(functools.partial(self._saved, before=fact.revision))
        form.open_holder = self._open_holder
        form.set_pinned_others(self.tab.pinned_total
                               - (len(fact.body.strip()) if fact.pinned and not fact.staging else 0))
        dropped = self._dropped_on_rewrite(row)
        if dropped:
            form.show_refusal(tr("The file says what this form cannot keep; saving drops it:") + "\n" + "\n".join(
                f"• {reason}" for reason in dropped))
        form.open()
        return form

    def _open_holder(self, scope: str, fact_id: str) -> None:
        """A form's subject conflict named the fact holding the subject: select it and open it
        (over the form, which keeps what was typed)."""
        if not self.tab.select((scope, fact_id)):
            self.tab.clear_filters()
            if not self.tab.select((scope, fact_id)):
                return
        self.edit_selected()

    def _dropped_on_rewrite(self, row: FactRow) -> list[str]:
        """What reading ``row``'s file warned it set aside (an unknown volatility, a date that is
        none): a rewrite — a save, a verify — writes the fact without it."""
        path = str(row.fact.path) if row.fact.path is not None else ""
        return [reason for reason in self.tab.file_problems.get(path, ())
                if reason.endswith(("treated as unset", "ignored", "treated as project"))]

    def _saved(self, result: WriteResult, before: int | None = None) -> None:
        """A form saved: said, with Undo beside it when it edited a personal fact (``before``, the
        revision it edited: Undo writes that revision's text again, as a new revision)."""
        fact = result.fact
        said = (tr("Saved {ref} (revision {revision})") if result.changed
                else tr("{ref} unchanged (revision {revision})")).format(ref=fact.ref, revision=fact.revision)
        if before is not None and result.changed and fact.scope != "team":   # (a team fact's history is git's)
            self.messages.undoable(said, lambda: self._undo_edit(fact, before))
        else:
            self.messages.info(said)
        self.tab.table.setFocus()  # typing goes to the table, on the saved fact, not to a stale row
        self.tab.written.emit(result.change, (fact.scope, fact.id))

    @Slot(object)
    def _restored(self, result: WriteResult) -> None:
        """The history restored a revision (and said which): show it, selected."""
        self.tab.table.setFocus()
        self.tab.written.emit(result.change, (result.fact.scope, result.fact.id))

    def _undo_edit(self, fact: Fact, before: int) -> None:
        """Undo of an edit: revision ``before`` written again, as a new revision."""
        fact_id, scope = fact.id, fact.scope

        def done(result: WriteResult) -> None:
            self.messages.info(tr("Undone: {ref} holds revision {before}'s text again (revision {revision})").format(
                ref=result.fact.ref, before=before, revision=result.fact.revision))
            self.tab.written.emit(result.change, (result.fact.scope, result.fact.id))

        self.client.submit(lambda e: e.restore(fact_id, before, scope), done,
                           lambda e: self.messages.failure(tr("undo the edit"), e))

    @Slot()
    def toggle_pin(self) -> None:
        row = self.tab.current_row()
        if row is not None and row.fact.pinned:
            self._write_selected(lambda e, f: e.unpin(f.id, f.scope), tr("Unpinned {ref} (revision {revision})"),
                                 tr("unpin the fact"))
        elif row is not None:
            self._write_selected(lambda e, f: e.pin(f.id, f.scope), tr("Pinned {ref} (revision {revision})"),
                                 tr("pin the fact"))

    @Slot()
    def move_selected(self) -> None:
        """Move the fact to the other scope, keeping its id and history."""
        row = self.tab.current_row()
        if row is not None:
            target = other_scope(row.fact.scope)
            doing = tr("move the fact to the global scope") if target == "global" \
                else tr("move the fact to the project scope")
            self._write_selected(lambda e, f: e.move(f.id, target, f.scope, f.revision),
                                 tr("Moved to {ref} (revision {revision})"), doing, select_result=True)

    @Slot()
    def share_selected(self) -> None:
        """Share with the team: the fact copied into the team scope, as an uncommitted change."""
        row = self.tab.current_row()
        if row is None or row.fact.scope == "team":
            return
        self._write_selected(lambda e, f: e.share_with_team(f.id, f.scope),
                             tr("Shared with the team (uncommitted): {ref} (revision {revision})"),
                             tr("share the fact with the team"), select_result=True)

    @Slot()
    def verify_selected(self) -> None:
        row = self.tab.current_row()
        dropped = self._dropped_on_rewrite(row) if row is not None else []
        if row is not None and dropped and not dialogs.confirm(
                self.tab, tr("Verify fact"),
                tr("Verifying rewrites {ref} without what its file says that is not valid:").format(ref=row.fact.ref)
                + "\n\n" + "\n".join(f"• {reason}" for reason in dropped) + "\n\n"
                + tr("Edit it instead to keep a valid value."), action=tr("Verify and drop")):
            return
        self._write_selected(lambda e, f: e.verify(f.id, f.scope), tr("Verified {ref} (revision {revision})"),
                             tr("verify the fact"))

    @Slot()
    def forget_selected(self) -> None:
        row = self.tab.current_row()
        if row is None:
            return
        if not dialogs.confirm(self.tab, tr("Forget fact"),
                               tr("Move {ref} to the archive?\n\n“{label}”\n\nAgents will no longer recall it. You can "
                                  "recover it from the Archive tab.").format(ref=row.fact.ref, label=row.fact.label),
                               action=tr("Forget")):
            return
        fact_id, scope, revision = row.fact.id, row.fact.scope, row.fact.revision

        def done(entry) -> None:
            self.messages.undoable(tr("Archived {path}").format(path=f"{entry.scope}/{entry.name}.md"),
                                   lambda: self._recover(entry))
            self.tab.written.emit(entry.change, None)

        self.client.submit(lambda e: e.forget(fact_id, scope, revision), done,
                           lambda e: self.messages.failure(tr("forget the fact"), e))

    def _recover(self, entry) -> None:
        """Undo of a forget: the archived file back as the active fact (a new revision)."""
        path = str(entry.path)

        def done(result: WriteResult) -> None:
            self.messages.info(tr("Recovered {ref} (revision {revision})").format(ref=result.fact.ref,
                                                                                   revision=result.fact.revision))
            self.tab.written.emit(result.change, (result.fact.scope, result.fact.id))

        self.client.submit(lambda e: e.recover(path), done, lambda e: self.messages.failure(tr("undo the forget"), e))

    @Slot()
    def history_selected(self) -> None:
        row = self.tab.current_row()
        if row is None:
            return
        fact_id, scope = row.fact.id, row.fact.scope

        def show(found: tuple[list, PurgeReport]) -> None:
            history, secrets = found
            dialog = HistoryDialog(self.client, self.messages, history, self.tab, secrets=secrets)
            dialog.restored.connect(self._restored)
            dialog.open()
            self.history_dialog = dialog

        self.client.submit(lambda e: (e.history(fact_id, scope), e.purge_secrets(fact_id, scope, dry_run=True)), show,
                           lambda e: self.messages.failure(tr("read the history"), e))
