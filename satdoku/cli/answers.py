"""The loop of the commands that answer each puzzle with one record: read, answer, write."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from satdoku.cli.inputs import Streams, describe, open_output, read_inputs
from satdoku.cli.report import Report
from satdoku.formats.records import OutputRecord, csv_header, invalid_record, render, where
from satdoku.model import Puzzle


def answer_each(
    streams: Streams,
    fmt: str,
    fields: Sequence[str],
    text: Callable[[OutputRecord], str],
    answer: Callable[[Puzzle], OutputRecord],
) -> int:
    """Write one record per puzzle of the input: ``answer(puzzle)``, or ``invalid`` for a
    record that did not parse (the others are still answered); return the exit code."""
    inputs = read_inputs(streams)
    with open_output(streams, inputs) as out, Report(streams, inputs) as report:
        if fmt == "csv":
            out.write(csv_header(fields))
        for record in report.walk():
            line = record.line if inputs.walks_a_file else None
            result: OutputRecord
            if record.puzzle is None:
                assert record.error is not None
                result = invalid_record(line, describe(inputs.name, record.error), record.key)
                report.error(result["error"])
            else:
                result = {**where(line, record.key), **answer(record.puzzle)}
            report.add(result["status"])
            out.write(render(result, fmt, fields, text))
        report.summary()
    return report.exit
