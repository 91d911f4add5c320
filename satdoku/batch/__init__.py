"""Solve and count whole files of puzzles: streaming, order kept, one result per puzzle.

:func:`run_batch` turns a stream of :class:`~satdoku.formats.Record` (from
:func:`~satdoku.formats.read_records`) into a stream of :class:`BatchRecord`, in input order,
with memory that does not grow with the input. Each worker keeps one persistent engine per
geometry (see :class:`BatchOptions`). With ``jobs > 1`` chunks of puzzles go to worker
processes (``imap``, so the order is kept). Within a chunk the puzzles are solved in the order
of their givens (sorted, then put back in input order): neighbours share most of their clues,
so what a CDCL solver learned on one helps with the next (docs/benchmarks.md). An invalid
record becomes an ``invalid`` result and never stops the run. A run writing to a file can be
resumed: :class:`Fingerprint` marks the input, :class:`ResumeState` is kept beside the output
and :func:`resume_point` says where to cut it back.
"""

from satdoku.batch.chunks import CHUNK, chunks_of, jobs_of, keyed
from satdoku.batch.engines import Engines
from satdoku.batch.fingerprint import Fingerprint, Mark
from satdoku.batch.options import DEFAULT_ENGINES, BatchOptions
from satdoku.batch.output_file import output_records, resume_point
from satdoku.batch.record import BatchRecord, Job, as_job
from satdoku.batch.resume import RESUME_VERSION, Checkpoint, ResumeState, Setting, resume_file
from satdoku.batch.run import MAX_JOBS, run_batch

__all__ = [
    "CHUNK",
    "DEFAULT_ENGINES",
    "MAX_JOBS",
    "RESUME_VERSION",
    "BatchOptions",
    "BatchRecord",
    "Checkpoint",
    "Engines",
    "Fingerprint",
    "Job",
    "Mark",
    "ResumeState",
    "Setting",
    "as_job",
    "chunks_of",
    "jobs_of",
    "keyed",
    "output_records",
    "resume_file",
    "resume_point",
    "run_batch",
]
