"""An offer across the top of the window: a sentence and the buttons that answer it, never modal
(the window goes on working while it waits)."""
from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton

BLUE = ("#e8f0fe", "#c6d4f0")     # an offer (a store found nearby)
AMBER = ("#fff4e5", "#f0d5a8")    # a choice left from before


class OfferBar(QFrame):
    def __init__(self, name: str, colours: tuple[str, str],
                 answers: list[tuple[str, str, Callable[[], None]]]) -> None:
        """``answers``: (label, object name, what it does) of each button, left to right."""
        super().__init__()
        self.setObjectName(name)
        self.setStyleSheet(f"#{name} {{ background: {colours[0]}; border-bottom: 1px solid {colours[1]}; }}")
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
