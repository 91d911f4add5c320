"""The resume file beside a batch output (``OUTPUT.resume``): the settings that shape the
output, the input read, and the :class:`Checkpoint` of what is written."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import TypeGuard

from satdoku.batch.fingerprint import Mark
from satdoku.errors import UsageError

RESUME_VERSION = 1
"""The layout of the resume file (:class:`ResumeState`)."""

Setting = str | int | float | None
"""The value of one option that shapes the output."""


def resume_file(output: str) -> str:
    """Where a batch writing to ``output`` keeps what a resume checks: ``OUTPUT.resume``."""
    return f"{output}.resume"


@dataclass(frozen=True)
class Checkpoint:
    """The output's first ``mark.records`` records, answers to the input up to ``mark``, and
    ``exit``, the worst exit status among them."""

    mark: Mark = field(default_factory=Mark)
    exit: int = 0


@dataclass(frozen=True)
class ResumeState:
    """What the resume file of an output holds: the ``settings`` that shape the output, the
    ``input`` read (its name as given), ``kept``: the records written in whole chunks (what
    a resume keeps), and once the run has ended ``done``: every record."""

    settings: dict[str, Setting]
    input: str | None
    kept: Checkpoint = Checkpoint()
    done: Checkpoint | None = None

    def changed_setting(self, settings: dict[str, Setting]) -> str | None:
        """The first name in ``settings`` whose value differs from this state's."""
        missing = object()
        return next((k for k, v in settings.items() if self.settings.get(k, missing) != v), None)

    def save(self, path: str) -> None:
        """Write to ``path`` atomically (a temporary file, then a rename)."""
        data = {
            "version": RESUME_VERSION,
            "input": self.input,
            "settings": self.settings,
            "kept": _checkpoint_dict(self.kept),
            "done": None if self.done is None else _checkpoint_dict(self.done),
        }
        temporary = f"{path}.tmp"
        try:
            with open(temporary, "w", encoding="utf-8") as handle:
                handle.write(json.dumps(data) + "\n")
            os.replace(temporary, path)
        except OSError as err:
            raise UsageError(f"cannot write {path}: {err.strerror}") from None

    @classmethod
    def load(cls, path: str) -> ResumeState | None:
        """The state saved at ``path``, None when there is no such file."""
        try:
            with open(path, "rb") as handle:
                data = json.loads(handle.read(1 << 20))
            if data.get("version") != RESUME_VERSION:
                raise UsageError(f"{path} was written by another version of satdoku")
            done = data["done"]
            return cls(
                dict(data["settings"]),
                data["input"],
                _checkpoint(data["kept"]),
                None if done is None else _checkpoint(done),
            )
        except FileNotFoundError:
            return None
        except OSError as err:
            raise UsageError(f"cannot read {path}: {err.strerror}") from None
        except (ValueError, KeyError, TypeError, AttributeError):
            raise UsageError(f"{path} is damaged: it is not a batch resume file") from None


def _checkpoint_dict(checkpoint: Checkpoint) -> dict[str, int | str]:
    mark = checkpoint.mark
    return {
        "records": mark.records,
        "line": mark.line,
        "sha256": mark.sha256,
        "exit": checkpoint.exit,
    }


def _checkpoint(data: dict[str, object]) -> Checkpoint:
    records, line, sha256, status = (data[k] for k in ("records", "line", "sha256", "exit"))
    if _count(records) and _count(line) and _count(status) and isinstance(sha256, str):
        return Checkpoint(Mark(records, line, sha256), status)
    raise TypeError("not a checkpoint")


def _count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and value >= 0
