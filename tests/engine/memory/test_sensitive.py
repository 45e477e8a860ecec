"""Secrets are found by kind and masked without being echoed."""
import pytest

from context_center.engine.memory.sensitive import MASK, redact

SECRETS = {
    "OpenAI API key": "sk-proj-" + "A1b2C3d4" * 4,
    "Anthropic API key": "sk-ant-api03-" + "x" * 30,
    "AWS access key": "AKIAIOSFODNN7EXAMPLE",
    "GitHub token": "ghp_" + "a" * 36,
    "Slack token": "xoxb-1234567890-abcdefghij",
    "Google API key": "AIza" + "b" * 35,
    "Stripe key": "sk_live_" + "c" * 24,
}


@pytest.mark.parametrize("kind, secret", SECRETS.items())
def test_provider_tokens_are_masked(kind, secret):
    text, kinds = redact(f"use {secret} for deploys")
    assert secret not in text and MASK in text and kind in kinds


def test_private_key_blocks_are_masked_whole():
    block = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----"
    text, kinds = redact(f"key:\n{block}\nend")
    assert "b3BlbnNzaC1rZXk" not in text and kinds == ["private key"]


@pytest.mark.parametrize("line", ["password = hunter22", 'DB_PASSWORD: "s3cr3t-value"', "api_key=abcd1234efgh"])
def test_assigned_passwords_are_masked(line):
    text, kinds = redact(line)
    assert MASK in text and kinds == ["password or token in an assignment"]


@pytest.mark.parametrize("line", ["password: ${DB_PASSWORD}", "token = <your token>",
                                  "Use pnpm; the password policy is documented", "api_key=xxxxxxxx"])
def test_placeholders_and_prose_are_left_alone(line):
    assert redact(line) == (line, [])
