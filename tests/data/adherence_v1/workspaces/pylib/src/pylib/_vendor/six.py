# vendored six 1.16.0 (trimmed)
PY3 = True
