"""Where the judge is configured: its URL, model and timeout are settings (the catalog, shared by
every face); its API key lives in the OS keyring and nowhere else."""
from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Any

from ..errors import InvalidInput, StorageError
from ..storage.secret_store import SecretStore
from .client import JudgeError, JudgeSettings, RelevanceJudge

if TYPE_CHECKING:
    from ..facade import Engine

KEY_NAME = "judge-api-key"
URL, MODEL, TIMEOUT = "judge.url", "judge.model", "judge.timeout"
DEFAULT_TIMEOUT = 20.0
NO_KEYRING = ("{why}. On a desktop, install and unlock one (GNOME Keyring, "
              "KWallet, macOS Keychain, Windows Credential Locker). On a headless server, choose a backend with "
              "PYTHON_KEYRING_BACKEND or a keyringrc.cfg (see the keyring documentation), or {instead}.")
log = logging.getLogger("context_center.agents")


def judge_settings(engine: Engine) -> JudgeSettings | None:
    """The configured judge, or None (the default: local search only)."""
    url, model = engine.setting(URL), engine.setting(MODEL)
    if not url or not model:
        return None
    return JudgeSettings(str(url), str(model), float(engine.setting(TIMEOUT, DEFAULT_TIMEOUT)))


def configure_judge(engine: Engine, url: str | None, model: str | None, timeout: float | None = None) -> None:
    """Set (or, with an empty URL, remove) the judge; checks what it can without asking it."""
    if not url:
        for key in (URL, MODEL, TIMEOUT):
            engine.set_setting(key, None)
        return
    if not model or not model.strip():
        raise InvalidInput("a judge needs a model name")
    if timeout is not None and (not math.isfinite(timeout) or timeout <= 0):
        raise InvalidInput("the judge's timeout is a positive number of seconds")
    try:
        RelevanceJudge(JudgeSettings(url.strip(), model.strip(), timeout or DEFAULT_TIMEOUT), None)
    except JudgeError as exc:
        raise InvalidInput(f"the judge's settings are not usable: {exc}") from None
    engine.set_setting(URL, url.strip())
    engine.set_setting(MODEL, model.strip())
    engine.set_setting(TIMEOUT, timeout)


def _secrets() -> SecretStore:
    return SecretStore()


def keyring_problem(instead: str = "use a judge that needs no key") -> str | None:
    """Why no secret can be stored here (worded for a person), or None; ``instead``: what the
    person can do without one."""
    try:
        warning = _secrets().warning()
    except Exception as exc:  # noqa: BLE001 - a keyring that cannot even be asked
        warning = f"{type(exc).__name__}"
    return NO_KEYRING.format(why=warning, instead=instead) if warning else None


def set_judge_key(key: str) -> None:
    problem = keyring_problem()
    if problem:
        raise StorageError(problem)
    if not key.strip():
        raise InvalidInput("the API key is empty")
    _secrets().set(KEY_NAME, key.strip())


def clear_judge_key() -> None:
    _secrets().delete(KEY_NAME)


def judge_key() -> str | None:
    try:
        return _secrets().get(KEY_NAME)
    except Exception as exc:  # noqa: BLE001 - an unusable keyring: the judge goes without a key
        log.warning("the judge's API key could not be read from the keyring (%s)", type(exc).__name__)
        return None


def has_judge_key() -> bool:
    """Is a key stored? (False, quietly, where no keyring can be read: ``keyring_problem`` says why.)"""
    try:
        return bool(_secrets().get(KEY_NAME))
    except Exception:  # noqa: BLE001 - no keyring can be read here: keyring_problem says why
        return False


def open_judge(engine: Engine) -> RelevanceJudge | None:
    """The configured judge with its key from the keyring, or None; a broken configuration is one
    line on stderr and local search."""
    settings = judge_settings(engine)
    if settings is None:
        return None
    try:
        return RelevanceJudge(settings, judge_key())
    except JudgeError as exc:
        log.warning("the relevance judge is not usable (%s); searching locally", exc)
        return None


def describe(engine: Engine) -> dict[str, Any]:
    settings = judge_settings(engine)
    return {"url": settings.url if settings else None, "model": settings.model if settings else None,
            "timeout": settings.timeout if settings else None, "key": has_judge_key()}
