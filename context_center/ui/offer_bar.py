"""An offer across the top of the window: a sentence and the buttons that answer it, never modal
(the window goes on working while it waits)."""
from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton


class OfferBar(QFrame):
    def __init__(self, name: str, kind: str, answers: list[tuple[str, str, Callable[[], None]]]) -> None:
        """``kind``: info (an offer: a store found nearby) or warning (a choice left from before);
        the theme colours each (``QFrame[offer=…]``). ``answers``: (label, object name, what it
        does) of each button, left to right."""
        super().__init__()
        self.setObjectName(name)
        self.setProperty("offer", kind)
        row = QHBoxLayout(self)
        self.text = QLabel()
        self.text.setWordWrap(True)
        row.addWidget(self.text, 1)
        for label, object_name, answer in answers:
            button = QPushButton(label)
            button.setObjectName(object_name)
            button.clicked.connect(answer)
            row.addWidget(button)
        self.hide()

    def offer(self, text: str) -> None:
        self.text.setText(text)
        self.show()
