"""``satdoku batch --resume``: where an interrupted run's output starts again, once its resume
file shows that the options and the input up to there are those of that run."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from satdoku.batch import (
    Checkpoint,
    Fingerprint,
    Mark,
    ResumeState,
    Setting,
    output_records,
    resume_file,
    resume_point,
)
from satdoku.cli.inputs import Inputs, Streams, read_inputs
from satdoku.errors import UsageError


@dataclass(frozen=True)
class Start:
    """Where a run starts: ``kept``, the records of the output it keeps, and ``offset``, the
    bytes of the output kept (None: the output is written afresh); ``done`` when the output
    is already complete."""

    kept: Checkpoint = field(default_factory=Checkpoint)
    offset: int | None = None
    done: Checkpoint | None = None


def checked_resume_file(output: str | None, inputs: Inputs) -> str | None:
    """The resume file of ``output``; None for stdout, a device or a pipe."""
    if output is None or (os.path.exists(output) and not os.path.isfile(output)):
        return None
    path = resume_file(output)
    if inputs.path is not None and os.path.exists(path) and os.path.samefile(path, inputs.path):
        raise UsageError(f"-o {output} keeps its resume record in {path}, the input file")
    return path


def resume_start(
    output: str | None,
    streams: Streams,
    inputs: Inputs,
    fmt: str,
    chunk: int,
    settings: dict[str, Setting],
    records: Fingerprint,
) -> Start:
    """Check that ``output`` was written by this same run (its resume file: the settings,
    and the input up to the records kept) and skip the input records it answers already;
    every mismatch is one error, before the output is touched."""
    if output is None:
        raise UsageError("--resume needs -o FILE, the output of the interrupted run")
    if not os.path.isfile(output) or os.path.getsize(output) == 0:
        return Start()  # nothing written yet
    if inputs.path is None and inputs.walks_a_file:
        raise UsageError(
            f"--resume cannot check stdin against the run that wrote {output}:"
            " give the input as a file"
        )
    state_file = resume_file(output)
    state = ResumeState.load(state_file)
    if state is None:
        raise UsageError(
            f"{output} has no {state_file} beside it, so nothing tells which run wrote it;"
            " run without --resume to start afresh"
        )
    name = state.changed_setting(settings)
    if name is not None:
        raise UsageError(
            f"--{name} differs from the run that wrote {output}"
            f" ({_shown(state.settings.get(name))}, now {_shown(settings[name])})"
        )
    whole = output_records(output, fmt)
    done = state.done
    if (
        done is not None
        and whole == done.mark.records
        and _reread(streams, chunk).skip(whole + 1) == done.mark  # the input did not grow
    ):
        return Start(done=done)
    want = state.kept.mark
    keep, offset = resume_point(output, fmt, chunk, at_most=want.records)
    if keep < want.records:  # the output lost records: check them on a second reading
        _check_input(_reread(streams, chunk).skip(want.records), want, output, state, inputs)
        records.skip(keep)
    else:
        _check_input(records.skip(keep), want, output, state, inputs)
    return Start(Checkpoint(records.mark(), state.kept.exit), offset)


def _reread(streams: Streams, chunk: int) -> Fingerprint:
    return Fingerprint(read_inputs(streams, positional_files=True).records, chunk)


def _check_input(got: Mark, want: Mark, output: str, state: ResumeState, inputs: Inputs) -> None:
    """Refuse to resume when the input read so far (``got``) is not the one ``output``
    answers (``want``)."""
    if got == want:
        return
    was = f" (it read {state.input})" if state.input != inputs.name else ""
    answered = f"{want.records} puzzles (the last at line {want.line})"
    if got.records < want.records:
        differs = f"it has {got.records} puzzles, {output} answers {answered}"
    else:
        differs = f"its first {answered} are not those {output} answers"
    raise UsageError(
        f"the input changed since the run that wrote {output}{was}: {differs};"
        " run without --resume to start afresh"
    )


def _shown(value: Setting) -> str:
    return "not given" if value is None else str(value)
