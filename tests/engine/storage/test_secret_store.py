"""Secrets in the keyring; an unsafe fallback backend is named and refused."""
import subprocess
import sys

SCRIPT = """
import json, sys
from context_center.engine.storage.secret_store import SecretStore, InsecureKeyring
store = SecretStore("context-center-test")
out = {"backend": store.backend, "warning": store.warning()}
try:
    store.set("judge-api-key", "sk-test-value")
    out["stored"] = store.get("judge-api-key")
except InsecureKeyring as exc:
    out["refused"] = exc.code
from context_center.engine.errors import StorageError
try:
    store.set("judge-api-key", "forced", allow_insecure=True)
    out["forced"] = store.get("judge-api-key")
    store.delete("judge-api-key")
    store.delete("judge-api-key")
    out["after_delete"] = store.get("judge-api-key")
except StorageError as exc:
    out["storage_error"] = exc.code
print(json.dumps(out))
"""


def run_with_backend(backend: str, tmp_path) -> dict:
    import json
    env = {"PYTHON_KEYRING_BACKEND": backend, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_a_plaintext_file_backend_is_named_and_refused(tmp_path):
    result = run_with_backend("keyrings.alt.file.PlaintextKeyring", tmp_path)
    assert result["backend"].startswith("keyrings.alt.file")
    assert "plaintext" in result["warning"] and result["refused"] == "INSECURE_KEYRING"
    assert result["forced"] == "forced" and result["after_delete"] is None


def test_a_failing_backend_is_reported(tmp_path):
    result = run_with_backend("keyring.backends.fail.Keyring", tmp_path)
    assert "no usable OS keyring" in result["warning"] and result["refused"] == "INSECURE_KEYRING"
    assert result["storage_error"] == "STORAGE_ERROR"  # even when forced, a clear error, not a lost secret
