"""The judge ("Jev"): the relevance judge of the MCP memory search, and the review's second opinion.

Search may ask an OpenAI-compatible chat endpoint the contract's yes/no question about every
candidate memory: "Would this memory help with the request?". The judge answers *noul*, the
probability (0 to 1) that the answer is yes, one per memory; the caller keeps a memory only when
its noul is strictly above 0.5.

The rules:

- memories go in batches of :data:`BATCH_SIZE` (30) per request, up to :data:`PARALLEL` (3)
  requests at once, each request bounded by ``JudgeSettings.timeout`` (20 s unless set);
- requests are ``POST {url}/chat/completions`` with a JSON chat body asking for a JSON object
  ``{"noul": [p1, p2, ...]}``; only the standard library speaks HTTP, and redirects are refused
  (a redirect would carry the key elsewhere);
- ANY failure (the URL is not http(s), connection refused, a timeout, HTTP 4xx/5xx, a reply that is
  not JSON or not shaped like a chat completion, an answer that is not ``{"noul": [...]}``, the wrong
  number of answers, a value that is not a real number from 0 to 1) makes the whole judging raise
  :class:`JudgeError` with a short one-line reason; the caller logs that line and falls back to
  local search;
- the API key is sent only as ``Authorization: Bearer <key>`` (no key, no header) and never
  appears in an error, a repr or a chained trace: reasons are built from our own words, status
  codes and OS error names, never from what the server sent back, and no error is chained.
"""
from __future__ import annotations

import http
import http.client
import json
import math
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

BATCH_SIZE = 30
PARALLEL = 3
MAX_REPLY_BYTES = 4 * 1024 * 1024
_READ_CHUNK = 64 * 1024

SYSTEM = (
    "You judge whether stored memories help answer a request. "
    "For each numbered memory, give the probability, from 0 to 1, that the answer to "
    '"Would this memory help with the request?" is yes. '
    'Reply with JSON only: {"noul": [p1, p2, ...]}, one number per memory, in the order given.'
)


PAIR_SYSTEM = (
    "You judge two notes kept in a software project's memory. "
    "Give the probability, from 0 to 1, that the answer to the question asked about them is yes. "
    'Reply with JSON only: {"noul": [p]}.'
)
PAIR_NOTE_CHARS = 1200   # of each note: a pair question stays short


@dataclass(frozen=True)
class JudgeSettings:
    """Where the judge lives: the base URL of an OpenAI-compatible API (``http://host:8080/v1``),
    the model to ask, and the timeout of one request in seconds."""

    url: str
    model: str
    timeout: float = 20.0

    @property
    def endpoint(self) -> str:
        return f"{self.url.rstrip('/')}/chat/completions"


class JudgeError(Exception):
    """The judge could not judge; the message is one line and never holds the API key."""

    def __init__(self, reason: str) -> None:
        super().__init__(" ".join(reason.split()))


class _RefuseRedirects(urllib.request.HTTPRedirectHandler):
    """A 3xx stays an error: following it would send the key to wherever the server points."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class RelevanceJudge:
    """Asks the judge for the noul of memories against a request."""

    def __init__(self, settings: JudgeSettings, api_key: str | None) -> None:
        self._settings = settings
        self._shown_url = _checked_url(settings.url)
        _check_model_and_timeout(settings)
        self._headers = _headers(api_key)
        self._opener = urllib.request.build_opener(_RefuseRedirects)

    def __repr__(self) -> str:
        key = "set" if "Authorization" in self._headers else "none"
        return f"RelevanceJudge(url={self._shown_url!r}, model={self._settings.model!r}, api_key={key})"

    def noul(self, query: str, memories: list[str]) -> list[float]:
        """One yes-probability per memory, in order. Splits into batches of BATCH_SIZE, sends up to
        PARALLEL at once (the threads are shut down before returning), raises JudgeError on any failure."""
        batches = [memories[start:start + BATCH_SIZE] for start in range(0, len(memories), BATCH_SIZE)]
        if not batches:
            return []
        answers = self._ask_all(query, batches)
        return [probability for answer in answers for probability in answer]

    def confirm(self, question: str, first: str, second: str) -> float:
        """The probability the judge gives that the answer to ``question`` about two notes is yes:
        one short request (:data:`PAIR_SYSTEM`); JudgeError on any failure, as :meth:`noul`."""
        body = {"model": self._settings.model, "temperature": 0, "response_format": {"type": "json_object"},
                "messages": [{"role": "system", "content": PAIR_SYSTEM},
                             {"role": "user", "content": "\n".join([
                                 f"Question: {question}", "", f"Note 1: {_one_line(first)[:PAIR_NOTE_CHARS]}",
                                 f"Note 2: {_one_line(second)[:PAIR_NOTE_CHARS]}"])}]}
        return parse_reply(self._post(json.dumps(body).encode("utf-8")), 1)[0]

    def check(self) -> str:
        """Ask one tiny question (query 'ping', memory 'pong') and describe the answer in one line;
        raises JudgeError."""
        started = time.monotonic()
        self.noul("ping", ["pong"])
        elapsed = time.monotonic() - started
        return (f"the judge at {self._shown_url} (model {self._settings.model}) "
                f"answered 1 question in {elapsed:.2f} s")

    def _ask_all(self, query: str, batches: list[list[str]]) -> list[list[float]]:
        pool = ThreadPoolExecutor(max_workers=min(PARALLEL, len(batches)), thread_name_prefix="relevance-judge")
        try:
            futures = [pool.submit(self._ask, query, batch) for batch in batches]
            done, _ = wait(futures, return_when=FIRST_EXCEPTION)
            for future in futures:
                error = future.exception() if future in done else None
                if error is not None:
                    raise error
            return [future.result() for future in futures]
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def _ask(self, query: str, memories: list[str]) -> list[float]:
        body = json.dumps(request_body(self._settings.model, query, memories)).encode("utf-8")
        return parse_reply(self._post(body), len(memories))

    def _post(self, body: bytes) -> bytes:
        timeout = self._settings.timeout
        request = urllib.request.Request(self._settings.endpoint, data=body, headers=self._headers, method="POST")
        deadline = time.monotonic() + timeout
        try:
            with self._opener.open(request, timeout=timeout) as response:
                return self._read_within(response, deadline)
        except urllib.error.HTTPError as exc:
            exc.close()
            reason = f"the judge at {self._shown_url} answered {_status(exc.code)}"
        except urllib.error.URLError as exc:
            reason = self._transport_reason(exc.reason)
        except (OSError, http.client.HTTPException, ValueError) as exc:
            reason = self._transport_reason(exc)
        # Raised outside the handlers, so nothing from the transport is chained to it.
        raise JudgeError(reason)

    def _read_within(self, response: http.client.HTTPResponse, deadline: float) -> bytes:
        chunks: list[bytes] = []
        size = 0
        while chunk := response.read(_READ_CHUNK):
            size += len(chunk)
            if size > MAX_REPLY_BYTES:
                raise JudgeError(f"the judge's reply is larger than {MAX_REPLY_BYTES // (1024 * 1024)} MB")
            if time.monotonic() > deadline:
                raise JudgeError(self._timeout_reason())
            chunks.append(chunk)
        return b"".join(chunks)

    def _transport_reason(self, cause: object) -> str:
        if isinstance(cause, TimeoutError):
            return self._timeout_reason()
        if isinstance(cause, OSError) and isinstance(cause.strerror, str) and cause.strerror:
            return f"cannot reach the judge at {self._shown_url}: {cause.strerror}"
        if isinstance(cause, http.client.HTTPException):
            return f"the judge at {self._shown_url} broke off the answer ({type(cause).__name__})"
        return f"cannot reach the judge at {self._shown_url} ({type(cause).__name__})"

    def _timeout_reason(self) -> str:
        return f"the judge at {self._shown_url} did not answer within {self._settings.timeout:g} s"


def request_body(model: str, query: str, memories: list[str]) -> dict[str, object]:
    """The chat-completions body for one batch."""
    return {
        "model": model,
        "temperature": 0,
        "response_format": {"type": "json_object"},
        "messages": [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": user_message(query, memories)},
        ],
    }


def user_message(query: str, memories: list[str]) -> str:
    """The request, then the memories numbered from 1, one per line."""
    lines = [f"Request: {_one_line(query)}", "", "Memories:"]
    lines += [f"{number}. {_one_line(memory)}" for number, memory in enumerate(memories, 1)]
    return "\n".join(lines)


def parse_reply(raw: bytes, count: int) -> list[float]:
    """The noul of a chat-completions reply that judged ``count`` memories; JudgeError if it is anything else."""
    content = _content(_loads(raw, "the judge's reply is not JSON"))
    answer = _loads(content, "the judge's answer is not JSON")
    values = answer.get("noul") if isinstance(answer, dict) else None
    if not isinstance(values, list):
        raise JudgeError('the judge\'s answer is not {"noul": [...]}')
    if len(values) != count:
        raise JudgeError(f"the judge gave {len(values)} answers for {count} memories")
    return [_probability(value, number) for number, value in enumerate(values, 1)]


def _loads(text: str | bytes, reason: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    raise JudgeError(reason)


def _content(reply: Any) -> str:   # parsed JSON: its shape is what the try below checks
    try:
        content = reply["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        content = None
    if not isinstance(content, str):
        raise JudgeError("the judge's reply has no choices[0].message.content")
    return content


def _probability(value: object, number: int) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise JudgeError(f"the judge's answer #{number} is not a number from 0 to 1")
    return float(value)


def _one_line(text: str) -> str:
    return " ".join(line.strip() for line in text.splitlines() if line.strip())


def _checked_url(url: str) -> str:
    """The URL as shown in messages (no user info, no query); JudgeError unless it is http(s) with a host."""
    refusal = JudgeError("the judge URL must be an http:// or https:// address with a host")
    if not isinstance(url, str) or any(char <= " " or char == "\x7f" for char in url):
        raise refusal
    try:
        parts = urllib.parse.urlsplit(url)
        valid = parts.scheme in ("http", "https") and bool(parts.hostname)
        parts.port  # noqa: B018 - raises ValueError on a port out of range
    except ValueError:
        valid = False
    if not valid:
        raise refusal
    return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}{parts.path}"


def _check_model_and_timeout(settings: JudgeSettings) -> None:
    if not isinstance(settings.model, str) or not settings.model.strip():
        raise JudgeError("the judge needs a model name")
    timeout = settings.timeout
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < math.inf:
        raise JudgeError("the judge timeout must be a positive number of seconds")


def _headers(api_key: str | None) -> dict[str, str]:
    headers = {"Content-Type": "application/json", "Accept": "application/json", "User-Agent": "context-center"}
    key = (api_key or "").strip()
    if key:
        if not all("!" <= char <= "~" for char in key):
            raise JudgeError("the judge API key has characters an HTTP header cannot carry")
        headers["Authorization"] = f"Bearer {key}"
    return headers


def _status(code: int) -> str:
    """``HTTP 500 (Internal Server Error)``: our own phrase, never the one the server sent."""
    try:
        phrase = http.HTTPStatus(code).phrase
    except ValueError:
        phrase = "unknown status"
    return f"HTTP {code} ({phrase})"
