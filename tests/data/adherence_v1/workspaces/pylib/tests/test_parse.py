from pylib import parse_date


def test_iso():
    assert parse_date("2024-01-02").day == 2
